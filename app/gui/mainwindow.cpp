#include "gui/mainwindow.h"

#include "anomalynavigator.h"
#include "bytetableview.h"
#include "countformat.h"
#include "describe/textformat.h"
#include "gui/finddialog.h"
#include "gui/localpath.h"
#include "gui/repairdialog.h"
#include "inspectorpanel.h"
#include "io/memorysource.h"
#include "legendwidget.h"
#include "model/document.h"
#include "overviewstrip.h"
#include "scan/scanner.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace {

constexpr int kMaxRecentFiles = 10;
// The bundled tour sample, and the path its document carries.
const QString kTourSample = QStringLiteral(":/samples/tour.txt");
// Selections up to this size have their characters counted at once, on the GUI thread (well
// under a millisecond); larger ones in the background once the selection has rested this long.
constexpr std::uint64_t kCountedAtOnce = 1u << 20;
constexpr int kCountDelayMs = 150;

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), mView(new ByteTableView), mOverview(new OverviewStrip),
      mInspector(new InspectorPanel), mNavigator(new AnomalyNavigator), mProblemBar(new QFrame),
      mProblemLabel(new QLabel), mReloadButton(new QPushButton(tr("&Reload"))),
      mCursorLabel(new QLabel), mSelectionLabel(new QLabel), mVerdictLabel(new QLabel),
      mProgress(new QProgressBar), mCancelButton(new QPushButton(tr("Cancel scan"))),
      mFindProgress(new QProgressBar), mFindCancelButton(new QPushButton(tr("Stop finding (Esc)"))),
      mCountDelay(new QTimer(this)), mWatcher(new QFileSystemWatcher(this)) {
    setWindowTitle(tr("Mojiscope"));
    setAcceptDrops(true);

    mProblemBar->setFrameShape(QFrame::StyledPanel);
    mProblemBar->setAutoFillBackground(true);
    mProblemBar->setBackgroundRole(QPalette::ToolTipBase);
    auto* problemLayout = new QHBoxLayout(mProblemBar);
    problemLayout->addWidget(mProblemLabel, 1);
    problemLayout->addWidget(mReloadButton);
    mProblemLabel->setWordWrap(true);
    mProblemLabel->setForegroundRole(QPalette::ToolTipText);
    mProblemBar->hide();
    connect(mReloadButton, &QPushButton::clicked, this, &MainWindow::reload);

    auto* central = new QWidget;
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(mProblemBar);
    auto* row = new QHBoxLayout;
    row->setSpacing(0);
    row->addWidget(mView, 1);
    row->addWidget(mOverview);
    column->addLayout(row, 1);
    column->addWidget(new LegendWidget);
    setCentralWidget(central);

    auto* inspectorDock = new QDockWidget(tr("Inspector"), this);
    inspectorDock->setObjectName(QStringLiteral("inspector"));
    auto* scroll = new QScrollArea;
    scroll->setWidget(mInspector);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    inspectorDock->setWidget(scroll);
    addDockWidget(Qt::RightDockWidgetArea, inspectorDock);
    resizeDocks({inspectorDock}, {430}, Qt::Horizontal);

    auto* navigatorDock = new QDockWidget(tr("Anomalies"), this);
    navigatorDock->setObjectName(QStringLiteral("anomalies"));
    navigatorDock->setWidget(mNavigator);
    addDockWidget(Qt::BottomDockWidgetArea, navigatorDock);

    mCursorLabel->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral(
                                      "Offset 18446744073709551615 (0xffffffffffffffff)")) /
                                  2);
    statusBar()->addWidget(mCursorLabel);
    statusBar()->addWidget(mSelectionLabel);
    statusBar()->addWidget(mVerdictLabel, 1);
    statusBar()->addPermanentWidget(mFindProgress);
    statusBar()->addPermanentWidget(mFindCancelButton);
    statusBar()->addPermanentWidget(mProgress);
    statusBar()->addPermanentWidget(mCancelButton);
    mFindProgress->setMaximumWidth(200);
    mFindProgress->setRange(0, 1000);
    mFindProgress->setFormat(tr("Finding… %p%"));
    mFindProgress->setAccessibleName(tr("Find progress"));
    mFindProgress->hide();
    mFindCancelButton->hide();
    connect(mFindCancelButton, &QPushButton::clicked, this, &MainWindow::cancelFind);
    mProgress->setMaximumWidth(200);
    mProgress->setAccessibleName(tr("Scan progress"));
    mProgress->hide();
    mCancelButton->hide();
    connect(mCancelButton, &QPushButton::clicked, this, [this] {
        if (mDocument)
            mDocument->cancelScan();
        mProgress->hide();
        mCancelButton->hide();
        mVerdictLabel->setText(tr("Scan cancelled — F5 scans again"));
    });

    connect(mView, &ByteTableView::cursorMoved, this, &MainWindow::onCursorMoved);
    connect(mView, &ByteTableView::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(mView, &ByteTableView::topRowChanged, this, &MainWindow::updateVisibleRange);
    connect(mNavigator, &AnomalyNavigator::jumpRequested, this,
            [this](quint64 offset, quint64 length) {
                mView->selectRange(offset, offset + length);
                mView->setFocus();
            });
    connect(mOverview, &OverviewStrip::jumpRequested, this,
            [this](quint64 offset) { mView->moveCursor(offset); });

    mCountDelay->setSingleShot(true);
    mCountDelay->setInterval(kCountDelayMs);
    connect(mCountDelay, &QTimer::timeout, this, [this] {
        if (mDocument)
            mDocument->startCounting(mView->selectionStart(), mView->selectionEnd());
    });
    // Changes on disk come from the file system; faults met while reading (the source's flag)
    // are looked at after each read the window makes (cursor moves, scan and search ends).
    connect(mWatcher, &QFileSystemWatcher::fileChanged, this, &MainWindow::checkFileOnDisk);

    buildMenus();
    resize(1400, 900);
    updateVerdict();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::chooseFile);
    mRecentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("Open the &Tour Sample"), this, &MainWindow::openTourSample);
    file->addAction(tr("Re&load and Rescan"), QKeySequence::Refresh, this, &MainWindow::reload);
    file->addAction(tr("Save &Repaired Copy…"), QKeySequence(tr("Ctrl+Shift+S")), this,
                    &MainWindow::showRepairDialog);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    rebuildRecentMenu();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("Copy as &Text"), QKeySequence::Copy, this,
                    [this] { copySelection(CopyFormat::Text); });
    edit->addAction(tr("Copy as &Hex"), QKeySequence(tr("Ctrl+Shift+C")), this,
                    [this] { copySelection(CopyFormat::Hex); });
    edit->addAction(tr("Copy as &C String"), QKeySequence(tr("Ctrl+Alt+C")), this,
                    [this] { copySelection(CopyFormat::CString); });
    edit->addSeparator();
    edit->addAction(tr("Select &All"), QKeySequence::SelectAll, this, [this] {
        if (mDocument)
            mView->selectRange(0, mDocument->size());
    });

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    go->addAction(tr("Go to &Offset…"), QKeySequence(tr("Ctrl+G")), this,
                  &MainWindow::askGoToOffset);
    go->addAction(tr("&Next Anomaly"), QKeySequence(Qt::Key_F8), this,
                  &MainWindow::goToNextAnomaly);
    go->addAction(tr("&Previous Anomaly"), QKeySequence(Qt::SHIFT | Qt::Key_F8), this,
                  &MainWindow::goToPreviousAnomaly);
    go->addSeparator();
    go->addAction(tr("&Find…"), QKeySequence::Find, this, &MainWindow::askFind);
    go->addAction(tr("Find Ne&xt"), QKeySequence::FindNext, this,
                  [this] { find(mLastNeedle, true); });
    go->addAction(tr("Find Pre&vious"), QKeySequence::FindPrevious, this,
                  [this] { find(mLastNeedle, false); });
    mCancelFindAction = go->addAction(tr("&Stop Finding"), QKeySequence(Qt::Key_Escape), this,
                                      &MainWindow::cancelFind);
    mCancelFindAction->setEnabled(false);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    auto* widths = new QActionGroup(this);
    for (int bytes : {8, 16, 32}) {
        QAction* action = view->addAction(tr("%1 Bytes per Row").arg(bytes), this,
                                          [this, bytes] { mView->setBytesPerRow(bytes); });
        action->setCheckable(true);
        action->setChecked(bytes == 16);
        widths->addAction(action);
    }
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
}

