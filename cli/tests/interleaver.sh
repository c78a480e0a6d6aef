#!/usr/bin/env bash
# CLI test of `fecforge interleaver`. $1 = path of fecforge.
source "$(dirname "$0")/common.bash"

check help 0 "$F" interleaver --help;  has out "usage: fecforge interleaver"
# TS 25.212 check value K=40 starts 39 25 17 9 1; the dump is K lines, a permutation of 0..K-1.
check dump 0 "$F" interleaver --std umts --K 40 --dump
[ "$(head -5 "$t/out" | tr '\n' ' ')" = "39 25 17 9 1 " ] || { echo "FAIL dump head"; fail=1; }
[ "$(sort -n "$t/out" | tr '\n' ' ')" = "$(seq 0 39 | tr '\n' ' ')" ] || { echo "FAIL dump permutation"; fail=1; }
# Inverse of the inverse is the table; the IAG dump equals the table in both modes.
for std_k in "umts 5114" "umts 531" "lte 6144" "lte 4992"; do
  set -- $std_k
  "$F" interleaver --std "$1" --K "$2" --dump >"$t/a"
  "$F" interleaver --std "$1" --K "$2" --dump --iag --pllr 32 >"$t/b"
  cmp -s "$t/a" "$t/b" || { echo "FAIL iag forward $std_k"; fail=1; }
  "$F" interleaver --std "$1" --K "$2" --dump --inverse >"$t/c"
  "$F" interleaver --std "$1" --K "$2" --dump --inverse --iag --pllr 64 >"$t/d"
  cmp -s "$t/c" "$t/d" || { echo "FAIL iag inverse $std_k"; fail=1; }
  # pi(pi^-1(k)) = k
  awk 'NR==FNR { inv[FNR-1] = $1; next } { if (inv[$1] != FNR-1) bad++ } END { exit bad > 0 }' "$t/c" "$t/a" \
    || { echo "FAIL inverse $std_k"; fail=1; }
done
check json_umts 0 "$F" interleaver --std umts --K 5114 --json
for k in '"R": 20' '"C": 256' '"p": 257' '"v": 3' '"memory":'; do has out "$k"; done
check json_lte 0 "$F" interleaver --std lte --K 4992 --json
for k in '"f1": 127' '"f2": 234' '"degree": 4'; do has out "$k"; done
check bad_k 2 "$F" interleaver --std umts --K 5115;   has err "K=5115 out of range \[40, 5114\]"
check bad_lte_k 2 "$F" interleaver --std lte --K 41;  has err "K=41"
check bad_std 2 "$F" interleaver --std wimax --K 40;  has err "std=wimax invalid: expected umts or lte"
check bad_pllr 2 "$F" interleaver --std umts --K 40 --dump --iag --pllr 6; has err "pllr: PLLR=6 invalid"
check no_std 2 "$F" interleaver --K 40;               has err "std is required"
check k_list 2 "$F" interleaver --std lte --K 40,48;  has err "K=40,48 has more than 1 values"
check pllr_alone 2 "$F" interleaver --std lte --K 40 --pllr 8; has err "pllr=8 needs --iag or --json"
check dump_json 2 "$F" interleaver --std lte --K 40 --dump --json; has err "dump and --json are exclusive"
check twice 2 "$F" interleaver --std lte --K 40 --K 48; has err "K given more than once"
# Synonyms of the standard (hspa+ = umts, any case) and the --name=value form.
"$F" interleaver --std umts --K 531 --dump >"$t/a"
check hspa 0 "$F" interleaver --std HSPA+ --K=531 --dump
cmp -s "$t/a" "$t/out" || { echo "FAIL hspa+ is not umts"; fail=1; }
# The help shows each option's range and default.
check help_defaults 0 "$F" interleaver --help
has out "IAG lanes, a multiple of 4 (with --iag or --json) (\[4, 256\], default 32)"
[ $fail -eq 0 ] && echo "interleaver CLI: all checks passed"
exit $fail
