#include "bytetableview.h"

#include "decode/notices.h"
#include "describe/bitlayout.h"
#include "describe/displayform.h"
#include "describe/explanation.h"
#include "describe/textformat.h"
#include "kindpalette.h"
#include "model/document.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>

namespace {

std::uint64_t unitEnd(const moji::Sequence& unit) {
    return unit.offset + unit.length;
}

int hexDigitsFor(std::uint64_t value) {
    int digits = 1;
    while (value >>= 4)
        ++digits;
    return digits;
}

} // namespace

ByteTableView::ByteTableView(QWidget* parent) : QAbstractScrollArea(parent) {
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setMouseTracking(false);
    setAccessibleName(tr("Hex and character view"));
    setAccessibleDescription(
        tr("The file's bytes in hex beside the characters they decode to, one row per line"));
    mHexFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mCharFont = mHexFont;
    mCharFont.setFamilies({QStringLiteral("Noto Sans Mono"), QStringLiteral("Noto Sans CJK JP"),
                           QStringLiteral("Noto Sans"), QStringLiteral("Noto Color Emoji")});
    updateMetrics();
}

void ByteTableView::setDocument(Document* document) {
    mDocument = document;
    mTopRow = 0;
    mCursor = mAnchor = mSelectionStart = mSelectionEnd = 0;
    updateMetrics();
    verticalScrollBar()->setValue(0);
    if (mDocument && mDocument->size() > 0)
        moveCursor(0);
    viewport()->update();
}

void ByteTableView::setBytesPerRow(int bytesPerRow) {
    mBytesPerRow = std::clamp(bytesPerRow, 1, 64);
    updateScrollBars();
    ensureVisible(mCursor);
    viewport()->update();
}

RowLayout ByteTableView::rowLayout() const {
    return RowLayout(mDocument ? mDocument->size() : 0, mBytesPerRow, mMetrics);
}

void ByteTableView::setActiveArea(Area area) {
    mArea = area;
    viewport()->update();
}

void ByteTableView::updateMetrics() {
    const QFontMetrics metrics(mHexFont);
    mMetrics.charWidth = metrics.horizontalAdvance(QLatin1Char('0'));
    mMetrics.lineHeight = metrics.height() + 6;
    mBaseline = (mMetrics.lineHeight + metrics.ascent() - metrics.descent()) / 2;
    mMetrics.offsetDigits = std::max(8, hexDigitsFor(mDocument ? mDocument->size() : 0));
    updateScrollBars();
}

int ByteTableView::headerHeight() const {
    return mMetrics.lineHeight;
}

int ByteTableView::visibleRows() const {
    return std::max(1, (viewport()->height() - headerHeight()) / mMetrics.lineHeight);
}

