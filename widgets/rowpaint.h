#pragma once

#include "decode/sequence.h"
#include "rowlayout.h"

#include <QColor>

#include <algorithm>
#include <cstdint>
#include <span>

class KindPalette;
class QPalette;

// One paint of the byte table as every column sees it. The view fills it once per paint (layout,
// palettes, the decoded units of the exposed rows, the selection) and hands it to each column,
// so nothing here is looked up per unit.
struct RowPaint {
    const RowLayout& layout;
    const QPalette& palette;
    const KindPalette& kinds;
    std::span<const std::uint8_t> bytes;   // the whole file
    std::span<const moji::Sequence> units; // every unit overlapping the painted rows, in order
    std::uint64_t firstRow = 0;
    std::uint64_t lastRow = 0; // inclusive
    int top = 0;               // y of the top edge of firstRow
    int baseline = 0;          // of the hex font's text, from the top of a row
    std::uint64_t selectionStart = 0;
    std::uint64_t selectionEnd = 0; // exclusive; the selection is empty when equal to the start
    QColor selection;               // the selection tint, its alpha already set for focus

    // The part of a unit [offset, offset + length) that lies in one row.
    struct Piece {
        std::uint64_t row = 0;
        std::uint64_t rowStart = 0; // offset of the row's first byte
        std::uint64_t first = 0;    // first byte of the unit in this row
        std::uint64_t end = 0;      // one past its last byte in this row
        int firstColumn = 0;
        int lastColumn = 0; // inclusive
        int y = 0;          // top of the row
        bool opensHere = false;
        bool closesHere = false;
    };
    // The pieces of a unit in the painted rows, top to bottom.
    template <typename Visit>
    void forEachPiece(std::uint64_t offset, std::uint64_t length, Visit&& visit) const {
        const std::uint64_t unitEnd = offset + length;
        const std::uint64_t from = std::max(layout.rowOf(offset), firstRow);
        const std::uint64_t to = std::min(layout.rowOf(unitEnd - 1), lastRow);
        for (std::uint64_t row = from; row <= to; ++row) {
            Piece piece;
            piece.row = row;
            piece.rowStart = layout.rowStart(row);
            piece.first = std::max(offset, piece.rowStart);
            piece.end = std::min(unitEnd, layout.rowEnd(row));
            piece.firstColumn = static_cast<int>(piece.first - piece.rowStart);
            piece.lastColumn = static_cast<int>(piece.end - piece.rowStart) - 1;
            piece.y = rowTop(row);
            piece.opensHere = piece.first == offset;
            piece.closesHere = piece.end == unitEnd;
            visit(piece);
        }
    }

    [[nodiscard]] int rowTop(std::uint64_t row) const {
        return top + static_cast<int>(row - firstRow) * layout.metrics().lineHeight;
    }
    // The selected columns of a piece, if any of it is selected.
    [[nodiscard]] bool selectedColumns(const Piece& piece, int* first, int* last) const {
        if (piece.first >= selectionEnd || piece.end <= selectionStart)
            return false;
        *first = static_cast<int>(std::max(piece.first, selectionStart) - piece.rowStart);
        *last = static_cast<int>(std::min(piece.end, selectionEnd) - piece.rowStart) - 1;
        return true;
    }
};
