#pragma once

#include "io/bytesource.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace moji {

// What a search found.
struct FindResult {
    enum class Status {
        Found,    // `offset` is where the occurrence starts
        NotFound, // no occurrence in the searched direction
        Cancelled // the cancel flag was set before the search finished
    };
    Status status = Status::NotFound;
    std::uint64_t offset = 0;
};

// Finds a byte string in a source of any size, one chunk at a time, so that a search of a huge
// file can report progress and stop when asked. Occurrences that straddle two chunks are found:
// each chunk is read with the needle's length minus one bytes of the next. Portable: Boyer-Moore-
// Horspool through std::search, forwards over the bytes and backwards over their reverse.
class ByteFinder {
  public:
    struct Options {
        std::uint64_t chunkSize = 4u << 20;        // bytes of start positions per step (>= 1)
        const std::atomic<bool>* cancel = nullptr; // looked at before every chunk
        // Called after every chunk with the bytes searched so far and the bytes to search.
        std::function<void(std::uint64_t done, std::uint64_t total)> progress;
    };

    // `needle` may be empty: nothing is then ever found.
    explicit ByteFinder(std::span<const std::uint8_t> needle);

    // The first occurrence starting at or after `from`.
    [[nodiscard]] FindResult forward(const ByteSource& source, std::uint64_t from,
                                     const Options& options) const;
    // The last occurrence starting before `before`.
    [[nodiscard]] FindResult backward(const ByteSource& source, std::uint64_t before,
                                      const Options& options) const;

  private:
    std::vector<std::uint8_t> mNeedle;
    std::vector<std::uint8_t> mReversed;
};

} // namespace moji
