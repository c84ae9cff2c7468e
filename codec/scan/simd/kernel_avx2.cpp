// Built with -mavx2: call only through blockKernel() after detectSimdLevel().
#include "scan/simd/avx2traits.h"
#include "scan/simd/blockvalidator.h"

namespace moji::simd {

size_t validateBlocksAvx2(const uint8_t* data, size_t size, SequenceCounts& counts, bool& failed) {
    BlockValidator<Avx2Traits, true> validator;
    return validator.run(data, size, counts, failed);
}

size_t validateBlocksAvx2Only(const uint8_t* data, size_t size, SequenceCounts& counts,
                              bool& failed) {
    BlockValidator<Avx2Traits, false> validator;
    return validator.run(data, size, counts, failed);
}

} // namespace moji::simd
