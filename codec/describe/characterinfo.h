#pragma once

#include <cstdint>
#include <string>

namespace moji {

// Unicode character data for one code point, from ICU.
struct CharacterInfo {
    std::string name;         // e.g. "HIRAGANA LETTER A"; a control's alias ("LINE FEED");
                              // "<unassigned-E0080>"-style labels where there is no name
    std::string category;     // two-letter general category, e.g. "Lo"
    std::string categoryName; // e.g. "Other Letter"
    std::string script;       // e.g. "Hiragana"
    std::string block;        // e.g. "Hiragana", "CJK Unified Ideographs"
    std::string unicodeAge;   // the Unicode version that assigned it, e.g. "1.1"; empty if none
};

// Valid for any value up to U+10FFFF (surrogates included); beyond that, all fields describe
// "not a code point".
[[nodiscard]] CharacterInfo characterInfo(std::uint32_t codePoint);

} // namespace moji
