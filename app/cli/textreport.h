#pragma once

#include "decode/sequence.h"
#include "describe/bitlayout.h"
#include "io/bytesource.h"

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

// A file name as JSON members: `"KEY":"NAME"` (ill-formed bytes as \ufffd), followed, when
// the name is not well-formed UTF-8, by `,"BYTESKEY":"HEX"` with the exact bytes in lower-case
// hex without separators, so the file can still be found.
[[nodiscard]] std::string jsonPath(const std::string& key, const std::string& bytesKey,
                                   const std::string& path);

// Why a source's bytes cannot be trusted after a read, naming `path`: "PATH: I/O error
// reading the file" or "PATH: the file changed on disk while it was read".
[[nodiscard]] std::string sourceProblem(const std::string& path, const moji::ByteSource& source);

// True when `text` is well-formed UTF-8.
[[nodiscard]] bool isUtf8(const std::string& text);

} // namespace textreport
