#include "cli/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

AtomicFile::AtomicFile(std::string path) : mPath(std::move(path)) {}

AtomicFile::~AtomicFile() {
    cancel();
}

bool AtomicFile::fail() {
    mError = std::strerror(errno);
    return false;
}

bool AtomicFile::open() {
    std::error_code error;
    if (std::filesystem::is_symlink(mPath, error)) {
        const auto target = std::filesystem::weakly_canonical(mPath, error);
        if (!error)
            mPath = target.native();
    }
    mTemporary = mPath + ".XXXXXX";
    mDescriptor = mkostemp(mTemporary.data(), O_CLOEXEC);
    if (mDescriptor < 0)
        return fail();
    struct stat existing = {};
    mode_t mode = 0;
    if (stat(mPath.c_str(), &existing) == 0) {
        mode = existing.st_mode & 07777;
    } else {
        const mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (fchmod(mDescriptor, mode) != 0) {
        fail();
        cancel();
        return false;
    }
    return true;
}

bool AtomicFile::write(std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t written = ::write(mDescriptor, bytes.data(), bytes.size());
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0) {
            if (written == 0)
                errno = EIO;
            return fail();
        }
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
    return true;
}

bool AtomicFile::commit() {
    if (mDescriptor < 0)
        return false;
    const bool ok = (fsync(mDescriptor) == 0 || fail()) &&
                    (::close(std::exchange(mDescriptor, -1)) == 0 || fail()) &&
                    (std::rename(mTemporary.c_str(), mPath.c_str()) == 0 || fail());
    if (!ok) {
        cancel();
        return false;
    }
    mTemporary.clear();
    return true;
}

void AtomicFile::cancel() {
    if (mDescriptor >= 0)
        ::close(std::exchange(mDescriptor, -1));
    if (!mTemporary.empty())
        ::unlink(mTemporary.c_str());
    mTemporary.clear();
}
