/* Frame files (fecforge/frames.h) and the bounded reading of user files (fecforge/input.h): a written
 * file reads back exactly, with its code digest; the strict grammar refuses what the lenient reader took;
 * the readers refuse special files by kind and stop at their bounds. */
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/frames.h"
#include "fecforge/input.h"

#include "fg_cunit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static const char *path_of(const char *name)
{
    static char p[128];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "%s/fg_frames.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        if (!mkdtemp(dir))
            return NULL;
    }
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return p;
}

static void put(const char *name, const void *text, size_t n)
{
    FILE *f = fopen(path_of(name), "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fwrite(text, 1, n, f);
    fclose(f);
}

static const char HEAD[] = "fecforge-frames 1\nfamily ldpc\ncode c\ncode-digest 0123456789abcdef\narith fixed 6 2\n"
                           "content llr\nlength 3\ncount 1\nencoding text\nend\n";

/* The frames of text (a whole file): the first read's result, the message in msg. */
static int read_text(const char *text, int32_t q[3], char *msg, size_t n)
{
    put("f.txt", text, strlen(text));
    fg_frames_reader *r = NULL;
    int rc = fg_frames_open(path_of("f.txt"), &r);
    if (!rc && (rc = fg_frames_read(r, NULL, NULL, q, NULL, NULL, NULL, NULL, NULL)) == 1)
        rc = fg_frames_read(r, NULL, NULL, q, NULL, NULL, NULL, NULL, NULL);
    snprintf(msg, n, "%s", fg_last_error());
    fg_frames_close(r);
    return rc;
}

static void test_round_trip(void)
{
    fg_frames_header h = {.family = "ldpc", .code = "c", .code_digest = 0xfedcba9876543210ull, .fixed = 1,
                          .q_width = 6, .q_frac = 2, .content = FG_FRAMES_BITS, .work = 1, .app = 1, .length = 10,
                          .app_length = 2, .count = 2};
    for (int binary = 0; binary < 2; binary++) {
        h.binary = binary;
        fg_frames_writer *w = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_frames_create(path_of("rt"), &h, &w), 0);
        const uint8_t bits[10] = {1, 0, 1, 1, 0, 0, 0, 1, 1, 1};
        const int32_t app[2] = {-7, 2147483647};
        CU_ASSERT_EQUAL(fg_frames_write(w, 0, NULL, NULL, bits, 5, 0, NULL, app), 0);
        CU_ASSERT_EQUAL(fg_frames_write(w, 0, NULL, NULL, bits, 0, 0, NULL, app), 0);
        CU_ASSERT_EQUAL(fg_frames_commit(w), 0);
        fg_frames_reader *r = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_frames_open(path_of("rt"), &r), 0);
        const fg_frames_header *g = fg_frames_header_of(r);
        CU_ASSERT_EQUAL(g->code_digest, h.code_digest);
        CU_ASSERT(g->work && g->app && g->app_length == 2 && g->length == 10 && g->count == 2);
        uint8_t b[10];
        int32_t work = -1, a[2];
        CU_ASSERT_EQUAL(fg_frames_read(r, NULL, NULL, NULL, b, &work, NULL, NULL, a), 1);
        CU_ASSERT(!memcmp(b, bits, 10) && work == 5 && a[0] == -7 && a[1] == 2147483647);
        CU_ASSERT_EQUAL(fg_frames_read(r, NULL, NULL, NULL, b, &work, NULL, NULL, a), 1);
        CU_ASSERT_EQUAL(fg_frames_read(r, NULL, NULL, NULL, b, &work, NULL, NULL, a), 0);
        fg_frames_close(r);
    }
}

/* Version 2: the channel and its point, received bits of varying length (text and binary), decisions with
 * the erasure flag and integer app values of a hard decoder; a version 1 file may hold none of them. */
