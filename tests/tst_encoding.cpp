// The encoder and its bit layout, notices, character data, explanations and input parsing.

#include "decode/codepoint.h"
#include "decode/notices.h"
#include "decode/sequencereader.h"
#include "describe/bitlayout.h"
#include "describe/characterinfo.h"
#include "describe/displayform.h"
#include "describe/explanation.h"
#include "describe/hexdigits.h"
#include "describe/inputparsing.h"
#include "describe/textformat.h"
#include "referenceutf8.h"

#include <QTest>

#include <cctype>
#include <cstdio>
#include <cstdlib>

class TestEncoding : public QObject {
    Q_OBJECT
  private slots:
    // Every scalar value encodes to well-formed bytes that decode back to it, with the shortest
    // length; surrogates and values past U+10FFFF have no encoding.
    void everyCodePointRoundTrips() {
        for (std::uint32_t cp = 0; cp <= 0x10FFFF + 16; ++cp) {
            const auto encoded = moji::encodeUtf8(cp);
            const bool scalar = cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
            QCOMPARE(encoded.has_value(), scalar);
            if (!scalar)
                continue;
            const auto bytes = encoded->view();
            QVERIFY(reference::isWellFormed(bytes.data(), bytes.size()));
            const auto unit = moji::readSequence(bytes.data(), bytes.size(), true);
            QCOMPARE(unit.kind, moji::SequenceKind::Valid);
            QCOMPARE(unit.value, cp);
            QCOMPARE(unit.length, std::uint32_t(bytes.size()));
            const auto layout = moji::layoutOf(bytes);
            QVERIFY(layout);
            QCOMPARE(layout->value, cp);
        }
    }

    void bitLayoutOfHiraganaA() {
        const std::uint8_t bytes[] = {0xE3, 0x81, 0x82};
        const auto layout = moji::layoutOf(bytes);
        QVERIFY(layout);
        QCOMPARE(layout->count, 3);
        QCOMPARE(layout->valueBits, 16);
        QCOMPARE(int(layout->bytes[0].markerBits), 4); // 1110
        QCOMPARE(int(layout->bytes[0].payloadBits), 4);
        QCOMPARE(int(layout->bytes[0].valueShift), 12);
        QCOMPARE(int(layout->bytes[1].markerBits), 2); // 10
        QCOMPARE(int(layout->bytes[1].valueShift), 6);
        QCOMPARE(int(layout->bytes[2].payload()), 0x02);
        QCOMPARE(layout->value, 0x3042u);
    }

    void bitLayoutOfLegacyAndOverlongPatterns() {
        const std::uint8_t legacy[] = {0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF};
        QCOMPARE(moji::layoutOf(legacy)->value, 0x7FFFFFFFu);
        QCOMPARE(moji::layoutOf(legacy)->valueBits, 31);
        const std::uint8_t overlong[] = {0xC0, 0xAF};
        QCOMPARE(moji::layoutOf(overlong)->value, 0x2Fu);
        const std::uint8_t incomplete[] = {0xE3, 0x81};
        QVERIFY(!moji::layoutOf(incomplete));
        QCOMPARE(int(moji::byteBitsOf(0xFF).payloadBits), 0);
    }

    void encodePatternWritesOverlongForms() {
        const auto pattern = moji::encodePattern(0x2F, 2);
        QVERIFY(pattern);
        QCOMPARE(int((*pattern)[0]), 0xC0);
        QCOMPARE(int((*pattern)[1]), 0xAF);
        QVERIFY(!moji::encodePattern(0x800, 2));
    }

