/* A hardware block declared once (docs/architecture.md "Designs", docs/adding-a-family.md): its parameters
 * (the design's options, fecforge_gen/design.h), its ports (a port table, fecforge/ports.h), its module (a
 * Verilog template with named placeholders) and its cycle-accurate step model with the stimulus of a vector
 * set. From that one declaration fg_block_* render everything else: the module with its port list, files.f,
 * manifest.json (the parameters under the option names, the ports), the self-checking testbench, the vector
 * sets (the model's inputs and outputs packed through the port table), and the reference page README.md
 * (parameters, ports, streams, commands). A design built on a block points its design hooks at small
 * wrappers of these (see the toy design of cli/tests/toy_design.c). */
#ifndef FECFORGE_GEN_BLOCK_H
#define FECFORGE_GEN_BLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fecforge/ports.h"
#include "fecforge/rng.h"
#include "fecforge/vectors.h"
#include "fecforge_gen/design.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- templates (gen/README.md "Templates") ---- */

/* A named text: a template (rtl/templates/NAME.vh) or an rtl/lib primitive (NAME.v). */
typedef struct {
    const char *name;
    const char *text;
} fg_gen_text;

/* Templates of a program's own (a design outside the library), looked up before the built-in ones: a
 * {NULL, NULL}-ended table that lives as long as the program. FG_ENOMEM past 8 tables. */
int fg_gen_templates_add(const fg_gen_text *files);

/* A template being filled: fg_tpl_new(name), values by fg_tpl_set/fg_tpl_int (in the current section
 * instance), instances of a section between fg_tpl_begin and fg_tpl_end, then fg_tpl_write renders it into f
 * and frees it: FG_EINVAL naming the template and the name for an unknown template, placeholder or section, a
 * missing value, a value or instance the text does not use. User text goes through fg_gen_vtext first. */
typedef struct fg_tpl fg_tpl;
fg_tpl *fg_tpl_new(const char *name);
void fg_tpl_set(fg_tpl *t, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void fg_tpl_int(fg_tpl *t, const char *name, long v);
void fg_tpl_begin(fg_tpl *t, const char *section);
void fg_tpl_end(fg_tpl *t);
/* An instance of section without values when on (an on/off part of a template), none otherwise. */
void fg_tpl_flag(fg_tpl *t, const char *section, int on);
int fg_tpl_write(fg_tpl *t, FILE *f);
/* Frees t unrendered; t may be NULL. */
void fg_tpl_free(fg_tpl *t);

/* ---- blocks ---- */

typedef struct fg_block {
    const fg_design *design; /* its name, options and run (for the manifests and the page) */
    const char *template;    /* the module: a template with the placeholders TOP and PORTS, and fill's */
    const char *what;        /* the module's header line: what it is (the generator's own words) */
    /* the template's other values (may be NULL) */
    void (*fill)(const void *cfg, fg_tpl *t);
    /* the step model and its port table (fecforge/vectors.h: the table is the module's ports too) */
    fg_vec_ported model;
    /* the inputs of cycle c of vector set i of a run, drawn from r (Philox stream i of the run's seed);
     * 0 once the set has ended (in untouched) */
    int (*drive)(const void *cfg, const void *run, int i, fg_rng *r, long c, void *in);
    uint64_t (*seed_of)(const void *run);
    /* its port-level model (.vec_model = FG_BLOCK_VEC_MODEL("name")), which the design names: .vec_model =
     * &block.vec_model in the fg_design */
    fg_vec_model_def vec_model;
} fg_block;

/* The module, files.f, manifest.json, tb_<top>.v and README.md into dir, completely or not at all. */
int fg_block_generate(const fg_block *b, const void *cfg, const char *dir);
/* Vector set i of a run into dir: the stimulus and expected streams of every cycle the model runs. */
int fg_block_vectors(const fg_block *b, const void *cfg, const void *run, int i, const char *dir);

/* The port-level model of a block's vector sets (fecforge/vectors.h), from its step model and port table: the
 * configuration is the set's manifest parameters read back as the design's options, the stimulus line is
 * unpacked into the model's input struct and its output struct packed into the expected line through the
 * table, as fg_block_vectors packs both (no don't-cares). */
int fg_block_vec_create(const fg_vec_set *set, void *st);
void fg_block_vec_step(void *st, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n);
void fg_block_vec_destroy(void *st);
#define FG_BLOCK_VEC_MODEL(name) {(name), sizeof(void *), fg_block_vec_create, fg_block_vec_step, fg_block_vec_destroy}

/* The reference page of a design's configuration (markdown): its parameters with their values, ranges,
 * defaults and meaning, its ports (ports_n of them), the files of its output and the commands that verify it. */
int fg_design_page(const fg_design *d, const void *cfg, const fg_port *ports_n, int n, FILE *f);

#ifdef __cplusplus
}
#endif
#endif
