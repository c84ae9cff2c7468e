#pragma once

#include "io/bytesource.h"

#include <memory>
#include <string>
#include <variant>

namespace moji {

// Opens what a user names: "-" is standard input; a non-empty regular file is mapped; an empty
// regular file is read in (so /proc files, which claim size 0, work); a pipe is read in.
// Directories, devices and sockets are refused. The error is one line naming the path. Paths
// are the bytes the system uses, whatever their encoding.
using OpenResult = std::variant<std::unique_ptr<ByteSource>, std::string>;
[[nodiscard]] OpenResult openSource(const std::string& path);

// True when both paths name one existing file (std::filesystem::equivalent: same device and
// inode), however written; false when either does not exist.
[[nodiscard]] bool sameFile(const std::string& first, const std::string& second);

} // namespace moji
