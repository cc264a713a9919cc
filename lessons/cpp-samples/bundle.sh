#!/usr/bin/env bash
# Builds, here (no GPU needed), what run.sh runs on the GPU machine, into DIR (default
# .gpu/cpp):
#   DIR/examples/LESSON           the lessons of samples.txt, porting NVIDIA's C++ samples (release)
#   DIR/deps/on_gpu               lessons' GPU tests (--features gpu-tests); they find the
#                                 lessons in DIR/examples
#   DIR/deps/cudart_cpp_gpu       cudart-sys's GPU test of the cpp module
#   DIR/samples/                  NVIDIA's sample sources (.samples/, see collect.sh)
#   DIR/run.sh, DIR/samples.txt   the script for the GPU machine and its table
#   DIR/freeimage/                our FreeImage stand-in, for NVIDIA's NPP samples where the
#                                 GPU machine has no FreeImage
# Then copy DIR there and run: bash DIR/run.sh
#
# The GPU machine has CUDA 13: the build must use CUDA 13 headers (the lessons load
# libcudart.so.13) that include the profiler's (matrixMul calls cudaProfilerStart):
#   cargo xtask headers .cuda-headers && CUDA_PATH=$PWD/.cuda-headers/13.0 bash lessons/cpp-samples/bundle.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(realpath -m "${1:-$root/.gpu/cpp}")
cd "$root"
if [ -z "${CUDA_PATH:-}" ] && [ -f "$root/.cuda-headers/13.0/include/cuda.h" ]; then
    CUDA_PATH=$root/.cuda-headers/13.0
fi
if [ -z "${CUDA_PATH:-}" ] || ! grep -Eq '^#define CUDA_VERSION 13[0-9]{3}' "$CUDA_PATH/include/cuda.h" 2>/dev/null \
    || [ ! -f "$CUDA_PATH/include/cuda_profiler_api.h" ]; then
    echo "bundle.sh: set CUDA_PATH to a CUDA 13 toolkit root with cuda_profiler_api.h (the GPU machine has 13.0):" >&2
    echo "  cargo xtask headers .cuda-headers && CUDA_PATH=\$PWD/.cuda-headers/13.0 bash lessons/cpp-samples/bundle.sh" >&2
    exit 1
fi
if [ ! -f "$root/.samples/LICENSE" ]; then
    echo "bundle.sh: no .samples/: run bash lessons/cpp-samples/collect.sh PATH_TO_NVIDIA_CUDA_SAMPLES first" >&2
    exit 1
fi
export CUDA_PATH
echo "bundle.sh: building against $CUDA_PATH ($(grep -E '^#define CUDA_VERSION ' "$CUDA_PATH/include/cuda.h"))"
lessons=$(awk '!/^#/ && NF { print $2 }' lessons/cpp-samples/samples.txt)
rm -rf "$dir" && mkdir -p "$dir/examples" "$dir/deps"

export CARGO_TARGET_DIR=target/gpu-cpp
cargo build --release -p lessons $(printf -- '--example %s ' $lessons)
for lesson in $lessons; do cp "$CARGO_TARGET_DIR/release/examples/$lesson" "$dir/examples/"; done
test_binary() { # test_binary PACKAGE TEST FEATURES: the path of that test's executable
    cargo test --release -p "$1" --test "$2" --features "$3" --no-run --message-format=json \
        | python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == sys.argv[1]:
        print(m["executable"])' "$2"
}
cp "$(test_binary lessons on_gpu gpu-tests)" "$dir/deps/on_gpu"
cp "$(test_binary cudart-sys cpp_gpu gpu-tests)" "$dir/deps/cudart_cpp_gpu"
cp -r .samples "$dir/samples"
cp lessons/cpp-samples/run.sh lessons/cpp-samples/samples.txt "$dir/"
cp -r lessons/cpp-samples/freeimage "$dir/freeimage"
cp book/c/pgm.h "$dir/freeimage/" # the stand-in's PGM reader and writer, the book twins' own
strip "$dir"/examples/* "$dir"/deps/*
ls -la "$dir" "$dir/examples" "$dir/deps"
