/* GPU LDPC decoders against the C models (label gpu; exits 77 when no CUDA device is present).
 * Fixed mode: every frame's channel LLRs, hard decisions, iteration count and final APP values must
 * equal the C model's, for both decoders, several codes (row degrees 7 to 22, Z 24 to 96) and several
 * arithmetic and schedule settings. Float mode: close to the CPU float decoder. BER: the counts of the
 * ldpc family's gpu-fixed implementation (fg_gpu_register, fecforge/family.h) equal those of its CPU
 * fixed implementation, on one GPU and on all. Bad input gets FG_EINVAL / FG_ESTATE. */
#include "fg_cunit.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge_gpu/ldpc_gpu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* CPU frame f exactly as the ldpc family makes it (fecforge/family.h): codeword and channel LLRs (double). */
static void cpu_frame(const fg_ldpc_code *c, uint64_t seed, long long f, double sigma, uint8_t *cw, double *llr)
{
    uint8_t *u = malloc((size_t)c->k);
    CU_ASSERT_FATAL(u != NULL);
    CU_ASSERT_FATAL(fg_channel_random_bits(c->k, seed, (uint64_t)f, u) == 0);
    CU_ASSERT_FATAL(fg_ldpc_encode(c, u, cw) == 0);
    CU_ASSERT_FATAL(fg_channel_bpsk_awgn(cw, c->n, sigma, seed, (uint64_t)f, llr) == 0);
    CU_ASSERT_FATAL(fg_channel_llr(llr, c->n, sigma, llr) == 0);
    free(u);
}

/* Frames [first, first + count) on the GPU and in the C fixed model: everything equal. Returns the
 * number of frame errors (so callers can check that the point exercises failing frames too). */
static int fixed_frames_equal(const char *name, fg_gpu_ldpc_kernel kernel, const fg_ldpc_fixed_cfg *fx, double ebn0,
                              int count, int ncw, int nmcw, int streams)
{
    fg_ldpc_code *c;
    CU_ASSERT_FATAL(fg_ldpc_code_create(name, &c) == 0);
    fg_gpu_ldpc_cfg g = fg_gpu_ldpc_cfg_default();
    g.kernel = kernel;
    g.fx = *fx;
    g.ncw = ncw;
    g.nmcw = nmcw;
    g.streams = streams;
    fg_gpu_ldpc *d;
    int rc = fg_gpu_ldpc_create(c, &g, &d);
    if (rc)
        fprintf(stderr, "create %s: %s\n", name, fg_last_error());
    CU_ASSERT_FATAL(rc == 0);
    CU_ASSERT_FATAL(fg_gpu_ldpc_batch(d) >= count);
    const size_t n = (size_t)c->n;
    fg_gpu_ldpc_frames_out o;
    memset(&o, 0, sizeof o);
    o.bit_errors = malloc(sizeof(int32_t) * count);
    o.frame_error = malloc((size_t)count);
    o.iterations = malloc(sizeof(int) * count);
    o.llr_q = malloc(sizeof(int32_t) * n * count);
    o.bits = malloc(n * count);
    o.app = malloc(sizeof(int32_t) * n * count);
    double sigma;
    CU_ASSERT_FATAL(fg_channel_sigma(ebn0, (double)c->k / c->n, &sigma) == 0);
    const long long first = 1000;
    rc = fg_gpu_ldpc_frames(d, 7, first, count, sigma, &o);
    if (rc)
        fprintf(stderr, "frames %s: %s\n", name, fg_last_error());
    CU_ASSERT_FATAL(rc == 0);
    fg_ldpc_fixed *x;
    CU_ASSERT_FATAL(fg_ldpc_fixed_create(c, fx, &x) == 0);
    uint8_t *cw = malloc(n), *bits = malloc(n);
    double *llr = malloc(sizeof(double) * n);
    int32_t *q = malloc(sizeof(int32_t) * n), *app = malloc(sizeof(int32_t) * n);
    int mism = 0, fe_total = 0;
    for (int f = 0; f < count; f++) {
        cpu_frame(c, 7, first + f, sigma, cw, llr);
        CU_ASSERT_FATAL(fg_llr_quantize(llr, c->n, fx->llr_width, fx->llr_frac, q) == 0);
        int it = 0;
        CU_ASSERT_FATAL(fg_ldpc_fixed_decode(x, q, bits, app, &it) == 0);
        int be = 0, fe = 0;
        for (size_t i = 0; i < n; i++) {
            be += i < (size_t)c->k && bits[i] != cw[i];
            fe |= bits[i] != cw[i];
        }
        fe_total += fe;
        const size_t o0 = (size_t)f * n;
        const int same = !memcmp(q, o.llr_q + o0, sizeof(int32_t) * n) && !memcmp(bits, o.bits + o0, n) &&
                         !memcmp(app, o.app + o0, sizeof(int32_t) * n) && it == o.iterations[f] &&
                         be == o.bit_errors[f] && fe == o.frame_error[f];
        if (!same && mism++ < 3) {
            size_t i = 0;
            while (i < n && q[i] == o.llr_q[o0 + i] && app[i] == o.app[o0 + i])
                i++;
            fprintf(stderr, "%s %s K=%d frame %d: cpu it %d gpu it %d, be %d/%d, first diff bit %zu (llr %d/%d app %d/%d)\n",
                    name, kernel == 2 ? "edge" : kernel ? "thesis" : "fused", fx->layers, f, it, o.iterations[f], be, o.bit_errors[f], i,
                    i < n ? q[i] : 0, i < n ? o.llr_q[o0 + i] : 0, i < n ? app[i] : 0, i < n ? o.app[o0 + i] : 0);
        }
    }
    CU_ASSERT_EQUAL(mism, 0);
    free(cw);
    free(bits);
    free(llr);
    free(q);
    free(app);
    fg_ldpc_fixed_destroy(x);
    free(o.bit_errors);
    free(o.frame_error);
    free(o.iterations);
    free(o.llr_q);
    free(o.bits);
    free(o.app);
    fg_gpu_ldpc_destroy(d);
    fg_ldpc_code_destroy(c);
    return fe_total;
}

