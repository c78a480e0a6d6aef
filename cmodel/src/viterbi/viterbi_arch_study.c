/* `fecforge arch viterbi` (fecforge/arch.h): the streaming Viterbi decoder's step model (fecforge/viterbi_hw.h,
 * docs/rtl-viterbi.md) fed frames back to back at full rate: cycles per frame and per decoded bit, latency
 * (a frame's first input to its last output bit) and throughput, all counted from the model, with the formula's
 * throughput next to them; every decided bit checked against the fixed decoder the hardware equals
 * (fg_vit_hw_dec_cfg); the per-cycle ports as a trace. The code, formats and hardware options are those of
 * `gen viterbi` (fg_vit_code_options, fg_vit_fixed_options, fg_vit_hw_options). */
#include "fecforge/arch.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/viterbi.h"
#include "fecforge/viterbi_hw.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    fg_vit_code_arg code;
    fg_vit_dec_cfg fx;
    fg_vit_hw_arg hw;
    char *fclk;
    fg_opt_reals ebn0;
    int frames;
    uint64_t seed;
} vit_opts;

#define O(f) offsetof(vit_opts, f)
static const fg_opt study_opts[] = {
    {"fclk", 0, FG_OPT_TEXT, O(fclk), .def_text = "200M", .meta = "HZ",
     .help = "clock for the throughput: 200e6, 200M, 1.2G, 600MHz; [1e3, 1e12] Hz"},
    {"ebn0", 0, FG_OPT_SWEEP, O(ebn0), -10, 30, 1, .meta = "X",
     .help = "decode --frames noisy frames at Eb/N0 X dB (without: two noiseless frames; the\n"
             "cycle counts do not depend on the data); every decided bit is compared with the\n"
             "fixed-point decoder the hardware equals: exit 1 on any difference"},
    {"frames", 0, FG_OPT_INT, O(frames), 1, 10000000, .meta = "F", .help = "frames decoded with --ebn0, back to back"},
    {"seed", 0, FG_OPT_SEED, O(seed), .meta = "S", .help = "seed of the frames' bits and noise"},
    {NULL}};

static const fg_opt_part parts[] = {{"code (--punct, --ending, --bits: the frames)", fg_vit_code_options, O(code)},
                                    {"formats (docs/viterbi.md)", fg_vit_fixed_options, O(fx)},
                                    {"hardware, as `fecforge gen viterbi`", fg_vit_hw_options, O(hw)},
                                    {"study", study_opts, 0},
                                    {NULL, NULL, 0}};

static void cfg_default(void *p)
{
    vit_opts *v = p;
    memset(v, 0, sizeof *v);
    v->fx = fg_vit_dec_cfg_default();
    v->frames = 10;
    v->seed = 1;
}

/* ---- trace: the ports of every cycle of frame 0 ---- */

static void trace_header(FILE *f, const fg_vit_hw_dims *d, int k, int stages)
{
    fprintf(f, "# fecforge %s (git %s) arch viterbi trace: K=%d n=%d radix=%d traceback=%s L=%d D=%d R=%d k=%d "
               "stages=%d\n# per cycle (hex): cycle in_ready",
            fg_version(), fg_git_hash(), d->cfg.code.K, d->cfg.code.n, 2 * d->S,
            d->cfg.tb == FG_VIT_HW_MEMORY ? "memory" : "exchange", d->L, d->D, d->R, k, stages);
    for (int s = 0; s < d->S; s++)
        fprintf(f, " in_valid[%d]", s);
    fprintf(f, " in_start in_end in_term");
    for (int s = 0; s < d->S; s++)
        fprintf(f, " out_valid[%d] out_bit[%d]", s, s);
    fprintf(f, " out_last best\n");
}

static void trace_line(FILE *f, int S, long cycle, const fg_vit_hw_in *in, const fg_vit_hw_out *o)
{
    fprintf(f, "%lx %x", (unsigned long)cycle, o->ready);
    for (int s = 0; s < S; s++)
        fprintf(f, " %x", in->valid[s]);
    fprintf(f, " %x %x %x", in->start, in->end, in->term);
    for (int s = 0; s < S; s++)
        fprintf(f, " %x %x", o->valid[s], o->valid[s] ? o->bit[s] : 0);
    fprintf(f, " %x %x\n", o->last, o->best);
}

/* ---- the run ---- */

