#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace moji {

// An ordered, append-only list of items (anomalies or notices) kept as the vectors the scan's
// chunks produced, so merging moves instead of copying. Items must have an `offset` member,
// ascending across the whole index. at() and lowerBound() are O(log chunks).
template <typename Item>
class ChunkedIndex {
  public:
    void append(std::vector<Item>&& items) {
        if (items.empty())
            return;
        mStarts.push_back(mSize);
        mSize += items.size();
        mChunks.push_back(std::move(items));
    }

    [[nodiscard]] std::uint64_t size() const { return mSize; }
    [[nodiscard]] bool empty() const { return mSize == 0; }

    [[nodiscard]] const Item& at(std::uint64_t position) const {
        const auto chunk = static_cast<std::size_t>(
            std::upper_bound(mStarts.begin(), mStarts.end(), position) - mStarts.begin() - 1);
        return mChunks[chunk][position - mStarts[chunk]];
    }

    // The position of the first item whose offset is >= `offset` (size() if none).
    [[nodiscard]] std::uint64_t lowerBound(std::uint64_t offset) const {
        const auto chunk = std::partition_point(
            mChunks.begin(), mChunks.end(),
            [offset](const std::vector<Item>& items) { return items.back().offset < offset; });
        if (chunk == mChunks.end())
            return mSize;
        const auto index = static_cast<std::size_t>(chunk - mChunks.begin());
        const auto item = std::partition_point(
            chunk->begin(), chunk->end(), [offset](const Item& i) { return i.offset < offset; });
        return mStarts[index] + static_cast<std::uint64_t>(item - chunk->begin());
    }

    template <typename Visit>
    void forEach(Visit visit) const {
        for (const auto& chunk : mChunks)
            for (const Item& item : chunk)
                visit(item);
    }

  private:
    std::vector<std::vector<Item>> mChunks;
    std::vector<std::uint64_t> mStarts;
    std::uint64_t mSize = 0;
};

} // namespace moji
