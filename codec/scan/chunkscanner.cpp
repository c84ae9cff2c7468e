#include "scan/chunkscanner.h"

#include "decode/notices.h"
#include "decode/sequencereader.h"
#include "decode/utf8automaton.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace moji {
namespace {

// Bytes handed to the kernel between two looks at the cancel flag.
constexpr std::size_t kStep = 1 << 20;
// Well-formed, notice-free bytes the exact path reads before handing back to the kernel where
// damage is dense (the kernel failed within kBlockSize bytes of where it started).
constexpr std::size_t kQuietBytes = 64;

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

// The unit at data[0], a byte >= 80: a well-formed sequence found with the automaton (and a
// 2-byte one at a glance), anything else read by readSequence.
Sequence unitFrom(const std::uint8_t* data, std::size_t size) {
    const std::uint8_t lead = data[0];
    int length = 0;
    if (lead >= 0xC2 && lead <= 0xDF)
        length = size > 1 && utf8::isContinuation(data[1]) ? 2 : 0;
    else if (lead >= 0xE0)
        length = wellFormedLength(data, size);
    if (length == 0)
        return readSequence(data, size, true);
    return {0, static_cast<std::uint32_t>(length), utf8::patternValue(data, length), 0,
            SequenceKind::Valid};
}

// The notice a well-formed multi-byte unit deserves, with the common case decided inline.
std::optional<NoticeKind> noticeOf(const Sequence& unit) {
    if (unit.value > 0x9F && unit.value < 0xFDD0)
        return std::nullopt;
    return noticeKindOf(unit);
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

// Room for `wanted` more records in `items` (see ChunkScanner::Limits): without a budget up to
// `limit`; with one, what it granted, taking more in steps that grow with what is held.
template <typename Item>
std::size_t roomIn(std::vector<Item>& items, std::uint64_t& grant, std::size_t limit,
                   IndexBudget* budget, std::size_t wanted) {
    if (!budget)
        return limit > items.size() ? limit - items.size() : 0;
    constexpr std::uint64_t kFirstGrant = 64;
    const std::uint64_t room = grant - items.size();
    if (room >= wanted || grant >= limit)
        return static_cast<std::size_t>(room);
    const std::uint64_t ask = std::min<std::uint64_t>(
        limit - grant, std::max<std::uint64_t>({wanted - room, grant, kFirstGrant}));
    if (const std::uint64_t granted = budget->take(ask)) {
        grant += granted;
        items.reserve(static_cast<std::size_t>(grant));
    }
    return static_cast<std::size_t>(grant - items.size());
}

} // namespace

std::size_t ChunkScanner::anomalyRoom(ChunkResult& out, std::size_t wanted) {
    return roomIn(out.anomalies, out.anomalyGrant, mLimits.anomalyRoom, mLimits.anomalyBudget,
                  wanted);
}

std::size_t ChunkScanner::noticeRoom(ChunkResult& out, std::size_t wanted) {
    return roomIn(out.notices, out.noticeGrant, mLimits.noticeRoom, mLimits.noticeBudget, wanted);
}

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

// This file is built with POPCNT (for the window reader only); older CPUs read unit by unit.
const bool kWindowReaderUsable = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") != 0;
}();

constexpr SequenceKind kWindowAnomalyKinds[3] = {
    SequenceKind::InvalidByte, SequenceKind::UnexpectedContinuation, SequenceKind::Truncated};

// How many consecutive set bits `mask` has from bit `at` on (at < 64).
int runFrom(std::uint64_t mask, int at) {
    const std::uint64_t rest = ~mask >> at;
    return rest == 0 ? 64 - at : __builtin_ctzll(rest);
}

} // namespace

