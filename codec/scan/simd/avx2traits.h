#pragma once

// Instruction-set traits for BlockValidator: AVX2, 32 bytes a vector.
// Include only from a translation unit compiled with -mavx2 -mbmi2 -mpopcnt.

#include <immintrin.h>
#include <stdint.h>

namespace moji::simd {
namespace {

struct Avx2Traits {
    using V = __m256i;
    using Mask = uint32_t;
    static constexpr int kWidth = 32;

    static V load(const uint8_t* p) { return _mm256_loadu_si256(reinterpret_cast<const V*>(p)); }
    static V zero() { return _mm256_setzero_si256(); }
    static V splat(uint8_t b) { return _mm256_set1_epi8(static_cast<char>(b)); }
    static V table(const uint8_t (&t)[16]) {
        return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
    }
    static V incompleteLimits() {
        return _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                static_cast<char>(0xF0 - 1), static_cast<char>(0xE0 - 1),
                                static_cast<char>(0xC0 - 1));
    }
    static V lookup(V table, V index) { return _mm256_shuffle_epi8(table, index); }
    static V highNibble(V v) { return _mm256_and_si256(_mm256_srli_epi16(v, 4), splat(0x0F)); }
    static V lowNibble(V v) { return _mm256_and_si256(v, splat(0x0F)); }
    static V bitAnd(V a, V b) { return _mm256_and_si256(a, b); }
    static V bitOr(V a, V b) { return _mm256_or_si256(a, b); }
    static V bitXor(V a, V b) { return _mm256_xor_si256(a, b); }
    static V subsU(V a, V b) { return _mm256_subs_epu8(a, b); }
    // The vector of the N bytes before `input`: the last N of `previous`, then input's first.
    template <int N>
    static V previous(V input, V previous) {
        return _mm256_alignr_epi8(input, _mm256_permute2x128_si256(previous, input, 0x21), 16 - N);
    }
    static bool any(V v) { return !_mm256_testz_si256(v, v); }
    static Mask highBits(V v) { return static_cast<Mask>(_mm256_movemask_epi8(v)); }
    static Mask nonZero(V v) {
        return ~static_cast<Mask>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, zero())));
    }
    static Mask firstBytes(int n) { return n >= 32 ? ~Mask(0) : (Mask(1) << n) - 1; }
    static int firstSet(Mask m) { return __builtin_ctz(m); }
    static uint64_t popcount(Mask m) { return static_cast<uint64_t>(_mm_popcnt_u32(m)); }
};

} // namespace
} // namespace moji::simd
