#include "gui/finddialog.h"

#include "describe/bitlayout.h"
#include "describe/inputparsing.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

FindDialog::FindDialog(QWidget* parent)
    : QDialog(parent), mMode(new QComboBox(this)), mQuery(new QLineEdit(this)),
      mProblem(new QLabel(this)) {
    setWindowTitle(tr("Find"));
    mMode->addItem(tr("Bytes (hex)"));
    mMode->addItem(tr("Text (as UTF-8)"));
    mMode->addItem(tr("Code point"));
    mQuery->setPlaceholderText(tr("e.g. e3 81 82, あ, or U+3042"));
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Look for:"), mMode);
    form->addRow(tr("&Query:"), mQuery);
    form->addRow(mProblem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Find"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(mQuery, &QLineEdit::textChanged, this, &FindDialog::validate);
    connect(mMode, &QComboBox::currentIndexChanged, this, &FindDialog::validate);
    validate();
    mQuery->setFocus();
}

FindDialog::Mode FindDialog::mode() const {
    return static_cast<Mode>(mMode->currentIndex());
}

void FindDialog::setMode(Mode mode) {
    mMode->setCurrentIndex(static_cast<int>(mode));
}

void FindDialog::setQuery(const QString& query) {
    mQuery->setText(query);
}

QByteArray FindDialog::needle(QString* error) const {
    const std::string query = mQuery->text().toStdString();
    if (query.empty()) {
        *error = tr("Type something to find.");
        return {};
    }
    switch (mode()) {
    case Mode::Bytes: {
        const auto parsed = moji::parseHexBytes(query);
        if (const auto* message = std::get_if<std::string>(&parsed)) {
            *error = QString::fromStdString(*message);
            return {};
        }
        const auto& bytes = std::get<std::vector<std::uint8_t>>(parsed);
        return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
    }
    case Mode::Text:
        return mQuery->text().toUtf8();
    case Mode::CodePoint: {
        const auto parsed = moji::parseCodePoints(query);
        if (const auto* message = std::get_if<std::string>(&parsed)) {
            *error = QString::fromStdString(*message);
            return {};
        }
        QByteArray bytes;
        for (const std::uint32_t codePoint : std::get<std::vector<std::uint32_t>>(parsed)) {
            const auto encoded = moji::encodeUtf8(codePoint);
            if (!encoded) {
                *error = tr("A surrogate code point has no UTF-8 form.");
                return {};
            }
            bytes.append(reinterpret_cast<const char*>(encoded->bytes.data()), encoded->length);
        }
        return bytes;
    }
    }
    return {};
}

void FindDialog::validate() {
    QString error;
    const bool ok = !needle(&error).isEmpty();
    mProblem->setText(ok ? QString() : error);
    if (auto* buttons = findChild<QDialogButtonBox*>())
        buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}
