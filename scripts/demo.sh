#!/usr/bin/env bash
# `make demo`: the HSPA+ memory-conflict and DBCF sizing study end to end.
# Usage: scripts/demo.sh path/to/fecforge OUTDIR
set -euo pipefail
F=$1
OUT=${2:-out}
mkdir -p "$OUT"
K=5114

echo "fecforge demo: memory conflicts and DBCF buffer sizing of a parallel HSPA+ turbo decoder"
echo "($("$F" --version); outputs in $OUT/)"
echo

# 1. Memory conflicts at K = 5114 for PLLR = 8..64 (M = PLLR banks), and MCR against K.
"$F" conflicts --std umts --K $K --pllr 8,16,32,64 --csv "$OUT/conflicts-k$K.csv" \
    --plot "$OUT/conflicts-nway-k$K.png" >"$OUT/conflicts-k$K.txt"
"$F" conflicts --std umts --K all --pllr 8,16,32,64 --csv "$OUT/conflicts-all.csv" \
    --plot "$OUT/conflicts-mcr.png" >"$OUT/conflicts-all.txt"

echo "Memory conflicts, HSPA+ K=$K, M = PLLR banks, both half-iterations (docs/conflicts.md)"
printf '%6s %8s %14s %10s %24s\n' PLLR MCR "mean MCR all K" "max n-way" "2-4-way share (per cycle)"
awk -F, 'NR == FNR { if (FNR > 1) mean[$3] += $9; if (FNR > 1) cnt[$3]++; next }
         FNR == 1 { next }
         { printf "%6s %8.4f %14.4f %10s %23.2f%%\n", $3, $9, mean[$3] / cnt[$3], $12, $16 }' \
    "$OUT/conflicts-all.csv" "$OUT/conflicts-k$K.csv"
echo

# 2. DBCF design-space sweep for PLLR = 32 under both conflict-free-read bank mappings.
echo "DBCF sizing, PLLR=32, K=$K, both directions: cheapest loss-free configuration per M (docs/dbcf.md)"
printf '%10s %5s %3s %3s %3s %8s %4s\n' mapping M S F B bits dC
for map in xmap xmap-xor; do
  "$F" dbcf --sweep --pllr 32 --K $K --mapping "$map" --plot "$OUT/dbcf-sweep-p32-$map.png" \
      >"$OUT/dbcf-sweep-p32-$map.txt"
  # front lines end in '*': M S F B bits dC ...; keep the fewest bits per M
  awk -v map="$map" '$NF == "*" { if (!($1 in best) || $5 < bits[$1]) { best[$1] = $0; bits[$1] = $5 } }
       END { for (m in best) { split(best[m], f, " "); printf "%10s %5s %3s %3s %3s %8s %4s\n", map, f[1], f[2], f[3], f[4], f[5], f[6] } }' \
      "$OUT/dbcf-sweep-p32-$map.txt" | sort -k2n
done
echo

# 3. The thesis's sub-banked configuration, checked over every block size.
echo "Thesis Table 4.3 row 3 (PLLR=32, M=64, S=3, F=4, B=7) over all 5075 HSPA+ block sizes:"
"$F" dbcf --K all --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7 --mapping xmap-xor \
    | tee "$OUT/dbcf-thesis-allk.txt" | sed -n '2,5p'
echo

# 4. The hardware: the HSPA+ write path of the thesis's PLLR = 32 decoder (unified IAG + bank
#    mapper + DBCF M 64, S 3, F 4, B 7 + banks) as Verilog, proven equal to the C model cycle by cycle
#    under Verilator (docs/verify.md), and the DBCF's cost under Yosys at PLLR 8 (a PLLR 32 synthesis
#    takes far longer than a demo: docs/rtl-area.md).
echo "RTL: HSPA+ write-path subsystem, PLLR=32, M=64 (xmap-xor), S=3, F=4, B=7, 6-bit LLRs (docs/rtl-subsystem.md)"
"$F" gen subsystem --std umts --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7 --width 6 \
    --mapping xmap-xor -o "$OUT/rtl-subsystem-p32" >/dev/null
echo "  generated: $OUT/rtl-subsystem-p32 ($(wc -l <"$OUT/rtl-subsystem-p32/files.f") Verilog files)"
echo "  verifying against the C model under Verilator (the C++ build of this design takes several minutes)..."
rm -rf "$OUT/verify-subsystem-p32"
if "$F" verify subsystem --std umts --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7 --width 6 \
    --mapping xmap-xor --K $K --work "$OUT/verify-subsystem-p32" >"$OUT/verify-subsystem-p32.txt" \
    2>"$OUT/verify-subsystem-p32.log"; then
  sed 's/^/  /' "$OUT/verify-subsystem-p32.txt"
else
  echo "  FAILED: RTL and C model differ (details: $OUT/verify-subsystem-p32.log)"; cat "$OUT/verify-subsystem-p32.txt"; exit 1
fi
echo "  area (Yosys, same network at PLLR 8, M 16; about two minutes):"
"$F" area dbcf --pllr 8 --banks 16 --select 3 --fifo-depth 4 --buf-depth 7 --width 6 >"$OUT/area-dbcf-p8.txt"
sed -n '1,6p' "$OUT/area-dbcf-p8.txt" | sed 's/^/    /'
echo
echo "Plots: $(cd "$OUT" && ls ./*.png | tr '\n' ' ')"
