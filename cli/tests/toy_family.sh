#!/usr/bin/env bash
# A family added through fecforge/family.h alone (cli/tests/toy_family.c: a repetition code over
# BPSK/AWGN, four implementations) works in every family verb of the unchanged command: ber (with the
# physics checked: its BER is uncoded BPSK's, Q(sqrt(2 Eb/N0))), bench, frames, decode, compare and
# verify --impl A --against B (bit-exact and statistical pairs, a planted mismatch).
# $1 = fecforge (unused but for the layout); FG_TOY = the fecforge-toy program (default: beside $1).
source "$(dirname "$0")/common.bash"
T=${FG_TOY:-$(dirname "$F")/fecforge-toy}
[ -x "$T" ] || { echo "toy family: $T not built"; exit 1; }

check help 0 "$T" ber --help;                  has out "toy"
check help_toy 0 "$T" ber toy --help;          has out "--rep R"; has out "--ebn0 LIST"
check toy_absent 2 "$F" ber toy --ebn0 1;      has err "unknown family 'toy'"
check bad_rep 2 "$T" ber toy --rep 0 --ebn0 1; has err "\-\-rep=0 out of range \[1, 64\]"
check bad_frac 2 "$T" ber toy --fixed --q-frac 6 --ebn0 1; has err "\-\-q-frac=6 out of range \[0, 5\]"
check bad_impl 2 "$T" ber toy --impl fixed --ebn0 1; has err "add --fixed"

# ber: every point against uncoded BPSK, Q(sqrt(2 Eb/N0)) = erfc(sqrt(Eb/N0)) / 2, for float and fixed
for mode in "" "--fixed"; do
  # shellcheck disable=SC2086
  check "ber$mode" 0 "$T" ber toy --k 200 --rep 4 $mode --ebn0 0:2:6 --min-fe 1000000 --max-frames 400 --seed 7 \
    --threads 2 --json
  python3 - "$t/out" "$mode" <<'PY' || { echo "FAIL: ber toy $mode"; fail=1; }
import json, math, sys
r = json.load(open(sys.argv[1]))
assert r["code"]["name"] == "rep4-200" and r["code"]["rate"] == 0.25
for p in r["points"]:
    x = 10 ** (p["ebn0"] / 10)
    q = math.erfc(math.sqrt(x)) / 2
    bits = p["frames"] * 200
    ber = p["bit_errors"] / bits
    band = 5 * math.sqrt(q * (1 - q) / bits) + 1e-6
    # quantisation to 6 bits costs a little at most; never better than BPSK beyond the noise
    slack = 1.5 if sys.argv[2] else 1.0
    assert q - band <= ber <= q * slack + band, (p["ebn0"], ber, q)
    assert p["avg_llrs_per_bit"] == 4 and p["llrs_per_bit_max"] == 4 and p["llrs_per_bit_p99"] == 4
PY
done

# bench: a CPU implementation is timed as well
check bench 0 "$T" bench toy --k 64 --fixed --batches 2 --frames 16 --json; has out '"impl": "fixed"'

# frames -> decode (two implementations) -> compare
check frames 0 "$T" frames toy --k 64 --rep 3 --fixed --ebn0 1 --count 300 -o "$t/in.txt" --ref "$t/ref.txt"
check frames_bin 0 "$T" frames toy --k 64 --rep 3 --fixed --ebn0 1 --count 300 --encoding binary -o "$t/in.bin"
check decode 0 "$T" decode toy --k 64 --rep 3 --fixed --in "$t/in.txt" --app -o "$t/a.txt"
check decode_serial 0 "$T" decode toy --k 64 --rep 3 --fixed --impl fixed-serial --in "$t/in.bin" --app \
  --encoding text -o "$t/b.txt"
check same 0 "$T" compare "$t/a.txt" "$t/b.txt";  has out "identical"
check ref 1 "$T" compare "$t/a.txt" "$t/ref.txt"; has out "frames differing"
check wrong_code 2 "$T" decode toy --k 64 --rep 4 --fixed --in "$t/in.txt" -o "$t/c.txt"
has err "rep3-64"; [ ! -e "$t/c.txt" ] || { echo "FAIL: output written for a wrong header"; fail=1; }
# a planted mismatch: one decision of frame 17 flipped
awk 'BEGIN { body = 0 } body && ++f == 18 { $1 = substr($1, 1, 4) (substr($1, 5, 1) == "0" ? "1" : "0") substr($1, 6) }
     { print } /^end$/ { body = 1 }' "$t/a.txt" >"$t/planted.txt"
