// Repair: every policy and option on tables of cases, byte-exact agreement of `replace` with
// ICU, windows of any size, and the command line's report and safety promises.

#include "describe/inputparsing.h"
#include "repair/repairer.h"
#include "testfiles.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unicode/ucnv.h>

using testsupport::Bytes;

namespace {

class StringOutput : public moji::RepairOutput {
  public:
    bool write(std::string_view bytes) override {
        if (failAfter >= 0 && text.size() + bytes.size() > std::size_t(failAfter))
            return false;
        text.append(bytes);
        return true;
    }
    std::string text;
    long failAfter = -1;
};

std::string repair(const Bytes& input, const moji::RepairOptions& options,
                   std::uint64_t window = 16u << 20, std::string* error = nullptr) {
    StringOutput output;
    moji::Repairer repairer(options, output);
    repairer.setWindowSize(window);
    const std::string failure = repairer.run(input);
    if (error)
        *error = failure;
    return output.text;
}

Bytes hex(const char* text) {
    if (!*text)
        return {};
    return std::get<std::vector<std::uint8_t>>(moji::parseHexBytes(text));
}

QByteArray hexOf(const std::string& bytes) {
    return QByteArray::fromStdString(bytes).toHex(' ');
}

std::string icuReplace(const Bytes& bytes) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter* converter = ucnv_open("UTF-8", &status);
    std::u16string text(bytes.size() + 1, u'\0');
    const int32_t length =
        ucnv_toUChars(converter, text.data(), int32_t(text.size()),
                      reinterpret_cast<const char*>(bytes.data()), int32_t(bytes.size()), &status);
    std::string out(std::size_t(length) * 3 + 1, '\0');
    const int32_t written =
        ucnv_fromUChars(converter, out.data(), int32_t(out.size()), text.data(), length, &status);
    ucnv_close(converter);
    out.resize(std::size_t(written));
    return out;
}

struct Case {
    const char* name;
    const char* input;
    const char* policy;
    const char* options; // letters: j join, o overlong, b bom, n nfc
    const char* output;
};

// "61" = a, "7a" = z around each anomaly: start, middle and end positions are rows of their own.
constexpr Case kCases[] = {
    {"replace overlong", "61 c0 af 7a", "replace", "", "61 efbfbd efbfbd 7a"},
    {"drop overlong", "61 c0 af 7a", "drop", "", "61 7a"},
    {"escape overlong", "61 c0 af 7a", "escape", "", "61 5c7863 30 5c7861 66 7a"},
    {"latin1 overlong", "61 c0 af 7a", "latin1", "", "61 c380 c2af 7a"},
    {"cp1252 bytes 80 and 9f", "61 80 9f 7a", "cp1252", "", "61 e282ac c5b8 7a"},
    {"cp1252 undefined 81 8d 8f 90 9d", "81 8d 8f 90 9d", "cp1252", "", "c281 c28d c28f c290 c29d"},
    {"cp1252 windows line pasted in", "63 61 66 e9 20 93 71 93", "cp1252", "",
     "63 61 66 c3a9 20 e2809c 71 e2809c"},
    {"fix overlong", "61 c0 af 7a", "replace", "o", "61 2f 7a"},
    {"fix overlong 3-byte", "e0 80 af", "drop", "o", "2f"},
    {"fix overlong of a surrogate falls back", "f0 8d a0 80", "drop", "o", ""},
    {"surrogate at start", "ed a0 80 7a", "replace", "", "efbfbd efbfbd efbfbd 7a"},
    {"join surrogates", "61 ed a1 8c ed be b4 7a", "replace", "j", "61 f0a38eb4 7a"},
    {"lone surrogate not joined", "ed a0 80", "drop", "j", ""},
    {"pair without join", "ed a1 8c ed be b4", "drop", "", ""},
    {"out-of-range at end", "7a f4 90 80 80", "latin1", "", "7a c3b4 c290 c280 c280"},
    {"legacy-long", "f8 88 80 80 80", "drop", "", ""},
    {"invalid byte", "fe", "escape", "", "5c786665"},
    {"unexpected continuation", "80 81", "latin1", "", "c280 c281"},
    {"truncated middle", "61 e3 81 7a", "replace", "", "61 efbfbd 7a"},
    {"truncated at end", "61 e3 81", "escape", "", "61 5c786533 5c783831"},
    {"strip bom", "ef bb bf 61", "replace", "b", "61"},
    {"keep bom", "ef bb bf 61", "replace", "", "efbbbf 61"},
    {"bom only at the start", "61 ef bb bf", "replace", "b", "61 efbbbf"},
    {"nfc composes", "65 cc 81", "replace", "n", "c3a9"},
    {"nfc after repair", "65 cc 81 ff", "latin1", "n", "c3a9 c3bf"},
    {"well-formed untouched", "e3 81 82 f0 9f 98 80", "drop", "jobn", "e38182 f09f9880"},
};

} // namespace

