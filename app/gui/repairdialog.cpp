#include "gui/repairdialog.h"

#include "countformat.h"
#include "describe/textformat.h"
#include "io/sourceopener.h"
#include "kindpalette.h"
#include "repair/anomalyrepair.h"
#include "repair/repairer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace {

class DiscardOutput : public moji::RepairOutput {
  public:
    bool write(std::string_view) override { return true; }
};

class SaveFileOutput : public moji::RepairOutput {
  public:
    explicit SaveFileOutput(QSaveFile& file) : mFile(file) {}
    bool write(std::string_view bytes) override {
        return mFile.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
    }

  private:
    QSaveFile& mFile;
};

// Bytes as text for the preview: well-formed text as is, the rest shown as U+FFFD.
QString asText(std::span<const std::uint8_t> bytes) {
    return QString::fromUtf8(moji::withReplacements(bytes));
}

} // namespace

RepairDialog::RepairDialog(std::shared_ptr<const moji::ByteSource> source,
                           std::shared_ptr<const moji::ScanResult> scan, QString inputPath,
                           QWidget* parent)
    : QDialog(parent), mSource(std::move(source)), mScan(std::move(scan)),
      mInputPath(std::move(inputPath)), mPolicy(new QComboBox),
      mJoinSurrogates(new QCheckBox(tr("&Join CESU-8 surrogate pairs"))),
      mFixOverlong(new QCheckBox(tr("&Fix overlong forms"))),
      mStripBom(new QCheckBox(tr("Strip a &BOM at the start"))),
      mNfc(new QCheckBox(tr("&Normalize to NFC"))), mOverlongWarning(new QLabel),
      mCounts(new QLabel), mPreviewTitle(new QLabel), mPreview(new QTableWidget(0, 5)),
      mProgress(new QProgressBar),
      mButtons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Close)),
      mSaver(new QFutureWatcher<Saved>(this)) {
    setWindowTitle(tr("Save Repaired Copy"));
    mPolicy->addItem(tr("Replace: one U+FFFD per maximal subpart (as browsers, ICU, Python)"));
    mPolicy->addItem(tr("Drop: remove the bytes"));
    mPolicy->addItem(tr("Escape: write each byte as \\xNN"));
    mPolicy->addItem(tr("Latin-1: read each byte as ISO 8859-1"));
    mPolicy->addItem(tr("Windows-1252: read each byte as CP1252 (pasted-in Windows text)"));
    mJoinSurrogates->setToolTip(tr("ED A1 8C ED BE B4 becomes F0 A3 8E B4 (U+233B4)"));
    mFixOverlong->setToolTip(tr("C0 AF becomes 2F '/'"));
    mOverlongWarning->setText(
        tr("<b>Careful:</b> this is how C0 AF became a path-traversal '/'. Fix overlong forms "
           "only in files you trust."));
    mOverlongWarning->setWordWrap(true);
    mOverlongWarning->setVisible(false);
    mCounts->setWordWrap(true);
    mPreview->setHorizontalHeaderLabels(
        {tr("Offset"), tr("Kind"), tr("Before"), tr("After"), tr("After (text)")});
    mPreview->verticalHeader()->setVisible(false);
    mPreview->horizontalHeader()->setStretchLastSection(true);
    mPreview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mPreview->setAccessibleName(tr("First changes"));
    mProgress->setVisible(false);

    auto* form = new QFormLayout;
    form->addRow(tr("&Policy:"), mPolicy);
    form->addRow(mJoinSurrogates);
    form->addRow(mFixOverlong);
    form->addRow(mOverlongWarning);
    form->addRow(mStripBom);
    form->addRow(mNfc);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mCounts);
    layout->addWidget(mPreviewTitle);
    layout->addWidget(mPreview, 1);
    layout->addWidget(mProgress);
    layout->addWidget(mButtons);
    resize(820, 560);

    for (QCheckBox* box : {mJoinSurrogates, mFixOverlong, mStripBom, mNfc})
        connect(box, &QCheckBox::toggled, this, &RepairDialog::updatePreview);
    connect(mFixOverlong, &QCheckBox::toggled, mOverlongWarning, &QLabel::setVisible);
    connect(mPolicy, &QComboBox::currentIndexChanged, this, &RepairDialog::updatePreview);
    connect(mButtons, &QDialogButtonBox::accepted, this, &RepairDialog::chooseAndSave);
    connect(mButtons, &QDialogButtonBox::rejected, this, &RepairDialog::reject);
    connect(mSaver, &QFutureWatcherBase::finished, this, [this] { onSaved(mSaver->result()); });
    mPreviewTitle->setWordWrap(true);
    mPreviewTitle->setText(
        mScan ? tr("The first %1 changes:").arg(kPreviewRows)
              : tr("The first changes in the first %1 MiB (the scan has not finished, so the "
                   "rest of the file is not previewed):")
                    .arg(kPreviewBytes >> 20));
    updatePreview();
}

