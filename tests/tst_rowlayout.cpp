// Row and column arithmetic of the byte table, without any widget.

#include "rowlayout.h"

#include <QTest>

class TestRowLayout : public QObject {
    Q_OBJECT
  private slots:
    void rowsAndColumns_data() {
        QTest::addColumn<qulonglong>("size");
        QTest::addColumn<int>("bytesPerRow");
        QTest::addColumn<qulonglong>("rows");
        QTest::newRow("empty file has one row") << 0ull << 16 << 1ull;
        QTest::newRow("one byte") << 1ull << 16 << 1ull;
        QTest::newRow("exactly one row") << 16ull << 16 << 1ull;
        QTest::newRow("one more") << 17ull << 16 << 2ull;
        QTest::newRow("8 per row") << 17ull << 8 << 3ull;
        QTest::newRow("32 per row") << 64ull << 32 << 2ull;
        QTest::newRow("10 GiB") << (10ull << 30) << 16 << (10ull << 26);
    }

    void rowsAndColumns() {
        QFETCH(qulonglong, size);
        QFETCH(int, bytesPerRow);
        QFETCH(qulonglong, rows);
        const RowLayout layout(size, bytesPerRow, {});
        QCOMPARE(layout.rowCount(), std::uint64_t(rows));
        if (size == 0)
            return;
        const std::uint64_t last = size - 1;
        QCOMPARE(layout.rowOf(last), rows - 1);
        QCOMPARE(layout.rowStart(layout.rowOf(last)) + layout.columnOf(last), last);
        QCOMPARE(layout.rowEnd(rows - 1), size);
    }

    void offsetsPast4GiB() {
        const RowLayout layout((5ull << 30) + 3, 16, {});
        const std::uint64_t offset = (4ull << 30) + 17;
        QCOMPARE(layout.rowOf(offset), offset / 16);
        QCOMPARE(layout.columnOf(offset), 1);
    }

    void scrollStepsFitInAnInt() {
        const RowLayout small(1000, 16, {});
        QCOMPARE(small.rowsPerScrollStep(), std::uint64_t(1));
        QCOMPARE(small.scrollSteps(), 63);
        const RowLayout huge(1ull << 40, 16, {}); // 1 TiB: 2^36 rows
        QVERIFY(huge.rowsPerScrollStep() > 1);
        QVERIFY(huge.scrollSteps() > 0);
        QVERIFY(std::uint64_t(huge.scrollSteps()) * huge.rowsPerScrollStep() <= huge.rowCount());
    }

    void cellsDoNotOverlapAndHitTestFindsThem() {
        for (int bytesPerRow : {8, 16, 32}) {
            const RowLayout layout(1000, bytesPerRow, {7, 16, 10});
            for (int column = 0; column < bytesPerRow; ++column) {
                if (column > 0) {
                    QVERIFY(layout.hexCellLeft(column) >=
                            layout.hexCellLeft(column - 1) + layout.hexCellWidth());
                    QVERIFY(layout.charCellLeft(column) ==
                            layout.charCellLeft(column - 1) + layout.charCellWidth());
                }
                const auto hex = layout.hitTest(layout.hexCellLeft(column) + 1);
                QCOMPARE(int(hex.area), int(RowLayout::Area::Hex));
                QCOMPARE(hex.column, column);
                const auto chars = layout.hitTest(layout.charCellLeft(column) + 1);
                QCOMPARE(int(chars.area), int(RowLayout::Area::Characters));
                QCOMPARE(chars.column, column);
            }
            QVERIFY(layout.charCellLeft(0) > layout.hexColumnRight());
            QCOMPARE(int(layout.hitTest(2).area), int(RowLayout::Area::None));
            QVERIFY(layout.totalWidth() > layout.charCellLeft(bytesPerRow - 1));
        }
    }
};

QTEST_GUILESS_MAIN(TestRowLayout)
#include "tst_rowlayout.moc"
