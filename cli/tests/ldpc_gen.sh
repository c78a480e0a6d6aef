#!/usr/bin/env bash
# CLI test of `fecforge gen ldpc` (and the usage errors of `verify ldpc` / `area ldpc`, which share its
# option parser): bad input is exit 2 with a message naming the parameter and leaves no output
# directory; a good configuration writes the manifest and the file list. $1 = fecforge.
source "$(dirname "$0")/common.bash"

check help 0 "$F" gen ldpc --help;                    has out "usage: fecforge gen ldpc"; has out "--codes LIST"
has out "--scale X"; has out "--llr-width W"

# Usage errors: exit 2, the parameter named, nothing written.
nothing() { [ ! -e "$t/x" ] && [ -z "$(ls -d "$t"/x.* 2>/dev/null)" ] || { echo "FAIL $1: output left behind"; ls -la "$t"; fail=1; }; }
check mixed 2 "$F" gen ldpc --codes wifi-648-1/2,wimax-576-1/2 -o "$t/x"
has err "mixes families"; nothing mixed
check unknown 2 "$F" gen ldpc --codes wifi-648-1/2,wifi-999-1/2 -o "$t/x"
has err "wifi-999-1/2"; has err "valid names are"; nothing unknown
check k_gt_mb 2 "$F" gen ldpc --codes wifi-648-1/2,wifi-648-5/6 --layers 5 -o "$t/x"
has err "K=5 out of range \[1, 4\]"; nothing k_gt_mb
check n1_ne_k 2 "$F" gen ldpc --codes wifi-648-1/2 --layers 2 --mb 3x2 -o "$t/x"
has err "N1"; nothing n1_ne_k
check r_gt_app 2 "$F" gen ldpc --codes wifi-648-1/2 --r-width 8 --app-width 7 -o "$t/x"
has err "r_width=8"; nothing r_gt_app
check iter0 2 "$F" gen ldpc --codes wifi-648-1/2 --max-iter 0 -o "$t/x"
has err "max-iter=0 out of range \[1, 255\]"; nothing iter0
check iter_big 2 "$F" gen ldpc --codes wifi-648-1/2 --max-iter 256 -o "$t/x"
has err "max-iter=256 out of range \[1, 255\]"; nothing iter_big
check scale 2 "$F" gen ldpc --codes wifi-648-1/2 --scale 0.1 -o "$t/x"
has err "scale=0.1 invalid: not num/2^shift"; nothing scale
check scale_big 2 "$F" gen ldpc --codes wifi-648-1/2 --scale 1.5 -o "$t/x"
has err "scale=1.5 invalid"; nothing scale_big
check twice 2 "$F" gen ldpc --codes wifi,wifi-648-1/2 -o "$t/x"
has err "wifi-648-1/2 is listed twice"; nothing twice
check order 2 "$F" gen ldpc --codes wifi-648-1/2 --mb-order zigzag -o "$t/x"
has err "mb-order=zigzag invalid: expected ltr or hazard"; nothing order
check mb_text 2 "$F" gen ldpc --codes wifi-648-1/2 --mb 2by2 -o "$t/x"
has err "mb=2by2 invalid"; nothing mb_text
check no_codes 2 "$F" gen ldpc -o "$t/x";             has err "\-\-codes is required"; nothing no_codes
check no_dir 2 "$F" gen ldpc --codes wifi-648-1/2;    has err "\-o DIR (\-\-out) is required"
check width 2 "$F" gen ldpc --codes wifi-648-1/2 --llr-width 17 -o "$t/x"
has err "llr-width=17 out of range"; nothing width
# The same parser in verify and area (usage errors come before any tool is needed).
check v_mixed 2 "$F" verify ldpc --codes wifi,wimax-576-1/2 --work "$t/x"
has err "mixes families"; nothing v_mixed
check v_codes 2 "$F" verify ldpc --codes wifi-648-1/2 --verify-codes wifi-1944-5/6 --work "$t/x"
has err "wifi-1944-5/6 is not in the design's --codes"; nothing v_codes
check v_sim 2 "$F" verify ldpc --codes wifi-648-1/2 --sim icarus --work "$t/x"
has err "\-\-sim=icarus invalid: expected verilator or systemc"; nothing v_sim
check v_random 2 "$F" verify ldpc --random 2 --layers 3 --work "$t/x"
has err "\-\-layers: \-\-random draws the design itself"; nothing v_random
check v_ebn0 2 "$F" verify ldpc --codes wifi-648-1/2 --ebn0 1,fast --work "$t/x"
has err "ebn0=1,fast invalid"; nothing v_ebn0
check v_help 0 "$F" verify ldpc --help;               has out "--vector-codes LIST"; has out "--max-z N"
check a_k 2 "$F" area ldpc --codes wimax-576-5/6 --layers 5 --keep "$t/x"
has err "K=5 out of range \[1, 4\]"; nothing a_k
check a_help 0 "$F" area ldpc --help;                 has out "usage: fecforge area ldpc"; has out "--codes LIST"

