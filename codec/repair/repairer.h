#pragma once

// repair/ owns turning ill-formed input into well-formed output by a stated policy: the
// options (repairoptions.h), the replacement chosen for each anomaly (anomalyrepair.h), and the
// streaming Repairer that writes verified output in constant memory (this file).

#include "repair/repairoptions.h"
#include "scan/scancounts.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace moji {

// Where repaired bytes go. write() returns false when they could not be written.
class RepairOutput {
  public:
    virtual ~RepairOutput() = default;
    virtual bool write(std::string_view bytes) = 0;
    // Appends input bytes [offset, offset + length) without them passing through memory, when
    // the output can (a file-to-file copy in the kernel). Never called with unverified bytes.
    enum class Copy {
        Done,        // all of it was appended
        Unsupported, // nothing was appended: the repairer writes the bytes itself
        Failed       // the output can no longer be trusted
    };
    virtual Copy copyFromInput(std::uint64_t /*offset*/, std::uint64_t /*length*/) {
        return Copy::Unsupported;
    }
};

// One change the repair made: the input bytes at `offset` and what they became.
struct RepairChange {
    std::uint64_t offset = 0;
    std::string_view what;                // an anomaly kind id, or "bom"
    std::span<const std::uint8_t> before; // the input bytes
    std::string_view after;               // the output bytes (UTF-8, may be empty)
};

struct RepairSummary {
    ScanCounts counts;         // the anomalies of the input, by kind
    std::uint64_t changes = 0; // anomalies changed, plus a stripped BOM
    std::uint64_t inputBytes = 0;
    std::uint64_t outputBytes = 0;
    bool bomStripped = false;
    bool nfcChanged = false; // normalization changed some well-formed text
};

// Streams a repaired copy of a buffer (a mapped file of any size) to a RepairOutput, in constant
// memory: the input is scanned in windows (the fast scanner), well-formed stretches are written
// through as they are, and each anomaly is replaced by appendRepaired(). Every chunk written is
// verified to be well-formed UTF-8 (and normalized, with nfc) before it is written; a failed
// verification is an error.
class Repairer {
  public:
    Repairer(RepairOptions options, RepairOutput& output);
    ~Repairer();

    void setChangeCallback(std::function<void(const RepairChange&)> callback);
    void setProgressCallback(std::function<void(std::uint64_t done, std::uint64_t total)> callback);
    // Called before each window of input is read (a mapped file can read it in ahead).
    void
    setPrepareCallback(std::function<void(std::uint64_t offset, std::uint64_t length)> callback) {
        mOnPrepare = std::move(callback);
    }
    // How much input is scanned at a time (4 MiB by default; tests use small windows to put
    // anomalies across window edges).
    void setWindowSize(std::uint64_t bytes) { mWindow = std::max<std::uint64_t>(bytes, 1); }

    // Repairs all of `input`. Returns an empty string on success, else one line saying why not
    // (the output may then hold part of the result: write it somewhere it can be discarded).
    [[nodiscard]] std::string run(std::span<const std::uint8_t> input,
                                  const std::atomic<bool>* cancel = nullptr);

    [[nodiscard]] const RepairSummary& summary() const { return mSummary; }
    // True when run() failed because the output could not be written (not for bad input).
    [[nodiscard]] bool writeFailed() const { return mWriteFailed; }

  private:
    bool append(std::string_view bytes);
    bool flushNormalized(bool all);
    bool writeOut(std::string_view bytes);
    bool copyThrough(std::span<const std::uint8_t> input, std::uint64_t from, std::uint64_t to);
    bool flushBuffer();
    bool verify(std::string_view bytes);
    bool put(std::string_view bytes);
    bool writeVerified(std::string_view bytes) {
        return bytes.empty() || (verify(bytes) && put(bytes));
    }

    RepairOptions mOptions;
    RepairOutput& mOutput;
    std::function<void(const RepairChange&)> mOnChange;
    std::function<void(std::uint64_t, std::uint64_t)> mOnProgress;
    RepairSummary mSummary;
    std::function<void(std::uint64_t, std::uint64_t)> mOnPrepare;
    std::string mPending; // output waiting for normalization
    std::string mBuffer;  // output waiting to be verified and written in one piece
    std::string mError;
    bool mWriteFailed = false;
    std::uint64_t mWindow = 4u << 20;
};

} // namespace moji