// Decodes units from data[at] on (size - at >= 72) using the byte-class masks of the 64 bytes
// there: every unit before the first lead byte that has a continuation byte after it is a
// control, a NUL run, FE/FF, a lone lead or a run of continuation bytes, found and recorded from
// the masks without a branch per unit; that first multi-byte unit is then read exactly.
// Returns where the next unit starts (at itself when a run fills the whole window). Results
// are those of readSequence (tested against it).
std::size_t ChunkScanner::decodeWindow(const std::uint8_t* data, std::size_t size, std::size_t at,
                                       std::uint64_t base, ChunkResult& out,
                                       std::size_t& quietSince) {
    const WindowMasks m = windowMasks(data + at);
    const std::uint8_t* window = data + at;
    const std::uint64_t nextCont =
        (m.cont >> 1) | (std::uint64_t(utf8::isContinuation(data[at + 64])) << 63);
    // Leads followed by a continuation byte start units of several bytes: the exact reader
    // takes the first; everything before it is decided by the masks alone.
    const std::uint64_t multi = m.lead & nextCont;
    // A run that reaches the end of the window may go on: nothing from its start is decided.
    int runLimit = 64;
    for (const std::uint64_t runs : {m.cont, m.zero}) {
        if (runs >> 63) {
            const std::uint64_t others = ~runs;
            runLimit = std::min(runLimit, others ? 64 - __builtin_clzll(others) : 0);
        }
    }
    const std::uint64_t contStarts = m.cont & ~(m.cont << 1);
    const std::uint64_t zeroStarts = m.zero & ~(m.zero << 1);
    const std::uint64_t singles = ~m.plain & ~m.cont & ~m.zero;
    const auto bitsBelow = [](int n) { return n >= 64 ? ~0ull : (1ull << n) - 1; };

    Sequence* anomalies = mWindowAnomalies.data();
    Notice* notices = mWindowNotices.data();
    int anomalyCount = 0, noticeCount = 0;
    // Records are only made while the index has room; the counts come from the masks.
    const std::size_t anomalyRoomHere = anomalyRoom(out, 64);
    const std::size_t noticeRoomHere = noticeRoom(out, 64);
    const bool recording = anomalyRoomHere > 0 || noticeRoomHere > 0;
    const std::uint64_t controls = singles & ~m.invalid & ~m.lead;
    int lastEvent = -1;
    ScanCounts& counts = out.counts;
    const auto count = [](std::uint64_t bits) {
        return static_cast<std::uint64_t>(__builtin_popcountll(bits));
    };
    int done = 0;
    while (done < 64) {
        const std::uint64_t multiAhead = multi & ~bitsBelow(done);
        const int limit =
            std::min(multiAhead ? __builtin_ctzll(multiAhead) : 64, std::max(runLimit, done));
        const std::uint64_t range = bitsBelow(limit) & ~bitsBelow(done);
        // A continuation byte right after a unit of several bytes starts a run of its own.
        const std::uint64_t runStarts = (contStarts | (m.cont & (1ull << (done & 63)))) & range;
        const std::uint64_t invalid = singles & m.invalid & range;
        const std::uint64_t loneLeads = singles & m.lead & range;
        const std::uint64_t controlBytes = controls & range;
        const std::uint64_t nulRuns = zeroStarts & range;
        counts.byKind[static_cast<int>(SequenceKind::InvalidByte)] += count(invalid);
        counts.byKind[static_cast<int>(SequenceKind::Truncated)] += count(loneLeads);
        counts.byKind[static_cast<int>(SequenceKind::UnexpectedContinuation)] += count(runStarts);
        counts.replacements += count(invalid | loneLeads) + count(m.cont & range);
        counts.notices[static_cast<int>(NoticeKind::Control)] += count(controlBytes);
        counts.notices[static_cast<int>(NoticeKind::Nul)] += count(nulRuns);
        counts.sequencesByLength[1] += count((m.plain | m.zero | controlBytes) & range);
        std::uint64_t events = invalid | loneLeads | controlBytes | nulRuns | runStarts;
        if (events)
            lastEvent = 64 - __builtin_clzll(events); // at least past the last one's first byte
        while (recording && events) {
            const int e = __builtin_ctzll(events);
            events &= events - 1;
            const bool isZero = (m.zero >> e) & 1;
            const bool isCont = (m.cont >> e) & 1;
            const bool isLead = (m.lead >> e) & 1;
            const std::uint8_t byte = window[e];
            const int length =
                1 + int(isZero) * (runFrom(m.zero, e) - 1) + int(isCont) * (runFrom(m.cont, e) - 1);
            const unsigned isNotice = unsigned(!(isCont | isLead | (byte >= 0xFE)));
            const unsigned anomalyClass = unsigned(isCont) + 2u * unsigned(isLead);
            const std::uint64_t offset = base + at + static_cast<std::uint64_t>(e);
            const auto length32 = static_cast<std::uint32_t>(length);
            anomalies[anomalyCount] = {offset, length32, 0, length32,
                                       kWindowAnomalyKinds[anomalyClass]};
            notices[noticeCount] = {offset, length32, byte & (0u - unsigned(!isZero)),
                                    isZero ? NoticeKind::Nul : NoticeKind::Control};
            anomalyCount += int(isNotice ^ 1u);
            noticeCount += int(isNotice);
        }
        if (runStarts | nulRuns) // a run ends where the next non-run byte or the limit is
            lastEvent = std::max(lastEvent, limit);
        done = limit;
        if (done >= 64 || !((multi >> done) & 1))
            break; // the end of the window, or a run that may go on past it
        // The unit of several bytes here, read exactly.
        const std::size_t offset = at + static_cast<std::size_t>(done);
        Sequence unit = unitFrom(data + offset, size - offset);
        unit.offset = base + offset;
        done += static_cast<int>(unit.length);
        if (unit.kind == SequenceKind::Valid) {
            ++counts.sequencesByLength[unit.length];
            if (const auto kind = noticeOf(unit)) {
                notices[noticeCount++] = {unit.offset, unit.length, unit.value, *kind};
                ++counts.notices[static_cast<int>(*kind)];
                lastEvent = done;
            }
        } else {
            anomalies[anomalyCount++] = unit;
            ++counts.byKind[static_cast<int>(unit.kind)];
            counts.replacements += unit.replacements;
            lastEvent = done;
        }
    }
    out.anomalies.insert(out.anomalies.end(), anomalies,
                         anomalies + std::min<std::size_t>(anomalyRoomHere, anomalyCount));
    out.notices.insert(out.notices.end(), notices,
                       notices + std::min<std::size_t>(noticeRoomHere, noticeCount));
    if (lastEvent >= 0)
        quietSince = at + static_cast<std::size_t>(lastEvent);
    return at + static_cast<std::size_t>(done);
}
#endif

