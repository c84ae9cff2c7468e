#include "cli/scancommand.h"

#include "cli/argumentbytes.h"
#include "cli/textreport.h"
#include "cli/threadsoption.h"
#include "describe/explanation.h"
#include "describe/textformat.h"
#include "io/sourceopener.h"
#include "scan/scanner.h"

#include <QCommandLineParser>

#include <cstdio>
#include <iostream>

namespace {

constexpr std::uint64_t kDefaultTextLimit = 100;

std::span<const std::uint8_t> bytesOf(const moji::ByteSource& source, std::uint64_t offset,
                                      std::uint64_t length) {
    const auto all = source.bytes();
    return all.subspan(offset, std::min<std::uint64_t>(length, all.size() - offset));
}

std::string paddedOffset(std::uint64_t offset) {
    char text[32];
    std::snprintf(text, sizeof text, "%12llu", static_cast<unsigned long long>(offset));
    return text;
}

void writeJson(const moji::ByteSource& source, const std::string& path,
               const moji::ScanResult& result, std::uint64_t limit) {
    std::ostream& out = std::cout;
    const moji::ScanCounts& counts = result.counts;
    out << "{" << textreport::jsonPath("file", "file_bytes", path) << ",\"size\":" << result.size
        << ",\"valid\":" << (result.valid() ? "true" : "false") << ",\"counts\":{";
    for (int kind = 1; kind < moji::kSequenceKindCount; ++kind) {
        out << (kind > 1 ? "," : "") << '"' << moji::kSequenceKindIds[kind]
            << "\":" << counts.byKind[kind];
    }
    out << "},\"sequences\":{";
    for (int length = 1; length <= 4; ++length)
        out << (length > 1 ? "," : "") << '"' << length
            << "\":" << counts.sequencesByLength[length];
    out << "},\"replacements\":" << counts.replacements << ",\"anomalies\":[";
    const std::uint64_t anomalies = std::min(limit, result.anomalies.size());
    for (std::uint64_t i = 0; i < anomalies; ++i) {
        const moji::Sequence& a = result.anomalies.at(i);
        out << (i > 0 ? "," : "") << "{\"offset\":" << a.offset << ",\"length\":" << a.length
            << ",\"kind\":\"" << moji::sequenceKindId(a.kind) << "\",\"bytes\":\""
            << moji::formatHexBytes(bytesOf(source, a.offset, a.length), moji::HexCase::Lower, 16)
            << "\",\"replacements\":" << a.replacements;
        if (moji::kindHasValue(a.kind))
            out << ",\"value\":\"" << moji::formatCodePoint(a.value) << '"';
        out << '}';
    }
    out << "],\"anomalies_unlisted\":" << counts.anomalies() - anomalies << ",\"notices\":[";
    const std::uint64_t notices = std::min(limit, result.notices.size());
    for (std::uint64_t i = 0; i < notices; ++i) {
        const moji::Notice& n = result.notices.at(i);
        out << (i > 0 ? "," : "") << "{\"offset\":" << n.offset << ",\"length\":" << n.length
            << ",\"kind\":\"" << moji::noticeKindId(n.kind) << "\",\"value\":\""
            << moji::formatCodePoint(n.codePoint) << "\"}";
    }
    out << "],\"notices_unlisted\":" << counts.noticeTotal() - notices << "}\n";
}

void writeText(const moji::ByteSource& source, const std::string& path,
               const moji::ScanResult& result, std::uint64_t limit) {
    std::ostream& out = std::cout;
    const moji::ScanCounts& counts = result.counts;
    out << path << ": " << result.size << " bytes, ";
    if (result.size == 0)
        out << "empty (well-formed UTF-8)\n";
    else if (result.valid())
        out << "well-formed UTF-8\n";
    else
        out << "NOT well-formed UTF-8: " << counts.anomalies() << " anomalies, "
            << counts.replacements << " U+FFFD under the standard replacement\n";
    out << "sequences: 1-byte " << counts.sequencesByLength[1] << ", 2-byte "
        << counts.sequencesByLength[2] << ", 3-byte " << counts.sequencesByLength[3] << ", 4-byte "
        << counts.sequencesByLength[4] << "\n";
    for (int kind = 1; kind < moji::kSequenceKindCount; ++kind) {
        if (counts.byKind[kind] > 0)
            out << "  " << moji::kSequenceKindIds[kind] << ": " << counts.byKind[kind] << "\n";
    }
    for (int kind = 0; kind < moji::kNoticeKindCount; ++kind) {
        if (counts.notices[kind] > 0)
            out << "  notice " << moji::kNoticeKindIds[kind] << ": " << counts.notices[kind]
                << "\n";
    }
    const std::uint64_t anomalies = std::min(limit, result.anomalies.size());
    if (anomalies > 0)
        out << "\n      offset  kind                     bytes\n";
    for (std::uint64_t i = 0; i < anomalies; ++i) {
        const moji::Sequence& a = result.anomalies.at(i);
        const auto bytes = bytesOf(source, a.offset, a.length);
        std::string kind(moji::sequenceKindId(a.kind));
        kind.resize(24, ' ');
        out << paddedOffset(a.offset) << "  " << kind << " "
            << moji::formatHexBytes(bytes, moji::HexCase::Lower, 16)
            << (bytes.size() > 16 ? " ..." : "");
        if (moji::kindHasValue(a.kind))
            out << "  (" << moji::formatCodePoint(a.value) << ")";
        out << "\n" << std::string(14, ' ') << moji::explainSequence(a, source.bytes()) << "\n";
    }
    if (counts.anomalies() > anomalies)
        out << "(" << counts.anomalies() - anomalies << " more anomalies not listed)\n";
    const std::uint64_t notices = std::min(limit, result.notices.size());
    if (notices > 0)
        out << "\n      offset  notice\n";
    for (std::uint64_t i = 0; i < notices; ++i) {
        const moji::Notice& n = result.notices.at(i);
        out << paddedOffset(n.offset) << "  " << moji::noticeKindId(n.kind) << " "
            << moji::formatCodePoint(n.codePoint) << "\n";
    }
    if (counts.noticeTotal() > notices)
        out << "(" << counts.noticeTotal() - notices << " more notices not listed)\n";
}

} // namespace