static void test_version2(void)
{
    fg_frames_header h = {.family = "toy-bsid", .code = "rep3-4", .channel = "bsid", .n_point = 2,
                          .point_key = {"p", "pi"}, .point = {0.02, 0.25}, .hard = 1, .content = FG_FRAMES_LLR,
                          .variable = 1, .length = 20, .count = 3};
    const uint8_t rx[20] = {1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1};
    const int lens[3] = {12, 0, 20};
    for (int binary = 0; binary < 2; binary++) {
        h.binary = binary;
        fg_frames_writer *w = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_frames_create(path_of("v2"), &h, &w), 0);
        for (int f = 0; f < 3; f++)
            CU_ASSERT_EQUAL(fg_frames_write(w, lens[f], NULL, NULL, rx, 0, 0, NULL, NULL), 0);
        CU_ASSERT_EQUAL(fg_frames_commit(w), 0);
        fg_frames_reader *r = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_frames_open(path_of("v2"), &r), 0);
        const fg_frames_header *g = fg_frames_header_of(r);
        CU_ASSERT(!strcmp(g->channel, "bsid") && g->n_point == 2 && !strcmp(g->point_key[1], "pi") &&
                  g->point[0] == 0.02 && g->point[1] == 0.25 && g->hard && g->variable && g->length == 20);
        for (int f = 0; f < 3; f++) {
            uint8_t b[20] = {0};
            int n = -1;
            CU_ASSERT_EQUAL(fg_frames_read(r, &n, NULL, NULL, b, NULL, NULL, NULL, NULL), 1);
            CU_ASSERT(n == lens[f] && !memcmp(b, rx, (size_t)n));
        }
        CU_ASSERT_EQUAL(fg_frames_read(r, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), 0);
        fg_frames_close(r);
    }
    /* a frame longer than the header's length is refused when written and when read */
    h.binary = 0;
    fg_frames_writer *w = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_frames_create(path_of("v2"), &h, &w), 0);
    CU_ASSERT_EQUAL(fg_frames_write(w, 21, NULL, NULL, rx, 0, 0, NULL, NULL), FG_EINVAL);
    fg_frames_abort(w);
    static const char *const head = "fecforge-frames 2\nfamily f\ncode c\narith hard\ncontent llr\nlength 4 variable\n"
                                    "count 1\nencoding text\nend\n";
    char text[256];
    snprintf(text, sizeof text, "%s5 01101\n", head);
    put("f.txt", text, strlen(text));
    fg_frames_reader *r = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_frames_open(path_of("f.txt"), &r), 0);
    CU_ASSERT_EQUAL(fg_frames_read(r, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "the frame's length 5 is outside [0, 4]"));
    fg_frames_close(r);
    snprintf(text, sizeof text, "%s3 0110\n", head);
    put("f.txt", text, strlen(text));
    CU_ASSERT_EQUAL_FATAL(fg_frames_open(path_of("f.txt"), &r), 0);
    CU_ASSERT_EQUAL(fg_frames_read(r, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "a word of 4 bits, the frame's length is 3"));
    fg_frames_close(r);
    /* decisions with the erasure flag and integer app values (arith hard) */
    fg_frames_header d = {.family = "f", .code = "c", .hard = 1, .content = FG_FRAMES_BITS, .work = 1, .erased = 1,
                          .app = 1, .length = 4, .app_length = 2, .count = 2};
    for (int binary = 0; binary < 2; binary++) {
        d.binary = binary;
        CU_ASSERT_EQUAL_FATAL(fg_frames_create(path_of("d2"), &d, &w), 0);
        const int32_t app[2] = {-48, 16};
        CU_ASSERT_EQUAL(fg_frames_write(w, 0, NULL, NULL, rx, 3, 1, NULL, app), 0);
        CU_ASSERT_EQUAL(fg_frames_write(w, 0, NULL, NULL, rx, 3, 0, NULL, app), 0);
        CU_ASSERT_EQUAL(fg_frames_commit(w), 0);
        CU_ASSERT_EQUAL_FATAL(fg_frames_open(path_of("d2"), &r), 0);
        for (int f = 0; f < 2; f++) {
            uint8_t b[4], e = 9;
            int32_t wk = 0, a[2] = {0};
            CU_ASSERT_EQUAL(fg_frames_read(r, NULL, NULL, NULL, b, &wk, &e, NULL, a), 1);
            CU_ASSERT(e == (f == 0) && wk == 3 && a[0] == -48 && a[1] == 16);
        }
        fg_frames_close(r);
    }
    /* version 1 knows none of it */
    static const char *const v1 = "fecforge-frames 1\nfamily f\ncode c\narith hard\ncontent llr\nlength 4\n"
                                  "count 0\nencoding text\nend\n";
    put("f.txt", v1, strlen(v1));
    CU_ASSERT_EQUAL(fg_frames_open(path_of("f.txt"), &r), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "a version 1 file has no arith hard"));
    fg_frames_close(r);
}

