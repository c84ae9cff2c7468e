#pragma once

#include "decode/sequence.h"

#include <cstdint>
#include <span>
#include <vector>

namespace moji {

// Decodes only the units that overlap bytes [from, to), so a view can draw any rows at once,
// reading no byte outside [from - kMaxLookBehind, to + kMaxLookAhead).
//
// Decoding starts at the last sync point (see SyncPoint) at or before `from` within
// kMaxLookBehind bytes; the units are then exactly those of decoding the whole buffer. Long
// runs of continuation bytes (kLongRun bytes or more) are taken whole from `longRuns`, the
// complete list a scan of these bytes made (ScanResult::longRuns), without reading them; with
// it, every unit is exact except inside a chain of surrogate patterns longer than
// kMaxLookBehind. Without it (no scan yet), a run that goes on past what may be read is reported
// as one UnexpectedContinuation unit clipped to the bytes read.
class WindowDecoder {
  public:
    static constexpr std::uint64_t kMaxLookBehind = kLongRun;
    static constexpr std::uint64_t kMaxLookAhead = kLongRun;

    [[nodiscard]] static std::vector<Sequence> decode(std::span<const std::uint8_t> bytes,
                                                      std::uint64_t from, std::uint64_t to,
                                                      std::span<const Sequence> longRuns = {});

    // The unit containing byte `offset` (offset < bytes.size()), read the same way.
    [[nodiscard]] static Sequence unitAt(std::span<const std::uint8_t> bytes, std::uint64_t offset,
                                         std::span<const Sequence> longRuns = {});
};

} // namespace moji
