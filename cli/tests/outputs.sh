#!/usr/bin/env bash
# Outputs never destroy what they should not (docs/architecture.md "Outputs"): every output-file option
# written to /dev/null, a FIFO, a symbolic link and "-" (standard output) is written through and the
# special file stays what it was; /dev/full and a full tmpfs give exit 1 with the reason and leave no
# partial file; plot names full of quotes and shell syntax create that file and nothing else; a signal
# leaves no temporary file. $1 = fecforge.
source "$(dirname "$0")/common.bash"

# One fast command per output option: NAME|ARGS (the output path is appended to ARGS).
cases=(
  "conflicts-csv|conflicts --K 40 --pllr 8 --csv"
  "conflicts-plot|conflicts --K 40 --pllr 8 --plot"
  "dbcf-trace|dbcf --K 40 --pllr 4 --direction interleave --trace"
  "dbcf-plot|dbcf --sweep --K 40 --pllr 4 --banks 4 --select 1-2 --fifo-depth 0-2 --buf-depth 0-2 --plot"
  "arch-ldpc-trace|arch ldpc --code wifi-648-1/2 --iter 1 --trace"
  "arch-turbo-trace|arch turbo --std lte --K 40 --parallel 2 --iter 1 --trace"
  "ber-ldpc-plot|ber ldpc --code wifi-648-1/2 --ebn0 1 --max-frames 20 --plot"
  "ber-turbo-plot|ber turbo --std lte --K 40 --ebn0 1 --max-frames 20 --plot"
  "code-base|code ldpc --code wifi-648-1/2 --export-base"
  "code-alist|code ldpc --code wifi-648-1/2 --export-alist"
)
have_gnuplot=0
command -v gnuplot >/dev/null && have_gnuplot=1
run_case() { # name args path -> exit code, stdout in $t/out, stderr in $t/err
  local args=$2 path=$3
  # shellcheck disable=SC2086
  "$F" $args "$path" >"$t/out" 2>"$t/err"
}
mkdir -p "$t/linked" "$t/work"
for c in "${cases[@]}"; do
  name=${c%%|*} args=${c#*|}
  case $name in *plot*) [ $have_gnuplot = 1 ] || continue ;; esac
  # /dev/null: written through, still a character device
  run_case "$name" "$args" /dev/null || { echo "FAIL $name /dev/null: exit $?"; cat "$t/err"; fail=1; }
  [ -c /dev/null ] || { echo "FAIL $name: /dev/null is no longer a device"; fail=1; }
  # a FIFO with a reader: the bytes arrive, the FIFO stays a FIFO
  rm -f "$t/fifo" "$t/fifo.out"; mkfifo "$t/fifo"
  cat "$t/fifo" >"$t/fifo.out" & reader=$!
  run_case "$name" "$args" "$t/fifo" || { echo "FAIL $name fifo: exit $?"; cat "$t/err"; fail=1; }
  wait $reader
  [ -p "$t/fifo" ] && [ -s "$t/fifo.out" ] || { echo "FAIL $name: FIFO replaced or nothing written through it"; fail=1; }
  # a symbolic link: the link stays, its target gets the content
  rm -f "$t/link" "$t/linked/target"; ln -s "$t/linked/target" "$t/link"
  run_case "$name" "$args" "$t/link" || { echo "FAIL $name link: exit $?"; cat "$t/err"; fail=1; }
  [ -L "$t/link" ] && [ -s "$t/linked/target" ] || { echo "FAIL $name: link replaced or target empty"; fail=1; }
  # "-": standard output
  run_case "$name" "$args" - || { echo "FAIL $name -: exit $?"; cat "$t/err"; fail=1; }
  [ -s "$t/out" ] || { echo "FAIL $name -: nothing on stdout"; fail=1; }
  # a regular file: replaced atomically, keeps its permissions; nothing left beside it
  echo old >"$t/work/reg"; chmod 640 "$t/work/reg"
  run_case "$name" "$args" "$t/work/reg" || { echo "FAIL $name file: exit $?"; cat "$t/err"; fail=1; }
  [ "$(stat -c %a "$t/work/reg")" = 640 ] && [ "$(cat "$t/work/reg" | head -c 3)" != old ] ||
    { echo "FAIL $name: regular file not replaced or permissions lost"; fail=1; }
  # a new file in missing directories: created with the umask's permissions
  rm -rf "$t/work/new"
  (umask 027 && run_case "$name" "$args" "$t/work/new/sub/file") || { echo "FAIL $name new: exit $?"; cat "$t/err"; fail=1; }
  [ "$(stat -c %a "$t/work/new/sub/file" 2>/dev/null)" = 640 ] && [ "$(stat -c %a "$t/work/new/sub")" = 750 ] ||
    { echo "FAIL $name: new file or directories without the umask's permissions"; fail=1; }
  # /dev/full: ENOSPC reaches the user, exit 1, the device stays a device
  run_case "$name" "$args" /dev/full; rc=$?
  [ $rc -eq 1 ] && grep -q "No space left on device" "$t/err" ||
    { echo "FAIL $name /dev/full: exit $rc"; cat "$t/err"; fail=1; }
  [ -c /dev/full ] || { echo "FAIL $name: /dev/full is no longer a device"; fail=1; }
  [ -z "$(ls -A "$t/work" | grep -v -e '^reg$' -e '^new$')" ] || { echo "FAIL $name: left behind: $(ls -A "$t/work")"; fail=1; }
