#!/usr/bin/env bash
# CLI test of `fecforge code ldpc`. $1 = path of fecforge.
source "$(dirname "$0")/common.bash"

check help 0 "$F" code --help;            has out "ldpc"
check help_ldpc 0 "$F" code ldpc --help;  has out "usage: fecforge code ldpc"
check no_family 2 "$F" code
check bad_family 2 "$F" code turbo;       has err "valid is ldpc"
# The list: a header and 126 codes, 802.11n first; the JSON has 126 entries too.
check list 0 "$F" code ldpc --list
[ "$(tail -n +2 "$t/out" | wc -l)" -eq 126 ] || { echo "FAIL list: $(tail -n +2 "$t/out" | wc -l) codes"; fail=1; }
[ "$(sed -n 2p "$t/out" | awk '{print $1}')" = "wifi-648-1/2" ] || { echo "FAIL list order (first)"; fail=1; }
[ "$(tail -1 "$t/out" | awk '{print $1}')" = "wimax-2304-5/6" ] || { echo "FAIL list order (last)"; fail=1; }
grep -Eq '^wifi-1944-1/2 +1944 +972 +81 +12 +24 +0.5000 +' "$t/out" || { echo "FAIL list row wifi-1944-1/2"; fail=1; }
check list_json 0 "$F" code ldpc --list --json
[ "$(grep -c '"name":"wi' "$t/out")" -eq 126 ] || { echo "FAIL list json count"; fail=1; }
has out '"count": 126'
has out '{"name":"wimax-1152-2/3A","family":"802.16e","n":1152,"k":768,"z":48,"mb":8,"nb":24,'
# Unknown names are usage errors naming the valid forms.
check unknown 2 "$F" code ldpc --code wifi-640-1/2;  has err "valid names are wifi-<648|1296|1944>"
check no_code 2 "$F" code ldpc;                      has err "code NAME|FILE or --list is required"
check list_and_code 2 "$F" code ldpc --list --code wifi-648-1/2; has err "list goes alone"
check missing_base 2 "$F" code ldpc --code "$t/none.txt";     has err "none.txt: no such file"
check z_builtin 2 "$F" code ldpc --code wifi-648-1/2 --z 27;  has err "z=27 applies to FILE.alist only"
check list_export 2 "$F" code ldpc --list --export-base "$t/l.txt"; has err "list goes alone"
[ ! -e "$t/l.txt" ] || { echo "FAIL list_export: file written"; fail=1; }
check same_file 2 "$F" code ldpc --code wifi-648-1/2 --export-base "$t/s" --export-alist "$t/s"
has err "export-base .* and --export-alist .* name the same file"
[ ! -e "$t/s" ] || { echo "FAIL same_file: file written"; fail=1; }
check show 0 "$F" code ldpc --code wifi-648-1/2 --show
has out "n=648 k=324 z=27, base 12 x 24"
has out "   0  -1  -1  -1   0   0  -1  -1   0  -1  -1   0   1   0  -1"
check show_json 0 "$F" code ldpc --code wimax-2304-5/6 --json
has out '"edges": 7680'
has out '"column_degrees": \['
# Export / import round trips: base file and alist file give the same code (same --show output
# but for the name line).
for code in wifi-1944-2/3 wimax-960-3/4B; do
  z=$("$F" code ldpc --code "$code" --json | sed -n 's/.*"z": \([0-9]*\).*/\1/p' | head -1)
  check export_$code 0 "$F" code ldpc --code "$code" --export-base "$t/c.txt" --export-alist "$t/c.alist"
  "$F" code ldpc --code "$code" | tail -n +2 >"$t/a"
  "$F" code ldpc --code "$t/c.txt" | tail -n +2 >"$t/b"
  cmp -s "$t/a" "$t/b" || { echo "FAIL base round trip $code"; fail=1; }
  "$F" code ldpc --code "$t/c.alist" --z "$z" | tail -n +2 >"$t/b"
  cmp -s "$t/a" "$t/b" || { echo "FAIL alist round trip $code"; fail=1; }
  # alist -> base -> identical base file
  check reexport_$code 0 "$F" code ldpc --code "$t/c.alist" --z "$z" --export-base "$t/d.txt"
  diff <(grep -v '^#' "$t/c.txt") <(grep -v '^#' "$t/d.txt") >/dev/null || { echo "FAIL re-export $code"; fail=1; }
done
check alist_no_z 2 "$F" code ldpc --code "$t/c.alist";            has err "needs --z"
check alist_wrong_z 2 "$F" code ldpc --code "$t/c.alist" --z 7;   has err "not a multiple of z=7 (with --z=7)"
check z_on_base 2 "$F" code ldpc --code "$t/c.txt" --z 40;        has err "applies to FILE.alist only"
check missing_file 2 "$F" code ldpc --code "$t/none.alist" --z 4; has err "no such file"
printf 'Z 4\nrows 2\ncols 3\n0 5 -1\n-1 0 0\n' >"$t/bad.txt"
check bad_base 2 "$F" code ldpc --code "$t/bad.txt";              has err "bad.txt: line 4: shift 5"
printf 'Z 4\nrows 2\ncols 4\n0 1 0 0\n2 3 0 0\n' >"$t/sing.txt"
check singular 2 "$F" code ldpc --code "$t/sing.txt";             has err "parity part of H is singular"
check bad_out 2 "$F" code ldpc --code wifi-648-1/2 --export-base "$t/notdir/x.txt"; has err "export-base"
check new_dirs 0 "$F" code ldpc --code wifi-648-1/2 --export-base "$t/no/dir/x.txt"
[ -s "$t/no/dir/x.txt" ] || { echo "FAIL new_dirs: no file"; fail=1; }
[ $fail -eq 0 ] && echo "code CLI: all checks passed"
exit $fail
