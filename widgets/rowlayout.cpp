#include "rowlayout.h"

#include <algorithm>
#include <climits>

namespace {
constexpr int kGroupSize = 8;
constexpr std::uint64_t kMaxScrollSteps = 1'000'000'000;
} // namespace

RowLayout::RowLayout(std::uint64_t size, int bytesPerRow, Metrics metrics)
    : mSize(size), mBytesPerRow(std::max(1, bytesPerRow)), mMetrics(metrics) {}

std::uint64_t RowLayout::rowCount() const {
    return std::max<std::uint64_t>(1, (mSize + mBytesPerRow - 1) / mBytesPerRow);
}

std::uint64_t RowLayout::rowEnd(std::uint64_t row) const {
    return std::min(mSize, rowStart(row) + mBytesPerRow);
}

int RowLayout::offsetColumnWidth() const {
    return mMetrics.offsetDigits * mMetrics.charWidth;
}

int RowLayout::hexCellLeft(int column) const {
    return offsetColumnWidth() + sectionGap() + column * 3 * mMetrics.charWidth +
           (column / kGroupSize) * groupGap();
}

int RowLayout::hexColumnRight() const {
    return hexCellLeft(mBytesPerRow - 1) + hexCellWidth();
}

int RowLayout::charCellLeft(int column) const {
    return hexColumnRight() + sectionGap() + column * charCellWidth();
}

int RowLayout::totalWidth() const {
    return charCellLeft(mBytesPerRow) + mMetrics.charWidth;
}

RowLayout::Hit RowLayout::hitTest(int x) const {
    if (x >= hexCellLeft(0) - mMetrics.charWidth / 2 && x < hexColumnRight() + mMetrics.charWidth) {
        for (int column = mBytesPerRow - 1; column >= 0; --column) {
            if (x >= hexCellLeft(column) - mMetrics.charWidth / 2)
                return {Area::Hex, column};
        }
        return {Area::Hex, 0};
    }
    if (x >= charCellLeft(0) && x < charCellLeft(mBytesPerRow))
        return {Area::Characters, (x - charCellLeft(0)) / charCellWidth()};
    return {};
}

std::uint64_t RowLayout::rowsPerScrollStep() const {
    return std::max<std::uint64_t>(1, (rowCount() + kMaxScrollSteps - 1) / kMaxScrollSteps);
}

int RowLayout::scrollSteps() const {
    return static_cast<int>(std::min<std::uint64_t>(INT_MAX, rowCount() / rowsPerScrollStep()));
}
