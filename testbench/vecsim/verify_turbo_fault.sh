#!/usr/bin/env bash
# A fault planted in the stimulus of a turbo decoder set (docs/rtl-turbo.md "Verification"): the RTL of a
# P 2 design (`gen turbo --parallel 2 --k-max 64`) runs an LTE K 40 set with one systematic LLR changed
# in the load port (position 20, cycle 21: x = 0x1b becomes 0x01), which the model's expected lines do not
# know. `verify vectors` must pass the untouched set and report the corrupted one at the first cycle where
# the word is read, with the port and both values.
# Usage: verify_turbo_fault.sh FECFORGE (in a scratch working directory).
set -u
B=$1
fail() { echo "FAIL: $*"; exit 1; }
rm -rf rtl-turbo good bad bad.mismatch.fst verify-turbo-fault
"$B" gen turbo --parallel 2 --k-max 64 -o rtl-turbo >/dev/null || fail "gen"
"$B" vectors turbo --parallel 2 --k-max 64 --K 40 --iter 2.5 -o good >/dev/null || fail "vectors"
cp -r good bad
# line 22 = cycle 21: k_i, half_iters_i, tail_i x 12, ld_valid_i, ld_pos_i = 20, then ld_data_i[0] = x[20]
[ "$(sed -n '22p' bad/stimulus.hex | cut -d' ' -f15-17)" = "1 0014 1b" ] ||
    fail "the set's cycle 21 no longer loads x[20] = 0x1b"
sed -i '22s/^\(\([0-9a-f]* \)\{16\}\)1b /\101 /' bad/stimulus.hex
"$B" verify vectors --rtl rtl-turbo --work verify-turbo-fault good bad >out.txt 2>err.txt
rc=$?
cat out.txt
[ $rc = 1 ] || { cat err.txt; fail "exit $rc, expected 1"; }
grep -q "^PASS good: 266 cycles, 18769 output words and 64 memory cells match" out.txt ||
    fail "the untouched set does not match (no PASS line with its 266 cycles, 18769 words, 64 cells)"
grep -qx "MISMATCH bad: cycle 140 (line 141 of expected.hex), port rd_sys_o\[4\]: expected 0x1b, actual 0x1" out.txt ||
    fail "no mismatch line naming cycle 140, rd_sys_o[4], 0x1b and 0x1"
echo "the untouched set matches; the planted systematic word is found where SISO 1 reads it"
