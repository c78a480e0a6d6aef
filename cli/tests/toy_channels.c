/* The toy program's families on the library's other channels, declared through fecforge/family.h alone
 * (cli/tests/toy_family.sh runs every family verb on them; no line of cli/ knows them):
 *   toy-bsc   a repetition code (each of --k bits sent --rep times) over the BSC of hard decisions. Its
 *             decoders take the received bits: a majority vote (a tie: the frame is erased), their
 *             a-posteriori values (n0 - n1) * round(16 log((1-p)/p)) need the channel's crossover
 *             probability p, which the decoder learns from the channel point. Implementations: majority
 *             and majority-rev (the votes counted backwards: bit-exact with it), majority-fast (the vote with a
 *             fast path of its own, as a GPU's: it makes and counts its frames, the further counters too), majority-miscount (a planted
 *             defect: one outvoted bit too many where bit 0's vote is split; verify --impl must catch it) and
 *             float (the sum of the BSC's LLRs +-log((1-p)/p)). Its BER at odd --rep is that of the vote over
 *             BSC(p), sum_{j > rep/2} C(rep, j) p^j (1-p)^(rep-j). Work counters besides the votes: the
 *             received bits outvoted, and the margins |n0 - n1| summed (rep k - 2 outvoted at odd --rep).
 *   toy-bsid  the same code over the insertion/deletion channel: the received word has its own length.
 *             The decoder gives bit i the majority of the received bits i n_rx / k .. (i+1) n_rx / k - 1
 *             (a tie or an empty window: the frame is erased); window and window-rev (backwards) are
 *             bit-exact. At p = 0 it is the vote over BSC(--ps). Its decisions are read as 2-bit symbols
 *             (symbol_bits 2: the symbol errors and SER of a q-ary family). */
#include "toy_channels.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int k, rep;
} rep_cfg;

#define O(f) offsetof(rep_cfg, f)
static const fg_opt rep_opts[] = {
    {"k", 0, FG_OPT_INT, O(k), 1, 65536, .def = "64", .meta = "K", .help = "information bits per frame"},
    {"rep", 0, FG_OPT_INT, O(rep), 1, 63, .def = "3", .meta = "R", .help = "times each bit is sent"},
    {NULL}};
#undef O
static const fg_opt_part rep_parts[] = {{"repetition code", rep_opts, 0}, {NULL, NULL, 0}};

static int rep_open(const void *cfgp, const fg_opts *given, const fg_family_impl *impl, fg_family_inst *fi)
{
    (void)given, (void)impl;
    const rep_cfg *c = cfgp;
    rep_cfg *s = malloc(sizeof *s);
    if (!s)
        return fg_set_error(FG_ENOMEM, "out of memory");
    *s = *c;
    fi->state = s;
    fi->k = fi->dec_len = fi->app_len = c->k;
    fi->n = c->k * c->rep;
    fi->rate = 1.0 / c->rep;
    snprintf(fi->code_name, sizeof fi->code_name, "rep%d-%d", c->rep, c->k);
    fi->code_digest = fg_digest_text(FG_DIGEST_INIT, "repetition %d %d", c->rep, c->k);
    return 0;
}

/* k and rep: the first two ints of every toy configuration (read as ints, whatever the struct). */
static const int *k_rep(const fg_family_inst *fi) { return fi->state; }

int fg_toy_rep_encode(const fg_family_inst *fi, uint64_t seed, long long f, uint8_t *ref, uint8_t *sent)
{
    const int *kr = k_rep(fi);
    const int rc = fg_channel_random_bits(kr[0], seed, (uint64_t)f, ref);
    for (int i = 0; !rc && i < fi->n; i++)
        sent[i] = ref[i / kr[1]];
    return rc;
}

