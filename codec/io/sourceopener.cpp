#include "io/sourceopener.h"

#include "io/mappedfilesource.h"
#include "io/memorysource.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace moji {
namespace {

OpenResult readAll(int descriptor, const std::string& name) {
    std::vector<std::uint8_t> bytes;
    std::size_t used = 0;
    for (;;) {
        if (bytes.size() - used < 65536)
            bytes.resize(std::max<std::size_t>(bytes.size() * 2, 1 << 20));
        const ssize_t got = ::read(descriptor, bytes.data() + used, bytes.size() - used);
        if (got == 0)
            break;
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return name + ": " + std::strerror(errno);
        }
        used += static_cast<std::size_t>(got);
    }
    bytes.resize(used);
    bytes.shrink_to_fit();
    return std::make_unique<MemorySource>(std::move(bytes), name);
}

} // namespace

OpenResult openSource(const std::string& path) {
    if (path == "-")
        return readAll(STDIN_FILENO, "standard input");
    struct stat info = {};
    if (stat(path.c_str(), &info) != 0)
        return path + ": " + std::strerror(errno);
    if (S_ISDIR(info.st_mode))
        return path + ": is a directory";
    if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode))
        return path + ": is a device, not a file";
    if (S_ISSOCK(info.st_mode))
        return path + ": is a socket, not a file";
    if (S_ISREG(info.st_mode) && info.st_size > 0) {
        auto mapped = MappedFileSource::open(path);
        if (auto* error = std::get_if<std::string>(&mapped))
            return *error;
        return std::unique_ptr<ByteSource>(std::move(std::get<0>(mapped)));
    }
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0)
        return path + ": " + std::strerror(errno);
    OpenResult result = readAll(descriptor, path);
    ::close(descriptor);
    return result;
}

bool sameFile(const std::string& first, const std::string& second) {
    std::error_code error;
    return std::filesystem::equivalent(first, second, error) && !error;
}

} // namespace moji
