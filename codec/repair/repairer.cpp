#include "repair/repairer.h"

#include "decode/syncpoint.h"
#include "decode/utf8automaton.h"
#include "repair/anomalyrepair.h"
#include "scan/scanner.h"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>

#include <algorithm>
#include <future>

namespace moji {
namespace {

// Normalization runs on pieces of about this size, cut where NFC allows.
constexpr std::size_t kNormalizeChunk = 1u << 20;
// Output is verified and written in pieces of at least this size (larger stretches directly).
constexpr std::size_t kWriteChunk = 1u << 20;

const icu::Normalizer2* nfc() {
    UErrorCode status = U_ZERO_ERROR;
    return icu::Normalizer2::getNFCInstance(status);
}

bool wellFormed(std::string_view bytes) {
    ScanOptions options;
    options.stopAtFirstAnomaly = true;
    options.threads = 1;
    options.maxIndexedNotices = 0;
    return scanBytes(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), options)
        .valid();
}

} // namespace

Repairer::Repairer(RepairOptions options, RepairOutput& output)
    : mOptions(options), mOutput(output) {}

Repairer::~Repairer() = default;

void Repairer::setChangeCallback(std::function<void(const RepairChange&)> callback) {
    mOnChange = std::move(callback);
}

void Repairer::setProgressCallback(std::function<void(std::uint64_t, std::uint64_t)> callback) {
    mOnProgress = std::move(callback);
}

bool Repairer::verify(std::string_view bytes) {
    if (!wellFormed(bytes)) {
        mError = "verification failed: the repaired output is not well-formed UTF-8";
        return false;
    }
    if (mOptions.nfc) {
        UErrorCode status = U_ZERO_ERROR;
        if (!nfc()->isNormalizedUTF8(icu::StringPiece(bytes.data(), int32_t(bytes.size())),
                                     status) ||
            U_FAILURE(status)) {
            mError = "verification failed: the repaired output is not in NFC";
            return false;
        }
    }
    return true;
}

bool Repairer::put(std::string_view bytes) {
    if (!mOutput.write(bytes)) {
        mError = "cannot write the output";
        mWriteFailed = true;
        return false;
    }
    mSummary.outputBytes += bytes.size();
    return true;
}

bool Repairer::writeOut(std::string_view bytes) {
    if (mBuffer.empty() && bytes.size() >= kWriteChunk)
        return writeVerified(bytes);
    mBuffer.append(bytes);
    return mBuffer.size() < kWriteChunk || flushBuffer();
}

// Well-formed input [from, to) goes to the output unchanged: copied by the output itself when it
// can, after verification here, else written like any other output.
bool Repairer::copyThrough(std::span<const std::uint8_t> input, std::uint64_t from,
                           std::uint64_t to) {
    const std::string_view bytes(reinterpret_cast<const char*>(input.data() + from), to - from);
    if (mOptions.nfc || bytes.size() < kWriteChunk)
        return append(bytes);
    if (!flushBuffer() || !verify(bytes))
        return false;
    switch (mOutput.copyFromInput(from, to - from)) {
    case RepairOutput::Copy::Done:
        mSummary.outputBytes += bytes.size();
        return true;
    case RepairOutput::Copy::Unsupported:
        return put(bytes);
    case RepairOutput::Copy::Failed:
        break;
    }
    mError = "cannot write the output";
    mWriteFailed = true;
    return false;
}

bool Repairer::flushBuffer() {
    const bool ok = writeVerified(mBuffer);
    mBuffer.clear();
    return ok;
}

