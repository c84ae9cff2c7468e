#include "decode/syncpoint.h"

#include <algorithm>
#include <cstring>

namespace moji {
namespace {

constexpr std::uint64_t kHighBits = 0xC0C0C0C0C0C0C0C0ull;
constexpr std::uint64_t kContinuations = 0x8080808080808080ull;

// True when none of the 8 bytes at `data` is a sync point: all NUL (when NUL is skipped) or all
// continuation bytes, the runs that make searches long. Other words are read byte by byte.
bool skippableWord(const std::uint8_t* data, SyncPoint::Nul nul) {
    std::uint64_t word;
    std::memcpy(&word, data, 8);
    return (word & kHighBits) == kContinuations || (word == 0 && nul == SyncPoint::Nul::Skipped);
}

std::uint64_t searchPiece(const std::uint8_t* data, std::uint64_t from, std::uint64_t end,
                          SyncPoint::Nul nul) {
    std::uint64_t at = from;
    while (at < end) {
        if (end - at >= 8 && skippableWord(data + at, nul)) {
            at += 8;
            continue;
        }
        const std::uint64_t stop = std::min(end, at + 8);
        for (; at < stop; ++at)
            if (SyncPoint::isSyncByte(data[at], nul))
                return at;
    }
    return end;
}

} // namespace

std::uint64_t SyncPoint::next(const std::uint8_t* data, std::uint64_t from, std::uint64_t end,
                              Nul nul, const std::atomic<bool>* cancel) {
    while (from < end) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return end;
        const std::uint64_t pieceEnd = end - from > kCancelStep ? from + kCancelStep : end;
        const std::uint64_t found = searchPiece(data, from, pieceEnd, nul);
        if (found < pieceEnd)
            return found;
        from = pieceEnd;
    }
    return end;
}

std::optional<std::uint64_t> SyncPoint::previous(const std::uint8_t* data, std::uint64_t lowest,
                                                 std::uint64_t at) {
    for (std::uint64_t probe = at + 1; probe-- > lowest;) {
        if (isSyncByte(data[probe], Nul::Counts))
            return probe;
    }
    return std::nullopt;
}

} // namespace moji
