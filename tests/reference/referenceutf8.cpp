#include "referenceutf8.h"

namespace reference {
namespace {

struct Range {
    std::uint8_t low, high;
};

struct Row {
    int length;
    Range bytes[4];
};

// Unicode Standard, Table 3-7: Well-Formed UTF-8 Byte Sequences.
const Row kTable37[] = {
    {1, {{0x00, 0x7F}}},
    {2, {{0xC2, 0xDF}, {0x80, 0xBF}}},
    {3, {{0xE0, 0xE0}, {0xA0, 0xBF}, {0x80, 0xBF}}},
    {3, {{0xE1, 0xEC}, {0x80, 0xBF}, {0x80, 0xBF}}},
    {3, {{0xED, 0xED}, {0x80, 0x9F}, {0x80, 0xBF}}},
    {3, {{0xEE, 0xEF}, {0x80, 0xBF}, {0x80, 0xBF}}},
    {4, {{0xF0, 0xF0}, {0x90, 0xBF}, {0x80, 0xBF}, {0x80, 0xBF}}},
    {4, {{0xF1, 0xF3}, {0x80, 0xBF}, {0x80, 0xBF}, {0x80, 0xBF}}},
    {4, {{0xF4, 0xF4}, {0x80, 0x8F}, {0x80, 0xBF}, {0x80, 0xBF}}},
};

// How many leading bytes at `at` fit the row's ranges.
int matching(const Row& row, const std::uint8_t* bytes, std::size_t size, std::size_t at) {
    int count = 0;
    while (count < row.length && at + count < size && bytes[at + count] >= row.bytes[count].low &&
           bytes[at + count] <= row.bytes[count].high)
        ++count;
    return count;
}

char32_t decodeRow(const Row& row, const std::uint8_t* bytes) {
    if (row.length == 1)
        return bytes[0];
    const std::uint8_t leadMask[] = {0, 0, 0x1F, 0x0F, 0x07};
    char32_t value = bytes[0] & leadMask[row.length];
    for (int i = 1; i < row.length; ++i)
        value = (value << 6) | (bytes[i] & 0x3F);
    return value;
}

} // namespace

bool isWellFormed(const std::uint8_t* bytes, std::size_t size) {
    std::size_t at = 0;
    while (at < size) {
        bool matched = false;
        for (const Row& row : kTable37) {
            if (matching(row, bytes, size, at) == row.length) {
                at += row.length;
                matched = true;
                break;
            }
        }
        if (!matched)
            return false;
    }
    return true;
}

std::u32string decodeWithReplacement(const std::uint8_t* bytes, std::size_t size) {
    std::u32string text;
    std::size_t at = 0;
    while (at < size) {
        int longestPrefix = 0;
        const Row* complete = nullptr;
        for (const Row& row : kTable37) {
            const int count = matching(row, bytes, size, at);
            if (count == row.length)
                complete = &row;
            if (count > longestPrefix)
                longestPrefix = count;
        }
        if (complete) {
            text += decodeRow(*complete, bytes + at);
            at += complete->length;
        } else {
            // A maximal subpart: the longest prefix of a well-formed sequence, or one byte.
            text += U'\uFFFD';
            at += longestPrefix > 0 ? longestPrefix : 1;
        }
    }
    return text;
}

} // namespace reference
