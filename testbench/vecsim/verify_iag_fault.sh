#!/usr/bin/env bash
# The IAG's stress set must catch a wrong word after a reset that changes K in the stimulus: `verify iag
# --traffic stress` of LTE K 40, 168 (PLLR 8) passes; ready_o flipped in its expected stream two cycles
# after the fourth reset (the one with work in flight that switches K 40 -> 168) must be reported at that
# cycle by the harness of the same build. Usage: verify_iag_fault.sh FECFORGE (in a scratch directory).
set -u
w=verify-iag-fault s=vec-lte-stress-2-sizes
rm -rf "$w" bad-set
"$1" verify iag --std lte --pllr 8 --K 40,168 --traffic stress --work "$w" --keep | grep "lte-stress-2-sizes .* match" ||
    { echo "FAIL: the good set"; exit 1; }
r=$(awk '$20 == 0 { if (++n == 4) print NR }' "$w/$s/stimulus.hex") # rst_ni: field 3 + 2*8 + 1
[ -n "$r" ] || { echo "FAIL: no fourth reset in $w/$s"; exit 1; }
cp -r "$w/$s" bad-set
awk -v l=$((r + 2)) 'NR == l { $1 = $1 == "0" ? "1" : "0" } { print }' "$w/$s/expected.hex" >bad-set/expected.hex
out=$("$w/obj/tb" bad-set)
rc=$?
echo "$out"
[ $rc = 1 ] && echo "$out" | grep -q "^MISMATCH bad-set: cycle $((r + 1)) (line $((r + 2)) of expected.hex), port ready_o" ||
    { echo "FAIL: exit $rc, the mismatch of cycle $((r + 1)) not reported"; exit 1; }
echo "the fault after the K change is caught"
