// libFuzzer target: for any input, the fast scanner (every kernel this CPU has, several thread
// counts and chunk sizes, small index limits, stop at the first anomaly), the streaming decoder
// fed in pieces, and the window decoder (decode and unitAt) must all agree with the streaming
// decoder fed the input whole: the same units, anomalies, notices (NUL units merged into runs)
// and counts. Build with -DMOJISCOPE_FUZZ=ON and clang.

#include "decode/notices.h"
#include "decode/sequencesink.h"
#include "decode/streamdecoder.h"
#include "decode/windowdecoder.h"
#include "scan/scanner.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace {

struct Collect : moji::SequenceSink {
    void sequence(const moji::Sequence& unit) override { units.push_back(unit); }
    std::vector<moji::Sequence> units;
};

template <typename Item>
std::vector<Item> listOf(const moji::ChunkedIndex<Item>& index) {
    std::vector<Item> items;
    index.forEach([&](const Item& item) { items.push_back(item); });
    return items;
}

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

    // The reference: anomalies, notices and counts of the units of the whole decode.
    std::vector<moji::Sequence> anomalies;
    std::vector<moji::Notice> notices;
    moji::ScanCounts counts;
    for (const auto& unit : whole.units) {
        if (moji::isAnomaly(unit.kind)) {
            anomalies.push_back(unit);
            ++counts.byKind[static_cast<int>(unit.kind)];
            counts.replacements += unit.replacements;
            continue;
        }
        ++counts.sequencesByLength[unit.length];
        const auto kind = moji::noticeKindOf(unit);
        if (!kind)
            continue;
        if (*kind == moji::NoticeKind::Nul && !notices.empty() &&
            notices.back().kind == moji::NoticeKind::Nul &&
            notices.back().offset + notices.back().length == unit.offset) {
            ++notices.back().length;
            continue;
        }
        notices.push_back({unit.offset, unit.length, unit.value, *kind});
        ++counts.notices[static_cast<int>(*kind)];
    }

    const std::uint64_t limit = size > 0 ? data[size - 1] % 8 : 0;
    for (const moji::simd::SimdLevel level : moji::simd::supportedSimdLevels()) {
        for (unsigned threads : {1u, 3u}) {
            moji::ScanOptions options;
            options.level = level;
            options.threads = threads;
            options.chunkSize = 64 + size % 200;
            const moji::ScanResult result = moji::scanBytes(data, size, options);
            check(result.status == moji::ScanResult::Status::Complete);
            check(result.counts == counts);
            check(listOf(result.anomalies) == anomalies);
            check(listOf(result.notices) == notices);

            // Small index limits keep the first items in offset order; the counts stay exact.
            options.maxIndexedAnomalies = limit;
            options.maxIndexedNotices = limit;
            const moji::ScanResult limited = moji::scanBytes(data, size, options);
            check(limited.counts == counts);
            check(listOf(limited.anomalies) ==
                  std::vector(anomalies.begin(),
                              anomalies.begin() + std::min<std::size_t>(limit, anomalies.size())));
            check(listOf(limited.notices) ==
                  std::vector(notices.begin(),
                              notices.begin() + std::min<std::size_t>(limit, notices.size())));

            options.stopAtFirstAnomaly = true;
            check(moji::scanBytes(data, size, options).valid() == anomalies.empty());
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
        check(!expected.empty() && moji::WindowDecoder::unitAt(bytes, from) == expected.front());
        const std::size_t last = size - 1 - data[size / 2] % size;
        const auto containing =
            std::find_if(whole.units.begin(), whole.units.end(),
                         [&](const auto& unit) { return unit.offset + unit.length > last; });
        check(containing != whole.units.end() &&
              moji::WindowDecoder::unitAt(bytes, last) == *containing);
    }
    return 0;
}
