#include "bytetableview.h"

#include "decode/windowdecoder.h"
#include "describe/explanation.h"
#include "describe/textformat.h"
#include "kindpalette.h"
#include "rowpaint.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
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

void ByteTableView::setSource(std::shared_ptr<const moji::ByteSource> source) {
    mSource = std::move(source);
    mScan = nullptr;
    mWindow.clear();
    mWindowFrom = 1;
    mWindowTo = 0;
    mTopRow = 0;
    mCursor = mAnchor = mSelectionStart = mSelectionEnd = 0;
    updateMetrics();
    verticalScrollBar()->setValue(0);
    if (size() > 0)
        moveCursor(0);
    viewport()->update();
}

void ByteTableView::setScan(std::shared_ptr<const moji::ScanResult> scan) {
    mScan = std::move(scan);
    mWindowFrom = 1; // decoded windows may now be exact where they were clipped
    mWindowTo = 0;
    viewport()->update();
}

std::span<const moji::Sequence> ByteTableView::longRuns() const {
    return mScan ? std::span<const moji::Sequence>(mScan->longRuns)
                 : std::span<const moji::Sequence>();
}

std::span<const std::uint8_t> ByteTableView::bytes() const {
    return mSource ? mSource->bytes() : std::span<const std::uint8_t>();
}

moji::Sequence ByteTableView::unitAt(std::uint64_t offset) const {
    return moji::WindowDecoder::unitAt(bytes(), offset, longRuns());
}

const std::vector<moji::Sequence>& ByteTableView::unitsBetween(std::uint64_t from,
                                                               std::uint64_t to) {
    if (from != mWindowFrom || to != mWindowTo) {
        mWindow = moji::WindowDecoder::decode(bytes(), from, to, longRuns());
        mWindowFrom = from;
        mWindowTo = to;
    }
    return mWindow;
}

std::array<ColumnRenderer*, 3> ByteTableView::columns() {
    return {&mOffsets, &mHex, &mCharacters};
}

const ColumnRenderer& ByteTableView::columnOf(Area area) const {
    if (area == Area::Hex)
        return mHex;
    return mCharacters;
}

void ByteTableView::setBytesPerRow(int bytesPerRow) {
    mBytesPerRow = std::clamp(bytesPerRow, 1, 64);
    updateScrollBars();
    ensureVisible(mCursor);
    viewport()->update();
}

RowLayout ByteTableView::rowLayout() const {
    return RowLayout(size(), mBytesPerRow, mMetrics);
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
    mMetrics.offsetDigits = std::max(8, hexDigitsFor(size()));
    for (ColumnRenderer* column : columns())
        column->setFonts(mHexFont, mCharFont);
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
    if (size() == 0)
        return;
    offset = std::min(offset, size() - 1);
    const moji::Sequence unit = unitAt(offset);
    mCursor = offset;
    if (extend) {
        const moji::Sequence anchor = unitAt(mAnchor);
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
    if (!mSource || start >= end)
        return;
    mAnchor = mCursor = start;
    mSelectionStart = start;
    mSelectionEnd = std::min(end, size());
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
    const ColumnRenderer& column = columnOf(area);
    const auto cell = column.cell(layout, layout.columnOf(offset));
    if (!cell)
        return {};
    const int y = headerHeight() + static_cast<int>(row - mTopRow) * mMetrics.lineHeight;
    const int x = column.left(layout) + cell->left - horizontalScrollBar()->value();
    return QRect(x, y, cell->width, mMetrics.lineHeight);
}

std::uint64_t ByteTableView::offsetAt(const QPoint& position, Area* area) const {
    if (position.y() < headerHeight())
        return UINT64_MAX;
    const RowLayout layout = rowLayout();
    const int x = position.x() + horizontalScrollBar()->value();
    for (Area candidate : {Area::Hex, Area::Characters}) {
        const ColumnRenderer& column = columnOf(candidate);
        const int left = column.left(layout);
        if (x < left || x >= left + column.width(layout))
            continue;
        const auto hit = column.columnAt(layout, x - left);
        if (!hit)
            continue;
        *area = candidate;
        const std::uint64_t row = mTopRow + (position.y() - headerHeight()) / mMetrics.lineHeight;
        const std::uint64_t offset = layout.rowStart(row) + *hit;
        return offset < layout.size() ? offset : UINT64_MAX;
    }
    return UINT64_MAX;
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
    if (size() == 0)
        return QAbstractScrollArea::keyPressEvent(event);
    const RowLayout layout = rowLayout();
    const std::uint64_t size = this->size();
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    const bool control = event->modifiers() & Qt::ControlModifier;
    const std::uint64_t page = std::uint64_t(mBytesPerRow) * visibleRows();
    const moji::Sequence unit = unitAt(mCursor);
    const bool byCharacter = mArea == Area::Characters;
    std::uint64_t target = mCursor;
    switch (event->key()) {
    case Qt::Key_Left:
        if (byCharacter)
            target = unit.offset == 0 ? 0 : unitAt(unit.offset - 1).offset;
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
        target = unitAt(target).offset;
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
    if (event->type() == QEvent::ToolTip && mSource) {
        auto* help = static_cast<QHelpEvent*>(event);
        Area area = mArea;
        const std::uint64_t offset = offsetAt(help->pos(), &area);
        if (offset == UINT64_MAX) {
            QToolTip::hideText();
            return true;
        }
        const moji::Sequence unit = unitAt(offset);
        const auto all = bytes();
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
    const int scroll = horizontalScrollBar()->value();

    std::span<const moji::Sequence> units;
    const std::uint64_t lastRow =
        std::min<std::uint64_t>(layout.rowCount() - 1, mTopRow + visibleRows());
    if (mSource)
        units = unitsBetween(layout.rowStart(mTopRow), layout.rowEnd(lastRow));
    QColor selection = palette.color(QPalette::Highlight);
    selection.setAlpha(hasFocus() ? 90 : 55);
    const RowPaint paint{layout,    palette,         kinds,         bytes(),
                         units,     mTopRow,         lastRow,       headerHeight(),
                         mBaseline, mSelectionStart, mSelectionEnd, selection};

    // Header: each column labels itself; one rule under all of them.
    for (const ColumnRenderer* column : columns()) {
        painter.save();
        painter.translate(column->left(layout) - scroll, 0);
        column->paintHeader(painter, paint);
        painter.restore();
    }
    painter.setPen(palette.color(QPalette::PlaceholderText));
    painter.drawLine(-scroll, headerHeight() - 1, layout.totalWidth() - scroll, headerHeight() - 1);
    if (!mSource)
        return;

    for (const ColumnRenderer* column : columns()) {
        painter.save();
        painter.translate(column->left(layout) - scroll, 0);
        column->paintRows(painter, paint);
        painter.restore();
    }

    // The cursor: solid in the active view, dashed in the other.
    if (size() > 0) {
        for (Area area : {Area::Hex, Area::Characters}) {
            const QRect cell = cellRect(mCursor, area);
            if (cell.isEmpty())
                continue;
            QPen pen(palette.color(QPalette::Highlight), area == mArea ? 2 : 1,
                     area == mArea ? Qt::SolidLine : Qt::DashLine);
            painter.setPen(pen);
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(cell.adjusted(-2, 1, 1, -2));
        }
    }
}