check planted 1 "$T" compare "$t/a.txt" "$t/planted.txt" --json
python3 - "$t/out" <<'PY' || { echo "FAIL: planted mismatch"; fail=1; }
import json, sys
r = json.load(open(sys.argv[1]))
assert r["frames_differing"] == 1 and r["bits_differing"] == 1, r
m = r["first"][0]
assert m["frame"] == 17 and m["first_bit"] == 4, m
PY

# verify: bit-exact pair (every decision, work count, erasure and APP value equal) and statistical pair
check verify_exact 0 "$T" verify toy --k 64 --fixed --impl fixed-serial --against fixed --ebn0 0,3 --frames 500 --json
has out '"comparison": "exact"'; has out '"match": true'
check verify_float 0 "$T" verify toy --k 64 --impl float-tree --against float --ebn0 0,3 --frames 500 --json
has out '"comparison": "statistical"'; has out '"match": true'
check verify_arith 2 "$T" verify toy --k 64 --fixed --impl fixed --against float; has err "one arithmetic"

# ---- the channel registry: toy-bsc (hard decisions) and toy-bsid (received lengths that vary) ----
check help_bsc 0 "$T" ber toy-bsc --help;    has out "--ebn0 LIST"; has out "bsc"
check help_bsid 0 "$T" ber toy-bsid --help;  has out "--p LIST"; has out "--ps P"; has out "--pi P"
# the channel's own defaults and ranges, after the user's options: bench and verify take --p, not --ebn0
check bsid_axis 2 "$T" ber toy-bsid --p 0.6;  has err "\-\-p=0.6: 0.6 out of range \[0, 0.49\]"
check bsid_ebn0 2 "$T" bench toy-bsid --ebn0 2; has err "unknown option --ebn0"
check bsid_ps 2 "$T" ber toy-bsid --p 0.01 --ps 0.7; has err "\-\-ps=0.7 out of range \[0, 0.5\]"
check bsid_impl 2 "$T" ber toy-bsc --impl float --ebn0 1 --k 8 --rep 2 --frames 2; has err "unknown option --frames"

# ber on the BSC: the vote's BER over BSC(p) at every point (p from the JSON: the channel's own parameter)
check ber_bsc 0 "$T" ber toy-bsc --k 200 --rep 3 --ebn0 0:2:4 --min-fe 1000000 --max-frames 400 --threads 2 --json
python3 - "$t/out" <<'PY' || { echo "FAIL: ber toy-bsc"; fail=1; }
import json, math, sys
r = json.load(open(sys.argv[1]))
assert r["channel"] == "bsc", r["channel"]
for pt in r["points"]:
    q = pt["p"]
    assert abs(q - 0.5 * math.erfc(1 / (pt["sigma"] * math.sqrt(2)))) < 1e-9, pt
    want = 3 * q * q * (1 - q) + q ** 3
    bits = pt["frames"] * 200
    assert abs(pt["ber"] - want) <= 5 * math.sqrt(want * (1 - want) / bits), (pt, want)
    assert pt["erasures"] == 0 and pt["ber_decoded"] == pt["ber"]
    # the work counters: the votes, the bits outvoted (3 p (1-p) of them per bit) and the margins (3 k - 2 outvoted)
    assert pt["votes_max"] == pt["votes_p99"] == pt["votes_p50"] == pt["votes_max_decoded"] == 3, pt
    want = 200 * 3 * q * (1 - q)
    assert abs(pt["avg_outvoted"] - want) <= 5 * math.sqrt(want / pt["frames"]), (pt, want)
    assert abs(pt["avg_margin"] - (600 - 2 * pt["avg_outvoted"])) < 1e-6, pt
    assert pt["outvoted_p50"] <= pt["outvoted_p99"] <= pt["outvoted_max"] and "margin_p99_decoded" in pt, pt
    assert "symbol_errors" not in pt and "ser" not in pt
