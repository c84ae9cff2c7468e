#include "cli/threadsoption.h"

#include <iostream>

QCommandLineOption ThreadsOption::option() {
    return {"threads", "Scan with N threads (N >= 1; default: one per core).", "N"};
}

std::optional<unsigned> ThreadsOption::value(const QCommandLineParser& parser,
                                             const char* command) {
    if (!parser.isSet("threads"))
        return 0u;
    const QString text = parser.value("threads");
    bool ok = false;
    const uint threads = text.toUInt(&ok);
    if (!ok || threads < 1) {
        std::cerr << "mojiscope " << command
                  << ": --threads needs a whole number of at least 1, not \"" << text.toStdString()
                  << "\"\n";
        return std::nullopt;
    }
    return threads;
}