void MainWindow::chooseFile() {
    // Any file, not ExistingFile: Qt's own dialog checks existence by the decoded name, so it
    // would refuse a name that is not UTF-8 as "not found"; openFile() checks instead. A URL,
    // because a native dialog's keeps the name's bytes percent-encoded.
    QFileDialog dialog(this, tr("Open File"));
    dialog.setFileMode(QFileDialog::AnyFile);
    dialog.setAcceptMode(QFileDialog::AcceptOpen);
    if (dialog.exec() == QDialog::Accepted && !dialog.selectedUrls().isEmpty())
        openFile(localpath::fromUrl(dialog.selectedUrls().first()));
}

void MainWindow::openTourSample() {
    QFile sample(kTourSample);
    if (!sample.open(QIODevice::ReadOnly))
        return showProblem(tr("The tour sample is missing from this build."), false);
    const QByteArray bytes = sample.readAll();
    adopt(std::make_unique<Document>(
              std::make_unique<moji::MemorySource>(
                  std::vector<std::uint8_t>(bytes.begin(), bytes.end()), "tour sample"),
              kTourSample),
          tr("Tour sample"));
}

bool MainWindow::openFile(const QString& path) {
    return openFile(localpath::fromText(path));
}

bool MainWindow::openFile(const std::filesystem::path& path) {
    const QString name = localpath::display(path.filename());
    QString error;
    auto document = Document::open(path, &error);
    if (!document) {
        showProblem(tr("Cannot open %1: %2").arg(name, error), false);
        return false;
    }
    adopt(std::move(document), name);
    updateRecentFiles(path);
    if (mDocument->size() == 0)
        showProblem(tr("%1 is empty: there is nothing to show (an empty file is well-formed "
                       "UTF-8).")
                        .arg(name),
                    false);
    return true;
}

