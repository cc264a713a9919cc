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
for f in helper_cuda.h helper_string.h helper_functions.h helper_timer.h helper_image.h exception.h \
    helper_cusolver.h; do
    show "Common/$f" > "$out/Common/$f"
done
# The NPP samples' image classes and FreeImage I/O (run.sh builds them with FreeImage, or with
# its stand-in, freeimage/, where the machine has none).
mkdir -p "$out/Common/UtilNPP"
git -C "$repo" ls-tree --name-only HEAD Common/UtilNPP/ | while read -r path; do
    show "$path" > "$out/Common/UtilNPP/$(basename "$path")"
done
# The samples the lessons port (see samples.txt): each folder's files as they are (sources,
# headers, the data files they read), less its build and editor files, plus the files of
# Common/data/ its CMakeLists.txt copies beside the program (histEqualizationNPP's teapot512.pgm).
while read -r sample _; do
    [ -n "$sample" ] && [ "${sample#\#}" = "$sample" ] || continue
    name=$(basename "$sample")
    rm -rf "${out:?}/$name" && mkdir -p "$out/$name"
    git -C "$repo" ls-tree --name-only HEAD "Samples/$sample/" | while read -r path; do
        case $(basename "$path") in CMakeLists.txt | README.md | Makefile | .vscode | *.vcxproj* | *.sln) continue ;; esac
        show "$path" > "$out/$name/$(basename "$path")"
    done
    { show "Samples/$sample/CMakeLists.txt" 2>/dev/null || true; } | { grep -o 'Common/data/[A-Za-z0-9_.-]*' || true; } \
        | sort -u | while read -r path; do show "$path" > "$out/$name/$(basename "$path")"; done
done < "$(dirname "$0")/samples.txt"
show LICENSE > "$out/LICENSE"
git -C "$repo" log -1 --format=%H > "$out/COMMIT"
echo "collect.sh: NVIDIA/cuda-samples $(cat "$out/COMMIT") -> $out"
