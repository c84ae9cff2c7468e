#include "model/anomalytablemodel.h"

#include "describe/textformat.h"
#include "kindpalette.h"

#include <QGuiApplication>
#include <QPalette>

#include <climits>

AnomalyTableModel::AnomalyTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void AnomalyTableModel::setScan(std::shared_ptr<const moji::ScanResult> result,
                                std::shared_ptr<const moji::ByteSource> source) {
    beginResetModel();
    mResult = std::move(result);
    mSource = std::move(source);
    rebuildFilter();
    endResetModel();
}

void AnomalyTableModel::setKindFilter(std::optional<moji::SequenceKind> kind) {
    beginResetModel();
    mFilter = kind;
    rebuildFilter();
    endResetModel();
}

void AnomalyTableModel::rebuildFilter() {
    mFiltered.clear();
    if (!mResult || !mFilter)
        return;
    for (std::uint64_t i = 0; i < mResult->anomalies.size(); ++i)
        if (mResult->anomalies.at(i).kind == *mFilter)
            mFiltered.push_back(i);
}

const moji::Sequence& AnomalyTableModel::anomalyAt(int row) const {
    return mResult->anomalies.at(mFilter ? mFiltered[static_cast<std::size_t>(row)]
                                         : static_cast<std::uint64_t>(row));
}

int AnomalyTableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !mResult)
        return 0;
    const std::uint64_t rows = mFilter ? mFiltered.size() : mResult->anomalies.size();
    return static_cast<int>(std::min<std::uint64_t>(rows, INT_MAX));
}

int AnomalyTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AnomalyTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !mResult)
        return {};
    const moji::Sequence& anomaly = anomalyAt(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case OffsetColumn:
            return QStringLiteral("0x%1").arg(anomaly.offset, 8, 16, QLatin1Char('0'));
        case KindColumn:
            return KindPalette::displayName(anomaly.kind);
        case BytesColumn: {
            if (!mSource)
                return QString();
            const auto bytes = mSource->bytes().subspan(
                anomaly.offset, std::min<std::uint64_t>(anomaly.length, 16));
            return QString::fromStdString(moji::formatHexBytes(bytes, moji::HexCase::Upper)) +
                   (anomaly.length > 16 ? QStringLiteral(" …") : QString());
        }
        case ValueColumn:
            return moji::kindHasValue(anomaly.kind)
                       ? QString::fromStdString(moji::formatCodePoint(anomaly.value))
                       : QString();
        }
    }
    if (role == Qt::ForegroundRole && index.column() == KindColumn)
        return KindPalette(QGuiApplication::palette()).anomaly(anomaly.kind);
    if (role == Qt::UserRole)
        return QVariant::fromValue<quint64>(anomaly.offset);
    return {};
}

QVariant AnomalyTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case OffsetColumn:
        return tr("Offset");
    case KindColumn:
        return tr("Kind");
    case BytesColumn:
        return tr("Bytes");
    case ValueColumn:
        return tr("Value");
    }
    return {};
}
