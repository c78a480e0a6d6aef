#!/usr/bin/env bash
# Replays the bad inputs of cli/tests/bad_inputs.txt (format in its header) and asserts how each one
# must fail: exit status exactly 2 (a signal or the 30 s timeout reported as such), stderr naming the
# option or file (NAMED), nothing on stdout, nothing left behind in the case's temporary directory or
# next to it, the bad files unchanged, no *.tmp* / *.old-* anywhere.
#
#   bash cli/tests/bad_inputs.sh FECFORGE [PATTERN]
#
# PATTERN (grep): only the cases whose ARGS match it. BAD_INPUTS_JOBS=N: parallel workers (default:
# twice the online CPUs). One line per failing case, then "bad inputs: N cases, M failed";
# exit 1 if any failed.
#
# Each case runs in a fresh empty directory T (@TMP@: its working directory and $TMPDIR, with stdin
# from /dev/null) inside a directory that holds nothing but T, so `-o ..` names a directory that is
# not fecforge's. @DATA@ is each worker's private copy of cli/tests/bad-inputs/: some of these inputs
# ask fecforge to replace a directory it did not write, and a fecforge that wrongly does so must not
# damage the source tree. The copy is compared (names, types, sizes, modes, mtimes) before and after
# every case that names @DATA@, and restored when a case changed it; the source directory itself is
# compared before and after the whole run. verilator and yosys are stubs (first on PATH, and
# FG_YOSYS) that record the call and fail at once: a bad input must be refused before any of that
# work, and a check that is missing then shows up in milliseconds instead of a build of minutes.
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: bash $0 FECFORGE [PATTERN]" >&2
  exit 2
