// The window reader's byte-class masks, SIMD and portable alike, against a per-byte reference.

#include "scan/simd/windowmasks.h"

#include <QTest>

#include <array>
#include <random>

namespace {

using Window = std::array<std::uint8_t, 64>;

// Deliberately plain: one byte at a time, straight from the definitions in windowmasks.h.
moji::simd::WindowMasks referenceMasks(const Window& window) {
    moji::simd::WindowMasks m{};
    for (int i = 0; i < 64; ++i) {
        const unsigned b = window[i];
        const std::uint64_t bit = std::uint64_t(1) << i;
        const bool plain = (b >= 0x20 && b <= 0x7E) || b == 0x09 || b == 0x0A || b == 0x0D;
        m.plain |= plain ? bit : 0;
        m.zero |= b == 0x00 ? bit : 0;
        m.cont |= b >= 0x80 && b <= 0xBF ? bit : 0;
        m.invalid |= b >= 0xFE ? bit : 0;
        m.lead |= b >= 0xC0 && b <= 0xFD ? bit : 0;
    }
    return m;
}

QString differences(const moji::simd::WindowMasks& got, const moji::simd::WindowMasks& expected) {
    QString text;
    const auto field = [&](const char* name, std::uint64_t a, std::uint64_t b) {
        if (a != b)
            text += QStringLiteral("%1: %2, expected %3; ")
                        .arg(QLatin1String(name))
                        .arg(a, 16, 16, QLatin1Char('0'))
                        .arg(b, 16, 16, QLatin1Char('0'));
    };
    field("plain", got.plain, expected.plain);
    field("zero", got.zero, expected.zero);
    field("cont", got.cont, expected.cont);
    field("invalid", got.invalid, expected.invalid);
    field("lead", got.lead, expected.lead);
    return text;
}

} // namespace

class TestWindowMasks : public QObject {
    Q_OBJECT
  private slots:
    void masksMatchTheReference_data() {
        QTest::addColumn<bool>("portable");
        QTest::newRow("build's best (SIMD where built)") << false;
        QTest::newRow("portable") << true;
    }

    void masksMatchTheReference() {
        QFETCH(bool, portable);
        const auto masks = portable ? moji::simd::windowMasksPortable : moji::simd::windowMasks;
        std::vector<Window> windows;
        // Every byte value at every position of the window.
        for (int first = 0; first < 256; ++first) {
            Window window;
            for (int i = 0; i < 64; ++i)
                window[i] = static_cast<std::uint8_t>(first + i * 5);
            windows.push_back(window);
        }
        std::mt19937_64 random(8);
        for (int round = 0; round < 2000; ++round) {
            Window window;
            for (auto& byte : window)
                byte = static_cast<std::uint8_t>(random());
            windows.push_back(window);
        }
        for (const Window& window : windows) {
            const QString diff = differences(masks(window.data()), referenceMasks(window));
            if (!diff.isEmpty())
                QFAIL(qPrintable(diff));
        }
    }
};

QTEST_GUILESS_MAIN(TestWindowMasks)
#include "tst_windowmasks.moc"
