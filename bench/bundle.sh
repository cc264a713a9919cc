#!/usr/bin/env bash
# Builds the Rust side of the GPU benchmarks, in release, into DIR (default .gpu/bench):
#   call_overhead, call_overhead_link          driver calls; libcuda loaded on first call / linked
#   runtime_call_overhead, ..._link            runtime calls; libcudart loaded / linked
#   bandwidth                                  the bandwidth lesson (libcuda loaded)
#   pinned_copy, pinned_copy_link              the lesson's pinned copies; libcuda loaded / linked
#   runtime_bandwidth                          pinned cudaMemcpy (libcudart loaded)
#   gemm                                       cuBLAS GEMMs (libcublas loaded)
# Then, on the GPU machine: bash bench/gpu.sh DIR
#
# The runtime is found and linked by the header's major (libcudart.so.13 for CUDA 13), so the
# build must use the GPU machine's major: CUDA_PATH names a CUDA 13 toolkit root (default:
# .cuda-headers/13.0, which `cargo xtask headers` makes). Linking needs no toolkit: libcuda is
# linked against .ci/libcuda-stub, libcudart against that root's lib/libcudart.so.13 by its
# full name. Each build has its own target folder (the features differ).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(realpath -m "${1:-$root/.gpu/bench}")
cd "$root"
if [ -z "${CUDA_PATH:-}" ] && [ -f "$root/.cuda-headers/13.0/include/cuda.h" ]; then
    CUDA_PATH=$root/.cuda-headers/13.0
fi
if [ -z "${CUDA_PATH:-}" ] || ! grep -Eq '^#define CUDA_VERSION 13[0-9]{3}' "$CUDA_PATH/include/cuda.h" 2>/dev/null; then
    echo "bundle.sh: set CUDA_PATH to a CUDA 13 toolkit root (the GPU machine has CUDA 13.0), e.g." >&2
    echo "  CUDA_PATH=/path/to/.cuda-headers/13.0 bash bench/bundle.sh   (cargo xtask headers makes it)" >&2
    exit 1
fi
export CUDA_PATH
echo "bundle.sh: building against $CUDA_PATH ($(grep -E '^#define CUDA_VERSION ' "$CUDA_PATH/include/cuda.h"))"
mkdir -p "$dir"

CARGO_TARGET_DIR=target/bench cargo build --release -p bench -p lessons \
    --example call_overhead --example runtime_call_overhead --example runtime_bandwidth \
    --example pinned_copy --example bandwidth --example gemm
for b in call_overhead runtime_call_overhead runtime_bandwidth pinned_copy bandwidth gemm; do
    cp "target/bench/release/examples/$b" "$dir/$b"
done

stub="$root/target/libcuda-stub"
.ci/libcuda-stub "$stub"
CARGO_TARGET_DIR=target/bench-link RUSTFLAGS="-L $stub" \
    cargo build --release -p bench --features link --example call_overhead --example pinned_copy
for b in call_overhead pinned_copy; do
    cp "target/bench-link/release/examples/$b" "$dir/${b}_link"
done

CARGO_TARGET_DIR=target/bench-runtime-link \
    cargo build --release -p bench --features runtime-link --example runtime_call_overhead
cp target/bench-runtime-link/release/examples/runtime_call_overhead "$dir/runtime_call_overhead_link"

strip "$dir"/*
# What each binary links: libcuda only in the `link` builds, libcudart only in runtime_call_overhead_link.
for b in "$dir"/*; do
    echo "$(basename "$b"): $(readelf -d "$b" | sed -n 's/.*(NEEDED).*\[\(libcud[^]]*\)\].*/\1/p' | tr '\n' ' ')"
done
ls -la "$dir"
