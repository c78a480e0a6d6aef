#!/usr/bin/env bash
# The golden outputs: every entry of cli/tests/golden.list ("KIND NAME | ARGS") is run and its outputs
# compared with the reference after removing what legitimately changes (version, git hash, wall-clock
# times and rates). One list and one check for the recorded outputs (kinds golden, gpu) and for the
# outputs checked in for users (rtl: rtl/generated/NAME, vectors: vectors/NAME). docs/architecture.md
# "Golden outputs".
#   golden.sh FECFORGE [KIND...]            compare (default kinds: golden rtl vectors; exit 1 naming
#                                           every differing output)
#   golden.sh FECFORGE [KIND...] --record   golden, gpu: rewrite cli/tests/golden[-gpu]/ (only from a tree
#                                           whose outputs are known good); rtl, vectors: rewrite the
#                                           checked-in directories (from a clean tree only: each names
#                                           the commit that wrote it; scripts/require-clean.sh)
#   golden.sh FECFORGE [KIND...] --raw DIR  only run the commands, raw outputs into DIR/KIND/ (e.g. on a
#                                           machine without jq, or with the GPU)
#   golden.sh - [KIND...] --from-raw DIR [--record]   compare (or record: golden, gpu) outputs made by --raw
#   golden.sh FECFORGE --lint               lint the rtl designs: verilator --lint-only -Wall (no waivers),
#                                           and iverilog -g2005 of each under its testbench tb_<top>.v
# KIND gpu needs a CUDA device (exit 77 without one).
set -u
F=${1:?usage: golden.sh FECFORGE [golden|gpu|rtl|vectors ...] [--record | --raw DIR | --from-raw DIR | --lint]}
shift
case $F in /* | -) ;; *) F=$PWD/$F ;; esac
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
list=$here/golden.list
kinds=() mode=check record=0 raw=
while [ $# -gt 0 ]; do
    case $1 in
    golden | gpu | rtl | vectors) kinds+=("$1") ;;
    --record) record=1 ;;
    --raw | --from-raw) mode=${1#--} raw=${2:?$1 needs a directory}; shift ;;
    --lint) mode=lint ;;
    *) echo "golden: unknown argument '$1' (kinds: golden, gpu, rtl, vectors)" >&2; exit 2 ;;
    esac
    shift
done
[ ${#kinds[@]} -gt 0 ] || { [ $mode = lint ] && kinds=(rtl) || kinds=(golden rtl vectors); }
wanted() { case " ${kinds[*]} " in *" $1 "*) return 0 ;; esac; return 1; }
ref_of() {
    case $1 in golden) echo "$here/golden" ;; gpu) echo "$here/golden-gpu" ;; rtl) echo "$root/rtl/generated" ;;
    vectors) echo "$root/vectors" ;; esac
}
# The entries of the wanted kinds, as "KIND<TAB>NAME<TAB>ARGS".
entries() {
    local kind name args
    while IFS='|' read -r name args; do
        case $name in '' | '#'*) continue ;; esac
        read -r kind name <<<"$name"
        args=${args# }
        wanted "$kind" && printf '%s\t%s\t%s\n' "$kind" "$name" "$args"
    done <"$list"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ $mode = lint ]; then
    bad=0 n=0
    while IFS=$'\t' read -r kind name args; do
        [ "$kind" = rtl ] || continue
        n=$((n + 1))
        d=$root/rtl/generated/$name
        top=$(sed -n 's/.*"top": "\([^"]*\)".*/\1/p' "$d/manifest.json")
        out=$(cd "$d" && verilator --lint-only -Wall -f files.f --top-module "$top" 2>&1)
        if [ $? -ne 0 ] || [ -n "$out" ]; then echo "golden: verilator lint $name:"; echo "$out"; bad=1; fi
        # Icarus elaborates the design under its testbench (tb_<top> instantiates <top>): one compile lints
        # both (Verilator lints the testbenches of small designs in the tests rtl_testbench_*).
        out=$(cd "$d" && iverilog -g2005 -Wall -c files.f -s "tb_$top" -o "$tmp/$name.vvp" "tb_$top.v" 2>&1)
        if [ $? -ne 0 ] || [ -n "$out" ]; then echo "golden: iverilog $name (under tb_$top.v):"; echo "$out"; bad=1; fi
    done < <(entries)
    echo "golden lint: $n designs, $([ $bad -eq 0 ] && echo clean || echo FINDINGS)"
    exit $bad
fi

if wanted gpu && [ "$F" != - ] && [ "$("$F" bench devices 2>/dev/null | head -1)" = 0 ]; then
    echo "golden: no CUDA device, GPU outputs not compared"; exit 77
fi
# The checked-in kinds are recorded raw, by their own commands into their own directories.
if [ $record = 1 ] && { wanted rtl || wanted vectors; }; then
    [ $mode = check ] || { echo "golden: rtl and vectors are recorded by running them (not with --raw/--from-raw)" >&2; exit 2; }
    "$root/scripts/require-clean.sh" "$F" || exit 1
fi

# JSON: drop the volatile keys wherever they are; other text: the git hash and version in headers.
JQ_VOLATILE='walk(if type == "object" then del(.version, .git, .elapsed_s, .frames_per_s, .seconds, .wall_s, .mbps_model) else . end)'
norm_json() { jq "$JQ_VOLATILE" "$1"; }
norm_json_lines() { jq -c "$JQ_VOLATILE" "$1"; }
norm_text() { sed -e 's/(git [0-9a-f]*\(-dirty\)\{0,1\})/(git HASH)/g' -e 's/"git": "[^"]*"/"git": "HASH"/g' \
                  -e 's/"version": "[^"]*"/"version": "V"/g' -e 's/fecforge gen [0-9.]* /fecforge gen V /g' \
                  -e 's/fecforge [0-9][0-9.]* (git/fecforge V (git/g' "$1"; }
