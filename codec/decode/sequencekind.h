#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace moji {

// What one decoded unit of a byte stream is. Exactly one meaning per enumerator; every unit of
// a stream is either Valid or one of the anomaly kinds. To add a kind: append it before Count,
// give it an identifier in kSequenceKindIds, an explanation in explanation.cpp, a colour in the
// widgets' palette, and rows in tests/tst_sequencereader.cpp.
enum class SequenceKind : std::uint8_t {
    Valid,                  // a well-formed sequence of Table 3-7 (1 to 4 bytes)
    Overlong,               // a complete 2-4 byte pattern whose value has a shorter form
    Surrogate,              // a complete 3-byte pattern of a lone value in U+D800-U+DFFF
    SurrogatePair,          // a high then a low surrogate pattern (CESU-8), 6 bytes
    OutOfRange,             // a complete 4-byte pattern of a value above U+10FFFF
    LegacyLong,             // a complete RFC 2044 5- or 6-byte pattern (leads F8-FD)
    InvalidByte,            // FE or FF, which no version of UTF-8 uses
    UnexpectedContinuation, // a run of continuation bytes (80-BF) with no lead byte
    Truncated,              // a lead byte followed by too few continuation bytes
    Count
};

inline constexpr int kSequenceKindCount = static_cast<int>(SequenceKind::Count);
inline constexpr int kAnomalyKindCount = kSequenceKindCount - 1;

// The identifiers used on the command line and in JSON reports.
inline constexpr std::array<std::string_view, kSequenceKindCount> kSequenceKindIds = {
    "valid",        "overlong",    "surrogate",    "surrogate-pair",
    "out-of-range", "legacy-long", "invalid-byte", "unexpected-continuation",
    "truncated"};

[[nodiscard]] constexpr std::string_view sequenceKindId(SequenceKind kind) {
    return kSequenceKindIds[static_cast<int>(kind)];
}

[[nodiscard]] constexpr bool isAnomaly(SequenceKind kind) {
    return kind != SequenceKind::Valid;
}

// True for the kinds whose Sequence::value is meaningful (the value a naive decoder reads).
[[nodiscard]] constexpr bool kindHasValue(SequenceKind kind) {
    switch (kind) {
    case SequenceKind::Valid:
    case SequenceKind::Overlong:
    case SequenceKind::Surrogate:
    case SequenceKind::SurrogatePair:
    case SequenceKind::OutOfRange:
    case SequenceKind::LegacyLong:
        return true;
    default:
        return false;
    }
}

[[nodiscard]] std::optional<SequenceKind> sequenceKindFromId(std::string_view id);

} // namespace moji
