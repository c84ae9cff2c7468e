#pragma once

// decode/ owns the definition of UTF-8: the byte classes and states of the Table 3-7 automaton
// (utf8automaton.h), the kinds of unit and notice (sequencekind.h, noticekind.h), the naive
// RFC 2044 unit reader every anomaly kind is defined by (this file), and the decoders built on
// it: StreamDecoder for bytes fed in pieces, WindowDecoder for any range of a source, the
// sync points where decoding may start (syncpoint.h), and the notices a well-formed stream may
// still deserve; and code-point arithmetic (codepoint.h: scalar values, UTF-16 units, U+FFFD).
// Everything else in codec/ agrees with these.

#include "decode/sequence.h"

#include <cstddef>
#include <cstdint>

namespace moji {

// Reads the unit that starts at bytes[0] (size > 0): a well-formed sequence or one anomaly, as
// a naive RFC 2044 decoder would delimit it (see SequenceKind). `atEnd` says no byte follows
// bytes[size - 1]. The returned Sequence has offset 0.
//
// Returns length 0 when more bytes are needed to decide (only when !atEnd): an incomplete
// pattern reaching the end, a lone high surrogate whose following bytes might yet form its low
// half, or a run of continuation bytes reaching the end.
//
// Contract: units never split a maximal subpart, a unit that starts with a non-continuation
// byte other than ED never starts inside another unit, and a decided unit is the same whatever
// bytes follow beyond what was needed to decide it.
[[nodiscard]] Sequence readSequence(const std::uint8_t* bytes, std::size_t size, bool atEnd);

} // namespace moji
