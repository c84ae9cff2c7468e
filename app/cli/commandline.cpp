#include "cli/commandline.h"

#include "cli/checkcommand.h"
#include "cli/encodecommand.h"
#include "cli/explaincommand.h"
#include "cli/repaircommand.h"
#include "cli/scancommand.h"

#include <QCoreApplication>

#include <iostream>

namespace {

const char* const kUsage =
    "usage: mojiscope [FILE]                 open the inspector window\n"
    "       mojiscope check [--threads N] FILE...\n"
    "                                        exit 0 if every file is well-formed UTF-8\n"
    "       mojiscope scan [--json] [--limit N] [--threads N] FILE\n"
    "                                        report every anomaly and notice\n"
    "       mojiscope explain HEX...         explain bytes, e.g. 'e3 81 82' or c0af\n"
    "       mojiscope encode CODEPOINT...    UTF-8 bytes and bit layout, e.g. U+3042 or あ\n"
    "       mojiscope repair [--policy replace|drop|escape|latin1|cp1252] [--join-surrogates]\n"
    "                        [--fix-overlong] [--strip-bom] [--nfc] [--report FILE.json]\n"
    "                        [--in-place] -o OUT FILE\n"
    "                                        write a well-formed UTF-8 copy\n"
    "FILE may be - for standard input. --threads N scans with N threads (default: one per\n"
    "core). Exit status: 0 valid (or done), 1 ill-formed, 2 error.\n";

} // namespace

bool CommandLine::wants(const QStringList& arguments) {
    if (arguments.isEmpty())
        return false;
    const QString& first = arguments.first();
    return first == "check" || first == "scan" || first == "explain" || first == "encode" ||
           first == "repair" || first == "--help" || first == "-h" || first == "help" ||
           first == "--version";
}

int CommandLine::run(const QStringList& arguments) {
    std::ios::sync_with_stdio(false);
    const QString command = arguments.value(0);
    const QStringList rest = arguments.mid(1);
    if (command == "check")
        return CheckCommand::run(rest);
    if (command == "scan")
        return ScanCommand::run(rest);
    if (command == "explain")
        return ExplainCommand::run(rest);
    if (command == "encode")
        return EncodeCommand::run(rest);
    if (command == "repair")
        return RepairCommand::run(rest);
    if (command == "--version") {
        std::cout << "mojiscope " << QCoreApplication::applicationVersion().toStdString() << "\n";
        return 0;
    }
    std::cout << kUsage;
    return 0;
}
