/* Benchmark: the QC-LDPC systematic encoder and syndrome check (docs/ldpc-codes.md). Encoding and
 * syndrome time per frame for built-in codes (dual-diagonal O(edges) encoder) and for user codes on
 * the block-peeling encoder: wifi-1944-1/2 with its parity block columns permuted (gap 1 block,
 * m = 972), a 5G-NR-like code (4-row core + 16 extension rows, z = 256, m = 5120, gap 1) and a
 * block lower-triangular parity part (m = 4096, gap 0), with their set-up times.
 * Prints one JSON object. Usage: bench_ldpc_code [seconds per measurement, default 1] */
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_code.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int bench(const fg_ldpc_code *c, double seconds, double setup_s, int first)
{
    uint8_t *s = malloc((size_t)c->k), *cw = malloc((size_t)c->n);
    if (!s || !cw || fg_channel_random_bits(c->k, 1, 0, s)) {
        free(s);
        free(cw);
        return -1;
    }
    long it = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < 100; i++) {
            if (fg_ldpc_encode(c, s, cw))
                return -1;
            s[i % c->k] ^= cw[c->n - 1]; /* the next message depends on this codeword */
        }
        it += 100;
        t = now() - t0;
    } while (t < seconds);
    const double enc = t / (double)it;
    long bad = 0;
    it = 0;
    t0 = now();
    do {
        for (int i = 0; i < 100; i++)
            bad += fg_ldpc_syndrome_weight(c, cw) != 0;
        it += 100;
        t = now() - t0;
    } while (t < seconds);
    const double syn = t / (double)it;
    printf("%s    {\"code\": \"%s\", \"n\": %d, \"k\": %d, \"edges\": %d, \"encode_us\": %.3f, "
           "\"encode_info_mbps\": %.1f, \"syndrome_us\": %.3f, \"setup_s\": %.4f, \"syndrome_failures\": %ld}",
           first ? "" : ",\n", c->name, c->n, c->k, c->n_blocks * c->z, enc * 1e6, c->k / enc / 1e6, syn * 1e6,
           setup_s, bad);
    free(s);
    free(cw);
    return 0;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0))
        seconds = 1.0;
    printf("{\n  \"tool\": {\"name\": \"fecforge\", \"version\": \"%s\", \"git\": \"%s\"},\n"
           "  \"bench\": \"ldpc_code\",\n  \"seconds\": %g,\n  \"codes\": [\n",
           fg_version(), fg_git_hash(), seconds);
    const char *names[] = {"wifi-648-1/2", "wifi-1944-1/2", "wifi-1944-5/6", "wimax-2304-1/2"};
    int first = 1;
    for (int i = 0; i < 4; i++) {
        fg_ldpc_code *c;
        double t0 = now();
        if (fg_ldpc_code_create(names[i], &c)) {
            fprintf(stderr, "%s\n", fg_last_error());
            return 1;
        }
        double setup = now() - t0;
        if (bench(c, seconds, setup, first))
            return 1;
        first = 0;
        fg_ldpc_code_destroy(c);
    }
    /* wifi-1944-1/2, parity block column j taken from old parity column (5j + 3) mod 12 */
    fg_ldpc_code *w, *d;
    if (fg_ldpc_code_create("wifi-1944-1/2", &w))
        return 1;
    int p[12 * 24];
    for (int l = 0; l < 12; l++)
        for (int c = 0; c < 24; c++)
            p[l * 24 + c] = w->shift[l * 24 + (c < 12 ? c : 12 + ((c - 12) * 5 + 3) % 12)];
    fg_ldpc_code_destroy(w);
    double t0 = now();
    if (fg_ldpc_code_from_base("perm-1944-1/2", 81, 12, 24, p, &d)) {
        fprintf(stderr, "%s\n", fg_last_error());
        return 1;
    }
    if (bench(d, seconds, now() - t0, 0))
        return 1;
    fg_ldpc_code_destroy(d);
    /* two structures, z = 256, pseudo-random information part and off-structure blocks */
    enum { Z = 256, KB = 16 };
    for (int kind = 0; kind < 2; kind++) {
        const int mb = kind == 0 ? 20 : 16, nb = KB + mb;
        int *q = malloc(sizeof *q * (size_t)(mb * nb));
        if (!q)
            return 1;
        uint32_t x = 7;
        for (int l = 0; l < mb; l++)
            for (int c = 0; c < nb; c++) {
                x = x * 1103515245u + 12345u;
                int r = (int)((x >> 8) % Z), j = c - KB, v = -1, coin = (x >> 20) % 2;
                if (j < 0)
                    v = coin || l == 0 ? r : -1;
                else if (kind == 1) /* lower triangular, identity diagonal */
                    v = j == l ? 0 : j < l && coin ? r : -1;
                else if (l < 4) /* NR-like core: staircase, then the weight-3 column */
                    v = j < 3 ? ((l == j || l == j + 1) ? 0 : -1) : j == 3 ? (l == 0 || l == 3 ? 1 : l == 2 ? 0 : -1) : -1;
                else /* extension rows: core parity and their own identity column */
                    v = j < 4 ? (coin ? r : -1) : j == l ? 0 : -1;
                q[l * nb + c] = v;
            }
        t0 = now();
        if (fg_ldpc_code_from_base(kind == 0 ? "nr-like-5120" : "lower-triangular-4096", Z, mb, nb, q, &d)) {
            fprintf(stderr, "%s\n", fg_last_error());
            return 1;
        }
        if (bench(d, seconds, now() - t0, 0))
            return 1;
        fg_ldpc_code_destroy(d);
        free(q);
    }
    printf("\n  ]\n}\n");
    return 0;
}
