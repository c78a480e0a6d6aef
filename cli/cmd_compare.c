/* fecforge compare A B: two decision files (docs/decode.md: a golden decode by `fecforge decode`, the
 * decisions a hardware decoder wrote, the references of `fecforge frames --ref`) frame by frame: the
 * frames and bits that differ, the first few with their index, and where both carry them the work
 * counts and a-posteriori values. Exit 0 identical, 1 different, 2 unusable files. */
#include "cli.h"
#include "cli_opts.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/frames.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int show, json;
} compare_opts;

static const fg_opt compare_table[] = {
    {"show", 0, FG_OPT_INT, offsetof(compare_opts, show), 0, 1000000, .def = "10", .meta = "N",
     .help = "mismatching frames listed with their first difference"},
    {"json", 0, FG_OPT_FLAG, offsetof(compare_opts, json), .help = "one JSON object on stdout"},
    {NULL}};

typedef struct {
    long long frame;
    int bits, first_bit, a_bit, b_bit;
    int work_a, work_b, app_index, erased_a, erased_b;
    double app_a, app_b;
    unsigned what; /* 1 bits, 2 work, 4 app, 8 the erasure flag */
} mismatch;

static int open_bits(const char *cmd, const char *path, fg_frames_reader **r)
{
    if (fg_frames_open(path, r))
        return fg_cli_usage_error(cmd, "%s", fg_last_error());
    if (fg_frames_header_of(*r)->content != FG_FRAMES_BITS) {
        fg_frames_close(*r);
        *r = NULL;
        return fg_cli_usage_error(cmd, "%s holds channel LLRs, not decisions (decode it first)", path);
    }
    return 0;
}

