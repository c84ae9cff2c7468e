// The SSE2 kernel confirms only ASCII blocks without control characters; any other block is
// reported as failed and left to the exact scalar path.
#include "scan/simd/kernel.h"

#include <emmintrin.h>

namespace moji::simd {
namespace {

bool plainAscii(__m128i v) {
    const __m128i belowSpace = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
    const __m128i allowed = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')),
                                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                         _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
    const __m128i control =
        _mm_or_si128(_mm_andnot_si128(allowed, belowSpace), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
    // Bytes >= 0x80 are negative, so below 0x20 as signed: they also land in `control`.
    return _mm_movemask_epi8(control) == 0;
}

} // namespace

size_t validateBlocksSse2(const uint8_t* data, size_t size, SequenceCounts& counts, bool& failed) {
    failed = false;
    size_t at = 0;
    for (; at + kBlockSize <= size; at += kBlockSize) {
        bool plain = true;
        for (int i = 0; i < kBlockSize; i += 16)
            plain &= plainAscii(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at + i)));
        if (!plain) {
            failed = true;
            break;
        }
        counts.byLength[1] += kBlockSize;
    }
    return at;
}

} // namespace moji::simd
