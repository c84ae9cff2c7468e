#pragma once

#include "decode/sequence.h"

namespace moji {

// Receives the units of a stream in offset order, each exactly once, covering every byte.
class SequenceSink {
  public:
    virtual ~SequenceSink() = default;
    virtual void sequence(const Sequence& unit) = 0;
};

} // namespace moji
