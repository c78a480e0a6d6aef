#!/usr/bin/env bash
# The GPU outputs of golden.list (kind gpu) against cli/tests/golden-gpu/ (exit 77 without a CUDA device).
exec bash "$(dirname "$0")/golden.sh" "$1" gpu
