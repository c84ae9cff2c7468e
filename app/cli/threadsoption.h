#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>

// `--threads N` of `scan` and `check`: scan with N threads (N >= 1) instead of one per core,
// for users who want to limit CPU use.
class ThreadsOption {
  public:
    [[nodiscard]] static QCommandLineOption option();

    // The thread count to scan with (0: one per core, when the option is absent), or nullopt
    // after printing `mojiscope COMMAND: ...` to standard error when N is not a whole number
    // of at least 1 (a usage error, exit 2).
    [[nodiscard]] static std::optional<unsigned> value(const QCommandLineParser& parser,
                                                       const char* command);
};
