#pragma once

#include <QMainWindow>

#include <filesystem>
#include <memory>

class AnomalyNavigator;
class ByteTableView;
class Document;
class FindDialog;
class InspectorPanel;
class OverviewStrip;
class QActionGroup;
class QFrame;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;

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
    bool find(const QByteArray& needle, bool forward);
    void showRepairDialog();

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
    void copySelection(int format);
    void askGoToOffset();
    void askFind();

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
    QMenu* mRecentMenu = nullptr;
    FindDialog* mFindDialog = nullptr;
    QByteArray mLastNeedle;
    bool mChangeReported = false;
};
