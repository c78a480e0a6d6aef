/* Options declared as data (docs/architecture.md "Options"): one declaration per option (name, type,
 * field, range, default, help) and one driver that parses a command line and a --config file,
 * range-checks every value with a message that names the option, the value and the valid range, and
 * prints the help. The decoder families and generated designs declare their parameters this way, so
 * every command that takes them parses them identically, and a tool built on the library can too.
 *
 * Grammar, the same for every option of a type wherever it appears:
 *   --name VALUE, --name=VALUE (a value may start with '-'); -x VALUE for the few one-letter names;
 *   a flag takes no value; an option given twice is an error (except repeatable lists); "--" ends
 *   the options.
 *   INT, LLONG    decimal integer, within [lo, hi]; INT may also accept named values ("all")
 *   SEED          any 64-bit unsigned value, decimal or 0x-hexadecimal
 *   REAL          a finite decimal number within the range (open or closed ends)
 *   CHOICE        one word of a list ("dual|head"; "hspa=umts" declares a synonym)
 *   INTS          N, N,M,..., N-M or N-M:STEP, mixed; each in [lo, hi]; or a named word ("all")
 *   SWEEP         A:STEP:B (A <= B, STEP > 0) or values, mixed and strictly ascending, each in [lo, hi]
 *   TEXTS         comma-separated words (or the option repeated, with FG_OPT_REPEAT)
 *   Empty list elements ("1,,2", "1,") are errors. */
#ifndef FECFORGE_OPTIONS_H
#define FECFORGE_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    FG_OPT_FLAG,   /* int: 1 when given (a --config value true/false/1/0) */
    FG_OPT_INT,    /* int */
    FG_OPT_LLONG,  /* long long */
    FG_OPT_SEED,   /* uint64_t */
    FG_OPT_REAL,   /* double */
    FG_OPT_CHOICE, /* int: the index of the word among the canonical words of `words` */
    FG_OPT_TEXT,   /* char *: a copy of the text (freed by fg_opts_free) */
    FG_OPT_INTS,   /* fg_opt_ints */
    FG_OPT_SWEEP,  /* fg_opt_reals */
    FG_OPT_TEXTS,  /* fg_opt_texts */
    FG_OPT_CUSTOM  /* parse(text, field): a type of the caller's */
} fg_opt_type;

enum {
    FG_OPT_REQUIRED = 1,  /* must be given (command line or --config) */
    FG_OPT_REPEAT = 2,    /* TEXTS: each occurrence appends */
    FG_OPT_HIDDEN = 4,    /* not listed by the help (old spellings) */
    FG_OPT_LO_OPEN = 8,   /* REAL: lo itself is outside the range */
    FG_OPT_HI_OPEN = 16,  /* REAL: hi itself is outside the range */
    FG_OPT_CONFIG = 32,   /* only in a --config file: a manifest's spelling of a value another option sets
                             (mb_rows and mb_cols for --mb); not on the command line, not in the help */
    FG_OPT_PATH_IN = 64,  /* TEXT, TEXTS: a value that names an existing file or directory is an input the
                             command reads (the command line refuses an output that is, or holds, it) */
    FG_OPT_CAPACITY = 128, /* INT: a design's capacity (rows of a bank, data bits): a vector set that needs
                             less fits (verify vectors checks at most, not equal) */
    FG_OPT_OUTPUT = 256,  /* TEXT: a file the command writes, opened by the command line before any work
                             (fecforge/output.h: atomic, never half-written) */
    FG_OPT_ALL = -1,      /* fg_opt_ints.n for the named word of INTS ("all") */
    FG_OPTS_HELP = 1      /* fg_opts_parse: --help was given */
};

typedef struct {
    int n; /* FG_OPT_ALL: the named word was given */
    int *v;
} fg_opt_ints;
typedef struct {
    int n;
    double *v;
} fg_opt_reals;
typedef struct {
    int n;
    char **v;
} fg_opt_texts;