typedef struct {
    long cycles;                 /* frame 0's first input to the last frame's last bit, inclusive */
    long latency, first_bit;     /* the most over the frames: first input to last bit (inclusive), to first bit */
    long bit_errors, mismatched_bits, faults;
    int frame_errors, mismatched_frames;
} measured;

/* Frame f's quantised received symbols (the sent ones, rx_n) and its bits: noiseless (pt NULL: +-qmax) or
 * through the AWGN channel at pt. */
static int make_frame(const fg_vit_code *c, const fg_vit_dec_cfg *fx, fg_vit_ending e, int k, uint64_t seed, int f,
                      const fg_channel_point *pt, uint8_t *bits_k, uint8_t *sent_n, double *y_n, int32_t *q_n)
{
    const int n = fg_vit_sent_len(c, e, k);
    int rc = fg_channel_random_bits(k, seed, (uint64_t)f, bits_k);
    if (rc || (rc = fg_vit_encode(c, e, k, bits_k, sent_n)))
        return rc;
    if (pt) {
        fg_frame fr = {.llr = y_n, .llr_q = q_n};
        return fg_channel_awgn.transmit(pt, sent_n, n, n, seed, f, fx->w_llr, fx->f_llr, &fr);
    }
    const int32_t qmax = (1 << (fx->w_llr - 1)) - 1; /* LLR > 0: a 0 was sent */
    for (int i = 0; i < n; i++)
        q_n[i] = sent_n[i] ? -qmax : qmax;
    return 0;
}

/* Every frame through the step model back to back (the next fed as soon as the decoder takes inputs again) and
 * through the fixed decoder; the counts into m. */
static int measure(const fg_vit_code *c, const fg_vit_hw_dims *d, const vit_opts *v, const fg_channel_point *pt,
                   FILE *tf, fg_arch_io *io, measured *m)
{
    const fg_vit_ending e = (fg_vit_ending)v->code.ending;
    const int k = v->code.bits, frames = pt ? v->frames : 2;
    const int stages = fg_vit_stages(c, e, k), n = fg_vit_sent_len(c, e, k), nc = c->n;
    const size_t sn = (size_t)stages * (size_t)nc;
    int rc;
    fg_vit_hw *h = NULL;
    fg_vit_dec *dec = NULL;
    const fg_vit_dec_cfg dc = fg_vit_hw_dec_cfg(d, e);
    if ((rc = fg_vit_dec_create(c, k, &dc, &dec)))
        return rc;
    uint8_t *bits = malloc((size_t)k), *ref = malloc((size_t)k), *out = malloc((size_t)k), *sent = malloc((size_t)n);
    uint8_t *era = malloc(sn);
    double *y = malloc(sizeof *y * (size_t)n);
    int32_t *q = malloc(sizeof *q * (size_t)n), *q_sn = malloc(sizeof *q_sn * sn);
    if (!bits || !ref || !out || !sent || !era || !y || !q || !q_sn)
        rc = fg_set_error(FG_ENOMEM, "out of memory for frames of %d stages", stages);
    else if ((rc = fg_vit_hw_create(&d->cfg, &h)))
        rc = fg_arch_runtime(rc);
    memset(m, 0, sizeof *m);
    for (size_t i = 0; !rc && i < sn; i++)
        era[i] = (uint8_t)!fg_vit_sent(c, (int)(i / (size_t)nc), (int)(i % (size_t)nc));
    if (!rc && tf)
        trace_header(tf, d, k, stages);
    /* fed: frames whose stages were fed (the last one loaded into q_sn); done: frames whose last bit left */
    int fed = 0, done = 0, got = 0;
    long cycle = 0, start = 0, first_bit = -1, t0 = -1;
    const long bound = (long)frames * ((long)stages + 8L * (d->L + d->D) + 64);
    fg_vit_hw_feed feed = {q_sn, era, stages, e == FG_VIT_TERMINATED, stages};
    while (!rc && done < frames) {
        if (feed.pos == stages && fed == done && fed < frames) { /* the next frame, once the previous has left */
            if ((rc = make_frame(c, &v->fx, e, k, v->seed, fed, pt, bits, sent, y, q)) ||
                (rc = fg_vit_depuncture_q(c, e, k, q, q_sn)) || (rc = fg_vit_fixed_run(dec, q, ref))) {
                rc = fg_prefix_error(fg_arch_runtime(rc), "frame %d: ", fed);
                break;
            }
            feed.pos = 0;
            fed++;
        }
        fg_vit_hw_out o;
        fg_vit_hw_in in;
        fg_vit_hw_peek(h, &o);
        fg_vit_hw_feed_next(h, &feed, o.ready, &in);
        if (in.valid[0] && in.start) {
            start = cycle;
            t0 = t0 < 0 ? cycle : t0;
        }
        fg_vit_hw_step(h, &in, &o);
        if (tf && done == 0)
            trace_line(tf, d->S, cycle, &in, &o);
        for (int s = 0; s < d->S; s++)
            if (o.valid[s]) {
                if (got >= k) {
                    rc = fg_set_error(FG_ESTATE, "frame %d: more than k=%d bits", done, k);
                    break;
                }
                first_bit = first_bit < 0 ? cycle : first_bit;
                out[got++] = (uint8_t)o.bit[s];
            }
        if (!rc && o.last) {
            if (got != k) {
                rc = fg_set_error(FG_ESTATE, "frame %d: %d bits, not k=%d", done, got, k);
                break;
            }
            long be = 0, mb = 0;
            for (int i = 0; i < k; i++) {
                be += out[i] != bits[i];
                mb += out[i] != ref[i];
            }
            m->bit_errors += be;
            m->frame_errors += be > 0;
            m->mismatched_bits += mb;
            m->mismatched_frames += mb > 0;
            m->latency = cycle - start + 1 > m->latency ? cycle - start + 1 : m->latency;
            m->first_bit = first_bit - start > m->first_bit ? first_bit - start : m->first_bit;
            m->cycles = cycle - t0 + 1;
            first_bit = -1;
            got = 0;
            done++;
            if (frames > 20 && io->progress)
                io->progress(io->progress_ctx, "frames", done, frames);
        }
        if (!rc && ++cycle > bound)
            rc = fg_set_error(FG_ESTATE, "frame %d did not end within %ld cycles", done, bound);
    }
    if (h)
        m->faults = fg_vit_hw_faults(h);
    fg_vit_hw_destroy(h);
    fg_vit_dec_destroy(dec);
    free(bits);
    free(ref);
    free(out);
    free(sent);
    free(era);
    free(y);
    free(q);
    free(q_sn);
    return rc;
}

