#!/usr/bin/env bash
# Reproduces thesis Tables 4.2 and 4.3 (HSPA+, K=5114) with `fecforge dbcf` and prints the
# markdown rows used in docs/dbcf.md. Usage: scripts/dbcf-thesis-tables.sh [path/to/fecforge]
set -euo pipefail
F=${1:-build/cli/fecforge}
# thesis: PLLR M S DF Dbuf C0 C1 dC | our options
rows=(
  "16 16 1 0 128 320 495 175|--select 1 --fifo-depth 0 --buf-depth 128 --stall"
  "16 16 1 0 128 320 495 175|--select all --fifo-depth 0 --buf-depth 128"
  "16 16 3 4 12 320 332 12|--select 3 --fifo-depth 4 --buf-depth 12"
  "16 32 3 3 4 320 323 3|--select 3 --fifo-depth 3 --buf-depth 4"
  "32 32 1 0 128 160 268 108|--select 1 --fifo-depth 0 --buf-depth 128 --stall"
  "32 32 1 0 128 160 268 108|--select all --fifo-depth 0 --buf-depth 128"
  "32 32 3 8 12 160 170 10|--select 3 --fifo-depth 8 --buf-depth 12"
  "32 64 3 4 7 160 164 4|--select 3 --fifo-depth 4 --buf-depth 7"
)
echo "| thesis PLLR M S DF Dbuf | thesis C0 C1 dC | our options | mapping | interleave C1 / dC (fifo, buf, lost) | deinterleave C1 / dC (fifo, buf, lost) |"
echo "|---|---|---|---|---|---|"
for r in "${rows[@]}"; do
  th=${r%%|*}; opts=${r#*|}
  read -r P M S DF DB C0 C1 DC <<<"$th"
  for map in xmap xmap-xor; do
    out=$("$F" dbcf --K 5114 --pllr "$P" --banks "$M" --mapping "$map" $opts 2>/dev/null || true)
    cell() { awk -v d="$1" '$1==d { lost=$8; if ($9 > 0 && $8 == 0) lost=0;
             printf "%s / **%s** (%s, %s, %s%s)", $4, $5, $6, $7, lost, ($9>0? ", " $9 " stall cycles":"") }' <<<"$out"; }
    echo "| $P $M $S $DF $DB | $C0 $C1 $DC | \`$opts\` | $map | $(cell interleave) | $(cell deinterleave) |"
  done
done
