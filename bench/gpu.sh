#!/usr/bin/env bash
# The GPU benchmarks, side by side with C, on a machine with a CUDA GPU, gcc, python3 and a
# CUDA toolkit (headers, libcudart):
#   bash bench/gpu.sh [DIR [SECTION...]]
# DIR (default .gpu/bench) holds the Rust binaries bench/bundle.sh builds, and the kernel the C
# reference of the nvrtc section compiles (vectorAdd_kernel.cu). The C references
# (bench/*.c) are built here with gcc against $CUDA_HOME (default /usr/local/cuda); everything
# runs with $CUDA_HOME/lib64 first in LD_LIBRARY_PATH, so C and Rust use one libcudart. The
# sections, in this order (default: all; about 5 minutes on the H200 together):
#   calls              driver call overhead: call_overhead.rs (loaded, link) vs .c (-lcuda)
#   runtime-calls      runtime call overhead: runtime_call_overhead.rs (loaded, link) vs .c (-lcudart)
#   bandwidth          the bandwidth lesson vs bandwidth.c, $BANDWIDTH_RUNS (4) runs each, ABBA
#   runtime-bandwidth  pinned cudaMemcpy 1-256 MiB: runtime_bandwidth.rs vs .c (-lcudart),
#                      $RUNTIME_BANDWIDTH_ROUNDS (8) rounds
#   pinned-protocol    the driver path's open question (issue 12): pinned cuMemcpyHtoD/DtoH,
#                      4 KiB-256 MiB, pinned_copy.c linked (twice: the control) and with dlopen,
#                      pinned_copy.rs linked and loaded, $PROTOCOL_ROUNDS (10) rounds
#   gemm               cuBLAS GEMM TFLOP/s (SGEMM, TF32, BF16): gemm.rs (cublas-sys) vs gemm.c
#                      (-lcublas) vs torch.matmul (gemm_torch.py, when python3 has torch),
#                      $GEMM_ROUNDS (6) rounds over $GEMM_SHAPES, batches of $GEMM_BATCH_MS (25) ms
#                      (about 2 minutes on the H200). Not in the default list: name it.
#   math               cuFFT and cuRAND (issue 34): a 2D C2C FFT of 16 arrays of 4096 x 4096
#                      (Gpoints/s) and 1 GiB of uniform floats from XORWOW and Philox (GB/s):
#                      math.rs (cufft-sys, curand-sys) vs math.c (-lcufft -lcurand) vs torch
#                      (torch.fft.fft2, Tensor.uniform_; math_torch.py, when python3 has torch),
#                      $MATH_ROUNDS (6) rounds, batches of $MATH_BATCH_MS (50) ms, sizes
#                      $MATH_SIZE ("4096 16 1": N, BATCH, GiB). Not in the default list: name it.
#   cudnn              cuDNN convolution forward (issue 35): a 3 x 3 layer, padding 1, of 32 images
#                      of 64 channels, 56 x 56, into 64 (TFLOP/s, FP32 and TF32), the fastest of
#                      the first 10 graph-API engine configurations the heuristics give, as torch
#                      chooses: cudnn.rs (libcudnn-sys, on torch's own libcudnn where torch
#                      brings one) vs torch's conv2d (cudnn_torch.py, cudnn.benchmark on, when
#                      python3 has torch), $CUDNN_ROUNDS (6) rounds, batches of $CUDNN_BATCH_MS (50)
#                      ms, size $CUDNN_SIZE ("32 64 56": N, C, H). Not in the default list: name it.
#   allreduce          NCCL all-reduce, 8 B-1 GiB, one process per GPU: all_reduce.rs (nccl-sys,
#                      the system's libnccl) vs all_reduce_torch.py (torch.distributed.all_reduce,
#                      NCCL backend), and all_reduce.rs on torch's own libnccl where torch brings
#                      one; $ALLREDUCE_ROUNDS (3) rounds, unpinned (NCCL runs threads of its own);
#                      needs python3 with torch. Not in the default list: name it.
#   launch             an empty kernel (launch.cu): nvcc's <<<>>> (nvcc -arch=sm_90, from this
#                      machine's toolkit) vs launch! of the same kernel through cu-kernels
#                      (launch.rs, compiled at build time for sm_90): ns per launch, the median
#                      of 7 rounds of 100000 launches, one run each; and the time to the first
#                      launch, main to done and process start to end, $LAUNCH_RUNS (7) runs of
#                      each, alternating. Needs nvcc. Not in the default list: name it.
#   nvrtc              vectorAdd_kernel.cu compiled with NVRTC to CUBIN for this GPU and loaded,
#                      10 times per run: nvrtc_compile.rs (nvrtc-sys) vs .c (-lnvrtc -lcuda),
#                      $NVRTC_ROUNDS (6) rounds
# In the round-based sections (all but allreduce, which is unpinned) every program runs once per round, in the orders of a
# Williams design (each at each position, and after each other program, equally often), all
# pinned to core $BENCH_CORE (default 2) with taskset; bench/analyse.py gives medians and 95%
# confidence intervals of each ratio, paired by round, and the protocol's verdict.
set -euo pipefail
# NVLink SHARP uses NVLink multicast, which can take a shared machine's GPUs out of service:
# off for every program started here and their children.
export NCCL_NVLS_ENABLE=0
here=$(cd "$(dirname "$0")" && pwd)
bins=${1:-.gpu/bench}
[ $# -gt 0 ] && shift
all="calls runtime-calls bandwidth runtime-bandwidth pinned-protocol nvrtc"
sections=${*:-$all}
for s in $sections; do
    case " $all allreduce gemm math cudnn launch " in *" $s "*) ;; *) echo "gpu.sh: unknown section '$s' (sections: $all)" >&2; exit 2 ;; esac