static void report(fg_arch_io *io, const vit_opts *v, const fg_vit_code *c, const fg_vit_hw_dims *d, int use_ebn0,
                   double fclk, const measured *m)
{
    const fg_vit_ending e = (fg_vit_ending)v->code.ending;
    const int k = v->code.bits, stages = fg_vit_stages(c, e, k), frames = use_ebn0 ? v->frames : 2;
    const double per_frame = (double)m->cycles / frames;
    const long in_cycles = (stages + d->S - 1) / d->S;
    /* the formula: S stages a cycle and nothing else, k bits in ceil(stages / S) cycles (the end of a frame, its
     * drain before the next may start, not counted) */
    const double mbps = k * fclk / per_frame / 1e6, formula = k * fclk / (double)in_cycles / 1e6;
    const long mem_bits = d->cfg.tb == FG_VIT_HW_MEMORY ? (long)d->rows * d->M : (long)d->M * (d->L + d->D);
    const char *tb = d->cfg.tb == FG_VIT_HW_MEMORY ? "memory" : "exchange";
    char gen[64] = "", *g = gen;
    for (int b = 0; b < c->n; b++)
        g += snprintf(g, sizeof gen - (size_t)(g - gen), "%s%o", b ? "," : "", (unsigned)c->gen[b]);
    char punct[160];
    fg_vit_print_punct(c, punct, sizeof punct);
    fg_json *j = io->json;
    if (j) {
        fg_arch_json_open(io, &v->seed);
        fg_json_int(j, "K", c->K);
        fg_json_str(j, "gen", gen);
        fg_json_str(j, "punct", punct);
        fg_json_str(j, "ending", e == FG_VIT_TERMINATED ? "terminated" : "truncated");
        fg_json_int(j, "bits", k);
        fg_json_int(j, "stages", stages);
        fg_json_int(j, "llr_width", d->cfg.w_llr);
        fg_json_int(j, "sm_width", d->cfg.w_pm);
        fg_json_str(j, "norm", d->cfg.norm == FG_VIT_NORM_SUBTRACT ? "subtract" : "modulo");
        fg_json_int(j, "radix", 2 * d->S);
        fg_json_str(j, "traceback", tb);
        fg_json_int(j, "tb_depth", d->L);
        fg_json_int(j, "tb_block", d->D);
        fg_json_int(j, "states", d->M);
        fg_json_int(j, "tb_rate", d->R);
        fg_json_int(j, "memory_rows", d->rows);
        fg_json_int(j, "survivor_bits", mem_bits);
        fg_json_num(j, "fclk", fclk);
        fg_json_str(j, "mode", use_ebn0 ? "frames" : "noiseless");
        if (use_ebn0)
            fg_json_num(j, "ebn0", v->ebn0.v[0]);
        fg_json_int(j, "frames", frames);
        fg_json_int(j, "cycles", m->cycles);
        fg_json_num(j, "cycles_per_frame", per_frame);
        fg_json_num(j, "cycles_per_bit", per_frame / k);
        fg_json_int(j, "input_cycles", in_cycles);
        fg_json_int(j, "latency_cycles", m->latency);
        fg_json_int(j, "first_bit_cycles", m->first_bit);
        fg_json_num(j, "throughput_mbps", mbps);
        fg_json_num(j, "formula_mbps", formula);
        fg_json_int(j, "frame_errors", m->frame_errors);
        fg_json_int(j, "bit_errors", m->bit_errors);
        fg_json_int(j, "mismatched_bits", m->mismatched_bits);
        fg_json_int(j, "mismatched_frames", m->mismatched_frames);
        fg_json_int(j, "faults", m->faults);
        fg_json_bool(j, "bit_exact", m->mismatched_bits == 0);
        fg_json_obj_close(j);
        return;
    }
    FILE *o = io->text;
    fprintf(o, "streaming Viterbi decoder: K=%d (%s), punct %s, %s, %d bits (%d stages), radix %d, %s, L=%d, D=%d, "
               "fclk %.1f MHz\n", c->K, gen, punct, e == FG_VIT_TERMINATED ? "terminated" : "truncated", k, stages,
            2 * d->S, tb, d->L, d->D, fclk / 1e6);
    if (d->cfg.tb == FG_VIT_HW_MEMORY)
        fprintf(o, "%d states, traceback memory of %d banks x %d rows x %d bits (%ld bits), a traceback walk of %d stages a cycle\n",
                d->M, d->R, d->rb, d->M, mem_bits, d->R);
    else
        fprintf(o, "%d states, register exchange of %d x %d bits\n", d->M, d->M, d->L + d->D);
    if (use_ebn0)
        fprintf(o, "%d frames at Eb/N0 %.2f dB, back to back: %d frame errors, %ld bit errors\n", frames, v->ebn0.v[0],
                m->frame_errors, m->bit_errors);
    else
        fprintf(o, "%d noiseless frames, back to back (the cycle counts do not depend on the data)\n", frames);
    fprintf(o, "  cycles_per_frame      %.1f (input cycles ceil(stages/S) = %ld)\n", per_frame, in_cycles);
    fprintf(o, "  cycles_per_bit        %.4f\n", per_frame / k);
    fprintf(o, "  latency_cycles        %ld (first input to last bit, inclusive; first bit after %ld)\n", m->latency,
            m->first_bit);
    fprintf(o, "  throughput_mbps       %.1f (k*fclk/cycles_per_frame)\n", mbps);
    fprintf(o, "  formula_mbps          %.1f (k*fclk/ceil(stages/S): S stages a cycle, no frame end)\n", formula);
    fprintf(o, "  decisions %s the fixed-point decoder (%ld bits, %d frames differ); timing faults %ld\n",
            m->mismatched_bits ? "DIFFER from" : "equal to", m->mismatched_bits, m->mismatched_frames, m->faults);
}

