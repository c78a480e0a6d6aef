#!/usr/bin/env bash
# CLI test of `fecforge ber ldpc`: JSON keys and counts, thread invariance, stop rules, plots, usage
# errors (exit 2, naming the option and the valid range). $1 = fecforge.
source "$(dirname "$0")/common.bash"
C=(--code wifi-648-1/2)

check help 0 "$F" ber --help;                      has out "ldpc"
check help_ldpc 0 "$F" ber ldpc --help;            has out "usage: fecforge ber ldpc"
has out "multilayer:K"; has out "--plot-with"
check no_family 2 "$F" ber
check bad_family 2 "$F" ber polar;                 has err "unknown family 'polar'"
check big_seed 0 "$F" ber ldpc --code wifi-648-1/2 --ebn0 3 --max-frames 2 --seed 18446744073709551615 --json
has out '"seed": 18446744073709551615,'


# JSON: provenance, parameters, per-point counts.
check json 0 "$F" ber ldpc "${C[@]}" --ebn0 1:0.5:2.5 --min-fe 10 --seed 7 --json
cp "$t/out" "$t/a.json"
for k in '"tool":' '"version":' '"git":' '"seed": 7' '"command": "ber ldpc"' '"label": "layered nms:0.75"' \
         '"name": "wifi-648-1/2"' '"n": 648' '"k": 324' '"rate": 0.5' '"schedule": "layered"' '"alg": "nms"' \
         '"nms_factor": 0.75' '"iter": 15' '"early_term": true' '"fixed": false' '"min_fe": 10' \
         '"max_frames": 1000000' '"points":' '"ebn0": 2.5' '"frames":' '"frame_errors": 10' '"bit_errors":' \
         '"fer":' '"ber":' '"avg_iter":' '"stop": "min_fe"' '"elapsed_s":' '"frames_per_s":' '"ebn0_at_fer":' \
         '"threads": 1'; do has out "$k"; done
