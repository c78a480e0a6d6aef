#!/usr/bin/env bash
# Every example the user is shown runs: the `fecforge ...` lines of README.md and docs/*.md (fenced
# blocks marked sh or unmarked; continuation lines joined) and of every "example(s):" section of the
# --help texts. Each runs in a scratch directory (one per document, so an example may use a file an
# earlier one wrote) for at most EXAMPLE_TIMEOUT seconds (default 3): one that finishes must exit 0;
# one still running then was accepted and stopped (long studies; the point is the command line: a bad
# one fails in milliseconds), as is one that needs a missing CUDA device; an example that names a file
# a stopped one would have written is skipped. Synopsis lines (with [, |, ..., < or a $VARIABLE) are
# skipped. $1 = fecforge; $2 (optional) = only examples containing this text.
set -u
F=$1
only=${2-}
case $F in /*) ;; *) F=$PWD/$F ;; esac
here=$(cd "$(dirname "$0")/../.." && pwd)
limit=${EXAMPLE_TIMEOUT:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export FG_PROGRESS=0 LC_ALL=C

# source<TAB>command lines
python3 - "$here" >"$tmp/docs.list" <<'PY'
import sys, os, glob
root = sys.argv[1]
files = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
for path in files:
    lines = open(path).read().split("\n")
    fence, tag, i = False, None, 0
    while i < len(lines):
        l = lines[i]
        if l.startswith("```"):
            fence, tag = (not fence), l[3:].strip()
            i += 1
            continue
        s = l.strip()
        if fence and tag in ("sh", "") and (s.startswith("fecforge ") or s.startswith("$ fecforge ")):
            start = i
            s = s[2:] if s.startswith("$ ") else s
            while s.endswith("\\") and i + 1 < len(lines):
                i += 1
                s = s[:-1].rstrip() + " " + lines[i].strip()
            print(f"{os.path.relpath(path, root)}:{start + 1}\t{s}")
        i += 1
PY
# the --help examples of every subcommand (in their order: one may use the file of the one before) and of its families / designs / modes
"$F" --help | awk '/^subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }' >"$tmp/cmds"
while read -r cmd; do
  for w in "" ldpc turbo turbo-fixed dbcf iag subsystem xmap viterbi vectors check plot devices; do
    # shellcheck disable=SC2086
    "$F" $cmd $w --help 2>/dev/null |
      awk -v src="help: $cmd${w:+ $w}" '/^examples?:/ { on = 1; next } on && /^ *fecforge / { sub(/^ */, ""); print src "\t" $0; next } on && !/^ *$/ { on = 0 }'
  done
done <"$tmp/cmds" | awk -F '\t' '!seen[$2]++' >"$tmp/help.list"

# The outputs an example names (-o FILE, --plot FILE, ...) marked as never written: examples that read
# them are skipped. $1 = its directory, $2 = the example.
stopped_outputs() {
  local prev= w
  mkdir -p "$1/.stopped"
  for w in $2; do
    case $prev in -o | --out | --plot | --ref | --csv | --trace | --keep | --work | --export-*)
      touch "$1/.stopped/$(basename -- "$w")" ;; esac
    prev=$w
  done
}

n=0 ran=0 long=0 nodev=0 skipped=0 fail=0
while IFS=$'\t' read -r src cmd; do
  [ -n "$only" ] && [[ $cmd != *"$only"* ]] && continue
  n=$((n + 1))
  case $cmd in *'['* | *'|'* | *'...'* | *'<'* | *'$'*) skipped=$((skipped + 1)); continue ;; esac
  dir=$tmp/run/${src%%:*}
  mkdir -p "$dir"
  # an example that reads what a stopped one would have written cannot be checked here
  dep=
  # (a file it names, or one inside a directory it names: -o DIR, then DIR/manifest.json)
  for w in $cmd; do
    [ -e "$dir/.stopped/$(basename -- "$w")" ] || [ -e "$dir/.stopped/$(basename -- "${w%%/*}")" ] && dep=$w
  done
  if [ -n "$dep" ]; then
    skipped=$((skipped + 1))
    stopped_outputs "$dir" "$cmd" # and what reads them in turn
    continue
  fi
  find "$dir" -type f -printf '%P %T@ %s\n' | sort >"$tmp/before"
  # shellcheck disable=SC2086 # the example is split like a shell would (no quoting in examples)
  (cd "$dir" && eval "timeout -s TERM $limit $F ${cmd#fecforge }" >"$tmp/out" 2>"$tmp/err" </dev/null)
  rc=$?
  ran=$((ran + 1))
  if [ $rc -eq 124 ] || [ $rc -eq 143 ]; then
    long=$((long + 1))
    # what it wrote so far, and the outputs it names (written only at its end)
    find "$dir" -type f -printf '%P %T@ %s\n' | sort | comm -13 "$tmp/before" - |
      while read -r w _; do mkdir -p "$dir/.stopped"; touch "$dir/.stopped/$(basename -- "$w")"; done
    stopped_outputs "$dir" "$cmd"
  elif [ $rc -ne 0 ] && grep -q "no CUDA device" "$tmp/err"; then
    nodev=$((nodev + 1))
  elif [ $rc -ne 0 ]; then
    echo "FAIL $src: exit $rc: $cmd"
    head -3 "$tmp/err"
    fail=$((fail + 1))
  fi
done < <(cat "$tmp/docs.list" "$tmp/help.list")
echo "examples: $n found, $ran run ($long stopped after ${limit} s, $nodev need a CUDA device), $skipped synopsis" \
  "lines skipped, $fail failed"
[ $fail -eq 0 ]
