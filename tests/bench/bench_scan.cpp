// Scan throughput, in GB/s, of Mojiscope's engine and of the scanners people would otherwise use,
// on the same in-memory buffers in one run. Not a test: run it by hand (see README).
//
//   build/tests/bench/bench_scan [--size MiB] [--runs N] [--corpus NAME] [--level LEVEL]
//                                [--clock wall|cpu] [--rows WORD,WORD...]
//
// --level picks the kernel level of the mojiscope rows (scalar, sse2, avx2, avx512, neon; a level
// this build or CPU lacks is ignored, as with the environment variable MOJISCOPE_SIMD_LEVEL), so
// an AVX-512 machine can time the AVX2 kernels beside simdutf. --clock cpu times by the process's
// CPU time instead of the wall clock (node by process.cpuUsage()): steadier on a busy machine, not
// comparable across thread counts. With --level, node's simdutf is forced onto the same
// instruction set (SIMDUTF_FORCE_IMPLEMENTATION: haswell for avx2, icelake for avx512, ...).
// --rows keeps only the rows whose name contains one of the words.
//
// Corpora (generated, 256 MiB by default): ascii, japanese (the seed documents, or
// tests/data/japanese.txt without them), mixed (the same with Latin, Greek, Cyrillic and emoji),
// multilingual (tests/data), mixed-1-per-KiB (one corrupted byte per KiB), random (uniform random
// bytes).

#include "decode/utf8automaton.h"
#include "scan/scanner.h"

#include "testsupport.h"
#include <QByteArray>
#include <QFile>

#include <QProcess>
#include <QStringDecoder>
#include <QTemporaryFile>
#include <QUtf8StringView>

#include <unicode/ucnv.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iconv.h>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

using testsupport::textFilesIn;

// Exits with a message naming `what` when a corpus the benchmark needs is missing.
Bytes required(Bytes bytes, const std::string& what) {
    if (bytes.empty()) {
        std::fprintf(stderr, "bench_scan: corpus missing: %s\n", what.c_str());
        std::exit(2);
    }
    return bytes;
}

// The Japanese documents: ../shared/seeds when present, else tests/data/japanese.txt.
Bytes seedText() {
    if (std::filesystem::is_directory(MOJISCOPE_SEEDS_DIR))
        return required(textFilesIn(MOJISCOPE_SEEDS_DIR), MOJISCOPE_SEEDS_DIR "/*.txt");
    const std::filesystem::path japanese =
        std::filesystem::path(MOJISCOPE_TEST_DATA_DIR) / "japanese.txt";
    std::ifstream in(japanese, std::ios::binary);
    return required(Bytes(std::istreambuf_iterator<char>(in), {}), japanese.string());
}

// Our own multilingual texts (tests/data): eleven scripts, emoji sequences, combining marks.
Bytes multilingualText() {
    return required(textFilesIn(MOJISCOPE_TEST_DATA_DIR), MOJISCOPE_TEST_DATA_DIR "/*.txt");
}

// Repeats `unit` to `size` bytes, ending on a character boundary (padded with spaces).
Bytes repeatTo(const Bytes& unit, std::size_t size) {
    Bytes bytes;
    bytes.reserve(size);
    while (bytes.size() + unit.size() <= size)
        bytes.insert(bytes.end(), unit.begin(), unit.end());
    bytes.resize(size, ' ');
    return bytes;
}

Bytes asciiCorpus(std::size_t size) {
    std::mt19937_64 random(1);
    static const char* words[] = {"the",      "quick",       "brown",
                                  "fox",      "jumps",       "over",
                                  "lazy",     "dog",         "error",
                                  "warning:", "GET",         "/index.html",
                                  "200",      "user_id=42,", "2026-11-21T05:12:00Z",
                                  "timeout",  "retrying",    "\n",
                                  "\t"};
    Bytes unit;
    while (unit.size() < (1 << 20)) {
        const char* word = words[random() % std::size(words)];
        unit.insert(unit.end(), word, word + std::strlen(word));
        unit.push_back(' ');
    }
    return repeatTo(unit, size);
}

