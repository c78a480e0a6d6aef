#!/usr/bin/env bash
# The GPU Viterbi decoder's checks and measurements (docs/viterbi.md "GPU decoder"), on a machine with a CUDA
# device. Steps (any subset, in this order):
#   build    configure and build fecforge with CUDA into BUILD
#   tests    the ctests gpu_viterbi and gpu_viterbi_host
#   verify   verify viterbi --impl gpu-fixed --against fixed over tilings, rates and noise levels, for each kernel
#            of VKERNELS (default "fast unified"; VBITS decoded bits per configuration and point, default 2^27)
#   bench    bench viterbi --device gpu: K 7 rate 1/2, the fast kernel's configurations (rates 1/2, 2/3, 3/4) and
#            the unified kernel's, JSON per run
#   tables   the paper's Tables IV and V (throughput over f x v2, and f0 x v2 with parallel traceback): every cell
#            with both kernels where they apply, JSON per cell and tables.md
#   profile  ncu of the fast kernel (K 7, f 1024, f0 32, v2 35): speed of light, occupancy, instruction mix
# usage: scripts/gpu-viterbi-checks.sh BUILD OUTDIR [build] [tests] [verify] [bench] [tables] [profile]
#        (env: CUNIT=DIR: a CUnit carried to a machine that has none, DIR/include/CUnit and DIR/lib/libcunit.so)
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

# verify KERNEL CONFIG...: each configuration through the kernel against the C model at 2.5 and 4 dB.
verify_kernel() {
  local kernel=$1 v k n i=0 total=0 bits=${VBITS:-134217728}
  shift
  for v in "$@"; do
    i=$((i + 1))
    k=$(echo "$v" | sed -n 's/.*--bits \([0-9]*\).*/\1/p')
    "$F" verify viterbi --impl gpu-fixed --against fixed --fixed --kernel "$kernel" $v --ebn0 2.5,4 \
      --frames $((bits / k)) --threads "$CPUS" --json >"$O/verify-$kernel-$i.json" 2>"$O/verify-$kernel-$i.log" ||
      { fail=1; note "verify $kernel $i ($v): MISMATCH or failure"; }
    n=$(jpy "$O/verify-$kernel-$i.json" 'sum(p["frames"] for p in r["points"])')
    total=$((total + ${n:-0} * k))
  done
  note "verify $kernel: $total decoded bits compared with the C model in $i configurations x 2 points"
}

step_verify() {
  local kernels=${VKERNELS:-fast unified}
  case " $kernels " in *" fast "*)
    verify_kernel fast "--tile 1024 --overlap-left 20 --overlap-right 35 --subframe 32 --bits 65536" \
      "--tile 256 --overlap-left 20 --overlap-right 45 --subframe 64 --bits 65536 --ending truncated" \
      "--punct dvbs-3/4 --tile 512 --overlap-left 30 --overlap-right 60 --subframe 32 --bits 65536" \
      "--punct dvbs-2/3 --tile 2048 --overlap-left 17 --overlap-right 40 --subframe 64 --bits 32768 --norm subtract" \
      "--gen 133,171 --punct wifi-3/4 --tile 128 --overlap-left 8 --overlap-right 50 --bits 8192 --llr-width 8 --llr-frac 3" ;;
  esac
  case " $kernels " in *" unified "*)
    verify_kernel unified "--tile 256 --overlap-left 20 --overlap-right 30 --bits 65536" \
      "--tile 256 --overlap-left 20 --overlap-right 45 --subframe 32 --bits 65536" \
      "--tile 64 --overlap-left 8 --overlap-right 16 --subframe 8 --bits 8192 --ending truncated" \
      "--bits 4096" "--punct dvbs-3/4 --tile 512 --overlap-left 30 --overlap-right 60 --bits 65536" \
      "--gen 171,133 --punct dvbs-2/3 --tile 128 --overlap-left 20 --overlap-right 40 --subframe 16 --bits 32768" \
      "--K 9 --gen 561,753 --tile 256 --overlap-left 30 --overlap-right 50 --bits 65536 --norm subtract" ;;
  esac
}

bench1() {
  local name=$1
  shift
  "$F" bench viterbi --device gpu --fixed "$@" --batches ${BATCHES:-10} --json >"$O/bench-$name.json" 2>"$O/bench-$name.log" ||
    { fail=1; note "bench $name failed: $(tail -1 "$O/bench-$name.log")"; return; }
  note "bench $name: $(jpy "$O/bench-$name.json" '"%s, batch %d, kernel %.3f ms: %.2f Gbps info; with transfers %.2f Gbps" % (r["gpu"]["kernel"], r["batch"], r["kernel_ms"], r["info_mbps_kernel"] / 1e3, r["info_mbps_total"] / 1e3)')"
}

