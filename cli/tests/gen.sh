#!/usr/bin/env bash
# CLI test of `fecforge gen dbcf`: files, header, manifest, errors, nothing half-written. $1 = fecforge.
source "$(dirname "$0")/common.bash"

G="$F gen dbcf --pllr 8 --banks 16 --select 3 --fifo-depth 2 --buf-depth 4 --width 6"
check help 0 "$F" gen --help;                        has out "usage: fecforge gen <design>"; has out "subsystem"
check help_dbcf 0 "$F" gen dbcf --help;              has out "usage: fecforge gen dbcf"; has out "--fifo-depth F"
check gen 0 $G -o "$t/d";                            has out "fg_dbcf_p8_m16_s3_f2_b4"
for f in fg_dbcf_p8_m16_s3_f2_b4.v fg_lfsr16.v fg_sort_net.v fg_sort_ce.v fg_dbcf_dest.v fg_route_shift.v fg_dbcf_bank.v \
         fg_fifo.v fg_circ_buf.v fg_sram_1r1w.v files.f manifest.json; do
  [ -f "$t/d/$f" ] || { echo "FAIL: $f missing"; fail=1; }
done
[ "$(wc -l <"$t/d/files.f")" = 10 ] || { echo "FAIL: files.f"; cat "$t/d/files.f"; fail=1; }
v="$t/d/fg_dbcf_p8_m16_s3_f2_b4.v"
for k in "Do not edit" "git " "pllr=8 banks=16 select=3 fifo_depth=2 buf_depth=4 offer=dual lfsr_seed=0xACE1 width=6" \
         "module fg_dbcf_p8_m16_s3_f2_b4" "16'hACE1" "16'hB400" "localparam integer D = 384;" \
         "fg_dbcf_bank #(.NR(NR), .B(4)," "fg_sort_net #(.N(NS), .KW(KW), .PW(QW)) u_sort" \
         "else if (|reject_o) overflow_q <= 1'b1;"; do
  grep -q -- "$k" "$v" || { echo "FAIL: '$k' not in the top module"; fail=1; }
done
grep -q "fg_sram_1r1w #(.DEPTH(D), .AW(RW), .DW(W)) u_sram" "$t/d/fg_dbcf_bank.v" || { echo "FAIL: bank SRAM"; fail=1; }
for k in '"version":' '"git":' '"pllr": 8' '"banks": 16' '"select": 3' '"fifo_depth": 2' '"buf_depth": 4' \
         '"width": 6' '"latency_cycles": 0' '"name": "lane_bank_i", "direction": "input", "width": 32' \
         '"name": "bank_data_o", "direction": "output", "width": 96' '"bank_read_latency_cycles": 1' \
         '"name": "bank_rd_row_i", "direction": "input", "width": 144' \
         '"name": "bank_rd_data_o", "direction": "output", "width": 96' \
         '"name": "overflow_o", "direction": "output", "width": 1' '"name": "done_o", "direction": "output", "width": 1' \
         '"fg_sram_1r1w.v"'; do
  grep -q -- "$k" "$t/d/manifest.json" || { echo "FAIL: '$k' not in manifest.json"; fail=1; }
done
# Head offer and no FIFO/buffer: other name, no fg_fifo / fg_circ_buf.
check head 0 "$F" gen dbcf --pllr 4 --banks 4 --select all --fifo-depth 0 --buf-depth 0 --width 4 --offer head \
  -o "$t/h" --json;                                  has out '"top": "fg_dbcf_p4_m4_s8_f0_b0_head"'
