#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace moji {

// Well-formed characters worth pointing out. A notice never makes a file ill-formed.
enum class NoticeKind : std::uint8_t {
    ByteOrderMark, // U+FEFF at offset 0
    EmbeddedBom,   // U+FEFF after offset 0, typically the BOM of a file concatenated into this one
    Noncharacter,  // U+FDD0-U+FDEF, or U+xFFFE / U+xFFFF in any plane
    Control,       // a C0 or C1 control, or DEL, other than NUL, tab, LF and CR
    Nul,           // a run of U+0000 (one notice per run of up to kMaxRunLength bytes)
    Count
};

inline constexpr int kNoticeKindCount = static_cast<int>(NoticeKind::Count);

inline constexpr std::array<std::string_view, kNoticeKindCount> kNoticeKindIds = {
    "bom", "embedded-bom", "noncharacter", "control", "nul"};

[[nodiscard]] constexpr std::string_view noticeKindId(NoticeKind kind) {
    return kNoticeKindIds[static_cast<int>(kind)];
}

} // namespace moji
