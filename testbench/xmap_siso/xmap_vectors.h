// The SISO test top against `xmap` vector sets (xmap_vectors.cpp; docs/rtl-turbo.md).
#ifndef FG_TB_XMAP_VECTORS_H
#define FG_TB_XMAP_VECTORS_H

#include "Vtb_xmap_siso.h"

constexpr int FG_TB_XMAP_LMAX = 384; // tb_xmap_siso.v's LMAX

// Set dir through every variant of the top with its normalisation: 0 all match, 1 a mismatch (printed),
// 2 a set the top cannot run or a bad set (printed).
int fg_tb_xmap_vectors(Vtb_xmap_siso &top, const char *dir);

#endif
