#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

namespace moji {

// Where a parallel scan cuts a source into chunks: at sync points (see SyncPoint) that are not
// NUL, so no unit and no NUL run is ever cut, about `chunkSize` bytes apart. A chunk grows past
// its nominal size when no such point follows soon (a long NUL, continuation or ED run); the
// search then resumes after the point it found, so the whole split reads each byte of the source
// at most twice (linear in the size, whatever the layout) and looks at the cancel flag at least
// every SyncPoint::kCancelStep bytes.
struct ChunkSplit {
    std::vector<std::uint64_t> starts; // 0, the chunk starts in order, then the size
    std::uint64_t bytesSearched = 0;   // bytes the sync-point searches covered
    bool cancelled = false;            // stopped early: `starts` is incomplete

    [[nodiscard]] static ChunkSplit of(const std::uint8_t* data, std::uint64_t size,
                                       std::uint64_t chunkSize,
                                       const std::atomic<bool>* cancel = nullptr);
};

} // namespace moji