void MainWindow::adopt(std::unique_ptr<Document> document, const QString& title) {
    mNavigator->setScan(nullptr, nullptr);
    mDocument = std::move(document);
    mChangeReported = false;
    mProblemBar->hide();
    mCountDelay->stop();
    onFindFinished(false, 0, true);
    setWindowTitle(tr("%1 — Mojiscope").arg(title));
    if (!mWatcher->files().isEmpty())
        mWatcher->removePaths(mWatcher->files());
    if (mDocument->path() != kTourSample && QFileInfo::exists(mDocument->path()))
        mWatcher->addPath(mDocument->path());
    mView->setSource(mDocument->source());
    connect(mDocument.get(), &Document::scanProgress, this, [this](quint64 done, quint64 total) {
        mProgress->setRange(0, 1000);
        mProgress->setValue(total ? int(done * 1000 / total) : 1000);
    });
    connect(mDocument.get(), &Document::densityChanged, this, &MainWindow::updateOverview);
    connect(mDocument.get(), &Document::scanFinished, this, &MainWindow::onScanFinished);
    connect(mDocument.get(), &Document::findProgress, this, [this](quint64 done, quint64 total) {
        mFindProgress->setValue(total ? int(done * 1000 / total) : 1000);
    });
    connect(mDocument.get(), &Document::findFinished, this, &MainWindow::onFindFinished);
    connect(mDocument.get(), &Document::countFinished, this,
            [this](quint64 from, quint64 to, quint64 characters) {
                if (from == mView->selectionStart() && to == mView->selectionEnd())
                    showSelectionCount(to - from, characters);
            });
    mProgress->setRange(0, 0);
    mProgress->show();
    mCancelButton->show();
    mDocument->startScan();
    updateVerdict();
    updateOverview();
}

