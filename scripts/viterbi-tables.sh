#!/usr/bin/env bash
# The paper's Tables II and III (Mohammadidoost and Hashemi): the Eb/N0 loss of the tiled Viterbi decoder, and of
# its parallel traceback, against full-length maximum likelihood, at BER 1e-5, for K = 7 (171,133) rate 1/2 over
# BPSK/AWGN (docs/viterbi-tables.md).
#
# Every configuration runs `fecforge ber viterbi` on the same frames (seed 1, 65 536-bit terminated frames, so a
# tile rarely meets a frame's known ends) along an Eb/N0 grid of 0.1 dB, each point to 60 frame errors (a frame
# error is about one error event here) or 4 000 frames, the rest of the grid skipped after a point whose FER is
# below 0.1 (its BER is then below 1e-5: about 3.3 bit errors an event); the Eb/N0 where the BER crosses 1e-5 is interpolated in log10(BER) between the two points around it, and
# the loss is its distance from maximum likelihood's. A JSON per run in OUT (a run whose JSON exists is skipped,
# so the script resumes); the tables on stdout as markdown. `rates`: the same loss for the punctured DVB-S rates 2/3
# and 3/4 (on a grid from 4.0 dB), and for rate 1/2, with the GPU fast kernel's tilings (f 1024, v1 20, f0 32, v2 35
# and 45), each against maximum likelihood of its own rate.
# usage: scripts/viterbi-tables.sh FECFORGE OUT [THREADS] [ii] [iii] [rates]   (default: ii iii, 2 threads)
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
F=$1 O=$2 T=${3:-2}
shift 2
[ $# -gt 0 ] && shift
tables=${*:-ii iii}
mkdir -p "$O"
grid=3.6:0.1:6.0
base=(--bits 65536 --ebn0 "$grid" --min-fe 60 --max-frames 4000 --stop-fer 0.1 --seed 1 --threads "$T" --json)

run() { # NAME, then the decoder's options
  local name=$1
  shift
  [ -s "$O/$name.json" ] && return
  "$F" ber viterbi "${base[@]}" "$@" >"$O/$name.json.tmp" 2>"$O/$name.log"
  mv "$O/$name.json.tmp" "$O/$name.json"
  echo "$name done" >&2
}

[[ " $tables " == *" ii "* || " $tables " == *" iii "* ]] && run ml
if [[ " $tables " == *" rates "* ]]; then
  for p in none dvbs-2/3 dvbs-3/4; do
    [ "$p" = none ] && base[3]=$grid || base[3]=4.0:0.1:7.5
    run "r-${p/\//-}-ml" --punct "$p"
    for v2 in 35 45; do
      run "r-${p/\//-}-v2-$v2" --punct "$p" --tile 1024 --overlap-left 20 --overlap-right "$v2" --subframe 32
    done
  done
  base[3]=$grid
fi
if [[ " $tables " == *" ii "* ]]; then
  for v2 in 10 20 30 40; do
    for f in 32 64 128 256 512; do
      run "t2-v2-$v2-f-$f" --tile "$f" --overlap-left 20 --overlap-right "$v2"
    done
  done
fi
if [[ " $tables " == *" iii "* ]]; then
  for v2 in 25 30 35 40 45; do
    for f0 in 8 16 24 32 40 48 56; do
      run "t3-v2-$v2-f0-$f0" --tile 256 --overlap-left 20 --overlap-right "$v2" --subframe "$f0"
    done
  done
fi

python3 - "$O" "$tables" <<'PY'
import json, math, os, sys
out, tables = sys.argv[1], sys.argv[2].split()

def at_ber(name, target=1e-5):
    r = json.load(open(os.path.join(out, name + ".json")))
    pts = [(p["ebn0"], p["bit_errors"] / (p["frames"] * r["code"]["k"]), p["bit_errors"]) for p in r["points"]]
    for (e0, b0, n0), (e1, b1, n1) in zip(pts, pts[1:]):
        if b0 >= target > b1 > 0:
            x = (math.log10(b0) - math.log10(target)) / (math.log10(b0) - math.log10(b1))
            return e0 + x * (e1 - e0), min(n0, n1)
    return None, 0

if "ii" in tables or "iii" in tables:
    ml, ml_n = at_ber("ml")
    print("maximum likelihood: BER 1e-5 at %.3f dB (bracketing points: at least %d bit errors)\n" % (ml, ml_n))

def table(title, rows, cols, name, rlab, clab):
    print(title + "\n")
    print("| %s \\ %s | " % (rlab, clab) + " | ".join(str(c) for c in cols) + " |")
    print("|---|" + "---|" * len(cols))
    for r in rows:
        cells = []
        for c in cols:
            e, _ = at_ber(name(r, c))
            cells.append("n/a" if e is None else "%.3f" % (e - ml))
        print("| %s | " % r + " | ".join(cells) + " |")
    print()

if "ii" in tables:
    table("Table II (loss in dB against maximum likelihood at BER 1e-5; v1 = 20)", [10, 20, 30, 40],
          [32, 64, 128, 256, 512], lambda v2, f: "t2-v2-%d-f-%d" % (v2, f), "v2", "f")
if "rates" in tables:
    print("Rates (loss in dB against maximum likelihood of the same rate at BER 1e-5; f 1024, v1 20, f0 32)\n")
    print("| rate | ML at BER 1e-5 (dB) | v2 35 | v2 45 |")
    print("|---|---|---|---|")
    for p in ("none", "dvbs-2-3", "dvbs-3-4"):
        m, _ = at_ber("r-%s-ml" % p)
        cells = []
        for v2 in (35, 45):
            e, _ = at_ber("r-%s-v2-%d" % (p, v2))
            cells.append("n/a" if e is None or m is None else "%.3f" % (e - m))
        print("| %s | %s | %s |" % (p, "n/a" if m is None else "%.3f" % m, " | ".join(cells)))
    print()
if "iii" in tables:
    table("Table III (parallel traceback: loss in dB at BER 1e-5; f = 256, v1 = 20)", [25, 30, 35, 40, 45],
          [8, 16, 24, 32, 40, 48, 56], lambda v2, f0: "t3-v2-%d-f0-%d" % (v2, f0), "v2", "f0")
PY
