// The window's entry point, built as the mojiscope-gui module that app/main.cpp loads.

#include "gui/mainwindow.h"

#include <QApplication>
#include <QIcon>

#include <filesystem>

extern "C" Q_DECL_EXPORT int mojiscopeGuiMain(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/mojiscope.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("mojiscope"));
    MainWindow window;
    // QApplication has taken its own options (-platform, -style, ...) out of argv by now; what
    // is left are the bytes the user gave, opened as they are.
    if (argc > 1)
        window.openFile(std::filesystem::path(argv[1]));
    window.show();
    return app.exec();
}
