#include "cli/explaincommand.h"

#include "cli/argumentbytes.h"
#include "cli/textreport.h"
#include "decode/sequencereader.h"
#include "describe/inputparsing.h"

#include <iostream>

int ExplainCommand::run(const QStringList& arguments) {
    if (arguments.isEmpty()) {
        std::cerr << "mojiscope explain: no bytes given (usage: mojiscope explain e3 81 82)\n";
        return 2;
    }
    const auto parsed = moji::parseHexBytes(argumentbytes::bytesOf(arguments.join(' ')));
    if (const auto* error = std::get_if<std::string>(&parsed)) {
        std::cerr << "mojiscope explain: " << *error << "\n";
        return 2;
    }
    const auto& bytes = std::get<std::vector<std::uint8_t>>(parsed);
    const std::span<const std::uint8_t> all(bytes);
    bool wellFormed = true;
    for (std::size_t at = 0; at < all.size();) {
        const moji::Sequence unit = moji::readSequence(all.data() + at, all.size() - at, true);
        wellFormed &= unit.kind == moji::SequenceKind::Valid;
        std::cout << textreport::describeUnit(unit, all.subspan(at, unit.length),
                                              all.subspan(at + unit.length));
        at += unit.length;
    }
    std::cout << (wellFormed ? "Well-formed UTF-8.\n" : "Not well-formed UTF-8.\n");
    std::cout.flush();
    return wellFormed ? 0 : 1;
}
