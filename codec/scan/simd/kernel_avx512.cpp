// Built with -mavx512f -mavx512bw: call only through blockKernel() after detectSimdLevel().
// GCC 12's AVX-512 headers initialise their "undefined" vectors from themselves, which
// -Wuninitialized reports at every inlined use; the values are never read.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "scan/simd/avx512traits.h"
#include "scan/simd/blockvalidator.h"

namespace moji::simd {

size_t validateBlocksAvx512(const uint8_t* data, size_t size, SequenceCounts& counts,
                            bool& failed) {
    BlockValidator<Avx512Traits, true> validator;
    return validator.run(data, size, counts, failed);
}

size_t validateBlocksAvx512Only(const uint8_t* data, size_t size, SequenceCounts& counts,
                                bool& failed) {
    BlockValidator<Avx512Traits, false> validator;
    return validator.run(data, size, counts, failed);
}

} // namespace moji::simd