static const char *const codes[] = {"wifi-648-1/2", "wifi-1944-1/2", "wifi-1944-5/6", "wimax-576-2/3A",
                                    "wimax-2304-3/4B", "wifi-1296-2/3"};

/* The fused decoders (a thread per row, a thread per edge); ncw 3 and 4 give 1 and 2 codewords per
 * thread in the row decoder. */
static void fused_fixed_equals_model(fg_gpu_ldpc_kernel kernel)
{
    fg_ldpc_fixed_cfg fx = fg_ldpc_fixed_cfg_default();
    int fe = 0;
    for (int i = 0; i < 6; i++) {
        fx.layers = 1 + i % 3; /* K 1, 2, 3 */
        fe += fixed_frames_equal(codes[i], kernel, &fx, 1.0 + 0.4 * i, 96, 3 + i % 2, 8, 4);
    }
    CU_ASSERT(fe > 0); /* failing frames (full iteration counts, saturation) are part of the check */
}

static void test_fused_fixed_equals_model(void) { fused_fixed_equals_model(FG_GPU_LDPC_FUSED); }

/* The packed decoder (layered, even ncw: codeword pairs in __half2), default and earlier arithmetic,
 * early termination on and off, and an odd number of frames (a half-filled pair). */
static void test_packed_fixed_equals_model(void)
{
    fg_ldpc_fixed_cfg fx = fg_ldpc_fixed_cfg_default();
    fx.layers = 1;
    int fe = 0;
    for (int i = 0; i < 6; i++)
        fe += fixed_frames_equal(codes[i], FG_GPU_LDPC_FUSED, &fx, 0.8 + 0.45 * i, 95, 2 + 2 * (i % 3), 16, 3);
    CU_ASSERT(fe > 0);
    fx.early_term = 0;
    fx.max_iter = 7;
    fixed_frames_equal("wifi-1944-1/2", FG_GPU_LDPC_FUSED, &fx, 1.2, 63, 4, 8, 2);
    fx = fg_ldpc_fixed_cfg_default();
    fx.layers = 1;
    fx.in_shift = 0;
    fx.scale_round = 0;
    fx.r_sat_late = 0;
    fx.app_keep = 0;
    fixed_frames_equal("wimax-960-3/4A", FG_GPU_LDPC_FUSED, &fx, 2.0, 64, 2, 16, 2);
    fx = fg_ldpc_fixed_cfg_default();
    fx.layers = 1;
    fx.llr_width = 8;
    fx.llr_frac = 3;
    fx.app_width = 10;
    fx.r_width = 8; /* the widest the packed decoder takes */
    fixed_frames_equal("wifi-648-2/3", FG_GPU_LDPC_FUSED, &fx, 2.0, 64, 2, 16, 2);
    fx.r_width = 9; /* the int32 fused decoder */
    fixed_frames_equal("wifi-648-2/3", FG_GPU_LDPC_FUSED, &fx, 2.0, 64, 2, 16, 2);
}
static void test_edge_fixed_equals_model(void) { fused_fixed_equals_model(FG_GPU_LDPC_EDGE); }

