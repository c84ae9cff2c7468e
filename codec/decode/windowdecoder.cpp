#include "decode/windowdecoder.h"

#include "decode/sequencereader.h"
#include "decode/utf8automaton.h"

#include <algorithm>

namespace moji {
namespace {

std::uint64_t syncPointAtOrBefore(std::span<const std::uint8_t> bytes, std::uint64_t offset) {
    const std::uint64_t lowest =
        offset > WindowDecoder::kMaxLookback ? offset - WindowDecoder::kMaxLookback : 0;
    for (std::uint64_t at = offset + 1; at-- > lowest;) {
        if (utf8::startsUnitAnywhere(bytes[at]))
            return at;
    }
    return lowest;
}

} // namespace

std::vector<Sequence> WindowDecoder::decode(std::span<const std::uint8_t> bytes, std::uint64_t from,
                                            std::uint64_t to) {
    std::vector<Sequence> units;
    to = std::min<std::uint64_t>(to, bytes.size());
    if (from >= to)
        return units;
    std::uint64_t at = syncPointAtOrBefore(bytes, from);
    while (at < to) {
        Sequence unit = readSequence(bytes.data() + at, bytes.size() - at, true);
        unit.offset = at;
        at += unit.length;
        if (at > from)
            units.push_back(unit);
    }
    return units;
}

Sequence WindowDecoder::unitAt(std::span<const std::uint8_t> bytes, std::uint64_t offset) {
    const auto units = decode(bytes, offset, offset + 1);
    return units.empty() ? Sequence{} : units.front();
}

} // namespace moji
