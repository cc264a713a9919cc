#!/usr/bin/env bash
# The cuDNN lessons on a GPU machine with no Rust: both lessons and PyTorch's conv2d on the same
# input, their summaries compared (compare.py), then each lesson under compute-sanitizer.
#
# Here:  CUDA_PATH=.cuda-headers/13.0 CUDNN_PATH=<cuDNN 9.12's root> ../shared/gpu/bundle --features lessons/gpu-tests
#        (or any build leaving the lessons in .gpu/examples/lessons--NAME--NAME)
# There: bash lessons/cudnn/gpu.sh   (libcudnn.so.9: CUDNN_SYS_LIBCUDNN_PATH if set, else the
#        system's if ldconfig knows one, else the one beside the Python environment's torch)
# Exits 1 if a lesson fails, the three differ, or the sanitizer reports an error.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
if [ -z "${CUDNN_SYS_LIBCUDNN_PATH:-}" ] && ! ldconfig -p 2>/dev/null | grep -q 'libcudnn\.so\.9 '; then
    wheel=$(python3 -c 'import os, nvidia.cudnn as m; print(os.path.join(list(m.__path__)[0], "lib", "libcudnn.so.9"))' 2>/dev/null)
    [ -f "$wheel" ] && export CUDNN_SYS_LIBCUDNN_PATH=$wheel
fi
echo "cuDNN: ${CUDNN_SYS_LIBCUDNN_PATH:-libcudnn.so.9 as ldconfig finds it}"
failed=()
python3 lessons/cudnn/compare.py .gpu/examples || failed+=("compare.py")
sanitizer=${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer
if [ -x "$sanitizer" ]; then
    for lesson in cudnn_conv_forward cudnn_graph_conv; do
        echo "=== compute-sanitizer memcheck: $lesson"
        log=$(mktemp)
        "$sanitizer" --tool memcheck ".gpu/examples/lessons--$lesson--$lesson" > "$log" 2>&1
        status=$?
        grep -E '^========= ERROR SUMMARY' "$log"
        grep -q '^========= ERROR SUMMARY: 0 errors' "$log" && [ "$status" = 0 ] || failed+=("$lesson (sanitizer)")
        rm -f "$log"
    done
fi
if [ ${#failed[@]} -gt 0 ]; then
    echo "cudnn/gpu.sh: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "cudnn/gpu.sh: both cuDNN lessons match torch's conv2d"
