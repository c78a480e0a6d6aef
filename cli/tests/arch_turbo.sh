#!/usr/bin/env bash
# CLI test of `fecforge arch turbo`: exit codes, exact cycle counts of the step model, JSON keys,
# tables over K, trace shape, usage errors. $1 = path of fecforge.
source "$(dirname "$0")/common.bash"

check help 0 "$F" arch turbo --help;               has out "usage: fecforge arch turbo"
has out "examples:"
# the default K is the standard's largest (a UMTS run never sees LTE's 6144)
check umts_default_k 0 "$F" arch turbo --std umts --parallel 8 --json; has out '"K": 5114,'
check top 0 "$F" arch --help;                       has out "turbo  *parallel radix-4 XMAP"
# The thesis's LTE point: 2*C0 + Lmap + Liag = 192 + 6 + 1 cycles per half-iteration, 11 of them.
check lte 0 "$F" arch turbo --std lte --K 6144 --parallel 16 --iter 5.5 --fclk 600e6
has out "cycles_per_halfiter   199.00"
has out "cycles_per_block      2189"
has out "throughput_mbps       1684.1"
has out "eq424_mbps            1684.1"
has out "write path direct, mapping qpp, 64 extrinsic banks x 96 rows"
# HSPA+ through the DBCF: the same base plus the DBCF's drain.
check umts 0 "$F" arch turbo --std umts --K 5114 --parallel 8 --iter 5.5 --fclk 600M --json
for k in '"cycles_per_halfiter":' '"cycles_per_block": 3765' '"throughput_mbps": 814.98' '"eq424_mbps": 848.8' \
         '"path_run": "dbcf"' '"mapping": "xmap-xor"' '"overflow": 0' '"misplaced": 0' '"read_conflicts": 0' \
         '"preprocess_cycles":' '"version":' '"git":' '"half_iterations": 11'; do has out "$k"; done
# Latency: one more cycle per half-iteration per cycle of SISO latency.
check lat 0 "$F" arch turbo --std lte --K 6144 --parallel 16 --iter 5.5 --latency 9 --json
has out '"cycles_per_block": 2222'
# A size the qpp mapping cannot serve without conflicts: direct shows them (exit 1), auto uses the DBCF.
check direct 1 "$F" arch turbo --std lte --K 1008 --parallel 16 --iter 1 --path direct --json
has out '"write_conflicts": 587'
check auto 0 "$F" arch turbo --std lte --K 1008 --parallel 16 --iter 1 --json
has out '"path_run": "dbcf"'
has out '"qpp_conflicts": 587'
# The LTE study: every size P 16 fits (12 do not), 63 through the DBCF, nothing lost.
check study 0 "$F" arch turbo --std lte --K all --parallel 16 --json
has out '"n_sizes": 176'
has out '"skipped_sizes": 12'
has out '"dbcf_sizes": 63'
has out '"lossless": true'
[ "$(grep -o '"K":[0-9]' "$t/out" | wc -l)" = 176 ] || { echo "FAIL study: not 176 sizes"; fail=1; }
# Path shared (LTE P 16 + HSPA+ P 8 in one design): K 152 runs P 8 through the DBCF, K 1008 direct on
# P 14 (the largest conflict-free P' < 16), K 6144 direct on 16; HSPA+ runs the design's 8 SISOs.
check shared 0 "$F" arch turbo --std lte --K 152,1008,6144 --parallel 16 --path shared --json
has out '"path": "shared"'
has out '"umts_parallel": 8'
[ "$(grep -o '"P_run": *[0-9]*, *"L": *[0-9]*' "$t/out" | tr -d '\n ')" = '"P_run":8,"L":20"P_run":14,"L":72"P_run":16,"L":384' ] ||
    { echo "FAIL shared: P_run per K"; cat "$t/out"; fail=1; }
check shared_umts 0 "$F" arch turbo --std umts --K 5114 --parallel 16 --path shared
has out "HSPA+ K=5114, P=8 SISOs"
check shared_needs 2 "$F" arch turbo --std lte --K 152 --parallel 16 --umts-parallel 8
has err "--umts-parallel needs --path shared"
check shared_range 2 "$F" arch turbo --std lte --K 152 --parallel 16 --path shared --umts-parallel 17
has err "--umts-parallel: umts_P=17 out of range"
check table 0 "$F" arch turbo --std umts --K 40,1000,5114 --parallel 8 --iter 2
has out "3 sizes (0 that P does not fit skipped)"
# Trace: two header lines, one line per cycle (idle start, IAG preprocessing, the half-iterations),
# 5 + 9 per lane + 3 per bank words.
check trace 0 "$F" arch turbo --std lte --K 40 --parallel 2 --iter 1 --trace "$t/tr" --json
lines=$(grep -vc '^#' "$t/tr")
pre=$(sed -n 's/.*"preprocess_cycles": \([0-9]*\).*/\1/p' "$t/out")
cyc=$(sed -n 's/.*"cycles_per_block": \([0-9]*\).*/\1/p' "$t/out")
[ "$lines" = $((1 + pre + cyc)) ] || { echo "FAIL trace: $lines lines, 1 + $pre + $cyc cycles"; fail=1; }
words=$(grep -v '^#' "$t/tr" | head -1 | wc -w)
[ "$words" = $((5 + 9 * 8 + 3 * 8)) ] || { echo "FAIL trace: $words words per line"; fail=1; }
# Real data: noisy frames through the fixed-point datapath, bit-exact with the fixed-point decoder.
check frames 0 "$F" arch turbo --std umts --K 997 --parallel 4 --ebn0 0.8 --frames 4 --json
for k in '"frames": 4' '"mismatched_frames": 0' '"bit_exact": true' '"ebn0": 0.8' '"seed": 1' \
         '"cycles_per_block": 1551'; do has out "$k"; done
