#pragma once

#include "decode/sequence.h"
#include "decode/sequencesink.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace moji {

// Decodes a byte stream fed in chunks of any size into units (see readSequence), reporting each
// to a SequenceSink. Feeding a buffer in any split, then calling finish(), reports exactly the
// units that feeding it whole does: a unit split across chunks is reported once, whole, with its
// stream offset. The decoder is a small copyable value; copying it forks the stream state.
// This is the reference against which every fast path is tested.
class StreamDecoder {
  public:
    // Decodes `chunk`, reporting every unit that can already be decided.
    void feed(std::span<const std::uint8_t> chunk, SequenceSink& sink);
    // Ends the stream: reports what is still pending, then resets to offset 0.
    void finish(SequenceSink& sink);

  private:
    void feedPending(std::span<const std::uint8_t>& chunk, SequenceSink& sink);
    void extendRun(std::span<const std::uint8_t>& chunk, SequenceSink& sink);
    void emit(Sequence unit, SequenceSink& sink);

    // Stream offset of the first undecided byte: the open run, else the pending bytes.
    std::uint64_t mOffset = 0;
    // Length of an open run of continuation bytes (bytes not kept).
    std::uint64_t mRunLength = 0;
    // Bytes of an undecided unit (never starting with a continuation byte).
    std::array<std::uint8_t, 6> mPending{};
    std::uint8_t mPendingCount = 0;
};

} // namespace moji