done
need() { # need SECTION BINARY...: the section's Rust binaries are in DIR
    local section=$1 b
    shift
    for b in "$@"; do
        case " $sections " in *" $section "*) [ -x "$bins/$b" ] || {
            echo "gpu.sh: $bins/$b is missing (section $section): run bash bench/bundle.sh first" >&2; exit 2; } ;;
        esac
    done
}
need calls call_overhead call_overhead_link
need runtime-calls runtime_call_overhead runtime_call_overhead_link
need bandwidth bandwidth
need runtime-bandwidth runtime_bandwidth
need pinned-protocol pinned_copy pinned_copy_link
need gemm gemm
need math math
need cudnn cudnn
need allreduce all_reduce
need nvrtc nvrtc_compile
need launch launch
bins=$(realpath "$bins")
cuda=${CUDA_HOME:-/usr/local/cuda}
export LD_LIBRARY_PATH="$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
work=$(mktemp -d)
started=$SECONDS

# The C references. libcuda from the toolkit's stub at link time (the driver's at run time);
# libcudart shared, as `gcc -lcudart` links it (nvcc would link cudart_static by default).
build_c() { gcc -O2 -I"$cuda/include" "$@"; }
build_c "$here/call_overhead.c" -L"$cuda/lib64/stubs" -lcuda -o "$work/call_overhead_c"
build_c "$here/bandwidth.c" -L"$cuda/lib64/stubs" -lcuda -o "$work/bandwidth_c"
build_c "$here/pinned_copy.c" -L"$cuda/lib64/stubs" -lcuda -o "$work/pinned_copy_c"
build_c -DDLOPEN_LIBCUDA "$here/pinned_copy.c" -ldl -o "$work/pinned_copy_c_dlopen"
if [ -e "$cuda/lib64/libcudart.so" ]; then
    cudart=(-L"$cuda/lib64" -lcudart)
else
    versioned=$(cd "$cuda/lib64" && ls libcudart.so.[0-9]* 2>/dev/null | head -1 || true)
    [ -n "$versioned" ] || { echo "gpu.sh: no libcudart in $cuda/lib64 (set CUDA_HOME)" >&2; exit 2; }
    cudart=(-L"$cuda/lib64" -l":$versioned")
