#include "describe/explanation.h"

#include "decode/codepoint.h"
#include "decode/utf8automaton.h"
#include "describe/bitlayout.h"
#include "describe/textformat.h"

namespace moji {
namespace {

constexpr const char* kDash = "\u2013";

std::string hex(std::uint8_t byte) {
    return formatHexBytes(std::span<const std::uint8_t>(&byte, 1), HexCase::Upper);
}

std::string plural(std::uint64_t count, const char* one, const char* many) {
    return std::to_string(count) + " " + (count == 1 ? one : many);
}

std::string replacementSentence(const Sequence& unit) {
    return " The standard replacement gives " + std::to_string(unit.replacements) + " U+FFFD.";
}

// "the 3-byte form of U+002F, which has a 1-byte form"
std::string overlongClause(std::uint32_t value, int length) {
    std::string text =
        "this is the " + std::to_string(length) + "-byte form of " + formatCodePoint(value);
    if (const auto shortest = encodeUtf8(value)) {
        text += ", which has a " + std::to_string(shortest->length) + "-byte form (" +
                formatHexBytes(shortest->view(), HexCase::Upper) + ")";
    } else {
        text += ", a surrogate, which has no UTF-8 form at all";
    }
    return text;
}

std::string explainOverlong(const Sequence& unit, std::span<const std::uint8_t> bytes) {
    const std::uint8_t lead = bytes[0];
    std::string text;
    if (lead <= 0xC1)
        text = "C0 and C1 never occur in UTF-8: a 2-byte form must encode at least U+0080; ";
    else
        text = hex(lead) + " must be followed by " + secondByteRange(lead) + "; ";
    text += overlongClause(unit.value, static_cast<int>(unit.length)) + ".";
    if (unit.value < 0x80)
        text += " A lenient decoder would read it as the ASCII character, letting it slip past "
                "checks made on the bytes (C0 AF once smuggled '/' into paths).";
    return text;
}

std::string explainSurrogate(const Sequence& unit) {
    std::string text = "ED must be followed by 80" + std::string(kDash) + "9F: ED A0" + kDash +
                       "BF would encode U+D800" + kDash +
                       "U+DFFF, the UTF-16 surrogates, which are not characters and are banned "
                       "from UTF-8 (RFC 3629). This is " +
                       formatCodePoint(unit.value);
    text += unit.value < 0xDC00 ? ", a high surrogate with no low surrogate after it."
                                : ", a low surrogate with no high surrogate before it.";
    return text;
}

std::string explainSurrogatePair(const Sequence& unit) {
    const Utf16Units pair = utf16Units(unit.value);
    const std::uint32_t high = pair.units[0];
    const std::uint32_t low = pair.units[1];
    std::string text = "A high surrogate (" + formatCodePoint(high) + ") then a low surrogate (" +
                       formatCodePoint(low) +
                       "), each written in 3 bytes: this is how CESU-8 and Java's modified "
                       "UTF-8 write " +
                       formatCodePoint(unit.value) +
                       ". UTF-8 bans surrogates (ED must be "
                       "followed by 80" +
                       kDash + "9F); the proper form is " +
                       formatHexBytes(encodeUtf8(unit.value)->view(), HexCase::Upper) + ".";
    return text;
}

std::string explainOutOfRange(const Sequence& unit, std::span<const std::uint8_t> bytes) {
    const std::uint8_t lead = bytes[0];
    std::string text;
    if (lead == 0xF4)
        text = "F4 must be followed by 80" + std::string(kDash) + "8F; this 4-byte form";
    else
        text = "F5" + std::string(kDash) +
               "F7 never occur in UTF-8: they can only start 4-byte forms of values above "
               "U+10FFFF; this one";
    return text + " encodes " + formatCodePoint(unit.value) +
           ", beyond U+10FFFF, the largest code point.";
}

std::string explainLegacyLong(const Sequence& unit) {
    const bool five = unit.length == 5;
    std::string text = std::string(five ? "F8" : "FC") + kDash + (five ? "FB" : "FD") +
                       " started " + (five ? "5" : "6") + "-byte forms in RFC 2044 (values up to " +
                       (five ? "U+3FFFFFF" : "U+7FFFFFFF") +
                       "); RFC 3629 limits UTF-8 to 4 bytes and U+10FFFF. This one encodes " +
                       formatCodePoint(unit.value);
    if (unit.value < utf8::minimumValue(static_cast<int>(unit.length)))
        text += ", and is overlong besides";
    return text + ".";
}

std::string explainTruncated(const Sequence& unit, std::span<const std::uint8_t> bytes,
                             std::optional<std::uint8_t> following) {
    const std::uint8_t lead = bytes[0];
    const int need = utf8::naiveLength(lead);
    const int have = static_cast<int>(unit.length) - 1;
    std::string text = hex(lead) + " starts a " + std::to_string(need) + "-byte ";
    text += need <= 4 ? "sequence" : "RFC 2044 form (no longer UTF-8)";
    text +=
        " and needs " +
        plural(static_cast<std::uint64_t>(need - 1), "continuation byte", "continuation bytes") +
        " (80" + kDash + "BF), but " +
        (have == 0 ? "none follows"
                   : "only " + std::to_string(have) + (have == 1 ? " follows" : " follow"));
    text += following ? " before " + hex(*following) + "." : " before the end of the data.";
    if (lead <= 0xC1)
        text += " C0 and C1 never occur in UTF-8 anyway: they only start overlong forms.";
    else if (lead >= 0xF5 && lead <= 0xF7)
        text += " F5" + std::string(kDash) + "F7 never occur in UTF-8 anyway.";
    else if (need <= 4 && have >= 1 &&
             utf8::step(utf8::step(utf8::Start, lead), bytes[1]) == utf8::Reject)
        text += " Besides, " + hex(lead) + " must be followed by " + secondByteRange(lead) + ".";
    return text;
}

} // namespace

std::string secondByteRange(std::uint8_t lead) {
    const char* range = "80\u2013BF";
    switch (lead) {
    case 0xE0:
        range = "A0\u2013BF";
        break;
    case 0xED:
        range = "80\u20139F";
        break;
    case 0xF0:
        range = "90\u2013BF";
        break;
    case 0xF4:
        range = "80\u20138F";
        break;
    default:
        break;
    }
    return range;
}

std::string explainSequence(const Sequence& unit, std::span<const std::uint8_t> stream) {
    const std::uint64_t end = unit.offset + unit.length;
    std::optional<std::uint8_t> following;
    if (end < stream.size())
        following = stream[end];
    return explainSequence(unit, stream.subspan(unit.offset, unit.length), following);
}

std::string explainSequence(const Sequence& unit, std::span<const std::uint8_t> bytes,
                            std::optional<std::uint8_t> following) {
    switch (unit.kind) {
    case SequenceKind::Valid:
        if (unit.length == 1)
            return "A 1-byte sequence (0xxxxxxx): " + formatCodePoint(unit.value) +
                   ", the same as in ASCII.";
        return "A well-formed " + std::to_string(unit.length) + "-byte sequence: a lead byte (" +
               std::string(unit.length == 2   ? "110xxxxx"
                           : unit.length == 3 ? "1110xxxx"
                                              : "11110xxx") +
               ") and " + plural(unit.length - 1, "continuation byte", "continuation bytes") +
               " (10xxxxxx) carrying " + formatCodePoint(unit.value) + ".";
    case SequenceKind::Overlong:
        return explainOverlong(unit, bytes) + replacementSentence(unit);
    case SequenceKind::Surrogate:
        return explainSurrogate(unit) + replacementSentence(unit);
    case SequenceKind::SurrogatePair:
        return explainSurrogatePair(unit) + replacementSentence(unit);
    case SequenceKind::OutOfRange:
        return explainOutOfRange(unit, bytes) + replacementSentence(unit);
    case SequenceKind::LegacyLong:
        return explainLegacyLong(unit) + replacementSentence(unit);
    case SequenceKind::InvalidByte:
        return hex(bytes[0]) +
               " never occurs in UTF-8, in any version: FE and FF would start "
               "7- or 8-byte forms, which no standard defined." +
               replacementSentence(unit);
    case SequenceKind::UnexpectedContinuation:
        return "80" + std::string(kDash) +
               "BF are continuation bytes (10xxxxxx): they may only follow a lead byte that "
               "still needs them. " +
               (unit.length == 1 ? std::string("This one has no lead.")
                                 : "This run of " + std::to_string(unit.length) + " has no lead.") +
               replacementSentence(unit);
    case SequenceKind::Truncated:
        return explainTruncated(unit, bytes, following) + replacementSentence(unit);
    case SequenceKind::Count:
        break;
    }
    return {};
}

} // namespace moji
