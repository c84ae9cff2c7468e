#include "chunkscanner.h"

#include "notices.h"
#include "sequencereader.h"
#include "utf8automaton.h"

#include <algorithm>
#include <array>
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

// ASCII bytes that need no notice: 20-7E, tab, LF, CR.
constexpr std::array<bool, 256> kPlainAscii = [] {
    std::array<bool, 256> plain{};
    for (int b = 0x20; b < 0x7F; ++b)
        plain[b] = true;
    plain['\t'] = plain['\n'] = plain['\r'] = true;
    return plain;
}();

// The length of the well-formed multi-byte sequence at data[0] (Table 3-7), or 0 if there is
// none.
int wellFormedLength(const std::uint8_t* data, std::size_t size) {
    utf8::State state = utf8::step(utf8::Start, data[0]);
    for (std::size_t i = 1; state != utf8::Reject && i < size && i < 4; ++i) {
        state = utf8::step(state, data[i]);
        if (state == utf8::Start)
            return static_cast<int>(i + 1);
    }
    return 0;
}

std::uint32_t decodeWellFormed(const std::uint8_t* data, int length) {
    std::uint32_t value = data[0] & (0x7Fu >> length);
    for (int i = 1; i < length; ++i)
        value = (value << 6) | (data[i] & 0x3Fu);
    return value;
}

// The anomalies that dominate dense damage (random or binary data), read without the general
// reader: a run of continuation bytes, FE/FF, and a lead byte directly followed by a byte that
// cannot continue it. Returns length 0 for anything else. Agrees with readSequence (tested).
Sequence commonAnomalyAt(const std::uint8_t* data, std::size_t size) {
    const std::uint8_t lead = data[0];
    if (utf8::isContinuation(lead)) {
        std::size_t run = 1;
        while (run < size && run < kMaxRunLength && utf8::isContinuation(data[run]))
            ++run;
        const auto length = static_cast<std::uint32_t>(run);
        return {0, length, 0, length, SequenceKind::UnexpectedContinuation};
    }
    if (lead >= 0xFE)
        return {0, 1, 0, 1, SequenceKind::InvalidByte};
    if (size == 1 || !utf8::isContinuation(data[1]))
        return {0, 1, 0, 1, SequenceKind::Truncated};
    return {};
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
    auto notice = [&](std::uint64_t offset, std::uint32_t length, std::uint32_t codePoint,
                      NoticeKind kind) {
        ++out.counts.notices[static_cast<int>(kind)];
        if (out.notices.size() < mLimits.noticeRoom)
            out.notices.push_back({offset, length, codePoint, kind});
        quietSince = at;
    };
    while (at < size) {
        const std::uint8_t lead = data[at];
        if (kPlainAscii[lead]) {
            const std::size_t start = at;
            while (++at < size && kPlainAscii[data[at]]) {
            }
            out.counts.sequencesByLength[1] += at - start;
        } else if (lead == 0) {
            const std::size_t run = zeroRun(data + at, size - at);
            out.counts.sequencesByLength[1] += run;
            at += run;
            notice(base + at - run, static_cast<std::uint32_t>(run), 0, NoticeKind::Nul);
        } else if (lead < 0x80) {
            ++out.counts.sequencesByLength[1];
            ++at;
            notice(base + at - 1, 1, lead, NoticeKind::Control);
        } else if (const int length = wellFormedLength(data + at, size - at)) {
            ++out.counts.sequencesByLength[length];
            at += static_cast<std::size_t>(length);
            const std::uint32_t codePoint = decodeWellFormed(data + at - length, length);
            if (codePoint <= 0x9F || codePoint >= 0xFDD0) {
                const Sequence unit{base + at - length, static_cast<std::uint32_t>(length),
                                    codePoint, 0, SequenceKind::Valid};
                if (const auto kind = noticeKindOf(unit))
                    notice(unit.offset, unit.length, codePoint, *kind);
            }
        } else {
            Sequence unit = commonAnomalyAt(data + at, size - at);
            if (unit.length == 0)
                unit = readSequence(data + at, size - at, true);
            unit.offset = base + at;
            at += unit.length;
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
