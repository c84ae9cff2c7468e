#pragma once

#include <atomic>
#include <cstdint>
#include <optional>

namespace moji {

// Sync points: offsets at which a unit (see readSequence) starts whatever bytes precede it, so
// decoding that begins there yields exactly the units of a decode of the whole stream from that
// offset on. Every byte is one except a continuation byte (80-BF) and ED (which may be the
// second half of a CESU-8 surrogate pair). These two searches are the only place in codec/ that
// looks for them: the scanner's chunk split, the repairer's windows and the window decoder all
// use them.
struct SyncPoint {
    // How NUL bytes count: a scan splits only where a NUL run (one notice) cannot be cut.
    enum class Nul { Counts, Skipped };

    // Bytes examined between two looks at the cancel flag.
    static constexpr std::uint64_t kCancelStep = 1u << 20;

    [[nodiscard]] static constexpr bool isSyncByte(std::uint8_t byte, Nul nul) {
        return (byte & 0xC0) != 0x80 && byte != 0xED && (byte != 0 || nul == Nul::Counts);
    }

    // The first sync point in [from, end), or `end` when there is none. Reads only bytes of
    // [from, result], each at most twice (whole words at a time across NUL and continuation
    // runs, then byte by byte).
    // When *cancel turns true the search returns `end` within kCancelStep bytes; callers tell
    // the two apart by the flag.
    [[nodiscard]] static std::uint64_t next(const std::uint8_t* data, std::uint64_t from,
                                            std::uint64_t end, Nul nul,
                                            const std::atomic<bool>* cancel = nullptr);

    // The last sync point in [lowest, at] (NUL counts), or nullopt when there is none. Reads
    // only bytes of [lowest, at], each at most once.
    [[nodiscard]] static std::optional<std::uint64_t>
    previous(const std::uint8_t* data, std::uint64_t lowest, std::uint64_t at);
};

} // namespace moji
