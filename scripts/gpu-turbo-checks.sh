#!/usr/bin/env bash
# The GPU turbo decoder's checks and measurements of docs/gpu-turbo.md, run on a machine with a CUDA
# device. Steps (any subset, in this order):
#   build    configure and build fecforge with CUDA into BUILD
#   tests    the ctest gpu_turbo (the decoder bit-exact with the C model, CUnit)
#   verify   verify turbo --impl gpu-fixed --against fixed over LTE and UMTS sizes (odd K included), P 1..64,
#            both normalisations, NII on and off: every frame's decisions, half-iterations and APPs equal
#   bench    bench turbo --device gpu: LTE K 6144 and UMTS K 5114 at 6 iterations (12 half-iterations), the
#            throughput target's configuration, over P; JSON per run
#   tune     the batch shape, checkpoint interval and lanes (--seg, --ncw, --lanes) at LTE K 6144, 6 iterations,
#            P 64, and the latency batch (NS 1, 48 blocks) at P 64 and 128
#   float    float mode: gpu_turbo's float cases ran in tests; here verify --impl gpu-float --against float (both
#            kernels, max-log and log-MAP: within the band) and the float throughput of both kernels
#   table48  thesis Table 4.8: LTE K 6144, 4/6/8/10 iterations, max-log-MAP and log-MAP, the thesis kernel over
#            P and the fused kernel (float) beside it
#   ber      thesis Fig. 4.16's fixed-point curves (HSPA+ K 5114 P 8, LTE K 6144 P 16) with --device gpu: the wall
#            time, and every point's frames, frame errors and bit errors against the CPU's in docs/turbo-fig-4-16.md
#   sass     the kernels' registers and instruction counts (cuobjdump) into OUTDIR/sass.txt
#   profile  ncu of one batch of LTE K 6144 (P 64, 6 iterations): the roofline sections
#   tprofile the same for one half-iteration of the thesis kernel (float max-log, P 64)
# Results: JSON and logs in OUTDIR, a summary table on stdout. Exit 1 on any mismatch.
# usage: scripts/gpu-turbo-checks.sh BUILD OUTDIR [build] [tests] [verify] [bench] [tune] [float] [table48] [ber] [sass]
#              [profile] [tprofile]
#        (env: CUNIT=DIR: a CUnit carried to a machine that has none, DIR/include/CUnit and DIR/lib/libcunit.so;
#        VFRAMES=3200: frames per verify configuration and point; PROFILE_SHAPE: GPU options of the profiled run;
#        TESTS: the ctest regex of step tests, default gpu_turbo$)
set -uo pipefail
[ $# -ge 3 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
B=$(realpath -m "$1") O=$(realpath -m "$2")
shift 2
[ -n "${CUNIT:-}" ] && export LD_LIBRARY_PATH="$(realpath "$CUNIT")/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$O"
F=$B/cli/fecforge
CPUS=$(nproc)
fail=0
summary=()
note() { summary+=("$*"); echo "== $*"; }
secs() { local t0=$1; echo "$(($(date +%s%N) - t0))" | awk '{ printf "%.2f", $1 / 1e9 }'; }
jpy() { python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2" 2>/dev/null; }

step_build() {
  local t0 cunit=()
  [ -n "${CUNIT:-}" ] && cunit=(-DCUNIT_LIBRARY="$(realpath "$CUNIT")/lib/libcunit.so"
    -DCUNIT_INCLUDE_DIR="$(realpath "$CUNIT")/include")
  t0=$(date +%s%N)
  cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DFG_WITH_CUDA=ON -DFG_WITH_SYSTEMC=OFF "${cunit[@]}" \
    >"$O/cmake.log" 2>&1 &&
    cmake --build "$B" -j "$CPUS" --target fecforge_cli gpu_turbo gpu_turbo_host gpu_ldpc >"$O/build.log" 2>&1 ||
    { tail -30 "$O/cmake.log" "$O/build.log" 2>/dev/null; echo "build failed"; exit 1; }
  note "build: $(secs "$t0") s"
  "$F" bench devices | tee "$O/devices.txt"
}

step_tests() {
  local t0
  t0=$(date +%s%N)
  (cd "$B" && ctest -R "${TESTS:-gpu_turbo\$}" --output-on-failure) >"$O/ctest-gpu-turbo.log" 2>&1 || fail=1
  note "gpu_turbo: $(grep -E 'tests passed|tests failed' "$O/ctest-gpu-turbo.log"), $(grep -o '[0-9]* frames compared' \
    "$O/ctest-gpu-turbo.log" | head -1), $(secs "$t0") s"
}

# one verify run: NAME then the family's options; adds its frames to VTOTAL
VTOTAL=0
verify1() {
  local name=$1
  shift
  "$F" verify turbo --impl gpu-fixed --against fixed --fixed "$@" --frames "${VFRAMES:-3200}" --threads "$CPUS" \
    --json >"$O/verify-$name.json" 2>"$O/verify-$name.log"
  local rc=$? n
  if [ $rc -eq 2 ] && grep -q "does not fit" "$O/verify-$name.log"; then
    rm -f "$O/verify-$name.json"
    return # P too large for K: the C model's own rule
  fi
  n=$(jpy "$O/verify-$name.json" 'sum(p["frames"] for p in r["points"])')
  VTOTAL=$((VTOTAL + ${n:-0}))
  if [ $rc -ne 0 ]; then
    fail=1
    note "verify $name: MISMATCH or failure (exit $rc; $O/verify-$name.log)"
  fi
}

step_verify() {
  local t0 p k norm
  t0=$(date +%s%N)
  for p in 1 8 16 32 64; do
    for k in 40 1008 6144; do
      verify1 "lte-$k-p$p" --std lte --K "$k" --parallel "$p" --ebn0 0,0.6,1.2
    done
    for k in 41 997 5113 5114; do
      verify1 "umts-$k-p$p" --std umts --K "$k" --parallel "$p" --iter 4 --ebn0 0.3,0.9
    done
  done
  for norm in modulo subtract; do
    verify1 "lte-2048-$norm-nonii" --std lte --K 2048 --parallel 16 --norm "$norm" --nii off --ebn0 0.5,1
    verify1 "umts-3001-$norm-w10" --std umts --K 3001 --parallel 32 --norm "$norm" --llr-width 10 --llr-frac 4 \
      --ext-width 12 --bm-width 14 --sm-width 16 --ebn0 0.5,1
  done
  verify1 "lte-6144-crc" --std lte --K 6144 --parallel 64 --iter 8 --et crc --ebn0 0.6,1
  note "verify: $VTOTAL frames against the C model, $(secs "$t0") s ($(ls "$O"/verify-*.json | wc -l) runs)"
}

# bench NAME then the options (fixed mode unless they say --float)
bench1() {
  local name=$1 mode=--fixed
  shift
  [ "${1:-}" = --float ] && { mode=; shift; }
  "$F" bench turbo --device gpu $mode "$@" --batches ${BATCHES:-10} --json >"$O/bench-$name.json" 2>"$O/bench-$name.log" ||
    { fail=1; note "bench $name failed ($O/bench-$name.log)"; return; }
  note "bench $name: $(jpy "$O/bench-$name.json" \
    '"batch %d, kernel %.3f ms: %.0f Mbps info (%.0f coded); with transfers %.0f Mbps info; latency %.3f ms" % (
      r["batch"], r["kernel_ms"], r["info_mbps_kernel"], r["coded_mbps_kernel"],
      r["info_mbps_total"], r["latency_ms"])')"
}

step_bench() {
  local p
  for p in 16 32 64; do
    bench1 "lte-6144-p$p" --std lte --K 6144 --parallel "$p" --iter 6 --ebn0 1
  done
  bench1 "umts-5114-p64" --std umts --K 5114 --parallel 64 --iter 6 --ebn0 1
  bench1 "lte-6144-p64-latency" --std lte --K 6144 --parallel 64 --iter 6 --ebn0 1 --ns 1 --nmcw 48
}

step_tune() {
  local v
  for v in "--seg 8 --ncw 2" "--seg 4 --ncw 2" "--seg 4 --ncw 1" "--seg 4 --ncw 4" "--seg 8 --ncw 1" \
    "--lanes 2 --seg 4" "--lanes 2 --seg 8" "--lanes 2 --seg 4 --ncw 2"; do
    bench1 "tune-p64${v// /}" --std lte --K 6144 --parallel 64 --iter 6 --ebn0 1 $v
  done
  for v in "--ncw 1" "--ncw 2"; do
    bench1 "tune-p128${v// /}" --std lte --K 6144 --parallel 128 --iter 6 --ebn0 1 $v
  done
  for v in "--parallel 64 --seg 4" "--parallel 64 --seg 8" "--parallel 128 --seg 4" "--parallel 128 --seg 8" \
    "--parallel 64 --seg 8 --lanes 2"; do
    bench1 "tune-latency${v// /}" --std lte --K 6144 --iter 6 --ebn0 1 --ns 1 --nmcw 48 $v
  done
}

step_float() {
  local t0 k alg
  t0=$(date +%s%N)
  for k in fused thesis; do
    for alg in "maxlog --scale 0.75" "log --scale 1"; do
      "$F" verify turbo --impl gpu-float --against float --kernel $k --alg $alg --std lte --K 6144 --parallel 64 \
        --ebn0 0.4,0.6,0.8 --frames 3000 --threads "$CPUS" --json >"$O/verify-float-$k-${alg%% *}.json" \
        2>"$O/verify-float-$k-${alg%% *}.log" || { fail=1; note "verify float $k ${alg%% *}: OUTSIDE THE BAND or failure"; }
      note "verify float $k ${alg%% *}: $(jpy "$O/verify-float-$k-${alg%% *}.json" \
        '"; ".join("%g dB: fe %d/%d, decisions differ in %d of %d" % (p["ebn0"], p["frame_errors_impl"], p["frame_errors_against"], p["frames_decisions_differ"], p["frames"]) for p in r["points"])')"
    done
  done
  "$F" verify turbo --impl gpu-float --against float --kernel thesis --alg linlog --scale 1 --std umts --K 5114 --parallel 32 \
    --ebn0 0.4,0.6 --frames 2000 --threads "$CPUS" --json >"$O/verify-float-thesis-linlog.json" 2>/dev/null ||
    { fail=1; note "verify float thesis linlog: OUTSIDE THE BAND or failure"; }
  note "verify float: $(secs "$t0") s"
  bench1 float-fused-maxlog-p64 --float --kernel fused --std lte --K 6144 --parallel 64 --iter 6 --ebn0 1
  bench1 float-fused-log-p64 --float --kernel fused --alg log --scale 1 --std lte --K 6144 --parallel 64 --iter 6 --ebn0 1
}

step_table48() {
  local it alg p
  for it in 4 6 8 10; do
    for alg in maxlog log; do
      for p in ${T48_P:-32 64}; do
        bench1 "t48-thesis-$alg-i$it-p$p" --float --kernel thesis --alg $alg --std lte --K 6144 --parallel $p --iter $it --ebn0 1
      done
      bench1 "t48-fused-$alg-i$it-p64" --float --kernel fused --alg $alg --std lte --K 6144 --parallel 64 --iter $it --ebn0 1
    done
  done
}

# one Fig. 4.16 curve from the GPU: NAME, the curve's title in docs/turbo-fig-4-16.md, then the options
ber1() {
  local name=$1 title=$2 t0
  shift 2
  t0=$(date +%s%N)
  "$F" ber turbo --fixed --nii on --ebn0 0:0.1:0.5,0.55:0.05:0.9 --min-fe 50 --max-frames 10000 --iter 5.5 --seed 1 \
    --threads "$CPUS" --device gpu "$@" --json >"$O/ber-$name.json" 2>"$O/ber-$name.log" ||
    { fail=1; note "ber $name failed ($O/ber-$name.log)"; return; }
  local cmp
  cmp=$(python3 - "$O/ber-$name.json" "$title" docs/turbo-fig-4-16.md <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
doc = open(sys.argv[3]).read()
m = re.search(re.escape(sys.argv[2]) + r": (.*?)(?=\n\S|\n```)", doc, re.S)
want = {float(e): tuple(map(int, c.split("/")[:3])) for e, c in re.findall(r"([0-9.]+) ([0-9/]+)/[0-9.e+-]+", m.group(1))}
got = {p["ebn0"]: (p["frames"], p["frame_errors"], p["bit_errors"]) for p in r["points"]}
bad = [e for e in want if got.get(e) != want[e]]
print("%d points, %d frames, %s" % (len(got), sum(g[0] for g in got.values()),
      "every point equal to the CPU's" if not bad and len(got) == len(want) else "DIFFERENT at %s" % bad))
PY
)
  case $cmp in *DIFFERENT* | "") fail=1 ;; esac
  note "ber $name: $cmp, $(secs "$t0") s"
}

