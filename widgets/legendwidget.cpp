#include "legendwidget.h"

#include "kindpalette.h"

#include <QPainter>

LegendWidget::LegendWidget(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Legend"));
    QStringList names;
    for (int kind = 1; kind < moji::kSequenceKindCount; ++kind)
        names << KindPalette::displayName(static_cast<moji::SequenceKind>(kind));
    setAccessibleDescription(tr("Anomaly colours: %1; notices are underlined with dots")
                                 .arg(names.join(QStringLiteral(", "))));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

QSize LegendWidget::sizeHint() const {
    const int line = fontMetrics().height() + 4;
    return {220, line * (moji::kAnomalyKindCount + 1) + 4};
}

void LegendWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const KindPalette kinds(palette());
    const int line = fontMetrics().height() + 4;
    const int columnWidth = width();
    int index = 0;
    auto place = [&](int i) { return QPoint(4, i * line + 2); };
    for (int kind = 1; kind < moji::kSequenceKindCount; ++kind, ++index) {
        const auto sequenceKind = static_cast<moji::SequenceKind>(kind);
        const QPoint at = place(index);
        const QRect swatch(at.x(), at.y() + 2, 22, line - 6);
        painter.setPen(QPen(kinds.anomaly(sequenceKind), 1.5));
        painter.setBrush(kinds.anomalyFill(sequenceKind));
        painter.drawRoundedRect(swatch, 4, 4);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(at.x() + 28, at.y(), columnWidth - 32, line),
                         Qt::AlignVCenter | Qt::AlignLeft, KindPalette::displayName(sequenceKind));
    }
    const QPoint at = place(index);
    painter.setPen(QPen(kinds.notice(), 2, Qt::DotLine));
    painter.drawLine(at.x(), at.y() + line - 5, at.x() + 22, at.y() + line - 5);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRect(at.x() + 28, at.y(), columnWidth - 32, line),
                     Qt::AlignVCenter | Qt::AlignLeft, tr("notice (BOM, control, NUL, …)"));
}
