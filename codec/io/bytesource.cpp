#include "io/bytesource.h"

#include <algorithm>
#include <cstring>

namespace moji {

std::size_t ByteSource::read(std::uint64_t offset, std::span<std::uint8_t> destination) const {
    const auto all = bytes();
    if (offset >= all.size())
        return 0;
    const std::size_t count = std::min<std::uint64_t>(destination.size(), all.size() - offset);
    std::memcpy(destination.data(), all.data() + offset, count);
    return count;
}

} // namespace moji