[ "$(cat "$t/h/files.f")" = "$(printf 'fg_dbcf_p4_m4_s8_f0_b0_head.v\nfg_lfsr16.v\nfg_sort_net.v\nfg_sort_ce.v\nfg_dbcf_dest.v\nfg_route_shift.v\nfg_dbcf_bank.v\nfg_sram_1r1w.v')" ] || { echo "FAIL: head files.f"; fail=1; }
# Regenerating over an earlier output replaces it; anything else is refused and left untouched.
check regen 0 $G -o "$t/d"
check regen_again 0 $G -o "$t/d"
[ -z "$(ls -d "$t"/d.* 2>/dev/null)" ] || { echo "FAIL: left behind: $(ls -d "$t"/d.*)"; fail=1; }
# ... not once the user put something of theirs into it (a Verilator obj_dir).
mkdir -p "$t/d/obj_dir/deeper"; touch "$t/d/obj_dir/deeper/x.o"
check regen_tree 2 $G -o "$t/d";                     has err "holds obj_dir, which fecforge did not write"
[ -f "$t/d/obj_dir/deeper/x.o" ] && [ -f "$t/d/files.f" ] || { echo "FAIL: user files touched"; fail=1; }
mkdir "$t/user"; touch "$t/user/keep"
check not_ours 2 $G -o "$t/user";                    has err "fecforge did not write"
[ -f "$t/user/keep" ] || { echo "FAIL: user directory touched"; fail=1; }
# The trap of issue 15: a directory with a manifest.json of someone else's survives untouched.
mkdir -p "$t/S/sub"; echo '{"format":1}' >"$t/S/manifest.json"; echo data >"$t/S/important.txt"; echo x >"$t/S/sub/y"
check trap 2 "$F" gen iag --std lte --pllr 8 -o "$t/S"; has err "did not write"
[ "$(cat "$t/S/important.txt")" = data ] && [ -f "$t/S/sub/y" ] && [ -f "$t/S/manifest.json" ] || { echo "FAIL: trap directory touched"; fail=1; }
# A vector set is not RTL, and the current directory (or a parent of it) is never replaced.
"$F" vectors iag --std lte --K 40 --pllr 8 -o "$t/vec" >/dev/null
check gen_over_vectors 2 $G -o "$t/vec";             has err "fecforge output of kind 'vectors', not 'rtl'"
check dot 2 sh -c "cd '$t/vec' && '$F' gen iag --std lte --pllr 8 -o ."; has err "current directory or one of its parents"
check dotdot 2 sh -c "cd '$t/vec' && '$F' gen iag --std lte --pllr 8 -o .."; has err "current directory or one of its parents"
[ -z "$(ls -a "$t" | grep -e '\.old-' -e '\.tmp-')" ] || { echo "FAIL: left behind: $(ls -a "$t")"; fail=1; }
# Usage errors name the parameter and its range and leave nothing behind.
check bad_select 2 "$F" gen dbcf --pllr 8 --banks 8 --select 17 --fifo-depth 2 --buf-depth 3 --width 8 -o "$t/x"
has err "select=17 out of range \[1, 16\]"
check bad_pllr 2 "$F" gen dbcf --pllr 0 --banks 8 --select 1 --fifo-depth 2 --buf-depth 3 --width 8 -o "$t/x"
has err "pllr=0 out of range"
check bad_width 2 "$F" gen dbcf --pllr 8 --banks 8 --select 1 --fifo-depth 2 --buf-depth 3 --width 33 -o "$t/x"
has err "width=33 out of range \[1, 32\]"
check bad_fifo 2 "$F" gen dbcf --pllr 8 --banks 8 --select 1 --fifo-depth 5000 --buf-depth 3 --width 8 -o "$t/x"
has err "\-\-fifo-depth=5000 out of range \[0, 4096\]"
check bad_depth 2 $G --bank-depth 0 -o "$t/x";       has err "\-\-bank-depth=0 out of range"
check select_zero 2 "$F" gen dbcf --pllr 8 --banks 8 --select 0 --fifo-depth 2 --buf-depth 3 --width 8 -o "$t/x"
has err "\-\-select=0 out of range"
check bad_seed 2 $G --lfsr-seed 0 -o "$t/x";         has err "lfsr-seed=0 invalid"
check defaults 0 "$F" gen dbcf --json -o "$t/def";  has out '"top": "fg_dbcf_p32_m32_s3_f8_b12"'
check no_dir 2 "$F" gen dbcf --pllr 8 --banks 8 --select 1 --fifo-depth 2 --buf-depth 3 --width 8
has err "\-o DIR (\-\-out) is required"
check bad_design 2 "$F" gen nope;                    has err "unknown design 'nope'"
check unwritable 2 $G -o "$t"/notdir/dir;           has err "not a directory"
# gen iag: LTE QPP IAG (the UMTS one is checked where its emitter lives).
check iag_help 0 "$F" gen iag --help;                has out "usage: fecforge gen iag"
has out "lanes, a multiple of 4 (\[4, 256\], default 64)"
check iag 0 "$F" gen iag --std lte --pllr 8 -o "$t/i"; has out "fg_iag_lte_p8"
for f in fg_iag_lte_p8.v fg_mulmod.v fg_addmod.v files.f manifest.json; do
  [ -f "$t/i/$f" ] || { echo "FAIL: iag $f missing"; fail=1; }
