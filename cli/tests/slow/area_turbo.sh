#!/usr/bin/env bash
# `fecforge area turbo` by block (label slow: about 2 minutes of Yosys): a P 2 decoder's logic, flip-flops
# and SRAM bits split into its four blocks sum to the design's totals; every block has logic; the SRAM
# macros sit where they belong: 3 stores per SISO, the channel, extrinsic and hard-decision banks (4P of
# each) in the core. $1 = fecforge. Skips (77) when yosys is missing.
source "$(dirname "$0")/../common.bash"
command -v yosys >/dev/null 2>&1 || { echo "area_turbo: yosys not installed: skipped"; exit 77; }
check p2 0 "$F" area turbo --parallel 2 --k-max 64 --json
python3 - "$t/out" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
b = {x['block']: x for x in d['blocks']}
bad = []
names = ['SISOs (datapath, stores)', 'IAG', 'core: control, memories, write path', 'top: static inputs, K table']
if list(b) != names:
    bad.append('blocks %s' % list(b))
for k in ('ge', 'flip_flops', 'cells', 'mem_bits', 'macros'):
    s, tot = sum(x[k] for x in b.values()), d['macros' if k == 'macros' else k]
    if abs(s - tot) > 0.05:
        bad.append('%s: blocks sum to %s, the design has %s' % (k, s, tot))
if any(b[n]['ge'] <= 0 for n in names if n in b):
    bad.append('a block without logic')
if names[0] in b and b[names[0]]['macros'] != 3 * 2 or names[2] in b and b[names[2]]['macros'] != 3 * 4 * 2:
    bad.append('macros: SISOs %s (expected 6), core %s (expected 24)' % (b[names[0]]['macros'], b[names[2]]['macros']))
for x in bad:
    print('FAIL: ' + x)
sys.exit(1 if bad else 0)
PY
has out '"top": "fg_turbo_lte_p2_k64"'
exit $fail
