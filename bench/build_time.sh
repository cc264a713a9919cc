#!/usr/bin/env bash
# Clean-build times of libcuda-sys (and cudart-sys) on this machine, beside cudarc's driver bindings:
#   bash bench/build_time.sh [CUDA_ROOT]
# CUDA_ROOT holds include/cuda.h for the bindgen path (default: the newest of the default
# vendored major, fetched by `cargo xtask headers`: its cudarc feature below is that version's). Every build starts from an empty target folder; downloads are
# done beforehand so only compiling is timed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
header_root=${1:-$(cargo xtask headers "$root/.cuda-headers" default)}
work=$(mktemp -d)
# shellcheck disable=SC2046 # one variable name a word
unset $(cargo xtask root-vars)
version=$(sed -n 's/^#define CUDA_VERSION \([0-9]*\)$/\1/p' "$header_root/include/cuda.h")
cuda=$((version / 1000)).$((version % 1000 / 10))

# cudarc with only its driver bindings for that CUDA, as a scratch crate outside the repo.
mkdir -p "$work/cudarc-driver/src"
cat > "$work/cudarc-driver/Cargo.toml" <<TOML
[package]
name = "cudarc-driver"
version = "0.0.0"
edition = "2021"
[dependencies]
cudarc = { version = "=0.19.10", default-features = false, features = ["driver", "cuda-$version", "dynamic-loading", "std"] }
[workspace]
TOML
echo 'pub use cudarc::driver::sys::cuInit;' > "$work/cudarc-driver/src/lib.rs"
cargo fetch -q --manifest-path "$work/cudarc-driver/Cargo.toml"
cargo fetch -q

seconds() { # label, then the command; prints the wall time of a clean build
    local start end
    start=$(date +%s.%N)
    "${@:2}" >"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
    end=$(date +%s.%N)
    awk -v l="$1" -v s="$start" -v e="$end" 'BEGIN { printf "%-58s %6.1f s\n", l, e - s }'
}

for run in 1 2; do
    echo "-- run $run ($(nproc) cores, $(rustc --version))"
    for major in $(ls libcuda-sys/src/vendored | sed -n 's/^cuda_\([0-9]*\)[0-9]\{3\}\.edits$/\1/p' | sort -un); do
        seconds "libcuda-sys, vendored CUDA $major (--no-default-features)" \
            env CUDA_SYS_CUDA_MAJOR="$major" cargo build -p libcuda-sys --no-default-features --target-dir "$work/t-vendored-$major-$run"
    done
    seconds "libcuda-sys, default features, no cuda.h (vendored default)" \
        cargo build -p libcuda-sys --target-dir "$work/t-default-$run"
    seconds "libcuda-sys, bindgen path (CUDA_PATH=$cuda toolkit)" \
        env CUDA_PATH="$header_root" cargo build -p libcuda-sys --target-dir "$work/t-bindgen-$run"
    seconds "libcuda-sys + cudart-sys, bindgen path ($cuda)" \
        env CUDA_PATH="$header_root" cargo build -p cudart-sys --target-dir "$work/t-bindgen-rt-$run"
    seconds "cudarc 0.19.10, driver + cuda-$version (reference)" \
        cargo build --manifest-path "$work/cudarc-driver/Cargo.toml" --target-dir "$work/t-cudarc-$run"
done

echo "-- no-op rebuild of the bindgen build"
CUDA_PATH="$header_root" cargo build -p libcuda-sys --target-dir "$work/t-bindgen-1" -v 2>&1 | tee "$work/noop" |
    grep -E 'Running|Compiling|Fresh libcuda-sys|Finished' || true
if grep -q 'build-script-build' "$work/noop"; then echo "FAIL: the build script ran again"; exit 1; fi
echo "the build script did not run again"
rm -rf "$work"
