/* fecforge/fecforge.h includes every public header of cmodel/include/fecforge: the list is read from
 * the source tree, and this file, which includes nothing else of ours, uses one function of each. */
#include "fecforge/fecforge.h"

#include "fg_cunit.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_every_header(void)
{
    const char *src = getenv("FG_SOURCE_DIR");
    CU_ASSERT_PTR_NOT_NULL_FATAL(src);
    char dir[4096], path[4200];
    snprintf(dir, sizeof dir, "%s/cmodel/include/fecforge", src);
    snprintf(path, sizeof path, "%s/fecforge.h", dir);
    FILE *f = fopen(path, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    static char text[1 << 16];
    text[fread(text, 1, sizeof text - 1, f)] = '\0';
    fclose(f);
    DIR *d = opendir(dir);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    int headers = 0;
    for (struct dirent *e; (e = readdir(d));) {
        const size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".h") || !strcmp(e->d_name, "fecforge.h"))
            continue;
        char inc[300];
        snprintf(inc, sizeof inc, "#include \"fecforge/%s\"", e->d_name);
        if (!strstr(text, inc))
            fprintf(stderr, "fecforge.h does not include %s\n", e->d_name);
        CU_ASSERT_PTR_NOT_NULL(strstr(text, inc));
        headers++;
    }
    closedir(d);
    CU_ASSERT(headers >= 24);
}

/* One declaration of each header, reached through the umbrella alone. */
static void test_declarations(void)
{
    CU_ASSERT_PTR_NOT_NULL(fg_version());                       /* error.h */
    CU_ASSERT_EQUAL(fg_fx_sat(100, 4), 7);                      /* fixed.h */
    fg_rng r;                                                   /* rng.h */
    fg_rng_init(&r, 1, 2);
    CU_ASSERT_PTR_NOT_NULL(fg_family_find("ldpc"));             /* family.h */
    CU_ASSERT_PTR_NOT_NULL(fg_family_find("turbo"));
    CU_ASSERT_PTR_NOT_NULL(fg_ldpc_code_options[0].name);       /* ldpc_code.h, options.h */
    CU_ASSERT_PTR_NOT_NULL(fg_ldpc_fixed_options[0].name);      /* ldpc_decoder.h */
    CU_ASSERT_PTR_NOT_NULL(fg_dbcf_options[0].name);            /* dbcf.h */
    CU_ASSERT_PTR_NOT_NULL(fg_turbo_block_options[0].name);     /* turbo.h */
    double sigma = 0;                                           /* channel.h */
    CU_ASSERT_EQUAL(fg_channel_sigma(0, 0.5, &sigma), 0);
    CU_ASSERT_EQUAL(fg_interleaver_check_k(FG_STD_LTE, 40), 0); /* interleaver.h */
    CU_ASSERT_EQUAL(fg_iag_check_pllr(8), 0);                   /* iag.h */
    fg_frames_reader *fr = NULL;                                /* frames.h */
    CU_ASSERT_NOT_EQUAL(fg_frames_open("/nonexistent/frames", &fr), 0);
    CU_ASSERT_EQUAL(fg_in_is_regular("/nonexistent/file"), 0);  /* input.h */
    fg_vec_set *vs = NULL;                                      /* vectors.h */
    CU_ASSERT_NOT_EQUAL(fg_vec_open("/nonexistent/vectors", &vs), 0);
    fg_clear_error();
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"every_header", test_every_header},
                                         {"declarations", test_declarations},
                                         {NULL, NULL}};
    fg_add_suite("umbrella", cases);
}
