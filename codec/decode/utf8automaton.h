#pragma once

#include <array>
#include <cstdint>

namespace moji {

// The validating automaton of well-formed UTF-8 (Unicode 3.9 Table 3-7, RFC 3629), as a
// byte -> class table and a (state, class) -> state table. It accepts exactly the well-formed
// sequences; every rejecting transition leads to Reject.
// credit: the two-table layout follows Bjoern Hoehrmann's "Flexible and Economical UTF-8 Decoder".
namespace utf8 {

enum ByteClass : std::uint8_t {
    Ascii,   // 00-7F
    Cont80,  // 80-8F  continuation, low quarter
    Cont90,  // 90-9F  continuation
    ContA0,  // A0-BF  continuation, upper half
    LeadC0,  // C0-C1  would start an overlong 2-byte form
    Lead2,   // C2-DF
    LeadE0,  // E0     second byte A0-BF
    Lead3,   // E1-EC, EE-EF
    LeadED,  // ED     second byte 80-9F
    LeadF0,  // F0     second byte 90-BF
    Lead4,   // F1-F3
    LeadF4,  // F4     second byte 80-8F
    LeadF5,  // F5-F7  would start values above U+10FFFF
    Lead5,   // F8-FB  RFC 2044 5-byte lead
    Lead6,   // FC-FD  RFC 2044 6-byte lead
    Invalid, // FE-FF
    ByteClassCount
};

enum State : std::uint8_t {
    Start,  // between sequences
    TailX1, // one continuation byte 80-BF still needed
    TailX2, // two continuation bytes still needed
    TailX3, // three continuation bytes still needed
    A,      // after E0: needs A0-BF
    B,      // after ED: needs 80-9F
    C,      // after F0: needs 90-BF
    D,      // after F4: needs 80-8F
    Reject,
    StateCount
};

inline constexpr std::array<std::uint8_t, 256> kByteClass = [] {
    std::array<std::uint8_t, 256> t{};
    auto fill = [&t](int first, int last, ByteClass c) {
        for (int b = first; b <= last; ++b)
            t[b] = c;
    };
    fill(0x00, 0x7F, Ascii);
    fill(0x80, 0x8F, Cont80);
    fill(0x90, 0x9F, Cont90);
    fill(0xA0, 0xBF, ContA0);
    fill(0xC0, 0xC1, LeadC0);
    fill(0xC2, 0xDF, Lead2);
    fill(0xE0, 0xE0, LeadE0);
    fill(0xE1, 0xEC, Lead3);
    fill(0xED, 0xED, LeadED);
    fill(0xEE, 0xEF, Lead3);
    fill(0xF0, 0xF0, LeadF0);
    fill(0xF1, 0xF3, Lead4);
    fill(0xF4, 0xF4, LeadF4);
    fill(0xF5, 0xF7, LeadF5);
    fill(0xF8, 0xFB, Lead5);
    fill(0xFC, 0xFD, Lead6);
    fill(0xFE, 0xFF, Invalid);
    return t;
}();

// Columns: Ascii Cont80 Cont90 ContA0 | LeadC0 Lead2 LeadE0 Lead3 LeadED LeadF0 Lead4 LeadF4
//          LeadF5 Lead5 Lead6 Invalid
inline constexpr std::uint8_t R = Reject;
inline constexpr std::array<std::array<std::uint8_t, ByteClassCount>, StateCount> kTransition = {{
    // Start: 00-7F stays, C2-DF/E0/E1-EC,EE-EF/ED/F0/F1-F3/F4 open a sequence
    {Start, R, R, R, R, TailX1, A, TailX2, B, C, TailX3, D, R, R, R, R},
    // TailX1: 80-BF completes the sequence
    {R, Start, Start, Start, R, R, R, R, R, R, R, R, R, R, R, R},
    // TailX2: 80-BF
    {R, TailX1, TailX1, TailX1, R, R, R, R, R, R, R, R, R, R, R, R},
    // TailX3: 80-BF
    {R, TailX2, TailX2, TailX2, R, R, R, R, R, R, R, R, R, R, R, R},
    // A (after E0): A0-BF only
    {R, R, R, TailX1, R, R, R, R, R, R, R, R, R, R, R, R},
    // B (after ED): 80-9F only
    {R, TailX1, TailX1, R, R, R, R, R, R, R, R, R, R, R, R, R},
    // C (after F0): 90-BF only
    {R, R, TailX2, TailX2, R, R, R, R, R, R, R, R, R, R, R, R},
    // D (after F4): 80-8F only
    {R, TailX2, R, R, R, R, R, R, R, R, R, R, R, R, R, R},
    // Reject is absorbing
    {R, R, R, R, R, R, R, R, R, R, R, R, R, R, R, R},
}};

[[nodiscard]] constexpr State step(State state, std::uint8_t byte) {
    return static_cast<State>(kTransition[state][kByteClass[byte]]);
}

[[nodiscard]] constexpr bool isContinuation(std::uint8_t byte) {
    return (byte & 0xC0) == 0x80;
}

// How many bytes the RFC 2044 pattern led by `lead` has: 1 for 00-7F, 2 for C0-DF, 3 for E0-EF,
// 4 for F0-F7, 5 for F8-FB, 6 for FC-FD; 0 for continuation bytes and FE-FF.
[[nodiscard]] constexpr int naiveLength(std::uint8_t lead) {
    if (lead < 0x80)
        return 1;
    if (lead < 0xC0)
        return 0;
    if (lead < 0xE0)
        return 2;
    if (lead < 0xF0)
        return 3;
    if (lead < 0xF8)
        return 4;
    if (lead < 0xFC)
        return 5;
    if (lead < 0xFE)
        return 6;
    return 0;
}

// The value a pattern of `length` bytes (lead plus continuations, RFC 2044 layout) carries.
[[nodiscard]] constexpr std::uint32_t patternValue(const std::uint8_t* bytes, int length) {
    std::uint32_t value = length == 1 ? bytes[0] : bytes[0] & (0x7Fu >> length);
    for (int i = 1; i < length; ++i)
        value = (value << 6) | (bytes[i] & 0x3Fu);
    return value;
}

// The smallest value that needs a pattern of `length` bytes (anything smaller is overlong).
[[nodiscard]] constexpr std::uint32_t minimumValue(int length) {
    constexpr std::uint32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000};
    return minimum[length];
}

// The length of the longest prefix of `bytes[0, count)` that the automaton accepts from Start
// without rejecting; 0 when even the first byte is rejected.
[[nodiscard]] constexpr int acceptedPrefix(const std::uint8_t* bytes, int count) {
    State state = Start;
    for (int i = 0; i < count; ++i) {
        state = step(state, bytes[i]);
        if (state == Reject)
            return i;
        if (state == Start)
            return i + 1;
    }
    return count;
}

// The number of maximal subparts (Unicode 3.9, "U+FFFD Substitution of Maximal Subparts") in an
// ill-formed stretch `bytes[0, count)` that contains no complete well-formed sequence.
[[nodiscard]] constexpr std::uint32_t maximalSubparts(const std::uint8_t* bytes, int count) {
    std::uint32_t parts = 0;
    for (int i = 0; i < count; ++parts) {
        const int accepted = acceptedPrefix(bytes + i, count - i);
        i += accepted > 0 ? accepted : 1;
    }
    return parts;
}

} // namespace utf8
} // namespace moji
