// Opens a file in the real main window, offscreen, and prints on separate lines:
//   first_paint_ms         open + first paint of the byte view
//   jump_to_end_ms         moving the cursor to the last byte and painting there
//   scan_done_s            until the background scan of the whole file has finished
//   peak_anon_rss_mib      the largest anonymous resident memory seen (file pages not counted)
// and the worst event-loop stall (the longest gap between the ticks of a 5 ms timer, in ms)
// while the window does each of these, from the event loop as a user would; beside it, how much
// of that gap the GUI thread spent waiting for a CPU (on a loaded machine), and the most time it
// ran between two ticks (its own work); the goal is no stall over 50 ms:
//   stall_scanning_ms      opening the file until its scan has finished
//   stall_scrolling_ms     200 scroll steps spread over the whole file, 10 ms apart
//   stall_select_all_ms    Edit › Select All, until the selection's characters are counted
//   stall_find_missing_ms  Find of a pattern that is not in the file, until it reports
//   stall_repair_dialog_ms opening Save Repaired Copy (preview included) and closing it
// Not a test: run it by hand (see README). With --sparse GIB, a missing FILE is first created
// as a sparse file of GIB GiB with text and anomalies every 512 MiB and at the end.

#include "bytetableview.h"
#include "gui/mainwindow.h"
#include "model/document.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>
#include <QWidget>

#include <cstdio>
#include <functional>

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

bool makeSparse(const QString& path, qint64 gib) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !file.resize(gib << 30))
        return false;
    // Text with one anomaly of several kinds: overlong, FF, a truncated sequence.
    const QByteArray text =
        QByteArray("Mojiscope \xe2\x80\x94 \xe6\x96\x87\xe5\xad\x97\xe5\x8c\x96\xe3\x81\x91 "
                   "\xc0\xaf \xff \xe3\x81 text\n")
            .repeated(64);
    for (qint64 offset = 0; offset + text.size() <= file.size(); offset += qint64(512) << 20)
        if (!file.seek(offset) || file.write(text) != text.size())
            return false;
    return file.seek(file.size() - text.size()) && file.write(text) == text.size();
}

// The calling thread's time on a CPU and waiting for one, in ns (Linux schedstat).
struct ThreadTimes {
    qint64 running = 0;
    qint64 waiting = 0;
};
ThreadTimes threadTimes() {
    QFile file(QStringLiteral("/proc/thread-self/schedstat"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> fields = file.readAll().split(' ');
    if (fields.size() < 2)
        return {};
    return {fields[0].toLongLong(), fields[1].toLongLong()};
}

struct Stall {
    double wallMs = -1; // the longest gap between two ticks
    double busyMs = -1; // the most time the GUI thread ran between two ticks: the window's own
                        // work, not time other processes took the CPU from it
    double waitMs = -1; // in the longest gap, the time the GUI thread waited for a CPU
};

// The gaps between the ticks of a 5 ms timer while `action` (started from the event loop)
// runs, until `done` is true; -1 when `done` stays false for `timeoutMs`.
Stall worstStall(const std::function<void()>& action, const std::function<bool()>& done,
                 int timeoutMs = 120000) {
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed();
    ThreadTimes lastTimes = threadTimes();
    qint64 worst = 0;
    qint64 worstBusy = 0;
    qint64 worstWait = 0;
    const auto sample = [&] {
        const qint64 now = clock.nsecsElapsed();
        const ThreadTimes times = threadTimes();
        if (now - last > worst) {
            worst = now - last;
            worstWait = times.waiting - lastTimes.waiting;
        }
        worstBusy = std::max(worstBusy, times.running - lastTimes.running);
        last = now;
        lastTimes = times;
    };
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, sample);
    tick.start(5);
    QTimer::singleShot(0, action);
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return {};
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    }
    sample(); // the gap up to now counts too
    return {worst / 1e6, worstBusy / 1e6, worstWait / 1e6};
}

