#pragma once

#include "decode/noticekind.h"
#include "decode/sequence.h"

#include <optional>

namespace moji {

// The notice a well-formed unit deserves, if any (see NoticeKind). Anomalies get none.
[[nodiscard]] std::optional<NoticeKind> noticeKindOf(const Sequence& unit);

} // namespace moji
