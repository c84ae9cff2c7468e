#include "scan/simd/kernel.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

// MOJISCOPE_SIMD is defined by the build (see codec/CMakeLists.txt) when it compiles the kernels
// of this processor: kernel_sse2/avx2/avx512.cpp on x86-64, kernel_neon.cpp on aarch64.
#if defined(MOJISCOPE_SIMD) && defined(__x86_64__)
#define MOJI_SIMD_X86_64 1
#elif defined(MOJISCOPE_SIMD) && defined(__aarch64__)
#define MOJI_SIMD_AARCH64 1
#endif

namespace moji::simd {

#if MOJI_SIMD_X86_64
void validateBlocksSse2(const uint8_t*, size_t, KernelResult&);
void validateBlocksAvx2(const uint8_t*, size_t, KernelResult&);
void validateBlocksAvx512(const uint8_t*, size_t, KernelResult&);
void validateBlocksAvx2Only(const uint8_t*, size_t, KernelResult&);
void validateBlocksAvx512Only(const uint8_t*, size_t, KernelResult&);
#elif MOJI_SIMD_AARCH64
void validateBlocksNeon(const uint8_t*, size_t, KernelResult&);
void validateBlocksNeonOnly(const uint8_t*, size_t, KernelResult&);
#endif

BlockKernel blockKernel([[maybe_unused]] SimdLevel level, [[maybe_unused]] bool counting) {
#if MOJI_SIMD_X86_64
    switch (level) {
    case SimdLevel::Sse2:
        return validateBlocksSse2;
    case SimdLevel::Avx2:
        return counting ? validateBlocksAvx2 : validateBlocksAvx2Only;
    case SimdLevel::Avx512:
        return counting ? validateBlocksAvx512 : validateBlocksAvx512Only;
    default:
        return nullptr;
    }
#elif MOJI_SIMD_AARCH64
    if (level == SimdLevel::Neon)
        return counting ? validateBlocksNeon : validateBlocksNeonOnly;
    return nullptr;
#else
    return nullptr;
#endif
}

std::vector<SimdLevel> supportedSimdLevels() {
    static const std::vector<SimdLevel> supported = [] {
        std::vector<SimdLevel> levels{SimdLevel::Scalar};
#if MOJI_SIMD_X86_64
        __builtin_cpu_init();
        // SSE2 is part of x86-64 itself.
        levels.push_back(SimdLevel::Sse2);
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
            levels.push_back(SimdLevel::Avx2);
        if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
            __builtin_cpu_supports("popcnt"))
            levels.push_back(SimdLevel::Avx512);
#elif MOJI_SIMD_AARCH64
        // Advanced SIMD (NEON) is part of AArch64 itself.
        levels.push_back(SimdLevel::Neon);
#endif
        return levels;
    }();
    return supported;
}

SimdLevel detectSimdLevel() {
    const std::vector<SimdLevel>& supported = supportedSimdLevels();
    SimdLevel wanted;
    const char* name = std::getenv("MOJISCOPE_SIMD_LEVEL");
    if (name && simdLevelFromName(name, wanted) &&
        std::find(supported.begin(), supported.end(), wanted) != supported.end())
        return wanted;
    return supported.back();
}

bool simdLevelFromName(const char* name, SimdLevel& level) {
    for (SimdLevel candidate : {SimdLevel::Scalar, SimdLevel::Sse2, SimdLevel::Avx2,
                                SimdLevel::Avx512, SimdLevel::Neon}) {
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
    case SimdLevel::Neon:
        return "neon";
    }
    return "?";
}

} // namespace moji::simd
