#!/usr/bin/env bash
# CLI test of `fecforge vectors`: sets, summaries, the reader check, usage errors, the output
# directory rules, and the checked-in sets of vectors/ regenerated bit for bit. $1 = fecforge.
source "$(dirname "$0")/common.bash"
src=$(cd "$(dirname "$0")/../.." && pwd)

check help 0 "$F" vectors --help;                   has out "usage: fecforge vectors <design>"; has out "xmap"
check help_dbcf 0 "$F" vectors dbcf --help;         has out "--direction D"; has out "--mapping NAME"
check help_iag 0 "$F" vectors iag --help;           has out "fecforge vectors iag"
check dbcf 0 "$F" vectors dbcf --K 200 --pllr 8 --banks 16 --direction deinterleave -o "$t/d"
has out "C0=25 C1=27 dC=2"
for f in manifest.json stimulus.hex expected.hex banks.hex; do [ -f "$t/d/$f" ] || { echo "FAIL: $f missing"; fail=1; }; done
# One line per cycle: C1 = 27 lines, then depth + 1 = 14 bank read-back lines; 4*PLLR + M stimulus
# words, 3*PLLR + 3*M + PLLR + M + 4 + M expected words.
[ "$(wc -l <"$t/d/stimulus.hex")" = $((27 + 14)) ] || { echo "FAIL: stimulus lines"; fail=1; }
[ "$(head -1 "$t/d/stimulus.hex" | wc -w)" = $((32 + 16)) ] || { echo "FAIL: stimulus words"; fail=1; }
[ "$(head -1 "$t/d/expected.hex" | wc -w)" = $((24 + 48 + 8 + 16 + 4 + 16)) ] || { echo "FAIL: expected words"; fail=1; }
grep -q '"drain_cycles": 27' "$t/d/manifest.json" && grep -q '"readback_cycles": 14' "$t/d/manifest.json" \
  || { echo "FAIL: drain/readback cycles"; fail=1; }
# The read-back: line 27 + r reads row r of every bank; line 27 + 1 + r shows it (bank_rd_data_o, the last M words).
[ "$(sed -n 30p "$t/d/stimulus.hex" | cut -d' ' -f33-)" = "$(echo 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2)" ] \
  || { echo "FAIL: read-back rows"; fail=1; }
[ "$(sed -n 31p "$t/d/expected.hex" | cut -d" " -f101-)" = "$(for b in $(seq 0 15); do sed -n "$((b * 13 + 3))p" "$t/d/banks.hex"; done | tr '\n' ' ' | sed 's/ $//')" ] \
  || { echo "FAIL: read-back data = row 2 of the bank image"; fail=1; }
