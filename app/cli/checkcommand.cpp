#include "cli/checkcommand.h"

#include "cli/argumentbytes.h"
#include "cli/textreport.h"
#include "io/sourceopener.h"
#include "scan/scanner.h"

#include <iostream>

int CheckCommand::run(const QStringList& arguments) {
    if (arguments.isEmpty()) {
        std::cerr << "mojiscope check: no file given (usage: mojiscope check FILE...)\n";
        return 2;
    }
    bool anyError = false;
    bool anyIllFormed = false;
    for (const QString& argument : arguments) {
        const std::string path = argumentbytes::bytesOf(argument);
        auto opened = moji::openSource(path);
        if (auto* error = std::get_if<std::string>(&opened)) {
            std::cerr << "mojiscope check: " << *error << "\n";
            anyError = true;
            continue;
        }
        const auto& source = *std::get<0>(opened);
        moji::ScanOptions options;
        options.stopAtFirstAnomaly = true;
        options.maxIndexedAnomalies = 1;
        options.maxIndexedNotices = 0;
        const moji::ScanResult result = moji::scanSource(source, options);
        if (result.status == moji::ScanResult::Status::SourceChanged) {
            std::cerr << "mojiscope check: " << textreport::sourceProblem(path, source) << "\n";
            anyError = true;
        } else if (!result.valid()) {
            const moji::Sequence& first = result.anomalies.at(0);
            std::cout << path << ": offset " << first.offset << ": "
                      << moji::sequenceKindId(first.kind) << "\n";
            anyIllFormed = true;
        }
    }
    std::cout.flush();
    return anyError ? 2 : anyIllFormed ? 1 : 0;
}
