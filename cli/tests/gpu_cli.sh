#!/usr/bin/env bash
# CLI test of the GPU LDPC implementations (docs/gpu-ldpc-cli.md): `verify ldpc --impl gpu-fixed`,
# `ber ldpc --device gpu`, `bench ldpc --device gpu`, `decode ldpc --impl gpu-fixed`. Everywhere: help
# texts, usage errors (exit 2) and, without a CUDA device, a runtime failure (exit 1) that says so. With
# a device (`fecforge bench devices` > 0): bit-exact verifies of every kernel, GPU and CPU `ber ldpc
# --fixed` counts equal, GPU and C decodes of one frame file equal, a bench whose JSON parses.
# $1 = fecforge.
source "$(dirname "$0")/common.bash"
C=(--code wifi-648-1/2)

# --help on every level
check help_bench 0 "$F" bench --help;              has out "ldpc"; has out "devices"
check help_bench_ldpc 0 "$F" bench ldpc --help;    has out "usage: fecforge bench ldpc"
has out "Table 3.3"; has out "--nmcw M"; has out "--kernel K"
check help_verify 0 "$F" verify ldpc --impl gpu-fixed --help
has out "--against NAME"; has out "5 sqrt(N p (1-p)) + 2"; has out "--ncw C"
check help_verify_top 0 "$F" verify --help;        has out "--impl"
check help_ber 0 "$F" ber ldpc --help;             has out "--device D"; has out "--nmcw M"; has out "--gpus N"
check help_decode 0 "$F" decode ldpc --help;       has out "--impl NAME"; has out "--kernel K"
check help_top 0 "$F" --help;                      has out "bench"

# usage errors: exit 2, naming the parameter and its range (checked before any device is looked for)
u() { local name=$1 text=$2; shift 2; check "$name" 2 "$F" "$@"; has err "$text"; }
u v_device "--device=tpu invalid: expected cpu or gpu"      verify ldpc --device tpu
u v_device2 "--device given more than once"                 verify ldpc --device gpu --device cpu
u v_code "--code nope: no such file, and unknown LDPC code" verify ldpc --device gpu --code nope
u v_ncw "--ncw=0 out of range \[1, 32\]"                    verify ldpc --device gpu "${C[@]}" --ncw 0
u v_ns "--ns=65 out of range \[1, 64\]"                     verify ldpc --device gpu "${C[@]}" --ns 65
u v_nmcw "--nmcw=x invalid"                                 verify ldpc --device gpu "${C[@]}" --nmcw x
u v_kernel "--kernel=slow invalid: expected fused, thesis or edge" verify ldpc --device gpu "${C[@]}" --kernel slow
u v_k "K=5 out of range \[1, 4\] for wifi-648-5/6"          verify ldpc --impl gpu-fixed --code wifi-648-5/6 --fixed --decoder multilayer:5
u v_dec "no fixed flooding decoder"                         verify ldpc --device gpu "${C[@]}" --fixed --decoder flooding
u v_frames "--frames=0 out of range"                        verify ldpc --device gpu "${C[@]}" --frames 0
u v_ebn0 "--ebn0=1,x invalid"                               verify ldpc --device gpu "${C[@]}" --ebn0 1,x
u v_float_fx "need --fixed"                                 verify ldpc --device gpu "${C[@]}" --llr-width 5
u v_inshift "--in-shift=6 out of range \[0, 5\]"            verify ldpc --device gpu "${C[@]}" --fixed --in-shift 6
u v_threads "--threads=0 out of range"                      verify ldpc --device gpu "${C[@]}" --threads 0
u v_extra "unexpected argument 'x'"                         verify ldpc --device gpu "${C[@]}" x
u v_impl "--impl=nope invalid: expected float, fixed, cycle, gpu-fixed or gpu-float" verify ldpc --impl nope "${C[@]}"
u v_arith "compare implementations of one arithmetic"       verify ldpc --impl gpu-fixed --against float "${C[@]}" --fixed
u b_spa "--alg=spa invalid with --device gpu"               ber ldpc --device gpu "${C[@]}" --ebn0 1 --alg spa
u b_cpu_opts "--ncw applies to --impl gpu-fixed or gpu-float, not float (use --device gpu)" ber ldpc "${C[@]}" --ebn0 1 --ncw 2
u b_ncw "--ncw=33 out of range \[1, 32\]"                   ber ldpc --device gpu "${C[@]}" --ebn0 1 --ncw 33
u b_gpus "--gpus=-1 out of range"                           ber ldpc --device gpu "${C[@]}" --ebn0 1 --gpus -1
u b_inshift "--in-shift=6 out of range \[0, 5\]"            ber ldpc "${C[@]}" --ebn0 1 --fixed --in-shift 6
u n_kernel_cpu "--kernel applies to --impl gpu-fixed or gpu-float" bench ldpc "${C[@]}" --kernel thesis
u n_sweep_shape "--ns is a variable of --sweep"             bench ldpc --device gpu "${C[@]}" --sweep table3.3 --ns 2
u n_all "--all needs --sweep"                               bench ldpc --device gpu "${C[@]}" --all
u n_layers "K=13 out of range \[1, 12\]"                    bench ldpc --device gpu "${C[@]}" --fixed --decoder multilayer:13
u n_iter "--iter=0 out of range"                            bench ldpc --device gpu "${C[@]}" --iter 0
u n_what "unknown family 'fano'"                            bench fano

check devices 0 "$F" bench devices
ndev=$(head -1 "$t/out")
[[ "$ndev" =~ ^[0-9]+$ ]] || { echo "FAIL: bench devices printed '$ndev'"; fail=1; ndev=0; }
"$F" frames ldpc "${C[@]}" --fixed --ebn0 2 --count 50 -o "$t/in.frames" 2>/dev/null ||
  { echo "FAIL: frames ldpc"; fail=1; }

