#pragma once

#include <stddef.h>
#include <stdint.h>

#include <vector>

namespace moji::simd {

inline constexpr int kBlockSize = 64;

// Sequences counted by length (index 1-4; index 0 unused).
struct SequenceCounts {
    uint64_t byLength[5] = {0, 0, 0, 0, 0};
};

// The instruction sets with a kernel. Which of them a program can use depends on the CPU and on
// the build: x86-64 has Sse2, Avx2 and Avx512, aarch64 has Neon, and a build configured with
// MOJISCOPE_SIMD=OFF (or for another processor) has Scalar only. Scalar is always there.
enum class SimdLevel { Scalar, Sse2, Avx2, Avx512, Neon };

// The fast path. Starting at a sequence boundary, validates whole 64-byte blocks of
// data[0, size) and stops at the first block that is not plainly fine: one with an ill-formed
// byte, a byte worth a notice (see NoticeKind), or that completes an ill-formed sequence begun
// in the block before. Returns the offset of that block (failed = true) or, when none fails,
// the end of the last whole block (failed = false).
//
// Guarantees for data[0, returned offset): the bytes are well-formed except possibly for a
// sequence begun in the last three bytes and not yet complete, nothing in it needs a notice,
// and the lead bytes of every sequence begun in it are added to `counts` (including that last
// incomplete one, if any). The caller re-reads from the boundary before that sequence.
using BlockKernel = size_t (*)(const uint8_t* data, size_t size, SequenceCounts& counts,
                               bool& failed);

// The kernel for `level`; nullptr for Scalar and for levels this build has no kernel for. Levels
// the CPU lacks (see supportedSimdLevels) must not be requested.
// With `counting` false the kernel neither counts nor refuses blocks for notices: a faster
// yes/no check whose `counts` are meaningless.
[[nodiscard]] BlockKernel blockKernel(SimdLevel level, bool counting = true);

// The levels both this build and this CPU support: Scalar first, the fastest last.
[[nodiscard]] std::vector<SimdLevel> supportedSimdLevels();

// The fastest level this build and this CPU support (the last of supportedSimdLevels()).
[[nodiscard]] SimdLevel detectSimdLevel();

[[nodiscard]] const char* simdLevelName(SimdLevel level);

} // namespace moji::simd
