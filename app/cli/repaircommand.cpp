#include "cli/repaircommand.h"

#include "cli/argumentbytes.h"
#include "cli/atomicfile.h"
#include "cli/textreport.h"
#include "describe/textformat.h"
#include "io/platform.h"
#include "io/sourceopener.h"
#include "repair/repairer.h"

#include <QCommandLineParser>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>

namespace {

constexpr const char* kUsage =
    "usage: mojiscope repair [--policy replace|drop|escape|latin1|cp1252] [--join-surrogates] "
    "[--fix-overlong] [--strip-bom] [--nfc] [--report FILE.json] [--in-place] -o OUT FILE";

int fail(const std::string& message) {
    std::cerr << "mojiscope repair: " << message << "\n";
    return 2;
}

// Writes to a file descriptor (the temporary file of a QSaveFile, or standard output), and
// copies well-formed stretches of the input file in the kernel when both are files.
class DescriptorOutput : public moji::RepairOutput {
  public:
    DescriptorOutput(int output, int input) : mOutput(output), mInput(input) {}

    bool write(std::string_view bytes) override {
        while (!bytes.empty()) {
            const ssize_t written = ::write(mOutput, bytes.data(), bytes.size());
            if (written < 0 && errno == EINTR)
                continue;
            if (written <= 0) {
                mError = errno;
                return false;
            }
            bytes.remove_prefix(static_cast<std::size_t>(written));
            advance(static_cast<std::uint64_t>(written));
        }
        return true;
    }

    Copy copyFromInput(std::uint64_t offset, std::uint64_t length) override {
        if (mInput < 0 || !mKernelCopy)
            return Copy::Unsupported;
        auto from = static_cast<std::int64_t>(offset);
        while (length > 0) {
            const std::int64_t copied =
                moji::platform::copyFileRange(mInput, &from, mOutput, length);
            if (copied < 0 && errno == EINTR)
                continue;
            if (copied <= 0) {
                // Refused before writing anything: the repairer writes the bytes instead.
                if (from == static_cast<std::int64_t>(offset) &&
                    (errno == EXDEV || errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP ||
                     errno == EBADF)) {
                    mKernelCopy = false;
                    return Copy::Unsupported;
                }
                mError = copied < 0 ? errno : EIO;
                return Copy::Failed;
            }
            length -= static_cast<std::uint64_t>(copied);
            advance(static_cast<std::uint64_t>(copied));
        }
        return Copy::Done;
    }

    [[nodiscard]] std::string error() const { return std::strerror(mError); }

  private:
    // Starts writing each finished stretch to disk in the background, so that the final flush
    // of QSaveFile::commit() has little left to wait for. A hint: errors are ignored here and
    // surface at the flush.
    void advance(std::uint64_t bytes) {
        mWritten += bytes;
        if (mWritten - mFlushed < kWritebackStep)
            return;
        moji::platform::startWriteback(mOutput, mFlushed, mWritten - mFlushed);
        mFlushed = mWritten;
    }

    static constexpr std::uint64_t kWritebackStep = 8u << 20;
    int mOutput;
    int mInput;
    std::uint64_t mWritten = 0;
    std::uint64_t mFlushed = 0;
    bool mKernelCopy = true;
    int mError = 0;
};

// Streams the report: changes as they happen, then the totals.
class ReportWriter {
  public:
    explicit ReportWriter(AtomicFile* file) : mFile(file) {}

    void begin(const std::string& input, const std::string& output,
               const moji::RepairOptions& options) {
        put("{" + textreport::jsonPath("input", "input_file_bytes", input) + "," +
            textreport::jsonPath("output", "output_file_bytes", output) + ",\"policy\":\"" +
            std::string(moji::repairPolicyId(options.policy)) + "\",\"join_surrogates\":" +
            flag(options.joinSurrogates) + ",\"fix_overlong\":" + flag(options.fixOverlong) +
            ",\"strip_bom\":" + flag(options.stripBom) + ",\"nfc\":" + flag(options.nfc) +
            ",\"changes\":[");
    }

    void change(const moji::RepairChange& change) {
        put(std::string(mFirst ? "" : ",") + "{\"offset\":" + std::to_string(change.offset) +
            ",\"kind\":\"" + std::string(change.what) + "\",\"bytes\":\"" +
            moji::formatHexBytes(change.before, moji::HexCase::Lower) + "\",\"became\":" +
            textreport::jsonString(std::string(change.after)) + ",\"became_bytes\":\"" +
            moji::formatHexBytes(
                {reinterpret_cast<const std::uint8_t*>(change.after.data()), change.after.size()},
                moji::HexCase::Lower) +
            "\"}");
        mFirst = false;
    }

    void end(const moji::RepairSummary& summary) {
        std::string counts;
        for (int kind = 1; kind < moji::kSequenceKindCount; ++kind)
            counts += std::string(kind > 1 ? "," : "") + "\"" +
                      std::string(moji::kSequenceKindIds[kind]) +
                      "\":" + std::to_string(summary.counts.byKind[kind]);
        put("],\"counts\":{" + counts + "},\"changes_total\":" + std::to_string(summary.changes) +
            ",\"bom_stripped\":" + flag(summary.bomStripped) + ",\"nfc_changed\":" +
            flag(summary.nfcChanged) + ",\"input_bytes\":" + std::to_string(summary.inputBytes) +
            ",\"output_bytes\":" + std::to_string(summary.outputBytes) + "}\n");
    }

