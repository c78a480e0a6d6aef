#!/usr/bin/env bash
# CLI test of `fecforge area`: Yosys synthesis of generated designs, the JSON report, consistency of the
# numbers, a monotonic property and the errors. $1 = fecforge. Skips (77) when yosys is missing.
source "$(dirname "$0")/common.bash"

# Errors that need no Yosys come first; the parameter checks run before Yosys is looked for.
check help 0 "$F" area --help;                     has out "usage: fecforge area <design>"; has out "subsystem"
check no_design 2 "$F" area;                       has err "a design is required"
check bad_design 2 "$F" area nope;                 has err "unknown design 'nope'"
check bad_select 2 "$F" area dbcf --pllr 4 --banks 4 --select 9 --fifo-depth 1 --buf-depth 1 --width 4
has err "\-\-select: select=9 out of range \[1, 8\]"
check bad_pllr 2 "$F" area dbcf --pllr 0 --banks 4 --select 1 --fifo-depth 1 --buf-depth 1 --width 4
has err "\-\-pllr=0 out of range"
check bad_width 2 "$F" area dbcf --pllr 4 --banks 4 --select 1 --fifo-depth 1 --buf-depth 1 --width 33
has err "\-\-width=33 out of range \[1, 32\]"
check bad_iag 2 "$F" area iag --std umts --pllr 6; has err "\-\-pllr: PLLR=6 invalid"
check bad_std 2 "$F" area iag --std gsm --pllr 8;  has err "\-\-std=gsm invalid"
check bad_subsys 2 "$F" area subsystem --pllr 6;  has err "\-\-pllr: PLLR=6 invalid"
check bad_map 2 "$F" area subsystem --mapping diag; has err "mapping"
# Yosys missing: exit 1, naming the Debian package.
FG_YOSYS=/nonexistent/yosys check no_yosys 1 "$F" area dbcf --pllr 4 --banks 4 --select 2 --fifo-depth 2 --buf-depth 2 --width 4
has err "install the Debian package yosys"

if ! command -v yosys >/dev/null 2>&1; then
  echo "area: yosys not installed (Debian package yosys): skipping the synthesis checks"
  [ $fail -eq 0 ] && exit 77
  exit $fail
fi

# --keep refuses a directory that is not an earlier generator output, and leaves it alone.
mkdir "$t/user"; touch "$t/user/keep"
check keep_not_ours 2 "$F" area dbcf --pllr 4 --banks 4 --select 2 --fifo-depth 2 --buf-depth 2 --width 4 --keep "$t/user"
has err "fecforge did not write"
[ -f "$t/user/keep" ] || { echo "FAIL: user directory touched"; fail=1; }
# A Yosys failure: exit 1 with the last lines of its log (a fake yosys that fails like one).
printf '#!/bin/sh\necho "ERROR: fake synthesis failure" >yosys.log\nexit 1\n' >"$t/fakeyosys"; chmod +x "$t/fakeyosys"
mkdir "$t/tmp"
TMPDIR="$t/tmp" FG_YOSYS="$t/fakeyosys" check yosys_fails 1 "$F" area dbcf --pllr 4 --banks 4 --select 2 --fifo-depth 2 \
  --buf-depth 2 --width 4
has err "yosys failed (exit 1)";                   has err "ERROR: fake synthesis failure"
[ -z "$(ls -A "$t/tmp")" ] || { echo "FAIL: temporary directory left behind: $(ls "$t/tmp")"; fail=1; }

# num FILE KEY: the number of a top-level "KEY": value line of the JSON in FILE.
num() { sed -n "s/^  \"$2\": \([0-9.e+-]*\),\{0,1\}$/\1/p" "$1" | head -1; }

# Two small configurations that differ only in the number of lanes. P lanes, M banks, F, B, W; the
# row width RW = ceil(log2 bank depth) with --bank-depth 64 = 6, the bank width BW = log2 M.
P=2; M=4; S=2; FD=2; BD=3; W=4; D=64; BW=2; RW=6
check small 0 "$F" area dbcf --pllr $P --banks $M --select $S --fifo-depth $FD --buf-depth $BD --width $W \
  --bank-depth $D --json --keep "$t/keep"
