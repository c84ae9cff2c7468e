#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;

// Asks what to find: bytes written in hex, text (searched as its UTF-8 bytes) or a code point
// (searched as its UTF-8 encoding). needle() gives the bytes to look for.
class FindDialog : public QDialog {
    Q_OBJECT
  public:
    enum class Mode { Bytes, Text, CodePoint };

    explicit FindDialog(QWidget* parent = nullptr);

    [[nodiscard]] Mode mode() const;
    void setMode(Mode mode);
    void setQuery(const QString& query);
    // The bytes to search for; empty with `error` set when the query cannot be read.
    [[nodiscard]] QByteArray needle(QString* error) const;

  private:
    void validate();

    QComboBox* mMode;
    QLineEdit* mQuery;
    QLabel* mProblem;
};
