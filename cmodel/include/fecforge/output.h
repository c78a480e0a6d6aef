/* Writing outputs without destroying what must not be destroyed (docs/architecture.md, "Outputs").
 *
 * Files (fg_out): a regular file, or a path that does not exist yet, is written to a temporary file
 * beside it ("<path>.tmp-XXXXXX") and renamed over it by fg_out_commit, so a failed or interrupted
 * run never leaves a half-written file; the new file gets the permissions of the file it replaces,
 * or 0666 less the umask. A symbolic link is followed to the file it names, which is replaced the same
 * way (the temporary beside it; the link stays). Anything else is written through, never replaced: "-"
 * (standard output), a character or block device, a FIFO; a device or FIFO is opened at the first write
 * (or at the commit), so a run that fails before writing leaves it untouched, and fg_out_written says
 * how much reached it before a failure. Every write, the flush and the close are checked: ENOSPC or EIO
 * reach the caller as FG_EIO naming the path and the reason; after a failed write nothing more is
 * written. Missing parent directories are created (0777 less the umask; the user asked for the path)
 * and removed again when the output is aborted.
 * Test hook: with the environment variable FG_TEST_WRITE_LIMIT=N, every write of an output stream past
 * the process's first N bytes fails with ENOSPC, as on a full disk.
 *
 * Directories (fg_outdir): a set of files (generated RTL, a vector set) is written into a staging
 * directory "<dir>.tmp-XXXXXX" and renamed to dir on commit. An existing dir is replaced only when
 * it is empty, or an earlier output of the same kind: it holds the marker file FG_OUTDIR_MARKER, which
 * names the kind and lists every entry fecforge wrote below it with its size and a digest of its
 * content, and nothing else: an entry the marker does not list, or one that changed since, makes the
 * directory the user's. Anything else is refused before anything is written (FG_EINVAL), as are the
 * current directory and its ancestors, a marker of an earlier version (which lists no digests) and a
 * directory left by a run that was killed while it filled it in place.
 *
 * Interruption: every pending output (and fg_tmpdir) is registered; fg_output_cleanup_pending() removes
 * the temporary files, staging directories and created parents of all of them (for a signal handler
 * thread: it does not close the streams, so writers racing with it only write into unlinked files). */
#ifndef FECFORGE_OUTPUT_H
#define FECFORGE_OUTPUT_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fg_out fg_out;

enum {
    FG_OUT_ATOMIC = 0,  /* default: temporary file and rename for regular files (see above) */
    FG_OUT_STREAM = 1   /* always written through, line by line (a log of finished results that an
                           interrupted run must keep): a regular file is truncated and each line is
                           flushed as it completes; a failed write cuts it back to its last whole line */
};

/* Open path for writing (flags FG_OUT_ATOMIC or FG_OUT_STREAM). FG_EINVAL naming the path: empty,
 * a directory, a parent that is not a directory; FG_EIO: no permission, cannot create. */
int fg_out_open(const char *path, int flags, fg_out **out);
FILE *fg_out_stream(fg_out *o);
const char *fg_out_path(const fg_out *o);
/* 1 when the output is written through (not a regular file written atomically). */
int fg_out_is_through(const fg_out *o);
/* The bytes that reached the file so far (through outputs: what a failed run leaves there). */
long long fg_out_written(const fg_out *o);
/* Flush, and FG_EIO naming the path and the reason if a write of o has failed so far (a stream's
 * writer checks each finished line, so a full disk stops the run at once). */
int fg_out_check(fg_out *o);
/* Check every write, flush, close (standard output is flushed, not closed) and put the file in
 * place. On failure FG_EIO naming the path and the reason ("No space left on device"); a regular
 * file's temporary is removed and the old file, if any, is untouched. o is freed in every case. */
int fg_out_commit(fg_out *o);
/* Discard: the temporary file and the directories created for it are removed; a written-through
 * output is closed as it is. o may be NULL. */
void fg_out_abort(fg_out *o);

/* A write stream over fd (closed with the stream when close_fd) that stores in *err the errno of its
 * first failed write or close, which must outlive the stream: after a buffered write failed, errno no
 * longer says why. fg_out uses it for every file; a program may put it over its standard output. */
