#include "repair/repairoptions.h"

#include <array>

namespace moji {
namespace {
constexpr std::array<std::string_view, 5> kIds = {"replace", "drop", "escape", "latin1", "cp1252"};
}

std::string_view repairPolicyId(RepairPolicy policy) {
    return kIds[static_cast<int>(policy)];
}

std::optional<RepairPolicy> repairPolicyFromId(std::string_view id) {
    for (std::size_t i = 0; i < kIds.size(); ++i)
        if (kIds[i] == id)
            return static_cast<RepairPolicy>(i);
    return std::nullopt;
}

} // namespace moji
