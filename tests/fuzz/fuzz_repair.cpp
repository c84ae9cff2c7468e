// libFuzzer target: the repairer under every policy and option, against invariants and the plain
// reference (tests/reference). The first byte picks the policy and options, the second the
// window size; the rest is the input. For any input:
// - the repair succeeds, its output is well-formed UTF-8 (and NFC with nfc), and it is the same
//   whatever the window size;
// - the changes it reports are in order, name the input's own bytes, and (without nfc) turn the
//   input into the output;
// - well-formed input comes out unchanged (unless nfc or stripBom may change it);
// - replace without join/overlong/nfc equals the reference decoding with one U+FFFD per maximal
//   subpart, as does withReplacements(); drop equals it with the U+FFFD removed, when the input
//   holds no U+FFFD of its own.

#include "describe/textformat.h"
#include "referenceutf8.h"
#include "repair/repairer.h"

#include <unicode/normalizer2.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

void check(bool condition) {
    if (!condition)
        std::abort();
}

class StringOutput : public moji::RepairOutput {
  public:
    bool write(std::string_view bytes) override {
        text.append(bytes);
        return true;
    }
    std::string text;
};

struct Change {
    std::uint64_t offset;
    std::vector<std::uint8_t> before;
    std::string after;
};

std::string repair(std::span<const std::uint8_t> input, const moji::RepairOptions& options,
                   std::uint64_t window, moji::RepairSummary* summary = nullptr,
                   std::vector<Change>* changes = nullptr) {
    StringOutput output;
    moji::Repairer repairer(options, output);
    repairer.setWindowSize(window);
    if (changes)
        repairer.setChangeCallback([changes](const moji::RepairChange& change) {
            changes->push_back({change.offset,
                                std::vector(change.before.begin(), change.before.end()),
                                std::string(change.after)});
        });
    check(repairer.run(input).empty());
    if (summary)
        *summary = repairer.summary();
    return output.text;
}

// The output rebuilt from the input and the reported changes: each change's `before` must be
// the input bytes at its offset, in order, without overlap.
std::string applyChanges(std::span<const std::uint8_t> input, const std::vector<Change>& changes) {
    std::string out;
    std::uint64_t at = 0;
    for (const Change& change : changes) {
        check(change.offset >= at && change.offset + change.before.size() <= input.size());
        check(std::equal(change.before.begin(), change.before.end(),
                         input.begin() + std::ptrdiff_t(change.offset)));
        out.append(input.begin() + std::ptrdiff_t(at),
                   input.begin() + std::ptrdiff_t(change.offset));
        out += change.after;
        at = change.offset + change.before.size();
    }
    out.append(input.begin() + std::ptrdiff_t(at), input.end());
    return out;
}

// UTF-8 of code points, written out by the table of the Unicode Standard, 3.9.
std::string encode(const std::u32string& text) {
    std::string out;
    for (const char32_t c : text) {
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if (c < 0x800) {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += static_cast<char>(0xE0 | (c >> 12));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (c >> 18));
            out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
    }
    return out;
}

bool isWellFormed(const std::string& text) {
    return reference::isWellFormed(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2)
        return 0;
    const std::uint8_t choice = data[0];
    // 1-64 bytes, scaled by 1, 16, 256 or 4096: a quarter of the inputs put anomalies across
    // window edges byte by byte; the rest run fast enough to fuzz (each window is a task).
    const std::uint64_t window = std::uint64_t(1 + (data[1] & 0x3F)) << ((data[1] >> 6) * 4);
    const std::span<const std::uint8_t> input(data + 2, size - 2);

    moji::RepairOptions options;
    options.policy = static_cast<moji::RepairPolicy>(choice % 5);
    options.joinSurrogates = choice & 0x08;
    options.fixOverlong = choice & 0x10;
    options.stripBom = choice & 0x20;
    options.nfc = choice & 0x40;

    moji::RepairSummary summary;
    std::vector<Change> changes;
    const std::string whole = repair(input, options, 4u << 20, &summary, &changes);
    check(summary.inputBytes == input.size());
    check(summary.outputBytes == whole.size());
    check(summary.changes == changes.size());
    if (!options.nfc)
        check(applyChanges(input, changes) == whole);
    check(isWellFormed(whole));
    check(repair(input, options, window) == whole);
    if (options.nfc) {
        UErrorCode status = U_ZERO_ERROR;
        const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
        check(U_SUCCESS(status));
        check(nfc->isNormalizedUTF8(icu::StringPiece(whole.data(), int32_t(whole.size())), status));
        check(U_SUCCESS(status));
    }

    const bool wellFormedInput = reference::isWellFormed(input.data(), input.size());
    if (wellFormedInput && !options.nfc && !options.stripBom)
        check(whole == std::string(input.begin(), input.end()));

    std::u32string text = reference::decodeWithReplacement(input.data(), input.size());
    check(moji::withReplacements(input) == encode(text));
    const bool bom = input.size() >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF;
    if (options.stripBom && bom)
        text.erase(0, 1);
    const bool plain = !options.joinSurrogates && !options.fixOverlong && !options.nfc;
    if (plain && options.policy == moji::RepairPolicy::Replace)
        check(whole == encode(text));
    const std::string_view inputText(reinterpret_cast<const char*>(input.data()), input.size());
    if (plain && options.policy == moji::RepairPolicy::Drop &&
        inputText.find("\xEF\xBF\xBD") == std::string_view::npos) {
        std::erase(text, U'\uFFFD');
        check(whole == encode(text));
    }
    return 0;
}
