#include "repair/anomalyrepair.h"

#include "decode/codepoint.h"
#include "describe/bitlayout.h"
#include "describe/textformat.h"

namespace moji {

std::uint32_t windows1252(std::uint8_t byte) {
    // WHATWG index-windows-1252, pointers 0-31 (bytes 80-9F).
    static constexpr std::uint16_t k80to9F[32] = {
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};
    if (byte >= 0x80 && byte <= 0x9F)
        return k80to9F[byte - 0x80];
    return byte;
}

namespace {

void appendCodePoint(std::uint32_t codePoint, std::string& out) {
    const auto encoded = *encodeUtf8(codePoint);
    out.append(reinterpret_cast<const char*>(encoded.bytes.data()), encoded.length);
}

} // namespace

void appendRepaired(const Sequence& anomaly, std::span<const std::uint8_t> bytes,
                    const RepairOptions& options, std::string& out) {
    if ((options.joinSurrogates && anomaly.kind == SequenceKind::SurrogatePair) ||
        (options.fixOverlong && anomaly.kind == SequenceKind::Overlong &&
         encodeUtf8(anomaly.value))) {
        appendCodePoint(anomaly.value, out);
        return;
    }
    switch (options.policy) {
    case RepairPolicy::Replace:
        for (std::uint32_t i = 0; i < anomaly.replacements; ++i)
            out += kReplacementCharacterUtf8;
        break;
    case RepairPolicy::Drop:
        break;
    case RepairPolicy::Escape: {
        for (const std::uint8_t byte : bytes) {
            const HexPair pair = hexPair(byte, HexCase::Lower);
            out += "\\x";
            out += pair.high;
            out += pair.low;
        }
        break;
    }
    case RepairPolicy::Latin1:
        for (const std::uint8_t byte : bytes)
            appendCodePoint(byte, out);
        break;
    case RepairPolicy::Cp1252:
        for (const std::uint8_t byte : bytes)
            appendCodePoint(windows1252(byte), out);
        break;
    }
}

} // namespace moji
