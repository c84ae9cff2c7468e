#include "gui/localpath.h"

#include <QFile>

namespace localpath {

QString display(const std::filesystem::path& path) {
    return QFile::decodeName(QByteArray::fromStdString(path.native()));
}

std::filesystem::path fromText(const QString& text) {
    const std::filesystem::path direct(QFile::encodeName(text).toStdString());
    std::error_code error;
    if (text.isEmpty() || std::filesystem::exists(direct, error))
        return direct;
    std::filesystem::path resolved = direct.root_path();
    for (const std::filesystem::path& part : direct.relative_path()) {
        const std::filesystem::path next = resolved / part;
        if (std::filesystem::exists(next.empty() ? "." : next, error)) {
            resolved = next;
            continue;
        }
        const QString wanted = display(part);
        std::filesystem::path match;
        int matches = 0;
        const std::filesystem::path directory = resolved.empty() ? "." : resolved;
        for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
            if (display(entry.path().filename()) == wanted) {
                match = entry.path().filename();
                ++matches;
            }
        }
        if (matches != 1)
            return direct;
        resolved /= match;
    }
    return resolved;
}

std::filesystem::path fromUrl(const QUrl& url) {
    if (!url.isLocalFile())
        return {};
    const QByteArray encoded = url.path(QUrl::FullyEncoded).toLatin1();
    const std::filesystem::path path(QByteArray::fromPercentEncoding(encoded).toStdString());
    std::error_code error;
    return std::filesystem::exists(path, error) ? path : fromText(url.toLocalFile());
}

} // namespace localpath
