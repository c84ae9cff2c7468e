#pragma once

#include "io/bytesource.h"
#include "scan/scanresult.h"

#include <QWidget>

#include <memory>

class AnomalyTableModel;
class QComboBox;
class QLabel;
class QTableView;

// The list of all anomalies with a filter by kind and the count of each kind; activating a row
// (double-click or Enter) asks to jump to it.
class AnomalyNavigator : public QWidget {
    Q_OBJECT
  public:
    explicit AnomalyNavigator(QWidget* parent = nullptr);

    // The scan and its bytes, shared (see AnomalyTableModel::setScan); nullptr clears.
    void setScan(std::shared_ptr<const moji::ScanResult> result,
                 std::shared_ptr<const moji::ByteSource> source);
    [[nodiscard]] AnomalyTableModel* model() const { return mModel; }
    [[nodiscard]] QTableView* table() const { return mTable; }
    [[nodiscard]] QComboBox* kindFilter() const { return mFilter; }

  signals:
    void jumpRequested(quint64 offset, quint64 length);

  private:
    AnomalyTableModel* mModel;
    QTableView* mTable;
    QComboBox* mFilter;
    QLabel* mSummary;
};
