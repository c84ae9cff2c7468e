#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace moji {

// The index entries (anomalies or notices) that all chunks of one scan may hold at once: a
// chunk takes entries before it records items and gives them back when its records are dropped,
// so the total held never exceeds the cap, whatever the thread count. Thread-safe.
class IndexBudget {
  public:
    explicit IndexBudget(std::uint64_t cap) : mCap(cap) {}

    // Takes up to `wanted` entries; returns how many were granted (0 when none is left).
    [[nodiscard]] std::uint64_t take(std::uint64_t wanted) {
        std::uint64_t held = mHeld.load();
        std::uint64_t granted = 0;
        do {
            granted = held >= mCap ? 0 : std::min(wanted, mCap - held);
            if (granted == 0)
                return 0;
        } while (!mHeld.compare_exchange_weak(held, held + granted));
        std::uint64_t peak = mPeak.load();
        while (held + granted > peak && !mPeak.compare_exchange_weak(peak, held + granted)) {
        }
        return granted;
    }

    void giveBack(std::uint64_t count) { mHeld -= count; }

    [[nodiscard]] std::uint64_t cap() const { return mCap; }
    [[nodiscard]] std::uint64_t available() const {
        const std::uint64_t held = mHeld.load();
        return held >= mCap ? 0 : mCap - held;
    }
    // The most entries held at once so far (never above the cap).
    [[nodiscard]] std::uint64_t peak() const { return mPeak.load(); }

  private:
    const std::uint64_t mCap;
    std::atomic<std::uint64_t> mHeld{0};
    std::atomic<std::uint64_t> mPeak{0};
};

} // namespace moji
