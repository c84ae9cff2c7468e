#include "kindpalette.h"

#include <QCoreApplication>

namespace {

// Hues picked to be distinct from each other and from the selection highlight.
constexpr int kHues[] = {
    0,   // valid (unused)
    28,  // overlong: orange
    280, // surrogate: purple
    320, // surrogate-pair: magenta
    200, // out-of-range: cyan-blue
    170, // legacy-long: teal
    0,   // invalid-byte: red
    50,  // unexpected-continuation: amber
    230, // truncated: blue
};

} // namespace

KindPalette::KindPalette(const QPalette& palette)
    : mDark(palette.color(QPalette::Base).lightness() < 128) {
    for (int kind = 0; kind < moji::kSequenceKindCount; ++kind) {
        const int hue = kHues[kind];
        QColor color = mDark ? QColor::fromHsl(hue, 200, 170) : QColor::fromHsl(hue, 220, 95);
        mAnomaly[static_cast<std::size_t>(kind)] = color;
        color.setAlpha(mDark ? 90 : 70);
        mAnomalyFill[static_cast<std::size_t>(kind)] = color;
    }
    mNotice = mDark ? QColor::fromHsl(140, 120, 150) : QColor::fromHsl(140, 150, 80);
    const QColor text = palette.color(QPalette::Text);
    const auto tinted = [&](int alpha) {
        QColor color = text;
        color.setAlpha(alpha);
        return color;
    };
    mSequenceOutline = tinted(mDark ? 110 : 90);
    mLeadTint = tinted(mDark ? 38 : 26);
    mContinuationTint = tinted(mDark ? 16 : 10);
}

QString KindPalette::displayName(moji::SequenceKind kind) {
    switch (kind) {
    case moji::SequenceKind::Valid:
        return QCoreApplication::translate("KindPalette", "well-formed");
    case moji::SequenceKind::Overlong:
        return QCoreApplication::translate("KindPalette", "overlong");
    case moji::SequenceKind::Surrogate:
        return QCoreApplication::translate("KindPalette", "surrogate");
    case moji::SequenceKind::SurrogatePair:
        return QCoreApplication::translate("KindPalette", "surrogate pair (CESU-8)");
    case moji::SequenceKind::OutOfRange:
        return QCoreApplication::translate("KindPalette", "out of range");
    case moji::SequenceKind::LegacyLong:
        return QCoreApplication::translate("KindPalette", "legacy 5/6-byte");
    case moji::SequenceKind::InvalidByte:
        return QCoreApplication::translate("KindPalette", "invalid byte");
    case moji::SequenceKind::UnexpectedContinuation:
        return QCoreApplication::translate("KindPalette", "unexpected continuation");
    case moji::SequenceKind::Truncated:
        return QCoreApplication::translate("KindPalette", "truncated");
    case moji::SequenceKind::Count:
        break;
    }
    return {};
}

QString KindPalette::displayName(moji::NoticeKind kind) {
    switch (kind) {
    case moji::NoticeKind::ByteOrderMark:
        return QCoreApplication::translate("KindPalette", "byte order mark");
    case moji::NoticeKind::EmbeddedBom:
        return QCoreApplication::translate("KindPalette", "U+FEFF inside the text");
    case moji::NoticeKind::Noncharacter:
        return QCoreApplication::translate("KindPalette", "noncharacter");
    case moji::NoticeKind::Control:
        return QCoreApplication::translate("KindPalette", "control character");
    case moji::NoticeKind::Nul:
        return QCoreApplication::translate("KindPalette", "NUL");
    case moji::NoticeKind::Count:
        break;
    }
    return {};
}
