/* The template renderer (gen_template.c, gen/README.md "Templates"), on the template fg_vit_stage: a
 * rendering with values and repeated sections, and each error (unknown template or placeholder, missing
 * or unused value, an instance no section renders) fails naming the template and the name. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "fg_cunit.h"
#include "fecforge/error.h"
#include "gen_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The stage of one symbol and one state, all but `drop` given (NULL: all), plus the value `extra`. */
static fg_tpl *stage(const char *drop, const char *extra)
{
    static const char *const names[] = {"TOP", "WB", "WB1", "WX", "PORTS"};
    fg_tpl *t = fg_tpl_new("fg_vit_stage");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!drop || strcmp(drop, names[i]))
            fg_tpl_set(t, names[i], "%s", i ? "7" : "my_stage");
    if (extra)
        fg_tpl_set(t, extra, "1");
    for (int b = 0; b < 2; b++) {
        fg_tpl_begin(t, "SYM");
        fg_tpl_int(t, "B", b);
        fg_tpl_int(t, "HI", 2 * b + 1);
        fg_tpl_int(t, "LO", 2 * b);
        fg_tpl_end(t);
    }
    return t;
}

static int render(fg_tpl *t, char **text)
{
    size_t n;
    FILE *f = open_memstream(text, &n);
    const int rc = fg_tpl_write(t, f);
    fclose(f);
    return rc;
}

static void test_render(void)
{
    char *s = NULL;
    CU_ASSERT_EQUAL_FATAL(render(stage(NULL, NULL), &s), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "`default_nettype none\nmodule my_stage (\n7\n  // the symbols, 0 where erased, in 7 bits\n"
                                     "  wire signed [7:0] l0 = era_i[0] ? 7'sd0 : {{7{sym_i[1]}}, sym_i[1:0]};\n"
                                     "  wire signed [7:0] l1 = era_i[1] ? 7'sd0 : {{7{sym_i[3]}}, sym_i[3:2]};\n"
                                     "  // branch metrics"));
    CU_ASSERT_PTR_NULL(strstr(s, "`define")); /* the head is not rendered */
    CU_ASSERT_PTR_NULL(strstr(s, "`ifdef"));
    CU_ASSERT_PTR_NULL(strstr(s, "bm")); /* no instance of BM */
    free(s);
}

static void fails(fg_tpl *t, const char *what)
{
    char *s = NULL;
    CU_ASSERT_EQUAL(render(t, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "fg_vit_stage"));
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), what));
    if (!strstr(fg_last_error(), what))
        printf("\n  %s\n", fg_last_error());
    CU_ASSERT(!s || !*s); /* nothing written */
    free(s);
}

static void test_errors(void)
{
    fails(stage("WB", NULL), "no value for placeholder `WB");
    fails(stage(NULL, "NOPE"), "`NOPE, which it does not declare");
    fails(stage(NULL, "O"), "`O not used"); /* declared, but only inside BM */
    fg_tpl *t = stage(NULL, NULL);
    fg_tpl_begin(t, "NOSECTION");
    fg_tpl_end(t);
    fails(t, "section NOSECTION");
    char *s = NULL;
    CU_ASSERT_EQUAL(render(fg_tpl_new("fg_no_such"), &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "fg_no_such"));
    free(s);
}

/* A program's template (fg_gen_templates_add): values from a table (fg_tpl_ints), a section the generator
 * never begins (LINT: text only the linter sees), flags inside a line (a separator between instances). */
static void test_list(void)
{
    static const fg_gen_text own[] = {{"fg_test_list", "`define TOP fg_test_list\n`define LINT\n`define L\n"
                                                      "`define MORE\n`define A 1\n`define B 2\nmodule `TOP (\n"
                                                      "`ifdef LINT\n  lint_only,\n`endif\n`ifdef L\n"
                                                      "  p`A`ifdef MORE ,`endif  // `B\n`endif\n);\n"},
                                     {NULL, NULL}};
    CU_ASSERT_EQUAL_FATAL(fg_gen_templates_add(own), 0);
    fg_tpl *t = fg_tpl_new("fg_test_list");
    fg_tpl_set(t, "TOP", "m");
    for (int i = 0; i < 3; i++) {
        const fg_tpl_iv iv[] = {{"A", i}, {"B", 10 * i}};
        fg_tpl_begin(t, "L");
        fg_tpl_ints(t, iv, 2);
        fg_tpl_flag(t, "MORE", i < 2);
        fg_tpl_end(t);
    }
    char *s = NULL;
    CU_ASSERT_EQUAL_FATAL(render(t, &s), 0);
    CU_ASSERT_STRING_EQUAL(s, "module m (\n  p0, // 0\n  p1, // 10\n  p2 // 20\n);\n");
    free(s);
}

/* fg_tpl_free of a template the generator gave up on: nothing checked, the generator's own error kept. */
static void test_free(void)
{
    fg_tpl *t = stage("WB", "NOPE");
    fg_tpl_begin(t, "NOSECTION");
    fg_set_error(FG_ESTATE, "the generator's own error");
    fg_tpl_free(t);
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "the generator's own error");
    fg_tpl_free(NULL);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"template: values and repeated sections", test_render},
        {"template: errors name the template and the placeholder", test_errors},
        {"template: freed unrendered", test_free},
        {"template: a table of values, a lint-only section, flags in a line", test_list},
        {NULL, NULL},
    };
    fg_add_suite("gen_template", cases);
}
