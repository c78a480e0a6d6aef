#!/usr/bin/env bash
# Outputs that must not change under refactoring: every command of golden-commands.txt is run and
# its JSON, files and directories compared with cli/tests/golden/ after removing what legitimately
# changes (version, git hash, wall-clock times and rates).
#   golden.sh FECFORGE            compare (exit 1 naming the first differing output)
#   golden.sh FECFORGE --record   rewrite cli/tests/golden/ (only from a tree whose outputs are known good)
#   golden.sh FECFORGE --raw DIR  only run the commands, raw outputs into DIR (e.g. on a machine without jq)
#   golden.sh - --from-raw DIR [--record]   compare (or record) raw outputs made by --raw
# With --gpu first: the GPU commands (golden-gpu-commands.txt, reference golden-gpu/; exit 77 without
# a CUDA device).
set -u
F=$1
shift
case $F in /* | -) ;; *) F=$PWD/$F ;; esac
here=$(cd "$(dirname "$0")" && pwd)
list=$here/golden-commands.txt ref=$here/golden
if [ "${1:-}" = --gpu ]; then list=$here/golden-gpu-commands.txt ref=$here/golden-gpu; shift; fi
mode=${1:-check} raw=
case $mode in --raw|--from-raw) raw=$2; mode=$mode${3:+ $3} ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# JSON: drop the volatile keys wherever they are; other text: the git hash and version in headers.
JQ_VOLATILE='walk(if type == "object" then del(.version, .git, .elapsed_s, .frames_per_s, .seconds, .wall_s, .mbps_model) else . end)'
norm_json() { jq "$JQ_VOLATILE" "$1"; }
norm_json_lines() { jq -c "$JQ_VOLATILE" "$1"; }
norm_text() { sed -e 's/(git [0-9a-f]*\(-dirty\)\{0,1\})/(git HASH)/g' -e 's/"git": "[^"]*"/"git": "HASH"/g' \
                  -e 's/"version": "[^"]*"/"version": "V"/g' -e 's/fecforge gen [0-9.]* /fecforge gen V /g' \
                  -e 's/fecforge [0-9][0-9.]* (git/fecforge V (git/g' "$1"; }
# A primitive the generator copied from rtl/lib ("// Copied from rtl/lib/X.v by ...") is kept as its header
# line alone when the rest equals rtl/lib/X.v: the reference holds no second copy of rtl/lib, and a copy
# that differs is compared in full (and so fails).
norm_prim() {
    local lib
    lib=$(sed -n '1s|^// Copied from rtl/lib/\([A-Za-z0-9_]*\.v\) by .*|\1|p' "$1")
    if [ -n "$lib" ] && tail -n +2 "$1" | cmp -s - "$here/../../rtl/lib/$lib"; then head -1 "$1"; else cat "$1"; fi
}
norm() {
    case $1 in
    */.fecforge-output) sed -E 's/^file [0-9]+ [0-9a-f]{16} /file SIZE DIGEST /' "$1" ;; # the files hold the git hash
    *.json) norm_json "$1" 2>/dev/null || norm_text "$1" ;;
    *jsonl.file) norm_json_lines "$1" 2>/dev/null || norm_text "$1" ;; # a JSON-lines log: one object a line
    *.v) norm_prim "$1" >"$tmp/prim" && norm_text "$tmp/prim" ;;
    *) norm_text "$1" ;;
    esac | sed "s|$out/|OUT/|g"
}
out=$tmp/out
[ -n "$raw" ] && out=$(mkdir -p "$raw" && cd "$raw" && pwd)
mkdir -p "$out"
n=0 bad=0
if [ "$list" = "$here/golden-gpu-commands.txt" ] && [ "$F" != - ] && [ "$("$F" bench devices 2>/dev/null | head -1)" = 0 ]; then
    echo "golden: no CUDA device, GPU outputs not compared"; exit 77
fi
case $mode in --from-raw*) ;; *)
while IFS='|' read -r name args; do
    case $name in ''|'#'*) continue ;; esac
    n=$((n + 1))
    args=${args//OUTDIR/$out/$name.d}
    args=${args//OUTFILE/$out/$name.file}
    args=${args//OUTPREV/$out}   # an earlier command's output: OUTPREV/NAME.file
    # shellcheck disable=SC2086
    (cd "$tmp" && "$F" $args >"$out/$name.json" 2>"$out/$name.err")
    rc=$?
    # a run that exits 1 on purpose (a loss reported) is still compared; anything else fails
    if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then echo "golden: $name: exit $rc"; cat "$out/$name.err"; bad=1; continue; fi
    [ -s "$out/$name.json" ] || rm -f "$out/$name.json"
done <"$list"
;; esac
case $mode in --raw) echo "golden: $n commands run into $out"; exit $bad ;; esac
command -v jq >/dev/null || { echo "golden: jq not installed (Debian package jq)"; exit 77; }
# Normalised copies of everything produced.
mkdir -p "$tmp/norm"
(cd "$out" && find . -type f ! -name '*.err' | sort) | while read -r f; do
    mkdir -p "$tmp/norm/$(dirname "$f")"
    norm "$out/$f" >"$tmp/norm/$f"
done
if [ "$mode" = --record ] || [ "$mode" = "--from-raw --record" ]; then
    rm -rf "$ref"
    cp -r "$tmp/norm" "$ref"
    echo "golden record: $n commands, $(find "$ref" -type f | wc -l) files into $ref"
    exit $bad
fi
# The reference goes through the same normalisation: jq versions print numbers differently (jq 1.7 keeps
# 0.00002057613169 where 1.6 writes 2.057613169e-05), and the reference may come from another machine.
mkdir -p "$tmp/ref"
(cd "$ref" && find . -type f | sort) | while read -r f; do
    mkdir -p "$tmp/ref/$(dirname "$f")"
    norm "$ref/$f" >"$tmp/ref/$f"
done
if ! diff -r "$tmp/ref" "$tmp/norm" >"$tmp/diff"; then
    echo "golden: outputs differ from $ref:"
    diff -rq "$tmp/ref" "$tmp/norm" | sed -e "s|$tmp/norm|NEW|g" -e "s|$tmp/ref|$ref|g"
    head -60 "$tmp/diff"
    bad=1
fi
echo "golden: $n commands, $([ $bad -eq 0 ] && echo identical || echo DIFFERENT)"
exit $bad
