#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace moji {

// Code-point arithmetic every layer shares: the replacement character, what a Unicode scalar
// value is, and how UTF-16 writes one. Nothing else in the project spells these numbers out.

// U+FFFD REPLACEMENT CHARACTER, and its UTF-8 bytes.
inline constexpr std::uint32_t kReplacementCharacter = 0xFFFD;
inline constexpr std::string_view kReplacementCharacterUtf8 = "\xEF\xBF\xBD";

inline constexpr std::uint32_t kMaxCodePoint = 0x10FFFF;

// U+D800-U+DFFF: UTF-16 code units that are not characters.
[[nodiscard]] constexpr bool isSurrogate(std::uint32_t value) {
    return value >= 0xD800 && value <= 0xDFFF;
}

// A Unicode scalar value: a code point (at most U+10FFFF) that is not a surrogate; exactly the
// values UTF-8 and UTF-16 may encode.
[[nodiscard]] constexpr bool isScalarValue(std::uint32_t value) {
    return value <= kMaxCodePoint && !isSurrogate(value);
}

// The UTF-16 code units of a scalar value: one below U+10000, else a high and a low surrogate.
// For anything that is not a scalar value, the units of U+FFFD.
struct Utf16Units {
    std::array<std::uint16_t, 2> units{};
    int count = 0;
};
[[nodiscard]] constexpr Utf16Units utf16Units(std::uint32_t value) {
    if (!isScalarValue(value))
        value = kReplacementCharacter;
    if (value < 0x10000)
        return {{static_cast<std::uint16_t>(value), 0}, 1};
    const std::uint32_t offset = value - 0x10000;
    return {{static_cast<std::uint16_t>(0xD800 + (offset >> 10)),
             static_cast<std::uint16_t>(0xDC00 + (offset & 0x3FF))},
            2};
}

} // namespace moji
