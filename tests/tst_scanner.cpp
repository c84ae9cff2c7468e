// The file engine's scanner (SIMD kernels, exact path, parallel chunks) against the reference
// StreamDecoder: same anomalies, notices and counts for every kernel, thread count and chunk
// size, on seeded corruptions, random bytes and edge sizes.

#include "decode/notices.h"
#include "decode/syncpoint.h"
#include "referenceutf8.h"
#include "scan/chunksplit.h"
#include "scan/scanner.h"
#include "testsupport.h"

#include <QTest>

#include <condition_variable>
#include <mutex>

using testsupport::Bytes;

namespace {

struct Expected {
    std::vector<moji::Sequence> anomalies;
    std::vector<moji::Notice> notices;
    moji::ScanCounts counts;
    std::vector<moji::Sequence> longRuns; // continuation runs of kLongRun bytes or more
};

// The reference: every unit from StreamDecoder; NUL units merged into runs.
Expected expectedOf(const Bytes& bytes) {
    Expected e;
    for (const moji::Sequence& unit : testsupport::decodeWhole(bytes)) {
        if (unit.kind != moji::SequenceKind::Valid) {
            e.anomalies.push_back(unit);
            if (unit.kind == moji::SequenceKind::UnexpectedContinuation &&
                unit.length >= moji::kLongRun)
                e.longRuns.push_back(unit);
            ++e.counts.byKind[static_cast<int>(unit.kind)];
            e.counts.replacements += unit.replacements;
            continue;
        }
        ++e.counts.sequencesByLength[unit.length];
        const auto kind = moji::noticeKindOf(unit);
        if (!kind)
            continue;
        if (*kind == moji::NoticeKind::Nul && !e.notices.empty() &&
            e.notices.back().kind == moji::NoticeKind::Nul &&
            e.notices.back().offset + e.notices.back().length == unit.offset &&
            e.notices.back().length < moji::kMaxRunLength) {
            ++e.notices.back().length;
            continue;
        }
        e.notices.push_back({unit.offset, unit.length, unit.value, *kind});
        ++e.counts.notices[static_cast<int>(*kind)];
    }
    return e;
}

std::vector<moji::simd::SimdLevel> availableLevels() {
    std::vector<moji::simd::SimdLevel> levels{moji::simd::SimdLevel::Scalar};
    const auto best = moji::simd::detectSimdLevel();
    for (auto level :
         {moji::simd::SimdLevel::Sse2, moji::simd::SimdLevel::Avx2, moji::simd::SimdLevel::Avx512})
        if (static_cast<int>(level) <= static_cast<int>(best))
            levels.push_back(level);
    return levels;
}

template <typename Item>
std::vector<Item> listOf(const moji::ChunkedIndex<Item>& index) {
    std::vector<Item> items;
    index.forEach([&](const Item& item) { items.push_back(item); });
    return items;
}

// Empty when the scan equals the reference, else what differs.
QString compare(const Bytes& bytes, const moji::ScanOptions& options, const Expected& expected) {
    const moji::ScanResult result = moji::scanBytes(bytes.data(), bytes.size(), options);
    const QString where = QStringLiteral(" (%1, %2 threads, chunks of %3, %4 bytes)")
                              .arg(moji::simd::simdLevelName(options.level))
                              .arg(options.threads)
                              .arg(options.chunkSize)
                              .arg(bytes.size());
    if (result.status != moji::ScanResult::Status::Complete)
        return "status" + where;
    if (!(result.counts == expected.counts))
        return QStringLiteral("counts: by length %1 %2 %3 %4, expected %5 %6 %7 %8")
                   .arg(result.counts.sequencesByLength[1])
                   .arg(result.counts.sequencesByLength[2])
                   .arg(result.counts.sequencesByLength[3])
                   .arg(result.counts.sequencesByLength[4])
                   .arg(expected.counts.sequencesByLength[1])
                   .arg(expected.counts.sequencesByLength[2])
                   .arg(expected.counts.sequencesByLength[3])
                   .arg(expected.counts.sequencesByLength[4]) +
               where;
    const auto anomalies = listOf(result.anomalies);
    if (anomalies != expected.anomalies) {
        for (std::size_t i = 0; i < std::min(anomalies.size(), expected.anomalies.size()); ++i)
            if (!(anomalies[i] == expected.anomalies[i]))
                return QStringLiteral("anomaly %1 at %2, expected at %3")
                           .arg(i)
                           .arg(anomalies[i].offset)
                           .arg(expected.anomalies[i].offset) +
                       where;
        return QStringLiteral("anomaly count %1, expected %2")
                   .arg(anomalies.size())
                   .arg(expected.anomalies.size()) +
               where;
    }
    if (listOf(result.notices) != expected.notices)
        return "notices" + where;
    if (result.longRuns != expected.longRuns)
        return "long runs" + where;
    return {};
}

#define SCAN_EQUALS_REFERENCE(bytes, options, expected)                                            \
    do {                                                                                           \
        const QString difference = compare(bytes, options, expected);                              \
        QVERIFY2(difference.isEmpty(), qPrintable(difference));                                    \
    } while (false)

// A slice of the corpus that is well-formed, starting and ending on character boundaries.
Bytes validText(std::size_t size) {
    const Bytes& corpus = testsupport::seedCorpus();
    Bytes text;
    while (text.size() < size)
        text.insert(text.end(), corpus.begin(), corpus.end());
    std::size_t end = size;
    while (end > 0 && (text[end] & 0xC0) == 0x80)
        --end;
    text.resize(end);
    return text;
}

// `head` followed by `unit` repeated to fill `tailSize` bytes.
Bytes headThenTail(const Bytes& head, const Bytes& unit, std::size_t tailSize) {
    Bytes bytes = head;
    while (bytes.size() < head.size() + tailSize)
        bytes.insert(bytes.end(), unit.begin(), unit.end());
    return bytes;
}

// The split as the scanner has always defined it, searched plainly (quadratic on long runs):
// for each multiple of chunkSize, the first non-NUL sync point at or after it and after the last
// start.
std::vector<std::uint64_t> plainSplit(const Bytes& bytes, std::uint64_t chunkSize) {
    std::vector<std::uint64_t> starts{0};
    for (std::uint64_t nominal = chunkSize; nominal < bytes.size(); nominal += chunkSize) {
        std::uint64_t at = std::max(nominal, starts.back());
        while (at < bytes.size() &&
               ((bytes[at] & 0xC0) == 0x80 || bytes[at] == 0xED || bytes[at] == 0))
            ++at;
        if (at > starts.back() && at < bytes.size())
            starts.push_back(at);
    }
    starts.push_back(bytes.size());
    return starts;
}

// Options as `mojiscope check` and the repairer's verification use them: the yes/no kernels.
moji::ScanOptions yesNoOptions(moji::simd::SimdLevel level, unsigned threads, std::uint64_t chunk) {
    moji::ScanOptions options;
    options.level = level;
    options.threads = threads;
    options.chunkSize = chunk;
    options.stopAtFirstAnomaly = true;
    options.maxIndexedAnomalies = 1;
    options.maxIndexedNotices = 0;
    return options;
}

} // namespace

