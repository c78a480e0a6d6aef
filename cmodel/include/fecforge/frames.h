/* Frame files (docs/decode.md): the channel LLRs a decoder received, or the bits it decided (with its
 * work count and a-posteriori values), one frame per line of text or one record of a binary file,
 * under a header that records the family, the code and the arithmetic. `fecforge frames` writes the
 * channel frames of a family; `decode` reads them and writes decisions; `compare` compares two
 * decision files (a golden decode against hardware that wrote the same format); `vectors ldpc|turbo-fixed
 * --frames-out` writes the frames of a vector set. The three routes meet in one format.
 *
 * Header (text lines, exactly in this order, words separated by one space; "#" lines after the first
 * are comments; docs/decode.md "The frame file format" gives the whole grammar):
 *   fecforge-frames 1
 *   family NAME                      e.g. ldpc
 *   code NAME                        the instance's code name, e.g. wifi-1944-1/2
 *   code-digest HEX16                optional: fg_family_inst.code_digest, the code's content
 *   arith float | fixed W F          the decoder's channel arithmetic: W-bit LLRs with F fractional bits
 *   content llr | bits [work] [app]  what a frame holds
 *   length N                         llr: symbols per frame; bits: decided bits per frame
 *   app-length N                     with app: a-posteriori values per frame
 *   count N                          frames in the file
 *   encoding text | binary
 *   end
 * Text frames, one per line (no comments, no blank lines), values separated by one space: llr: N values
 * (integers for fixed, reals for float); bits: a word of N characters 0/1, then the work count (with work),
 * then the app values (with app).
 * Binary records, little-endian: llr fixed int16 per value, float float64; bits packed 8 per byte,
 * bit i in byte i/8 at position i%8; work int32; app fixed int32, float float64. */
#ifndef FECFORGE_FRAMES_H
#define FECFORGE_FRAMES_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_FRAMES_VERSION = 1, FG_FRAMES_NAME_MAX = 80, FG_FRAMES_LENGTH_MAX = 1 << 20 };

typedef enum { FG_FRAMES_LLR = 0, FG_FRAMES_BITS = 1 } fg_frames_content;

typedef struct {
    char family[FG_FRAMES_NAME_MAX];
    char code[FG_FRAMES_NAME_MAX];
    uint64_t code_digest; /* the code's digest (fg_family_inst.code_digest); 0: none (files before it) */
    int fixed;            /* 1: fixed W F, 0: float */
    int q_width, q_frac;  /* fixed: the LLRs' format */
    fg_frames_content content;
    int work, app;        /* bits files: 1 if frames carry the work count / the app values */
    int length, app_length;
    long long count;
    int binary;
} fg_frames_header;

/* ---- writing: fecforge/output.h rules (atomic regular files, special files written through) ---- */

typedef struct fg_frames_writer fg_frames_writer;
/* Open path for h (h->count is written as given: the writer checks that exactly that many frames come). */
int fg_frames_create(const char *path, const fg_frames_header *h, fg_frames_writer **out);
/* One frame: llr files take llr (float) or llr_q (fixed) of h->length values; bits files take bits
 * (h->length), work (with work) and app / app_q (with app, h->app_length). */
int fg_frames_write(fg_frames_writer *w, const double *llr, const int32_t *llr_q, const uint8_t *bits, int32_t work,
                    const double *app, const int32_t *app_q);
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
/* The next frame into the buffers (the kinds the header says; others may be NULL): 1 with a frame, 0
 * at the end (FG_EINVAL if fewer than count frames came), or FG_EINVAL naming the file, frame and value
 * (a value outside the fixed format, a bit other than 0/1, a short record, trailing data). */
int fg_frames_read(fg_frames_reader *r, double *llr, int32_t *llr_q, uint8_t *bits, int32_t *work, double *app,
                   int32_t *app_q);
long long fg_frames_index(const fg_frames_reader *r); /* 0-based index of the frame read last */
void fg_frames_close(fg_frames_reader *r);

#ifdef __cplusplus
}
#endif
#endif
