#!/usr/bin/env bash
# `fecforge area turbo` by block (label slow: about 5 minutes of Yosys): the logic, flip-flops and SRAM
# bits of an LTE decoder of 2 SISOs and of a decoder of both standards of 4 split into their blocks sum
# to the design's totals; every block has logic; the SRAM macros sit where they belong: 3 stores per SISO,
# the channel, extrinsic and hard-decision banks (4P of each) in the core; the DBCF block only where the
# design has one. $1 = fecforge. Skips (77) when yosys is missing.
source "$(dirname "$0")/../common.bash"
command -v yosys >/dev/null 2>&1 || { echo "area_turbo: yosys not installed: skipped"; exit 77; }
blocks() { # $1 = P, then the expected block names
    python3 - "$t/out" "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
P, names = int(sys.argv[2]), sys.argv[3:]
b = {x['block']: x for x in d['blocks']}
bad = []
if list(b) != names:
    bad.append('blocks %s, expected %s' % (list(b), names))
for k in ('ge', 'flip_flops', 'cells', 'mem_bits', 'macros'):
    s, tot = sum(x[k] for x in b.values()), d['macros' if k == 'macros' else k]
    if abs(s - tot) > 0.05:
        bad.append('%s: blocks sum to %s, the design has %s' % (k, s, tot))
if any(b[n]['ge'] <= 0 for n in names if n in b):
    bad.append('a block without logic')
siso, core = names[0], [n for n in names if n.startswith('core')][0]
if siso in b and b[siso]['macros'] != 3 * P or core in b and b[core]['macros'] != 3 * 4 * P:
    bad.append('macros: SISOs %s (expected %d), core %s (expected %d)' % (b[siso]['macros'], 3 * P, b[core]['macros'],
                                                                          3 * 4 * P))
for x in bad:
    print('FAIL: ' + x)
sys.exit(1 if bad else 0)
PY
}
S='SISOs (datapath, stores)' I=IAG D='DBCF (HSPA+)' C='core: control, memories, write path' T='top: static inputs, K table'
check p2 0 "$F" area turbo --parallel 2 --k-max 64 --json
blocks 2 "$S" "$I" "$C" "$T" || fail=1
has out '"top": "fg_turbo_lte_p2_k64"'
check both4 0 "$F" area turbo --std both --parallel 4 --k-max 64 --json
blocks 4 "$S" "$I" "$D" "$C" "$T" || fail=1
has out '"top": "fg_turbo_both_p4_k64"'
exit $fail