std::size_t ChunkScanner::decodeExactly(const std::uint8_t* data, std::size_t size,
                                        std::size_t from, std::size_t mustReach,
                                        std::size_t quietBytes, std::uint64_t base,
                                        ChunkResult& out) {
    std::size_t at = from;
    std::size_t quietSince = from;
    // Window mode while the last 64 bytes or so held at least kDenseEvents anomalies or notices.
    constexpr std::uint64_t kDenseEvents = 8;
    bool dense = false;
    std::uint64_t eventsBefore = out.counts.anomalies() + out.counts.noticeTotal();
    std::size_t densityCheck = at + 64;
    // Damage dense enough for the window reader? (Mostly valid text reads faster unit by unit.)
    const auto updateDensity = [&] {
        const std::uint64_t events = out.counts.anomalies() + out.counts.noticeTotal();
        dense = events - eventsBefore >= kDenseEvents;
        eventsBefore = events;
    };
    auto notice = [&](std::uint64_t offset, std::uint32_t length, std::uint32_t codePoint,
                      NoticeKind kind) {
        ++out.counts.notices[static_cast<int>(kind)];
        if (noticeRoom(out, 1) > 0)
            out.notices.push_back({offset, length, codePoint, kind});
        quietSince = at;
    };
    while (at < size) {
#ifdef __SSE2__
        if (dense && kWindowReaderUsable && !mLimits.stopAtFirstAnomaly && size - at >= 72) {
            const std::size_t next = decodeWindow(data, size, at, base, out, quietSince);
            if (next > at) { // else a run fills the window: read it below
                updateDensity();
                at = next;
                if (mKernel && at >= mustReach && at - quietSince >= quietBytes)
                    break;
                continue;
            }
        }
        if (at >= densityCheck) {
            updateDensity();
            densityCheck = at + 64;
        }
#endif
        const std::uint8_t lead = data[at];
        if (kPlainAscii[lead]) {
            // A run of plain ASCII; with a kernel to go back to, only as far as the exit below.
            const std::size_t start = at;
            const std::size_t end =
                mKernel ? std::min(size, std::max({mustReach, quietSince + quietBytes, at + 1}))
                        : size;
            while (++at < end && kPlainAscii[data[at]]) {
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
        } else {
            Sequence unit = unitFrom(data + at, size - at);
            unit.offset = base + at;
            at += unit.length;
            if (unit.kind == SequenceKind::Valid) {
                ++out.counts.sequencesByLength[unit.length];
                if (const auto kind = noticeOf(unit))
                    notice(unit.offset, unit.length, unit.value, *kind);
            } else {
                ++out.counts.byKind[static_cast<int>(unit.kind)];
                out.counts.replacements += unit.replacements;
                if (anomalyRoom(out, 1) > 0)
                    out.anomalies.push_back(unit);
                if (unit.length >= kLongRun)
                    out.longRuns.push_back(unit);
                quietSince = at;
                if (mLimits.stopAtFirstAnomaly) {
                    out.stopped = true;
                    return size;
                }
            }
        }
        if (mKernel && at >= mustReach && at - quietSince >= quietBytes)
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
            at = decodeExactly(data, size, at, size, 0, base, out);
            continue;
        }
        const std::size_t limit = std::min(size, at + kStep);
        simd::KernelResult kernel;
        mKernel(data + at, limit - at, kernel);
        for (int length = 1; length <= 4; ++length)
            out.counts.sequencesByLength[length] += kernel.byLength[length];
        if (!kernel.failed && limit < size) {
            at += kernel.passed;
            continue;
        }
        // A flagged byte, or the tail after the last whole block. After a whole block or more of
        // clean text the damage is sparse: back to the kernel right past the flagged byte.
        const bool sparse = kernel.flagged >= simd::kBlockSize;
        at = decodeExactly(data, size, at + kernel.passed,
                           kernel.failed ? at + kernel.flagged + 1 : size, sparse ? 0 : kQuietBytes,
                           base, out);
        if (out.stopped)
            return;
    }
}

} // namespace moji
