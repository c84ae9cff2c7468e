#!/usr/bin/env bash
# Wall time and peak resident memory of `mojiscope scan` on files that defeat chunk splitting or
# flood the index: text then a long NUL, continuation-byte (80) or ED tail, the same text then
# `z` as the baseline, and all FF with 1 and 16 threads (the index limits must hold for any
# thread count; the resident figure includes the file's own mapped pages).
#   tests/bench/pathological_files.sh [SIZE_MIB] [build dir]
set -euo pipefail
size_mib="${1:-256}"
build="${2:-$(dirname "$0")/../../build}"
program="$build/app/mojiscope"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$work" "$size_mib" <<'PY'
import pathlib, sys
work, size = pathlib.Path(sys.argv[1]), int(sys.argv[2]) * 1048576
tails = {"nul-tail": b"\0", "continuation-tail": b"\x80", "ed-tail": b"\xed", "z-tail": b"z",
         "all-ff": b"\xff"}
for name, byte in tails.items():
    head = b"" if name == "all-ff" else b"a"
    (work / name).write_bytes(head + byte * size)
PY

printf '%-34s %8s %10s\n' "mojiscope scan ($size_mib MiB)" "seconds" "peak MiB"
run() {
    local label="$1"
    shift
    cat "${@: -1}" > /dev/null
    /usr/bin/time -f "%e %M" -o "$work/time" "$program" scan --limit 0 "$@" > /dev/null || true
    read -r seconds kib < <(tail -n 1 "$work/time")
    printf '%-34s %8s %10d\n' "$label" "$seconds" $((kib / 1024))
}
run "a + z tail (baseline)" "$work/z-tail"
run "a + NUL tail" "$work/nul-tail"
run "a + 80 tail" "$work/continuation-tail"
run "a + ED tail" "$work/ed-tail"
run "all FF, 1 thread" --threads 1 "$work/all-ff"
run "all FF, 16 threads" --threads 16 "$work/all-ff"
