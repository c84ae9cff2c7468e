// AArch64 only (NEON is part of the architecture): call only through blockKernel().
#include "scan/simd/blockvalidator.h"
#include "scan/simd/neontraits.h"

namespace moji::simd {

void validateBlocksNeon(const uint8_t* data, size_t size, KernelResult& result) {
    const BlockValidator<NeonTraits, true> validator;
    validator.run(data, size, result);
}

void validateBlocksNeonOnly(const uint8_t* data, size_t size, KernelResult& result) {
    const BlockValidator<NeonTraits, false> validator;
    validator.run(data, size, result);
}

} // namespace moji::simd
