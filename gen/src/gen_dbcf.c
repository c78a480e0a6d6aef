/* fecforge gen dbcf: the DBCF write network as Verilog-2005, the twin of fg_dbcf_step
 * (cmodel/src/dbcf/dbcf.c); structure and timing in docs/rtl-dbcf.md. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"

#include <stdio.h>
#include <string.h>

static int clog2(long n) /* bits to index n things, at least 1 */
{
    int b = 0;
    while ((1L << b) < n)
        b++;
    return b ? b : 1;
}

static int max2(int a, int b) { return a > b ? a : b; }
static int min2(int a, int b) { return a < b ? a : b; }

int fg_gen_dbcf_default_bank_depth(int pllr, int banks)
{
    static const fg_bank_mapping maps[] = {FG_MAP_XMAP, FG_MAP_XMAP_XOR, FG_MAP_MOD, FG_MAP_BLOCK};
    enum { K_LARGEST = 6144 }; /* LTE; every UMTS block (<= 5114) is smaller */
    int depth = (K_LARGEST + banks - 1) / banks;
    fg_xmap_schedule s;
    if (fg_xmap_schedule_init(&s, K_LARGEST, pllr))
        return depth;
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        fg_bank_map m;
        if (!fg_bank_map_init(&m, maps[i], banks, &s))
            depth = max2(depth, m.depth);
    }
    fg_clear_error();
    return depth;
}

fg_gen_dbcf_cfg fg_gen_dbcf_cfg_default(void)
{
    fg_gen_dbcf_cfg c = {.dbcf = fg_dbcf_cfg_default(), .width = 8};
    c.bank_depth = fg_gen_dbcf_default_bank_depth(c.dbcf.pllr, c.dbcf.banks);
    return c;
}

int fg_gen_dbcf_check(const fg_gen_dbcf_cfg *c)
{
    int rc = fg_dbcf_cfg_check(&c->dbcf);
    if (rc)
        return rc;
    if (c->width < 1 || c->width > FG_GEN_WIDTH_MAX)
        return fg_set_error(FG_EINVAL, "width=%d out of range [1, %d]", c->width, FG_GEN_WIDTH_MAX);
    if (c->bank_depth < 1 || c->bank_depth > FG_GEN_BANK_DEPTH_MAX)
        return fg_set_error(FG_EINVAL, "bank_depth=%d out of range [1, %d]", c->bank_depth, FG_GEN_BANK_DEPTH_MAX);
    return 0;
}

void fg_gen_dbcf_dims_of(const fg_gen_dbcf_cfg *c, fg_gen_dbcf_dims *d)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    d->slots = 2 * b->pllr;
    d->select = b->select == FG_DBCF_SELECT_ALL ? d->slots : b->select;
    d->bank_w = clog2(b->banks);
    d->row_w = clog2(c->bank_depth);
    d->data_w = c->width;
    /* One width for every level, limit and rank: holds F, B + 1 and the 2*PLLR slots. */
    d->count_w = clog2(max2(max2(b->fifo_depth, b->buf_depth + 1), d->slots) + 1);
    d->slot_w = clog2(d->slots);
}

void fg_gen_dbcf_name(const fg_gen_dbcf_cfg *c, char *buf, size_t n)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    snprintf(buf, n, "fg_dbcf_p%d_m%d_s%d_f%d_b%d%s%s", b->pllr, b->banks, d.select, b->fifo_depth, b->buf_depth,
             b->offer == FG_DBCF_OFFER_HEAD ? "_head" : "", c->external_banks ? "_xb" : "");
}

static void params_text(const fg_gen_dbcf_cfg *c, char *buf, size_t n)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    snprintf(buf, n,
             "pllr=%d banks=%d select=%d fifo_depth=%d buf_depth=%d offer=%s lfsr_seed=0x%04X width=%d bank_depth=%d%s",
             b->pllr, b->banks, d.select, b->fifo_depth, b->buf_depth, b->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual",
             b->lfsr_seed, c->width, c->bank_depth, c->external_banks ? " external_banks=1" : "");
}

/* Port list: name, direction, width; shared by the Verilog, the manifest and the testbench. */
typedef fg_gen_port port_t;

