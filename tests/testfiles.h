#pragma once

// Test inputs and outputs on disk. A test cannot go on without its input, so a write failure
// stops the test program.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace testfiles {

inline QString write(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

inline QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    return write(dir.filePath(name), bytes);
}

// The bytes of `path`; empty when it cannot be read.
inline QByteArray read(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace testfiles
