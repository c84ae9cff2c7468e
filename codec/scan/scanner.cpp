#include "scan/scanner.h"

#include "scan/chunkscanner.h"
#include "scan/chunksplit.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace moji {
namespace {

class ParallelScan {
  public:
    ParallelScan(const std::uint8_t* data, std::uint64_t size, const ScanOptions& options,
                 const ByteSource* source)
        : mData(data), mSize(size), mOptions(options), mSource(source),
          mKernel(simd::blockKernel(options.level, !options.stopAtFirstAnomaly)),
          mAnomalyBudget(options.maxIndexedAnomalies), mNoticeBudget(options.maxIndexedNotices) {}

    ScanResult run() {
        ChunkSplit split = ChunkSplit::of(
            mData, mSize, std::max<std::uint64_t>(mOptions.chunkSize, 64), mOptions.cancel);
        if (split.cancelled) {
            ScanResult stopped;
            stopped.size = mSize;
            stopped.status = ScanResult::Status::Stopped;
            return stopped;
        }
        mStarts = std::move(split.starts);
        mChunks.resize(mStarts.size() - 1);
        const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
        const unsigned wanted = mOptions.threads ? mOptions.threads : cores;
        const auto threads = static_cast<unsigned>(std::min<std::size_t>(wanted, mChunks.size()));
        // With progress wanted and several threads, this thread only waits and reports.
        const bool callerScans = threads <= 1 || !mOptions.progress;
        mWorkerReports = threads <= 1 && mOptions.progress;
        std::vector<std::thread> workers;
        for (unsigned i = callerScans ? 1 : 0; i < threads; ++i)
            workers.emplace_back([this] { work(); });
        if (callerScans) {
            work();
        } else {
            std::unique_lock lock(mMutex);
            while (mFinishedChunks < mChunks.size()) {
                mChanged.wait_for(lock, std::chrono::milliseconds(100));
                if (mFinishedChunks < mChunks.size())
                    reportProgress();
            }
            reportProgress(); // the last report, done == total, is never skipped
        }
        for (auto& worker : workers)
            worker.join();
        return collect();
    }

  private:
    struct Chunk {
        ChunkResult result;
        bool done = false;
    };

    void work() {
        for (;;) {
            const std::size_t index = mNextChunk.fetch_add(1);
            if (index >= mChunks.size())
                return;
            Chunk& chunk = mChunks[index];
            if (index <= mFirstStoppedChunk.load()) {
                scanChunk(index, roomFor(mIndexedAnomalies, mOptions.maxIndexedAnomalies),
                          roomFor(mIndexedNotices, mOptions.maxIndexedNotices));
                if (chunk.result.stopped)
                    lowerFirstStopped(index);
                if (mOptions.chunkScanned)
                    mOptions.chunkScanned(mStarts[index], mStarts[index + 1],
                                          chunk.result.anomalies, chunk.result.counts.anomalies());
            } else {
                chunk.result.stopped = true;
            }
            finish(index);
        }
    }

    // Scans chunk `index` afresh into its result, recording at most the given numbers of items
    // and only what the budgets grant. With `exactRoom` (a rescan, which knows how many items
    // it will record) the entries are taken and allocated at once, not in growing steps.
    void scanChunk(std::size_t index, std::size_t anomalyRoom, std::size_t noticeRoom,
                   bool exactRoom = false) {
        ChunkScanner::Limits limits{anomalyRoom, noticeRoom, mOptions.stopAtFirstAnomaly,
                                    &mAnomalyBudget, &mNoticeBudget};
        ChunkScanner scanner(mKernel, limits, mOptions.cancel);
        const std::uint64_t begin = mStarts[index];
        const std::uint64_t length = mStarts[index + 1] - begin;
        if (mSource)
            mSource->prepare(begin, length);
        ChunkResult& result = mChunks[index].result;
        result = {};
        if (exactRoom) {
            result.anomalyGrant = mAnomalyBudget.take(anomalyRoom);
            result.anomalies.reserve(static_cast<std::size_t>(result.anomalyGrant));
            result.noticeGrant = mNoticeBudget.take(noticeRoom);
            result.notices.reserve(static_cast<std::size_t>(result.noticeGrant));
        }
        scanner.scan(mData + begin, static_cast<std::size_t>(length), begin, result);
    }

    // Drops the records of chunk `index`, giving their entries back.
    void dropRecords(std::size_t index) {
        ChunkResult& part = mChunks[index].result;
        mAnomalyBudget.giveBack(part.anomalyGrant);
        mNoticeBudget.giveBack(part.noticeGrant);
        part.anomalyGrant = part.noticeGrant = 0;
        part.anomalies = {};
        part.notices = {};
    }

    // Keeps the first `room` records of `items` and gives the rest of its grant back.
    template <typename Item>
    static void trim(std::vector<Item>& items, std::uint64_t& grant, std::uint64_t room,
                     IndexBudget& budget) {
        if (items.size() > room)
            items.resize(static_cast<std::size_t>(room));
        if (grant > items.size()) {
            items.shrink_to_fit();
            budget.giveBack(grant - items.size());
            grant = items.size();
        }
    }

    // A chunk's items land at positions >= what is already indexed, so room beyond the limit
    // minus that can never be used.
    std::size_t roomFor(const std::atomic<std::uint64_t>& indexed, std::uint64_t limit) const {
        const std::uint64_t used = indexed.load();
        return used >= limit ? 0 : static_cast<std::size_t>(limit - used);
    }

