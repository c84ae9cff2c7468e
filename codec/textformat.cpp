#include "textformat.h"

#include "bitlayout.h"

#include <cstdio>

namespace moji {

std::string formatCodePoint(std::uint32_t value) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "U+%04X", value);
    return buffer;
}

std::string formatHexBytes(std::span<const std::uint8_t> bytes, HexCase hexCase,
                           std::size_t limit) {
    const char* digits = hexCase == HexCase::Lower ? "0123456789abcdef" : "0123456789ABCDEF";
    std::string text;
    const std::size_t count = std::min(bytes.size(), limit);
    text.reserve(count * 3);
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0)
            text += ' ';
        text += digits[bytes[i] >> 4];
        text += digits[bytes[i] & 0xF];
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
    const auto encoded = encodeUtf8(codePoint).value_or(*encodeUtf8(0xFFFD));
    return std::string(encoded.bytes.begin(), encoded.bytes.begin() + encoded.length);
}

} // namespace moji
