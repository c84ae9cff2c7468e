#pragma once

#include <QString>
#include <QUrl>

#include <filesystem>

// File names are bytes, and need not be UTF-8. Qt 6 decodes names to QString with U+FFFD for
// ill-formed bytes, and QFile::encodeName does not bring them back. The window therefore keeps
// std::filesystem::path (the system's bytes) and turns what Qt hands it back into bytes here.
namespace localpath {

// The name shown for `path`: its bytes decoded, ill-formed ones as U+FFFD.
[[nodiscard]] QString display(const std::filesystem::path& path);

// A path that Qt gave as text (a file dialog, a test) back as bytes. When the text names no
// file because Qt decoded ill-formed bytes to U+FFFD on the way, each component that does not
// exist is matched against the entries of its directory by display name; an entry matching
// alone is taken. Otherwise the text's UTF-8 bytes.
[[nodiscard]] std::filesystem::path fromText(const QString& text);

// The local file a URL names, from its percent-encoded bytes (a drop carries file:///caf%E9,
// which QUrl::toLocalFile would decode to U+FFFD); when those bytes name no file (a URL made
// from text that had U+FFFD already), as fromText(). Empty when it is not a local file.
[[nodiscard]] std::filesystem::path fromUrl(const QUrl& url);

} // namespace localpath
