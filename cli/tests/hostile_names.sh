#!/usr/bin/env bash
# CLI test: user text in generated files (docs/architecture.md "Generated files"). LDPC code files whose
# names hold a quote, a backslash, a control character, a newline with Verilog after it (a module that
# $display's INJECTED, a `define), a backtick, a blank, a '*' and non-ASCII bytes go through every generator
# that writes the name: `gen ldpc` (Verilog, testbench, manifest.json), `vectors ldpc` (manifest.json),
# `verify ldpc --json` (its report and the work directory's manifests; the build fails against a stub
# verilator), `area ldpc --json --keep` (Yosys, once). Every JSON must parse (jq) and give the name back
# exactly; every Verilog file must compile (Icarus; Verilator --lint-only -Wall where installed), the
# generated testbench must pass its vector set and print no INJECTED, and INJECTED may stand in comment
# lines only. Then an ordinary name: the same files as before (no escape where none is needed).
# $1 = fecforge.
source "$(dirname "$0")/common.bash"
src=$(cd "$(dirname "$0")/../.." && pwd)
case $F in /*) ;; *) F=$PWD/$F ;; esac
command -v jq >/dev/null || { echo "jq not installed (Debian package jq): skipped"; exit 77; }
command -v iverilog >/dev/null || { echo "iverilog not installed (Debian package iverilog): skipped"; exit 77; }
export LC_ALL=C
cd "$t" || exit 1
cp "$src/cli/tests/bad-inputs/good-base.txt" y.txt
names=('a"b' 'a\b' $'a\x01b' $'x\nmodule e;initial $display("INJECTED");endmodule\n`define Z' 'a`b' 'a b' 'a*'
       $'caf\xc3\xa9' $'bad\xffutf8' $'cr\rlf')
# stub verilator: the build of `verify` fails at once (the report is what is checked)
mkdir stub && printf '#!/bin/sh\nexit 1\n' >stub/verilator && chmod +x stub/verilator

# json FILE NAME: FILE parses and a string of it holds NAME exactly (jq reads a byte that is not UTF-8 as U+FFFD)
json() {
  jq -e . "$1" >/dev/null || { echo "FAIL: $1 is not JSON (code '$2')"; head -c 600 "$1"; fail=1; return; }
  local want=$2
  case $want in *$'\xff'*) want=${want//$'\xff'/$'\xef\xbf\xbd'} ;; esac # not UTF-8: U+FFFD
  jq -e --arg w "$want" '[.. | strings | select(contains($w))] | length > 0' "$1" >/dev/null ||
    { echo "FAIL: $1 does not give back the name '$2'"; fail=1; }
}
# verilog DIR: every file compiles, INJECTED only in // comment lines
verilog() {
  (cd "$1" && iverilog -g2005 -o /dev/null -c files.f tb_*.v) || { echo "FAIL: iverilog refuses $1"; fail=1; }
  if grep -h INJECTED "$1"/*.v | grep -qv '^// '; then
    echo "FAIL: INJECTED outside a comment in $1"; grep -n INJECTED "$1"/*.v; fail=1
  fi
  if command -v verilator >/dev/null; then
    local top; top=$(jq -r .top "$1/manifest.json")
    (cd "$1" && verilator --lint-only -Wall -f files.f --top-module "$top") ||
      { echo "FAIL: verilator lint $1"; fail=1; }
  fi
}

for i in "${!names[@]}"; do
  n=${names[$i]}
  cp y.txt "$n.txt"
  check gen_$i 0 "$F" gen ldpc --codes "$n.txt,y.txt" -o "rtl$i"
  json "rtl$i/manifest.json" "$n"
  verilog "rtl$i"
  check vectors_$i 0 "$F" vectors ldpc --codes "$n.txt,y.txt" -o "vec$i"
  json "vec$i/manifest.json" "$n"
  (cd "rtl$i" && iverilog -g2005 -o ../tb.vvp -c files.f tb_*.v && vvp -n ../tb.vvp +vectors="../vec$i") \
    >"$t/tb.out" 2>&1
  grep -q "^PASS" "$t/tb.out" || { echo "FAIL: testbench of code '$n'"; tail -5 "$t/tb.out"; fail=1; }
  if grep -q INJECTED "$t/tb.out"; then echo "FAIL: the testbench ran injected Verilog"; fail=1; fi
done

# verify's report (--json) and its work directory: the newline and the quote names
for i in 0 3; do
  n=${names[$i]}
  PATH="$t/stub:$PATH" "$F" verify ldpc --codes "$n.txt,y.txt" --frames 1 --ebn0 2 --json --work "w$i" \
    >"v$i.json" 2>"$t/err"
  rc=$?
  [ $rc -eq 1 ] || { echo "FAIL: verify with a failing build: exit $rc, expected 1"; fail=1; }
  grep -q "build failed" "$t/err" || { echo "FAIL: verify does not say the build failed"; cat "$t/err"; fail=1; }
  json "v$i.json" "$n"
  [ "$(jq -r '.configurations[0].error' "v$i.json")" = "build failed" ] ||
    { echo "FAIL: no error in v$i.json"; fail=1; }
  for m in "w$i"/rtl/manifest.json "w$i"/vec-000-*/manifest.json; do json "$m" "$n"; done
done

# area (Yosys: once, the newline name)
if command -v yosys >/dev/null; then
  n=${names[3]}
  check area 0 "$F" area ldpc --codes "$n.txt,y.txt" --json --keep ak
  cp "$t/out" area.json
  json area.json "$n"
  json ak/manifest.json "$n"
fi

# ordinary names: no escape anywhere (the checked-in outputs stay byte-identical: cli_golden)
cp y.txt z.txt
check plain 0 "$F" gen ldpc --codes y.txt,z.txt -o plain
if grep -q '\\x\|\\u00' plain/*.v plain/manifest.json; then echo "FAIL: an escape in an ordinary output"; fail=1; fi
exit $fail