static int ports_of(const fg_gen_dbcf_cfg *c, port_t *p)
{
    const int P = c->dbcf.pllr, M = c->dbcf.banks;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    const port_t all[] = {
        {"clk_i", 0, 1, "clock"},
        {"rst_ni", 0, 1, "synchronous active-low reset"},
        {"lane_valid_i", 0, P, "lane l offers a new word (bit l)"},
        {"lane_bank_i", 0, P * d.bank_w, "target bank of lane l's word ([l*BW +: BW])"},
        {"lane_row_i", 0, P * d.row_w, "row inside the bank"},
        {"lane_data_i", 0, P * d.data_w, "payload (LLR)"},
        {"bank_rd_row_i", 0, M * d.row_w, "read port: row of bank b to read ([b*RW +: RW])"},
        {"accept_new_o", 1, P, "lane's new word admitted by the router"},
        {"accept_head_o", 1, P, "lane's FIFO head admitted (popped)"},
        {"reject_o", 1, P, "lane's new word neither admitted nor queued"},
        {"fifo_level_o", 1, P * d.count_w, "registered FIFO level of lane l ([l*CW +: CW])"},
        {"bank_we_o", 1, M, "bank b writes this cycle"},
        {"bank_row_o", 1, M * d.row_w, "row of bank b's write (0 when no write)"},
        {"bank_data_o", 1, M * d.data_w, "data of bank b's write (0 when no write)"},
        {"buf_level_o", 1, M * d.count_w, "registered circular-buffer level of bank b"},
        {"bank_rd_data_o", 1, M * d.data_w, "read port: bank b's row bank_rd_row_i of the previous cycle (latency 1)"},
        {"overflow_o", 1, 1, "sticky register: a word was rejected (lost) since the reset"},
        {"done_o", 1, 1, "no word pending: every FIFO and buffer empty (registered levels)"},
    };
    int n = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (!c->external_banks || strncmp(all[i].name, "bank_rd_", 8))
            p[n++] = all[i];
    return n;
}

enum { PORTS_MAX = 24 };

/* A level of CW bits from one of n bits (n <= CW): "{{(CW-n){1'b0}}, x}" or "x". */
static void zext(char *buf, size_t len, const char *x, int n, int cw)
{
    if (n < cw)
        snprintf(buf, len, "{%d'd0, %s}", cw - n, x);
    else
        snprintf(buf, len, "%s", x);
}

