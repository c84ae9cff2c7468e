#pragma once

#include "decode/sequence.h"
#include "io/bytesource.h"
#include "scan/scanresult.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

// An opened file as the views see it: its bytes, the units of any window decoded on demand
// (WindowDecoder), and the whole-file scan, which runs in the background and reports progress.
// Everything about UTF-8 comes from codec/; this class only holds and schedules.
class Document : public QObject {
    Q_OBJECT
  public:
    Document(std::unique_ptr<moji::ByteSource> source, QString path);
    ~Document() override;

    // Opens `path`, the file's name as the system's bytes (see moji::openSource); nullptr and
    // a message when it cannot be read.
    static std::unique_ptr<Document> open(const std::filesystem::path& path, QString* error);
    // The same for a path as text (UTF-8 bytes); names that are not UTF-8 need the overload
    // above.
    static std::unique_ptr<Document> open(const QString& path, QString* error);

    // The path as text (ill-formed bytes of the name shown as U+FFFD), or the label given.
    [[nodiscard]] const QString& path() const { return mPath; }
    // The file's path as the system's bytes; empty when the document was not opened from a file.
    [[nodiscard]] const std::filesystem::path& filePath() const { return mFilePath; }
    [[nodiscard]] std::uint64_t size() const { return mSource->size(); }
    [[nodiscard]] std::span<const std::uint8_t> bytes() const { return mSource->bytes(); }
    [[nodiscard]] bool changedOnDisk() const { return mSource->changed(); }
    // True when changedOnDisk() is because reading the file failed (an I/O error).
    [[nodiscard]] bool readError() const { return mSource->readError(); }

    // The units overlapping [from, to), in order; valid until the next call.
    const std::vector<moji::Sequence>& units(std::uint64_t from, std::uint64_t to);
    // The unit containing `offset` (offset < size()).
    [[nodiscard]] moji::Sequence unitAt(std::uint64_t offset) const;

    void startScan();
    void cancelScan();
    [[nodiscard]] bool scanning() const { return mScanning; }
    // The finished scan; nullptr while it runs, or when it was cancelled.
    [[nodiscard]] const moji::ScanResult* scanResult() const { return mResult.get(); }

    // Anomalies per 1/4096 of the file, from what the scan has done so far.
    [[nodiscard]] std::vector<std::uint64_t> anomalyDensity() const;

    // The first anomaly starting after `offset` (or before it, backwards), from the scan.
    [[nodiscard]] std::optional<moji::Sequence> nextAnomaly(std::uint64_t offset) const;
    [[nodiscard]] std::optional<moji::Sequence> previousAnomaly(std::uint64_t offset) const;

    // The first occurrence of `needle` at or after `from` (forward) or starting before `from`
    // (backward).
    [[nodiscard]] std::optional<std::uint64_t> find(const QByteArray& needle, std::uint64_t from,
                                                    bool forward) const;

  signals:
    void scanProgress(quint64 done, quint64 total);
    void densityChanged();
    void scanFinished();

  private:
    static constexpr int kDensityBins = 4096;

    std::unique_ptr<moji::ByteSource> mSource;
    QString mPath;
    std::filesystem::path mFilePath;

    std::vector<moji::Sequence> mWindow;
    std::uint64_t mWindowFrom = 1, mWindowTo = 0;

    std::thread mScanThread;
    std::atomic<bool> mCancel{false};
    bool mScanning = false;
    std::unique_ptr<moji::ScanResult> mResult;
    mutable std::mutex mDensityMutex;
    std::vector<std::uint64_t> mDensity; // kDensityBins, filled as chunks finish
};