Bytes mixedCorpus(std::size_t size) {
    const Bytes seeds = seedText();
    const char* inserts[] = {
        "café déjà vu ", "Ελληνικά ",     "Русский текст ", "😀👍🏽🇯🇵 ",
        "𝄞 music ",      "naïve façade ", "한국어 ",        "العربية "};
    std::mt19937_64 random(2);
    Bytes unit;
    for (std::size_t at = 0; at < seeds.size();) {
        std::size_t end = std::min(seeds.size(), at + 200 + random() % 400);
        while (end < seeds.size() && (seeds[end] & 0xC0) == 0x80)
            ++end;
        unit.insert(unit.end(), seeds.begin() + at, seeds.begin() + end);
        const char* insert = inserts[random() % std::size(inserts)];
        unit.insert(unit.end(), insert, insert + std::strlen(insert));
        at = end;
    }
    return repeatTo(unit, size);
}

Bytes oneAnomalyPerKiB(Bytes bytes) {
    std::mt19937_64 random(3);
    for (std::size_t block = 0; block + 1024 <= bytes.size(); block += 1024)
        bytes[block + random() % 1024] = static_cast<std::uint8_t>(0x80 | (random() & 0x7F));
    return bytes;
}

Bytes randomCorpus(std::size_t size) {
    std::mt19937_64 random(4);
    Bytes bytes(size);
    for (std::size_t i = 0; i + 8 <= size; i += 8) {
        const std::uint64_t word = random();
        std::memcpy(bytes.data() + i, &word, 8);
    }
    return bytes;
}

bool gCpuClock = false; // time by process CPU time rather than the wall clock
// The simdutf implementation node is told to use (SIMDUTF_FORCE_IMPLEMENTATION), so that with
// --level the peer runs the same instruction set as our rows; empty: simdutf picks its best.
std::string gSimdutfImplementation;

// simdutf's name for the implementation on the same instruction set as `level`.
std::string simdutfImplementationFor(moji::simd::SimdLevel level) {
    switch (level) {
    case moji::simd::SimdLevel::Scalar:
        return "fallback";
    case moji::simd::SimdLevel::Sse2:
        return "westmere";
    case moji::simd::SimdLevel::Avx2:
        return "haswell";
    case moji::simd::SimdLevel::Avx512:
        return "icelake";
    case moji::simd::SimdLevel::Neon:
        return "arm64";
    }
    return {};
}

