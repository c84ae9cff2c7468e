#include "anomalynavigator.h"

#include "countformat.h"
#include "kindpalette.h"
#include "model/anomalytablemodel.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

AnomalyNavigator::AnomalyNavigator(QWidget* parent)
    : QWidget(parent), mModel(new AnomalyTableModel(this)), mTable(new QTableView(this)),
      mFilter(new QComboBox(this)), mSummary(new QLabel(this)) {
    setAccessibleName(tr("Anomaly navigator"));
    mTable->setModel(mModel);
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->setSelectionMode(QAbstractItemView::SingleSelection);
    mTable->verticalHeader()->setVisible(false);
    mTable->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    mTable->horizontalHeader()->setStretchLastSection(true);
    mTable->horizontalHeader()->setSectionResizeMode(AnomalyTableModel::OffsetColumn,
                                                     QHeaderView::ResizeToContents);
    mTable->setColumnWidth(
        AnomalyTableModel::KindColumn,
        fontMetrics().horizontalAdvance(QStringLiteral("unexpected continuation  ")));
    mTable->setColumnWidth(
        AnomalyTableModel::BytesColumn,
        fontMetrics().horizontalAdvance(QStringLiteral("FD BF BF BF BF BF …  ")));
    mTable->setAccessibleName(tr("Anomalies"));
    mFilter->setAccessibleName(tr("Show anomalies of kind"));
    mSummary->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(mFilter);
    layout->addWidget(mSummary);
    layout->addWidget(mTable, 1);

    connect(mFilter, &QComboBox::currentIndexChanged, this, [this](int index) {
        const QVariant kind = mFilter->itemData(index);
        mModel->setKindFilter(kind.isValid()
                                  ? std::optional(static_cast<moji::SequenceKind>(kind.toInt()))
                                  : std::nullopt);
    });
    // activated covers a double-click (and a single click where the style activates on one) as
    // well as Enter: listening to doubleClicked too would jump twice.
    connect(mTable, &QTableView::activated, this, [this](const QModelIndex& index) {
        const moji::Sequence& anomaly = mModel->anomalyAt(index.row());
        emit jumpRequested(anomaly.offset, anomaly.length);
    });
    setScan(nullptr, nullptr);
}

void AnomalyNavigator::setScan(std::shared_ptr<const moji::ScanResult> result,
                               std::shared_ptr<const moji::ByteSource> source) {
    const QSignalBlocker blocker(mFilter);
    mFilter->clear();
    mModel->setScan(result, std::move(source));
    mModel->setKindFilter(std::nullopt);
    if (!result) {
        mFilter->addItem(tr("All kinds"));
        mSummary->setText(tr("The scan has not finished."));
        return;
    }
    mFilter->addItem(tr("All kinds (%1)").arg(formatCount(result->counts.anomalies())));
    for (int kind = 1; kind < moji::kSequenceKindCount; ++kind) {
        const auto count = result->counts.byKind[kind];
        if (count > 0)
            mFilter->addItem(
                QStringLiteral("%1 (%2)")
                    .arg(KindPalette::displayName(static_cast<moji::SequenceKind>(kind)))
                    .arg(formatCount(count)),
                kind);
    }
    const std::uint64_t anomalies = result->counts.anomalies();
    QString summary =
        result->valid()
            ? tr("Well-formed UTF-8: no anomalies.")
            : tr("%1 anomalies", "", pluralSelector(anomalies)).arg(formatCount(anomalies));
    if (result->unindexedAnomalies() > 0)
        summary += tr(" (the first %1 are listed; %2 more are counted but not listed)")
                       .arg(formatCount(result->anomalies.size()),
                            formatCount(result->unindexedAnomalies()));
    mSummary->setText(summary);
}
