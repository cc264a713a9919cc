#!/usr/bin/env bash
# Prepares, on a machine with Rust and g++ but no GPU, a folder that runs nvinfer-sys against
# NVIDIA's real TensorRT lean runtime on a GPU machine with no Rust and no network:
#   the lean runtime (libnvinfer_lean.so.11, from PyPI's tensorrt-lean-cu13-libs 11.4.0.106),
#   cuda-checked/examples/lean_runtime.rs built with `--features lean` against TensorRT 11.4's headers,
#   cuda-checked/tests/trt_lean/lean_runtime.cpp built with g++ against the same headers and library,
#   run.sh, which runs both and compares what they print.
# Usage: bash nvinfer-sys/gpu/bundle.sh OUT_DIR   (then copy OUT_DIR.tar.gz; `bash run.sh` there)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: bundle.sh OUT_DIR}
wheel_version=11.4.0.106
rm -rf "$out" && mkdir -p "$out"
headers=$(cargo xtask tensorrt headers .tensorrt-headers | grep '/11.4.0$')
download=target/tensorrt-lean
if [ ! -f "$download/tensorrt_lean_libs/libnvinfer_lean.so.11" ]; then
    mkdir -p "$download"
    python3 -m pip download --quiet --no-deps -d "$download" "tensorrt-lean-cu13-libs==$wheel_version"
    (cd "$download" && python3 -m zipfile -e tensorrt_lean_cu13_libs-*.whl .)
fi
cp "$download/tensorrt_lean_libs/libnvinfer_lean.so.11" "$out/"
TENSORRT_ROOT=$headers CARGO_TARGET_DIR=target/trt-bundle \
    cargo build --quiet --release -p cuda-checked --features trt,nvinfer-sys/lean --example lean_runtime
cp target/trt-bundle/release/examples/lean_runtime "$out/lean_runtime_rust"
printf '#pragma once\ntypedef struct CUstream_st *cudaStream_t;\ntypedef struct CUevent_st *cudaEvent_t;\n' > "$out/cuda_runtime_api.h"
g++ -std=c++17 -O1 -w -I"$headers/include" -I"$out" cuda-checked/tests/trt_lean/lean_runtime.cpp -o "$out/lean_runtime_cpp" \
    "$out/libnvinfer_lean.so.11" -Wl,-rpath,'$ORIGIN'
rm "$out/cuda_runtime_api.h"
cat > "$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# nvinfer-sys against TensorRT 11.4's lean runtime on this GPU: the Rust program and its C++
# twin make the same IRuntime calls; their lines must be the same (the Rust side also prints
# the check_trt! errors, `check_trt:` and its indented line, which C++ has no macro for).
set -u
cd "$(dirname "$0")"
export NVINFER_SYS_LIBNVINFER_PATH=$PWD/libnvinfer_lean.so.11
./lean_runtime_cpp > cpp.out 2>&1; cpp_status=$?
./lean_runtime_rust > rust.out 2>&1; rust_status=$?
echo "== C++ (exit $cpp_status)"; cat cpp.out
echo "== Rust (exit $rust_status)"; cat rust.out
grep -v -e '^check_trt:' -e '^ code = ' rust.out > rust.common
if diff cpp.out rust.common > diff.out && [ "$cpp_status" = "$rust_status" ]; then
    echo "== SAME: $(wc -l < cpp.out) lines, exit $cpp_status"
else
    echo "== DIFFERENT (exit $cpp_status vs $rust_status):"; cat diff.out; exit 1
fi
RUN
chmod +x "$out/run.sh"
tar -czf "$out.tar.gz" -C "$(dirname "$out")" "$(basename "$out")"
ls -la "$out" "$out.tar.gz"