cp "$t/out" "$t/small.json"
for k in '"tool":' '"version":' '"git":' '"design": "dbcf"' '"parameters":' '"pllr": 2' '"select": 2' \
         '"top": "fg_dbcf_p2_m4_s2_f2_b3"' '"cells":' '"flip_flops":' '"ge":' '"mem_bits": 1024' '"macros": 4' '"cells_by_type":' \
         '"yosys": "Yosys ' '"seconds":' '"yosys_seconds":'; do
  grep -q -- "$k" "$t/small.json" || { echo "FAIL: '$k' not in the JSON"; fail=1; }
done
cells=$(num "$t/small.json" cells); ff=$(num "$t/small.json" flip_flops); ge=$(num "$t/small.json" ge)
comb=$(num "$t/small.json" ge_comb); seq=$(num "$t/small.json" ge_seq); arr=$(num "$t/small.json" array_bits)
# Storage the design must hold: the 16-bit LFSR, P FIFOs of F words {bank, row, data} and M buffers of
# B words {row, data}, plus each FIFO's and buffer's read pointer, write pointer and level (>= 1 bit each).
need=$((16 + P * FD * (BW + RW + W) + M * BD * (RW + W)))
awk -v c="$cells" -v f="$ff" -v g="$ge" -v cb="$comb" -v s="$seq" -v a="$arr" -v n="$need" -v P=$P -v M=$M -v FD=$FD \
    -v BD=$BD -v BW=$BW -v RW=$RW -v W=$W 'BEGIN {
  bad = 0
  if (!(c > 0 && f > 0 && g > 0)) { print "FAIL: cells/flip_flops/ge not positive"; bad = 1 }
  if (f < n + 3 * (P + M)) { print "FAIL: " f " flip-flops, the design needs at least " n + 3 * (P + M); bad = 1 }
  if (a != P * FD * (BW + RW + W) + M * BD * (RW + W)) { print "FAIL: array_bits " a; bad = 1 }
  if (f > c) { print "FAIL: more flip-flops than cells"; bad = 1 }
  d = g - cb - s; if (d < -0.01 || d > 0.01) { print "FAIL: ge " g " != comb " cb " + seq " s; bad = 1 }
  # every cell costs between a NOT (0.67 GE) and the dearest flip-flop; a flip-flop at least 5.67 GE
  if (g < 0.67 * c || s < 5.67 * f) { print "FAIL: GE implausible for " c " cells / " f " flip-flops"; bad = 1 }
  exit bad }' || fail=1
