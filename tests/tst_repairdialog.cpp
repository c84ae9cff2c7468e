// The "Save Repaired Copy" dialog, offscreen: preview, counts, saving and its refusals.

#include "gui/repairdialog.h"
#include "io/memorysource.h"
#include "model/document.h"
#include "repair/repairer.h"
#include "scan/scanner.h"
#include "testfiles.h"

#include <QDir>
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
        mScan =
            std::make_shared<const moji::ScanResult>(moji::scanBytes(bytes.data(), bytes.size()));
    }

    void previewShowsTheFirstChangesBeforeAndAfter() {
        RepairDialog dialog(mDocument->source(), mScan, mInput);
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
        RepairDialog dialog(mDocument->source(), mScan, mInput);
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
        RepairDialog dialog(mDocument->source(), mScan, mInput);
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

    // The preview repairs the anomalies the scan indexed one by one; it must show what the
    // Repairer changes over the whole input, for every policy and option.
    void previewMatchesTheRepairer() {
        // A BOM, then one anomaly of each kind, separated by "|".
        const QByteArray sample = QByteArray::fromHex(
            "efbbbf 61 e38182 7c c0af 7c e080af 7c eda080 7c eda18cedbeb4 7c f4908080 7c "
            "f888808080 7c fe 7c 8081 7c e381 7c f09f9880 0a");
        const auto source = std::make_shared<const moji::MemorySource>(
            std::vector<std::uint8_t>(sample.begin(), sample.end()), "sample");
        const auto scan = std::make_shared<const moji::ScanResult>(moji::scanSource(*source));
        RepairDialog dialog(source, scan, mInput);
        for (int policy = 0; policy < 5; ++policy)
            for (int flags = 0; flags < 8; ++flags) {
                moji::RepairOptions options;
                options.policy = static_cast<moji::RepairPolicy>(policy);
                options.joinSurrogates = flags & 1;
                options.fixOverlong = flags & 2;
                options.stripBom = flags & 4;
                dialog.setOptions(options);

                struct Discard : moji::RepairOutput {
                    bool write(std::string_view) override { return true; }
                } nowhere;
                moji::Repairer repairer(options, nowhere);
                QStringList expected;
                repairer.setChangeCallback([&](const moji::RepairChange& change) {
                    expected << QStringLiteral("0x%1 %2")
                                    .arg(change.offset, 0, 16)
                                    .arg(QString::fromUtf8(change.after.data(),
                                                           qsizetype(change.after.size())));
                });
                QVERIFY(repairer.run(source->bytes()).empty());
                QStringList shown;
                for (int row = 0; row < dialog.preview()->rowCount(); ++row)
                    shown << dialog.preview()->item(row, 0)->text() + " " +
                                 dialog.preview()->item(row, 4)->text();
                QCOMPARE(shown, expected);
            }
    }

    // Anomalies at both ends of a large file: the preview reads the anomalies' bytes, not the
    // stretch between them; without a scan, at most kPreviewBytes.
    void previewReadsABoundedPartOfTheFile() {
        std::vector<std::uint8_t> bytes(64u << 20, 'a');
        bytes[1] = 0xFF;
        bytes.back() = 0xFE;
        const auto source = std::make_shared<const moji::MemorySource>(std::move(bytes), "large");
        const auto scan = std::make_shared<const moji::ScanResult>(moji::scanSource(*source));
        RepairDialog scanned(source, scan, mInput);
        QCOMPARE(scanned.preview()->rowCount(), 2);
        QCOMPARE(scanned.previewedBytes(), std::uint64_t(2));
        RepairDialog unscanned(source, nullptr, mInput);
        QCOMPARE(unscanned.preview()->rowCount(), 1);
        QCOMPARE(unscanned.previewedBytes(), RepairDialog::kPreviewBytes);
    }

    // Truncated after it was opened: the vanished pages read as zeros, which verify as
    // well-formed; the dialog must still refuse, say why and leave no file behind.
    void sourceChangedOnDiskKeepsNothing() {
        const QString input = mDir.filePath("shrinking.txt");
        testfiles::write(input, QByteArray(2 << 20, 'x') + QByteArray::fromHex("ff"));
        QString error;
        const auto document = Document::open(input, &error);
        QVERIFY(document);
        QVERIFY(QFile::resize(input, 10));
        RepairDialog dialog(document->source(), nullptr, input);
        QSignalSpy finished(&dialog, &RepairDialog::finishedSaving);
        dialog.saveTo(mDir.filePath("shrunk.txt"));
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(dialog.outcome().contains("changed on disk"), qPrintable(dialog.outcome()));
        QVERIFY2(QDir(mDir.path()).entryList({"shrunk*"}, QDir::Files | QDir::Hidden).isEmpty(),
                 qPrintable(QDir(mDir.path()).entryList().join(' ')));
    }

    // Bytes the storage failed to deliver read as zeros too; the dialog must name an I/O error,
    // not a change on disk, and leave no file behind.
    void readErrorKeepsNothing() {
        struct FailingSource : moji::ByteSource {
            std::vector<std::uint8_t> zeros = std::vector<std::uint8_t>(4096, 0);
            std::span<const std::uint8_t> bytes() const override { return zeros; }
            bool changed() const override { return true; }
            bool readError() const override { return true; }
            std::string name() const override { return "failing"; }
        };
        RepairDialog dialog(std::make_shared<const FailingSource>(), nullptr, mInput);
        QSignalSpy finished(&dialog, &RepairDialog::finishedSaving);
        dialog.saveTo(mDir.filePath("unread.txt"));
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(dialog.outcome().contains("I/O error"), qPrintable(dialog.outcome()));
        QVERIFY(QDir(mDir.path()).entryList({"unread*"}, QDir::Files | QDir::Hidden).isEmpty());
    }

  private:
    QTemporaryDir mDir;
    QString mInput;
    const QByteArray mBytes = QByteArray::fromHex("61 c0af 62 ff 63 e381");
    std::unique_ptr<Document> mDocument;
    std::shared_ptr<const moji::ScanResult> mScan;
};

QTEST_MAIN(TestRepairDialog)
#include "tst_repairdialog.moc"
