/* Entry points of the subcommands, one file cli/cmd_<name>.c each. */
#ifndef FG_COMMANDS_H
#define FG_COMMANDS_H
int fg_cmd_interleaver(int argc, char **argv);
int fg_cmd_area(int argc, char **argv);
int fg_cmd_arch(int argc, char **argv);
int fg_cmd_ber(int argc, char **argv);
int fg_cmd_bench(int argc, char **argv);
int fg_cmd_code(int argc, char **argv);
int fg_cmd_compare(int argc, char **argv);
int fg_cmd_decode(int argc, char **argv);
int fg_cmd_frames(int argc, char **argv);
int fg_cmd_conflicts(int argc, char **argv);
int fg_cmd_dbcf(int argc, char **argv);
int fg_cmd_gen(int argc, char **argv);
int fg_cmd_vectors(int argc, char **argv);
int fg_cmd_verify(int argc, char **argv);
/* verify <family> --impl A --against B (cmd_verify_impl.c; argv[0] = the family) */
#include "fecforge/family.h"
int fg_cli_verify_family(const fg_family *f, int argc, char **argv);
/* What a word of `verify F ...` is to the family's reading (--impl A --against B): 2 an option that chooses
 * the implementations (--impl, --device, --gpus, --against), 1 another of its options (the family's, the
 * implementations', verify's own), 0 none of them. */
int fg_cli_verify_family_option(const fg_family *f, const char *word);
#include "fecforge_gen/design.h"
/* Read every stream of the vector set in dir against its manifest (a design of the registry): 0, or a
 * usage error naming file, line and port (printed); the summary line unless quiet. */
int fg_cli_vectors_check(const char *cmd, const char *dir, int quiet);
/* Progress lines of cmd while a vector set is written (fg_vec_set_progress: the frames of a long set). */
void fg_cli_vectors_progress(const char *cmd);
#endif
