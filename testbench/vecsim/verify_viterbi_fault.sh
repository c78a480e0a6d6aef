#!/usr/bin/env bash
# Faults planted in a generated Viterbi decoder (docs/rtl-viterbi.md "Verification"): the RTL of a K 5 design
# with 3-bit symbols (ties everywhere) and a punctured set (garbage on the erased symbols) passes `verify
# vectors`; two copies of it with one fault each must fail with the mismatch line naming the cycle, the port
# and both values:
#  - erasure: the stage module masks each of the two symbols with the other's erasure flag (so symbol 0,
#    erased at odd stages by the pattern 10,11, is used, and symbol 1 is dropped there);
#  - tie rule: the ACS takes the upper predecessor on a tie (>= instead of >) in every compare-select.
# Usage: verify_viterbi_fault.sh FECFORGE (in a scratch working directory).
set -u
B=$1
fail() { echo "FAIL: $*"; exit 1; }
opts="--K 5 --gen 23,35 --punct 10,11 --llr-width 3 --tb-depth 8 --tb-block 4 --bits 60"
rm -rf rtl-vit rtl-era rtl-tie vit-set verify-vit-good verify-vit-era verify-vit-tie
"$B" gen viterbi $opts -o rtl-vit >/dev/null || fail "gen"
"$B" vectors viterbi $opts --frames 3 --ebn0 1 --seed 5 -o vit-set >/dev/null || fail "vectors"
stage=$(cd rtl-vit && ls fg_vit_stage_*.v) || fail "no stage module"
cp -r rtl-vit rtl-era
cp -r rtl-vit rtl-tie
grep -q "l0 = era_i\[0\] ?" rtl-era/"$stage" && grep -q "l1 = era_i\[1\] ?" rtl-era/"$stage" ||
    fail "the stage module no longer masks symbols 0 and 1 with their flags"
sed -i -e "s/l0 = era_i\[0\] ?/l0 = era_i[1] ?/" -e "s/l1 = era_i\[1\] ?/l1 = era_i[0] ?/" rtl-era/"$stage"
grep -q "assign idx_o = !d\[W-1\] && (d != {W{1'b0}});" rtl-tie/fg_mod_argmax2.v || fail "fg_mod_argmax2 changed"
sed -i "s/assign idx_o = !d\[W-1\] \&\& (d != {W{1'b0}});/assign idx_o = !d[W-1];/" rtl-tie/fg_mod_argmax2.v
"$B" verify vectors --rtl rtl-vit --work verify-vit-good vit-set >good.txt 2>&1 || { cat good.txt; fail "the good RTL"; }
grep -q "^PASS vit-set: " good.txt || { cat good.txt; fail "no PASS line for the good RTL"; }
# the first differing cycle of each (the best state of the registered metrics shows the fault first)
check() {
    "$B" verify vectors --rtl rtl-$1 --work verify-vit-$1 vit-set >$1.txt 2>$1.err
    rc=$?
    cat $1.txt
    [ $rc = 1 ] || { cat $1.err; fail "$1: exit $rc, expected 1"; }
    grep -qxF "$2" $1.txt || fail "$1: no line '$2'"
}
check era "MISMATCH vit-set: cycle 4 (line 5 of expected.hex), port best_o: expected 0x9, actual 0x1"
check tie "MISMATCH vit-set: cycle 21 (line 22 of expected.hex), port best_o: expected 0x3, actual 0xf"
echo "the good RTL matches; the erasure fault and the tie-rule fault are caught"
