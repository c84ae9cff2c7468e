#include "describe/bitlayout.h"

#include "decode/codepoint.h"
#include "decode/utf8automaton.h"

namespace moji {

ByteBits byteBitsOf(std::uint8_t byte) {
    int marker = 0;
    while (marker < 8 && (byte & (0x80u >> marker)))
        ++marker;
    // The marker is the run of ones plus the terminating zero (none for FF).
    const int markerBits = marker == 0 ? 1 : (marker >= 7 ? 8 : marker + 1);
    return {byte, static_cast<std::uint8_t>(markerBits), static_cast<std::uint8_t>(8 - markerBits),
            0};
}

std::optional<BitLayout> layoutOf(std::span<const std::uint8_t> pattern) {
    if (pattern.empty() || pattern.size() > 6)
        return std::nullopt;
    const int length = utf8::naiveLength(pattern[0]);
    if (length != static_cast<int>(pattern.size()))
        return std::nullopt;
    BitLayout layout;
    layout.count = length;
    int shift = 0;
    for (int i = length - 1; i >= 0; --i) {
        if (i > 0 && !utf8::isContinuation(pattern[i]))
            return std::nullopt;
        ByteBits bits = byteBitsOf(pattern[i]);
        bits.valueShift = static_cast<std::uint8_t>(shift);
        layout.value |= static_cast<std::uint32_t>(bits.payload()) << shift;
        shift += bits.payloadBits;
        layout.bytes[i] = bits;
    }
    layout.valueBits = shift;
    return layout;
}

std::optional<std::array<std::uint8_t, 6>> encodePattern(std::uint32_t value, int length) {
    constexpr int capacity[] = {0, 7, 11, 16, 21, 26, 31};
    if (length < 1 || length > 6 || (length < 6 && value >> capacity[length]) ||
        value > 0x7FFFFFFFu)
        return std::nullopt;
    std::array<std::uint8_t, 6> bytes{};
    if (length == 1) {
        bytes[0] = static_cast<std::uint8_t>(value);
        return bytes;
    }
    for (int i = length - 1; i > 0; --i) {
        bytes[i] = static_cast<std::uint8_t>(0x80u | (value & 0x3Fu));
        value >>= 6;
    }
    const auto leadMarker = static_cast<std::uint8_t>(0xFF00u >> length);
    bytes[0] = static_cast<std::uint8_t>(leadMarker | value);
    return bytes;
}

std::optional<EncodedCharacter> encodeUtf8(std::uint32_t codePoint) {
    if (!isScalarValue(codePoint))
        return std::nullopt;
    const int length = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    const auto pattern = encodePattern(codePoint, length);
    EncodedCharacter encoded;
    encoded.length = length;
    for (int i = 0; i < length; ++i)
        encoded.bytes[i] = (*pattern)[i];
    return encoded;
}

} // namespace moji