check frames_lte 0 "$F" arch turbo --std lte --K 1008 --parallel 16 --iter 2 --ebn0 1 --frames 2 --no-nii
has out "extrinsics and decisions equal to the fixed-point decoder (0 frames differ)"
# --nii off and its old spelling --no-nii: the same run; a 64-bit seed in hexadecimal.
check nii_off 0 "$F" arch turbo --std lte --K 1008 --parallel 16 --iter 2 --ebn0 1 --frames 2 --nii off --json
has out '"nii": false'
cp "$t/out" "$t/nii"
check no_nii 0 "$F" arch turbo --std lte --K 1008 --parallel 16 --iter 2 --ebn0 1 --frames 2 --no-nii --json
cmp -s "$t/nii" "$t/out" || { echo "FAIL --no-nii is not --nii off"; fail=1; }
check help_alias 0 "$F" arch turbo --help;  has out "old spellings.*--no-nii = --nii=off"
check seed_hex 0 "$F" arch turbo --std lte --K 40 --parallel 2 --iter 1 --ebn0 2 --frames 1 --seed 0x10 --json
has out '"seed": 16'
check trace_fixed 0 "$F" arch turbo --std lte --K 40 --parallel 2 --iter 1 --ebn0 2 --frames 2 --trace "$t/tf"
[ "$(grep -vc '^#' "$t/tf")" = "$lines" ] || { echo "FAIL trace_fixed: not one block of lines"; fail=1; }
# Usage errors name the parameter and its range.
check frames_alone 2 "$F" arch turbo --frames 3;                   has err "frames needs --ebn0"
check seed_alone 2 "$F" arch turbo --seed 3;                       has err "seed needs --ebn0"
check no_nii_alone 2 "$F" arch turbo --no-nii;                     has err "no-nii needs --ebn0"
check nii_alone 2 "$F" arch turbo --nii off;                       has err "nii needs --ebn0"
check bad_nii 2 "$F" arch turbo --K 40 --parallel 2 --ebn0 1 --nii maybe; has err "nii=maybe invalid: expected off or on"
check ebn0_list 2 "$F" arch turbo --K 40 --parallel 2 --ebn0 1,2;  has err "ebn0=1,2 has more than 1 values"
check bad_banks 2 "$F" arch turbo --std umts --K 40 --parallel 2 --banks 12; has err "banks: banks=12 invalid for UMTS"
check bad_mapping 2 "$F" arch turbo --std umts --K 40 --parallel 2 --mapping mod; has err "mapping: umts_mapping=mod"
check bad_select 2 "$F" arch turbo --std umts --K 40 --parallel 2 --select 17; has err "select: select=17 out of range"
check bad_ebn0 2 "$F" arch turbo --ebn0 x;                          has err "ebn0=x invalid"
check bad_K 2 "$F" arch turbo --std lte --K 6136 --parallel 16;      has err "K=6136 is not an LTE block size"
check bad_K_umts 2 "$F" arch turbo --std umts --K 5115 --parallel 8; has err "K=5115 out of range \[40, 5114\]"
check bad_P 2 "$F" arch turbo --std lte --K 40 --parallel 16;        has err "parallel: P=16 does not fit K=40"
check bad_P_range 2 "$F" arch turbo --parallel 65;                  has err "parallel=65 out of range \[1, 64\]"
check bad_iter 2 "$F" arch turbo --iter 0;                          has err "iter=0 invalid"
check bad_iter_frac 2 "$F" arch turbo --iter 5.3;                   has err "iter=5.3 invalid"
check bad_fclk 2 "$F" arch turbo --fclk fast;                       has err "fclk=fast invalid"
check bad_lat 2 "$F" arch turbo --latency 0;                        has err "latency=0 out of range"
check bad_path 2 "$F" arch turbo --path maybe;                      has err "path=maybe invalid"
check umts_direct 2 "$F" arch turbo --std umts --K 5114 --parallel 8 --path direct; has err "path=direct invalid for UMTS"
check bad_std 2 "$F" arch turbo --std wimax;                        has err "std=wimax invalid"
check trace_many 2 "$F" arch turbo --K 40,48 --parallel 2 --trace "$t/x"; has err "trace needs a single --K"
check bad_trace 2 "$F" arch turbo --K 40 --parallel 2 --trace "$t"/notdir/x
check extra 2 "$F" arch turbo stray;                                has err "unexpected argument 'stray'"
[ $fail -eq 0 ] && echo "arch turbo CLI: all checks passed"
exit $fail
