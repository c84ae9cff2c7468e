#pragma once

#include "columnrenderer.h"

#include <QFont>

// The bytes in hex, two upper-case digits per cell, cells grouped as RowLayout places them. Each
// unit is one piece: anomalies outlined and filled in their kind's colour, the bytes of a
// multi-byte sequence tinted lead and continuation apart inside one outline, notices underlined,
// a unit that wraps to the next row marked open at the break.
class HexColumnRenderer : public ColumnRenderer {
  public:
    [[nodiscard]] int left(const RowLayout& layout) const override;
    [[nodiscard]] int width(const RowLayout& layout) const override;
    void setFonts(const QFont& hexFont, const QFont& charFont) override;
    void paintHeader(QPainter& painter, const RowPaint& paint) const override;
    void paintRows(QPainter& painter, const RowPaint& paint) const override;
    [[nodiscard]] std::optional<int> columnAt(const RowLayout& layout, int x) const override;
    [[nodiscard]] std::optional<Cell> cell(const RowLayout& layout, int column) const override;

  private:
    struct Frame; // what paintRows works out once for all units
    void paintUnit(QPainter& painter, const RowPaint& paint, const Frame& frame,
                   const moji::Sequence& unit) const;

    QFont mFont;
};
