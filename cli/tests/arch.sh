#!/usr/bin/env bash
# CLI test of `fecforge arch ldpc` and `fecforge vectors ldpc`: exit codes, numbers, JSON keys,
# Table 3.5, reordering, trace, vector manifest. $1 = path of fecforge.
source "$(dirname "$0")/common.bash"

check help_top 0 "$F" arch --help;                 has out "usage: fecforge arch"
check help 0 "$F" arch ldpc --help;                has out "usage: fecforge arch ldpc"
check no_model 2 "$F" arch
check bad_model 2 "$F" arch fano;                  has err "unknown model 'fano'"
# The thesis configuration at 15 iterations without ET: exact cycle counts of the step model.
check wifi1944 0 "$F" arch ldpc --code wifi-1944-1/2 --layers 2 --mb 2x2 --iter 15 --fclk 815e6 --no-et
has out "non-empty MBs / iteration  46"
has out "cycles_per_iter            64.00"
has out "cycles_per_codeword        987.0"
has out "throughput_mbps            825.2"
check json 0 "$F" arch ldpc --code wifi-648-5/6 --no-et --json
for k in '"cycles_per_iter": 28' '"cycles_per_codeword": 455' '"mbs_per_iter": 24' '"throughput_mbps":' \
         '"throughput_io_mbps":' '"stall_hazard": 58' '"macro_layers": 2' '"version":' '"git":' \
         '"mode": "fixed_iterations"'; do has out "$k"; done
# Reordering: fewer MBs, more throughput, and the order is printed.
check reorder 0 "$F" arch ldpc --code wifi-1944-1/2 --no-et --reorder --json
has out '"mbs_per_iter": 39'
has out '"cycles_per_iter": 51.8'
has out '"cycles_per_iter_standard": 64'
has out '"col_order": \['
# Table 3.5 with the reordering: all twelve within 15 % of the thesis.
check table 0 "$F" arch ldpc --table --reorder --no-et --json
has out '"within_15_percent": true'
[ "$(grep -o '"code":' "$t/out" | wc -l)" = 12 ] || { echo "FAIL table: not 12 codes"; fail=1; }
# Noisy frames (bit-exact datapath): mean iterations and frame errors reported.
check frames 0 "$F" arch ldpc --code wifi-648-1/2 --ebn0 3 --frames 20 --json
has out '"mode": "frames"'
has out '"frame_errors": 0'
# Trace: two header lines, then cycles_per_codeword lines of 1 + the trace fields.
check trace 0 "$F" arch ldpc --code wifi-648-3/4 --iter 3 --no-et --trace "$t/tr" --json
lines=$(grep -vc '^#' "$t/tr"); cyc=$(sed -n 's/.*"cycles_per_codeword": \([0-9]*\).*/\1/p' "$t/out")
[ "$lines" = "$cyc" ] || { echo "FAIL trace: $lines lines, cycles_per_codeword $cyc"; fail=1; }
words=$(grep -v '^#' "$t/tr" | head -1 | wc -w)
[ "$words" = $((1 + 10 + 2 * 7 + 6 + 1)) ] || { echo "FAIL trace: $words words per line"; fail=1; }
# Usage errors name the parameter and its range.
check no_code 2 "$F" arch ldpc --iter 15;           has err "--code is required"
check bad_code 2 "$F" arch ldpc --code wifi-100-1/2
check bad_layers 2 "$F" arch ldpc --code wifi-648-5/6 --layers 5; has err "K=5 out of range \[1, 4\]"
check bad_mb 2 "$F" arch ldpc --code wifi-648-1/2 --mb 1x2; has err "N1=1 unsupported"
check bad_mb_text 2 "$F" arch ldpc --code wifi-648-1/2 --mb 2by2; has err "expected N1xN2"
check bad_n2 2 "$F" arch ldpc --code wifi-648-1/2 --mb 2x30; has err "N2=30 out of range \[1, 16\]"
check bad_iter 2 "$F" arch ldpc --code wifi-648-1/2 --iter 0; has err "iter=0 out of range \[1, 1000\]"
check bad_fclk 2 "$F" arch ldpc --code wifi-648-1/2 --fclk fast; has err "fclk=fast invalid"
check bad_s2 2 "$F" arch ldpc --code wifi-648-1/2 --s2-depth 17; has err "s2-depth=17 out of range"
check bad_app 2 "$F" arch ldpc --code wifi-648-1/2 --app-width 5; has err "app-width: app_width=5 out of range \[6, 24\]"
check bad_mb_rows 2 "$F" arch ldpc --code wifi-648-1/2 --mb 3x2;   has err "mb: MB rows N1=3 unsupported"
check bad_layers_mb 2 "$F" arch ldpc --code wifi-648-1/2 --layers 13; has err "layers: layers K=13 out of range"
check frames_alone 2 "$F" arch ldpc --code wifi-648-1/2 --frames 5; has err "frames needs --ebn0"
check seed_alone 2 "$F" arch ldpc --code wifi-648-1/2 --seed 5;     has err "seed needs --reorder or --ebn0"
check ebn0_list 2 "$F" arch ldpc --code wifi-648-1/2 --ebn0 1,2;    has err "ebn0=1,2 has more than 1 values"
check bad_et 2 "$F" arch ldpc --code wifi-648-1/2 --et never;      has err "et=never invalid: expected syndrome or none"
check no_et_value 2 "$F" arch ldpc --code wifi-648-1/2 --no-et=1;  has err "no-et takes no value"
check missing_code 2 "$F" arch ldpc --code "$t/none.txt";          has err "none.txt: no such file"
check table_code 2 "$F" arch ldpc --table --code wifi-648-1/2;      has err "table runs the twelve"
# --et none and its old spelling --no-et: the same run.
check et_none 0 "$F" arch ldpc --code wifi-648-5/6 --et none --json
has out '"early_term": false'
cp "$t/out" "$t/et"
check no_et 0 "$F" arch ldpc --code wifi-648-5/6 --no-et --json
cmp -s "$t/et" "$t/out" || { echo "FAIL --no-et is not --et none"; fail=1; }
check et_twice 2 "$F" arch ldpc --code wifi-648-5/6 --et syndrome --no-et; has err "given more than once"
check help_alias 0 "$F" arch ldpc --help;  has out "old spellings.*--no-et = --et=none"
# A 64-bit seed in hexadecimal; the GHz spelling of the clock.
check seed64 0 "$F" arch ldpc --code wifi-648-1/2 --ebn0 3 --frames 2 --seed 0x123456789abcdef --fclk 0.815GHz
has out "fclk 815.0 MHz"
check bad_trace 2 "$F" arch ldpc --code wifi-648-1/2 --trace "$t"/notdir/x
# Vectors: a small set, the manifest and the reader check.
check vectors 0 "$F" vectors ldpc --code wifi-648-5/6 --frames 2 --ebn0 4 --iter 5 -o "$t/v" --json
has out '"design": "ldpc"'
for s in llr stimulus expected iterations app hard decoded frames; do
  [ -f "$t/v/$s.hex" ] || { echo "FAIL vectors: $s.hex missing"; fail=1; }
