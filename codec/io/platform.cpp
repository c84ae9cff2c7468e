#include "io/platform.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace moji::platform {

std::size_t pageSize() {
    static const std::size_t size = [] {
        const long value = sysconf(_SC_PAGESIZE);
        return value > 0 ? static_cast<std::size_t>(value) : std::size_t(4096);
    }();
    return size;
}

FileTime modificationTime(const struct stat& info) {
#if defined(__linux__)
    return {info.st_mtim.tv_sec, info.st_mtim.tv_nsec};
#elif defined(__APPLE__)
    return {info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec};
#else
    return {static_cast<std::int64_t>(info.st_mtime), 0};
#endif
}

std::int64_t copyFileRange(int input, std::int64_t* inputOffset, int output, std::uint64_t length) {
#if defined(__linux__)
    auto offset = static_cast<off_t>(*inputOffset);
    const ssize_t copied = copy_file_range(input, &offset, output, nullptr, length, 0);
    *inputOffset = offset;
    return copied;
#else
    (void)input;
    (void)inputOffset;
    (void)output;
    (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

void startWriteback(int descriptor, std::uint64_t offset, std::uint64_t length) {
#if defined(__linux__)
    sync_file_range(descriptor, static_cast<off_t>(offset), static_cast<off_t>(length),
                    SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    (void)offset;
    (void)length;
#endif
}

void populateMapping(void* address, std::size_t length) {
#ifdef MADV_POPULATE_READ
    if (madvise(address, length, MADV_POPULATE_READ) == 0)
        return;
#endif
    posix_madvise(address, length, POSIX_MADV_WILLNEED);
}

bool replaceWithZeroPage(void* pageStart, std::size_t pageSize) {
#if defined(MAP_ANONYMOUS) && defined(MAP_FIXED)
    // mmap is a plain system call, not on POSIX's async-signal-safe list but safe in practice
    // on Linux and the BSDs: it takes no user-space lock.
    return mmap(pageStart, pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
           MAP_FAILED;
#else
    (void)pageStart;
    (void)pageSize;
    return false;
#endif
}

} // namespace moji::platform