void fg_toy_rep_code_json(const fg_family_inst *fi, fg_json *j)
{
    fg_json_obj_open(j, "code");
    fg_json_str(j, "name", fi->code_name);
    fg_json_int(j, "n", fi->n);
    fg_json_int(j, "k", fi->k);
    fg_json_int(j, "rep", k_rep(fi)[1]);
    fg_json_num(j, "rate", fi->rate);
    fg_json_obj_close(j);
}

static void rep_describe(const fg_family_inst *fi, const fg_family_impl *impl, fg_json *j)
{
    fg_toy_rep_code_json(fi, j);
    fg_json_obj_open(j, "decoder");
    fg_json_str(j, "name", impl->name);
    fg_json_obj_close(j);
}

static void rep_label(const fg_family_inst *fi, const fg_family_impl *impl, char *buf, size_t n)
{
    snprintf(buf, n, "%s %s %s", fi->code_name, fi->channel->name, impl->name);
}

static int rep_create(const fg_family_inst *fi, const void *icfg, int device, void **worker)
{
    (void)icfg, (void)device;
    *worker = (void *)fi;
    return 0;
}

static void rep_destroy(void *worker) { (void)worker; }

/* The vote of bits b[lo .. hi-1] (backwards when rev): n0 - n1. */
static int vote(const uint8_t *b, int lo, int hi, int rev)
{
    int d = 0;
    for (int j = 0; j < hi - lo; j++)
        d += b[rev ? hi - 1 - j : lo + j] ? -1 : 1;
    return d;
}

/* ---- toy-bsc ---- */

/* rev: the votes counted backwards; miscount: the planted defect */
static int bsc_majority(void *worker, const fg_decode_io *io, int rev, int miscount)
{
    const fg_family_inst *fi = worker;
    const rep_cfg *c = fi->state;
    const double p = io->point ? fg_channel_param(io->point, "p") : NAN;
    if (io->app_q && !(p > 0 && p < 0.5))
        return fg_set_error(FG_EINVAL, "toy-bsc: the a-posteriori values need the crossover probability p of the "
                                       "channel (a frame file without its channel point?)");
    const int32_t lc = io->app_q ? (int32_t)lround(16.0 * log((1 - p) / p)) : 0;
    for (int f = 0; f < io->count; f++) {
        const uint8_t *rx = io->rx + (size_t)f * fi->n_rx_max;
        int tie = 0;
        int64_t outvoted = 0, margin = 0;
        for (int i = 0; i < c->k; i++) {
            const int d = vote(rx, i * c->rep, (i + 1) * c->rep, rev), m = d < 0 ? -d : d;
            tie |= d == 0;
            outvoted += (c->rep - m) / 2 + (miscount && i == 0 && m < c->rep);
            margin += m;
            io->bits[(size_t)f * c->k + i] = d < 0;
            if (io->app_q)
                io->app_q[(size_t)f * c->k + i] = d * lc;
        }
        if (io->work)
            io->work[f] = c->rep;
        if (io->counters)
            io->counters[2 * f] = outvoted, io->counters[2 * f + 1] = margin;
        if (io->erased)
            io->erased[f] = (uint8_t)tie;
    }
    return 0;
}

static int bsc_fwd(void *w, const fg_decode_io *io) { return bsc_majority(w, io, 0, 0); }
static int bsc_rev(void *w, const fg_decode_io *io) { return bsc_majority(w, io, 1, 0); }
static int bsc_miscount(void *w, const fg_decode_io *io) { return bsc_majority(w, io, 0, 1); }

