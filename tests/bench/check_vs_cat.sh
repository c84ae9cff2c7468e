#!/usr/bin/env bash
# Wall time of `mojiscope check` and `mojiscope scan` on files in the page cache, beside
# `cat FILE > /dev/null`, `iconv -f UTF-8 -t UTF-8` and moreutils' `isutf8` when installed. Best
# of 5 runs each. The damaged file has one anomaly per KiB, of six kinds in turn.
#   [MOJISCOPE_SIMD_LEVEL=avx2] tests/bench/check_vs_cat.sh [SIZE_MIB] [build dir]
set -euo pipefail
size_mib="${1:-1024}"
build="${2:-$(dirname "$0")/../../build}"
seeds="$(dirname "$0")/../../../shared/seeds"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
file="$work/mixed.txt"
damaged="$work/damaged.txt"

# Mixed Japanese and ASCII text from the seed documents, plus emoji, repeated to the size and
# cut on a character boundary.
python3 - "$seeds" "$file" "$size_mib" <<'PY'
import pathlib, sys
seeds, path, mib = pathlib.Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
unit = b"".join(p.read_bytes() for p in sorted(seeds.glob("*.txt")))
unit += "😀 café Ελληνικά\n".encode()
size = mib * 1048576
data = (unit * (size // len(unit) + 1))[:size]
data = data.decode("utf-8", "ignore").encode("utf-8")
pathlib.Path(path).write_bytes(data)
PY
# One anomaly per KiB, at a random character boundary in each KiB: overlong, surrogate,
# out-of-range, invalid byte, unexpected continuation, truncated.
python3 - "$file" "$damaged" <<'PY'
import random, sys
data = bytearray(open(sys.argv[1], "rb").read())
kinds = [b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xfe", b"\x80", b"\xe3\x81"]
rng = random.Random(3)
out = bytearray()
for n, at in enumerate(range(0, len(data), 1024)):
    block = data[at:at + 1024]
    cut = rng.randrange(len(block))
    while cut > 0 and (block[cut] & 0xC0) == 0x80:
        cut -= 1
    out += block[:cut] + kinds[n % len(kinds)] + block[cut:]
open(sys.argv[2], "wb").write(out)
PY
cat "$file" "$damaged" > /dev/null

best() {
    local best_s=999999
    for _ in 1 2 3 4 5; do
        local start end
        start=$(date +%s.%N)
        "$@" > /dev/null 2>&1 || true
        end=$(date +%s.%N)
        best_s=$(echo "$end - $start" | bc -l | awk -v b="$best_s" '{ print ($1 < b) ? $1 : b }')
    done
    echo "$best_s"
}

bytes=$(stat -c %s "$file")
level="${MOJISCOPE_SIMD_LEVEL:-best}"
printf '%-40s %10s %10s\n' "command ($size_mib MiB, page cache, $level)" "seconds" "GB/s"
row() {
    local name="$1"; shift
    local s
    s=$(best "$@")
    printf '%-40s %10.3f %10.2f\n' "$name" "$s" "$(echo "$bytes / $s / 1000000000" | bc -l)"
}
row "cat FILE > /dev/null" sh -c "cat '$file' > /dev/null"
row "mojiscope check FILE" "$build/app/mojiscope" check "$file"
row "mojiscope scan --json FILE" sh -c "'$build/app/mojiscope' scan --json '$file' > /dev/null"
row "iconv -f UTF-8 -t UTF-8" sh -c "iconv -f UTF-8 -t UTF-8 '$file' > /dev/null"
if command -v isutf8 > /dev/null; then
    row "isutf8 (moreutils)" isutf8 "$file"
fi
damaged_bytes=$(stat -c %s "$damaged")
echo "one anomaly per KiB:"
cat_s=$(best sh -c "cat '$damaged' > /dev/null")
scan_s=$(best sh -c "'$build/app/mojiscope' scan '$damaged' > /dev/null")
printf '%-40s %10.3f %10.2f\n' "cat FILE > /dev/null" "$cat_s" \
    "$(echo "$damaged_bytes / $cat_s / 1000000000" | bc -l)"
printf '%-40s %10.3f %10.2f\n' "mojiscope scan FILE" "$scan_s" \
    "$(echo "$damaged_bytes / $scan_s / 1000000000" | bc -l)"
printf '%-40s %10.2f\n' "scan / cat" "$(echo "$scan_s / $cat_s" | bc -l)"
