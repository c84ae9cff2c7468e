#pragma once

#include "decode/sequence.h"
#include "repair/repairoptions.h"

#include <cstdint>
#include <span>
#include <string>

namespace moji {

// Appends to `out` what the bytes of one anomaly become under `options`: well-formed UTF-8,
// possibly nothing.
void appendRepaired(const Sequence& anomaly, std::span<const std::uint8_t> bytes,
                    const RepairOptions& options, std::string& out);

// The Windows-1252 character of a byte (WHATWG Encoding Standard index, with the five bytes it
// leaves undefined mapped to the same-numbered C1 controls).
[[nodiscard]] std::uint32_t windows1252(std::uint8_t byte);

} // namespace moji