static void emit_top(FILE *f, const fg_gen_dbcf_cfg *c, const char *name)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    const int P = b->pllr, M = b->banks, F = b->fifo_depth, B = b->buf_depth;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    const int S = d.select, NR = min2(S, B + 1);
    const int FCW = clog2(F + 1), BCW = clog2(B + 1); /* the FIFO's and the buffer's own level widths */
    char params[512], ext[96];
    params_text(c, params, sizeof params);
    fg_gen_header(f, c->external_banks ? "DBCF write network: lane FIFOs, LFSR priority, sorting router, bank circular "
                                         "buffers with bypass; the bank SRAMs are the owner's (docs/rtl-dbcf.md; "
                                         "cycle-exact twin of fg_dbcf_step)"
                                       : "DBCF write network: lane FIFOs, LFSR priority, sorting router, bank circular "
                                         "buffers with bypass + bank SRAMs (docs/rtl-dbcf.md; cycle-exact twin of "
                                         "fg_dbcf_step)",
                  params);
    port_t ports[PORTS_MAX];
    const int np = ports_of(c, ports);
    fprintf(f, "`default_nettype none\nmodule %s (\n", name);
    fg_gen_port_list(f, ports, np);
    fprintf(f,
            "  localparam integer P = %d;  // lanes\n"
            "  localparam integer M = %d;  // banks\n"
            "  localparam integer NS = %d;  // request slots: 2l = lane l's FIFO head, 2l+1 its new word\n"
            "  localparam integer BW = %d, RW = %d, W = %d;  // bank, row, data bits\n"
            "  localparam integer D = %d;  // rows per bank SRAM%s\n"
            "  localparam integer CW = %d;  // level ports\n"
            "  localparam integer SW = %d;  // start slot\n"
            "  localparam integer LW = BW + RW + W;  // lane word {bank, row, data}\n"
            "  localparam integer QW = RW + W;  // buffered word {row, data}\n"
            "  localparam integer NR = %d;  // most words a bank admits per cycle: min(S = %d, B + 1)\n\n",
            P, M, d.slots, d.bank_w, d.row_w, d.data_w, c->external_banks ? 0 : c->bank_depth,
            c->external_banks ? " (0: outside, written from bank_we_o, bank_row_o, bank_data_o)" : "", d.count_w,
            d.slot_w, NR, S);

    /* Priority: start slot (lfsr * NS) >> 16. */
    const unsigned taps = fg_dbcf_lfsr_next(1); /* the model's tap mask: next(1) = taps */
    fprintf(f,
            "  // Priority LFSR (fg_dbcf_lfsr_next) and the start slot (lfsr * NS) >> 16.\n"
            "  wire [15:0] lfsr;\n"
            "  fg_lfsr16 #(.SEED(16'h%04X), .TAPS(16'h%04X)) u_lfsr (.clk_i(clk_i), .rst_ni(rst_ni), .state_o(lfsr));\n"
            "  localparam [16+SW-1:0] NS_MUL = %d;\n"
            "  wire [SW-1:0] start;\n"
            "  wire [15:0] unused_prod_lo;\n"
            "  assign {start, unused_prod_lo} = {{SW{1'b0}}, lfsr} * NS_MUL;\n\n",
            b->lfsr_seed, taps, d.slots);

    /* Lanes: slots, FIFOs, accept/reject. */
    fprintf(f,
            "  // Candidates: slot 2l = FIFO head (FIFO not empty), slot 2l+1 = new word (%s).\n"
            "  wire [NS-1:0] slot_valid;\n"
            "  wire [LW*NS-1:0] slot_word;  // {bank, row, data} of slot s at [s*LW +: LW]\n"
            "  wire [NS-1:0] admitted;  // slot admitted by its bank\n"
            "  genvar l, b, s;\n"
            "  generate\n"
            "    for (l = 0; l < P; l = l + 1) begin : g_lane\n"
            "      wire [LW-1:0] new_word = {lane_bank_i[l*BW+:BW], lane_row_i[l*RW+:RW], lane_data_i[l*W+:W]};\n"
            "      wire not_taken = lane_valid_i[l] & ~admitted[2*l+1];\n",
            b->offer == FG_DBCF_OFFER_DUAL ? "valid; offered together with the head" : "valid and the FIFO empty");
    if (F > 0) {
        zext(ext, sizeof ext, "level", FCW, d.count_w);
        fprintf(f,
                "      localparam [%d:0] F_FULL = %d;\n"
                "      wire [%d:0] level;\n"
                "      wire [LW-1:0] head;\n"
                "      // Pop first, then push if there is room; else the new word is rejected.\n"
                "      wire room = (level != F_FULL) | admitted[2*l];\n"
                "      fg_fifo #(.W(LW), .DEPTH(%d), .CW(%d)) u_fifo (\n"
                "          .clk_i(clk_i), .rst_ni(rst_ni), .push_i(not_taken & room), .data_i(new_word),\n"
                "          .pop_i(admitted[2*l]), .head_o(head), .level_o(level));\n"
                "      wire head_valid = level != %d'd0;\n"
                "      wire new_valid = lane_valid_i[l]%s;\n"
                "      assign reject_o[l] = not_taken & ~room;\n"
                "      assign fifo_level_o[l*CW+:CW] = %s;\n",
                FCW - 1, F, FCW - 1, F, FCW, FCW, b->offer == FG_DBCF_OFFER_DUAL ? "" : " & ~head_valid", ext);
    } else {
        fprintf(f,
                "      // No FIFO: a new word that is not admitted is rejected.\n"
                "      wire [LW-1:0] head = {LW{1'b0}};\n"
                "      wire head_valid = 1'b0;\n"
                "      wire new_valid = lane_valid_i[l];\n"
                "      assign reject_o[l] = not_taken;\n"
                "      assign fifo_level_o[l*CW+:CW] = {CW{1'b0}};\n");
    }
    fprintf(f,
            "      assign slot_valid[2*l] = head_valid;\n"
            "      assign slot_valid[2*l+1] = new_valid;\n"
            "      assign slot_word[2*l*LW+:LW] = head;\n"
            "      assign slot_word[(2*l+1)*LW+:LW] = new_word;\n"
            "      assign accept_head_o[l] = admitted[2*l];\n"
            "      assign accept_new_o[l] = admitted[2*l+1];\n"
            "    end\n"
            "  endgenerate\n\n");

    /* Router: sort, ranks, compaction, expansion; banks; admissions back. */
    fprintf(f,
            "  // Router (docs/rtl-dbcf.md \"Structure\"). Sort the slots by {invalid, bank, visit index}: the\n"
            "  // visit index (slot - start) mod NS makes the keys unique and puts each bank's requests in\n"
            "  // visit order, invalid slots last.\n"
            "  localparam integer KW = 1 + BW + SW;  // sort key\n"
            "  localparam integer EW = KW + QW;      // sorted word {key, row, data}\n"
            "  localparam integer DW = %d;  // bank ports M * NR\n"
            "  wire [NS*EW-1:0] unsorted, sorted;\n"
            "  wire [NS-1:0] sorted_adm;  // admission of the word at each sorted position\n"
            "  generate\n"
            "    for (s = 0; s < NS; s = s + 1) begin : g_key\n"
            "      localparam integer SN = s;\n"
            "      localparam [SW:0] SI = SN[SW:0];\n"
            "      localparam [SW:0] NSI = NS[SW:0];\n"
            "      wire [SW:0] diff = SI - {1'b0, start};\n"
            "      wire [SW:0] visit = SI >= {1'b0, start} ? diff : diff + NSI;  // (s - start) mod NS\n"
            "      wire [LW-1:0] wd = slot_word[s*LW+:LW];\n"
            "      // An invalid slot's bank is forced to 0: its word may be anything (an empty FIFO's head).\n"
            "      assign unsorted[s*EW+:EW] = {~slot_valid[s], wd[QW+:BW] & {BW{slot_valid[s]}}, visit[SW-1:0], wd[QW-1:0]};\n"
            "      wire unused_visit = visit[SW];\n"
            "    end\n"
            "  endgenerate\n"
            "  fg_sort_net #(.N(NS), .KW(KW), .PW(QW)) u_sort (\n"
            "      .x_i(unsorted), .y_o(sorted), .ret_i(sorted_adm), .ret_o(admitted));\n\n"
            "  // Ranks and routes of the sorted words: kept = valid, bank < M, rank < NR; z = the compaction's\n"
            "  // shift, e = the expansion's (fg_dbcf_dest).\n"
            "  wire [NS-1:0] s_valid, keep;\n"
            "  wire [NS*BW-1:0] s_bank;\n"
            "  wire [NS*SW-1:0] z;\n"
            "  wire [NS*DW-1:0] e;\n"
            "  wire [NS*(DW+QW)-1:0] to_compact;  // {e, row, data} per sorted position\n"
            "  generate\n"
            "    for (s = 0; s < NS; s = s + 1) begin : g_sorted\n"
            "      wire [EW-1:0] wd = sorted[s*EW+:EW];\n"
            "      assign s_valid[s] = ~wd[EW-1];\n"
            "      assign s_bank[s*BW+:BW] = wd[QW+SW+:BW];\n"
            "      assign to_compact[s*(DW+QW)+:DW+QW] = {e[s*DW+:DW], wd[QW-1:0]};\n"
            "      wire [SW-1:0] unused_visit = wd[QW+:SW];\n"
            "    end\n"
            "  endgenerate\n"
            "  fg_dbcf_dest #(.N(NS), .BW(BW), .M(M), .NR(NR), .SW(SW), .DW(DW)) u_dest (\n"
            "      .valid_i(s_valid), .bank_i(s_bank), .keep_o(keep), .z_o(z), .e_o(e));\n\n"
            "  // Compaction (kept words to positions 0, 1, ...), then expansion (each to its bank port\n"
            "  // bank * NR + rank); the banks' admissions travel back the same way.\n"
            "  wire [NS-1:0] c_valid, c_ret;\n"
            "  wire [NS*(DW+QW)-1:0] compacted;\n"
            "  fg_route_shift #(.NI(NS), .NO(NS), .W(DW + QW), .SHW(SW), .RIGHT(0)) u_compact (\n"
            "      .valid_i(keep), .sh_i(z), .x_i(to_compact), .valid_o(c_valid), .x_o(compacted), .ret_i(c_ret),\n"
            "      .ret_o(sorted_adm));\n"
            "  wire [NS*DW-1:0] c_e;\n"
            "  wire [NS*QW-1:0] c_word;\n"
            "  generate\n"
            "    for (s = 0; s < NS; s = s + 1) begin : g_compacted\n"
            "      assign {c_e[s*DW+:DW], c_word[s*QW+:QW]} = compacted[s*(DW+QW)+:DW+QW];\n"
            "    end\n"
            "  endgenerate\n"
            "  wire [M*NR-1:0] port_valid, port_acc;\n"
            "  wire [M*NR*QW-1:0] port_word;\n"
            "  fg_route_shift #(.NI(NS), .NO(M * NR), .W(QW), .SHW(DW), .RIGHT(1)) u_expand (\n"
            "      .valid_i(c_valid), .sh_i(c_e), .x_i(c_word), .valid_o(port_valid), .x_o(port_word), .ret_i(port_acc),\n"
            "      .ret_o(c_ret));\n\n",
            clog2((long)M * NR));
    zext(ext, sizeof ext, "level", BCW, d.count_w);
    fprintf(f,
            "  // Banks: each admits up to min(S, B + 1 - occ) of the words at its NR ports, writes its oldest\n"
            "  // buffered word or bypasses the first admitted one, and buffers the others (fg_dbcf_bank).\n"
            "  generate\n"
            "    for (b = 0; b < M; b = b + 1) begin : g_bank\n"
            "      wire [%d:0] level;\n%s"
            "      fg_dbcf_bank #(.NR(NR), .B(%d), .RW(RW), .W(W), .D(D), .CW(%d)) u_bank (\n"
            "          .clk_i(clk_i), .rst_ni(rst_ni), .port_valid_i(port_valid[b*NR+:NR]),\n"
            "          .port_word_i(port_word[b*NR*QW+:NR*QW]), .acc_o(port_acc[b*NR+:NR]),\n"
            "          .we_o(bank_we_o[b]), .row_o(bank_row_o[b*RW+:RW]), .data_o(bank_data_o[b*W+:W]), .level_o(level),\n"
            "          %s);\n"
            "      assign buf_level_o[b*CW+:CW] = %s;\n"
            "    end\n"
            "  endgenerate\n\n",
            BCW - 1, c->external_banks ? "      wire [W-1:0] unused_rd_data;  // 0: no SRAM\n" : "", B, BCW,
            c->external_banks ? ".rd_row_i({RW{1'b0}}), .rd_data_o(unused_rd_data)"
                              : ".rd_row_i(bank_rd_row_i[b*RW+:RW]), .rd_data_o(bank_rd_data_o[b*W+:W])",
            ext);
    fprintf(f,
            "  // Flags: overflow_o a sticky register set by any reject (fg_dbcf_overflow); done_o combinational\n"
            "  // in the registered levels only (fg_dbcf_empty): no word in any FIFO or buffer.\n"
            "  reg overflow_q;\n"
            "  always @(posedge clk_i) begin\n"
            "    if (!rst_ni) overflow_q <= 1'b0;\n"
            "    else if (|reject_o) overflow_q <= 1'b1;\n"
            "  end\n"
            "  assign overflow_o = overflow_q;\n"
            "  assign done_o = (fifo_level_o == {P*CW{1'b0}}) && (buf_level_o == {M*CW{1'b0}});\n");
    fprintf(f, "endmodule\n`default_nettype wire\n");
}

