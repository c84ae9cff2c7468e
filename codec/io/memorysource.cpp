#include "io/memorysource.h"

namespace moji {

MemorySource::MemorySource(std::vector<std::uint8_t> bytes, std::string name)
    : mBytes(std::move(bytes)), mName(std::move(name)) {}

} // namespace moji
