#!/usr/bin/env bash
# NVRTC alone, on any machine (no GPU): vectorAdd_kernel.cu compiled to CUBIN for sm_XY,
# nvrtc_compile.rs (nvrtc-sys, loaded on first call) against nvrtc_compile.c (-DNVRTC_ONLY,
# -lnvrtc), ROUNDS rounds (default 10) in the orders of a Williams design, each run 10 compiles:
#   bash bench/nvrtc_cpu.sh [ROUNDS [sm_XY]]
# CUDA_PATH: a toolkit root with include/nvrtc.h and lib/libnvrtc.so.<major> (default: xtask's
# `gpu` toolkit, made from NVIDIA's wheels).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-10}
sm=${2:-sm_90}
cd "$root"
export CUDA_PATH=${CUDA_PATH:-$(cargo xtask headers "$root/.cuda-headers" gpu)}
lib=$(ls "$CUDA_PATH"/lib/libnvrtc.so.[0-9]* 2>/dev/null | head -1 || true)
[ -f "$CUDA_PATH/include/nvrtc.h" ] && [ -n "$lib" ] || {
    echo "nvrtc_cpu.sh: no include/nvrtc.h and lib/libnvrtc.so.* in $CUDA_PATH (set CUDA_PATH)" >&2; exit 2; }
work=$(mktemp -d)
gcc -O2 -Wall -Wextra -Werror -DNVRTC_ONLY -I"$CUDA_PATH/include" bench/nvrtc_compile.c \
    -L"$(dirname "$lib")" -l":$(basename "$lib")" -o "$work/nvrtc_compile_c"
# For C's libnvrtc, and for the builtins libnvrtc opens by name when it compiles (nvrtc-sys
# loads those itself, from beside the libnvrtc it found: the same files).
export LD_LIBRARY_PATH="$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
CARGO_TARGET_DIR=target/bench cargo build --release --quiet -p bench --example nvrtc_compile
cp target/bench/release/examples/nvrtc_compile "$work/nvrtc_compile_rust"
kernel=$root/lessons/kernels/vectorAdd_kernel.cu
pin=()
if command -v taskset >/dev/null && taskset -c 0 true 2>/dev/null; then pin=(taskset -c 0); fi
echo "NVRTC $lib, $sm, $rounds rounds${pin[*]:+, pinned to core 0}; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
r=0
while read -r order; do
    r=$((r + 1))
    for i in $order; do
        if [ "$i" = 0 ]; then
            ${pin[@]+"${pin[@]}"} "$work/nvrtc_compile_c" "$kernel" "$sm" > "$work/c.$r.txt"
        else
            ${pin[@]+"${pin[@]}"} "$work/nvrtc_compile_rust" "$sm" > "$work/rust.$r.txt"
        fi
    done
done < <(python3 bench/analyse.py order 2 "$rounds")
grep -h '^#' "$work"/*.1.txt
python3 bench/analyse.py compile "$work" c rust
echo "raw output in $work"
