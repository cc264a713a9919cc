#!/usr/bin/env bash
# The NVRTC lessons beside NVIDIA's C++ originals, on a GPU machine (issue 17, item 5).
#
# Here (Rust, network):      bash lessons/nvrtc_samples.sh prepare [CUDA_SAMPLES_CHECKOUT]
#   copies NVIDIA's samples (BSD-3-Clause; from a git checkout of NVIDIA/cuda-samples,
#   default /work/.mirror/NVIDIA+cuda-samples/repo) into .samples/nvrtc/ (ignored: never
#   committed; other folders of .samples/ are other scripts'),
#   and builds the NVRTC lessons in release into .gpu/nvrtc/ against a toolkit root of the GPU
#   machine's CUDA ($CUDA_PATH, default: xtask's `gpu` toolkit, made from NVIDIA's wheels).
# There (GPU, nvcc, no Rust): bash lessons/nvrtc_samples.sh run
#   with .samples/nvrtc/ and .gpu/nvrtc/ carried over: builds each C++ sample with nvcc from
#   $CUDA_HOME (default /usr/local/cuda), runs it, runs the lesson that ports it, shows both
#   outputs and their diff, then runs every lesson under compute-sanitizer (memcheck, full leak
#   check). Exits 1 if a sample or a lesson fails or the sanitizer reports an error.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
samples=$root/.samples/nvrtc
bins=$root/.gpu/nvrtc

# lesson  sample  folder of Samples/  host file  kernel file
table="vector_add_nvrtc vectorAdd_nvrtc 0_Introduction vectorAdd.cpp vectorAdd_kernel.cu
matrix_mul_nvrtc matrixMul_nvrtc 0_Introduction matrixMul.cpp matrixMul_kernel.cu
clock_nvrtc clock_nvrtc 0_Introduction clock.cpp clock_kernel.cu
inline_ptx_nvrtc inlinePTX_nvrtc 2_Concepts_and_Techniques inlinePTX.cpp inlinePTX_kernel.cu"

