#pragma once

#include <QStringList>

// The headless front: `mojiscope SUBCOMMAND ...`. Runs on a QCoreApplication, never needs a
// display. Exit codes: 0 success (or: all input well-formed), 1 ill-formed input found,
// 2 usage or I/O error, with a one-line message on standard error.
class CommandLine {
  public:
    // True when `arguments` (without the program name) start with a subcommand or a global
    // option (--help, --version), i.e. when the GUI must not start.
    [[nodiscard]] static bool wants(const QStringList& arguments);

    static int run(const QStringList& arguments);
};
