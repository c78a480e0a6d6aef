/* Two families of the toy program on channels other than AWGN (cli/tests/toy_channels.c). */
#ifndef FG_TOY_CHANNELS_H
#define FG_TOY_CHANNELS_H

#include "fecforge/family.h"

extern const fg_family fg_toy_bsc, fg_toy_bsid;

#endif