# cells_by_type sums to cells plus the M bank SRAM black boxes (fg_sram_1r1w, D x W = 64 x 4 bits each:
# mem_bits above), and the flip-flop types sum to flip_flops.
awk '/"cells_by_type"/ {in_t = 1; next} in_t && /}/ {in_t = 0} in_t {
       gsub(/[",]/, ""); n = $2; if ($1 !~ /^\$/ || $1 ~ /fg_sram_/) mac += n; else tot += n
       if ($1 ~ /^\$_(S?DFF|DFFE|SDFFC?E|DFFSR|DFFSRE|ALDFF)/) ff += n }
     END {print tot, ff, mac + 0}' "$t/small.json" >"$t/sums"
read -r tot ffs macs <"$t/sums"
[ "$tot" = "$cells" ] || { echo "FAIL: cells_by_type sums to $tot, cells = $cells"; fail=1; }
[ "$macs" = $M ] || { echo "FAIL: $macs SRAM macro instances, expected M = $M"; fail=1; }
[ "$ffs" = "$ff" ] || { echo "FAIL: flip-flop types sum to $ffs, flip_flops = $ff"; fail=1; }
# --keep DIR holds the design, the script and the statistics; the table mode prints the same numbers.
for f in fg_dbcf_p2_m4_s2_f2_b3.v files.f manifest.json area.ys yosys.log stat.json; do
  [ -f "$t/keep/$f" ] || { echo "FAIL: --keep: $f missing"; fail=1; }
done
grep -q "^synth -top fg_dbcf_p2_m4_s2_f2_b3$" "$t/keep/area.ys" || { echo "FAIL: area.ys (hierarchical)"; fail=1; }
# Hierarchical (the default): each distinct module once; its own logic times its instances sums to the
# design's GE, and the top is the first module, instantiated once.
grep -q '"synthesis": "hierarchical"' "$t/small.json" || { echo "FAIL: synthesis not hierarchical"; fail=1; }
awk -v g="$ge" '/"modules"/ {m = 1} m && /"module":/ {n++; top = top ? top : $2} m && /"instances":/ {i = $2 + 0}
     m && /"ge":/ {s += i * $2; if (n == 1 && i != 1) bad = 1}
     END { d = s - g; if (n < 5 || bad || d < -0.05 || d > 0.05 || top !~ /fg_dbcf_p2_m4_s2_f2_b3/) {
             print "FAIL: modules: " n " modules, sum of instances x GE " s ", design GE " g; exit 1 } }' "$t/small.json" \
  || fail=1
# --flatten: one netlist, the same registers.
check flat 0 "$F" area dbcf --pllr $P --banks $M --select $S --fifo-depth $FD --buf-depth $BD --width $W --bank-depth $D \
  --flatten --json --keep "$t/keepflat"
has out '"synthesis": "flat"'
grep -q "^synth -top fg_dbcf_p2_m4_s2_f2_b3 -flatten$" "$t/keepflat/area.ys" || { echo "FAIL: area.ys (--flatten)"; fail=1; }
[ "$(num "$t/out" flip_flops)" = "$ff" ] || { echo "FAIL: --flatten: $(num "$t/out" flip_flops) flip-flops, $ff hierarchical"; fail=1; }
grep -q '"modules"' "$t/out" && { echo "FAIL: --flatten lists modules"; fail=1; }

# Monotonic: twice the lanes (same banks, depths, widths) cost more cells, flip-flops and GE.
check bigger 0 "$F" area dbcf --pllr $((2 * P)) --banks $M --select $S --fifo-depth $FD --buf-depth $BD --width $W \
  --bank-depth $D --json
awk -v c1="$cells" -v f1="$ff" -v g1="$ge" -v c2="$(num "$t/out" cells)" -v f2="$(num "$t/out" flip_flops)" \
    -v g2="$(num "$t/out" ge)" 'BEGIN {
  if (!(c2 > c1 && f2 > f1 && g2 > g1)) { print "FAIL: 2x lanes: cells " c1 " -> " c2 ", ff " f1 " -> " f2 ", ge " g1 " -> " g2; exit 1 } }' \
  || fail=1

# The human table.
check table 0 "$F" area dbcf --pllr $P --banks $M --select $S --fifo-depth $FD --buf-depth $BD --width $W --bank-depth $D
has out "fg_dbcf_p2_m4_s2_f2_b3";                  has out "gate equivalents (GE)"
grep -q "^  cells  *$cells\$" "$t/out" || { echo "FAIL: table cells != JSON cells ($cells)"; cat "$t/out"; fail=1; }

# The write-path subsystem: it holds a DBCF of the same parameters and an IAG, so it costs more.
check subsys 0 "$F" area subsystem --std lte --pllr 4 --banks 4 --mapping xmap-xor --select 1 --fifo-depth 1 --buf-depth 1 \
  --width 2 --json
has out '"top": "fg_subsys_lte_p4_m4_s1_f1_b1_xmapxor"'
cp "$t/out" "$t/subsys.json"
check subsys_dbcf 0 "$F" area dbcf --pllr 4 --banks 4 --select 1 --fifo-depth 1 --buf-depth 1 --width 2 --json
awk -v a="$(num "$t/subsys.json" ge)" -v b="$(num "$t/out" ge)" 'BEGIN {
  if (!(a > b)) { print "FAIL: subsystem GE " a " not above the DBCF alone: " b; exit 1 } }' || fail=1

[ $fail -eq 0 ] && echo "area CLI: all checks passed"
exit $fail
