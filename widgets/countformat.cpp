#include "countformat.h"

#include <QLocale>

#include <limits>

int pluralSelector(std::uint64_t count) {
    if (count <= std::uint64_t(std::numeric_limits<int>::max()))
        return static_cast<int>(count);
    return 1'000'000'000 + static_cast<int>(count % 1'000'000);
}

QString formatCount(std::uint64_t count) {
    return QLocale().toString(static_cast<qulonglong>(count));
}
