#!/usr/bin/env bash
# Wall time of `mojiscope repair` beside `cp` on page-cached files: one mostly valid (one
# anomaly per MiB) and one with an anomaly per KiB. Best of 3 runs each.
#   tests/bench/repair_vs_cp.sh [SIZE_MIB] [build dir]
set -euo pipefail
size_mib="${1:-1024}"
build="${2:-$(dirname "$0")/../../build}"
seeds="$(dirname "$0")/../../../shared/seeds"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$seeds" "$work" "$size_mib" <<'PY'
import pathlib, random, sys
seeds, work, mib = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), int(sys.argv[3])
unit = b"".join(p.read_bytes() for p in sorted(seeds.glob("*.txt"))) + "😀 café\n".encode()
size = mib * 1048576
base = bytearray((unit * (size // len(unit) + 1))[:size])
rng = random.Random(1)
for name, every in (("per-MiB", 1 << 20), ("per-KiB", 1 << 10)):
    data = bytearray(base)
    for block in range(0, size - every + 1, every):
        data[block + rng.randrange(every)] = 0x80 | rng.randrange(0x80)
    (work / f"{name}.txt").write_bytes(data)
PY

best() {
    local best_s=999999
    for _ in 1 2 3; do
        rm -f "$work/out"
        local start end
        start=$(date +%s.%N)
        "$@" > /dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
        end=$(date +%s.%N)
        best_s=$(echo "$end - $start" | bc -l | awk -v b="$best_s" '{ print ($1 < b) ? $1 : b }')
    done
    echo "$best_s"
}

printf '%-40s %9s %9s %8s\n' "command ($size_mib MiB, page cache)" "seconds" "GB/s" "vs cp"
sync
for name in per-MiB per-KiB; do
    file="$work/$name.txt"
    cat "$file" > /dev/null
    bytes=$(stat -c %s "$file")
    cp_s=$(best cp "$file" "$work/out")
    # QSaveFile flushes the output to disk before renaming it into place; so does this cp.
    cp_sync_s=$(best sh -c "cp '$file' '$work/out' && sync '$work/out'")
    repair_s=$(best "$build/app/mojiscope" repair -o "$work/out" "$file")
    printf '%-40s %9.3f %9.2f %8s\n' "cp ($name anomaly)" "$cp_s" "$(echo "$bytes / $cp_s / 1000000000" | bc -l)" "1.00"
    printf '%-40s %9.3f %9.2f %8.2f\n' "cp + sync ($name anomaly)" "$cp_sync_s" \
        "$(echo "$bytes / $cp_sync_s / 1000000000" | bc -l)" "$(echo "$cp_sync_s / $cp_s" | bc -l)"
    printf '%-40s %9.3f %9.2f %8.2f\n' "mojiscope repair ($name anomaly)" "$repair_s" \
        "$(echo "$bytes / $repair_s / 1000000000" | bc -l)" "$(echo "$repair_s / $cp_s" | bc -l)"
done
