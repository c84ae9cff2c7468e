#include "decode/sequencereader.h"

#include "decode/utf8automaton.h"

#include <algorithm>
#include <cstring>

namespace moji {
namespace {

constexpr Sequence needMore() {
    return Sequence{};
}

Sequence continuationRun(const std::uint8_t* bytes, std::size_t size, bool atEnd) {
    const std::size_t limit = std::min<std::size_t>(size, kMaxRunLength);
    std::size_t run = 1;
    // Eight continuation bytes at a time: runs may be gigabytes long.
    while (run + 8 <= limit) {
        std::uint64_t word;
        std::memcpy(&word, bytes + run, 8);
        if ((word & 0xC0C0C0C0C0C0C0C0ull) != 0x8080808080808080ull)
            break;
        run += 8;
    }
    while (run < limit && utf8::isContinuation(bytes[run]))
        ++run;
    if (run == size && !atEnd)
        return needMore();
    const auto length = static_cast<std::uint32_t>(run);
    return {0, length, 0, length, SequenceKind::UnexpectedContinuation};
}

// After a complete high-surrogate pattern at bytes[0, 3): pairs it with a low-surrogate pattern
// ED B0-BF 80-BF in bytes[3, 6) when there is one.
Sequence highSurrogate(const std::uint8_t* bytes, std::size_t size, bool atEnd,
                       std::uint32_t high) {
    const Sequence lone{0, 3, high, 3, SequenceKind::Surrogate};
    const bool lowLead = size < 4 || bytes[3] == 0xED;
    const bool lowSecond = size < 5 || (bytes[4] >= 0xB0 && bytes[4] <= 0xBF);
    const bool lowThird = size < 6 || utf8::isContinuation(bytes[5]);
    if (!(lowLead && lowSecond && lowThird))
        return lone;
    if (size < 6)
        return atEnd ? lone : needMore();
    const std::uint32_t low = 0xD000u | ((bytes[4] & 0x3Fu) << 6) | (bytes[5] & 0x3Fu);
    const std::uint32_t value = 0x10000u + ((high - 0xD800u) << 10) + (low - 0xDC00u);
    return {0, 6, value, 6, SequenceKind::SurrogatePair};
}

} // namespace

Sequence readSequence(const std::uint8_t* bytes, std::size_t size, bool atEnd) {
    const std::uint8_t lead = bytes[0];
    if (lead < 0x80)
        return {0, 1, lead, 0, SequenceKind::Valid};
    if (utf8::isContinuation(lead))
        return continuationRun(bytes, size, atEnd);
    const int need = utf8::naiveLength(lead);
    if (need == 0)
        return {0, 1, 0, 1, SequenceKind::InvalidByte};

    int have = 1;
    while (have < need && static_cast<std::size_t>(have) < size &&
           utf8::isContinuation(bytes[have]))
        ++have;
    if (have < need) {
        if (static_cast<std::size_t>(have) == size && !atEnd)
            return needMore();
        return {0, static_cast<std::uint32_t>(have), 0, utf8::maximalSubparts(bytes, have),
                SequenceKind::Truncated};
    }

    const std::uint32_t value = utf8::patternValue(bytes, need);
    const auto length = static_cast<std::uint32_t>(need);
    const std::uint32_t parts = utf8::maximalSubparts(bytes, need);

    if (need >= 5)
        return {0, length, value, parts, SequenceKind::LegacyLong};
    if (value < utf8::minimumValue(need))
        return {0, length, value, parts, SequenceKind::Overlong};
    if (value > 0x10FFFF)
        return {0, length, value, parts, SequenceKind::OutOfRange};
    if (value >= 0xD800 && value <= 0xDBFF)
        return highSurrogate(bytes, size, atEnd, value);
    if (value >= 0xDC00 && value <= 0xDFFF)
        return {0, length, value, parts, SequenceKind::Surrogate};
    return {0, length, value, 0, SequenceKind::Valid};
}

} // namespace moji
