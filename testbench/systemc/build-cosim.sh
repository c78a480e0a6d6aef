#!/usr/bin/env bash
# Build the DBCF SystemC co-simulation (cosim_dbcf.cpp, docs/cosim.md) against any directory
# written by `fecforge gen dbcf`, outside CMake: the commands CMake runs, spelled out.
#
# usage: testbench/systemc/build-cosim.sh GEN_DIR FECFORGE_BUILD_DIR [OUTPUT]
#   GEN_DIR             output of `fecforge gen dbcf ... -o GEN_DIR` (its manifest.json names the top)
#   FECFORGE_BUILD_DIR  a CMake build of fecforge (libfecforge.a, libfecforge_gen.a)
#   OUTPUT              the executable (default GEN_DIR.sysc/cosim_dbcf)
# Objects go to GEN_DIR.sysc/ (beside GEN_DIR: `fecforge gen` replaces GEN_DIR as a whole).
# Then:  OUTPUT --rtl GEN_DIR                      (the traffic of tb_dbcf)
#        OUTPUT --vectors VECTOR_SET --rtl GEN_DIR (a golden vector set)
# Environment: CXX (default g++), JOBS (default 2).
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
gen=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
mdir=$gen.sysc
out=${3:-$mdir/cosim_dbcf}
src=$(cd "$(dirname "$0")/../.." && pwd)
cxx=${CXX:-g++}
jobs=${JOBS:-2}

top=$(sed -n 's/^ *"top": *"\([A-Za-z0-9_]*\)".*/\1/p' "$gen/manifest.json")
if [ -z "$top" ]; then
  echo "$gen/manifest.json: no \"top\": not a fecforge gen output" >&2
  exit 2
fi
for lib in "$build/cmodel/libfecforge.a" "$build/gen/libfecforge_gen.a"; do
  [ -f "$lib" ] || { echo "$lib missing: build fecforge first (targets fecforge, fecforge_gen)" >&2; exit 2; }
done
vroot=$(verilator --getenv VERILATOR_ROOT)
# SystemC: pkg-config if it knows it (its -I as -isystem: not our warnings), else the default paths.
sc_inc=$(pkg-config --cflags-only-I systemc 2>/dev/null | sed 's/-I/-isystem /g' || true)
sc_libs=$(pkg-config --libs systemc 2>/dev/null || echo -lsystemc)
std=-std=c++17 # SystemC's own standard (Debian's library is built for C++17: sc_api_version_..._cxx201703L)

# 1. The Verilated model as a SystemC module; --pins-bv 2 makes every port of 2 bits or more an
#    sc_bv<width>, so the harness checks each port's width against the configuration.
mkdir -p "$mdir"
(cd "$gen" && verilator --sc --pins-bv 2 --build -j "$jobs" -Wall -CFLAGS "$std $sc_inc" \
  --Mdir "$mdir" --prefix "V$top" --top-module "$top" -f files.f)

# 2. The harness, with the project's warnings; Verilator's and SystemC's headers are system includes.
defs="-DVM_COVERAGE=0 -DVM_SC=1 -DVM_TRACE=0 -DVM_TRACE_FST=0 -DVM_TRACE_VCD=0"
inc="-isystem $vroot/include -isystem $vroot/include/vltstd $sc_inc"
$cxx $std -O2 $defs $inc -isystem "$mdir" -I"$src/cmodel/include" -I"$src/gen/include" \
  -Wall -Wextra -Werror -Wshadow -Wvla -DFG_SC_CLASS="V$top" \
  -c "$src/testbench/systemc/cosim_dbcf.cpp" -o "$mdir/cosim_dbcf.o"

# 3. Verilator's runtime in SystemC mode (not our code: no warnings), and the link.
$cxx $std -O2 $defs $inc -w -c "$vroot/include/verilated.cpp" -o "$mdir/verilated.o"
$cxx $std -O2 $defs $inc -w -c "$vroot/include/verilated_threads.cpp" -o "$mdir/verilated_threads.o"
$cxx -o "$out" "$mdir/cosim_dbcf.o" "$mdir/V${top}__ALL.a" "$mdir/verilated.o" "$mdir/verilated_threads.o" \
  "$build/gen/libfecforge_gen.a" "$build/cmodel/libfecforge.a" $sc_libs -lm -pthread
echo "built $out (top $top); run: $out --rtl $gen"
