#include "decode/windowdecoder.h"

#include "decode/sequencereader.h"
#include "decode/syncpoint.h"

#include <algorithm>

namespace moji {

std::vector<Sequence> WindowDecoder::decode(std::span<const std::uint8_t> bytes, std::uint64_t from,
                                            std::uint64_t to, std::span<const Sequence> longRuns) {
    std::vector<Sequence> units;
    to = std::min<std::uint64_t>(to, bytes.size());
    if (from >= to)
        return units;
    // The first long run that starts after `from`; the one before it may contain `from`.
    auto nextRun = std::upper_bound(
        longRuns.begin(), longRuns.end(), from,
        [](std::uint64_t offset, const Sequence& run) { return offset < run.offset; });
    std::uint64_t at = 0;
    const Sequence* before = nextRun == longRuns.begin() ? nullptr : &*(nextRun - 1);
    if (before && before->offset + before->length > from) {
        at = before->offset;
        --nextRun;
    } else {
        std::uint64_t lowest = from > kMaxLookBehind ? from - kMaxLookBehind : 0;
        if (before) // a run ends where a unit starts
            lowest = std::max(lowest, before->offset + before->length);
        at = SyncPoint::previous(bytes.data(), lowest, from).value_or(lowest);
    }
    const std::uint64_t readEnd = std::min<std::uint64_t>(bytes.size(), to + kMaxLookAhead);
    while (at < to) {
        while (nextRun != longRuns.end() && nextRun->offset < at)
            ++nextRun;
        Sequence unit;
        if (nextRun != longRuns.end() && nextRun->offset == at) {
            unit = *nextRun++;
        } else {
            unit = readSequence(bytes.data() + at, readEnd - at, readEnd == bytes.size());
            if (unit.length == 0) { // a run going on past readEnd
                const auto length = static_cast<std::uint32_t>(readEnd - at);
                unit = {0, length, 0, length, SequenceKind::UnexpectedContinuation};
            }
            unit.offset = at;
        }
        at += unit.length;
        if (at > from)
            units.push_back(unit);
    }
    return units;
}

Sequence WindowDecoder::unitAt(std::span<const std::uint8_t> bytes, std::uint64_t offset,
                               std::span<const Sequence> longRuns) {
    const auto units = decode(bytes, offset, offset + 1, longRuns);
    return units.empty() ? Sequence{} : units.front();
}

} // namespace moji
