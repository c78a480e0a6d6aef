/* Umbrella header: everything public in libfecforge (a test checks that it includes every header of
 * cmodel/include/fecforge). */
#ifndef FECFORGE_FECFORGE_H
#define FECFORGE_FECFORGE_H
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/rng.h"
#include "fecforge/json.h"
#include "fecforge/options.h"
#include "fecforge/output.h"
#include "fecforge/channel.h"
#include "fecforge/ber.h"
#include "fecforge/family.h"
#include "fecforge/frames.h"
#include "fecforge/conflicts.h"
#include "fecforge/dbcf.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"
#include "fecforge/rsc.h"
#include "fecforge/subsystem.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/turbo_fixed.h"
#include "fecforge/vectors.h"
#include "fecforge/xmap_schedule.h"
#endif