[ "$(wc -l <"$t/d/banks.hex")" = $((16 * 13)) ] || { echo "FAIL: bank image lines"; fail=1; }
check check_dbcf 0 "$F" vectors check "$t/d";       has out "3 streams, 290 lines: format 2"
check json 0 "$F" vectors iag --std lte --K 40 --pllr 8 --mode inverse --json -o "$t/i"
for k in '"design": "iag"' '"preprocess_cycles": 97' '"C0": 5' '"latency": 1' '"git":' '"lane_prog.hex"'; do has out "$k"; done
check stall 0 "$F" vectors dbcf --K 333 --pllr 8 --select 1 --fifo-depth 0 --buf-depth 2 --stall -o "$t/s"
# A lossy configuration still gives a set, with a note and the loss in the manifest.
check lossy 0 "$F" vectors dbcf --K 5114 --pllr 16 --select 1 --fifo-depth 0 --buf-depth 0 -o "$t/l"
has err "loses words"
grep -q '"overflow": [1-9]' "$t/l/manifest.json" || { echo "FAIL: overflow not in the manifest"; fail=1; }
# An earlier set is replaced; a file or a foreign directory is refused and left alone.
check replace 0 "$F" vectors dbcf --K 40 --pllr 4 -o "$t/d";   has out "C0=10"
grep -q '"K": \[40\],' "$t/d/manifest.json" || { echo "FAIL: not replaced"; fail=1; }
echo hi >"$t/file"
check not_dir 2 "$F" vectors dbcf --K 40 --pllr 4 -o "$t/file"; has err "exists and is not a directory"
[ "$(cat "$t/file")" = hi ] || { echo "FAIL: file changed"; fail=1; }
mkdir "$t/mine"; echo keep >"$t/mine/notes"
check foreign 2 "$F" vectors iag --std lte --K 40 --pllr 8 -o "$t/mine"; has err "fecforge did not write"
[ -f "$t/mine/notes" ] || { echo "FAIL: foreign directory touched"; fail=1; }
check no_parent 2 "$F" vectors iag --std lte --K 40 --pllr 8 -o "$t/notdir/such"; has err "not a directory"
check new_parents 0 "$F" vectors iag --std lte --K 40 --pllr 8 -o "$t/new/parents/v"
[ -f "$t/new/parents/v/manifest.json" ] || { echo "FAIL: missing parents not created"; fail=1; }
ls "$t" | grep -q 'tmp-\|old-' && { echo "FAIL: temporary directories left: $(ls "$t")"; fail=1; }
# Usage errors name the option and the range.
check no_out 2 "$F" vectors dbcf --K 40 --pllr 4;              has err "-o DIR"
check bad_design 2 "$F" vectors turbine -o "$t/x";             has err "unknown design 'turbine'; valid are: dbcf, iag, subsystem, ldpc, "
has err "turbo-fixed, xmap, viterbi$"
check bad_k 2 "$F" vectors dbcf --K 5115 -o "$t/x";            has err "K=5115 out of range \[40, 5114\]"
check bad_lte_k 2 "$F" vectors iag --std lte --K 41 -o "$t/x"; has err "K=41"
check bad_pllr 2 "$F" vectors iag --pllr 512 -o "$t/x";        has err "pllr=512 out of range \[4, 256\]"
check bad_pllr4 2 "$F" vectors dbcf --pllr 30 -o "$t/x";       has err "multiple of 4"
check bad_banks 2 "$F" vectors dbcf --pllr 8 --banks 12 -o "$t/x"; has err "banks=12 invalid for mapping xmap"
check bad_select 2 "$F" vectors dbcf --pllr 8 --select 17 -o "$t/x"; has err "select=17 out of range \[1, 16\]"
check bad_depth 2 "$F" vectors dbcf --buf-depth 5000 -o "$t/x"; has err "buf-depth=5000 out of range"
check bad_width 2 "$F" vectors dbcf --data-width 33 -o "$t/x";  has err "data-width=33 out of range \[1, 32\]"
check bad_mode 2 "$F" vectors iag --mode both -o "$t/x";        has err "\-\-mode names 2 vector sets; vectors writes one"
check bad_mode2 2 "$F" vectors iag --mode up -o "$t/x";         has err "\-\-mode=up invalid: expected forward, inverse or both"
check bad_dir 2 "$F" vectors dbcf --direction both -o "$t/x";   has err "\-\-direction names 2 vector sets"
check two_K 2 "$F" vectors dbcf --K 40,48 -o "$t/x";            has err "\-\-K names 2 vector sets"
check wrong_design_opt 2 "$F" vectors iag --banks 8 -o "$t/x";  has err "unknown option --banks"
[ ! -e "$t/x" ] || { echo "FAIL: $t/x written by a failed run"; fail=1; }
# The reader check: a corrupt word names file, line and port; a format mismatch is refused.
cp -r "$t/i" "$t/c"; sed -i '3s/^0028 0/0028 2/' "$t/c/stimulus.hex"
check corrupt 2 "$F" vectors check "$t/c"; has err "stimulus.hex line 3, port start_i: value 2 wider than the port's 1 bits"
cp -r "$t/i" "$t/v"; sed -i 's/"format": 2/"format": 7/' "$t/v/manifest.json"
check format 2 "$F" vectors check "$t/v";  has err "format 7, this reader reads format 2"
sed -i 's/"format": 7/"format": 1/' "$t/v/manifest.json"
check format_old 2 "$F" vectors check "$t/v";  has err "format 1, this reader reads format 2 (a set of an older fecforge: write it again with .fecforge vectors"
check missing 2 "$F" vectors check "$t/none"; has err "none/manifest.json: no such file"
# The checked-in sets read back (golden.sh, kind vectors, regenerates them bit for bit).
for d in $(sed -n 's/^vectors \([^ |]*\) *|.*/\1/p' "$src/cli/tests/golden.list"); do
  "$F" vectors check "$src/vectors/$d" >/dev/null || { echo "FAIL: check $d"; fail=1; }