static void emit_manifest(FILE *f, const fg_gen_dbcf_cfg *c, const char *name, const fg_gen_out *o)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    fprintf(f,
            "{\n  \"tool\": {\"name\": \"fecforge gen\", \"version\": \"%s\", \"git\": \"%s\"},\n"
            "  \"design\": \"dbcf\",\n  \"top\": \"%s\",\n"
            "  \"parameters\": {\"pllr\": %d, \"banks\": %d, \"select\": %d, \"fifo_depth\": %d, \"buf_depth\": %d,\n"
            "    \"offer\": \"%s\", \"lfsr_seed\": %u, \"lfsr_taps\": %u, \"width\": %d, \"bank_depth\": %d},\n"
            "  \"widths\": {\"bank\": %d, \"row\": %d, \"data\": %d, \"level\": %d, \"start_slot\": %d},\n"
            "  \"latency_cycles\": 0,\n"
            "  \"bank_read_latency_cycles\": 1,\n"
            "  \"timing\": \"outputs of cycle t are combinational in the registered state and the inputs of cycle t; "
            "levels, overflow_o and done_o are the registered state; a word can reach its bank in the cycle it arrives "
            "(bypass); bank_rd_data_o in cycle t+1 is row bank_rd_row_i of cycle t before the edge ending cycle t "
            "(fg_sram_1r1w, %d x %d bits per bank)\",\n"
            "  \"ports\": [\n",
            fg_version(), fg_git_hash(), name, b->pllr, b->banks, d.select, b->fifo_depth, b->buf_depth,
            b->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual", b->lfsr_seed, (unsigned)fg_dbcf_lfsr_next(1), c->width,
            c->bank_depth, d.bank_w, d.row_w, d.data_w, d.count_w, d.slot_w, c->bank_depth, c->width);
    port_t ports[PORTS_MAX];
    const int np = ports_of(c, ports);
    for (int i = 0; i < np; i++)
        fg_gen_manifest_port(f, ports[i].name, ports[i].out, ports[i].width, i + 1 == np);
    fg_gen_manifest_files(f, o);
}

