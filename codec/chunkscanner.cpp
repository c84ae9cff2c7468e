#include "chunkscanner.h"

#include "notices.h"
#include "sequencereader.h"
#include "utf8automaton.h"

#include <algorithm>
#include <cstring>

namespace moji {
namespace {

// Bytes handed to the kernel between two looks at the cancel flag.
constexpr std::size_t kStep = 1 << 20;
// Well-formed, notice-free bytes the exact path reads before handing back to the kernel.
constexpr std::size_t kQuietBytes = 64;

// `end` follows bytes that the kernel passed: well-formed except perhaps for a lead byte in the
// last three that still expects continuation bytes (or is FE/FF, which the kernel only refuses
// once it sees the byte after). Returns the offset of that byte, or `end` when there is none.
std::size_t boundaryBefore(const std::uint8_t* data, std::size_t lowest, std::size_t end) {
    for (std::size_t back = 1; back <= 3 && end >= lowest + back; ++back) {
        const std::uint8_t byte = data[end - back];
        if (utf8::isContinuation(byte))
            continue;
        const int length = utf8::naiveLength(byte);
        return length == 0 || length > static_cast<int>(back) ? end - back : end;
    }
    return end;
}

// The sequence length the kernel counted a lead byte under (F0-FF all count as 4).
int countedLength(std::uint8_t lead) {
    return lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
}

// The length of the run of zero bytes at data[0, size), at most kMaxRunLength.
std::size_t zeroRun(const std::uint8_t* data, std::size_t size) {
    const std::size_t limit = std::min<std::size_t>(size, kMaxRunLength);
    std::size_t run = 0;
    while (run + 8 <= limit) {
        std::uint64_t word;
        std::memcpy(&word, data + run, 8);
        if (word != 0)
            break;
        run += 8;
    }
    while (run < limit && data[run] == 0)
        ++run;
    return run;
}

} // namespace

ChunkScanner::ChunkScanner(simd::BlockKernel kernel, Limits limits, const std::atomic<bool>* cancel)
    : mKernel(kernel), mLimits(limits), mCancel(cancel) {}

std::size_t ChunkScanner::decodeExactly(const std::uint8_t* data, std::size_t size,
                                        std::size_t from, std::size_t mustReach, std::uint64_t base,
                                        ChunkResult& out) {
    std::size_t at = from;
    std::size_t quietSince = from;
    while (at < size) {
        if (data[at] == 0) {
            const std::size_t run = zeroRun(data + at, size - at);
            out.counts.sequencesByLength[1] += run;
            ++out.counts.notices[static_cast<int>(NoticeKind::Nul)];
            if (out.notices.size() < mLimits.noticeRoom)
                out.notices.push_back(
                    {base + at, static_cast<std::uint32_t>(run), 0, NoticeKind::Nul});
            at += run;
            quietSince = at;
            continue;
        }
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
            --out.counts.sequencesByLength[countedLength(data[boundary])];
        if (!failed && limit < size) {
            at = boundary;
            continue;
        }
        // A refused block, or the tail after the last whole block.
        at = decodeExactly(data, size, boundary, failed ? reached + simd::kBlockSize : size, base,
                           out);
        if (out.stopped)
            return;
    }
}

} // namespace moji
