#include "legendwidget.h"

#include "kindpalette.h"

#include <QPainter>

namespace {
constexpr int kSwatchWidth = 22;
constexpr int kGap = 6;
constexpr int kEntryGap = 18;
} // namespace

LegendWidget::LegendWidget(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Legend"));
    QStringList names;
    for (int kind = 1; kind < moji::kSequenceKindCount; ++kind) {
        const QString name = KindPalette::displayName(static_cast<moji::SequenceKind>(kind));
        mEntries.push_back({name, kind});
        names << name;
    }
    mEntries.push_back({tr("notice (BOM, control, NUL, …)"), -1});
    setAccessibleDescription(tr("Anomaly colours: %1; notices are underlined with dots")
                                 .arg(names.join(QStringLiteral(", "))));
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

std::vector<QRect> LegendWidget::placements(int width) const {
    std::vector<QRect> rects;
    const int line = fontMetrics().height() + 6;
    int x = 4, y = 2;
    for (const Entry& entry : mEntries) {
        const int entryWidth = kSwatchWidth + kGap + fontMetrics().horizontalAdvance(entry.text);
        if (x > 4 && x + entryWidth > width) {
            x = 4;
            y += line;
        }
        rects.emplace_back(x, y, entryWidth, line);
        x += entryWidth + kEntryGap;
    }
    return rects;
}

int LegendWidget::heightForWidth(int width) const {
    return placements(width).back().bottom() + 3;
}

QSize LegendWidget::sizeHint() const {
    return {900, heightForWidth(900)};
}

QSize LegendWidget::minimumSizeHint() const {
    return {200, heightForWidth(200)};
}

void LegendWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const KindPalette kinds(palette());
    const std::vector<QRect> rects = placements(width());
    for (std::size_t i = 0; i < mEntries.size(); ++i) {
        const QRect& at = rects[i];
        const QRect swatch(at.x(), at.y() + 3, kSwatchWidth, at.height() - 6);
        if (mEntries[i].kind >= 0) {
            const auto kind = static_cast<moji::SequenceKind>(mEntries[i].kind);
            painter.setPen(QPen(kinds.anomaly(kind), 1.5));
            painter.setBrush(kinds.anomalyFill(kind));
            painter.drawRoundedRect(swatch, 4, 4);
        } else {
            painter.setPen(QPen(kinds.notice(), 2, Qt::DotLine));
            painter.drawLine(swatch.left(), swatch.bottom() - 1, swatch.right(),
                             swatch.bottom() - 1);
        }
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(at.x() + kSwatchWidth + kGap, at.y(), at.width(), at.height()),
                         Qt::AlignVCenter | Qt::AlignLeft, mEntries[i].text);
    }
}
