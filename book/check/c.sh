#!/usr/bin/env bash
# Compiles the book's C and C++ (book/c/) against the headers of each toolkit root given, with
# -Wall -Wextra -Werror: the code shown beside the lessons must be code a C compiler accepts.
# A file with a line `// needs: CUDA_VERSION >= N` is compiled only against headers that new.
# A file with a line `// needs: nccl.h` (the NCCL lessons) is compiled with $NCCL_HOME/include
# (`cargo xtask nccl` makes one); without NCCL_HOME it stops the check, saying so.
# A file with a line `// needs: cudnn.h` (the cuDNN lessons) is compiled with $CUDNN_PATH/include;
# without CUDNN_PATH it stops the check, saying so.
# A file with a line `// needs: NvInfer.h` (the TensorRT lessons) is compiled with
# $TENSORRT_ROOT/include as system headers (their own deprecation warnings are not ours);
# without TENSORRT_ROOT it stops the check, saying so (`cargo xtask tensorrt headers`).
# (Syntax and types only: nothing is linked or run; no GPU here.)
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/../c"
[ $# -gt 0 ] || { echo "usage: book/check/c.sh TOOLKIT_ROOT..." >&2; exit 2; }
against() {
    local toolkit=$1 version needs extra file compiled
    version=$(sed -n 's/^#define CUDA_VERSION \([0-9]*\).*/\1/p' "$toolkit/include/cuda.h")
    [ -n "$version" ] || { echo "book/check/c.sh: no CUDA_VERSION in $toolkit/include/cuda.h" >&2; return 1; }
    compiled=()
    for file in *.c *.cpp; do
        needs=$(sed -n 's|^.*// needs: CUDA_VERSION >= \([0-9]*\).*|\1|p' "$file" | head -1)
        if [ -n "$needs" ] && [ "$version" -lt "$needs" ]; then continue; fi
        extra=()
        if grep -q '^// needs: nccl.h' "$file"; then
            [ -n "${NCCL_HOME:-}" ] || { echo "book/check/c.sh: $file needs nccl.h: set NCCL_HOME (cargo xtask nccl)" >&2; return 1; }
            # nccl.h includes cuda_fp16.h, cuda_bf16.h and cuda_fp8.h for its device API only; their
            # CCCL includes are in no wheel: their guards stand in for them (as nccl-sys's generator does).
            extra=(-I"$NCCL_HOME/include" -D__CUDA_FP16_H__ -D__CUDA_BF16_H__ -D__CUDA_FP8_H__)
        fi
        if grep -q '^// needs: cudnn.h' "$file"; then
            [ -n "${CUDNN_PATH:-}" ] || { echo "book/check/c.sh: $file needs cudnn.h: set CUDNN_PATH (a cuDNN root, or the nvidia-cudnn wheel's nvidia/cudnn)" >&2; return 1; }
            extra=(-I"$CUDNN_PATH/include")
        fi
        if grep -q '^// needs: NvInfer.h' "$file"; then
            [ -n "${TENSORRT_ROOT:-}" ] || { echo "book/check/c.sh: $file needs NvInfer.h: set TENSORRT_ROOT (cargo xtask tensorrt headers)" >&2; return 1; }
            extra=(-isystem "$TENSORRT_ROOT/include")
        fi
        case $file in
            *.c) gcc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I"$toolkit/include" "${extra[@]}" "$file" ;;
            *.cpp) g++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -I"$toolkit/include" "${extra[@]}" "$file" ;;
        esac
        compiled+=("$file")
    done
    echo "book/c against CUDA $version ($toolkit): ${compiled[*]}"
}
# The toolkits at once (each file is a compiler run of its own, and they are independent); each
# one's output in the order given.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for i in $(seq $#); do
    against "${!i}" > "$logs/$i" 2>&1 &
    pids+=($!)
done
status=0
for i in $(seq $#); do
    wait "${pids[$((i - 1))]}" || status=1
    cat "$logs/$i"
done
exit "$status"
