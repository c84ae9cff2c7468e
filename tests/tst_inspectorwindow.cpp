// The real inspector window, offscreen, driven with QTest mouse and key events.

#include "anomalynavigator.h"
#include "bytetableview.h"
#include "gui/mainwindow.h"
#include "inspectorpanel.h"
#include "model/anomalytablemodel.h"
#include "model/document.h"
#include "testfiles.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDropEvent>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

// "a", あ (3 bytes), then one anomaly of each kind, separated by "|".
const QByteArray kSample = QByteArray::fromHex(
    "61 e38182 7c c0af 7c e080af 7c eda080 7c eda18cedbeb4 7c f4908080 7c f888808080 7c fe 7c "
    "8081 7c e381 7c f09f9880 0a");

struct KindCase {
    const char* name;
    qulonglong offset;
    const char* kind;
    const char* phrase;
};

const KindCase kKinds[] = {
    {"overlong", 5, "overlong", "this is the 2-byte form of U+002F"},
    {"overlong 3-byte", 8, "overlong", "E0 must be followed by A0\u2013BF"},
    {"surrogate", 12, "surrogate", "a high surrogate with no low surrogate"},
    {"surrogate-pair", 16, "surrogate pair (CESU-8)", "the proper form is F0 A3 8E B4"},
    {"out-of-range", 23, "out of range", "beyond U+10FFFF"},
    {"legacy-long", 28, "legacy 5/6-byte", "RFC 2044"},
    {"invalid-byte", 34, "invalid byte", "FE never occurs in UTF-8"},
    {"unexpected-continuation", 36, "unexpected continuation", "This run of 2 has no lead"},
    {"truncated", 39, "truncated", "only 1 follows before 7C"},
};

} // namespace