void MainWindow::reload() {
    if (!mDocument)
        return;
    if (mDocument->path() == kTourSample)
        return openTourSample();
    const std::filesystem::path path = mDocument->filePath();
    const std::uint64_t cursor = mView->cursor();
    if (openFile(path) && cursor < mDocument->size())
        mView->moveCursor(cursor);
}

// Recent files are stored as bytes (a QByteArray per path): a QString would turn a name that
// is not UTF-8 into one that names no file.
void MainWindow::updateRecentFiles(const std::filesystem::path& path) {
    std::error_code error;
    const auto absolute = std::filesystem::absolute(path, error).lexically_normal();
    const QByteArray bytes = QByteArray::fromStdString((error ? path : absolute).native());
    QSettings settings;
    QVariantList files = settings.value(QStringLiteral("recentPaths")).toList();
    files.removeAll(bytes);
    files.prepend(bytes);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings.setValue(QStringLiteral("recentPaths"), files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    mRecentMenu->clear();
    const QVariantList files = QSettings().value(QStringLiteral("recentPaths")).toList();
    for (const QVariant& file : files) {
        const std::filesystem::path path(file.toByteArray().toStdString());
        mRecentMenu->addAction(localpath::display(path), this, [this, path] { openFile(path); });
    }
    mRecentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::showProblem(const QString& text, bool offerReload) {
    mProblemLabel->setText(text);
    mReloadButton->setVisible(offerReload);
    mProblemBar->show();
}

QString MainWindow::problemText() const {
    return mProblemBar->isHidden() ? QString() : mProblemLabel->text();
}

QString MainWindow::statusText() const {
    return QStringList{mCursorLabel->text(), mSelectionLabel->text(), mVerdictLabel->text()}.join(
        QStringLiteral(" | "));
}

void MainWindow::onCursorMoved() {
    if (!mDocument || mDocument->size() == 0) {
        mInspector->clear();
        mCursorLabel->clear();
        return;
    }
    const std::uint64_t cursor = mView->cursor();
    mCursorLabel->setText(tr("Offset %1 (0x%2)").arg(cursor).arg(cursor, 0, 16));
    const moji::Sequence unit = mDocument->unitAt(cursor);
    const auto bytes = mDocument->bytes();
    std::optional<std::uint8_t> following;
    if (unit.offset + unit.length < bytes.size())
        following = bytes[unit.offset + unit.length];
    mInspector->showUnit(unit, bytes.subspan(unit.offset, unit.length), following);
    checkFileOnDisk();
}

void MainWindow::onSelectionChanged() {
    if (!mDocument)
        return;
    const std::uint64_t start = mView->selectionStart();
    const std::uint64_t length = mView->selectionEnd() - start;
    if (length > kCountedAtOnce) {
        mSelectionLabel->setText(
            tr("Selected %1 byte(s)", "", pluralSelector(length)).arg(formatCount(length)) +
            QStringLiteral(", ") + tr("counting characters…"));
        mCountDelay->start();
        return;
    }
    mCountDelay->stop();
    moji::ScanOptions options;
    options.threads = 1;
    options.maxIndexedAnomalies = 0;
    options.maxIndexedNotices = 0;
    const moji::ScanCounts counts =
        moji::scanBytes(mDocument->bytes().data() + start, length, options).counts;
    showSelectionCount(length, counts.wellFormedSequences() + counts.anomalies());
}

void MainWindow::showSelectionCount(std::uint64_t length, std::uint64_t characters) {
    mSelectionLabel->setText(
        tr("Selected %1 byte(s)", "", pluralSelector(length)).arg(formatCount(length)) +
        QStringLiteral(", ") +
        tr("%1 character(s)", "", pluralSelector(characters)).arg(formatCount(characters)));
    emit selectionCounted();
}

void MainWindow::onScanFinished() {
    mProgress->hide();
    mCancelButton->hide();
    if (!mDocument)
        return;
    const auto result = mDocument->scanResult();
    if (result && result->status == moji::ScanResult::Status::SourceChanged)
        checkFileOnDisk();
    mNavigator->setScan(result, mDocument->source());
    mView->setScan(result);
    updateVerdict();
    updateOverview();
}

void MainWindow::updateVerdict() {
    if (!mDocument) {
        mVerdictLabel->setText(tr("Open a file: File › Open (Ctrl+O), or drop it here"));
        return;
    }
    const auto result = mDocument->scanResult();
    if (mDocument->scanning()) {
        mVerdictLabel->setText(tr("Scanning %1 bytes…").arg(formatCount(mDocument->size())));
    } else if (!result) {
        mVerdictLabel->setText(tr("Not scanned"));
    } else if (result->valid()) {
        const std::uint64_t notices = result->counts.noticeTotal();
        mVerdictLabel->setText(
            tr("Valid UTF-8") +
            (notices ? tr(" (%1 notice(s))", "", pluralSelector(notices)).arg(formatCount(notices))
                     : QString()));
    } else {
        const std::uint64_t anomalies = result->counts.anomalies();
        mVerdictLabel->setText(tr("Not valid UTF-8: %1 anomalies", "", pluralSelector(anomalies))
                                   .arg(formatCount(anomalies)));
    }
}

void MainWindow::updateOverview() {
    mOverview->setDensity(mDocument ? mDocument->anomalyDensity() : std::vector<std::uint64_t>{},
                          mDocument ? mDocument->size() : 0);
    updateVisibleRange();
}

void MainWindow::updateVisibleRange() {
    const RowLayout layout = mView->rowLayout();
    mOverview->setVisibleRange(
        layout.rowStart(mView->topRow()),
        std::min(layout.size(), layout.rowStart(mView->topRow() + mView->visibleRows())));
}

void MainWindow::checkFileOnDisk() {
    if (!mDocument || mChangeReported || !mDocument->changedOnDisk())
        return;
    mChangeReported = true;
    const QString name = localpath::display(mDocument->filePath().filename());
    if (mDocument->readError())
        showProblem(tr("I/O error reading %1: some of its bytes could not be read and are shown "
                       "as zeros.")
                        .arg(name),
                    true);
    else
        showProblem(tr("%1 changed on disk (it was truncated, extended, replaced or deleted). "
                       "What is shown may no longer match it.")
                        .arg(name),
                    true);
}

bool MainWindow::copySelection(CopyFormat format) {
    if (!mDocument || mView->selectionEnd() <= mView->selectionStart())
        return false;
    const std::uint64_t length = mView->selectionEnd() - mView->selectionStart();
    if (length > kCopyLimit) {
        statusBar()->showMessage(
            tr("Not copied: the selection has %1 bytes, and at most %2 are copied at a time. "
               "Select less, or save a repaired copy (File › Save Repaired Copy).")
                .arg(formatCount(length), formatCount(kCopyLimit)),
            8000);
        return false;
    }
    const auto bytes = mDocument->bytes().subspan(mView->selectionStart(), length);
    QString text;
    switch (format) {
    case CopyFormat::Hex:
        text = QString::fromUtf8(moji::formatHexBytes(bytes, moji::HexCase::Lower));
        break;
    case CopyFormat::Text:
        text = QString::fromUtf8(moji::withReplacements(bytes));
        break;
    case CopyFormat::CString:
        text = QString::fromUtf8(moji::cStringLiteral(bytes));
        break;
    }
    QApplication::clipboard()->setText(text);
    statusBar()->showMessage(
        tr("Copied %1 byte(s)", "", pluralSelector(length)).arg(formatCount(length)), 3000);
    return true;
}

bool MainWindow::goToOffset(const QString& input) {
    if (!mDocument)
        return false;
    QString text = input.trimmed().toLower();
    bool ok = false;
    std::uint64_t offset = 0;
    if (text.startsWith(QStringLiteral("0x")))
        offset = text.mid(2).toULongLong(&ok, 16);
    else if (text.endsWith(QLatin1Char('h')))
        offset = text.chopped(1).toULongLong(&ok, 16);
    else
        offset = text.toULongLong(&ok, 10);
    if (!ok || offset >= mDocument->size()) {
        statusBar()->showMessage(
            tr("No offset %1 in this file (it has %2 bytes)").arg(input).arg(mDocument->size()),
            5000);
        return false;
    }
    mView->moveCursor(offset);
    return true;
}

void MainWindow::askGoToOffset() {
    bool ok = false;
    const QString text = QInputDialog::getText(this, tr("Go to Offset"),
                                               tr("Offset (decimal, or hex as 0x1f or 1fh):"),
                                               QLineEdit::Normal, QString(), &ok);
    if (ok)
        goToOffset(text);
}

void MainWindow::goToNextAnomaly() {
    if (!mDocument)
        return;
    if (const auto anomaly = mDocument->nextAnomaly(mView->cursor()))
        mView->selectRange(anomaly->offset, anomaly->offset + anomaly->length);
    else
        statusBar()->showMessage(mDocument->scanResult() ? tr("No anomaly after the cursor")
                                                         : tr("The scan has not finished"),
                                 3000);
}

void MainWindow::goToPreviousAnomaly() {
    if (!mDocument)
        return;
    const std::uint64_t from = mView->selectionStart();
    if (const auto anomaly = mDocument->previousAnomaly(from))
        mView->selectRange(anomaly->offset, anomaly->offset + anomaly->length);
    else
        statusBar()->showMessage(tr("No anomaly before the cursor"), 3000);
}

bool MainWindow::find(const QByteArray& needle, bool forward) {
    if (!mDocument || needle.isEmpty())
        return false;
    startFind(needle, forward ? mView->selectionStart() + 1 : mView->selectionStart(), forward);
    return true;
}

void MainWindow::startFind(const QByteArray& needle, std::uint64_t from, bool forward) {
    mLastNeedle = needle;
    mFindLength = needle.size();
    mFindProgress->setValue(0);
    mFindProgress->show();
    mFindCancelButton->show();
    mCancelFindAction->setEnabled(true);
    mDocument->startFind(needle, from, forward);
}

void MainWindow::cancelFind() {
    if (mDocument)
        mDocument->cancelFind();
}

void MainWindow::onFindFinished(bool found, quint64 offset, bool cancelled) {
    const bool wasFinding = !mFindProgress->isHidden();
    mFindProgress->hide();
    mFindCancelButton->hide();
    mCancelFindAction->setEnabled(false);
    if (!wasFinding)
        return;
    if (found)
        mView->selectRange(offset, offset + std::uint64_t(mFindLength));
    else
        statusBar()->showMessage(cancelled ? tr("Find stopped") : tr("Not found"), 3000);
    checkFileOnDisk();
    emit findFinished(found);
}

void MainWindow::askFind() {
    if (!mFindDialog)
        mFindDialog = new FindDialog(this);
    if (mFindDialog->exec() != QDialog::Accepted)
        return;
    QString error;
    const QByteArray needle = mFindDialog->needle(&error);
    if (needle.isEmpty())
        return;
    if (mDocument)
        startFind(needle, mView->selectionStart(), true);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        openFile(localpath::fromUrl(urls.first()));
}

void MainWindow::showRepairDialog() {
    if (!mDocument || mDocument->size() == 0)
        return;
    RepairDialog dialog(mDocument->source(), mDocument->scanResult(), mDocument->path(), this);
    connect(&dialog, &RepairDialog::openRequested, this, [this](const QString& path) {
        QTimer::singleShot(0, this, [this, path] { openFile(path); });
    });
    dialog.exec();
}
