#pragma once

#include <QString>

#include <cstdint>

// tr()'s plural argument is an int, while the counts shown here are 64-bit. Write a count as
//     tr("%1 anomalies", "", pluralSelector(count)).arg(formatCount(count))
// so that the plural form follows the count and the number is written in full.

// An int that selects the same plural form as `count` in every language: `count` itself up to
// INT_MAX; above, a number over 10^9 with the same last six digits.
[[nodiscard]] int pluralSelector(std::uint64_t count);

// `count` in full, in the user's locale (digits and grouping).
[[nodiscard]] QString formatCount(std::uint64_t count);
