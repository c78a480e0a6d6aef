/* Helpers shared by the generators: staged output directory, file headers, embedded primitives. */
#ifndef FG_GEN_INTERNAL_H
#define FG_GEN_INTERNAL_H

#include <stdio.h>

typedef struct {
    const char *name; /* module name = file name without .v */
    const char *text;
} fg_gen_rtl_file;
extern const fg_gen_rtl_file fg_gen_rtl_lib[]; /* rtl/lib primitives, terminated by {0, 0} */

enum { FG_GEN_PATH = 4096, FG_GEN_FILES_MAX = 32 };

typedef struct {
    char dir[FG_GEN_PATH]; /* final directory */
    char tmp[FG_GEN_PATH]; /* staging directory beside it */
    char files[FG_GEN_FILES_MAX][128];
    int nfiles;  /* Verilog files, in files.f order */
} fg_gen_out;

/* Create the staging directory; fails if dir exists and is not an earlier generator output. */
int fg_gen_out_begin(fg_gen_out *o, const char *dir);
/* Open a file in the staging directory; verilog != 0 lists it in files.f. */
FILE *fg_gen_out_open(fg_gen_out *o, const char *name, int verilog);
int fg_gen_out_close(FILE *f, const char *name);
/* Write an embedded rtl/lib primitive, with a provenance line, and list it. */
int fg_gen_out_primitive(fg_gen_out *o, const char *module);
/* Write files.f and move the staging directory into place. */
int fg_gen_out_commit(fg_gen_out *o);
/* Remove the staging directory (after a failure). */
void fg_gen_out_abort(fg_gen_out *o);

/* The header of a generated Verilog file: generator, version, git hash, parameters, do not edit. */
void fg_gen_header(FILE *f, const char *what, const char *params);

/* JSON string value (no escaping needed for the generator's own names). */
#endif
