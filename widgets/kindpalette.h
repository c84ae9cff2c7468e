#pragma once

#include "decode/noticekind.h"
#include "decode/sequencekind.h"

#include <QColor>
#include <QPalette>
#include <QString>

// The colours and names the views give to each sequence kind and notice, chosen for the
// palette in use (light or dark) so that every anomaly kind is told apart on either.
class KindPalette {
  public:
    explicit KindPalette(const QPalette& palette);

    [[nodiscard]] bool dark() const { return mDark; }
    [[nodiscard]] QColor anomaly(moji::SequenceKind kind) const;
    [[nodiscard]] QColor anomalyFill(moji::SequenceKind kind) const;
    [[nodiscard]] QColor notice() const;
    [[nodiscard]] QColor sequenceOutline() const;
    [[nodiscard]] QColor leadTint() const;
    [[nodiscard]] QColor continuationTint() const;

    // "overlong", "unexpected continuation", ... for people; the ids stay in codec.
    [[nodiscard]] static QString displayName(moji::SequenceKind kind);
    [[nodiscard]] static QString displayName(moji::NoticeKind kind);

  private:
    bool mDark;
    QColor mText;
    QColor mBase;
};
