#pragma once

// The system calls that differ between systems, each with a portable fallback, so the rest of
// the codec is plain POSIX. Linux has the fast paths (kernel copies, background writeback,
// nanosecond modification times, read-ahead of mapped pages); elsewhere the fallback states
// what is lost.

#include <cstddef>
#include <cstdint>
#include <sys/stat.h>

namespace moji::platform {

// The size of a memory page. Computed at the first call; later calls only read a variable, so
// they are async-signal-safe once a first call has been made outside the handler.
[[nodiscard]] std::size_t pageSize();

// A modification time as precise as the system records it (nanoseconds on Linux and the BSDs,
// whole seconds elsewhere).
struct FileTime {
    std::int64_t seconds = 0;
    std::int64_t nanoseconds = 0;
    friend bool operator==(const FileTime&, const FileTime&) = default;
};
[[nodiscard]] FileTime modificationTime(const struct stat& info);

// Copies up to `length` bytes from `input` at `*inputOffset` (advanced by what was copied) to
// the current position of `output`, inside the kernel. Returns the count copied, or -1 with
// errno set; where the system has no such call, -1 with errno ENOSYS and nothing copied, so
// the caller writes the bytes itself.
[[nodiscard]] std::int64_t copyFileRange(int input, std::int64_t* inputOffset, int output,
                                         std::uint64_t length);

// Starts writing [offset, offset + length) of `descriptor` to disk without waiting for it. A
// hint: errors surface at the final flush; a no-op where the system cannot do it.
void startWriteback(int descriptor, std::uint64_t offset, std::uint64_t length);

// Reads the pages of a file mapping in now, in bulk, rather than one fault per page. A hint.
void populateMapping(void* address, std::size_t length);

// Replaces the page at `pageStart` (page-aligned) with a read-only zero-filled page, so a read
// that faulted on it can carry on. Async-signal-safe. False when the system cannot do it; the
// fault is then not recoverable.
[[nodiscard]] bool replaceWithZeroPage(void* pageStart, std::size_t pageSize);

} // namespace moji::platform
