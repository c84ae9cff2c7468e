// Built with -mavx512f -mavx512bw: call only through blockKernel() after detectSimdLevel().
// GCC 12's AVX-512 headers initialise their "undefined" vectors from themselves, which
// -Wuninitialized reports at every inlined use; the values are never read.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "scan/simd/avx512traits.h"
#include "scan/simd/blockvalidator.h"

namespace moji::simd {

void validateBlocksAvx512(const uint8_t* data, size_t size, KernelResult& result) {
    const BlockValidator<Avx512Traits, true> validator;
    validator.run(data, size, result);
}

void validateBlocksAvx512Only(const uint8_t* data, size_t size, KernelResult& result) {
    const BlockValidator<Avx512Traits, false> validator;
    validator.run(data, size, result);
}

} // namespace moji::simd
