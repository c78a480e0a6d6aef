#!/usr/bin/env bash
# Interruption (docs/architecture.md "Outputs", Interruption): a signal to a run that keeps results ends
# it with a closed report and exit 128 + signal.
#  - ber --jsonl FILE --json, SIGTERM or SIGINT while the second point runs: every line of FILE is a
#    complete JSON object (head, the finished point with the counts of an uninterrupted run, the
#    interrupted point marked "stop": "interrupted" unless the signal fell between the points, an end line
#    with "complete": false), the JSON on stdout is closed with "interrupted_by_signal" and the same
#    points, nothing else is left in the directory; SIGKILL keeps the lines written so far;
#  - verify while Verilator runs, SIGTERM: the private work directory under $TMPDIR is removed; with
#    --work DIR --keep the directory stays and is reported (stderr and the JSON's "work").
# Every wait polls with a deadline: nothing assumes the machine's speed. $1 = fecforge.
source "$(dirname "$0")/common.bash"
command -v jq >/dev/null || { echo "SKIP: jq not installed"; exit 77; }

# poll SECONDS CMD...: run CMD every 50 ms until it succeeds (0) or SECONDS have passed (1).
poll() {
  local end=$((SECONDS + $1)); shift
  until "$@"; do [ $SECONDS -lt $end ] || return 1; sleep 0.05; done
}
# finish PID: wait for the process to end (SIGKILL after 120 s: a run that ignores the signal fails the
# test); its exit code in $rc.
gone() { ! kill -0 "$1" 2>/dev/null; }
finish() {
  poll 120 gone "$1" 2>/dev/null || kill -KILL "$1"
  wait "$1" 2>/dev/null; rc=$? # (no "Killed" line for the SIGKILL case)
}
failed() { echo "FAIL $1"; fail=1; }

# ---- ber: the first point (Eb/N0 0 dB, 20 frames) ends at once, the second (5 dB) would run for hours ----
ber=(ber ldpc --code wifi-648-1/2 --min-fe 20 --max-frames 100000000 --quiet)
"$F" "${ber[@]}" --ebn0 0 --json | jq -c '.points[0] | {frames, frame_errors, bit_errors}' >"$t/ref" ||
  failed "reference run"
has_point() { grep -q '"type":"point"' "$1" 2>/dev/null; }
# ber_case NAME SIGNAL EXIT: the run in $t/NAME, stopped with SIGNAL after its first point.
ber_case() {
  local name=$1 sig=$2 want=$3 d=$t/$1
  mkdir "$d"
  "$F" "${ber[@]}" --ebn0 0,5 --jsonl "$d/run.jsonl" --json >"$d/out.json" 2>"$d/err" & local pid=$!
  poll 60 has_point "$d/run.jsonl" || failed "$name: no finished point in 60 s"
  kill -"$sig" $pid; finish $pid
  [ $rc -eq "$want" ] || { failed "$name: exit $rc, expected $want"; cat "$d/err"; }
  local n=0 line
  while IFS= read -r line; do
    n=$((n + 1))
    jq -e . >/dev/null 2>&1 <<<"$line" || failed "$name: line $n of the JSON lines is no complete JSON: $line"
  done <"$d/run.jsonl"
  [ "$(jq -c 'select(.type == "point" and .ebn0 == 0) | {frames, frame_errors, bit_errors}' "$d/run.jsonl")" = \
    "$(cat "$t/ref")" ] || failed "$name: the finished point differs from an uninterrupted run's"
  [ "$(jq -r .type "$d/run.jsonl" | head -1)" = head ] || failed "$name: no head line"
  [ "$(ls -A "$d")" = "$(printf 'err\nout.json\nrun.jsonl')" ] || failed "$name: left behind: $(ls -A "$d")"
  if [ "$sig" = KILL ]; then
    jq -e 'select(.type == "end")' "$d/run.jsonl" >/dev/null && failed "$name: an end line after SIGKILL"
    return
  fi
  # the finished point, then the one that ran when the signal came, marked (none if the signal fell
  # between the two); the end line says incomplete; the report on stdout has the same points
  jq -s -c '[.[] | select(.type == "point") | .stop]' "$d/run.jsonl" >"$d/stops"
  grep -qxE '\["min_fe"(,"interrupted")?\]' "$d/stops" ||
    failed "$name: the points are not the finished one and the interrupted one: $(cat "$d/stops")"
  jq -e -s '.[-1].type == "end" and .[-1].complete == false' "$d/run.jsonl" >/dev/null ||
    failed "$name: the last line is not an end line with complete false"
  jq -e --argjson sig "$((want - 128))" --slurpfile stops "$d/stops" \
    '.interrupted_by_signal == $sig and [.points[].stop] == $stops[0]' "$d/out.json" >/dev/null ||
    failed "$name: the JSON report is not closed or does not mark the interruption"
}
ber_case ber-term TERM 143
ber_case ber-int INT 130
ber_case ber-kill KILL 137

# ---- verify: the signal comes while Verilator builds the harness ----
if ! command -v verilator >/dev/null; then
  echo "SKIP verify: verilator not installed"
  [ $fail -eq 0 ] && echo "signals: the ber checks passed"
  exit $fail
fi
mkdir "$t/tmp"
verify=(verify dbcf --pllr 4 --banks 4 --K 40 --json)
started() { compgen -G "$1/verilator.log" >/dev/null; }
TMPDIR=$t/tmp "$F" "${verify[@]}" >"$t/v.json" 2>"$t/v.err" & pid=$!
poll 120 started "$t/tmp/fecforge-verify-*" || failed "verify: Verilator did not start in 120 s"
kill -TERM $pid; finish $pid
[ $rc -eq 143 ] || { failed "verify: exit $rc, expected 143"; cat "$t/v.err"; }
# only fecforge's own entries count: the compiler's temporary files in $TMPDIR are its own to remove
left=$(compgen -G "$t/tmp/fecforge-*")
[ -z "$left" ] || failed "verify: work directory left behind: $left"
jq -e '.interrupted_by_signal == 15 and .match == false and .work == ""' "$t/v.json" >/dev/null ||
  failed "verify: the JSON report is not closed or does not mark the interruption"

TMPDIR=$t/tmp "$F" "${verify[@]}" --work "$t/w" --keep >"$t/k.json" 2>"$t/k.err" & pid=$!
poll 120 started "$t/w" || failed "verify --work: Verilator did not start in 120 s"
kill -TERM $pid; finish $pid
[ $rc -eq 143 ] || { failed "verify --work: exit $rc, expected 143"; cat "$t/k.err"; }
grep -q "work directory kept: $t/w\$" "$t/k.err" || { failed "verify --work: the kept directory is not reported"; cat "$t/k.err"; }
jq -e --arg w "$t/w" '.interrupted_by_signal == 15 and .work == $w' "$t/k.json" >/dev/null ||
  failed "verify --work: the JSON report does not name the kept directory"
[ -f "$t/w/.fecforge-output" ] || failed "verify --work: the work directory is gone"
left=$(compgen -G "$t/tmp/fecforge-*")
[ -z "$left" ] || failed "verify --work: a private directory was made: $left"
[ $fail -eq 0 ] && echo "signals: all checks passed"
exit $fail
