#include "overviewstrip.h"

#include "kindpalette.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

OverviewStrip::OverviewStrip(QWidget* parent) : QWidget(parent) {
    setFixedWidth(16);
    setAccessibleName(tr("Anomaly overview"));
    setToolTip(tr("Where the anomalies are in the whole file; click to go there"));
}

void OverviewStrip::setDensity(std::vector<std::uint64_t> bins, std::uint64_t size) {
    mBins = std::move(bins);
    mSize = size;
    update();
}

void OverviewStrip::setVisibleRange(std::uint64_t from, std::uint64_t to) {
    mVisibleFrom = from;
    mVisibleTo = to;
    update();
}

void OverviewStrip::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::AlternateBase));
    const int rows = height();
    if (mSize == 0 || rows <= 0)
        return;
    const KindPalette kinds(palette());
    const QColor mark = kinds.anomaly(moji::SequenceKind::InvalidByte);
    // Fold the bins onto pixel rows, then shade by the logarithm of the count.
    std::vector<std::uint64_t> perRow(static_cast<std::size_t>(rows), 0);
    for (std::size_t bin = 0; bin < mBins.size(); ++bin)
        perRow[bin * rows / mBins.size()] += mBins[bin];
    const std::uint64_t peak = *std::max_element(perRow.begin(), perRow.end());
    for (int row = 0; row < rows; ++row) {
        if (perRow[row] == 0)
            continue;
        QColor color = mark;
        const double strength = std::log1p(double(perRow[row])) / std::log1p(double(peak));
        color.setAlphaF(0.35 + 0.65 * strength);
        painter.fillRect(QRect(2, row, width() - 4, 1), color);
    }
    if (mVisibleTo > mVisibleFrom) {
        const int top = static_cast<int>(double(mVisibleFrom) / double(mSize) * rows);
        const int bottom = static_cast<int>(double(mVisibleTo) / double(mSize) * rows);
        painter.setPen(palette().color(QPalette::Highlight));
        painter.drawRect(QRect(0, top, width() - 1, std::max(2, bottom - top)));
    }
}

void OverviewStrip::mousePressEvent(QMouseEvent* event) {
    if (mSize == 0 || height() <= 0)
        return;
    const double fraction = std::clamp(event->position().y() / height(), 0.0, 1.0);
    emit jumpRequested(static_cast<quint64>(fraction * double(mSize - 1)));
}

void OverviewStrip::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & Qt::LeftButton)
        mousePressEvent(event);
}
