#!/usr/bin/env bash
# CLI test of `fecforge conflicts`: exit codes, table, JSON keys and consistency, CSV, plots. $1 = fecforge.
source "$(dirname "$0")/common.bash"

check help 0 "$F" conflicts --help;                has out "usage: fecforge conflicts"
check table 0 "$F" conflicts --std umts --K 5114 --pllr 32
has out "C0 = 160 cycles"
has out "reads (natural)      160         0  0.0000"
has out "total       2728   100.00        320   100.00"
check json 0 "$F" conflicts --std umts --K 5114 --pllr 16 --json
cp "$t/out" "$t/one.json"
for k in '"K": 5114' '"pllr": 16' '"banks": 16' '"mapping": "xmap"' '"cycles": 640' '"conflict_cycles":' '"mcr":' \
         '"nway":' '"nway_pct":' '"nway_max":' '"nway_max_pct":' '"directions":' '"interleave":' '"deinterleave":' \
         '"reads":' '"version":' '"git":'; do has out "$k"; done
# JSON consistency (python3 if present): both = interleave + deinterleave, percentages sum to 100,
# sum of nway_max = conflict cycles, sum n * nway <= 2K.
if command -v python3 >/dev/null; then
  python3 - "$t/one.json" <<'PY' || { echo "FAIL json consistency"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
i, de = d["directions"]["interleave"], d["directions"]["deinterleave"]
assert d["conflict_cycles"] == i["conflict_cycles"] + de["conflict_cycles"]
assert d["cycles"] == 2 * d["C0"] and 0 <= d["mcr"] <= 1
for n, c in d["nway"].items():
    assert c == i["nway"].get(n, 0) + de["nway"].get(n, 0)
assert abs(sum(d["nway_pct"].values()) - 100) < 1e-6
assert abs(sum(d["nway_max_pct"].values()) - 100) < 1e-6
assert sum(d["nway_max"].values()) == d["conflict_cycles"]
assert sum(int(n) * c for n, c in d["nway"].items()) <= 2 * d["K"]
assert d["reads"]["conflict_cycles"] == 0
PY
fi
# Several K: JSON array, CSV with one row per K, MCR plot.
check all 0 "$F" conflicts --std lte --K all --pllr 8 --mapping mod --json --csv "$t/m.csv" --plot "$t/mcr.png"
has out '"results": \['
[ "$(grep -c '"K":' "$t/out")" = 188 ] || { echo "FAIL: expected 188 results"; fail=1; }
[ "$(wc -l < "$t/m.csv")" = 189 ] || { echo "FAIL: csv rows"; fail=1; }
head -1 "$t/m.csv" | grep -q '^std,K,pllr,banks,mapping,C0,cycles,conflict_cycles,mcr' || { echo "FAIL csv header"; fail=1; }
[ -s "$t/mcr.png" ] && [ ! -e "$t/mcr.png.tmp" ] || { echo "FAIL: MCR plot"; fail=1; }
check bars 0 "$F" conflicts --K 5114 --pllr 16,32 --mapping block --plot "$t/bars.png"
[ -s "$t/bars.png" ] || { echo "FAIL: bar plot"; fail=1; }
head -c 8 "$t/bars.png" | grep -q PNG || { echo "FAIL: not a PNG"; fail=1; }
check table_many 0 "$F" conflicts --K 40-60 --pllr 4;  has out "MCR over the 21 block sizes"
# Usage errors name the option and the range; nothing half-written.
check bad_k 2 "$F" conflicts --K 5115;             has err "K=5115 out of range \[40, 5114\]"
check bad_k_lte 2 "$F" conflicts --std lte --K 41
check bad_pllr 2 "$F" conflicts --pllr 30;         has err "multiple of 4 in \[4, 1024\]"
check bad_pllr_hi 2 "$F" conflicts --pllr 2048;    has err "pllr=2048"
check bad_banks 2 "$F" conflicts --banks 0;        has err "banks=0 out of range"
check bad_banks_xmap 2 "$F" conflicts --banks 48;  has err "multiple of PLLR=32"
check bad_map 2 "$F" conflicts --mapping nope;     has err "expected xmap, mod, block or xmap-xor"
check bad_std 2 "$F" conflicts --std dvb
check bad_file 2 "$F" conflicts --csv "$t"/notdir/x.csv
check bad_plot 2 "$F" conflicts --plot "$t"/notdir/x.png
[ ! -e "$t"/notdir/x.csv.tmp ] || fail=1
[ $fail -eq 0 ] && echo "conflicts CLI: all checks passed"
exit $fail
