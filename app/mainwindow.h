#pragma once

#include <QMainWindow>

class QPlainTextEdit;

// The inspector's main window. For now it shows the scan summary of the opened file; the hex
// and character views take its place as they are built.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);

    // Opens and scans `path`; shows a message instead when it cannot be read.
    void openFile(const QString& path);

  private:
    void chooseFile();

    QPlainTextEdit* mSummary;
};
