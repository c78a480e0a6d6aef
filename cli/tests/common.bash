# Shared by the CLI test scripts (sourced; not a test itself). Sets F (the fecforge binary, $1),
# fail (0 until a check fails) and t (a temporary directory removed on exit).
set -u
F=$1
fail=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
: >"$t/notdir" # a regular file: "$t/notdir/x" is a path no command can create

# check NAME EXPECTED_EXIT CMD...: run CMD with stdout in $t/out and stderr in $t/err.
check() {
  local name=$1 want=$2; shift 2
  "$@" >"$t/out" 2>"$t/err"; local rc=$?
  if [ "$rc" -ne "$want" ]; then echo "FAIL $name: exit $rc, expected $want"; cat "$t/err"; fail=1; fi
}

# has out|err TEXT: the last check's output contains TEXT.
has() { grep -q -- "$2" "$t/$1" || { echo "FAIL: '$2' not in $1"; head -20 "$t/$1"; fail=1; }; }