int fg_cmd_compare(int argc, char **argv)
{
    static const char *const CMD = "compare";
    compare_opts v = {0};
    fg_cli_spec spec = {
        .cmd = CMD,
        .about = "Compares two decision files (docs/decode.md) frame by frame: a golden decode (fecforge decode),\n"
                 "the decisions a hardware decoder wrote in the same format, or the references of 'fecforge frames\n"
                 "--ref'. Both must be of one family and code, with the same number of frames and bits per frame.\n"
                 "Reported: the frames and bits that differ, the first --show mismatching frames with their index,\n"
                 "and, where both files carry them, frames whose work counts or a-posteriori values differ.",
        .examples = "fecforge frames ldpc --code wifi-648-1/2 --fixed --ebn0 2 --count 100 -o frames.txt --ref ref.txt\n"
                    "fecforge decode ldpc --code wifi-648-1/2 --fixed --in frames.txt -o golden.txt\n"
                    "fecforge decode ldpc --code wifi-648-1/2 --fixed --impl cycle --in frames.txt -o hw.txt\n"
                    "fecforge compare golden.txt hw.txt",
        .exits = "0 identical, 1 different (or a runtime failure), 2 usage error or an unusable file",
        .pos_min = 2,
        .pos_max = 2,
        .pos_meta = "A B",
        .pos_inputs = 1};
    fg_cli_group(&spec, "options", compare_table, &v);
    int rc = fg_cli_parse(&spec, argc, argv);
    if (rc)
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    const char *pa = spec.o.pos[0], *pb = spec.o.pos[1];
    fg_frames_reader *ra = NULL, *rb = NULL;
    uint8_t *ba = NULL, *bb = NULL;
    int32_t *qa = NULL, *qb = NULL;
    double *fa = NULL, *fb = NULL;
    mismatch *list = NULL;
    /* (A and B both '-' are refused with the other path conflicts: fg_cli_claim) */
    if ((rc = open_bits(CMD, pa, &ra)) || (rc = open_bits(CMD, pb, &rb)))
        goto out;
    const fg_frames_header *ha = fg_frames_header_of(ra), *hb = fg_frames_header_of(rb);
    if (strcmp(ha->family, hb->family) || strcmp(ha->code, hb->code)) {
        rc = fg_cli_usage_error(CMD, "%s is of %s %s, %s of %s %s", pa, ha->family, ha->code, pb, hb->family, hb->code);
        goto out;
    }
    if (ha->code_digest && hb->code_digest && ha->code_digest != hb->code_digest) {
        rc = fg_cli_usage_error(CMD, "%s: code digest %016llx differs from %016llx of %s (another code of the same "
                                     "name)", pb, (unsigned long long)hb->code_digest,
                                (unsigned long long)ha->code_digest, pa);
        goto out;
    }
    if (ha->length != hb->length || ha->count != hb->count) {
        rc = fg_cli_usage_error(CMD, "%s has %lld frames of %d bits, %s %lld of %d", pa, ha->count, ha->length, pb,
                                hb->count, hb->length);
        goto out;
    }
    const int work = ha->work && hb->work, erased = ha->erased && hb->erased;
    const int app = ha->app && hb->app && ha->app_length == hb->app_length && ha->fixed == hb->fixed &&
                    ha->hard == hb->hard;
    const int n = ha->length, na = app ? ha->app_length : 0;
    ba = malloc((size_t)n);
    bb = malloc((size_t)n);
    list = calloc((size_t)(v.show ? v.show : 1), sizeof *list);
    if (app && (ha->fixed || ha->hard)) {
        qa = malloc(sizeof *qa * (size_t)na);
        qb = malloc(sizeof *qb * (size_t)na);
    } else if (app) {
        fa = malloc(sizeof *fa * (size_t)na);
        fb = malloc(sizeof *fb * (size_t)na);
    }
    if (!ba || !bb || !list || (app && !((qa && qb) || (fa && fb)))) {
        rc = fg_cli_fail(CMD, "out of memory");
        goto out;
    }
    long long frames = 0, bad_frames = 0, bad_bits = 0, bad_work = 0, bad_app = 0, bad_erased = 0;
    double app_max = 0;
    int listed = 0;
    for (;;) {
        int32_t wa = 0, wb = 0;
        uint8_t ea = 0, eb = 0;
        /* one file at a time: the message of a bad A must not be replaced by reading B */
        const int ga = fg_frames_read(ra, NULL, NULL, NULL, ba, &wa, &ea, fa, qa);
        const int gb = ga < 0 ? 0 : fg_frames_read(rb, NULL, NULL, NULL, bb, &wb, &eb, fb, qb);
        if (ga < 0 || gb < 0) {
            rc = fg_cli_usage_error(CMD, "%s", fg_last_error());
            goto out;
        }
        if (!ga || !gb)
            break;
        mismatch m = {.frame = frames, .first_bit = -1, .work_a = wa, .work_b = wb, .app_index = -1};
        for (int i = 0; i < n; i++)
            if (ba[i] != bb[i]) {
                if (m.first_bit < 0) {
                    m.first_bit = i;
                    m.a_bit = ba[i];
                    m.b_bit = bb[i];
                }
                m.bits++;
            }
        if (m.bits)
            m.what |= 1;
        if (work && wa != wb)
            m.what |= 2;
        if (erased && ea != eb)
            m.what |= 8;
        m.erased_a = ea;
        m.erased_b = eb;
        for (int i = 0; i < na; i++) {
            const double a = qa ? qa[i] : fa[i], b = qb ? qb[i] : fb[i];
            if (a != b && m.app_index < 0) {
                m.app_index = i;
                m.app_a = a;
                m.app_b = b;
                m.what |= 4;
            }
            if (fabs(a - b) > app_max)
                app_max = fabs(a - b);
        }
        bad_frames += m.bits > 0;
        bad_bits += m.bits;
        bad_work += (m.what & 2) != 0;
        bad_app += (m.what & 4) != 0;
        bad_erased += (m.what & 8) != 0;
        if (m.what && listed < v.show)
            list[listed++] = m;
        frames++;
    }
    const int differ = bad_frames || bad_work || bad_app || bad_erased;
    if (v.json) {
        fg_json j;
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, NULL);
        fg_json_str(&j, "command", "compare");
        fg_json_str(&j, "a", pa);
        fg_json_str(&j, "b", pb);
        fg_json_str(&j, "family", ha->family);
        fg_json_str(&j, "code", ha->code);
        fg_json_int(&j, "frames", frames);
        fg_json_int(&j, "bits_per_frame", n);
        fg_json_int(&j, "frames_differing", bad_frames);
        fg_json_int(&j, "bits_differing", bad_bits);
        if (work)
            fg_json_int(&j, "work_differing", bad_work);
        if (erased)
            fg_json_int(&j, "erased_differing", bad_erased);
        if (app) {
            fg_json_int(&j, "app_differing", bad_app);
            fg_json_num(&j, "app_max_difference", app_max);
        }
        fg_json_arr_open(&j, "first");
        for (int i = 0; i < listed; i++) {
            const mismatch *m = &list[i];
            fg_json_obj_open(&j, NULL);
            j.pretty = 0;
            fg_json_int(&j, "frame", m->frame);
            fg_json_int(&j, "bits", m->bits);
            if (m->first_bit >= 0)
                fg_json_int(&j, "first_bit", m->first_bit);
            if (m->what & 2) {
                fg_json_int(&j, "work_a", m->work_a);
                fg_json_int(&j, "work_b", m->work_b);
            }
            if (m->what & 4)
                fg_json_int(&j, "first_app", m->app_index);
            if (m->what & 8) {
                fg_json_int(&j, "erased_a", m->erased_a);
                fg_json_int(&j, "erased_b", m->erased_b);
            }
            fg_json_obj_close(&j);
            j.pretty = 1;
        }
        fg_json_arr_close(&j);
        fg_json_bool(&j, "identical", !differ);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("%s %s: %lld frames of %d bits compared%s%s\n", ha->family, ha->code, frames, n,
               work ? ", work counts" : "", app ? ", a-posteriori values" : "");
        printf("frames differing: %lld, bits differing: %lld", bad_frames, bad_bits);
        if (work)
            printf(", work differing: %lld", bad_work);
        if (erased)
            printf(", erasures differing: %lld", bad_erased);
        if (app)
            printf(", app differing: %lld (largest difference %g)", bad_app, app_max);
        printf("\n");
        for (int i = 0; i < listed; i++) {
            const mismatch *m = &list[i];
            printf("  frame %lld:", m->frame);
            if (m->what & 1)
                printf(" %d bit%s differ%s, the first at bit %d (%s %d, %s %d);", m->bits, m->bits == 1 ? "" : "s",
                       m->bits == 1 ? "s" : "", m->first_bit, pa, m->a_bit, pb, m->b_bit);
            if (m->what & 2)
                printf(" work %d against %d;", m->work_a, m->work_b);
            if (m->what & 4)
                printf(" app[%d] %g against %g;", m->app_index, m->app_a, m->app_b);
            if (m->what & 8)
                printf(" erased %d against %d;", m->erased_a, m->erased_b);
            printf("\n");
        }
        printf("%s\n", differ ? "DIFFERENT" : "identical");
    }
    rc = differ ? FG_EXIT_FAIL : FG_EXIT_OK;
out:
    fg_frames_close(ra);
    fg_frames_close(rb);
    free(ba);
    free(bb);
    free(qa);
    free(qb);
    free(fa);
    free(fb);
    free(list);
    return fg_cli_finish(&spec, rc);
}
