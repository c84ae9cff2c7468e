#include "offsetcolumnrenderer.h"

#include <QPainter>
#include <QPalette>

int OffsetColumnRenderer::left(const RowLayout&) const {
    return 0;
}

int OffsetColumnRenderer::width(const RowLayout& layout) const {
    return layout.offsetColumnWidth();
}

void OffsetColumnRenderer::setFonts(const QFont& hexFont, const QFont&) {
    mFont = hexFont;
}

void OffsetColumnRenderer::paintHeader(QPainter& painter, const RowPaint& paint) const {
    painter.setFont(mFont);
    painter.setPen(paint.palette.color(QPalette::PlaceholderText));
    painter.drawText(0, paint.baseline, tr("offset"));
}

void OffsetColumnRenderer::paintRows(QPainter& painter, const RowPaint& paint) const {
    painter.setFont(mFont);
    painter.setPen(paint.palette.color(QPalette::PlaceholderText));
    const int digits = paint.layout.metrics().offsetDigits;
    for (std::uint64_t row = paint.firstRow; row <= paint.lastRow; ++row)
        painter.drawText(0, paint.rowTop(row) + paint.baseline,
                         QStringLiteral("%1")
                             .arg(paint.layout.rowStart(row), digits, 16, QLatin1Char('0'))
                             .toUpper());
}