static void test_thesis_fixed_equals_model(void)
{
    fg_ldpc_fixed_cfg fx = fg_ldpc_fixed_cfg_default();
    for (int i = 0; i < 6; i++) {
        fg_ldpc_code *c; /* K = mb (the thesis's flooding) for the first code, then 2 and 1 */
        CU_ASSERT_FATAL(fg_ldpc_code_create(codes[i], &c) == 0);
        fx.layers = i == 0 ? c->mb : i % 2 ? 2 : 1;
        fg_ldpc_code_destroy(c);
        fixed_frames_equal(codes[i], FG_GPU_LDPC_THESIS, &fx, 1.2 + 0.4 * i, 64, 2, 8, 4);
    }
}

/* The earlier arithmetic (floor scaling, |Q| saturated before the min, no keep, no input shift),
 * other widths, ET off with a short limit. */
static void test_fixed_variants(void)
{
    fg_ldpc_fixed_cfg fx = fg_ldpc_fixed_cfg_default();
    fx.in_shift = 0;
    fx.scale_round = 0;
    fx.r_sat_late = 0;
    fx.app_keep = 0;
    fixed_frames_equal("wifi-648-1/2", FG_GPU_LDPC_FUSED, &fx, 2.0, 64, 4, 16, 1);
    fixed_frames_equal("wifi-648-1/2", FG_GPU_LDPC_THESIS, &fx, 2.0, 64, 4, 16, 1);
    fixed_frames_equal("wifi-648-1/2", FG_GPU_LDPC_EDGE, &fx, 2.0, 64, 4, 16, 1);
    fx = fg_ldpc_fixed_cfg_default();
    fx.llr_width = 8;
    fx.llr_frac = 3;
    fx.app_width = 10;
    fx.r_width = 8;
    fx.scale_num = 5;
    fx.scale_shift = 3;
    fx.early_term = 0;
    fx.max_iter = 5;
    fixed_frames_equal("wimax-1152-1/2", FG_GPU_LDPC_FUSED, &fx, 1.5, 64, 2, 32, 2);
    fixed_frames_equal("wimax-1152-1/2", FG_GPU_LDPC_THESIS, &fx, 1.5, 64, 2, 32, 2);
    fixed_frames_equal("wimax-1152-1/2", FG_GPU_LDPC_EDGE, &fx, 1.5, 64, 2, 32, 2);
}

