#pragma once

// A deliberately plain reference for UTF-8, written straight from the Unicode Standard, 3.9,
// Table 3-7 and "U+FFFD Substitution of Maximal Subparts", sharing no code with codec/.
// Slow and obvious: the fast code is tested against it.

#include <cstdint>
#include <string>
#include <vector>

namespace reference {

// True when `bytes` is a concatenation of the well-formed sequences of Table 3-7.
bool isWellFormed(const std::uint8_t* bytes, std::size_t size);

// Decodes `bytes`, replacing each maximal subpart of an ill-formed subsequence with one U+FFFD.
std::u32string decodeWithReplacement(const std::uint8_t* bytes, std::size_t size);

inline bool isWellFormed(const std::vector<std::uint8_t>& bytes) {
    return isWellFormed(bytes.data(), bytes.size());
}
inline std::u32string decodeWithReplacement(const std::vector<std::uint8_t>& bytes) {
    return decodeWithReplacement(bytes.data(), bytes.size());
}

} // namespace reference
