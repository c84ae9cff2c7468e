// Streaming: whatever the chunk sizes, a stream decodes exactly as when fed whole.

#include "decode/streamdecoder.h"
#include "testsupport.h"

#include <QTest>

using testsupport::Bytes;

class TestStreamDecoder : public QObject {
    Q_OBJECT
  private slots:
    void everySplitOfShortInputs() {
        // All two-piece splits of every case-like input built from interesting bytes.
        std::mt19937_64 random(1);
        for (int round = 0; round < 3000; ++round) {
            const Bytes bytes = testsupport::randomUtf8ish(random, 1 + random() % 16);
            const auto whole = testsupport::decodeWhole(bytes);
            for (std::size_t cut = 0; cut <= bytes.size(); ++cut) {
                testsupport::CollectingSink sink;
                moji::StreamDecoder decoder;
                decoder.feed(std::span<const std::uint8_t>(bytes.data(), cut), sink);
                decoder.feed(std::span<const std::uint8_t>(bytes.data() + cut, bytes.size() - cut),
                             sink);
                decoder.finish(sink);
                QVERIFY2(sink.units == whole,
                         qPrintable(QString("round %1 cut %2").arg(round).arg(cut)));
            }
        }
    }

    void randomChunkSizes_data() {
        QTest::addColumn<int>("seed");
        QTest::addColumn<bool>("fromCorpus");
        for (int seed = 1; seed <= 8; ++seed) {
            QTest::addRow("random bytes, seed %d", seed) << seed << false;
            QTest::addRow("mutated corpus, seed %d", seed) << seed << true;
        }
    }

    void randomChunkSizes() {
        QFETCH(int, seed);
        QFETCH(bool, fromCorpus);
        std::mt19937_64 random(static_cast<std::uint64_t>(seed));
        const Bytes bytes = fromCorpus ? testsupport::mutate(testsupport::seedCorpus(), random, 200)
                                       : testsupport::randomUtf8ish(random, 20000);
        const auto whole = testsupport::decodeWhole(bytes);
        QCOMPARE(testsupport::decodeInPieces(bytes, {1}), whole);
        for (int trial = 0; trial < 20; ++trial) {
            std::vector<std::size_t> sizes;
            for (int i = 0; i < 17; ++i)
                sizes.push_back(1 + random() % (trial < 10 ? 8 : 300));
            QCOMPARE(testsupport::decodeInPieces(bytes, sizes), whole);
        }
    }

    void unitsCoverTheStreamInOrder() {
        std::mt19937_64 random(7);
        const Bytes bytes = testsupport::randomUtf8ish(random, 50000);
        std::uint64_t next = 0;
        for (const moji::Sequence& unit : testsupport::decodeInPieces(bytes, {3, 5, 64})) {
            QCOMPARE(unit.offset, next);
            QVERIFY(unit.length > 0);
            next += unit.length;
        }
        QCOMPARE(next, bytes.size());
    }

    void longContinuationRunAcrossManyChunks() {
        Bytes bytes(100000, 0x80);
        bytes.insert(bytes.begin(), 'a');
        bytes.push_back('b');
        const auto units = testsupport::decodeInPieces(bytes, {7, 1, 4096});
        QCOMPARE(units.size(), std::size_t(3));
        QCOMPARE(units[1].kind, moji::SequenceKind::UnexpectedContinuation);
        QCOMPARE(units[1].length, 100000u);
        QCOMPARE(units[1].replacements, 100000u);
    }

    void finishReportsWhatIsPending() {
        testsupport::CollectingSink sink;
        moji::StreamDecoder decoder;
        const Bytes bytes = testsupport::bytesOf("ab\xe3\x81");
        decoder.feed(bytes, sink);
        QCOMPARE(sink.units.size(), std::size_t(2));
        decoder.finish(sink);
        QCOMPARE(sink.units.back().kind, moji::SequenceKind::Truncated);
        QCOMPARE(sink.units.back().offset, std::uint64_t(2));
    }
};

QTEST_GUILESS_MAIN(TestStreamDecoder)
#include "tst_streamdecoder.moc"
