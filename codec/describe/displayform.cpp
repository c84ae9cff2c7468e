#include "describe/displayform.h"

#include "decode/codepoint.h"
#include "describe/textformat.h"

#include <unicode/uchar.h>

#include <cstdio>

namespace moji {
namespace {

struct Label {
    std::uint32_t codePoint;
    const char* label;
};

constexpr Label kLabels[] = {
    {0x00AD, "SHY"}, {0x034F, "CGJ"},  {0x061C, "ALM"},  {0x115F, "HCF"}, {0x1160, "HJF"},
    {0x180E, "MVS"}, {0x200B, "ZWSP"}, {0x200C, "ZWNJ"}, {0x200D, "ZWJ"}, {0x200E, "LRM"},
    {0x200F, "RLM"}, {0x202A, "LRE"},  {0x202B, "RLE"},  {0x202C, "PDF"}, {0x202D, "LRO"},
    {0x202E, "RLO"}, {0x2060, "WJ"},   {0x2061, "f()"},  {0x2062, "×"},   {0x2063, ","},
    {0x2064, "+"},   {0x2066, "LRI"},  {0x2067, "RLI"},  {0x2068, "FSI"}, {0x2069, "PDI"},
    {0x3164, "HF"},  {0xFEFF, "BOM"},  {0xFFA0, "HWHF"}, {0xFFF9, "IAA"}, {0xFFFA, "IAS"},
    {0xFFFB, "IAT"},
};

} // namespace

DisplayForm displayFormOf(std::uint32_t codePoint) {
    DisplayForm form;
    if (codePoint < 0x20) {
        form.style = DisplayForm::Style::Picture;
        form.text = utf8Text(codePoint == '\t' ? 0x21E5 : 0x2400 + codePoint);
        return form;
    }
    if (codePoint == 0x20) {
        form.style = DisplayForm::Style::Picture;
        form.text = utf8Text(0x00B7); // MIDDLE DOT, as editors show spaces
        return form;
    }
    if (codePoint == 0x7F) {
        form.style = DisplayForm::Style::Picture;
        form.text = utf8Text(0x2421);
        return form;
    }
    if (codePoint >= 0x80 && codePoint <= 0x9F) {
        char label[8];
        std::snprintf(label, sizeof label, "%02X", codePoint);
        form.style = DisplayForm::Style::LabelledBox;
        form.label = label;
        return form;
    }
    for (const Label& entry : kLabels) {
        if (entry.codePoint == codePoint) {
            form.style = DisplayForm::Style::LabelledBox;
            form.label = entry.label;
            return form;
        }
    }
    const auto c = static_cast<UChar32>(codePoint);
    const int8_t type = u_charType(c);
    if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK ||
        type == U_COMBINING_SPACING_MARK) {
        form.style = DisplayForm::Style::Combining;
        form.text = utf8Text(0x25CC) + utf8Text(codePoint);
        return form;
    }
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ||
        u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL) || type == U_LINE_SEPARATOR ||
        type == U_PARAGRAPH_SEPARATOR || type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR ||
        type == U_SURROGATE) {
        char label[12];
        std::snprintf(label, sizeof label, "%04X", codePoint);
        form.style = DisplayForm::Style::LabelledBox;
        form.label = label;
        return form;
    }
    if (type == U_SPACE_SEPARATOR) {
        form.style = DisplayForm::Style::LabelledBox;
        form.label = codePoint == 0xA0 ? "NBSP" : codePoint == 0x3000 ? "IDSP" : "SP";
        return form;
    }
    form.text = utf8Text(codePoint);
    return form;
}

bool drawsAsGlyph(std::uint32_t value) {
    return isScalarValue(value) && displayFormOf(value).style == DisplayForm::Style::Glyph;
}

std::uint32_t lenientCodePoint(const Sequence& anomaly) {
    const bool decodable =
        anomaly.kind == SequenceKind::Overlong || anomaly.kind == SequenceKind::SurrogatePair;
    return decodable && drawsAsGlyph(anomaly.value) ? anomaly.value : kReplacementCharacter;
}

} // namespace moji
