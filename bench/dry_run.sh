#!/usr/bin/env bash
# A rehearsal of the GPU run on a machine without a GPU, before the GPU's time is spent:
#   bash bench/dry_run.sh [DIR]
# bench/fake_gpu.c, built as libcuda.so.1, libcudart.so.13, libcublas.so.13, libcufft and libcurand,
# stands in for the driver, the runtime, cuBLAS, cuFFT and cuRAND in a toolkit-shaped folder (target/fake-gpu: include/ from
# CUDA_PATH, lib64/); then
#   1. bench/gpu.sh runs every section on the bundle in DIR (default .gpu/bench, built with
#      bench/bundle.sh if missing), with few rounds: the C builds, the runs, the parsing and
#      the analysis all happen as on the GPU machine;
#   2. the runtime and cuBLAS lessons' GPU tests (lessons/tests/on_gpu.rs) run against the same
#      fakes (not the cuBLASLt lesson: the fake has no cuBLASLt);
#   3. so does vector_add_nvrtc's, its kernel compiled by the real NVRTC (the toolkit's, from
#      the wheel), and the NVRTC lessons run with the fake driver and no NVRTC;
#   4. the cuBLASLt lesson, past cudaSetDevice, without libcublasLt: exit 1 and check_cublaslt!'s
#      message.
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
fakes -DFAKE_CUBLAS -Wl,-soname,"libcublas.so.$major" -L"$fake/lib64" -lcudart -o "$fake/lib64/libcublas.so.$major"
ln -s "libcublas.so.$major" "$fake/lib64/libcublas.so"
# gpu.sh hands the Rust program the libcublasLt gemm_c links to; the fake's is the fake itself.
ln -s "libcublas.so.$major" "$fake/lib64/libcublasLt.so.$major"
# cuFFT's and cuRAND's files are named by their own majors (what cuda-loader's descriptions say).
cufft_so=$(cd "$CUDA_PATH/include" && printf 'libcufft.so.%d' "$(sed -n 's/^#define CUFFT_VER_MAJOR *\([0-9]*\).*/\1/p' cufft.h)")
fakes -DFAKE_CUFFT -Wl,-soname,"$cufft_so" -L"$fake/lib64" -lcudart -o "$fake/lib64/$cufft_so"
ln -s "$cufft_so" "$fake/lib64/libcufft.so"
fakes -DFAKE_CURAND -Wl,-soname,libcurand.so.10 -L"$fake/lib64" -lcudart -o "$fake/lib64/libcurand.so.10"
ln -s libcurand.so.10 "$fake/lib64/libcurand.so"
# NVRTC is real (the toolkit's, from NVIDIA's wheel): it needs no GPU.
for nvrtc in "$CUDA_PATH"/lib/libnvrtc*.so.*; do ln -s "$nvrtc" "$fake/lib64/"; done
ln -s "libnvrtc.so.$major" "$fake/lib64/libnvrtc.so"

[ -x "$dir/pinned_copy" ] || bash bench/bundle.sh "$dir"
echo "== 1. bench/gpu.sh on the fakes"
# (The bundle's loaded runtime would otherwise find the real libcudart of CUDA_PATH first.)
CUDA_HOME=$fake CUDART_SYS_LIBCUDART_PATH=$fake/lib64/libcudart.so.$major FAKE_GPU_NO_COPY=1 \
    BANDWIDTH_RUNS=2 RUNTIME_BANDWIDTH_ROUNDS=2 PROTOCOL_ROUNDS=5 NVRTC_ROUNDS=2 GEMM_ROUNDS=2 GEMM_BATCH_MS=2 \
    MATH_ROUNDS=2 MATH_BATCH_MS=2 MATH_SIZE="64 2 1" \
    bash bench/gpu.sh "$dir" calls runtime-calls bandwidth runtime-bandwidth pinned-protocol nvrtc gemm math

echo "== 2. the TensorRT-shaped runtime lessons' and the cuBLAS lessons' GPU tests on the fakes"
export CARGO_TARGET_DIR=target/dry-run
cargo build -p lessons --examples
# (The ports of NVIDIA's C++ samples, runtime_simple_streams and the rest, need more of the runtime
# than the fake has: they run on the GPU machine, beside nvcc's builds, with lessons/cpp-samples.)
for lessons in runtime_buffers runtime_driver_interop _cublas_; do
    CUDART_SYS_LIBCUDART_PATH=$fake/lib64/libcudart.so.$major CUBLAS_SYS_LIBCUBLAS_PATH=$fake/lib64/libcublas.so.$major \
        LD_LIBRARY_PATH=$fake/lib64 cargo test -p lessons --features gpu-tests --test on_gpu "$lessons" -- --nocapture
done

echo "== 3. vector_add_nvrtc's GPU test on the fake driver with the real NVRTC, and the NVRTC lessons without NVRTC"
LD_LIBRARY_PATH=$fake/lib64 cargo test -p lessons --features gpu-tests --test on_gpu vector_add_nvrtc -- --nocapture
LD_LIBRARY_PATH=$fake/lib64 cargo test -p lessons --test without_a_driver nvrtc_lessons -- --nocapture

echo "== 4. past cudaSetDevice (the fake runtime), the cuBLASLt lesson without libcublasLt: exit 1 with check_cublaslt!'s reason"
status=0
out=$(CUDART_SYS_LIBCUDART_PATH=$fake/lib64/libcudart.so.$major CUBLAS_SYS_LIBCUBLASLT_PATH=/nonexistent/libcublasLt.so.$major \
    LD_LIBRARY_PATH=$fake/lib64 "$CARGO_TARGET_DIR/debug/examples/bf16_matmul_cublaslt" 2>&1) || status=$?
echo "$out"
[ "$status" = 1 ] && grep -q ' cublasLtCreate(&mut lt) failed. ' <<<"$out" \
    && grep -q 'code = CUBLAS_STATUS_NOT_INITIALIZED, message = cuBLASLt (libcublasLt) could not be loaded: /nonexistent/' <<<"$out" \
    && ! grep -q panicked <<<"$out" || { echo "dry_run.sh: the cuBLASLt lesson did not fail as it should (exit $status)" >&2; exit 1; }
echo "dry run passed"