/* Host LLRs in, the same results as the model (and a partial last stream). */
static void test_decode_fixed_host(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_FATAL(fg_ldpc_code_create("wifi-1296-3/4", &c) == 0);
    fg_gpu_ldpc_cfg g = fg_gpu_ldpc_cfg_default();
    g.streams = 3;
    g.ncw = 2;
    g.nmcw = 4;
    for (int kern = 0; kern < 3; kern++) {
        g.kernel = (fg_gpu_ldpc_kernel)kern;
        fg_gpu_ldpc *d;
        CU_ASSERT_FATAL(fg_gpu_ldpc_create(c, &g, &d) == 0);
        const int count = 19; /* 8 + 8 + 3 */
        const size_t n = (size_t)c->n;
        int32_t *q = malloc(sizeof(int32_t) * n * count), *app = malloc(sizeof(int32_t) * n * count);
        int32_t *app1 = malloc(sizeof(int32_t) * n);
        uint8_t *bits = malloc(n * count), *bits1 = malloc(n), *cw = malloc(n);
        double *llr = malloc(sizeof(double) * n), sigma;
        int it[19];
        CU_ASSERT_FATAL(fg_channel_sigma(2.2, (double)c->k / c->n, &sigma) == 0);
        for (int f = 0; f < count; f++) {
            cpu_frame(c, 3, f, sigma, cw, llr);
            CU_ASSERT_FATAL(fg_llr_quantize(llr, c->n, 6, 2, q + (size_t)f * n) == 0);
        }
        CU_ASSERT_FATAL(fg_gpu_ldpc_decode_fixed(d, count, q, bits, app, it) == 0);
        fg_ldpc_fixed *x;
        CU_ASSERT_FATAL(fg_ldpc_fixed_create(c, &g.fx, &x) == 0);
        for (int f = 0; f < count; f++) {
            int it1;
            CU_ASSERT_FATAL(fg_ldpc_fixed_decode(x, q + (size_t)f * n, bits1, app1, &it1) == 0);
            CU_ASSERT_EQUAL(it1, it[f]);
            CU_ASSERT(!memcmp(bits1, bits + (size_t)f * n, n));
            CU_ASSERT(!memcmp(app1, app + (size_t)f * n, sizeof(int32_t) * n));
        }
        /* bad input: a value outside llr_width, more frames than a batch, the wrong mode */
        q[5] = 40;
        CU_ASSERT_EQUAL(fg_gpu_ldpc_decode_fixed(d, count, q, bits, app, it), FG_EINVAL);
        CU_ASSERT_EQUAL(fg_gpu_ldpc_decode_fixed(d, 25, q, bits, app, it), FG_EINVAL);
        CU_ASSERT(strstr(fg_last_error(), "count=25") != NULL);
        CU_ASSERT_EQUAL(fg_gpu_ldpc_decode_float(d, 1, (const float *)q, bits, NULL, it), FG_ESTATE);
        fg_ldpc_fixed_destroy(x);
        fg_gpu_ldpc_destroy(d);
        free(q);
        free(app);
        free(app1);
        free(bits);
        free(bits1);
        free(cw);
        free(llr);
    }
    fg_ldpc_code_destroy(c);
}

/* Float mode: the same frames as the CPU float decoder (float32 both), hard decisions nearly always
 * equal; the layered schedule uses the CPU's operations in the CPU's order. */
