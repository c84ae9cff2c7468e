// Differential tests: the replacement text (one U+FFFD per maximal subpart) equals ICU's
// converter with its default substitution, and the verdict equals Qt's isValidUtf8, on random
// and mutated inputs.

#include "testsupport.h"

#include <QTest>
#include <QUtf8StringView>

#include <unicode/ucnv.h>

using testsupport::Bytes;

namespace {

std::u16string icuDecode(const Bytes& bytes) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter* converter = ucnv_open("UTF-8", &status);
    std::u16string text(bytes.size() + 1, u'\0');
    const int32_t length = ucnv_toUChars(converter, text.data(), static_cast<int32_t>(text.size()),
                                         reinterpret_cast<const char*>(bytes.data()),
                                         static_cast<int32_t>(bytes.size()), &status);
    ucnv_close(converter);
    if (U_FAILURE(status))
        qFatal("ICU conversion failed: %s", u_errorName(status));
    text.resize(static_cast<std::size_t>(length));
    return text;
}

std::u16string toUtf16(const std::u32string& text) {
    std::u16string out;
    for (char32_t c : text) {
        if (c >= 0x10000) {
            out += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
            out += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
        } else {
            out += static_cast<char16_t>(c);
        }
    }
    return out;
}

bool ourVerdict(const std::vector<moji::Sequence>& units) {
    for (const auto& unit : units)
        if (unit.kind != moji::SequenceKind::Valid)
            return false;
    return true;
}

} // namespace

class TestDifferential : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        if (const std::string problem = testsupport::textCorpusProblem(); !problem.empty())
            QFAIL(problem.c_str());
    }

    void againstIcuAndQt_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("seed");
        for (int seed = 1; seed <= 40; ++seed) {
            QTest::addRow("random bytes %d", seed) << 0 << seed;
            QTest::addRow("mutated corpus %d", seed) << 1 << seed;
            QTest::addRow("short random %d", seed) << 2 << seed;
        }
    }

    void againstIcuAndQt() {
        QFETCH(int, kind);
        QFETCH(int, seed);
        std::mt19937_64 random(static_cast<std::uint64_t>(seed) * 7919 + kind);
        const int inputs = kind == 2 ? 20000 : 20;
        for (int i = 0; i < inputs; ++i) {
            Bytes bytes;
            if (kind == 0)
                bytes = testsupport::randomUtf8ish(random, 4096);
            else if (kind == 1)
                bytes = testsupport::mutate(testsupport::textCorpus(), random, 1 + i % 50);
            else
                bytes = testsupport::randomUtf8ish(random, 1 + random() % 12);
            const auto units = testsupport::decodeWhole(bytes);
            const std::u16string ours = toUtf16(testsupport::replacementText(units));
            if (ours != icuDecode(bytes)) {
                QFAIL(qPrintable("replacement differs from ICU on " +
                                 QByteArray(reinterpret_cast<const char*>(bytes.data()),
                                            qMin<qsizetype>(64, bytes.size()))
                                     .toHex(' ')));
            }
            const QUtf8StringView view(reinterpret_cast<const char*>(bytes.data()),
                                       static_cast<qsizetype>(bytes.size()));
            QCOMPARE(ourVerdict(units), view.isValidUtf8());
        }
    }

    void unmodifiedCorpusIsValidEverywhere() {
        const Bytes& corpus = testsupport::textCorpus();
        const auto units = testsupport::decodeWhole(corpus);
        QVERIFY(ourVerdict(units));
        QCOMPARE(toUtf16(testsupport::replacementText(units)), icuDecode(corpus));
    }

    void table38MatchesIcu() {
        const Bytes bytes{0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2,
                          0x62, 0x80, 0x63, 0x80, 0xBF, 0x64};
        QCOMPARE(toUtf16(testsupport::replacementText(testsupport::decodeWhole(bytes))),
                 icuDecode(bytes));
    }
};

QTEST_GUILESS_MAIN(TestDifferential)
#include "tst_differential.moc"
