#!/usr/bin/env bash
# bench/compile_c.sh TOOLKIT...: the benchmarks' C (the references and the simulated GPU,
# bench/fake_gpu.c, in each of its modes) compiles against each toolkit root's headers with
# -Wall -Wextra -Werror, as bench/gpu.sh builds it on the GPU machine. CI runs it for every
# release it tests; a reference whose library's header a root lacks is left out there.
set -euo pipefail
cd "$(dirname "$0")"
[ $# -gt 0 ] || { echo "usage: bench/compile_c.sh TOOLKIT..." >&2; exit 2; }
for toolkit in "$@"; do
    cc=(gcc -c -o /dev/null -fPIC -Wall -Wextra -Werror -I"$toolkit/include")
    for c in call_overhead bandwidth pinned_copy runtime_call_overhead runtime_bandwidth nvrtc_compile; do
        "${cc[@]}" "$c.c"
    done
    "${cc[@]}" -DNVRTC_ONLY nvrtc_compile.c
    "${cc[@]}" -DDLOPEN_LIBCUDA pinned_copy.c
    "${cc[@]}" -DFAKE_DRIVER fake_gpu.c
    "${cc[@]}" -DFAKE_RUNTIME fake_gpu.c
    if [ -f "$toolkit/include/cublas_v2.h" ]; then
        "${cc[@]}" gemm.c
        "${cc[@]}" -DFAKE_CUBLAS fake_gpu.c
    fi
    echo "bench's C: compiles against $toolkit"
done
