#include "describe/inputparsing.h"

#include "decode/codepoint.h"
#include "decode/sequencereader.h"
#include "describe/hexdigits.h"

#include <cctype>

namespace moji {
namespace {

bool isSeparator(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == ':' || c == '-' ||
           c == ';';
}

bool allHex(std::string_view text) {
    if (text.empty())
        return false;
    for (char c : text) {
        if (hexValue(c) < 0)
            return false;
    }
    return true;
}

} // namespace

ParseResult<std::vector<std::uint8_t>> parseHexBytes(std::string_view text) {
    std::vector<std::uint8_t> bytes;
    std::size_t i = 0;
    while (i < text.size()) {
        if (isSeparator(text[i])) {
            ++i;
            continue;
        }
        const bool escapePrefix = text[i] == '\\' || text[i] == '0';
        if (escapePrefix && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X')) {
            i += 2;
            if (i >= text.size())
                return "\"" + std::string(text) + "\" ends with a prefix but no byte";
        }
        const int high = hexValue(text[i]);
        const int low = i + 1 < text.size() ? hexValue(text[i + 1]) : -1;
        if (high < 0 || low < 0) {
            const std::size_t at = high < 0 ? i : i + 1;
            if (at >= text.size())
                return "odd number of hex digits in \"" + std::string(text) + "\"";
            return "'" + std::string(1, text[at]) + "' is not a hex digit (in \"" +
                   std::string(text) + "\")";
        }
        bytes.push_back(static_cast<std::uint8_t>(high * 16 + low));
        i += 2;
    }
    if (bytes.empty())
        return std::string("no bytes given");
    return bytes;
}

ParseResult<std::vector<std::uint32_t>> parseCodePoints(std::string_view text) {
    std::string_view digits = text;
    bool explicitHex = false;
    if (digits.size() > 2 && (digits.substr(0, 2) == "U+" || digits.substr(0, 2) == "u+" ||
                              digits.substr(0, 2) == "0x" || digits.substr(0, 2) == "0X")) {
        digits.remove_prefix(2);
        explicitHex = true;
    }
    if ((explicitHex || text.size() >= 2) && allHex(digits)) {
        if (digits.size() > 8)
            return "\"" + std::string(text) + "\" is beyond U+10FFFF";
        std::uint64_t value = 0;
        for (char c : digits)
            value = value * 16 + static_cast<std::uint64_t>(hexValue(c));
        if (value > kMaxCodePoint)
            return "\"" + std::string(text) + "\" is beyond U+10FFFF, the largest code point";
        return std::vector<std::uint32_t>{static_cast<std::uint32_t>(value)};
    }
    if (explicitHex)
        return "\"" + std::string(text) + "\" is not a hex code point";
    if (text.empty())
        return std::string("no code point given");
    std::vector<std::uint32_t> codePoints;
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    for (std::size_t at = 0; at < text.size();) {
        const Sequence unit = readSequence(bytes + at, text.size() - at, true);
        if (unit.kind != SequenceKind::Valid)
            return "\"" + std::string(text) + "\" is neither a code point nor valid UTF-8 text";
        codePoints.push_back(unit.value);
        at += unit.length;
    }
    return codePoints;
}

} // namespace moji
