#pragma once

#include <QStringList>

// `mojiscope scan [--json] [--limit N] [--threads N] FILE`: every anomaly and notice of FILE, as a
// readable report or one JSON object (see README for its shape). --limit caps how many anomalies
// and notices are listed (default 100 in text, all indexed ones in JSON); counts are always exact.
// Exit 0 when valid, 1 when not, 2 on error.
class ScanCommand {
  public:
    static int run(const QStringList& arguments);
};
