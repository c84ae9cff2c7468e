#pragma once

// describe/ owns saying what bytes are, for people: plain-English explanations of every unit
// (this file), bit layouts, ICU character data, display forms for the character view (with what
// a lenient decoder shows for an anomaly), the one hex-digit table (hexdigits.h), text formats
// for offsets, hex and code points, and parsing what a user types (hex, U+XXXX).

#include "decode/sequence.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace moji {

// One or two plain English sentences on what `unit` is and, for an anomaly, which rule of
// UTF-8 it breaks, ending with how many U+FFFD the standard replacement gives.
// `bytes` are the unit's own bytes; `following` is the byte after it, if there is one.
[[nodiscard]] std::string explainSequence(const Sequence& unit, std::span<const std::uint8_t> bytes,
                                          std::optional<std::uint8_t> following);

// The same for a unit of `stream` (unit.offset indexes it): its bytes and the byte after it are
// taken from there.
[[nodiscard]] std::string explainSequence(const Sequence& unit,
                                          std::span<const std::uint8_t> stream);

// The rule for the byte after `lead` in well-formed UTF-8, e.g. "A0-BF" after E0 (en dash).
[[nodiscard]] std::string secondByteRange(std::uint8_t lead);

} // namespace moji
