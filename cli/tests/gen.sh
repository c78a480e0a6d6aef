#!/usr/bin/env bash
# CLI test of `fecforge gen dbcf`: files, header, manifest, errors, nothing half-written. $1 = fecforge.
source "$(dirname "$0")/common.bash"

G="$F gen dbcf --pllr 8 --banks 16 --select 3 --fifo-depth 2 --buf-depth 4 --width 6"
check help 0 "$F" gen --help;                        has out "usage: fecforge gen dbcf"
check gen 0 $G -o "$t/d";                            has out "fg_dbcf_p8_m16_s3_f2_b4"
for f in fg_dbcf_p8_m16_s3_f2_b4.v fg_lfsr16.v fg_prio_sel.v fg_fifo.v fg_circ_buf.v files.f manifest.json; do
  [ -f "$t/d/$f" ] || { echo "FAIL: $f missing"; fail=1; }
done
[ "$(wc -l <"$t/d/files.f")" = 5 ] || { echo "FAIL: files.f"; cat "$t/d/files.f"; fail=1; }
v="$t/d/fg_dbcf_p8_m16_s3_f2_b4.v"
for k in "Do not edit" "git " "pllr=8 banks=16 select=3 fifo_depth=2 buf_depth=4 offer=dual lfsr_seed=0xACE1 width=6" \
         "module fg_dbcf_p8_m16_s3_f2_b4" "16'hACE1" "16'hB400"; do
  grep -q -- "$k" "$v" || { echo "FAIL: '$k' not in the top module"; fail=1; }
done
for k in '"version":' '"git":' '"pllr": 8' '"banks": 16' '"select": 3' '"fifo_depth": 2' '"buf_depth": 4' \
         '"width": 6' '"latency_cycles": 0' '"name": "lane_bank_i", "direction": "input", "width": 32' \
         '"name": "bank_data_o", "direction": "output", "width": 96'; do
  grep -q -- "$k" "$t/d/manifest.json" || { echo "FAIL: '$k' not in manifest.json"; fail=1; }
done
# Head offer and no FIFO/buffer: other name, no fg_fifo / fg_circ_buf.
check head 0 "$F" gen dbcf --pllr 4 --banks 4 --select all --fifo-depth 0 --buf-depth 0 --width 4 --offer head \
  -o "$t/h" --json;                                  has out '"top": "fg_dbcf_p4_m4_s8_f0_b0_head"'
[ "$(cat "$t/h/files.f")" = "$(printf 'fg_dbcf_p4_m4_s8_f0_b0_head.v\nfg_lfsr16.v\nfg_prio_sel.v')" ] || { echo "FAIL: head files.f"; fail=1; }
# Regenerating over an earlier output replaces it; anything else is refused.
check regen 0 $G -o "$t/d"
mkdir "$t/user"; touch "$t/user/keep"
check not_ours 2 $G -o "$t/user";                    has err "not an earlier generator output"
[ -f "$t/user/keep" ] || { echo "FAIL: user directory touched"; fail=1; }
# Usage errors name the parameter and its range and leave nothing behind.
check bad_select 2 "$F" gen dbcf --pllr 8 --banks 8 --select 17 --fifo-depth 2 --buf-depth 3 --width 8 -o "$t/x"
has err "select=17 out of range \[1, 16\]"
check bad_pllr 2 "$F" gen dbcf --pllr 0 --banks 8 --select 1 --fifo-depth 2 --buf-depth 3 --width 8 -o "$t/x"
has err "pllr=0 out of range"
check bad_width 2 "$F" gen dbcf --pllr 8 --banks 8 --select 1 --fifo-depth 2 --buf-depth 3 --width 33 -o "$t/x"
has err "width=33 out of range \[1, 32\]"
check bad_fifo 2 "$F" gen dbcf --pllr 8 --banks 8 --select 1 --fifo-depth 5000 --buf-depth 3 --width 8 -o "$t/x"
has err "fifo_depth=5000 out of range"
check bad_depth 2 $G --bank-depth 0 -o "$t/x";       has err "bank_depth=0 out of range"
check select_zero 2 "$F" gen dbcf --pllr 8 --banks 8 --select 0 --fifo-depth 2 --buf-depth 3 --width 8 -o "$t/x"
has err "select=0 out of range \[1, 2\*PLLR\]"
check bad_seed 2 $G --lfsr-seed 0 -o "$t/x";         has err "lfsr-seed=0 invalid"
check missing 2 "$F" gen dbcf --pllr 8 -o "$t/x";    has err "banks is required"
check no_dir 2 "$F" gen dbcf --pllr 8 --banks 8 --select 1 --fifo-depth 2 --buf-depth 3 --width 8
has err "\-o DIR is required"
check bad_design 2 "$F" gen nope;                    has err "design 'nope' unknown"
check unwritable 2 $G -o /nonexistent/dir;           has err "cannot create output directory"
[ ! -e "$t/x" ] || { echo "FAIL: $t/x left behind"; fail=1; }
ls "$t" | grep -q tmp- && { echo "FAIL: staging directory left behind"; fail=1; }
[ $fail -eq 0 ] && echo "gen CLI: all checks passed"
exit $fail