fi
build_c "$here/runtime_call_overhead.c" "${cudart[@]}" -o "$work/runtime_call_overhead_c"
build_c "$here/runtime_bandwidth.c" "${cudart[@]}" -o "$work/runtime_bandwidth_c"
case " $sections " in *" nvrtc "*)
    if [ -e "$cuda/lib64/libnvrtc.so" ]; then
        nvrtc=(-L"$cuda/lib64" -lnvrtc)
    else
        versioned=$(cd "$cuda/lib64" && ls libnvrtc.so.[0-9]* 2>/dev/null | head -1 || true)
        [ -n "$versioned" ] || { echo "gpu.sh: no libnvrtc in $cuda/lib64 (set CUDA_HOME)" >&2; exit 2; }
        nvrtc=(-L"$cuda/lib64" -l":$versioned")
    fi
    build_c "$here/nvrtc_compile.c" "${nvrtc[@]}" -L"$cuda/lib64/stubs" -lcuda -o "$work/nvrtc_compile_c"
    # rounds runs programs without arguments: the C reads the kernel the Rust has built in.
    # The kernel: the one bench/bundle.sh put beside the binaries (this folder may travel alone
    # to the GPU machine), else the checkout's.
    kernel=$bins/vectorAdd_kernel.cu
    [ -f "$kernel" ] || kernel=$here/../lessons/kernels/vectorAdd_kernel.cu
    [ -f "$kernel" ] || { echo "gpu.sh: vectorAdd_kernel.cu is neither in $bins nor in $here/../lessons/kernels: run bash bench/bundle.sh again, which puts it in DIR" >&2; exit 2; }
    printf '#!/bin/sh\nexec %q %q\n' "$work/nvrtc_compile_c" "$(realpath "$kernel")" \
        > "$work/nvrtc_compile_c.sh"
    chmod +x "$work/nvrtc_compile_c.sh" ;;
esac
case " $sections " in *" launch "*)
    # -arch=sm_90: a CUBIN for the H200, as launch.rs embeds (no PTX JIT at the first launch).
    "$cuda/bin/nvcc" -O2 -arch="${LAUNCH_ARCH:-sm_90}" -o "$work/launch_nvcc" "$here/launch.cu" ;;
esac
case " $sections " in *" gemm "*)
    # cuda_fp16.h, which cublas_api.h includes, needs CCCL's <nv/target>: include/cccl in CUDA 13.
    cccl=(); [ -d "$cuda/include/cccl" ] && cccl=(-I"$cuda/include/cccl")
    build_c ${cccl[@]+"${cccl[@]}"} "$here/gemm.c" -L"$cuda/lib64" -lcublas "${cudart[@]}" -ldl -o "$work/gemm_c" ;;
esac
case " $sections " in *" math "*)
    # The toolkit's libcufft and libcurand by their versioned names (a runtime-only install has no
    # unversioned link names).
    libs=()
    for l in cufft curand; do
        v=$(cd "$cuda/lib64" && ls "lib$l.so" 2>/dev/null || ls "lib$l.so".[0-9]* 2>/dev/null | head -1 || true)
        [ -n "$v" ] || { echo "gpu.sh: no lib$l in $cuda/lib64 (set CUDA_HOME)" >&2; exit 2; }
        libs+=(-l":$v")
    done
    build_c "$here/math.c" -L"$cuda/lib64" "${libs[@]}" "${cudart[@]}" -ldl -o "$work/math_c" ;;
esac

nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv,noheader || true
echo "C's libcudart: $(ldd "$work/runtime_bandwidth_c" | grep -o 'libcudart[^ ]* => [^ ]*' || echo '?')"
core=${BENCH_CORE:-2}
[ "$core" -lt "$(nproc)" ] || core=0
if command -v taskset >/dev/null && taskset -c "$core" true 2>/dev/null; then
    pin=(taskset -c "$core")
    echo "round-based sections run on core $core (taskset)"
else
    pin=()
    echo "taskset cannot pin to core $core here: round-based sections run unpinned"
fi

# rounds OUT ROUNDS NAME=PROGRAM...: each round runs every program once, writing OUT/NAME.R.txt,
# in the order analyse.py's Williams design gives for that round.
rounds() {
    local out=$1 count=$2 spec r i line
    shift 2
    local names=() programs=()
    for spec in "$@"; do names+=("${spec%%=*}"); programs+=("${spec#*=}"); done
    mkdir -p "$out"
    r=0
    while read -r line; do
        r=$((r + 1))
        local order=()
        for i in $line; do
            ${pin[@]+"${pin[@]}"} "${programs[i]}" < /dev/null > "$out/${names[i]}.$r.txt"
            order+=("${names[i]}")
        done
        echo "round $r/$count: ${order[*]}"
    done < <(python3 "$here/analyse.py" order "${#names[@]}" "$count")
}

section_calls() {
    echo "== call overhead, Driver API: ns per call, best of 7 rounds of 10M calls, 3 runs of each binary interleaved"
    for _ in 1 2 3; do "$work/call_overhead_c"; "$bins/call_overhead"; "$bins/call_overhead_link"; done > "$work/calls.txt"
    python3 "$here/analyse.py" calls "$work/calls.txt"
}

