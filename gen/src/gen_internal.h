/* Helpers shared by the generators: staged output directory, file headers, embedded primitives. */
#ifndef FG_GEN_INTERNAL_H
#define FG_GEN_INTERNAL_H

#include <stdio.h>

#include "fecforge_gen/block.h"

extern const fg_gen_text fg_gen_rtl_lib[];       /* rtl/lib primitives (module name), terminated by {0, 0} */
extern const fg_gen_text fg_gen_rtl_templates[]; /* rtl/templates/NAME.vh, terminated by {0, 0} */
/* The text of template name (a program's own, fg_gen_templates_add, or rtl/templates/<name>.vh), or NULL. */
const char *fg_gen_template(const char *name);

enum { FG_GEN_PATH = 4096, FG_GEN_FILES_MAX = 64 };

#include "fecforge/json.h"
#include "fecforge/output.h"
#include "fecforge_gen/gen.h"

typedef struct {
    fg_outdir *od; /* the output directory (fecforge/output.h, kind "rtl") */
    char files[FG_GEN_FILES_MAX][128];
    int nfiles;  /* Verilog files, in files.f order */
    char testbench[160]; /* the testbench, not in files.f ("": none) */
} fg_gen_out;

/* Start the output directory; fails if dir exists and is not an earlier RTL output of fecforge. */
int fg_gen_out_begin(fg_gen_out *o, const char *dir);
/* Open a file in the staging directory; verilog != 0 lists it in files.f. */
FILE *fg_gen_out_open(fg_gen_out *o, const char *name, int verilog);
/* Close a file of o with every write checked: FG_EIO naming it and the reason ("No space left on device"). */
int fg_gen_out_close(fg_gen_out *o, FILE *f, const char *name);
/* Write an embedded rtl/lib primitive, with a provenance line, and list it. */
int fg_gen_out_primitive(fg_gen_out *o, const char *module);
/* Write every embedded primitive that the written file `file` of o instantiates, and those they
 * instantiate, unless o already lists it (a module named outside // comments counts as used). */
int fg_gen_out_primitives_of(fg_gen_out *o, const char *file);
/* Write the testbench tb_<top>.v (fg_gen_testbench) into o, listed in the manifest's files after the
 * sources. */
int fg_gen_out_testbench(fg_gen_out *o, const char *top, const fg_gen_port *ports, int n_ports,
                         const fg_vec_layout *lay, const char *params);
/* Write README.md, the design's reference page for cfg (fg_design_page), into o. */
int fg_gen_out_page(fg_gen_out *o, const fg_design *d, const void *cfg, const fg_port *p, int np);
/* Write files.f and move the staging directory into place. */
int fg_gen_out_commit(fg_gen_out *o);
/* Remove the staging directory (after a failure). */
void fg_gen_out_abort(fg_gen_out *o);

/* A port table of a step model (fecforge/ports.h) as the generators' ports (the module's: its state ports left
 * out, in rtl_order) into out; returns how many: the Verilog width fg_port_bits, the doc as the port list's
 * comment. */
#include "fecforge/ports.h"
int fg_gen_ports_from(const fg_port *p, int n, fg_gen_port *out);
/* A module's port list after `module NAME (`: one line per port with its width and comment, then `);`. */
void fg_gen_port_list(FILE *f, const fg_gen_port *ports, int np);
/* The value `name: fg_gen_port_list of the ports (its `);` included, its last newline not). */
void fg_tpl_ports(fg_tpl *t, const char *name, const fg_gen_port *ports, int np);
/* A design's constants into a template: fg_tpl_int of each name of the table. */
typedef struct {
    const char *name;
    long v;
} fg_tpl_iv;
void fg_tpl_ints(fg_tpl *t, const fg_tpl_iv *v, int n);