static void test_strict(void)
{
    char text[512], msg[512];
    int32_t q[3];
    snprintf(text, sizeof text, "%s1 -2 31\n", HEAD);
    CU_ASSERT_EQUAL(read_text(text, q, msg, sizeof msg), 0);
    CU_ASSERT(q[0] == 1 && q[1] == -2 && q[2] == 31);
    /* accepted: CRLF, a header comment, no code-digest */
    CU_ASSERT_EQUAL(read_text("fecforge-frames 1\r\n# x\nfamily ldpc\ncode c\narith fixed 6 2\ncontent llr\n"
                              "length 3\ncount 1\nencoding text\nend\r\n1 -2 31\r\n", q, msg, sizeof msg), 0);
    static const struct { const char *from, *to, *msg; } bad[] = {
        {"arith fixed 6 2", "arith fixed 6x 2", "line 5: arith fixed: W \"6x\""},
        {"arith fixed 6 2", "arith fixed 6.9 2", "line 5: arith fixed: W \"6.9\""},
        {"count 1", "count 1 x", "line 8: count: 2 words after it"},
        {"family ldpc", " family ldpc", "line 2: a blank at the start"},
        {"end", "end of header", "line 10: \"end\" with text after it"},
        {"length 3", "length 3\napp-length 3", "line 8: app-length in a file whose content has no app"},
        {"code c\n", "arith fixed 6 2\ncode c\n", "line 3: \"arith\" where \"code\" was expected"},
        {"1 -2 31", "1 -2\n31", "line 11 (frame 0) value 2: missing"},
        {"1 -2 31", "1 -2 31 1 -2 31", "line 11 (frame 0) value 3: more values"},
        {"1 -2 31", "1  -2 31", "line 11: (frame 0) two blanks"},
        {"1 -2 31", "1 -2 32", "value 2: 32 outside the 6-bit range"},
        {"1 -2 31", "1 -2 31\n\n", "line 12: an empty line after the 1 frames"},
        {"1 -2 31", "123456789012345678901234567890 -2 31", "value 0: \"123456789012345678901234\"... is not"},
        {"count 1", "count 99999999999999999999", "line 8: count: expected a non-negative integer"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(text, sizeof text, "%s1 -2 31\n", HEAD);
        char *at = strstr(text, bad[i].from), out[512];
        CU_ASSERT_PTR_NOT_NULL_FATAL(at);
        snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, bad[i].to, at + strlen(bad[i].from));
        CU_ASSERT_EQUAL(read_text(out, q, msg, sizeof msg), FG_EINVAL);
        if (!strstr(msg, bad[i].msg))
            fprintf(stderr, "case %zu: '%s' lacks '%s'\n", i, msg, bad[i].msg);
        CU_ASSERT_PTR_NOT_NULL(strstr(msg, bad[i].msg));
    }
}

static void test_binary_work(void)
{
    static const char head[] = "fecforge-frames 1\nfamily ldpc\ncode c\narith fixed 6 2\ncontent bits work\n"
                               "length 3\ncount 1\nencoding binary\nend\n";
    char rec[sizeof head - 1 + 5];
    memcpy(rec, head, sizeof head - 1);
    memcpy(rec + sizeof head - 1, "\x05\xfd\xff\xff\xff", 5); /* bits 101, work -3 */
    put("w.bin", rec, sizeof rec);
    fg_frames_reader *r = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_frames_open(path_of("w.bin"), &r), 0);
    uint8_t b[3];
    int32_t work;
    CU_ASSERT_EQUAL(fg_frames_read(r, NULL, NULL, NULL, b, &work, NULL, NULL, NULL), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "the work count -3 is outside"));
    fg_frames_close(r);
}