class TestScanner : public QObject {
    Q_OBJECT
  private slots:
    void edgeSizes_data() {
        QTest::addColumn<int>("size");
        for (int size : {0, 1, 2, 3, 4, 5, 63, 64, 65, 127, 128, 129, 191, 192, 193, 1000})
            QTest::addRow("%d bytes", size) << size;
    }

    void edgeSizes() {
        QFETCH(int, size);
        std::mt19937_64 random(static_cast<std::uint64_t>(size));
        const Bytes inputs[] = {validText(static_cast<std::size_t>(size)),
                                testsupport::randomUtf8ish(random, static_cast<std::size_t>(size)),
                                Bytes(static_cast<std::size_t>(size), 'a'),
                                Bytes(static_cast<std::size_t>(size), 0x80)};
        for (const Bytes& bytes : inputs) {
            const Expected expected = expectedOf(bytes);
            for (auto level : availableLevels()) {
                moji::ScanOptions options;
                options.level = level;
                options.threads = 1;
                SCAN_EQUALS_REFERENCE(bytes, options, expected);
            }
        }
    }

    // Every byte of the middle 64-byte block of well-formed text, every bit flipped.
    void everyBitFlipInABlock() {
        const Bytes base = validText(256);
        for (auto level : availableLevels()) {
            moji::ScanOptions options;
            options.level = level;
            options.threads = 1;
            for (std::size_t at = 60; at < 132 && at < base.size(); ++at) {
                for (int bit = 0; bit < 8; ++bit) {
                    Bytes bytes = base;
                    bytes[at] ^= static_cast<std::uint8_t>(1u << bit);
                    SCAN_EQUALS_REFERENCE(bytes, options, expectedOf(bytes));
                }
            }
        }
    }

