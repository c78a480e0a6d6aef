#!/usr/bin/env bash
# A design declared once through fecforge_gen/block.h alone (cli/tests/toy_design.c: an accumulator of signed
# lanes; options, a port table, a template, a step model) yields with no line of cli/: its Verilog (the port list
# from the table, the template linted as Verilog), files.f, manifest.json (parameters under the option names:
# --config reads them back; ports from the table), the self-checking testbench, the reference page README.md,
# vector sets (the model's structs packed through the table), `verify` under Verilator and SystemC (RTL = model,
# the block's port-level model served to the co-simulation; a planted RTL bug, a model that disagrees caught).
# $1 = fecforge; FG_TOY = the fecforge-toy program (default: beside $1).
source "$(dirname "$0")/common.bash"
T=${FG_TOY:-$(dirname "$F")/fecforge-toy}
[ -x "$T" ] || { echo "toy design: $T not built"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)

check help 0 "$T" gen --help;               has out "toy-acc"
check absent 2 "$F" gen toy-acc -o "$t/x";  has err "toy-acc"
check help_toy 0 "$T" gen toy-acc --help;   has out "\-\-acc-width A"
check bad_acc 2 "$T" gen toy-acc --width 8 --acc-width 8 -o "$t/x"; has err "\-\-acc-width=8 invalid: more than --width=8"
check bad_lanes 2 "$T" gen toy-acc --lanes 9 -o "$t/x"; has err "\-\-lanes=9 out of range \[1, 8\]"

check gen 0 "$T" gen toy-acc --lanes 3 --width 5 --acc-width 9 -o "$t/rtl"
top=fg_toy_acc_l3_w5_a9
for f in "$top.v" "tb_$top.v" files.f manifest.json README.md; do
  [ -s "$t/rtl/$f" ] || { echo "FAIL: gen wrote no $f"; fail=1; }
done
grep -q "input  wire \[14:0\] in_data_i,  // the lanes" "$t/rtl/$top.v" || { echo "FAIL: port list"; fail=1; }
python3 - "$t/rtl/manifest.json" <<'PY' || { echo "FAIL: manifest"; fail=1; }
import json, sys
m = json.load(open(sys.argv[1]))
assert m["design"] == "toy-acc" and m["top"] == "fg_toy_acc_l3_w5_a9", m
assert m["parameters"] == {"lanes": 3, "width": 5, "acc_width": 9}, m["parameters"]
ports = [(p["name"], p["direction"], p["width"]) for p in m["ports"]]
assert ports == [("clk_i", "input", 1), ("rst_ni", "input", 1), ("in_valid_i", "input", 1), ("in_clear_i", "input", 1),
                 ("in_data_i", "input", 15), ("out_valid_o", "output", 1), ("out_acc_o", "output", 9)], ports
PY
# the page: every parameter with its value, every port with its bits and elements
grep -q '^| `--acc-width` | 9 | \[3, 32\] | 12 |' "$t/rtl/README.md" || { echo "FAIL: page parameters"; fail=1; }
grep -q '^| `in_data_i` | input | 15 | 3 x 5 bits signed, element e at \[e\*5 +: 5\] | the lanes |' "$t/rtl/README.md" ||
  { echo "FAIL: page ports"; cat "$t/rtl/README.md"; fail=1; }
# the manifest feeds back: the same design from --config
check config 0 "$T" gen toy-acc --config "$t/rtl/manifest.json" -o "$t/rtl2"
diff -r "$t/rtl" "$t/rtl2" >/dev/null || { echo "FAIL: --config manifest.json gives another design"; fail=1; }

# vectors: the packed model, the set's parameters under the option names
check vectors 0 "$T" vectors toy-acc --lanes 3 --width 5 --acc-width 9 --cycles 40 --seed 9 -o "$t/v"
has out "trace_cycles=40"
[ "$(wc -l <"$t/v/stimulus.hex")" = 40 ] || { echo "FAIL: 40 stimulus lines"; fail=1; }
# the expected outputs against an accumulator written here: out_acc during cycle c+1 = acc after cycle c
python3 - "$t/v" <<'PY' || { echo "FAIL: vectors against the accumulator"; fail=1; }
import sys
d = sys.argv[1]
st = [l.split() for l in open(d + "/stimulus.hex")]
ex = [l.split() for l in open(d + "/expected.hex")]
def s(v, w):
    v = int(v, 16)
    return v - (1 << w) if v >> (w - 1) else v
acc, valid = 0, 0
for c, (i, o) in enumerate(zip(st, ex)):
    assert int(o[0], 16) == valid and s(o[1], 9) == acc, (c, o, valid, acc)
    v, clr, lanes = int(i[0], 16), int(i[1], 16), [s(x, 5) for x in i[2:5]]
    valid = v
    acc = 0 if clr else ((acc + sum(lanes) + 256) % 512 - 256) if v else acc
PY

if command -v verilator >/dev/null 2>&1; then
  bash "$here/../../scripts/template-lint.sh" "$here/toy_rtl" >"$t/lint" 2>&1 || { echo "FAIL: template lint"; cat "$t/lint"; fail=1; }
  check verify 0 "$T" verify toy-acc --lanes 3 --width 5 --acc-width 9 --cycles 300
  has out "RTL = C model (1 vector set)"
  # a planted bug (the accumulator subtracts) fails at its first cycle
  sed -i 's/acc_q <= acc_q + sum;/acc_q <= acc_q - sum;/' "$t/rtl/$top.v"
  check planted 1 "$T" verify vectors --rtl "$t/rtl" "$t/v"
  has out "MISMATCH"
  # the toy's --width is no capacity (FG_OPT_CAPACITY, as the DBCF's): a set of 5-bit lanes is no set of 6-bit ones
  "$T" gen toy-acc --lanes 3 --width 6 --acc-width 9 -o "$t/rtl_w6" >/dev/null
  check other_width 2 "$T" verify vectors --rtl "$t/rtl_w6" "$t/v"
  has err "was made for width=5, the RTL in .* has width=6$"
  if pkg-config --exists systemc 2>/dev/null || [ -e /usr/include/systemc.h ]; then
    acc=(--lanes 3 --width 5 --acc-width 9 --cycles 300)
    check verify_sc 0 "$T" verify toy-acc --sim systemc "${acc[@]}" --work "$t/sc" --keep
    grep -q "^PASS .*/vec-set0: SystemC co-simulation, 300 cycles in lock step" "$t/sc/cosim.log" ||
      { echo "FAIL: no co-simulation PASS line"; cat "$t/sc/cosim.log"; fail=1; }
    # the co-simulation alone has only the library's models: toy-acc's is the program's
    check sc_alone 2 "$t/sc/sc-obj/cosim" "$t/sc/vec-set0"
    has err "design 'toy-acc' has no port-level model (dbcf, iag, subsystem, ldpc, turbo, viterbi)"
    # a model that subtracts (-A where the RTL has A) is caught in the first cycle with A not 0 or -256 (0x100)
    first=$(awk '$2 != "000" && $2 != "100" { print NR - 1; exit }' "$t/sc/vec-set0/expected.hex")
    check disagree 1 env FG_TOY_ACC_SUBTRACT=1 "$T" verify toy-acc --sim systemc "${acc[@]}" --work "$t/sc-bad"
    has err "cycle ${first:-none}, port out_acc_o: expected (C model) 0x"
  else
    echo "toy design: SystemC not found; co-simulation checks skipped"
  fi
else
  echo "toy design: verilator not found; RTL checks skipped"
fi
exit $fail