prepare() {
    local checkout=${1:-/work/.mirror/NVIDIA+cuda-samples/repo}
    git -C "$checkout" rev-parse --verify -q HEAD >/dev/null || {
        echo "nvrtc_samples.sh: $checkout is not a git checkout of NVIDIA/cuda-samples" >&2; exit 2; }
    rm -rf "$samples" && mkdir -p "$samples"
    local paths=(Common LICENSE)
    while read -r _ sample folder _ _; do paths+=("Samples/$folder/$sample"); done <<< "$table"
    # File by file from git's objects: works on a mirror without a work tree (whose other
    # large files may be absent). Of Common/, the top-level headers only.
    local file
    git -C "$checkout" ls-tree -r --name-only HEAD -- "${paths[@]}" | grep -Ev '^Common/.*/' | while read -r file; do
        mkdir -p "$samples/$(dirname "$file")"
        git -C "$checkout" show "HEAD:$file" > "$samples/$file"
    done
    git -C "$checkout" rev-parse HEAD > "$samples/COMMIT"
    echo "NVIDIA/cuda-samples $(cat "$samples/COMMIT") in $samples: $(find "$samples" -type f | wc -l) files"

    local gpu
    gpu=$(cargo xtask headers "$root/.cuda-headers" gpu)
    CUDA_PATH=${CUDA_PATH:-$gpu}
    # NVRTC is loaded by the header's major (libnvrtc.so.13): the GPU machine's.
    major() { sed -n 's/^#define CUDA_VERSION \([0-9]*\)[0-9]\{3\}$/\1/p' "$1/include/cuda.h" 2>/dev/null; }
    if [ "$(major "$CUDA_PATH")" != "$(major "$gpu")" ] || [ ! -f "$CUDA_PATH/include/nvrtc.h" ]; then
        echo "nvrtc_samples.sh: set CUDA_PATH to a toolkit root with nvrtc.h of the GPU machine's CUDA major ($(major "$gpu")), e.g. $gpu" >&2
        exit 2
    fi
    export CUDA_PATH
    local lessons=()
    while read -r lesson _; do lessons+=(--example "$lesson"); done <<< "$table"
    CARGO_TARGET_DIR=$root/target/nvrtc-gpu cargo build --release -p lessons "${lessons[@]}"
    mkdir -p "$bins"
    while read -r lesson _; do cp "$root/target/nvrtc-gpu/release/examples/$lesson" "$bins/"; done <<< "$table"
    strip "$bins"/*
    ls -la "$bins"
    echo "On the GPU machine, with .samples/nvrtc and .gpu/nvrtc carried over: bash lessons/nvrtc_samples.sh run"
}

run() {
    local cuda=${CUDA_HOME:-/usr/local/cuda}
    [ -x "$cuda/bin/nvcc" ] || { echo "nvrtc_samples.sh: no $cuda/bin/nvcc (set CUDA_HOME)" >&2; exit 2; }
    [ -f "$samples/Common/nvrtc_helper.h" ] || {
        echo "nvrtc_samples.sh: no $samples: run 'bash lessons/nvrtc_samples.sh prepare' where Rust is" >&2; exit 2; }
    export LD_LIBRARY_PATH="$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    local work failed=() lesson sample folder host kernel
    work=$(mktemp -d)
    nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader || true
    "$cuda/bin/nvcc" --version | tail -2
    echo "NVIDIA/cuda-samples $(cat "$samples/COMMIT" 2>/dev/null || echo '?')"

    while read -r lesson sample folder host kernel; do
        echo
        echo "======== $sample (NVIDIA's C++, nvcc) and $lesson (Rust)"
        local src=$samples/Samples/$folder/$sample dir=$work/$sample
        mkdir -p "$dir"
        # The sample finds its kernel in the working directory (sdkFindFilePath's "./").
        cp "$src/$kernel" "$dir/"
        if [ "$sample" = matrixMul_nvrtc ]; then
            # compileFileToCUBIN passes --include-path to where it finds cooperative_groups.h;
            # NVRTC ships none of these headers (from CUDA 13, CCCL's are in include/cccl).
            local cccl=$cuda/include
            [ -d "$cuda/include/cccl/nv" ] && cccl=$cuda/include/cccl
            cp -r "$cuda/include/cooperative_groups.h" "$cuda/include/cooperative_groups" "$cccl/nv" "$cccl/cuda" \
                "$dir/" || echo "nvrtc_samples.sh: some headers matrixMul_nvrtc's kernel includes are missing"
        fi
        if ! "$cuda/bin/nvcc" -std=c++17 -O2 -I"$samples/Common" -o "$dir/$sample" "$src/$host" \
            -L"$cuda/lib64/stubs" -lnvrtc -lcuda \
            > "$dir/build.log" 2>&1; then
            cat "$dir/build.log"
            failed+=("$sample (C++, nvcc build)")
        elif ! (cd "$dir" && "./$sample") > "$work/$sample.c++.out" 2>&1; then
            failed+=("$sample (C++)")
        fi
        echo "---- $sample"
        cat "$work/$sample.c++.out" 2>/dev/null || true
        echo "---- $lesson"
        if ! "$bins/$lesson" > "$work/$lesson.rust.out" 2>&1; then
            failed+=("$lesson (Rust)")
        fi
        cat "$work/$lesson.rust.out"
        echo "---- diff $sample $lesson"
        diff "$work/$sample.c++.out" "$work/$lesson.rust.out" || true
    done <<< "$table"

    echo
    echo "======== compute-sanitizer --tool memcheck --leak-check full, each lesson"
    local sanitizer=$cuda/bin/compute-sanitizer
    [ -x "$sanitizer" ] || sanitizer=$(command -v compute-sanitizer || true)
    if [ -z "$sanitizer" ]; then
        failed+=("compute-sanitizer (not found)")
    else
        while read -r lesson _; do
            if "$sanitizer" --tool memcheck --leak-check full --error-exitcode 99 "$bins/$lesson" \
                > "$work/$lesson.sanitizer" 2>&1; then
                status=0
            else
                status=$?
                failed+=("$lesson (compute-sanitizer exit $status)")
            fi
            echo "$lesson: $(grep -E 'ERROR SUMMARY|LEAK SUMMARY' "$work/$lesson.sanitizer" | tr '\n' ' ')(exit $status)"
        done <<< "$table"
    fi
    echo
    echo "everything is in $work"
    if [ ${#failed[@]} -gt 0 ]; then
        echo "nvrtc_samples.sh: FAILED: ${failed[*]}" >&2
        exit 1
    fi
    echo "nvrtc_samples.sh: every sample and lesson ran; the sanitizer found nothing"
}

case "${1:-}" in
    prepare) shift; prepare "$@" ;;
    run) run ;;
    *) echo "usage: bash lessons/nvrtc_samples.sh prepare [CUDA_SAMPLES_CHECKOUT] | run" >&2; exit 2 ;;
esac
