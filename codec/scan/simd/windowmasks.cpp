#include "scan/simd/windowmasks.h"

#if defined(MOJISCOPE_SIMD) && defined(__x86_64__)
#include <emmintrin.h>
#elif defined(MOJISCOPE_SIMD) && defined(__aarch64__)
#include <arm_neon.h>
#endif

namespace moji::simd {

WindowMasks windowMasksPortable(const uint8_t* data) {
    WindowMasks m{};
    for (int i = 0; i < 64; ++i) {
        const uint8_t b = data[i];
        const uint64_t bit = uint64_t(1) << i;
        if ((b >= 0x20 && b < 0x7F) || b == '\t' || b == '\n' || b == '\r')
            m.plain |= bit;
        else if (b == 0)
            m.zero |= bit;
        else if (b >= 0x80 && b < 0xC0)
            m.cont |= bit;
        else if (b >= 0xFE)
            m.invalid |= bit;
        else if (b >= 0xC0)
            m.lead |= bit;
    }
    return m;
}

#if defined(MOJISCOPE_SIMD) && defined(__x86_64__)

// SSE2 is part of x86-64: no CPU check needed.
WindowMasks windowMasks(const uint8_t* data) {
    WindowMasks m{};
    for (int part = 0; part < 4; ++part) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * part));
        const auto bits = [](__m128i x) {
            return static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(x)));
        };
        const uint64_t negative = bits(v);
        const uint64_t cont = bits(_mm_cmplt_epi8(v, _mm_set1_epi8(-64)));
        const uint64_t high = bits(_mm_cmpgt_epi8(v, _mm_set1_epi8(-3))) & negative;
        const uint64_t printable = bits(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x1F))) &
                                   ~bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
        const uint64_t layout =
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

#elif defined(MOJISCOPE_SIMD) && defined(__aarch64__)

namespace {

// One bit per byte of four compare results (00 or FF per byte), byte i of `v[k]` at bit 16k + i.
// credit: simdjson's arm64 simd8x64::to_bitmask (AND with bit weights, three pairwise adds).
uint64_t bitsOf(const uint8x16_t (&v)[4]) {
    static constexpr uint8_t kWeights[16] = {1, 2, 4, 8, 16, 32, 64, 128,
                                             1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t weights = vld1q_u8(kWeights);
    const uint8x16_t sum01 = vpaddq_u8(vandq_u8(v[0], weights), vandq_u8(v[1], weights));
    const uint8x16_t sum23 = vpaddq_u8(vandq_u8(v[2], weights), vandq_u8(v[3], weights));
    const uint8x16_t sum = vpaddq_u8(sum01, sum23);
    return vgetq_lane_u64(vreinterpretq_u64_u8(vpaddq_u8(sum, sum)), 0);
}

} // namespace

// NEON is part of AArch64: no CPU check needed.
WindowMasks windowMasks(const uint8_t* data) {
    uint8x16_t plain[4], zero[4], cont[4], invalid[4], lead[4];
    for (int part = 0; part < 4; ++part) {
        const uint8x16_t v = vld1q_u8(data + 16 * part);
        const uint8x16_t printable =
            vandq_u8(vcgeq_u8(v, vdupq_n_u8(0x20)), vcltq_u8(v, vdupq_n_u8(0x7F)));
        const uint8x16_t layout =
            vorrq_u8(vorrq_u8(vceqq_u8(v, vdupq_n_u8('\t')), vceqq_u8(v, vdupq_n_u8('\n'))),
                     vceqq_u8(v, vdupq_n_u8('\r')));
        plain[part] = vorrq_u8(printable, layout);
        zero[part] = vceqzq_u8(v);
        cont[part] = vceqq_u8(vandq_u8(v, vdupq_n_u8(0xC0)), vdupq_n_u8(0x80));
        invalid[part] = vcgeq_u8(v, vdupq_n_u8(0xFE));
        lead[part] = vandq_u8(vcgeq_u8(v, vdupq_n_u8(0xC0)), vcltq_u8(v, vdupq_n_u8(0xFE)));
    }
    return {bitsOf(plain), bitsOf(zero), bitsOf(cont), bitsOf(invalid), bitsOf(lead)};
}

#else

WindowMasks windowMasks(const uint8_t* data) {
    return windowMasksPortable(data);
}

#endif

} // namespace moji::simd
