#include "scan/scanner.h"

#include "decode/utf8automaton.h"
#include "scan/chunkscanner.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace moji {
namespace {

// The first offset >= from where a unit starts whatever precedes it (utf8::startsUnitAnywhere),
// NUL excepted so that a run of NULs, one notice, is never split. `end` if none.
std::uint64_t syncPoint(const std::uint8_t* data, std::uint64_t from, std::uint64_t end) {
    for (std::uint64_t at = from; at < end; ++at) {
        if (utf8::startsUnitAnywhere(data[at]) && data[at] != 0)
            return at;
    }
    return end;
}

class ParallelScan {
  public:
    ParallelScan(const std::uint8_t* data, std::uint64_t size, const ScanOptions& options,
                 const ByteSource* source)
        : mData(data), mSize(size), mOptions(options), mSource(source),
          mKernel(simd::blockKernel(options.level, !options.stopAtFirstAnomaly)) {
        const std::uint64_t chunkSize = std::max<std::uint64_t>(options.chunkSize, 64);
        mStarts.push_back(0);
        for (std::uint64_t nominal = chunkSize; nominal < size; nominal += chunkSize) {
            const std::uint64_t start = syncPoint(data, std::max(nominal, mStarts.back()), size);
            if (start > mStarts.back() && start < size)
                mStarts.push_back(start);
        }
        mStarts.push_back(size);
        mChunks.resize(mStarts.size() - 1);
    }

    ScanResult run() {
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
                ChunkScanner::Limits limits{
                    roomFor(mIndexedAnomalies, mOptions.maxIndexedAnomalies),
                    roomFor(mIndexedNotices, mOptions.maxIndexedNotices),
                    mOptions.stopAtFirstAnomaly};
                ChunkScanner scanner(mKernel, limits, mOptions.cancel);
                if (mSource)
                    mSource->prepare(mStarts[index], mStarts[index + 1] - mStarts[index]);
                scanner.scan(mData + mStarts[index], mStarts[index + 1] - mStarts[index],
                             mStarts[index], chunk.result);
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

    ScanResult collect() {
        ScanResult result;
        result.size = mSize;
        std::uint64_t anomalyRoom = mOptions.maxIndexedAnomalies;
        std::uint64_t noticeRoom = mOptions.maxIndexedNotices;
        for (Chunk& chunk : mChunks) {
            ChunkResult& part = chunk.result;
            if (part.stopped)
                result.status = ScanResult::Status::Stopped;
            result.counts += part.counts;
            if (part.anomalies.size() > anomalyRoom)
                part.anomalies.resize(anomalyRoom);
            if (part.notices.size() > noticeRoom)
                part.notices.resize(noticeRoom);
            anomalyRoom -= part.anomalies.size();
            noticeRoom -= part.notices.size();
            result.anomalies.append(std::move(part.anomalies));
            result.notices.append(std::move(part.notices));
            if (part.stopped && mOptions.stopAtFirstAnomaly && part.counts.anomalies() > 0)
                break;
        }
        return result;
    }

    const std::uint8_t* mData;
    std::uint64_t mSize;
    const ScanOptions& mOptions;
    const ByteSource* mSource; // for prepare(); nullptr over plain memory
    simd::BlockKernel mKernel;
    std::vector<std::uint64_t> mStarts;
    std::vector<Chunk> mChunks;

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
