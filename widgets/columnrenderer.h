#pragma once

#include "rowlayout.h"
#include "rowpaint.h"

#include <optional>

class QFont;
class QPainter;

// One column of the byte table (offsets, hex, characters): where it sits in a RowLayout, how it
// paints its header and a range of rows, and which byte column a point in it shows. The view
// (ByteTableView) owns the layout, scrolling, selection and input; it places each column at its
// x and asks it to paint. Renderers hold only fonts and what they derive from them.
//
// Coordinates: left() and width() are in table pixels (RowLayout's); everything else is relative
// to the column's left edge: the view translates the painter so that x = 0 is left().
//
// To add a column: derive; give it a place in RowLayout; paint only inside [0, width()) of each
// row, reading everything per paint from RowPaint; add it to ByteTableView's columns().
// credit: the idea of one renderer per column is Okteta's (gui/libcolumnsview).
class ColumnRenderer {
  public:
    virtual ~ColumnRenderer() = default;

    [[nodiscard]] virtual int left(const RowLayout& layout) const = 0;
    [[nodiscard]] virtual int width(const RowLayout& layout) const = 0;

    // The view's fonts changed: the hex font (digits, offsets) and the character font.
    virtual void setFonts(const QFont& hexFont, const QFont& charFont) = 0;

    // The header band is one row high, at y = 0.
    virtual void paintHeader(QPainter& painter, const RowPaint& paint) const = 0;
    // Paints rows paint.firstRow to paint.lastRow, each at paint.rowTop(row).
    virtual void paintRows(QPainter& painter, const RowPaint& paint) const = 0;

    // Hit test: the byte column (0 to bytesPerRow - 1) of the cell under x, or nullopt when the
    // column shows no byte there (the offsets column shows none).
    [[nodiscard]] virtual std::optional<int> columnAt(const RowLayout&, int /*x*/) const {
        return std::nullopt;
    }

  protected:
    // columnAt() for a column that shows the byte cells of `area`.
    [[nodiscard]] std::optional<int> columnIn(const RowLayout& layout, int x,
                                              RowLayout::Area area) const {
        const RowLayout::Hit hit = layout.hitTest(left(layout) + x);
        if (hit.area != area)
            return std::nullopt;
        return hit.column;
    }

  public:
    // Where the cell of byte column `column` is: its left edge and width; nullopt without cells.
    struct Cell {
        int left = 0;
        int width = 0;
    };
    [[nodiscard]] virtual std::optional<Cell> cell(const RowLayout&, int /*column*/) const {
        return std::nullopt;
    }
};
