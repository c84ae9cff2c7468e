#include "scan/chunksplit.h"

#include "decode/syncpoint.h"

#include <algorithm>

namespace moji {

ChunkSplit ChunkSplit::of(const std::uint8_t* data, std::uint64_t size, std::uint64_t chunkSize,
                          const std::atomic<bool>* cancel) {
    ChunkSplit split;
    chunkSize = std::max<std::uint64_t>(chunkSize, 1);
    split.starts.push_back(0);
    // Each search starts past the last point found, so no byte is searched twice.
    for (std::uint64_t nominal = chunkSize; nominal < size;) {
        const std::uint64_t found =
            SyncPoint::next(data, nominal, size, SyncPoint::Nul::Skipped, cancel);
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            split.cancelled = true;
            return split;
        }
        split.bytesSearched += std::min(found + 1, size) - nominal;
        if (found >= size)
            break;
        split.starts.push_back(found);
        nominal = (found / chunkSize + 1) * chunkSize;
    }
    split.starts.push_back(size);
    return split;
}

} // namespace moji
