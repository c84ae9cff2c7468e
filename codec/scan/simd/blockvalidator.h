#pragma once

// The vectorised block check, written once over an instruction-set traits class T (see
// avx2traits.h, avx512traits.h). Included only by the per-ISA kernel translation units, each
// compiled with its own target flags; everything here has internal linkage so no code built
// for one instruction set can be picked by the linker for another.
//
// Interface of T: `using V` (one vector), `static constexpr int kWidth` (its bytes; kBlockSize is
// a multiple), `using Mask`, and these static functions:
//   V load(const uint8_t*), zero(), splat(uint8_t), table(const uint8_t (&)[16])
//   V incompleteLimits()         FF in every byte but the last three: F0-1, E0-1, C0-1
//   V lookup(V table, V index)   table[index] per byte, every index a nibble (0-15)
//   V highNibble(V), lowNibble(V)
//   V bitAnd(V, V), bitOr(V, V), bitXor(V, V)
//   V subsU(V a, V b)            a - b per byte, unsigned, saturating at 0
//   V previous<N>(V input, V previous)  the last N bytes of `previous`, then input's first N
//   bool any(V)                  some byte is not 00
//   Mask                         an unsigned integer of 8 * sizeof(Mask) / kWidth bits per byte,
//                                byte 0 lowest: all of a byte's bits are set or all are clear
//   Mask highBits(V)             bytes >= 80
//   Mask nonZero(V)              bytes not 00
//   Mask firstBytes(int n)       bytes [0, n), 0 <= n <= kWidth
//   int firstSet(Mask m)         the index of the first byte set in m (m != 0)
//   uint64_t popcount(Mask)      the number of bytes set
//
// credit: the validation is the lookup method of Keiser and Lemire, "Validating UTF-8 In Less
// Than One Instruction Per Byte" (2021): three 16-entry tables indexed by the high nibble of the
// previous byte, its low nibble and the high nibble of the current byte, whose AND flags every
// two-byte error, plus a check that third and fourth bytes are continuations.

#include "scan/simd/kernel.h"

#include <stddef.h>
#include <stdint.h>

