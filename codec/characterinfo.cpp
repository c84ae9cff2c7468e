#include "characterinfo.h"

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

} // namespace

CharacterInfo characterInfo(std::uint32_t codePoint) {
    CharacterInfo info;
    if (codePoint > 0x10FFFF) {
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
