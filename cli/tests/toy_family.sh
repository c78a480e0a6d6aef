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
    assert p["avg_llrs_per_bit"] == 4
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

exit $fail
