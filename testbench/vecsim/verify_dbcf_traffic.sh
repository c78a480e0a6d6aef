#!/usr/bin/env bash
# The DBCF's verification traffic through `fecforge verify dbcf` (docs/verify.md "The DBCF's traffic"): one
# network (the options after WORK), data width 16 (the tags of every position), the six half-iteration runs
# (UMTS K 5114 xmap and xmap-xor, UMTS K 40 mod, LTE K 6144 xmap-xor and mod, UMTS K 5114 xmap with
# stalling producers; both directions each) and 20000 cycles of random traffic with overload and a reset in
# flight (cycle 10000). Then two faults in copies of the random set must be reported at cycle 10001, the
# first after the reset: a planted wrong word (accept_new_o[0] inverted) and a reset left out of the stimulus.
# Usage: verify_dbcf_traffic.sh FECFORGE WORK [--sim systemc] NETWORK-OPTIONS... (one Verilator build per run,
# the same work directory: ccache makes the later ones cheap).
set -u
B=$1 W=$2
shift 2
sim=()
if [ "${1:-}" = --sim ]; then sim=(--sim "$2"); shift 2; fi
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$W"
# (the random set last: each run replaces the sets of the one before in WORK)
runs=("--std umts --K 5114 --mapping xmap-xor" "--std umts --K 40 --mapping mod" "--std lte --K 6144 --mapping xmap-xor"
      "--std lte --K 6144 --mapping mod" "--std umts --K 5114 --mapping xmap --stall"
      "--std umts --K 5114 --mapping xmap --traffic both")
for r in "${runs[@]}"; do
    # shellcheck disable=SC2086
    "$B" verify dbcf "${sim[@]}" "$@" --width 16 $r --work "$W" --keep || fail "verify dbcf $* $r"
done
grep -q '"coverage": 1' "$W/vec-random-c20000/manifest.json" ||
    fail "the random traffic did not reject words and fill every FIFO and buffer: a weak test"

# The faults, in copies of the random set (line 10002 = cycle 10001; the reset is the last stimulus word).
S=$W/vec-random-c20000
cp -r "$S" "$W/bad-word" && cp -r "$S" "$W/bad-reset"
sed -i '10002{s/^0 /X /; s/^1 /0 /; s/^X /1 /}' "$W/bad-word/expected.hex"
[ "$(sed -n '10001s/.* //p' "$S/stimulus.hex")" = 0 ] || fail "the random set has no reset in cycle 10000"
sed -i '10001s/ 0$/ 1/' "$W/bad-reset/stimulus.hex"
for bad in bad-word bad-reset; do
    if [ ${#sim[@]} = 0 ]; then
        want="MISMATCH $W/$bad: cycle 10001 (line 10002 of expected.hex), port "
        out=$("$W/obj/tb" "$W/$bad")
    else
        want="cycle 10001, port "
        out=$(SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$W/sc-obj/cosim" "$W/$bad")
    fi
    rc=$?
    echo "$bad: $out"
    [ $rc = 1 ] || fail "$bad: exit $rc, expected 1 (a mismatch)"
    [ $bad = bad-word ] && want="${want}accept_new_o[0]"
    case $out in *"$want"*) ;; *) fail "$bad: no mismatch at cycle 10001 ($want)" ;; esac
done
echo "every run matches; the planted word and the missing reset are found at cycle 10001"