done
[ "$(head -1 "$t/i/files.f")" = fg_iag_lte_p8.v ] || { echo "FAIL: iag files.f does not start with the top"; fail=1; }
[ "$(wc -l <"$t/i/files.f")" = 3 ] || { echo "FAIL: iag files.f"; cat "$t/i/files.f"; fail=1; }
v="$t/i/fg_iag_lte_p8.v"
for k in "Do not edit" "git " "std=lte pllr=8 forward_only=0 latency=1" "module fg_iag_lte_p8" \
         "13'd4992: {rom_deg" "13'd6144: {rom_deg, rom_h4, rom_h3, rom_h2, rom_h1, rom_f2, rom_f1} =" \
         "{3'd2, 13'd0, 13'd0, 13'd2784, 13'd2231, 13'd480, 13'd263}"; do
  grep -q -- "$k" "$v" || { echo "FAIL: '$k' not in the iag top module"; fail=1; }
done
for k in '"version":' '"git":' '"design": "iag"' '"top": "fg_iag_lte_p8"' '"std": "lte", "pllr": 8, "forward_only": false' \
         '"latency_cycles": 1' '"worst_case_K": 4992, "worst_case_cycles": 209' '"entries": 188, "width": 81' \
         '"rom_bits": 15228' '"name": "lane_start_i", "direction": "input", "width": 112' \
         '"name": "lane_stride_i", "direction": "input", "width": 24' \
         '"name": "lane_addr_o", "direction": "output", "width": 104' '"name": "ready_o", "direction": "output", "width": 1'; do
  grep -q -- "$k" "$t/i/manifest.json" || { echo "FAIL: '$k' not in the iag manifest.json"; fail=1; }
done
check iag_json 0 "$F" gen iag --std lte --pllr 64 --json -o "$t/i64"; has out '"top": "fg_iag_lte_p64"'
has out '"latency_cycles": 1'
check iag_bad_pllr 2 "$F" gen iag --std lte --pllr 6 -o "$t/x"
has err "\-\-pllr: PLLR=6 invalid for the IAG: must be a multiple of 4 in \[4, 256\]"
check iag_bad_pllr_hi 2 "$F" gen iag --std lte --pllr 260 -o "$t/x"; has err "\-\-pllr=260 out of range"
check iag_bad_std 2 "$F" gen iag --std wimax --pllr 8 -o "$t/x"; has err "\-\-std=wimax invalid: expected umts or lte"
check iag_fwd_lte 2 "$F" gen iag --std lte --pllr 8 --forward-only -o "$t/x"; has err "\-\-forward-only: forward_only=1 not available for std=lte"
check iag_default 0 "$F" gen iag --json -o "$t/i64d"; has out '"top": "fg_iag_lte_p64"'
check iag_no_dir 2 "$F" gen iag --std lte --pllr 8;  has err "\-o DIR (\-\-out) is required"
[ ! -e "$t/x" ] || { echo "FAIL: $t/x left behind"; fail=1; }
ls "$t" | grep -q tmp- && { echo "FAIL: staging directory left behind"; fail=1; }
# gen subsystem: IAG + delay + mapper + DBCF under one top; the parts as their own generators write them.
check sub 0 "$F" gen subsystem --std umts --pllr 8 --banks 16 --mapping xmap-xor --select 3 --fifo-depth 4 \
  --buf-depth 7 --width 6 -o "$t/sub"
