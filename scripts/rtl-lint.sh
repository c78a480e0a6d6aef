#!/bin/sh
# Lint every hand-written primitive: `verilator --lint-only -Wall` with the file's module as top
# (file name = module name) and `iverilog -g2005`. No waivers: any warning or error fails.
# Usage: scripts/rtl-lint.sh [DIR]   (default: rtl/lib next to this script). Exit 0 clean, 1 on
# any finding, 77 (ctest: skipped) when verilator or iverilog is not installed.
set -u
dir=${1:-$(dirname "$0")/../rtl/lib}
for tool in verilator iverilog; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "rtl-lint: $tool not found (Debian package: $tool); skipped" >&2
        exit 77
    fi
done
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
for f in "$dir"/*.v; do
    [ -e "$f" ] || { echo "rtl-lint: no .v files in $dir" >&2; exit 1; }
    top=$(basename "$f" .v)
    n=$((n + 1))
    # Any output counts: both tools print nothing for a clean file.
    out=$(verilator --lint-only -Wall --top-module "$top" -I"$dir" "$f" 2>&1)
    if [ $? -ne 0 ] || [ -n "$out" ]; then
        printf 'rtl-lint: verilator %s:\n%s\n' "$f" "$out"
        bad=$((bad + 1))
    fi
    out=$(iverilog -g2005 -Wall -s "$top" -o "$tmp/$top.vvp" -y "$dir" "$f" 2>&1)
    if [ $? -ne 0 ] || [ -n "$out" ]; then
        printf 'rtl-lint: iverilog %s:\n%s\n' "$f" "$out"
        bad=$((bad + 1))
    fi
done
echo "rtl-lint: $n files in $dir, $bad findings"
[ "$bad" -eq 0 ]