static int bsc_float(void *worker, const fg_decode_io *io)
{
    const fg_family_inst *fi = worker;
    const rep_cfg *c = fi->state;
    for (int f = 0; f < io->count; f++) {
        int tie = 0;
        int64_t outvoted = 0, margin = 0;
        for (int i = 0; i < c->k; i++) {
            const double *l = io->llr + (size_t)f * fi->n_rx_max + (size_t)i * c->rep;
            double s = 0;
            int n1 = 0; /* the LLRs' signs are the received bits */
            for (int r = 0; r < c->rep; r++)
                s += l[r], n1 += l[r] < 0;
            outvoted += n1 < c->rep - n1 ? n1 : c->rep - n1;
            margin += n1 < c->rep - n1 ? c->rep - 2 * n1 : 2 * n1 - c->rep;
            tie |= s == 0;
            io->bits[(size_t)f * c->k + i] = s < 0;
            if (io->app)
                io->app[(size_t)f * c->k + i] = s;
        }
        if (io->work)
            io->work[f] = c->rep;
        if (io->counters)
            io->counters[2 * f] = outvoted, io->counters[2 * f + 1] = margin;
        if (io->erased)
            io->erased[f] = (uint8_t)tie;
    }
    return 0;
}

/* The fast path (fg_family_impl.ber): frames made, decoded and counted by the implementation itself. */
static int bsc_fast(void *worker, uint64_t seed, const fg_channel_point *pt, long long first, int count,
                    fg_ber_frame *res, fg_ber_extra *ext)
{
    const fg_family_inst *fi = worker;
    fg_frame fr;
    uint8_t *bits = malloc((size_t)fi->dec_len);
    int rc = bits ? fg_frame_alloc(fi, &fr) : fg_set_error(FG_ENOMEM, "toy-bsc: out of memory");
    const int have_frame = bits && !rc;
    for (int i = 0; i < count && !rc && !(rc = fg_family_frame(fi, seed, first + i, pt, &fr)); i++) {
        int32_t work = 0;
        uint8_t erased = 0;
        const fg_decode_io io = {.count = 1, .rx = fr.rx, .point = pt, .bits = bits, .work = &work, .erased = &erased,
                                 .counters = ext[i].counter};
        if ((rc = bsc_majority(worker, &io, 0, 0)))
            break;
        int be = 0;
        for (int b = 0; b < fi->k; b++)
            be += bits[b] != fr.ref[b];
        res[i] = (fg_ber_frame){erased ? fi->k : be, work, (int8_t)(be > 0 || erased), (int8_t)erased};
    }
    if (have_frame)
        fg_frame_free(&fr);
    free(bits);
    return rc;
}

static const fg_family_impl bsc_impl_majority = {.name = "majority", .summary = "the vote of a bit's received bits",
                                                 .input = FG_IMPL_BITS, .compare = FG_COMPARE_EXACT,
                                                 .create = rep_create, .destroy = rep_destroy, .decode = bsc_fwd};
static const fg_family_impl bsc_impl_rev = {.name = "majority-rev", .summary = "the same, counted backwards",
                                            .input = FG_IMPL_BITS, .compare = FG_COMPARE_EXACT, .create = rep_create,
                                            .destroy = rep_destroy, .decode = bsc_rev};
static const fg_family_impl bsc_impl_miscount = {.name = "majority-miscount", .input = FG_IMPL_BITS,
                                                 .summary = "a planted defect: one outvoted bit too many at times",
                                                 .compare = FG_COMPARE_EXACT, .create = rep_create,
                                                 .destroy = rep_destroy, .decode = bsc_miscount};
static const fg_family_impl bsc_impl_fast = {.name = "majority-fast", .input = FG_IMPL_BITS,
                                             .summary = "the vote, with a fast path that makes and counts its frames",
                                             .compare = FG_COMPARE_EXACT, .create = rep_create, .destroy = rep_destroy,
                                             .decode = bsc_fwd, .ber = bsc_fast};
static const fg_family_impl bsc_impl_float = {.name = "float", .summary = "the sum of the BSC's LLRs",
                                              .input = FG_IMPL_REAL, .create = rep_create, .destroy = rep_destroy,
                                              .decode = bsc_float};
static const fg_family_impl *const bsc_impls[] = {&bsc_impl_majority, &bsc_impl_miscount, &bsc_impl_rev,
                                                  &bsc_impl_fast, &bsc_impl_float, NULL};
