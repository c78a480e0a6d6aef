/* Standard tables compiled into the library (copied from TS 36.212 and TS 25.212). */
#ifndef FG_INTERLEAVER_TABLES_H
#define FG_INTERLEAVER_TABLES_H
#include "fecforge/interleaver.h"
extern const uint16_t fg_lte_qpp_table[FG_LTE_NUM_SIZES][3];
#endif
