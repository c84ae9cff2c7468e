#pragma once

#include "io/bytesource.h"
#include "io/platform.h"

#include <memory>
#include <string>
#include <variant>

namespace moji {

// A regular file mapped read-only. Mapping costs nothing up front: pages are read when first
// touched. If the file shrinks while mapped, the pages past its new end read as zeros (see
// MappingGuard) and changed() is true; growth, replacement, deletion and modification are
// noticed through the file's size, modification time and identity. A page the storage fails
// to deliver (an I/O error) also reads as zeros; changed() and readError() are then true.
class MappedFileSource final : public ByteSource {
  public:
    // Maps `path` (bytes, as the system names the file), which must be a non-empty regular
    // file; otherwise returns why not.
    static std::variant<std::unique_ptr<MappedFileSource>, std::string>
    open(const std::string& path);
    ~MappedFileSource() override;
    MappedFileSource(const MappedFileSource&) = delete;
    MappedFileSource& operator=(const MappedFileSource&) = delete;

    [[nodiscard]] std::span<const std::uint8_t> bytes() const override;
    [[nodiscard]] bool changed() const override;
    [[nodiscard]] bool readError() const override;
    [[nodiscard]] std::string name() const override { return mPath; }
    [[nodiscard]] int descriptor() const override { return mDescriptor; }

    // Maps the pages of [offset, offset + length) in one go (MADV_POPULATE_READ where the
    // kernel has it, else a read-ahead hint).
    void prepare(std::uint64_t offset, std::uint64_t length) const override;

  private:
    MappedFileSource() = default;

    std::string mPath;
    int mDescriptor = -1;
    const std::uint8_t* mBase = nullptr;
    std::uint64_t mLength = 0;
    int mGuardSlot = -1;
    std::uint64_t mDevice = 0, mInode = 0;
    platform::FileTime mModified;
};

} // namespace moji
