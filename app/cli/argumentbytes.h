#pragma once

#include <QString>
#include <QStringList>

#include <string>

// Command-line arguments are bytes, and a file name need not be UTF-8. Qt's parser works on
// QString, and Qt 6 decodes ill-formed UTF-8 to U+FFFD, which cannot be turned back into the
// name. So arguments are decoded losslessly: well-formed UTF-8 as itself, and each byte of an
// ill-formed stretch as the lone surrogate U+DC80..U+DCFF (the "surrogateescape" of Python's
// PEP 383), which no well-formed UTF-8 decodes to. bytesOf() gives back the exact bytes.
namespace argumentbytes {

[[nodiscard]] QString decode(const std::string& bytes);
[[nodiscard]] QStringList decode(int argc, char** argv, int first = 1);

// The bytes `argument` was decoded from (UTF-8 for text that never held any).
[[nodiscard]] std::string bytesOf(const QString& argument);

} // namespace argumentbytes
