#pragma once

#include <cstdint>

// The arithmetic of the byte table, with no widget: which row and column a byte is in, and
// where the hex and character cells of a column are in pixels. Rows are 64-bit: a file of any
// size has rowCount() rows; a scroll bar's int range is mapped onto them by scrollSteps().
//
// Horizontal layout, left to right (all widths in pixels):
//   offset column | gap | hex cells (in groups of 8) | gap | character cells
class RowLayout {
  public:
    struct Metrics {
        int charWidth = 8;   // width of one monospace digit
        int lineHeight = 18; // height of one row
        int offsetDigits = 10;
    };

    RowLayout(std::uint64_t size, int bytesPerRow, Metrics metrics);

    [[nodiscard]] std::uint64_t size() const { return mSize; }
    [[nodiscard]] int bytesPerRow() const { return mBytesPerRow; }
    [[nodiscard]] const Metrics& metrics() const { return mMetrics; }

    // At least one row, so that an empty file still shows an (empty) first row.
    [[nodiscard]] std::uint64_t rowCount() const;
    [[nodiscard]] std::uint64_t rowOf(std::uint64_t offset) const { return offset / mBytesPerRow; }
    [[nodiscard]] int columnOf(std::uint64_t offset) const {
        return static_cast<int>(offset % mBytesPerRow);
    }
    [[nodiscard]] std::uint64_t rowStart(std::uint64_t row) const { return row * mBytesPerRow; }
    // One past the last byte of `row` that exists.
    [[nodiscard]] std::uint64_t rowEnd(std::uint64_t row) const;

    // Pixel positions, relative to the left edge of the table.
    [[nodiscard]] int offsetColumnWidth() const;
    [[nodiscard]] int hexCellLeft(int column) const;
    [[nodiscard]] int hexCellWidth() const { return 2 * mMetrics.charWidth; }
    [[nodiscard]] int hexColumnRight() const;
    [[nodiscard]] int charCellLeft(int column) const;
    [[nodiscard]] int charCellWidth() const { return mMetrics.charWidth + mMetrics.charWidth / 2; }
    [[nodiscard]] int totalWidth() const;

    enum class Area { None, Hex, Characters };
    struct Hit {
        Area area = Area::None;
        int column = -1;
    };
    // The cell under x: a hex cell (including the space after it) or a character cell.
    [[nodiscard]] Hit hitTest(int x) const;

    // Scroll bars count in int: rows are grouped so that the steps fit.
    [[nodiscard]] std::uint64_t rowsPerScrollStep() const;
    [[nodiscard]] int scrollSteps() const;

  private:
    [[nodiscard]] int groupGap() const { return mMetrics.charWidth; }
    [[nodiscard]] int sectionGap() const { return 2 * mMetrics.charWidth; }

    std::uint64_t mSize;
    int mBytesPerRow;
    Metrics mMetrics;
};