static void test_float_close(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_FATAL(fg_ldpc_code_create("wifi-1944-1/2", &c) == 0);
    for (int kern = 0; kern < 3; kern++) {
        fg_gpu_ldpc_cfg g = fg_gpu_ldpc_cfg_default();
        g.kernel = (fg_gpu_ldpc_kernel)kern;
        g.fixed = 0;
        g.dec.schedule = FG_LDPC_SCHED_LAYERED;
        g.ncw = 2;
        g.nmcw = 32;
        fg_gpu_ldpc *d;
        CU_ASSERT_FATAL(fg_gpu_ldpc_create(c, &g, &d) == 0);
        const int count = 64;
        const size_t n = (size_t)c->n;
        fg_gpu_ldpc_frames_out o;
        memset(&o, 0, sizeof o);
        o.bit_errors = malloc(sizeof(int32_t) * count);
        o.frame_error = malloc((size_t)count);
        o.iterations = malloc(sizeof(int) * count);
        o.llr_f = malloc(sizeof(float) * n * count);
        o.bits = malloc(n * count);
        double sigma;
        CU_ASSERT_FATAL(fg_channel_sigma(1.4, 0.5, &sigma) == 0);
        CU_ASSERT_FATAL(fg_gpu_ldpc_frames(d, 11, 0, count, sigma, &o) == 0);
        fg_ldpc_dec *x;
        CU_ASSERT_FATAL(fg_ldpc_dec_create(c, &g.dec, &x) == 0);
        uint8_t *cw = malloc(n), *bits = malloc(n);
        double *llr = malloc(sizeof(double) * n);
        int differ = 0, llr_differ = 0, fe_cpu = 0, fe_gpu = 0;
        for (int f = 0; f < count; f++) {
            cpu_frame(c, 11, f, sigma, cw, llr);
            for (size_t i = 0; i < n; i++)
                llr_differ += (float)llr[i] != o.llr_f[(size_t)f * n + i];
            int it;
            CU_ASSERT_FATAL(fg_ldpc_dec_decode(x, llr, bits, NULL, &it) == 0);
            differ += memcmp(bits, o.bits + (size_t)f * n, n) != 0;
            int fe = 0;
            for (size_t i = 0; i < n; i++)
                fe |= bits[i] != cw[i];
            fe_cpu += fe;
            fe_gpu += o.frame_error[f];
        }
        CU_ASSERT_EQUAL(llr_differ, 0);
        CU_ASSERT(differ <= count / 16);
        CU_ASSERT(abs(fe_cpu - fe_gpu) <= 4);
        fprintf(stderr, "float %s: %d of %d frames' hard decisions differ; frame errors cpu %d gpu %d\n",
                kern == 2 ? "edge" : kern ? "thesis" : "fused", differ, count, fe_cpu, fe_gpu);
        fg_ldpc_dec_destroy(x);
        fg_gpu_ldpc_destroy(d);
        free(cw);
        free(bits);
        free(llr);
        free(o.bit_errors);
        free(o.frame_error);
        free(o.iterations);
        free(o.llr_f);
        free(o.bits);
    }
    fg_ldpc_code_destroy(c);
}

/* The ldpc family configured from args for implementation impl; for a GPU one, the kernel and batch
 * shape set in its options (fg_family_setup_text parses the family's options only) and checked. */
static void open_ldpc(fg_family_setup *s, const char *impl, const char *args, int kernel, int ncw, int nmcw,
                      int streams)
{
    int rc = fg_family_setup_text(s, fg_family_find("ldpc"), impl, args);
    if (!rc && s->impl->gpu) {
        fg_gpu_ldpc_cfg *g = s->icfg;
        g->kernel = (fg_gpu_ldpc_kernel)kernel;
        g->ncw = ncw;
        g->nmcw = nmcw;
        g->streams = streams;
        rc = s->impl->check(&s->inst, s->icfg);
    }
    if (rc)
        fprintf(stderr, "%s \"%s\": %s\n", impl, args, fg_last_error());
    CU_ASSERT_FATAL(rc == 0);
}

static int ber_point(const fg_family_setup *s, long long min_fe, long long max_frames, int workers, double ebn0,
                     fg_ber_point *p)
{
    const fg_family_run run = {1, min_fe, max_frames, workers, NULL, NULL};
    const int rc = fg_family_ber_point(&s->inst, s->impl, s->icfg, &run, ebn0, p);
    if (rc)
        fprintf(stderr, "%s at %g dB: %s\n", s->impl->name, ebn0, fg_last_error());
    return rc;
}

/* The BER point of gpu-fixed equals the CPU fixed model's, with the stop rule cutting inside a batch
 * (batches of 80 frames), for every kernel, on one GPU and on every GPU present. */
