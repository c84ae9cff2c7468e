#include "cli/commandline.h"
#include "gui/mainwindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QIcon>

#include <cstdio>

int main(int argc, char* argv[]) {
    QCoreApplication::setApplicationName("Mojiscope");
    QCoreApplication::setOrganizationName("Mojiscope");
    QCoreApplication::setApplicationVersion(MOJISCOPE_VERSION);
    QStringList raw;
    for (int i = 1; i < argc; ++i)
        raw << QString::fromLocal8Bit(argv[i]);
    if (CommandLine::wants(raw)) {
        QCoreApplication app(argc, argv);
        return CommandLine::run(raw);
    }
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        std::fprintf(stderr, "mojiscope: no display to open the window on (DISPLAY and "
                             "WAYLAND_DISPLAY are unset).\nThe command line needs none: "
                             "mojiscope --help\n");
        return 2;
    }
    QApplication app(argc, argv);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/mojiscope.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("mojiscope"));
    MainWindow window;
    // Qt has taken its own options (-platform, -style, ...) out of arguments() by now.
    const QStringList files = QApplication::arguments().mid(1);
    if (!files.isEmpty())
        window.openFile(files.first());
    window.show();
    return app.exec();
}
