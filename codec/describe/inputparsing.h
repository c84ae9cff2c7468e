#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace moji {

// A parse result: the value, or a one-line message saying what is wrong with the input.
template <typename T>
using ParseResult = std::variant<T, std::string>;

// Bytes written as hex: "e3 81 82", "c0af", "E3,81", "0xE3 0x81", "\xe3\x81\x82". Separators
// (spaces, commas, colons, dashes) may stand between byte pairs; a pair never spans one.
[[nodiscard]] ParseResult<std::vector<std::uint8_t>> parseHexBytes(std::string_view text);

// Code points written as "U+3042", "u+1F600", "0x3042", a bare hex number of two or more digits
// ("3042", "41"), or literal text, whose characters each count ("あ", "A", "日本").
// Values above U+10FFFF are refused; surrogates are accepted (encode reports them).
[[nodiscard]] ParseResult<std::vector<std::uint32_t>> parseCodePoints(std::string_view text);

} // namespace moji
