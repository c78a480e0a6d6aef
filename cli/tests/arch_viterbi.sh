#!/usr/bin/env bash
# CLI test of `fecforge arch viterbi` (the streaming decoder's step model; docs/rtl-viterbi.md "Architecture
# study"): cycle counts derived by hand and those of the docs' table, the vector set's count of the same frame,
# decisions equal to the fixed decoder on noisy frames, the trace, usage errors naming the option. $1 = fecforge.
source "$(dirname "$0")/common.bash"

# K 3 (7,5), 20 bits, terminated: E = 22 stages; register exchange at radix 2: L = 6(K-1) = 12, D = 1.
# Stage s is taken in cycle s and its bit leaves in cycle s + L + 2 (the block boundary L cycles later, one
# cycle for the compare tree and the survivor select, one in the emitter): the first bit in cycle 14. The
# stages whose boundary s + L comes by the last input (cycle E-1 = 21) are s = 0..9: 10 bits, cycles 14..23.
# Then the end decides the other information stages 10..19 (the K-1 = 2 tail stages are not output) from
# state 0 and emits them back to back, cycles 24..33: the last bit in cycle 33, so the latency (first input
# to last bit, inclusive) is E + L + 2 - (K-1) = 34 cycles, and since the next frame's first stage is taken
# in the cycle after, cycles_per_frame = 34 and two frames take 68.
check hand 0 "$F" arch viterbi --K 3 --gen 7,5 --bits 20 --traceback exchange --json
for k in '"latency_cycles": 34,' '"first_bit_cycles": 14,' '"cycles": 68,' '"cycles_per_frame": 34,' \
         '"stages": 22,' '"tb_depth": 12,' '"tb_block": 1,' '"mismatched_bits": 0,' '"faults": 0,' \
         '"bit_exact": true' '"mode": "noiseless"'; do has out "$k"; done
# the vector set of the same decoder counts the same frame
check vectors 0 "$F" vectors viterbi --K 3 --gen 7,5 --traceback exchange --bits 20 --frames 2 --ebn0 4 -o "$t/vs" --json
has out '"cycles_frame0": 34,'
# The trace: two header lines, then one line per cycle of frame 0 (its latency), 1 + 9 words at radix 2.
check trace 0 "$F" arch viterbi --K 3 --gen 7,5 --bits 20 --traceback exchange --trace "$t/tr"
[ "$(grep -vc '^#' "$t/tr")" = 34 ] || { echo "FAIL trace: $(grep -vc '^#' "$t/tr") lines, not 34"; fail=1; }
[ "$(grep -v '^#' "$t/tr" | head -1 | wc -w)" = 10 ] || { echo "FAIL trace: not 10 words a line"; fail=1; }
grep -q '^# per cycle (hex): cycle in_ready in_valid\[0\]' "$t/tr" || { echo "FAIL trace header"; fail=1; }

# K 7 (171, 133), 2000 bits (2006 stages), L = 36: the four designs of docs/rtl-viterbi.md's table.
for v in "2 memory 2140 109" "4 memory 1071 55" "2 exchange 2038 38" "4 exchange 1020 20"; do
  set -- $v
  check "k7_r$1_$2" 0 "$F" arch viterbi --bits 2000 --radix "$1" --traceback "$2" --json
  has out "\"latency_cycles\": $3,"
  has out "\"first_bit_cycles\": $4,"
  has out "\"cycles_per_frame\": $3,"
done
check text 0 "$F" arch viterbi --bits 2000 --radix 4 --fclk 0.5GHz
has out "throughput_mbps       933.7"
has out "formula_mbps          997.0"
has out "decisions equal to the fixed-point decoder (0 bits, 0 frames differ)"

# Noisy frames (with frame errors, so the comparison sees wrong decisions too): every bit equals the fixed decoder.
check noisy_r4 0 "$F" arch viterbi --K 5 --gen 23,35 --punct 10,11 --bits 300 --radix 4 --ebn0 2 --frames 30 --json
for k in '"mismatched_bits": 0,' '"mismatched_frames": 0,' '"frames": 30,' '"mode": "frames"'; do has out "$k"; done
grep -q '"frame_errors": 0,' "$t/out" && { echo "FAIL noisy_r4: no frame errors, the comparison saw only right bits"; fail=1; }
check noisy_re 0 "$F" arch viterbi --ending truncated --norm subtract --bits 500 --traceback exchange --ebn0 2.5 \
    --frames 20 --json
has out '"mismatched_bits": 0,'
grep -q '"frame_errors": 0,' "$t/out" && { echo "FAIL noisy_re: no frame errors"; fail=1; }

# Usage errors: exit 2, the option named with its range.
check bad_depth 2 "$F" arch viterbi --tb-depth 3;                    has err "tb-depth: depth=3 out of range \[6, 512\]"
check bad_depth_r4 2 "$F" arch viterbi --radix 4 --tb-depth 13;      has err "tb-depth: depth=13 .*even for radix 4"
check bad_block 2 "$F" arch viterbi --traceback exchange --tb-block 4; has err "tb-block: block=4 out of range \[1, 1\]"
check bad_radix 2 "$F" arch viterbi --radix 3;                       has err "radix=3 invalid: expected 2 or 4"
check bad_K 2 "$F" arch viterbi --K 10 --gen 1167,1375;              has err "K: K=10 out of range \[3, 9\]"
check tailbiting 2 "$F" arch viterbi --ending tailbiting;            has err "ending=tailbiting invalid"
check bad_frac 2 "$F" arch viterbi --llr-width 4 --llr-frac 4;       has err "llr-frac=4 out of range \[0, 3\]"
check bad_sm 2 "$F" arch viterbi --sm-width 3;                       has err "sm-width: w_pm=3 out of range"
check bad_bits 2 "$F" arch viterbi --bits 70000;                     has err "bits=70000 out of range \[1, 65530\]"
check frames_alone 2 "$F" arch viterbi --frames 5;                   has err "frames needs --ebn0"
check bad_fclk 2 "$F" arch viterbi --fclk 1e3k;                      has err "fclk=1e3k invalid"
check bad_ebn0 2 "$F" arch viterbi --ebn0 1,2;                       has err "ebn0=1,2 has more than 1 values"
check bogus 2 "$F" arch viterbi --tile 4;                            has err "unknown option --tile"
check help 0 "$F" arch viterbi --help;                               has out "usage: fecforge arch viterbi"
check help_top 0 "$F" arch --help;                                   has out "viterbi *streaming Viterbi decoder"
[ $fail -eq 0 ] && echo "arch viterbi CLI: all checks passed"
exit $fail