RepairDialog::~RepairDialog() {
    mCancel = true;
    mSaver->waitForFinished();
}

moji::RepairOptions RepairDialog::options() const {
    moji::RepairOptions options;
    options.policy = static_cast<moji::RepairPolicy>(mPolicy->currentIndex());
    options.joinSurrogates = mJoinSurrogates->isChecked();
    options.fixOverlong = mFixOverlong->isChecked();
    options.stripBom = mStripBom->isChecked();
    options.nfc = mNfc->isChecked();
    return options;
}

void RepairDialog::setOptions(const moji::RepairOptions& options) {
    mPolicy->setCurrentIndex(static_cast<int>(options.policy));
    mJoinSurrogates->setChecked(options.joinSurrogates);
    mFixOverlong->setChecked(options.fixOverlong);
    mStripBom->setChecked(options.stripBom);
    mNfc->setChecked(options.nfc);
    updatePreview();
}

void RepairDialog::addPreviewRow(std::uint64_t offset, std::optional<moji::SequenceKind> kind,
                                 std::span<const std::uint8_t> before, std::string_view after) {
    const int row = mPreview->rowCount();
    mPreview->insertRow(row);
    const QString kindName = kind ? KindPalette::displayName(*kind) : tr("byte order mark");
    const auto afterBytes = std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(after.data()), after.size());
    const QStringList cells = {
        QStringLiteral("0x%1").arg(offset, 0, 16), kindName,
        QString::fromUtf8(moji::formatHexBytes(before, moji::HexCase::Upper, 16)),
        afterBytes.empty()
            ? tr("(removed)")
            : QString::fromUtf8(moji::formatHexBytes(afterBytes, moji::HexCase::Upper, 24)),
        QString::fromUtf8(after.data(), qsizetype(after.size()))};
    for (int column = 0; column < cells.size(); ++column)
        mPreview->setItem(row, column, new QTableWidgetItem(cells[column]));
    mPreview->item(row, 2)->setToolTip(asText(before));
}

void RepairDialog::updatePreview() {
    moji::RepairOptions previewOptions = options();
    previewOptions.nfc = false; // the preview shows anomaly changes; NFC is applied on save
    mPreview->setRowCount(0);
    const auto bytes = mSource->bytes();
    if (mScan) {
        // The scan says where the anomalies are: repair just their bytes, as the Repairer does
        // with each anomaly it meets.
        mPreviewedBytes = 0;
        if (previewOptions.stripBom && bytes.size() >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB &&
            bytes[2] == 0xBF) {
            addPreviewRow(0, std::nullopt, bytes.first(3), {});
            mPreviewedBytes += 3;
        }
        std::string after;
        for (std::uint64_t i = 0;
             i < mScan->anomalies.size() && mPreview->rowCount() < kPreviewRows; ++i) {
            const moji::Sequence& anomaly = mScan->anomalies.at(i);
            if (anomaly.offset + anomaly.length > bytes.size())
                break;
            const auto before = bytes.subspan(anomaly.offset, anomaly.length);
            after.clear();
            moji::appendRepaired(anomaly, before, previewOptions, after);
            addPreviewRow(anomaly.offset, anomaly.kind, before, after);
            mPreviewedBytes += anomaly.length;
        }
    } else {
        // Repair into nowhere the start of the file until enough changes are seen.
        DiscardOutput nowhere;
        moji::Repairer repairer(previewOptions, nowhere);
        std::atomic<bool> enough{false};
        repairer.setChangeCallback([&](const moji::RepairChange& change) {
            if (mPreview->rowCount() >= kPreviewRows) {
                enough = true;
                return;
            }
            addPreviewRow(change.offset, moji::sequenceKindFromId(change.what), change.before,
                          change.after);
        });
        repairer.setWindowSize(1u << 20);
        const auto start = bytes.first(std::min<std::uint64_t>(bytes.size(), kPreviewBytes));
        mPreviewedBytes = start.size();
        (void)repairer.run(start, &enough);
    }
    mPreview->resizeColumnsToContents();

    QStringList counts;
    if (mScan) {
        for (int kind = 1; kind < moji::kSequenceKindCount; ++kind)
            if (const auto count = mScan->counts.byKind[kind])
                counts << QStringLiteral("%1 %2")
                              .arg(formatCount(count))
                              .arg(KindPalette::displayName(static_cast<moji::SequenceKind>(kind)));
        mCounts->setText(counts.isEmpty()
                             ? tr("No anomalies: only the options below the policy can change "
                                  "anything.")
                             : tr("Changes by kind: %1.").arg(counts.join(QStringLiteral(", "))));
    } else {
        mCounts->setText(tr("The scan has not finished; the counts will be in the summary."));
    }
}

