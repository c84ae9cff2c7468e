#include "cli/checkcommand.h"

#include "cli/argumentbytes.h"
#include "cli/textreport.h"
#include "cli/threadsoption.h"
#include "io/sourceopener.h"
#include "scan/scanner.h"

#include <QCommandLineParser>

#include <iostream>

int CheckCommand::run(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.addOption(ThreadsOption::option());
    parser.addPositionalArgument("FILE", "The files to check (- for standard input).");
    if (!parser.parse(QStringList{"check"} + arguments)) {
        std::cerr << "mojiscope check: " << parser.errorText().toStdString() << "\n";
        return 2;
    }
    const auto threads = ThreadsOption::value(parser, "check");
    if (!threads)
        return 2;
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        std::cerr << "mojiscope check: no file given (usage: mojiscope check [--threads N] "
                     "FILE...)\n";
        return 2;
    }
    bool anyError = false;
    bool anyIllFormed = false;
    for (const QString& argument : files) {
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
        options.threads = *threads;
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