void printStall(const char* name, const Stall& stall, const char* note = "") {
    std::printf("%s %.1f (of which waiting for a CPU %.1f; GUI thread busy at most %.1f)%s\n", name,
                stall.wallMs, stall.waitMs, stall.busyMs, note);
}

} // namespace

int main(int argc, char* argv[]) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    qint64 sparseGib = 0;
    if (arguments.size() == 3 && arguments[0] == QLatin1String("--sparse")) {
        sparseGib = arguments[1].toLongLong();
        arguments = arguments.mid(2);
    }
    if (arguments.size() != 1) {
        std::fprintf(stderr, "usage: bench_open [--sparse GIB] FILE\n");
        return 2;
    }
    const QString path = arguments.first();
    if (sparseGib > 0 && !QFile::exists(path) && !makeSparse(path, sparseGib)) {
        std::fprintf(stderr, "bench_open: cannot create %s\n", qPrintable(path));
        return 2;
    }

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
        std::fprintf(stderr, "bench_open: cannot open %s: %s\n", qPrintable(path),
                     qPrintable(window.problemText()));
        return 2;
    }
    window.show();
    window.byteView()->viewport()->repaint();
    const double firstPaint = clock.nsecsElapsed() / 1e6;

    QElapsedTimer jump;
    jump.start();
    const std::uint64_t size = window.document()->size();
    window.byteView()->moveCursor(size - 1);
    window.byteView()->viewport()->repaint();
    const double jumpToEnd = jump.nsecsElapsed() / 1e6;

    const Stall stallScanning = worstStall([] {}, [&] { return !window.document()->scanning(); });
    const double scanDone = clock.nsecsElapsed() / 1e9;
    peakRss = std::max(peakRss, anonRssMiB());

    constexpr int kScrollSteps = 200;
    int scrolled = 0;
    const Stall stallScrolling = worstStall(
        [&] {
            for (int step = 0; step < kScrollSteps; ++step)
                QTimer::singleShot(step * 10, &window, [&, step] {
                    const std::uint64_t rows = size / 16;
                    window.byteView()->scrollToRow(rows / kScrollSteps * std::uint64_t(step));
                    ++scrolled;
                });
        },
        [&] { return scrolled == kScrollSteps; });

    bool counted = false;
    QObject::connect(&window, &MainWindow::selectionCounted, [&] { counted = true; });
    const Stall stallSelectAll = worstStall(
        [&] {
            for (QAction* action : window.findChildren<QAction*>())
                if (action->shortcut() == QKeySequence::SelectAll)
                    action->trigger();
        },
        [&] { return counted; });

    bool found = true;
    bool findDone = false;
    QObject::connect(&window, &MainWindow::findFinished, [&](bool hit) {
        found = hit;
        findDone = true;
    });
    window.byteView()->moveCursor(0);
    const Stall stallFind =
        worstStall([&] { window.find(QByteArray("\x01 no such bytes \x02"), true); },
                   [&] { return findDone; });

    bool dialogDone = false;
    const Stall stallRepair = worstStall(
        [&] {
            // Close the dialog once it is up and has drawn its preview.
            QTimer::singleShot(300, [] {
                if (QWidget* dialog = QApplication::activeModalWidget())
                    dialog->close();
            });
            window.showRepairDialog();
            dialogDone = true;
        },
        [&] { return dialogDone; });

    std::printf("first_paint_ms %.1f\n", firstPaint);
    std::printf("jump_to_end_ms %.1f\n", jumpToEnd);
    std::printf("scan_done_s %.2f\n", scanDone);
    std::printf("peak_anon_rss_mib %.1f\n", peakRss);
    printStall("stall_scanning_ms", stallScanning);
    printStall("stall_scrolling_ms", stallScrolling);
    printStall("stall_select_all_ms", stallSelectAll);
    printStall("stall_find_missing_ms", stallFind, found ? " (found!)" : "");
    printStall("stall_repair_dialog_ms", stallRepair);
    return 0;
}