    // Each anomaly kind and notice planted at every offset around block edges.
    void plantedAtBlockEdges() {
        const Bytes plants[] = {{0xC0, 0xAF},
                                {0xE0, 0x80, 0xAF},
                                {0xF0, 0x8F, 0xBF, 0xBF},
                                {0xED, 0xA0, 0x80},
                                {0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4},
                                {0xF4, 0x90, 0x80, 0x80},
                                {0xF5},
                                {0xF8, 0x88, 0x80, 0x80, 0x80},
                                {0xFE},
                                {0x80, 0x81},
                                {0xE3, 0x81},
                                {0xC2},
                                {0xEF, 0xBB, 0xBF},
                                {0xEF, 0xB7, 0x90},
                                {0xEF, 0xBF, 0xBE},
                                {0xF0, 0x9F, 0xBF, 0xBF},
                                {0xC2, 0x85},
                                {0x1B},
                                {0x00, 0x00},
                                {0x7F},
                                {0xE3, 0x81, 0x82},
                                {0xFE, 0x80},
                                {0xFF, 0xBF, 0xBF},
                                {0xFC, 0x80},
                                {0xF0, 0x90, 0x80},
                                {0xEF, 0xB7, 0xAF},
                                {0xEF, 0xB7, 0x8F},
                                {0xEF, 0xB7, 0xB0},
                                {0xEF, 0xBB, 0xBE},
                                {0xEF, 0xBF, 0xBD},
                                {0xEF, 0xBF, 0xBF},
                                {0xF4, 0x8F, 0xBF, 0xBE},
                                {0xF3, 0xAF, 0xBF, 0xBF},
                                {0xC2, 0x9F},
                                {0xC2, 0xA0},
                                {0x19},
                                {0x09, 0x0D, 0x0A}};
        for (auto level : availableLevels()) {
            moji::ScanOptions options;
            options.level = level;
            options.threads = 1;
            for (const Bytes& plant : plants) {
                for (std::size_t at = 56; at < 72; ++at) {
                    Bytes bytes(200, 'x');
                    std::copy(plant.begin(), plant.end(), bytes.begin() + static_cast<long>(at));
                    QVERIFY2(
                        compare(bytes, options, expectedOf(bytes)).isEmpty(),
                        qPrintable(
                            QString("plain x, plant %1 at %2: ")
                                .arg(QByteArray((const char*)plant.data(), plant.size()).toHex(' '))
                                .arg(at) +
                            compare(bytes, options, expectedOf(bytes))));
                    Bytes text = validText(200);
                    text.insert(text.begin() + static_cast<long>(at), plant.begin(), plant.end());
                    SCAN_EQUALS_REFERENCE(text, options, expectedOf(text));
                    // A block of multi-byte text, then ASCII.
                    Bytes mixed = validText(64);
                    mixed.resize(200, 'x');
                    std::copy(plant.begin(), plant.end(), mixed.begin() + static_cast<long>(at));
                    SCAN_EQUALS_REFERENCE(mixed, options, expectedOf(mixed));
                }
                // At the very end of whole blocks of multi-byte text.
                Bytes tail = validText(128 - plant.size());
                tail.resize(128 - plant.size(), ' ');
                tail.insert(tail.end(), plant.begin(), plant.end());
                SCAN_EQUALS_REFERENCE(tail, options, expectedOf(tail));
            }
        }
    }

    void mutatedCorpusAcrossChunksAndThreads_data() {
        QTest::addColumn<int>("seed");
        for (int seed = 1; seed <= 6; ++seed)
            QTest::addRow("seed %d", seed) << seed;
    }

    void mutatedCorpusAcrossChunksAndThreads() {
        QFETCH(int, seed);
        std::mt19937_64 random(static_cast<std::uint64_t>(seed));
        const Bytes bytes = testsupport::mutate(validText(300000), random, seed * 40);
        const Expected expected = expectedOf(bytes);
        for (auto level : availableLevels()) {
            for (unsigned threads : {1u, 2u, 5u}) {
                for (std::uint64_t chunk : {64ull, 1000ull, 65536ull, 8ull << 20}) {
                    moji::ScanOptions options;
                    options.level = level;
                    options.threads = threads;
                    options.chunkSize = chunk;
                    SCAN_EQUALS_REFERENCE(bytes, options, expected);
                }
            }
        }
    }