static const fg_family_counter bsc_counters[] = {
    {"outvoted", "avg_outvoted", 1.0, "received bits outvoted by their bit's majority"},
    {"margin", "avg_margin", 1.0, "the votes' margins |n0 - n1|, summed over the bits"},
    {NULL}};

const fg_family fg_toy_bsc = {
    .name = "toy-bsc",
    .summary = "a repetition code over the BSC of hard decisions (a test's family: cli/tests/toy_channels.c)",
    .about = "Each of --k bits is sent --rep times over BPSK/AWGN and decided hard; the decoder votes.\n",
    .examples = "fecforge ber toy-bsc --k 64 --rep 3 --ebn0 0:2:4 --max-frames 200",
    .example_args = "--k 64 --rep 3",
    .parts = rep_parts,
    .cfg_size = sizeof(rep_cfg),
    .open = rep_open,
    .channel = &fg_channel_bsc,
    .encode = fg_toy_rep_encode,
    .describe = rep_describe,
    .label = rep_label,
    .work_name = "avg_votes",
    .work_div = 1.0,
    .erasures = 1,
    .impls = bsc_impls,
    .counters = bsc_counters,
};

/* ---- toy-bsid ---- */

static int bsid_window(void *worker, const fg_decode_io *io, int rev)
{
    const fg_family_inst *fi = worker;
    const rep_cfg *c = fi->state;
    for (int f = 0; f < io->count; f++) {
        const uint8_t *rx = io->rx + (size_t)f * fi->n_rx_max;
        const long long m = io->n_rx ? io->n_rx[f] : fi->n_rx_max;
        int tie = 0;
        for (int i = 0; i < c->k; i++) {
            const int lo = (int)(i * m / c->k), hi = (int)((i + 1) * m / c->k), d = vote(rx, lo, hi, rev);
            tie |= d == 0;
            io->bits[(size_t)f * c->k + i] = d < 0;
        }
        if (io->work)
            io->work[f] = (int32_t)m;
        if (io->erased)
            io->erased[f] = (uint8_t)tie;
    }
    return 0;
}

static int bsid_fwd(void *w, const fg_decode_io *io) { return bsid_window(w, io, 0); }
static int bsid_rev(void *w, const fg_decode_io *io) { return bsid_window(w, io, 1); }

static const fg_family_impl bsid_impl_window = {.name = "window", .summary = "the vote of a bit's share of the word",
                                                .input = FG_IMPL_BITS, .compare = FG_COMPARE_EXACT, .no_app = 1,
                                                .create = rep_create, .destroy = rep_destroy, .decode = bsid_fwd};
static const fg_family_impl bsid_impl_rev = {.name = "window-rev", .summary = "the same, counted backwards",
                                             .input = FG_IMPL_BITS, .compare = FG_COMPARE_EXACT, .no_app = 1,
                                             .create = rep_create, .destroy = rep_destroy, .decode = bsid_rev};
static const fg_family_impl *const bsid_impls[] = {&bsid_impl_window, &bsid_impl_rev, NULL};

const fg_family fg_toy_bsid = {
    .name = "toy-bsid",
    .summary = "a repetition code over the insertion/deletion channel (a test's family: cli/tests/toy_channels.c)",
    .about = "Each of --k bits is sent --rep times; the decoder votes over the bit's share of the received word.\n",
    .examples = "fecforge ber toy-bsid --k 64 --rep 3 --p 0.001,0.01 --max-frames 200",
    .example_args = "--k 64 --rep 3",
    .parts = rep_parts,
    .cfg_size = sizeof(rep_cfg),
    .open = rep_open,
    .channel = &fg_channel_bsid,
    .encode = fg_toy_rep_encode,
    .describe = rep_describe,
    .label = rep_label,
    .work_name = "avg_received",
    .work_div = 1.0,
    .erasures = 1,
    .impls = bsid_impls,
    .symbol_bits = 2,
};
