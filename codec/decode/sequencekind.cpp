#include "decode/sequencekind.h"

namespace moji {

std::optional<SequenceKind> sequenceKindFromId(std::string_view id) {
    for (int i = 0; i < kSequenceKindCount; ++i) {
        if (kSequenceKindIds[i] == id)
            return static_cast<SequenceKind>(i);
    }
    return std::nullopt;
}

} // namespace moji
