#include "describe/textformat.h"

#include "decode/codepoint.h"
#include "decode/sequencereader.h"
#include "describe/bitlayout.h"

#include <cstdio>

namespace moji {

std::string formatCodePoint(std::uint32_t value) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "U+%04X", value);
    return buffer;
}

std::string formatHexBytes(std::span<const std::uint8_t> bytes, HexCase hexCase,
                           std::size_t limit) {
    std::string text;
    const std::size_t count = std::min(bytes.size(), limit);
    text.reserve(count * 3);
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0)
            text += ' ';
        const HexPair pair = hexPair(bytes[i], hexCase);
        text += pair.high;
        text += pair.low;
    }
    return text;
}

std::string formatBinary(std::uint8_t byte) {
    std::string text(8, '0');
    for (int bit = 0; bit < 8; ++bit) {
        if (byte & (0x80u >> bit))
            text[bit] = '1';
    }
    return text;
}

std::string utf8Text(std::uint32_t codePoint) {
    const auto encoded = encodeUtf8(codePoint).value_or(*encodeUtf8(kReplacementCharacter));
    return std::string(encoded.bytes.begin(), encoded.bytes.begin() + encoded.length);
}

std::string withReplacements(std::span<const std::uint8_t> bytes) {
    std::string text;
    text.reserve(bytes.size());
    for (std::size_t at = 0; at < bytes.size();) {
        const Sequence unit = readSequence(bytes.data() + at, bytes.size() - at, true);
        if (unit.kind == SequenceKind::Valid) {
            text.append(reinterpret_cast<const char*>(bytes.data() + at), unit.length);
        } else {
            for (std::uint32_t i = 0; i < unit.replacements; ++i)
                text += kReplacementCharacterUtf8;
        }
        at += unit.length;
    }
    return text;
}

std::string cStringLiteral(std::span<const std::uint8_t> bytes) {
    std::string text = "\"";
    bool afterEscape = false;
    for (const std::uint8_t byte : bytes) {
        const bool isHexDigit = hexValue(static_cast<char>(byte)) >= 0;
        if (byte >= 0x20 && byte < 0x7F && byte != '"' && byte != '\\') {
            if (afterEscape && isHexDigit)
                text += "\"\"";
            text += static_cast<char>(byte);
            afterEscape = false;
        } else if (byte == '"' || byte == '\\') {
            text += '\\';
            text += static_cast<char>(byte);
            afterEscape = false;
        } else {
            const HexPair pair = hexPair(byte, HexCase::Lower);
            text += "\\x";
            text += pair.high;
            text += pair.low;
            afterEscape = true;
        }
    }
    return text + "\"";
}

} // namespace moji
