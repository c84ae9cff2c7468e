// Decoding a window equals the same stretch of a whole-buffer decode, wherever the window is,
// and reads a bounded stretch of bytes however long the unit it lands in.

#include "decode/windowdecoder.h"
#include "scan/scanner.h"
#include "testsupport.h"

#include <QTest>

#include <cstring>

#include <sys/mman.h>
#include <unistd.h>

namespace {

// Anonymous memory in which every page outside one readable stretch can be made unreadable,
// so that a read outside it crashes the test.
class GuardedBytes {
  public:
    explicit GuardedBytes(std::size_t size)
        : mPage(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))),
          mMapped((size + mPage - 1) / mPage * mPage), mSize(size) {
        void* base =
            mmap(nullptr, mMapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == MAP_FAILED)
            qFatal("cannot map %zu bytes", mMapped);
        mData = static_cast<std::uint8_t*>(base);
    }
    ~GuardedBytes() { munmap(mData, mMapped); }
    GuardedBytes(const GuardedBytes&) = delete;
    GuardedBytes& operator=(const GuardedBytes&) = delete;

    std::uint8_t* data() { return mData; }
    std::span<const std::uint8_t> bytes() const { return {mData, mSize}; }

    // Only the pages holding bytes [from, to) stay readable.
    void readableOnly(std::uint64_t from, std::uint64_t to) {
        const std::size_t first = from / mPage * mPage;
        const std::size_t last = std::min(mMapped, (to + mPage - 1) / mPage * mPage);
        mprotect(mData, mMapped, PROT_NONE);
        mprotect(mData + first, last - first, PROT_READ);
    }
    void allReadable() { mprotect(mData, mMapped, PROT_READ | PROT_WRITE); }

  private:
    std::size_t mPage, mMapped, mSize;
    std::uint8_t* mData = nullptr;
};

std::vector<moji::Sequence> unitsOverlapping(const std::vector<moji::Sequence>& whole,
                                             std::uint64_t from, std::uint64_t to) {
    std::vector<moji::Sequence> units;
    for (const auto& unit : whole)
        if (unit.offset + unit.length > from && unit.offset < to)
            units.push_back(unit);
    return units;
}

} // namespace

class TestWindowDecoder : public QObject {
    Q_OBJECT
  private slots:
    void everyWindowMatchesTheWholeDecode() {
        std::mt19937_64 random(11);
        for (int round = 0; round < 30; ++round) {
            const testsupport::Bytes bytes =
                round % 2 ? testsupport::randomUtf8ish(random, 400)
                          : testsupport::mutate(testsupport::seedCorpus(), random, 300);
            const auto whole = testsupport::decodeWhole(bytes);
            for (int probe = 0; probe < 200; ++probe) {
                const std::uint64_t from = random() % bytes.size();
                const std::uint64_t to = from + 1 + random() % 40;
                std::vector<moji::Sequence> expected;
                for (const auto& unit : whole)
                    if (unit.offset + unit.length > from && unit.offset < to)
                        expected.push_back(unit);
                QCOMPARE(moji::WindowDecoder::decode(bytes, from, to), expected);
            }
        }
    }

    // With the scan's long runs, windows anywhere in text with runs of kLongRun bytes or more
    // (and shorter ones) equal the whole decode.
    void windowsBesideLongRunsMatchTheWholeDecode() {
        std::mt19937_64 random(21);
        testsupport::Bytes bytes;
        for (int piece = 0; piece < 12; ++piece) {
            const auto text = testsupport::randomUtf8ish(random, 1 + random() % 3000);
            bytes.insert(bytes.end(), text.begin(), text.end());
            const std::size_t run =
                piece % 3 == 0 ? moji::kLongRun + random() % 100000 : random() % 100;
            bytes.insert(bytes.end(), run, static_cast<std::uint8_t>(0x80 + random() % 0x40));
        }
        const auto whole = testsupport::decodeWhole(bytes);
        moji::ScanOptions options;
        options.chunkSize = 4096;
        const auto longRuns = moji::scanBytes(bytes.data(), bytes.size(), options).longRuns;
        QVERIFY(longRuns.size() >= 4);
        for (int probe = 0; probe < 2000; ++probe) {
            const std::uint64_t from = random() % bytes.size();
            const std::uint64_t to = from + 1 + random() % 300;
            QCOMPARE(moji::WindowDecoder::decode(bytes, from, to, longRuns),
                     unitsOverlapping(whole, from, to));
        }
    }

    // A window, a tooltip or the unit under the cursor inside 16 MiB of continuation bytes
    // reads only kMaxLookBehind/kMaxLookAhead bytes around it (any other byte is unreadable
    // here), and still gets the run as one anomaly of its exact length from the scan.
    void hugeContinuationRunIsReadBoundedAndWhole() {
        const std::uint64_t runLength = 16u << 20;
        GuardedBytes memory(runLength + 2);
        memory.data()[0] = 'a';
        std::memset(memory.data() + 1, 0x80, runLength);
        memory.data()[runLength + 1] = 'z';
        const auto bytes = memory.bytes();
        const auto longRuns = moji::scanBytes(bytes.data(), bytes.size()).longRuns;
        const moji::Sequence run{1, std::uint32_t(runLength), 0, std::uint32_t(runLength),
                                 moji::SequenceKind::UnexpectedContinuation};
        QCOMPARE(longRuns, std::vector<moji::Sequence>{run});
        const moji::Sequence z{runLength + 1, 1, 'z', 0, moji::SequenceKind::Valid};
        struct Window {
            std::uint64_t from, to;
            std::vector<moji::Sequence> units;
        };
        const Window windows[] = {{runLength / 2, runLength / 2 + 300, {run}},
                                  {1, 200, {run}},
                                  {runLength - 100, runLength + 2, {run, z}}};
        for (const Window& window : windows) {
            memory.readableOnly(window.from > moji::WindowDecoder::kMaxLookBehind
                                    ? window.from - moji::WindowDecoder::kMaxLookBehind
                                    : 0,
                                window.to + moji::WindowDecoder::kMaxLookAhead);
            QCOMPARE(moji::WindowDecoder::decode(bytes, window.from, window.to, longRuns),
                     window.units);
            QCOMPARE(moji::WindowDecoder::unitAt(bytes, window.from, longRuns), run);
            // Before any scan: one run, clipped to what may be read.
            const auto clipped = moji::WindowDecoder::decode(bytes, window.from, window.to);
            QCOMPARE(clipped.front().kind, moji::SequenceKind::UnexpectedContinuation);
            QVERIFY(clipped.front().offset <= window.from);
            QVERIFY(clipped.front().offset + clipped.front().length >=
                    std::min<std::uint64_t>(window.to, runLength + 1));
            QCOMPARE(clipped.size(), window.units.size());
            memory.allReadable();
        }
    }

    void unitAtFindsTheContainingUnit() {
        const testsupport::Bytes bytes = testsupport::bytesOf("a\xed\xa1\x8c\xed\xbe\xb4z");
        const auto pair = moji::WindowDecoder::unitAt(bytes, 5);
        QCOMPARE(pair.offset, std::uint64_t(1));
        QCOMPARE(pair.kind, moji::SequenceKind::SurrogatePair);
        QCOMPARE(moji::WindowDecoder::unitAt(bytes, 7).offset, std::uint64_t(7));
    }
};

QTEST_GUILESS_MAIN(TestWindowDecoder)
#include "tst_windowdecoder.moc"