typedef struct fg_opt {
    const char *name;      /* long name without dashes ("fifo-depth"); NULL ends a table */
    char short_name;       /* 'o' for -o, or 0 */
    fg_opt_type type;
    size_t offset;         /* of the value in the group's struct */
    double lo, hi;         /* numbers, list elements */
    int max;               /* lists: most values (0: no limit but memory) */
    const char *words;     /* CHOICE: "a|b|c" (synonyms "x=a"); INT: named values "all=0"; INTS: the named word */
    const char *def;       /* the default as text, parsed like a value; NULL: the field keeps what the caller set
                              (the help then shows that value as the default, or def_text) */
    const char *def_text;  /* the default as the help shows it when it is computed ("PLLR"), or "" for none */
    const char *meta;      /* the value's name in the help ("P", "FILE"); NULL for flags */
    const char *help;      /* what it is; the driver adds the range and the default */
    int (*parse)(const char *text, void *field); /* CUSTOM: 0, or FG_EINVAL with a message saying what is valid */
    void (*print)(const void *field, char *buf, size_t n); /* CUSTOM: the value as parse reads it back ("" none) */
    unsigned flags;
    const char *alias_of;  /* an old spelling: the name of the option it stands for, with "=VALUE" for a flag
                              that stands for a value ("no-et" -> "et=none"); listed in the help as such */
} fg_opt;

typedef struct {
    const char *title; /* heading of the group in the help (NULL: none) */
    const fg_opt *opts;
    void *base;        /* the struct the offsets refer to */
} fg_opt_group;

typedef struct {
    const fg_opt_group *groups;
    int n_groups;
    int pos_min, pos_max;     /* positional arguments accepted (0, 0: none) */
    const char *pos_meta;     /* their name in messages ("DIR") */
    const char *config_opt;   /* name of the option that reads a JSON file of values ("config"), or NULL */
    const char *const *config_ignore; /* keys of such a file that are not options (derived values), NULL-ended */
    /* results of fg_opts_parse */
    char **pos;
    int n_pos;
    unsigned char *given;     /* 1: from the command line, 2: from the --config file; per option in group order */
    const char **spelled;     /* per option: the name it was given under (an old spelling's), or NULL */
    int n_opts;
    char *words;              /* fg_opts_parse_text: the words of its text (pos points into them) */
} fg_opts;

/* Parse argv[0 .. argc-1] (the options of one command, without its name): defaults first, then the
 * --config file, then the command line. 0, FG_OPTS_HELP (nothing else parsed), or FG_EINVAL with a
 * message that names the option as the user spelled it, the value and the valid range
 * ("--pllr=30 invalid: a multiple of 4 in [4, 1024]" is the caller's; "--pllr=0 out of range [4, 1024]",
 * "--ebn0=1,,2 invalid: empty element", "unknown option --plr (did you mean --pllr?)"). */
int fg_opts_parse(fg_opts *p, int argc, char **argv);
/* Splits text in place into at most max words as a POSIX shell does for blanks, single quotes and
 * backslashes (so that what fg_opts_args writes reads back, and a shell reads it the same way). The
 * number of words, or FG_EINVAL (an unterminated quote, more than max words). */
int fg_opts_split(char *text, char **argv, int max);
/* text as one word that a shell and fg_opts_split read back: as it is when it holds only characters no
 * shell treats specially, else in single quotes (a quote in it as '\''); "" as ''. 0, or FG_EINVAL when
 * n is too small. */
int fg_opts_quote(const char *text, char *buf, size_t n);
/* fg_opts_parse of the words of text (fg_opts_split): options given as one text (a configuration drawn
 * by verify --random, a sweep point's options). A --help there is an error (FG_EINVAL). */
int fg_opts_parse_text(fg_opts *p, const char *text);
/* The option of p's groups (set; not parsed yet or parsed) that a command-line word names: "--name",
 * "--name=VALUE" (an old spelling: its own entry), "-x", "-xVALUE"; NULL for any other word (a value, a
 * positional argument, "--", an option only a --config file takes). Which reading of a command line applies
 * can so be told before one is parsed. */
