// Tables of cases for every unit kind, value and replacement count, including the examples of
// the source documents and of the Unicode Standard.

#include "decode/sequencereader.h"
#include "describe/inputparsing.h"
#include "describe/textformat.h"
#include "testsupport.h"

#include <QTest>

namespace {

struct Case {
    const char* name;
    const char* hex;
    // Expected units, space separated: "OFFSET+LENGTH:KIND[:VALUE]:REPLACEMENTS".
    const char* units;
};

constexpr Case kCases[] = {
    {"empty", "", ""},
    {"ascii", "41 42", "0+1:valid:U+0041:0 1+1:valid:U+0042:0"},
    {"two-byte", "c3 a9", "0+2:valid:U+00E9:0"},
    {"three-byte hiragana a", "e3 81 82", "0+3:valid:U+3042:0"},
    {"four-byte emoji", "f0 9f 98 80", "0+4:valid:U+1F600:0"},
    {"RFC 2044 A≢Α.", "41 e2 89 a2 ce 91 2e",
     "0+1:valid:U+0041:0 1+3:valid:U+2262:0 4+2:valid:U+0391:0 6+1:valid:U+002E:0"},
    {"RFC 2044 日本語", "e6 97 a5 e6 9c ac e8 aa 9e",
     "0+3:valid:U+65E5:0 3+3:valid:U+672C:0 6+3:valid:U+8A9E:0"},
    {"edges U+0080 U+07FF", "c2 80 df bf", "0+2:valid:U+0080:0 2+2:valid:U+07FF:0"},
    {"edges U+0800 U+FFFF", "e0 a0 80 ef bf bf", "0+3:valid:U+0800:0 3+3:valid:U+FFFF:0"},
    {"edges U+D7FF U+E000", "ed 9f bf ee 80 80", "0+3:valid:U+D7FF:0 3+3:valid:U+E000:0"},
    {"edges U+10000 U+10FFFF", "f0 90 80 80 f4 8f bf bf",
     "0+4:valid:U+10000:0 4+4:valid:U+10FFFF:0"},

    {"overlong C0 AF", "c0 af", "0+2:overlong:U+002F:2"},
    {"overlong C0 80 (RFC 3629)", "c0 80", "0+2:overlong:U+0000:2"},
    {"overlong C1 BF", "c1 bf", "0+2:overlong:U+007F:2"},
    {"overlong E0 80 AF", "e0 80 af", "0+3:overlong:U+002F:3"},
    {"overlong E0 9F BF", "e0 9f bf", "0+3:overlong:U+07FF:3"},
    {"overlong F0 8F BF BF", "f0 8f bf bf", "0+4:overlong:U+FFFF:4"},
    {"overlong F0 80 80 80", "f0 80 80 80", "0+4:overlong:U+0000:4"},

    {"surrogate ED A0 80", "ed a0 80", "0+3:surrogate:U+D800:3"},
    {"surrogate low ED BF BF", "ed bf bf", "0+3:surrogate:U+DFFF:3"},
    {"surrogate-pair RFC 3629", "ed a1 8c ed be b4", "0+6:surrogate-pair:U+233B4:6"},
    {"surrogate-pair U+10000", "ed a0 80 ed b0 80", "0+6:surrogate-pair:U+10000:6"},
    {"surrogate-pair U+10FFFF", "ed af bf ed bf bf", "0+6:surrogate-pair:U+10FFFF:6"},
    {"two high surrogates then low", "ed a0 80 ed a0 80 ed b0 80",
     "0+3:surrogate:U+D800:3 3+6:surrogate-pair:U+10000:6"},
    {"low then high surrogate", "ed b0 80 ed a0 80",
     "0+3:surrogate:U+DC00:3 3+3:surrogate:U+D800:3"},
    {"high surrogate then truncated low", "ed a0 80 ed b0",
     "0+3:surrogate:U+D800:3 3+2:truncated:2"},
    {"high surrogate then ASCII", "ed a0 80 41", "0+3:surrogate:U+D800:3 3+1:valid:U+0041:0"},

    {"out-of-range F4 90 80 80", "f4 90 80 80", "0+4:out-of-range:U+110000:4"},
    {"out-of-range F5", "f5 80 80 80", "0+4:out-of-range:U+140000:4"},
    {"out-of-range F7 BF BF BF", "f7 bf bf bf", "0+4:out-of-range:U+1FFFFF:4"},

    {"legacy-long F8 88 80 80 80", "f8 88 80 80 80", "0+5:legacy-long:U+200000:5"},
    {"legacy-long FD BF BF BF BF BF", "fd bf bf bf bf bf", "0+6:legacy-long:U+7FFFFFFF:6"},
    {"legacy-long overlong FC 80 80 80 80 80", "fc 80 80 80 80 80", "0+6:legacy-long:U+0000:6"},

    {"invalid-byte FE", "fe", "0+1:invalid-byte:1"},
    {"invalid-byte FF FF", "ff ff", "0+1:invalid-byte:1 1+1:invalid-byte:1"},

    {"unexpected-continuation alone", "80", "0+1:unexpected-continuation:1"},
    {"unexpected-continuation run", "41 80 bf 9f 41",
     "0+1:valid:U+0041:0 1+3:unexpected-continuation:3 4+1:valid:U+0041:0"},
    {"continuation after complete sequence", "c3 a9 a9",
     "0+2:valid:U+00E9:0 2+1:unexpected-continuation:1"},
    {"continuation after overlong", "c0 af 80",
     "0+2:overlong:U+002F:2 2+1:unexpected-continuation:1"},
    {"continuation after legacy-long", "fd bf bf bf bf bf bf",
     "0+6:legacy-long:U+7FFFFFFF:6 6+1:unexpected-continuation:1"},

    {"truncated E3 81 41", "e3 81 41", "0+2:truncated:1 2+1:valid:U+0041:0"},
    {"truncated C2 41", "c2 41", "0+1:truncated:1 1+1:valid:U+0041:0"},
    {"truncated at end", "e3 81", "0+2:truncated:1"},
    {"truncated lead then lead", "e3 e3 81 82", "0+1:truncated:1 1+3:valid:U+3042:0"},
    {"truncated E0 80 (two subparts)", "e0 80 41", "0+2:truncated:2 2+1:valid:U+0041:0"},
    {"truncated F4 90 80", "f4 90 80", "0+3:truncated:3"},
    {"truncated F1 80 80", "f1 80 80", "0+3:truncated:1"},
    {"truncated C0", "c0", "0+1:truncated:1"},
    {"truncated F8 80 80 80", "f8 80 80 80", "0+4:truncated:4"},

    // Unicode Standard, Table 3-8: a, 3 x U+FFFD, b, U+FFFD, c, 2 x U+FFFD, d.
    {"Unicode Table 3-8", "61 f1 80 80 e1 80 c2 62 80 63 80 bf 64",
     "0+1:valid:U+0061:0 1+3:truncated:1 4+2:truncated:1 6+1:truncated:1 7+1:valid:U+0062:0 "
     "8+1:unexpected-continuation:1 9+1:valid:U+0063:0 10+2:unexpected-continuation:2 "
     "12+1:valid:U+0064:0"},
};

QString describe(const std::vector<moji::Sequence>& units) {
    QStringList parts;
    for (const moji::Sequence& u : units) {
        QString part = QStringLiteral("%1+%2:%3")
                           .arg(u.offset)
                           .arg(u.length)
                           .arg(QString::fromUtf8(moji::sequenceKindId(u.kind).data()));
        if (moji::kindHasValue(u.kind))
            part += ":" + QString::fromStdString(moji::formatCodePoint(u.value));
        part += QStringLiteral(":%1").arg(u.replacements);
        parts << part;
    }
    return parts.join(' ');
}

testsupport::Bytes hexBytes(const char* hex) {
    if (!*hex)
        return {};
    return std::get<std::vector<std::uint8_t>>(moji::parseHexBytes(hex));
}

} // namespace

