// The file engine's scanner (SIMD kernels, exact path, parallel chunks) against the reference
// StreamDecoder: same anomalies, notices and counts for every kernel, thread count and chunk
// size, on seeded corruptions, random bytes and edge sizes.

#include "decode/notices.h"
#include "scan/scanner.h"
#include "testsupport.h"

#include <QTest>

using testsupport::Bytes;

namespace {

struct Expected {
    std::vector<moji::Sequence> anomalies;
    std::vector<moji::Notice> notices;
    moji::ScanCounts counts;
};

// The reference: every unit from StreamDecoder; NUL units merged into runs.
Expected reference(const Bytes& bytes) {
    Expected e;
    for (const moji::Sequence& unit : testsupport::decodeWhole(bytes)) {
        if (unit.kind != moji::SequenceKind::Valid) {
            e.anomalies.push_back(unit);
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
            const Expected expected = reference(bytes);
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
                    SCAN_EQUALS_REFERENCE(bytes, options, reference(bytes));
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
                        compare(bytes, options, reference(bytes)).isEmpty(),
                        qPrintable(
                            QString("plain x, plant %1 at %2: ")
                                .arg(QByteArray((const char*)plant.data(), plant.size()).toHex(' '))
                                .arg(at) +
                            compare(bytes, options, reference(bytes))));
                    Bytes text = validText(200);
                    text.insert(text.begin() + static_cast<long>(at), plant.begin(), plant.end());
                    SCAN_EQUALS_REFERENCE(text, options, reference(text));
                    // A block of multi-byte text, then ASCII.
                    Bytes mixed = validText(64);
                    mixed.resize(200, 'x');
                    std::copy(plant.begin(), plant.end(), mixed.begin() + static_cast<long>(at));
                    SCAN_EQUALS_REFERENCE(mixed, options, reference(mixed));
                }
                // At the very end of whole blocks of multi-byte text.
                Bytes tail = validText(128 - plant.size());
                tail.resize(128 - plant.size(), ' ');
                tail.insert(tail.end(), plant.begin(), plant.end());
                SCAN_EQUALS_REFERENCE(tail, options, reference(tail));
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
        const Expected expected = reference(bytes);
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
            const Expected expected = reference(bytes);
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
        const Expected expected = reference(bytes);
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
        const Expected expected = reference(bytes);
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
        QVERIFY(result.anomalies.at(0) == reference(bytes).anomalies.front());
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
