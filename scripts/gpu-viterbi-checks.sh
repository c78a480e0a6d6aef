#!/usr/bin/env bash
# The GPU Viterbi decoder's checks and measurements (docs/viterbi.md "GPU decoder"), on a machine with a CUDA
# device. Steps (any subset, in this order):
#   build    configure and build fecforge with CUDA into BUILD
#   tests    the ctests gpu_viterbi and gpu_viterbi_host
#   verify   verify viterbi --impl gpu-fixed --against fixed over tilings, rates and noise levels (VBITS decoded
#            bits per configuration and point, default 2^27)
#   bench    bench viterbi --device gpu: K 7 rate 1/2 over the paper's tiles, JSON per run
# usage: scripts/gpu-viterbi-checks.sh BUILD OUTDIR [build] [tests] [verify] [bench]
#        (env: CUNIT=DIR: a CUnit carried to a machine that has none, DIR/include/CUnit and DIR/lib/libcunit.so)
set -uo pipefail
[ $# -ge 3 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
B=$(realpath -m "$1") O=$(realpath -m "$2")
shift 2
[ -n "${CUNIT:-}" ] && export LD_LIBRARY_PATH="$(realpath "$CUNIT")/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$O"
F=$B/cli/fecforge
CPUS=$(nproc)
fail=0
summary=()
note() { summary+=("$*"); echo "== $*"; }
jpy() { python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2" 2>/dev/null; }

step_build() {
  local cunit=()
  [ -n "${CUNIT:-}" ] && cunit=(-DCUNIT_LIBRARY="$(realpath "$CUNIT")/lib/libcunit.so"
    -DCUNIT_INCLUDE_DIR="$(realpath "$CUNIT")/include")
  cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DFG_WITH_CUDA=ON -DFG_WITH_SYSTEMC=OFF "${cunit[@]}" >"$O/cmake.log" 2>&1 &&
    cmake --build "$B" -j "$CPUS" --target fecforge_cli gpu_viterbi gpu_viterbi_host >"$O/build.log" 2>&1 ||
    { tail -30 "$O/cmake.log" "$O/build.log"; echo "build failed"; exit 1; }
  note "build done"
}

step_tests() {
  (cd "$B" && ctest -R 'gpu_viterbi' --output-on-failure) >"$O/ctest.log" 2>&1 || fail=1
  note "tests: $(grep -E 'tests passed|tests failed' "$O/ctest.log"); $(grep -o 'gpu_viterbi: [0-9]* bits compared' "$O/ctest.log")"
}

step_verify() {
  local v i=0 total=0 bits=${VBITS:-134217728}
  for v in "--tile 256 --overlap-left 20 --overlap-right 30 --bits 65536" \
    "--tile 256 --overlap-left 20 --overlap-right 45 --subframe 32 --bits 65536" \
    "--tile 64 --overlap-left 8 --overlap-right 16 --subframe 8 --bits 8192 --ending truncated" \
    "--bits 4096" "--punct dvbs-3/4 --tile 512 --overlap-left 30 --overlap-right 60 --bits 65536" \
    "--gen 171,133 --punct dvbs-2/3 --tile 128 --overlap-left 20 --overlap-right 40 --subframe 16 --bits 32768" \
    "--K 9 --gen 561,753 --tile 256 --overlap-left 30 --overlap-right 50 --bits 65536 --norm subtract"; do
    i=$((i + 1))
    local k
    k=$(echo "$v" | sed -n 's/.*--bits \([0-9]*\).*/\1/p')
    "$F" verify viterbi --impl gpu-fixed --against fixed --fixed $v --ebn0 2.5,4 --frames $((bits / k)) \
      --threads "$CPUS" --json >"$O/verify-$i.json" 2>"$O/verify-$i.log" || { fail=1; note "verify $i ($v): MISMATCH or failure"; }
    local n
    n=$(jpy "$O/verify-$i.json" 'sum(p["frames"] for p in r["points"])')
    total=$((total + ${n:-0} * k))
  done
  note "verify: $total decoded bits compared with the C model in $i configurations x 2 points"
}

bench1() {
  local name=$1
  shift
  "$F" bench viterbi --device gpu --fixed "$@" --batches 10 --json >"$O/bench-$name.json" 2>"$O/bench-$name.log" ||
    { fail=1; note "bench $name failed"; return; }
  note "bench $name: $(jpy "$O/bench-$name.json" '"batch %d, kernel %.3f ms: %.0f Mbps info; with transfers %.0f Mbps" % (r["batch"], r["kernel_ms"], r["info_mbps_kernel"], r["info_mbps_total"])')"
}

step_bench() {
  local f v2
  for f in 64 256 512; do
    for v2 in 20 40; do
      bench1 "f$f-v2-$v2" --tile $f --overlap-left 20 --overlap-right $v2 --bits 65536
    done
  done
  bench1 "f256-ptb32-v2-45" --tile 256 --overlap-left 20 --overlap-right 45 --subframe 32 --bits 65536
  bench1 "f256-ptb32-v2-25" --tile 256 --overlap-left 20 --overlap-right 25 --subframe 32 --bits 65536
}

for s in "$@"; do
  case $s in build | tests | verify | bench) "step_$s" ;; *) echo "unknown step $s" >&2; exit 2 ;; esac
done
echo
printf '%s\n' "${summary[@]}"
exit $fail