done
for k in '"design": "ldpc"' '"wifi-648-5/6"' '"mb": "2x2"' '"trace_cycles":' '"frames": 2' \
         '"iterations_total":' '"mbs_per_iter": 24'; do
  grep -q -- "$k" "$t/v/manifest.json" || { echo "FAIL manifest: $k"; fail=1; }
done
tc=$(sed -n 's/.*"trace_cycles": \([0-9]*\).*/\1/p' "$t/v/manifest.json")
[ "$(wc -l < "$t/v/expected.hex")" = "$tc" ] || { echo "FAIL vectors: expected.hex lines != trace_cycles"; fail=1; }
[ "$(wc -l < "$t/v/decoded.hex")" = $((2 * 648)) ] || { echo "FAIL vectors: decoded.hex lines"; fail=1; }
check vectors_check 0 "$F" vectors check "$t/v";   has out "every word fits its port"
check vectors_no_code 2 "$F" vectors ldpc -o "$t/v2"; has err "--codes is required"
# The fixed-point options (shared with ber ldpc --fixed): the plain reading in the manifest;
# a bad value is a usage error (the same message in every command).
check vectors_plain 0 "$F" vectors ldpc --code wifi-648-5/6 --frames 1 --iter 3 --in-shift 0 --scale-round 0 \
  --r-sat-late 0 --app-keep 0 --r-width 7 -o "$t/v3"
for k in '"in_shift": 0' '"scale_round": 0' '"r_sat_late": 0' '"app_keep": 0' '"r_width": 7'; do
  grep -q -- "$k" "$t/v3/manifest.json" || { echo "FAIL plain manifest: $k"; fail=1; }
done
check vectors_bad_round 2 "$F" vectors ldpc --code wifi-648-5/6 --scale-round 2 -o "$t/v4"
has err "scale-round=2 out of range \[0, 1\]"
check arch_plain 0 "$F" arch ldpc --code wifi-648-1/2 --ebn0 3 --frames 5 --app-keep 0 --in-shift 0 --json
check arch_bad_width 2 "$F" arch ldpc --code wifi-648-1/2 --llr-width 20; has err "llr-width=20 out of range \[2, 16\]"
[ $fail -eq 0 ] && echo "arch CLI: all checks passed"
exit $fail