namespace moji::simd {
namespace {

// Error flags of the two-byte lookup: one bit per rule, named by the bit pattern it catches.
constexpr uint8_t kTooShort = 1 << 0;     // 11______ 0_______  or 11______ 11______
constexpr uint8_t kTooLong = 1 << 1;      // 0_______ 10______
constexpr uint8_t kOverlong3 = 1 << 2;    // 11100000 100_____
constexpr uint8_t kTooLarge = 1 << 3;     // 11110100 1001____, 11110100 101_____, 11110101+ ...
constexpr uint8_t kSurrogate = 1 << 4;    // 11101101 101_____
constexpr uint8_t kOverlong2 = 1 << 5;    // 1100000_ 10______
constexpr uint8_t kTooLarge1000 = 1 << 6; // 11110101+ 1000____ (shares its bit with kOverlong4)
constexpr uint8_t kOverlong4 = 1 << 6;    // 11110000 1000____
constexpr uint8_t kTwoConts = 1 << 7;     // 10______ 10______
constexpr uint8_t kCarry = kTooShort | kTooLong | kTwoConts;

// Indexed by the high nibble of the previous byte.
constexpr uint8_t kByte1High[16] = {
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong, // 0_______
    kTwoConts,
    kTwoConts,
    kTwoConts,
    kTwoConts,                                          // 10______
    kTooShort | kOverlong2,                             // 1100____
    kTooShort,                                          // 1101____
    kTooShort | kOverlong3 | kSurrogate,                // 1110____
    kTooShort | kTooLarge | kTooLarge1000 | kOverlong4, // 1111____
};

// Indexed by the low nibble of the previous byte.
constexpr uint8_t kByte1Low[16] = {
    kCarry | kOverlong3 | kOverlong2 | kOverlong4,   // ____0000
    kCarry | kOverlong2,                             // ____0001
    kCarry,                                          // ____0010
    kCarry,                                          // ____0011
    kCarry | kTooLarge,                              // ____0100
    kCarry | kTooLarge | kTooLarge1000,              // ____0101
    kCarry | kTooLarge | kTooLarge1000,              // ____0110
    kCarry | kTooLarge | kTooLarge1000,              // ____0111
    kCarry | kTooLarge | kTooLarge1000,              // ____1000
    kCarry | kTooLarge | kTooLarge1000,              // ____1001
    kCarry | kTooLarge | kTooLarge1000,              // ____1010
    kCarry | kTooLarge | kTooLarge1000,              // ____1011
    kCarry | kTooLarge | kTooLarge1000,              // ____1100
    kCarry | kTooLarge | kTooLarge1000 | kSurrogate, // ____1101
    kCarry | kTooLarge | kTooLarge1000,              // ____1110
    kCarry | kTooLarge | kTooLarge1000,              // ____1111
};

// Indexed by the high nibble of the current byte.
constexpr uint8_t kByte2High[16] = {
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,                                                                   // 0_
    kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge1000 | kOverlong4, // 1000
    kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge,                  // 1001
    kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,                  // 1010
    kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,                  // 1011
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort, // 11__
};

// Notices (see NoticeKind) are flagged by four more lookups, as errors are: the high and the low
// nibble of a byte B, the high nibble of the byte after B and the low nibble of the byte before
// B. A control or DEL is B itself; a notice of several bytes ends right after B, and is flagged
// there, at its last byte. In a vector with bytes >= 80, B is `prev1`, whose nibbles the
// validation computes, so a control is flagged at the byte after it; an ASCII block looks up
// its own bytes. Some rows are supersets, for the exact reader to decide: U+xFFF0-U+xFFFF for
// U+xFFFE/F, U+FEF0-U+FEFF for U+FEFF, and the byte before B may be any ?F, not only EF.
constexpr uint8_t kControl0 = 1 << 0; // 0000____ other than tab, LF, CR: a C0 control
constexpr uint8_t kControl1 = 1 << 1; // 0001____: a C0 control
constexpr uint8_t kDelete = 1 << 2;   // 01111111
constexpr uint8_t kC1 = 1 << 3;       // 11000010 100_____: a C1 control U+0080-U+009F
constexpr uint8_t kFDD0 = 1 << 4;     // ____1111 10110111 1001____ / 1010____: U+FDD0-U+FDEF
constexpr uint8_t kFEFF = 1 << 5;     // ____1111 10111011 1011____: U+FEF0-U+FEFF
constexpr uint8_t kFFFE = 1 << 6;     // ____1111 10111111 1011____: U+xFFF0-U+xFFFF
constexpr uint8_t kControls = kControl0 | kControl1 | kDelete;

// Indexed by the high nibble of the byte.
constexpr uint8_t kNotice1High[16] = {
    kControl0,             // 0000____
    kControl1,             // 0001____
    0,                     // 0010____
    0,                     // 0011____
    0,                     // 0100____
    0,                     // 0101____
    0,                     // 0110____
    kDelete,               // 0111____
    0,                     // 1000____
    0,                     // 1001____
    0,                     // 1010____
    kFDD0 | kFEFF | kFFFE, // 1011____
    kC1,                   // 1100____
    0,                     // 1101____
    0,                     // 1110____
    0,                     // 1111____
};

// Indexed by the low nibble of the byte.
constexpr uint8_t kNotice1Low[16] = {
    kControl0 | kControl1,                   // ____0000
    kControl0 | kControl1,                   // ____0001
    kControl0 | kControl1 | kC1,             // ____0010
    kControl0 | kControl1,                   // ____0011
    kControl0 | kControl1,                   // ____0100
    kControl0 | kControl1,                   // ____0101
    kControl0 | kControl1,                   // ____0110
    kControl0 | kControl1 | kFDD0,           // ____0111
    kControl0 | kControl1,                   // ____1000
    kControl1,                               // ____1001
    kControl1,                               // ____1010
    kControl0 | kControl1 | kFEFF,           // ____1011
    kControl0 | kControl1,                   // ____1100
    kControl1,                               // ____1101
    kControl0 | kControl1,                   // ____1110
    kControl0 | kControl1 | kDelete | kFFFE, // ____1111
};

// Indexed by the high nibble of the byte after it.
constexpr uint8_t kNotice2High[16] = {
    kControls,                 // 0000____
    kControls,                 // 0001____
    kControls,                 // 0010____
    kControls,                 // 0011____
    kControls,                 // 0100____
    kControls,                 // 0101____
    kControls,                 // 0110____
    kControls,                 // 0111____
    kControls | kC1,           // 1000____
    kControls | kC1 | kFDD0,   // 1001____
    kControls | kFDD0,         // 1010____
    kControls | kFEFF | kFFFE, // 1011____
    kControls,                 // 1100____
    kControls,                 // 1101____
    kControls,                 // 1110____
    kControls,                 // 1111____
};

// Indexed by the low nibble of the byte before it.
constexpr uint8_t kNoticeGate[16] = {
    kControls | kC1,                         // ____0000
    kControls | kC1,                         // ____0001
    kControls | kC1,                         // ____0010
    kControls | kC1,                         // ____0011
    kControls | kC1,                         // ____0100
    kControls | kC1,                         // ____0101
    kControls | kC1,                         // ____0110
    kControls | kC1,                         // ____0111
    kControls | kC1,                         // ____1000
    kControls | kC1,                         // ____1001
    kControls | kC1,                         // ____1010
    kControls | kC1,                         // ____1011
    kControls | kC1,                         // ____1100
    kControls | kC1,                         // ____1101
    kControls | kC1,                         // ____1110
    kControls | kC1 | kFDD0 | kFEFF | kFFFE, // ____1111
};

// The sequence boundary at or before `end`, where data[0, end) is well-formed except perhaps for
// a sequence begun in its last three bytes and not complete (or an FE/FF there): the start of
// that sequence, or `end`.
inline size_t boundaryBefore(const uint8_t* data, size_t end) {
    for (size_t back = 1; back <= 3 && back <= end; ++back) {
        const uint8_t byte = data[end - back];
        if (byte >= 0x80 && byte < 0xC0)
            continue;
        const size_t length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
        return byte >= 0xFE || length > back ? end - back : end;
    }
    return end;
}

// How far ahead of the block being checked the kernel asks for memory.
constexpr size_t kPrefetchDistance = 4096;

// A control or DEL other than tab, LF and CR.
constexpr bool isControl(uint8_t byte) {
    constexpr uint32_t kC0 = ~((1u << '\t') | (1u << '\n') | (1u << '\r'));
    return byte < 0x20 ? (kC0 >> byte) & 1 : byte == 0x7F;
}

// With Counting false, the validator neither counts sequences nor looks for notices: a plain
// yes/no check for callers that only want the first anomaly.
template <typename T, bool Counting>
class BlockValidator {
  public:
    using V = typename T::V;
    using Mask = typename T::Mask;
    static constexpr int kVectors = kBlockSize / T::kWidth;