int fg_gen_dbcf_write(fg_gen_out *o, const fg_gen_dbcf_cfg *c)
{
    char name[96], file[112];
    fg_gen_dbcf_name(c, name, sizeof name);
    snprintf(file, sizeof file, "%s.v", name);
    FILE *f = fg_gen_out_open(o, file, 1);
    if (!f)
        return FG_EIO;
    emit_top(f, c, name);
    int rc = fg_gen_out_close(o, f, file);
    if (rc)
        return rc;
    /* Primitives the top instantiates. */
    if ((rc = fg_gen_out_primitive_once(o, "fg_lfsr16")) ||
        (c->dbcf.fifo_depth > 0 && (rc = fg_gen_out_primitive_once(o, "fg_fifo"))) ||
        (rc = fg_gen_out_primitive_once(o, "fg_sort_net")) || (rc = fg_gen_out_primitive_once(o, "fg_sort_ce")) ||
        (rc = fg_gen_out_primitive_once(o, "fg_dbcf_dest")) || (rc = fg_gen_out_primitive_once(o, "fg_route_shift")) ||
        (rc = fg_gen_out_primitive_once(o, "fg_dbcf_bank")) ||
        (c->dbcf.buf_depth > 0 && (rc = fg_gen_out_primitive_once(o, "fg_circ_buf"))) ||
        (!c->external_banks && (rc = fg_gen_out_primitive_once(o, "fg_sram_1r1w"))))
        return rc;
    return 0;
}

