#pragma once

#include "io/bytesource.h"
#include "scan/scanresult.h"

#include <QAbstractTableModel>

#include <memory>
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

    // The scan and the bytes it was made of, shared: the model keeps both until the next call.
    // A null result clears the table.
    void setScan(std::shared_ptr<const moji::ScanResult> result,
                 std::shared_ptr<const moji::ByteSource> source);
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

    std::shared_ptr<const moji::ScanResult> mResult;
    std::shared_ptr<const moji::ByteSource> mSource;
    std::optional<moji::SequenceKind> mFilter;
    std::vector<std::uint64_t> mFiltered; // positions in the index, when filtered
};
