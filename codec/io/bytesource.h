#pragma once

// io/ owns getting bytes in: the ByteSource interface (size, a read-only contiguous view, a
// change flag, a read-error flag), memory and memory-mapped file sources, the SIGBUS guard that
// keeps a truncated or failing mapping from crashing the process, the opener that picks a source
// for a path, pipe or stdin, and the platform file behind which the system-specific calls sit.
// Paths are bytes (std::string, std::filesystem::path), never decoded. Nothing here knows UTF-8.

#include <cstdint>
#include <span>
#include <string>

namespace moji {

// The bytes of an opened file or buffer: a size and a contiguous, read-only view with 64-bit
// offsets. Reading the view never crashes the process, even when a mapped file is truncated
// underneath it: the vanished pages read as zeros and changed() turns true. Callers that must
// not trust such bytes check changed() after reading.
//
// To add a kind of source: derive, keep the bytes addressable for the source's lifetime, and
// make changed() report anything that can make them differ from what was opened.
class ByteSource {
  public:
    virtual ~ByteSource() = default;

    [[nodiscard]] virtual std::span<const std::uint8_t> bytes() const = 0;
    [[nodiscard]] std::uint64_t size() const { return bytes().size(); }

    // True once the bytes may no longer be the ones that were opened (the file shrank, grew,
    // was replaced or modified on disk). Cheap enough to call after every read.
    [[nodiscard]] virtual bool changed() const { return false; }

    // True when changed() is true because the storage failed to deliver bytes (an I/O error)
    // while the file itself kept its size: messages then say "I/O error reading", not "changed
    // on disk". The bytes that failed read as zeros either way.
    [[nodiscard]] virtual bool readError() const { return false; }

    // A hint that [offset, offset + length) is about to be read, so a mapped file can read it
    // in ahead, in bulk, instead of page by page on first touch. Never fails.
    virtual void prepare(std::uint64_t /*offset*/, std::uint64_t /*length*/) const {}

    // An open file descriptor of the underlying file, for kernel-side copies; -1 if none.
    [[nodiscard]] virtual int descriptor() const { return -1; }

    // What to call this source in messages: the path, "standard input", or a label.
    [[nodiscard]] virtual std::string name() const = 0;
};

} // namespace moji
