#include "gui/repairdialog.h"

#include "describe/textformat.h"
#include "io/sourceopener.h"
#include "kindpalette.h"
#include "repair/repairer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

constexpr int kPreviewRows = 50;

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

RepairDialog::RepairDialog(std::span<const std::uint8_t> bytes, const moji::ScanResult* scan,
                           QString inputPath, QWidget* parent)
    : QDialog(parent), mBytes(bytes), mScan(scan), mInputPath(std::move(inputPath)),
      mPolicy(new QComboBox), mJoinSurrogates(new QCheckBox(tr("&Join CESU-8 surrogate pairs"))),
      mFixOverlong(new QCheckBox(tr("&Fix overlong forms"))),
      mStripBom(new QCheckBox(tr("Strip a &BOM at the start"))),
      mNfc(new QCheckBox(tr("&Normalize to NFC"))), mOverlongWarning(new QLabel),
      mCounts(new QLabel), mPreview(new QTableWidget(0, 5)), mProgress(new QProgressBar),
      mButtons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Close)) {
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
    layout->addWidget(new QLabel(tr("First changes:")));
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
    updatePreview();
}

RepairDialog::~RepairDialog() {
    mCancel = true;
    if (mWorker.joinable())
        mWorker.join();
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

void RepairDialog::updatePreview() {
    // Repair into nowhere until enough changes are seen for the preview.
    DiscardOutput nowhere;
    moji::RepairOptions previewOptions = options();
    previewOptions.nfc = false; // the preview shows anomaly changes; NFC is applied on save
    moji::Repairer repairer(previewOptions, nowhere);
    std::atomic<bool> enough{false};
    mPreview->setRowCount(0);
    repairer.setChangeCallback([&](const moji::RepairChange& change) {
        if (mPreview->rowCount() >= kPreviewRows) {
            enough = true;
            return;
        }
        const int row = mPreview->rowCount();
        mPreview->insertRow(row);
        const auto kind = moji::sequenceKindFromId(change.what);
        const QString kindName = kind ? KindPalette::displayName(*kind) : tr("byte order mark");
        const auto after = std::span<const std::uint8_t>(
            reinterpret_cast<const std::uint8_t*>(change.after.data()), change.after.size());
        const QStringList cells = {
            QStringLiteral("0x%1").arg(change.offset, 0, 16), kindName,
            QString::fromUtf8(moji::formatHexBytes(change.before, moji::HexCase::Upper, 16)),
            after.empty()
                ? tr("(removed)")
                : QString::fromUtf8(moji::formatHexBytes(after, moji::HexCase::Upper, 24)),
            QString::fromUtf8(change.after)};
        for (int column = 0; column < cells.size(); ++column)
            mPreview->setItem(row, column, new QTableWidgetItem(cells[column]));
        mPreview->item(row, 2)->setToolTip(asText(change.before));
    });
    // Only the stretch holding the first changes needs repairing for the preview.
    std::uint64_t previewEnd = std::min<std::uint64_t>(mBytes.size(), 64u << 20);
    if (mScan && mScan->anomalies.size() > std::uint64_t(kPreviewRows))
        previewEnd = mScan->anomalies.at(kPreviewRows).offset;
    else if (mScan && !mScan->anomalies.empty())
        previewEnd = mScan->anomalies.at(mScan->anomalies.size() - 1).offset +
                     mScan->anomalies.at(mScan->anomalies.size() - 1).length;
    else if (mScan)
        previewEnd = std::min<std::uint64_t>(mBytes.size(), 3);
    repairer.setWindowSize(1u << 20);
    (void)repairer.run(mBytes.first(previewEnd), &enough);
    mPreview->resizeColumnsToContents();

    QStringList counts;
    if (mScan) {
        for (int kind = 1; kind < moji::kSequenceKindCount; ++kind)
            if (const auto count = mScan->counts.byKind[kind])
                counts << QStringLiteral("%1 %2").arg(count).arg(
                    KindPalette::displayName(static_cast<moji::SequenceKind>(kind)));
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
        onSaved(false,
                tr("Choose another file: the repaired copy never replaces the file it is "
                   "made from."),
                path);
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
    mWorker = std::thread([this, chosen, path] {
        QSaveFile file(path);
        QString message;
        bool ok = file.open(QIODevice::WriteOnly);
        if (!ok) {
            message = file.errorString();
        } else {
            SaveFileOutput output(file);
            moji::Repairer repairer(chosen, output);
            repairer.setProgressCallback([this](std::uint64_t done, std::uint64_t total) {
                const int value = total ? int(done * 1000 / total) : 1000;
                QMetaObject::invokeMethod(mProgress, [this, value] { mProgress->setValue(value); });
            });
            const std::string error = repairer.run(mBytes, &mCancel);
            if (!error.empty()) {
                file.cancelWriting();
                ok = false;
                message = repairer.writeFailed()
                              ? tr("Cannot write %1: %2").arg(path, file.errorString())
                              : QString::fromStdString(error);
            } else if (!file.commit()) {
                ok = false;
                message = tr("Cannot write %1: %2").arg(path, file.errorString());
            } else {
                const auto& summary = repairer.summary();
                message = tr("Saved %1: %2 changes (%3 anomalies) with the %4 policy%5; %6 bytes "
                             "written, verified well-formed UTF-8%7.")
                              .arg(QFileInfo(path).fileName())
                              .arg(summary.changes)
                              .arg(summary.counts.anomalies())
                              .arg(QString::fromUtf8(moji::repairPolicyId(chosen.policy)))
                              .arg(summary.bomStripped ? tr(", BOM removed") : QString())
                              .arg(summary.outputBytes)
                              .arg(chosen.nfc ? tr(" in NFC") : QString());
            }
        }
        QMetaObject::invokeMethod(this, [this, ok, message, path] { onSaved(ok, message, path); });
    });
}

void RepairDialog::onSaved(bool ok, const QString& message, const QString& path) {
    if (mWorker.joinable())
        mWorker.join();
    mSaving = false;
    mOutcome = message;
    mProgress->setVisible(false);
    mButtons->button(QDialogButtonBox::Save)->setEnabled(true);
    mButtons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    emit finishedSaving(ok, message);
    if (!isVisible())
        return;
    if (!ok) {
        QMessageBox::warning(this, tr("Not saved"), message + tr("\nNothing was written."));
        return;
    }
    if (QMessageBox::question(this, tr("Saved"), message + tr("\n\nOpen the repaired file?")) ==
        QMessageBox::Yes) {
        emit openRequested(path);
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
