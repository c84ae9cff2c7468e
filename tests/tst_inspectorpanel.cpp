// The inspector panel reads and keeps a bounded prefix of the unit it shows, however long the
// unit (a run of continuation bytes may be gigabytes), and shows its exact length.

#include "inspectorpanel.h"

#include <QLocale>
#include <QTest>

#include <sys/mman.h>
#include <unistd.h>

class TestInspectorPanel : public QObject {
    Q_OBJECT
  private slots:
    // 256 MiB of continuation bytes of which only the first 32 can be read: any other read
    // crashes the test (the panel used to copy the whole unit).
    void longRunShowsAPrefixAndItsExactLength() {
        const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
        void* base =
            mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        QVERIFY(base != MAP_FAILED);
        auto* readable = static_cast<std::uint8_t*>(base) + page - 32;
        std::fill(readable, readable + 32, std::uint8_t(0x80));
        QVERIFY(mprotect(static_cast<std::uint8_t*>(base) + page, page, PROT_NONE) == 0);
        const std::uint32_t length = 256u << 20;
        const moji::Sequence run{7, length, 0, length, moji::SequenceKind::UnexpectedContinuation};
        InspectorPanel panel;
        panel.showUnit(run, std::span<const std::uint8_t>(readable, length), std::nullopt);
        const QString shown = panel.valueOf(InspectorPanel::tr("Bytes"));
        QVERIFY2(shown.startsWith(QStringLiteral("80 80")), qPrintable(shown));
        QVERIFY2(shown.contains(QLocale().toString(qulonglong(length))), qPrintable(shown));
        const QString explained = panel.valueOf(InspectorPanel::tr("Explanation"));
        QVERIFY2(explained.contains(QString::number(length)), qPrintable(explained));
        munmap(base, 2 * page);
    }
};

QTEST_MAIN(TestInspectorPanel)
#include "tst_inspectorpanel.moc"