    BlockValidator()
        : mByte1High(T::table(kByte1High)), mByte1Low(T::table(kByte1Low)),
          mByte2High(T::table(kByte2High)), mNotice1High(T::table(kNotice1High)),
          mNotice1Low(T::table(kNotice1Low)), mNotice2High(T::table(kNotice2High)),
          mNoticeGate(T::table(kNoticeGate)), mIncompleteLimits(T::incompleteLimits()) {}

    // See BlockKernel in kernel.h.
    void run(const uint8_t* data, size_t size, KernelResult& result) const {
        Totals totals;
        V previous = T::splat(' ');
        size_t at = 0;
        for (; at + kBlockSize <= size; at += kBlockSize) {
            V in[kVectors];
            Mask high[kVectors];
            Mask anyHigh = 0;
            // Hardware prefetchers stop at 4 KiB pages; this keeps memory busy across them. (The
            // address may lie past the data: a prefetch never faults.)
            __builtin_prefetch(reinterpret_cast<const void*>(
                reinterpret_cast<uintptr_t>(data + at) + kPrefetchDistance));
            for (int i = 0; i < kVectors; ++i) {
                in[i] = T::load(data + at + i * T::kWidth);
                high[i] = T::highBits(in[i]);
                anyHigh |= high[i];
            }
            if (anyHigh == 0) {
                // ASCII: fine unless the block before ended inside a sequence, or a control is
                // here or (not checked by a block with more than ASCII) right before.
                V flags = T::subsU(previous, mIncompleteLimits);
                if constexpr (Counting) {
                    for (int i = 0; i < kVectors; ++i)
                        flags = T::bitOr(flags, controls(in[i]));
                    if (at > 0 && isControl(data[at - 1]))
                        return fail(data, at - 1, totals, result);
                }
                if (T::any(flags))
                    return fail(data, at, firstFlagged(data + at, previous), totals, result);
            } else {
                V flags = T::zero();
                Mask continued[kVectors], fourths[kVectors];
                for (int i = 0; i < kVectors; ++i) {
                    const Checked checked = check(in[i], i == 0 ? previous : in[i - 1]);
                    flags = T::bitOr(flags, T::bitOr(checked.errors, checked.notices));
                    if constexpr (Counting) {
                        continued[i] = T::highBits(checked.mustContinue);
                        fourths[i] = T::highBits(checked.isFourth);
                    }
                }
                if (T::any(flags))
                    return fail(data, at, firstFlagged(data + at, previous), totals, result);
                if constexpr (Counting) {
                    totals.nonAscii += count(high);
                    totals.continued += count(continued);
                    totals.fourths += count(fourths);
                }
            }
            previous = in[kVectors - 1];
        }
        if (Counting && at > 0 && isControl(data[at - 1]))
            return fail(data, at - 1, totals, result);
        const size_t passed = boundaryBefore(data, at);
        uncountTail(data, passed, at, totals);
        finish(totals, passed, result);
        result.failed = false;
    }

