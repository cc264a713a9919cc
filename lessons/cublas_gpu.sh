#!/usr/bin/env bash
# The cuBLAS lessons on a GPU machine with no Rust (issue 18): each lesson's output, then each
# under compute-sanitizer (memcheck, full leak check), with a one-line summary per lesson.
#
# Here:  CUDA_PATH=.cuda-headers/13.0 ../shared/gpu/bundle --features lessons/gpu-tests
#        (or any build leaving the lessons in .gpu/examples/lessons--NAME--NAME)
# There: bash lessons/cublas_gpu.sh            ($CUDA_HOME, default /usr/local/cuda, supplies
#        libcublas.so.13 through LD_LIBRARY_PATH, and compute-sanitizer)
# Exits 1 if a lesson fails or the sanitizer reports an error or a leak.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
export LD_LIBRARY_PATH="$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
sanitizer=$cuda/bin/compute-sanitizer
cd "$root"
failed=()
for lesson in simple_cublas matrix_mul_cublas bf16_matmul_cublaslt; do
    exe=.gpu/examples/lessons--$lesson--$lesson
    [ -x "$exe" ] || { echo "cublas_gpu.sh: no $exe: bundle the lessons first (see the top of this file)" >&2; exit 2; }
    echo "=== $lesson"
    "$exe" || failed+=("$lesson")
done
for lesson in simple_cublas matrix_mul_cublas bf16_matmul_cublaslt; do
    echo "=== compute-sanitizer memcheck --leak-check full: $lesson"
    log=$(mktemp)
    "$sanitizer" --tool memcheck --leak-check full ".gpu/examples/lessons--$lesson--$lesson" > "$log" 2>&1
    status=$?
    grep -E '^========= (ERROR SUMMARY|LEAK SUMMARY)|^========= Program hit|^=========     Saved' "$log" | sort | uniq -c
    tail -1 "$log"
    grep -q '^========= ERROR SUMMARY: 0 errors' "$log" && [ "$status" = 0 ] || failed+=("$lesson (sanitizer)")
    rm -f "$log"
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "cublas_gpu.sh: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "cublas_gpu.sh: all cuBLAS lessons passed, sanitizer clean"
