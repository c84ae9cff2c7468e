#pragma once

#include "io/bytesource.h"

#include <vector>

namespace moji {

// Bytes held in memory: tests, pasted data, and what cannot be mapped (pipes, /proc files,
// standard input), which is read in whole.
class MemorySource final : public ByteSource {
  public:
    MemorySource(std::vector<std::uint8_t> bytes, std::string name);

    [[nodiscard]] std::span<const std::uint8_t> bytes() const override { return mBytes; }
    [[nodiscard]] std::string name() const override { return mName; }

  private:
    std::vector<std::uint8_t> mBytes;
    std::string mName;
};

} // namespace moji
