#pragma once

// scan/ owns whole-source scanning: splitting a source at sync points (chunksplit.h), the SIMD
// block kernels (simd/) that pass valid text at memory speed, the exact per-unit path around
// damage, the budget that bounds the index across threads (indexbudget.h), and the ScanResult
// it produces: exact counts plus a bounded index of anomalies and notices. Its results always
// equal decode/'s StreamDecoder fed the same bytes.

#include "io/bytesource.h"
#include "scan/scanresult.h"
#include "scan/simd/kernel.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace moji {

// Scans a whole source for anomalies and notices, on all cores, with the fastest kernel the CPU
// has. The results equal those of StreamDecoder fed the same bytes (the reference), whatever the
// thread count, chunk size or kernel.
//
// The index keeps the first maxIndexedAnomalies anomalies and maxIndexedNotices notices in
// offset order; the counts always cover all of them. Memory: whatever the thread count, the
// chunks together never hold more than those limits of entries (24 bytes each) at once (they
// share one IndexBudget each; only while one chunk's list grows is its old buffer held too),
// plus ScanResult::longRuns (at most one 24-byte entry per kLongRun bytes of the source) and a
// few kilobytes per thread. A chunk whose records the budget cut short while the index still
// had room is scanned again at the end, after the records furthest on are dropped.
//
// Splitting the source into chunks (ChunkSplit) reads it once, in linear time, and stops
// within a mebibyte of `cancel` being set; a scan cancelled then scans nothing.
struct ScanOptions {
    unsigned threads = 0;                         // 0: one per core
    std::uint64_t chunkSize = 8u << 20;           // bytes per unit of parallel work (>= 64)
    std::uint64_t maxIndexedAnomalies = 2u << 20; // 2,097,152
    std::uint64_t maxIndexedNotices = 1u << 19;   // 524,288
    bool stopAtFirstAnomaly = false;              // for yes/no checks
    simd::SimdLevel level = simd::detectSimdLevel();
    const std::atomic<bool>* cancel = nullptr; // set it to stop the scan early
    // Called on a worker thread as each chunk [begin, end) is done, with its indexed anomalies
    // (which the callee must copy if it keeps them) and its exact anomaly count. Chunks finish in
    // any order; the callee synchronises.
    std::function<void(std::uint64_t begin, std::uint64_t end,
                       const std::vector<Sequence>& anomalies, std::uint64_t anomalyCount)>
        chunkScanned;
    // Called on the scanning thread with bytes done and total, several times a second at most.
    std::function<void(std::uint64_t done, std::uint64_t total)> progress;
};

[[nodiscard]] ScanResult scanSource(const ByteSource& source, const ScanOptions& options = {});

// The same over plain memory (no change detection).
[[nodiscard]] ScanResult scanBytes(const std::uint8_t* data, std::uint64_t size,
                                   const ScanOptions& options = {});

} // namespace moji
