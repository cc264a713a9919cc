#!/usr/bin/env bash
# A rehearsal of the GPU run on a machine without a GPU, before the GPU's time is spent:
#   bash bench/dry_run.sh [DIR]
# bench/fake_gpu.c, built as libcuda.so.1 and libcudart.so.13, stands in for the driver and the
# runtime in a toolkit-shaped folder (target/fake-gpu: include/ from CUDA_PATH, lib64/); then
#   1. bench/gpu.sh runs every section on the bundle in DIR (default .gpu/bench, built with
#      bench/bundle.sh if missing), with few rounds: the C builds, the runs, the parsing and
#      the analysis all happen as on the GPU machine;
#   2. the runtime lessons' GPU tests (lessons/tests/on_gpu.rs) run against the same fakes;
#   3. so does vector_add_nvrtc's, its kernel compiled by the real NVRTC (the toolkit's, from
#      the wheel), and the NVRTC lessons run with the fake driver and no NVRTC.
# The figures mean nothing; what fails here would fail on the GPU machine.
# CUDA_PATH: a toolkit root of the GPU machine's CUDA, as for bundle.sh (default: xtask's `gpu`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(realpath -m "${1:-$root/.gpu/bench}")
cd "$root"
export CUDA_PATH=${CUDA_PATH:-$(cargo xtask headers "$root/.cuda-headers" gpu)}
fake=$root/target/fake-gpu
major=$(sed -n 's/^#define CUDA_VERSION \([0-9]*\)[0-9]\{3\}$/\1/p' "$CUDA_PATH/include/cuda.h")
[ -n "$major" ] || { echo "dry_run.sh: no cuda.h in $CUDA_PATH/include" >&2; exit 1; }

rm -rf "$fake"
mkdir -p "$fake/lib64/stubs"
ln -s "$CUDA_PATH/include" "$fake/include"
fakes() { gcc -O2 -Wall -Wextra -Werror -shared -fPIC -I"$CUDA_PATH/include" bench/fake_gpu.c "$@" -lm -ldl; }
fakes -DFAKE_DRIVER -Wl,-soname,libcuda.so.1 -o "$fake/lib64/libcuda.so.1"
cp "$fake/lib64/libcuda.so.1" "$fake/lib64/stubs/libcuda.so"
fakes -DFAKE_RUNTIME -Wl,-soname,"libcudart.so.$major" -o "$fake/lib64/libcudart.so.$major"
ln -s "libcudart.so.$major" "$fake/lib64/libcudart.so"
# NVRTC is real (the toolkit's, from NVIDIA's wheel): it needs no GPU.
for nvrtc in "$CUDA_PATH"/lib/libnvrtc*.so.*; do ln -s "$nvrtc" "$fake/lib64/"; done
ln -s "libnvrtc.so.$major" "$fake/lib64/libnvrtc.so"

[ -x "$dir/pinned_copy" ] || bash bench/bundle.sh "$dir"
echo "== 1. bench/gpu.sh on the fakes"
# (The bundle's loaded runtime would otherwise find the real libcudart of CUDA_PATH first.)
CUDA_HOME=$fake CUDART_SYS_LIBCUDART_PATH=$fake/lib64/libcudart.so.$major FAKE_GPU_NO_COPY=1 \
    BANDWIDTH_RUNS=2 RUNTIME_BANDWIDTH_ROUNDS=2 PROTOCOL_ROUNDS=5 NVRTC_ROUNDS=2 bash bench/gpu.sh "$dir"

echo "== 2. the runtime lessons' GPU tests on the fakes"
export CARGO_TARGET_DIR=target/dry-run
cargo build -p lessons --examples
CUDART_SYS_LIBCUDART_PATH=$fake/lib64/libcudart.so.$major LD_LIBRARY_PATH=$fake/lib64 \
    cargo test -p lessons --features gpu-tests --test on_gpu runtime_ -- --nocapture

echo "== 3. vector_add_nvrtc's GPU test on the fake driver with the real NVRTC, and the NVRTC lessons without NVRTC"
LD_LIBRARY_PATH=$fake/lib64 cargo test -p lessons --features gpu-tests --test on_gpu vector_add_nvrtc -- --nocapture
LD_LIBRARY_PATH=$fake/lib64 cargo test -p lessons --test without_a_driver nvrtc_lessons -- --nocapture
echo "dry run passed"
