#!/usr/bin/env bash
# The GPU checks of docs/gpu-ldpc-cli.md ("Large decodes", "Several GPUs"), run on a machine with one or
# more CUDA devices. Steps (any subset, in this order):
#   build    configure and build fecforge with CUDA into BUILD
#   tests    the ctests named gpu (every kernel bit-exact with the C model; the GPU command lines and golden outputs)
#   ber      ber ldpc --device gpu on 1 GPU and on every GPU with one seed: the counts must be identical;
#            a fixed-frame-count run on 1..N GPUs gives frames/s per GPU and the scaling efficiency
#   decode   N frames of wifi-1944-1/2 (fixed point, the thesis's hardware arithmetic) made by `frames`,
#            decoded by the C model (all CPU threads), by the GPU kernel on 1 GPU and on every GPU; the
#            three decision files must be equal byte for byte (compare reports it too)
# Results: JSON and logs in OUTDIR, a summary table on stdout. Exit 1 on any mismatch.
# usage: scripts/gpu-checks.sh BUILD OUTDIR [build] [tests] [ber] [decode]   (env: FRAMES=1000000, WORK=/tmp,
#        CUNIT=DIR: a CUnit carried to a machine that has none, DIR/include/CUnit and DIR/lib/libcunit.so,
#        SHAPE="--ns 8 --ncw 8 --nmcw 512": the GPU batch shape of ber and decode (default: the options' defaults),
#        SCALE_FRAMES=20000000: frames of each scaling run)
set -uo pipefail
[ $# -ge 3 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
B=$(realpath -m "$1") O=$(realpath -m "$2")
shift 2
[ -n "${CUNIT:-}" ] && export LD_LIBRARY_PATH="$(realpath "$CUNIT")/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$O"
F=$B/cli/fecforge
W=${WORK:-/tmp}/fg-gpu-checks
N=${FRAMES:-1000000}
read -r -a SHAPE <<<"${SHAPE:-}"
CPUS=$(nproc)
fail=0
summary=()
note() { summary+=("$*"); echo "== $*"; }
secs() { local t0=$1; echo "$(($(date +%s%N) - t0))" | awk '{ printf "%.2f", $1 / 1e9 }'; }
# the counts of a ber --json report: everything but time, rates and provenance
# (python3, not jq: the CUDA machines have no jq)
counts() { jpy "$1" 'json.dumps([{k: p[k] for k in ("ebn0", "frames", "frame_errors", "bit_errors", "avg_iter", "stop")} for p in r["points"]])'; }
jpy() { python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2" 2>/dev/null; }

step_build() {
  local t0
  local cunit=()
  [ -n "${CUNIT:-}" ] && cunit=(-DCUNIT_LIBRARY="$(realpath "$CUNIT")/lib/libcunit.so"
    -DCUNIT_INCLUDE_DIR="$(realpath "$CUNIT")/include")
  t0=$(date +%s%N)
  cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DFG_WITH_CUDA=ON -DFG_WITH_SYSTEMC=OFF "${cunit[@]}" \
    >"$O/cmake.log" 2>&1 &&
    cmake --build "$B" -j "$CPUS" --target fecforge_cli gpu_ldpc >"$O/build.log" 2>&1 ||
    { tail -30 "$O/cmake.log" "$O/build.log" 2>/dev/null; echo "build failed"; exit 1; }
  note "build: $(secs "$t0") s"
  "$F" bench devices | tee "$O/devices.txt"
  nvidia-smi --query-gpu=index,name,memory.total,clocks.max.sm --format=csv >>"$O/devices.txt" 2>&1
}

step_tests() {
  (cd "$B" && ctest -R gpu --output-on-failure) >"$O/ctest-gpu.log" 2>&1 || fail=1
  note "gpu tests: $(grep -E 'tests passed|tests failed' "$O/ctest-gpu.log")"
}

step_ber() {
  local ngpu a b
  ngpu=$("$F" bench devices | head -1 | grep -o '[0-9]*' | head -1)
  # the waterfall: the same counts on 1 and on every GPU
  local common=(ber ldpc --device gpu --code wifi-1944-1/2 --decoder hw --ebn0 1.0:0.25:2.5 --min-fe 500
    --max-frames 20000000 --seed 2026 --json -q)
  common+=("${SHAPE[@]}")
  "$F" "${common[@]}" --gpus 1 >"$O/ber-waterfall-g1.json" || fail=1
  "$F" "${common[@]}" --gpus 0 >"$O/ber-waterfall-gall.json" || fail=1
  a=$(counts "$O/ber-waterfall-g1.json") b=$(counts "$O/ber-waterfall-gall.json")
  if [ -n "$a" ] && [ "$a" = "$b" ]; then
    note "ber waterfall, 1 GPU and $ngpu GPUs: identical counts ($(jpy "$O/ber-waterfall-g1.json" 'sum(p["frames"] for p in r["points"])') frames)"
  else
    note "ber waterfall: COUNTS DIFFER between 1 and $ngpu GPUs"
    fail=1
  fi
  # scaling: a fixed number of frames (no point reaches min-fe at 3 dB)
  local g ref=""
  for g in $(seq 1 "$ngpu"); do
    "$F" ber ldpc --device gpu --code wifi-1944-1/2 --decoder hw --ebn0 3 --min-fe 1000000000 \
      --max-frames "${SCALE_FRAMES:-20000000}" --seed 7 --gpus "$g" "${SHAPE[@]}" --json -q >"$O/ber-scale-g$g.json" || fail=1
    a=$(counts "$O/ber-scale-g$g.json")
    [ -z "$ref" ] && ref=$a
    [ "$a" = "$ref" ] || { note "ber scaling: counts on $g GPUs differ from 1 GPU"; fail=1; }
    note "ber scaling, $g GPU(s): $(jpy "$O/ber-scale-g$g.json" \
      '"%d frames in %.3f s, %.0f frames/s" % (r["points"][0]["frames"], r["points"][0]["elapsed_s"], r["points"][0]["frames_per_s"])')"
  done
}

step_decode() {
  local code=(--code wifi-1944-1/2 --decoder hw) t0 tg1 tgn tc
  rm -rf "$W" && mkdir -p "$W"
  t0=$(date +%s%N)
  "$F" frames ldpc "${code[@]}" --ebn0 1.75 --count "$N" --seed 11 --threads "$CPUS" --encoding binary \
    -o "$W/frames.bin" --ref "$W/ref.bin" -q || { note "frames failed"; fail=1; return; }
  note "frames: $N frames, $(stat -c %s "$W/frames.bin") bytes, $(secs "$t0") s"
  t0=$(date +%s%N)
  "$F" decode ldpc "${code[@]}" --device gpu --gpus 1 "${SHAPE[@]}" --in "$W/frames.bin" -o "$W/gpu1.bin" -q || fail=1
  tg1=$(secs "$t0")
  t0=$(date +%s%N)
  "$F" decode ldpc "${code[@]}" --device gpu --gpus 0 "${SHAPE[@]}" --in "$W/frames.bin" -o "$W/gpuall.bin" -q || fail=1
  tgn=$(secs "$t0")
  t0=$(date +%s%N)
  "$F" decode ldpc "${code[@]}" --threads "$CPUS" --in "$W/frames.bin" -o "$W/cpu.bin" -q || fail=1
  tc=$(secs "$t0")
  note "decode $N frames (wall, file to file): GPU x1 $tg1 s, GPU all $tgn s, C model ($CPUS threads) $tc s"
  "$F" compare "$W/cpu.bin" "$W/gpu1.bin" --json >"$O/compare-cpu-gpu1.json"
  local rc1=$?
  "$F" compare "$W/cpu.bin" "$W/gpuall.bin" --json >"$O/compare-cpu-gpuall.json"
  local rc2=$?
  "$F" compare "$W/ref.bin" "$W/cpu.bin" --json >"$O/compare-ref-cpu.json"
  if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && cmp -s "$W/cpu.bin" "$W/gpu1.bin" && cmp -s "$W/cpu.bin" "$W/gpuall.bin"; then
    note "decode: C model = GPU x1 = GPU all, byte for byte ($(stat -c %s "$W/cpu.bin") bytes)"
  else
    note "decode: MISMATCH (compare exit $rc1/$rc2; see $O/compare-*.json)"
    fail=1
  fi
  note "decode: frames the decoder got wrong against the sent bits: $(jpy "$O/compare-ref-cpu.json" \
    '"%d of %d frames, %d bits" % (r["frames_differing"], r["frames"], r["bits_differing"])')"
}

for s in "$@"; do
  case $s in build | tests | ber | decode) "step_$s" ;; *) echo "unknown step $s" >&2; exit 2 ;; esac
done
echo
printf '%s\n' "${summary[@]}"
exit $fail
