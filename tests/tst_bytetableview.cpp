// The byte table and its column renderers, and views that outlive the document they show.

#include "anomalynavigator.h"
#include "bytetableview.h"
#include "charactercolumnrenderer.h"
#include "decode/windowdecoder.h"
#include "hexcolumnrenderer.h"
#include "model/anomalytablemodel.h"
#include "model/document.h"
#include "offsetcolumnrenderer.h"
#include "testfiles.h"

#include <QHelpEvent>
#include <QTableView>
#include <QTest>
#include <QToolTip>

namespace {

// A BOM, "a", あ, an overlong "/", "|", an invalid byte, a CESU-8 pair, then text that makes
// units wrap across rows of 16 bytes.
const QByteArray kSample = QByteArray::fromHex(
    "efbbbf 61 e38182 c0af 7c fe eda18cedbeb4 7c 616263 e697a5e69cace8aa9e f09f9880 0a");

std::vector<moji::Sequence> unitsOf(const QByteArray& bytes) {
    const std::span data(reinterpret_cast<const std::uint8_t*>(bytes.constData()),
                         std::size_t(bytes.size()));
    return moji::WindowDecoder::decode(data, 0, data.size());
}

QString toolTipAt(ByteTableView& view, const QPoint& position) {
    QHelpEvent event(QEvent::ToolTip, position, view.viewport()->mapToGlobal(position));
    QCoreApplication::sendEvent(view.viewport(), &event);
    return QToolTip::isVisible() ? QToolTip::text() : QString();
}

} // namespace

class TestByteTableView : public QObject {
    Q_OBJECT
  private slots:
    void init() {
        QVERIFY(mDir.isValid());
        mPath = testfiles::write(mDir, "sample.txt", kSample);
        QString error;
        mDocument = Document::open(mPath, &error);
        QVERIFY2(mDocument, qPrintable(error));
        mDocument->startScan();
        QTRY_VERIFY(mDocument->scanResult() != nullptr);
        mView = std::make_unique<ByteTableView>();
        mView->resize(900, 300);
        mView->setSource(mDocument->source());
        mView->show();
        QVERIFY(QTest::qWaitForWindowExposed(mView.get()));
    }

    void cleanup() {
        mView.reset();
        mDocument.reset();
    }