    void lowerFirstStopped(std::size_t index) {
        std::size_t current = mFirstStoppedChunk.load();
        while (index < current && !mFirstStoppedChunk.compare_exchange_weak(current, index)) {
        }
    }

    void finish(std::size_t index) {
        std::lock_guard lock(mMutex);
        mChunks[index].done = true;
        mBytesDone += mStarts[index + 1] - mStarts[index];
        ++mFinishedChunks;
        // Count what is indexed in offset order, so later chunks know how much room is left.
        while (mMergedChunks < mChunks.size() && mChunks[mMergedChunks].done) {
            const ChunkResult& merged = mChunks[mMergedChunks].result;
            mIndexedAnomalies += merged.anomalies.size();
            mIndexedNotices += merged.notices.size();
            ++mMergedChunks;
        }
        mChanged.notify_all();
        if (mWorkerReports)
            reportProgress();
    }

    void reportProgress() {
        const auto now = std::chrono::steady_clock::now();
        if (now - mLastProgress < std::chrono::milliseconds(50) && mFinishedChunks < mChunks.size())
            return;
        mLastProgress = now;
        mOptions.progress(mBytesDone, mSize);
    }

    // Merges the chunks in offset order. A chunk that recorded fewer items than the index still
    // has room for (its budget went to chunks after it) is scanned again, after the records of
    // the chunks furthest on are dropped to free enough entries; a dropped chunk is scanned
    // again in turn if the index still has room when it is reached. So the index holds the first
    // items in offset order, and the budgets are never exceeded.
    ScanResult collect() {
        ScanResult result;
        result.size = mSize;
        std::uint64_t anomalyRoom = mOptions.maxIndexedAnomalies;
        std::uint64_t noticeRoom = mOptions.maxIndexedNotices;
        std::size_t lastHolding = mChunks.size(); // chunks from here on hold no records
        for (std::size_t index = 0; index < mChunks.size(); ++index) {
            ChunkResult& part = mChunks[index].result;
            // A chunk stopped at its first anomaly is complete up to it; a cancelled one is not.
            const bool atFirstAnomaly =
                part.stopped && mOptions.stopAtFirstAnomaly && part.counts.anomalies() > 0;
            if (part.stopped)
                result.status = ScanResult::Status::Stopped;
            if (!part.stopped || atFirstAnomaly) {
                const std::uint64_t wantedAnomalies =
                    std::min(anomalyRoom, part.counts.anomalies());
                const std::uint64_t wantedNotices = std::min(noticeRoom, part.counts.noticeTotal());
                if (part.anomalies.size() < wantedAnomalies ||
                    part.notices.size() < wantedNotices) {
                    dropRecords(index);
                    while (lastHolding > index + 1 &&
                           (mAnomalyBudget.available() < wantedAnomalies ||
                            mNoticeBudget.available() < wantedNotices))
                        dropRecords(--lastHolding);
                    scanChunk(index, static_cast<std::size_t>(wantedAnomalies),
                              static_cast<std::size_t>(wantedNotices), true);
                    if (part.stopped)
                        result.status = ScanResult::Status::Stopped;
                }
            }
            result.counts += part.counts;
            trim(part.anomalies, part.anomalyGrant, anomalyRoom, mAnomalyBudget);
            trim(part.notices, part.noticeGrant, noticeRoom, mNoticeBudget);
            anomalyRoom -= part.anomalies.size();
            noticeRoom -= part.notices.size();
            result.anomalies.append(std::move(part.anomalies));
            result.notices.append(std::move(part.notices));
            result.longRuns.insert(result.longRuns.end(), part.longRuns.begin(),
                                   part.longRuns.end());
            if (atFirstAnomaly)
                break;
        }
        result.peakIndexedAnomalies = mAnomalyBudget.peak();
        result.peakIndexedNotices = mNoticeBudget.peak();
        return result;
    }

    const std::uint8_t* mData;
    std::uint64_t mSize;
    const ScanOptions& mOptions;
    const ByteSource* mSource; // for prepare(); nullptr over plain memory
    simd::BlockKernel mKernel;
    std::vector<std::uint64_t> mStarts;
    std::vector<Chunk> mChunks;
    IndexBudget mAnomalyBudget;
    IndexBudget mNoticeBudget;

    std::atomic<std::size_t> mNextChunk{0};
    std::atomic<std::size_t> mFirstStoppedChunk{SIZE_MAX};
    std::atomic<std::uint64_t> mIndexedAnomalies{0};
    std::atomic<std::uint64_t> mIndexedNotices{0};
    std::mutex mMutex;
    std::condition_variable mChanged;
    std::size_t mFinishedChunks = 0;
    std::size_t mMergedChunks = 0;
    std::uint64_t mBytesDone = 0;
    std::chrono::steady_clock::time_point mLastProgress{};
    bool mWorkerReports = false; // progress is reported by the one thread that scans
};

} // namespace

ScanResult scanBytes(const std::uint8_t* data, std::uint64_t size, const ScanOptions& options) {
    ParallelScan scan(data, size, options, nullptr);
    return scan.run();
}

ScanResult scanSource(const ByteSource& source, const ScanOptions& options) {
    const auto bytes = source.bytes();
    ParallelScan scan(bytes.data(), bytes.size(), options, &source);
    ScanResult result = scan.run();
    if (source.changed())
        result.status = ScanResult::Status::SourceChanged;
    return result;
}

} // namespace moji
