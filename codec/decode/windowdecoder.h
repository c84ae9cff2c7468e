#pragma once

#include "decode/sequence.h"

#include <cstdint>
#include <span>
#include <vector>

namespace moji {

// Decodes only the units that overlap bytes [from, to), without reading the rest of the file,
// so a view can draw any rows at once. Decoding starts at the nearest byte at or before `from`
// that begins a unit whatever precedes it (not a continuation byte, not ED), found within
// kMaxLookback bytes; the units are then exactly those of decoding the whole buffer.
// Only inside a run of continuation bytes or surrogate patterns longer than kMaxLookback may
// the first unit start later than it would in a whole decode.
class WindowDecoder {
  public:
    static constexpr std::uint64_t kMaxLookback = 1u << 16;

    [[nodiscard]] static std::vector<Sequence> decode(std::span<const std::uint8_t> bytes,
                                                      std::uint64_t from, std::uint64_t to);

    // The unit containing byte `offset` (offset < bytes.size()).
    [[nodiscard]] static Sequence unitAt(std::span<const std::uint8_t> bytes, std::uint64_t offset);
};

} // namespace moji
