#pragma once

#include "decode/sequence.h"

#include <QWidget>

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

class QGridLayout;
class QLabel;

// Everything about the unit under the cursor: offset, bytes in hex and in binary with marker and
// payload bits apart, how the payload assembles into the code point, the character and its
// Unicode data, UTF-16 code units and escapes; for an anomaly its kind, the rule it breaks in
// plain words, the value a naive decoder reads and how many U+FFFD the standard replacement
// gives. Built as a table of entries {label, formatter}; to add a row, add an entry in the
// constructor.
class InspectorPanel : public QWidget {
    Q_OBJECT
  public:
    explicit InspectorPanel(QWidget* parent = nullptr);

    // Shows `unit`, whose bytes are `bytes`; `following` is the byte after it, if any. Only the
    // first 32 bytes are read and kept; a longer unit is shown with its exact length.
    void showUnit(const moji::Sequence& unit, std::span<const std::uint8_t> bytes,
                  std::optional<std::uint8_t> following);
    void clear();

    // The text of the row labelled `label` (for tests and accessibility); empty if hidden.
    [[nodiscard]] QString valueOf(const QString& label) const;

  protected:
    void changeEvent(QEvent* event) override;

  private:
    struct Context {
        moji::Sequence unit;
        std::vector<std::uint8_t> bytes;
        std::optional<std::uint8_t> following;
    };
    struct Entry {
        QString label;
        // Rich text for the context, or an empty string to hide the row.
        std::function<QString(const Context&)> format;
        QLabel* labelWidget = nullptr;
        QLabel* valueWidget = nullptr;
    };

    void refresh();
    QString binaryHtml(const Context& context) const;
    QString payloadHtml(const Context& context) const;

    std::vector<Entry> mEntries;
    std::optional<Context> mContext;
};
