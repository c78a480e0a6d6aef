/* The field a check refuses (fecforge/error.h: fg_set_error_at, fg_last_error_field) and the option that
 * names it (fecforge/options.h: fg_opts_field_error), on the option struct itself and through a copy; and
 * the library's checks recording the caller's fields (the DBCF, the turbo decoder on a copy of its cfg). */
#include "fg_cunit.h"
#include "fecforge/dbcf.h"
#include "fecforge/error.h"
#include "fecforge/options.h"
#include "fecforge/turbo_fixed.h"

#include <stddef.h>
#include <string.h>

typedef struct {
    int pllr, banks;
} net;
typedef struct {
    net n;
    int window;
} opts;

#define O(f) offsetof(opts, f)
static const fg_opt table[] = {{"pllr", 0, FG_OPT_INT, O(n.pllr), 1, 64, .def = "8", .meta = "P", .help = "lanes"},
                               {"lanes", 0, FG_OPT_INT, O(n.pllr), .alias_of = "pllr"},
                               {"banks", 0, FG_OPT_INT, O(n.banks), 1, 64, .def = "8", .meta = "M", .help = "banks"},
                               {NULL}};
#undef O

static opts v;
static fg_opt_group grp;
static fg_opts p;

static int parse(int argc, char **argv)
{
    fg_opts_free(&p);
    memset(&v, 0, sizeof v);
    grp = (fg_opt_group){NULL, table, &v};
    p = (fg_opts){.groups = &grp, .n_groups = 1};
    return fg_opts_parse(&p, argc, argv);
}

/* A check of the caller's struct: "pllr=99 ..." with the field beside it. */
static int check(const net *n)
{
    if (n->banks % n->pllr)
        return fg_set_error_at(FG_EINVAL, &n->banks, "banks=%d invalid: a multiple of pllr=%d", n->banks, n->pllr);
    return 0;
}

static void test_recorded(void)
{
    const int x[2] = {0, 0};
    CU_ASSERT_EQUAL(fg_set_error_at(FG_EINVAL, &x[1], "x=%d out of range", 3), FG_EINVAL);
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "x=3 out of range");
    CU_ASSERT_PTR_EQUAL(fg_last_error_field(), &x[1]);
    CU_ASSERT_EQUAL(fg_prefix_error(FG_EINVAL, "decoder: "), FG_EINVAL); /* kept */
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "decoder: x=3 out of range");
    CU_ASSERT_PTR_EQUAL(fg_last_error_field(), &x[1]);
    fg_set_error(FG_EINVAL, "plain"); /* cleared */
    CU_ASSERT_PTR_NULL(fg_last_error_field());
    CU_ASSERT_EQUAL(fg_error_at(FG_EIO, &x[0]), FG_EIO); /* attached, message unchanged */
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "plain");
    CU_ASSERT_PTR_EQUAL(fg_last_error_field(), &x[0]);
    fg_clear_error();
    CU_ASSERT_PTR_NULL(fg_last_error_field());
    /* a field of a copy as the same member of the original; any other as it is */
    net a = {1, 2}, b = {3, 4};
    CU_ASSERT_PTR_EQUAL(fg_field_in(&a.banks, &a, &b, sizeof a), &b.banks);
    CU_ASSERT_PTR_EQUAL(fg_field_in(&x[0], &a, &b, sizeof a), &x[0]);
    CU_ASSERT_PTR_NULL(fg_field_in(NULL, &a, &b, sizeof a));
}

static void test_named(void)
{
    char *argv[] = {"--banks", "12", "--lanes", "8"};
    CU_ASSERT_EQUAL(parse(4, argv), 0);
    CU_ASSERT_EQUAL(check(&v.n), FG_EINVAL); /* on the options' own struct */
    CU_ASSERT_EQUAL(fg_opts_field_error(&p, FG_EINVAL, NULL, 0, NULL), FG_EINVAL);
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "--banks: banks=12 invalid: a multiple of pllr=8");
    CU_ASSERT_PTR_NULL(fg_last_error_field()); /* named once */
    net n = v.n; /* on a copy: unnamed without the pair, named with it */
    check(&n);
    fg_opts_field_error(&p, FG_EINVAL, NULL, 0, NULL);
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "banks=12 invalid: a multiple of pllr=8");
    check(&n);
    const fg_opt_copy copy[] = {FG_OPT_COPY(n, v.n)};
    fg_opts_field_error(&p, FG_EINVAL, FG_OPT_COPIES(copy), "decoder: ");
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "--banks: banks=12 invalid: a multiple of pllr=8");
    /* a field pair: the check's banks set by --pllr (its old spelling --lanes, as given); the first pair applies */
    check(&n);
    const fg_opt_copy pairs[] = {FG_OPT_COPY(n.banks, v.n.pllr), FG_OPT_COPY(n, v.n)};
    fg_opts_field_error(&p, FG_EINVAL, FG_OPT_COPIES(pairs), NULL);
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "--lanes: banks=12 invalid: a multiple of pllr=8");
    /* no option for the field: otherwise in front */
    fg_set_error_at(FG_EINVAL, &v.window, "window=3 out of range");
    fg_opts_field_error(&p, FG_EINVAL, NULL, 0, "decoder: ");
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "decoder: window=3 out of range");
    fg_opts_free(&p);
}

static void test_library_checks(void)
{
    fg_dbcf_cfg d = fg_dbcf_cfg_default();
    d.select = 1000;
    CU_ASSERT_EQUAL(fg_dbcf_cfg_check(&d), FG_EINVAL);
    CU_ASSERT_PTR_EQUAL(fg_last_error_field(), &d.select);
    /* fg_turbo_fixed_create checks the caller's cfg (its own copy holds the observer) */
    fg_turbo_fixed_cfg t = fg_turbo_fixed_cfg_default();
    t.P = 16;
    fg_turbo_fixed *dec = NULL;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_LTE, 40, &t, &dec), FG_EINVAL);
    CU_ASSERT_PTR_EQUAL(fg_last_error_field(), &t.P);
    CU_ASSERT_EQUAL(strncmp(fg_last_error(), "P=16 does not fit K=40", 22), 0);
    t = fg_turbo_fixed_cfg_default();
    t.fmt.w_bm = 2;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_LTE, 40, &t, &dec), FG_EINVAL);
    CU_ASSERT_PTR_EQUAL(fg_last_error_field(), &t.fmt.w_bm);
    fg_turbo_fixed_destroy(dec);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"recorded", test_recorded},
                                         {"named", test_named},
                                         {"library_checks", test_library_checks},
                                         {NULL, NULL}};
    fg_add_suite("error_field", cases);
}