    void randomBytesAcrossChunks() {
        std::mt19937_64 random(99);
        for (int round = 0; round < 20; ++round) {
            const Bytes bytes = testsupport::randomUtf8ish(random, 5000 + random() % 5000);
            const Expected expected = expectedOf(bytes);
            for (auto level : availableLevels()) {
                moji::ScanOptions options;
                options.level = level;
                options.threads = 3;
                options.chunkSize = 64 + random() % 700;
                SCAN_EQUALS_REFERENCE(bytes, options, expected);
            }
        }
    }

    // Runs that defeat chunk splitting: continuation bytes, surrogate chains, NULs.
    void unsplittableRuns() {
        Bytes bytes(5000, 0x80);
        for (int i = 0; i < 300; ++i)
            bytes.insert(bytes.end(), {0xED, 0xA0, 0x80});
        bytes.insert(bytes.end(), {0xED, 0xB0, 0x80});
        bytes.insert(bytes.end(), 3000, 0x00);
        bytes.push_back('z');
        const Expected expected = expectedOf(bytes);
        for (auto level : availableLevels()) {
            moji::ScanOptions options;
            options.level = level;
            options.threads = 4;
            options.chunkSize = 64;
            SCAN_EQUALS_REFERENCE(bytes, options, expected);
        }
    }

    void indexLimitsKeepTheFirstItemsAndExactCounts() {
        std::mt19937_64 random(5);
        const Bytes bytes = testsupport::randomUtf8ish(random, 100000);
        const Expected expected = expectedOf(bytes);
        moji::ScanOptions options;
        options.threads = 2;
        options.chunkSize = 4096;
        options.maxIndexedAnomalies = 100;
        options.maxIndexedNotices = 7;
        const auto result = moji::scanBytes(bytes.data(), bytes.size(), options);
        QVERIFY(result.counts == expected.counts);
        QCOMPARE(result.anomalies.size(), std::uint64_t(100));
        QCOMPARE(result.notices.size(), std::uint64_t(7));
        for (std::uint64_t i = 0; i < 100; ++i)
            QVERIFY(result.anomalies.at(i) == expected.anomalies[i]);
        QCOMPARE(result.unindexedAnomalies(), expected.anomalies.size() - 100);
    }

    void stopAtFirstAnomaly() {
        Bytes bytes = validText(1 << 20);
        bytes[700000] = 0xFF;
        bytes[900000] = 0xFF;
        moji::ScanOptions options;
        options.stopAtFirstAnomaly = true;
        options.chunkSize = 65536;
        const auto result = moji::scanBytes(bytes.data(), bytes.size(), options);
        QVERIFY(!result.valid());
        QCOMPARE(result.status, moji::ScanResult::Status::Stopped);
        QVERIFY(result.anomalies.at(0) == expectedOf(bytes).anomalies.front());
    }

    void cancelStopsTheScan() {
        const Bytes bytes = validText(4 << 20);
        std::atomic<bool> cancel{true};
        moji::ScanOptions options;
        options.cancel = &cancel;
        const auto result = moji::scanBytes(bytes.data(), bytes.size(), options);
        QCOMPARE(result.status, moji::ScanResult::Status::Stopped);
    }

    void progressReachesTheTotal() {
        const Bytes bytes = validText(3 << 20);
        for (unsigned threads : {1u, 2u}) {
            std::uint64_t lastDone = 0, lastTotal = 0;
            int calls = 0;
            moji::ScanOptions options;
            options.threads = threads;
            options.chunkSize = 1 << 18;
            options.progress = [&](std::uint64_t done, std::uint64_t total) {
                QVERIFY(done >= lastDone);
                lastDone = done;
                lastTotal = total;
                ++calls;
            };
            const auto result = moji::scanBytes(bytes.data(), bytes.size(), options);
            QVERIFY(result.valid());
            QVERIFY(calls > 0);
            QCOMPARE(lastDone, std::uint64_t(bytes.size()));
            QCOMPARE(lastTotal, std::uint64_t(bytes.size()));
        }
    }

