/* The GPU Viterbi decoder's configuration, and where its fast kernel applies (both builds: a build without CUDA
 * refuses the same configurations with the same messages). */
#include "fecforge_gpu/viterbi_gpu.h"

#include "viterbi_gpu_fast.h"

#include <stdio.h>
#include <string.h>

fg_gpu_viterbi_cfg fg_gpu_viterbi_cfg_default(void)
{
    fg_gpu_viterbi_cfg c;
    memset(&c, 0, sizeof c);
    c.dec = fg_vit_dec_cfg_default();
    return c;
}

int vgf_code_id(const fg_vit_code *c)
{
    int i = 0;
#define X(K_, G0, G1)                                                                                                 \
    if (c->n == 2 && c->K == K_ && c->gen[0] == G0 && c->gen[1] == G1)                                                \
        return i;                                                                                                     \
    i++;
    VGF_CODES(X)
#undef X
    return -1;
}

const char *vgf_params_of(const fg_vit_code *c, int k, const fg_vit_dec_cfg *dec, vgf_params *fp)
{
    static _Thread_local char why[200];
    const int F = dec->f, F0 = dec->f0 ? dec->f0 : dec->f, Q = (1 << (dec->w_llr - 1)) - 1;
    if (vgf_code_id(c) < 0)
        return "--K/--gen: the fast kernel is built for K 7 (171,133) and (133,171), K 5 (23,35) and K 3 (7,5)";
    if (dec->ending == FG_VIT_TAILBITING)
        return "--ending=tailbiting: the GPU decodes terminated or truncated streams";
    if (F == 0 || F % 32) {
        snprintf(why, sizeof why, "--tile=%d: the fast kernel needs tiles of a multiple of 32 stages", F);
        return why;
    }
    if (F0 % 32) {
        snprintf(why, sizeof why, "--subframe=%d: the fast kernel needs subframes of a multiple of 32 stages", F0);
        return why;
    }
    /* The ring's slots of 16 stages: those a traceback reads, [sl, sl + F0 + V2), whose start lies V1 (a tile
     * after the first ones) or 0 stages (a tile whose run starts the stream) past a multiple of 32. */
    const int starts[2] = {0, dec->v1 % 16};
    int ns = 0;
    for (int i = 0; i < 2; i++) {
        const long long n = ((starts[i] + (long long)F0 + dec->v2 - 1) >> 4) + 1;
        if (n > VGF_RING_MAX) {
            snprintf(why, sizeof why, "--subframe (or --tile without subframes) + --overlap-right = %lld: the fast "
                     "kernel's traceback ring would need %lld slots of 16 stages, at most %d", (long long)F0 + dec->v2,
                     n, VGF_RING_MAX);
            return why;
        }
        ns = n > ns ? (int)n : ns;
    }
    if (dec->w_llr > 8) {
        snprintf(why, sizeof why, "--llr-width=%d: the fast kernel takes channel LLRs of at most 8 bits", dec->w_llr);
        return why;
    }
    const int P = c->K - 2;
    const uint32_t spread = (uint32_t)(c->K * 2 * c->n * Q), big = spread + 4u * Q + 1u, bias = spread + big + 1u;
    if (bias + spread + (uint32_t)(P + 1) * 4u * Q >= 0x8000u)
        return "--llr-width: the fast kernel's 16-bit metrics cannot hold this code's spread";
    const int stages = fg_vit_stages(c, dec->ending, k);
    memset(fp, 0, sizeof *fp);
    fp->k = k;
    fp->stages = stages;
    fp->term = dec->ending == FG_VIT_TERMINATED;
    fp->F = F;
    fp->V1 = dec->v1;
    fp->V2 = dec->v2;
    fp->F0 = F0;
    fp->tiles = (k + F - 1) / F;
    fp->ns = ns;
    fp->q = Q;
    fp->big = big;
    fp->bias = bias;
    fp->row = (stages * 2 + 15) / 16 * 16 + 32; /* a window's 48 bytes from the stage's 16-byte boundary fit */
    fp->words = (k + 31) / 32;
    return NULL;
}

const char *fg_gpu_viterbi_fast_refusal(const fg_vit_code *c, int k, const fg_vit_dec_cfg *dec)
{
    vgf_params fp;
    return vgf_params_of(c, k, dec, &fp);
}
