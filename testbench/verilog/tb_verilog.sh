#!/usr/bin/env bash
# The generated Verilog testbenches tb_<top>.v (docs/testbench.md) under Icarus Verilog, one design a run:
#   tb_verilog.sh FECFORGE dbcf|iag|subsystem|ldpc|turbo|viterbi
# A small design (`fecforge gen`) with its testbench passes vector sets of `fecforge vectors` and the
# checked-in sets of vectors/ made for it; a copy of a set with one expected word changed fails with the
# MISMATCH line of that cycle and port and exit status 1 ($fatal under Icarus). Exit 77 without iverilog
# or jq (Debian packages iverilog, jq).
set -u
F=$1
case=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
for c in iverilog vvp jq; do
    command -v $c >/dev/null || { echo "tb_verilog: $c not installed: skipped"; exit 77; }
done
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# design NAME GEN-ARGS...: generate into $t/NAME and compile it with its testbench into $t/NAME.vvp
# (iverilog -Wall: no warning); the testbench lints clean (verilator -Wall, --timing for its delays).
design() {
    local n=$1 top
    shift
    "$F" gen "$@" -o "$t/$n" >/dev/null || { bad "gen $*"; return 1; }
    top=$(jq -r .top "$t/$n/manifest.json")
    [ -f "$t/$n/tb_$top.v" ] && ! grep -qx "tb_$top.v" "$t/$n/files.f" && jq -e --arg f "tb_$top.v" '.files | index($f)' \
        "$t/$n/manifest.json" >/dev/null || bad "$n: tb_$top.v missing, in files.f or not in the manifest's files"
    (cd "$t/$n" && iverilog -g2005 -Wall -o "$t/$n.vvp" -c files.f "tb_$top.v") >"$t/iverilog.log" 2>&1
    [ $? -eq 0 ] && [ ! -s "$t/iverilog.log" ] || { bad "iverilog $n:"; cat "$t/iverilog.log"; return 1; }
    if command -v verilator >/dev/null; then
        (cd "$t/$n" && verilator --lint-only -Wall --timing -f files.f "tb_$top.v" --top-module "tb_$top") \
            >"$t/verilator.log" 2>&1
        [ $? -eq 0 ] && [ ! -s "$t/verilator.log" ] || { bad "verilator lint $n/tb_$top.v:"; cat "$t/verilator.log"; }
    fi
}

# vectors NAME VECTORS-ARGS...: a set into $t/NAME
vectors() {
    local n=$1
    shift
    "$F" vectors "$@" -o "$t/$n" >/dev/null || bad "vectors $*"
}

# run DESIGN SET [PLUSARGS...]: the testbench's output in $t/out, its exit status in rc
run() {
    local n=$1 set=$2
    shift 2
    vvp -n "$t/$n.vvp" +vectors="$set" "$@" >"$t/out" 2>&1
    rc=$?
}

# pass DESIGN SET [PLUSARGS...]: the set passes
pass() {
    run "$@"
    if [ $rc -eq 0 ] && grep -q "^PASS $2: " "$t/out"; then
        grep "^PASS" "$t/out"
    else
        bad "$1 on $2 (exit $rc):"
        tail -5 "$t/out"
    fi
}

# fails DESIGN SET LINE [PLUSARGS...]: exit 1, the line LINE (fixed text) and FAIL SET
fails() {
    local n=$1 set=$2 want=$3
    shift 3
    run "$n" "$set" "$@"
    if [ $rc -eq 1 ] && grep -qF -- "$want" "$t/out" && grep -q "^FAIL $set" "$t/out"; then
        echo "caught: $want"
    else
        bad "$n on $set: exit $rc, expected 1 and '$want':"
        tail -5 "$t/out"
    fi
}