static int run(void *p, fg_arch_io *io)
{
    vit_opts *v = p;
    const fg_opts *g = io->given;
    const int use_ebn0 = v->ebn0.n > 0;
    double fclk = 200e6;
    int rc;
    if (v->fclk && (rc = fg_arch_parse_fclk(v->fclk, &fclk)))
        return rc;
    if (!use_ebn0 && fg_opts_given(g, &v->frames))
        return fg_set_error(FG_EINVAL, "%s needs --ebn0", fg_opts_name(g, &v->frames));
    fg_vit_code c;
    if ((rc = fg_vit_code_of(&v->code, &c)))
        return rc;
    if (v->code.ending == FG_VIT_TAILBITING)
        return fg_set_error(FG_EINVAL, "%s=tailbiting invalid: terminated or truncated (the streaming decoder starts "
                            "every frame in state 0)", fg_opts_name(g, &v->code.ending));
    const int stages = fg_vit_stages(&c, (fg_vit_ending)v->code.ending, v->code.bits);
    if (stages > 65536) /* the fixed decoder's v1 reaches back to the frame's start */
        return fg_set_error(FG_EINVAL, "%s=%d out of range [1, %d]: the frame's stages at most 65536",
                            fg_opts_name(g, &v->code.bits), v->code.bits, v->code.bits - (stages - 65536));
    if (v->fx.f_llr > v->fx.w_llr - 1) /* the quantiser's fractional bits */
        return fg_set_error(FG_EINVAL, "%s=%d out of range [0, %d]: at most --llr-width - 1",
                            fg_opts_name(g, &v->fx.f_llr), v->fx.f_llr, v->fx.w_llr - 1);
    v->fx.ending = (fg_vit_ending)v->code.ending;
    fg_vit_hw_dims d; /* a refusal names the option's field */
    if ((rc = fg_vit_hw_resolve_arg(&c, &v->code.K, &v->fx, &v->hw, &d)))
        return fg_opts_field_error(g, FG_EINVAL, NULL, 0, NULL);
    fg_channel_point pt;
    const int n = fg_vit_sent_len(&c, v->fx.ending, v->code.bits);
    if (use_ebn0 && fg_channel_point_at(&fg_channel_awgn, NULL, v->ebn0.v[0], (double)v->code.bits / n, &pt))
        return fg_prefix_error(FG_EINVAL, "%s: ", fg_opts_name(g, &v->ebn0));
    measured m;
    rc = measure(&c, &d, v, use_ebn0 ? &pt : NULL, io->trace ? fg_out_stream(io->trace) : NULL, io, &m);
    if (rc == FG_EINVAL) /* the fixed decoder's checks of the formats (--llr-frac) */
        return fg_opts_field_error(g, rc, NULL, 0, NULL);
    if (rc)
        return rc;
    io->failed = m.mismatched_bits > 0 || m.faults > 0;
    report(io, v, &c, &d, use_ebn0, fclk, &m);
    return 0;
}

