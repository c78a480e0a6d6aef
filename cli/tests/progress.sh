#!/usr/bin/env bash
# CLI test: long runs report progress (DESIGN.md: progress on stderr for anything longer than a few seconds;
# plain lines every FG_CLI_PROGRESS_PLAIN_S = 10 s when stderr is not a terminal). `vectors ldpc` and
# `verify ldpc` with 10 000 frames of the largest 802.11n code (about a minute of vector writing on the 2-core
# machine, where they were silent) are interrupted after 13 s, stderr in a file: it must hold a progress line of
# the set's frames. verify's verilator is a stub: nothing gets that far. $1 = fecforge.
source "$(dirname "$0")/common.bash"
export LC_ALL=C
mkdir "$t/stub" && printf '#!/bin/sh\nexit 1\n' >"$t/stub/verilator" && chmod +x "$t/stub/verilator"
run() { # NAME ARGS...: 13 s of it, then SIGINT (and SIGKILL 2 s later: a set is not cut short)
  local name=$1; shift
  TMPDIR=$t timeout -k 2 -s INT 13 "$@" >"$t/$name.out" 2>"$t/$name.err"
  grep -q "steps of the vector set [0-9]*/20000 (" "$t/$name.err" ||
    { echo "FAIL $name: no progress line in 13 s"; cat "$t/$name.err"; fail=1; }
}
run vectors "$F" vectors ldpc --codes wifi-1944-1/2 --frames 10000 -o "$t/v"
PATH="$t/stub:$PATH" run verify "$F" verify ldpc --codes wifi-1944-1/2 --frames 10000 --ebn0 2
[ ! -e "$t/v" ] || { echo "FAIL: an interrupted vectors left its output"; fail=1; }
exit $fail
