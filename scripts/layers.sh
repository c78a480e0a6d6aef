#!/usr/bin/env bash
# The layers (docs/architecture.md): cli/, gen/, gpu/ and testbench/ depend on cmodel/, and cmodel/
# depends on nothing of ours. Exit 1, naming file and line, when a file under cmodel/ includes a header
# of cli/, gen/, gpu/ or testbench/ (a header whose path, as included, ends a path of theirs), or a CMake
# file under cmodel/ names one of their directories or targets; 0 otherwise.
#   scripts/layers.sh [ROOT]     (ctest layers, label unit)
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2
[ -d cmodel ] && [ -d cli ] || { echo "layers: $root is no fecforge tree" >&2; exit 2; }
# the included path of every #include of cmodel/ against every header path of the upper layers
bad=$(
    { find cli gen gpu testbench -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.cuh' \) | sed 's/^/U /'
      grep -rn --include='*.c' --include='*.h' --include='*.cpp' --include='*.cu' --include='*.cuh' \
          -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<][^">]+[">]' cmodel | sed 's/^/I /'; } |
    awk '$1 == "U" { n = split($2, p, "/"); s = p[n]; h[s] = $2
                     for (i = n - 1; i >= 1; i--) { s = p[i] "/" s; h[s] = $2 }; next }
         { split(substr($0, 3), at, ":"); inc = $0; sub(/^[^"<]*["<]/, "", inc); sub(/[">].*$/, "", inc)
           if (inc in h) print "layers: " at[1] ":" at[2] " includes " inc " (" h[inc] ")" }'
    grep -rn -E '(/|\$\{CMAKE_SOURCE_DIR\}/)(cli|gen|gpu|testbench)/|fecforge_(cli|gen|gpu)|fecforge_toy' \
        --include=CMakeLists.txt --include='*.cmake' cmodel | grep -v -E '^[^:]*:[0-9]+:[[:space:]]*#' |
        sed 's/^/layers: a CMake file of cmodel names an upper layer: /'
)
if [ -n "$bad" ]; then
    echo "$bad"
    echo "layers: cmodel/ must depend on nothing of cli/, gen/, gpu/, testbench/ (docs/architecture.md)"
    exit 1
fi
echo "layers: cmodel/ depends on nothing of ours"
