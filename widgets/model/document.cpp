#include "model/document.h"

#include "decode/windowdecoder.h"
#include "io/sourceopener.h"
#include "scan/scanner.h"

#include <QFile>
#include <QMetaObject>

#include <algorithm>
#include <cstring>

Document::Document(std::unique_ptr<moji::ByteSource> source, QString path)
    : mSource(std::move(source)), mPath(std::move(path)), mDensity(kDensityBins, 0) {}

Document::~Document() {
    cancelScan();
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

const std::vector<moji::Sequence>& Document::units(std::uint64_t from, std::uint64_t to) {
    if (from != mWindowFrom || to != mWindowTo) {
        mWindow = moji::WindowDecoder::decode(bytes(), from, to);
        mWindowFrom = from;
        mWindowTo = to;
    }
    return mWindow;
}

moji::Sequence Document::unitAt(std::uint64_t offset) const {
    return moji::WindowDecoder::unitAt(bytes(), offset);
}

void Document::startScan() {
    cancelScan();
    mCancel = false;
    mScanning = true;
    mResult.reset();
    {
        std::lock_guard lock(mDensityMutex);
        std::fill(mDensity.begin(), mDensity.end(), 0);
    }
    mScanThread = std::thread([this] {
        moji::ScanOptions options;
        options.cancel = &mCancel;
        const std::uint64_t total = std::max<std::uint64_t>(1, size());
        options.chunkScanned = [this, total](std::uint64_t begin, std::uint64_t end,
                                             const std::vector<moji::Sequence>& anomalies,
                                             std::uint64_t count) {
            {
                std::lock_guard lock(mDensityMutex);
                for (const auto& anomaly : anomalies)
                    ++mDensity[static_cast<std::size_t>(anomaly.offset * kDensityBins / total)];
                // Anomalies past the index limit are spread over their chunk.
                if (count > anomalies.size())
                    mDensity[static_cast<std::size_t>((begin + end) / 2 * kDensityBins / total)] +=
                        count - anomalies.size();
            }
            QMetaObject::invokeMethod(this, &Document::densityChanged, Qt::QueuedConnection);
        };
        options.progress = [this](std::uint64_t done, std::uint64_t all) {
            QMetaObject::invokeMethod(
                this, [this, done, all] { emit scanProgress(done, all); }, Qt::QueuedConnection);
        };
        auto result = std::make_shared<moji::ScanResult>(moji::scanSource(*mSource, options));
        QMetaObject::invokeMethod(
            this,
            [this, finished = std::move(result)] {
                if (mScanThread.joinable())
                    mScanThread.join();
                mScanning = false;
                if (finished->status != moji::ScanResult::Status::Stopped)
                    mResult = std::make_unique<moji::ScanResult>(std::move(*finished));
                emit scanFinished();
            },
            Qt::QueuedConnection);
    });
}

void Document::cancelScan() {
    mCancel = true;
    if (mScanThread.joinable())
        mScanThread.join();
    mScanning = false;
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

std::optional<std::uint64_t> Document::find(const QByteArray& needle, std::uint64_t from,
                                            bool forward) const {
    const auto all = bytes();
    if (needle.isEmpty() || all.empty())
        return std::nullopt;
    const auto* begin = all.data();
    const auto* pattern = reinterpret_cast<const std::uint8_t*>(needle.constData());
    const auto length = static_cast<std::size_t>(needle.size());
    if (forward) {
        if (from >= all.size())
            return std::nullopt;
        const void* hit = memmem(begin + from, all.size() - from, pattern, length);
        if (!hit)
            return std::nullopt;
        return static_cast<std::uint64_t>(static_cast<const std::uint8_t*>(hit) - begin);
    }
    // An occurrence starting before `from` ends before from - 1 + length.
    const std::uint64_t limit =
        from == 0 ? 0 : std::min<std::uint64_t>(all.size(), from - 1 + length);
    const auto* windowEnd = begin + limit;
    const auto* found = std::find_end(begin, windowEnd, pattern, pattern + length);
    if (found == windowEnd)
        return std::nullopt;
    return static_cast<std::uint64_t>(found - begin);
}
