#include "model/document.h"

#include "decode/windowdecoder.h"
#include "io/sourceopener.h"
#include "scan/scanner.h"

#include <QFile>
#include <QFutureWatcher>
#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

Document::Document(std::unique_ptr<moji::ByteSource> source, QString path)
    : mSource(std::move(source)), mPath(std::move(path)), mDensity(kDensityBins, 0) {
    // The scan (itself multithreaded), a search and a count may run at once.
    mPool.setMaxThreadCount(3);
}

Document::~Document() {
    stop(mScan);
    stop(mFind);
    stop(mCount);
    mPool.waitForDone();
}

std::unique_ptr<Document> Document::open(const std::filesystem::path& path, QString* error) {
    auto opened = moji::openSource(path.native());
    if (auto* message = std::get_if<std::string>(&opened)) {
        if (error)
            *error = QString::fromStdString(*message);
        return nullptr;
    }
    auto document =
        std::make_unique<Document>(std::move(std::get<0>(opened)),
                                   QFile::decodeName(QByteArray::fromStdString(path.native())));
    document->mFilePath = path;
    return document;
}

std::unique_ptr<Document> Document::open(const QString& path, QString* error) {
    return open(std::filesystem::path(path.toStdString()), error);
}

moji::Sequence Document::unitAt(std::uint64_t offset) const {
    return moji::WindowDecoder::unitAt(bytes(), offset, longRuns());
}

std::span<const moji::Sequence> Document::longRuns() const {
    if (!mResult)
        return {};
    return mResult->longRuns;
}

template <typename Result>
void Document::stop(Work<Result>& work) {
    if (work.cancel)
        *work.cancel = true;
    ++work.generation;
    if (work.watcher) {
        work.watcher->disconnect(this);
        work.watcher->deleteLater();
        work.watcher = nullptr;
    }
}

template <typename Result, typename Task, typename Done>
void Document::launch(Work<Result>& work, Task task, Done done) {
    stop(work);
    const auto cancel = std::make_shared<std::atomic<bool>>(false);
    const std::uint64_t generation = work.generation;
    work.cancel = cancel;
    auto* watcher = new QFutureWatcher<Result>(this);
    work.watcher = watcher;
    connect(watcher, &QFutureWatcherBase::finished, this, [&work, watcher, cancel, done] {
        work.watcher = nullptr;
        watcher->deleteLater();
        done(watcher->result(), cancel->load());
    });
    watcher->setFuture(QtConcurrent::run(
        &mPool, [task, cancel, generation] { return task(cancel.get(), generation); }));
}

template <typename Result, typename Signal>
void Document::postIfCurrent(const Work<Result>& work, std::uint64_t generation, Signal signal) {
    QMetaObject::invokeMethod(
        this,
        [&work, generation, signal] {
            if (generation == work.generation)
                signal();
        },
        Qt::QueuedConnection);
}

void Document::startScan() {
    stop(mScan); // before the density is reset, so the old scan can no longer add to it
    mScanning = true;
    mResult.reset();
    {
        std::lock_guard lock(mDensityMutex);
        std::fill(mDensity.begin(), mDensity.end(), 0);
    }
    const auto scan = [this](const std::atomic<bool>* cancel, std::uint64_t generation) {
        moji::ScanOptions options;
        options.cancel = cancel;
        const std::uint64_t total = std::max<std::uint64_t>(1, size());
        options.chunkScanned = [this, cancel, total](std::uint64_t begin, std::uint64_t end,
                                                     const std::vector<moji::Sequence>& anomalies,
                                                     std::uint64_t count) {
            {
                // A cancelled scan no longer adds to the density: the next one has reset it.
                std::lock_guard lock(mDensityMutex);
                if (*cancel)
                    return;
                for (const auto& anomaly : anomalies)
                    ++mDensity[static_cast<std::size_t>(anomaly.offset * kDensityBins / total)];
                // Anomalies past the index limit are spread over their chunk.
                if (count > anomalies.size())
                    mDensity[static_cast<std::size_t>((begin + end) / 2 * kDensityBins / total)] +=
                        count - anomalies.size();
            }
            QMetaObject::invokeMethod(this, &Document::densityChanged, Qt::QueuedConnection);
        };
        options.progress = [this, generation](std::uint64_t done, std::uint64_t all) {
            postIfCurrent(mScan, generation, [this, done, all] { emit scanProgress(done, all); });
        };
        return std::make_shared<moji::ScanResult>(moji::scanSource(*mSource, options));
    };
    launch(mScan, scan, [this](const std::shared_ptr<moji::ScanResult>& finished, bool) {
        mScanning = false;
        if (finished->status != moji::ScanResult::Status::Stopped)
            mResult = finished;
        emit scanFinished();
    });
}

void Document::cancelScan() {
    stop(mScan);
    mScanning = false;
}

void Document::startFind(const QByteArray& needle, std::uint64_t from, bool forward) {
    const moji::ByteFinder finder(std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(needle.constData()), std::size_t(needle.size())));
    const auto find = [this, finder, from, forward](const std::atomic<bool>* cancel,
                                                    std::uint64_t generation) {
        moji::ByteFinder::Options options;
        options.cancel = cancel;
        options.progress = [this, generation](std::uint64_t done, std::uint64_t total) {
            postIfCurrent(mFind, generation,
                          [this, done, total] { emit findProgress(done, total); });
        };
        return forward ? finder.forward(*mSource, from, options)
                       : finder.backward(*mSource, from, options);
    };
    launch(mFind, find, [this](const moji::FindResult& result, bool) {
        emit findFinished(result.status == moji::FindResult::Status::Found, result.offset,
                          result.status == moji::FindResult::Status::Cancelled);
    });
}

void Document::cancelFind() {
    if (mFind.cancel)
        *mFind.cancel = true;
}

void Document::startCounting(std::uint64_t from, std::uint64_t to) {
    const auto count = [this, from, to](const std::atomic<bool>* cancel, std::uint64_t) {
        moji::ScanOptions options;
        options.threads = 1;
        options.maxIndexedAnomalies = 0;
        options.maxIndexedNotices = 0;
        options.cancel = cancel;
        const auto counts = moji::scanBytes(bytes().data() + from, to - from, options).counts;
        return counts.wellFormedSequences() + counts.anomalies();
    };
    launch(mCount, count, [this, from, to](std::uint64_t characters, bool cancelled) {
        if (!cancelled)
            emit countFinished(from, to, characters);
    });
}

std::vector<std::uint64_t> Document::anomalyDensity() const {
    std::lock_guard lock(mDensityMutex);
    return mDensity;
}

std::optional<moji::Sequence> Document::nextAnomaly(std::uint64_t offset) const {
    if (!mResult)
        return std::nullopt;
    const auto position = mResult->anomalies.lowerBound(offset + 1);
    if (position >= mResult->anomalies.size())
        return std::nullopt;
    return mResult->anomalies.at(position);
}

std::optional<moji::Sequence> Document::previousAnomaly(std::uint64_t offset) const {
    if (!mResult)
        return std::nullopt;
    const auto position = mResult->anomalies.lowerBound(offset);
    if (position == 0)
        return std::nullopt;
    return mResult->anomalies.at(position - 1);
}
