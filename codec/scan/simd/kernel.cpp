#include "scan/simd/kernel.h"

#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace moji::simd {

void validateBlocksSse2(const uint8_t*, size_t, KernelResult&);
void validateBlocksAvx2(const uint8_t*, size_t, KernelResult&);
void validateBlocksAvx512(const uint8_t*, size_t, KernelResult&);
void validateBlocksAvx2Only(const uint8_t*, size_t, KernelResult&);
void validateBlocksAvx512Only(const uint8_t*, size_t, KernelResult&);

BlockKernel blockKernel(SimdLevel level, bool counting) {
    switch (level) {
    case SimdLevel::Scalar:
        return nullptr;
    case SimdLevel::Sse2:
        return validateBlocksSse2;
    case SimdLevel::Avx2:
        return counting ? validateBlocksAvx2 : validateBlocksAvx2Only;
    case SimdLevel::Avx512:
        return counting ? validateBlocksAvx512 : validateBlocksAvx512Only;
    }
    return nullptr;
}

namespace {

SimdLevel cpuSimdLevel() {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw"))
        return SimdLevel::Avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
        return SimdLevel::Avx2;
    if (__builtin_cpu_supports("sse2"))
        return SimdLevel::Sse2;
    return SimdLevel::Scalar;
}

} // namespace

SimdLevel detectSimdLevel() {
    const SimdLevel cpu = cpuSimdLevel();
    SimdLevel wanted;
    const char* name = std::getenv("MOJISCOPE_SIMD_LEVEL");
    if (name && simdLevelFromName(name, wanted) && wanted < cpu)
        return wanted;
    return cpu;
}

bool simdLevelFromName(const char* name, SimdLevel& level) {
    for (SimdLevel candidate :
         {SimdLevel::Scalar, SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512}) {
        if (std::strcmp(name, simdLevelName(candidate)) == 0) {
            level = candidate;
            return true;
        }
    }
    return false;
}

const char* simdLevelName(SimdLevel level) {
    switch (level) {
    case SimdLevel::Scalar:
        return "scalar";
    case SimdLevel::Sse2:
        return "sse2";
    case SimdLevel::Avx2:
        return "avx2";
    case SimdLevel::Avx512:
        return "avx512";
    }
    return "?";
}

} // namespace moji::simd
