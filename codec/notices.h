#pragma once

#include "noticekind.h"
#include "sequence.h"

#include <optional>

namespace moji {

// The notice a well-formed unit deserves, if any (see NoticeKind). Anomalies get none.
[[nodiscard]] std::optional<NoticeKind> noticeKindOf(const Sequence& unit);

} // namespace moji
