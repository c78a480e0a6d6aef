/* Shared state of the IAG step models (iag.c dispatches to iag_umts.c and iag_lte.c). */
#ifndef FG_IAG_INTERNAL_H
#define FG_IAG_INTERNAL_H
#include "fecforge/iag.h"

typedef struct fg_iag_umts fg_iag_umts;
typedef struct fg_iag_lte fg_iag_lte;

struct fg_iag {
    fg_std std;
    int K, lanes;
    fg_iag_lane_prog *prog;     /* per lane */
    fg_iag_lane_out *out_buf;   /* what step hands out */
    long cycle;                 /* cycles since reset */
    long pre_cycles;            /* cycles preprocessing took, -1 before ready */
    int ready;                  /* preprocessing done (register) */
    int running;                /* a start has been seen since ready */
    int inverse;                /* mode register */
    int forward_only;           /* fg_iag_set_forward_only */
    fg_iag_umts *umts;
    fg_iag_lte *lte;
};

/* Per-standard parts. *_create validates what only that standard knows (FG_EINVAL). */
int fg_iag_umts_create(fg_iag *g);
void fg_iag_umts_reset(fg_iag *g);
int fg_iag_umts_step(fg_iag *g, const fg_iag_in *in); /* 1 once preprocessing is done */
void fg_iag_umts_info(const fg_iag *g, fg_iag_info *info);
void fg_iag_umts_free(fg_iag_umts *s); /* NULL ok */

int fg_iag_lte_create(fg_iag *g);
void fg_iag_lte_reset(fg_iag *g);
int fg_iag_lte_step(fg_iag *g, const fg_iag_in *in);
void fg_iag_lte_info(const fg_iag *g, fg_iag_info *info);
void fg_iag_lte_free(fg_iag_lte *s); /* NULL ok */

/* a + b mod m for a, b in [0, m): an adder and a compare-subtract. */
static inline int32_t fg_iag_addmod(int32_t a, int32_t b, int32_t m)
{
    const int32_t s = a + b;
    return s >= m ? s - m : s;
}
#endif
