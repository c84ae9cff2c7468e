// Byte sources: mapped files, read-in fallbacks, refusals, a file changed while open, and a
// sparse file over 4 GiB, text first, scanned with 64-bit offsets.

#include "io/mappedfilesource.h"
#include "io/mappingguard.h"
#include "io/sourceopener.h"
#include "scan/scanner.h"
#include "testfiles.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

std::string errorOf(const moji::OpenResult& result) {
    const auto* error = std::get_if<std::string>(&result);
    return error ? *error : std::string();
}

} // namespace

class TestByteSource : public QObject {
    Q_OBJECT
  private slots:
    void mapsARegularFile() {
        QTemporaryDir dir;
        const QByteArray bytes = "A\xe2\x89\xa2\xce\x91.";
        const QString path = testfiles::write(dir, "a.txt", bytes);
        auto opened = moji::openSource(path.toStdString());
        QVERIFY(errorOf(opened).empty());
        const auto& source = *std::get<0>(opened);
        QCOMPARE(source.size(), std::uint64_t(bytes.size()));
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(source.bytes().data()), bytes.size()),
                 bytes);
        QVERIFY(!source.changed());
        QVERIFY(!source.readError());
    }

    // A file whose name is not UTF-8 opens like any other: paths are bytes.
    void nameThatIsNotUtf8() {
        QTemporaryDir dir;
        const std::string path = QFile::encodeName(dir.path()).toStdString() + "/caf\xe9.txt";
        {
            std::FILE* file = std::fopen(path.c_str(), "wb");
            QVERIFY(file && std::fputs("caf\xc3\xa9", file) >= 0 && std::fclose(file) == 0);
        }
        auto opened = moji::openSource(path);
        QVERIFY(errorOf(opened).empty());
        QCOMPARE(std::get<0>(opened)->size(), std::uint64_t(5));
        QCOMPARE(std::get<0>(opened)->name(), path);
        QVERIFY(moji::sameFile(path, path));
    }

    void sameFileHoweverWritten() {
        QTemporaryDir dir;
        const std::string a = testfiles::write(dir, "a", "x").toStdString();
        const std::string b = testfiles::write(dir, "b", "x").toStdString();
        const std::string directory = dir.path().toStdString();
        QVERIFY(moji::sameFile(a, directory + "/./a"));
        QVERIFY(moji::sameFile(a, directory + "/../" +
                                      QFileInfo(dir.path()).fileName().toStdString() + "/a"));
        QVERIFY(symlink(a.c_str(), (directory + "/link").c_str()) == 0);
        QVERIFY(moji::sameFile(directory + "/link", a));
        QVERIFY(link(a.c_str(), (directory + "/hard").c_str()) == 0);
        QVERIFY(moji::sameFile(directory + "/hard", a));
        QVERIFY(!moji::sameFile(a, b));
        QVERIFY(!moji::sameFile(a, directory + "/missing"));
        QVERIFY(!moji::sameFile(directory + "/missing", directory + "/missing"));
    }

    // A fault on a mapped page is "changed on disk" only when the page is now past the end of
    // the file; otherwise the storage failed (an I/O error), whatever the signal code says.
    void faultClassification_data() {
        QTest::addColumn<int>("code");
        QTest::addColumn<quint64>("offset");
        QTest::addColumn<qint64>("sizeNow"); // -1: the size cannot be read
        QTest::addColumn<bool>("truncated");
        QTest::newRow("page past the new end")
            << int(BUS_ADRERR) << quint64(8192) << qint64(4097) << true;
        QTest::newRow("page starting at the new end")
            << int(BUS_ADRERR) << quint64(4096 + 17) << qint64(4096) << true;
        QTest::newRow("file truncated to nothing")
            << int(BUS_ADRERR) << quint64(0) << qint64(0) << true;
        QTest::newRow("page still in the file: I/O error")
            << int(BUS_ADRERR) << quint64(8192) << qint64(1 << 20) << false;
        QTest::newRow("partial last page still in the file")
            << int(BUS_ADRERR) << quint64(4100) << qint64(4097) << false;
        QTest::newRow("object error") << int(BUS_OBJERR) << quint64(8192) << qint64(4097) << false;
        QTest::newRow("alignment error")
            << int(BUS_ADRALN) << quint64(8192) << qint64(4097) << false;
        QTest::newRow("size unknown") << int(BUS_ADRERR) << quint64(8192) << qint64(-1) << false;
    }

    void faultClassification() {
        QFETCH(int, code);
        QFETCH(quint64, offset);
        QFETCH(qint64, sizeNow);
        QFETCH(bool, truncated);
        std::optional<std::uint64_t> size;
        if (sizeNow >= 0)
            size = std::uint64_t(sizeNow);
        const auto cause = moji::MappingGuard::classify({code, offset}, size, 4096);
        QCOMPARE(cause == moji::MappingGuard::Cause::Truncated, truncated);
    }

    void emptyFileIsEmptyNotAnError() {
        QTemporaryDir dir;
        auto opened = moji::openSource(testfiles::write(dir, "empty", {}).toStdString());
        QVERIFY(errorOf(opened).empty());
        QCOMPARE(std::get<0>(opened)->size(), std::uint64_t(0));
        QVERIFY(moji::scanSource(*std::get<0>(opened)).valid());
    }

    void refusals() {
        QTemporaryDir dir;
        QVERIFY(errorOf(moji::openSource(dir.path().toStdString())).find("is a directory") !=
                std::string::npos);
        QVERIFY(errorOf(moji::openSource("/dev/null")).find("device") != std::string::npos);
        QVERIFY(
            errorOf(moji::openSource(dir.filePath("missing").toStdString())).find("No such file") !=
            std::string::npos);
        const QString file = testfiles::write(dir, "f", "x");
        QVERIFY(
            errorOf(moji::openSource((file + "/below").toStdString())).find("Not a directory") !=
            std::string::npos);
    }

    void unreadableFile() {
        // Root may read any file, so as root use one the kernel refuses to read.
        if (geteuid() == 0) {
            QVERIFY(!errorOf(moji::openSource("/proc/self/mem")).empty());
            return;
        }
        QTemporaryDir dir;
        const QString path = testfiles::write(dir, "secret", "x");
        QFile::setPermissions(path, QFileDevice::Permissions());
        QVERIFY(errorOf(moji::openSource(path.toStdString())).find("Permission denied") !=
                std::string::npos);
    }

    void procFilesAndPipesAreReadIn() {
        auto opened = moji::openSource("/proc/self/status");
        QVERIFY(errorOf(opened).empty());
        QVERIFY(std::get<0>(opened)->size() > 0);
        int fds[2];
        QVERIFY(pipe(fds) == 0);
        QVERIFY(write(fds[1], "\xc0\xaf", 2) == 2);
        close(fds[1]);
        auto piped = moji::openSource("/proc/self/fd/" + std::to_string(fds[0]));
        close(fds[0]);
        QVERIFY(errorOf(piped).empty());
        QCOMPARE(std::get<0>(piped)->size(), std::uint64_t(2));
    }

    // A mapped file cut short while open: reading past its new end must not raise SIGBUS.
    void truncatedWhileOpen() {
        QTemporaryDir dir;
        const QByteArray bytes(4 << 20, 'a');
        const QString path = testfiles::write(dir, "shrinks", bytes);
        auto opened = moji::openSource(path.toStdString());
        const auto& source = *std::get<0>(opened);
        QVERIFY(truncate(path.toLocal8Bit().constData(), 4096) == 0);
        const moji::ScanResult result = moji::scanSource(source);
        QCOMPARE(result.status, moji::ScanResult::Status::SourceChanged);
        QVERIFY(source.changed());
        QVERIFY(!source.readError());                    // changed on disk, not an I/O error
        QCOMPARE(int(source.bytes()[(4 << 20) - 1]), 0); // vanished pages read as zeros
    }

    // What the kernel sends when the storage fails under a mapped page (SIGBUS, BUS_ADRERR, on
    // a page that is still inside the file), delivered to this thread: the page reads as zeros,
    // and the source reports a read error, not a change on disk.
    void ioErrorWhileOpenIsAReadError() {
        if (qEnvironmentVariableIsSet("MOJISCOPE_EMULATOR"))
            QSKIP("qemu-user aborts on a SIGBUS queued with rt_tgsigqueueinfo");
#if defined(__linux__)
        QTemporaryDir dir;
        const QByteArray bytes(64 << 10, 'a');
        const QString path = testfiles::write(dir, "failing", bytes);
        auto opened = moji::openSource(path.toStdString());
        const auto& source = *std::get<0>(opened);
        QCOMPARE(int(source.bytes()[20000]), int('a'));
        siginfo_t info = {};
        info.si_signo = SIGBUS;
        info.si_code = BUS_ADRERR;
        info.si_addr = const_cast<std::uint8_t*>(source.bytes().data() + 20000);
        QCOMPARE(syscall(SYS_rt_tgsigqueueinfo, getpid(), gettid(), SIGBUS, &info), 0L);
        QVERIFY(source.changed());
        QVERIFY(source.readError());
        QCOMPARE(int(source.bytes()[20000]), 0);
        QCOMPARE(int(source.bytes()[0]), int('a')); // other pages are untouched
        QCOMPARE(moji::scanSource(source).status, moji::ScanResult::Status::SourceChanged);
#else
        QSKIP("needs Linux's rt_tgsigqueueinfo");
#endif
    }

    void grownReplacedOrDeletedWhileOpen() {
        QTemporaryDir dir;
        const QString grows = testfiles::write(dir, "grows", "abc");
        auto first = moji::openSource(grows.toStdString());
        {
            QFile file(grows);
            QVERIFY(file.open(QIODevice::Append));
            file.write("def");
        }
        QVERIFY(std::get<0>(first)->changed());

        const QString vanishes = testfiles::write(dir, "vanishes", "abc");
        auto second = moji::openSource(vanishes.toStdString());
        QVERIFY(!std::get<0>(second)->changed());
        QVERIFY(QFile::remove(vanishes));
        QVERIFY(std::get<0>(second)->changed());
    }

    // A sparse file just over 4 GiB, text first, then zeros and three continuation bytes at the
    // very end: no chunk can start after the text (a split used to search again from every
    // later nominal offset to the end: quadratic, hours here), and offsets past 2^32 are
    // reported exactly.
    void sparseFileOver4GiBTextFirst() {
        QTemporaryDir dir;
        const QString path = dir.filePath("sparse");
        const std::uint64_t size = (4ull << 30) + 4096;
        const int fd = ::open(path.toLocal8Bit().constData(), O_CREAT | O_WRONLY, 0600);
        QVERIFY(fd >= 0);
        QVERIFY(ftruncate(fd, static_cast<off_t>(size)) == 0);
        const char text[] = "text \xc0\xaf end";
        const std::uint64_t textLength = sizeof text - 1;
        QVERIFY(pwrite(fd, text, textLength, 0) == static_cast<ssize_t>(textLength));
        QVERIFY(pwrite(fd, "\x80\x80\x80", 3, static_cast<off_t>(size - 3)) == 3);
        ::close(fd);
        auto opened = moji::openSource(path.toStdString());
        QVERIFY(errorOf(opened).empty());
        const auto& source = *std::get<0>(opened);
        QCOMPARE(source.size(), size);
        moji::ScanOptions options;
        options.threads = 2;
        const moji::ScanResult result = moji::scanSource(source, options);
        QCOMPARE(result.status, moji::ScanResult::Status::Complete);
        QCOMPARE(result.counts.anomalies(), std::uint64_t(2));
        QCOMPARE(result.anomalies.at(0).offset, std::uint64_t(5));
        QCOMPARE(result.anomalies.at(0).kind, moji::SequenceKind::Overlong);
        const moji::Sequence tail{size - 3, 3, 0, 3, moji::SequenceKind::UnexpectedContinuation};
        QCOMPARE(result.anomalies.at(1), tail);
        // The zeros are runs of NUL, noticed once per run of up to 2^32 - 1 bytes.
        const std::uint64_t zeros = size - 3 - textLength;
        QCOMPARE(result.counts.notices[static_cast<int>(moji::NoticeKind::Nul)], std::uint64_t(2));
        QCOMPARE(result.notices.at(0).offset, textLength);
        QCOMPARE(result.notices.at(0).length, moji::kMaxRunLength);
        QCOMPARE(result.notices.at(1).offset, textLength + moji::kMaxRunLength);
        QCOMPARE(std::uint64_t(result.notices.at(1).length), zeros - moji::kMaxRunLength);
        QCOMPARE(result.counts.sequencesByLength[1], textLength - 2 + zeros);
    }
};

QTEST_GUILESS_MAIN(TestByteSource)
#include "tst_bytesource.moc"
