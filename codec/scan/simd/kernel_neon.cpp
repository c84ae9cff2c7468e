// AArch64 only (NEON is part of the architecture): call only through blockKernel().
#include "scan/simd/blockvalidator.h"
#include "scan/simd/neontraits.h"

namespace moji::simd {

size_t validateBlocksNeon(const uint8_t* data, size_t size, SequenceCounts& counts, bool& failed) {
    BlockValidator<NeonTraits, true> validator;
    return validator.run(data, size, counts, failed);
}

size_t validateBlocksNeonOnly(const uint8_t* data, size_t size, SequenceCounts& counts,
                              bool& failed) {
    BlockValidator<NeonTraits, false> validator;
    return validator.run(data, size, counts, failed);
}

} // namespace moji::simd