int ScanCommand::run(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.addOption({"json", "Write one JSON object."});
    parser.addOption({"limit", "List at most N anomalies and N notices.", "N"});
    parser.addOption(ThreadsOption::option());
    parser.addPositionalArgument("FILE", "The file to scan (- for standard input).");
    if (!parser.parse(QStringList{"scan"} + arguments)) {
        std::cerr << "mojiscope scan: " << parser.errorText().toStdString() << "\n";
        return 2;
    }
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1) {
        std::cerr << "mojiscope scan: give exactly one FILE (usage: mojiscope scan [--json] "
                     "[--limit N] [--threads N] FILE)\n";
        return 2;
    }
    const bool json = parser.isSet("json");
    std::uint64_t limit = json ? UINT64_MAX : kDefaultTextLimit;
    if (parser.isSet("limit")) {
        bool ok = false;
        limit = parser.value("limit").toULongLong(&ok);
        if (!ok) {
            std::cerr << "mojiscope scan: --limit needs a whole number, not \""
                      << argumentbytes::bytesOf(parser.value("limit")) << "\"\n";
            return 2;
        }
    }
    const auto threads = ThreadsOption::value(parser, "scan");
    if (!threads)
        return 2;
    const std::string path = argumentbytes::bytesOf(files.first());
    auto opened = moji::openSource(path);
    if (auto* error = std::get_if<std::string>(&opened)) {
        std::cerr << "mojiscope scan: " << *error << "\n";
        return 2;
    }
    const auto& source = *std::get<0>(opened);
    moji::ScanOptions options;
    options.threads = *threads;
    const moji::ScanResult result = moji::scanSource(source, options);
    if (result.status == moji::ScanResult::Status::SourceChanged) {
        std::cerr << "mojiscope scan: " << textreport::sourceProblem(path, source) << "\n";
        return 2;
    }
    if (json)
        writeJson(source, path, result, limit);
    else
        writeText(source, path, result, limit);
    std::cout.flush();
    return result.valid() ? 0 : 1;
}