/* tb_<name>.v for the vector sets of this network (fg_vec_layout_dbcf: the configuration's depth and width). */
static int write_testbench(fg_gen_out *o, const fg_gen_dbcf_cfg *c, const char *name)
{
    port_t ports[PORTS_MAX];
    char params[512];
    fg_vec_layout lay;
    params_text(c, params, sizeof params);
    int rc = fg_vec_layout_dbcf(&c->dbcf, c->bank_depth, c->width, &lay);
    if (!rc)
        rc = fg_gen_out_testbench(o, name, ports, ports_of(c, ports), &lay, params);
    fg_vec_layout_free(&lay);
    return rc;
}

int fg_gen_dbcf(const fg_gen_dbcf_cfg *c, const char *dir)
{
    int rc = fg_gen_dbcf_check(c);
    if (rc)
        return rc;
    char name[96];
    fg_gen_dbcf_name(c, name, sizeof name);
    fg_gen_out o;
    rc = fg_gen_out_begin(&o, dir);
    if (rc)
        return rc;
    FILE *f;
    if ((rc = fg_gen_dbcf_write(&o, c)) || (rc = write_testbench(&o, c, name)))
        goto fail;
    if (!(f = fg_gen_out_open(&o, "manifest.json", 0))) {
        rc = FG_EIO;
        goto fail;
    }
    emit_manifest(f, c, name, &o);
    if ((rc = fg_gen_out_close(&o, f, "manifest.json")) || (rc = fg_gen_out_commit(&o)))
        goto fail;
    return 0;
fail:
    fg_gen_out_abort(&o);
    return rc;
}
