// libFuzzer target: for any input, the fast scanner (every kernel this CPU has, several thread
// counts and chunk sizes), the streaming decoder fed in pieces, and the window decoder must all
// agree with the streaming decoder fed the input whole. Build with -DMOJISCOPE_FUZZ=ON and clang.

#include "decode/notices.h"
#include "decode/sequencesink.h"
#include "decode/streamdecoder.h"
#include "decode/windowdecoder.h"
#include "scan/scanner.h"

#include <cstdlib>
#include <vector>

namespace {

struct Collect : moji::SequenceSink {
    void sequence(const moji::Sequence& unit) override { units.push_back(unit); }
    std::vector<moji::Sequence> units;
};

void check(bool condition) {
    if (!condition)
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    Collect whole;
    moji::StreamDecoder decoder;
    decoder.feed(bytes, whole);
    decoder.finish(whole);

    // Streaming in pieces whose sizes come from the input itself.
    Collect pieces;
    std::size_t at = 0;
    for (std::size_t i = 0; at < size; ++i) {
        const std::size_t piece = std::min<std::size_t>(size - at, 1 + data[i % size] % 7);
        decoder.feed(bytes.subspan(at, piece), pieces);
        at += piece;
    }
    decoder.finish(pieces);
    check(pieces.units == whole.units);

    std::vector<moji::Sequence> anomalies;
    std::uint64_t wellFormed = 0;
    for (const auto& unit : whole.units) {
        if (moji::isAnomaly(unit.kind))
            anomalies.push_back(unit);
        else
            ++wellFormed;
    }
    for (const moji::simd::SimdLevel level : moji::simd::supportedSimdLevels()) {
        for (unsigned threads : {1u, 3u}) {
            moji::ScanOptions options;
            options.level = level;
            options.threads = threads;
            options.chunkSize = 64 + size % 200;
            const moji::ScanResult result = moji::scanBytes(data, size, options);
            check(result.counts.anomalies() == anomalies.size());
            check(result.counts.wellFormedSequences() == wellFormed);
            check(result.anomalies.size() == anomalies.size());
            for (std::size_t i = 0; i < anomalies.size(); ++i)
                check(result.anomalies.at(i) == anomalies[i]);
        }
    }

    if (size > 0) {
        const std::size_t from = data[0] % size;
        const auto window = moji::WindowDecoder::decode(bytes, from, from + 16);
        std::vector<moji::Sequence> expected;
        for (const auto& unit : whole.units)
            if (unit.offset + unit.length > from && unit.offset < from + 16)
                expected.push_back(unit);
        check(window == expected);
    }
    return 0;
}
