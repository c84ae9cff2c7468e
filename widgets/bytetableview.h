#pragma once

#include "charactercolumnrenderer.h"
#include "decode/sequence.h"
#include "hexcolumnrenderer.h"
#include "io/bytesource.h"
#include "offsetcolumnrenderer.h"
#include "rowlayout.h"
#include "scan/scanresult.h"

#include <QAbstractScrollArea>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

// The offsets, the hex view and the decoded-character view, side by side in one scroll area so
// that they stay aligned row for row and scroll together. The view owns the layout (RowLayout),
// the scroll state, the selection and input; each column is painted by its own renderer
// (OffsetColumnRenderer, HexColumnRenderer, CharacterColumnRenderer). Only the rows that fit the
// viewport are painted; the scroll bar counts rows (see RowLayout), so a file of any size
// scrolls alike.
//
// Each unit (sequence or anomaly, as codec/ reports it) is drawn as one piece. A click selects
// the whole unit in both views; arrow keys move by byte in the hex view and by character in the
// character view; Shift extends; Tab switches between the two.
class ByteTableView : public QAbstractScrollArea {
    Q_OBJECT
  public:
    enum class Area { Hex, Characters };

    explicit ByteTableView(QWidget* parent = nullptr);

    // The bytes to show, shared: the view keeps them readable for as long as it holds them,
    // whatever else is torn down. nullptr shows nothing.
    void setSource(std::shared_ptr<const moji::ByteSource> source);
    // The finished scan of those bytes, shared; its long runs spare every decode the view makes
    // from reading them. nullptr (no scan yet) clips such runs to what a decode may read.
    void setScan(std::shared_ptr<const moji::ScanResult> scan);

    void setBytesPerRow(int bytesPerRow);
    [[nodiscard]] int bytesPerRow() const { return mBytesPerRow; }
    [[nodiscard]] RowLayout rowLayout() const;

    [[nodiscard]] std::uint64_t cursor() const { return mCursor; }
    [[nodiscard]] std::uint64_t selectionStart() const { return mSelectionStart; }
    [[nodiscard]] std::uint64_t selectionEnd() const { return mSelectionEnd; }
    [[nodiscard]] Area activeArea() const { return mArea; }
    void setActiveArea(Area area);
    [[nodiscard]] std::uint64_t topRow() const { return mTopRow; }

    // Moves the cursor to `offset` and selects the unit there (or, with `extend`, everything
    // from the selection's anchor to that unit), scrolling it into view.
    void moveCursor(std::uint64_t offset, bool extend = false);
    // Selects [start, end) and puts the cursor at `start`.
    void selectRange(std::uint64_t start, std::uint64_t end);
    // Scrolls so that `row` is the first visible row (clamped).
    void scrollToRow(std::uint64_t row);
    [[nodiscard]] int visibleRows() const;

    // Where the cell of `offset` is drawn in the given area, in viewport coordinates (for tests
    // and tooltips); an empty rectangle when it is not visible.
    [[nodiscard]] QRect cellRect(std::uint64_t offset, Area area) const;

  signals:
    void cursorMoved(quint64 offset);
    void selectionChanged(quint64 start, quint64 end);
    void topRowChanged(quint64 row);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool focusNextPrevChild(bool next) override;
    void changeEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;

  private:
    [[nodiscard]] std::uint64_t size() const { return mSource ? mSource->size() : 0; }
    [[nodiscard]] std::span<const std::uint8_t> bytes() const;
    [[nodiscard]] moji::Sequence unitAt(std::uint64_t offset) const;
    // The units overlapping [from, to), in order; valid until the next call.
    const std::vector<moji::Sequence>& unitsBetween(std::uint64_t from, std::uint64_t to);
    [[nodiscard]] std::array<ColumnRenderer*, 3> columns();
    [[nodiscard]] const ColumnRenderer& columnOf(Area area) const;
    void updateMetrics();
    void updateScrollBars();
    void ensureVisible(std::uint64_t offset);
    std::uint64_t offsetAt(const QPoint& position, Area* area) const;
    int headerHeight() const;

    [[nodiscard]] std::span<const moji::Sequence> longRuns() const;

    std::shared_ptr<const moji::ByteSource> mSource;
    std::shared_ptr<const moji::ScanResult> mScan;
    std::vector<moji::Sequence> mWindow;
    std::uint64_t mWindowFrom = 1, mWindowTo = 0;
    OffsetColumnRenderer mOffsets;
    HexColumnRenderer mHex;
    CharacterColumnRenderer mCharacters;
    int mBytesPerRow = 16;
    RowLayout::Metrics mMetrics;
    int mBaseline = 0; // of hex text within a row
    QFont mHexFont;
    QFont mCharFont;
    std::uint64_t mTopRow = 0;
    std::uint64_t mCursor = 0;
    std::uint64_t mAnchor = 0;
    std::uint64_t mSelectionStart = 0;
    std::uint64_t mSelectionEnd = 0;
    Area mArea = Area::Hex;
};
