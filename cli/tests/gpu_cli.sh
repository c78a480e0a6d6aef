#!/usr/bin/env bash
# CLI test of the GPU LDPC paths (docs/gpu-ldpc-cli.md): `verify ldpc --device gpu`, `ber ldpc --device
# gpu`, `bench ldpc --device gpu`. Everywhere: help texts, usage errors (exit 2) and, without a CUDA
# device, a runtime failure (exit 1) that says so. With a device (`fecforge bench devices` > 0): a small
# bit-exact verify, GPU and CPU `ber ldpc --fixed` counts equal, a bench whose JSON parses. $1 = fecforge.
source "$(dirname "$0")/common.bash"
C=(--code wifi-648-1/2)

# --help on every level
check help_bench 0 "$F" bench --help;              has out "ldpc"; has out "devices"
check help_bench_ldpc 0 "$F" bench ldpc --help;    has out "usage: fecforge bench ldpc --device gpu"
has out "table3.3"; has out "info_mbps_total"
check help_verify 0 "$F" verify ldpc --device gpu --help
has out "usage: fecforge verify ldpc --device gpu"; has out "channel"; has out "5 sqrt(N p (1-p)) + 2"
check help_verify_top 0 "$F" verify --help;        has out "verify ldpc --device gpu"
check help_ber 0 "$F" ber ldpc --help;             has out "--device D"; has out "--nmcw M"; has out "--gpus N"
check help_top 0 "$F" --help;                      has out "bench"

# usage errors: exit 2, naming the parameter and its range (checked before any device is looked for)
u() { local name=$1 text=$2; shift 2; check "$name" 2 "$F" "$@"; has err "$text"; }
u v_device "--device=tpu invalid: expected cpu or gpu"      verify ldpc --device tpu
u v_device2 "--device given more than once"                 verify ldpc --device gpu --device cpu
u v_code "--code nope"                                      verify ldpc --device gpu --code nope
u v_ncw "--ncw=0 out of range \[1, 32\]"                    verify ldpc --device gpu "${C[@]}" --ncw 0
u v_ns "--ns=65 out of range \[1, 64\]"                     verify ldpc --device gpu "${C[@]}" --ns 65
u v_nmcw "--nmcw=x invalid"                                 verify ldpc --device gpu "${C[@]}" --nmcw x
u v_kernel "--kernel=slow invalid: expected fused, edge or thesis" verify ldpc --device gpu "${C[@]}" --kernel slow
u v_k "K=5 out of range \[1, 4\] for wifi-648-5/6"          verify ldpc --device gpu --code all --decoder multilayer:5
u v_dec "--decoder=hw invalid"                              verify ldpc --device gpu "${C[@]}" --decoder hw
u v_frames "--frames=0 invalid"                             verify ldpc --device gpu "${C[@]}" --frames 0
u v_ebn0 "--ebn0=1,x invalid"                               verify ldpc --device gpu "${C[@]}" --ebn0 1,x
u v_float_fx "apply to the fixed mode, not to --float"      verify ldpc --device gpu "${C[@]}" --float --llr-width 5
u v_inshift "--in-shift=6 out of range \[0, 5\]"            verify ldpc --device gpu "${C[@]}" --in-shift 6
u v_threads "--threads=0 out of range"                      verify ldpc --device gpu "${C[@]}" --threads 0
u v_extra "unexpected argument 'x'"                         verify ldpc --device gpu "${C[@]}" x
u b_spa "--alg=spa invalid with --device gpu"               ber ldpc --device gpu "${C[@]}" --ebn0 1 --alg spa
u b_cpu_opts "need --device gpu"                            ber ldpc "${C[@]}" --ebn0 1 --ncw 2
u b_ncw "--ncw=33 out of range \[1, 32\]"                   ber ldpc --device gpu "${C[@]}" --ebn0 1 --ncw 33
u b_gpus "--gpus=-1 out of range"                           ber ldpc --device gpu "${C[@]}" --ebn0 1 --gpus -1
u b_inshift "--in-shift=6 out of range \[0, 5\]"            ber ldpc "${C[@]}" --ebn0 1 --fixed --in-shift 6
u n_cpu "bench/bench_ldpc_dec"                              bench ldpc --device cpu "${C[@]}"
u n_nodev "bench/bench_ldpc_dec"                            bench ldpc "${C[@]}"
u n_sweep "--sweep=t invalid"                               bench ldpc --device gpu --sweep t
u n_sweep_shape "not with --sweep"                          bench ldpc --device gpu --sweep table3.3 --ns 2
u n_all "--all needs --sweep"                               bench ldpc --device gpu --all
u n_layers "--layers=13 out of range \[1, 12\]"             bench ldpc --device gpu "${C[@]}" --layers 13
u n_iter "--iter=0 out of range"                            bench ldpc --device gpu "${C[@]}" --iter 0
u n_what "unknown benchmark 'turbo'"                        bench turbo