class TestSequenceReader : public QObject {
    Q_OBJECT
  private slots:
    void units_data() {
        QTest::addColumn<QByteArray>("hex");
        QTest::addColumn<QString>("expected");
        for (const Case& c : kCases)
            QTest::newRow(c.name) << QByteArray(c.hex) << QString::fromUtf8(c.units);
    }

    void units() {
        QFETCH(QByteArray, hex);
        QFETCH(QString, expected);
        const auto bytes = hexBytes(hex.constData());
        QCOMPARE(describe(testsupport::decodeWhole(bytes)), expected);
    }

    // Every case decoded one byte at a time gives the same units.
    void unitsByteByByte_data() { units_data(); }
    void unitsByteByByte() {
        QFETCH(QByteArray, hex);
        QFETCH(QString, expected);
        const auto bytes = hexBytes(hex.constData());
        QCOMPARE(describe(testsupport::decodeInPieces(bytes, {1})), expected);
    }

    // Runs of every length up to 40 at every alignment, ended by each kind of byte or by the
    // end: the run is read whole, eight bytes at a time where it can be, and no further.
    void continuationRunsOfEveryLength() {
        for (std::size_t lead = 0; lead < 8; ++lead) {
            for (std::uint32_t length = 1; length <= 40; ++length) {
                for (std::uint8_t after : {0x41, 0xC3, 0xED, 0xFF, 0x00}) {
                    testsupport::Bytes bytes(lead, 0x41);
                    bytes.insert(bytes.end(), length, 0xBF);
                    bytes.push_back(after);
                    bytes.insert(bytes.end(), 9, 0x80);
                    const moji::Sequence run =
                        moji::readSequence(bytes.data() + lead, bytes.size() - lead, false);
                    QCOMPARE(run.kind, moji::SequenceKind::UnexpectedContinuation);
                    QCOMPARE(run.length, length);
                    QCOMPARE(run.replacements, length);
                }
                const testsupport::Bytes open(length, 0x80);
                QCOMPARE(moji::readSequence(open.data(), open.size(), false).length, 0u);
                QCOMPARE(moji::readSequence(open.data(), open.size(), true).length, length);
            }
        }
    }

    void table38ReplacementText() {
        const auto bytes = hexBytes("61 f1 80 80 e1 80 c2 62 80 63 80 bf 64");
        QCOMPARE(testsupport::replacementText(testsupport::decodeWhole(bytes)),
                 std::u32string(U"a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFDd"));
    }
};

QTEST_GUILESS_MAIN(TestSequenceReader)
#include "tst_sequencereader.moc"
