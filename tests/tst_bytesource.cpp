// Byte sources: mapped files, read-in fallbacks, refusals, a file changed while open, and a
// sparse file over 4 GiB, text first, scanned with 64-bit offsets.

#include "io/mappedfilesource.h"
#include "io/sourceopener.h"
#include "scan/scanner.h"
#include "testfiles.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
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
        std::uint8_t part[4] = {};
        QCOMPARE(source.read(1, part), std::size_t(4));
        QCOMPARE(int(part[0]), 0xE2);
        QCOMPARE(source.read(6, part), std::size_t(1));
        QCOMPARE(source.read(99, part), std::size_t(0));
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
        QCOMPARE(int(source.bytes()[(4 << 20) - 1]), 0); // vanished pages read as zeros
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