const fg_family_arch fg_vit_arch_study = {
    .summary = "streaming Viterbi decoder (docs/rtl-viterbi.md): cycles per frame and per bit, latency,\n"
               "throughput next to the formula, radix 2/4, traceback memory or register exchange",
    .usage = "[--K K --gen G,G] [--punct P] [--ending terminated|truncated] [--bits N]\n"
             "                             [--llr-width W] [--llr-frac F] [--sm-width W] [--norm modulo|subtract]\n"
             "                             [--radix 2|4] [--traceback memory|exchange] [--tb-depth L] [--tb-block D]\n"
             "                             [--fclk HZ] [--ebn0 X [--frames F]] [--seed S] [--trace FILE] [--json]",
    .about = "Cycle-accurate model of the streaming Viterbi decoder of `fecforge gen viterbi` (docs/rtl-viterbi.md;\n"
             "the same options): 2^(K-1) add-compare-select units, one trellis stage a cycle (radix 2) or two\n"
             "(radix 4), survivors in a traceback memory or by register exchange. Frames are fed back to back at\n"
             "full rate (the next as soon as the decoder takes inputs again, after the previous frame's last bit);\n"
             "every cycle count comes from stepping the model. Without --ebn0 two noiseless frames run; with it\n"
             "--frames noisy ones. Every decided bit is compared with the fixed-point decoder the hardware\n"
             "equals (--tile D, --overlap-right L, docs/rtl-viterbi.md): exit 1 on any difference.",
    .notes = "cycles_per_frame: the run's cycles (frame 0's first input to the last frame's last bit) over the\n"
             "frames; latency_cycles: a frame's first input to its last bit, inclusive; throughput_mbps =\n"
             "bits * fclk / cycles_per_frame (information bits); formula_mbps = bits * fclk / ceil(stages / S),\n"
             "S stages a cycle with no frame end (what overlapping frames would reach).",
    .examples = "fecforge arch viterbi --K 7 --gen 171,133 --bits 2000 --radix 2 --traceback memory\n"
                "fecforge arch viterbi --bits 2000 --radix 4 --traceback exchange --json\n"
                "fecforge arch viterbi --K 5 --gen 23,35 --bits 500 --ebn0 3 --frames 20\n"
                "fecforge arch viterbi --K 3 --gen 7,5 --bits 20 --trace vit.trace",
    .trace_help = "per-cycle ports of frame 0 (inputs' handshake, decided bits, best state);\n"
                  "format in docs/rtl-viterbi.md",
    .parts = parts,
    .cfg_size = sizeof(vit_opts),
    .cfg_default = cfg_default,
    .run = run,
};
