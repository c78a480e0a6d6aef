#!/usr/bin/env bash
# Output safety (docs/architecture.md "Outputs"), the cases of a hostile user for every writer:
#  - aliasing: an output that is an input, or another output, or that holds one, is refused with exit 2
#    naming both options, before anything is written (the files stay as they were);
#  - a symbolic link given as an output on a failing run: its target is untouched (a link is followed to
#    its file, which is replaced atomically on success); a FIFO on a failing run receives nothing;
#  - a full disk (the FG_TEST_WRITE_LIMIT hook: every write past N bytes fails with ENOSPC): exit 1 with
#    the reason, the earlier file untouched, nothing left beside it (no temporary, no created folder);
#  - forged markers: a directory of the user's with a .fecforge-output that claims it (every entry, the
#    user's file with a wrong digest, a run that was killed) is refused by every directory writer, and
#    its files are untouched; a work directory left by a killed verify is refused, one left by a
#    finished or failed verify is reused.
# $1 = fecforge.
source "$(dirname "$0")/common.bash"
failed() { echo "FAIL $1"; fail=1; }
sum() { cat "$@" 2>/dev/null | md5sum; }
leftovers() { find "$1" -name '*.tmp-*' -o -name '*.old-*' | head -5; }
L=(--code wifi-648-1/2 --fixed)
case $F in /*) ;; *) F=$PWD/$F ;; esac
cd "$t" || exit 1

# ---- inputs: a frame file, a result, a base matrix, a vector set and a design ----
"$F" frames ldpc "${L[@]}" --ebn0 2 --count 5 -o f.txt --ref ref.txt >/dev/null 2>&1 || failed "frames"
"$F" ber ldpc --code wifi-648-1/2 --ebn0 2 --max-frames 10 --json >r.json 2>/dev/null || failed "ber"
"$F" code ldpc --code wifi-648-1/2 --export-base h.txt >/dev/null 2>&1 || failed "export"
"$F" vectors iag --std lte --K 40 --pllr 8 -o vec >/dev/null 2>&1 || failed "vectors"
"$F" gen iag --std lte --pllr 8 -o rtl >/dev/null 2>&1 || failed "gen"
ln -s f.txt link.txt
mkdir codes && cp h.txt codes/h.txt
before=$(sum f.txt ref.txt r.json h.txt vec/* rtl/* codes/*)

# ---- aliasing: NAMED (both options)|ARGS ----
alias_cases=(
  "--in f.txt and --out f.txt|decode ldpc ${L[*]} --in f.txt -o f.txt"
  "--in f.txt and --out link.txt|decode ldpc ${L[*]} --in f.txt -o link.txt"
  "--in f.txt and --out ./x/../f.txt|decode ldpc ${L[*]} --in f.txt -o ./x/../f.txt"
  "--out same.txt and --ref same.txt|frames ldpc ${L[*]} --ebn0 2 --count 5 -o same.txt --ref same.txt"
  "--out y/../g.txt and --ref g.txt|frames ldpc ${L[*]} --ebn0 2 --count 5 -o y/../g.txt --ref g.txt"
  "--out - and --ref -|frames ldpc ${L[*]} --ebn0 2 --count 5 -o - --ref -"
  "--out /dev/stdout and --ref -|frames ldpc ${L[*]} --ebn0 2 --count 5 -o /dev/stdout --ref -"
  "--out f.txt and --ref link.txt|frames ldpc ${L[*]} --ebn0 2 --count 5 -o f.txt --ref link.txt"
  "--jsonl x and --plot x|ber ldpc --code wifi-648-1/2 --ebn0 2 --max-frames 10 --jsonl x --plot x"
  "--plot-with r.json and --plot r.json|ber ldpc --code wifi-648-1/2 --ebn0 2 --max-frames 10 --plot-with r.json --plot r.json"
  "--plot r.json and argument 1 r.json|ber plot --plot r.json r.json"
  "--csv x and --plot x|conflicts --K 40 --pllr 8 --csv x --plot x"
  "--export-base x and --export-alist x|code ldpc --code wifi-648-1/2 --export-base x --export-alist x"
  "--codes codes/h.txt and --out codes|gen ldpc --codes codes/h.txt -o codes"
  "--out vec2 and --frames-out vec2/f.txt|vectors ldpc --codes wifi-648-1/2 -o vec2 --frames-out vec2/f.txt"
  "--rtl rtl and --work rtl|verify vectors --rtl rtl --work rtl vec"
  "--rtl rtl and --work rtl/w|verify vectors --rtl rtl --work rtl/w vec"
  "argument 1 vec and --work vec/w|verify vectors --rtl rtl --work vec/w vec"
  "argument 1 - and argument 2 -|compare - -"
  "--code h.txt and --out h.txt|frames ldpc --code h.txt --ebn0 2 --count 1 -o h.txt"
)
for c in "${alias_cases[@]}"; do
  named=${c%%|*} args=${c#*|}
  # shellcheck disable=SC2086
  "$F" $args </dev/null >out 2>err; rc=$?
  [ $rc -eq 2 ] || { failed "alias [$args]: exit $rc, expected 2"; head -3 err; }
  a=${named%% and *} b=${named#* and }
  grep -q -- "${a%% *}" err && grep -q -- "${b%% *}" err || { failed "alias [$args]: both options not named"; head -3 err; }
  [ ! -s out ] || failed "alias [$args]: wrote to standard output"
  for n in same.txt g.txt x y rtl2 vec2; do [ ! -e $n ] || { failed "alias [$args]: created $n"; rm -rf $n; }; done
done
[ "$(sum f.txt ref.txt r.json h.txt vec/* rtl/* codes/*)" = "$before" ] || failed "alias: an input changed"
[ -L link.txt ] || failed "alias: the link was replaced"
# /dev/null may be named twice (nothing is kept there); an input read twice is no conflict
"$F" frames ldpc "${L[@]}" --ebn0 2 --count 5 -o /dev/null --ref /dev/null 2>err || failed "/dev/null twice: $(cat err)"
"$F" compare ref.txt ref.txt >/dev/null 2>err || failed "compare a file with itself: $(cat err)"

# ---- a failing run leaves the file behind a link, a FIFO, a device untouched ----
awk 'BEGIN{h=1} {if (!h && ++n == 2) {$1 = 999999} print} /^end$/{h=0}' f.txt >bad.txt
echo precious >precious.txt
ln -s precious.txt out-link.txt
check link_fail 2 "$F" decode ldpc "${L[@]}" --in bad.txt -o out-link.txt
[ "$(cat precious.txt)" = precious ] && [ -L out-link.txt ] || failed "link: the target behind a failing run's link changed"
[ -z "$(leftovers .)" ] || failed "link: left behind: $(leftovers .)"
# on success the link stays and its target gets the decisions, replaced atomically (permissions kept)
chmod 640 precious.txt
check link_ok 0 "$F" decode ldpc "${L[@]}" --in f.txt -o out-link.txt
[ -L out-link.txt ] && head -1 precious.txt | grep -q fecforge-frames && [ "$(stat -c %a precious.txt)" = 640 ] ||
  failed "link: target not replaced through the link, or permissions lost"
# a dangling link: its target is created (in an existing folder only)
ln -s new-target.txt dangling.txt
check dangling 0 "$F" decode ldpc "${L[@]}" --in f.txt -o dangling.txt
[ -L dangling.txt ] && [ -s new-target.txt ] || failed "dangling link: target not created"
ln -s nodir/t.txt dangling2.txt
check dangling_nodir 2 "$F" decode ldpc "${L[@]}" --in f.txt -o dangling2.txt; has err "dangling2.txt"
[ ! -e nodir ] || failed "dangling link: a folder was created for its target"
# a FIFO with a reader: a failing run sends nothing (the reader gets its end of file)
mkfifo fifo
cat fifo >fifo.out & reader=$!
# (only a reader already waiting can be told: wait until it blocks in open, where the kernel says so)
for _ in $(seq 200); do [ "$(cat /proc/$reader/wchan 2>/dev/null)" = wait_for_partner ] && break; sleep 0.05; done
check fifo_fail 2 "$F" decode ldpc "${L[@]}" --in bad.txt -o fifo
for _ in $(seq 600); do kill -0 $reader 2>/dev/null || break; sleep 0.05; done
if kill -0 $reader 2>/dev/null; then failed "fifo: the reader still waits after a failed run"; kill $reader; fi
wait $reader 2>/dev/null
[ ! -s fifo.out ] || failed "fifo: a failing run wrote $(wc -c <fifo.out) bytes"
[ -p fifo ] || failed "fifo replaced"

# ---- a full disk for every writer (FG_TEST_WRITE_LIMIT): exit 1, the reason, nothing lost or left ----
mkdir -p full
# NAME|OUTPUT (a path below full/)|ARGS with OUT for the output
full_cases=(
  "frames|full/f.txt|frames ldpc ${L[*]} --ebn0 2 --count 50 -o OUT"
  "frames-ref|full/r.txt|frames ldpc ${L[*]} --ebn0 2 --count 50 -o full/f2.txt --ref OUT"
  "decode|full/d.txt|decode ldpc ${L[*]} --in f.txt -o OUT"
  "ber-jsonl|full/j.jsonl|ber ldpc --code wifi-648-1/2 --ebn0 1,2 --max-frames 10 --jsonl OUT"
  "ber-plot|full/p.png|ber ldpc --code wifi-648-1/2 --ebn0 1,2 --max-frames 10 --plot OUT"
  "conflicts-csv|full/c.csv|conflicts --std umts --K 40-5114:16 --pllr 8 --csv OUT"
  "code-base|full/h.txt|code ldpc --code wifi-1944-1/2 --export-base OUT"
  "arch-trace|full/t.txt|arch ldpc --code wifi-648-1/2 --iter 1 --trace OUT"
  "arch-turbo-trace|full/t.txt|arch turbo --std lte --K 40 --parallel 2 --iter 1 --trace OUT"
  "dbcf-trace|full/t.txt|dbcf --K 40 --pllr 4 --direction interleave --trace OUT"
  "gen|full/g|gen iag --std lte --pllr 8 -o OUT"
  "vectors|full/v|vectors iag --std lte --K 40 --pllr 8 -o OUT"
  "vectors-frames|full/vf.txt|vectors ldpc --codes wifi-648-1/2 -o full/v2 --frames-out OUT"
  "area-keep|full/a|area iag --std lte --pllr 8 --keep OUT"
)
have_gnuplot=0 have_yosys=0
command -v gnuplot >/dev/null && have_gnuplot=1
command -v "${FG_YOSYS:-yosys}" >/dev/null && have_yosys=1
for c in "${full_cases[@]}"; do
  IFS='|' read -r name out args <<<"$c"
  case $name in *plot*) [ $have_gnuplot = 1 ] || continue ;; area*) [ $have_yosys = 1 ] || continue ;; esac
  rm -rf full && mkdir full
  # an earlier output of the same name survives a run that fails on a full disk (not a JSON-lines log:
  # written as the run goes, it replaces the earlier one at the start and keeps its whole lines)
  case $out in *.jsonl) ;; *.*) echo earlier >"$out" ;; esac
  args=${args//OUT/$out}
  for limit in 0 1000; do
    # shellcheck disable=SC2086
    FG_TEST_WRITE_LIMIT=$limit "$F" $args --quiet >/dev/null 2>err; rc=$?
    [ $rc -eq 1 ] && grep -q "No space left on device" err || { failed "full $name ($limit): exit $rc"; head -3 err; }
    case $out in *.jsonl) [ ! -e "$out" ] || { [ -s "$out" ] && [ "$(tail -c 1 "$out" | od -An -c | tr -d ' ')" = '\n' ]; } ||
                 failed "full $name ($limit): an empty log or a partial line" ;;
    *.*) [ "$(cat "$out")" = earlier ] || failed "full $name ($limit): the earlier $out changed" ;;
    *) [ ! -e "$out" ] || failed "full $name ($limit): $out left behind" ;; esac
    [ -z "$(leftovers full)" ] && [ -z "$(find full -mindepth 1 ! -name "$(basename "$out")")" ] ||
      failed "full $name ($limit): left behind: $(find full -mindepth 1)"
  done
done
# standard output on a full disk is a failure too; and a long JSON-lines log stops at the first lost line,
# keeping the whole lines before it
FG_TEST_WRITE_LIMIT=100 "$F" interleaver --std lte --K 6144 --dump >/dev/null 2>err; rc=$?
[ $rc -eq 1 ] && grep -q "No space left" err || failed "stdout on a full disk: exit $rc"
FG_TEST_WRITE_LIMIT=1500 "$F" ber ldpc --code wifi-648-1/2 --ebn0 0:0.1:3 --max-frames 2 --jsonl full/j.jsonl \
  --quiet >/dev/null 2>err; rc=$?
[ $rc -eq 1 ] && grep -q -- "--jsonl" err || failed "jsonl on a full disk: exit $rc"
if command -v jq >/dev/null; then
  [ -s full/j.jsonl ] && [ "$(tail -c 1 full/j.jsonl | od -An -c | tr -d ' ')" = '\n' ] &&
    jq -e . full/j.jsonl >/dev/null 2>&1 || failed "jsonl on a full disk: not whole lines of JSON"
fi

# ---- forged markers: a directory of the user's is never emptied on a marker's word ----
forge() { # DIR MARKER-TEXT: the user's directory with a forged marker
  rm -rf "$1"; mkdir -p "$1"; echo mine >"$1/mine.txt"; printf '%b' "$2" >"$1/.fecforge-output"
}
markers=("fecforge-output 1\nkind KIND\nfile *\n" "fecforge-output 2\nkind KIND\nfile 5 0123456789abcdef mine.txt\n"
         "fecforge-output 2\nkind KIND\nincomplete\n" "fecforge-output 2\nkind KIND\n")
writers=("rtl|gen iag --std lte --pllr 8 -o D" "vectors|vectors iag --std lte --K 40 --pllr 8 -o D"
         "rtl|area iag --std lte --pllr 8 --keep D" "verify-work|verify iag --std lte --pllr 8 --K 40 --work D"
         "verify-work|verify vectors --rtl rtl --work D vec")
for w in "${writers[@]}"; do
  kind=${w%%|*} args=${w#*|}
  for m in "${markers[@]}"; do
    forge user "${m//KIND/$kind}"
    # shellcheck disable=SC2086
    "$F" ${args//D/user} >/dev/null 2>err; rc=$?
    [ $rc -eq 2 ] || { failed "forged marker [$args] [$m]: exit $rc"; head -3 err; }
    [ "$(cat user/mine.txt 2>/dev/null)" = mine ] || failed "forged marker [$args]: the user's file is gone"
  done
done
# a verify work directory: reused after a run that ended (the stub Verilator fails at once), refused
# after a run that was killed while it filled it
mkdir bin
printf '#!/bin/sh\nsleep %s\nexit 1\n' 0 >bin/verilator; chmod +x bin/verilator
PATH=$t/bin:$PATH "$F" verify iag --std lte --pllr 8 --K 40 --work w >/dev/null 2>&1
[ -f w/.fecforge-output ] && ! grep -qx incomplete w/.fecforge-output || failed "verify: the work directory not marked"
PATH=$t/bin:$PATH "$F" verify iag --std lte --pllr 8 --K 40 --work w >/dev/null 2>err; rc=$?
[ $rc -ne 2 ] || failed "verify: its own work directory refused: $(head -1 err)"
printf '#!/bin/sh\ntouch "%s/verilator-runs"\nsleep 30\nexit 1\n' "$t" >bin/verilator
PATH=$t/bin:$PATH "$F" verify iag --std lte --pllr 8 --K 40 --work w >/dev/null 2>&1 & pid=$!
for _ in $(seq 1200); do [ -e verilator-runs ] && break; sleep 0.05; done
kill -KILL $pid; wait $pid 2>/dev/null
pkill -f "$t/bin/verilator" 2>/dev/null
check killed_work 2 "$F" verify iag --std lte --pllr 8 --K 40 --work w; has err "interrupted"
[ -d w/rtl ] || failed "verify: the killed run's work directory was emptied"

[ $fail -eq 0 ] && echo "output safety: all checks passed"
exit $fail
