#pragma once

#include <cstddef>

namespace moji {

// Keeps reads of a file mapping from killing the process when the file shrinks: a SIGBUS on a
// registered mapping replaces the faulting page with a zero-filled one and marks the mapping
// faulted, and the read carries on. Faults outside registered mappings crash as usual.
// At most kMaxMappings mappings are guarded at once; guard() returns -1 beyond that.
class MappingGuard {
  public:
    static constexpr int kMaxMappings = 256;

    // Registers [base, base + length); returns a slot for faulted() and release().
    static int guard(const void* base, std::size_t length);
    static void release(int slot);
    [[nodiscard]] static bool faulted(int slot);
};

} // namespace moji