if command -v python3 >/dev/null; then
  python3 - "$t/a.json" <<'PY' || { echo "FAIL json consistency"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
p = d["points"]
assert [x["ebn0"] for x in p] == [1, 1.5, 2, 2.5]
for x in p:
    assert x["frame_errors"] == 10 and x["stop"] == "min_fe"          # every point stopped at min_fe
    assert abs(x["fer"] - x["frame_errors"] / x["frames"]) < 1e-9
    assert abs(x["ber"] - x["bit_errors"] / (x["frames"] * 324)) <= 1e-9 * x["ber"]
    assert 1 <= x["avg_iter"] <= 15
assert all(a["frames"] < b["frames"] for a, b in zip(p, p[1:]))    # fewer errors at higher Eb/N0
e = d["ebn0_at_fer"]["1e-1"]
assert 1 <= e <= 2.5
PY
fi

# Thread invariance: identical JSON apart from timing and the thread count (float and hw).
for dec in layered multilayer:3 hw; do
  check t1_$dec 0 "$F" ber ldpc "${C[@]}" --decoder "$dec" --ebn0 1.5,2 --min-fe 15 --threads 1 --json
  grep -v -e elapsed_s -e frames_per_s -e '"threads"' "$t/out" > "$t/t1.json"
  check t3_$dec 0 "$F" ber ldpc "${C[@]}" --decoder "$dec" --ebn0 1.5,2 --min-fe 15 --threads 3 --json
  grep -v -e elapsed_s -e frames_per_s -e '"threads"' "$t/out" > "$t/t3.json"
  cmp -s "$t/t1.json" "$t/t3.json" || { echo "FAIL: --threads 1 and 3 differ for $dec"; diff "$t/t1.json" "$t/t3.json" | head; fail=1; }
done
has out '"fixed": true'; has out '"app_width": 7'; has out '"layers": 2'; has out '"scale_num": 3'

# max-frames stop; noiseless channel; fixed model with a 5/8 scale; table output.
check maxf 0 "$F" ber ldpc "${C[@]}" --ebn0 3 --max-frames 123 --threads 2 --json
has out '"frames": 123'; has out '"stop": "max_frames"'
check noiseless 0 "$F" ber ldpc "${C[@]}" --decoder flooding --alg spa --ebn0 100 --max-frames 20 --json
has out '"frame_errors": 0'; has out '"avg_iter": 1'
check fixed58 0 "$F" ber ldpc "${C[@]}" --decoder multilayer:3 --fixed --alg nms:0.625 --llr-width 8 --llr-frac 3 \
  --app-width 10 --ebn0 100 --max-frames 10 --json
has out '"scale_num": 5'; has out '"scale_shift": 3'; has out '"llr_width": 8'; has out '"app_width": 10'
has out '"layers": 3'; has out '"frame_errors": 0'
check fixed_frac 0 "$F" ber ldpc "${C[@]}" --fixed --alg nms:3/4 --ebn0 100 --max-frames 5
# The fixed-point arithmetic switches (docs/ldpc.md "Fixed-point arithmetic"): at 3 dB on 1944 rate 1/2,
# 600 frames, the thesis's widths with the default arithmetic decode every frame; with all four
# switches off (the plain reading) the degree-2 parity floor costs 6 frames.
check arith_new 0 "$F" ber ldpc --code wifi-1944-1/2 --decoder hw --ebn0 3 --max-frames 600 --threads 2 --json
has out '"frame_errors": 0'; has out '"in_shift": 1'; has out '"app_keep": true'
check arith_old 0 "$F" ber ldpc --code wifi-1944-1/2 --decoder multilayer:2 --fixed --in-shift 0 --scale-round 0 \
  --r-sat-late 0 --app-keep 0 --ebn0 3 --max-frames 600 --threads 2 --json
has out '"frame_errors": 6'; has out '"in_shift": 0'; has out '"scale_round": false'
check table 0 "$F" ber ldpc "${C[@]}" --decoder multilayer:2 --alg oms:0.5 --ebn0 1,2 --min-fe 5 --no-et --iter 5
has out "Eb/N0"; has out "frame_err"; has out "multilayer:2 oms:0.5"; has out "implementation float"

# Plots: this run plus an earlier JSON; a PNG, no .tmp left behind.
check plot 0 "$F" ber ldpc "${C[@]}" --decoder hw --ebn0 1:0.5:2.5 --min-fe 10 --plot "$t/f.png" --plot-with "$t/a.json"
head -c 8 "$t/f.png" | grep -q PNG || { echo "FAIL: not a PNG"; fail=1; }
[ ! -e "$t/f.png.tmp" ] || { echo "FAIL: plot .tmp left"; fail=1; }

# User codes: the same code from an alist file and a base-matrix file gives the same counts.
"$F" code ldpc --code wifi-648-1/2 --export-alist "$t/h.alist" >/dev/null && \
  "$F" code ldpc --code wifi-648-1/2 --export-base "$t/h.txt" >/dev/null || { echo "FAIL: code export"; fail=1; }
check builtin 0 "$F" ber ldpc "${C[@]}" --ebn0 1.5,2 --min-fe 10 --json
grep -e '"frames"' -e '"frame_errors"' -e '"bit_errors"' -e '"avg_iter"' "$t/out" > "$t/c1"
for code in "$t/h.alist --z 27" "$t/h.txt"; do
  check user_code 0 "$F" ber ldpc --code $code --ebn0 1.5,2 --min-fe 10 --json
  grep -e '"frames"' -e '"frame_errors"' -e '"bit_errors"' -e '"avg_iter"' "$t/out" > "$t/c2"
  cmp -s "$t/c1" "$t/c2" || { echo "FAIL: --code $code counts differ from wifi-648-1/2"; fail=1; }
done
check alist_noz 2 "$F" ber ldpc --code "$t/h.alist" --ebn0 1;   has err "needs --z"

# --stop-fer: the sweep ends after the first point below it (the asked grid is recorded).
check stopfer 0 "$F" ber ldpc "${C[@]}" --ebn0 1:0.5:4 --min-fe 10 --stop-fer 0.05 --json
[ "$(grep -c '"frames":' "$t/out")" = 3 ] || { echo "FAIL: --stop-fer should leave 3 points"; fail=1; }
has out '"stop_fer": 0.05'; has out '"ebn0_asked": \[1,1.5,2,2.5,3,3.5,4\]'
# ber plot: earlier results only, FER only or FER and BER.
check plot_json 0 "$F" ber plot --plot "$t/p.png" --fer-only "$t/a.json" "$t/a.json"
head -c 8 "$t/p.png" | grep -q PNG || { echo "FAIL: ber plot not a PNG"; fail=1; }
check plot_help 0 "$F" ber plot --help;            has out "usage: fecforge ber plot"
check plot_none 2 "$F" ber plot --plot "$t/q.png"; has err "RESULT.json... is required"
check plot_noout 2 "$F" ber plot "$t/a.json";      has err "--plot is required"
echo '{"x": 1}' > "$t/bad.json"
check plot_bad 2 "$F" ber plot --plot "$t/q.png" "$t/bad.json"; has err "no \"points\" array"
[ ! -e "$t/q.png" ] && [ ! -e "$t/q.png.tmp" ] || { echo "FAIL: ber plot left a file"; fail=1; }

# Usage errors: exit 2, the option and its valid range named.
u() { local name=$1 text=$2; shift 2; check "$name" 2 "$F" ber ldpc "$@"; has err "$text"; }
u no_code "--code is required" --ebn0 1
u no_ebn0 "--ebn0 is required" "${C[@]}"
u empty_range "A=3 > B=1" "${C[@]}" --ebn0 3:0.5:1
u zero_step "STEP=0 must be > 0" "${C[@]}" --ebn0 1:0:2
u neg_step "STEP=-0.5 must be > 0" "${C[@]}" --ebn0 1:-0.5:2
u bad_range "is not A:STEP:B" "${C[@]}" --ebn0 1:2
u ebn0_hi "out of range \[-50, 100\]" "${C[@]}" --ebn0 99:1:101
u ebn0_desc "strictly ascending" "${C[@]}" --ebn0 2,1
u ebn0_nan "not a number" "${C[@]}" --ebn0 x
u bad_code "wifi-" --code wifi-999-1/2 --ebn0 1
u bad_dec "--decoder=foo invalid" "${C[@]}" --decoder foo --ebn0 1
u ml_k "K=13 out of range \[1, 12\]" "${C[@]}" --decoder multilayer:13 --ebn0 1
u ml_0 "multilayer:K needs K in \[1, 256\]" "${C[@]}" --decoder multilayer:0 --ebn0 1
u fixed_flood "no fixed flooding decoder" "${C[@]}" --decoder flooding --fixed --ebn0 1
u fixed_spa "--alg=spa invalid with --fixed" "${C[@]}" --fixed --alg spa --ebn0 1
u fixed_07 "num/2^shift" "${C[@]}" --fixed --alg nms:0.7 --ebn0 1
u hw_width "thesis hardware with the default arithmetic" "${C[@]}" --decoder hw --llr-width 8 --ebn0 1
u hw_arith "thesis hardware with the default arithmetic" "${C[@]}" --decoder hw --app-keep 0 --ebn0 1
u in_shift "--in-shift=6 out of range \[0, 5\]" "${C[@]}" --fixed --in-shift 6 --ebn0 1
u scale_round "--scale-round=2 out of range \[0, 1\]" "${C[@]}" --fixed --scale-round 2 --ebn0 1
u hw_alg "scales by 0.75" "${C[@]}" --decoder hw --alg nms:0.5 --ebn0 1
u width_nofixed "need --fixed" "${C[@]}" --llr-width 8 --ebn0 1
u arith_nofixed "need --fixed" "${C[@]}" --r-sat-late 0 --ebn0 1
u llr_frac "--llr-frac=6 out of range \[0, 5\]" "${C[@]}" --fixed --llr-frac 6 --ebn0 1
u app_width "--app-width=5 out of range \[6, 24\]" "${C[@]}" --fixed --app-width 5 --ebn0 1
u llr_width "--llr-width=17 out of range \[2, 16\]" "${C[@]}" --fixed --llr-width 17 --ebn0 1
u nms_hi "factor 1.5 out of range (0, 1\]" "${C[@]}" --alg nms:1.5 --ebn0 1
u bad_alg "expected spa, ms, nms:F or oms:B" "${C[@]}" --alg bp --ebn0 1
u iter "--iter=0 out of range \[1, 1000\]" "${C[@]}" --iter 0 --ebn0 1
u threads "--threads=0 out of range \[1, 256\]" "${C[@]}" --threads 0 --ebn0 1
u min_fe "--min-fe=0 out of range \[1, " "${C[@]}" --min-fe 0 --ebn0 1
u max_frames "--max-frames=-3 out of range" "${C[@]}" --max-frames -3 --ebn0 1
u seed "--seed=x invalid" "${C[@]}" --seed x --ebn0 1
u with_noplot "--plot-with needs --plot" "${C[@]}" --plot-with "$t/a.json" --ebn0 1
u with_missing "none.json: no such file" "${C[@]}" --plot "$t/g.png" --plot-with "$t/none.json" --ebn0 1
u with_bad "no \"points\" array" "${C[@]}" --plot "$t/g.png" --plot-with "$t/bad.json" --ebn0 1
u plot_dir "cannot write" "${C[@]}" --plot "$t"/notdir/x.png --ebn0 1
u extra "unexpected argument" "${C[@]}" --ebn0 1 stray
u stop_fer "--stop-fer=1 out of range (0, 1)" "${C[@]}" --stop-fer 1 --ebn0 1
[ ! -e "$t"/notdir/x.png.tmp ] && [ ! -e "$t/g.png" ] && [ ! -e "$t/g.png.tmp" ] || { echo "FAIL: files left"; fail=1; }

[ $fail -eq 0 ] && echo "ber CLI: all checks passed"
exit $fail