static void test_ber_equals_cpu(void)
{
    CU_ASSERT_FATAL(fg_gpu_register() == 0);
    CU_ASSERT_FATAL(fg_gpu_register() == 0); /* idempotent */
    const fg_family_impl *im[FG_FAMILY_IMPLS_MAX];
    CU_ASSERT_EQUAL(fg_family_impls(fg_family_find("ldpc"), im, FG_FAMILY_IMPLS_MAX), 5);
    static const char args[] = "--code wifi-648-1/2 --decoder multilayer:2 --fixed";
    fg_family_setup cs, gs;
    fg_ber_point cpu, gpu;
    open_ldpc(&cs, "fixed", args, 0, 0, 0, 0);
    CU_ASSERT_FATAL(ber_point(&cs, 37, 3000, 2, 1.5, &cpu) == 0);
    CU_ASSERT_EQUAL(cpu.stop, FG_BER_STOP_MIN_FE);
    CU_ASSERT(cpu.frames % 80 != 0);
    const int ngpu = fg_gpu_device_count();
    for (int kern = 0; kern < 3; kern++) {
        open_ldpc(&gs, "gpu-fixed", args, kern, 4, 10, 2);
        CU_ASSERT_EQUAL(gs.impl->gpu, 1);
        for (int devs = 1; devs <= ngpu; devs = devs < ngpu ? ngpu : devs + 1) {
            CU_ASSERT_FATAL(ber_point(&gs, 37, 3000, devs, 1.5, &gpu) == 0);
            CU_ASSERT_EQUAL(gpu.frames, cpu.frames);
            CU_ASSERT_EQUAL(gpu.frame_errors, cpu.frame_errors);
            CU_ASSERT_EQUAL(gpu.bit_errors, cpu.bit_errors);
            CU_ASSERT_EQUAL(gpu.work, cpu.work);
            CU_ASSERT_EQUAL(gpu.erasures, 0);
            CU_ASSERT_EQUAL(gpu.stop, cpu.stop);
            CU_ASSERT(!memcmp(gpu.param, cpu.param, sizeof cpu.param)); /* the channel parameters of the point */
        }
        fg_family_setup_free(&gs);
    }
    fg_family_setup_free(&cs);
    /* a max_frames stop inside a batch */
    open_ldpc(&cs, "fixed", args, 0, 0, 0, 0);
    open_ldpc(&gs, "gpu-fixed", args, 0, 4, 10, 2);
    CU_ASSERT_FATAL(ber_point(&cs, 1000000, 203, 2, 2.0, &cpu) == 0);
    CU_ASSERT_FATAL(ber_point(&gs, 1000000, 203, 1, 2.0, &gpu) == 0);
    CU_ASSERT(gpu.frames == 203 && gpu.stop == FG_BER_STOP_MAX_FRAMES);
    CU_ASSERT(gpu.frame_errors == cpu.frame_errors && gpu.bit_errors == cpu.bit_errors && gpu.work == cpu.work);
    fg_family_setup_free(&cs);
    fg_family_setup_free(&gs);
}

/* gpu-float through the family: the same frames as the CPU float decoder (float32 both), frame errors
 * nearly equal; --alg spa and a batch shape the code cannot take are refused, naming them. */
static void test_ber_float_and_checks(void)
{
    CU_ASSERT_FATAL(fg_gpu_register() == 0);
    static const char args[] = "--code wifi-1944-1/2 --decoder layered --alg nms:0.75";
    fg_family_setup cs, gs;
    fg_ber_point cpu, gpu;
    open_ldpc(&cs, "float", args, 0, 0, 0, 0);
    open_ldpc(&gs, "gpu-float", args, 0, 2, 32, 1);
    CU_ASSERT_FATAL(ber_point(&cs, 1000000, 640, 2, 1.4, &cpu) == 0);
    CU_ASSERT_FATAL(ber_point(&gs, 1000000, 640, 1, 1.4, &gpu) == 0);
    fprintf(stderr, "float BER point: frame errors cpu %lld gpu %lld of 640\n", cpu.frame_errors, gpu.frame_errors);
    CU_ASSERT_EQUAL(gpu.frames, 640);
    CU_ASSERT(cpu.frame_errors > 10);
    CU_ASSERT(llabs(cpu.frame_errors - gpu.frame_errors) <= 640 / 16);
    fg_family_setup_free(&cs);
    fg_family_setup_free(&gs);
    fg_family_setup s;
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, fg_family_find("ldpc"), "gpu-float", "--code wifi-1944-1/2 --alg spa"),
                    FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "--alg=spa") != NULL);
    fg_family_setup_free(&s);
    CU_ASSERT_FATAL(fg_family_setup_text(&s, fg_family_find("ldpc"), "gpu-fixed", "--code wifi-1944-1/2 --fixed") == 0);
    ((fg_gpu_ldpc_cfg *)s.icfg)->ncw = 13; /* 13 * 81 > 1024 */
    CU_ASSERT_EQUAL(s.impl->check(&s.inst, s.icfg), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "ncw=13") != NULL);
    fg_family_setup_free(&s);
}

