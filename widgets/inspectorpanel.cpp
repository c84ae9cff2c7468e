#include "inspectorpanel.h"

#include "countformat.h"
#include "decode/codepoint.h"
#include "decode/notices.h"
#include "describe/bitlayout.h"
#include "describe/characterinfo.h"
#include "describe/displayform.h"
#include "describe/explanation.h"
#include "describe/textformat.h"
#include "kindpalette.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>

namespace {

// Bytes of a unit kept and shown: a run of continuation bytes may be gigabytes long.
constexpr std::size_t kShownBytes = 32;

// The code point a view should describe: the character, or what a naive decoder would read.
std::optional<std::uint32_t> describedCodePoint(const moji::Sequence& unit) {
    if (moji::kindHasValue(unit.kind) && unit.value <= moji::kMaxCodePoint)
        return unit.value;
    return std::nullopt;
}

} // namespace

InspectorPanel::InspectorPanel(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Inspector"));
    using C = const Context&;
    const auto valid = [](C c) { return c.unit.kind == moji::SequenceKind::Valid; };
    mEntries = {
        {tr("Offset"),
         [](C c) {
             return QStringLiteral("%1 (0x%2)").arg(c.unit.offset).arg(c.unit.offset, 0, 16);
         }},
        {tr("Kind"),
         [](C c) {
             QString text = KindPalette::displayName(c.unit.kind);
             if (const auto notice = moji::noticeKindOf(c.unit))
                 text += QStringLiteral(" — ") + KindPalette::displayName(*notice);
             return text.toHtmlEscaped();
         }},
        {tr("Bytes"),
         [](C c) {
             QString text = QString::fromUtf8(
                 moji::formatHexBytes(c.bytes, moji::HexCase::Upper, kShownBytes));
             if (c.unit.length > c.bytes.size())
                 text += QStringLiteral(" … ") +
                         tr("(%1 bytes)").arg(QLocale().toString(qulonglong(c.unit.length)));
             return text;
         }},
        {tr("Binary"), [this](C c) { return binaryHtml(c); }},
        {tr("Payload"), [this](C c) { return payloadHtml(c); }},
        {tr("Code point"),
         [valid](C c) {
             if (valid(c))
                 return QString::fromUtf8(moji::formatCodePoint(c.unit.value));
             return QString();
         }},
        {tr("Naive value"),
         [valid](C c) {
             if (valid(c) || !moji::kindHasValue(c.unit.kind))
                 return QString();
             return QString::fromUtf8(moji::formatCodePoint(c.unit.value)) +
                    (moji::drawsAsGlyph(c.unit.value)
                         ? QStringLiteral(" “%1”").arg(
                               QString::fromUtf8(moji::utf8Text(c.unit.value)))
                         : QString());
         }},
        {tr("Character"),
         [valid](C c) {
             if (!valid(c))
                 return QString();
             const moji::DisplayForm form = moji::displayFormOf(c.unit.value);
             return (form.style == moji::DisplayForm::Style::LabelledBox
                         ? QStringLiteral("[%1]").arg(QString::fromUtf8(form.label))
                         : QString::fromUtf8(form.text))
                 .toHtmlEscaped();
         }},
        {tr("Name"),
         [](C c) {
             const auto cp = describedCodePoint(c.unit);
             return cp ? QString::fromUtf8(moji::characterInfo(*cp).name).toHtmlEscaped()
                       : QString();
         }},
        {tr("Category"),
         [](C c) {
             const auto cp = describedCodePoint(c.unit);
             if (!cp)
                 return QString();
             const auto info = moji::characterInfo(*cp);
             return QStringLiteral("%1 (%2)").arg(QString::fromUtf8(info.category),
                                                  QString::fromUtf8(info.categoryName));
         }},
        {tr("Script"),
         [](C c) {
             const auto cp = describedCodePoint(c.unit);
             return cp ? QString::fromUtf8(moji::characterInfo(*cp).script) : QString();
         }},
        {tr("Block"),
         [](C c) {
             const auto cp = describedCodePoint(c.unit);
             return cp ? QString::fromUtf8(moji::characterInfo(*cp).block) : QString();
         }},
        {tr("Added in"),
         [](C c) {
             const auto cp = describedCodePoint(c.unit);
             if (!cp)
                 return QString();
             const std::string age = moji::characterInfo(*cp).unicodeAge;
             return age.empty() ? tr("unassigned") : tr("Unicode %1").arg(QString::fromUtf8(age));
         }},
        {tr("UTF-16"),
         [valid](C c) {
             if (!valid(c))
                 return QString();
             const moji::Utf16Units utf16 = moji::utf16Units(c.unit.value);
             QStringList units;
             for (int i = 0; i < utf16.count; ++i)
                 units << QStringLiteral("%1").arg(uint(utf16.units[i]), 4, 16, QLatin1Char('0'));
             return units.join(QLatin1Char(' ')).toUpper();
         }},
        {tr("Escapes"),
         [valid](C c) {
             if (!valid(c))
                 return QString();
             const uint cp = c.unit.value;
             QString percent;
             for (std::uint8_t byte : c.bytes)
                 percent += QStringLiteral("%%1").arg(byte, 2, 16, QLatin1Char('0')).toUpper();
             const QString u = cp < 0x10000
                                   ? QStringLiteral("\\u%1").arg(cp, 4, 16, QLatin1Char('0'))
                                   : QStringLiteral("\\U%1").arg(cp, 8, 16, QLatin1Char('0'));
             return QStringLiteral("%1 &amp;#x%2; %3")
                 .arg(u, QString::number(cp, 16).toUpper(), percent);
         }},
        {tr("Explanation"),
         [](C c) {
             return QString::fromUtf8(moji::explainSequence(c.unit, c.bytes, c.following))
                 .toHtmlEscaped();
         }},
        {tr("Replacement"),
         [valid](C c) {
             if (valid(c))
                 return QString();
             return tr("%1 U+FFFD under the standard replacement (one per maximal subpart)", "",
                       pluralSelector(c.unit.replacements))
                 .arg(formatCount(c.unit.replacements));
         }},
    };

    auto* grid = new QGridLayout(this);
    grid->setColumnStretch(1, 1);
    int row = 0;
    for (Entry& entry : mEntries) {
        entry.labelWidget = new QLabel(entry.label + QLatin1Char(':'), this);
        entry.labelWidget->setAlignment(Qt::AlignRight | Qt::AlignTop);
        entry.valueWidget = new QLabel(this);
        entry.valueWidget->setTextFormat(Qt::RichText);
        entry.valueWidget->setWordWrap(true);
        entry.valueWidget->setTextInteractionFlags(Qt::TextSelectableByMouse |
                                                   Qt::TextSelectableByKeyboard);
        entry.valueWidget->setAccessibleName(entry.label);
        entry.labelWidget->setBuddy(entry.valueWidget);
        grid->addWidget(entry.labelWidget, row, 0);
        grid->addWidget(entry.valueWidget, row, 1);
        ++row;
    }
    grid->setRowStretch(row, 1);
    clear();
}