section_runtime_calls() {
    echo "== call overhead, Runtime API: ns per call, best of 7 rounds of 3M calls, 3 runs of each binary interleaved"
    for _ in 1 2 3; do
        "$work/runtime_call_overhead_c"; "$bins/runtime_call_overhead"; "$bins/runtime_call_overhead_link"
    done > "$work/runtime-calls.txt"
    { grep '^#' "$work/runtime-calls.txt" || true; } | sort -u
    python3 "$here/analyse.py" calls "$work/runtime-calls.txt"
}

section_bandwidth() {
    local runs=${BANDWIDTH_RUNS:-4} i
    echo "== copy bandwidth, the lesson: GB/s; $runs runs of each program in ABBA order (C first, then Rust first, ...); each cell of a run is a median of 5 batches"
    for i in $(seq "$runs"); do
        if [ $((i % 2)) = 1 ]; then
            "$work/bandwidth_c" > "$work/c$i.txt"; "$bins/bandwidth" > "$work/rust$i.txt"
        else
            "$bins/bandwidth" > "$work/rust$i.txt"; "$work/bandwidth_c" > "$work/c$i.txt"
        fi
    done
    python3 "$here/analyse.py" bandwidth "$work" "$runs"
}

section_runtime_bandwidth() {
    local n=${RUNTIME_BANDWIDTH_ROUNDS:-8}
    echo "== pinned cudaMemcpy bandwidth, Runtime API: Rust vs C (-lcudart), $n rounds"
    rounds "$work/runtime-bandwidth" "$n" c="$work/runtime_bandwidth_c" rust="$bins/runtime_bandwidth"
    { grep -h '^#' "$work/runtime-bandwidth"/rust.*.txt || true; } | sort -u
    python3 "$here/analyse.py" rounds "$work/runtime-bandwidth" c rust
}

section_pinned_protocol() {
    local n=${PROTOCOL_ROUNDS:-10}
    echo "== the driver path's open question: pinned cuMemcpyHtoD/cuMemcpyDtoH, $n rounds of 5 programs"
    echo "   c-link: pinned_copy.c linked to libcuda, the reference; c-link-again: the same binary, the control;"
    echo "   c-dlopen: pinned_copy.c loading libcuda with dlopen; rust-link, rust-loaded: pinned_copy.rs"
    rounds "$work/protocol" "$n" c-link="$work/pinned_copy_c" c-link-again="$work/pinned_copy_c" \
        c-dlopen="$work/pinned_copy_c_dlopen" rust-link="$bins/pinned_copy_link" rust-loaded="$bins/pinned_copy"
    python3 "$here/analyse.py" protocol "$work/protocol" c-link c-link-again c-dlopen rust-link rust-loaded
}

# wrap NAME COMMAND ARG...: an executable $work/NAME that runs the command with its arguments,
# for `rounds`, which runs each program by its path alone.
wrap() {
    local name=$1
    shift
    { echo '#!/bin/sh'; printf 'exec'; printf ' %q' "$@"; echo; } > "$work/$name"
    chmod +x "$work/$name"
}