    // The document (and with it the mapping of the file) goes first; the views still paint,
    // answer and move from what they hold. With views borrowing from the document this reads
    // unmapped memory.
    void viewsOutliveTheDocument() {
        AnomalyNavigator navigator;
        navigator.setScan(mDocument->scanResult(), mDocument->source());
        navigator.resize(600, 300);
        navigator.show();
        QVERIFY(QTest::qWaitForWindowExposed(&navigator));
        const QImage before = mView->grab().toImage();
        const QImage tableBefore = navigator.table()->grab().toImage();

        mDocument.reset();

        QCOMPARE(mView->grab().toImage(), before);
        QCOMPARE(navigator.table()->grab().toImage(), tableBefore);
        AnomalyTableModel* model = navigator.model();
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->data(model->index(0, AnomalyTableModel::BytesColumn), Qt::DisplayRole)
                     .toString(),
                 QString("C0 AF"));
        QCOMPARE(model->data(model->index(2, AnomalyTableModel::BytesColumn), Qt::DisplayRole)
                     .toString(),
                 QString("ED A1 8C ED BE B4"));
        for (std::uint64_t offset = 0; offset < std::uint64_t(kSample.size()); ++offset) {
            mView->moveCursor(offset);
            mView->viewport()->repaint();
        }
        mView->moveCursor(7);
        QCOMPARE(mView->selectionStart(), quint64(7));
        QCOMPARE(mView->selectionEnd(), quint64(9));
        QVERIFY(toolTipAt(*mView, mView->cellRect(7, ByteTableView::Area::Hex).center())
                    .contains("C0 AF"));
    }

    // A tooltip describes the unit under the pointer, in either area; none over the offsets.
    void toolTipDescribesTheUnitUnderThePointer_data() {
        QTest::addColumn<int>("area");
        QTest::newRow("hex") << int(ByteTableView::Area::Hex);
        QTest::newRow("characters") << int(ByteTableView::Area::Characters);
    }

    void toolTipDescribesTheUnitUnderThePointer() {
        QFETCH(int, area);
        const auto where = static_cast<ByteTableView::Area>(area);
        const QString overlong = toolTipAt(*mView, mView->cellRect(7, where).center());
        QVERIFY2(overlong.contains("C0 AF") && overlong.contains("overlong") &&
                     overlong.contains("U+002F"),
                 qPrintable(overlong));
        const QString hiragana = toolTipAt(*mView, mView->cellRect(5, where).center());
        QVERIFY2(hiragana.contains("E3 81 82") && hiragana.contains("U+3042"),
                 qPrintable(hiragana));
        const QRect first = mView->cellRect(0, ByteTableView::Area::Hex);
        QVERIFY(QToolTip::isVisible());
        toolTipAt(*mView, QPoint(2, first.center().y()));
        QTRY_VERIFY(!QToolTip::isVisible());
    }

    // Each column hit-tests its own cells, as RowLayout places them, and only those; the
    // columns lie side by side without overlapping.
    void columnsHitTestTheirOwnCells() {
        OffsetColumnRenderer offsets;
        HexColumnRenderer hex;
        CharacterColumnRenderer characters;
        for (int bytesPerRow : {8, 16, 32}) {
            const RowLayout layout(1000, bytesPerRow, {7, 16, 10});
            QVERIFY(offsets.left(layout) + offsets.width(layout) <= hex.left(layout));
            QVERIFY(hex.left(layout) + hex.width(layout) <= characters.left(layout));
            QVERIFY(characters.left(layout) + characters.width(layout) <= layout.totalWidth());
            for (int x = 0; x < offsets.width(layout); ++x)
                QVERIFY(!offsets.columnAt(layout, x));
            for (const ColumnRenderer* column :
                 std::initializer_list<const ColumnRenderer*>{&hex, &characters}) {
                for (int c = 0; c < bytesPerRow; ++c) {
                    const auto cell = column->cell(layout, c);
                    QVERIFY(cell);
                    QVERIFY(cell->left >= 0 && cell->left + cell->width <= column->width(layout));
                    QCOMPARE(column->columnAt(layout, cell->left + 1), std::optional<int>(c));
                    QCOMPARE(column->columnAt(layout, cell->left + cell->width - 1),
                             std::optional<int>(c));
                }
                QVERIFY(!column->columnAt(layout, -1));
                QVERIFY(!column->columnAt(layout, column->width(layout)));
            }
            QCOMPARE(hex.left(layout) + hex.cell(layout, 3)->left, layout.hexCellLeft(3));
            QCOMPARE(characters.left(layout) + characters.cell(layout, 3)->left,
                     layout.charCellLeft(3));
        }
    }

    // The character column draws one span per unit, covering exactly the unit's bytes.
    void characterSpansCoverEachUnitOnce() {
        const auto units = unitsOf(kSample);
        const auto spans = CharacterColumnRenderer::spansOf(units);
        QCOMPARE(spans.size(), units.size());
        std::uint64_t next = 0;
        for (std::size_t i = 0; i < spans.size(); ++i) {
            QCOMPARE(spans[i].offset, next);
            QCOMPARE(spans[i].length, std::uint64_t(units[i].length));
            QCOMPARE(spans[i].kind, units[i].kind);
            next += spans[i].length;
        }
        QCOMPARE(next, std::uint64_t(kSample.size()));
        using Look = CharacterColumnRenderer::Span::Look;
        const auto spanAt = [&](std::uint64_t offset) {
            for (const auto& span : spans)
                if (span.offset == offset)
                    return span;
            return CharacterColumnRenderer::Span{};
        };
        QCOMPARE(int(spanAt(0).look), int(Look::Box));
        QCOMPARE(spanAt(0).text, QString("BOM"));
        QVERIFY(spanAt(0).notice);
        QCOMPARE(int(spanAt(4).look), int(Look::Text));
        QCOMPARE(spanAt(4).text, QString::fromUtf8("\u3042"));
        QCOMPARE(int(spanAt(7).look), int(Look::Anomaly));
        QCOMPARE(spanAt(7).text, QString("/")); // what a lenient decoder shows for C0 AF
        QCOMPARE(int(spanAt(9).look), int(Look::Text));
        QCOMPARE(spanAt(10).text, QString(QChar::ReplacementCharacter)); // FE
        QCOMPARE(spanAt(11).text, QString::fromUcs4(U"\U000233B4"));     // the CESU-8 pair
        QCOMPARE(spanAt(11).length, std::uint64_t(6));
        QCOMPARE(int(spanAt(34).look), int(Look::Picture)); // the line feed
        QCOMPARE(spanAt(34).text, QString::fromUtf8("\u240A"));
    }

  private:
    QTemporaryDir mDir;
    QString mPath;
    std::unique_ptr<Document> mDocument;
    std::unique_ptr<ByteTableView> mView;
};

QTEST_MAIN(TestByteTableView)
#include "tst_bytetableview.moc"
