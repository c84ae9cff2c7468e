// The program: the command line runs here on QtCore alone; the window lives in the
// mojiscope-gui module, loaded only when a window is wanted.
//
// Why a module loaded with QLibrary rather than a second executable started with exec: one
// process and one program name (desktop files, process lists and signals see `mojiscope`),
// argv handed over as the same bytes with nothing to re-quote, and the module cannot be started
// on its own by mistake. The headless command line never maps QtGui or QtWidgets.

#include "cli/argumentbytes.h"
#include "cli/commandline.h"

#include <QCoreApplication>
#include <QLibrary>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using GuiMain = int (*)(int, char**);

// Where the running program is, as the system names it.
std::filesystem::path programDirectory(const char* argv0) {
    std::error_code error;
#if defined(__linux__)
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error)
        return self.parent_path();
#endif
    const auto resolved = std::filesystem::canonical(argv0, error);
    return error ? std::filesystem::path() : resolved.parent_path();
}

// Qt picks the platform plugin from -platform, else QT_QPA_PLATFORM, else the session (Wayland
// when the session says so, X11 otherwise); a list separated by ';' is tried in order. The
// window then needs an X display only when every plugin it could use is xcb. Elsewhere than
// Linux, or with another plugin (wayland, offscreen, vnc, eglfs, ...), Qt reports problems
// itself.
bool needsX11Display(const QStringList& arguments) {
#if defined(__linux__)
    QString platforms;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments.at(i);
        if ((argument == "-platform" || argument == "--platform") && i + 1 < arguments.size())
            platforms = arguments.at(i + 1);
        else if (argument.startsWith("-platform=") || argument.startsWith("--platform="))
            platforms = argument.section('=', 1);
    }
    if (platforms.isEmpty())
        platforms = qEnvironmentVariable("QT_QPA_PLATFORM");
    if (platforms.isEmpty()) {
        const bool wayland = !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
                             qEnvironmentVariable("XDG_SESSION_TYPE") == "wayland";
        platforms = wayland ? QStringLiteral("wayland") : QStringLiteral("xcb");
    }
    for (const QString& platform : platforms.split(';', Qt::SkipEmptyParts)) {
        if (platform.section(':', 0, 0) != "xcb")
            return false;
    }
    return true;
#else
    Q_UNUSED(arguments);
    return false;
#endif
}

int startWindow(int argc, char** argv) {
    const std::filesystem::path directory = programDirectory(argv[0]);
    const std::vector<std::filesystem::path> candidates = {
        directory / "mojiscope-gui",
        directory / MOJISCOPE_GUI_INSTALL_DIR / "mojiscope-gui",
    };
    QString errors;
    for (const std::filesystem::path& candidate : candidates) {
        QLibrary module(QString::fromStdString(candidate.lexically_normal().string()));
        if (const auto entry = reinterpret_cast<GuiMain>(module.resolve("mojiscopeGuiMain")))
            return entry(argc, argv);
        errors += "\n  " + module.errorString();
    }
    std::fprintf(stderr,
                 "mojiscope: the window is not installed (the mojiscope-gui module was not "
                 "found next to the program or in its library directory):%s\nThe command line "
                 "works without it: mojiscope --help\n",
                 errors.toLocal8Bit().constData());
    return 2;
}

} // namespace

int main(int argc, char* argv[]) {
    QCoreApplication::setApplicationName("Mojiscope");
    QCoreApplication::setOrganizationName("Mojiscope");
    QCoreApplication::setApplicationVersion(MOJISCOPE_VERSION);
    const QStringList arguments = argumentbytes::decode(argc, argv);
    if (CommandLine::wants(arguments)) {
        QCoreApplication app(argc, argv);
        return CommandLine::run(arguments);
    }
    if (needsX11Display(arguments) && qEnvironmentVariableIsEmpty("DISPLAY")) {
        std::fprintf(stderr, "mojiscope: no display to open the window on (DISPLAY is unset and "
                             "Qt would use X11).\nThe command line needs none: "
                             "mojiscope --help\n");
        return 2;
    }
    return startWindow(argc, argv);
}
