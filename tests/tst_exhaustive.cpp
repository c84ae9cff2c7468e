// Every 1-, 2- and 3-byte input, and every 4-byte input led by F0-F4, against the reference
// transcription of Table 3-7: the automaton's verdict, the unit reader's verdict, and the
// replacement text (one U+FFFD per maximal subpart). The 3- and 4-byte sweeps take every input
// unless MOJISCOPE_TEST_SAMPLE asks for a sample (testsupport::sampleStride()).

#include "decode/sequencereader.h"
#include "decode/utf8automaton.h"
#include "referenceutf8.h"
#include "testsupport.h"

#include <QTest>

namespace {

bool automatonAccepts(const std::uint8_t* bytes, std::size_t size) {
    moji::utf8::State state = moji::utf8::Start;
    for (std::size_t i = 0; i < size; ++i)
        state = moji::utf8::step(state, bytes[i]);
    return state == moji::utf8::Start;
}

// Returns an empty string when everything agrees, else a description of the first mismatch.
std::string check(const std::uint8_t* bytes, std::size_t size) {
    const bool wellFormed = reference::isWellFormed(bytes, size);
    if (automatonAccepts(bytes, size) != wellFormed)
        return "automaton verdict";
    std::u32string text;
    bool allValid = true;
    std::size_t covered = 0;
    for (std::size_t at = 0; at < size;) {
        const moji::Sequence unit = moji::readSequence(bytes + at, size - at, true);
        if (unit.length == 0)
            return "undecided unit at the end";
        if (unit.kind == moji::SequenceKind::Valid)
            text += static_cast<char32_t>(unit.value);
        else
            text.append(unit.replacements, U'\uFFFD');
        allValid &= unit.kind == moji::SequenceKind::Valid;
        at += unit.length;
        covered += unit.length;
    }
    if (covered != size)
        return "units do not cover the input";
    if (allValid != wellFormed)
        return "reader verdict";
    if (text != reference::decodeWithReplacement(bytes, size))
        return "replacement text";
    return {};
}

QString hexOf(const std::uint8_t* bytes, std::size_t size) {
    return QByteArray(reinterpret_cast<const char*>(bytes), static_cast<qsizetype>(size))
        .toHex(' ');
}

} // namespace

class TestExhaustive : public QObject {
    Q_OBJECT
  private slots:
    void upToThreeBytes() {
        std::uint8_t bytes[3];
        for (std::uint32_t n = 0; n < (1u << 16); ++n) {
            bytes[0] = static_cast<std::uint8_t>(n >> 8);
            bytes[1] = static_cast<std::uint8_t>(n);
            if ((n & 0xFF) == 0) {
                const std::string bad = check(bytes, 1);
                if (!bad.empty())
                    QFAIL(qPrintable(QString("%1: %2").arg(hexOf(bytes, 1), bad.c_str())));
            }
            const std::string bad = check(bytes, 2);
            if (!bad.empty())
                QFAIL(qPrintable(QString("%1: %2").arg(hexOf(bytes, 2), bad.c_str())));
        }
        const std::uint32_t stride = testsupport::sampleStride();
        for (std::uint32_t n = 0; n < (1u << 24); n += stride) {
            bytes[0] = static_cast<std::uint8_t>(n >> 16);
            bytes[1] = static_cast<std::uint8_t>(n >> 8);
            bytes[2] = static_cast<std::uint8_t>(n);
            const std::string bad = check(bytes, 3);
            if (!bad.empty())
                QFAIL(qPrintable(QString("%1: %2").arg(hexOf(bytes, 3), bad.c_str())));
        }
    }

    void fourBytesLedByF0ToF4() {
        std::uint8_t bytes[4];
        const std::uint32_t stride = testsupport::sampleStride();
        for (std::uint32_t lead = 0xF0; lead <= 0xF4; ++lead) {
            for (std::uint32_t n = 0; n < (1u << 24); n += stride) {
                bytes[0] = static_cast<std::uint8_t>(lead);
                bytes[1] = static_cast<std::uint8_t>(n >> 16);
                bytes[2] = static_cast<std::uint8_t>(n >> 8);
                bytes[3] = static_cast<std::uint8_t>(n);
                const std::string bad = check(bytes, 4);
                if (!bad.empty())
                    QFAIL(qPrintable(QString("%1: %2").arg(hexOf(bytes, 4), bad.c_str())));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestExhaustive)
#include "tst_exhaustive.moc"
