#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace moji {

// What becomes of the bytes of each anomaly when a file is repaired.
enum class RepairPolicy : std::uint8_t {
    Replace, // one U+FFFD per maximal subpart, byte for byte as WHATWG, ICU and Python do
    Drop,    // the bytes are removed
    Escape,  // each byte becomes the text \xNN (lower case), as Python's backslashreplace
    Latin1,  // each byte becomes the character of the same number (U+0080-U+00FF)
    Cp1252,  // each byte becomes its Windows-1252 character (WHATWG); 81 8D 8F 90 9D as Latin-1
};

[[nodiscard]] std::string_view repairPolicyId(RepairPolicy policy);
[[nodiscard]] std::optional<RepairPolicy> repairPolicyFromId(std::string_view id);

// The policy, and options applied on top of it. Well-formed bytes are never changed except by
// stripBom and nfc.
struct RepairOptions {
    RepairPolicy policy = RepairPolicy::Replace;
    bool joinSurrogates = false; // a surrogate-pair anomaly becomes the 4-byte form of its value
    bool fixOverlong = false;    // an overlong anomaly becomes the shortest form of its value
    bool stripBom = false;       // a BOM at offset 0 is removed
    bool nfc = false;            // the output is put in Normalization Form C
};

} // namespace moji