static void test_bad_config(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_FATAL(fg_ldpc_code_create("wifi-1944-1/2", &c) == 0);
    fg_gpu_ldpc *d = (fg_gpu_ldpc *)1;
    fg_gpu_ldpc_cfg g = fg_gpu_ldpc_cfg_default();
    g.ncw = 13; /* 13 * 81 > 1024 */
    CU_ASSERT_EQUAL(fg_gpu_ldpc_create(c, &g, &d), FG_EINVAL);
    CU_ASSERT(d == NULL);
    CU_ASSERT(strstr(fg_last_error(), "ncw=13") != NULL);
    g = fg_gpu_ldpc_cfg_default();
    g.fixed = 0;
    g.dec.alg = FG_LDPC_ALG_SPA;
    CU_ASSERT_EQUAL(fg_gpu_ldpc_create(c, &g, &d), FG_EINVAL);
    g = fg_gpu_ldpc_cfg_default();
    g.fx.app_width = 20;
    CU_ASSERT_EQUAL(fg_gpu_ldpc_create(c, &g, &d), FG_EINVAL);
    g = fg_gpu_ldpc_cfg_default();
    g.device = 99;
    CU_ASSERT_EQUAL(fg_gpu_ldpc_create(c, &g, &d), FG_EINVAL);
    g = fg_gpu_ldpc_cfg_default();
    g.streams = 0;
    CU_ASSERT_EQUAL(fg_gpu_ldpc_create(c, &g, &d), FG_EINVAL);
    /* out of device memory: a batch far larger than the card */
    g = fg_gpu_ldpc_cfg_default();
    g.ncw = 12;
    g.nmcw = 65535;
    g.streams = 64;
    g.kernel = FG_GPU_LDPC_THESIS;
    g.ncw = 8;
    CU_ASSERT_EQUAL(fg_gpu_ldpc_create(c, &g, &d), FG_ENOMEM);
    CU_ASSERT(strstr(fg_last_error(), "out of memory") != NULL);
    /* the device still works afterwards */
    g = fg_gpu_ldpc_cfg_default();
    CU_ASSERT_EQUAL(fg_gpu_ldpc_create(c, &g, &d), 0);
    fg_gpu_ldpc_destroy(d);
    fg_ldpc_code_destroy(c);
}

void fg_test_register(void)
{
    if (fg_gpu_device_count() == 0) {
        fprintf(stderr, "no CUDA device: GPU tests skipped\n");
        exit(77);
    }
    static const fg_test_case cases[] = {
        {"fused_fixed_equals_model", test_fused_fixed_equals_model},
        {"packed_fixed_equals_model", test_packed_fixed_equals_model},
        {"edge_fixed_equals_model", test_edge_fixed_equals_model},
        {"thesis_fixed_equals_model", test_thesis_fixed_equals_model},
        {"fixed_variants", test_fixed_variants},
        {"decode_fixed_host", test_decode_fixed_host},
        {"float_close", test_float_close},
        {"ber_equals_cpu", test_ber_equals_cpu},
        {"ber_float_and_checks", test_ber_float_and_checks},
        {"bad_config", test_bad_config},
        {NULL, NULL},
    };
    fg_add_suite("gpu_ldpc", cases);
}
