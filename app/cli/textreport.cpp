#include "cli/textreport.h"

#include "decode/codepoint.h"
#include "decode/notices.h"
#include "decode/sequencereader.h"
#include "describe/characterinfo.h"
#include "describe/explanation.h"
#include "describe/textformat.h"

#include <cstdio>

namespace textreport {
namespace {

std::string printable(std::uint32_t codePoint) {
    if (codePoint < 0x20 || (codePoint >= 0x7F && codePoint <= 0x9F))
        return codePoint < 0x20 ? moji::utf8Text(0x2400 + codePoint) : "";
    if (!moji::isScalarValue(codePoint))
        return "";
    return moji::utf8Text(codePoint);
}

std::string roleOf(const moji::ByteBits& bits) {
    switch (bits.markerBits) {
    case 1:
        return "single byte";
    case 2:
        return "continuation byte";
    case 8:
        return "never used in UTF-8";
    default:
        return "lead of a " + std::to_string(bits.markerBits - 1) + "-byte pattern";
    }
}

} // namespace

std::string bitTable(const moji::BitLayout& layout, const std::string& indent) {
    std::string text;
    std::string joined;
    for (const moji::ByteBits& bits : layout.used()) {
        const std::string binary = moji::formatBinary(bits.byte);
        const std::string marker = binary.substr(0, bits.markerBits);
        const std::string payload = binary.substr(bits.markerBits);
        char hex[4];
        std::snprintf(hex, sizeof hex, "%02X", bits.byte);
        text += indent + hex + "  " + marker + " " + payload + "  marker " + marker + ", payload " +
                (payload.empty() ? "none" : payload) + "  (" + roleOf(bits) + ")\n";
        if (!payload.empty())
            joined += (joined.empty() ? "" : " ") + payload;
    }
    char value[32];
    std::snprintf(value, sizeof value, "0x%X", layout.value);
    text += indent + "payload bits " + joined + " = " + value + " = " +
            moji::formatCodePoint(layout.value) + "\n";
    return text;
}

std::string characterLine(std::uint32_t codePoint) {
    const moji::CharacterInfo info = moji::characterInfo(codePoint);
    std::string text = moji::formatCodePoint(codePoint);
    const std::string glyph = printable(codePoint);
    if (!glyph.empty())
        text += " '" + glyph + "'";
    text += " " + info.name + " (" + info.category + " " + info.categoryName + ", script " +
            info.script + ", block " + info.block + ")";
    return text;
}

std::string describeUnit(const moji::Sequence& unit, std::span<const std::uint8_t> bytes,
                         std::span<const std::uint8_t> following) {
    std::string text = moji::formatHexBytes(bytes, moji::HexCase::Lower, 16);
    if (bytes.size() > 16)
        text += " ...";
    text += "  ";
    text += moji::sequenceKindId(unit.kind);
    if (unit.kind == moji::SequenceKind::Valid) {
        text += "  " + characterLine(unit.value);
        if (const auto notice = moji::noticeKindOf(unit))
            text += "  [notice: " + std::string(moji::noticeKindId(*notice)) + "]";
    } else if (moji::kindHasValue(unit.kind)) {
        text += "  naive value " + moji::formatCodePoint(unit.value);
    }
    text += "\n";
    if (bytes.size() <= 6) {
        if (const auto layout = moji::layoutOf(bytes))
            text += bitTable(*layout, "    ");
    }
    std::optional<std::uint8_t> next;
    if (!following.empty())
        next = following[0];
    text += "    " + moji::explainSequence(unit, bytes, next) + "\n";
    return text;
}

std::string jsonString(const std::string& text) {
    std::string out = "\"";
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    for (std::size_t at = 0; at < text.size();) {
        const moji::Sequence unit = moji::readSequence(bytes + at, text.size() - at, true);
        const std::uint32_t c =
            unit.kind == moji::SequenceKind::Valid ? unit.value : moji::kReplacementCharacter;
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", c);
            out += escape;
        } else if (unit.kind == moji::SequenceKind::Valid) {
            out.append(text, at, unit.length);
        } else {
            out += "\\ufffd";
        }
        at += unit.length;
    }
    return out + "\"";
}

std::string sourceProblem(const std::string& path, const moji::ByteSource& source) {
    return path + (source.readError() ? ": I/O error reading the file"
                                      : ": the file changed on disk while it was read");
}

bool isUtf8(const std::string& text) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    for (std::size_t at = 0; at < text.size();) {
        const moji::Sequence unit = moji::readSequence(bytes + at, text.size() - at, true);
        if (unit.kind != moji::SequenceKind::Valid)
            return false;
        at += unit.length;
    }
    return true;
}

std::string jsonPath(const std::string& key, const std::string& bytesKey, const std::string& path) {
    std::string out = jsonString(key) + ":" + jsonString(path);
    if (!isUtf8(path)) {
        const std::span<const std::uint8_t> bytes(
            reinterpret_cast<const std::uint8_t*>(path.data()), path.size());
        std::string hex = moji::formatHexBytes(bytes, moji::HexCase::Lower);
        std::erase(hex, ' ');
        out += "," + jsonString(bytesKey) + ":\"" + hex + "\"";
    }
    return out;
}

} // namespace textreport
