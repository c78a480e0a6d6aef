#!/usr/bin/env bash
# A result fed back as --config runs the same again (docs/ber.md "Results as --config"): the "parameters"
# of `ber`, `bench`, `verify --impl` and `arch` results (the options given, keyed by their names) read back by
# --config give the same JSON, apart from times and version; the result's other keys are not read (the
# timed "frames" of a benchmark is not its --frames); the command line wins over the file; a result of
# another family is refused, naming the key.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.bash"
case $F in /*) ;; *) F=$PWD/$F ;; esac
cd "$t" || exit 1
command -v jq >/dev/null || { echo "config_results: jq not installed (Debian package jq)"; exit 77; }
N='walk(if type == "object" then del(.version, .git, .elapsed_s, .frames_per_s, .seconds, .kernel_ms, .total_ms,
   .latency_ms, .best_ms, .cpu_ms) | with_entries(select(.key | test("mbps") | not)) else . end)'
same() { # same NAME A B: the two results are equal but for what the clock and the build change
  diff <(jq -S "$N" "$2") <(jq -S "$N" "$3") >"$t/diff" || { echo "FAIL $1: the run from --config differs:"; head -20 "$t/diff"; fail=1; }
}
i=0
while IFS= read -r line; do
  i=$((i + 1))
  read -r -a cmd <<<"$line"
  check "run_$i" 0 "$F" "${cmd[@]}" --json -q
  cp "$t/out" "a$i.json"
  check "config_$i" 0 "$F" "${cmd[0]}" "${cmd[1]}" --config "a$i.json" -q
  same "$line" "a$i.json" "$t/out"
done <<'LIST'
ber ldpc --code wifi-648-1/2 --fixed --llr-width 7 --ebn0 2,2.5 --max-frames 30 --seed 4
ber ldpc --code wimax-576-2/3A --decoder multilayer:3 --alg oms:0.5 --ebn0 2 --max-frames 20
ber turbo --std lte --K 40 --fixed --parallel 2 --ebn0 1 --max-frames 20 --threads 2
ber viterbi --K 5 --gen 23,35 --punct 11,10 --bits 80 --ebn0 3 --min-fe 5 --max-frames 40
bench viterbi --bits 200 --frames 50 --batches 2
verify viterbi --fixed --bits 64 --tile 16 --overlap-left 70 --overlap-right 30 --impl cycle --against fixed --ebn0 3 --frames 5
arch viterbi --K 5 --gen 23,35 --radix 4 --bits 100 --ebn0 2 --frames 3
arch ldpc --code wifi-648-1/2 --layers 2 --mb 2x2 --ebn0 3 --frames 2
arch turbo --std lte --K 40 --parallel 2 --iter 1 --ebn0 1 --frames 2
LIST
# the parameters are the options given, by name
jq -e '.parameters == {"code": "wifi-648-1/2", "fixed": true, "llr_width": 7, "ebn0": [2, 2.5], "max_frames": 30,
  "seed": 4, "json": true}' a1.json >/dev/null || { echo "FAIL: parameters of a1: $(jq -c .parameters a1.json)"; fail=1; }
# the benchmark's 100 frames timed are not its --frames 50
check bench_frames 0 "$F" bench viterbi --config a5.json --json -q
[ "$(jq .parameters.frames "$t/out")" = 50 ] || { echo "FAIL: bench --config: frames $(jq .parameters.frames "$t/out")"; fail=1; }
# the command line wins
check line_wins 0 "$F" ber ldpc --config a1.json --ebn0 3 --json -q
[ "$(jq -c .ebn0_asked "$t/out")" = "[3]" ] || { echo "FAIL: --ebn0 3 after --config: $(jq -c .ebn0_asked "$t/out")"; fail=1; }
# a gen output's manifest.json regenerates the identical design (turbo of both write paths)
for std in lte umts; do
  check "gen_turbo_$std" 0 "$F" gen turbo --std $std --parallel 2 --k-max 64 --latency 7 -o "rtl_$std" -q
  check "gen_turbo_config_$std" 0 "$F" gen turbo --config "rtl_$std/manifest.json" -o "rtl2_$std" -q
  diff -r "rtl_$std" "rtl2_$std" >/dev/null || { echo "FAIL: gen turbo --config manifest.json ($std) gives another design"; fail=1; }
done
# a result of another family
check other_family 2 "$F" ber viterbi --config a1.json
has err '"code" is not a parameter of this command'
exit $fail
