// End-to-end tests of the command line: output, JSON shape and exit codes, run as a user would.

#include "testfiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace {

struct Run {
    int exitCode;
    QByteArray out;
    QByteArray err;
};

Run mojiscope(const QStringList& arguments, const QByteArray& input = {}) {
    QProcess process;
    process.setProgram(QStringLiteral(MOJISCOPE_BINARY));
    process.setArguments(arguments);
    process.start();
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(60000))
        qFatal("mojiscope did not finish");
    if (process.exitStatus() != QProcess::NormalExit)
        qFatal("mojiscope crashed");
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
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
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            environment.remove(name);
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(MOJISCOPE_BINARY), {testfiles::write(mDir, "any.txt", "x")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("no display"));
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
