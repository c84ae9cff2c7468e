#include "scan/bytefinder.h"

#include <algorithm>
#include <functional>
#include <iterator>

namespace moji {

ByteFinder::ByteFinder(std::span<const std::uint8_t> needle)
    : mNeedle(needle.begin(), needle.end()), mReversed(needle.rbegin(), needle.rend()) {}

FindResult ByteFinder::forward(const ByteSource& source, std::uint64_t from,
                               const Options& options) const {
    const auto bytes = source.bytes();
    const std::uint64_t length = mNeedle.size();
    if (length == 0 || from >= bytes.size() || bytes.size() - from < length)
        return {};
    const std::uint64_t lastStart = bytes.size() - length; // inclusive
    const std::uint64_t chunk = std::max<std::uint64_t>(options.chunkSize, 1);
    const std::boyer_moore_horspool_searcher searcher(mNeedle.begin(), mNeedle.end());
    const std::uint64_t total = lastStart + 1 - from;
    for (std::uint64_t start = from; start <= lastStart;) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed))
            return {FindResult::Status::Cancelled, 0};
        // Start positions [start, startsEnd), and the bytes they need.
        const std::uint64_t startsEnd = start + std::min(chunk, lastStart + 1 - start);
        const std::uint64_t end = startsEnd - 1 + length;
        source.prepare(start, end - start);
        const auto* first = bytes.data() + start;
        const auto* last = bytes.data() + end;
        const auto* hit = std::search(first, last, searcher);
        if (hit != last)
            return {FindResult::Status::Found, static_cast<std::uint64_t>(hit - bytes.data())};
        if (options.progress)
            options.progress(startsEnd - from, total);
        start = startsEnd;
    }
    return {};
}

FindResult ByteFinder::backward(const ByteSource& source, std::uint64_t before,
                                const Options& options) const {
    const auto bytes = source.bytes();
    const std::uint64_t length = mNeedle.size();
    if (length == 0 || before == 0 || bytes.size() < length)
        return {};
    // Start positions [0, startsEnd) are candidates.
    const std::uint64_t startsEnd = std::min<std::uint64_t>(before, bytes.size() - length + 1);
    const std::uint64_t chunk = std::max<std::uint64_t>(options.chunkSize, 1);
    const std::boyer_moore_horspool_searcher searcher(mReversed.begin(), mReversed.end());
    for (std::uint64_t end = startsEnd; end > 0;) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed))
            return {FindResult::Status::Cancelled, 0};
        const std::uint64_t start = end - std::min(chunk, end);
        const std::uint64_t bytesEnd = end - 1 + length;
        source.prepare(start, bytesEnd - start);
        // Searching the reversed bytes finds the occurrence that ends last, so starts last.
        const auto first = std::make_reverse_iterator(bytes.data() + bytesEnd);
        const auto last = std::make_reverse_iterator(bytes.data() + start);
        const auto hit = std::search(first, last, searcher);
        if (hit != last) {
            const auto* occurrenceEnd = hit.base();
            return {FindResult::Status::Found,
                    static_cast<std::uint64_t>(occurrenceEnd - bytes.data()) - length};
        }
        if (options.progress)
            options.progress(startsEnd - start, startsEnd);
        end = start;
    }
    return {};
}

} // namespace moji
