#!/usr/bin/env bash
# CLI test of `fecforge verify`: usage errors (exit 2, naming the parameter), found before anything
# is written, and vector sets refused for another design or configuration. The verification runs
# themselves need Verilator: ctests rtl_verify_* (testbench/vecsim, label rtl). $1 = fecforge.
source "$(dirname "$0")/common.bash"
src=$(cd "$(dirname "$0")/../.." && pwd)

check help 0 "$F" verify --help;                 has out "fecforge verify vectors --rtl DIR"; has out "ldpc"
check help_dbcf 0 "$F" verify dbcf --help;       has out "--max-pllr N"; has out "--direction D"
check none 2 "$F" verify;                         has err "a design is required: dbcf, iag, subsystem, ldpc, turbo, viterbi; or vectors"
check unknown 2 "$F" verify nosuch;               has err "unknown design 'nosuch'; valid are: dbcf, iag, subsystem, ldpc"
check pllr 2 "$F" verify dbcf --pllr 6 --work "$t/w1";  has err "\-\-pllr=6 invalid for vector sets: a multiple of 4"
check banks 2 "$F" verify dbcf --pllr 8 --banks 12 --mapping xmap --work "$t/w2"
has err "\-\-banks=12 invalid for mapping xmap: must be a multiple of PLLR=8"
check K 2 "$F" verify dbcf --K 5115 --work "$t/w3";     has err "\-\-K=5115"
check offer 2 "$F" verify dbcf --offer both;      has err "\-\-offer=both invalid: expected dual or head"
check dir 2 "$F" verify dbcf --direction up;      has err "\-\-direction=up invalid: expected interleave, deinterleave or both"
check select 2 "$F" verify dbcf --select 0;       has err "\-\-select=0 out of range"
check sim 2 "$F" verify dbcf --sim modelsim;     has err "\-\-sim=modelsim invalid: expected verilator or systemc"
check sim_iag 2 "$F" verify iag --std lte --sim vcs; has err "\-\-sim=vcs invalid: expected verilator or systemc"
check random 2 "$F" verify dbcf --random 0;       has err "\-\-random=0 out of range"
check max_pllr 2 "$F" verify dbcf --max-pllr 8;    has err "\-\-max-pllr needs --random"
check iag_opt 2 "$F" verify iag --std lte --banks 8; has err "unknown option --banks"
check iag_pllr 2 "$F" verify iag --std lte --pllr 6 --work "$t/w4"; has err "\-\-pllr: PLLR=6 invalid"
check iag_fwd 2 "$F" verify iag --std umts --forward-only --work "$t/w5"; has err "use --mode forward"
check dbcf_mode 2 "$F" verify dbcf --mode forward;  has err "unknown option --mode"
check sub_dir 2 "$F" verify subsystem --direction both; has err "unknown option --direction"
check sub_block 2 "$F" verify subsystem --mapping block --work "$t/w6"; has err "\-\-mapping: mapping=block not available in RTL"
check sub_pow2 2 "$F" verify subsystem --pllr 12 --banks 24 --work "$t/w7"; has err "must be a power of 2"
check ldpc_random_seed 2 "$F" verify ldpc --random 1 --max-z 8; has err "\-\-max-z=8 out of range"
check ldpc_vcodes 2 "$F" verify ldpc --codes wifi-648-1/2 --vector-codes wifi-1944-5/6 --work "$t/w8"
has err "wifi-1944-5/6 is not in the design's --codes"
check turbo_design 2 "$F" verify xmap;            has err "no RTL of the design 'xmap'"
# turbo is a design and a family: without an option that chooses implementations the design's RTL is meant,
# and an option of the family's implementations gets both readings named
check both_readings 2 "$F" verify turbo --fixed --work "$t/w9"
has err "\-\-fixed is an option of the turbo family's implementations: verify turbo --impl A --against B"
has err "the design turbo, its RTL against the step model, does not take it"
check both_help 0 "$F" verify turbo --fixed --help; has out "usage: fecforge verify turbo"; has out "\-\-k-max"
check family_reading 2 "$F" verify turbo --device cpu --impl nosuch; has err "\-\-impl=nosuch invalid: expected float"
for w in w1 w2 w3 w4 w5 w6 w7 w8 w9; do [ ! -e "$t/$w" ] || { echo "FAIL: work directory $w created for bad parameters"; fail=1; }; done
check no_rtl 2 "$F" verify vectors "$t";          has err "\-\-rtl is required"
check not_gen 2 "$F" verify vectors --rtl "$t" "$t"; has err "not a .fecforge gen. output"
"$F" gen dbcf --pllr 8 --banks 16 --select 3 --fifo-depth 4 --buf-depth 4 --width 8 -o "$t/rtl" >/dev/null
check other_cfg 2 "$F" verify vectors --rtl "$t/rtl" "$src/vectors/dbcf-umts-k200-p8-m16"
has err "was made for select=2, the RTL in .* has select=3"
check other_design 2 "$F" verify vectors --rtl "$t/rtl" "$src/vectors/iag-lte-k40-p8-forward"
has err "holds iag vectors"
"$F" gen dbcf --pllr 8 --banks 16 --select 2 --fifo-depth 4 --buf-depth 4 --width 4 -o "$t/narrow" >/dev/null
check narrow 2 "$F" verify vectors --rtl "$t/narrow" "$src/vectors/dbcf-umts-k200-p8-m16"
has err "was made for width=8, the RTL in .* has width=4 (it may be more, not less)"
# options compared by their names: a turbo set of 2 SISOs is no set of an RTL of 4
"$F" gen turbo --parallel 4 --k-max 64 -o "$t/rtl_p4" >/dev/null && "$F" vectors turbo --parallel 2 --k-max 64 --K 40 -o "$t/vec_p2" -q
check turbo_parallel 2 "$F" verify vectors --rtl "$t/rtl_p4" "$t/vec_p2"; has err "was made for parallel=2, the RTL in .* has parallel=4"
# ---- issue 35: a file list is data; failures reported as what they are ----
# verilator is a stub that records its calls: none of these may reach it, and none may run `id`
mkdir "$t/stub"
printf '#!/bin/sh\necho "$@" >>"%s/stub/calls"\nexit 1\n' "$t" >"$t/stub/verilator"
chmod +x "$t/stub/verilator"
SP="$t/stub:$PATH"
vec="$src/vectors/dbcf-umts-k200-p8-m16"
"$F" gen dbcf --pllr 8 --banks 16 --select 2 --fifo-depth 4 --buf-depth 4 --width 8 -o "$t/good" >/dev/null
lines=$(wc -l <"$t/good/files.f")
# bad line, what the message must say
bad=('-CFLAGS|is not the plain name' '-DX`id>PWNED`|is not the plain name' '+define+X=1|is not the plain name'
     '/etc/passwd|is not the plain name' '../good/fg_fifo.v|is not the plain name' 'sub/x.v|is not the plain name'
     '.hidden.v|is not the plain name' 'notes.txt|is not the plain name' 'a b.v|is not the plain name'
     'missing.v|is not a regular file' 'link.v|is not a regular file' 'dir.v|is not a regular file')