fi
F=$1
pattern=${2-}
case $F in /*) ;; *) F=$PWD/$F ;; esac
if [ ! -x "$F" ]; then
  echo "bad_inputs.sh: $F is not an executable" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
list=$here/bad_inputs.txt
src_data=$here/bad-inputs
timeout_s=30
export LC_ALL=C
unset FG_PROGRESS

root=$(mktemp -d "${TMPDIR:-/tmp}/fg-bad-inputs.XXXXXX") || exit 2
trap 'chmod -R u+rwx "$root" 2>/dev/null; rm -rf "$root"' EXIT

# The expensive tools, stubbed: each call is appended to $FG_BAD_INPUTS_RAN (one file per worker).
mkdir "$root/bin"
for tool in verilator yosys; do
  # shellcheck disable=SC2016 # the stub expands $FG_BAD_INPUTS_RAN when it runs
  printf '#!/bin/sh
echo %s >>"${FG_BAD_INPUTS_RAN:-/dev/null}"
echo "bad_inputs.sh: stub %s: not run for a bad input" >&2
exit 1
' \
    "$tool" "$tool" >"$root/bin/$tool"
  chmod +x "$root/bin/$tool"
done
export PATH="$root/bin:$PATH" FG_YOSYS="$root/bin/yosys"

# listing DIR: one line per entry below DIR (path, type, size, mode, mtime), sorted.
listing() { (cd "$1" && find . -printf '%p %y %s %m %T@\n' | LC_ALL=C sort); }
# quick_listing DIR: the same unsorted, in one process (directory order is stable while nothing changes).
quick_listing() { find "$1" -printf '%p %y %s %m %T@\n'; }

# The cases: line number, NAMED and ARGS of every line that is not a comment or blank.
declare -a LN NAMED ARGS
n=0
while IFS= read -r line || [ -n "$line" ]; do
  n=$((n + 1))
  case $line in '#'* | '') continue ;; esac
  LN+=("$n")
  if [[ $line != *'|'* ]]; then NAMED+=(""); ARGS+=("$line"); continue; fi
  NAMED+=("${line%%|*}")
  ARGS+=("${line#*|}")
done <"$list"
total=${#LN[@]}

# Which cases run: all, or those whose ARGS match PATTERN (one grep over every ARGS).
declare -a RUN
printf '%s\n' "${ARGS[@]}" >"$root/args"
mapfile -t RUN < <(grep -n -e "${pattern:-.}" "$root/args" | cut -d: -f1 | while read -r k; do echo $((k - 1)); done)
if [ ${#RUN[@]} -eq 0 ]; then
  echo "bad inputs: no case matches '$pattern'"
  exit 1
fi

# split TEXT: the words of TEXT into W (blanks separate words; '...' quotes, '' is an empty word).
# Returns 1 for an unterminated quote.
split() {
  local s=$1 w='' inw=0 q=0 c i
  W=()
  for ((i = 0; i < ${#s}; i++)); do
    c=${s:i:1}
    if ((q)); then
      if [ "$c" = "'" ]; then q=0; else w+=$c; fi
      continue
    fi
    case $c in
      "'") q=1; inw=1 ;;
      ' ' | $'\t') if ((inw)); then W+=("$w"); w=; inw=0; fi ;;
      *) w+=$c; inw=1 ;;
    esac
  done
  ((q)) && return 1
  ((inw)) && W+=("$w")
  return 0
}

# signal_name N: SIGFPE for 8.
signal_name() { local s; s=$(kill -l "$1" 2>/dev/null) && echo "SIG$s" || echo "signal $1"; }

# One worker: the cases i with i % jobs == k, one after the other, with its own data copy.
# Writes "index<TAB>failure text" for every failing case to $wdir/failed.
worker() {
  local k=$1 jobs=$2 wdir=$root/w$1
  mkdir -p "$wdir"
  local data=$wdir/data base=$wdir/case tmp=$wdir/case/t out=$wdir/out err=$wdir/err
  export FG_BAD_INPUTS_RAN=$wdir/ran
  cp -a "$src_data" "$data"
  local data_list=$wdir/data.list data_ref
  listing "$data" >"$data_list"
  data_ref=$(quick_listing "$data")
  mkdir -p "$tmp"
  : >"$wdir/failed"
  local j i named args a rc why errtext first uses_data
  shopt -s nullglob dotglob
  for ((j = k; j < ${#RUN[@]}; j += jobs)); do
    i=${RUN[j]}
    named=${NAMED[i]}
    args=${ARGS[i]}
    if [ -z "$named" ] || ! split "$args"; then
      printf '%s\tmalformed line (expected NAMED|ARGS with balanced quotes)\n' "$i" >>"$wdir/failed"
      continue
    fi
    uses_data=0
    [[ $args == *@DATA@* || $named == *@DATA@* ]] && uses_data=1
    for ((a = 0; a < ${#W[@]}; a++)); do
      W[a]=${W[a]//@DATA@/$data}
      W[a]=${W[a]//@TMP@/$tmp}
    done
    named=${named//@DATA@/$data}
    named=${named//@TMP@/$tmp}
    if ! cd "$tmp" 2>/dev/null; then mkdir -p "$tmp" && cd "$tmp" || exit 2; fi
    { TMPDIR=$tmp timeout -k 5 "$timeout_s" "$F" "${W[@]}" </dev/null >"$out" 2>"$err"; } 2>/dev/null
    rc=$? # (the group's 2>/dev/null: no "Floating point exception" job notice from bash itself)
    cd "$wdir" || exit 2
    why=()
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
      why+=("timeout: still running after ${timeout_s} s")
    elif [ "$rc" -gt 128 ]; then
      why+=("crash: killed by $(signal_name $((rc - 128)))")
    elif [ "$rc" -ne 2 ]; then
      why+=("exit $rc instead of 2")
    fi
    errtext=
    IFS= read -r -d '' errtext <"$err"
    # (bash strings end at a NUL byte: grep settles what the quick match misses)
    [[ $errtext == *"$named"* ]] || grep -qaF -- "$named" "$err" || why+=("stderr does not name '${NAMED[i]}'")
    [ -s "$out" ] && why+=("stdout not empty ($(wc -c <"$out") bytes)")
    if [ -e "$wdir/ran" ]; then
      why+=("started $(sort -u "$wdir/ran" | tr '\n' ' ')(stub) for a bad input")
      rm -f "$wdir/ran"
    fi
    # Nothing in T, nothing next to T.
    local left=() e
    if [ -d "$tmp" ] && [ ! -L "$tmp" ]; then
      for e in "$tmp"/*; do left+=("${e#"$tmp"/}"); done
      [ ${#left[@]} -gt 0 ] && why+=("output left behind in @TMP@: ${left[*]}")
    else
      why+=("@TMP@ itself was removed or replaced")
    fi
    left=()
    for e in "$base"/*; do [ "$e" = "$tmp" ] || left+=("${e#"$base"/}"); done
    [ ${#left[@]} -gt 0 ] && why+=("output left behind next to @TMP@: ${left[*]}")
    left=()
    for e in "$wdir"/*; do
      case ${e#"$wdir"/} in data | data.list | case | out | err | failed) ;; *) left+=("${e#"$wdir"/}") ;; esac
    done
    if [ ${#left[@]} -gt 0 ]; then
      why+=("output left behind two levels above @TMP@: ${left[*]}")
      for e in "${left[@]}"; do chmod -R u+rwx "$wdir/$e" 2>/dev/null; rm -rf "${wdir:?}/$e"; done
    fi
    if [ ${#why[@]} -gt 0 ] || [ ! -d "$tmp" ]; then
      chmod -R u+rwx "$base" 2>/dev/null
      rm -rf "$base"
      mkdir -p "$tmp"
    fi
    # The data copy: unchanged, else say how and restore it.
    if { ((uses_data)) || [ ${#why[@]} -gt 0 ]; } && [ "$(quick_listing "$data")" != "$data_ref" ]; then
      local changes
      changes=$(listing "$data" | diff "$data_list" - | sed -n 's|^[<>] \./\([^ ]*\) .*|\1|p' | sort -u)
      if [ -n "$changes" ]; then
        changes=$(head -6 <<<"$changes" | tr '\n' ' ')
        why+=("changed @DATA@: ${changes% }")
        chmod -R u+rwx "$data" 2>/dev/null
        rm -rf "$data"
        cp -a "$src_data" "$data"
        listing "$data" >"$data_list"
        data_ref=$(quick_listing "$data")
      fi
    fi
    if [ ${#why[@]} -gt 0 ]; then
      first=$(grep -a -m1 '^fecforge' "$err" || grep -a -m1 . "$err")
      first=${first//[^[:print:]]/?}
      first=${first//$data/@DATA@}
      first=${first//$tmp/@TMP@}
      [ ${#first} -gt 200 ] && first="${first:0:200}..."
      local joined=${why[0]} w1
      for w1 in "${why[@]:1}"; do joined+="; $w1"; done
      printf '%s\t%s%s\n' "$i" "$joined" "${first:+ -- stderr: $first}" >>"$wdir/failed"
    fi
  done
}

# Twice the CPUs: most cases take milliseconds, but a case whose check is missing may sit out its
# timeout, and those waits should overlap.
jobs=${BAD_INPUTS_JOBS:-$((2 * $(nproc 2>/dev/null || echo 2)))}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=4
[ "$jobs" -gt ${#RUN[@]} ] && jobs=${#RUN[@]}

before=$(listing "$src_data")
start=$SECONDS
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; exit 130' INT TERM
for ((k = 0; k < jobs; k++)); do
  worker "$k" "$jobs" &
  pids+=($!)
done
wait

failed=0 broken=0
while IFS=$'\t' read -r i text; do
  printf 'bad_inputs.txt:%s: fecforge %s: %s\n' "${LN[i]}" "${ARGS[i]}" "$text"
  failed=$((failed + 1))
done < <(cat "$root"/w*/failed | sort -n -k1,1)

# The source data and the run's files: unchanged, no temporary or backup names anywhere.
after=$(listing "$src_data")
if [ "$before" != "$after" ]; then
  echo "FAIL: cli/tests/bad-inputs changed during the run:"
  diff <(echo "$before") <(echo "$after") | grep '^[<>]' | head -20
  broken=1
fi
stray=$( (find "$src_data" "$root" \( -name '*.tmp*' -o -name '*.old-*' \) -print) 2>/dev/null | head -20)
if [ -n "$stray" ]; then
  echo "FAIL: temporary or backup files left behind:"
  echo "${stray//$root\//}"
  broken=1
fi

echo "bad inputs: ${#RUN[@]} cases, $failed failed ($((SECONDS - start)) s, $jobs workers)"
[ "$failed" -eq 0 ] && [ "$broken" -eq 0 ]