    void notices_data() {
        QTest::addColumn<uint>("codePoint");
        QTest::addColumn<qulonglong>("offset");
        QTest::addColumn<int>("kind"); // -1: none
        QTest::newRow("BOM at 0") << 0xFEFFu << 0ull << int(moji::NoticeKind::ByteOrderMark);
        QTest::newRow("FEFF inside") << 0xFEFFu << 9ull << int(moji::NoticeKind::EmbeddedBom);
        QTest::newRow("NUL") << 0u << 3ull << int(moji::NoticeKind::Nul);
        QTest::newRow("ESC") << 0x1Bu << 3ull << int(moji::NoticeKind::Control);
        QTest::newRow("DEL") << 0x7Fu << 3ull << int(moji::NoticeKind::Control);
        QTest::newRow("C1 NEL") << 0x85u << 3ull << int(moji::NoticeKind::Control);
        QTest::newRow("tab") << 9u << 3ull << -1;
        QTest::newRow("LF") << 10u << 3ull << -1;
        QTest::newRow("CR") << 13u << 3ull << -1;
        QTest::newRow("U+FDD0") << 0xFDD0u << 3ull << int(moji::NoticeKind::Noncharacter);
        QTest::newRow("U+FDEF") << 0xFDEFu << 3ull << int(moji::NoticeKind::Noncharacter);
        QTest::newRow("U+FDF0") << 0xFDF0u << 3ull << -1;
        QTest::newRow("U+FFFE") << 0xFFFEu << 3ull << int(moji::NoticeKind::Noncharacter);
        QTest::newRow("U+10FFFF") << 0x10FFFFu << 3ull << int(moji::NoticeKind::Noncharacter);
        QTest::newRow("U+1FFFE") << 0x1FFFEu << 3ull << int(moji::NoticeKind::Noncharacter);
        QTest::newRow("U+FFFD") << 0xFFFDu << 3ull << -1;
        QTest::newRow("letter") << 0x3042u << 3ull << -1;
    }

    void notices() {
        QFETCH(uint, codePoint);
        QFETCH(qulonglong, offset);
        QFETCH(int, kind);
        const moji::Sequence unit{offset, 1, codePoint, 0, moji::SequenceKind::Valid};
        const auto notice = moji::noticeKindOf(unit);
        QCOMPARE(notice ? int(*notice) : -1, kind);
    }

    void characterData() {
        const auto a = moji::characterInfo(0x3042);
        QCOMPARE(QString::fromStdString(a.name), QString("HIRAGANA LETTER A"));
        QCOMPARE(QString::fromStdString(a.category), QString("Lo"));
        QCOMPARE(QString::fromStdString(a.script), QString("Hiragana"));
        QCOMPARE(QString::fromStdString(a.block), QString("Hiragana"));
        const auto lf = moji::characterInfo(0x0A);
        QCOMPARE(QString::fromStdString(lf.name), QString("LINE FEED"));
        QCOMPARE(QString::fromStdString(lf.category), QString("Cc"));
        const auto kanji = moji::characterInfo(0x65E5);
        QCOMPARE(QString::fromStdString(kanji.block), QString("CJK Unified Ideographs"));
        QCOMPARE(QString::fromStdString(kanji.script), QString("Han"));
        QCOMPARE(QString::fromStdString(moji::characterInfo(0x1F600).name),
                 QString("GRINNING FACE"));
        QCOMPARE(QString::fromStdString(moji::characterInfo(0x110000).category), QString("-"));
    }

    void explanationsNameTheRule_data() {
        QTest::addColumn<QByteArray>("hex");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("E0 80 AF") << QByteArray("e0 80 af")
                                  << "E0 must be followed by A0\u2013BF; this is the 3-byte form "
                                     "of U+002F, which has a 1-byte form";
        QTest::newRow("C0 AF") << QByteArray("c0 af") << "C0 and C1 never occur in UTF-8";
        QTest::newRow("F0 8F BF BF")
            << QByteArray("f0 8f bf bf") << "4-byte form of U+FFFF, which has a 3-byte form";
        QTest::newRow("ED A0 80") << QByteArray("ed a0 80") << "a high surrogate";
        QTest::newRow("CESU-8") << QByteArray("ed a1 8c ed be b4") << "proper form is F0 A3 8E B4";
        QTest::newRow("F4 90 80 80") << QByteArray("f4 90 80 80") << "beyond U+10FFFF";
        QTest::newRow("F8 88 80 80 80") << QByteArray("f8 88 80 80 80") << "RFC 2044";
        QTest::newRow("FE") << QByteArray("fe") << "never occurs in UTF-8";
        QTest::newRow("80 81") << QByteArray("80 81") << "This run of 2 has no lead";
        QTest::newRow("E3 81 41") << QByteArray("e3 81 41") << "only 1 follows before 41";
        QTest::newRow("replacements") << QByteArray("c0 af") << "gives 2 U+FFFD";
    }

