#!/usr/bin/env bash
# `fecforge verify vectors` on an existing RTL directory (a generated PLLR 8 / M 16 DBCF, the
# parameters of the checked-in set's manifest) against two sets in one run: the checked-in set, which
# must match, and a copy with one expected word changed (cycle 3, accept_new_o[0]; docs/verify.md
# "What a mismatch looks like"). The run must print PASS for the first, then exit 1 naming the
# second's cycle, line, port and both values; the harness is built without FST tracing, and a second,
# traced build replays the failing set into BAD.mismatch.fst.
# Usage: verify_vectors_dbcf.sh FECFORGE VECDIR (in a scratch working directory).
set -u
B=$1 SET=$2
fail() { echo "FAIL: $*"; exit 1; }
rm -rf rtl-k200 good bad bad.mismatch.fst verify-k200
"$B" gen dbcf --pllr 8 --banks 16 --select 2 --fifo-depth 4 --buf-depth 4 --width 8 -o rtl-k200 >/dev/null ||
    fail "gen"
cp -r "$SET" good
cp -r "$SET" bad
# line 4 = cycle 3; its first word is accept_new_o[0] (1 in the model's run)
[ "$(sed -n '4s/ .*//p' bad/expected.hex)" = 1 ] || fail "the set's cycle 3 no longer starts with accept_new_o[0] = 1"
sed -i '4s/^1 /0 /' bad/expected.hex
"$B" verify vectors --rtl rtl-k200 --work verify-k200 good bad >out.txt 2>err.txt
rc=$?
cat out.txt
[ $rc = 1 ] || { cat err.txt; fail "exit $rc, expected 1"; }
grep -q "^PASS good: 41 cycles, 3461 output words and 208 memory cells match" out.txt ||
    fail "the checked-in set does not match (no PASS line with its 41 cycles, 3461 words, 208 cells)"
grep -qx "MISMATCH bad: cycle 3 (line 4 of expected.hex), port accept_new_o\[0\]: expected 0x0, actual 0x1" out.txt ||
    fail "no mismatch line naming cycle 3, line 4, accept_new_o[0], 0x0 and 0x1"
grep -qx "waveform of the failing run: bad.mismatch.fst" out.txt || fail "no waveform line"
# The waveform: an FST file (its first block is the header block, type 0) of some size.
[ -s bad.mismatch.fst ] && [ "$(head -c1 bad.mismatch.fst | od -An -tu1 | tr -d ' ')" = 0 ] &&
    [ "$(stat -c %s bad.mismatch.fst)" -gt 1000 ] || fail "bad.mismatch.fst is not an FST waveform"
# The first build has no tracing, the second has.
ls verify-k200/obj/verilated_fst_c.o >/dev/null 2>&1 && fail "the untraced harness compiled the FST writer"
ls verify-k200/obj-trace/verilated_fst_c.o >/dev/null 2>&1 || fail "the traced harness has no FST writer"
grep -q "work directory kept" err.txt || fail "the work directory of a mismatch was not kept"
echo "the checked-in set matches; the planted mismatch is found and its waveform written"
