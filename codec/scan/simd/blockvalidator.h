#pragma once

// The vectorised block check, written once over an instruction-set traits class T (see
// avx2traits.h, avx512traits.h, neontraits.h). Included only by the per-ISA kernel translation
// units, each compiled with its own target flags; everything here has internal linkage so no code
// built for one instruction set can be picked by the linker for another.
//
// credit: the validation is the lookup method of Keiser and Lemire, "Validating UTF-8 In Less
// Than One Instruction Per Byte" (2021): three 16-entry tables indexed by the high nibble of the
// previous byte, its low nibble and the high nibble of the current byte, whose AND flags every
// two-byte error, plus a check that third and fourth bytes are continuations.

#include "scan/simd/kernel.h"

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

// Bytes that may need noticing (see NoticeKind), by nibble: the AND of the two lookups is
// non-zero for 00-08, 0B, 0C, 0E-1F and 7F. Multi-byte notices are matched on byte pairs below.
constexpr uint8_t kControlHigh[16] = {1, 2, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0};
constexpr uint8_t kControlLow[16] = {3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 3, 3, 2, 3, 7};

// With Counting false, the validator neither counts sequences nor looks for notices: a plain
// yes/no check for callers that only want the first anomaly.
template <typename T, bool Counting>
class BlockValidator {
  public:
    using V = typename T::V;
    using Mask = typename T::Mask;

    BlockValidator()
        : mByte1High(T::table(kByte1High)), mByte1Low(T::table(kByte1Low)),
          mByte2High(T::table(kByte2High)), mControlHigh(T::table(kControlHigh)),
          mControlLow(T::table(kControlLow)), mPrevious(T::zero()),
          mIncompleteLimits(T::incompleteLimits()) {}

    // Validates whole 64-byte blocks of data[0, size), starting at a sequence boundary.
    // See validateBlocks() in kernel.h for the contract.
    size_t run(const uint8_t* data, size_t size, SequenceCounts& counts, bool& failed) {
        failed = false;
        size_t at = 0;
        // Totals of the blocks that passed, kept in registers (stores through `counts` could
        // alias `data` as far as the compiler knows).
        uint64_t nonAscii = 0, leadC0 = 0, leadE0 = 0, leadF0 = 0;
        for (; at + kBlockSize <= size; at += kBlockSize) {
            BlockCounts block{};
            if (!checkBlock(data + at, block)) {
                failed = true;
                break;
            }
            nonAscii += block.nonAscii;
            leadC0 += block.leadC0;
            leadE0 += block.leadE0;
            leadF0 += block.leadF0;
        }
        if constexpr (Counting) {
            counts.byLength[1] += at - nonAscii;
            counts.byLength[2] += leadC0 - leadE0;
            counts.byLength[3] += leadE0 - leadF0;
            counts.byLength[4] += leadF0;
        }
        return at;
    }

  private:
    struct BlockCounts {
        uint64_t nonAscii, leadC0, leadE0, leadF0;
    };

    // True when the block is well-formed given the bytes before it and has nothing to notice.
    bool checkBlock(const uint8_t* block, BlockCounts& counts) {
        V error = T::zero();
        Mask notice = 0;
        for (int i = 0; i < kBlockSize; i += T::kWidth) {
            const V input = T::load(block + i);
            if constexpr (Counting)
                notice |= T::nonZero(T::bitAnd(T::lookup(mControlHigh, T::highNibble(input)),
                                               T::lookup(mControlLow, T::lowNibble(input))));
            const Mask nonAscii = T::highBits(input);
            if (nonAscii == 0) {
                // An ASCII vector after one that ends inside a sequence: too short.
                error = T::bitOr(error, T::subsU(mPrevious, mIncompleteLimits));
            } else {
                error = T::bitOr(error, checkMultibyte(input, notice));
                if constexpr (Counting) {
                    counts.nonAscii += T::popcount(nonAscii);
                    counts.leadC0 += T::popcount(T::geMask(input, 0xC0));
                    counts.leadE0 += T::popcount(T::geMask(input, 0xE0));
                    counts.leadF0 += T::popcount(T::geMask(input, 0xF0));
                }
            }
            mPrevious = input;
        }
        return !T::any(error) && notice == 0;
    }

    V checkMultibyte(V input, Mask& notice) {
        const V prev1 = T::template previous<1>(input, mPrevious);
        const V prev2 = T::template previous<2>(input, mPrevious);
        const V prev3 = T::template previous<3>(input, mPrevious);
        const V special = T::bitAnd(T::bitAnd(T::lookup(mByte1High, T::highNibble(prev1)),
                                              T::lookup(mByte1Low, T::lowNibble(prev1))),
                                    T::lookup(mByte2High, T::highNibble(input)));
        // Bytes 3 and 4 of a sequence must be continuations: exactly where kTwoConts may be set.
        const V isThird = T::subsU(prev2, T::splat(0xE0 - 0x80));
        const V isFourth = T::subsU(prev3, T::splat(0xF0 - 0x80));
        const V mustBeContinuation = T::bitAnd(T::bitOr(isThird, isFourth), T::splat(0x80));

        if constexpr (Counting) {
            const Mask prev1BF = T::eqMask(prev1, 0xBF);
            const Mask prev2EF = T::eqMask(prev2, 0xEF);
            notice |= T::eqMask(prev1, 0xC2) & ~T::geMask(input, 0xA0);          // C1 control
            notice |= prev2EF & T::eqMask(prev1, 0xBB) & T::eqMask(input, 0xBF); // U+FEFF
            notice |= prev2EF & T::eqMask(prev1, 0xB7);                          // U+FDxx
            notice |= prev1BF & T::eqMask(T::bitOr(input, T::splat(1)), 0xBF);   // U+xFFFE/F
        }
        return T::bitXor(mustBeContinuation, special);
    }

    V mByte1High, mByte1Low, mByte2High, mControlHigh, mControlLow;
    V mPrevious;
    V mIncompleteLimits; // a last byte >= C0, second-last >= E0 or third-last >= F0
};

} // namespace
} // namespace moji::simd