step_ber() {
  ber1 umts-5114-p8 "HSPA+ fixed P=8 NII" --std umts --K 5114 --parallel 8
  ber1 lte-6144-p16 "LTE fixed P=16 NII" --std lte --K 6144 --parallel 16
}

step_sass() {
  cuobjdump --dump-resource-usage "$B"/gpu/libfecforge_gpu.a 2>&1 | grep -A1 decode_fused >"$O/sass.txt"
  cuobjdump --dump-sass "$B"/gpu/libfecforge_gpu.a 2>/dev/null | awk '/Function : .*decode_fused/ { f = $3 }
    f && /\/\*[0-9a-f]{4}\*\// { n[f]++; split($2, op, "."); ops[f, op[1]]++ }
    END { for (k in n) print k, n[k], "instructions" }' >>"$O/sass.txt"
  cuobjdump --dump-sass "$B"/gpu/libfecforge_gpu.a 2>/dev/null |
    awk '/Function : .*decode_fused/ { f = ($3 ~ /IaLi8E/) } f' >"$O/sass-int8-seg8.txt"
  note "sass: $(wc -l <"$O/sass.txt") lines in $O/sass.txt, the int8 seg-8 kernel in $O/sass-int8-seg8.txt"
}

step_profile() {
  local sec=(SpeedOfLight SpeedOfLight_RooflineChart ComputeWorkloadAnalysis MemoryWorkloadAnalysis Occupancy LaunchStats
    WarpStateStats SchedulerStats InstructionStats)
  ncu --clock-control none "${sec[@]/#/--section=}" -k regex:decode_fused -c 1 \
    "$F" bench turbo --device gpu --fixed --std lte --K 6144 --parallel 64 --iter 6 --ebn0 1 --batches 1 ${PROFILE_SHAPE:-} \
    >"$O/ncu-lte-6144-p64.txt" 2>&1 || { note "profile failed ($O/ncu-lte-6144-p64.txt)"; return; }
  note "profile ($O/ncu-lte-6144-p64.txt):"
  grep -E "Duration|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|L2 Cache Throughput|Achieved Occupancy|Issue Slots Busy|Registers Per|No Eligible|Stall|Executed Ipc" \
    "$O/ncu-lte-6144-p64.txt" | head -30
}

step_tprofile() {
  ncu --clock-control none --section=SpeedOfLight --section=Occupancy --section=WarpStateStats --section=LaunchStats \
    -k regex:map_half -c 1 "$F" bench turbo --device gpu --kernel thesis --std lte --K 6144 --parallel 64 --iter 6 \
    --ebn0 1 --batches 1 --ns 1 >"$O/ncu-thesis.txt" 2>&1 || { note "tprofile failed ($O/ncu-thesis.txt)"; return; }
  note "tprofile ($O/ncu-thesis.txt):"
  grep -E "Duration|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|Achieved Occupancy|Registers Per|Stall|Executed Ipc|Theoretical Occ" \
    "$O/ncu-thesis.txt" | head -20
}

for s in "$@"; do
  case $s in build | tests | verify | bench | tune | float | table48 | ber | sass | profile | tprofile) "step_$s" ;; *) echo "unknown step $s" >&2; exit 2 ;; esac
done
echo
printf '%s\n' "${summary[@]}"
exit $fail