class TestRepair : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        if (const std::string problem = testsupport::textCorpusProblem(); !problem.empty())
            QFAIL(problem.c_str());
    }

    void policiesAndOptions_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("policy");
        QTest::addColumn<QString>("options");
        QTest::addColumn<QByteArray>("expected");
        for (const Case& c : kCases)
            QTest::newRow(c.name)
                << QByteArray(c.input) << QString(c.policy) << QString(c.options)
                << QByteArray::fromHex(QByteArray(c.output).replace(' ', "")).toHex(' ');
    }

    void policiesAndOptions() {
        QFETCH(QByteArray, input);
        QFETCH(QString, policy);
        QFETCH(QString, options);
        QFETCH(QByteArray, expected);
        moji::RepairOptions repairOptions;
        repairOptions.policy = *moji::repairPolicyFromId(policy.toStdString());
        repairOptions.joinSurrogates = options.contains('j');
        repairOptions.fixOverlong = options.contains('o');
        repairOptions.stripBom = options.contains('b');
        repairOptions.nfc = options.contains('n');
        const Bytes bytes = hex(input.constData());
        for (std::uint64_t window : {std::uint64_t(1), std::uint64_t(2), std::uint64_t(16) << 20}) {
            std::string error;
            QCOMPARE(hexOf(repair(bytes, repairOptions, window, &error)), expected);
            QCOMPARE(QString::fromStdString(error), QString());
        }
    }

    void replaceMatchesIcuByteForByte() {
        std::mt19937_64 random(21);
        for (int i = 0; i < 400; ++i) {
            const Bytes bytes =
                i % 2 ? testsupport::randomUtf8ish(random, 1 + random() % 3000)
                      : testsupport::mutate(testsupport::textCorpus(), random, 1 + i % 60);
            const std::uint64_t window = 1 + random() % 5000;
            if (repair(bytes, {}, window) != icuReplace(bytes))
                QFAIL(qPrintable(QString("differs from ICU with a window of %1").arg(window)));
        }
    }

    void everyPolicyGivesWellFormedOutputWhateverTheWindow() {
        std::mt19937_64 random(5);
        const Bytes bytes = testsupport::randomUtf8ish(random, 20000);
        for (const char* policy : {"replace", "drop", "escape", "latin1", "cp1252"}) {
            moji::RepairOptions options;
            options.policy = *moji::repairPolicyFromId(policy);
            options.joinSurrogates = options.fixOverlong = true;
            const std::string whole = repair(bytes, options);
            for (std::uint64_t window : {7ull, 64ull, 1000ull})
                QCOMPARE(repair(bytes, options, window), whole);
            const Bytes out(whole.begin(), whole.end());
            for (const auto& unit : testsupport::decodeWhole(out))
                QCOMPARE(unit.kind, moji::SequenceKind::Valid);
        }
    }

    void changesAreReported() {
        StringOutput output;
        moji::Repairer repairer({}, output);
        std::vector<std::pair<std::uint64_t, std::string>> changes;
        repairer.setChangeCallback([&](const moji::RepairChange& change) {
            changes.emplace_back(change.offset, std::string(change.what));
        });
        QVERIFY(repairer.run(hex("61 c0 af 62 ff")).empty());
        QCOMPARE(changes.size(), std::size_t(2));
        QCOMPARE(changes[0].first, std::uint64_t(1));
        QCOMPARE(QString::fromStdString(changes[0].second), QString("overlong"));
        QCOMPARE(changes[1].first, std::uint64_t(4));
        QCOMPARE(repairer.summary().changes, std::uint64_t(2));
        QCOMPARE(repairer.summary().counts.byKind[int(moji::SequenceKind::InvalidByte)],
                 std::uint64_t(1));
    }

    void aWriteErrorIsReported() {
        StringOutput output;
        output.failAfter = 3;
        moji::Repairer repairer({}, output);
        QCOMPARE(QString::fromStdString(repairer.run(hex("61 62 63 64 ff"))),
                 QString("cannot write the output"));
    }

    // The command line, run as a user would.
    void commandLineReportAndOutput() {
        QTemporaryDir dir;
        const QString input = dir.filePath("in.txt");
        const QString output = dir.filePath("out.txt");
        const QString report = dir.filePath("report.json");
        testfiles::write(input, QByteArray::fromHex("efbbbf 61 c0af 62 eda18cedbeb4 ff"));
        const auto run = mojiscope({"repair", "--policy", "latin1", "--join-surrogates",
                                    "--strip-bom", "--report", report, "-o", output, input});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(testfiles::read(output).toHex(' '),
                 QByteArray("61 c3 80 c2 af 62 f0 a3 8e b4 c3 bf"));
        const QJsonObject json = QJsonDocument::fromJson(testfiles::read(report)).object();
        QCOMPARE(json["policy"].toString(), QString("latin1"));
        QCOMPARE(json["changes_total"].toInt(), 4);
        QCOMPARE(json["counts"].toObject()["overlong"].toInt(), 1);
        const QJsonArray changes = json["changes"].toArray();
        QCOMPARE(changes.size(), 4);
        QCOMPARE(changes[0].toObject()["kind"].toString(), QString("bom"));
        QCOMPARE(changes[1].toObject()["offset"].toInt(), 4);
        QCOMPARE(changes[1].toObject()["bytes"].toString(), QString("c0 af"));
        QCOMPARE(changes[1].toObject()["became"].toString(), QString("\u00c0\u00af"));
        QCOMPARE(changes[2].toObject()["became_bytes"].toString(), QString("f0 a3 8e b4"));
    }

    void commandLineToStandardOutput() {
        QTemporaryDir dir;
        const QString input = dir.filePath("in.txt");
        testfiles::write(input, QByteArray::fromHex("61 ff 62"));
        const auto run = mojiscope({"repair", "-o", "-", input});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QByteArray::fromHex("61 efbfbd 62"));
    }

    void refusesToOverwriteItsInput() {
        QTemporaryDir dir;
        const QString input = dir.filePath("in.txt");
        const QByteArray original = QByteArray::fromHex("61 ff 62");
        testfiles::write(input, original);
        auto run = mojiscope({"repair", "-o", input, input});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("refusing to write onto the input"));
        QCOMPARE(testfiles::read(input), original);
        run = mojiscope({"repair", "--in-place", input});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(testfiles::read(input), QByteArray::fromHex("61 efbfbd 62"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary left behind
    }

    // The output replaces an existing file keeping its permissions, and a symbolic link
    // keeps pointing at the file it names, which gets the output.
    void outputKeepsPermissionsAndLinks() {
        QTemporaryDir dir;
        const QString input = testfiles::write(dir, "in.txt", QByteArray::fromHex("61 ff"));
        const QString target = testfiles::write(dir, "target.txt", "old");
        QVERIFY(
            QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup));
        QVERIFY(QFile::link("target.txt", dir.filePath("link.txt")));
        QCOMPARE(mojiscope({"repair", "-o", dir.filePath("link.txt"), input}).exitCode, 0);
        QVERIFY(QFileInfo(dir.filePath("link.txt")).isSymLink());
        QCOMPARE(testfiles::read(target), QByteArray::fromHex("61 efbfbd"));
        const QFile::Permissions kept = QFile::permissions(target);
        QVERIFY((kept & QFile::ReadGroup) && !(kept & QFile::WriteGroup));
        QVERIFY(!(kept & QFile::ReadOther)); // not the 0644 a new file gets
        const QString fresh = dir.filePath("fresh.txt");
        QCOMPARE(mojiscope({"repair", "-o", fresh, input}).exitCode, 0);
        QVERIFY(QFile::permissions(fresh) & QFile::ReadOwner);
        QVERIFY(QFile::permissions(fresh) & QFile::WriteOwner);
    }

    void noPartialOutputOnAWriteError() {
        // A file size limit makes writes fail as on a full disk.
        QTemporaryDir dir;
        const QString input = dir.filePath("in.txt");
        const QString output = dir.filePath("out.txt");
        testfiles::write(input, QByteArray(1 << 20, 'a') + QByteArray::fromHex("ff"));
        QProcess process;
        process.start("prlimit", {"--fsize=65536", QStringLiteral(MOJISCOPE_BINARY), "repair", "-o",
                                  output, input});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("nothing was written"));
        QVERIFY(!QFile::exists(output));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"in.txt"});
    }

    void errorsExitWithTwo() {
        QTemporaryDir dir;
        const QString input = dir.filePath("in.txt");
        testfiles::write(input, "x");
        QCOMPARE(mojiscope({"repair", "-o", dir.filePath("gone/out.txt"), input}).exitCode, 2);
        QCOMPARE(mojiscope({"repair", "--policy", "bogus", "-o", "-", input}).exitCode, 2);
        QCOMPARE(mojiscope({"repair", input}).exitCode, 2);
        QCOMPARE(mojiscope({"repair", "-o", "-", dir.filePath("missing")}).exitCode, 2);
        QCOMPARE(mojiscope({"repair", "-o", "-", dir.path()}).exitCode, 2);
    }

  private:
    struct Run {
        int exitCode;
        QByteArray out, err;
    };
    static Run mojiscope(const QStringList& arguments) {
        QProcess process;
        process.start(QStringLiteral(MOJISCOPE_BINARY), arguments);
        process.closeWriteChannel();
        if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit)
            qFatal("mojiscope did not finish normally");
        return {process.exitCode(), process.readAllStandardOutput(),
                process.readAllStandardError()};
    }
};

QTEST_GUILESS_MAIN(TestRepair)
#include "tst_repair.moc"
