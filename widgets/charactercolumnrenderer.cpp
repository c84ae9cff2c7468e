#include "charactercolumnrenderer.h"

#include "decode/notices.h"
#include "describe/displayform.h"
#include "describe/hexdigits.h"
#include "describe/textformat.h"
#include "kindpalette.h"

#include <QPainter>

std::vector<CharacterColumnRenderer::Span>
CharacterColumnRenderer::spansOf(std::span<const moji::Sequence> units) {
    std::vector<Span> spans;
    spans.reserve(units.size());
    for (const moji::Sequence& unit : units) {
        Span span;
        span.offset = unit.offset;
        span.length = unit.length;
        span.kind = unit.kind;
        span.notice = moji::noticeKindOf(unit).has_value();
        if (moji::isAnomaly(unit.kind)) {
            span.look = Span::Look::Anomaly;
            span.text = QString::fromUtf8(moji::utf8Text(moji::lenientCodePoint(unit)));
        } else {
            const moji::DisplayForm form = moji::displayFormOf(unit.value);
            switch (form.style) {
            case moji::DisplayForm::Style::Glyph:
            case moji::DisplayForm::Style::Combining:
                span.look = Span::Look::Text;
                span.text = QString::fromUtf8(form.text);
                break;
            case moji::DisplayForm::Style::Picture:
                span.look = Span::Look::Picture;
                span.text = QString::fromUtf8(form.text);
                break;
            case moji::DisplayForm::Style::LabelledBox:
                span.look = Span::Look::Box;
                span.text = QString::fromUtf8(form.label);
                break;
            }
        }
        spans.push_back(std::move(span));
    }
    return spans;
}

int CharacterColumnRenderer::left(const RowLayout& layout) const {
    return layout.charCellLeft(0);
}

int CharacterColumnRenderer::width(const RowLayout& layout) const {
    return layout.charCellLeft(layout.bytesPerRow()) - left(layout);
}

void CharacterColumnRenderer::setFonts(const QFont& hexFont, const QFont& charFont) {
    mHeaderFont = hexFont;
    mFont = charFont;
    mLabelFont = hexFont;
    mLabelFont.setPointSizeF(hexFont.pointSizeF() * 0.7);
}

std::optional<int> CharacterColumnRenderer::columnAt(const RowLayout& layout, int x) const {
    return columnIn(layout, x, RowLayout::Area::Characters);
}

std::optional<ColumnRenderer::Cell> CharacterColumnRenderer::cell(const RowLayout& layout,
                                                                  int column) const {
    return Cell{layout.charCellLeft(column) - left(layout), layout.charCellWidth()};
}

void CharacterColumnRenderer::paintHeader(QPainter& painter, const RowPaint& paint) const {
    painter.setFont(mHeaderFont);
    painter.setPen(paint.palette.color(QPalette::PlaceholderText));
    const int origin = left(paint.layout);
    for (int column = 0; column < paint.layout.bytesPerRow(); column += 4)
        painter.drawText(paint.layout.charCellLeft(column) - origin, paint.baseline,
                         QString(QLatin1Char(moji::hexDigit(column & 0xF, moji::HexCase::Upper))));
}

struct CharacterColumnRenderer::Frame {
    int origin;     // left(layout)
    int lineHeight; // of a row
    qreal radius;   // of an outline's corners
    QColor text;
    QColor placeholder; // for stand-ins and labels
};

void CharacterColumnRenderer::paintRows(QPainter& painter, const RowPaint& paint) const {
    const RowLayout& layout = paint.layout;
    const Frame frame{left(layout), layout.metrics().lineHeight, layout.metrics().lineHeight / 4.0,
                      paint.palette.color(QPalette::Text),
                      paint.palette.color(QPalette::PlaceholderText)};
    for (const Span& span : spansOf(paint.units))
        paintSpan(painter, paint, frame, span);
}

void CharacterColumnRenderer::paintSpan(QPainter& painter, const RowPaint& paint,
                                        const Frame& frame, const Span& span) const {
    const RowLayout& layout = paint.layout;
    const KindPalette& kinds = paint.kinds;
    const int lineHeight = frame.lineHeight;
    const qreal radius = frame.radius;
    const bool anomaly = span.look == Span::Look::Anomaly;
    const auto cellLeft = [&](int column) { return layout.charCellLeft(column) - frame.origin; };

    paint.forEachPiece(span.offset, span.length, [&](const RowPaint::Piece& piece) {
        const int y = piece.y;
        const QRect cells(cellLeft(piece.firstColumn) + 1, y + 1,
                          cellLeft(piece.lastColumn + 1) - cellLeft(piece.firstColumn) - 2,
                          lineHeight - 2);

        int a = 0, b = 0;
        if (paint.selectedColumns(piece, &a, &b))
            painter.fillRect(QRect(cellLeft(a), y, cellLeft(b + 1) - cellLeft(a), lineHeight),
                             paint.selection);

        painter.setRenderHint(QPainter::Antialiasing, true);
        if (anomaly) {
            painter.setPen(QPen(kinds.anomaly(span.kind), 1.5));
            painter.setBrush(kinds.anomalyFill(span.kind));
            painter.drawRoundedRect(cells, radius, radius);
        } else if (span.length > 1) {
            painter.setPen(QPen(kinds.sequenceOutline(), 1));
            painter.setBrush(Qt::NoBrush);
            painter.drawRoundedRect(cells, radius, radius);
        }
        if (span.notice) {
            painter.setPen(QPen(kinds.notice(), 2, Qt::DotLine));
            painter.drawLine(cells.left() + 2, y + lineHeight - 3, cells.right() - 2,
                             y + lineHeight - 3);
        }
        painter.setRenderHint(QPainter::Antialiasing, false);

        if (piece.opensHere)
            paintText(painter, paint, frame, span, cells);
        else
            painter.fillRect(QRect(cells.left() + 2, cells.center().y(), cells.width() - 4, 1),
                             anomaly ? kinds.anomaly(span.kind) : kinds.sequenceOutline());
    });
}

void CharacterColumnRenderer::paintText(QPainter& painter, const RowPaint& paint,
                                        const Frame& frame, const Span& span,
                                        const QRect& cell) const {
    switch (span.look) {
    case Span::Look::Anomaly:
        painter.setFont(mFont);
        painter.setPen(paint.kinds.anomaly(span.kind));
        painter.drawText(cell, Qt::AlignCenter, span.text);
        break;
    case Span::Look::Text:
        painter.setFont(mFont);
        painter.setPen(frame.text);
        painter.drawText(cell, Qt::AlignCenter, span.text);
        break;
    case Span::Look::Picture:
        painter.setFont(mFont);
        painter.setPen(frame.placeholder);
        painter.drawText(cell, Qt::AlignCenter, span.text);
        break;
    case Span::Look::Box: {
        painter.setFont(mLabelFont);
        painter.setPen(frame.placeholder);
        painter.setBrush(Qt::NoBrush);
        const QRect box = cell.adjusted(1, 3, -1, -3);
        painter.drawRect(box);
        painter.drawText(box, Qt::AlignCenter, span.text);
        break;
    }
    }
}
