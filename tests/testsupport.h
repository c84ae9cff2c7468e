#pragma once

// Helpers shared by the test suites.

#include "decode/sequence.h"
#include "decode/sequencesink.h"

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace testsupport {

using Bytes = std::vector<std::uint8_t>;

class CollectingSink : public moji::SequenceSink {
  public:
    void sequence(const moji::Sequence& unit) override { units.push_back(unit); }
    std::vector<moji::Sequence> units;
};

// The units of `bytes` fed whole to a StreamDecoder.
std::vector<moji::Sequence> decodeWhole(const Bytes& bytes);

// The units of `bytes` fed in pieces of the given sizes (cycled), then finished.
std::vector<moji::Sequence> decodeInPieces(const Bytes& bytes,
                                           const std::vector<std::size_t>& sizes);

// The text the units stand for: code points, and one U+FFFD per maximal subpart of anomalies.
std::u32string replacementText(const std::vector<moji::Sequence>& units);

// The well-formed text the mutation tests start from: every .txt file of tests/data (our own
// multilingual corpus, always in the repository), then every .txt file of ../shared/seeds when
// that directory exists, each in name order (MOJISCOPE_TEST_DATA_DIR in the environment stands
// for tests/data). There is no fallback text: textCorpusProblem() says
// what is missing, and a suite using the corpus checks it first (in initTestCase, with QFAIL);
// textCorpus() aborts with the same message rather than return a smaller corpus.
[[nodiscard]] const Bytes& textCorpus();
[[nodiscard]] std::string textCorpusProblem();

// Random bytes with a bias towards UTF-8 structure (leads, continuations, edge values).
Bytes randomUtf8ish(std::mt19937_64& random, std::size_t size);

// `valid` with a few random corruptions: byte replaced, inserted, deleted or bit flipped.
Bytes mutate(const Bytes& valid, std::mt19937_64& random, int edits);

// How sweeping tests step through their space: 1 (every case) unless the environment sets
// MOJISCOPE_TEST_SAMPLE=N for a slow emulated run (scripts/cross-test), then N made odd, so a
// sweep over consecutive integers still meets every value of every byte. A sweep that samples
// says so on its output.
[[nodiscard]] std::uint32_t sampleStride();

// The .txt files of `directory` in name order, concatenated; empty when there is none or the
// directory cannot be read.
[[nodiscard]] Bytes textFilesIn(const std::filesystem::path& directory);

// Bytes from a string literal.
inline Bytes bytesOf(const std::string& text) {
    return Bytes(text.begin(), text.end());
}

} // namespace testsupport