double seconds() {
    if (!gCpuClock)
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// Best-of-runs throughput of `scan` in GB/s (10^9 bytes per second).
double measure(const Bytes& bytes, int runs, const std::function<void()>& scan) {
    double best = 1e30;
    for (int run = 0; run < runs; ++run) {
        const double start = seconds();
        scan();
        best = std::min(best, seconds() - start);
    }
    return static_cast<double>(bytes.size()) / best / 1e9;
}

volatile std::uint64_t gSink; // keeps results alive

struct Peer {
    std::string name;
    std::function<double(const Bytes&, int)> run; // GB/s, or < 0 when unavailable
};

double engine(const Bytes& bytes, int runs, moji::simd::SimdLevel level, unsigned threads,
              bool yesNo = false) {
    moji::ScanOptions options;
    options.level = level;
    options.threads = threads;
    options.stopAtFirstAnomaly = yesNo;
    return measure(bytes, runs, [&] {
        const auto result = moji::scanBytes(bytes.data(), bytes.size(), options);
        gSink = result.counts.anomalies() + result.counts.sequencesByLength[1];
    });
}

double icuConverter(const Bytes& bytes, int runs) {
    std::vector<UChar> out(bytes.size() + 1);
    return measure(bytes, runs, [&] {
        UErrorCode status = U_ZERO_ERROR;
        UConverter* converter = ucnv_open("UTF-8", &status);
        gSink = static_cast<std::uint64_t>(
            ucnv_toUChars(converter, out.data(), static_cast<int32_t>(out.size()),
                          reinterpret_cast<const char*>(bytes.data()),
                          static_cast<int32_t>(bytes.size()), &status));
        ucnv_close(converter);
    });
}

double qtDecoder(const Bytes& bytes, int runs) {
    return measure(bytes, runs, [&] {
        QStringDecoder decoder(QStringDecoder::Utf8);
        const QString text =
            decoder(QByteArrayView(bytes.data(), static_cast<qsizetype>(bytes.size())));
        gSink = static_cast<std::uint64_t>(text.size());
    });
}

double qtIsValid(const Bytes& bytes, int runs) {
    return measure(bytes, runs, [&] {
        gSink = QUtf8StringView(reinterpret_cast<const char*>(bytes.data()),
                                static_cast<qsizetype>(bytes.size()))
                    .isValidUtf8();
    });
}

// glibc iconv UTF-8 -> UTF-16, skipping each invalid byte as `iconv -c` does (without
// //IGNORE, which crashes glibc 2.36 on long inputs).
double glibcIconv(const Bytes& bytes, int runs) {
    std::vector<char> out(bytes.size() * 2 + 16);
    return measure(bytes, runs, [&] {
        iconv_t cd = iconv_open("UTF-16LE", "UTF-8");
        char* in = const_cast<char*>(reinterpret_cast<const char*>(bytes.data()));
        std::size_t inLeft = bytes.size();
        char* outPtr = out.data();
        std::size_t outLeft = out.size();
        while (inLeft > 0) {
            if (iconv(cd, &in, &inLeft, &outPtr, &outLeft) != static_cast<std::size_t>(-1))
                break;
            if (errno == EILSEQ || errno == EINVAL) {
                ++in;
                --inLeft;
            } else {
                break;
            }
        }
        iconv_close(cd);
        gSink = out.size() - outLeft;
    });
}

// A table-driven DFA in the style of Hoehrmann's decoder (our automaton tables), yes/no only.
double dfa(const Bytes& bytes, int runs) {
    return measure(bytes, runs, [&] {
        moji::utf8::State state = moji::utf8::Start;
        std::uint64_t rejects = 0;
        for (std::uint8_t byte : bytes) {
            state = moji::utf8::step(state, byte);
            if (state == moji::utf8::Reject) {
                ++rejects;
                state = moji::utf8::Start;
            }
        }
        gSink = rejects;
    });
}

// Node's require('buffer').isUtf8 (simdutf), timed inside node on the same bytes.
double nodeIsUtf8(const Bytes& bytes, int runs) {
    QTemporaryFile file;
    if (!file.open())
        return -1;
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
    file.flush();
    const QString clock =
        gCpuClock
            ? QStringLiteral("(()=>{const u=process.cpuUsage();return (u.user+u.system)/1e6;})")
            : QStringLiteral("(()=>Number(process.hrtime.bigint())/1e9)");
    const QString script =
        QStringLiteral("const fs=require('fs');const {isUtf8}=require('buffer');const now=%2;"
                       "const b=fs.readFileSync(process.argv[1]);let best=1e9;let r;"
                       "for(let i=0;i<%1;i++){const t=now();r=isUtf8(b);"
                       "const s=now()-t;if(s<best)best=s;}"
                       "console.log((b.length/best/1e9).toFixed(3));")
            .arg(runs)
            .arg(clock);
    QProcess node;
    if (!gSimdutfImplementation.empty()) {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("SIMDUTF_FORCE_IMPLEMENTATION",
                           QString::fromStdString(gSimdutfImplementation));
        node.setProcessEnvironment(environment);
    }
    node.start("node", {"-e", script, file.fileName()});
    if (!node.waitForFinished(600000) || node.exitCode() != 0)
        return -1;
    return node.readAllStandardOutput().trimmed().toDouble();
}

} // namespace