  private:
    // Counts over the bytes passed, each made where the kernel sees it: bytes >= 80; third and
    // fourth bytes of sequences, where the lookup check expects a continuation; fourth bytes.
    struct Totals {
        uint64_t nonAscii = 0, continued = 0, fourths = 0;
    };

    // One vector checked against the one before it. `errors` is not 00 where a byte is
    // ill-formed given the bytes before it, `notices` (counting) where a notice ends or a
    // control is right before.
    struct Checked {
        V errors, notices, mustContinue, isFourth;
    };

    Checked check(V input, V before) const {
        const V prev1 = T::template previous<1>(input, before);
        const V prev2 = T::template previous<2>(input, before);
        const V prev3 = T::template previous<3>(input, before);
        const V prev1High = T::highNibble(prev1);
        const V prev1Low = T::lowNibble(prev1);
        const V inputHigh = T::highNibble(input);
        const V special =
            T::bitAnd(T::bitAnd(T::lookup(mByte1High, prev1High), T::lookup(mByte1Low, prev1Low)),
                      T::lookup(mByte2High, inputHigh));
        // Bytes 3 and 4 of a sequence must be continuations: exactly where kTwoConts may be set.
        const V isThird = T::subsU(prev2, T::splat(0xE0 - 0x80));
        const V isFourth = T::subsU(prev3, T::splat(0xF0 - 0x80));
        const V mustContinue = T::bitAnd(T::bitOr(isThird, isFourth), T::splat(0x80));
        V notices = T::zero();
        if constexpr (Counting) {
            notices = T::bitAnd(
                T::bitAnd(T::lookup(mNotice1High, prev1High), T::lookup(mNotice1Low, prev1Low)),
                T::bitAnd(T::lookup(mNotice2High, inputHigh),
                          T::lookup(mNoticeGate, T::lowNibble(prev2))));
        }
        return {T::bitXor(mustContinue, special), notices, mustContinue, isFourth};
    }

    // Controls and DEL in an ASCII vector, flagged where they are.
    V controls(V input) const {
        return T::bitAnd(T::lookup(mNotice1High, T::highNibble(input)),
                         T::lookup(mNotice1Low, T::lowNibble(input)));
    }

    // The offset in the block at `block` of its first flagged byte: the first byte where an
    // error or a notice of several bytes is flagged, or a control, whichever comes first. (0 if,
    // against expectation, there is none.)
    int firstFlagged(const uint8_t* block, V previous) const {
        V in[kVectors];
        Mask anyHigh = 0;
        for (int i = 0; i < kVectors; ++i) {
            in[i] = T::load(block + i * T::kWidth);
            anyHigh |= T::highBits(in[i]);
        }
        if (anyHigh == 0 && T::any(T::subsU(previous, mIncompleteLimits)))
            return 0; // the first byte is not the continuation the block before expects
        for (int i = 0; i < kVectors; ++i) {
            Mask errors = 0, controlsBefore = 0;
            if (anyHigh != 0) {
                const Checked checked = check(in[i], i == 0 ? previous : in[i - 1]);
                errors = T::nonZero(T::bitOr(
                    checked.errors, T::bitAnd(checked.notices, T::splat(~kControls & 0xFF))));
                controlsBefore = T::nonZero(T::bitAnd(checked.notices, T::splat(kControls)));
            } else if constexpr (Counting) {
                errors = T::nonZero(controls(in[i]));
            }
            const int base = i * T::kWidth;
            const int error = errors ? base + T::firstSet(errors) : kBlockSize;
            const int control =
                controlsBefore ? base + T::firstSet(controlsBefore) - 1 : kBlockSize;
            if (error < kBlockSize || control < kBlockSize)
                return error < control ? error : control;
        }
        return 0;
    }

