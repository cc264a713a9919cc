#!/usr/bin/env bash
# Builds the Rust side of the GPU benchmarks, in release, into DIR (default .gpu/bench):
#   call_overhead, call_overhead_link          driver calls; libcuda loaded on first call / linked
#   runtime_call_overhead, ..._link            runtime calls; libcudart loaded / linked
#   bandwidth                                  the bandwidth lesson (libcuda loaded)
#   pinned_copy, pinned_copy_link              the lesson's pinned copies; libcuda loaded / linked
#   runtime_bandwidth                          pinned cudaMemcpy (libcudart loaded)
#   all_reduce                                 NCCL all-reduce sweep (libnccl loaded)
#   nvrtc_compile                              NVRTC compile and load (libnvrtc, libcuda loaded)
#   gemm                                       cuBLAS GEMMs (libcublas loaded)
#   math                                       cuFFT and cuRAND (loaded)
#   cudnn                                      cuDNN convolution forward (libcudnn loaded)
#   launch                                     launch! of a cu-kernels kernel (launch.cu,
#                                              compiled by NVRTC here, for sm_90)
#   vectorAdd_kernel.cu                        the kernel nvrtc_compile.c compiles
# Then, on the GPU machine: bash bench/gpu.sh DIR
#
# The runtime is found and linked by the header's major (libcudart.so.13 for CUDA 13), so the
# build must use the GPU machine's major: CUDA_PATH names such a toolkit root (default: xtask's
# `gpu` toolkit, which `cargo xtask headers DIR gpu` makes). Linking needs no toolkit: libcuda is
# linked against .ci/libcuda-stub, libcudart against that root's lib/libcudart.so.13 by its
# full name. The builds with RUSTFLAGS of their own have a target folder of their own.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(realpath -m "${1:-$root/.gpu/bench}")
cd "$root"
gpu=$(cargo xtask headers "$root/.cuda-headers" gpu)
CUDA_PATH=${CUDA_PATH:-$gpu}
# The GPU machine's major: what its header says.
major() { sed -n 's/^#define CUDA_VERSION \([0-9]*\)[0-9]\{3\}$/\1/p' "$1/include/cuda.h" 2>/dev/null; }
if [ "$(major "$CUDA_PATH")" != "$(major "$gpu")" ]; then
    echo "bundle.sh: set CUDA_PATH to a toolkit root of the GPU machine's CUDA major ($(major "$gpu")), e.g." >&2
    echo "  CUDA_PATH=$gpu bash bench/bundle.sh   (cargo xtask headers DIR gpu makes it)" >&2
    exit 1
fi
export CUDA_PATH
# nccl.h: NVIDIA's oldest CUDA 13 NCCL wheel (cargo xtask nccl), so that the bundle loads the
# GPU machine's NCCL (2.28) and any newer one (nccl-sys refuses a library older than its header).
if [ -z "${NCCL_HOME:-}" ]; then
    NCCL_HOME=$(cargo xtask nccl "$root/.homes")
fi
export NCCL_HOME
echo "bundle.sh: nccl.h of $NCCL_HOME ($(grep -E '^#define NCCL_VERSION_CODE ' "$NCCL_HOME/include/nccl.h"))"
echo "bundle.sh: building against $CUDA_PATH ($(grep -E '^#define CUDA_VERSION ' "$CUDA_PATH/include/cuda.h"))"
mkdir -p "$dir"

CARGO_TARGET_DIR=target/bench cargo build --release -p bench -p lessons \
    --example call_overhead --example runtime_call_overhead --example runtime_bandwidth \
    --example pinned_copy --example bandwidth --example all_reduce --example nvrtc_compile --example gemm --example math --example cudnn --example launch
for b in call_overhead runtime_call_overhead runtime_bandwidth pinned_copy bandwidth all_reduce nvrtc_compile gemm math cudnn launch; do
    cp "target/bench/release/examples/$b" "$dir/$b"
done

stub="$root/target/libcuda-stub"
.ci/libcuda-stub "$stub"
CARGO_TARGET_DIR=target/bench-link RUSTFLAGS="-L $stub" \
    cargo build --release -p bench --features link --example call_overhead --example pinned_copy
for b in call_overhead pinned_copy; do
    cp "target/bench-link/release/examples/$b" "$dir/${b}_link"
done

CARGO_TARGET_DIR=target/bench cargo build --release -p bench --features runtime-link --example runtime_call_overhead
cp target/bench/release/examples/runtime_call_overhead "$dir/runtime_call_overhead_link"

rm -f "$dir/vectorAdd_kernel.cu" # (copied last: strip and readelf take only binaries)
strip "$dir"/*
# What each binary links: libcuda only in the `link` builds, libcudart only in runtime_call_overhead_link.
for b in "$dir"/*; do
    echo "$(basename "$b"): $(readelf -d "$b" | sed -n 's/.*(NEEDED).*\[\(libcud[^]]*\)\].*/\1/p' | tr '\n' ' ')"
done
# The kernel nvrtc_compile.c reads (nvrtc_compile.rs has it built in), beside the binaries: gpu.sh
# finds it there, on a machine without this checkout.
cp lessons/kernels/vectorAdd_kernel.cu "$dir/"
ls -la "$dir"
