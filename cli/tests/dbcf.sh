#!/usr/bin/env bash
# CLI test of `fecforge dbcf`: exit codes, JSON keys, trace, sweep. $1 = path of fecforge.
source "$(dirname "$0")/common.bash"

check help 0 "$F" dbcf --help;                     has out "usage: fecforge dbcf"
check thesis_row 0 "$F" dbcf --K 5114 --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7
has out "deinterleave    5114    160"
check json 0 "$F" dbcf --K 5114 --pllr 32 --banks 64 --fifo-depth 4 --buf-depth 7 --json
for k in '"C0": 160' '"C1":' '"dC":' '"max_fifo":' '"max_buf":' '"overflow": 0' '"written": 10228' '"misplaced": 0' \
         '"interleave":' '"deinterleave":' '"version":' '"git":'; do has out "$k"; done
# Too small to lose nothing: exit 1 and the loss on stderr.
check loss 1 "$F" dbcf --K 5114 --pllr 32 --select 1 --fifo-depth 0 --buf-depth 0
has err "overflowed"
# Stalling producers never lose anything.
check stall 0 "$F" dbcf --K 5114 --pllr 16 --select 1 --fifo-depth 0 --buf-depth 0 --stall --json
has out '"overflow": 0'
# Trace: two header lines + C1 cycle lines of 1 + 4*PLLR*2 + 4*M words.
check trace 0 "$F" dbcf --K 200 --pllr 8 --banks 8 --direction deinterleave --trace "$t/tr"
lines=$(grep -vc '^#' "$t/tr"); c1=$(sed -n 's/.*C1=\([0-9]*\).*/\1/p' "$t/err")
[ "$lines" = "$c1" ] || { echo "FAIL trace: $lines lines, C1=$c1"; fail=1; }
words=$(grep -v '^#' "$t/tr" | head -1 | wc -w)
[ "$words" = $((1 + 8 * 8 + 4 * 8)) ] || { echo "FAIL trace: $words words per line"; fail=1; }
check trace_both_dirs 2 "$F" dbcf --K 200 --pllr 8 --trace "$t/tr2"
# Sweep: a tiny grid; the front lists only loss-free points.
check sweep 0 "$F" dbcf --sweep --pllr 8 --K 1000 --select 2,3 --fifo-depth 2-4 --buf-depth 4,8 --json
has out '"pareto":'
has out '"feasible":true'
# Usage errors name the option and the range.
check bad_k 2 "$F" dbcf --K 5115;                  has err "K=5115 out of range \[40, 5114\]"
check bad_pllr 2 "$F" dbcf --pllr 30;              has err "multiple of 4"
check bad_banks 2 "$F" dbcf --banks 0;             has err "banks=0 out of range"
check bad_select 2 "$F" dbcf --select 65;          has err "select=65 out of range"
check bad_depth 2 "$F" dbcf --buf-depth 5000;      has err "buf-depth=5000 out of range"
check bad_map 2 "$F" dbcf --mapping nope;          has err "mapping=nope invalid: expected xmap, mod, block or xmap-xor"
check bad_file 2 "$F" dbcf --K 200 --direction interleave --trace "$t"/notdir/x
[ ! -e "$t"/notdir/x.tmp ] || fail=1
check list_without_sweep 2 "$F" dbcf --fifo-depth 1,2; has err "fifo-depth takes one value without --sweep (got 1,2)"
check bad_select_pllr 2 "$F" dbcf --K 40 --pllr 4 --select 9; has err "select: select=9 out of range \[1, 8\]"
check bad_select_sweep 2 "$F" dbcf --sweep --K 40 --pllr 4 --select 1-9; has err "select: select=9 out of range"
check bad_seed 2 "$F" dbcf --lfsr-seed 0x10000;   has err "lfsr-seed=0x10000 invalid: expected a non-zero 16-bit value"
check trace_sweep 2 "$F" dbcf --sweep --K 40 --pllr 4 --direction interleave --trace "$t/ts"; has err "trace and --sweep"
[ ! -e "$t/ts" ] || { echo "FAIL trace_sweep: file written"; fail=1; }
# The LFSR seed in decimal or hexadecimal; --select all; the old spelling --data-bits of --width.
"$F" dbcf --K 200 --pllr 8 --json >"$t/a"
check seed_hex 0 "$F" dbcf --K 200 --pllr 8 --lfsr-seed 0xACE1 --json
cmp -s "$t/a" "$t/out" || { echo "FAIL --lfsr-seed 0xACE1 is not the default"; fail=1; }
check seed_dec 0 "$F" dbcf --K 200 --pllr 8 --lfsr-seed 44257 --json
cmp -s "$t/a" "$t/out" || { echo "FAIL --lfsr-seed 44257 is not 0xACE1"; fail=1; }
check select_all 0 "$F" dbcf --K 200 --pllr 8 --select all --json;  has out '"select": "all"'
check width 0 "$F" dbcf --sweep --pllr 8 --K 200 --select 2 --fifo-depth 2 --buf-depth 4 --width 8 --json
has out '"data_bits": 8'
cp "$t/out" "$t/w"
check data_bits 0 "$F" dbcf --sweep --pllr 8 --K 200 --select 2 --fifo-depth 2 --buf-depth 4 --data-bits 8 --json
cmp -s "$t/w" "$t/out" || { echo "FAIL --data-bits is not --width"; fail=1; }
check width_alone 2 "$F" dbcf --K 200 --pllr 8 --width 8;          has err "width is for --sweep"
check data_bits_alone 2 "$F" dbcf --K 200 --pllr 8 --data-bits 8;  has err "data-bits is for --sweep"
check width_twice 2 "$F" dbcf --sweep --K 200 --pllr 8 --width 8 --data-bits 8; has err "given more than once"
check help_alias 0 "$F" dbcf --help;  has out "old spellings.*--data-bits = --width"
[ $fail -eq 0 ] && echo "dbcf CLI: all checks passed"
exit $fail
