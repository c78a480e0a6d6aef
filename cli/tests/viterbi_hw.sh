#!/usr/bin/env bash
# CLI test of the streaming Viterbi decoder's model layers (docs/rtl-viterbi.md): the family's `cycle`
# implementation equals the fixed decoder with the matching tiling (`verify viterbi --impl cycle --against
# fixed`: radix 2 and 4, traceback memory and register exchange, punctured, both normalisations, both
# endings); `gen viterbi --json`; `vectors viterbi` (manifest, reader check, determinism) and its frames
# through `decode viterbi --impl cycle` give the set's decoded bits. $1 = path of fecforge.
source "$(dirname "$0")/common.bash"

tiles="--overlap-left 65536"
check cycle_r2_memory 0 "$F" verify viterbi --fixed --impl cycle --against fixed --bits 300 --tile 32 \
    --overlap-right 36 $tiles --ebn0 1,3 --frames 200
has out "equal"
check cycle_r4_exchange 0 "$F" verify viterbi --fixed --impl cycle --against fixed --radix 4 --traceback exchange \
    --K 5 --gen 23,35 --punct 10,11 --norm subtract --ending truncated --bits 201 --tile 2 --overlap-right 8 $tiles \
    --llr-width 3 --ebn0 1 --frames 200
has out "equal"
check cycle_r4_memory 0 "$F" verify viterbi --fixed --impl cycle --against fixed --radix 4 --K 9 --gen 561,753 \
    --bits 99 --tile 6 --overlap-right 10 $tiles --ebn0 2 --frames 50
has out "equal"
check cycle_r2_exchange 0 "$F" verify viterbi --fixed --impl cycle --against fixed --traceback exchange --K 3 \
    --gen 7,5 --punct 101,110 --bits 77 --tile 1 --overlap-right 2 $tiles --ebn0 2 --frames 200
has out "equal"

check gen 0 "$F" gen viterbi --K 5 --gen 23,35 --radix 4 --traceback exchange --tb-depth 8 --json -o "$t/rtl"
for k in '"design": "viterbi"' '"top": "fg_viterbi_k5_g23_35_r4_re_l8_q5p10"' '"states": 16' '"stages_per_cycle": 2' \
         '"tb_depth": 8' '"tb_block": 2'; do has out "$k"; done
grep -q '"traceback": "exchange"' "$t/rtl/manifest.json" || { echo "FAIL: traceback not in the manifest"; fail=1; }

args="--K 5 --gen 23,35 --radix 4 --traceback exchange --punct 10,11 --tb-depth 8 --bits 64 --frames 3 --ebn0 1"
check vectors 0 "$F" vectors viterbi $args -o "$t/vs" --frames-out "$t/frames.txt" --json
for k in '"design": "viterbi"' '"trace_cycles":' '"bit_errors":'; do has out "$k"; done
check vectors_check 0 "$F" vectors check "$t/vs";  has out "viterbi vectors, 3 streams"
[ "$(wc -l < "$t/vs/decoded.hex")" = 192 ] || { echo "FAIL: decoded.hex lines"; fail=1; }
check vectors_again 0 "$F" vectors viterbi $args -o "$t/vs2"
for s in stimulus expected decoded; do
    cmp -s "$t/vs/$s.hex" "$t/vs2/$s.hex" || { echo "FAIL: $s.hex differs between two runs"; fail=1; }
done
# the set's frames through the family's cycle implementation: the set's decoded bits
fam=$(sed -n 's/.*"family_args": "\(.*\)".*/\1/p' "$t/vs/manifest.json")
check decode 0 "$F" decode viterbi $fam --impl cycle --radix 4 --traceback exchange --in "$t/frames.txt" -o "$t/dec.txt"
awk '/^end$/ {go = 1; next} go {print $1}' "$t/dec.txt" | fold -w1 > "$t/dec.bits"
cmp -s "$t/dec.bits" "$t/vs/decoded.hex" || { echo "FAIL: decode --impl cycle differs from the set's decoded.hex"; fail=1; }
exit $fail
