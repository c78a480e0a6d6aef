#!/usr/bin/env bash
# One spelling and one grammar per option across every subcommand (docs/architecture.md "Options"): the
# options of every `--help` (each subcommand, each of its families and designs) are collected; every
# option that two commands share must refuse the same bad value the same way (exit 2, a message that
# names the option), before any work; and no old spelling is listed as an option of its own (only in
# the "old spellings" line). $1 = fecforge.
source "$(dirname "$0")/common.bash"
export LC_ALL=C FG_PROGRESS=0

# The tools a bad value must never reach: stubs that fail loudly.
mkdir -p "$t/bin"
for tool in verilator yosys; do printf '#!/bin/sh\necho "options.sh: %s ran" >&2\nexit 99\n' "$tool" >"$t/bin/$tool"; done
chmod +x "$t/bin/"*
export PATH="$t/bin:$PATH" FG_YOSYS="$t/bin/yosys"

# every command line that has a help of its own: "verb" or "verb word", the words from the registries (the
# families that ber lists, the designs that vectors lists) and the verbs' own words
"$F" --help | awk '/^subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }' >"$t/verbs"
words=$( { "$F" ber --help | sed -n '/^families:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p'
           "$F" vectors --help | sed -n '/^designs/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p'; } | sort -u)
for w in ldpc viterbi subsystem xmap; do
  case " $(echo $words) " in *" $w "*) ;; *) echo "FAIL: $w not among the registries' words: $words"; fail=1 ;; esac
done
: >"$t/cmds"
while read -r v; do
  echo "$v" >>"$t/cmds"
  for w in $words plot devices vectors; do
    "$F" "$v" "$w" --help 2>/dev/null | head -1 | grep -q "^usage: fecforge $v $w" && echo "$v $w" >>"$t/cmds"
  done
done <"$t/verbs"
# command<TAB>option for every option a help lists (its own lines, not the old spellings)
while read -r c; do
  # shellcheck disable=SC2086
  "$F" $c --help 2>/dev/null | sed -n 's/^  \(-[a-z], \)\{0,1\}--\([a-z0-9][a-z0-9-]*\).*/\2/p' | sort -u |
    while read -r o; do printf '%s\t%s\n' "$c" "$o"; done
done <"$t/cmds" >"$t/opts"
[ "$(wc -l <"$t/opts")" -gt 200 ] || { echo "FAIL: only $(wc -l <"$t/opts") options found"; fail=1; }

# old spellings are aliases only
for old in data-width data-bits max-iter no-et no-nii verify-codes float layers-per-ml mode-of; do
  if grep -q "	$old\$" "$t/opts"; then
    echo "FAIL: --$old is listed as an option of: $(grep "	$old\$" "$t/opts" | cut -f1 | tr '\n' ',')"
    fail=1
  fi
done

# A bad value of each shared option: exit 2 naming it, on every command that takes it.
declare -A BAD=(
  [seed]=-1 [ebn0]=x [threads]=0 [jobs]=0 [K]=x [width]=0 [frames]=0 [iter]=0 [pllr]=0 [banks]=0
  [select]=0 [fifo-depth]=-1 [buf-depth]=-1 [std]=x [mapping]=x [impl]=x [device]=x [gpus]=-1 [kernel]=x
  [ns]=0 [ncw]=0 [nmcw]=0 [max-frames]=0 [min-fe]=0 [parallel]=0 [layers]=0 [decoder]=x [alg]=x [mode]=x
  [direction]=x [offer]=x [lfsr-seed]=0 [sim]=x [et]=x [nii]=x [z]=0 [llr-width]=0 [r-width]=0
  [app-width]=0 [in-shift]=-1 [mb]=x [scale]=x [batches]=0 [count]=0 [first]=-1 [encoding]=x [show]=-1
  [random]=0 [bank-depth]=0 [radix]=3 [window]=0 [norm]=x [sub]=-1 [half-iter]=-1 [stop-fer]=2
  [mb-order]=x [fclk]=x [csv]='' [frames-out]='' [k-max]=0 [ext-width]=0 [bm-width]=0 [sm-width]=40
  [latency]=0 [frame]=x [then]=x [then-std]=x [umts-k]=x [seg]=3 [lanes]=3
  [bits]=0 [ending]=x [gen]=x [launch-frames]=0 [overlap-left]=-1 [overlap-right]=-1 [punct]=x [subframe]=-1
  [tb-block]=-1 [tb-depth]=-1 [tile]=-1 [traceback]=x [traffic]=x [cycles]=1
)
n=0 checked=0
cut -f2 "$t/opts" | sort | uniq -c | awk '$1 >= 2 { print $2 }' >"$t/shared"
while IFS=$'\t' read -r c o; do
  grep -qx -- "$o" "$t/shared" || continue
  [ -n "${BAD[$o]+x}" ] || continue
  n=$((n + 1))
  # a required option missing is refused first: give it a valid value and try again
  extra=()
  for _ in 1 2 3 4; do
    # shellcheck disable=SC2086
    (cd "$t" && "$F" $c "--$o=${BAD[$o]}" "${extra[@]}" >"$t/out" 2>"$t/err" </dev/null)
    rc=$?
    req=$(sed -n 's/.*: \(-[a-z] [A-Z]* (\)\{0,1\}--\([a-zA-Z0-9-]*\))\{0,1\} is required.*/\2/p' "$t/err" | head -1)
    [ -n "$req" ] && [ "$req" != "$o" ] || break
    case $req in
      in) extra+=(--in "$t/none.txt") ;; out) extra+=(-o "$t/o") ;; ebn0) extra+=(--ebn0 1) ;;
      count) extra+=(--count 1) ;; code) extra+=(--code wifi-648-1/2) ;; codes) extra+=(--codes wifi-648-1/2) ;;
      std) extra+=(--std lte) ;; K) extra+=(--K 40) ;; rtl) extra+=(--rtl "$t") ;; *) break ;;
    esac
  done
  if [ $rc -ne 2 ] || ! grep -q -- "--$o" "$t/err" || grep -q "options.sh: .* ran" "$t/err"; then
    echo "FAIL: fecforge $c --$o=${BAD[$o]}: exit $rc, $(head -1 "$t/err")"
    fail=1
  else
    checked=$((checked + 1))
  fi
done <"$t/opts"
# every shared option is in the table (a new one needs its bad value)
while read -r o; do
  case $o in help | quiet | json | out | config | work | keep | plot | plot-with | jsonl | label | in | ref | all | \
    app | fixed | reorder | code | codes | vector-codes | against | rep | k | q-width | q-frac | forward-only | stall | \
    table | trace | list | show-* | export-* | max-pllr | max-z | sweep | llr-frac | scale-round | r-sat-late | app-keep | \
    training | restarts | reorder-layers | no-forward | no-overlap | dump | iag | pllr-list | fer-only | all-points | \
    inverse | flatten) continue ;; esac
  [ -n "${BAD[$o]+x}" ] || { echo "FAIL: shared option --$o has no bad value in options.sh"; fail=1; }
done <"$t/shared"
echo "options: $(wc -l <"$t/cmds") commands, $(wc -l <"$t/opts") options, $(wc -l <"$t/shared") shared;" \
  "$checked of $n bad values refused alike"
exit $fail
