#pragma once

#include <QStringList>

// `mojiscope repair [--policy replace|drop|escape|latin1|cp1252] [--join-surrogates]
//  [--fix-overlong] [--strip-bom] [--nfc] [--report FILE.json] [--in-place] -o OUT FILE`
// Writes a well-formed UTF-8 copy of FILE to OUT (- for standard output) through a temporary
// file renamed into place only when complete and verified. Refuses to write onto FILE itself
// unless --in-place (which may stand for -o FILE). Exit 0 on success, 2 on any error.
class RepairCommand {
  public:
    static int run(const QStringList& arguments);
};
