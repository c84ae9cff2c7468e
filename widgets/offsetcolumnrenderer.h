#pragma once

#include "columnrenderer.h"

#include <QCoreApplication>
#include <QFont>

// The offset of each row's first byte, in upper-case hex with RowLayout's number of digits.
class OffsetColumnRenderer : public ColumnRenderer {
    Q_DECLARE_TR_FUNCTIONS(OffsetColumnRenderer)

  public:
    [[nodiscard]] int left(const RowLayout& layout) const override;
    [[nodiscard]] int width(const RowLayout& layout) const override;
    void setFonts(const QFont& hexFont, const QFont& charFont) override;
    void paintHeader(QPainter& painter, const RowPaint& paint) const override;
    void paintRows(QPainter& painter, const RowPaint& paint) const override;

  private:
    QFont mFont;
};
