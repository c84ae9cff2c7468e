// libFuzzer target: what the window's tooltips, the inspector and `mojiscope explain` say about
// any bytes (describe/). For every unit of any input:
// - the explanation is non-empty, well-formed UTF-8 text;
// - a complete pattern's bit layout encodes back to the same bytes, with the value the decoder
//   read for a kind that has one; a well-formed unit is also its code point's UTF-8 encoding;
// - a well-formed character's display form and label are well-formed UTF-8, and its character
//   data can be looked up.

#include "decode/streamdecoder.h"
#include "describe/bitlayout.h"
#include "describe/characterinfo.h"
#include "describe/displayform.h"
#include "describe/explanation.h"
#include "referenceutf8.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

void check(bool condition) {
    if (!condition)
        std::abort();
}

void checkText(const std::string& text) {
    check(reference::isWellFormed(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

struct Collect : moji::SequenceSink {
    void sequence(const moji::Sequence& unit) override { units.push_back(unit); }
    std::vector<moji::Sequence> units;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> stream(data, size);
    Collect collect;
    moji::StreamDecoder decoder;
    decoder.feed(stream, collect);
    decoder.finish(collect);

    for (const moji::Sequence& unit : collect.units) {
        const std::string explanation = moji::explainSequence(unit, stream);
        check(!explanation.empty());
        checkText(explanation);

        const auto bytes = stream.subspan(unit.offset, unit.length);
        if (const auto layout = moji::layoutOf(bytes)) {
            check(std::size_t(layout->count) == bytes.size());
            if (moji::kindHasValue(unit.kind) || unit.kind == moji::SequenceKind::Valid)
                check(layout->value == unit.value);
            const auto pattern = moji::encodePattern(layout->value, layout->count);
            check(pattern.has_value());
            check(std::equal(bytes.begin(), bytes.end(), pattern->begin()));
        }
        if (unit.kind != moji::SequenceKind::Valid)
            continue;
        const auto encoded = moji::encodeUtf8(unit.value);
        check(encoded.has_value());
        check(std::ranges::equal(encoded->view(), bytes));
        const moji::DisplayForm form = moji::displayFormOf(unit.value);
        checkText(form.text);
        checkText(form.label);
        static_cast<void>(moji::characterInfo(unit.value));
    }
    return 0;
}
