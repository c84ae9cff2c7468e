// Built with -mavx2: call only through blockKernel() after detectSimdLevel().
#include "scan/simd/avx2traits.h"
#include "scan/simd/blockvalidator.h"

namespace moji::simd {

void validateBlocksAvx2(const uint8_t* data, size_t size, KernelResult& result) {
    const BlockValidator<Avx2Traits, true> validator;
    validator.run(data, size, result);
}

void validateBlocksAvx2Only(const uint8_t* data, size_t size, KernelResult& result) {
    const BlockValidator<Avx2Traits, false> validator;
    validator.run(data, size, result);
}

} // namespace moji::simd
