// libFuzzer target: the parsers of what users type (describe/inputparsing.h). For any text:
// - neither parser crashes, and each gives a value or a message, never an empty success;
// - parsed bytes written back as hex (lower case with spaces, upper case with commas, or \xNN)
//   parse to the same bytes;
// - parsed code points are at most U+10FFFF, and each written as U+XXXX parses to itself.
// The input is also read as bytes, formatted and parsed back.

#include "describe/inputparsing.h"
#include "describe/textformat.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace {

void check(bool condition) {
    if (!condition)
        std::abort();
}

void checkBytesRoundTrip(const std::vector<std::uint8_t>& bytes) {
    check(!bytes.empty());
    const std::string lower = moji::formatHexBytes(bytes, moji::HexCase::Lower);
    std::string upper = moji::formatHexBytes(bytes, moji::HexCase::Upper);
    std::replace(upper.begin(), upper.end(), ' ', ',');
    std::string escaped;
    for (const std::uint8_t byte : bytes)
        escaped += "\\x" + moji::formatHexBytes(std::span(&byte, 1), moji::HexCase::Lower);
    for (const std::string& text : {lower, upper, escaped}) {
        const auto parsed = moji::parseHexBytes(text);
        check(std::holds_alternative<std::vector<std::uint8_t>>(parsed));
        check(std::get<std::vector<std::uint8_t>>(parsed) == bytes);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    const auto bytes = moji::parseHexBytes(text);
    if (const auto* parsed = std::get_if<std::vector<std::uint8_t>>(&bytes))
        checkBytesRoundTrip(*parsed);
    else
        check(!std::get<std::string>(bytes).empty());

    const auto codePoints = moji::parseCodePoints(text);
    if (const auto* parsed = std::get_if<std::vector<std::uint32_t>>(&codePoints)) {
        check(!parsed->empty());
        for (const std::uint32_t value : *parsed) {
            check(value <= 0x10FFFF);
            const auto again = moji::parseCodePoints(moji::formatCodePoint(value));
            check(std::holds_alternative<std::vector<std::uint32_t>>(again));
            check(std::get<std::vector<std::uint32_t>>(again) == std::vector<std::uint32_t>{value});
        }
    } else {
        check(!std::get<std::string>(codePoints).empty());
    }

    if (size > 0)
        checkBytesRoundTrip(std::vector<std::uint8_t>(data, data + size));
    return 0;
}
