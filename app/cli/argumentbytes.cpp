#include "cli/argumentbytes.h"

#include "decode/sequencereader.h"

namespace argumentbytes {
namespace {

constexpr char16_t kEscapeBase = 0xDC00;

} // namespace

QString decode(const std::string& bytes) {
    QString text;
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
    for (std::size_t at = 0; at < bytes.size();) {
        const moji::Sequence unit = moji::readSequence(data + at, bytes.size() - at, true);
        if (unit.kind == moji::SequenceKind::Valid) {
            text += QString::fromUtf8(bytes.data() + at, qsizetype(unit.length));
        } else {
            for (std::size_t i = 0; i < unit.length; ++i)
                text += QChar(char16_t(kEscapeBase + data[at + i]));
        }
        at += unit.length;
    }
    return text;
}

QStringList decode(int argc, char** argv, int first) {
    QStringList arguments;
    for (int i = first; i < argc; ++i)
        arguments << decode(std::string(argv[i]));
    return arguments;
}

std::string bytesOf(const QString& argument) {
    std::string bytes;
    qsizetype runStart = 0;
    const auto flush = [&](qsizetype end) {
        if (end > runStart)
            bytes += QStringView(argument).sliced(runStart, end - runStart).toUtf8().toStdString();
    };
    for (qsizetype i = 0; i < argument.size(); ++i) {
        const char16_t c = argument.at(i).unicode();
        const bool paired = i > 0 && argument.at(i - 1).isHighSurrogate();
        if (c >= kEscapeBase + 0x80 && c <= kEscapeBase + 0xFF && !paired) {
            flush(i);
            bytes += static_cast<char>(c - kEscapeBase);
            runStart = i + 1;
        }
    }
    flush(argument.size());
    return bytes;
}

} // namespace argumentbytes
