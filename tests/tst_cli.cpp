// End-to-end tests of the command line: output, JSON shape and exit codes, run as a user would.

#include "cli/argumentbytes.h"
#include "testfiles.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

struct Run {
    int exitCode;
    QByteArray out;
    QByteArray err;
};

// Runs the program with arguments and environment given as bytes. QProcess turns QString
// arguments into bytes with QFile::encodeName, which cannot produce a name that is not UTF-8, so
// the child execs the program itself with the exact bytes.
Run mojiscopeBytes(
    const QByteArrayList& arguments, const QByteArray& input = {},
    const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment()) {
    std::vector<std::string> storage = {MOJISCOPE_BINARY};
    for (const QByteArray& argument : arguments)
        storage.push_back(argument.toStdString());
    const std::size_t argumentCount = storage.size();
    for (const QString& variable : environment.toStringList())
        storage.push_back(QFile::encodeName(variable).toStdString());
    std::vector<char*> pointers;
    for (std::size_t i = 0; i < storage.size(); ++i) {
        if (i == argumentCount)
            pointers.push_back(nullptr);
        pointers.push_back(storage[i].data());
    }
    pointers.push_back(nullptr);
    char** argv = pointers.data();
    char** envp = pointers.data() + argumentCount + 1;
    QProcess process;
    process.setProgram(QStringLiteral(MOJISCOPE_BINARY));
    process.setChildProcessModifier([argv, envp] {
        execve(argv[0], argv, envp);
        _exit(127);
    });
    process.start();
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(60000))
        qFatal("mojiscope did not finish");
    if (process.exitStatus() != QProcess::NormalExit)
        qFatal("mojiscope crashed");
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

Run mojiscope(const QStringList& arguments, const QByteArray& input = {}) {
    QByteArrayList bytes;
    for (const QString& argument : arguments)
        bytes << argument.toUtf8();
    return mojiscopeBytes(bytes, input);
}

// Writes `bytes` to the file named by the bytes `path`.
void writeBytes(const QByteArray& path, const QByteArray& bytes) {
    std::FILE* file = std::fopen(path.constData(), "wb");
    if (!file ||
        std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), file) !=
            std::size_t(bytes.size()) ||
        std::fclose(file) != 0)
        qFatal("cannot write %s", path.constData());
}

QByteArray readBytes(const QByteArray& path) {
    std::FILE* file = std::fopen(path.constData(), "rb");
    if (!file)
        return {};
    QByteArray bytes;
    char buffer[4096];
    for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, file)) > 0;)
        bytes.append(buffer, qsizetype(got));
    std::fclose(file);
    return bytes;
}

bool exists(const QByteArray& path) {
    return access(path.constData(), F_OK) == 0;
}