    // The split reads each byte a bounded number of times, whatever follows the text: the
    // sync-point search never covers a byte twice (it used to rescan a tail without sync points
    // from every later nominal offset, quadratic in the tail's length).
    void splitSearchIsLinear_data() {
        QTest::addColumn<Bytes>("tail");
        QTest::newRow("NUL tail") << Bytes{0x00};
        QTest::newRow("continuation tail") << Bytes{0x80};
        QTest::newRow("ED tail") << Bytes{0xED};
        QTest::newRow("surrogate chain tail") << Bytes{0xED, 0xA0, 0x80};
        QTest::newRow("text tail") << testsupport::bytesOf("z");
    }

    void splitSearchIsLinear() {
        QFETCH(Bytes, tail);
        const Bytes bytes = headThenTail(validText(1000), tail, 8 << 20);
        for (std::uint64_t chunk : {64ull, 4096ull, 1ull << 20}) {
            const moji::ChunkSplit split = moji::ChunkSplit::of(bytes.data(), bytes.size(), chunk);
            QVERIFY(!split.cancelled);
            QVERIFY2(split.bytesSearched <= bytes.size(),
                     qPrintable(QStringLiteral("%1 bytes searched for a %2-byte input")
                                    .arg(split.bytesSearched)
                                    .arg(bytes.size())));
            QCOMPARE(split.starts.front(), std::uint64_t(0));
            QCOMPARE(split.starts.back(), std::uint64_t(bytes.size()));
            for (std::size_t i = 1; i + 1 < split.starts.size(); ++i) {
                QVERIFY(split.starts[i] > split.starts[i - 1]);
                QVERIFY(moji::SyncPoint::isSyncByte(bytes[split.starts[i]],
                                                    moji::SyncPoint::Nul::Skipped));
            }
        }
    }

    void splitEqualsThePlainSplit() {
        std::mt19937_64 random(17);
        for (int round = 0; round < 20; ++round) {
            Bytes bytes = testsupport::randomUtf8ish(random, 20000);
            const std::size_t run = random() % 5000;
            bytes.insert(bytes.begin() + static_cast<long>(random() % bytes.size()), run,
                         round % 2 ? 0x80 : 0x00);
            for (std::uint64_t chunk : {1ull, 64ull, 1000ull}) {
                const auto split = moji::ChunkSplit::of(bytes.data(), bytes.size(), chunk);
                QCOMPARE(split.starts, plainSplit(bytes, chunk));
            }
        }
    }

    // Cancelled before the scan: the split stops at once and no chunk is scanned (closing a
    // window used to wait for the whole split of a long NUL tail).
    void cancelledBeforeTheSplitScansNothing() {
        const Bytes bytes = headThenTail(validText(1000), {0x00}, 32 << 20);
        std::atomic<bool> cancel{true};
        const auto split = moji::ChunkSplit::of(bytes.data(), bytes.size(), 65536, &cancel);
        QVERIFY(split.cancelled);
        QCOMPARE(split.bytesSearched, std::uint64_t(0));
        moji::ScanOptions options;
        options.cancel = &cancel;
        options.chunkSize = 65536;
        int chunksScanned = 0, progressCalls = 0;
        options.chunkScanned = [&](std::uint64_t, std::uint64_t, const std::vector<moji::Sequence>&,
                                   std::uint64_t) { ++chunksScanned; };
        options.progress = [&](std::uint64_t, std::uint64_t) { ++progressCalls; };
        const auto result = moji::scanBytes(bytes.data(), bytes.size(), options);
        QCOMPARE(result.status, moji::ScanResult::Status::Stopped);
        QCOMPARE(chunksScanned, 0);
        QCOMPARE(progressCalls, 0);
    }

    // Files that defeat splitting or flood the index, against the reference for every kernel,
    // thread count and chunk size: text first, then a long tail of one pattern.
    void pathologicalInputs_data() {
        QTest::addColumn<Bytes>("bytes");
        const Bytes text = validText(100000);
        QTest::newRow("text, NUL tail") << headThenTail(text, {0x00}, 2 << 20);
        QTest::newRow("text, continuation tail") << headThenTail(text, {0x80}, 2 << 20);
        // One anomaly every byte or few: smaller, as each is compared.
        QTest::newRow("text, ED tail") << headThenTail(text, {0xED}, 256 << 10);
        QTest::newRow("text, surrogate chain tail")
            << headThenTail(text, {0xED, 0xA0, 0x80}, 512 << 10);
        QTest::newRow("all FF") << headThenTail({}, {0xFF}, 256 << 10);
        QTest::newRow("one 6-byte legacy form repeated")
            << headThenTail({}, {0xFC, 0x84, 0x80, 0x80, 0x80, 0x80}, 1 << 20);
        QTest::newRow("continuation runs between text")
            << headThenTail(text, headThenTail(testsupport::bytesOf("a"), {0x80}, 70000), 1 << 20);
    }

