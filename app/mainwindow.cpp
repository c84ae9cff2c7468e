#include "mainwindow.h"

#include "scanner.h"
#include "sourceopener.h"

#include <QAction>
#include <QFileDialog>
#include <QFontDatabase>
#include <QKeySequence>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QStatusBar>

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), mSummary(new QPlainTextEdit) {
    setWindowTitle(tr("Mojiscope"));
    mSummary->setReadOnly(true);
    mSummary->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    mSummary->setAccessibleName(tr("File summary"));
    mSummary->setPlainText(tr("Open a file (Ctrl+O) to see whether it is well-formed UTF-8."));
    setCentralWidget(mSummary);

    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    QAction* open = fileMenu->addAction(tr("&Open…"), this, &MainWindow::chooseFile);
    open->setShortcut(QKeySequence::Open);
    QAction* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    resize(900, 600);
}

void MainWindow::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open File"));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::openFile(const QString& path) {
    setWindowTitle(tr("%1 — Mojiscope").arg(path));
    auto opened = moji::openSource(path.toStdString());
    if (auto* error = std::get_if<std::string>(&opened)) {
        mSummary->setPlainText(tr("Cannot open the file:\n%1").arg(QString::fromStdString(*error)));
        return;
    }
    const auto& source = *std::get<0>(opened);
    const moji::ScanResult result = moji::scanSource(source);
    QString text = tr("%1\n%2 bytes\n").arg(path).arg(result.size);
    if (result.status == moji::ScanResult::Status::SourceChanged)
        text += tr("The file changed on disk while it was read; reopen it.\n");
    else if (result.valid())
        text += tr("Well-formed UTF-8.\n");
    else
        text += tr("Not well-formed UTF-8: %1 anomalies.\n").arg(result.counts.anomalies());
    for (int kind = 1; kind < moji::kSequenceKindCount; ++kind) {
        if (const auto count = result.counts.byKind[kind])
            text += QStringLiteral("  %1: %2\n")
                        .arg(QString::fromUtf8(moji::kSequenceKindIds[kind].data(),
                                               moji::kSequenceKindIds[kind].size()))
                        .arg(count);
    }
    mSummary->setPlainText(text);
    statusBar()->showMessage(result.valid() ? tr("Valid UTF-8")
                                            : tr("%1 anomalies").arg(result.counts.anomalies()));
}
