#pragma once

#include "decode/sequence.h"
#include "scan/chunkedindex.h"
#include "scan/scancounts.h"

#include <cstdint>
#include <vector>

namespace moji {

// The outcome of scanning a whole source: exact counts, and the anomalies and notices in offset
// order, indexed up to the scan's limits (the counts still include the rest).
struct ScanResult {
    enum class Status {
        Complete,     // every byte was scanned
        Stopped,      // stopped early on purpose: cancelled, or at the first anomaly when asked
        SourceChanged // the source changed while it was read: the results are not to be trusted
    };

    std::uint64_t size = 0;
    Status status = Status::Complete;
    ScanCounts counts;
    ChunkedIndex<Sequence> anomalies;
    ChunkedIndex<Notice> notices;
    // Every run of continuation bytes of kLongRun bytes or more, in offset order, whatever the
    // index limits: at most one per kLongRun bytes of the source (WindowDecoder reads them).
    std::vector<Sequence> longRuns;
    // The most anomaly and notice entries the scan held at once (never above the limits).
    std::uint64_t peakIndexedAnomalies = 0;
    std::uint64_t peakIndexedNotices = 0;

    [[nodiscard]] bool valid() const { return counts.anomalies() == 0; }
    [[nodiscard]] std::uint64_t unindexedAnomalies() const {
        return counts.anomalies() - anomalies.size();
    }
};

} // namespace moji
