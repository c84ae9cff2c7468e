#pragma once

#include <QStringList>

// `mojiscope check [--threads N] FILE...`: one line `FILE: offset N: KIND` per ill-formed file,
// naming its first anomaly. Exit 0 when all are well-formed, 1 when any is not, 2 when any cannot
// be read (the others are still checked).
class CheckCommand {
  public:
    static int run(const QStringList& arguments);
};