# The value of hex word w with its low bit flipped; hex without leading zeros.
flip() { printf '%0*x' ${#1} $((16#$1 ^ 1)); }
hex() { printf '%x' $((16#$1)); }

# planted DESIGN SET: a copy of SET whose expected stream has one word changed (the last word with a
# value in its middle line): reported at that cycle and port.
planted() {
    local n=$1 set=$2 b=$t/bad-$1 L k w new label
    rm -rf "$b"
    cp -r "$set" "$b"
    L=$(( ($(wc -l <"$b/expected.hex") + 1) / 2 ))
    read -r k w < <(awk -v L="$L" 'NR == L { for (k = NF; k >= 1; k--) if ($k !~ /x/) { print k - 1, $k; exit } }' \
        "$b/expected.hex")
    new=$(flip "$w")
    awk -v L="$L" -v k="$k" -v w="$new" 'NR == L { $(k + 1) = w } { print }' "$set/expected.hex" >"$b/expected.hex"
    label=$(jq -r --argjson k "$k" '.streams[] | select(.name == "expected") | .ports[$k]
        | .name + (if .index == null then "" else "[\(.index)]" end)' "$b/manifest.json")
    fails "$n" "$b" "MISMATCH $b: cycle $((L - 1)) (line $L of expected.hex), port $label: expected 0x$(hex "$new"), actual 0x$(hex "$w")"
}

case $case in
dbcf)
    # The checked-in set's configuration (cli/tests/golden.list, kind vectors), and a set of its own.
    d="dbcf --pllr 8 --banks 16 --select 2 --fifo-depth 4 --buf-depth 4 --width 8"
    design dbcf $d && {
        pass dbcf "$root/vectors/dbcf-umts-k200-p8-m16"
        vectors v40 $d --std lte --K 40 --mapping xmap --direction interleave
        pass dbcf "$t/v40"
        planted dbcf "$t/v40"
        # One cell of the final bank image changed: reported after the run with its bank and row.
        b=$t/bad-mem
        rm -rf "$b" && cp -r "$t/v40" "$b"
        depth=$(( $(wc -l <"$b/banks.hex") / 16 ))
        a=$(grep -n -m 1 -v x "$b/banks.hex" | cut -d: -f1)
        w=$(sed -n "${a}p" "$b/banks.hex")
        new=$(flip "$w")
        awk -v a="$a" -v w="$new" 'NR == a { $0 = w } { print }' "$t/v40/banks.hex" >"$b/banks.hex"
        fails dbcf "$b" "MISMATCH $b: banks.hex bank $(( (a - 1) / depth )) row $(( (a - 1) % depth )) after the run: expected 0x$(hex "$new"), actual 0x$(hex "$w")"
        # Latency: a set whose outputs come one cycle later (expected lines 1.. then one line of x) passes
        # with +latency=1 (lines + 1 cycles) and fails without.
        b=$t/late
        rm -rf "$b" && cp -r "$t/v40" "$b"
        { tail -n +2 "$t/v40/expected.hex"; head -1 "$t/v40/expected.hex" | sed 's/[0-9a-f]/x/g'; } >"$b/expected.hex"
        pass dbcf "$b" +latency=1
        grep -q "^PASS $b: $(( $(wc -l <"$b/stimulus.hex") + 1 )) cycles" "$t/out" || bad "latency 1: not lines + 1 cycles"
        run dbcf "$b"
        [ $rc -eq 1 ] && grep -q "^MISMATCH $b: cycle " "$t/out" || bad "the late set passed without +latency"
        # A set of another design: refused, naming the stream.
        fails dbcf "$root/vectors/iag-lte-k40-p8-forward" "ERROR $root/vectors/iag-lte-k40-p8-forward/stimulus.hex: "
        # No set given.
        run dbcf ""
        [ $rc -eq 1 ] || bad "an empty +vectors= did not fail"
    }
    ;;
iag)
    # LTE: the checked-in sets; UMTS: sets of its own; both modes each.
    design lte iag --std lte --pllr 8 && {
        pass lte "$root/vectors/iag-lte-k40-p8-forward"
        pass lte "$root/vectors/iag-lte-k40-p8-inverse"
        planted lte "$root/vectors/iag-lte-k40-p8-inverse"
    }
    design umts iag --std umts --pllr 8 && {
        vectors uf iag --std umts --pllr 8 --K 40 --mode forward
        vectors ui iag --std umts --pllr 8 --K 40 --mode inverse
        pass umts "$t/uf"
        pass umts "$t/ui"
        planted umts "$t/uf"
    }
    ;;
subsystem)
    d="subsystem --std lte --pllr 8 --banks 16 --mapping xmap-xor --select 2 --fifo-depth 2 --buf-depth 3 --width 8"
    design sub $d && {
        vectors sf $d --K 40 --mode forward
        vectors si $d --K 48 --mode inverse
        pass sub "$t/sf"
        pass sub "$t/si"
        planted sub "$t/si"
    }
    ;;
ldpc)
    # Two codes (code_sel_i 0 and 1), at most 3 iterations: a frame that decodes, one that does not.
    d="ldpc --codes wifi-648-1/2,wifi-648-5/6 --layers 1 --mb 1x1 --iter 3"
    design ldpc $d && {
        vectors c0 $d --frames 1 --ebn0 12
        vectors c1 $d --vector-codes wifi-648-5/6 --frames 1 --ebn0 1
        pass ldpc "$t/c0"
        pass ldpc "$t/c1"
        planted ldpc "$t/c0"
    }
    ;;
turbo)
    # LTE, two SISOs, K 40..64: two blocks back to back (K 40 then 64: the K table, the IAG preprocessing
    # and the unload port change at run time), an AWGN and a saturated frame. HSPA+, four SISOs: K 40 (on
    # 2 SISOs, 2 sub-banks per lane) then 64 (on 4) through the DBCF.
    d="turbo --parallel 2 --k-max 64"
    design turbo $d && {
        pass turbo "$root/vectors/turbo-lte-k40-p2"
        vectors tw $d --K 40 --then 64 --iter 1.5
        vectors ts $d --K 64 --iter 1 --frame saturated
        pass turbo "$t/tw"
        pass turbo "$t/ts"
        planted turbo "$t/tw"
    }
    d="turbo --std umts --parallel 4 --k-max 64"
    design turbo-umts $d && {
        vectors tu $d --K 40 --then 64 --iter 1.5
        pass turbo-umts "$t/tu"
    }
    ;;
viterbi)
    # K 5, radix 4, traceback memory: punctured frames with bubbles (idle cycles, inputs while not ready);
    # K 3, register exchange, subtract: truncated frames at full rate.
    d="viterbi --K 5 --gen 23,35 --radix 4 --tb-depth 8 --punct 10,11 --bits 64"
    design viterbi $d && {
        vectors vb $d --frames 2 --traffic bubbles
        pass viterbi "$t/vb"
        planted viterbi "$t/vb"
    }
    d="viterbi --K 3 --gen 7,5 --traceback exchange --norm subtract --ending truncated --bits 50"
    design viterbi-re $d && {
        vectors vr $d --frames 3
        pass viterbi-re "$t/vr"
    }
    ;;
*)
    echo "usage: $0 FECFORGE dbcf|iag|subsystem|ldpc|turbo|viterbi"
    exit 2
    ;;
esac
[ $fail -eq 0 ] && echo "tb_verilog $case: ok"
exit $fail
