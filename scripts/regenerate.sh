#!/usr/bin/env bash
# Rewrites the checked-in outputs: the vector sets of vectors/sets.list and the reference designs of
# rtl/generated/configs.list (scripts/rtl-generated.sh --update). Every manifest records the git hash of
# the source that wrote it, so this refuses a fecforge built from a modified tree (its --version ends in
# -dirty), one built from another commit than the checkout's HEAD, and a checkout with modified tracked
# files: commit first, build, regenerate, commit the outputs.
#   scripts/regenerate.sh FECFORGE [vectors] [rtl]      (default: both)
set -u
F=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/require-clean.sh" "$F" || exit 1
parts=("$@")
# rtl first: rtl-generated.sh --update checks the checkout again, before the vector sets modify it.
[ ${#parts[@]} -gt 0 ] || parts=(rtl vectors)
bad=0
for p in "${parts[@]}"; do
  case $p in
  vectors)
    n=0
    while read -r d args; do
      case $d in '' | '#'*) continue ;; esac
      # shellcheck disable=SC2086
      "$F" vectors $args -o "$root/vectors/$d" >/dev/null || { echo "regenerate: vectors $d failed"; bad=1; }
      n=$((n + 1))
    done <"$root/vectors/sets.list"
    echo "regenerate: $n vector sets"
    ;;
  rtl) "$root/scripts/rtl-generated.sh" "$F" --update || bad=1 ;;
  *) echo "regenerate: unknown part '$p' (vectors or rtl)" >&2; exit 2 ;;
  esac
done
exit $bad