PY
# verify --impl compares every work counter: a decoder that miscounts one (and nothing else) is caught
check verify_counter 1 "$T" verify toy-bsc --k 40 --impl majority-miscount --against majority --ebn0 2 --frames 300 --json
python3 - "$t/out" <<'PY' || { echo "FAIL: verify of a miscounted work counter"; fail=1; }
import json, sys
pt = json.load(open(sys.argv[1]))["points"][0]
assert pt["frames_decisions_differ"] == 0 and pt["frames_work_differs"] > 0, pt
assert pt["first_mismatch"].startswith("work counter outvoted: majority-miscount "), pt
PY
check table_bsc 0 "$T" ber toy-bsc --k 20 --ebn0 1 --max-frames 50; has out "votes_max"
# an even --rep ties: erased frames, counted apart (BER over decoded frames below BER with erasures counted lost)
check ber_bsc_ties 0 "$T" ber toy-bsc --k 16 --rep 2 --ebn0 2 --max-frames 300 --json
python3 - "$t/out" <<'PY' || { echo "FAIL: ber toy-bsc ties"; fail=1; }
import json, sys
pt = json.load(open(sys.argv[1]))["points"][0]
assert pt["erasures"] > 0 and pt["ber_decoded"] < pt["ber"], pt
PY
# ber on the BSID: at p = 0 the vote over BSC(ps); received lengths vary with p > 0
check ber_bsid 0 "$T" ber toy-bsid --k 100 --rep 3 --p 0,0.01 --ps 0.1 --min-fe 1000000 --max-frames 400 --json
python3 - "$t/out" <<'PY' || { echo "FAIL: ber toy-bsid"; fail=1; }
import json, math, sys
r = json.load(open(sys.argv[1]))
assert r["channel_options"] == {"ps": 0.1}, r.get("channel_options")
p0, p1 = r["points"]
want = 3 * 0.01 * 0.9 + 0.001
assert p0["pi"] == 0 and p0["pd"] == 0 and p0["ps"] == 0.1 and p0["avg_received"] == 300, p0
assert abs(p0["ber"] - want) <= 5 * math.sqrt(want / 40000), p0
assert p1["pi"] == 0.01 and p1["avg_received"] != 300 and p1["fer"] > p0["fer"], p1
# 2-bit symbols (symbol_bits 2): a symbol is wrong when either bit is, 1 - (1 - BER)^2 of them
for pt in (p0, p1):
    assert pt["symbol_errors"] <= pt["bit_errors"] <= 2 * pt["symbol_errors"], pt
    assert abs(pt["ser"] - pt["symbol_errors"] / (pt["frames"] * 50)) < 1e-12, pt
ser = 1 - (1 - want) ** 2
assert abs(p0["ser"] - ser) <= 5 * math.sqrt(ser / 20000), (p0, ser)
PY
# the BSID's FER rises with p: p_at_fer interpolates between the first pair with fer[i] <= F <= fer[i+1]
check bsid_at_fer 0 "$T" ber toy-bsid --k 20 --p 0.002,0.005,0.01,0.02,0.05 --max-frames 2000 --min-fe 300 --json
python3 - "$t/out" <<'PY' || { echo "FAIL: p_at_fer of a rising FER"; fail=1; }
import json, math, sys
r = json.load(open(sys.argv[1]))
pts, at = r["points"], r["p_at_fer"]
assert "1e-1" in at, at
for name, v in at.items():
    t = float(name)
    i = next(i for i in range(len(pts) - 1) if 0 < pts[i]["fer"] <= t <= pts[i + 1]["fer"])
    a, b = pts[i], pts[i + 1]
    x = a["p"] + (math.log10(t) - math.log10(a["fer"])) * (b["p"] - a["p"]) / (math.log10(b["fer"]) - math.log10(a["fer"]))
    assert abs(v - x) < 1e-9 and a["p"] <= v <= b["p"], (name, v, x)
PY
check bsid_fixed_pi 0 "$T" ber toy-bsid --k 10 --p 0.2 --pi 0 --pd 0 --max-frames 50 --json
has out '"pi": 0'; has out '"pd": 0'; has out '"ps": 0,'

# frames (text and binary) -> decode (two bit-exact implementations) -> compare, with the channel's point
for ch in bsc bsid; do
  opts="--k 40 --rep 3"; pt="--ebn0 3"; a=majority b=majority-rev
  [ $ch = bsid ] && pt="--p 0.02" a=window b=window-rev
  # shellcheck disable=SC2086
  check "frames_$ch" 0 "$T" frames toy-$ch $opts $pt --count 200 -o "$t/$ch.txt" --ref "$t/$ch-ref.txt"
  has_file() { grep -q "$2" "$1" || { echo "FAIL: $1 lacks $2"; fail=1; }; }
  has_file "$t/$ch.txt" "^fecforge-frames 2$"; has_file "$t/$ch.txt" "^arith hard$"
  # shellcheck disable=SC2086
  check "frames_${ch}_bin" 0 "$T" frames toy-$ch $opts $pt --count 200 --encoding binary -o "$t/$ch.bin"
  # shellcheck disable=SC2086
  check "decode_$ch" 0 "$T" decode toy-$ch $opts --impl $a --in "$t/$ch.txt" -o "$t/$ch-a.txt"
  # shellcheck disable=SC2086
  check "decode_${ch}_rev" 0 "$T" decode toy-$ch $opts --impl $b --in "$t/$ch.bin" --encoding text -o "$t/$ch-b.txt"
  check "same_$ch" 0 "$T" compare "$t/$ch-a.txt" "$t/$ch-b.txt"; has out "identical"
  check "ref_$ch" 1 "$T" compare "$t/$ch-a.txt" "$t/$ch-ref.txt"; has out "frames differing"
  # shellcheck disable=SC2086
  check "verify_$ch" 0 "$T" verify toy-$ch $opts --impl $b --against $a --frames 300 --json
  has out '"comparison": "exact"'; has out '"match": true'
  # shellcheck disable=SC2086
  check "bench_$ch" 0 "$T" bench toy-$ch $opts --batches 2 --frames 64 --json; has out '"erasures"'
