/* fecforge: the command-line front end (cli_main.c). */
#include "cli.h"

int main(int argc, char **argv) { return fg_cli_main(argc, argv); }
