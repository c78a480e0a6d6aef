/* The escaping rules of generated text (docs/architecture.md "Generated files"): fg_gen_vtext, the one
 * sanitiser of user text in generated Verilog, and fg_json_quote (fecforge/json.h), the one rule of JSON
 * strings: exact outputs for hostile names, nothing that ends a comment or string, truncation that never
 * cuts an escape. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "fg_cunit.h"
#include "fecforge/json.h"
#include "gen_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const hostile[] = {"a\"b", "a\\b", "a\x01z", "x\nmodule e;initial $display(\"INJECTED\");endmodule\n"
                                      "`define Z", "a*/b/*c", "a\rb", "tab\tz", "caf\xc3\xa9", "\xff\xfe", "a b", ""};

static void test_vtext_exact(void)
{
    char buf[256];
    const struct {
        const char *in, *comment, *string;
    } t[] = {
        {"wifi-648-1/2 llr=6/2 scale=3/2^2", "wifi-648-1/2 llr=6/2 scale=3/2^2", "wifi-648-1/2 llr=6/2 scale=3/2^2"},
        {"a\"b\\c`d", "a\\x22b\\x5cc\\x60d", "a\\042b\\134c\\140d"},
        {"x\n\ry", "x\\x0a\\x0dy", "x\\012\\015y"},
        {"a*/b/*c*d/", "a\\x2a/b/\\x2ac*d/", "a\\052/b/\\052c*d/"},
        {"caf\xc3\xa9\x7f", "caf\\xc3\\xa9\\x7f", "caf\\303\\251\\177"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        CU_ASSERT_EQUAL(fg_gen_vtext(buf, sizeof buf, t[i].in, FG_GEN_VCOMMENT), strlen(t[i].comment));
        CU_ASSERT_STRING_EQUAL(buf, t[i].comment);
        CU_ASSERT_EQUAL(fg_gen_vtext(buf, sizeof buf, t[i].in, FG_GEN_VSTRING), strlen(t[i].string));
        CU_ASSERT_STRING_EQUAL(buf, t[i].string);
    }
}

/* No output byte outside printable ASCII, no backtick or quote, no block comment delimiter, and every
 * backslash starts an escape of the context; truncated outputs are prefixes that end between escapes. */
static void test_vtext_safe(void)
{
    for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++)
        for (int ctx = FG_GEN_VCOMMENT; ctx <= FG_GEN_VSTRING; ctx++) {
            char full[512], cut[512];
            const size_t need = fg_gen_vtext(full, sizeof full, hostile[i], (fg_gen_vctx)ctx);
            CU_ASSERT_EQUAL(need, strlen(full));
            CU_ASSERT_PTR_NULL(strstr(full, "*/"));
            CU_ASSERT_PTR_NULL(strstr(full, "/*"));
            for (const char *p = full; *p; p++) {
                CU_ASSERT(*p >= 0x20 && *p < 0x7f && *p != '`' && *p != '"');
                if (*p == '\\') {
                    CU_ASSERT(ctx == FG_GEN_VCOMMENT ? p[1] == 'x' : p[1] >= '0' && p[1] <= '3');
                    p += 3;
                }
            }
            for (size_t n = 1; n <= need + 1; n++) {
                const size_t got = fg_gen_vtext(cut, n, hostile[i], (fg_gen_vctx)ctx);
                CU_ASSERT_EQUAL(got, need);
                const size_t len = strlen(cut);
                CU_ASSERT(len < n && !strncmp(cut, full, len));
                const char *bs = strrchr(cut, '\\');
                CU_ASSERT(!bs || strlen(bs) >= 4); /* never half an escape */
            }
        }
}

static void test_json_quote(void)
{
    char buf[256];
    const struct {
        const char *in, *out;
    } t[] = {
        {"wifi-648-1/2", "\"wifi-648-1/2\""},
        {"", "\"\""},
        {"a\"b\\c", "\"a\\\"b\\\\c\""},
        {"x\ny\x01\x7f", "\"x\\u000ay\\u0001\\u007f\""},
        {"caf\xc3\xa9", "\"caf\xc3\xa9\""},
        {"\xff" "a\xc3", "\"\xff" "a\xc3\""},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        CU_ASSERT_EQUAL(fg_json_quote(buf, sizeof buf, t[i].in), strlen(t[i].out));
        CU_ASSERT_STRING_EQUAL(buf, t[i].out);
        CU_ASSERT_EQUAL(fg_json_quote(NULL, 0, t[i].in), strlen(t[i].out));
    }
    /* fg_json_put_str writes the same */
    char *mem = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&mem, &len);
    fg_json_put_str(f, hostile[3]);
    fclose(f);
    fg_json_quote(buf, sizeof buf, hostile[3]);
    CU_ASSERT_STRING_EQUAL(mem, buf);
    free(mem);
    /* too small: terminated, a prefix that ends between escapes, the length it needs */
    char whole[32];
    const size_t need = fg_json_quote(whole, sizeof whole, "a\nb");
    for (size_t n = 1; n < need + 1; n++) {
        char small[16];
        CU_ASSERT_EQUAL(fg_json_quote(small, n, "a\nb"), need);
        const size_t l = strlen(small);
        CU_ASSERT(l < n && !strncmp(small, whole, l));
        CU_ASSERT(l <= 2 || l == 8 || l == 9); /* "\"a" or "\"a\\u000a" (+ "b"), never inside \u000a */
    }
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"Verilog text: exact escapes", test_vtext_exact},
        {"Verilog text: hostile names stay inert, truncation", test_vtext_safe},
        {"JSON strings: exact escapes, truncation", test_json_quote},
        {NULL, NULL},
    };
    fg_add_suite("gen_text", cases);
}
