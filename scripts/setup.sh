#!/usr/bin/env bash
# Installs the Debian packages fecforge needs, if any is missing. Idempotent and quiet when
# everything is present. As root it installs them; otherwise it prints the apt-get line and fails.
set -euo pipefail
packages=(cmake make gcc g++ libc6-dev pkg-config libcunit1-dev gnuplot-nox verilator iverilog yosys libsystemc-dev zlib1g-dev jq ccache)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "fecforge needs these Debian packages: ${missing[*]}" >&2
  echo "run as root:  apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
