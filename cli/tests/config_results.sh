#!/usr/bin/env bash
# A result fed back as --config runs the same again (docs/ber.md "Results as --config"): the "parameters"
# of `ber`, `bench`, `verify --impl` and `arch` results (the options given, keyed by their names) read back by
# --config give the same JSON, apart from times and version; the result's other keys are not read (the
# timed "frames" of a benchmark is not its --frames); the command line wins over the file; a result of
# another family is refused, naming the key. A "decoder" value keyed by an option equals the option's value; a
# generated design's manifest.json regenerates it.
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
# The decoder values keyed by an option given, those that differ from it and how many: --nii on|off is a
# boolean there, ldpc's --alg A:X is "alg": A with nms_factor or oms_offset X.
M='.parameters as $p | .decoder as $d | [$d // {} | to_entries[] | select($p[.key] != null) | .key as $k |
  .value as $v | $p[$k] as $w | {$k, ok: (if ($v | type) == "boolean" and ($w | type) == "string" then $v == ($w == "on")
  elif $k == "alg" and ($w | contains(":")) then ($w | split(":")) as $a | $v == $a[0] and
  ($d.nms_factor // $d.oms_offset) == ($a[1] | tonumber) else ($v | tostring) == ($w | tostring) end)}] |
  "\(map(select(.ok | not) | .k) | tojson) \(length)"'
i=0 keyed=0
while IFS= read -r line; do
  i=$((i + 1))
  read -r -a cmd <<<"$line"
  check "run_$i" 0 "$F" "${cmd[@]}" --json -q
  cp "$t/out" "a$i.json"
  read -r bad n < <(jq -r "$M" "a$i.json")
  [ "$bad" = "[]" ] || { echo "FAIL $line: decoder values $bad differ from the options'"; fail=1; }
  keyed=$((keyed + n))
  check "config_$i" 0 "$F" "${cmd[0]}" "${cmd[1]}" --config "a$i.json" -q
  same "$line" "a$i.json" "$t/out"
done <<'LIST'
ber ldpc --code wifi-648-1/2 --fixed --llr-width 7 --ebn0 2,2.5 --max-frames 30 --seed 4
ber ldpc --code wimax-576-2/3A --decoder multilayer:3 --alg oms:0.5 --iter 12 --ebn0 2 --max-frames 20
ber turbo --std lte --K 40 --fixed --parallel 2 --iter 3.5 --llr-width 6 --sm-width 11 --norm subtract --et minllr:20 --nii off --ebn0 1 --max-frames 20 --threads 2
ber turbo --std umts --K 41 --alg log --scale 0.9 --radix 2 --parallel 2 --window 16 --training 8 --iter 2 --ebn0 1 --max-frames 5
ber viterbi --K 5 --gen 23,35 --punct 11,10 --tile 40 --overlap-left 8 --overlap-right 16 --bits 80 --ebn0 3 --min-fe 5 --max-frames 40
bench viterbi --fixed --tile 64 --llr-width 4 --sm-width 12 --norm subtract --bits 200 --frames 50 --batches 2
verify viterbi --fixed --bits 64 --tile 16 --overlap-left 70 --overlap-right 30 --impl cycle --against fixed --ebn0 3 --frames 5
arch viterbi --K 5 --gen 23,35 --radix 4 --bits 100 --ebn0 2 --frames 3
arch ldpc --code wifi-648-1/2 --layers 2 --mb 2x2 --ebn0 3 --frames 2
arch turbo --std lte --K 40 --parallel 2 --iter 1 --ebn0 1 --frames 2
LIST
[ "$keyed" = 31 ] || { echo "FAIL: $keyed decoder values keyed by an option given, not 31"; fail=1; }
# the parameters are the options given, by name
jq -e '.parameters == {"code": "wifi-648-1/2", "fixed": true, "llr_width": 7, "ebn0": [2, 2.5], "max_frames": 30,
  "seed": 4, "json": true}' a1.json >/dev/null || { echo "FAIL: parameters of a1: $(jq -c .parameters a1.json)"; fail=1; }
# the benchmark's 100 frames timed are not its --frames 50
check bench_frames 0 "$F" bench viterbi --config a6.json --json -q
[ "$(jq .parameters.frames "$t/out")" = 50 ] || { echo "FAIL: bench --config: frames $(jq .parameters.frames "$t/out")"; fail=1; }
# the command line wins
check line_wins 0 "$F" ber ldpc --config a1.json --ebn0 3 --json -q
[ "$(jq -c .ebn0_asked "$t/out")" = "[3]" ] || { echo "FAIL: --ebn0 3 after --config: $(jq -c .ebn0_asked "$t/out")"; fail=1; }
# a generated design's manifest.json regenerates the same directory (the defaults in effect included)
for d in "dbcf --select all --fifo-depth 3 --lfsr-seed 0x1234 --offer head" "subsystem --std lte --mapping mod"; do
  read -r -a cmd <<<"$d"
  check "gen_${cmd[0]}" 0 "$F" gen "${cmd[@]}" --pllr 8 --banks 16 --width 6 -o "g_${cmd[0]}" -q
  check "gen_config_${cmd[0]}" 0 "$F" gen "${cmd[0]}" --config "g_${cmd[0]}/manifest.json" -o "h_${cmd[0]}" -q
  diff -r "g_${cmd[0]}" "h_${cmd[0]}" >/dev/null || { echo "FAIL: gen $d from its manifest.json differs"; fail=1; }
done
# a gen output's manifest.json regenerates the identical design (turbo of both write paths)
for std in lte umts; do
  check "gen_turbo_$std" 0 "$F" gen turbo --std $std --parallel 2 --k-max 64 --latency 7 -o "rtl_$std" -q
  check "gen_turbo_config_$std" 0 "$F" gen turbo --config "rtl_$std/manifest.json" -o "rtl2_$std" -q
  diff -r "rtl_$std" "rtl2_$std" >/dev/null || { echo "FAIL: gen turbo --config manifest.json ($std) gives another design"; fail=1; }
done
# a result of another family
check other_family 2 "$F" ber viterbi --config a1.json
has err '"code" is not a parameter of this command'
# a design's manifest.json as --config regenerates the identical directory (its facts beside the parameters unread)
for args in "iag --std lte --pllr 8" "iag --std umts --pllr 12 --forward-only"; do
  d=gen-${args// /} && check "$d" 0 "$F" gen $args -o "$d" -q && check "$d-c" 0 "$F" gen iag --config "$d/manifest.json" -o "$d-2" -q
  diff -r "$d" "$d-2" >"$t/diff" || { echo "FAIL: gen $args: --config manifest.json differs:"; head "$t/diff"; fail=1; }
done
# a vector set's manifest.json as --config writes the same set again, byte for byte: its "parameters" are the
# set's options ("derived" is not read back); every design, values other than the defaults
for args in "dbcf --pllr 8 --banks 16 --select all --lfsr-seed 0x1234 --std lte --K 40 --direction deinterleave --width 7" \
  "dbcf --pllr 4 --banks 4 --traffic random --cycles 300 --seed 3 --stall" "iag --std umts --pllr 8 --K 41 --mode inverse" \
  "iag --std lte --pllr 4 --K 40,48 --traffic sweep" "subsystem --std lte --pllr 8 --banks 16 --K 40 --mode inverse --offer head" \
  "ldpc --codes wifi-648-1/2 --frames 1 --ebn0 3 --et capped --iter 8 --scale 0.5" "xmap --std umts --K 41 --parallel 2 --iter 1 --sub 1" \
  "turbo --std lte --parallel 2 --k-max 64 --K 40 --iter 1 --frame saturated --latency 5" \
  "turbo --std both --parallel 4 --k-max 64 --umts-k 41 --iter 1 --then 40 --then-std lte" \
  "turbo-fixed --std lte --K 40 --parallel 2 --iter 1 --frames 2 --et minllr:20 --nii off" \
  "viterbi --K 5 --gen 23,35 --bits 40 --frames 2 --traffic bubbles --punct 11,10 --radix 4"; do
  d=v-${args// /}; d=${d//[\/:,]/_}
  check "$d" 0 "$F" vectors $args -o "$d" -q && check "$d-c" 0 "$F" vectors "${args%% *}" --config "$d/manifest.json" -o "$d-2" -q
  diff -r "$d" "$d-2" >"$t/diff" || { echo "FAIL: vectors $args: --config manifest.json differs:"; head "$t/diff"; fail=1; }
done
# verify's several sets (lists, both kinds, alternate early termination) each record their own values (a stub
# verilator: the sets are written, nothing is built)
mkdir stub && printf '#!/bin/sh\nexit 1\n' >stub/verilator && chmod +x stub/verilator
for args in "dbcf --pllr 4 --banks 4 --K 40,48" "iag --pllr 4 --K 40 --traffic all" "ldpc --codes wifi-648-1/2 --frames 1" \
  "turbo --parallel 2 --k-max 64 --iter 1" "viterbi --K 3 --gen 7,5 --bits 20 --frames 1"; do
  w=w-${args%% *} n=0 && PATH=$PWD/stub:$PATH "$F" verify $args --work "$w" --keep -q >/dev/null 2>&1
  for s in "$w"/vec-*; do
    n=$((n + 1)) && check "$s" 0 "$F" vectors "${args%% *}" --config "$s/manifest.json" -o "r$n-$w" -q
    diff -r "$s" "r$n-$w" >/dev/null || { echo "FAIL: $s from its manifest.json differs"; fail=1; }
  done
  [ $n -ge 2 ] || { echo "FAIL: verify $args wrote $n sets"; fail=1; }
done
# the options by name with the set's own values (xmap: the half-iteration recorded, the last, named)
jq -e '.parameters.K == [40] and .parameters.select == "all" and .parameters.lfsr_seed == "0x1234" and (.derived | keys) ==
  ["bank_depth"]' v-dbcf*deinterleave*/manifest.json >/dev/null || { echo "FAIL: dbcf set's parameters"; fail=1; }
jq -e '.parameters.half_iter == 1 and .parameters.parallel == 2 and .derived.n == 17 and (.parameters | has("P") | not)' \
  v-xmap*/manifest.json >/dev/null || { echo "FAIL: xmap set's parameters: $(jq -c .parameters v-xmap*/manifest.json)"; fail=1; }
exit $fail
