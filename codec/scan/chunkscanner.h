#pragma once

#include "decode/sequence.h"
#include "scan/indexbudget.h"
#include "scan/scancounts.h"
#include "scan/simd/kernel.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace moji {

// What one chunk of a scan produced.
struct ChunkResult {
    ScanCounts counts;
    std::vector<Sequence> anomalies; // the first ones, as many as room and budget allowed
    std::vector<Notice> notices;     // the first ones, as many as room and budget allowed
    // Entries taken from the budgets for `anomalies` and `notices` (their capacity).
    std::uint64_t anomalyGrant = 0;
    std::uint64_t noticeGrant = 0;
    // Every run of continuation bytes at least kLongRun bytes long, whatever the limits.
    std::vector<Sequence> longRuns;
    bool stopped = false; // cancelled, or stopped at its first anomaly
};

// Scans one stretch of bytes as a whole stream: the fast block kernel over well-formed text,
// the exact unit reader (readSequence) from the sequence boundary before any byte the kernel
// flags, back to the kernel right past that byte, or where damage is dense once 64 quiet bytes
// have passed. The results are exactly those of StreamDecoder on the same bytes.
class ChunkScanner {
  public:
    // At most anomalyRoom anomalies and noticeRoom notices are recorded, and with a budget
    // only as many as it grants (taken as records are made, in growing steps; the vectors never
    // hold more than was granted).
    struct Limits {
        std::size_t anomalyRoom = SIZE_MAX;
        std::size_t noticeRoom = SIZE_MAX;
        bool stopAtFirstAnomaly = false;
        IndexBudget* anomalyBudget = nullptr; // nullptr: no budget
        IndexBudget* noticeBudget = nullptr;
    };

    // `kernel` may be nullptr (scalar only). `cancel` may be nullptr.
    ChunkScanner(simd::BlockKernel kernel, Limits limits, const std::atomic<bool>* cancel);

    // Scans data[0, size), whose first byte is at stream offset `base` and after whose last byte
    // the stream ends or a byte follows that starts a unit regardless of what precedes it.
    void scan(const std::uint8_t* data, std::size_t size, std::uint64_t base, ChunkResult& out);

  private:
    std::size_t decodeWindow(const std::uint8_t* data, std::size_t size, std::size_t at,
                             std::uint64_t base, ChunkResult& out, std::size_t& quietSince);
    // How many more anomalies (notices) `out` may record now; takes at least `wanted` more
    // from the budget when it has them.
    std::size_t anomalyRoom(ChunkResult& out, std::size_t wanted);
    std::size_t noticeRoom(ChunkResult& out, std::size_t wanted);
    // Decodes units from `from` until at least `mustReach` and `quietBytes` bytes after the last
    // anomaly or notice (or to `size` without a kernel); returns where it stopped.
    std::size_t decodeExactly(const std::uint8_t* data, std::size_t size, std::size_t from,
                              std::size_t mustReach, std::size_t quietBytes, std::uint64_t base,
                              ChunkResult& out);

    simd::BlockKernel mKernel;
    // What decodeWindow() finds in one window before it is appended (at most one per byte).
    std::array<Sequence, 64> mWindowAnomalies;
    std::array<Notice, 64> mWindowNotices;
    Limits mLimits;
    const std::atomic<bool>* mCancel;
};

} // namespace moji
