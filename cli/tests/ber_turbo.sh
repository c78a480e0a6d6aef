#!/usr/bin/env bash
# CLI test of `fecforge ber turbo`: JSON keys (those of ber ldpc) and counts, thread invariance,
# --iter 5.5, early termination, the fixed model, plots, usage errors (exit 2, naming the option and
# the valid range). $1 = fecforge.
source "$(dirname "$0")/common.bash"
L=(--std lte --K 1024)

check help 0 "$F" ber --help;                     has out "turbo"
check help_turbo 0 "$F" ber turbo --help;         has out "usage: fecforge ber turbo"; has out "--parallel P"

check json 0 "$F" ber turbo "${L[@]}" --ebn0 0.25:0.25:1 --min-fe 10 --seed 7 --json
cp "$t/out" "$t/a.json"
for k in '"tool":' '"version":' '"git":' '"seed": 7' '"command": "ber turbo"' '"label":' '"name": "lte-1024"' \
         '"n": 3084' '"k": 1024' '"rate":' '"alg": "maxlog"' '"scale": 0.75' '"half_iterations": 11' '"iter": 5.5' \
         '"radix": 2' '"parallel": 1' '"early_term": false' '"fixed": false' '"min_fe": 10' '"max_frames": 1000000' \
         '"points":' '"ebn0": 1' '"frames":' '"frame_errors": 10' '"bit_errors":' '"fer":' '"ber":' '"avg_iter": 5.5' \
         '"stop": "min_fe"' '"elapsed_s":' '"frames_per_s":' '"ebn0_at_fer":' '"threads": 1'; do has out "$k"; done
