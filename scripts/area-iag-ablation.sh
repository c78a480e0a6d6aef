#!/usr/bin/env bash
# Ablation of the unified UMTS IAG (docs/rtl-iag-umts.md, "Cost of the unified design"): where the
# logic that the inverse mode adds goes. Generates fg_iag_umts_p<P> and its forward-only twin with
# `fecforge area` (--keep: design, area.ys, stat.json), then for each CUT synthesizes a copy of the
# unified top in which one block is cut (its output tied to the forward value or a constant; signals
# that only fed it routed to new output ports so Yosys keeps the logic upstream), with the same
# area.ys, one Yosys at a time, and prices stat.json with the GE table of cli/cmd_area.c.
# Prints one markdown row per cut: the top module's GE and flip-flops and the saving against the
# unified design. No product file is changed; everything is written under WORK.
#
# usage: scripts/area-iag-ablation.sh [-p PLLR] [-f path/to/fecforge] [-w WORK] [CUT...]
#        (no CUT: all single cuts, then ALL = every cut together without the keep ports;
#        A+B+C: those cuts together, without keep ports; A+: cut A without its keep ports)
#        scripts/area-iag-ablation.sh -l      list the cuts
# Results and method: docs/rtl-iag-umts.md, "Cost of the unified design".
# needs: yosys (Debian package yosys), python3. PLLR 8: about 1 min per cut on a loaded 2-core
# machine; PLLR 32: 1.5-3.5 min.
set -euo pipefail
P=8; F=build/cli/fecforge; W=${TMPDIR:-/tmp}/fg-iag-ablation; LIST=0
while getopts "p:f:w:l" o; do
  case $o in p) P=$OPTARG ;; f) F=$OPTARG ;; w) W=$OPTARG ;; l) LIST=1 ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
