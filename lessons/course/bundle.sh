#!/usr/bin/env bash
# Builds, here (no GPU needed), what run.sh runs on the GPU machine, into DIR (default
# .gpu/course), one folder of under 60 MiB:
#   DIR/examples/course_*        the course lessons' ports (release; their kernels compiled at
#                                build time by NVRTC, CUBIN for sm_80 and sm_90, PTX for JIT)
#   DIR/cpp/                     the C++ nvcc builds beside them: the course's main.cpp files
#                                (book/c/course_*.cpp) and .cu files (lessons/kernels/course/)
#   DIR/deps/on_gpu              lessons' GPU tests (they find the lessons in DIR/examples)
#   DIR/deps/cu_kernels_gpu      cu-kernels' GPU tests (their .cu embedded)
#   DIR/deps/cudart_cpp_gpu      cudart-sys's GPU test of the cpp module
#   DIR/bench/                   the launch benchmark: bin/launch, launch.cu, gpu.sh, analyse.py
#                                and the C gpu.sh builds
#   DIR/run.sh, DIR/lessons.txt  the script for the GPU machine and its table
# Then copy DIR there and run: bash DIR/run.sh
#
# The GPU machine has CUDA 13.0: the build uses its headers and NVRTC (the lessons load
# libcudart.so.13; NVRTC compiles the kernels here):
#   cargo xtask headers .cuda-headers gpu && CUDA_PATH=$PWD/.cuda-headers/13.0 bash lessons/course/bundle.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(realpath -m "${1:-$root/.gpu/course}")
cd "$root"
if [ -z "${CUDA_PATH:-}" ] || ! grep -Eq '^#define CUDA_VERSION 13[0-9]{3}' "$CUDA_PATH/include/cuda.h" 2>/dev/null \
    || ! ls "$CUDA_PATH"/lib/libnvrtc.so.* >/dev/null 2>&1; then
    echo "bundle.sh: set CUDA_PATH to a CUDA 13 toolkit root with lib/libnvrtc.so.* (the GPU machine has 13.0):" >&2
    echo "  cargo xtask headers .cuda-headers gpu && CUDA_PATH=\$PWD/.cuda-headers/13.0 bash lessons/course/bundle.sh" >&2
    exit 1
fi
export CUDA_PATH
echo "bundle.sh: building against $CUDA_PATH ($(grep -E '^#define CUDA_VERSION ' "$CUDA_PATH/include/cuda.h"))"
lessons=$(awk '!/^#/ && NF { print $1 }' lessons/course/lessons.txt)
rm -rf "$dir" && mkdir -p "$dir/examples" "$dir/deps" "$dir/cpp" "$dir/bench/bin"

export CARGO_TARGET_DIR=target/gpu-course
cargo build --release -p lessons -p bench $(printf -- '--example %s ' $lessons) --example launch
for lesson in $lessons; do cp "$CARGO_TARGET_DIR/release/examples/$lesson" "$dir/examples/"; done
cp "$CARGO_TARGET_DIR/release/examples/launch" "$dir/bench/bin/"
test_binary() { # test_binary PACKAGE TEST FEATURES: the path of that test's executable
    cargo test --release -p "$1" --test "$2" --features "$3" --no-run --message-format=json \
        | python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == sys.argv[1]:
        print(m["executable"])' "$2"
}
cp "$(test_binary lessons on_gpu gpu-tests)" "$dir/deps/on_gpu"
cp "$(test_binary cu-kernels gpu gpu-tests)" "$dir/deps/cu_kernels_gpu"
cp "$(test_binary cudart-sys cpp_gpu gpu-tests)" "$dir/deps/cudart_cpp_gpu"
# Every launch must have been compiled here: a port compiled at first use would measure NVRTC.
for lesson in $lessons; do
    if strings "$dir/examples/$lesson" | grep -q "the build machine had no NVRTC"; then
        echo "bundle.sh: $lesson was built without NVRTC" >&2; exit 1
    fi
done
cp book/c/course_*.cpp lessons/kernels/course/*.cu lessons/kernels/course/LICENSE "$dir/cpp/"
cp bench/launch.cu bench/gpu.sh bench/analyse.py bench/*.c bench/*.h "$dir/bench/"
cp lessons/course/run.sh lessons/course/lessons.txt "$dir/"
strip "$dir"/examples/* "$dir"/deps/* "$dir"/bench/bin/*
du -sh "$dir"
size=$(du -sm "$dir" | cut -f1)
[ "$size" -lt 60 ] || { echo "bundle.sh: $dir is $size MiB, over 60" >&2; exit 1; }
ls -la "$dir" "$dir/examples" "$dir/deps" "$dir/bench" "$dir/bench/bin"
