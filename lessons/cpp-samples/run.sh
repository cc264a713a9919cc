#!/usr/bin/env bash
# On the GPU machine (nvcc, /usr/local/cuda, compute-sanitizer; no Rust needed), from the
# folder bundle.sh made:
#   bash run.sh [OUT [SECTION...]]
# Sections (default: all, in this order):
#   samples    builds each NVIDIA sample of samples.txt with nvcc from samples/ and runs it, then
#              the lesson porting it, with the same arguments, both inside the sample's folder
#              and started as ./SAMPLE (argv[0]):
#              OUT/NAME.nvidia.txt beside OUT/LESSON.rust.txt, both printed one after the other,
#              and compared as samples.txt says (a difference fails the step, shown as a diff);
#              for an image=F row, standard error apart in OUT/NAME.nvidia.err and
#              OUT/LESSON.rust.err, and the image F each saved in OUT/NAME.nvidia.pgm and
#              OUT/LESSON.rust.pgm. A sample that includes UtilNPP's ImageIO.h links the
#              machine's FreeImage (-lfreeimage) when it has FreeImage.h, else our stand-in
#              (freeimage/: binary PGM, the bytes FreeImage writes)
#   sanitizer  each lesson under compute-sanitizer, with samples.txt's smaller arguments:
#              memcheck with --leak-check full, racecheck and synccheck (the kernels use
#              shared memory and __syncthreads); an error makes the run exit 99;
#              SANITIZER_TOOLS=memcheck (or any of the three) runs fewer
#   tests      the GPU tests: lessons' (on_gpu, these lessons') and cudart-sys's cpp test
# OUT defaults to ./out. Exit status: 0 when every step passed; the summary lists each.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(realpath -m "${1:-$here/out}")
[ $# -gt 0 ] && shift
sections=${*:-samples sanitizer tests}
cuda=${CUDA_HOME:-/usr/local/cuda}
export PATH="$cuda/bin:$cuda/compute-sanitizer:$PATH"
# The lessons load libcudart.so.13 from here; NVIDIA's samples link it as nvcc does.
export LD_LIBRARY_PATH="$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out/bin"
summary=()
step() { # step NAME LOG COMMAND...: runs it with its output in LOG (and shown), records pass or fail
    local name=$1 log=$2 status
    shift 2
    "$@" > "$log" 2>&1
    status=$?
    cat "$log"
    record "$name" "$status"
}
record() { # record NAME STATUS
    if [ "$2" = 0 ]; then summary+=("pass  $1"); else summary+=("FAIL  $1 (exit $2)"); fi
    return 0
}
step_apart() { # step_apart NAME LOG ERR COMMAND...: as step, with standard error in ERR
    local name=$1 log=$2 err=$3 status
    shift 3
    "$@" > "$log" 2> "$err"
    status=$?
    cat "$log" "$err"
    record "$name" "$status"
}
in_dir() { local dir=$1; shift; (cd "$dir" && "$@"); } # in_dir DIR COMMAND...
# as_sample DIR NAME PROGRAM ARGS...: PROGRAM run inside DIR with argv[0] ./NAME, as a sample is
# started from its folder; some print argv[0] (MersenneTwisterGP11213's "%s Starting..."), and
# NVIDIA's program and the lesson then print the same.
as_sample() { local dir=$1 name=$2; shift 2; (cd "$dir" && exec -a "./$name" "$@"); }
table() { awk '!/^#/ && NF' "$here/samples.txt"; }
# What may differ between two runs of one program: the numbers on a line that reports a time or
# a rate.
mask_timings() {
    sed -E '/[Tt]ime|TIME|[0-9. ](ms|msec|sec|s)([^A-Za-z]|$)|\/s([^A-Za-z]|$)|[Tt]hroughput/ s/[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/#/g' "$1"
}
compare() { # compare HOW NVIDIA RUST
    case $1 in
        timings) diff <(mask_timings "$2") <(mask_timings "$3") && echo "== SAME (timings masked): $(wc -l < "$2") lines" ;;
        image=*) compare_image "${2%.txt}" "${3%.txt}" ;;
        *) echo "compare: no way \`$1\` (timings, image=FILE or -)" >&2; return 2 ;;
    esac
}
compare_image() { # compare_image OUT/NAME.nvidia OUT/LESSON.rust: .txt, .err and .pgm of each
    local status=0 what
    for what in txt err; do
        diff "$1.$what" "$2.$what" || status=1
    done
    sha256sum "$1.pgm" "$2.pgm" || status=1
    cmp "$1.pgm" "$2.pgm" || status=1
    [ "$status" = 0 ] && echo "== SAME: standard output ($(wc -l < "$1.txt") lines), standard error ($(wc -l < "$1.err") lines), image ($(wc -c < "$1.pgm") bytes)"
    return "$status"
}
# freeimage SAMPLE_DIR: nvcc's arguments for FreeImage when the sample includes UtilNPP's
# ImageIO.h: the machine's library, else our stand-in; none otherwise.
freeimage() {
    grep -qs 'ImageIO.h' "$1"/*.cpp || return 0
    if [ -f "$cuda/include/FreeImage.h" ] || [ -f /usr/include/FreeImage.h ] || [ -f /usr/local/include/FreeImage.h ]; then
        echo "-lfreeimage"
    else
        echo "-I$here/freeimage $here/freeimage/FreeImage.cpp"
    fi
}

if [[ " $sections " == *" samples "* ]]; then
    echo "== nvcc $(nvcc --version | tail -1); $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
    while read -r -u 3 path lesson args _ how flags; do
        [ "$args" = "-" ] && args=""
        sample=$(basename "$path")
        folder=$here/samples/$sample
        image=${how#image=}
        [ "$image" = "$how" ] && image=
        sources=$(ls "$folder"/*.cu "$folder"/*.cpp "$folder"/*.c 2>/dev/null)
        # shellcheck disable=SC2086
        step "nvcc $sample" "$out/$sample.nvcc.txt" nvcc -O2 -std=c++17 -arch="${NVCC_ARCH:-native}" \
            -I"$here/samples/Common" -I"$here/samples/Common/UtilNPP" -o "$out/bin/$sample" $sources \
            $(freeimage "$folder") $flags
        echo "==================== NVIDIA's $sample $args"
        if [ -n "$image" ]; then
            rm -f "${folder:?}/$image"
            # shellcheck disable=SC2086
            step_apart "nvidia $sample" "$out/$sample.nvidia.txt" "$out/$sample.nvidia.err" \
                as_sample "$folder" "$sample" "$out/bin/$sample" $args
            mv "$folder/$image" "$out/$sample.nvidia.pgm"
            echo "==================== ours: $lesson $args"
            # shellcheck disable=SC2086
            step_apart "rust $lesson" "$out/$lesson.rust.txt" "$out/$lesson.rust.err" \
                as_sample "$folder" "$sample" "$here/examples/$lesson" $args
            mv "$folder/$image" "$out/$lesson.rust.pgm"
        else
            # shellcheck disable=SC2086
            step "nvidia $sample" "$out/$sample.nvidia.txt" as_sample "$folder" "$sample" "$out/bin/$sample" $args
            echo "==================== ours: $lesson $args"
            # shellcheck disable=SC2086
            step "rust $lesson" "$out/$lesson.rust.txt" as_sample "$folder" "$sample" "$here/examples/$lesson" $args
        fi
        if [ "$how" != "-" ]; then
            echo "==================== $sample against $lesson ($how)"
            step "same output ($how): $sample, $lesson" "$out/$lesson.compare.txt" \
                compare "$how" "$out/$sample.nvidia.txt" "$out/$lesson.rust.txt"
        fi
    done 3< <(table)
fi

if [[ " $sections " == *" sanitizer "* ]]; then
    # SANITIZER_TOOLS (default all three): e.g. "memcheck" alone, the leak check always with it.
    tools=()
    for tool in ${SANITIZER_TOOLS:-memcheck racecheck synccheck}; do
        case $tool in
            memcheck) tools+=("memcheck --leak-check full") ;;
            racecheck | synccheck) tools+=("$tool") ;;
            *) echo "run.sh: SANITIZER_TOOLS: no tool \`$tool\` (memcheck, racecheck, synccheck)" >&2; exit 2 ;;
        esac
    done
    while read -r -u 3 path lesson _ args _; do
        if [ "$args" = "-" ]; then args=""; else args=${args//,/ }; fi
        for tool in "${tools[@]}"; do
            log="$out/$lesson.${tool%% *}.txt"
            echo "==================== compute-sanitizer --tool $tool $lesson"
            # shellcheck disable=SC2086
            step "compute-sanitizer ${tool%% *} $lesson" "$log" in_dir "$here/samples/$(basename "$path")" \
                compute-sanitizer --tool $tool --error-exitcode 99 "$here/examples/$lesson" $args
        done
    done 3< <(table)
fi

if [[ " $sections " == *" tests "* ]]; then
    echo "==================== GPU tests"
    # The tests of these lessons only (their names begin with the lesson's): the bundle has no other.
    step "lessons on_gpu (these lessons)" "$out/on_gpu.txt" "$here/deps/on_gpu" \
        $(awk '!/^#/ && NF { print $2 }' "$here/samples.txt") --test-threads=1
    step "cudart-sys cpp_gpu" "$out/cudart_cpp_gpu.txt" "$here/deps/cudart_cpp_gpu" --test-threads=1 --nocapture
fi

echo "==================== summary (logs in $out)"
printf '%s\n' "${summary[@]}" | tee "$out/summary.txt"
! grep -q '^FAIL' "$out/summary.txt"
