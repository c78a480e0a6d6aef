#!/usr/bin/env bash
# CLI test of `fecforge bench` on CPU implementations (the GPU's: gpu_cli.sh): the timed frames are
# --batches x --frames, the fastest batch is no slower than the median, the CPU time of a batch is at
# most its wall time on one thread, and every Mbps figure is frames x bits over its own time; the text
# report has the same lines. $1 = path of fecforge.
source "$(dirname "$0")/common.bash"
export FG_PROGRESS=0

# consistent NAME ITERATIONS: the JSON of the last check (wifi-648-1/2: n 648, k 324)
consistent() {
  python3 - "$t/out" "$2" <<'PY' || { echo "FAIL $1: json consistency"; fail=1; }
import json, sys
j = json.load(open(sys.argv[1]))
it = float(sys.argv[2])
close = lambda a, b: abs(a - b) <= 1e-6 * max(abs(a), abs(b))
ok = [
    j["frames"] == j["batches"] * j["batch"] == 3 * 8,
    j["avg_iter"] == it,                                       # --et none: every frame runs --iter
    0 < j["best_ms"] <= j["kernel_ms"] == j["total_ms"],
    0 < j["cpu_ms"] <= 1.1 * j["kernel_ms"] * j["threads"] + 1, # CPU time of the decode calls only
    close(j["coded_mbps_total"], 8 * 648 / (1e3 * j["total_ms"])),
    close(j["coded_mbps_cpu"], 8 * 648 / (1e3 * j["cpu_ms"])),
    close(j["info_mbps_cpu"], 8 * 324 / (1e3 * j["cpu_ms"])),
]
if not all(ok):
    print("checks", ok, j)
    sys.exit(1)
PY
}

B=(bench ldpc --code wifi-648-1/2 --et none --batches 3 --frames 8)
check float 0 "$F" "${B[@]}" --iter 2 --json;               consistent float 2
check fixed 0 "$F" "${B[@]}" --impl fixed --iter 3 --json;  consistent fixed 3
check threads 0 "$F" "${B[@]}" --iter 2 --threads 2 --json; consistent threads 2
check cycle 0 "$F" "${B[@]}" --impl cycle --decoder hw --iter 2 --json
consistent cycle 2; has out '"impl": "cycle"'
check text 0 "$F" "${B[@]}" --iter 2
has out "^  best  .* (the fastest batch)"; has out "^  cpu  .* (CPU time of all threads)"; has out "24 frames timed"

[ $fail -eq 0 ] && echo "bench CLI: all checks passed"
exit $fail
