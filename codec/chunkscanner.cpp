#include "chunkscanner.h"

#include "notices.h"
#include "sequencereader.h"
#include "utf8automaton.h"

namespace moji {
namespace {

// Bytes handed to the kernel between two looks at the cancel flag.
constexpr std::size_t kStep = 1 << 20;
// Well-formed, notice-free bytes the exact path reads before handing back to the kernel.
constexpr std::size_t kQuietBytes = 64;

// `end` follows bytes that are well-formed except perhaps for a sequence begun in the last three
// and not complete: returns the offset of that sequence's lead, or `end` when there is none.
std::size_t boundaryBefore(const std::uint8_t* data, std::size_t lowest, std::size_t end) {
    for (std::size_t back = 1; back <= 3 && end >= lowest + back; ++back) {
        const std::uint8_t byte = data[end - back];
        if (utf8::isContinuation(byte))
            continue;
        return utf8::naiveLength(byte) > static_cast<int>(back) ? end - back : end;
    }
    return end;
}

} // namespace

ChunkScanner::ChunkScanner(simd::BlockKernel kernel, Limits limits,
                           const std::atomic<bool>* cancel)
    : mKernel(kernel), mLimits(limits), mCancel(cancel) {}

std::size_t ChunkScanner::decodeExactly(const std::uint8_t* data, std::size_t size,
                                        std::size_t from, std::size_t mustReach,
                                        std::uint64_t base, ChunkResult& out) {
    std::size_t at = from;
    std::size_t quietSince = from;
    while (at < size) {
        Sequence unit = readSequence(data + at, size - at, true);
        unit.offset = base + at;
        at += unit.length;
        if (unit.kind == SequenceKind::Valid) {
            ++out.counts.sequencesByLength[unit.length];
            if (const auto notice = noticeKindOf(unit)) {
                ++out.counts.notices[static_cast<int>(*notice)];
                if (out.notices.size() < mLimits.noticeRoom)
                    out.notices.push_back({unit.offset, unit.length, unit.value, *notice});
                quietSince = at;
            }
        } else {
            ++out.counts.byKind[static_cast<int>(unit.kind)];
            out.counts.replacements += unit.replacements;
            if (out.anomalies.size() < mLimits.anomalyRoom)
                out.anomalies.push_back(unit);
            quietSince = at;
            if (mLimits.stopAtFirstAnomaly) {
                out.stopped = true;
                return size;
            }
        }
        if (mKernel && at >= mustReach && at - quietSince >= kQuietBytes)
            break;
    }
    return at;
}

void ChunkScanner::scan(const std::uint8_t* data, std::size_t size, std::uint64_t base,
                        ChunkResult& out) {
    std::size_t at = 0;
    while (at < size) {
        if (mCancel && mCancel->load(std::memory_order_relaxed)) {
            out.stopped = true;
            return;
        }
        if (!mKernel) {
            at = decodeExactly(data, size, at, size, base, out);
            continue;
        }
        const std::size_t limit = std::min(size, at + kStep);
        simd::SequenceCounts counts;
        bool failed = false;
        const std::size_t reached = at + mKernel(data + at, limit - at, counts, failed);
        for (int length = 1; length <= 4; ++length)
            out.counts.sequencesByLength[length] += counts.byLength[length];
        const std::size_t boundary = boundaryBefore(data, at, reached);
        if (boundary < reached)
            --out.counts.sequencesByLength[utf8::naiveLength(data[boundary])];
        if (!failed && limit < size) {
            at = boundary;
            continue;
        }
        // A refused block, or the tail after the last whole block.
        at = decodeExactly(data, size, boundary, failed ? reached + simd::kBlockSize : size,
                           base, out);
        if (out.stopped)
            return;
    }
}

} // namespace moji
