#include "io/mappedfilesource.h"

#include "io/mappingguard.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace moji {

std::variant<std::unique_ptr<MappedFileSource>, std::string>
MappedFileSource::open(const std::string& path) {
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0)
        return path + ": " + std::strerror(errno);
    struct stat info = {};
    if (fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0) {
        ::close(descriptor);
        return path + ": not a non-empty regular file";
    }
    const auto length = static_cast<std::uint64_t>(info.st_size);
    void* base = mmap(nullptr, length, PROT_READ, MAP_SHARED, descriptor, 0);
    if (base == MAP_FAILED) {
        const int error = errno;
        ::close(descriptor);
        return path + ": cannot map the file: " + std::strerror(error);
    }
    std::unique_ptr<MappedFileSource> source(new MappedFileSource);
    source->mPath = path;
    source->mDescriptor = descriptor;
    source->mBase = static_cast<const std::uint8_t*>(base);
    source->mLength = length;
    source->mGuardSlot = MappingGuard::guard(base, length);
    source->mDevice = info.st_dev;
    source->mInode = info.st_ino;
    source->mModified = platform::modificationTime(info);
    if (source->mGuardSlot < 0)
        return path + ": too many files mapped at once";
    return source;
}

MappedFileSource::~MappedFileSource() {
    MappingGuard::release(mGuardSlot);
    if (mBase)
        munmap(const_cast<std::uint8_t*>(mBase), mLength);
    if (mDescriptor >= 0)
        ::close(mDescriptor);
}

std::span<const std::uint8_t> MappedFileSource::bytes() const {
    return {mBase, mLength};
}

bool MappedFileSource::changed() const {
    if (MappingGuard::faulted(mGuardSlot))
        return true;
    struct stat info = {};
    if (fstat(mDescriptor, &info) != 0)
        return true;
    if (static_cast<std::uint64_t>(info.st_size) != mLength ||
        platform::modificationTime(info) != mModified)
        return true;
    struct stat onDisk = {};
    return stat(mPath.c_str(), &onDisk) != 0 || onDisk.st_ino != mInode || onDisk.st_dev != mDevice;
}

bool MappedFileSource::readError() const {
    const auto fault = MappingGuard::fault(mGuardSlot);
    if (!fault)
        return false;
    struct stat info = {};
    std::optional<std::uint64_t> sizeNow;
    if (fstat(mDescriptor, &info) == 0)
        sizeNow = static_cast<std::uint64_t>(info.st_size);
    return MappingGuard::classify(*fault, sizeNow, platform::pageSize()) ==
           MappingGuard::Cause::ReadError;
}

void MappedFileSource::prepare(std::uint64_t offset, std::uint64_t length) const {
    if (offset >= mLength)
        return;
    const std::uint64_t page = platform::pageSize();
    const std::uint64_t start = offset & ~(page - 1);
    const std::uint64_t end = std::min(mLength, offset + length);
    platform::populateMapping(const_cast<std::uint8_t*>(mBase) + start, end - start);
}

} // namespace moji
