#pragma once

#include <string>
#include <string_view>

// A file written in full or not at all: the bytes go to a temporary file beside the target,
// which commit() flushes to disk and renames over the target; cancel(), or destruction without
// commit(), removes it. The path is bytes, so any name the system allows works (QSaveFile takes
// a QString, which cannot hold a name that is not UTF-8). Like QSaveFile, it keeps an existing
// target's permissions and writes through a symbolic link to the file it points to.
class AtomicFile {
  public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Creates the temporary file; false (see error()) when it cannot.
    [[nodiscard]] bool open();
    // The temporary file's descriptor, for writing; -1 before open() and after commit().
    [[nodiscard]] int descriptor() const { return mDescriptor; }
    [[nodiscard]] bool write(std::string_view bytes);
    // Flushes, closes and renames into place; false (see error()) when any step fails, and the
    // target is then untouched.
    [[nodiscard]] bool commit();
    void cancel();

    // The system's reason for the last failure, e.g. "Permission denied".
    [[nodiscard]] const std::string& error() const { return mError; }

  private:
    bool fail();

    std::string mPath;
    std::string mTemporary;
    int mDescriptor = -1;
    std::string mError;
};