void ByteTableView::updateScrollBars() {
    const RowLayout layout = rowLayout();
    const std::uint64_t perStep = layout.rowsPerScrollStep();
    const int pageSteps = std::max<int>(1, static_cast<int>(visibleRows() / perStep));
    verticalScrollBar()->setRange(0, std::max(0, layout.scrollSteps() - pageSteps + 1));
    verticalScrollBar()->setPageStep(pageSteps);
    verticalScrollBar()->setSingleStep(1);
    horizontalScrollBar()->setRange(0, std::max(0, layout.totalWidth() - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
}

void ByteTableView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

void ByteTableView::scrollContentsBy(int, int) {
    const RowLayout layout = rowLayout();
    const std::uint64_t row =
        static_cast<std::uint64_t>(verticalScrollBar()->value()) * layout.rowsPerScrollStep();
    if (row != mTopRow) {
        mTopRow = std::min(row, layout.rowCount() - 1);
        emit topRowChanged(mTopRow);
    }
    viewport()->update();
}

void ByteTableView::scrollToRow(std::uint64_t row) {
    const RowLayout layout = rowLayout();
    const std::uint64_t last =
        layout.rowCount() > std::uint64_t(visibleRows()) ? layout.rowCount() - visibleRows() : 0;
    row = std::min(row, last);
    {
        const QSignalBlocker blocker(verticalScrollBar());
        verticalScrollBar()->setValue(static_cast<int>(row / layout.rowsPerScrollStep()));
    }
    if (row != mTopRow) {
        mTopRow = row;
        emit topRowChanged(mTopRow);
    }
    viewport()->update();
}

void ByteTableView::ensureVisible(std::uint64_t offset) {
    const RowLayout layout = rowLayout();
    const std::uint64_t row = layout.rowOf(offset);
    if (row < mTopRow)
        scrollToRow(row);
    else if (row >= mTopRow + visibleRows())
        scrollToRow(row - visibleRows() + 1);
}

void ByteTableView::moveCursor(std::uint64_t offset, bool extend) {
    if (!mDocument || mDocument->size() == 0)
        return;
    offset = std::min(offset, mDocument->size() - 1);
    const moji::Sequence unit = mDocument->unitAt(offset);
    mCursor = offset;
    if (extend) {
        const moji::Sequence anchor = mDocument->unitAt(mAnchor);
        mSelectionStart = std::min(anchor.offset, unit.offset);
        mSelectionEnd = std::max(unitEnd(anchor), unitEnd(unit));
    } else {
        mAnchor = unit.offset;
        mSelectionStart = unit.offset;
        mSelectionEnd = unitEnd(unit);
    }
    ensureVisible(offset);
    emit cursorMoved(mCursor);
    emit selectionChanged(mSelectionStart, mSelectionEnd);
    viewport()->update();
}

void ByteTableView::selectRange(std::uint64_t start, std::uint64_t end) {
    if (!mDocument || start >= end)
        return;
    mAnchor = mCursor = start;
    mSelectionStart = start;
    mSelectionEnd = std::min(end, mDocument->size());
    ensureVisible(start);
    emit cursorMoved(mCursor);
    emit selectionChanged(mSelectionStart, mSelectionEnd);
    viewport()->update();
}

QRect ByteTableView::cellRect(std::uint64_t offset, Area area) const {
    const RowLayout layout = rowLayout();
    const std::uint64_t row = layout.rowOf(offset);
    if (row < mTopRow || row > mTopRow + visibleRows())
        return {};
    const int column = layout.columnOf(offset);
    const int y = headerHeight() + static_cast<int>(row - mTopRow) * mMetrics.lineHeight;
    const int x = area == Area::Hex ? layout.hexCellLeft(column) : layout.charCellLeft(column);
    const int width = area == Area::Hex ? layout.hexCellWidth() : layout.charCellWidth();
    return QRect(x - horizontalScrollBar()->value(), y, width, mMetrics.lineHeight);
}

std::uint64_t ByteTableView::offsetAt(const QPoint& position, Area* area) const {
    const RowLayout layout = rowLayout();
    const RowLayout::Hit hit = layout.hitTest(position.x() + horizontalScrollBar()->value());
    if (hit.area == RowLayout::Area::None || position.y() < headerHeight())
        return UINT64_MAX;
    *area = hit.area == RowLayout::Area::Hex ? Area::Hex : Area::Characters;
    const std::uint64_t row = mTopRow + (position.y() - headerHeight()) / mMetrics.lineHeight;
    const std::uint64_t offset = layout.rowStart(row) + hit.column;
    return offset < layout.size() ? offset : UINT64_MAX;
}

void ByteTableView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    Area area = mArea;
    const std::uint64_t offset = offsetAt(event->position().toPoint(), &area);
    if (offset == UINT64_MAX)
        return;
    mArea = area;
    moveCursor(offset, event->modifiers() & Qt::ShiftModifier);
}

void ByteTableView::mouseMoveEvent(QMouseEvent* event) {
    if (!(event->buttons() & Qt::LeftButton))
        return;
    Area area = mArea;
    const std::uint64_t offset = offsetAt(event->position().toPoint(), &area);
    if (offset != UINT64_MAX)
        moveCursor(offset, true);
}

bool ByteTableView::focusNextPrevChild(bool next) {
    if (next && mArea == Area::Hex && hasFocus()) {
        setActiveArea(Area::Characters);
        return true;
    }
    if (!next && mArea == Area::Characters && hasFocus()) {
        setActiveArea(Area::Hex);
        return true;
    }
    return QAbstractScrollArea::focusNextPrevChild(next);
}

void ByteTableView::keyPressEvent(QKeyEvent* event) {
    if (!mDocument || mDocument->size() == 0)
        return QAbstractScrollArea::keyPressEvent(event);
    const RowLayout layout = rowLayout();
    const std::uint64_t size = mDocument->size();
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    const bool control = event->modifiers() & Qt::ControlModifier;
    const std::uint64_t page = std::uint64_t(mBytesPerRow) * visibleRows();
    const moji::Sequence unit = mDocument->unitAt(mCursor);
    const bool byCharacter = mArea == Area::Characters;
    std::uint64_t target = mCursor;
    switch (event->key()) {
    case Qt::Key_Left:
        if (byCharacter)
            target = unit.offset == 0 ? 0 : mDocument->unitAt(unit.offset - 1).offset;
        else
            target = mCursor == 0 ? 0 : mCursor - 1;
        break;
    case Qt::Key_Right:
        target = byCharacter ? std::min(unitEnd(unit), size - 1) : std::min(mCursor + 1, size - 1);
        break;
    case Qt::Key_Up:
        target = mCursor >= std::uint64_t(mBytesPerRow) ? mCursor - mBytesPerRow : mCursor;
        break;
    case Qt::Key_Down:
        target = mCursor + mBytesPerRow < size ? mCursor + mBytesPerRow : mCursor;
        break;
    case Qt::Key_PageUp:
        target = mCursor >= page ? mCursor - page : 0;
        break;
    case Qt::Key_PageDown:
        target = std::min(mCursor + page, size - 1);
        break;
    case Qt::Key_Home:
        target = control ? 0 : layout.rowStart(layout.rowOf(mCursor));
        break;
    case Qt::Key_End:
        target = control ? size - 1 : layout.rowEnd(layout.rowOf(mCursor)) - 1;
        break;
    default:
        return QAbstractScrollArea::keyPressEvent(event);
    }
    if (byCharacter)
        target = mDocument->unitAt(target).offset;
    moveCursor(target, extend);
}

void ByteTableView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange ||
        event->type() == QEvent::StyleChange) {
        updateMetrics();
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(event);
}