class TestInspectorWindow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale::c());
    }

    void init() {
        QVERIFY(mDir.isValid());
        mPath = mDir.filePath("sample.txt");
        testfiles::write(mPath, kSample);
        mWindow = std::make_unique<MainWindow>();
        mWindow->resize(1200, 800);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        QVERIFY(mWindow->openFile(mPath));
        QTRY_VERIFY(mWindow->document()->scanResult() != nullptr);
    }

    void cleanup() { mWindow.reset(); }

    void clickOnAContinuationByteSelectsTheWholeSequence() {
        ByteTableView* view = mWindow->byteView();
        for (auto area : {ByteTableView::Area::Hex, ByteTableView::Area::Characters}) {
            const QRect cell = view->cellRect(3, area); // the last byte of あ
            QVERIFY(!cell.isEmpty());
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
            QCOMPARE(view->selectionStart(), quint64(1));
            QCOMPARE(view->selectionEnd(), quint64(4));
            QCOMPARE(view->activeArea(), area);
            QCOMPARE(mWindow->inspector()->valueOf("Code point"), QString("U+3042"));
        }
    }

    void inspectorShowsAValidSequence() {
        mWindow->byteView()->moveCursor(2);
        InspectorPanel* inspector = mWindow->inspector();
        QCOMPARE(inspector->valueOf("Code point"), QString("U+3042"));
        QCOMPARE(inspector->valueOf("Name"), QString("HIRAGANA LETTER A"));
        QCOMPARE(inspector->valueOf("Script"), QString("Hiragana"));
        QCOMPARE(inspector->valueOf("Added in"), QString("Unicode 1.1"));
        QVERIFY(inspector->valueOf("Payload").contains("0011 000001 000010"));
        QVERIFY(inspector->valueOf("Escapes").contains("\\u3042"));
        QVERIFY(inspector->valueOf("Escapes").contains("%E3%81%82"));
        QVERIFY(inspector->valueOf("Explanation").contains("well-formed 3-byte sequence"));
        QVERIFY(inspector->valueOf("Replacement").isEmpty());
    }

    void inspectorExplainsEachAnomalyKind_data() {
        QTest::addColumn<qulonglong>("offset");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("phrase");
        for (const KindCase& c : kKinds)
            QTest::newRow(c.name) << c.offset << QString(c.kind) << QString::fromUtf8(c.phrase);
    }

    void inspectorExplainsEachAnomalyKind() {
        QFETCH(qulonglong, offset);
        QFETCH(QString, kind);
        QFETCH(QString, phrase);
        mWindow->byteView()->moveCursor(offset);
        InspectorPanel* inspector = mWindow->inspector();
        QCOMPARE(inspector->valueOf("Kind"), kind);
        QVERIFY2(inspector->valueOf("Explanation").contains(phrase),
                 qPrintable(inspector->valueOf("Explanation")));
        QVERIFY(inspector->valueOf("Replacement").contains("U+FFFD"));
        QVERIFY(inspector->valueOf("Code point").isEmpty());
    }

    void arrowKeysMoveByByteInHexAndByCharacterInCharacters() {
        ByteTableView* view = mWindow->byteView();
        view->setFocus();
        view->setActiveArea(ByteTableView::Area::Hex);
        view->moveCursor(0);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(view->cursor(), quint64(1));
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(view->cursor(), quint64(2)); // inside あ
        QCOMPARE(view->selectionStart(), quint64(1));
        view->setActiveArea(ByteTableView::Area::Characters);
        view->moveCursor(0);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(view->cursor(), quint64(1));
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(view->cursor(), quint64(4)); // past あ
        QTest::keyClick(view, Qt::Key_Left);
        QCOMPARE(view->cursor(), quint64(1));
        QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(view->selectionStart(), quint64(1));
        QCOMPARE(view->selectionEnd(), quint64(5));
        QTest::keyClick(view, Qt::Key_Tab, Qt::ShiftModifier);
        QCOMPARE(view->activeArea(), ByteTableView::Area::Hex);
    }

    void f8WalksTheAnomaliesInOrder() {
        ByteTableView* view = mWindow->byteView();
        view->moveCursor(0);
        const auto result = mWindow->document()->scanResult();
        QCOMPARE(result->anomalies.size(), std::uint64_t(9));
        for (std::uint64_t i = 0; i < result->anomalies.size(); ++i) {
            QTest::keyClick(mWindow.get(), Qt::Key_F8);
            QCOMPARE(view->selectionStart(), result->anomalies.at(i).offset);
        }
        QTest::keyClick(mWindow.get(), Qt::Key_F8);
        QCOMPARE(view->selectionStart(), result->anomalies.at(8).offset);
        QTest::keyClick(mWindow.get(), Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(view->selectionStart(), result->anomalies.at(7).offset);
    }

    void navigatorCountsMatchTheCodec() {
        AnomalyNavigator* navigator = mWindow->navigator();
        const auto result = mWindow->document()->scanResult();
        QCOMPARE(std::uint64_t(navigator->model()->rowCount()), result->counts.anomalies());
        QComboBox* filter = navigator->kindFilter();
        for (int i = 1; i < filter->count(); ++i) {
            const auto kind = static_cast<moji::SequenceKind>(filter->itemData(i).toInt());
            filter->setCurrentIndex(i);
            QCOMPARE(std::uint64_t(navigator->model()->rowCount()),
                     result->counts.byKind[static_cast<int>(kind)]);
            QVERIFY(filter->itemText(i).contains(
                QString::number(result->counts.byKind[static_cast<int>(kind)])));
        }
        filter->setCurrentIndex(0);
        QCOMPARE(navigator->model()->rowCount(), 9);
    }

    void findAndGoTo() {
        QSignalSpy finished(mWindow.get(), &MainWindow::findFinished);
        mWindow->byteView()->moveCursor(0);
        QVERIFY(mWindow->find(QByteArray("\xe3\x81\x82"), true));
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.last().at(0).toBool(), true);
        QCOMPARE(mWindow->byteView()->selectionStart(), quint64(1));
        QVERIFY(mWindow->find(QByteArray("|"), true));
        QTRY_COMPARE(finished.count(), 2);
        QCOMPARE(mWindow->byteView()->selectionStart(), quint64(4));
        mWindow->byteView()->moveCursor(10);
        QVERIFY(mWindow->find(QByteArray("|"), false));
        QTRY_COMPARE(finished.count(), 3);
        QCOMPARE(mWindow->byteView()->selectionStart(), quint64(7));
        QVERIFY(mWindow->goToOffset("0x10"));
        QCOMPARE(mWindow->byteView()->cursor(), quint64(16));
        QVERIFY(!mWindow->goToOffset("99999"));
    }

    void fileTruncatedWhileOpenIsReported() {
        const QString big = mDir.filePath("big.txt");
        testfiles::write(big, QByteArray(8 << 20, 'x'));
        QVERIFY(mWindow->openFile(big));
        QTRY_VERIFY(!mWindow->document()->scanning());
        mWindow->byteView()->moveCursor((8 << 20) - 1);
        QVERIFY(truncate(big.toLocal8Bit().constData(), 100) == 0);
        mWindow->byteView()->viewport()->repaint();
        mWindow->byteView()->moveCursor((8 << 20) - 2);
        QTRY_VERIFY_WITH_TIMEOUT(mWindow->problemText().contains("changed on disk"), 5000);
    }

    void tourSampleOpensFromTheMenu() {
        QAction* tour = nullptr;
        for (QAction* action : mWindow->findChildren<QAction*>())
            if (action->text().contains("Tour"))
                tour = action;
        QVERIFY(tour);
        tour->trigger();
        QTRY_VERIFY(mWindow->document()->scanResult() != nullptr);
        QVERIFY(mWindow->windowTitle().startsWith("Tour sample"));
        QCOMPARE(mWindow->document()->scanResult()->counts.anomalies(), std::uint64_t(20));
        QVERIFY(mWindow->problemText().isEmpty());
    }

    // File names are bytes: a name that is not UTF-8 opens from its bytes (the command line),
    // from the text a file dialog gives, from a drop and from Open Recent, which stores bytes;
    // the title shows the name with U+FFFD.
    void nameThatIsNotUtf8() {
        const QByteArray path = QFile::encodeName(mDir.path()) + "/caf\xe9.txt";
        std::FILE* file = std::fopen(path.constData(), "wb");
        QVERIFY(file && std::fputs("ok \xff", file) >= 0 && std::fclose(file) == 0);
        const auto opened = [&] { return mWindow->document()->filePath().native(); };
        QVERIFY(mWindow->openFile(std::filesystem::path(path.toStdString())));
        QVERIFY(mWindow->windowTitle().contains(QStringView(u"caf\uFFFD.txt")));
        QCOMPARE(opened(), path.toStdString());

        QVERIFY(mWindow->openFile(mPath));
        QVERIFY(mWindow->openFile(mDir.filePath(QString::fromUtf16(u"caf\uFFFD.txt"))));
        QCOMPARE(opened(), path.toStdString());

        // File › Open, through Qt's own dialog, which lists the name with U+FFFD.
        QVERIFY(mWindow->openFile(mPath));
        // Types the name the dialog lists (with U+FFFD) and presses Open.
        QTimer chooser;
        chooser.callOnTimeout([&] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            auto* name = dialog ? dialog->findChild<QLineEdit*>("fileNameEdit") : nullptr;
            if (name) {
                dialog->setDirectory(mDir.path());
                name->setText(QString::fromUtf16(u"caf\uFFFD.txt"));
                static_cast<QDialog*>(dialog)->accept();
            }
        });
        chooser.start(20);
        QAction* open = nullptr;
        for (QAction* action : mWindow->findChildren<QAction*>())
            if (action->shortcut() == QKeySequence::Open)
                open = action;
        QVERIFY(open);
        open->trigger();
        chooser.stop();
        QCOMPARE(opened(), path.toStdString());

        QVERIFY(mWindow->openFile(mPath));
        QMimeData data;
        // As a drop from another program delivers it: a percent-encoded text/uri-list.
        data.setData("text/uri-list", "file://" + path.toPercentEncoding("/") + "\r\n");
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        // Straight to the window: QApplication delivers drops only during a real drag.
        static_cast<QObject*>(mWindow.get())->event(&drop);
        QCOMPARE(opened(), path.toStdString());

        QVERIFY(mWindow->openFile(mPath));
        QCOMPARE(QSettings().value("recentPaths").toList().value(1).toByteArray(), path);
        QAction* recent = nullptr;
        for (QAction* action : mWindow->findChildren<QAction*>())
            if (action->text() == QFile::decodeName(path))
                recent = action;
        QVERIFY(recent);
        recent->trigger();
        QCOMPARE(opened(), path.toStdString());
    }

    // A page the storage fails to deliver (the SIGBUS the kernel sends for it, sent to this
    // thread) is reported as an I/O error, not as a change on disk.
    void ioErrorIsNotAChangeOnDisk() {
#if defined(__linux__)
        QVERIFY(mWindow->openFile(testfiles::write(mDir, "failing.txt", QByteArray(65536, 'a'))));
        QTRY_VERIFY(mWindow->document()->scanResult() != nullptr);
        siginfo_t info = {};
        info.si_signo = SIGBUS;
        info.si_code = BUS_ADRERR;
        info.si_addr = const_cast<std::uint8_t*>(mWindow->document()->bytes().data() + 20000);
        QCOMPARE(syscall(SYS_rt_tgsigqueueinfo, getpid(), gettid(), SIGBUS, &info), 0L);
        mWindow->byteView()->moveCursor(20000);
        QTRY_VERIFY_WITH_TIMEOUT(mWindow->problemText().contains("I/O error reading failing.txt"),
                                 5000);
        QVERIFY(!mWindow->problemText().contains("changed on disk"));
#else
        QSKIP("needs Linux's rt_tgsigqueueinfo");
#endif
    }

    void unreadableAndDirectoryAreReported() {
        QVERIFY(!mWindow->openFile(mDir.path()));
        QVERIFY(mWindow->problemText().contains("is a directory"));
        QVERIFY(!mWindow->openFile(mDir.filePath("missing")));
        QVERIFY(mWindow->problemText().contains("No such file"));
    }

    // Finding runs in the background: find() returns before the search is done, progress and
    // Stop are shown meanwhile, and Esc stops it.
    void findReturnsToTheEventLoopAndEscStopsIt() {
        const QString big = mDir.filePath("sparse.bin");
        writeSparse(big, 256 << 20);
        QVERIFY(mWindow->openFile(big));
        QSignalSpy finished(mWindow.get(), &MainWindow::findFinished);
        QVERIFY(mWindow->find(QByteArray("missing"), true));
        QCOMPARE(finished.count(), 0);
        QVERIFY(mWindow->document()->finding());
        QTest::keyClick(mWindow.get(), Qt::Key_Escape);
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.last().at(0).toBool(), false);
        QVERIFY(mWindow->statusBar()->currentMessage().contains("stopped"));

        QVERIFY(mWindow->find(QByteArray("missing"), true));
        QVERIFY(mWindow->document()->finding());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
        QCOMPARE(mWindow->statusBar()->currentMessage(), QString("Not found"));
        QVERIFY(!mWindow->document()->finding());
    }

    // A large selection is counted in the background, never on the GUI thread per change.
    void largeSelectionIsCountedInTheBackground() {
        const QString big = mDir.filePath("zeros.bin");
        writeSparse(big, 64 << 20);
        QVERIFY(mWindow->openFile(big));
        QSignalSpy counted(mWindow.get(), &MainWindow::selectionCounted);
        mWindow->byteView()->selectRange(0, 64 << 20);
        QCOMPARE(counted.count(), 0);
        QVERIFY2(mWindow->statusText().contains("counting characters"),
                 qPrintable(mWindow->statusText()));
        QTRY_COMPARE(counted.count(), 1);
        QVERIFY2(mWindow->statusText().contains("Selected 67108864 byte(s), 67108864 character(s)"),
                 qPrintable(mWindow->statusText()));
        // A small selection is counted at once.
        mWindow->byteView()->selectRange(1, 3);
        QCOMPARE(counted.count(), 2);
        QVERIFY(mWindow->statusText().contains("Selected 2 byte(s), 2 character(s)"));
    }

    void copyRefusesSelectionsBeyondTheLimit() {
        const QString big = mDir.filePath("copy.bin");
        testfiles::write(big, QByteArray(MainWindow::kCopyLimit + 1, 'c'));
        QVERIFY(mWindow->openFile(big));
        QApplication::clipboard()->setText("before");
        mWindow->byteView()->selectRange(0, MainWindow::kCopyLimit + 1);
        QVERIFY(!mWindow->copySelection(MainWindow::CopyFormat::Hex));
        QCOMPARE(QApplication::clipboard()->text(), QString("before"));
        QVERIFY(mWindow->statusBar()->currentMessage().startsWith("Not copied"));
        mWindow->byteView()->selectRange(0, 3);
        QVERIFY(mWindow->copySelection(MainWindow::CopyFormat::Hex));
        QCOMPARE(QApplication::clipboard()->text(), QString("63 63 63"));
    }

    // Starting a scan while one runs: exactly one scanFinished, for the second, with a result.
    void startScanTwiceFinishesOnce() {
        Document* document = mWindow->document();
        QSignalSpy finished(document, &Document::scanFinished);
        QList<bool> hadResult;
        connect(document, &Document::scanFinished, this,
                [&] { hadResult << (document->scanResult() != nullptr); });
        document->startScan();
        document->startScan();
        QVERIFY(document->scanning());
        QTRY_VERIFY(document->scanResult() != nullptr);
        QTest::qWait(100);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(hadResult, QList<bool>{true});
        QVERIFY(!document->scanning());
        QCOMPARE(document->scanResult()->counts.anomalies(), std::uint64_t(9));
    }

    // Cancel scan stops the scan without waiting for it and without reporting it as finished.
    void cancelScanReturnsAtOnce() {
        const QString big = mDir.filePath("cancelled.bin");
        writeSparse(big, 256 << 20);
        QVERIFY(mWindow->openFile(big));
        Document* document = mWindow->document();
        QSignalSpy finished(document, &Document::scanFinished);
        QVERIFY(document->scanning());
        QPushButton* cancel = nullptr;
        for (QPushButton* button : mWindow->statusBar()->findChildren<QPushButton*>())
            if (button->text() == "Cancel scan")
                cancel = button;
        QVERIFY(cancel && !cancel->isHidden());
        cancel->click();
        QVERIFY(!document->scanning());
        QVERIFY(mWindow->statusText().contains("Scan cancelled"));
        QTest::qWait(100);
        QCOMPARE(finished.count(), 0);
        QVERIFY(document->scanResult() == nullptr);
    }

    // Background work of one kind: the latest request wins, the one it replaced is not reported.
    void documentReportsOnlyTheLatestFindAndCount() {
        Document* document = mWindow->document();
        QSignalSpy found(document, &Document::findFinished);
        document->startFind("|", 0, true);
        document->startFind("\x0a", 0, true);
        QTRY_COMPARE(found.count(), 1);
        QTest::qWait(50);
        QCOMPARE(found.count(), 1);
        QCOMPARE(found.first().at(0).toBool(), true);
        QCOMPARE(found.first().at(1).toULongLong(), quint64(kSample.size() - 1));

        QSignalSpy counted(document, &Document::countFinished);
        document->startCounting(0, 1);
        document->startCounting(0, 4);
        QTRY_COMPARE(counted.count(), 1);
        QTest::qWait(50);
        QCOMPARE(counted.count(), 1);
        QCOMPARE(counted.first().at(1).toULongLong(), quint64(4));
        QCOMPARE(counted.first().at(2).toULongLong(), quint64(2)); // "a" and あ
    }

    void navigatorDoubleClickJumpsOnce() {
        AnomalyNavigator* navigator = mWindow->navigator();
        QSignalSpy jumps(navigator, &AnomalyNavigator::jumpRequested);
        QTableView* table = navigator->table();
        const QRect row = table->visualRect(table->model()->index(2, 0));
        QVERIFY(row.isValid());
        // A double-click as the platform delivers it: press, release, double-click, release.
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, row.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, row.center());
        QCOMPARE(jumps.count(), 1);
        QCOMPARE(jumps.first().at(0).toULongLong(), kKinds[2].offset);
        table->setCurrentIndex(table->model()->index(3, 0));
        QTest::keyClick(table, Qt::Key_Return);
        QCOMPARE(jumps.count(), 2);
        QCOMPARE(jumps.last().at(0).toULongLong(), kKinds[3].offset);
    }

    // Counts above 2^31 are written in full, not wrapped to a negative int.
    void countsAbove2To31AreWrittenInFull() {
        auto huge = std::make_shared<moji::ScanResult>();
        huge->size = 3'000'000'007;
        huge->counts.byKind[static_cast<int>(moji::SequenceKind::InvalidByte)] = 3'000'000'007;
        AnomalyNavigator navigator;
        navigator.setScan(huge, nullptr);
        QStringList texts;
        for (const QLabel* label : navigator.findChildren<QLabel*>())
            texts << label->text();
        const QString all = texts.join(' ');
        QVERIFY2(all.contains("3000000007 anomalies"), qPrintable(all));
        QVERIFY2(!all.contains('-'), qPrintable(all));
    }

    // A change on disk is reported without the window reading the file (the file system tells).
    void fileExtendedOnDiskIsReported() {
        QFile file(mPath);
        QVERIFY(file.open(QIODevice::Append));
        QVERIFY(file.write("more") == 4);
        file.close();
        QTRY_VERIFY_WITH_TIMEOUT(mWindow->problemText().contains("changed on disk"), 5000);
    }

  private:
    // `size` bytes: "text", NUL bytes (a hole in the file), and "end\n".
    static void writeSparse(const QString& path, qint64 size) {
        testfiles::write(path, "text");
        QVERIFY(QFile::resize(path, size));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.seek(size - 4));
        QCOMPARE(file.write("end\n"), qint64(4));
    }

    QTemporaryDir mDir;
    QString mPath;
    std::unique_ptr<MainWindow> mWindow;
};

QTEST_MAIN(TestInspectorWindow)
#include "tst_inspectorwindow.moc"