    void pathologicalInputs() {
        QFETCH(Bytes, bytes);
        const Expected expected = expectedOf(bytes);
        for (auto level : availableLevels()) {
            for (unsigned threads : {1u, 2u, 16u}) {
                for (std::uint64_t chunk : {64ull, 65536ull}) {
                    moji::ScanOptions options;
                    options.level = level;
                    options.threads = threads;
                    options.chunkSize = chunk;
                    SCAN_EQUALS_REFERENCE(bytes, options, expected);
                }
            }
        }
    }

    // The index limits hold for the scan as a whole, not per chunk: with 16 threads the entries
    // held at once never exceed them (each chunk in flight used to fill up to the whole limit),
    // and the index still holds the first items in offset order.
    void indexLimitsHoldWithSixteenThreads_data() {
        QTest::addColumn<Bytes>("bytes");
        std::mt19937_64 random(8);
        QTest::newRow("all FF") << Bytes(2 << 20, 0xFF);
        QTest::newRow("all controls") << Bytes(2 << 20, 0x01);
        QTest::newRow("random") << testsupport::randomUtf8ish(random, 1 << 20);
        QTest::newRow("damage late") << headThenTail(validText(1 << 20), {0xFF, 0x01}, 1 << 20);
        Bytes sparse = validText(2 << 20);
        for (std::size_t at = 0; at < sparse.size(); at += 8192)
            sparse[at] = 0xFF;
        QTest::newRow("dense first, sparse after")
            << headThenTail(Bytes(256 << 10, 0xFF), sparse, 1);
    }

    void indexLimitsHoldWithSixteenThreads() {
        QFETCH(Bytes, bytes);
        const Expected expected = expectedOf(bytes);
        for (std::uint64_t limit : {1ull, 1000ull, 50000ull}) {
            moji::ScanOptions options;
            options.threads = 16;
            options.chunkSize = 65536;
            options.maxIndexedAnomalies = limit;
            options.maxIndexedNotices = limit;
            // The first 16 chunks each wait for the others to be scanned, so all 16 are in
            // flight at once whatever the scheduler does. Records handed out are never dropped
            // before the scan ends, so their sum is what was held at once.
            std::mutex mutex;
            std::condition_variable allScanned;
            std::uint64_t reported = 0;
            std::size_t chunks = 0;
            const std::size_t inFlight = std::min<std::size_t>(16, bytes.size() / 65536);
            options.chunkScanned = [&](std::uint64_t, std::uint64_t,
                                       const std::vector<moji::Sequence>& anomalies,
                                       std::uint64_t) {
                std::unique_lock lock(mutex);
                reported += anomalies.size();
                ++chunks;
                allScanned.notify_all();
                allScanned.wait_for(lock, std::chrono::seconds(10),
                                    [&] { return chunks >= inFlight; });
            };
            const auto result = moji::scanBytes(bytes.data(), bytes.size(), options);
            QVERIFY2(
                reported <= limit,
                qPrintable(QStringLiteral("%1 anomalies held, limit %2").arg(reported).arg(limit)));
            QVERIFY(result.peakIndexedAnomalies <= limit);
            QVERIFY(result.peakIndexedNotices <= limit);
            QVERIFY(result.counts == expected.counts);
            const auto anomalies = listOf(result.anomalies);
            const auto notices = listOf(result.notices);
            QCOMPARE(anomalies.size(), std::min<std::size_t>(limit, expected.anomalies.size()));
            QCOMPARE(notices.size(), std::min<std::size_t>(limit, expected.notices.size()));
            QVERIFY(std::equal(anomalies.begin(), anomalies.end(), expected.anomalies.begin()));
            QVERIFY(std::equal(notices.begin(), notices.end(), expected.notices.begin()));
            options.threads = 1;
            options.chunkScanned = nullptr;
            const auto single = moji::scanBytes(bytes.data(), bytes.size(), options);
            QVERIFY(listOf(single.anomalies) == anomalies);
            QVERIFY(listOf(single.notices) == notices);
        }
    }