mkdir -p "$W"
PY=$W/ablate.py
cat > "$PY" <<'EOF'
import json, re, sys
# ---- cuts: exact replacements in the unified top (each must match once); k1 / kl: signals kept
# alive on new output ports (once / per lane); port: an extra port the replacement itself drives.
CUTS = {
 # once (preprocessing unit)
 "mrom": dict(rep=[("mm_q[rom_t] <= rom_m;", "mm_q[rom_t] <= rom_q;")]),
 "mrank_file": dict(rep=[("assign rowv[e] = inverse_q ? {mm_q[e], rk_q[e]} :",
                          "assign rowv[e] = inverse_q ? {rr_q[(e+1)%20], t_q[(e+1)%20]} :")], k1=["rom_m"]),
 "m_file": dict(rep=[("assign rowv[e] = inverse_q ? {mm_q[e], rk_q[e]} :",
                      "assign rowv[e] = inverse_q ? {rr_q[(e+1)%20], rk_q[e]} :")], k1=["rom_m"]),
 "rank_file": dict(rep=[("assign rowv[e] = inverse_q ? {mm_q[e], rk_q[e]} :",
                         "assign rowv[e] = inverse_q ? {mm_q[e], t_q[(e+1)%20]} :")]),
 "rowv_mux": dict(rep=[("assign rowv[e] = inverse_q ? {mm_q[e], rk_q[e]} : {rr_q[e], t_q[e]};",
                        "assign rowv[e] = {rr_q[e], t_q[e]};\n      // abl_rowv")],
                  port="output wire [259:0] abl_rowv_o"),
 "sfill_fold": dict(rep=[("wire [7:0] fill_waddr = fill_lo ? {1'b0, ctr_q[6:0]} : {1'b1, fill_neg ? fill_mir[6:0] : fill_u[6:0]};",
                          "wire [7:0] fill_waddr = ctr_q[7:0];"),
                         ("wire [7:0] fill_wdata = fill_lo ? scur_m1 : fill_neg ? j_mh : ctr_q[7:0];",
                          "wire [7:0] fill_wdata = scur_m1;")]),
 "corr_fold": dict(rep=[("wire [7:0] pre_s_raddr = {1'b0, pre_neg ? pre_fold[6:0] : pk_y[6:0]};",
                         "wire [7:0] pre_s_raddr = pk_y[7:0];"),
                        ("wire [8:0] pc_s = pc_neg_q ? pm1 - {1'b0, s0_rd} : {1'b0, s0_rd} + 9'd1;",
                         "wire [8:0] pc_s = {1'b0, s0_rd} + 9'd1;")]),
 "cnt_collect": dict(rep=[("wire [7:0] pw_cnt_now = grp0 ? cnt_q : pw_cnt_q;", "wire [7:0] pw_cnt_now = 8'd0;")]),
 "dm_collect": dict(rep=[("wire [15:0] pw_dm_now = (grp0 ? 16'd0 : pw_dm_q) | ({15'd0, dm_new} << corr_j[3:0]);",
                          "wire [15:0] pw_dm_now = {16{dm_new}};"),
                         ("wire corr_we = rst_ni && ph_q == PH_CORR && pc_v_q && (corr_j[3:0] == 4'hf || {1'b0, corr_j} == c_q - 9'd1);",
                          "wire corr_we = rst_ni && ph_q == PH_CORR && pc_v_q;")]),
 "fold_consts": dict(rep=[("wire [7:0] fold_thr = inverse_q ? lthr : h8;", "wire [7:0] fold_thr = h8;"),
                          ("wire [7:0] fold_k = inverse_q ? lmir + 8'd1 : 8'd0 - h8;", "wire [7:0] fold_k = 8'd0 - h8;"),
                          ("wire [8:0] badd0 = inverse_q ? 9'd0 : {8'd0, !c_is_pm1};", "wire [8:0] badd0 = {8'd0, !c_is_pm1};"),
                          ("wire [8:0] badd1 = inverse_q ? {1'b0, h8} : c_is_pm1 ? pm1 : p_q;", "wire [8:0] badd1 = c_is_pm1 ? pm1 : p_q;")]),
 "inv_seeds": dict(rep=[("wire [12:0] sd_base = sd_rows ? acc_q : cs_q;", "wire [12:0] sd_base = cs_q;"),
                        ("wire [13:0] sd_end = {1'b0, sd_base} + (sd_rows ? {5'd0, c_q} : {9'd0, nv});",
                         "wire [13:0] sd_end = {1'b0, cs_q} + {9'd0, nv};"),
                        ("maj_d = inverse_i ? {5'd0, sd_row_q} : {2'b00, sd_j_q};", "maj_d = {2'b00, sd_j_q};"),
                        ("mnr_d = inverse_i ? sd_col_q : {3'd0, sd_m_q};", "mnr_d = {3'd0, sd_m_q};")]),
 # per lane
 "popcount": dict(rep=[("wire [8:0] cnt_c = {1'b0, corr_rd[23:16]} + {4'd0, pc};", "wire [8:0] cnt_c = 9'd0;")]),
 "bitsel": dict(rep=[("wire dm_bit = pw_dm[ra_lo_q];", "wire dm_bit = pw_dm[0];")]),
 "pram_addr_mux": dict(rep=[(".raddr_i(inverse_q ? jp[7:4] : ra[7:4])", ".raddr_i(ra[7:4])")]),
 "kernel_mux": dict(rep=[(".a_i({1'b0, inverse_q ? a_w_q[12:5] : jc[7:0]}), .b_i(inverse_q ? b_sum : {1'b0, rw[12:5]}),",
                          ".a_i({1'b0, jc[7:0]}), .b_i({1'b0, rw[12:5]}),")], kl=["a_w_q[12:5]"]),
 "aw_reg": dict(rep=[(".a_i({1'b0, inverse_q ? a_w_q[12:5] : jc[7:0]})", ".a_i({1'b0, inverse_q ? rw[12:5] : jc[7:0]})")]),
 "madd_mux": dict(rep=[("wire [12:0] o_mx = {8'd0, b_inv_q ? ru_q : b_x_q};", "wire [12:0] o_mx = {8'd0, b_x_q};"),
                       ("wire [12:0] o_my = {4'd0, b_inv_q ? b_y_q : c_q};", "wire [12:0] o_my = {4'd0, c_q};"),
                       ("wire [12:0] o_add = b_inv_q ? {8'd0, b_x_q} - {4'd0, cnt_c} : {4'd0, b_y_q};",
                        "wire [12:0] o_add = {4'd0, b_y_q};")], kl=["{8'd0, b_x_q} - {4'd0, cnt_c}"]),
 "lane_fold": dict(rep=[("wire [7:0] s_raddr_l = {inverse_q, neg ? fold[6:0] : v8[6:0]};", "wire [7:0] s_raddr_l = v8;"),
                        ("wire [8:0] b_sum = ({1'b0, s_rd} ^ {9{a_neg_q & ~inverse_q}}) + (a_neg_q ? badd1 : badd0);",
                         "wire [8:0] b_sum = {1'b0, s_rd} + badd0;")], k1=["fold_thr", "fold_k", "badd1"]),
 "ram_addr_mux": dict(rep=[("wire [7:0] v8 = inverse_q ? mnr_q : f_v;", "wire [7:0] v8 = f_v;"),
                           ("wire [7:0] s_raddr_l = {inverse_q, neg ? fold[6:0] : v8[6:0]};",
                            "wire [7:0] s_raddr_l = {1'b0, neg ? fold[6:0] : v8[6:0]};", "opt")]),
 "stageA_consts": dict(rep=[("wire sel_n = inverse_q ? i_sel : f_sel;", "wire sel_n = f_sel;"),
                            ("wire [8:0] cval_n = inverse_q ? i_cval : f_cval;", "wire [8:0] cval_n = f_cval;"),
                            ("wire [8:0] u9 = inverse_q ? {1'b0, mnr_q} : jc;", "wire [8:0] u9 = jc;"),
                            ("wire last = exch_q && (inverse_q ? maj_q[4:0] : rw[4:0]) == rr_n_q - 5'd1;",
                             "wire last = exch_q && rw[4:0] == rr_n_q - 5'd1;")]),
 "stageB_mux": dict(rep=[("b_y_d = inverse_q ? jp : u_fwd;", "b_y_d = u_fwd;")]),
 "rw_index_mux": dict(rep=[("wire [12:0] rw = rowv[inverse_q ? maj_q[4:0] : fi];", "wire [12:0] rw = rowv[fi];")]),
 "mnr_width": dict(rep=[("mnr_q <= mnr_d;", "mnr_q <= {3'd0, mnr_d[4:0]};")]),
 "limit_mux": dict(rep=[("wire signed [9:0] lim_up = inverse_q ? $signed({1'b0, c_q}) : $signed({5'd0, ru_q - {4'd0, dm_q}});",
                         "wire signed [9:0] lim_up = $signed({5'd0, ru_q - {4'd0, dm_q}});"),
                        ("wire signed [9:0] lim_dn = inverse_q ? $signed({1'b0, c_q}) : $signed({5'd0, ru_q - {4'd0, dmn}});",
                         "wire signed [9:0] lim_dn = $signed({5'd0, ru_q - {4'd0, dmn}});")]),
}
# ALL: every cut at once, no keep ports (mrom, the m and rank files and aw_reg are implied by rowv_mux and
# kernel_mux without their keep ports). A+B+C: those cuts together, without keep ports.
ALL = [c for c in CUTS if c not in ("mrom", "mrank_file", "m_file", "rank_file", "aw_reg")]