/* Text for generated Verilog (the one sanitiser of every text that is not the generator's own: file names of
 * codes, parameter lists that name them): src into buf, snprintf-like (always terminated, an escape never
 * cut; returns the length it needs). Printable ASCII passes, but for '`', '\\', '"' and a '*' next to a
 * '/' (no "/ *" or "* /" without the blank: no block comment opens or ends); those, control characters
 * (newline and carriage return included) and every byte >= 0x7f become an escape: FG_GEN_VCOMMENT (in a
 * // comment) \xNN, two hex digits; FG_GEN_VSTRING (in a "string") \NNN, three octal digits, Verilog's
 * own escape of a character. The result holds no newline, backtick, quote or backslash outside an escape:
 * it cannot end the comment or string, open a block comment or name a compiler directive. */
typedef enum { FG_GEN_VCOMMENT, FG_GEN_VSTRING } fg_gen_vctx;
size_t fg_gen_vtext(char *buf, size_t n, const char *src, fg_gen_vctx ctx);
/* The header of a generated Verilog file: what (the generator's own words: one line, no user text),
 * generator, version, git hash, the parameters (params: through fg_gen_vtext), do not edit. */
void fg_gen_header(FILE *f, const char *what, const char *params);
/* manifest.json of o, the same in every generator, through the JSON writer: "tool", "design", "top",
 * "parameters" (design d's options of cfg under their names, fg_opts_write_json: what `--config manifest.json`
 * reads back), the design's own keys (facts derived from the parameters: extra(arg, j) writes them; NULL: none),
 * "ports" (the module's, in order; a width of 0 counts 1 bit) and "files" (the sources, then the testbench). */
int fg_gen_out_manifest(fg_gen_out *o, const fg_design *d, const void *cfg, const char *top, const fg_gen_port *ports,
                        int np, void (*extra)(const void *arg, fg_json *j), const void *arg);
/* Every text of a manifest that is not a fixed word of the generator goes through fecforge/json.h's
 * rule: fg_json_put_str (a code's name, the file names). */

/* Body of the IAG top module for one standard (fg_gen_iag, gen_iag.c; rtl/templates/fg_iag_lte.vh, fg_iag_umts.vh): from
 * `default_nettype none to endmodule, after the header fg_gen_iag wrote. The rtl/lib primitives
 * the body instantiates are found in its text by fg_gen_iag and copied beside it. */
#include "fecforge_gen/gen.h"
int fg_gen_iag_lte_emit(FILE *f, const fg_gen_iag_cfg *c, const char *top);
int fg_gen_iag_umts_emit(FILE *f, const fg_gen_iag_cfg *c, const char *top);
/* The emitters' templates share the values TOP (the module name) and PORTS (the port list of both standards,
 * docs/rtl-iag-lte.md "Ports"). */
void fg_gen_iag_tpl_head(fg_tpl *t, const fg_gen_iag_cfg *c, const char *top);
int fg_gen_iag_umts_memory(const fg_gen_iag_cfg *c, fg_iag_memory *out); /* UMTS RTL storage (gen_iag_umts.c) */

/* Hooks for composite designs (gen_subsys.c): write a generator's top module file and the rtl/lib
 * primitives it instantiates into an open output o, skipping primitives o already lists; the
 * stand-alone generators fg_gen_dbcf / fg_gen_iag are these plus files.f and their manifest.
 * fg_gen_dbcf_write needs a checked configuration. */
int fg_gen_dbcf_write(fg_gen_out *o, const fg_gen_dbcf_cfg *c);
int fg_gen_iag_write(fg_gen_out *o, const fg_gen_iag_cfg *c);
/* The LDPC decoder of c into dir (gen_ldpc.c): Verilog, files.f, testbench, README.md and a manifest whose
 * "parameters" are those of design_cfg, fg_design_ldpc's configuration that c is part of. The manifest lists,
 * per code, its index (code_sel_i), name, n, k, z, macro-layers, MBs per iteration and the model's cycles per
 * iteration and per codeword (fx.max_iter iterations, no early termination). */
int fg_gen_ldpc(const fg_gen_ldpc_cfg *c, const void *design_cfg, const char *dir);
/* fg_gen_out_primitive unless o already lists <module>.v. */
int fg_gen_out_primitive_once(fg_gen_out *o, const char *module);
#endif