for i in "${!bad[@]}"; do
  line=${bad[$i]%%|*} want=${bad[$i]#*|}
  r="$t/list$i"
  cp -r "$t/good" "$r"
  printf '%s\n' "$line" >>"$r/files.f"
  case $line in missing.v) ;; link.v) ln -s /etc/passwd "$r/link.v" ;; dir.v) mkdir "$r/dir.v" ;;
    */*) ;; *) : >"$r/$line" ;; esac
  PATH=$SP check list_$i 2 "$F" verify vectors --rtl "$r" --work "$t/wl$i" --keep "$vec"
  has err "files.f line $((lines + 1)): "; has err "$want"
  [ ! -e "$t/wl$i" ] || { echo "FAIL: work directory created for a bad file list ($line)"; fail=1; }
done
[ ! -e "$t/stub/calls" ] || { echo "FAIL: verilator ran for a bad file list:"; cat "$t/stub/calls"; fail=1; }
if find "$t" -name PWNED | grep -q .; then echo "FAIL: a file list ran a command"; fail=1; fi
# a failing build is a build failure (exit 1, its log), never a mismatch
PATH=$SP check build_vectors 1 "$F" verify vectors --rtl "$t/good" --work "$t/wb" "$vec"
has err "the Verilator build failed"; has err "$t/wb/verilator.log"
if grep -q MISMATCH "$t/out"; then echo "FAIL: a build failure reported as MISMATCH"; fail=1; fi
PATH=$SP check build_viterbi 1 "$F" verify viterbi --K 5 --gen 23,35 --tb-depth 8 --bits 64 --frames 1 --work "$t/wv"
has err "the Verilator build failed"; has out "build failed (2 vector sets, not compared"
if grep -q MISMATCH "$t/out"; then echo "FAIL: a build failure reported as MISMATCH"; fail=1; fi
# parameter errors that only the model's checks know: exit 2 before any work (the stub is not called)
rm -f "$t/stub/calls"
PATH=$SP check llr_frac 2 "$F" verify viterbi --llr-frac 15
has err "\-\-llr-frac: f_llr=15 out of range \[0, w_llr-1=4\]"
PATH=$SP check select_lte 2 "$F" verify turbo --select 2048; has err "\-\-select: select=2048 out of range \[1, 128\]"
PATH=$SP check select_umts 2 "$F" verify turbo --std umts --parallel 4 --select 33; has err "\-\-select: select=33"
check gen_llr_frac 2 "$F" gen viterbi --llr-frac 15 -o "$t/gv";  has err "\-\-llr-frac"
[ ! -e "$t/stub/calls" ] || { echo "FAIL: verilator ran for a parameter error"; fail=1; }
[ ! -e "$t/gv" ] || { echo "FAIL: gen wrote for a parameter error"; fail=1; }
check cycle_bits 2 "$F" verify viterbi --fixed --impl cycle --bits 1048576 --tile 8 --overlap-left 65536 \
  --overlap-right 8 --frames 1
has err "\-\-bits=1048576 invalid with --impl cycle: .*--bits at most 65530"
if grep -q "\[1048590, 65536\]\|\[1048582, 65536\]" "$t/err"; then echo "FAIL: an empty range printed"; fail=1; fi
check check_opt 2 "$F" vectors check "$vec" --K 1;  has err "\-\-K is not an option of .vectors check."
check check_opt2 2 "$F" vectors check --K=1 "$vec"; has err "\-\-K is not an option of .vectors check."
exit $fail
