#!/usr/bin/env bash
# On the GPU machine (nvcc, compute-sanitizer, g++; no Rust needed), from the folder bundle.sh
# made:
#   bash run.sh [OUT [SECTION...]]
# Sections (default: all, in this order):
#   lessons    builds each course lesson's C++ with nvcc (-arch=$NVCC_ARCH, default sm_90) and
#              runs it, then the Rust port: OUT/NAME.nvcc.txt beside OUT/NAME.rust.txt, their
#              diff as lessons.txt's comparison says (OUT/NAME.diff), both printed
#   sanitizer  compute-sanitizer --tool memcheck --leak-check full on each port and on nvcc's
#              build: clean, or (where lessons.txt says `errors`: the course's own bugs) the
#              same number of errors in both
#   tests      the GPU tests of these lessons (lessons' on_gpu, course_*), cu-kernels' and
#              cudart-sys's cpp_gpu
#   bench      launch! against nvcc's <<<>>> on an empty kernel, and the time to the first
#              launch (bench/gpu.sh's launch section)
# OUT defaults to ./out. Exit status: 0 when every step passed; the summary lists each.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(realpath -m "${1:-$here/out}")
[ $# -gt 0 ] && shift
sections=${*:-lessons sanitizer tests bench}
cuda=${CUDA_HOME:-/usr/local/cuda}
export PATH="$cuda/bin:$cuda/compute-sanitizer:$PATH"
# The ports load libcudart.so.13 and libnvrtc from here (nvcc's builds link cudart statically).
export LD_LIBRARY_PATH="$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out/bin"
summary=()
record() { # record NAME STATUS: pass for 0
    if [ "$2" = 0 ]; then summary+=("pass  $1"); else summary+=("FAIL  $1 (exit $2)"); fi
}
step() { # step NAME LOG COMMAND...: runs it with its output in LOG (and shown), records it
    local name=$1 log=$2 status
    shift 2
    "$@" > "$log" 2>&1
    status=$?
    cat "$log"
    record "$name" "$status"
    return 0
}
table() { awk '!/^#/ && NF' "$here/lessons.txt"; }
# normalize HOW: the output, as lessons.txt's comparison reads it (several, comma-separated,
# apply in turn).
normalize() {
    local how rest
    how=${1%%,*} rest=${1#*,}
    case $how in
        exact) cat ;;
        addresses) sed -E 's/0x[0-9a-f]+/0xADDR/g' ;;
        unordered) LC_ALL=C sort ;;
        indices) sed -E 's/^(output_host\[[0-9]+\] = [0-9.]+), -?[0-9]+$/\1, INDEX/' ;;
    esac | if [ "$rest" != "$1" ]; then normalize "$rest"; else cat; fi
}

if [[ " $sections " == *" lessons "* ]]; then
    echo "== nvcc $(nvcc --version | tail -1); $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
    while read -r -u 3 lesson sources flags how _; do
        [ "$flags" = "-" ] && flags=""
        srcs=()
        for s in ${sources//,/ }; do srcs+=("$here/cpp/$s"); done
        # shellcheck disable=SC2086
        step "nvcc $lesson" "$out/$lesson.build.txt" nvcc -O2 -std=c++17 -arch="${NVCC_ARCH:-sm_90}" \
            -o "$out/bin/$lesson" "${srcs[@]}" $flags
        echo "==================== the course's C++ (nvcc): $lesson"
        step "nvcc's $lesson runs" "$out/$lesson.nvcc.txt" "$out/bin/$lesson"
        echo "==================== ours: $lesson"
        step "rust $lesson runs" "$out/$lesson.rust.txt" "$here/examples/$lesson"
        if diff -u "$out/$lesson.nvcc.txt" "$out/$lesson.rust.txt" > "$out/$lesson.diff"; then
            echo "== $lesson: the same bytes as nvcc's build"
            record "$lesson prints nvcc's bytes" 0
        else
            cat "$out/$lesson.diff"
            diff -u <(normalize "$how" < "$out/$lesson.nvcc.txt") <(normalize "$how" < "$out/$lesson.rust.txt") \
                > "$out/$lesson.$how.diff"
            status=$?
            [ "$status" = 0 ] && echo "== $lesson: the same as nvcc's build, compared $how (lessons.txt)"
            cat "$out/$lesson.$how.diff"
            record "$lesson prints what nvcc's build prints ($how)" "$status"
        fi
    done 3< <(table)
fi

if [[ " $sections " == *" sanitizer "* ]]; then
    # errors LOG: the number compute-sanitizer's summary gives.
    errors() { sed -n 's/^========= ERROR SUMMARY: \([0-9]*\) error.*/\1/p' "$1" | tail -1; }
    while read -r -u 3 lesson _ _ _ expect _; do
        echo "==================== compute-sanitizer --tool memcheck --leak-check full: $lesson (ours, then nvcc's)"
        compute-sanitizer --tool memcheck --leak-check full "$here/examples/$lesson" > "$out/$lesson.memcheck.rust.txt" 2>&1
        if [ -x "$out/bin/$lesson" ]; then
            compute-sanitizer --tool memcheck --leak-check full "$out/bin/$lesson" > "$out/$lesson.memcheck.nvcc.txt" 2>&1
        else
            echo "(no nvcc build: run the lessons section first)" > "$out/$lesson.memcheck.nvcc.txt"
        fi
        ours=$(errors "$out/$lesson.memcheck.rust.txt")
        theirs=$(errors "$out/$lesson.memcheck.nvcc.txt")
        grep -E '^=========' "$out/$lesson.memcheck.rust.txt" | head -12
        echo "memcheck errors: ours ${ours:-?}, nvcc's ${theirs:-?} (expected: $expect)"
        if [ "$expect" = clean ]; then
            [ "$ours" = 0 ]; record "memcheck $lesson: clean" $?
        else
            [ -n "$ours" ] && [ "$ours" = "$theirs" ] && [ "$ours" != 0 ]
            record "memcheck $lesson: the course's own errors, as many as nvcc's build has" $?
        fi
    done 3< <(table)
fi

if [[ " $sections " == *" tests "* ]]; then
    echo "==================== GPU tests"
    step "lessons on_gpu (course_*)" "$out/on_gpu.txt" "$here/deps/on_gpu" course_ --test-threads=1
    step "cu-kernels gpu" "$out/cu_kernels_gpu.txt" "$here/deps/cu_kernels_gpu" --test-threads=1
    step "cudart-sys cpp_gpu" "$out/cudart_cpp_gpu.txt" "$here/deps/cudart_cpp_gpu" --test-threads=1
fi

if [[ " $sections " == *" bench "* ]]; then
    echo "==================== benchmark"
    CUDA_HOME=$cuda step "bench launch" "$out/bench.txt" bash "$here/bench/gpu.sh" "$here/bench/bin" launch
fi

echo "==================== summary (logs in $out)"
printf '%s\n' "${summary[@]}" | tee "$out/summary.txt"
! grep -q '^FAIL' "$out/summary.txt"
