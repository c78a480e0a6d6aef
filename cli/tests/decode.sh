#!/usr/bin/env bash
# frames, decode and compare on the frame-file readers (docs/decode.md "The frame file format", "Bounds"):
# round trips of every family (text, binary, standard input), what a strict reader still accepts (CRLF,
# header comments, files without code-digest), the code digest (two user codes of the same file name),
# decode's validation of every frame before it writes, the messages of compare and frames --ref, and the
# bounds and kinds of the readers (FIFOs, /dev/zero, over-long lines and files), each refused quickly.
# The malformed files themselves are bad inputs (cli/tests/bad_inputs.txt, "frame files, strict").
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.bash"
case $F in /*) ;; *) F=$PWD/$F ;; esac
cd "$t" || exit 1

# quick NAME CMD...: CMD must exit 2 within 5 s (a bounded reader refuses at once; a missing bound reads on).
quick() {
  local name=$1; shift
  local t0=$SECONDS
  timeout 20 "$@" >"$t/out" 2>"$t/err" </dev/null; local rc=$?
  if [ "$rc" -ne 2 ]; then echo "FAIL $name: exit $rc, expected 2"; head -3 "$t/err"; fail=1; fi
  if [ $((SECONDS - t0)) -gt 5 ]; then echo "FAIL $name: took $((SECONDS - t0)) s"; fail=1; fi
}

# Round trips: decode's decisions equal the references of noiseless frames; text, binary and '-' agree.
L=(ldpc --code wifi-648-1/2 --fixed) T=(turbo --std lte --K 40 --fixed) V=(viterbi --fixed --bits 64)
for fam in L T V; do
  eval "opts=(\"\${$fam[@]}\")"
  check "frames_$fam" 0 "$F" frames "${opts[@]}" --ebn0 20 --count 3 -o "f$fam.txt" --ref "r$fam.txt"
  check "frames_bin_$fam" 0 "$F" frames "${opts[@]}" --ebn0 20 --count 3 --encoding binary -o "f$fam.bin"
  has_digest=$(sed -n '4p' "f$fam.txt")
  case $has_digest in "code-digest "????????????????) ;; *) echo "FAIL $fam: line 4 is '$has_digest'"; fail=1 ;; esac
  check "decode_$fam" 0 "$F" decode "${opts[@]}" --in "f$fam.txt" -o "d$fam.txt"
  check "decode_bin_$fam" 0 "$F" decode "${opts[@]}" --in "f$fam.bin" -o "d$fam.bin"
  "$F" decode "${opts[@]}" --in - -o "s$fam.txt" <"f$fam.txt" 2>/dev/null || { echo "FAIL $fam: --in -"; fail=1; }
  check "compare_$fam" 0 "$F" compare "r$fam.txt" "d$fam.txt"
  check "compare_bin_$fam" 0 "$F" compare "d$fam.txt" "d$fam.bin"
  "$F" compare - "d$fam.txt" <"s$fam.txt" >/dev/null 2>&1 || { echo "FAIL $fam: compare - B"; fail=1; }
  # what the reader still accepts: CRLF line ends, comment lines in the header, no code-digest (older files)
  sed 's/$/\r/' "f$fam.txt" >crlf.txt
  sed '2i # captured on board 3' "f$fam.txt" >comment.txt
  sed '/^code-digest /d' "f$fam.txt" >old.txt
  for v in crlf comment old; do
    check "${v}_$fam" 0 "$F" decode "${opts[@]}" --in "$v.txt" -o "$v.out"
    cmp -s "$v.out" "d$fam.txt" || { echo "FAIL $fam: $v.txt decodes to another file"; fail=1; }
  done
done

# A user code is known by its digest: frames of A/h.txt under B/h.txt (another matrix, the same name) are refused.
mkdir A B
"$F" code ldpc --code wifi-648-1/2 --export-base A/h.txt >/dev/null
"$F" code ldpc --code wifi-648-2/3 --export-base B/h.txt >/dev/null
check frames_user 0 "$F" frames ldpc --code A/h.txt --fixed --ebn0 3 --count 2 -o fa.txt --ref ra.txt
check decode_user 0 "$F" decode ldpc --code A/h.txt --fixed --in fa.txt -o da.txt
check digest_decode 2 "$F" decode ldpc --code B/h.txt --fixed --in fa.txt -o db.txt
has err "fa.txt: code digest [0-9a-f]\{16\} differs from [0-9a-f]\{16\} of the options' code h"
[ -e db.txt ] && { echo "FAIL: decode under another code left db.txt"; fail=1; }
"$F" frames ldpc --code B/h.txt --fixed --ebn0 3 --count 2 -o fb.txt --ref rb.txt 2>/dev/null
check digest_compare 2 "$F" compare ra.txt rb.txt
has err "rb.txt: code digest [0-9a-f]\{16\} differs from [0-9a-f]\{16\} of ra.txt"
sed '/^code-digest /d' ra.txt >ra-old.txt # a file without the field is compared as before
check digest_old 1 "$F" compare ra-old.txt rb.txt

# decode validates every frame of a regular file before it writes: a bad value at frame 1 of 5 leaves the
# output (here a symbolic link to a file of the user's) as it was.
"$F" frames "${L[@]}" --ebn0 2 --count 5 -o f5.txt 2>/dev/null
awk 'NR == 13 { $3 = 40 } 1' f5.txt >bad5.txt
echo "the user's data" >mine.txt
ln -s mine.txt link.txt
check validate 2 "$F" decode "${L[@]}" --in bad5.txt -o link.txt
has err "bad5.txt line 13 (frame 1) value 2: 40 outside the 6-bit range"
[ "$(cat mine.txt)" = "the user's data" ] || { echo "FAIL: decode wrote through link.txt before validating"; fail=1; }

# compare names the defect of A (reading B must not replace its message); frames --ref DIR names --ref.
"$F" decode "${L[@]}" --in f5.txt -o g5.txt 2>/dev/null
awk 'NR == 13 { $1 = "2" $1 } 1' g5.txt >badg.txt
check compare_a 2 "$F" compare badg.txt g5.txt
has err "badg.txt line 13 (frame 1) value 0: a bit other than 0 or 1"
mkdir refdir
check ref_dir 2 "$F" frames "${L[@]}" --ebn0 2 --count 2 -o fr.txt --ref refdir
has err "frames ldpc: --ref: "
[ -e fr.txt ] && { echo "FAIL: frames --ref DIR left fr.txt"; fail=1; }

# Kinds and bounds: refused by kind before anything is read, or at the bound with the file and line.
mkfifo fifo
quick fifo_decode "$F" decode "${L[@]}" --in fifo -o x.txt
has err "fifo is a FIFO, not a regular file"
quick fifo_compare "$F" compare g5.txt fifo
quick zero_decode "$F" decode "${L[@]}" --in /dev/zero -o x.txt
has err "/dev/zero is a character device, not a regular file"
quick zero_compare "$F" compare /dev/zero x
quick fifo_config "$F" gen ldpc --config fifo -o rtl
has err "config=fifo is a FIFO"
quick fifo_code "$F" ber ldpc --code fifo --ebn0 1 --max-frames 1
{ echo "fecforge-frames 1"; head -c 4096 /dev/zero | tr '\0' '#'; echo; } >longheader.txt
quick long_header "$F" decode "${L[@]}" --in longheader.txt -o x.txt
has err "longheader.txt line 2: longer than 1024 bytes"
{ head -10 f5.txt; head -c $((8 << 20)) /dev/zero | tr '\0' '1'; } >longframe.txt # 8 MB, no line end
quick long_frame "$F" decode "${L[@]}" --in longframe.txt -o x.txt
has err "longframe.txt line 11: longer than"
{ sed 's/^count 5/count 1/;/^encoding/q' g5.txt; echo end; head -c $((8 << 20)) /dev/zero | tr '\0' '0'; } >longbits.txt
quick long_bits "$F" compare longbits.txt longbits.txt
has err "longbits.txt line 12: longer than"
cp -r "$here/bad-inputs/vec/good" vec
{ head -c 100000 /dev/zero | tr '\0' '0'; echo; } >vec/stimulus.hex
quick long_stream "$F" vectors check vec
has err "stimulus.hex line 1: longer than"
{ printf '{"x": "'; head -c $((2 << 20)) /dev/zero | tr '\0' 'a'; printf '"}'; } >big.json
quick big_config "$F" gen ldpc --config big.json -o rtl
has err "big.json: larger than 1048576 bytes"
[ -e x.txt ] || [ -e rtl ] && { echo "FAIL: an output was left behind"; fail=1; }
exit $fail