static void test_input_bounds(void)
{
    fg_in in;
    CU_ASSERT_EQUAL(fg_in_open(&in, "/dev/zero", 0), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "/dev/zero is a character device, not a regular file"));
    CU_ASSERT_EQUAL(fg_in_open(&in, path_of(""), 0), FG_EINVAL); /* the directory */
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "is a directory"));
    CU_ASSERT_EQUAL_FATAL(mkfifo(path_of("fifo"), 0600), 0); /* refused without blocking on a writer */
    CU_ASSERT_EQUAL(fg_in_open(&in, path_of("fifo"), FG_IN_STDIN), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "fifo is a FIFO"));
    unlink(path_of("fifo"));
    put("l.txt", "abc\nabcdef\n", 11);
    CU_ASSERT_EQUAL_FATAL(fg_in_open(&in, path_of("l.txt"), 0), 0);
    char *line;
    size_t n;
    CU_ASSERT(fg_in_line(&in, 4, &line, &n) == 1 && n == 3 && !strcmp(line, "abc"));
    CU_ASSERT_EQUAL(fg_in_line(&in, 4, &line, &n), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "l.txt line 2: longer than 4 bytes"));
    fg_in_close(&in);
    char *text = NULL;
    CU_ASSERT_EQUAL(fg_in_file(path_of("l.txt"), 0, 10, &text, &n), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "larger than 10 bytes"));
    CU_ASSERT_EQUAL(fg_in_file(path_of("l.txt"), 0, 11, &text, &n), 0);
    CU_ASSERT(n == 11 && !strcmp(text, "abc\nabcdef\n"));
    free(text);
    put("z.txt", "a\0b", 3);
    CU_ASSERT_EQUAL(fg_in_file(path_of("z.txt"), FG_IN_TEXT, 10, &text, &n), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "a NUL byte at offset 1"));
}

static void test_digest(void)
{
    /* FNV-1a 64 of "a" (the published test vector), continued over a second text */
    CU_ASSERT_EQUAL(fg_digest_text(FG_DIGEST_INIT, "a"), UINT64_C(0xaf63dc4c8601ec8c));
    CU_ASSERT_EQUAL(fg_digest_text(fg_digest_text(FG_DIGEST_INIT, "a"), "b"), fg_digest_text(FG_DIGEST_INIT, "ab"));
    /* every family of the library gives its instance a digest, and two codes of one family differ */
    fg_family_setup s1, s2;
    CU_ASSERT_EQUAL_FATAL(fg_family_setup_text(&s1, fg_family_find("ldpc"), NULL, "--code wifi-648-1/2"), 0);
    CU_ASSERT_EQUAL_FATAL(fg_family_setup_text(&s2, fg_family_find("ldpc"), NULL, "--code wifi-648-2/3"), 0);
    CU_ASSERT(s1.inst.code_digest && s2.inst.code_digest && s1.inst.code_digest != s2.inst.code_digest);
    fg_family_setup_free(&s1);
    fg_family_setup_free(&s2);
    CU_ASSERT_EQUAL_FATAL(fg_family_setup_text(&s1, fg_family_find("turbo"), NULL, "--std lte --K 40"), 0);
    CU_ASSERT_EQUAL_FATAL(fg_family_setup_text(&s2, fg_family_find("turbo"), NULL, "--std umts --K 40"), 0);
    CU_ASSERT(s1.inst.code_digest && s2.inst.code_digest && s1.inst.code_digest != s2.inst.code_digest);
    fg_family_setup_free(&s1);
    fg_family_setup_free(&s2);
    CU_ASSERT_EQUAL_FATAL(fg_family_setup_text(&s1, fg_family_find("viterbi"), NULL, "--bits 64"), 0);
    CU_ASSERT_EQUAL_FATAL(fg_family_setup_text(&s2, fg_family_find("viterbi"), NULL, "--bits 64 --punct 11,10"), 0);
    CU_ASSERT(s1.inst.code_digest && s2.inst.code_digest && s1.inst.code_digest != s2.inst.code_digest);
    CU_ASSERT_STRING_EQUAL(s1.inst.code_name, s2.inst.code_name); /* the name alone cannot tell them apart */
    fg_family_setup_free(&s1);
    fg_family_setup_free(&s2);
}

static void test_cleanup(void)
{
    const char *const names[] = {"f.txt", "rt", "w.bin", "l.txt", "z.txt", "v2", "d2"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(path_of(names[i]));
    CU_ASSERT_EQUAL(rmdir(dir), 0);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"round_trip", test_round_trip},   {"version2", test_version2}, {"strict", test_strict},
                                         {"binary_work", test_binary_work}, {"input_bounds", test_input_bounds},
                                         {"digest", test_digest},           {"cleanup", test_cleanup},
                                         {NULL, NULL}};
    fg_add_suite("frames", cases);
}
