#pragma once

// Instruction-set traits for BlockValidator: AArch64 Advanced SIMD (NEON), 16 bytes a vector.
// NEON is part of AArch64, so this needs no target flags; include it only where __aarch64__ is
// defined.
//
// NEON has no movemask: a mask here holds 4 bits per byte (all set or all clear), made by
// narrowing each 16-bit lane's compare result by 4 bits (credit: Danila Kutenin, "Porting x86
// vector bitmask optimizations to Arm NEON", 2022). Bitwise operations work on such masks as on
// one bit per byte; popcount() divides by 4. (Hand-written rather than over Google Highway 1.0.3,
// whose mask-to-bits step made the same counting kernel 276 instructions long against 181.)

#include <arm_neon.h>
#include <stdint.h>

#include <bit>

namespace moji::simd {
namespace {

struct NeonTraits {
    using V = uint8x16_t;
    using Mask = uint64_t;
    static constexpr int kWidth = 16;

    static V load(const uint8_t* p) { return vld1q_u8(p); }
    static V zero() { return vdupq_n_u8(0); }
    static V splat(uint8_t b) { return vdupq_n_u8(b); }
    static V table(const uint8_t (&t)[16]) { return vld1q_u8(t); }
    static V incompleteLimits() {
        static constexpr uint8_t kLimits[16] = {0xFF, 0xFF,     0xFF,     0xFF,    0xFF, 0xFF,
                                                0xFF, 0xFF,     0xFF,     0xFF,    0xFF, 0xFF,
                                                0xFF, 0xF0 - 1, 0xE0 - 1, 0xC0 - 1};
        return vld1q_u8(kLimits);
    }
    // Indices are nibbles (0-15), so the table lookup never falls outside its 16 entries.
    static V lookup(V table, V index) { return vqtbl1q_u8(table, index); }
    static V highNibble(V v) { return vshrq_n_u8(v, 4); }
    static V lowNibble(V v) { return vandq_u8(v, splat(0x0F)); }
    static V bitAnd(V a, V b) { return vandq_u8(a, b); }
    static V bitOr(V a, V b) { return vorrq_u8(a, b); }
    static V bitXor(V a, V b) { return veorq_u8(a, b); }
    static V subsU(V a, V b) { return vqsubq_u8(a, b); }
    // The vector of the N bytes before `input`: the last N of `previous`, then input's first.
    template <int N>
    static V previous(V input, V previous) {
        return vextq_u8(previous, input, 16 - N);
    }
    static bool any(V v) { return vmaxvq_u8(v) != 0; }
    // `v` holds 00 or FF per byte.
    static Mask maskOf(V v) {
        return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(v), 4)), 0);
    }
    static Mask highBits(V v) { return maskOf(vcltzq_s8(vreinterpretq_s8_u8(v))); }
    static Mask nonZero(V v) { return maskOf(vtstq_u8(v, v)); }
    static Mask firstBytes(int n) { return n >= 16 ? ~Mask(0) : (Mask(1) << (4 * n)) - 1; }
    static int firstSet(Mask m) { return std::countr_zero(m) / 4; }
    static uint64_t popcount(Mask m) { return static_cast<uint64_t>(std::popcount(m)) / 4; }
};

} // namespace
} // namespace moji::simd
