#pragma once

#include "decode/noticekind.h"
#include "decode/sequence.h"

#include <array>
#include <cstdint>

namespace moji {

// What a scan counted, exactly, whether or not every item was indexed.
struct ScanCounts {
    std::array<std::uint64_t, kSequenceKindCount> byKind{}; // [Valid] is unused: see below
    std::array<std::uint64_t, 5> sequencesByLength{};       // well-formed, by length 1-4
    std::array<std::uint64_t, kNoticeKindCount> notices{};
    std::uint64_t replacements = 0; // U+FFFD the standard gives

    [[nodiscard]] std::uint64_t anomalies() const {
        std::uint64_t total = 0;
        for (int kind = 1; kind < kSequenceKindCount; ++kind)
            total += byKind[kind];
        return total;
    }
    [[nodiscard]] std::uint64_t noticeTotal() const {
        std::uint64_t total = 0;
        for (std::uint64_t count : notices)
            total += count;
        return total;
    }
    [[nodiscard]] std::uint64_t wellFormedSequences() const {
        return sequencesByLength[1] + sequencesByLength[2] + sequencesByLength[3] +
               sequencesByLength[4];
    }

    ScanCounts& operator+=(const ScanCounts& other) {
        for (int i = 0; i < kSequenceKindCount; ++i)
            byKind[i] += other.byKind[i];
        for (int i = 0; i < 5; ++i)
            sequencesByLength[i] += other.sequencesByLength[i];
        for (int i = 0; i < kNoticeKindCount; ++i)
            notices[i] += other.notices[i];
        replacements += other.replacements;
        return *this;
    }
    friend bool operator==(const ScanCounts&, const ScanCounts&) = default;
};

} // namespace moji