has out "fg_subsys_umts_p8_m16_s3_f4_b7_xmapxor"
[ "$(head -3 "$t/sub/files.f")" = "$(printf 'fg_subsys_umts_p8_m16_s3_f4_b7_xmapxor.v\nfg_subsys_umts_p8_m16_s3_f4_b7_xmapxor_map.v\nfg_subsys_umts_p8_m16_s3_f4_b7_xmapxor_delay.v')" ] \
  || { echo "FAIL: subsystem files.f"; cat "$t/sub/files.f"; fail=1; }
"$F" gen iag --std umts --pllr 8 -o "$t/sub_iag" >/dev/null
"$F" gen dbcf --pllr 8 --banks 16 --select 3 --fifo-depth 4 --buf-depth 7 --width 6 --bank-depth 320 -o "$t/sub_dbcf" >/dev/null
for m in "$t/sub_iag/fg_iag_umts_p8.v" "$t/sub_dbcf/fg_dbcf_p8_m16_s3_f4_b7.v"; do
  cmp -s "$m" "$t/sub/$(basename "$m")" || { echo "FAIL: $(basename "$m") differs from its own generator's"; fail=1; }
done
for k in '"design": "subsystem"' '"top": "fg_subsys_umts_p8_m16_s3_f4_b7_xmapxor"' '"std": "umts"' '"mapping": "xmap-xor"' \
         '"width": 6, "bank_depth": 320' '"latency_cycles": 0' '"iag_latency_cycles": 3' \
         '"name": "lane_llr_i", "direction": "input", "width": 48' '"name": "bank_row_o", "direction": "output", "width": 144' \
         '"name": "bank_rd_row_i", "direction": "input", "width": 144' \
         '"name": "bank_rd_data_o", "direction": "output", "width": 96' '"name": "overflow_o", "direction": "output", "width": 1' \
         '"name": "done_o", "direction": "output", "width": 1' '"bank_read_latency_cycles": 1'; do
  grep -q -- "$k" "$t/sub/manifest.json" || { echo "FAIL: '$k' not in the subsystem manifest.json"; fail=1; }
done
[ "$(grep -c '^fg_sram_1r1w.v$' "$t/sub/files.f")" = 1 ] || { echo "FAIL: subsystem files.f: fg_sram_1r1w.v once"; fail=1; }
grep -q ".bank_rd_row_i(bank_rd_row_i)" "$t/sub/fg_subsys_umts_p8_m16_s3_f4_b7_xmapxor.v" || { echo "FAIL: subsystem read port"; fail=1; }
grep -q "wire \[8:0\] llr_d" "$t/sub/fg_subsys_umts_p8_m16_s3_f4_b7_xmapxor.v" && { echo "FAIL: LLR width"; fail=1; }
check sub_lte_mod 0 "$F" gen subsystem --std lte --pllr 8 --banks 16 --mapping mod --select 3 --fifo-depth 4 \
  --buf-depth 7 --json -o "$t/sub2"
has out '"top": "fg_subsys_lte_p8_m16_s3_f4_b7_mod"'
grep -q "assign bank_o = addr_i\[3:0\];" "$t/sub2/fg_subsys_lte_p8_m16_s3_f4_b7_mod_map.v" || { echo "FAIL: mod mapper"; fail=1; }
check sub_bad_pllr 2 "$F" gen subsystem --std lte --pllr 12 --banks 24 --mapping xmap -o "$t/x"
has err "\-\-pllr: pllr=12 invalid for mapping xmap in RTL: must be a power of 2"
check sub_bad_mod 2 "$F" gen subsystem --std lte --pllr 8 --banks 24 --mapping mod -o "$t/x"
has err "\-\-banks: banks=24 invalid for mapping mod in RTL: must be a power of 2"
check sub_bad_block 2 "$F" gen subsystem --std lte --pllr 8 --banks 16 --mapping block -o "$t/x"
has err "\-\-mapping: mapping=block not available in RTL"
check sub_bad_depth 2 "$F" gen subsystem --std lte --pllr 8 --banks 16 --mapping xmap --bank-depth 100 -o "$t/x"
has err "\-\-bank-depth: bank_depth=100 out of range \[384, 16777216\]"
[ ! -e "$t/x" ] || { echo "FAIL: $t/x left behind by subsystem"; fail=1; }
[ $fail -eq 0 ] && echo "gen CLI: all checks passed"
exit $fail
