#pragma once

#include "columnrenderer.h"

#include <QFont>
#include <QString>

#include <vector>

// The decoded text, one cell per byte, each unit drawn once over the cells of the bytes it
// covers: a character as its glyph (or a stand-in for invisible and control characters, see
// moji::DisplayForm), an anomaly in its kind's colour as a lenient decoder would show it
// (moji::lenientCodePoint). The rows a unit continues onto show a dash.
//
// The column works per code-point span, never per byte: each paint turns the units into spans
// once (spansOf) and draws the spans.
class CharacterColumnRenderer : public ColumnRenderer {
  public:
    // One unit as the column shows it.
    struct Span {
        enum class Look {
            Text,    // a character drawn as itself (or a combining mark on a dotted circle)
            Picture, // a stand-in glyph (control pictures, visible space)
            Box,     // a short label in a box (invisible and direction-changing characters)
            Anomaly  // what a lenient decoder shows, in the anomaly kind's colour
        };
        std::uint64_t offset = 0;
        std::uint64_t length = 0; // bytes covered
        moji::SequenceKind kind = moji::SequenceKind::Valid;
        bool notice = false;
        Look look = Look::Text;
        QString text; // the glyph(s), or the label of a Box
    };
    [[nodiscard]] static std::vector<Span> spansOf(std::span<const moji::Sequence> units);

    [[nodiscard]] int left(const RowLayout& layout) const override;
    [[nodiscard]] int width(const RowLayout& layout) const override;
    void setFonts(const QFont& hexFont, const QFont& charFont) override;
    void paintHeader(QPainter& painter, const RowPaint& paint) const override;
    void paintRows(QPainter& painter, const RowPaint& paint) const override;
    [[nodiscard]] std::optional<int> columnAt(const RowLayout& layout, int x) const override;
    [[nodiscard]] std::optional<Cell> cell(const RowLayout& layout, int column) const override;

  private:
    struct Frame; // what paintRows works out once for all spans
    void paintSpan(QPainter& painter, const RowPaint& paint, const Frame& frame,
                   const Span& span) const;
    void paintText(QPainter& painter, const RowPaint& paint, const Frame& frame, const Span& span,
                   const QRect& cell) const;

    QFont mHeaderFont; // the hex font
    QFont mFont;
    QFont mLabelFont; // for Box labels
};