# A primitive the generator copied from rtl/lib ("// Copied from rtl/lib/X.v by ...") is kept as its header
# line alone when the rest equals rtl/lib/X.v: no reference holds a second copy of rtl/lib, and a copy
# that differs is compared in full (and so fails).
norm_prim() {
    local lib
    lib=$(sed -n '1s|^// Copied from rtl/lib/\([A-Za-z0-9_]*\.v\) by .*|\1|p' "$1")
    if [ -n "$lib" ] && tail -n +2 "$1" | cmp -s - "$root/rtl/lib/$lib"; then head -1 "$1"; else cat "$1"; fi
}
norm() {
    case $1 in
    */.fecforge-output) sed -E 's/^file [0-9]+ [0-9a-f]{16} /file SIZE DIGEST /' "$1" ;; # the files hold the git hash
    *.json) norm_json "$1" 2>/dev/null || norm_text "$1" ;;
    *jsonl.file) norm_json_lines "$1" 2>/dev/null || norm_text "$1" ;; # a JSON-lines log: one object a line
    *.v) norm_prim "$1" >"$tmp/prim" && norm_text "$tmp/prim" ;;
    *) norm_text "$1" ;;
    esac | sed "s|$out/[a-z]*/|OUT/|g"
}
# norm_tree SRC DST: normalised copies of every file under SRC
norm_tree() {
    (cd "$1" && find . -type f ! -name '*.err' | sort) | while read -r f; do
        mkdir -p "$2/$(dirname "$f")"
        norm "$1/$f" >"$2/$f"
    done
}
out=$tmp/out
[ -n "$raw" ] && out=$(mkdir -p "$raw" && cd "$raw" && pwd)
n=0 bad=0
if [ $mode != from-raw ]; then
    while IFS=$'\t' read -r kind name args; do
        n=$((n + 1))
        o=$out/$kind
        mkdir -p "$o"
        d=$o/$name.d
        case $kind in rtl | vectors) [ $record = 1 ] && d=$(ref_of "$kind")/$name ;; esac
        args=${args//OUTDIR/$d}
        args=${args//OUTFILE/$o/$name.file}
        args=${args//OUTPREV/$o} # an earlier command's output: OUTPREV/NAME.file
        # shellcheck disable=SC2086
        (cd "$tmp" && "$F" $args >"$o/$name.json" 2>"$o/$name.err")
        rc=$?
        # a run that exits 1 on purpose (a loss reported) is still compared; anything else fails
        if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then echo "golden: $kind $name: exit $rc"; cat "$o/$name.err"; bad=1; continue; fi
        # the checked-in kinds are their directories alone
        case $kind in rtl | vectors) rm -f "$o/$name.json" ;; *) [ -s "$o/$name.json" ] || rm -f "$o/$name.json" ;; esac
    done < <(entries)
fi
[ $mode = from-raw ] && n=$(entries | wc -l)
case $mode in raw) echo "golden: $n commands run into $out"; exit $bad ;; esac
if [ $record = 1 ] && { wanted rtl || wanted vectors; }; then
    echo "golden record: $n commands, the checked-in outputs rewritten (commit them)"
    wanted golden || wanted gpu || exit $bad
fi
command -v jq >/dev/null || { echo "golden: jq not installed (Debian package jq)"; exit 77; }
for kind in "${kinds[@]}"; do
    [ -d "$out/$kind" ] || continue
    ref=$(ref_of "$kind")
    norm_tree "$out/$kind" "$tmp/norm/$kind"
    case $kind in
    golden | gpu)
        if [ $record = 1 ]; then
            rm -rf "$ref" && cp -r "$tmp/norm/$kind" "$ref"
            echo "golden record: $kind, $(find "$ref" -type f | wc -l) files into $ref"
            continue
        fi
        # The reference goes through the same normalisation: jq versions print numbers differently (jq
        # 1.7 keeps 0.00002057613169 where 1.6 writes 2.057613169e-05), and it may come from another machine.
        norm_tree "$ref" "$tmp/ref/$kind"
        ;;
    rtl | vectors)
        [ $record = 1 ] && continue
        for d in "$out/$kind"/*.d; do
            name=$(basename "$d" .d)
            if [ -d "$ref/$name" ]; then norm_tree "$ref/$name" "$tmp/ref/$kind/$name.d"; else mkdir -p "$tmp/ref/$kind/$name.d"; fi
        done
        ;;
    esac
    if ! diff -r "$tmp/ref/$kind" "$tmp/norm/$kind" >"$tmp/diff"; then
        echo "golden: $kind outputs differ from $ref:"
        diff -rq "$tmp/ref/$kind" "$tmp/norm/$kind" | sed -e "s|$tmp/norm/$kind|NEW|g" -e "s|$tmp/ref/$kind|REF|g"
        head -60 "$tmp/diff"
        bad=1
    fi
done
[ $record = 1 ] && exit $bad
echo "golden: $n commands ($(printf '%s ' "${kinds[@]}")), $([ $bad -eq 0 ] && echo identical || echo DIFFERENT)"
exit $bad