step_bench() {
  local f f0 v2 p
  for f in 256 1024 4096; do
    for f0 in 32 64; do
      bench1 "fast-f$f-f0-$f0-v2-35" --kernel fast --tile $f --overlap-left 20 --overlap-right 35 --subframe $f0 --bits 65536
    done
  done
  bench1 "fast-f1024-f0-32-v2-45" --kernel fast --tile 1024 --overlap-left 20 --overlap-right 45 --subframe 32 --bits 65536
  for p in dvbs-2/3 dvbs-3/4; do
    bench1 "fast-f1024-f0-32-v2-45-${p/\//-}" --kernel fast --punct $p --tile 1024 --overlap-left 20 --overlap-right 45 \
      --subframe 32 --bits 65536
  done
  for f in 256 512; do
    bench1 "unified-f$f-v2-20" --kernel unified --tile $f --overlap-left 20 --overlap-right 20 --bits 65536
  done
  bench1 "unified-f256-ptb32-v2-45" --kernel unified --tile 256 --overlap-left 20 --overlap-right 45 --subframe 32 --bits 65536
}

# One cell of a table with a kernel: its info Gbps in the kernel (or "-" where the kernel does not apply).
cell() {
  local name=$1 kernel=$2
  shift 2
  if "$F" bench viterbi --device gpu --fixed --kernel "$kernel" "$@" --bits 65536 --batches ${BATCHES:-5} --json \
    >"$O/t-$name-$kernel.json" 2>"$O/t-$name-$kernel.log"; then
    jpy "$O/t-$name-$kernel.json" '"%.2f" % (r["info_mbps_kernel"] / 1e3)'
  else
    echo "-"
  fi
}

step_tables() {
  local f v2 f0 row
  {
    echo "Table IV (Gbps, info bits in the kernel; unified / fast; f x v2, v1 20)"
    echo "| v2 \\ f | 32 | 64 | 128 | 256 | 512 |"
    echo "|---|---|---|---|---|---|"
    for v2 in 10 20 30 40; do
      row="| $v2 |"
      for f in 32 64 128 256 512; do
        row="$row $(cell "iv-f$f-v2-$v2" unified --tile $f --overlap-left 20 --overlap-right $v2) / $(cell "iv-f$f-v2-$v2" fast --tile $f --overlap-left 20 --overlap-right $v2) |"
      done
      echo "$row"
    done
    echo
    echo "Table V (Gbps; unified / fast; f0 x v2, f 256, v1 20)"
    echo "| v2 \\ f0 | 8 | 16 | 24 | 32 | 40 | 48 | 56 |"
    echo "|---|---|---|---|---|---|---|---|"
    for v2 in 25 30 35 40 45; do
      row="| $v2 |"
      for f0 in 8 16 24 32 40 48 56; do
        row="$row $(cell "v-f0-$f0-v2-$v2" unified --tile 256 --overlap-left 20 --overlap-right $v2 --subframe $f0) / $(cell "v-f0-$f0-v2-$v2" fast --tile 256 --overlap-left 20 --overlap-right $v2 --subframe $f0) |"
      done
      echo "$row"
    done
  } >"$O/tables.md"
  cat "$O/tables.md"
  note "tables: $O/tables.md"
}

step_profile() {
  local ncu
  ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
  [ -n "$ncu" ] || { note "profile: ncu not found"; return; }
  "$ncu" --clock-control none --section=SpeedOfLight --section=Occupancy --section=WarpStateStats \
    --section=InstructionStats --section=ComputeWorkloadAnalysis --section=SpeedOfLight_RooflineChart \
    -k regex:decode_fast -c 1 "$F" bench viterbi --device gpu --fixed --kernel fast --tile 1024 --overlap-left 20 \
    --overlap-right 35 --subframe 32 --bits 65536 --batches 1 >"$O/ncu-fast.txt" 2>&1 || fail=1
  note "profile: $O/ncu-fast.txt ($(grep -E 'Compute \(SM\) Throughput|Achieved Occupancy' "$O/ncu-fast.txt" | tr -s ' ' | paste -sd';'))"
}

for s in "$@"; do
  case $s in build | tests | verify | bench | tables | profile) "step_$s" ;; *) echo "unknown step $s" >&2; exit 2 ;; esac
done
echo
printf '%s\n' "${summary[@]}"
exit $fail