if [ "$ndev" -eq 0 ]; then
  # no device: runtime failure (exit 1) naming CUDA / the device, nothing on stdout
  for cmd in "verify ldpc --impl gpu-fixed --code wifi-648-1/2 --fixed --frames 10" \
             "verify ldpc --device gpu --code wifi-648-1/2 --frames 10 --json" \
             "ber ldpc --device gpu --code wifi-648-1/2 --ebn0 1 --fixed --json" \
             "bench ldpc --device gpu --code wifi-648-1/2 --json" \
             "bench ldpc --device gpu --code wifi-648-1/2 --sweep table3.3" \
             "decode ldpc --impl gpu-fixed --code wifi-648-1/2 --fixed --in $t/in.frames -o $t/gpu.frames"; do
    # shellcheck disable=SC2086
    check "nodev: $cmd" 1 "$F" $cmd
    grep -qiE "cuda|device" "$t/err" || { echo "FAIL nodev: $cmd: no 'CUDA' or 'device' in:"; cat "$t/err"; fail=1; }
    [ -s "$t/out" ] && { echo "FAIL nodev: $cmd: wrote to stdout"; fail=1; }
  done
  [ -e "$t/gpu.frames" ] && { echo "FAIL nodev: decode wrote its output"; fail=1; }
  [ $fail -eq 0 ] && echo "gpu CLI: all checks passed (no CUDA device: GPU runs not tried)"
  exit $fail
fi

# ---- with a CUDA device ----
for code in wifi-648-1/2 wimax-576-1/2; do
  check "verify_fused $code" 0 "$F" verify ldpc --impl gpu-fixed --code $code --fixed --frames 200 --ebn0 1,3 --json
  has out '"match": true'
done
cp "$t/out" "$t/v.json"
check verify_thesis 0 "$F" verify ldpc --impl gpu-fixed --code wimax-576-1/2 --fixed --frames 200 --ebn0 1,3 \
  --kernel thesis --ns 2 --ncw 3 --nmcw 5 --threads 2
check verify_edge 0 "$F" verify ldpc --impl gpu-fixed --code wifi-1296-2/3 --fixed --frames 200 --ebn0 1.5,3 \
  --kernel edge --ncw 2 --nmcw 7 --threads 2
check verify_packed 0 "$F" verify ldpc --impl gpu-fixed --code wifi-1944-5/6 --fixed --frames 300 --ebn0 3,4 \
  --kernel fused --ncw 4 --nmcw 9 --threads 2
check verify_cycle 0 "$F" verify ldpc --impl gpu-fixed --against cycle --code wifi-648-1/2 --decoder hw --frames 100 --ebn0 2
check verify_float 0 "$F" verify ldpc --impl gpu-float --code wifi-648-1/2 --frames 200 --ebn0 1,3 --json
cp "$t/out" "$t/vf.json"
check ber_gpu 0 "$F" ber ldpc --device gpu "${C[@]}" --ebn0 1,2 --fixed --min-fe 20 --max-frames 3000 --seed 5 --json
cp "$t/out" "$t/bg.json"
check ber_cpu 0 "$F" ber ldpc "${C[@]}" --ebn0 1,2 --fixed --min-fe 20 --max-frames 3000 --seed 5 --json
cp "$t/out" "$t/bc.json"
check decode_gpu 0 "$F" decode ldpc --impl gpu-fixed "${C[@]}" --fixed --in "$t/in.frames" -o "$t/gpu.frames"
check decode_cpu 0 "$F" decode ldpc --impl fixed "${C[@]}" --fixed --in "$t/in.frames" -o "$t/cpu.frames"
check compare_gpu_cpu 0 "$F" compare "$t/gpu.frames" "$t/cpu.frames"
check bench 0 "$F" bench ldpc --device gpu "${C[@]}" --fixed --iter 5 --batches 3 --json
cp "$t/out" "$t/n.json"
python3 - "$t" <<'PY' || { echo "FAIL: GPU JSON checks"; fail=1; }
import json, sys, os
t = sys.argv[1]
v = json.load(open(os.path.join(t, "v.json")))
assert v["impl"] == "gpu-fixed" and v["against"] == "fixed" and v["comparison"] == "exact" and v["match"]
assert [p["ebn0"] for p in v["points"]] == [1, 3]
for p in v["points"]:
    assert p["frames"] == 200 and p["frames_decisions_differ"] == 0 and p["frames_work_differs"] == 0
    assert p["frame_errors_impl"] == p["frame_errors_against"]
assert v["frames"] == 400 and v["tool"]["seed"] == 1
f = json.load(open(os.path.join(t, "vf.json")))
assert f["comparison"] == "statistical" and f["match"]
g, c = json.load(open(os.path.join(t, "bg.json"))), json.load(open(os.path.join(t, "bc.json")))
assert g["impl"] == "gpu-fixed" and g["gpu"]["description"]
assert len(g["points"]) == len(c["points"]) == 2
for a, b in zip(g["points"], c["points"]):
    for k in ("ebn0", "frames", "frame_errors", "bit_errors", "stop", "avg_iter"):
        assert a[k] == b[k], (k, a[k], b[k])
n = json.load(open(os.path.join(t, "n.json")))
assert n["code"]["name"] == "wifi-648-1/2" and n["decoder"]["iter"] == 5 and n["impl"] == "gpu-fixed"
assert n["kernel_ms"] > 0 and n["info_mbps_total"] > 0
PY
[ $fail -eq 0 ] && echo "gpu CLI: all checks passed ($ndev CUDA device(s))"
exit $fail