done
# vectors subsystem: IAG + mapper + DBCF from reset; lane programs, cycles, bank image.
check sub 0 "$F" vectors subsystem --std umts --K 200 --pllr 8 --banks 16 --mapping xmap-xor --select 3 \
  --fifo-depth 4 --buf-depth 7 --width 8 --mode inverse -o "$t/sub"
has out "C0=25 C1=29 dC=1 overflow=0 misplaced=0 errs=0 preprocess_cycles=54 latency=3 trace_cycles=98"
for f in manifest.json lane_prog.hex stimulus.hex expected.hex banks.hex; do
  [ -f "$t/sub/$f" ] || { echo "FAIL: subsystem $f missing"; fail=1; }
done
# 3 + 3*PLLR + M stimulus words; 1 + 4*PLLR + 3*M + PLLR + M + 3 + M expected words; M x depth bank image.
[ "$(head -1 "$t/sub/stimulus.hex" | wc -w)" = $((27 + 16)) ] || { echo "FAIL: subsystem stimulus words"; fail=1; }
[ "$(head -1 "$t/sub/expected.hex" | wc -w)" = $((1 + 32 + 48 + 8 + 16 + 3 + 16)) ] || { echo "FAIL: subsystem expected words"; fail=1; }
[ "$(wc -l <"$t/sub/stimulus.hex")" = 98 ] || { echo "FAIL: subsystem lines: 84 + 14 read-back"; fail=1; }
[ "$(wc -l <"$t/sub/banks.hex")" = $((16 * 13)) ] || { echo "FAIL: subsystem bank image lines"; fail=1; }
[ "$(grep -vc x "$t/sub/banks.hex")" = 200 ] || { echo "FAIL: subsystem: 200 cells written"; fail=1; }
for k in '"design": "subsystem"' '"mode": "inverse"' '"mapping": "xmap-xor"' '"width": 8' '"written": 200'; do
  grep -q -- "$k" "$t/sub/manifest.json" || { echo "FAIL: '$k' not in the subsystem manifest"; fail=1; }
done
check check_sub 0 "$F" vectors check "$t/sub";      has out "4 streams, 412 lines"
check sub_lte 0 "$F" vectors subsystem --std lte --K 40 --pllr 8 --mapping mod --mode forward --json -o "$t/sub2"
for k in '"design": "subsystem"' '"latency": 1' '"C0": 5'; do has out "$k"; done
check sub_stall 2 "$F" vectors subsystem --stall -o "$t/x";    has err "unknown option --stall"
check sub_width 2 "$F" vectors subsystem --data-width 32 -o "$t/x"; has err "\-\-data-width=32 out of range \[1, 31\]"
check sub_pllr 2 "$F" vectors subsystem --pllr 300 -o "$t/x";  has err "pllr"
[ ! -e "$t/x" ] || { echo "FAIL: $t/x written by a failed subsystem run"; fail=1; }
# The three routes meet in one format: the frames of an LDPC set (--frames-out) decoded with the command
# it prints give the set's own decisions and iteration counts (decoded.hex, frames.hex).
check frames_out 0 "$F" vectors ldpc --codes wifi-648-1/2 --frames 3 --ebn0 1.5 --frames-out "$t/f.txt" -o "$t/vf"
has out "fecforge decode ldpc --code wifi-648-1/2 --fixed"
dec=$(sed -n 's/.*(decode: fecforge \(.*\) -o decisions.txt)$/\1/p' "$t/out")
# shellcheck disable=SC2086
check frames_out_decode 0 "$F" $dec -o "$t/d.txt"
python3 - "$t" <<'PY' || { echo "FAIL: decode of --frames-out differs from the vector set"; fail=1; }
import sys, os
t = sys.argv[1]
hard = open(os.path.join(t, "vf", "decoded.hex")).read().split()
frames = [l.split() for l in open(os.path.join(t, "vf", "frames.hex")).read().split("\n") if l]
body = open(os.path.join(t, "d.txt")).read().split("\n")
body = body[body.index("end") + 1:]
for f in range(3):
    bits, work = body[f].split()[:2]
    assert bits == "".join(hard[f * 648:(f + 1) * 648]), f
    assert int(work) == int(frames[f][1], 16), (f, work, frames[f])
PY
check frames_out_none 2 "$F" vectors iag --std lte --K 40 --pllr 8 --frames-out "$t/x.txt" -o "$t/vi"
has err "\-\-frames-out: the vector sets of iag hold no frames"
[ $fail -eq 0 ] && echo "vectors CLI: all checks passed"
exit $fail
