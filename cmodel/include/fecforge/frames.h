/* Frame files (docs/decode.md): the channel LLRs a decoder received, or the bits it decided (with its
 * work count and a-posteriori values), one frame per line of text or one record of a binary file,
 * under a header that records the family, the code and the arithmetic. `fecforge frames` writes the
 * channel frames of a family; `decode` reads them and writes decisions; `compare` compares two
 * decision files (a golden decode against hardware that wrote the same format); `vectors ldpc|turbo-fixed
 * --frames-out` writes the frames of a vector set. The three routes meet in one format.
 *
 * Header (text lines, exactly in this order, words separated by one space; "#" lines after the first
 * are comments; docs/decode.md "The frame file format" gives the whole grammar):
 *   fecforge-frames 2                version 1 files (no channel, hard, variable or erased) are still read
 *   family NAME                      e.g. ldpc
 *   code NAME                        the instance's code name, e.g. wifi-1944-1/2
 *   code-digest HEX16                optional: fg_family_inst.code_digest, the code's content
 *   channel NAME [KEY VALUE]...      optional: the channel (fecforge/channel.h) and its point: the axis, then
 *                                    its parameters ("channel bsc ebn0 3 sigma 0.5 p 0.02")
 *   arith float | fixed W F | hard   the decoder's input: real LLRs, W-bit LLRs with F fractional bits, or
 *                                    the received bits of a channel of bits
 *   content llr | bits [work] [erased] [app]   what a frame holds (llr: what the channel gave)
 *   length N [variable]              llr: symbols per frame (variable: at most N, each frame gives its own);
 *                                    bits: decided bits per frame
 *   app-length N                     with app: a-posteriori values per frame
 *   count N                          frames in the file
 *   encoding text | binary
 *   end
 * Text frames, one per line (no comments, no blank lines), values separated by one space: llr: (variable:
 * the frame's length first) N values (integers for fixed, reals for float; hard: one word of N characters
 * 0/1, none for a frame of length 0); bits: a word of N characters 0/1, then the work count (with work),
 * the erasure flag 0 or 1 (with erased), then the app values (with app).
 * Binary records, little-endian: llr (variable: int32 length first) fixed int16 per value, float float64,
 * hard packed like bits; bits packed 8 per byte, bit i in byte i/8 at position i%8; work int32; erased one
 * byte 0 or 1; app fixed and hard int32, float float64 (text: integers, reals). */
#ifndef FECFORGE_FRAMES_H
#define FECFORGE_FRAMES_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_FRAMES_VERSION = 2, FG_FRAMES_NAME_MAX = 80, FG_FRAMES_LENGTH_MAX = 1 << 20, FG_FRAMES_POINT_MAX = 5,
       FG_FRAMES_KEY_MAX = 16 };

typedef enum { FG_FRAMES_LLR = 0, FG_FRAMES_BITS = 1 } fg_frames_content;

typedef struct fg_frames_header {
    char family[FG_FRAMES_NAME_MAX];
    char code[FG_FRAMES_NAME_MAX];
    uint64_t code_digest; /* the code's digest (fg_family_inst.code_digest); 0: none (files before it) */
    char channel[FG_FRAMES_NAME_MAX];          /* the channel's name; "": not recorded */
    int n_point;                               /* its point: the axis, then the parameters */
    char point_key[FG_FRAMES_POINT_MAX][FG_FRAMES_KEY_MAX];
    double point[FG_FRAMES_POINT_MAX];
    int fixed;            /* 1: fixed W F, 0: float or hard */
    int hard;             /* 1: arith hard (llr files: received bits; bits files: integer app values) */
    int q_width, q_frac;  /* fixed: the LLRs' format */
    fg_frames_content content;
    int variable;         /* llr files: each frame has its own length, at most length */
    int work, erased, app; /* bits files: 1 if frames carry the work count / the erasure flag / the app values */
    int length, app_length;
    long long count;
    int binary;
} fg_frames_header;

/* ---- writing: fecforge/output.h rules (atomic regular files, special files written through) ---- */

typedef struct fg_frames_writer fg_frames_writer;
/* Open path for h (h->count is written as given: the writer checks that exactly that many frames come). */
int fg_frames_create(const char *path, const fg_frames_header *h, fg_frames_writer **out);
/* One frame: llr files take n values (h->length, or at most that when variable) of llr (float), llr_q
 * (fixed) or bits (hard); bits files take bits (h->length; n is ignored), work (with work), erased (with
 * erased) and app / app_q (with app, h->app_length). */
int fg_frames_write(fg_frames_writer *w, int n, const double *llr, const int32_t *llr_q, const uint8_t *bits,
                    int32_t work, int erased, const double *app, const int32_t *app_q);
/* Every frame written (FG_EINVAL if not count), flush, close, put in place. w freed in every case. */
int fg_frames_commit(fg_frames_writer *w);
void fg_frames_abort(fg_frames_writer *w);

/* ---- reading ---- */

typedef struct fg_frames_reader fg_frames_reader;
/* Open and read the header ("-": standard input): FG_EINVAL with "PATH line L: ..." for anything
 * malformed or a file that is no regular file (fecforge/input.h); FG_EIO if it cannot be read. Lines are
 * bounded: a header line by 1024 bytes, a text frame by what its header allows (length x the widest
 * value + slack). */
int fg_frames_open(const char *path, fg_frames_reader **out);
const fg_frames_header *fg_frames_header_of(const fg_frames_reader *r);
/* The next frame into the buffers (the kinds the header says; others may be NULL; n: the frame's length,
 * may be NULL): 1 with a frame, 0 at the end (FG_EINVAL if fewer than count frames came), or FG_EINVAL
 * naming the file, frame and value (a value outside the fixed format, a bit other than 0/1, a length
 * above the header's, a short record, trailing data). */
int fg_frames_read(fg_frames_reader *r, int *n, double *llr, int32_t *llr_q, uint8_t *bits, int32_t *work,
                   uint8_t *erased, double *app, int32_t *app_q);
long long fg_frames_index(const fg_frames_reader *r); /* 0-based index of the frame read last */
void fg_frames_close(fg_frames_reader *r);

#ifdef __cplusplus
}
#endif
#endif
