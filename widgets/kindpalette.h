#pragma once

#include "decode/noticekind.h"
#include "decode/sequencekind.h"

#include <QColor>
#include <QPalette>
#include <QString>

#include <array>

// The colours and names the views give to each sequence kind and notice, chosen for the
// palette in use (light or dark) so that every anomaly kind is told apart on either.
class KindPalette {
  public:
    explicit KindPalette(const QPalette& palette);

    // Every colour is worked out once, here; the queries only look it up.
    [[nodiscard]] bool dark() const { return mDark; }
    [[nodiscard]] const QColor& anomaly(moji::SequenceKind kind) const {
        return mAnomaly[static_cast<std::size_t>(kind)];
    }
    [[nodiscard]] const QColor& anomalyFill(moji::SequenceKind kind) const {
        return mAnomalyFill[static_cast<std::size_t>(kind)];
    }
    [[nodiscard]] const QColor& notice() const { return mNotice; }
    [[nodiscard]] const QColor& sequenceOutline() const { return mSequenceOutline; }
    [[nodiscard]] const QColor& leadTint() const { return mLeadTint; }
    [[nodiscard]] const QColor& continuationTint() const { return mContinuationTint; }

    // "overlong", "unexpected continuation", ... for people; the ids stay in codec.
    [[nodiscard]] static QString displayName(moji::SequenceKind kind);
    [[nodiscard]] static QString displayName(moji::NoticeKind kind);

  private:
    bool mDark;
    std::array<QColor, moji::kSequenceKindCount> mAnomaly;
    std::array<QColor, moji::kSequenceKindCount> mAnomalyFill;
    QColor mNotice;
    QColor mSequenceOutline;
    QColor mLeadTint;
    QColor mContinuationTint;
};