def ablate(src, dst, names, nokeep):
    t = open(src).read()
    P = int(re.search(r"localparam integer P = (\d+);", t).group(1))
    k1, kl, ports = [], [], []
    for n in names:
        v = CUTS[n]
        for r in v["rep"]:
            c = t.count(r[0])
            if c == 0 and len(r) > 2 and len(names) > 1:
                continue  # already replaced by another cut
            if c != 1:
                sys.exit("ablate: cut %s: %r matches %d times" % (n, r[0], c))
            t = t.replace(r[0], r[1])
        if nokeep:
            continue
        k1 += v.get("k1", []); kl += v.get("kl", [])
        ports += [v["port"]] if "port" in v else []
    if not nokeep:
        t = t.replace("      // abl_rowv", "      assign abl_rowv_o[e*13+:13] = {mm_q[e], rk_q[e]};")
    if k1:
        ports.append("output wire [%d:0] abl_k1_o" % (16 * len(k1) - 1))
        t = t.replace("  assign ready_o = ready_q;\n", "  assign ready_o = ready_q;\n" + "".join(
            "  assign abl_k1_o[%d+:16] = {7'd0, %s};\n" % (16 * i, s) for i, s in enumerate(k1)), 1)
    if kl:
        w = 16 * len(kl)
        ports.append("output wire [%d:0] abl_kl_o" % (w * P - 1))
        t = t.replace("      assign lane_valid_o[l] = o_v_q;\n", "      assign lane_valid_o[l] = o_v_q;\n" + "".join(
            "      assign abl_kl_o[l*%d+%d+:16] = {3'd0, %s};\n" % (w, 16 * i, s) for i, s in enumerate(kl)), 1)
    if ports:
        m = re.search(r"(    output wire \[\d+:0\] lane_addr_o)(  //[^\n]*)?\n\);", t)
        t = t[:m.start()] + m.group(1) + "".join(",\n    " + p for p in ports) + "\n);" + t[m.end():]
    open(dst, "w").write(t)

# ---- GE pricing: the tables of cli/cmd_area.c (GE_COMB, GE_SEQ) ----
COMB = {"$_BUF_": 1.00, "$_NOT_": 0.67, "$_NAND_": 1.00, "$_NOR_": 1.00, "$_AND_": 1.33, "$_OR_": 1.33,
        "$_ANDNOT_": 1.33, "$_ORNOT_": 1.33, "$_XOR_": 2.00, "$_XNOR_": 2.00, "$_MUX_": 2.33, "$_NMUX_": 2.33,
        "$_AOI3_": 1.33, "$_OAI3_": 1.33, "$_AOI4_": 1.67, "$_OAI4_": 1.67}
