#include "chunkscanner.h"

#include "notices.h"
#include "sequencereader.h"
#include "utf8automaton.h"

#include <algorithm>
#include <array>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

#ifdef __SSE2__
namespace {

// Byte classes of 64 bytes as bit masks (bit i is byte i).
struct WindowMasks {
    std::uint64_t plain;   // 20-7E, tab, LF, CR
    std::uint64_t zero;    // 00
    std::uint64_t cont;    // 80-BF
    std::uint64_t invalid; // FE-FF
    std::uint64_t lead;    // C0-FD
};

WindowMasks windowMasks(const std::uint8_t* data) {
    WindowMasks m{};
    for (int part = 0; part < 4; ++part) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * part));
        const auto bits = [](__m128i x) {
            return static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(x)));
        };
        const std::uint64_t negative = bits(v);
        const std::uint64_t cont = bits(_mm_cmplt_epi8(v, _mm_set1_epi8(-64)));
        const std::uint64_t high = bits(_mm_cmpgt_epi8(v, _mm_set1_epi8(-3))) & negative;
        const std::uint64_t printable = bits(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x1F))) &
                                        ~bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
        const std::uint64_t layout =
            bits(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')),
                                           _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                              _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
        const int shift = 16 * part;
        m.plain |= (printable | layout) << shift;
        m.zero |= bits(_mm_cmpeq_epi8(v, _mm_setzero_si128())) << shift;
        m.cont |= cont << shift;
        m.invalid |= high << shift;
        m.lead |= (negative & ~cont & ~high) << shift;
    }
    return m;
}

constexpr SequenceKind kWindowAnomalyKinds[3] = {
    SequenceKind::InvalidByte, SequenceKind::UnexpectedContinuation, SequenceKind::Truncated};

// How many consecutive set bits `mask` has from bit `at` on (at < 64).
int runFrom(std::uint64_t mask, int at) {
    const std::uint64_t rest = ~mask >> at;
    return rest == 0 ? 64 - at : __builtin_ctzll(rest);
}

} // namespace

