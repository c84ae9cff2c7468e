#pragma once

#include <QStringList>

// `mojiscope encode CODEPOINT...` (U+3042, 3042, 0x3042 or the character itself): the UTF-8
// bytes of each and how its bits are laid out in them. Exit 0 when every value has a UTF-8
// form, 1 when one is a surrogate (its ill-formed pattern is shown), 2 on unreadable input.
class EncodeCommand {
  public:
    static int run(const QStringList& arguments);
};
