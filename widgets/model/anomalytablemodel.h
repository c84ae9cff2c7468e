#pragma once

#include "scan/scanresult.h"

#include <span>

#include <QAbstractTableModel>

#include <optional>
#include <vector>

// The scan's anomaly index as a table (offset, kind, bytes, value), optionally filtered to one
// kind. Rows are read from the index only when shown, so millions of anomalies cost nothing
// until scrolled to; a filter keeps one 8-byte position per matching anomaly.
class AnomalyTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { OffsetColumn, KindColumn, BytesColumn, ValueColumn, ColumnCount };

    explicit AnomalyTableModel(QObject* parent = nullptr);

    // The result and bytes must outlive the model or be replaced by another call; nullptr clears.
    void setScan(const moji::ScanResult* result, std::span<const std::uint8_t> bytes);
    void setKindFilter(std::optional<moji::SequenceKind> kind);

    [[nodiscard]] const moji::Sequence& anomalyAt(int row) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role) const override;

  private:
    // Only between beginResetModel() and endResetModel().
    void rebuildFilter();

    const moji::ScanResult* mResult = nullptr;
    std::span<const std::uint8_t> mBytes;
    std::optional<moji::SequenceKind> mFilter;
    std::vector<std::uint64_t> mFiltered; // positions in the index, when filtered
};
