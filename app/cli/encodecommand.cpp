#include "cli/encodecommand.h"

#include "cli/argumentbytes.h"
#include "cli/textreport.h"
#include "describe/bitlayout.h"
#include "describe/inputparsing.h"
#include "describe/textformat.h"

#include <iostream>

int EncodeCommand::run(const QStringList& arguments) {
    if (arguments.isEmpty()) {
        std::cerr << "mojiscope encode: no code point given (usage: mojiscope encode U+3042)\n";
        return 2;
    }
    std::vector<std::uint32_t> codePoints;
    for (const QString& argument : arguments) {
        const auto parsed = moji::parseCodePoints(argumentbytes::bytesOf(argument));
        if (const auto* error = std::get_if<std::string>(&parsed)) {
            std::cerr << "mojiscope encode: " << *error << "\n";
            return 2;
        }
        const auto& values = std::get<std::vector<std::uint32_t>>(parsed);
        codePoints.insert(codePoints.end(), values.begin(), values.end());
    }
    int status = 0;
    for (const std::uint32_t codePoint : codePoints) {
        std::cout << textreport::characterLine(codePoint) << "\n";
        if (const auto encoded = moji::encodeUtf8(codePoint)) {
            std::cout << "  UTF-8: " << moji::formatHexBytes(encoded->view(), moji::HexCase::Lower)
                      << " (" << encoded->length
                      << (encoded->length == 1 ? " byte)\n" : " bytes)\n");
            std::cout << textreport::bitTable(*moji::layoutOf(encoded->view()), "    ");
            continue;
        }
        const auto pattern = *moji::encodePattern(codePoint, 3);
        std::cout << "  " << moji::formatCodePoint(codePoint)
                  << " is a surrogate code point: it has no UTF-8 form. Its 3-byte pattern "
                  << moji::formatHexBytes(std::span<const std::uint8_t>(pattern.data(), 3),
                                          moji::HexCase::Lower)
                  << " is ill-formed (CESU-8 writes surrogates this way).\n";
        status = 1;
    }
    std::cout.flush();
    return status;
}
