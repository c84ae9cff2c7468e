#pragma once

#include <QWidget>

// Names every anomaly kind beside its colour, and the mark used for notices, as a strip of
// entries that wraps to the width it is given.
class LegendWidget : public QWidget {
    Q_OBJECT
  public:
    explicit LegendWidget(QWidget* parent = nullptr);
    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    struct Entry {
        QString text;
        int kind; // a SequenceKind, or -1 for the notice mark
    };
    // Where each entry goes for `width`, left to right, wrapping; the last is the bottom.
    [[nodiscard]] std::vector<QRect> placements(int width) const;

    std::vector<Entry> mEntries;
};
