#!/usr/bin/env bash
# Exit 0 when FECFORGE was built from the checkout's HEAD with no modification and the checkout's tracked
# files are unmodified; otherwise say why and exit 1 (cli/tests/golden.sh rtl vectors --record:
# what is checked in names the commit that wrote it).
set -u
F=$1
root=$(cd "$(dirname "$0")/.." && pwd)
ver=$("$F" --version) || { echo "require-clean: cannot run $F" >&2; exit 1; }
hash=$(sed -n 's/.*(git \([^)]*\)).*/\1/p' <<<"$ver")
head=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null)
if [ -z "$head" ]; then
  echo "require-clean: $root is not a git checkout: the outputs would name no commit" >&2; exit 1
elif [[ $hash == *-dirty ]]; then
  echo "require-clean: $F was built from a modified tree ($ver): commit, rebuild, then regenerate" >&2; exit 1
elif [ "$hash" != "$head" ]; then
  echo "require-clean: $F was built at git $hash, the checkout is at $head: rebuild first" >&2; exit 1
elif [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
  echo "require-clean: the checkout has modified files (git status): commit them first" >&2; exit 1
fi