section_gemm() {
    local n=${GEMM_ROUNDS:-6} ms=${GEMM_BATCH_MS:-25}
    # Square, then a Llama-3-8B layer on 4096 tokens (QKV, gate+up, down) and a small batch.
    local shapes=${GEMM_SHAPES:-"1024 2048 4096 8192 16384 4096x6144x4096 4096x28672x4096 4096x4096x14336 128x4096x14336"}
    echo "== cuBLAS GEMM, TFLOP/s: gemm.c (-lcublas) vs gemm.rs (cublas-sys) vs torch.matmul, $n rounds"
    echo "   shapes (M x N x K, or N for N x N x N): $shapes"
    # The Rust program loads the very libcublas and libcublasLt the C program is linked to,
    # whatever Python environment is active (torch keeps its own, which it reports).
    local lib lt
    lib=$(ldd "$work/gemm_c" | sed -n 's/.*libcublas\.so[^ ]* => \([^ ]*\) .*/\1/p' | head -1)
    [ -n "$lib" ] || { echo "gpu.sh: ldd finds no libcublas for gemm_c" >&2; return 1; }
    lt=$(dirname "$lib")/$(basename "$lib" | sed 's/^libcublas/libcublasLt/')
    export CUBLAS_SYS_LIBCUBLAS_PATH=$lib CUBLAS_SYS_LIBCUBLASLT_PATH=$lt
    # shellcheck disable=SC2086 # the shapes are words
    wrap gemm_c.run "$work/gemm_c" "$ms" $shapes
    # shellcheck disable=SC2086
    wrap gemm_rust.run "$bins/gemm" "$ms" $shapes
    local programs=(c="$work/gemm_c.run" rust="$work/gemm_rust.run") of=()
    if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
        # shellcheck disable=SC2086
        wrap gemm_torch.run python3 "$here/gemm_torch.py" "$ms" $shapes
        programs+=(torch="$work/gemm_torch.run")
        of=(--of torch)
    else
        echo "   (python3 has no torch with CUDA here: C and Rust only)"
    fi
    rounds "$work/gemm" "$n" "${programs[@]}"
    { grep -h '^#' "$work/gemm"/*.1.txt || true; } | sort -u
    python3 "$here/analyse.py" gemm "$work/gemm" c rust ${of[@]+"${of[@]}"}
}

section_math() {
    local n=${MATH_ROUNDS:-6} ms=${MATH_BATCH_MS:-50} lib
    echo "== cuFFT 2D C2C (Gpoints/s) and cuRAND uniform floats (GB/s): math.c vs math.rs (cufft-sys, curand-sys) vs torch, $n rounds"
    # The Rust program loads the very libraries the C program is linked to.
    for l in cufft curand; do
        lib=$(ldd "$work/math_c" | sed -n "s/.*lib$l\.so[^ ]* => \([^ ]*\) .*/\1/p" | head -1)
        [ -n "$lib" ] || { echo "gpu.sh: ldd finds no lib$l for math_c" >&2; return 1; }
        export "${l^^}_SYS_LIB${l^^}_PATH=$lib"
    done
    local size=${MATH_SIZE:-4096 16 1}
    # shellcheck disable=SC2086 # the sizes are words
    wrap math_c.run "$work/math_c" "$ms" $size
    # shellcheck disable=SC2086
    wrap math_rust.run "$bins/math" "$ms" $size
    local programs=(c="$work/math_c.run" rust="$work/math_rust.run") of=()
    if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
        # shellcheck disable=SC2086
        wrap math_torch.run python3 "$here/math_torch.py" "$ms" $size
        programs+=(torch="$work/math_torch.run")
        of=(--of torch)
    else
        echo "   (python3 has no torch with CUDA here: C and Rust only)"
    fi
    rounds "$work/math" "$n" "${programs[@]}"
    { grep -h '^#' "$work/math"/*.1.txt || true; } | sort -u
    python3 "$here/analyse.py" math "$work/math" c rust ${of[@]+"${of[@]}"}
}

section_cudnn() {
    local n=${CUDNN_ROUNDS:-6} ms=${CUDNN_BATCH_MS:-50} lib
    local size=${CUDNN_SIZE:-32 64 56}
    echo "== cuDNN convolution forward (TFLOP/s): cudnn.rs (libcudnn-sys) vs torch's conv2d, $n rounds"
    local programs=() ref=rust
    if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
        # The Rust program loads the very libcudnn torch maps (and its parts beside it), so that
        # both run one cuDNN release.
        lib=$(python3 -c 'import torch; torch.backends.cudnn.version(); print(next(l.split()[-1] for l in open("/proc/self/maps") if "libcudnn.so" in l))' 2>/dev/null || true)
        [ -n "$lib" ] && export CUDNN_SYS_LIBCUDNN_PATH=$lib
        # shellcheck disable=SC2086 # the sizes are words
        wrap cudnn_torch.run python3 "$here/cudnn_torch.py" "$ms" $size
        programs+=(torch="$work/cudnn_torch.run")
        ref=torch
    else
        echo "   (python3 has no torch with CUDA here: Rust only, on ${CUDNN_SYS_LIBCUDNN_PATH:-libcudnn.so.9 as the loader finds it})"
    fi
    # shellcheck disable=SC2086
    wrap cudnn_rust.run "$bins/cudnn" "$ms" $size
    programs+=(rust="$work/cudnn_rust.run")
    rounds "$work/cudnn" "$n" "${programs[@]}"
    { grep -h '^#' "$work/cudnn"/*.1.txt || true; } | sort -u
    if [ "$ref" = torch ]; then
        python3 "$here/analyse.py" cudnn "$work/cudnn" torch rust
    else
        python3 "$here/analyse.py" cudnn "$work/cudnn" rust
    fi
}

section_allreduce() {
    local n=${ALLREDUCE_ROUNDS:-3} pin=() torch_nccl
    python3 -c "import torch" 2>/dev/null || { echo "gpu.sh: allreduce needs python3 with torch" >&2; return 1; }
    echo "== NCCL all-reduce, float sum in place, 8 B-1 GiB, one process per GPU: nccl-sys vs torch.distributed, $n rounds"
    # The libnccl torch loaded (pip's torch brings its own): nccl-sys is measured on it too,
    # so the comparison is of the two call paths over one library.
    torch_nccl=$(python3 -c 'import torch.distributed
print(next((l.split()[-1] for l in open("/proc/self/maps") if "libnccl" in l), ""))')
    printf '#!/bin/sh\nexec python3 %s/all_reduce_torch.py\n' "$here" > "$work/torch_all_reduce"
    printf '#!/bin/sh\nNCCL_SYS_LIBNCCL_PATH=%s exec %s/all_reduce\n' "$torch_nccl" "$bins" > "$work/rust_torch_nccl"
    chmod +x "$work/torch_all_reduce" "$work/rust_torch_nccl"
    local programs=(torch="$work/torch_all_reduce" rust="$bins/all_reduce") names=(rust)
    if [ -n "$torch_nccl" ] && "$work/rust_torch_nccl" --max 8 --iters 1 --warmup 0 > "$work/probe.txt" 2>&1; then
        echo "torch's libnccl: $torch_nccl"
        programs+=(rust-torch-nccl="$work/rust_torch_nccl")
        names+=(rust-torch-nccl)
    elif [ -n "$torch_nccl" ]; then
        echo "torch's libnccl ($torch_nccl) cannot serve nccl-sys here: $(tail -3 "$work/probe.txt")"
    else
        echo "torch loaded no libnccl of its own (built in?): nccl-sys runs on the system's only"
    fi
    rounds "$work/allreduce" "$n" "${programs[@]}"
    python3 "$here/analyse.py" allreduce "$work/allreduce" torch "${names[@]}"
}

section_launch() {
    local n=${LAUNCH_RUNS:-7} i t0 t1
    echo "== kernel launch: an empty kernel, ns per launch (median of 7 rounds of 100000), one run each;"
    echo "   time to the first launch, $n runs of each, alternating"
    { "$work/launch_nvcc"; "$bins/launch"; } > "$work/launch.txt"
    for i in $(seq "$n"); do
        for program in "$work/launch_nvcc" "$bins/launch"; do
            t0=$(date +%s%N)
            "$program" first
            t1=$(date +%s%N)
            case $program in *nvcc) who=nvcc ;; *) who=rust ;; esac
            awk -v who="$who" -v ns="$((t1 - t0))" 'BEGIN { printf "first-process %s %.3f\n", who, ns / 1e6 }'
        done
    done >> "$work/launch.txt"
    python3 "$here/analyse.py" launch "$work/launch.txt"
}

section_nvrtc() {
    local n=${NVRTC_ROUNDS:-6}
    echo "== NVRTC: vectorAdd_kernel.cu to CUBIN for this GPU, then cuModuleLoadData, 10 times a run: Rust (nvrtc-sys, loaded) vs C (-lnvrtc), $n rounds"
    rounds "$work/nvrtc" "$n" c="$work/nvrtc_compile_c.sh" rust="$bins/nvrtc_compile"
    { grep -h '^#' "$work/nvrtc"/*.1.txt || true; } | sort -u
    python3 "$here/analyse.py" compile "$work/nvrtc" c rust
}

failed=()
for s in $sections; do
    begun=$SECONDS
    set +e
    (set -e; "section_${s//-/_}")
    status=$?
    set -e
    [ "$status" = 0 ] || failed+=("$s")
    echo "($s: $((SECONDS - begun)) s)"
done
echo "all sections: $((SECONDS - started)) s; raw output in $work"
if [ ${#failed[@]} -gt 0 ]; then
    echo "gpu.sh: FAILED: ${failed[*]}" >&2
    exit 1
fi