    [[nodiscard]] bool ok() const { return mOk; }

  private:
    static std::string flag(bool value) { return value ? "true" : "false"; }
    void put(const std::string& text) {
        if (mFile && mOk)
            mOk = mFile->write(text);
    }

    AtomicFile* mFile;
    bool mFirst = true;
    bool mOk = true;
};

} // namespace

int RepairCommand::run(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.addOption({"policy", "What anomalies become.", "POLICY", "replace"});
    parser.addOption({"join-surrogates", "Join CESU-8 surrogate pairs."});
    parser.addOption({"fix-overlong", "Replace overlong forms by their shortest form."});
    parser.addOption({"strip-bom", "Remove a BOM at the start."});
    parser.addOption({"nfc", "Normalize the output to NFC."});
    parser.addOption({"report", "Write a JSON report of every change.", "FILE"});
    parser.addOption({"in-place", "Allow the output to replace the input."});
    parser.addOption({{"o", "output"}, "Output file, or - for standard output.", "OUT"});
    if (!parser.parse(QStringList{"repair"} + arguments))
        return fail(parser.errorText().toStdString() + "\n" + kUsage);
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return fail(std::string("give exactly one input FILE\n") + kUsage);
    const std::string input = argumentbytes::bytesOf(files.first());
    std::string output = argumentbytes::bytesOf(parser.value("output"));
    const bool inPlace = parser.isSet("in-place");
    if (output.empty() && inPlace)
        output = input;
    if (output.empty())
        return fail(std::string("no output given (-o OUT, or - for standard output)\n") + kUsage);
    const std::string reportPath = argumentbytes::bytesOf(parser.value("report"));

    moji::RepairOptions options;
    const auto policy = moji::repairPolicyFromId(argumentbytes::bytesOf(parser.value("policy")));
    if (!policy)
        return fail("unknown policy \"" + argumentbytes::bytesOf(parser.value("policy")) +
                    "\" (replace, drop, escape, latin1, cp1252)");
    options.policy = *policy;
    options.joinSurrogates = parser.isSet("join-surrogates");
    options.fixOverlong = parser.isSet("fix-overlong");
    options.stripBom = parser.isSet("strip-bom");
    options.nfc = parser.isSet("nfc");

    const bool toStdout = output == "-";
    if (!toStdout && moji::sameFile(input, output) && !inPlace)
        return fail("refusing to write onto the input " + input +
                    " (give --in-place to replace it)");
    if (input == "-" && inPlace)
        return fail("--in-place needs a file, not standard input");

    auto opened = moji::openSource(input);
    if (auto* error = std::get_if<std::string>(&opened))
        return fail(*error);
    const auto& source = *std::get<0>(opened);

    // A write past a file size limit must fail like a full disk, not kill the process.
    std::signal(SIGXFSZ, SIG_IGN);
    AtomicFile saveFile(output);
    if (!toStdout && !saveFile.open())
        return fail(output + ": " + saveFile.error());
    AtomicFile reportFile(reportPath);
    ReportWriter report(parser.isSet("report") ? &reportFile : nullptr);
    if (parser.isSet("report") && !reportFile.open())
        return fail(reportPath + ": " + reportFile.error());

    // All output goes through the descriptor; the AtomicFile provides the temporary file and
    // the atomic rename.
    DescriptorOutput sink(toStdout ? STDOUT_FILENO : saveFile.descriptor(), source.descriptor());
    moji::Repairer repairer(options, sink);
    report.begin(input, output, options);
    if (parser.isSet("report"))
        repairer.setChangeCallback(
            [&](const moji::RepairChange& change) { report.change(change); });
    repairer.setPrepareCallback(
        [&](std::uint64_t offset, std::uint64_t length) { source.prepare(offset, length); });
    std::string error = repairer.run(source.bytes());
    if (error.empty() && source.readError())
        error = "I/O error reading " + input;
    else if (error.empty() && source.changed())
        error = input + " changed on disk while it was read";
    if (repairer.writeFailed())
        error = "cannot write " + output + ": " + sink.error();
    if (!error.empty()) {
        saveFile.cancel();
        reportFile.cancel();
        return fail(error + (toStdout ? "" : "; nothing was written"));
    }
    report.end(repairer.summary());
    if (!toStdout && !saveFile.commit())
        return fail("cannot write " + output + ": " + saveFile.error() + "; nothing was written");
    if (parser.isSet("report") && (!report.ok() || !reportFile.commit()))
        return fail("cannot write the report " + reportPath + ": " + reportFile.error());
    const auto& summary = repairer.summary();
    std::cerr << "mojiscope repair: " << summary.counts.anomalies() << " anomalies, "
              << summary.changes << " changes (policy " << moji::repairPolicyId(options.policy)
              << "); wrote " << summary.outputBytes << " bytes to "
              << (toStdout ? std::string("standard output") : output) << "\n";
    return 0;
}
