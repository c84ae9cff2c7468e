#include "describe/characterinfo.h"

#include "decode/codepoint.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <algorithm>

namespace moji {
namespace {

std::string spaced(const char* identifier) {
    std::string text = identifier ? identifier : "";
    std::replace(text.begin(), text.end(), '_', ' ');
    return text;
}

std::string nameOf(UChar32 c, UCharNameChoice choice) {
    char buffer[256];
    UErrorCode status = U_ZERO_ERROR;
    const int32_t length = u_charName(c, choice, buffer, sizeof buffer, &status);
    if (U_FAILURE(status) || length <= 0)
        return {};
    return std::string(buffer, static_cast<std::size_t>(length));
}

// The control aliases of NameAliases.txt, which ICU does not return: C0, DEL and C1.
const char* const kC0Names[] = {"NULL",
                                "START OF HEADING",
                                "START OF TEXT",
                                "END OF TEXT",
                                "END OF TRANSMISSION",
                                "ENQUIRY",
                                "ACKNOWLEDGE",
                                "ALERT",
                                "BACKSPACE",
                                "CHARACTER TABULATION",
                                "LINE FEED",
                                "LINE TABULATION",
                                "FORM FEED",
                                "CARRIAGE RETURN",
                                "SHIFT OUT",
                                "SHIFT IN",
                                "DATA LINK ESCAPE",
                                "DEVICE CONTROL ONE",
                                "DEVICE CONTROL TWO",
                                "DEVICE CONTROL THREE",
                                "DEVICE CONTROL FOUR",
                                "NEGATIVE ACKNOWLEDGE",
                                "SYNCHRONOUS IDLE",
                                "END OF TRANSMISSION BLOCK",
                                "CANCEL",
                                "END OF MEDIUM",
                                "SUBSTITUTE",
                                "ESCAPE",
                                "INFORMATION SEPARATOR FOUR",
                                "INFORMATION SEPARATOR THREE",
                                "INFORMATION SEPARATOR TWO",
                                "INFORMATION SEPARATOR ONE"};
const char* const kC1Names[] = {"PADDING CHARACTER",
                                "HIGH OCTET PRESET",
                                "BREAK PERMITTED HERE",
                                "NO BREAK HERE",
                                "INDEX",
                                "NEXT LINE",
                                "START OF SELECTED AREA",
                                "END OF SELECTED AREA",
                                "CHARACTER TABULATION SET",
                                "CHARACTER TABULATION WITH JUSTIFICATION",
                                "LINE TABULATION SET",
                                "PARTIAL LINE FORWARD",
                                "PARTIAL LINE BACKWARD",
                                "REVERSE LINE FEED",
                                "SINGLE SHIFT TWO",
                                "SINGLE SHIFT THREE",
                                "DEVICE CONTROL STRING",
                                "PRIVATE USE ONE",
                                "PRIVATE USE TWO",
                                "SET TRANSMIT STATE",
                                "CANCEL CHARACTER",
                                "MESSAGE WAITING",
                                "START OF GUARDED AREA",
                                "END OF GUARDED AREA",
                                "START OF STRING",
                                "SINGLE GRAPHIC CHARACTER INTRODUCER",
                                "SINGLE CHARACTER INTRODUCER",
                                "CONTROL SEQUENCE INTRODUCER",
                                "STRING TERMINATOR",
                                "OPERATING SYSTEM COMMAND",
                                "PRIVACY MESSAGE",
                                "APPLICATION PROGRAM COMMAND"};

std::string controlName(std::uint32_t c) {
    if (c < 0x20)
        return kC0Names[c];
    if (c == 0x7F)
        return "DELETE";
    if (c >= 0x80 && c <= 0x9F)
        return kC1Names[c - 0x80];
    return {};
}

} // namespace

CharacterInfo characterInfo(std::uint32_t codePoint) {
    CharacterInfo info;
    if (codePoint > kMaxCodePoint) {
        info.name = "<not a code point>";
        info.category = "-";
        info.categoryName = "Not a code point";
        info.script = "-";
        info.block = "-";
        return info;
    }
    const auto c = static_cast<UChar32>(codePoint);
    info.name = nameOf(c, U_UNICODE_CHAR_NAME);
    if (info.name.empty())
        info.name = controlName(codePoint);
    if (info.name.empty())
        info.name = nameOf(c, U_CHAR_NAME_ALIAS);
    if (info.name.empty())
        info.name = nameOf(c, U_EXTENDED_CHAR_NAME);

    const int32_t category = u_charType(c);
    info.category = u_getPropertyValueName(UCHAR_GENERAL_CATEGORY, category, U_SHORT_PROPERTY_NAME);
    info.categoryName =
        spaced(u_getPropertyValueName(UCHAR_GENERAL_CATEGORY, category, U_LONG_PROPERTY_NAME));

    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(c, &status);
    info.script = U_SUCCESS(status) ? spaced(uscript_getName(script)) : "Unknown";

    const int32_t block = u_getIntPropertyValue(c, UCHAR_BLOCK);
    info.block = spaced(u_getPropertyValueName(UCHAR_BLOCK, block, U_LONG_PROPERTY_NAME));

    UVersionInfo age;
    u_charAge(c, age);
    if (age[0] != 0 || age[1] != 0)
        info.unicodeAge = std::to_string(age[0]) + "." + std::to_string(age[1]);
    return info;
}

} // namespace moji
