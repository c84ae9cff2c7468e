#pragma once

#include <QStringList>

// `mojiscope explain HEX...`: the arguments are joined and read as hex bytes; each sequence or
// anomaly in them is shown with its bits and, in plain words, why it is or is not well-formed.
// Exit 0 when the bytes are well-formed, 1 when not, 2 when the hex cannot be read.
class ExplainCommand {
  public:
    static int run(const QStringList& arguments);
};