int main(int argc, char** argv) {
    std::size_t mebibytes = 256;
    int runs = 5;
    std::string only;
    std::vector<std::string> rowWords;
    auto best = moji::simd::detectSimdLevel();
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string option = argv[i];
        const std::string value = argv[i + 1];
        if (option == "--size") {
            mebibytes = std::stoul(value);
        } else if (option == "--runs") {
            runs = std::stoi(value);
        } else if (option == "--corpus") {
            only = value;
        } else if (option == "--clock") {
            gCpuClock = value == "cpu";
        } else if (option == "--rows") {
            for (std::size_t from = 0; from <= value.size();) {
                const std::size_t comma = std::min(value.find(',', from), value.size());
                rowWords.push_back(value.substr(from, comma - from));
                from = comma + 1;
            }
        } else if (option == "--level") {
            moji::simd::SimdLevel level;
            if (!moji::simd::simdLevelFromName(value.c_str(), level)) {
                std::fprintf(stderr, "unknown level %s\n", value.c_str());
                return 2;
            }
            const auto supported = moji::simd::supportedSimdLevels();
            if (std::find(supported.begin(), supported.end(), level) != supported.end()) {
                best = level;
                gSimdutfImplementation = simdutfImplementationFor(level);
            }
        }
    }
    const std::size_t size = mebibytes << 20;

    std::vector<Peer> peers = {
        {std::string("mojiscope 1 thread (") + moji::simd::simdLevelName(best) + ")",
         [&](const Bytes& b, int r) { return engine(b, r, best, 1); }},
        {"mojiscope 2 threads", [&](const Bytes& b, int r) { return engine(b, r, best, 2); }},
        {"mojiscope check, 1 thread (yes/no)",
         [&](const Bytes& b, int r) { return engine(b, r, best, 1, true); }},
    };
    if (best == moji::simd::SimdLevel::Avx512)
        peers.push_back({"mojiscope 1 thread (avx2)", [](const Bytes& b, int r) {
                             return engine(b, r, moji::simd::SimdLevel::Avx2, 1);
                         }});
    peers.push_back({"mojiscope 1 thread (scalar)", [](const Bytes& b, int r) {
                         return engine(b, r, moji::simd::SimdLevel::Scalar, 1);
                     }});
    peers.push_back({"simdutf via node isUtf8 (yes/no)", nodeIsUtf8});
    peers.push_back({"ICU ucnv_toUChars", icuConverter});
    peers.push_back({"Qt QStringDecoder", qtDecoder});
    peers.push_back({"Qt isValidUtf8 (yes/no)", qtIsValid});
    peers.push_back({"glibc iconv", glibcIconv});
    peers.push_back({"table DFA (yes/no)", dfa});
    if (!rowWords.empty()) {
        std::erase_if(peers, [&](const Peer& peer) {
            return std::none_of(rowWords.begin(), rowWords.end(), [&](const std::string& word) {
                return peer.name.find(word) != std::string::npos;
            });
        });
    }

    struct Corpus {
        std::string name;
        std::function<Bytes()> make;
    };
    const std::vector<Corpus> corpora = {
        {"ascii", [&] { return asciiCorpus(size); }},
        {"japanese", [&] { return repeatTo(seedText(), size); }},
        {"mixed", [&] { return mixedCorpus(size); }},
        {"multilingual", [&] { return repeatTo(multilingualText(), size); }},
        {"mixed-1-per-KiB", [&] { return oneAnomalyPerKiB(mixedCorpus(size)); }},
        {"random", [&] { return randomCorpus(size); }},
    };

    std::printf("GB/s (10^9 bytes/s), best of %d runs on %zu MiB buffers, %s time\n", runs,
                mebibytes, gCpuClock ? "CPU" : "wall");
    if (!gSimdutfImplementation.empty())
        std::printf("simdutf runs its %s implementation (SIMDUTF_FORCE_IMPLEMENTATION), the same "
                    "instruction set as --level\n",
                    gSimdutfImplementation.c_str());
    std::printf("%-36s", "scanner");
    for (const Corpus& corpus : corpora)
        if (only.empty() || only == corpus.name)
            std::printf("%17s", corpus.name.c_str());
    std::printf("\n");
    std::vector<std::vector<double>> table(peers.size());
    for (const Corpus& corpus : corpora) {
        if (!only.empty() && only != corpus.name)
            continue;
        const Bytes bytes = corpus.make();
        for (std::size_t p = 0; p < peers.size(); ++p)
            table[p].push_back(peers[p].run(bytes, runs));
    }
    for (std::size_t p = 0; p < peers.size(); ++p) {
        std::printf("%-36s", peers[p].name.c_str());
        for (double value : table[p]) {
            if (value < 0)
                std::printf("%17s", "n/a");
            else if (value > 200) // a yes/no check that stopped at the first error
                std::printf("%17s", "(stops early)");
            else
                std::printf("%17.2f", value);
        }
        std::printf("\n");
    }
    return 0;
}
