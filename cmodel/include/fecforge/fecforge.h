/* Umbrella header: everything public in libfecforge. */
#ifndef FECFORGE_FECFORGE_H
#define FECFORGE_FECFORGE_H
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/rng.h"
#include "fecforge/channel.h"
#include "fecforge/interleaver.h"
#include "fecforge/xmap_schedule.h"
#include "fecforge/dbcf.h"
#include "fecforge/iag.h"
#include "fecforge/conflicts.h"
#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"
#include "fecforge/ldpc_ber.h"
#include "fecforge/ldpc_arch.h"
#endif
