#!/usr/bin/env bash
# CLI test of `fecforge vectors turbo-fixed|xmap`: help, exit codes, manifest contents, the reader check,
# determinism (same command -> same files), usage errors naming the option. $1 = path of fecforge.
source "$(dirname "$0")/common.bash"

check help 0 "$F" vectors turbo-fixed --help;      has out "usage: fecforge vectors turbo-fixed"
check help_xmap 0 "$F" vectors xmap --help;        has out "fecforge vectors xmap"
check help_top 0 "$F" vectors --help;              has out "turbo-fixed "; has out "xmap"
# A whole decode: LTE K=1024, P=16, 5.5 iterations, 2 frames.
check turbo 0 "$F" vectors turbo-fixed --std lte --K 1024 --parallel 16 --iter 5.5 --ebn0 1 --frames 2 --json -o "$t/vt"
for k in '"design": "turbo-fixed"' '"frames": 2' '"half_iters_total": 22' '"bit_errors":' '"ext.hex"' '"stakes.hex"' \
         '"version":' '"seed": 1'; do has out "$k"; done
check turbo_check 0 "$F" vectors check "$t/vt";    has out "turbo-fixed vectors, 8 streams"
[ "$(wc -l < "$t/vt/ext.hex")" = $((22 * 1024)) ] || { echo "FAIL: ext.hex lines"; fail=1; }
[ "$(wc -l < "$t/vt/stakes.hex")" = $((22 * 16)) ] || { echo "FAIL: stakes.hex lines"; fail=1; }
[ "$(wc -l < "$t/vt/llr.hex")" = $((2 * 3084)) ] || { echo "FAIL: llr.hex lines"; fail=1; }
grep -q '"norm": "modulo"' "$t/vt/manifest.json" || { echo "FAIL: norm not in manifest"; fail=1; }
grep -q '"w_sm": 10' "$t/vt/manifest.json" || { echo "FAIL: w_sm not in manifest"; fail=1; }
# Same command, same vectors (the manifest differs at most in the git line).
check turbo_again 0 "$F" vectors turbo-fixed --std lte --K 1024 --parallel 16 --iter 5.5 --ebn0 1 --frames 2 -o "$t/vt2"
for s in llr ext app stakes half_iters decoded frames; do
  cmp -s "$t/vt/$s.hex" "$t/vt2/$s.hex" || { echo "FAIL: $s.hex differs between two runs"; fail=1; }
done
# One SISO run: UMTS K=41, P=2, sub-block 1 (17 positions: radix-2 last step), half-iteration 2.
check xmap 0 "$F" vectors xmap --std umts --K 41 --parallel 2 --sub 1 --half-iter 2 -o "$t/vx"
has out "xmap vectors, steps=9 positions=17"
check xmap_check 0 "$F" vectors check "$t/vx"
grep -q '"radix2_last": 1' "$t/vx/manifest.json" || { echo "FAIL: radix2_last"; fail=1; }
[ "$(wc -l < "$t/vx/alpha.hex")" = 10 ] || { echo "FAIL: alpha.hex lines"; fail=1; }
[ "$(tail -1 "$t/vx/alpha.hex")" = "xxx xxx xxx xxx xxx xxx xxx xxx" ] || { echo "FAIL: alpha at odd n not x"; fail=1; }
# Usage errors.
check bad_k 2 "$F" vectors turbo-fixed --std lte --K 41 -o "$t/bad";          has err "K=41"
check bad_p 2 "$F" vectors turbo-fixed --K 40 --parallel 4 -o "$t/bad";       has err "P=4 does not fit K=40"
check bad_iter 2 "$F" vectors turbo-fixed --iter 5.25 -o "$t/bad";            has err "\-\-iter=5.25 invalid"
check bad_iter0 2 "$F" vectors turbo-fixed --iter 0 -o "$t/bad";              has err "\-\-iter=0 out of range \[0.5, 500\]"
check bad_norm 2 "$F" vectors turbo-fixed --norm saturate -o "$t/bad";        has err "\-\-norm=saturate invalid: expected modulo or subtract"
check bad_et 2 "$F" vectors turbo-fixed --et sometimes -o "$t/bad";           has err "\-\-et=sometimes invalid"
check crc_umts 2 "$F" vectors turbo-fixed --std umts --K 40 --parallel 1 --et crc -o "$t/bad"; has err "et=crc needs std=lte"
check bad_sub 2 "$F" vectors xmap --K 40 --parallel 2 --sub 2 -o "$t/bad"; has err "sub=2 out of range \[0, 1\]"
check bad_half 2 "$F" vectors xmap --iter 1 --half-iter 2 -o "$t/bad"; has err "\-\-half-iter=2 out of range \[0, 1\]"
check sub_turbo 2 "$F" vectors turbo-fixed --sub 1 -o "$t/bad";               has err "unknown option --sub"
check no_out 2 "$F" vectors turbo-fixed --K 40;                               has err "\-o DIR"
check bad_opt 2 "$F" vectors turbo-fixed --frobnicate -o "$t/bad";            has err "unknown option"
# a seed above 2^63 is recorded as given (the manifest's tool.seed is any 64-bit value)
check big_seed 0 "$F" vectors turbo-fixed --std lte --K 40 --parallel 2 --iter 1 --seed 18446744073709551615 -o "$t/seed"
grep -q '"seed": 18446744073709551615$' "$t/seed/manifest.json" || { echo "FAIL: seed not recorded as given"; fail=1; }
[ -e "$t/bad" ] && { echo "FAIL: a failed run left $t/bad"; fail=1; }
[ $fail -eq 0 ] && echo "vectors turbo-fixed|xmap CLI: all checks passed"
exit $fail
