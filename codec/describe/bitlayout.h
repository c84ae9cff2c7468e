#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

namespace moji {

// How the bits of one byte of a UTF-8 (or RFC 2044) pattern are used: the top `markerBits` bits
// are fixed by the pattern (0, 10, 110, 1110, ...), the low `payloadBits` carry bits
// [valueShift, valueShift + payloadBits) of the value.
struct ByteBits {
    std::uint8_t byte = 0;
    std::uint8_t markerBits = 0;
    std::uint8_t payloadBits = 0;
    std::uint8_t valueShift = 0;

    [[nodiscard]] std::uint8_t payload() const {
        return static_cast<std::uint8_t>(byte & ((1u << payloadBits) - 1));
    }
};

// The bit layout of a complete pattern: which bits of `value` land in which byte.
struct BitLayout {
    std::array<ByteBits, 6> bytes{};
    int count = 0;
    std::uint32_t value = 0;
    int valueBits = 0; // the payload capacity of the pattern: 7, 11, 16, 21, 26 or 31

    [[nodiscard]] std::span<const ByteBits> used() const {
        return {bytes.data(), std::size_t(count)};
    }
};

// The marker/payload split of a single byte by its role: 0xxxxxxx, 10xxxxxx, 110xxxxx, ...,
// 1111110x; FE and FF are all marker (8 bits, no payload).
[[nodiscard]] ByteBits byteBitsOf(std::uint8_t byte);

// The layout of a complete lead-plus-continuations pattern of 1 to 6 bytes; nullopt when the
// bytes are not one complete pattern.
[[nodiscard]] std::optional<BitLayout> layoutOf(std::span<const std::uint8_t> pattern);

// The well-formed UTF-8 encoding of a Unicode scalar value; nullopt for surrogates and values
// above U+10FFFF.
struct EncodedCharacter {
    std::array<std::uint8_t, 4> bytes{};
    int length = 0;

    [[nodiscard]] std::span<const std::uint8_t> view() const {
        return {bytes.data(), std::size_t(length)};
    }
};
[[nodiscard]] std::optional<EncodedCharacter> encodeUtf8(std::uint32_t codePoint);

// The RFC 2044 pattern of `length` bytes (1-6) for `value`, well-formed or not (overlong forms,
// surrogates and values above U+10FFFF included), for teaching; nullopt if it does not fit.
[[nodiscard]] std::optional<std::array<std::uint8_t, 6>> encodePattern(std::uint32_t value,
                                                                       int length);

} // namespace moji
