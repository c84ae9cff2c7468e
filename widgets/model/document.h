#pragma once

#include "decode/sequence.h"
#include "io/bytesource.h"
#include "scan/scanresult.h"

#include <QObject>
#include <QString>

#include <atomic>
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

    // Opens `path` (see moji::openSource); nullptr and a message when it cannot be read.
    static std::unique_ptr<Document> open(const QString& path, QString* error);

    [[nodiscard]] const QString& path() const { return mPath; }
    [[nodiscard]] std::uint64_t size() const { return mSource->size(); }
    [[nodiscard]] std::span<const std::uint8_t> bytes() const { return mSource->bytes(); }
    // The bytes, shared: whoever holds this can read them after the document is gone.
    [[nodiscard]] std::shared_ptr<const moji::ByteSource> source() const { return mSource; }
    [[nodiscard]] bool changedOnDisk() const { return mSource->changed(); }

    // The unit containing `offset` (offset < size()).
    [[nodiscard]] moji::Sequence unitAt(std::uint64_t offset) const;

    void startScan();
    void cancelScan();
    [[nodiscard]] bool scanning() const { return mScanning; }
    // The finished scan, shared; nullptr while it runs, or when it was cancelled. A new scan
    // replaces it with a new object: holders of the old one keep it, unchanged.
    [[nodiscard]] std::shared_ptr<const moji::ScanResult> scanResult() const { return mResult; }

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

    std::shared_ptr<const moji::ByteSource> mSource;
    QString mPath;

    std::thread mScanThread;
    std::atomic<bool> mCancel{false};
    bool mScanning = false;
    std::shared_ptr<const moji::ScanResult> mResult;
    mutable std::mutex mDensityMutex;
    std::vector<std::uint64_t> mDensity; // kDensityBins, filled as chunks finish
};