bool ByteTableView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip && mDocument) {
        auto* help = static_cast<QHelpEvent*>(event);
        Area area = mArea;
        const std::uint64_t offset = offsetAt(help->pos(), &area);
        if (offset == UINT64_MAX) {
            QToolTip::hideText();
            return true;
        }
        const moji::Sequence unit = mDocument->unitAt(offset);
        const auto all = mDocument->bytes();
        const auto bytes = all.subspan(unit.offset, unit.length);
        QString text =
            QStringLiteral("<b>%1</b> — %2<br>%3")
                .arg(QString::fromUtf8(moji::formatHexBytes(bytes, moji::HexCase::Upper, 16)),
                     KindPalette::displayName(unit.kind),
                     QString::fromUtf8(moji::explainSequence(unit, all)).toHtmlEscaped());
        QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void ByteTableView::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    const QPalette& palette = this->palette();
    painter.fillRect(viewport()->rect(), palette.color(QPalette::Base));
    const RowLayout layout = rowLayout();
    const KindPalette kinds(palette);
    painter.translate(-horizontalScrollBar()->value(), 0);

    // Header: column numbers over both views.
    painter.setFont(mHexFont);
    painter.setPen(palette.color(QPalette::PlaceholderText));
    const int baseline = mBaseline;
    painter.drawText(0, baseline, tr("offset"));
    for (int column = 0; column < mBytesPerRow; ++column) {
        const QString label = QStringLiteral("%1").arg(column, 2, 16, QLatin1Char('0')).toUpper();
        painter.drawText(layout.hexCellLeft(column), baseline, label);
        if (column % 4 == 0)
            painter.drawText(layout.charCellLeft(column), baseline, label.right(1));
    }
    painter.drawLine(0, headerHeight() - 1, layout.totalWidth(), headerHeight() - 1);

    if (!mDocument)
        return;
    const std::uint64_t lastRow =
        std::min<std::uint64_t>(layout.rowCount() - 1, mTopRow + visibleRows());
    const std::uint64_t from = layout.rowStart(mTopRow);
    const std::uint64_t to = layout.rowEnd(lastRow);
    const auto& units = mDocument->units(from, to);

    // Offsets.
    painter.setPen(palette.color(QPalette::PlaceholderText));
    for (std::uint64_t row = mTopRow; row <= lastRow; ++row) {
        const int y = headerHeight() + static_cast<int>(row - mTopRow) * mMetrics.lineHeight;
        painter.drawText(0, y + baseline,
                         QStringLiteral("%1")
                             .arg(layout.rowStart(row), mMetrics.offsetDigits, 16, QLatin1Char('0'))
                             .toUpper());
    }
    for (const moji::Sequence& unit : units) {
        const std::uint64_t firstRow = std::max(layout.rowOf(unit.offset), mTopRow);
        const std::uint64_t endRow = std::min(layout.rowOf(unitEnd(unit) - 1), lastRow);
        for (std::uint64_t row = firstRow; row <= endRow; ++row)
            paintUnit(painter, layout, kinds, unit, row,
                      headerHeight() + static_cast<int>(row - mTopRow) * mMetrics.lineHeight);
    }

    // The cursor: solid in the active view, dashed in the other.
    if (mDocument->size() > 0) {
        for (Area area : {Area::Hex, Area::Characters}) {
            QRect cell = cellRect(mCursor, area);
            if (cell.isEmpty())
                continue;
            cell.translate(horizontalScrollBar()->value(), 0);
            QPen pen(palette.color(QPalette::Highlight), area == mArea ? 2 : 1,
                     area == mArea ? Qt::SolidLine : Qt::DashLine);
            painter.setPen(pen);
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(cell.adjusted(-2, 1, 1, -2));
        }
    }
}

