#!/usr/bin/env bash
# Regenerates every plot under docs/img/ with the given fecforge binary (build from a clean tree
# so the plots carry a clean git hash). Usage: scripts/docs-images.sh [build/cli/fecforge]
set -euo pipefail
F=${1:-build/cli/fecforge}
cd "$(dirname "$0")/.."
img=docs/img
mkdir -p $img
"$F" conflicts --std umts --K all --pllr 4,8,16,32,64 --plot $img/conflicts-mcr-umts.png >/dev/null
"$F" conflicts --std lte --K all --pllr 4,8,16,32,64 --plot $img/conflicts-mcr-lte.png >/dev/null
"$F" conflicts --std umts --K 5114 --pllr 16,32 --plot $img/conflicts-nway-k5114.png >/dev/null
"$F" dbcf --sweep --pllr 32 --K 5114 --mapping xmap-xor --plot $img/dbcf-sweep-p32-k5114.png >/dev/null
"$F" dbcf --sweep --pllr 16 --K 5114 --mapping xmap-xor --plot $img/dbcf-sweep-p16-k5114.png >/dev/null
ls $img
