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
#include <QComboBox>
#include <QDropEvent>
#include <QFileDialog>
#include <QLineEdit>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
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
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

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
        const moji::ScanResult* result = mWindow->document()->scanResult();
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
        const moji::ScanResult* result = mWindow->document()->scanResult();
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
        QVERIFY(mWindow->find(QByteArray("\xe3\x81\x82"), true));
        QCOMPARE(mWindow->byteView()->selectionStart(), quint64(1));
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

  private:
    QTemporaryDir mDir;
    QString mPath;
    std::unique_ptr<MainWindow> mWindow;
};

QTEST_MAIN(TestInspectorWindow)
#include "tst_inspectorwindow.moc"
