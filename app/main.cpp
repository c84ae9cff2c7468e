#include "commandline.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCoreApplication>

int main(int argc, char* argv[]) {
    QStringList arguments;
    for (int i = 1; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCoreApplication::setApplicationName("Mojiscope");
    QCoreApplication::setOrganizationName("Mojiscope");
    QCoreApplication::setApplicationVersion(MOJISCOPE_VERSION);
    if (CommandLine::wants(arguments)) {
        QCoreApplication app(argc, argv);
        return CommandLine::run(arguments);
    }
    QApplication app(argc, argv);
    MainWindow window;
    if (!arguments.isEmpty())
        window.openFile(arguments.first());
    window.show();
    return app.exec();
}
