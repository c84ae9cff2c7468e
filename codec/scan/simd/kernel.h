#pragma once

#include <stddef.h>
#include <stdint.h>

namespace moji::simd {

inline constexpr int kBlockSize = 64;

// The instruction sets with a kernel, best last.
enum class SimdLevel { Scalar, Sse2, Avx2, Avx512 };

// What a block kernel found in data[0, size).
struct KernelResult {
    // A sequence boundary: data[0, passed) is well-formed and nothing in it needs a notice.
    size_t passed = 0;
    // With `failed`: a byte at or after `passed` that the exact reader must read past before the
    // kernel can go on (the last byte of the first ill-formed unit or notice the kernel saw, or
    // the byte that showed the unit before it ended too early).
    size_t flagged = 0;
    bool failed = false;
    // The sequences of data[0, passed) by length (index 1-4; index 0 unused).
    uint64_t byLength[5] = {0, 0, 0, 0, 0};
};

// The fast path. Starting at a sequence boundary, validates data[0, size) 64-byte block by block
// and stops in the first block that is not plainly fine: one with an ill-formed byte, a byte
// worth a notice (see NoticeKind), or that completes an ill-formed sequence begun in the block
// before (failed = true). A kernel may also stop (failed = true) at any byte it leaves to the
// exact reader, e.g. the first one outside ASCII. Without a failure, `passed` is the boundary
// before the end of the last whole block (at most three bytes before it: a sequence that may go
// on is left out), 0 when there is no whole block.
using BlockKernel = void (*)(const uint8_t* data, size_t size, KernelResult& result);

// The kernel for `level`; nullptr for Scalar. Levels the CPU lacks must not be requested.
// With `counting` false the kernel neither counts nor stops for notices: a faster yes/no check
// whose `byLength` is left as it was.
[[nodiscard]] BlockKernel blockKernel(SimdLevel level, bool counting = true);

// The best level this CPU supports, lowered to the level named by the environment variable
// MOJISCOPE_SIMD_LEVEL when that is set to a name simdLevelName() gives (so a machine with
// AVX-512 can run, test and time exactly what an AVX2-only one runs). An unknown name is
// ignored.
[[nodiscard]] SimdLevel detectSimdLevel();

[[nodiscard]] const char* simdLevelName(SimdLevel level);

// The level simdLevelName() calls `name`, or false when there is none.
[[nodiscard]] bool simdLevelFromName(const char* name, SimdLevel& level);

} // namespace moji::simd
