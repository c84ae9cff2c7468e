#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace moji {

// Keeps reads of a file mapping from killing the process when the file shrinks or its storage
// fails: a SIGBUS on a registered mapping replaces the faulting page with a zero-filled one,
// records the first fault of the mapping, and the read carries on. Faults outside registered
// mappings crash as usual. At most kMaxMappings mappings are guarded at once; guard() returns
// -1 beyond that.
class MappingGuard {
  public:
    static constexpr int kMaxMappings = 256;

    // The first fault on a mapping: the signal's si_code and the offset in the mapping.
    struct Fault {
        int signalCode = 0;
        std::uint64_t offset = 0;
    };

    // Why a guarded read faulted.
    enum class Cause {
        Truncated, // the faulting page lies wholly past the file's end: the file changed
        ReadError, // the page is still inside the file: the storage failed to deliver it
    };

    // Registers [base, base + length); returns a slot for fault() and release().
    static int guard(const void* base, std::size_t length);
    static void release(int slot);
    [[nodiscard]] static bool faulted(int slot);
    [[nodiscard]] static std::optional<Fault> fault(int slot);

    // Classifies `fault` with the file's size measured after it (nullopt when the size cannot
    // be read). Linux raises BUS_ADRERR both for a page past the end and for an I/O error, so
    // the size decides: Truncated only for BUS_ADRERR on a page starting at or past `sizeNow`.
    // Any other code (BUS_ADRALN, BUS_OBJERR, hardware memory errors) or an unknown size is a
    // ReadError.
    [[nodiscard]] static Cause classify(const Fault& fault, std::optional<std::uint64_t> sizeNow,
                                        std::size_t pageSize);
};

} // namespace moji
