#!/usr/bin/env bash
# The thesis's LDPC decoding-performance studies (docs/ldpc.md, "BER/FER studies"): 802.11n
# wifi-1944-1/2, BPSK/AWGN, 15 iterations, >= 100 frame errors per point, seed 1.
#  (a) FER of the float multi-layer decoder, K = 1, 2, 3, 4, 6, and of flooding (thesis 3.8.1 /
#      paper Fig. 3), with NMS 0.75 (the hardware's rule);
#  (a') the same with sum-product (--alg spa), the thesis's float algorithm (eq. 3.12-3.14: R through
#      the Psi function), on the grid 1.0:0.1:2.6 dB;
#  (b) the fixed-point hardware model (--decoder hw, the default arithmetic of ldpc_decoder.h)
#      against the float double-layer decoder down to FER 1e-4 (thesis 3.8.2), plus the plain
#      reading of the thesis's arithmetic (the four switches 0, docs/ldpc.md "Fixed-point
#      arithmetic") at the thesis widths and with one more R and APP bit;
#  (r) the check rule: layered SPA, OMS 0.5, NMS 0.875, NMS 0.75 and MS, the first 20,000 frames at
#      1.6, 1.8 and 2.0 dB (about 4 CPU-minutes).
# Every result is a JSON file in OUT; a run whose JSON exists is skipped, so the script resumes. Then
# it prints the markdown tables of docs/ldpc.md and, where gnuplot exists, draws the plots.
# The counts do not depend on THREADS (the frames of a point are the same for any thread count).
# Needs jq (Debian package jq) for the tables; without it the curves are still run. The NMS part is
# 12.6 million frames, about 100 CPU-minutes (368 s with THREADS=16 on 16 cores); the SPA part is
# 3.5 million frames, about 170 CPU-minutes (SPA decodes ~440 frames/s per core, a fifth of NMS; K = 1
# alone took 342 s with THREADS=16 on 16 cores).
# Usage: scripts/ldpc-ber-study.sh [path/to/fecforge] [OUT (default out/ldpc-study)] [THREADS (default 2)]
#          [PARTS (default "nms spa rules"): nms = (a) and (b), spa = (a'), rules = (r); the tables
#          and plots are made for the parts asked for]
set -euo pipefail
F=${1:-build/cli/fecforge}
OUT=${2:-out/ldpc-study}
T=${3:-2}
PARTS=${4:-nms spa rules}
cd "$(dirname "$0")/.."
mkdir -p "$OUT"
common=(--code wifi-1944-1/2 --iter 15 --min-fe 100 --seed 1 --threads "$T" --json)
nms=(--alg nms:0.75)
spa=(--alg spa --ebn0 1.0:0.1:2.6)
part() { case " $PARTS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# run NAME LABEL ARGS...: one curve into $OUT/NAME.json (skipped when it exists).
run() {
  local name=$1 label=$2; shift 2
  if [ -s "$OUT/$name.json" ]; then echo "have $OUT/$name.json" >&2; return; fi
  echo "running $name: $F ber ldpc ${common[*]} --label '$label' $*" >&2
  nice -n 10 "$F" ber ldpc "${common[@]}" --label "$label" "$@" > "$OUT/$name.json.part"
  mv "$OUT/$name.json.part" "$OUT/$name.json"
}

if part nms; then
# (a) the float multi-layer decoders; K = 1 and 2 go on to FER 1e-4 for (b).
run float-k1 "K=1 (layered)" "${nms[@]}" --decoder layered --ebn0 1.4:0.1:3.4 --stop-fer 1e-4 --max-frames 3000000
run float-k2 "K=2" "${nms[@]}" --decoder multilayer:2 --ebn0 1.4:0.1:3.4 --stop-fer 1e-4 --max-frames 3000000
run float-k3 "K=3" "${nms[@]}" --decoder multilayer:3 --ebn0 1.4:0.1:3.4 --stop-fer 1e-3 --max-frames 3000000
run float-k4 "K=4" "${nms[@]}" --decoder multilayer:4 --ebn0 1.4:0.1:3.4 --stop-fer 1e-3 --max-frames 3000000
run float-k6 "K=6" "${nms[@]}" --decoder multilayer:6 --ebn0 1.4:0.1:3.4 --stop-fer 1e-3 --max-frames 3000000
run flooding "flooding" "${nms[@]}" --decoder flooding --ebn0 1.4:0.1:3.4 --stop-fer 1e-3 --max-frames 3000000
# (b) the hardware model to FER 1e-4 (4.4 million frames, about 130 CPU-minutes: 488 s with 16
# threads); the plain reading (error floor near FER 1e-2: at most 300000 frames a point) and the
# plain reading with R 7 bits and APP 8 bits.
plain=(--fixed --in-shift 0 --scale-round 0 --r-sat-late 0 --app-keep 0)
run hw "hw: fixed K=2, LLR 6.2, R 6, APP 7" "${nms[@]}" --decoder hw --ebn0 1.4:0.1:3.4 --stop-fer 1e-4 \
  --max-frames 3000000
run hw-plain "plain reading: fixed K=2, LLR 6.2, R 6, APP 7" "${nms[@]}" --decoder multilayer:2 "${plain[@]}" \
  --ebn0 1.4:0.1:3.4 --stop-fer 1e-4 --max-frames 300000
run fixed-r7a8 "plain reading: fixed K=2, LLR 6.2, R 7, APP 8" "${nms[@]}" --decoder multilayer:2 "${plain[@]}" \
  --r-width 7 --app-width 8 --ebn0 1.4:0.1:3.4 --stop-fer 1e-4 --max-frames 3000000
fi

# (a') sum-product: K = 1 on to FER 1e-4 (at most 2 million frames a point; 2.2 million frames, 342 s
# with 16 threads), the others to 1e-3 (K = 2 to 1e-4 would be another ~3 million frames).
if part spa; then
run spa-k1 "SPA K=1 (layered)" "${spa[@]}" --decoder layered --stop-fer 1e-4 --max-frames 2000000
run spa-k2 "SPA K=2" "${spa[@]}" --decoder multilayer:2 --stop-fer 1e-3 --max-frames 1000000
run spa-k3 "SPA K=3" "${spa[@]}" --decoder multilayer:3 --stop-fer 1e-3 --max-frames 1000000
run spa-k4 "SPA K=4" "${spa[@]}" --decoder multilayer:4 --stop-fer 1e-3 --max-frames 1000000
run spa-k6 "SPA K=6" "${spa[@]}" --decoder multilayer:6 --stop-fer 1e-3 --max-frames 1000000
run spa-flooding "SPA flooding" "${spa[@]}" --decoder flooding --stop-fer 1e-3 --max-frames 1000000
fi

# (r) the rules at fixed frame counts (--min-fe above any count: every point runs 20,000 frames).
if part rules; then
for a in spa oms:0.5 nms:0.875 nms:0.75 ms; do
  run "rule-${a/:/-}" "layered $a" --alg "$a" --decoder layered --ebn0 1.6:0.2:2.0 --max-frames 20000 --min-fe 1000000
done
fi

command -v jq >/dev/null || { echo "ldpc-ber-study.sh: no jq (apt-get install jq): no tables, no plots" >&2; exit 0; }
# Tables: Eb/N0 at FER 1e-2, 1e-3, 1e-4 (interpolated in log FER) and the loss to the reference.
at() { jq -r --arg f "$2" '.ebn0_at_fer[$f] // empty' "$OUT/$1.json"; }
cell() { [ -n "$1" ] && printf '%.3f' "$1" || printf 'n/a'; }
loss() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.3f", a - b }' || printf 'n/a'; }
frames() { jq -r '"\(.points | length), \([.points[].frames] | add)"' "$OUT/$1.json"; }
# table REF NAME...: per curve, Eb/N0 and loss to REF at each FER target.
table() {
  local ref=$1; shift
  echo "| curve | FER 1e-2: Eb/N0 | loss | FER 1e-3: Eb/N0 | loss | FER 1e-4: Eb/N0 | loss | points, frames |"
  echo "|---|---|---|---|---|---|---|---|"
  for n in "$@"; do
    local row; row="| $(jq -r .label "$OUT/$n.json") |"
    for f in 1e-2 1e-3 1e-4; do
      local e r; e=$(at "$n" $f); r=$(at "$ref" $f)
      row="$row $(cell "$e") | $(loss "$e" "$r") |"
    done
    echo "$row $(frames "$n") |"
  done
}
if part nms; then
echo "(a) float multi-layer decoders and flooding, NMS 0.75, loss to K=1:"
table float-k1 float-k1 float-k2 float-k3 float-k4 float-k6 flooding
echo
echo "(b) fixed-point models, loss to float K=2:"
table float-k2 float-k2 float-k1 hw hw-plain fixed-r7a8
echo
fi
if part spa; then
echo "(a') float multi-layer decoders and flooding, SPA, loss to K=1:"
table spa-k1 spa-k1 spa-k2 spa-k3 spa-k4 spa-k6 spa-flooding
echo
fi

if part rules; then
echo "(r) layered decoder, 15 iterations, 20,000 frames a point: frame errors (FER), bit errors, at 1.6 / 1.8 / 2.0 dB:"
for a in spa oms:0.5 nms:0.875 nms:0.75 ms; do
  jq -r '"| \(.label) | " + ([.points[] | "\(.frame_errors) (\(.fer)) | \(.bit_errors)"] | join(" | ")) + " | \(.points[-1].avg_iter) |"' \
    "$OUT/rule-${a/:/-}.json"
done
echo
fi

if command -v gnuplot >/dev/null; then
  mkdir -p docs/img
  if part nms; then
  "$F" ber plot --fer-only --plot docs/img/ldpc-multilayer-fer.png \
    --title "wifi-1944-1/2, float NMS 0.75, 15 iterations: multi-layer K and flooding" \
    "$OUT"/float-k1.json "$OUT"/float-k2.json "$OUT"/float-k3.json "$OUT"/float-k4.json "$OUT"/float-k6.json \
    "$OUT"/flooding.json
  "$F" ber plot --plot docs/img/ldpc-fixed-loss.png \
    --title "wifi-1944-1/2, 15 iterations: fixed-point hardware model against float" \
    "$OUT"/float-k1.json "$OUT"/float-k2.json "$OUT"/hw.json "$OUT"/hw-plain.json "$OUT"/fixed-r7a8.json
  echo "plots: docs/img/ldpc-multilayer-fer.png docs/img/ldpc-fixed-loss.png" >&2
  fi
  if part spa; then
  "$F" ber plot --fer-only --plot docs/img/ldpc-multilayer-fer-spa.png \
    --title "wifi-1944-1/2, float sum-product, 15 iterations: multi-layer K and flooding" \
    "$OUT"/spa-k1.json "$OUT"/spa-k2.json "$OUT"/spa-k3.json "$OUT"/spa-k4.json "$OUT"/spa-k6.json \
    "$OUT"/spa-flooding.json
  echo "plot: docs/img/ldpc-multilayer-fer-spa.png" >&2
  fi
else
  echo "gnuplot not found: no plots (run the script again where it exists; the JSON files are reused)" >&2
fi