# A good configuration: the generated directory with its manifest and file list.
check gen 0 "$F" gen ldpc --codes wifi-648-1/2 -o "$t/g"
has out "top fg_ldpc_wifi_"; has out "Zmax 27"
top=$(sed -n 's/.*(top \(fg_ldpc_[a-z0-9_]*\),.*/\1/p' "$t/out")
for f in manifest.json files.f README.md "$top.v"; do
  [ -s "$t/g/$f" ] || { echo "FAIL: $f missing or empty"; fail=1; }
done
while read -r v; do [ -f "$t/g/$v" ] || { echo "FAIL: files.f names $v, not written"; fail=1; }; done <"$t/g/files.f"
for k in '"design": "ldpc"' "\"top\": \"$top\"" 'wifi-648-1/2' '"name": "code_sel_i"' \
         '"name": "max_iter_i"' '"name": "et_en_i"' '"name": "wdata_o"' '"name": "iterations_o"' '"name": "llr_ready_o"'; do
  grep -q -- "$k" "$t/g/manifest.json" || { echo "FAIL: '$k' not in manifest.json"; fail=1; }
done
# Two codes, 3 layers, hazard order, another scale; JSON names the codes in code_sel_i order.
check gen2 0 "$F" gen ldpc --codes wifi-1296-2/3,wifi-648-3/4 --layers 3 --mb 3x1 --mb-order hazard --scale 7/8 \
  --max-iter 20 --json -o "$t/g2"
has out '"top": "fg_ldpc_wifi_.*_k3_mb3x1_hz"'; has out '"zmax": 54'
tr -d ' \n' <"$t/out" | grep -q '"codes":\["wifi-1296-2/3","wifi-648-3/4"\]' || { echo "FAIL: JSON code list"; cat "$t/out"; fail=1; }
# The manifest feeds back: --config manifest.json regenerates the identical directory (parameters under the
# options' names; --reorder recomputes the column orders).
grep -q '"parameters": {"codes": \["wifi-1296-2/3", "wifi-648-3/4"\], "layers": 3, "mb": "3x1", "iter": 20, "mb_order": "hazard"' \
  "$t/g2/manifest.json" || { echo "FAIL: parameters of gen2: $(grep '"parameters"' "$t/g2/manifest.json")"; fail=1; }
check gen_reorder 0 "$F" gen ldpc --codes wifi-648-1/2 --reorder --iter 4 -o "$t/g5"
for d in g2 g5; do
  check "config_$d" 0 "$F" gen ldpc --config "$t/$d/manifest.json" -o "$t/$d.again"
  diff -r "$t/$d" "$t/$d.again" >/dev/null || { echo "FAIL: gen --config $d/manifest.json gives another design"; fail=1; }
done
# A base-matrix file is a code of its own (family user).
"$F" code ldpc --code wifi-648-1/2 --export-base "$t/m.txt" >/dev/null 2>&1 &&
  { check file 0 "$F" gen ldpc --codes "$t/m.txt" -o "$t/g3"; }
exit $fail