if command -v python3 >/dev/null; then
  python3 - "$t/a.json" <<'PY' || { echo "FAIL json consistency"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
p = d["points"]
assert [x["ebn0"] for x in p] == [0.25, 0.5, 0.75, 1]
for x in p:
    assert x["frame_errors"] == 10 and x["stop"] == "min_fe"
    assert abs(x["fer"] - x["frame_errors"] / x["frames"]) < 1e-9
    assert abs(x["ber"] - x["bit_errors"] / (x["frames"] * 1024)) <= 1e-9 * x["ber"]
assert all(a["frames"] < b["frames"] for a, b in zip(p, p[1:]))    # fewer errors at higher Eb/N0
assert 0.25 <= d["ebn0_at_fer"]["1e-1"] <= 1
PY
fi

# Thread invariance: --threads 1 and 2 give identical JSON apart from timing and the thread count
# (float with P, window and ET; fixed).
for cfg in "--parallel 8 --radix 4 --et avgllr:20" "--window 64 --alg linlog --iter 4" "--fixed --parallel 4"; do
  check t1 0 "$F" ber turbo "${L[@]}" $cfg --ebn0 0.5,0.75 --min-fe 15 --threads 1 --json
  grep -v -e elapsed_s -e frames_per_s -e '"threads"' "$t/out" > "$t/t1.json"
  check t2 0 "$F" ber turbo "${L[@]}" $cfg --ebn0 0.5,0.75 --min-fe 15 --threads 2 --json
  grep -v -e elapsed_s -e frames_per_s -e '"threads"' "$t/out" > "$t/t2.json"
  cmp -s "$t/t1.json" "$t/t2.json" || { echo "FAIL: --threads 1 and 2 differ for $cfg"; diff "$t/t1.json" "$t/t2.json" | head; fail=1; }
done
has out '"fixed": true'; has out '"llr_width": 5'; has out '"parallel": 4'

# UMTS, max-frames stop, early termination lowers avg_iter at high Eb/N0, table output.
check umts 0 "$F" ber turbo --std umts --K 1001 --ebn0 3 --max-frames 40 --et minllr:20 --json
has out '"frames": 40'; has out '"stop": "max_frames"'; has out '"frame_errors": 0'; has out '"name": "umts-1001"'
python3 -c "import json,sys; p=json.load(open('$t/out'))['points'][0]; sys.exit(0 if p['avg_iter'] < 4 else 1)" ||
  { echo "FAIL: early termination did not lower avg_iter"; fail=1; }
check crc 0 "$F" ber turbo "${L[@]}" --ebn0 3 --max-frames 10 --et crc --json; has out '"et": "crc"'
check table 0 "$F" ber turbo "${L[@]}" --alg log --iter 2 --ebn0 0.5,1 --min-fe 5
has out "Eb/N0"; has out "frame_err"; has out "log:1 r2 P=1 2 it"; has out "implementation float"

# Plot with an earlier JSON (ldpc-style curves mix too).
if command -v gnuplot >/dev/null; then
  check plot 0 "$F" ber turbo "${L[@]}" --ebn0 0.5:0.25:1 --min-fe 10 --plot "$t/f.png" --plot-with "$t/a.json"
  head -c 8 "$t/f.png" | grep -q PNG || { echo "FAIL: not a PNG"; fail=1; }
  check plot_json 0 "$F" ber plot --plot "$t/p.png" "$t/a.json"
fi

u() { local name=$1 text=$2; shift 2; check "$name" 2 "$F" ber turbo "$@"; has err "$text"; }
u no_std "--std is required" --K 40 --ebn0 1
u bad_std "--std=gsm invalid" --std gsm --K 40 --ebn0 1
u no_k "--K is required" --std lte --ebn0 1
u bad_k "K=1000 is not an LTE block size" --std lte --K 1000 --ebn0 1
u k_range "--K=7000 out of range \[40, 6144\]" --std lte --K 7000 --ebn0 1
u no_ebn0 "--ebn0 is required" "${L[@]}"
u ebn0 "STEP=0 must be > 0" "${L[@]}" --ebn0 1:0:2
u alg "--alg=map invalid: expected maxlog, log or linlog" "${L[@]}" --alg map --ebn0 1
u scale "--scale=1.5 out of range (0, 1\]" "${L[@]}" --scale 1.5 --ebn0 1
u iter "--iter=5.25 invalid: a multiple of 0.5 in \[0.5, 500\]" "${L[@]}" --iter 5.25 --ebn0 1
u iter0 "--iter=0 out of range \[0.5, 500\]" "${L[@]}" --iter 0 --ebn0 1
u radix "--radix=3 invalid: expected 2 or 4" "${L[@]}" --radix 3 --ebn0 1
u par "P=39 does not fit K=40" --std lte --K 40 --parallel 39 --ebn0 1
u par_r4 "radix=4 needs an even K" --std umts --K 1001 --radix 4 --ebn0 1
u nii "--nii=yes invalid: expected on or off" "${L[@]}" --nii yes --ebn0 1
u window "--window=0 out of range \[1, 6144\]" "${L[@]}" --window 0 --ebn0 1
u training "--training needs --window" "${L[@]}" --training 8 --ebn0 1
u et "--et=maxllr:3 invalid" "${L[@]}" --et maxllr:3 --ebn0 1
u et_neg "--et=minllr:-1 invalid" "${L[@]}" --et minllr:-1 --ebn0 1
u et_umts "et.kind=crc is for LTE" --std umts --K 1001 --et crc --ebn0 1
u fixed_alg "--fixed is max-log-MAP" "${L[@]}" --fixed --alg log --ebn0 1
u fixed_radix "--radix=2 invalid with --fixed" "${L[@]}" --fixed --radix 2 --ebn0 1
u fixed_win "--window=32 invalid with --fixed" "${L[@]}" --fixed --window 32 --ebn0 1
u threads "--threads=0 out of range \[1, 256\]" "${L[@]}" --threads 0 --ebn0 1
u min_fe "--min-fe=0 out of range" "${L[@]}" --min-fe 0 --ebn0 1
u with_noplot "--plot-with needs --plot" "${L[@]}" --plot-with "$t/a.json" --ebn0 1
u extra "unexpected argument" "${L[@]}" --ebn0 1 stray

[ $fail -eq 0 ] && echo "ber turbo CLI: all checks passed"
exit $fail