// The window's environment: no display, so only the platform named decides.
QProcessEnvironment withoutDisplay() {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE"})
        environment.remove(name);
    return environment;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { QVERIFY(mDir.isValid()); }

    void checkValidFiles() {
        const QString a = testfiles::write(mDir, "a.txt", "A\xe2\x89\xa2\xce\x91.");
        const QString b = testfiles::write(mDir, "b.txt", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e");
        const Run run = mojiscope({"check", a, b});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QByteArray());
    }

    void checkReportsTheFirstAnomalyOfEachBadFile() {
        const QString good = testfiles::write(mDir, "good.txt", "ok\n");
        const QString bad = testfiles::write(mDir, "bad.txt", "ab\xc0\xaf cd \xff");
        const QString cesu = testfiles::write(mDir, "cesu.txt", "\xed\xa1\x8c\xed\xbe\xb4");
        const Run run = mojiscope({"check", good, bad, cesu});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(QString::fromUtf8(run.out),
                 bad + ": offset 2: overlong\n" + cesu + ": offset 0: surrogate-pair\n");
    }

    void checkErrors() {
        const QString good = testfiles::write(mDir, "good2.txt", "ok\n");
        const QString bad = testfiles::write(mDir, "bad2.txt", "\x80");
        Run run = mojiscope({"check", good, mDir.filePath("missing.txt"), bad});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("missing.txt: No such file or directory"));
        QVERIFY(run.out.contains("bad2.txt: offset 0: unexpected-continuation"));
        run = mojiscope({"check", mDir.path()});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("is a directory"));
        run = mojiscope({"check"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("no file given"));
    }

    void checkUnreadableFile() {
        QString path = "/proc/self/mem"; // unreadable even for root
        if (geteuid() != 0) {
            path = testfiles::write(mDir, "secret.txt", "x");
            QFile::setPermissions(path, QFileDevice::Permissions());
        }
        const Run run = mojiscope({"check", path});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(!run.err.isEmpty());
    }

    void checkEmptyFileIsValid() {
        QCOMPARE(mojiscope({"check", testfiles::write(mDir, "empty.txt", {})}).exitCode, 0);
    }

    void checkStandardInput() {
        QCOMPARE(mojiscope({"check", "-"}, "caf\xc3\xa9").exitCode, 0);
        const Run run = mojiscope({"check", "-"}, "caf\xe9");
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QByteArray("-: offset 3: truncated\n"));
    }

    void scanJsonShape() {
        // BOM, a, C0 AF, CESU-8 pair, 6-byte form, あ, NUL, truncated E3 81.
        const QString path = testfiles::write(
            mDir, "scan.txt",
            QByteArray::fromHex("efbbbf 61 c0af eda18cedbeb4 fdbfbfbfbfbf e38182 00 e381"));
        const Run run = mojiscope({"scan", "--json", path});
        QCOMPARE(run.exitCode, 1);
        QJsonParseError error;
        const QJsonObject json = QJsonDocument::fromJson(run.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(json["file"].toString(), path);
        QCOMPARE(json["size"].toInt(), 24);
        QCOMPARE(json["valid"].toBool(), false);
        const QJsonObject counts = json["counts"].toObject();
        QCOMPARE(counts.keys().size(), 8);
        QCOMPARE(counts["overlong"].toInt(), 1);
        QCOMPARE(counts["surrogate-pair"].toInt(), 1);
        QCOMPARE(counts["legacy-long"].toInt(), 1);
        QCOMPARE(counts["truncated"].toInt(), 1);
        QCOMPARE(counts["invalid-byte"].toInt(), 0);
        const QJsonObject sequences = json["sequences"].toObject();
        QCOMPARE(sequences["1"].toInt(), 2);
        QCOMPARE(sequences["3"].toInt(), 2);
        QCOMPARE(sequences["4"].toInt(), 0);
        const QJsonArray anomalies = json["anomalies"].toArray();
        QCOMPARE(anomalies.size(), 4);
        const QJsonObject overlong = anomalies[0].toObject();
        QCOMPARE(overlong["offset"].toInt(), 4);
        QCOMPARE(overlong["length"].toInt(), 2);
        QCOMPARE(overlong["kind"].toString(), QString("overlong"));
        QCOMPARE(overlong["bytes"].toString(), QString("c0 af"));
        QCOMPARE(overlong["replacements"].toInt(), 2);
        QCOMPARE(overlong["value"].toString(), QString("U+002F"));
        QCOMPARE(anomalies[1].toObject()["value"].toString(), QString("U+233B4"));
        QCOMPARE(anomalies[2].toObject()["value"].toString(), QString("U+7FFFFFFF"));
        const QJsonObject truncated = anomalies[3].toObject();
        QCOMPARE(truncated["kind"].toString(), QString("truncated"));
        QVERIFY(!truncated.contains("value"));
        const QJsonArray notices = json["notices"].toArray();
        QCOMPARE(notices.size(), 2);
        QCOMPARE(notices[0].toObject()["kind"].toString(), QString("bom"));
        QCOMPARE(notices[0].toObject()["value"].toString(), QString("U+FEFF"));
        QCOMPARE(notices[1].toObject()["kind"].toString(), QString("nul"));
    }

    void scanJsonOfValidFileAndLimit() {
        const QString valid = testfiles::write(mDir, "valid.txt", "plain\n");
        Run run = mojiscope({"scan", "--json", valid});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(run.out).object()["valid"].toBool(), true);
        const QString many = testfiles::write(mDir, "many.txt", QByteArray(40, '\xff'));
        run = mojiscope({"scan", "--json", "--limit", "3", many});
        QCOMPARE(run.exitCode, 1);
        const QJsonObject json = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(json["anomalies"].toArray().size(), 3);
        QCOMPARE(json["anomalies_unlisted"].toInt(), 37);
        QCOMPARE(json["counts"].toObject()["invalid-byte"].toInt(), 40);
    }

    void scanLongBytesListsTheFirst16() {
        const QString path = testfiles::write(mDir, "run.txt", QByteArray(20, '\x80'));
        const QJsonObject json =
            QJsonDocument::fromJson(mojiscope({"scan", "--json", path}).out).object();
        const QJsonObject run = json["anomalies"].toArray()[0].toObject();
        QCOMPARE(run["length"].toInt(), 20);
        QCOMPARE(run["bytes"].toString().split(' ').size(), 16);
    }

    void scanText() {
        const QString path = testfiles::write(mDir, "text.txt", "x\xe0\x80\xaf");
        const Run run = mojiscope({"scan", path});
        QCOMPARE(run.exitCode, 1);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY(out.contains("NOT well-formed UTF-8: 1 anomalies"));
        QVERIFY(out.contains("overlong"));
        QVERIFY(
            out.contains("E0 must be followed by A0\u2013BF; this is the 3-byte form of U+002F, "
                         "which has a 1-byte form"));
    }

    void scanErrors() {
        QCOMPARE(mojiscope({"scan"}).exitCode, 2);
        QCOMPARE(mojiscope({"scan", "--limit", "x", "f"}).exitCode, 2);
        QCOMPARE(mojiscope({"scan", "--bogus", "f"}).exitCode, 2);
        const Run run = mojiscope({"scan", "--json", mDir.filePath("nope")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("nope"));
        QVERIFY(run.out.isEmpty());
        const Run empty = mojiscope({"scan", testfiles::write(mDir, "empty2.txt", {})});
        QCOMPARE(empty.exitCode, 0);
        QVERIFY(empty.out.contains("empty"));
    }

    void explain() {
        Run run = mojiscope({"explain", "e3", "81", "82"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("U+3042"));
        QVERIFY(run.out.contains("HIRAGANA LETTER A"));
        QVERIFY(run.out.contains("1110 0011"));
        run = mojiscope({"explain", "c0af"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.out.contains("overlong"));
        QVERIFY(run.out.contains("U+002F"));
        QVERIFY(run.out.contains("2 U+FFFD"));
        run = mojiscope({"explain", "zz"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("not a hex digit"));
        QCOMPARE(mojiscope({"explain"}).exitCode, 2);
    }

    void encode() {
        for (const QString& form : {QString("U+3042"), QString("3042"), QString("あ")}) {
            const Run run = mojiscope({"encode", form});
            QCOMPARE(run.exitCode, 0);
            QVERIFY(run.out.contains("UTF-8: e3 81 82"));
            QVERIFY(run.out.contains("payload bits 0011 000001 000010"));
        }
        const Run surrogate = mojiscope({"encode", "U+D800"});
        QCOMPARE(surrogate.exitCode, 1);
        QVERIFY(surrogate.out.contains("surrogate"));
        QCOMPARE(mojiscope({"encode", "U+110000"}).exitCode, 2);
        QCOMPARE(mojiscope({"encode"}).exitCode, 2);
    }

    void windowWithoutADisplayIsAClearError() {
        QProcess process;
        process.setProcessEnvironment(withoutDisplay());
        process.start(QStringLiteral(MOJISCOPE_BINARY), {testfiles::write(mDir, "any.txt", "x")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("no display"));
    }

    // X11 named explicitly without a display: a clear message, not Qt aborting the process.
    void xcbWithoutADisplayIsAClearError() {
        QProcessEnvironment environment = withoutDisplay();
        environment.insert("QT_QPA_PLATFORM", "xcb");
        const Run run =
            mojiscopeBytes({testfiles::write(mDir, "any2.txt", "x").toUtf8()}, {}, environment);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("no display"));
    }

    // The headless command line never loads QtWidgets (nor QtGui); the dynamic loader's own
    // log says what was loaded.
    void checkDoesNotLoadQtWidgets() {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove("LD_DEBUG_OUTPUT");
        environment.insert("LD_DEBUG", "libs");
        const QByteArray file = testfiles::write(mDir, "headless.txt", "ok").toUtf8();
        const Run run = mojiscopeBytes({"check", file}, {}, environment);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("calling init:") && run.err.contains("libQt6Core.so"),
                 "LD_DEBUG=libs printed no loader log (is this glibc?)");
        QVERIFY2(!run.err.contains("libQt6Widgets"), "mojiscope check loaded QtWidgets");
        QVERIFY2(!run.err.contains("libQt6Gui"), "mojiscope check loaded QtGui");
        QVERIFY(!run.err.contains("mojiscope-gui"));
    }

    // `mojiscope FILE` gets to the window: the GUI module is loaded and starts a QApplication on
    // the platform named, here with -platform overriding an X11 environment that has no display.
    void windowStartsThroughTheGuiModule() {
#if !defined(MOJISCOPE_GUI_MODULE)
        QSKIP("built without the window (MOJISCOPE_GUI=OFF)");
#endif
        QProcessEnvironment environment = withoutDisplay();
        environment.insert("QT_QPA_PLATFORM", "xcb");
        environment.remove("LD_DEBUG_OUTPUT");
        environment.insert("LD_DEBUG", "libs");
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(MOJISCOPE_BINARY),
                      {"-platform", "offscreen", testfiles::write(mDir, "shown.txt", "ok")});
        QByteArray log;
        QDeadlineTimer deadline(30000);
        while (!log.contains("platforms/libqoffscreen.so") && !deadline.hasExpired() &&
               process.state() != QProcess::NotRunning) {
            process.waitForReadyRead(1000);
            log += process.readAllStandardError();
        }
        const bool running = process.state() == QProcess::Running;
        process.kill();
        process.waitForFinished(10000);
        QVERIFY2(running, log.right(2000).constData());
        QVERIFY(log.contains("calling init: ") && log.contains("mojiscope-gui.so"));
        QVERIFY(log.contains("libQt6Widgets"));
        QVERIFY(log.contains("platforms/libqoffscreen.so"));
    }

    // The program without its GUI module next to it (nor in its library directory) still runs
    // the command line, and says so clearly when a window is wanted.
    void windowWithoutTheGuiModuleIsAClearError() {
        const QString copy = mDir.filePath("alone/mojiscope");
        QVERIFY(QDir().mkpath(mDir.filePath("alone")));
        QVERIFY(QFile::copy(QStringLiteral(MOJISCOPE_BINARY), copy));
        const QString file = testfiles::write(mDir, "alone.txt", "ok");
        QProcess process;
        QProcessEnvironment environment = withoutDisplay();
        environment.insert("QT_QPA_PLATFORM", "offscreen");
        process.setProcessEnvironment(environment);
        process.start(copy, {"check", file});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        process.start(copy, {file});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("the window is not installed"));
    }

    // The lossless argument decoding gives back every byte string exactly, and well-formed
    // UTF-8 decodes to itself.
    void argumentBytesRoundTrip() {
        const std::string cases[] = {
            "",
            "plain",
            "caf\xc3\xa9",
            "caf\xe9",
            "x\xe6\x97",
            "\xed\xb2\x80",
            "\xf0\x9f\x98\x80\xe9\xf0\x9f\x98\x80",
            "\xf0\x9f\x98",
            "\xff\xfe\x80\xc0\xaf",
        };
        for (const std::string& bytes : cases)
            QCOMPARE(argumentbytes::bytesOf(argumentbytes::decode(bytes)), bytes);
        QCOMPARE(argumentbytes::decode("caf\xc3\xa9 \xf0\x9f\x98\x80"),
                 QString::fromUtf8("caf\xc3\xa9 \xf0\x9f\x98\x80"));
        std::mt19937 random(8);
        for (int round = 0; round < 20000; ++round) {
            std::string bytes(random() % 12, '\0');
            for (char& byte : bytes) // no NUL: arguments cannot hold one
                byte = static_cast<char>(1 + random() % 255);
            QCOMPARE(argumentbytes::bytesOf(argumentbytes::decode(bytes)), bytes);
        }
    }

    // Arguments that are not file names keep their bytes too: no '?' or U+FFFD stands in.
    void argumentsThatAreNotUtf8() {
        Run run = mojiscopeBytes({"encode", "\xe9"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("\"\xe9\" is neither a code point nor valid UTF-8"));
        QVERIFY(!run.out.contains("U+003F"));
        run = mojiscopeBytes({"scan", "--limit", "\xe9", "x"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("not \"\xe9\""));
    }

    // File names are bytes: a name that is not UTF-8 (Latin-1 é; a 3-byte sequence cut short)
    // works in every command, and JSON names it with \ufffd plus the exact bytes in hex.
    void namesThatAreNotUtf8_data() {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QString>("shown");
        QTest::newRow("latin-1 e-acute") << QByteArray("caf\xe9.txt") << u"caf\uFFFD.txt"_s;
        QTest::newRow("truncated 3-byte sequence")
            << QByteArray("x\xe6\x97.txt") << u"x\uFFFD.txt"_s;
    }

    void namesThatAreNotUtf8() {
        QFETCH(QByteArray, name);
        QFETCH(QString, shown);
        const QByteArray directory = QFile::encodeName(mDir.path()) + "/";
        const QByteArray good = directory + "good-" + name;
        const QByteArray bad = directory + name;
        writeBytes(good, "caf\xc3\xa9");
        writeBytes(bad, "ab\xff");

        Run run = mojiscopeBytes({"check", good});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err, QByteArray());
        run = mojiscopeBytes({"check", bad});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, bad + ": offset 2: invalid-byte\n");

        run = mojiscopeBytes({"scan", bad});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.out.startsWith(bad + ": 3 bytes, NOT well-formed"));

        run = mojiscopeBytes({"scan", "--json", bad});
        QCOMPARE(run.exitCode, 1);
        QJsonParseError error;
        QJsonObject json = QJsonDocument::fromJson(run.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(json["file"].toString(), mDir.path() + "/" + shown);
        QCOMPARE(QByteArray::fromHex(json["file_bytes"].toString().toLatin1()), bad);
        QCOMPARE(json["size"].toInt(), 3);
        const QByteArray plain = directory + "plain-" + name.toHex() + ".txt";
        writeBytes(plain, "x");
        json = QJsonDocument::fromJson(mojiscopeBytes({"scan", "--json", plain}).out).object();
        QVERIFY(json.contains("file") && !json.contains("file_bytes"));

        const QByteArray output = directory + "out-" + name;
        const QByteArray report = directory + "report-" + name + ".json";
        run = mojiscopeBytes({"repair", "--report", report, "-o", output, bad});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.err.contains("wrote 5 bytes to " + output));
        QCOMPARE(readBytes(output), QByteArray("ab\xef\xbf\xbd"));
        json = QJsonDocument::fromJson(readBytes(report), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(json["input"].toString(), mDir.path() + "/" + shown);
        QCOMPARE(QByteArray::fromHex(json["input_file_bytes"].toString().toLatin1()), bad);
        QCOMPARE(QByteArray::fromHex(json["output_file_bytes"].toString().toLatin1()), output);
        QCOMPARE(json["changes_total"].toInt(), 1);

        run = mojiscopeBytes({"repair", "-o", bad, bad});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("refusing to write onto the input " + bad));
        run = mojiscopeBytes({"repair", "--in-place", bad});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(readBytes(bad), QByteArray("ab\xef\xbf\xbd"));
        QDir dir(mDir.path());
        for (const QString& entry : dir.entryList(QDir::Files))
            QVERIFY2(!entry.contains(QRegularExpression("\\.(txt|json)\\.[A-Za-z0-9]{6}$")),
                     qPrintable(entry));              // no temporary file left behind
        QVERIFY(!exists(directory + shown.toUtf8())); // nothing written under a lossy name
    }

    // --threads N limits the scanning threads; the results do not depend on it.
    void threadsOption() {
        QByteArray bytes;
        for (int i = 0; i < 20000; ++i)
            bytes += i % 97 != 96 ? QByteArray("caf\xc3\xa9 ") : QByteArray("\xc0\xaf\x80 ");
        const QString bad = testfiles::write(mDir, "threads.txt", bytes);
        const QString good = testfiles::write(mDir, "threads-good.txt", "caf\xc3\xa9");
        const Run whole = mojiscope({"scan", "--json", bad});
        QCOMPARE(whole.exitCode, 1);
        for (const char* threads : {"1", "3"}) {
            const Run run = mojiscope({"scan", "--json", "--threads", threads, bad});
            QCOMPARE(run.exitCode, 1);
            QCOMPARE(run.out, whole.out);
            const Run check =
                mojiscope({"check", QStringLiteral("--threads=%1").arg(threads), good, bad});
            QCOMPARE(check.exitCode, 1);
            QCOMPARE(check.out, (bad + ": offset 576: overlong\n").toUtf8());
        }
        QCOMPARE(mojiscope({"check", "--threads", "2", "-"}, "caf\xc3\xa9").exitCode, 0);
        for (const char* command : {"scan", "check"}) {
            for (const char* threads : {"0", "-1", "two", "", "1.5"}) {
                const Run run = mojiscope({command, "--threads", threads, good});
                QCOMPARE(run.exitCode, 2);
                QVERIFY2(run.err.contains("--threads needs a whole number of at least 1"),
                         run.err.constData());
                QVERIFY(run.out.isEmpty());
            }
        }
    }

    void help() {
        const Run run = mojiscope({"--help"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("mojiscope check [--threads N] FILE"));
        QVERIFY(run.out.contains("mojiscope scan [--json] [--limit N] [--threads N] FILE"));
    }

  private:
    QTemporaryDir mDir;
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
