#pragma once

#include "describe/hexdigits.h"

#include <cstdint>
#include <span>
#include <string>

namespace moji {

// "U+" and at least four upper-case hex digits: U+002F, U+233B4, U+7FFFFFFF.
[[nodiscard]] std::string formatCodePoint(std::uint32_t value);

// Bytes as hex pairs separated by spaces, at most `limit` of them ("c0 af"); upper case for
// prose ("C0 AF"), lower case for machine output.
[[nodiscard]] std::string formatHexBytes(std::span<const std::uint8_t> bytes, HexCase hexCase,
                                         std::size_t limit = SIZE_MAX);

// A byte as eight binary digits.
[[nodiscard]] std::string formatBinary(std::uint8_t byte);

// The UTF-8 bytes of a Unicode scalar value (U+FFFD for anything else).
[[nodiscard]] std::string utf8Text(std::uint32_t codePoint);

// The bytes as well-formed UTF-8: ill-formed stretches become one U+FFFD per maximal subpart
// (the Unicode Standard's best practice, as WHATWG, ICU and Python do).
[[nodiscard]] std::string withReplacements(std::span<const std::uint8_t> bytes);

// The bytes as a C string literal: printable ASCII as is, everything else as \xNN (the literal
// is split where a hex digit follows an escape), e.g. "caf\xc3\xa9".
[[nodiscard]] std::string cStringLiteral(std::span<const std::uint8_t> bytes);

} // namespace moji
