/* The part every family verb shares (ber, frames, decode, verify --impl, bench): the family's option
 * groups, the implementation choice (--impl, --device, --gpus and each implementation's options), the
 * opened instance. A verb adds its own groups, parses, then opens. */
#ifndef FG_CLI_FAMILY_H
#define FG_CLI_FAMILY_H

#include "cli_opts.h"
#include "fecforge/family.h"

typedef struct {
    const fg_family *f;
    void *cfg;
    const fg_family_impl *impls[FG_FAMILY_IMPLS_MAX];
    void *icfg[FG_FAMILY_IMPLS_MAX]; /* each implementation's options (one struct per distinct table) */
    int n_impls;
    void *ccfg; /* the channel's options */
    char *config; /* --config FILE (read by the parser) */
    fg_cli_device_opts dev;
    fg_cli_spec spec;
    char cmd[64];
    /* after fg_cli_family_open */
    const fg_family_impl *impl, *against;
    fg_family_inst fi;
    int opened;
} fg_cli_family;

/* The family named name, or NULL after printing "fecforge VERB: unknown family ..." with the list. */
const fg_family *fg_cli_family_find(const char *verb, const char *name);
/* "  ldpc    QC-LDPC codes ..." lines of every family, for a verb's help. */
void fg_cli_family_list(FILE *f);
/* Start the spec of "VERB FAMILY": the family's groups, the implementation group and every
 * implementation's options. 0, or FG_EXIT_FAIL (out of memory, printed). */
int fg_cli_family_begin(fg_cli_family *c, const char *verb, const fg_family *f);
/* The implementation the options ask for when --impl is not given: the family's choice (impl_for), else its
 * first on the device asked for. */
const char *fg_cli_family_impl_for(const fg_cli_family *c);
/* After fg_cli_parse: the implementation (--impl, else the family's choice from its options and
 * --device) and, for verify, the one named by against (NULL: none; it must share the first one's
 * arithmetic); usage errors for options of other implementations; the instance opened and checked
 * for both. 0, or an exit code after printing the error. */
int fg_cli_family_open(fg_cli_family *c, const char *against);
/* The options struct of implementation m. */
void *fg_cli_family_icfg(const fg_cli_family *c, const fg_family_impl *m);
/* The workers of a run on m: threads for a CPU implementation, the GPUs (--gpus, 0: all present) for
 * a GPU one. 0, or an exit code after printing the error (no device). */
int fg_cli_family_workers(const fg_cli_family *c, const fg_family_impl *m, int threads, int *workers);
/* The channel's options as the object "channel_options" of j (keys: the option names), when it has any. */
void fg_cli_family_channel_json(const fg_cli_family *c, fg_json *j);
/* The family has an implementation that runs on a CUDA device (for examples and help). */
int fg_cli_family_has_gpu(const fg_family *f);
/* Close the instance, free the options (the spec is finished by the caller with fg_cli_finish). */
void fg_cli_family_end(fg_cli_family *c);

#endif
