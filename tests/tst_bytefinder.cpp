// ByteFinder against std::search over the whole buffer, with chunks small enough that matches
// straddle chunk edges, in both directions; cancel and progress.

#include "io/memorysource.h"
#include "scan/bytefinder.h"

#include <QTest>

#include <algorithm>
#include <random>

namespace {

// The reference: the first occurrence at or after `from`, searched in one piece.
std::optional<std::uint64_t> referenceForward(const std::vector<std::uint8_t>& bytes,
                                              const std::vector<std::uint8_t>& needle,
                                              std::uint64_t from) {
    if (from > bytes.size())
        return std::nullopt;
    const auto hit = std::search(bytes.begin() + std::ptrdiff_t(from), bytes.end(), needle.begin(),
                                 needle.end());
    if (hit == bytes.end())
        return std::nullopt;
    return std::uint64_t(hit - bytes.begin());
}

// The reference backwards: the last occurrence starting before `before`, by trying every start.
std::optional<std::uint64_t> referenceBackward(const std::vector<std::uint8_t>& bytes,
                                               const std::vector<std::uint8_t>& needle,
                                               std::uint64_t before) {
    for (std::uint64_t start = std::min<std::uint64_t>(before, bytes.size()); start-- > 0;)
        if (start + needle.size() <= bytes.size() &&
            std::equal(needle.begin(), needle.end(), bytes.begin() + std::ptrdiff_t(start)))
            return start;
    return std::nullopt;
}

std::optional<std::uint64_t> found(const moji::FindResult& result) {
    if (result.status == moji::FindResult::Status::Found)
        return result.offset;
    return std::nullopt;
}

} // namespace

class TestByteFinder : public QObject {
    Q_OBJECT
  private slots:
    void matchesStdSearchOnRandomData_data() {
        QTest::addColumn<int>("alphabet");
        QTest::addColumn<int>("chunk");
        for (int alphabet : {2, 3, 256})
            for (int chunk : {1, 2, 3, 7, 16, 61, 4096})
                QTest::addRow("alphabet %d, chunk %d", alphabet, chunk) << alphabet << chunk;
    }

    void matchesStdSearchOnRandomData() {
        QFETCH(int, alphabet);
        QFETCH(int, chunk);
        std::mt19937 random(std::uint32_t(alphabet * 7919 + chunk));
        std::uniform_int_distribution<int> byte(0, alphabet - 1);
        for (int round = 0; round < 60; ++round) {
            std::vector<std::uint8_t> bytes(std::uniform_int_distribution<int>(0, 300)(random));
            for (auto& b : bytes)
                b = std::uint8_t(byte(random));
            std::vector<std::uint8_t> needle(std::uniform_int_distribution<int>(1, 9)(random));
            for (auto& b : needle)
                b = std::uint8_t(byte(random));
            // Half the time, plant the needle across the edge of a chunk.
            if (round % 2 == 0 && bytes.size() > needle.size() + std::size_t(chunk)) {
                const std::size_t edge =
                    std::size_t(chunk) * (1 + std::size_t(random()) % (bytes.size() / chunk));
                const std::size_t at =
                    edge >= needle.size() / 2 + 1 ? edge - needle.size() / 2 - 1 : 0;
                if (at + needle.size() <= bytes.size())
                    std::copy(needle.begin(), needle.end(), bytes.begin() + std::ptrdiff_t(at));
            }
            const moji::MemorySource source(bytes, "random");
            const moji::ByteFinder finder(needle);
            moji::ByteFinder::Options options;
            options.chunkSize = std::uint64_t(chunk);
            for (std::uint64_t from = 0; from <= bytes.size() + 1; from += 1 + from / 8) {
                QCOMPARE(found(finder.forward(source, from, options)),
                         referenceForward(bytes, needle, from));
                QCOMPARE(found(finder.backward(source, from, options)),
                         referenceBackward(bytes, needle, from));
            }
        }
    }

    void emptyNeedleOrHaystackFindsNothing() {
        const moji::MemorySource empty({}, "empty");
        const moji::MemorySource some({1, 2, 3}, "some");
        const std::vector<std::uint8_t> one{1};
        QCOMPARE(moji::ByteFinder(one).forward(empty, 0, {}).status,
                 moji::FindResult::Status::NotFound);
        QCOMPARE(moji::ByteFinder({}).forward(some, 0, {}).status,
                 moji::FindResult::Status::NotFound);
        QCOMPARE(moji::ByteFinder({}).backward(some, 3, {}).status,
                 moji::FindResult::Status::NotFound);
    }

    void progressCoversTheSearchAndCancelStopsIt() {
        const moji::MemorySource zeros(std::vector<std::uint8_t>(1000, 0), "zeros");
        const std::vector<std::uint8_t> missing{1};
        const moji::ByteFinder finder(missing);
        for (bool forward : {true, false}) {
            std::vector<std::uint64_t> done;
            moji::ByteFinder::Options options;
            options.chunkSize = 100;
            options.progress = [&](std::uint64_t searched, std::uint64_t total) {
                QCOMPARE(total, std::uint64_t(1000));
                done.push_back(searched);
            };
            const auto result =
                forward ? finder.forward(zeros, 0, options) : finder.backward(zeros, 1000, options);
            QCOMPARE(result.status, moji::FindResult::Status::NotFound);
            QCOMPARE(done.size(), std::size_t(10));
            QVERIFY(std::is_sorted(done.begin(), done.end()));
            QCOMPARE(done.back(), std::uint64_t(1000));

            std::atomic<bool> cancel{false};
            int calls = 0;
            options.cancel = &cancel;
            options.progress = [&](std::uint64_t, std::uint64_t) {
                ++calls;
                cancel = true;
            };
            const auto cancelled =
                forward ? finder.forward(zeros, 0, options) : finder.backward(zeros, 1000, options);
            QCOMPARE(cancelled.status, moji::FindResult::Status::Cancelled);
            QCOMPARE(calls, 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestByteFinder)
#include "tst_bytefinder.moc"