void InspectorPanel::showUnit(const moji::Sequence& unit, std::span<const std::uint8_t> bytes,
                              std::optional<std::uint8_t> following) {
    const auto shown = bytes.first(std::min(bytes.size(), kShownBytes));
    mContext = Context{unit, std::vector<std::uint8_t>(shown.begin(), shown.end()), following};
    refresh();
}

void InspectorPanel::clear() {
    mContext.reset();
    refresh();
}

QString InspectorPanel::valueOf(const QString& label) const {
    // Hidden rows hold empty text (see refresh()).
    for (const Entry& entry : mEntries)
        if (entry.label == label)
            return entry.valueWidget->text();
    return {};
}

void InspectorPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange)
        refresh();
    QWidget::changeEvent(event);
}

void InspectorPanel::refresh() {
    for (Entry& entry : mEntries) {
        const QString text = mContext ? entry.format(*mContext) : QString();
        entry.valueWidget->setText(text);
        entry.labelWidget->setHidden(text.isEmpty());
        entry.valueWidget->setHidden(text.isEmpty());
    }
}

QString InspectorPanel::binaryHtml(const Context& context) const {
    const KindPalette kinds(palette());
    const QString marker = kinds.dark() ? QStringLiteral("#8fa3ff") : QStringLiteral("#2846c8");
    const QString payload = kinds.dark() ? QStringLiteral("#ffb86b") : QStringLiteral("#b35a00");
    QStringList parts;
    for (std::size_t i = 0; i < context.bytes.size() && i < 8; ++i) {
        const moji::ByteBits bits = moji::byteBitsOf(context.bytes[i]);
        const QString binary = QString::fromUtf8(moji::formatBinary(context.bytes[i]));
        parts << QStringLiteral("<span style='color:%1'>%2</span><b style='color:%3'>%4</b>")
                     .arg(marker, binary.left(bits.markerBits), payload,
                          binary.mid(bits.markerBits));
    }
    return QStringLiteral("<tt>%1</tt><br><small>%2</small>")
        .arg(parts.join(QLatin1Char(' ')),
             tr("<span style='color:%1'>marker bits</span>, <b style='color:%2'>payload "
                "bits</b>")
                 .arg(marker, payload));
}

QString InspectorPanel::payloadHtml(const Context& context) const {
    const auto layout = moji::layoutOf(context.bytes);
    if (!layout || layout->count < 2)
        return {};
    QStringList groups;
    for (const moji::ByteBits& bits : layout->used())
        groups << QString::fromUtf8(moji::formatBinary(bits.byte)).mid(bits.markerBits);
    return QStringLiteral("<tt>%1</tt> = 0x%2 = %3")
        .arg(groups.join(QLatin1Char(' ')), QString::number(layout->value, 16).toUpper(),
             QString::fromUtf8(moji::formatCodePoint(layout->value)));
}
