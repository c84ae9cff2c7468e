#pragma once

#include <cstdint>
#include <string_view>

namespace moji {

// The one hex-digit table: writing a nibble as a digit and reading a digit back. Every hex
// formatter and parser in codec/, the CLI and the widgets goes through these.

enum class HexCase { Lower, Upper };

inline constexpr std::string_view kHexDigitsLower = "0123456789abcdef";
inline constexpr std::string_view kHexDigitsUpper = "0123456789ABCDEF";

// The digit of `nibble` (0-15).
[[nodiscard]] constexpr char hexDigit(unsigned nibble, HexCase hexCase) {
    return (hexCase == HexCase::Lower ? kHexDigitsLower : kHexDigitsUpper)[nibble & 0xF];
}

// The two digits of a byte, high nibble first.
struct HexPair {
    char high;
    char low;
};
[[nodiscard]] constexpr HexPair hexPair(std::uint8_t byte, HexCase hexCase) {
    return {hexDigit(byte >> 4, hexCase), hexDigit(byte & 0xF, hexCase)};
}

// The value of a hex digit in either case, or -1 for any other character.
[[nodiscard]] constexpr int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace moji
