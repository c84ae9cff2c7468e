#include "testsupport.h"

#include "decode/streamdecoder.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace testsupport {

std::vector<moji::Sequence> decodeWhole(const Bytes& bytes) {
    CollectingSink sink;
    moji::StreamDecoder decoder;
    decoder.feed(bytes, sink);
    decoder.finish(sink);
    return sink.units;
}

std::vector<moji::Sequence> decodeInPieces(const Bytes& bytes,
                                           const std::vector<std::size_t>& sizes) {
    CollectingSink sink;
    moji::StreamDecoder decoder;
    std::size_t at = 0;
    for (std::size_t i = 0; at < bytes.size(); ++i) {
        const std::size_t size = std::min(sizes[i % sizes.size()], bytes.size() - at);
        decoder.feed(std::span<const std::uint8_t>(bytes.data() + at, size), sink);
        at += size;
    }
    decoder.finish(sink);
    return sink.units;
}

std::u32string replacementText(const std::vector<moji::Sequence>& units) {
    std::u32string text;
    for (const moji::Sequence& unit : units) {
        if (unit.kind == moji::SequenceKind::Valid)
            text += static_cast<char32_t>(unit.value);
        else
            text.append(unit.replacements, U'\uFFFD');
    }
    return text;
}

std::uint32_t sampleStride() {
    static const std::uint32_t stride = [] {
        const char* text = std::getenv("MOJISCOPE_TEST_SAMPLE");
        const long n = text ? std::strtol(text, nullptr, 10) : 1;
        const std::uint32_t chosen = n > 1 && n < 65536 ? static_cast<std::uint32_t>(n) | 1u : 1u;
        if (chosen > 1)
            std::fprintf(stderr, "MOJISCOPE_TEST_SAMPLE: sweeps check one case in %u\n",
                         static_cast<unsigned>(chosen));
        return chosen;
    }();
    return stride;
}

namespace {

struct LoadedCorpus {
    Bytes bytes;
    std::string problem;
};

// Appends every .txt file of `directory`, in name order; false when there is none.
bool appendTextFiles(const std::filesystem::path& directory, Bytes& bytes) {
    const Bytes files = textFilesIn(directory);
    bytes.insert(bytes.end(), files.begin(), files.end());
    return !files.empty();
}

const LoadedCorpus& loadedCorpus() {
    static const LoadedCorpus corpus = [] {
        LoadedCorpus loaded;
        const char* dataDir = std::getenv("MOJISCOPE_TEST_DATA_DIR");
        const std::filesystem::path data(dataDir ? dataDir : MOJISCOPE_TEST_DATA_DIR);
        if (!appendTextFiles(data, loaded.bytes)) {
            loaded.problem = "the test corpus is missing: no .txt file in " + data.string();
            return loaded;
        }
        const std::filesystem::path seeds(MOJISCOPE_SEEDS_DIR);
        if (std::filesystem::exists(seeds) && !appendTextFiles(seeds, loaded.bytes))
            loaded.problem = "the seed corpus is unreadable or empty: " + seeds.string();
        return loaded;
    }();
    return corpus;
}

} // namespace

Bytes textFilesIn(const std::filesystem::path& directory) {
    Bytes bytes;
    std::error_code error;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(directory, error))
        if (entry.path().extension() == ".txt")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        bytes.insert(bytes.end(), std::istreambuf_iterator<char>(in), {});
    }
    return bytes;
}

const Bytes& textCorpus() {
    const LoadedCorpus& corpus = loadedCorpus();
    if (!corpus.problem.empty()) {
        std::fprintf(stderr, "%s\n", corpus.problem.c_str());
        std::abort();
    }
    return corpus.bytes;
}

std::string textCorpusProblem() {
    return loadedCorpus().problem;
}

Bytes randomUtf8ish(std::mt19937_64& random, std::size_t size) {
    static const std::uint8_t interesting[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0,
                                               0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
                                               0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xF7, 0xF8,
                                               0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0xBB, 0xB7, 0xBE};
    Bytes bytes(size);
    for (auto& byte : bytes) {
        const auto pick = random() % 4;
        if (pick == 0)
            byte = interesting[random() % std::size(interesting)];
        else if (pick == 1)
            byte = static_cast<std::uint8_t>(0x80 + random() % 0x40);
        else
            byte = static_cast<std::uint8_t>(random());
    }
    return bytes;
}

Bytes mutate(const Bytes& valid, std::mt19937_64& random, int edits) {
    Bytes bytes = valid;
    for (int i = 0; i < edits && !bytes.empty(); ++i) {
        const std::size_t at = random() % bytes.size();
        switch (random() % 4) {
        case 0:
            bytes[at] = static_cast<std::uint8_t>(random());
            break;
        case 1:
            bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                         static_cast<std::uint8_t>(0x80 + random() % 0x80));
            break;
        case 2:
            bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(at));
            break;
        default:
            bytes[at] ^= static_cast<std::uint8_t>(1u << (random() % 8));
            break;
        }
    }
    return bytes;
}

} // namespace testsupport
