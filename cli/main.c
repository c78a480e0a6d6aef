/* fecforge: the command-line front end. Subcommands call the library; no model logic here. */
#include "cli.h"
#include "commands.h"
#include "fecforge/error.h"

#include <stdio.h>
#include <string.h>

static const fg_cli_command commands[] = {
    /* one line per subcommand, alphabetical */
    {"arch", "cycle-accurate architecture models: MB-serial multi-layer LDPC decoder (cycles, throughput, stalls)", fg_cmd_arch},
    {"area", "hardware cost of a generated design with Yosys: cells, flip-flops, gate equivalents (dbcf, iag, subsystem, ldpc)", fg_cmd_area},
    {"ber", "frame and bit error rates over BPSK/AWGN (ldpc: float and fixed-point decoders, multi-layer studies)", fg_cmd_ber},
    {"bench", "throughput and latency of the GPU LDPC decoders (ldpc --device gpu, --sweep table3.3)", fg_cmd_bench},
    {"code", "channel codes: list the QC-LDPC codes, show base matrices, export base-matrix and alist files", fg_cmd_code},
    {"conflicts", "cycle-accurate memory-conflict study: MCR and n-way conflict histograms", fg_cmd_conflicts},
    {"dbcf", "cycle-accurate DBCF write network: C0, C1, dC, buffer sizing sweep", fg_cmd_dbcf},
    {"gen", "RTL generator: Verilog, file list and manifest of a design (dbcf, iag, subsystem, ldpc)", fg_cmd_gen},
    {"interleaver", "print a standard interleaver permutation or its parameters", fg_cmd_interleaver},
    {"vectors", "golden vectors (vectors/FORMAT.md) for RTL testbenches (dbcf, iag, subsystem, ldpc)", fg_cmd_vectors},
    {"verify", "generate RTL, write golden vectors, verilate and compare with the C model cycle by cycle", fg_cmd_verify},
    {NULL, NULL, NULL}};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: fecforge <subcommand> [--options]\n"
            "       fecforge --version | --help\n\n"
            "Hardware-architecture simulator and RTL reference generator for channel decoders.\n\n"
            "subcommands:\n");
    for (const fg_cli_command *c = commands; c->name; c++)
        fprintf(f, "  %-12s %s\n", c->name, c->summary);
    fprintf(f, "\n'fecforge <subcommand> --help' describes each one. Documentation: docs/ in the source tree.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return FG_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("fecforge %s (git %s)\n", fg_version(), fg_git_hash());
        return FG_EXIT_OK;
    }
    for (const fg_cli_command *c = commands; c->name; c++)
        if (!strcmp(argv[1], c->name))
            return c->run(argc - 1, argv + 1);
    fprintf(stderr, "fecforge: unknown subcommand '%s'\n\n", argv[1]);
    usage(stderr);
    return FG_EXIT_USAGE;
}