    // The yes/no kernels behind `check` and the repairer's verification, like the classifying
    // ones: every kernel, thread count and chunk size against the reference, on inputs of many
    // blocks and many kernel steps.
    void yesNoKernelsAgreeWithTheReference() {
        std::vector<Bytes> inputs;
        const Bytes text = validText(3 << 20);
        inputs.push_back(text);
        for (std::size_t at : {std::size_t(100), std::size_t(3 * 65536 + 7),
                               std::size_t((1 << 20) - 1), std::size_t(5 << 19)}) {
            Bytes bytes = text;
            bytes[at] = 0xC0;
            inputs.push_back(bytes);
        }
        std::mt19937_64 random(12);
        for (int edits : {1, 3, 40})
            inputs.push_back(testsupport::mutate(validText(300000), random, edits));
        for (const Bytes& bytes : inputs) {
            const bool wellFormed = reference::isWellFormed(bytes);
            const Expected expected = expectedOf(bytes);
            QCOMPARE(wellFormed, expected.anomalies.empty());
            for (auto level : availableLevels()) {
                for (unsigned threads : {1u, 2u, 5u}) {
                    for (std::uint64_t chunk : {64ull, 1000ull, 65536ull, 8ull << 20}) {
                        const auto options = yesNoOptions(level, threads, chunk);
                        const auto result = moji::scanBytes(bytes.data(), bytes.size(), options);
                        const QString where = QStringLiteral("%1, %2 threads, chunks of %3")
                                                  .arg(moji::simd::simdLevelName(level))
                                                  .arg(threads)
                                                  .arg(chunk);
                        QVERIFY2(result.valid() == wellFormed, qPrintable(where));
                        if (wellFormed)
                            continue;
                        QVERIFY2(result.anomalies.size() == 1, qPrintable(where));
                        QVERIFY2(result.anomalies.at(0) == expected.anomalies.front(),
                                 qPrintable(where));
                    }
                }
            }
        }
    }

    // Hex Fiend's idea for any index: a plain array as the oracle over many random appends.
    void chunkedIndexAgainstPlainArray() {
        std::mt19937_64 random(3);
        moji::ChunkedIndex<moji::Notice> index;
        std::vector<moji::Notice> plain;
        std::uint64_t offset = 0;
        for (int chunk = 0; chunk < 300; ++chunk) {
            std::vector<moji::Notice> items(random() % 5);
            for (auto& item : items) {
                offset += 1 + random() % 10;
                item.offset = offset;
            }
            plain.insert(plain.end(), items.begin(), items.end());
            index.append(std::move(items));
        }
        QCOMPARE(index.size(), std::uint64_t(plain.size()));
        for (std::size_t i = 0; i < plain.size(); ++i)
            QCOMPARE(index.at(i).offset, plain[i].offset);
        for (std::uint64_t probe = 0; probe <= offset + 2; ++probe) {
            const auto expected = std::lower_bound(plain.begin(), plain.end(), probe,
                                                   [](const moji::Notice& n, std::uint64_t o) {
                                                       return n.offset < o;
                                                   }) -
                                  plain.begin();
            QCOMPARE(index.lowerBound(probe), std::uint64_t(expected));
        }
    }

    // MOJISCOPE_SIMD_LEVEL lowers the detected level to the one it names, never raises it, and
    // an unknown name changes nothing.
    void levelFromEnvironment() {
        using moji::simd::SimdLevel;
        const QByteArray saved = qgetenv("MOJISCOPE_SIMD_LEVEL");
        const bool wasSet = qEnvironmentVariableIsSet("MOJISCOPE_SIMD_LEVEL");
        qunsetenv("MOJISCOPE_SIMD_LEVEL");
        const SimdLevel cpu = moji::simd::detectSimdLevel();
        for (SimdLevel level :
             {SimdLevel::Scalar, SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512}) {
            qputenv("MOJISCOPE_SIMD_LEVEL", moji::simd::simdLevelName(level));
            QCOMPARE(moji::simd::detectSimdLevel(), std::min(level, cpu));
        }
        qputenv("MOJISCOPE_SIMD_LEVEL", "fastest");
        QCOMPARE(moji::simd::detectSimdLevel(), cpu);
        if (wasSet)
            qputenv("MOJISCOPE_SIMD_LEVEL", saved);
        else
            qunsetenv("MOJISCOPE_SIMD_LEVEL");
    }
};

QTEST_GUILESS_MAIN(TestScanner)
#include "tst_scanner.moc"