    void explanationsNameTheRule() {
        QFETCH(QByteArray, hex);
        QFETCH(QString, phrase);
        const auto bytes =
            std::get<std::vector<std::uint8_t>>(moji::parseHexBytes(hex.toStdString()));
        const auto unit = moji::readSequence(bytes.data(), bytes.size(), true);
        std::optional<std::uint8_t> next;
        if (unit.length < bytes.size())
            next = bytes[unit.length];
        const QString text = QString::fromStdString(
            moji::explainSequence(unit, std::span(bytes).first(unit.length), next));
        QVERIFY2(text.contains(phrase), qPrintable(text));
    }

    void parseHex_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("bytes"); // empty: an error is expected
        QTest::newRow("spaced") << "e3 81 82"
                                << "e38182";
        QTest::newRow("packed") << "c0af"
                                << "c0af";
        QTest::newRow("upper, commas") << "E3,81,82"
                                       << "e38182";
        QTest::newRow("0x prefixes") << "0xE3 0x81"
                                     << "e381";
        QTest::newRow("backslash escapes") << "\\xe3\\x81\\x82"
                                           << "e38182";
        QTest::newRow("odd digits") << "e38"
                                    << "";
        QTest::newRow("not hex") << "zz"
                                 << "";
        QTest::newRow("nothing") << "  "
                                 << "";
    }

    void parseHex() {
        QFETCH(QString, input);
        QFETCH(QString, bytes);
        const auto parsed = moji::parseHexBytes(input.toStdString());
        if (bytes.isEmpty()) {
            QVERIFY(std::holds_alternative<std::string>(parsed));
            return;
        }
        const auto& got = std::get<std::vector<std::uint8_t>>(parsed);
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(got.data()), got.size()).toHex(),
                 bytes.toLatin1());
    }

    void parseCodePoints_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("values"); // empty: an error is expected
        QTest::newRow("U+") << "U+3042"
                            << "3042";
        QTest::newRow("bare hex") << "3042"
                                  << "3042";
        QTest::newRow("0x") << "0x1F600"
                            << "1f600";
        QTest::newRow("character") << "あ"
                                   << "3042";
        QTest::newRow("single letter is text") << "A"
                                               << "41";
        QTest::newRow("two characters") << "日本"
                                        << "65e5 672c";
        QTest::newRow("too large") << "U+110000"
                                   << "";
        QTest::newRow("bad hex") << "U+XYZ"
                                 << "";
    }

    void parseCodePoints() {
        QFETCH(QString, input);
        QFETCH(QString, values);
        const auto parsed = moji::parseCodePoints(input.toStdString());
        if (values.isEmpty()) {
            QVERIFY(std::holds_alternative<std::string>(parsed));
            return;
        }
        QStringList got;
        for (auto cp : std::get<std::vector<std::uint32_t>>(parsed))
            got << QString::number(cp, 16);
        QCOMPARE(got.join(' '), values);
    }

    // Scalar values and UTF-16 code units against Qt's own UTF-16 (QChar), over every value up to
    // past U+10FFFF; anything that is not a scalar value writes as U+FFFD.
    void scalarValuesAndUtf16UnitsMatchQt() {
        QCOMPARE(moji::kReplacementCharacter, std::uint32_t(QChar::ReplacementCharacter));
        QVERIFY(moji::kReplacementCharacterUtf8 ==
                QString(QChar::ReplacementCharacter).toStdString());
        for (std::uint32_t cp = 0; cp <= 0x10FFFF + 16; ++cp) {
            const bool scalar = cp <= 0x10FFFF && !QChar::isSurrogate(cp);
            QCOMPARE(moji::isScalarValue(cp), scalar);
            const moji::Utf16Units utf16 = moji::utf16Units(cp);
            const char32_t written = scalar ? cp : char32_t(QChar::ReplacementCharacter);
            if (QChar::requiresSurrogates(written)) {
                QCOMPARE(utf16.count, 2);
                QCOMPARE(utf16.units[0], QChar::highSurrogate(written));
                QCOMPARE(utf16.units[1], QChar::lowSurrogate(written));
            } else {
                QCOMPARE(utf16.count, 1);
                QCOMPARE(char32_t(utf16.units[0]), written);
            }
        }
    }

    // The hex table against the C library's formatting and parsing, for every byte and char.
    void hexDigitsMatchTheCLibrary() {
        for (int byte = 0; byte < 256; ++byte) {
            char lower[3], upper[3];
            std::snprintf(lower, sizeof lower, "%02x", byte);
            std::snprintf(upper, sizeof upper, "%02X", byte);
            const auto lowerPair = moji::hexPair(std::uint8_t(byte), moji::HexCase::Lower);
            const auto upperPair = moji::hexPair(std::uint8_t(byte), moji::HexCase::Upper);
            QCOMPARE(QByteArray::fromStdString({lowerPair.high, lowerPair.low}), QByteArray(lower));
            QCOMPARE(QByteArray::fromStdString({upperPair.high, upperPair.low}), QByteArray(upper));
            const char c = static_cast<char>(byte);
            const char text[2] = {c, 0};
            char* end = nullptr;
            const long parsed = std::strtol(text, &end, 16);
            const bool digit = byte != 0 && end == text + 1 && std::isxdigit(byte);
            QCOMPARE(moji::hexValue(c), digit ? int(parsed) : -1);
        }
    }

    // What a lenient decoder shows for an anomaly: the decoded character of an overlong form or
    // a CESU-8 pair when it draws as a glyph, U+FFFD for everything else.
    void lenientCodePoint_data() {
        QTest::addColumn<QByteArray>("hex");
        QTest::addColumn<uint>("shown");
        QTest::newRow("overlong slash") << QByteArray("c0 af") << 0x2Fu;
        QTest::newRow("overlong 3-byte slash") << QByteArray("e0 80 af") << 0x2Fu;
        QTest::newRow("overlong U+FFFF (not a glyph)") << QByteArray("f0 8f bf bf") << 0xFFFDu;
        QTest::newRow("overlong NUL (a control)") << QByteArray("c0 80") << 0xFFFDu;
        QTest::newRow("CESU-8 pair") << QByteArray("ed a1 8c ed be b4") << 0x233B4u;
        QTest::newRow("lone surrogate") << QByteArray("ed a0 80") << 0xFFFDu;
        QTest::newRow("out of range") << QByteArray("f4 90 80 80") << 0xFFFDu;
        QTest::newRow("legacy 5-byte") << QByteArray("f8 88 80 80 80") << 0xFFFDu;
        QTest::newRow("invalid byte") << QByteArray("fe") << 0xFFFDu;
        QTest::newRow("truncated") << QByteArray("e3 81") << 0xFFFDu;
    }

    void lenientCodePoint() {
        QFETCH(QByteArray, hex);
        QFETCH(uint, shown);
        const auto bytes =
            std::get<std::vector<std::uint8_t>>(moji::parseHexBytes(hex.toStdString()));
        const moji::Sequence unit = moji::readSequence(bytes.data(), bytes.size(), true);
        QVERIFY(moji::isAnomaly(unit.kind));
        QCOMPARE(moji::lenientCodePoint(unit), std::uint32_t(shown));
    }

    void formatting() {
        QCOMPARE(QString::fromStdString(moji::formatCodePoint(0x2F)), QString("U+002F"));
        QCOMPARE(QString::fromStdString(moji::formatCodePoint(0x233B4)), QString("U+233B4"));
        QCOMPARE(QString::fromStdString(moji::formatCodePoint(0x7FFFFFFF)), QString("U+7FFFFFFF"));
        const std::uint8_t bytes[] = {0xC0, 0xAF};
        QCOMPARE(QString::fromStdString(moji::formatHexBytes(bytes, moji::HexCase::Lower)),
                 QString("c0 af"));
        QCOMPARE(QString::fromStdString(moji::formatBinary(0xE3)), QString("11100011"));
    }
};

QTEST_GUILESS_MAIN(TestEncoding)
#include "tst_encoding.moc"
