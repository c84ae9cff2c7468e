// Decoding a window equals the same stretch of a whole-buffer decode, wherever the window is.

#include "decode/windowdecoder.h"
#include "testsupport.h"

#include <QTest>

class TestWindowDecoder : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        if (const std::string problem = testsupport::textCorpusProblem(); !problem.empty())
            QFAIL(problem.c_str());
    }

    void everyWindowMatchesTheWholeDecode() {
        std::mt19937_64 random(11);
        for (int round = 0; round < 30; ++round) {
            const testsupport::Bytes bytes =
                round % 2 ? testsupport::randomUtf8ish(random, 400)
                          : testsupport::mutate(testsupport::textCorpus(), random, 300);
            const auto whole = testsupport::decodeWhole(bytes);
            for (int probe = 0; probe < 200; ++probe) {
                const std::uint64_t from = random() % bytes.size();
                const std::uint64_t to = from + 1 + random() % 40;
                std::vector<moji::Sequence> expected;
                for (const auto& unit : whole)
                    if (unit.offset + unit.length > from && unit.offset < to)
                        expected.push_back(unit);
                QCOMPARE(moji::WindowDecoder::decode(bytes, from, to), expected);
            }
        }
    }

    void unitAtFindsTheContainingUnit() {
        const testsupport::Bytes bytes = testsupport::bytesOf("a\xed\xa1\x8c\xed\xbe\xb4z");
        const auto pair = moji::WindowDecoder::unitAt(bytes, 5);
        QCOMPARE(pair.offset, std::uint64_t(1));
        QCOMPARE(pair.kind, moji::SequenceKind::SurrogatePair);
        QCOMPARE(moji::WindowDecoder::unitAt(bytes, 7).offset, std::uint64_t(7));
    }
};

QTEST_GUILESS_MAIN(TestWindowDecoder)
#include "tst_windowdecoder.moc"
