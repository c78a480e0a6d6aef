/* The DBCF network's parameters as options (fecforge/options.h), declared once for every command that
 * takes them (dbcf, arch turbo and the designs of gen, area, vectors and verify); the stalling
 * producers, a property of the traffic the model studies, apart. */
#include "fecforge/dbcf.h"
#include "fecforge/error.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* --lfsr-seed: the priority LFSR's initial state, non-zero, 16 bits; decimal or 0x-hexadecimal. */
static int parse_lfsr_seed(const char *text, void *field)
{
    const int hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const char *digits = text + (hex ? 2 : 0);
    int ok = *digits != '\0';
    for (const char *c = digits; *c && ok; c++)
        ok = hex ? isxdigit((unsigned char)*c) : isdigit((unsigned char)*c);
    char *end;
    errno = 0;
    const unsigned long v = ok ? strtoul(digits, &end, hex ? 16 : 10) : 0;
    if (!ok || errno || v < 1 || v > 0xFFFF)
        return fg_set_error(FG_EINVAL, "expected a non-zero 16-bit value, 1 to 65535 or 0x1 to 0xffff");
    *(uint16_t *)field = (uint16_t)v;
    return 0;
}

static void print_lfsr_seed(const void *field, char *buf, size_t n) { snprintf(buf, n, "0x%04x", *(const uint16_t *)field); }

/* a CHOICE stores an int: the enum field must be one */
_Static_assert(sizeof(fg_dbcf_offer) == sizeof(int), "--offer writes an int into fg_dbcf_cfg.offer");

#define O(f) offsetof(fg_dbcf_cfg, f)
/* pllr and banks first: a design whose lanes and banks follow from its own parameters takes
 * fg_dbcf_options + 2 (gen turbo). */
const fg_opt fg_dbcf_options[] = {
    {"pllr", 0, FG_OPT_INT, O(pllr), 1, FG_PLLR_MAX, .meta = "P", .help = "LLRs written per cycle (producer lanes)"},
    {"banks", 0, FG_OPT_INT, O(banks), 1, FG_DBCF_BANKS_MAX, .meta = "M", .help = "memory banks"},
    {"select", 0, FG_OPT_INT, O(select), 1, 2 * FG_PLLR_MAX, .words = "all=0", .meta = "S",
     .help = "words admitted per bank per cycle, at most 2*PLLR; all: no limit"},
    {"fifo-depth", 0, FG_OPT_INT, O(fifo_depth), 0, FG_DBCF_DEPTH_MAX, .meta = "F",
     .help = "lane FIFO depth (0: no FIFO)"},
    {"buf-depth", 0, FG_OPT_INT, O(buf_depth), 0, FG_DBCF_DEPTH_MAX, .meta = "B",
     .help = "bank circular-buffer depth (0: bypass only)"},
    {"offer", 0, FG_OPT_CHOICE, O(offer), .words = "dual|head", .meta = "MODE",
     .help = "dual: a lane offers its FIFO head and its new word in the same cycle;\n"
             "head: a plain FIFO, the new word queues behind the head"},
    /* a CUSTOM value has no text of its own for the help: the library's default is shown */
    {"lfsr-seed", 0, FG_OPT_CUSTOM, O(lfsr_seed), .def_text = "0xace1", .meta = "X",
     .help = "seed of the priority LFSR: non-zero, 16 bits, decimal or 0x-hexadecimal", .parse = parse_lfsr_seed,
     .print = print_lfsr_seed},
    {NULL}};

const fg_opt fg_dbcf_stall_option[] = {
    {"stall", 0, FG_OPT_FLAG, O(stall),
     .help = "stalling SISOs instead of free-running ones: a rejected word is held and its\n"
             "SISO stalls (the thesis's single-buffer baseline; nothing is lost)"},
    {NULL}};
#undef O
