#pragma once

#include <QWidget>

// Names every anomaly kind beside its colour, and the mark used for notices.
class LegendWidget : public QWidget {
    Q_OBJECT
  public:
    explicit LegendWidget(QWidget* parent = nullptr);
    [[nodiscard]] QSize sizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
};
