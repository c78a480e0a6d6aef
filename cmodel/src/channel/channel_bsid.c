/* The binary substitution, insertion and deletion channel (BSID; Bahl and Jelinek, as Briffa 2014 §2.2;
 * docs/channels.md). Each sent bit meets, until it leaves: an insertion with probability Pi (a random bit
 * is received and the channel stays at the bit), else a deletion with probability Pd (it is gone), else it
 * is transmitted, substituted with probability Ps. The sweep axis p sets Pi = Pd = p (the paper's
 * experiments); --pi and --pd fix either instead, --ps is its own option.
 * Randomness: the uniforms of Philox stream f from the start of sub-stream FG_RNG_SUB_NOISE (fg_rng_uniform),
 * in order: one per event, one more per inserted bit's value and per transmitted bit's substitution.
 * The received word is at most n_rx_max = 3n + 64 bits: a frame whose insertions would pass it keeps
 * its first n_rx_max bits (at p <= 0.49 that needs 2n + 64 insertions among n bits, each a geometric
 * count of mean p/(1-p) < 1: less likely than 1e-20 for every n). */
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/rng.h"

#include <stddef.h>
#include <string.h>

typedef struct {
    double pi, pd, ps; /* pi, pd < 0: the axis p */
} bsid_cfg;

#define O(f) offsetof(bsid_cfg, f)
static const fg_opt bsid_opts[] = {
    {"pi", 0, FG_OPT_REAL, O(pi), 0, 0.49, .meta = "P", .def_text = "the axis p",
     .help = "insertion probability, fixed (otherwise Pi = p)"},
    {"pd", 0, FG_OPT_REAL, O(pd), 0, 0.49, .meta = "P", .def_text = "the axis p",
     .help = "deletion probability, fixed (otherwise Pd = p)"},
    {"ps", 0, FG_OPT_REAL, O(ps), 0, 0.5, .def = "0", .meta = "P",
     .help = "substitution probability of a transmitted bit"},
    {NULL}};
#undef O

static void bsid_default(void *p)
{
    bsid_cfg *c = p;
    c->pi = c->pd = -1;
    c->ps = 0;
}

static int bsid_n_rx_max(const void *cfg, int n)
{
    (void)cfg;
    return 3 * n + 64;
}

static int bsid_point(const void *cfgp, double x, double rate, fg_channel_point *pt)
{
    (void)rate;
    bsid_cfg def;
    bsid_default(&def);
    const bsid_cfg *c = cfgp ? cfgp : &def;
    pt->v[0] = c->pi >= 0 ? c->pi : x;
    pt->v[1] = c->pd >= 0 ? c->pd : x;
    pt->v[2] = c->ps;
    return 0;
}

static int bsid_transmit(const fg_channel_point *pt, const uint8_t *sent_n, int n, int n_rx_max, uint64_t seed,
                         long long f, int q_width, int q_frac, fg_frame *fr)
{
    (void)q_width, (void)q_frac;
    const double pi = pt->v[0], pd = pt->v[1], ps = pt->v[2];
    fg_rng r;
    fg_rng_init_at(&r, seed, (uint64_t)f, FG_RNG_SUB_NOISE);
    int m = 0;
    for (int t = 0; t < n; t++) {
        if (sent_n[t] > 1)
            return fg_set_error(FG_EINVAL, "sent_n[%d]=%u is not a bit (0 or 1)", t, (unsigned)sent_n[t]);
        for (;;) {
            const double u = fg_rng_uniform(&r);
            if (u < pi) { /* an insertion: a random bit, and the same input again */
                const uint8_t b = fg_rng_uniform(&r) < 0.5;
                if (m < n_rx_max)
                    fr->rx[m++] = b;
                continue;
            }
            if (u >= pi + pd) { /* transmitted, perhaps substituted */
                const uint8_t b = (uint8_t)(sent_n[t] ^ (fg_rng_uniform(&r) < ps));
                if (m < n_rx_max)
                    fr->rx[m++] = b;
            }
            break; /* transmitted or deleted: the next input */
        }
    }
    fr->n_rx = m;
    return 0;
}

const fg_channel fg_channel_bsid = {
    .name = "bsid",
    .summary = "binary substitution, insertion and deletion channel: Pi = Pd = p (or fixed), Ps",
    .axis = "p",
    .axis_label = "p",
    .axis_unit = "",
    .axis_plot = "p = P_i = P_d",
    .axis_format = "%.4g",
    .lo = 0,
    .hi = 0.49,
    .axis_point = "0.01",
    .axis_points = "0.001,0.01,0.05",
    .axis_log = 1,
    .fer_rises = 1,
    .param_keys = {"pi", "pd", "ps", NULL},
    .rx = FG_RX_BITS,
    .variable_length = 1,
    .opts = bsid_opts,
    .cfg_size = sizeof(bsid_cfg),
    .cfg_default = bsid_default,
    .n_rx_max = bsid_n_rx_max,
    .point = bsid_point,
    .transmit = bsid_transmit,
};
