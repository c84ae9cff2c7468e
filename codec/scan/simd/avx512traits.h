#pragma once

// Instruction-set traits for BlockValidator: AVX-512 (F and BW), 64 bytes a vector.
// Include only from a translation unit compiled with -mavx512f -mavx512bw -mpopcnt.

#include <immintrin.h>
#include <stdint.h>

namespace moji::simd {
namespace {

struct Avx512Traits {
    using V = __m512i;
    using Mask = uint64_t;
    static constexpr int kWidth = 64;

    static V load(const uint8_t* p) { return _mm512_loadu_si512(p); }
    static V zero() { return _mm512_setzero_si512(); }
    static V splat(uint8_t b) { return _mm512_set1_epi8(static_cast<char>(b)); }
    static V table(const uint8_t (&t)[16]) {
        return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
    }
    static V incompleteLimits() {
        alignas(64) uint8_t limits[64];
        for (int i = 0; i < 64; ++i)
            limits[i] = 0xFF;
        limits[61] = 0xF0 - 1;
        limits[62] = 0xE0 - 1;
        limits[63] = 0xC0 - 1;
        return _mm512_load_si512(limits);
    }
    static V lookup(V table, V index) { return _mm512_shuffle_epi8(table, index); }
    static V highNibble(V v) { return _mm512_and_si512(_mm512_srli_epi16(v, 4), splat(0x0F)); }
    static V lowNibble(V v) { return _mm512_and_si512(v, splat(0x0F)); }
    static V bitAnd(V a, V b) { return _mm512_and_si512(a, b); }
    static V bitOr(V a, V b) { return _mm512_or_si512(a, b); }
    static V bitXor(V a, V b) { return _mm512_xor_si512(a, b); }
    static V subsU(V a, V b) { return _mm512_subs_epu8(a, b); }
    // The vector of the N bytes before `input`: the last N of `previous`, then input's first.
    template <int N>
    static V previous(V input, V previous) {
        const V shiftedLanes = _mm512_alignr_epi32(input, previous, 12);
        return _mm512_alignr_epi8(input, shiftedLanes, 16 - N);
    }
    static bool any(V v) { return _mm512_test_epi64_mask(v, v) != 0; }
    static Mask highBits(V v) { return _mm512_movepi8_mask(v); }
    static Mask nonZero(V v) { return _mm512_test_epi8_mask(v, v); }
    static Mask firstBytes(int n) { return n >= 64 ? ~Mask(0) : (Mask(1) << n) - 1; }
    static int firstSet(Mask m) { return __builtin_ctzll(m); }
    static uint64_t popcount(Mask m) { return static_cast<uint64_t>(_mm_popcnt_u64(m)); }
};

} // namespace
} // namespace moji::simd
