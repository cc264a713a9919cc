#!/usr/bin/env bash
# Copies the NVIDIA C++ samples that lessons port, with the Common/ headers they include and
# NVIDIA's license (BSD-3-Clause), from a clone of NVIDIA/cuda-samples into the repository's
# ignored .samples/ folder, for run.sh to build with nvcc on the GPU machine. They are not
# committed: they are NVIDIA's, and only the built programs' output is compared with ours.
#   bash lessons/cpp-samples/collect.sh PATH_TO_CUDA_SAMPLES_GIT_DIR_OR_CLONE
set -euo pipefail
repo=${1:?usage: collect.sh PATH_TO_CUDA_SAMPLES (a clone, or its bare git directory)}
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/.samples
show() { git -C "$repo" show "HEAD:$1"; }
mkdir -p "$out/Common"
for f in helper_cuda.h helper_string.h helper_functions.h helper_timer.h helper_image.h exception.h; do
    show "Common/$f" > "$out/Common/$f"
done
# The samples the lessons port: lesson runtime_X ports sample X (see samples.txt).
while read -r sample _; do
    [ -n "$sample" ] && [ "${sample#\#}" = "$sample" ] || continue
    mkdir -p "$out/$sample"
    show "Samples/0_Introduction/$sample/$sample.cu" > "$out/$sample/$sample.cu"
done < "$(dirname "$0")/samples.txt"
show LICENSE > "$out/LICENSE"
git -C "$repo" log -1 --format=%H > "$out/COMMIT"
echo "collect.sh: NVIDIA/cuda-samples $(cat "$out/COMMIT") -> $out"
