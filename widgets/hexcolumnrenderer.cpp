#include "hexcolumnrenderer.h"

#include "decode/notices.h"
#include "describe/hexdigits.h"
#include "kindpalette.h"

#include <QPainter>

#include <array>

int HexColumnRenderer::left(const RowLayout& layout) const {
    return layout.hexCellLeft(0) - layout.metrics().charWidth / 2;
}

int HexColumnRenderer::width(const RowLayout& layout) const {
    return layout.hexColumnRight() + layout.metrics().charWidth - left(layout);
}

void HexColumnRenderer::setFonts(const QFont& hexFont, const QFont&) {
    mFont = hexFont;
}

std::optional<int> HexColumnRenderer::columnAt(const RowLayout& layout, int x) const {
    return columnIn(layout, x, RowLayout::Area::Hex);
}

std::optional<ColumnRenderer::Cell> HexColumnRenderer::cell(const RowLayout& layout,
                                                            int column) const {
    return Cell{layout.hexCellLeft(column) - left(layout), layout.hexCellWidth()};
}

void HexColumnRenderer::paintHeader(QPainter& painter, const RowPaint& paint) const {
    painter.setFont(mFont);
    painter.setPen(paint.palette.color(QPalette::PlaceholderText));
    const int origin = left(paint.layout);
    for (int column = 0; column < paint.layout.bytesPerRow(); ++column) {
        const moji::HexPair label = moji::hexPair(std::uint8_t(column), moji::HexCase::Upper);
        painter.drawText(paint.layout.hexCellLeft(column) - origin, paint.baseline,
                         QString::fromLatin1(std::array{label.high, label.low}.data(), 2));
    }
}

struct HexColumnRenderer::Frame {
    int origin;     // left(layout)
    int lineHeight; // of a row
    int pad;        // between a cell and the outline around it
    int cellWidth;
    qreal radius; // of an outline's corners
    QColor text;  // of a well-formed unit
};

void HexColumnRenderer::paintRows(QPainter& painter, const RowPaint& paint) const {
    const RowLayout& layout = paint.layout;
    const Frame frame{left(layout),
                      layout.metrics().lineHeight,
                      layout.metrics().charWidth / 2,
                      layout.hexCellWidth(),
                      layout.metrics().lineHeight / 4.0,
                      paint.palette.color(QPalette::Text)};
    painter.setFont(mFont);
    for (const moji::Sequence& unit : paint.units)
        paintUnit(painter, paint, frame, unit);
}

void HexColumnRenderer::paintUnit(QPainter& painter, const RowPaint& paint, const Frame& frame,
                                  const moji::Sequence& unit) const {
    const RowLayout& layout = paint.layout;
    const KindPalette& kinds = paint.kinds;
    const int lineHeight = frame.lineHeight;
    const int pad = frame.pad;
    const int cellWidth = frame.cellWidth;
    const qreal radius = frame.radius;
    const bool anomaly = moji::isAnomaly(unit.kind);
    const bool notice = moji::noticeKindOf(unit).has_value();
    const QColor& textColor = anomaly ? kinds.anomaly(unit.kind) : frame.text;
    const auto cellLeft = [&](int column) { return layout.hexCellLeft(column) - frame.origin; };

    paint.forEachPiece(unit.offset, unit.length, [&](const RowPaint::Piece& piece) {
        const int y = piece.y;
        const QRect span(cellLeft(piece.firstColumn) - pad + 1, y + 1,
                         cellLeft(piece.lastColumn) + cellWidth - cellLeft(piece.firstColumn) +
                             2 * pad - 2,
                         lineHeight - 2);

        // Selection first, then tints, outlines and text.
        int a = 0, b = 0;
        if (paint.selectedColumns(piece, &a, &b))
            painter.fillRect(QRect(cellLeft(a) - pad, y,
                                   cellLeft(b) + cellWidth - cellLeft(a) + 2 * pad, lineHeight),
                             paint.selection);

        painter.setRenderHint(QPainter::Antialiasing, true);
        if (anomaly) {
            painter.setPen(QPen(kinds.anomaly(unit.kind), 1.5));
            painter.setBrush(kinds.anomalyFill(unit.kind));
            painter.drawRoundedRect(span, radius, radius);
        } else if (unit.length > 1) {
            // Lead and continuation tints, then one outline around the whole sequence.
            painter.setPen(Qt::NoPen);
            for (std::uint64_t offset = piece.first; offset < piece.end; ++offset) {
                const int column = static_cast<int>(offset - piece.rowStart);
                painter.setBrush(offset == unit.offset ? kinds.leadTint()
                                                       : kinds.continuationTint());
                painter.drawRoundedRect(
                    QRect(cellLeft(column) - 2, y + 3, cellWidth + 4, lineHeight - 6), 3, 3);
            }
            painter.setPen(QPen(kinds.sequenceOutline(), 1));
            painter.setBrush(Qt::NoBrush);
            painter.drawRoundedRect(span, radius, radius);
        }
        if (!piece.opensHere || !piece.closesHere) {
            // A unit that wraps: mark the open ends.
            painter.setPen(
                QPen(anomaly ? kinds.anomaly(unit.kind) : kinds.sequenceOutline(), 1, Qt::DotLine));
            if (!piece.closesHere)
                painter.drawLine(span.right(), span.top() + 2, span.right(), span.bottom() - 2);
            if (!piece.opensHere)
                painter.drawLine(span.left(), span.top() + 2, span.left(), span.bottom() - 2);
        }
        if (notice) {
            painter.setPen(QPen(kinds.notice(), 2, Qt::DotLine));
            painter.drawLine(span.left() + 2, y + lineHeight - 3, span.right() - 2,
                             y + lineHeight - 3);
        }
        painter.setRenderHint(QPainter::Antialiasing, false);

        painter.setPen(textColor);
        const int baseline = y + paint.baseline;
        for (std::uint64_t offset = piece.first; offset < piece.end; ++offset) {
            const moji::HexPair digits = moji::hexPair(paint.bytes[offset], moji::HexCase::Upper);
            painter.drawText(cellLeft(static_cast<int>(offset - piece.rowStart)), baseline,
                             QString::fromLatin1(std::array{digits.high, digits.low}.data(), 2));
        }
    });
}
