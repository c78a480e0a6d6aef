#!/usr/bin/env bash
# Thesis Fig. 4.16 and the cost of the parallelism P (docs/turbo-fig-4-16.md), seed 1, 5.5 iterations,
# rate 1/3, BPSK/AWGN:
#  (f) HSPA+ K=5114 (P = 8) and LTE K=6144 (P = 16): the fixed-point model (--fixed, NII on), float
#      max-log-MAP with scaling 0.75 at the same P and NII, and float log-MAP P = 1 as the reference;
#      Eb/N0 0 to 0.5 dB in 0.1 dB steps, then 0.05 dB steps to 0.9 dB (log-MAP: to 0.7 dB); 50 frame
#      errors per point (log-MAP: 30), capped at 10,000 / 20,000 / 3,000 frames a point.
#  (p) LTE K=6144, fixed-point model, P = 1, 8, 16, 32, 64 with NII on and off (P = 1 has no
#      boundaries: one run), 1,000 frames at each of 0.6, 0.7 and 0.8 dB.
# Every result is a JSON file in OUT; a run whose JSON exists is skipped, so the script resumes. Then
# it prints the markdown tables of the doc and draws docs/img/turbo-fig416-{umts,lte}.png and
# docs/img/turbo-parallel-nii.png. Counts do not depend on THREADS. About 40 CPU-minutes in all
# (fixed model ~110 frames/s per core at K=6144, float max-log ~600, log-MAP ~35).
# Needs jq for the tables and gnuplot for the plots.
# Usage: scripts/turbo-fig416.sh [path/to/fecforge] [OUT (default out/turbo-fig416)] [THREADS (default 2)]
#          [PARTS (default "fig par")]
set -euo pipefail
F=${1:-build/cli/fecforge}
OUT=${2:-out/turbo-fig416}
T=${3:-2}
PARTS=${4:-fig par}
cd "$(dirname "$0")/.."
mkdir -p "$OUT"
common=(--iter 5.5 --seed 1 --threads "$T" --json)
part() { case " $PARTS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# run NAME LABEL ARGS...: one curve into $OUT/NAME.json (skipped when it exists).
run() {
  local name=$1 label=$2; shift 2
  if [ -s "$OUT/$name.json" ]; then echo "have $OUT/$name.json" >&2; return; fi
  echo "running $name: $F ber turbo ${common[*]} --label '$label' $*" >&2
  nice -n 10 "$F" ber turbo "${common[@]}" --label "$label" "$@" > "$OUT/$name.json.part"
  mv "$OUT/$name.json.part" "$OUT/$name.json"
}

if part fig; then
grid=0:0.1:0.5,0.55:0.05:0.9 # 0.05 dB steps through the waterfall
for s in "umts 5114 8 HSPA+" "lte 6144 16 LTE"; do
  read -r std K P name <<< "$s"
  code=(--std "$std" --K "$K")
  run "$std-fixed" "$name fixed P=$P NII" "${code[@]}" --fixed --parallel "$P" --nii on \
    --ebn0 "$grid" --min-fe 50 --max-frames 10000
  run "$std-maxlog" "$name float max-log 0.75 P=$P NII" "${code[@]}" --alg maxlog --scale 0.75 --parallel "$P" \
    --nii on --ebn0 "$grid" --min-fe 50 --max-frames 20000
  run "$std-log" "$name float log-MAP P=1" "${code[@]}" --alg log --parallel 1 \
    --ebn0 0:0.1:0.5,0.55:0.05:0.7 --min-fe 30 --max-frames 3000
done
fi

if part par; then
par=(--std lte --K 6144 --fixed --ebn0 0.6:0.1:0.8 --min-fe 2147483647 --max-frames 1000)
run par-p1 "P=1" "${par[@]}" --parallel 1
for P in 8 16 32 64; do
  run "par-p$P-nii" "P=$P NII" "${par[@]}" --parallel "$P" --nii on
  run "par-p$P-nonii" "P=$P no NII" "${par[@]}" --parallel "$P" --nii off
done
fi

command -v jq >/dev/null || { echo "turbo-fig416.sh: no jq (apt-get install jq): no tables, no plots" >&2; exit 0; }
# at NAME KEY TARGET: Eb/N0 where KEY (ber or fer) first falls to TARGET, interpolated in log10
# between the bracketing points; empty when the curve does not reach it.
at() {
  jq -r --arg k "$2" --argjson t "$3" '[.points[] | {x: .ebn0, y: .[$k]}] as $p
    | [range(1; $p | length) | select($p[. - 1].y > $t and $p[.].y <= $t and $p[.].y > 0)] | first // empty
    | ($p[. - 1]) as $a | ($p[.]) as $b
    | $a.x + ($b.x - $a.x) * ((($t | log10) - ($a.y | log10)) / (($b.y | log10) - ($a.y | log10)))' "$OUT/$1.json"
}
# e3: a number with 3 significant digits (1.23e-4).
e3='def e3: if . <= 0 then "0" else (log10 | floor) as $x | ((. / pow(10; $x) * 100 | round) / 100 | tostring)
  + (if $x == 0 then "" else "e\($x)" end) end; '
cell() { [ -n "$1" ] && printf '%.3f' "$1" || printf 'n/a'; }
loss() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.3f", a - b }' || printf 'n/a'; }
if part fig; then
  echo "(f) Eb/N0 at BER 1e-4 / 1e-5 and FER 1e-2, loss of fixed to float max-log (same P, NII) and to log-MAP P=1:"
  echo "| curve | BER 1e-4 | fixed loss | BER 1e-5 | fixed loss | FER 1e-2 | fixed loss | points, frames |"
  echo "|---|---|---|---|---|---|---|---|"
  for std in umts lte; do
    for c in fixed maxlog log; do
      row="| $(jq -r .label "$OUT/$std-$c.json") |"
      for kt in "ber 1e-4" "ber 1e-5" "fer 1e-2"; do
        e=$(at "$std-$c" $kt)
        if [ "$c" = fixed ]; then
          row="$row $(cell "$e") | $(loss "$e" "$(at "$std-maxlog" $kt)") / $(loss "$e" "$(at "$std-log" $kt)") |"
        else
          row="$row $(cell "$e") | |"
        fi
      done
      echo "$row $(jq -r '"\(.points | length), \([.points[].frames] | add)"' "$OUT/$std-$c.json") |"
    done
  done
  echo
  echo "(f) points: Eb/N0, frames, frame errors, bit errors, BER"
  for std in umts lte; do
    for c in fixed maxlog log; do
      jq -r "$e3"'"\(.label): " + ([.points[] | "\(.ebn0) \(.frames)/\(.frame_errors)/\(.bit_errors)/\(.ber | e3)"] | join(", "))' \
        "$OUT/$std-$c.json"
    done
  done
  echo
fi
if part par; then
  echo "(p) LTE K=6144 fixed, 1,000 frames a point: frame errors (FER) / BER at 0.6, 0.7, 0.8 dB:"
  echo "| P | NII | 0.6 dB: FE (FER) | BER | 0.7 dB: FE (FER) | BER | 0.8 dB: FE (FER) | BER |"
  echo "|---|---|---|---|---|---|---|---|"
  for n in par-p1 par-p8-nii par-p8-nonii par-p16-nii par-p16-nonii par-p32-nii par-p32-nonii par-p64-nii par-p64-nonii; do
    jq -r "$e3"'"| \(.decoder.parallel) | \(if .decoder.parallel == 1 then "-" elif .decoder.nii then "on" else "off" end) | "
      + ([.points[] | "\(.frame_errors) (\(.fer)) | \(.ber | e3)"] | join(" | ")) + " |"' "$OUT/$n.json"
  done
  echo
  echo "(p) Eb/N0 at FER 1e-1 / 5e-2 / 1e-2 (interpolated; n/a: not reached by 0.8 dB) and the cost against P=1, NII on:"
  echo "| P | FER 1e-1 | cost | FER 5e-2 | cost | FER 1e-2 | cost |"
  echo "|---|---|---|---|---|---|---|"
  for n in par-p1 par-p8-nii par-p16-nii par-p32-nii par-p64-nii; do
    row="| $(jq -r .decoder.parallel "$OUT/$n.json") |"
    for t in 1e-1 5e-2 1e-2; do
      e=$(at "$n" fer $t)
      row="$row $(cell "$e") | $(loss "$e" "$(at par-p1 fer $t)") |"
    done
    echo "$row"
  done
  echo
fi

if command -v gnuplot >/dev/null; then
  mkdir -p docs/img
  if part fig; then
    "$F" ber plot --plot docs/img/turbo-fig416-umts.png \
      --title "Fig. 4.16, HSPA+ K=5114: rate 1/3, BPSK/AWGN, 5.5 iterations" \
      "$OUT"/umts-fixed.json "$OUT"/umts-maxlog.json "$OUT"/umts-log.json
    "$F" ber plot --plot docs/img/turbo-fig416-lte.png \
      --title "Fig. 4.16, LTE K=6144: rate 1/3, BPSK/AWGN, 5.5 iterations" \
      "$OUT"/lte-fixed.json "$OUT"/lte-maxlog.json "$OUT"/lte-log.json
    echo "plots: docs/img/turbo-fig416-umts.png docs/img/turbo-fig416-lte.png" >&2
  fi
  if part par; then
    "$F" ber plot --plot docs/img/turbo-parallel-nii.png \
      --title "LTE K=6144, fixed-point model, 5.5 iterations, 1,000 frames a point: P with and without NII" \
      "$OUT"/par-p1.json "$OUT"/par-p8-nii.json "$OUT"/par-p8-nonii.json "$OUT"/par-p16-nii.json \
      "$OUT"/par-p16-nonii.json "$OUT"/par-p32-nii.json "$OUT"/par-p32-nonii.json "$OUT"/par-p64-nii.json \
      "$OUT"/par-p64-nonii.json
    echo "plot: docs/img/turbo-parallel-nii.png" >&2
  fi
else
  echo "gnuplot not found: no plots (run the script again where it exists; the JSON files are reused)" >&2
fi