SEQ = [("DFF", 1, 5.67, 6.67), ("DFFE", 2, 8.00, 9.00), ("SDFF", 3, 7.00, 0), ("SDFFE", 4, 9.33, 0),
       ("SDFFCE", 4, 9.33, 0), ("DFFSR", 3, 8.00, 0), ("DFFSRE", 4, 10.33, 0), ("ALDFF", 2, 8.00, 0),
       ("ALDFFE", 3, 10.33, 0), ("DLATCH", 1, 3.00, 4.00), ("DLATCHSR", 3, 4.00, 0), ("SR", 2, 2.00, 0)]

def price(types):
    ge = ff = 0.0
    for t, n in types.items():
        if not t.startswith("$_"):
            continue  # SRAM black boxes, submodule instances
        if t in COMB:
            ge += COMB[t] * n; continue
        fam, _, pol = t[2:-1].partition("_")
        g = [e[2] if len(pol) == e[1] else e[3] if e[3] and len(pol) == e[1] + 2 else None for e in SEQ if e[0] == fam]
        if not g or g[0] is None:
            sys.exit("price: no GE value for %s" % t)
        ge += g[0] * n; ff += n
    return ge, int(ff)

def stat(path):
    """(design GE, design flip-flops, top module GE, top flip-flops, fg_mulmod GE each, fg_mulmod instances)"""
    d = json.load(open(path))
    ge, ff = price(d["design"]["num_cells_by_type"])
    top = ker = (0.0, 0)
    for name, m in d["modules"].items():
        if "fg_mulmod" in name:
            ker = price(m.get("num_cells_by_type", {}))
        else:
            top = price(m.get("num_cells_by_type", {}))
    return ge, ff, top[0], top[1], ker[0]

if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "list":
        print(" ".join(CUTS) + " ALL")
    elif cmd == "ablate":
        names = ALL if sys.argv[4] == "ALL" else [n for n in sys.argv[4].split("+") if n]
        ablate(sys.argv[2], sys.argv[3], names, sys.argv[4] == "ALL" or "+" in sys.argv[4])
    elif cmd == "stat":
        print("%.2f %d %.2f %d %.2f" % stat(sys.argv[2]))
EOF
if [ $LIST = 1 ]; then python3 "$PY" list; exit 0; fi
[ $# -gt 0 ] || set -- $(python3 "$PY" list)
top=fg_iag_umts_p$P
for v in unified fwd; do  # the two designs as `fecforge area` reports them (--keep: area.ys, stat.json)
  [ -f "$W/$v/stat.json" ] && continue
  rm -rf "$W/$v"
  nice -n 19 "$F" area iag --std umts --pllr "$P" $([ $v = fwd ] && echo --forward-only) --keep "$W/$v" --json > "$W/$v.json"
done
read -r uge uff utop utff uker <<<"$(python3 "$PY" stat "$W/unified/stat.json")"
read -r fge fff ftop ftff fker <<<"$(python3 "$PY" stat "$W/fwd/stat.json")"
python3 - "$W/unified.json" "$uge" <<'EOF'  # the pricing must reproduce `fecforge area`
import json, sys
r = json.load(open(sys.argv[1]))
if abs(r["ge"] - float(sys.argv[2])) > 0.01:
    sys.exit("area-iag-ablation: priced %s GE, fecforge area says %s" % (sys.argv[2], r["ge"]))
EOF
echo "PLLR $P: unified $uge GE (top $utop, $utff FF; fg_mulmod $uker each), forward-only $fge GE (top $ftop, $ftff FF; fg_mulmod $fker each)"
echo "top-module difference: $(python3 -c "print('%.2f' % ($utop - $ftop))") GE, $((utff - ftff)) FF"
echo
echo "| cut | top GE | saving (GE) | FF saved | fg_mulmod GE each | yosys s |"
echo "|---|---|---|---|---|---|"
for c in "$@"; do
  d=$W/cut-$c; rm -rf "$d"; mkdir -p "$d"
  cp "$W/unified/area.ys" "$W/unified/fg_mulmod.v" "$W/unified/fg_sram_1r1w.v" "$d/"
  python3 "$PY" ablate "$W/unified/$top.v" "$d/$top.v" "$c"
  s=$(date +%s)
  (cd "$d" && nice -n 19 yosys -q -l yosys.log -s area.ys)
  read -r ge ff tge tff ker <<<"$(python3 "$PY" stat "$d/stat.json")"
  echo "| $c | $tge | $(python3 -c "print('%.2f' % ($utop - $tge))") | $((utff - tff)) | $ker | $(( $(date +%s) - s )) |"
done