    // Stops at data[flagged] (offset `flagged` from the block at `block`, possibly -1), after
    // the blocks before `block` passed with `totals`.
    void fail(const uint8_t* data, size_t block, int flagged, Totals totals,
              KernelResult& result) const {
        const size_t at = static_cast<size_t>(static_cast<ptrdiff_t>(block) + flagged);
        const size_t passed = boundaryBefore(data, at);
        if constexpr (Counting) {
            if (passed < block) {
                uncountTail(data, passed, block, totals);
            } else if (passed > block) {
                // The well-formed start of the block: count it.
                V previous = block == 0 ? T::splat(' ') : T::load(data + block - T::kWidth);
                for (int i = 0; i < kVectors; ++i) {
                    const size_t start = block + static_cast<size_t>(i * T::kWidth);
                    if (passed <= start)
                        break;
                    const V input = T::load(data + start);
                    const Mask below = T::firstBytes(passed - start < size_t(T::kWidth)
                                                         ? static_cast<int>(passed - start)
                                                         : T::kWidth);
                    const Checked checked = check(input, previous);
                    totals.nonAscii += T::popcount(below & T::highBits(input));
                    totals.continued += T::popcount(below & T::highBits(checked.mustContinue));
                    totals.fourths += T::popcount(below & T::highBits(checked.isFourth));
                    previous = input;
                }
            }
        }
        finish(totals, passed, result);
        result.flagged = at;
        result.failed = true;
    }

    // Stops at the control data[at], which directly follows passed blocks.
    void fail(const uint8_t* data, size_t at, Totals totals, KernelResult& result) const {
        fail(data, at + 1, -1, totals, result);
    }

    // The number of bytes set in the masks of a block.
    static uint64_t count(const Mask (&masks)[kVectors]) {
        if constexpr (kVectors * sizeof(Mask) <= sizeof(uint64_t) && kVectors > 1) {
            uint64_t all = 0;
            for (int i = 0; i < kVectors; ++i)
                all |= static_cast<uint64_t>(masks[i]) << (i * 8 * sizeof(Mask));
            return static_cast<uint64_t>(__builtin_popcountll(all)) /
                   (8 * sizeof(Mask) / T::kWidth);
        } else {
            uint64_t total = 0;
            for (int i = 0; i < kVectors; ++i)
                total += T::popcount(masks[i]);
            return total;
        }
    }

    // data[from, to) is a control or the start of a sequence that did not end, after bytes
    // counted whole: takes off what it added.
    static void uncountTail(const uint8_t* data, size_t from, size_t to, Totals& totals) {
        if constexpr (Counting) {
            // At most four bytes (an incomplete sequence, or a control after one).
            for (size_t at = from; at < to && at < from + 4; ++at)
                totals.nonAscii -= data[at] >> 7;
            if (to - from >= 3 && data[from] >= 0xE0)
                --totals.continued; // its third byte (a fourth cannot be there)
        }
    }

    static void finish(const Totals& totals, size_t passed, KernelResult& result) {
        if constexpr (Counting) {
            // Over whole sequences: nonAscii = 2 n2 + 3 n3 + 4 n4, continued = n3 + 2 n4.
            const uint64_t four = totals.fourths;
            const uint64_t three = totals.continued - 2 * four;
            const uint64_t two = (totals.nonAscii - totals.continued) / 2 - three - four;
            result.byLength[1] += passed - totals.nonAscii;
            result.byLength[2] += two;
            result.byLength[3] += three;
            result.byLength[4] += four;
        }
        result.passed = passed;
    }

    V mByte1High, mByte1Low, mByte2High;
    V mNotice1High, mNotice1Low, mNotice2High, mNoticeGate;
    V mIncompleteLimits; // a last byte >= C0, second-last >= E0 or third-last >= F0
};

} // namespace
} // namespace moji::simd