bool Repairer::flushNormalized(bool all) {
    if (mPending.empty())
        return true;
    std::size_t cut = mPending.size();
    if (!all) {
        // Cut before a code point that normalization never joins to what precedes it.
        cut = 0;
        for (std::size_t at = mPending.size(); at-- > 0 && mPending.size() - at < 4096;) {
            const auto byte = static_cast<std::uint8_t>(mPending[at]);
            if (utf8::isContinuation(byte))
                continue;
            UChar32 c;
            int32_t i = static_cast<int32_t>(at);
            U8_NEXT(mPending.data(), i, int32_t(mPending.size()), c);
            if (c >= 0 && nfc()->hasBoundaryBefore(c)) {
                cut = at;
                break;
            }
        }
        if (cut == 0)
            return true; // keep collecting until a boundary shows up
    }
    std::string normalized;
    icu::StringByteSink<std::string> sink(&normalized);
    UErrorCode status = U_ZERO_ERROR;
    nfc()->normalizeUTF8(0, icu::StringPiece(mPending.data(), int32_t(cut)), sink, nullptr, status);
    if (U_FAILURE(status)) {
        mError = std::string("normalization failed: ") + u_errorName(status);
        return false;
    }
    if (normalized.size() != cut || normalized.compare(0, cut, mPending, 0, cut) != 0)
        mSummary.nfcChanged = true;
    mPending.erase(0, cut);
    return writeOut(normalized);
}

bool Repairer::append(std::string_view bytes) {
    if (!mOptions.nfc)
        return writeOut(bytes);
    mPending.append(bytes);
    return mPending.size() < kNormalizeChunk || flushNormalized(false);
}

std::string Repairer::run(std::span<const std::uint8_t> input, const std::atomic<bool>* cancel) {
    mSummary = {};
    mSummary.inputBytes = input.size();
    mError.clear();
    mWriteFailed = false;
    mPending.clear();
    mBuffer.clear();
    const std::uint8_t* data = input.data();
    const std::uint64_t size = input.size();
    std::uint64_t at = 0;
    if (mOptions.stripBom && size >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) {
        at = 3;
        mSummary.bomStripped = true;
        ++mSummary.changes;
        if (mOnChange)
            mOnChange({0, "bom", input.subspan(0, 3), {}});
    }
    ScanOptions options;
    options.maxIndexedAnomalies = UINT64_MAX;
    options.maxIndexedNotices = 0;
    options.cancel = cancel;
    options.threads = 1;
    // Window k + 1 is scanned on another thread while window k is written.
    auto windowEnd = [&](std::uint64_t from) {
        return from + mWindow >= size
                   ? size
                   : SyncPoint::next(data, from + mWindow, size, SyncPoint::Nul::Counts, cancel);
    };
    auto scanWindow = [this, data, &options](std::uint64_t from, std::uint64_t to) {
        if (mOnPrepare)
            mOnPrepare(from, to - from);
        return scanBytes(data + from, to - from, options);
    };
    std::future<ScanResult> next;
    if (at < size)
        next = std::async(std::launch::async, scanWindow, at, windowEnd(at));
    while (at < size) {
        const std::uint64_t end = windowEnd(at);
        const ScanResult window = next.get();
        if (end < size)
            next = std::async(std::launch::async, scanWindow, end, windowEnd(end));
        if (window.status != ScanResult::Status::Complete || (cancel && cancel->load())) {
            if (next.valid())
                next.wait();
            return "cancelled";
        }
        mSummary.counts += window.counts;
        std::uint64_t copied = at;
        std::string replacement;
        bool ok = true;
        window.anomalies.forEach([&](const Sequence& anomaly) {
            if (!ok)
                return;
            const std::uint64_t offset = at + anomaly.offset;
            ok = copyThrough(input, copied, offset);
            const auto before = input.subspan(offset, anomaly.length);
            replacement.clear();
            appendRepaired(anomaly, before, mOptions, replacement);
            ok = ok && append(replacement);
            ++mSummary.changes;
            if (mOnChange)
                mOnChange({offset, sequenceKindId(anomaly.kind), before, replacement});
            copied = offset + anomaly.length;
        });
        if (!ok || !copyThrough(input, copied, end)) {
            if (next.valid())
                next.wait();
            return mError;
        }
        at = end;
        if (mOnProgress)
            mOnProgress(at, size);
    }
    if (mOptions.nfc && !flushNormalized(true))
        return mError;
    if (!flushBuffer())
        return mError;
    return {};
}

} // namespace moji
