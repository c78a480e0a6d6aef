/* --code and --z, declared once for every command that takes one LDPC code (ldpc_code.h). */
#include "fecforge/ldpc_code.h"

#include <stddef.h>

#define O(f) offsetof(fg_ldpc_code_arg, f)
const fg_opt fg_ldpc_code_options[] = {
    {"code", 0, FG_OPT_TEXT, O(code), .meta = "NAME|FILE", .def_text = "", .flags = FG_OPT_PATH_IN,
     .help = "a built-in code (fecforge code ldpc --list): wifi-<648|1296|1944>-<1/2|2/3|3/4|5/6>,\n"
             "wimax-<576..2304 step 96>-<1/2|2/3A|2/3B|3/4A|3/4B|5/6>; or a base-matrix file\n"
             "(docs/ldpc-codes.md), or FILE.alist with --z"},
    {"z", 0, FG_OPT_INT, O(z), 1, FG_LDPC_Z_MAX, .meta = "Z", .def_text = "",
     .help = "circulant size of an alist file's quasi-cyclic H"},
    {NULL}};
#undef O