check devices 0 "$F" bench devices
ndev=$(head -1 "$t/out")
[[ "$ndev" =~ ^[0-9]+$ ]] || { echo "FAIL: bench devices printed '$ndev'"; fail=1; ndev=0; }

if [ "$ndev" -eq 0 ]; then
  # no device: runtime failure (exit 1) naming CUDA / the device, nothing on stdout
  for cmd in "verify ldpc --device gpu --code wifi-648-1/2 --frames 10" \
             "verify ldpc --device gpu --code wifi-648-1/2 --frames 10 --json" \
             "ber ldpc --device gpu --code wifi-648-1/2 --ebn0 1 --fixed --json" \
             "bench ldpc --device gpu --code wifi-648-1/2 --json" \
             "bench ldpc --device gpu --code wifi-648-1/2 --sweep table3.3"; do
    # shellcheck disable=SC2086
    check "nodev: $cmd" 1 "$F" $cmd
    grep -qiE "cuda|device" "$t/err" || { echo "FAIL nodev: $cmd: no 'CUDA' or 'device' in:"; cat "$t/err"; fail=1; }
    [ -s "$t/out" ] && { echo "FAIL nodev: $cmd: wrote to stdout"; fail=1; }
  done
  [ $fail -eq 0 ] && echo "gpu CLI: all checks passed (no CUDA device: GPU runs not tried)"
  exit $fail
fi

# ---- with a CUDA device ----
check verify_fixed 0 "$F" verify ldpc --device gpu --code wifi-648-1/2,wimax-576-1/2 --frames 200 --ebn0 1,3 --json
has out '"result": "match"'; cp "$t/out" "$t/v.json"
check verify_thesis 0 "$F" verify ldpc --device gpu --code wifi-648-1/2,wimax-576-1/2 --frames 200 --ebn0 1,3 \
  --kernel thesis --ns 2 --ncw 3 --nmcw 5 --threads 2
check verify_edge 0 "$F" verify ldpc --device gpu --code wifi-1296-2/3 --frames 200 --ebn0 1.5,3 --kernel edge \
  --decoder layered --ncw 2 --nmcw 7 --threads 2
check verify_packed 0 "$F" verify ldpc --device gpu --code wifi-1944-5/6 --frames 300 --ebn0 3,4 --kernel fused \
  --decoder layered --ncw 4 --nmcw 9 --threads 2
check verify_float 0 "$F" verify ldpc --device gpu --code wifi-648-1/2 --frames 200 --ebn0 1,3 --float --json
cp "$t/out" "$t/vf.json"
check ber_gpu 0 "$F" ber ldpc --device gpu "${C[@]}" --ebn0 1,2 --fixed --min-fe 20 --max-frames 3000 --seed 5 --json
cp "$t/out" "$t/bg.json"
check ber_cpu 0 "$F" ber ldpc "${C[@]}" --ebn0 1,2 --fixed --min-fe 20 --max-frames 3000 --seed 5 --json
cp "$t/out" "$t/bc.json"
check bench 0 "$F" bench ldpc --device gpu "${C[@]}" --iter 5 --batches 3 --json
cp "$t/out" "$t/n.json"
python3 - "$t" <<'PY' || { echo "FAIL: GPU JSON checks"; fail=1; }
import json, sys, os
t = sys.argv[1]
v = json.load(open(os.path.join(t, "v.json")))
assert [c["name"] for c in v["codes"]] == ["wifi-648-1/2", "wimax-576-1/2"]
for c in v["codes"]:
    assert [p["ebn0"] for p in c["points"]] == [1, 3]
    for p in c["points"]:
        assert p["frames"] == 200 and p["mismatches"] == 0 and p["ok"]
        assert p["frame_errors"] == p["gpu_frame_errors"] and p["iterations"] == p["gpu_iterations"]
        assert p["bit_errors"] == p["gpu_bit_errors"]
assert v["totals"]["frames"] == 800 and v["totals"]["mismatches"] == 0
assert v["tool"]["seed"] == 1 and v["mode"] == "fixed" and v["device"]["description"]
f = json.load(open(os.path.join(t, "vf.json")))
assert f["mode"] == "float" and all(p["ok"] for c in f["codes"] for p in c["points"])
g, c = json.load(open(os.path.join(t, "bg.json"))), json.load(open(os.path.join(t, "bc.json")))
assert g["device"] == "gpu" and g["gpu"]["description"]
assert len(g["points"]) == len(c["points"]) == 2
for a, b in zip(g["points"], c["points"]):
    for k in ("ebn0", "frames", "frame_errors", "bit_errors", "stop"):
        assert a[k] == b[k], (k, a[k], b[k])
    assert a["avg_iter"] == b["avg_iter"]
n = json.load(open(os.path.join(t, "n.json")))
assert n["code"] == "wifi-648-1/2" and n["iter"] == 5 and n["batch"] == n["ns"] * n["ncw"] * n["nmcw"]
assert n["kernel_ms"] > 0 and n["info_mbps_total"] > 0
PY
[ $fail -eq 0 ] && echo "gpu CLI: all checks passed ($ndev CUDA device(s))"
exit $fail
