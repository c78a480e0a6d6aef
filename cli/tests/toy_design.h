/* The toy design of cli/tests/toy_design.sh (toy_design.c), registered by the fecforge-toy program. */
#ifndef FG_TOY_DESIGN_H
#define FG_TOY_DESIGN_H

#include "fecforge_gen/design.h"

extern const fg_design fg_toy_acc_design;
/* Its template and the design: 0 or an FG_E* code with a message. */
int fg_toy_design_register(void);

#endif
