#pragma once

#include "repair/repairoptions.h"
#include "scan/scanresult.h"

#include <QDialog>

#include <atomic>
#include <cstdint>
#include <span>
#include <thread>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QTableWidget;

// "Save Repaired Copy…": choose the policy and options, see the first changes before and after
// (bytes and text, with offsets) and the count of each kind, then save through a temporary
// file renamed into place when complete and verified, with progress and Cancel. After saving it
// offers to open the repaired file (openRequested).
class RepairDialog : public QDialog {
    Q_OBJECT
  public:
    // `bytes` (the opened file) and `scan` must outlive the dialog; `scan` may be nullptr.
    RepairDialog(std::span<const std::uint8_t> bytes, const moji::ScanResult* scan,
                 QString inputPath, QWidget* parent = nullptr);
    ~RepairDialog() override;

    [[nodiscard]] moji::RepairOptions options() const;
    void setOptions(const moji::RepairOptions& options);
    [[nodiscard]] QTableWidget* preview() const { return mPreview; }

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
    void updatePreview();
    void chooseAndSave();
    void onSaved(bool ok, const QString& message, const QString& path);

    std::span<const std::uint8_t> mBytes;
    const moji::ScanResult* mScan;
    QString mInputPath;
    QComboBox* mPolicy;
    QCheckBox* mJoinSurrogates;
    QCheckBox* mFixOverlong;
    QCheckBox* mStripBom;
    QCheckBox* mNfc;
    QLabel* mOverlongWarning;
    QLabel* mCounts;
    QTableWidget* mPreview;
    QProgressBar* mProgress;
    QDialogButtonBox* mButtons;
    std::thread mWorker;
    std::atomic<bool> mCancel{false};
    bool mSaving = false;
    QString mOutcome;
};