done
# Standard output itself is checked: a full disk is a failure (exit 1), not a silent success.
"$F" interleaver --std lte --K 6144 --dump >/dev/full 2>"$t/err"; rc=$?
[ $rc -eq 1 ] && grep -q "No space left" "$t/err" || { echo "FAIL stdout on /dev/full: exit $rc"; fail=1; }
# /dev/stdout is standard output itself (one stream, nothing written at two offsets).
"$F" conflicts --K 40 --pllr 8 --csv /dev/stdout >"$t/both" 2>"$t/err" || { echo "FAIL /dev/stdout: exit $?"; fail=1; }
grep -q '^std,K,' "$t/both" && grep -q 'Memory conflicts\|C0' "$t/both" || { echo "FAIL /dev/stdout: content"; fail=1; }

# A full file system (a 64 KB tmpfs, where this machine lets us mount one): exit 1, no partial file.
small=$t/small
mkdir "$small"
if mount -t tmpfs -o size=64k tmpfs "$small" 2>/dev/null; then
  "$F" conflicts --std umts --K 40-5114:4 --pllr 8 --csv "$small/big.csv" >/dev/null 2>"$t/err"; rc=$?
  [ $rc -eq 1 ] && grep -q "No space left on device" "$t/err" || { echo "FAIL tmpfs: exit $rc"; cat "$t/err"; fail=1; }
  [ -z "$(ls -A "$small")" ] || { echo "FAIL tmpfs: left behind: $(ls -A "$small")"; fail=1; }
  "$F" vectors dbcf --K 5114 --pllr 32 -o "$small/v" >/dev/null 2>"$t/err"; rc=$?
  [ $rc -eq 1 ] && [ -z "$(ls -A "$small")" ] || { echo "FAIL tmpfs vectors: exit $rc, left $(ls -A "$small")"; fail=1; }
  umount "$small"
else
  echo "outputs: no tmpfs mount here (not root or no privilege): the full-file-system case is covered by /dev/full only"
fi

# Plot names with quotes, blanks, ';', $(), backquotes and a newline: that file and nothing else.
if [ $have_gnuplot = 1 ]; then
  mkdir "$t/q"
  for name in "a'b.png" 'a"b.png' "a;touch pwned1;.png" 'a$(touch pwned2).png' 'a`touch pwned3`.png' \
              "x'; system('touch pwned4'); print '.png" $'new\nline.png' 'sp ace.png'; do
    (cd "$t/q" && "$F" conflicts --K 40 --pllr 8 --plot "$name" >/dev/null 2>"$t/err") ||
      { echo "FAIL plot name [$name]: exit $?"; cat "$t/err"; fail=1; }
    [ -s "$t/q/$name" ] || { echo "FAIL plot name [$name]: not written"; fail=1; }
    rm -f "$t/q/$name"
    (cd "$t/q" && "$F" ber ldpc --code wifi-648-1/2 --ebn0 1 --max-frames 10 --label "$name" --plot "$name" >/dev/null 2>"$t/err") ||
      { echo "FAIL ber plot name [$name]: exit $?"; cat "$t/err"; fail=1; }
    rm -f "$t/q/$name"
  done
  [ -z "$(ls -A "$t/q")" ] && [ ! -e pwned4 ] || { echo "FAIL: plot names created other files: $(ls -A "$t/q")"; fail=1; }
  # A BER plot with no error at any point is drawn (marked), not a gnuplot error.
  check no_errors 0 "$F" ber ldpc --code wifi-648-1/2 --ebn0 8 --max-frames 10 --plot "$t/q/none.png"
  [ -s "$t/q/none.png" ] || { echo "FAIL: no plot without errors"; fail=1; }
  # A plot into a missing folder is written (folders created); under a file it fails before any work.
  check sweep_plot_bad 2 "$F" dbcf --sweep --K 5114 --pllr 32 --plot "$t/notdir/s.png"; has err "not a directory"
  [ ! -s "$t/err" ] || ! grep -q "PNG" "$t/err" || { echo "FAIL: PNG bytes on stderr"; fail=1; }
fi

# A signal stops a long run and leaves no temporary file behind (the run ends with the signal).
mkdir "$t/sig"
"$F" conflicts --std umts --K all --pllr 4,8,16,32 --csv "$t/sig/mcr.csv" >/dev/null 2>&1 & pid=$!
for _ in $(seq 100); do ls "$t/sig" | grep -q tmp && break; sleep 0.05; done
kill -TERM $pid; wait $pid; rc=$?
[ $rc -eq 143 ] || { echo "FAIL signal: exit $rc, expected 143"; fail=1; }
[ -z "$(ls -A "$t/sig")" ] || { echo "FAIL signal: left behind: $(ls -A "$t/sig")"; fail=1; }

[ $fail -eq 0 ] && echo "outputs: all checks passed"
exit $fail
