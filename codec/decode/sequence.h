#pragma once

#include "decode/noticekind.h"
#include "decode/sequencekind.h"

#include <cstdint>

namespace moji {

// One unit of a decoded byte stream: a well-formed sequence or an anomaly.
//  - offset: position of the first byte in the stream.
//  - length: bytes covered (1-6, or the run length of UnexpectedContinuation, which is split
//    into several anomalies only beyond kMaxRunLength bytes).
//  - value: the code point (Valid) or the value a naive RFC 2044 decoder reads (see kindHasValue);
//    0 otherwise.
//  - replacements: the number of maximal subparts, i.e. how many U+FFFD the Unicode Standard's
//    best practice substitutes; 0 for Valid.
struct Sequence {
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    std::uint32_t value = 0;
    std::uint32_t replacements = 0;
    SequenceKind kind = SequenceKind::Valid;

    friend bool operator==(const Sequence&, const Sequence&) = default;
};

inline constexpr std::uint32_t kMaxRunLength = 0xFFFFFFFFu;

// Runs of continuation bytes at least this long are long runs: a scan lists every one of them
// (ScanResult::longRuns), so that a window decode never has to read one to know its extent.
inline constexpr std::uint32_t kLongRun = 1u << 16;

// A well-formed character worth pointing out (see NoticeKind).
struct Notice {
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    std::uint32_t codePoint = 0;
    NoticeKind kind = NoticeKind::Control;

    friend bool operator==(const Notice&, const Notice&) = default;
};

} // namespace moji
