#pragma once

#include "decode/sequence.h"
#include "io/bytesource.h"
#include "scan/bytefinder.h"
#include "scan/scanresult.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

template <typename T>
class QFutureWatcher;

// An opened file as the views see it: its bytes, the units of any window decoded on demand
// (WindowDecoder), and the work that reads the whole file or much of it: the scan, searches and
// counts. Those run on the document's own thread pool (QtConcurrent), report progress and finish
// through signals on the GUI thread, and are cancellable; for each kind of work the latest
// request wins: starting one cancels the one before, whose outcome is never reported.
// Destroying the document cancels all of them and waits for them to stop.
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
    // The bytes, shared: whoever holds this can read them after the document is gone.
    [[nodiscard]] std::shared_ptr<const moji::ByteSource> source() const { return mSource; }
    [[nodiscard]] bool changedOnDisk() const { return mSource->changed(); }
    // True when changedOnDisk() is because reading the file failed (an I/O error).
    [[nodiscard]] bool readError() const { return mSource->readError(); }

    // The unit containing `offset` (offset < size()).
    [[nodiscard]] moji::Sequence unitAt(std::uint64_t offset) const;
    // The finished scan's long continuation runs, so window decodes never read one; empty
    // before the scan has finished.
    [[nodiscard]] std::span<const moji::Sequence> longRuns() const;

    // Starts the whole-file scan (cancelling one under way); scanProgress, densityChanged, then
    // scanFinished once, with scanResult() set.
    void startScan();
    // Stops the scan under way without waiting for it; scanFinished is not emitted for it.
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

    // Searches in the background for the first occurrence of `needle` at or after `from`
    // (forward) or the last one starting before `from` (backward): findProgress, then
    // findFinished. Cancelling reports findFinished with `cancelled`.
    void startFind(const QByteArray& needle, std::uint64_t from, bool forward);
    void cancelFind();
    [[nodiscard]] bool finding() const { return mFind.watcher != nullptr; }

    // Counts in the background the characters of [from, to) (well-formed sequences plus
    // anomalies, as a scan of those bytes alone counts them): countFinished.
    void startCounting(std::uint64_t from, std::uint64_t to);

  signals:
    void scanProgress(quint64 done, quint64 total);
    void densityChanged();
    void scanFinished();
    void findProgress(quint64 done, quint64 total);
    void findFinished(bool found, quint64 offset, bool cancelled);
    void countFinished(quint64 from, quint64 to, quint64 characters);

  private:
    static constexpr int kDensityBins = 4096;

    std::shared_ptr<const moji::ByteSource> mSource;
    QString mPath;
    std::filesystem::path mFilePath;

    // One kind of background work: the request under way, if any. `generation` tells a
    // superseded request's late messages from the current one's.
    template <typename Result>
    struct Work {
        QFutureWatcher<Result>* watcher = nullptr;
        std::shared_ptr<std::atomic<bool>> cancel;
        std::uint64_t generation = 0;
    };
    template <typename Result>
    void stop(Work<Result>& work);
    // Stops `work`'s request, then runs task(cancel, generation) on the pool as the new one; on
    // the GUI thread, done(result, cancelled) gets its result unless a newer request stopped it.
    template <typename Result, typename Task, typename Done>
    void launch(Work<Result>& work, Task task, Done done);
    // Runs `signal` on the GUI thread, unless request `generation` of `work` is no longer current.
    template <typename Result, typename Signal>
    void postIfCurrent(const Work<Result>& work, std::uint64_t generation, Signal signal);

    QThreadPool mPool;
    Work<std::shared_ptr<moji::ScanResult>> mScan;
    Work<moji::FindResult> mFind;
    Work<std::uint64_t> mCount;
    bool mScanning = false;
    std::shared_ptr<const moji::ScanResult> mResult;
    mutable std::mutex mDensityMutex;
    std::vector<std::uint64_t> mDensity; // kDensityBins, filled as chunks finish
};