void RepairDialog::chooseAndSave() {
    const QFileInfo input(mInputPath);
    const QString suggested = input.dir().filePath(input.completeBaseName() +
                                                   QStringLiteral(".repaired.") + input.suffix());
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Repaired Copy"), suggested);
    if (!path.isEmpty())
        saveTo(path);
}

void RepairDialog::saveTo(const QString& path) {
    if (mSaving)
        return;
    if (moji::sameFile(path.toStdString(), mInputPath.toStdString())) {
        onSaved({false,
                 tr("Choose another file: the repaired copy never replaces the file it is "
                    "made from."),
                 path});
        return;
    }
    mSaving = true;
    mCancel = false;
    mProgress->setRange(0, 1000);
    mProgress->setValue(0);
    mProgress->setVisible(true);
    mButtons->button(QDialogButtonBox::Save)->setEnabled(false);
    mButtons->button(QDialogButtonBox::Close)->setText(tr("Cancel"));
    const moji::RepairOptions chosen = options();
    mSaver->setFuture(QtConcurrent::run([this, chosen, path] { return save(chosen, path); }));
}

RepairDialog::Saved RepairDialog::save(const moji::RepairOptions& options, const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {false, file.errorString(), path};
    SaveFileOutput output(file);
    moji::Repairer repairer(options, output);
    repairer.setProgressCallback([this](std::uint64_t done, std::uint64_t total) {
        const int value = total ? int(done * 1000 / total) : 1000;
        QMetaObject::invokeMethod(mProgress, [this, value] { mProgress->setValue(value); });
    });
    repairer.setPrepareCallback(
        [this](std::uint64_t offset, std::uint64_t length) { mSource->prepare(offset, length); });
    const std::string error = repairer.run(mSource->bytes(), &mCancel);
    QString message;
    if (!error.empty())
        message = repairer.writeFailed() ? tr("Cannot write %1: %2").arg(path, file.errorString())
                                         : QString::fromStdString(error);
    else if (mSource->readError())
        message = tr("I/O error reading %1: some of its bytes could not be read, so the copy "
                     "cannot be trusted.")
                      .arg(QFileInfo(mInputPath).fileName());
    else if (mSource->changed())
        // Pages that vanished from the mapping read as zeros, which are well-formed: the copy
        // verifies, yet is not a repair of the file.
        message = tr("%1 changed on disk while the copy was being made (it was truncated, "
                     "extended, replaced or modified), so the copy cannot be trusted.")
                      .arg(QFileInfo(mInputPath).fileName());
    if (!message.isEmpty()) {
        file.cancelWriting();
        return {false, message, path};
    }
    if (!file.commit())
        return {false, tr("Cannot write %1: %2").arg(path, file.errorString()), path};
    const auto& summary = repairer.summary();
    return {true,
            tr("Saved %1: %2 changes (%3 anomalies) with the %4 policy%5; %6 bytes written, "
               "verified well-formed UTF-8%7.")
                .arg(QFileInfo(path).fileName())
                .arg(formatCount(summary.changes))
                .arg(formatCount(summary.counts.anomalies()))
                .arg(QString::fromUtf8(moji::repairPolicyId(options.policy)))
                .arg(summary.bomStripped ? tr(", BOM removed") : QString())
                .arg(formatCount(summary.outputBytes))
                .arg(options.nfc ? tr(" in NFC") : QString()),
            path};
}

void RepairDialog::onSaved(const Saved& saved) {
    mSaving = false;
    mOutcome = saved.message;
    mProgress->setVisible(false);
    mButtons->button(QDialogButtonBox::Save)->setEnabled(true);
    mButtons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    emit finishedSaving(saved.ok, saved.message);
    if (!isVisible())
        return;
    if (!saved.ok) {
        QMessageBox::warning(this, tr("Not saved"), saved.message + tr("\nNothing was written."));
        return;
    }
    if (QMessageBox::question(this, tr("Saved"),
                              saved.message + tr("\n\nOpen the repaired file?")) ==
        QMessageBox::Yes) {
        emit openRequested(saved.path);
        accept();
    }
}

void RepairDialog::reject() {
    if (mSaving) {
        mCancel = true;
        return;
    }
    QDialog::reject();
}