const fg_opt *fg_opts_find(const fg_opts *p, const char *word);
/* 1 when the --config file at path gives one of the keys (NULL-ended; option names with '_' for '-') a value
 * in the part that --config reads (a result's "parameters", a manifest's and its top level), else 0 (an
 * unreadable file too: the parser reports it): which reading of a command line applies, as fg_opts_find. */
int fg_opts_config_names(const char *path, const char *const *keys);
/* The option whose value lives at field was given (command line or --config). */
int fg_opts_given(const fg_opts *p, const void *field);
/* The option declared for field as the user spelled it ("--pllr"; an old spelling's name when given
 * so), for messages of cross-option checks. */
const char *fg_opts_name(const fg_opts *p, const void *field);
/* A library check records the field it refuses beside its message (fg_set_error_at, fecforge/error.h); when
 * an option of p is declared for that field, the message becomes "--option: <message>" ("--pllr: pllr=99 out
 * of range [1, 64]", the option as fg_opts_name spells it), else otherwise (NULL: nothing) goes in front
 * ("decoder: "). A check that ran on a copy of option values (a decoder's cfg built from the options) gives
 * copies: pairs of the checked field (or struct) and the option's field (or struct) it was copied from,
 * FG_OPT_COPY(s->dec, c->dec); the first pair that holds the recorded field applies. Returns rc. */
typedef struct {
    const void *checked, *option;
    size_t size; /* of checked */
} fg_opt_copy;
#define FG_OPT_COPY(checked, option) {&(checked), &(option), sizeof(checked)}
#define FG_OPT_COPIES(a) (a), (int)(sizeof(a) / sizeof *(a)) /* copies, n of an array */
int fg_opts_field_error(const fg_opts *p, int rc, const fg_opt_copy *copies, int n, const char *otherwise);
/* The options that reproduce the current values of every group, "--name VALUE --flag ..." (aliases,
 * hidden options, the config option, unset texts and lists, flags that are off, numbers outside their
 * range (a default computed later) and CUSTOM values without print left out), into buf; a value with a
 * blank or a character a shell would read is single-quoted ('it'\''s'), one that starts with '-' is joined
 * to its name (--label=-h). 0, or FG_EINVAL when n is too small. */
int fg_opts_args(const fg_opts *p, char *buf, size_t n);
/* The current values of every group as members of the JSON object open in j (fecforge/json.h), keyed
 * by the option's name with '-' as '_' (the keys a --config file takes): numbers as numbers, flags as
 * booleans, lists as arrays, choices, texts and CUSTOM values (with print) as strings; aliases,
 * hidden options, the config option, unset texts and lists and numbers outside their range left out. */
struct fg_json;
void fg_opts_write_json(const fg_opts *p, struct fg_json *j);
/* The value of option o at field as text, as the help shows a default ("" for none: flags, texts, lists, a
 * number outside its range); its JSON key (the name with '-' as '_'); whether fg_opts_write_json writes it
 * (not an alias, a hidden or config-only option or the config option itself). */
void fg_opt_value_text(const fg_opt *o, const void *field, char *buf, size_t n);
void fg_opt_key(const fg_opt *o, char *buf, size_t n);
int fg_opt_in_json(const fg_opts *p, const fg_opt *o);
/* The help of every group: "  --name META   help; range (default D)". */
void fg_opts_help(const fg_opts *p, FILE *f);
/* Free the lists and texts parsed into the groups' structs and the results. */
void fg_opts_free(fg_opts *p);

/* The value grammars on their own (the same functions the driver uses). FG_EINVAL with a message
 * naming what, e.g. "--K=5-" ("" what: the text alone). */
int fg_opt_parse_ints(const char *what, const char *text, double lo, double hi, int max, fg_opt_ints *out);
int fg_opt_parse_sweep(const char *what, const char *text, double lo, double hi, int max, fg_opt_reals *out);
int fg_opt_parse_seed(const char *what, const char *text, uint64_t *out);

#ifdef __cplusplus
}
#endif
#endif
