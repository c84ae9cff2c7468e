#pragma once

#include "decode/sequence.h"

#include <cstdint>
#include <string>

namespace moji {

// How a character view should show a code point so that every character is visible and none
// reorders or merges with its neighbours.
struct DisplayForm {
    enum class Style {
        Glyph,      // draw `text` as is
        Picture,    // a stand-in glyph in `text`: Control Pictures, visible space or tab
        Combining,  // a combining mark: `text` is the mark on U+25CC DOTTED CIRCLE
        LabelledBox // invisible or direction-changing: draw `label` in a box
    };
    Style style = Style::Glyph;
    std::string text;  // UTF-8
    std::string label; // short, for LabelledBox: "ZWJ", "RLO", "BOM", "SHY", ...
};

[[nodiscard]] DisplayForm displayFormOf(std::uint32_t codePoint);

// True when `value` is a scalar value that a view draws as its own glyph (Style::Glyph).
[[nodiscard]] bool drawsAsGlyph(std::uint32_t value);

// The character a lenient decoder shows in place of an anomaly: the value it reads from an
// overlong form or a CESU-8 surrogate pair, where that value draws as a glyph; otherwise U+FFFD.
[[nodiscard]] std::uint32_t lenientCodePoint(const Sequence& anomaly);

} // namespace moji
