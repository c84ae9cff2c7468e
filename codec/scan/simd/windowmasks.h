#pragma once

// Byte classes of a 64-byte window as bit masks, for the exact path's window reader
// (ChunkScanner). Works on every processor: with SIMD where the build has it, else in portable
// C++; both give the same masks (tested against a per-byte reference).

#include <stdint.h>

namespace moji::simd {

// Bit i describes byte i of the window.
struct WindowMasks {
    uint64_t plain;   // 20-7E, tab, LF, CR
    uint64_t zero;    // 00
    uint64_t cont;    // 80-BF
    uint64_t invalid; // FE-FF
    uint64_t lead;    // C0-FD
};

// The masks of data[0, 64): SSE2 on x86-64, NEON on aarch64 (when built with MOJISCOPE_SIMD),
// else windowMasksPortable.
[[nodiscard]] WindowMasks windowMasks(const uint8_t* data);

// The masks of data[0, 64) in portable C++.
[[nodiscard]] WindowMasks windowMasksPortable(const uint8_t* data);

} // namespace moji::simd
