#!/usr/bin/env bash
# The checked-in reference configurations of rtl/generated/ (listed in rtl/generated/configs.list):
#   scripts/rtl-generated.sh FECFORGE            regenerate each into a temporary directory and
#                                                compare with the checked-in files (exit 1 on any
#                                                difference other than the git hash of the source)
#   scripts/rtl-generated.sh FECFORGE --update   rewrite the checked-in files (from a clean tree only:
#                                                scripts/require-clean.sh)
#   scripts/rtl-generated.sh FECFORGE --lint     lint every checked-in configuration: verilator
#                                                --lint-only -Wall (no waivers), and iverilog -g2005 of
#                                                it under its testbench tb_<top>.v (Verilator
#                                                lints the testbenches of small designs in the tests
#                                                rtl_testbench_*: here it would double the time)
set -u
F=$1
mode=${2:-check}
root=$(cd "$(dirname "$0")/.." && pwd)
gen=$root/rtl/generated
[ "$mode" = --update ] && { "$root/scripts/require-clean.sh" "$F" || exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The generator's git hash changes with every commit while the RTL does not.
nohash() { sed -e 's/(git [0-9a-f]*\(-dirty\)\{0,1\})/(git HASH)/' -e 's/"git": "[^"]*"/"git": "HASH"/' "$1"; }
bad=0 n=0
while IFS='|' read -r dir args; do
    case $dir in ''|'#'*) continue ;; esac
    dir=${dir%"${dir##*[![:space:]]}"} # trailing blanks
    dir=${dir#"${dir%%[![:space:]]*}"} # leading blanks
    n=$((n + 1))
    case $mode in
    --lint)
        top=$(sed -n 's/.*"top": "\([^"]*\)".*/\1/p' "$gen/$dir/manifest.json")
        out=$(cd "$gen/$dir" && verilator --lint-only -Wall -f files.f --top-module "$top" 2>&1)
        if [ $? -ne 0 ] || [ -n "$out" ]; then echo "rtl-generated: verilator lint $dir:"; echo "$out"; bad=1; fi
        # Icarus elaborates the design under its testbench (tb_<top> instantiates <top>): one compile
        # lints both.
        out=$(cd "$gen/$dir" && iverilog -g2005 -Wall -c files.f -s "tb_$top" -o "$tmp/$dir.tb.vvp" "tb_$top.v" 2>&1)
        if [ $? -ne 0 ] || [ -n "$out" ]; then echo "rtl-generated: iverilog $dir (under tb_$top.v):"; echo "$out"; bad=1; fi
        ;;
    --update)
        # shellcheck disable=SC2086
        "$F" gen $args -o "$gen/$dir" >/dev/null || bad=1
        ;;
    *)
        # shellcheck disable=SC2086
        if ! "$F" gen $args -o "$tmp/$dir" >/dev/null; then echo "rtl-generated: gen $args failed"; bad=1; continue; fi
        if ! diff -rq "$tmp/$dir" "$gen/$dir" >/dev/null 2>&1 && [ "$(ls "$tmp/$dir")" != "$(ls "$gen/$dir")" ]; then
            echo "rtl-generated: $dir: file lists differ:"; diff <(ls "$tmp/$dir") <(ls "$gen/$dir"); bad=1; continue
        fi
        for f in "$tmp/$dir"/*; do
            b=$(basename "$f")
            if ! diff -q <(nohash "$f") <(nohash "$gen/$dir/$b") >/dev/null; then
                echo "rtl-generated: $dir/$b differs from a fresh 'fecforge gen $args':"
                diff <(nohash "$gen/$dir/$b") <(nohash "$f") | head -20
                bad=1
            fi
        done
        ;;
    esac
done <"$gen/configs.list"
[ "$n" -gt 0 ] || { echo "rtl-generated: no configurations in $gen/configs.list"; exit 1; }
echo "rtl-generated ${mode#--}: $n configurations, $([ $bad -eq 0 ] && echo ok || echo FAILED)"
exit $bad
