#pragma once

#include "decode/sequence.h"
#include "describe/bitlayout.h"

#include <cstdint>
#include <span>
#include <string>

// Plain-text renderings shared by the explain, encode and scan commands.
namespace textreport {

// The bit layout of a pattern as an aligned table: each byte in hex and binary with its marker
// and payload bits apart, then the payload bits joined into the value.
[[nodiscard]] std::string bitTable(const moji::BitLayout& layout, const std::string& indent);

// One unit described for `explain`: bytes, kind, value and character data, bits, explanation.
[[nodiscard]] std::string describeUnit(const moji::Sequence& unit,
                                       std::span<const std::uint8_t> bytes,
                                       std::span<const std::uint8_t> following);

// "U+3042 'あ' HIRAGANA LETTER A (Lo, Hiragana, block Hiragana)"
[[nodiscard]] std::string characterLine(std::uint32_t codePoint);

// A string as a JSON string literal, with quotes; invalid UTF-8 becomes \ufffd.
[[nodiscard]] std::string jsonString(const std::string& text);

} // namespace textreport