FILE *fg_out_fdopen(int fd, int close_fd, int *err);

#define FG_OUTDIR_MARKER ".fecforge-output"

typedef struct fg_outdir fg_outdir;

/* Check that dir may be written as an output of kind (a short word: "rtl", "vectors"): 0 if it does
 * not exist or is an empty directory, 1 if it is an earlier output of the same kind (which commit
 * will replace), else FG_EINVAL with a message that says why it is refused. A symbolic link to a
 * directory is judged (and later replaced) at its target. */
int fg_outdir_check(const char *dir, const char *kind);
/* Start an output directory: fg_outdir_check, then the staging directory (0777 less the umask). */
int fg_outdir_begin(const char *dir, const char *kind, fg_outdir **out);
/* The staging directory, where every file of the output is written. */
const char *fg_outdir_staging(const fg_outdir *o);
/* Create file name (no '/') in the staging directory, listed in the marker. NULL with a message on
 * failure. Close it with fg_outdir_close. */
FILE *fg_outdir_open(fg_outdir *o, const char *name);
/* fclose with every write checked: 0 or FG_EIO naming the file. */
int fg_outdir_close(fg_outdir *o, FILE *f);
/* Write the marker and rename the staging directory to dir (an earlier output moves aside first and
 * is removed after; it comes back if the rename fails). o is freed in every case. */
int fg_outdir_commit(fg_outdir *o);
/* Remove the staging directory; dir is untouched. o may be NULL. */
void fg_outdir_abort(fg_outdir *o);

/* A directory fecforge fills in place (a work directory): fg_outdir_check; an earlier one of kind is
 * emptied, a missing one created with its parents; its marker says "incomplete" until
 * fg_outdir_mark_prepared (or fg_outdir_mark) lists what it holds, so a directory left by a killed run
 * is refused rather than emptied on the word of a marker that lists nothing. */
int fg_outdir_prepare(const char *dir, const char *kind);
/* Write (atomically) dir's marker of kind, listing every entry dir holds now: for a directory that
 * fecforge filled in place (a work directory, a design directory with synthesis files added). */
int fg_outdir_mark(const char *dir, const char *kind);
/* fg_outdir_mark of every directory this process prepared: at the end of a run, and when a signal ends
 * it. Safe to call from any thread; idempotent. */
void fg_outdir_mark_prepared(void);
/* Remove every entry of dir that its marker of kind lists (dir itself stays): for reusing a work
 * directory. FG_EINVAL (nothing removed) if fg_outdir_check does not return 0 or 1 for it. */
int fg_outdir_empty(const char *dir, const char *kind);

/* The canonical absolute path of path into out (PATH_MAX bytes), whether or not it exists: realpath()
 * where it does; the target of a dangling symbolic link; else the canonical parent and the last
 * component, ".." and "." taken lexically, as creating the missing parents and then opening the path
 * does. 0, or FG_EINVAL (no message) when it cannot be resolved. */
int fg_path_canonical(const char *path, char *out);

/* Remove dir and everything below it (symbolic links are removed, not followed). 0 or FG_EIO. */
int fg_remove_tree(const char *dir);

/* A private temporary directory "<$TMPDIR or /tmp>/<prefix>-XXXXXX", pending like the outputs (removed
 * by fg_output_cleanup_pending). fg_tmpdir_release removes it (keep 0) or leaves it in place (keep 1);
 * t is freed either way and may be NULL. */
typedef struct fg_tmpdir fg_tmpdir;
int fg_tmpdir_create(const char *prefix, fg_tmpdir **out);
/* The same in the directory base (NULL: $TMPDIR or /tmp). */
int fg_tmpdir_create_in(const char *base, const char *prefix, fg_tmpdir **out);
const char *fg_tmpdir_path(const fg_tmpdir *t);
void fg_tmpdir_release(fg_tmpdir *t, int keep);

/* Remove the temporary files, staging directories and created parent directories of every pending
 * fg_out and fg_outdir (see above). Safe to call from any thread; idempotent. */
void fg_output_cleanup_pending(void);

#ifdef __cplusplus
}
#endif
#endif
