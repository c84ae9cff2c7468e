#pragma once

#include "io/bytesource.h"
#include "repair/repairoptions.h"
#include "scan/scanresult.h"

#include <QDialog>

#include <memory>

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QTableWidget;
template <typename T>
class QFutureWatcher;

// "Save Repaired Copy…": choose the policy and options, see the first changes before and after
// (bytes and text, with offsets) and the count of each kind, then save in the background through
// a temporary file renamed into place when complete and verified, with progress and Cancel. A
// copy is only kept when the source did not change while it was read; else nothing is written
// and the dialog says why. After saving it offers to open the repaired file (openRequested).
//
// The preview is bounded: with a scan it repairs just the first kPreviewRows anomalies the scan
// indexed; without one (the scan has not finished) the first kPreviewBytes of the file.
class RepairDialog : public QDialog {
    Q_OBJECT
  public:
    static constexpr int kPreviewRows = 50;
    static constexpr std::uint64_t kPreviewBytes = 4u << 20;

    // The dialog shares the opened file and its scan, so they stay readable while it is open and
    // while a save runs, whatever the window does meanwhile. `scan` may be nullptr.
    RepairDialog(std::shared_ptr<const moji::ByteSource> source,
                 std::shared_ptr<const moji::ScanResult> scan, QString inputPath,
                 QWidget* parent = nullptr);
    ~RepairDialog() override;

    [[nodiscard]] moji::RepairOptions options() const;
    void setOptions(const moji::RepairOptions& options);
    [[nodiscard]] QTableWidget* preview() const { return mPreview; }
    // How many input bytes the last preview read.
    [[nodiscard]] std::uint64_t previewedBytes() const { return mPreviewedBytes; }

    // Writes the repaired copy to `path` in the background; finished() reports the outcome.
    void saveTo(const QString& path);
    [[nodiscard]] bool saving() const { return mSaving; }
    [[nodiscard]] QString outcome() const { return mOutcome; }

  signals:
    void finishedSaving(bool ok, const QString& message);
    void openRequested(const QString& path);

  protected:
    void reject() override;

  private:
    struct Saved {
        bool ok = false;
        QString message;
        QString path;
    };

    void updatePreview();
    void addPreviewRow(std::uint64_t offset, std::optional<moji::SequenceKind> kind,
                       std::span<const std::uint8_t> before, std::string_view after);
    void chooseAndSave();
    [[nodiscard]] Saved save(const moji::RepairOptions& options, const QString& path);
    void onSaved(const Saved& saved);

    std::shared_ptr<const moji::ByteSource> mSource;
    std::shared_ptr<const moji::ScanResult> mScan;
    QString mInputPath;
    QComboBox* mPolicy;
    QCheckBox* mJoinSurrogates;
    QCheckBox* mFixOverlong;
    QCheckBox* mStripBom;
    QCheckBox* mNfc;
    QLabel* mOverlongWarning;
    QLabel* mCounts;
    QLabel* mPreviewTitle;
    QTableWidget* mPreview;
    QProgressBar* mProgress;
    QDialogButtonBox* mButtons;
    QFutureWatcher<Saved>* mSaver;
    std::atomic<bool> mCancel{false};
    std::uint64_t mPreviewedBytes = 0;
    bool mSaving = false;
    QString mOutcome;
};
