// Opens a file in the real main window, offscreen, and prints on separate lines:
//   first_paint_ms     open + first paint of the byte view
//   jump_to_end_ms     moving the cursor to the last byte and painting there
//   scan_done_s        until the background scan of the whole file has finished
//   peak_anon_rss_mib  the largest anonymous resident memory seen (file pages not counted)
// Not a test: run it by hand, e.g. build/tests/bench/bench_open big.txt (see README).

#include "bytetableview.h"
#include "gui/mainwindow.h"
#include "model/document.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <cstdio>

namespace {

double anonRssMiB() {
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("RssAnon:"))
            return line.mid(8).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return -1;
}

} // namespace

int main(int argc, char* argv[]) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_open FILE\n");
        return 2;
    }
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString path = QString::fromLocal8Bit(argv[1]);

    MainWindow window;
    window.resize(1400, 900);
    double peakRss = anonRssMiB();
    QTimer sampler;
    QObject::connect(&sampler, &QTimer::timeout,
                     [&] { peakRss = std::max(peakRss, anonRssMiB()); });
    sampler.start(10);

    QElapsedTimer clock;
    clock.start();
    if (!window.openFile(path)) {
        std::fprintf(stderr, "bench_open: cannot open %s: %s\n", argv[1],
                     qPrintable(window.problemText()));
        return 2;
    }
    window.show();
    window.byteView()->viewport()->repaint();
    const double firstPaint = clock.nsecsElapsed() / 1e6;

    QElapsedTimer jump;
    jump.start();
    window.byteView()->moveCursor(window.document()->size() - 1);
    window.byteView()->viewport()->repaint();
    const double jumpToEnd = jump.nsecsElapsed() / 1e6;

    while (window.document()->scanning())
        app.processEvents(QEventLoop::AllEvents, 50);
    const double scanDone = clock.nsecsElapsed() / 1e9;
    peakRss = std::max(peakRss, anonRssMiB());

    std::printf("first_paint_ms %.1f\n", firstPaint);
    std::printf("jump_to_end_ms %.1f\n", jumpToEnd);
    std::printf("scan_done_s %.2f\n", scanDone);
    std::printf("peak_anon_rss_mib %.1f\n", peakRss);
    return 0;
}
