// The "Save Repaired Copy" dialog, offscreen: preview, counts, saving and its refusals.

#include "gui/repairdialog.h"
#include "model/document.h"
#include "scan/scanner.h"
#include "testfiles.h"

#include <QFile>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

class TestRepairDialog : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QVERIFY(mDir.isValid());
        mInput = mDir.filePath("in.txt");
        testfiles::write(mInput, mBytes);
        QString error;
        mDocument = Document::open(mInput, &error);
        QVERIFY(mDocument);
        const auto bytes = mDocument->bytes();
        mScan = moji::scanBytes(bytes.data(), bytes.size());
    }

    void previewShowsTheFirstChangesBeforeAndAfter() {
        RepairDialog dialog(mDocument->bytes(), &mScan, mInput);
        QTableWidget* preview = dialog.preview();
        QCOMPARE(preview->rowCount(), 3);
        QCOMPARE(preview->item(0, 0)->text(), QString("0x1"));
        QCOMPARE(preview->item(0, 2)->text(), QString("C0 AF"));
        QCOMPARE(preview->item(0, 3)->text(), QString("EF BF BD EF BF BD"));
        moji::RepairOptions options;
        options.policy = moji::RepairPolicy::Latin1;
        options.fixOverlong = true;
        dialog.setOptions(options);
        QCOMPARE(preview->item(0, 3)->text(), QString("2F"));
        QCOMPARE(preview->item(1, 4)->text(), QString("\u00ff"));
        options.policy = moji::RepairPolicy::Drop;
        dialog.setOptions(options);
        QCOMPARE(preview->item(1, 3)->text(), QString("(removed)"));
    }

    void savesAVerifiedCopy() {
        RepairDialog dialog(mDocument->bytes(), &mScan, mInput);
        QSignalSpy finished(&dialog, &RepairDialog::finishedSaving);
        const QString output = mDir.filePath("out.txt");
        dialog.saveTo(output);
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toBool(), true);
        QVERIFY(dialog.outcome().contains("3 changes"));
        QFile file(output);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray::fromHex("61 efbfbd efbfbd 62 efbfbd 63 efbfbd"));
    }

    void neverReplacesItsInputAndReportsWriteErrors() {
        RepairDialog dialog(mDocument->bytes(), &mScan, mInput);
        QSignalSpy finished(&dialog, &RepairDialog::finishedSaving);
        dialog.saveTo(mInput);
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.last().at(0).toBool(), false);
        QFile original(mInput);
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(original.readAll(), mBytes);
        dialog.saveTo(mDir.filePath("no/such/dir/out.txt"));
        QTRY_COMPARE(finished.count(), 2);
        QCOMPARE(finished.last().at(0).toBool(), false);
    }

  private:
    QTemporaryDir mDir;
    QString mInput;
    const QByteArray mBytes = QByteArray::fromHex("61 c0af 62 ff 63 e381");
    std::unique_ptr<Document> mDocument;
    moji::ScanResult mScan;
};

QTEST_MAIN(TestRepairDialog)
#include "tst_repairdialog.moc"