void ByteTableView::paintUnit(QPainter& painter, const RowLayout& layout, const KindPalette& kinds,
                              const moji::Sequence& unit, std::uint64_t row, int y) {
    const QPalette& palette = this->palette();
    const std::uint64_t rowStart = layout.rowStart(row);
    const std::uint64_t first = std::max(unit.offset, rowStart);
    const std::uint64_t end = std::min(unitEnd(unit), layout.rowEnd(row));
    const int firstColumn = static_cast<int>(first - rowStart);
    const int lastColumn = static_cast<int>(end - rowStart) - 1;
    const int pad = mMetrics.charWidth / 2;
    const QRect hexSpan(layout.hexCellLeft(firstColumn) - pad + 1, y + 1,
                        layout.hexCellLeft(lastColumn) + layout.hexCellWidth() -
                            layout.hexCellLeft(firstColumn) + 2 * pad - 2,
                        mMetrics.lineHeight - 2);
    const QRect charSpan(layout.charCellLeft(firstColumn) + 1, y + 1,
                         layout.charCellLeft(lastColumn + 1) - layout.charCellLeft(firstColumn) - 2,
                         mMetrics.lineHeight - 2);
    const bool anomaly = moji::isAnomaly(unit.kind);
    const auto notice = moji::noticeKindOf(unit);
    const bool opensHere = first == unit.offset;
    const bool closesHere = end == unitEnd(unit);

    // Selection first, then tints, outlines and text.
    if (first < mSelectionEnd && end > mSelectionStart) {
        const std::uint64_t selectedFirst = std::max(first, mSelectionStart);
        const std::uint64_t selectedEnd = std::min(end, mSelectionEnd);
        const int a = static_cast<int>(selectedFirst - rowStart);
        const int b = static_cast<int>(selectedEnd - rowStart) - 1;
        QColor highlight = palette.color(QPalette::Highlight);
        highlight.setAlpha(hasFocus() ? 90 : 55);
        painter.fillRect(
            QRect(layout.hexCellLeft(a) - pad, y,
                  layout.hexCellLeft(b) + layout.hexCellWidth() - layout.hexCellLeft(a) + 2 * pad,
                  mMetrics.lineHeight),
            highlight);
        painter.fillRect(QRect(layout.charCellLeft(a), y,
                               layout.charCellLeft(b + 1) - layout.charCellLeft(a),
                               mMetrics.lineHeight),
                         highlight);
    }

    painter.setRenderHint(QPainter::Antialiasing, true);
    const qreal radius = mMetrics.lineHeight / 4.0;
    if (anomaly) {
        painter.setPen(QPen(kinds.anomaly(unit.kind), 1.5));
        painter.setBrush(kinds.anomalyFill(unit.kind));
        painter.drawRoundedRect(hexSpan, radius, radius);
        painter.drawRoundedRect(charSpan, radius, radius);
    } else if (unit.length > 1) {
        // Lead and continuation tints, then one outline around the whole sequence.
        painter.setPen(Qt::NoPen);
        for (std::uint64_t offset = first; offset < end; ++offset) {
            const int column = static_cast<int>(offset - rowStart);
            painter.setBrush(offset == unit.offset ? kinds.leadTint() : kinds.continuationTint());
            painter.drawRoundedRect(QRect(layout.hexCellLeft(column) - 2, y + 3,
                                          layout.hexCellWidth() + 4, mMetrics.lineHeight - 6),
                                    3, 3);
        }
        painter.setPen(QPen(kinds.sequenceOutline(), 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(hexSpan, radius, radius);
        painter.drawRoundedRect(charSpan, radius, radius);
    }
    if (!opensHere || !closesHere) {
        // A unit that wraps: mark the open ends.
        painter.setPen(
            QPen(anomaly ? kinds.anomaly(unit.kind) : kinds.sequenceOutline(), 1, Qt::DotLine));
        if (!closesHere)
            painter.drawLine(hexSpan.right(), hexSpan.top() + 2, hexSpan.right(),
                             hexSpan.bottom() - 2);
        if (!opensHere)
            painter.drawLine(hexSpan.left(), hexSpan.top() + 2, hexSpan.left(),
                             hexSpan.bottom() - 2);
    }
    if (notice) {
        QPen pen(kinds.notice(), 2, Qt::DotLine);
        painter.setPen(pen);
        painter.drawLine(hexSpan.left() + 2, y + mMetrics.lineHeight - 3, hexSpan.right() - 2,
                         y + mMetrics.lineHeight - 3);
        painter.drawLine(charSpan.left() + 2, y + mMetrics.lineHeight - 3, charSpan.right() - 2,
                         y + mMetrics.lineHeight - 3);
    }
    painter.setRenderHint(QPainter::Antialiasing, false);

    // Hex digits.
    painter.setFont(mHexFont);
    painter.setPen(anomaly ? kinds.anomaly(unit.kind) : palette.color(QPalette::Text));
    const auto bytes = mDocument->bytes();
    const int baseline = y + mBaseline;
    for (std::uint64_t offset = first; offset < end; ++offset) {
        const int column = static_cast<int>(offset - rowStart);
        const std::uint8_t byte = bytes[offset];
        const char digits[] = {"0123456789ABCDEF"[byte >> 4], "0123456789ABCDEF"[byte & 15], 0};
        painter.drawText(layout.hexCellLeft(column), baseline, QString::fromLatin1(digits));
    }
    if (opensHere)
        paintCharacter(painter, kinds, unit, charSpan);
    else
        painter.fillRect(QRect(charSpan.left() + 2, charSpan.center().y(), charSpan.width() - 4, 1),
                         anomaly ? kinds.anomaly(unit.kind) : kinds.sequenceOutline());
}

void ByteTableView::paintCharacter(QPainter& painter, const KindPalette& kinds,
                                   const moji::Sequence& unit, const QRect& cell) {
    const QPalette& palette = this->palette();
    painter.setFont(mCharFont);
    if (moji::isAnomaly(unit.kind)) {
        // What a lenient decoder would show, where that is a character; else U+FFFD.
        QString glyph = QString(QChar(0xFFFD));
        if ((unit.kind == moji::SequenceKind::Overlong ||
             unit.kind == moji::SequenceKind::SurrogatePair) &&
            moji::encodeUtf8(unit.value) &&
            moji::displayFormOf(unit.value).style == moji::DisplayForm::Style::Glyph)
            glyph = QString::fromUtf8(moji::utf8Text(unit.value));
        painter.setPen(kinds.anomaly(unit.kind));
        painter.drawText(cell, Qt::AlignCenter, glyph);
        return;
    }
    const moji::DisplayForm form = moji::displayFormOf(unit.value);
    switch (form.style) {
    case moji::DisplayForm::Style::Glyph:
    case moji::DisplayForm::Style::Combining:
        painter.setPen(palette.color(QPalette::Text));
        painter.drawText(cell, Qt::AlignCenter, QString::fromUtf8(form.text));
        break;
    case moji::DisplayForm::Style::Picture:
        painter.setPen(palette.color(QPalette::PlaceholderText));
        painter.drawText(cell, Qt::AlignCenter, QString::fromUtf8(form.text));
        break;
    case moji::DisplayForm::Style::LabelledBox: {
        QFont small = mHexFont;
        small.setPointSizeF(mHexFont.pointSizeF() * 0.7);
        painter.setFont(small);
        painter.setPen(palette.color(QPalette::PlaceholderText));
        const QRect box = cell.adjusted(1, 3, -1, -3);
        painter.drawRect(box);
        painter.drawText(box, Qt::AlignCenter, QString::fromUtf8(form.label));
        break;
    }
    }
}
