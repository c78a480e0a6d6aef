#!/usr/bin/env bash
# The IAG configurations of the rtl_verify_iag_* tests and UMTS PLLR 4 and 64 (both variants), generated and
# linted: Verilator -Wall (no waivers) and, where installed, Icarus -g2005. Usage: lint_iag.sh FECFORGE
# (in a scratch working directory).
set -u
bad=0
ivl=$(command -v iverilog)
for c in lte:8 lte:64 umts:8 umts:32 umts:8:fwd umts:4 umts:4:fwd umts:64 umts:64:fwd; do
    IFS=: read -r std p fwd <<<"$c"
    top=fg_iag_${std}_p$p${fwd:+_$fwd} d=lint-$top
    rm -rf "$d"
    ok=clean
    "$1" gen iag --std "$std" --pllr "$p" ${fwd:+--forward-only} -o "$d" >/dev/null || { echo "gen $c failed"; exit 1; }
    out=$(cd "$d" && verilator --lint-only -Wall -f files.f --top-module "$top" 2>&1) || { echo "$out"; ok=FAILED bad=1; }
    [ -z "$ivl" ] || out=$(cd "$d" && "$ivl" -g2005 -c files.f -s "$top" -o "../$d.vvp" 2>&1) || { echo "$out"; ok=FAILED bad=1; }
    echo "$top: $ok"
done
exit $bad
