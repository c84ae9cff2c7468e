// The SSE2 kernel confirms only ASCII without control characters; it flags the first other byte
// and leaves it to the exact scalar path.
#include "scan/simd/kernel.h"

#include <emmintrin.h>

namespace moji::simd {
namespace {

// Bit i set where byte i of `v` is not plain ASCII (20-7E, tab, LF, CR).
unsigned notPlainAscii(__m128i v) {
    const __m128i belowSpace = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
    const __m128i allowed = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')),
                                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                         _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
    const __m128i control =
        _mm_or_si128(_mm_andnot_si128(allowed, belowSpace), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
    // Bytes >= 0x80 are negative, so below 0x20 as signed: they also land in `control`.
    return static_cast<unsigned>(_mm_movemask_epi8(control));
}

} // namespace

void validateBlocksSse2(const uint8_t* data, size_t size, KernelResult& result) {
    result.failed = false;
    size_t at = 0;
    for (; at + kBlockSize <= size; at += kBlockSize) {
        unsigned long long flagged = 0;
        // Hardware prefetchers stop at 4 KiB pages. (The address may lie past the data: a
        // prefetch never faults.)
        __builtin_prefetch(
            reinterpret_cast<const void*>(reinterpret_cast<uintptr_t>(data + at) + 4096));
        for (int i = 0; i < kBlockSize; i += 16)
            flagged |= static_cast<unsigned long long>(notPlainAscii(
                           _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at + i))))
                       << i;
        if (flagged != 0) {
            result.failed = true;
            at += static_cast<size_t>(__builtin_ctzll(flagged));
            break;
        }
    }
    result.byLength[1] += at;
    result.passed = result.flagged = at;
}

} // namespace moji::simd
