#pragma once

#include <QMainWindow>

#include <cstdint>
#include <filesystem>
#include <memory>

class AnomalyNavigator;
class ByteTableView;
class Document;
class FindDialog;
class InspectorPanel;
class OverviewStrip;
class QAction;
class QActionGroup;
class QFileSystemWatcher;
class QFrame;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QTimer;

// The inspector window: the hex and character views with the overview strip, the inspector
// panel and legend, the anomaly navigator, and a status bar. The file is scanned in the
// background; everything shown comes from codec/ through Document.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens `path`, the file's name as the system's bytes (any encoding); on failure shows why
    // (in the window, not a modal box) and returns false. The title shows the name with
    // ill-formed bytes as U+FFFD; Open Recent keeps the bytes.
    bool openFile(const std::filesystem::path& path);
    // The same for a path Qt gave as text (see localpath::fromText).
    bool openFile(const QString& path);

    [[nodiscard]] Document* document() const { return mDocument.get(); }
    [[nodiscard]] ByteTableView* byteView() const { return mView; }
    [[nodiscard]] InspectorPanel* inspector() const { return mInspector; }
    [[nodiscard]] AnomalyNavigator* navigator() const { return mNavigator; }
    [[nodiscard]] OverviewStrip* overview() const { return mOverview; }
    [[nodiscard]] QString statusText() const;
    [[nodiscard]] QString problemText() const;

    void goToNextAnomaly();
    void goToPreviousAnomaly();
    // Parses "1234", "0x4d2" or "4d2h"; selects the unit there.
    bool goToOffset(const QString& text);
    // Starts searching the document in the background, forward from just after the selection's
    // start or backward from before it; false when there is nothing to search. findFinished
    // reports the outcome (a match is then selected); cancelFind() or Esc stops it.
    bool find(const QByteArray& needle, bool forward);
    void cancelFind();
    void showRepairDialog();
    // Copies the selection (up to kCopyLimit bytes) to the clipboard; false when refused.
    enum class CopyFormat { Hex, Text, CString };
    bool copySelection(CopyFormat format);
    // Selections longer than this are refused by copySelection().
    static constexpr std::uint64_t kCopyLimit = 1u << 20;

  signals:
    void findFinished(bool found);
    // The selection's statistics are in the status bar (counted at once for small selections,
    // in the background for large ones).
    void selectionCounted();

  protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

  private:
    void buildMenus();
    void chooseFile();
    void openTourSample();
    // Shows `document` (replacing the current one) and starts its scan.
    void adopt(std::unique_ptr<Document> document, const QString& title);
    void reload();
    void updateRecentFiles(const std::filesystem::path& path);
    void rebuildRecentMenu();
    void showProblem(const QString& text, bool offerReload);
    void onCursorMoved();
    void onSelectionChanged();
    void onScanFinished();
    void updateVerdict();
    void updateOverview();
    void updateVisibleRange();
    void checkFileOnDisk();
    void askGoToOffset();
    void askFind();
    void startFind(const QByteArray& needle, std::uint64_t from, bool forward);
    void onFindFinished(bool found, quint64 offset, bool cancelled);
    void showSelectionCount(std::uint64_t length, std::uint64_t characters);

    std::unique_ptr<Document> mDocument;
    ByteTableView* mView;
    OverviewStrip* mOverview;
    InspectorPanel* mInspector;
    AnomalyNavigator* mNavigator;
    QFrame* mProblemBar;
    QLabel* mProblemLabel;
    QPushButton* mReloadButton;
    QLabel* mCursorLabel;
    QLabel* mSelectionLabel;
    QLabel* mVerdictLabel;
    QProgressBar* mProgress;
    QPushButton* mCancelButton;
    QProgressBar* mFindProgress;
    QPushButton* mFindCancelButton;
    QAction* mCancelFindAction = nullptr;
    QTimer* mCountDelay;
    QFileSystemWatcher* mWatcher;
    QMenu* mRecentMenu = nullptr;
    FindDialog* mFindDialog = nullptr;
    QByteArray mLastNeedle;
    qsizetype mFindLength = 0;
    bool mChangeReported = false;
};
