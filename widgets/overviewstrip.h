#pragma once

#include <QWidget>

#include <cstdint>
#include <vector>

// A narrow strip beside the scroll bar showing where in the whole file the anomalies are: the
// darker a pixel row, the more anomalies in that part of the file. The visible part is framed.
// A click asks to jump there.
class OverviewStrip : public QWidget {
    Q_OBJECT
  public:
    explicit OverviewStrip(QWidget* parent = nullptr);

    // Anomalies per equal bin of the file (any number of bins), and the file size.
    void setDensity(std::vector<std::uint64_t> bins, std::uint64_t size);
    // The visible range of the file, to frame.
    void setVisibleRange(std::uint64_t from, std::uint64_t to);

    [[nodiscard]] QSize sizeHint() const override { return {16, 100}; }

  signals:
    void jumpRequested(quint64 offset);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

  private:
    std::vector<std::uint64_t> mBins;
    std::uint64_t mSize = 0;
    std::uint64_t mVisibleFrom = 0, mVisibleTo = 0;
};
