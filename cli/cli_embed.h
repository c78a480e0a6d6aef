/* Files compiled into the fecforge command (cli/CMakeLists.txt embeds them at build time). */
#ifndef FG_CLI_EMBED_H
#define FG_CLI_EMBED_H

typedef struct {
    const char *name; /* file name */
    const char *text;
} fg_cli_embedded;

/* testbench/vecsim: the generic vector harness `fecforge verify` builds around a design;
 * terminated by {0, 0}. */
extern const fg_cli_embedded fg_cli_tb_sources[];

#endif