// Decodes the units that start in data[at, at + 56) (size - at >= 72), plus the one that ends
// past it; returns where the next unit starts. The common units of damaged data (controls,
// NUL runs, FE/FF, a lead byte without continuation, runs of continuation bytes) are recorded
// without a branch per unit; a lead byte followed by a continuation byte goes to the exact
// reader. Results are those of readSequence (tested against it).
std::size_t ChunkScanner::decodeWindow(const std::uint8_t* data, std::size_t size, std::size_t at,
                                       std::uint64_t base, ChunkResult& out,
                                       std::size_t& quietSince) {
    constexpr int kCommitLimit = 56;
    const WindowMasks m = windowMasks(data + at);
    const std::uint64_t special = ~m.plain;
    const std::uint8_t* window = data + at;
    int done = 0;
    int lastEvent = -1;
    std::uint64_t plainBytes = 0;
    Sequence* anomalies = mWindowAnomalies.data();
    Notice* notices = mWindowNotices.data();
    int anomalyCount = 0, noticeCount = 0;
    ScanCounts& counts = out.counts;
    // Tallies of the branch-free records, added to `counts` at the end.
    std::uint64_t anomalyTally[3] = {0, 0, 0};
    std::uint64_t noticeTally[2] = {0, 0};
    std::uint64_t replacements = 0;
    for (;;) {
        const std::uint64_t rest = special >> done;
        const int skip = rest == 0 ? 64 - done : __builtin_ctzll(rest);
        plainBytes += static_cast<std::uint64_t>(skip);
        done += skip;
        if (done >= kCommitLimit)
            break;
        const std::uint8_t byte = window[done];
        const bool isZero = (m.zero >> done) & 1;
        const bool isCont = (m.cont >> done) & 1;
        const bool isLead = (m.lead >> done) & 1;
        const bool nextCont = (m.cont >> (done + 1)) & 1;
        if (isLead && nextCont) {
            // A lead with a continuation after it: a sequence, or an anomaly of several bytes.
            const std::size_t offset = at + static_cast<std::size_t>(done);
            Sequence unit;
            if (const int length = wellFormedLength(data + offset, size - offset)) {
                unit = {0, static_cast<std::uint32_t>(length),
                        decodeWellFormed(data + offset, length), 0, SequenceKind::Valid};
            } else {
                unit = commonAnomalyAt(data + offset, size - offset);
                if (unit.length == 0)
                    unit = readSequence(data + offset, size - offset, true);
            }
            unit.offset = base + offset;
            if (unit.kind == SequenceKind::Valid) {
                ++counts.sequencesByLength[unit.length];
                if (unit.value <= 0x9F || unit.value >= 0xFDD0) {
                    if (const auto kind = noticeKindOf(unit)) {
                        notices[noticeCount++] = {unit.offset, unit.length, unit.value, *kind};
                        ++counts.notices[static_cast<int>(*kind)];
                        lastEvent = done + static_cast<int>(unit.length);
                    }
                }
            } else {
                anomalies[anomalyCount++] = unit;
                ++counts.byKind[static_cast<int>(unit.kind)];
                counts.replacements += unit.replacements;
                lastEvent = done + static_cast<int>(unit.length);
            }
            done += static_cast<int>(unit.length);
            if (done >= kCommitLimit)
                break;
            continue;
        }
        // One record, chosen without branches: a control or NUL run (notice), or FE/FF, a lone
        // lead or a continuation run (anomaly).
        const int zeroRun = runFrom(m.zero, done);
        const int contRun = runFrom(m.cont, done);
        const int length = 1 + (int(isZero) * (zeroRun - 1)) + (int(isCont) * (contRun - 1));
        if (int(isZero | isCont) & int(done + length >= 64))
            break; // the run may go on past the window
        const unsigned isNotice = unsigned(!(isCont | isLead | (byte >= 0xFE)));
        // 0: FE/FF, 1: continuation run, 2: lone lead.
        const unsigned anomalyClass = unsigned(isCont) + 2u * unsigned(isLead);
        const std::uint64_t offset = base + at + static_cast<std::uint64_t>(done);
        const auto length32 = static_cast<std::uint32_t>(length);
        anomalies[anomalyCount] = {offset, length32, 0, length32,
                                   kWindowAnomalyKinds[anomalyClass]};
        notices[noticeCount] = {offset, length32, byte & (0u - unsigned(!isZero)),
                                isZero ? NoticeKind::Nul : NoticeKind::Control};
        anomalyCount += int(isNotice ^ 1u);
        noticeCount += int(isNotice);
        anomalyTally[anomalyClass] += isNotice ^ 1u;
        noticeTally[unsigned(isZero)] += isNotice;
        replacements += length32 & (0u - (isNotice ^ 1u));
        plainBytes += std::uint64_t(length) & (0ull - std::uint64_t(isNotice));
        done += length;
        lastEvent = done;
    }
    for (int i = 0; i < 3; ++i)
        counts.byKind[static_cast<int>(kWindowAnomalyKinds[i])] += anomalyTally[i];
    counts.notices[static_cast<int>(NoticeKind::Control)] += noticeTally[0];
    counts.notices[static_cast<int>(NoticeKind::Nul)] += noticeTally[1];
    counts.replacements += replacements;
    counts.sequencesByLength[1] += plainBytes;
    const std::size_t anomalyRoom =
        out.anomalies.size() < mLimits.anomalyRoom ? mLimits.anomalyRoom - out.anomalies.size() : 0;
    out.anomalies.insert(out.anomalies.end(), anomalies,
                         anomalies + std::min<std::size_t>(anomalyRoom, anomalyCount));
    const std::size_t noticeRoom =
        out.notices.size() < mLimits.noticeRoom ? mLimits.noticeRoom - out.notices.size() : 0;
    out.notices.insert(out.notices.end(), notices,
                       notices + std::min<std::size_t>(noticeRoom, noticeCount));
    if (lastEvent >= 0)
        quietSince = at + static_cast<std::size_t>(lastEvent);
    return at + static_cast<std::size_t>(done);
}
#endif

std::size_t ChunkScanner::decodeExactly(const std::uint8_t* data, std::size_t size,
                                        std::size_t from, std::size_t mustReach, std::uint64_t base,
                                        ChunkResult& out) {
    std::size_t at = from;
    std::size_t quietSince = from;
    // Window mode while the last 64 bytes or so held at least kDenseEvents anomalies or notices.
    constexpr std::uint64_t kDenseEvents = 8;
    bool dense = false;
    std::uint64_t eventsBefore = out.counts.anomalies() + out.counts.noticeTotal();
    std::size_t densityCheck = at + 64;
    auto notice = [&](std::uint64_t offset, std::uint32_t length, std::uint32_t codePoint,
                      NoticeKind kind) {
        ++out.counts.notices[static_cast<int>(kind)];
        if (out.notices.size() < mLimits.noticeRoom)
            out.notices.push_back({offset, length, codePoint, kind});
        quietSince = at;
    };
    while (at < size) {
#ifdef __SSE2__
        if (dense && !mLimits.stopAtFirstAnomaly && size - at >= 72) {
            const std::size_t next = decodeWindow(data, size, at, base, out, quietSince);
            if (next > at) { // else a run fills the window: read it below
                const std::uint64_t events = out.counts.anomalies() + out.counts.noticeTotal();
                dense = events - eventsBefore >= kDenseEvents;
                eventsBefore = events;
                at = next;
                if (mKernel && at >= mustReach && at - quietSince >= kQuietBytes)
                    break;
                continue;
            }
        }
        if (at >= densityCheck) {
            // Damage dense enough for the window reader? (Mostly valid text reads faster here.)
            const std::uint64_t events = out.counts.anomalies() + out.counts.noticeTotal();
            dense = events - eventsBefore >= kDenseEvents;
            eventsBefore = events;
            densityCheck = at + 64;
        }
#endif
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
