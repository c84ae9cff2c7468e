#include "decode/notices.h"

namespace moji {

std::optional<NoticeKind> noticeKindOf(const Sequence& unit) {
    if (unit.kind != SequenceKind::Valid)
        return std::nullopt;
    const std::uint32_t cp = unit.value;
    if (cp == 0)
        return NoticeKind::Nul;
    if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || (cp >= 0x7F && cp <= 0x9F))
        return NoticeKind::Control;
    if (cp == 0xFEFF)
        return unit.offset == 0 ? NoticeKind::ByteOrderMark : NoticeKind::EmbeddedBom;
    if ((cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFEu) == 0xFFFEu)
        return NoticeKind::Noncharacter;
    return std::nullopt;
}

} // namespace moji