done
# a fast path (fg_family_impl.ber, as the GPUs') counts every work counter as the engine does on the CPU
check ber_slow 0 "$T" ber toy-bsc --k 40 --rep 3 --impl majority --ebn0 1:1:3 --max-frames 400 --json; cp "$t/out" "$t/slow.json"
check ber_fast 0 "$T" ber toy-bsc --k 40 --rep 3 --impl majority-fast --ebn0 1:1:3 --max-frames 400 --json
python3 - "$t/slow.json" "$t/out" <<'PY' || { echo "FAIL: the fast path's points differ"; fail=1; }
import json, sys
a, b = (json.load(open(f))["points"] for f in sys.argv[1:3])
drop = ("elapsed_s", "frames_per_s")
strip = lambda p: {k: v for k, v in p.items() if k not in drop}
assert [strip(p) for p in a] == [strip(p) for p in b], (a, b)
assert any(p["avg_outvoted"] > 0 for p in b) and all("margin_p99" in p for p in b), b
PY
# bench counts its timed frames as ber does: every work counter's average and percentiles, the frame errors
check bench_counters 0 "$T" bench toy-bsc --k 40 --rep 3 --ebn0 1 --batches 2 --frames 64 --json
has out '"avg_outvoted"'; has out '"outvoted_p99"'; has out '"margin_max"'; has out '"frame_errors"'
check bench_counters_text 0 "$T" bench toy-bsc --k 40 --rep 3 --ebn0 1 --batches 2 --frames 64
has out "128 frames timed"; has out "outvoted"
has_file "$t/bsid.txt" "^length 424 variable$"; has_file "$t/bsid.txt" "^channel bsid p 0.02 pi 0.02 pd 0.02 ps 0$"
has_file "$t/bsc-a.txt" "^content bits work erased$"
# the received lengths of the BSID frames vary, and the text and binary files hold the same frames
python3 - "$t/bsid.txt" <<'PY' || { echo "FAIL: bsid frame lengths"; fail=1; }
import sys
lines = open(sys.argv[1]).read().split("\nend\n", 1)[1].splitlines()
lens = [int(l.split()[0]) for l in lines]
assert len(lens) == 200 and len(set(lens)) > 3 and all(0 <= n <= 424 for n in lens), lens[:10]
for l in lines:
    w = l.split()
    assert (len(w) == 1 and w[0] == "0") or (len(w) == 2 and len(w[1]) == int(w[0])), l
PY
# the majority's a-posteriori values need p: a frame file without its channel point cannot give them
check app_bsc 0 "$T" decode toy-bsc --k 40 --rep 3 --impl majority --app --in "$t/bsc.txt" -o "$t/bsc-app.txt"
grep -v '^channel ' "$t/bsc.txt" >"$t/bsc-nopoint.txt"
check app_nopoint 1 "$T" decode toy-bsc --k 40 --rep 3 --impl majority --app --in "$t/bsc-nopoint.txt" -o "$t/x.txt"
has err "crossover probability p"
# a file of one channel refused by a family of another; an LLR implementation refuses received bits
check wrong_channel 2 "$T" decode toy-bsid --k 40 --rep 3 --in "$t/bsc.txt" -o "$t/x.txt"; has err "channel bsc"
check llr_vs_hard 2 "$T" decode toy-bsc --k 40 --rep 3 --impl float --in "$t/bsc.txt" -o "$t/x.txt"
has err "holds received bits; the implementation float takes LLRs"
# the float implementation on the BSC's LLRs decides as the vote (an odd --rep has no ties)
check frames_bsc_llr 0 "$T" frames toy-bsc --k 40 --rep 3 --impl float --ebn0 3 --count 200 -o "$t/bscf.txt"
check decode_bsc_llr 0 "$T" decode toy-bsc --k 40 --rep 3 --impl float --in "$t/bscf.txt" -o "$t/bsc-f.txt"
check same_bsc_llr 0 "$T" compare "$t/bsc-a.txt" "$t/bsc-f.txt"; has out "identical"

exit $fail
