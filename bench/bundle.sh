#!/usr/bin/env bash
# Builds the Rust side of the GPU benchmarks, in release, into DIR (default .gpu/bench):
# call_overhead (libcuda loaded on first call), call_overhead_link (the `link` feature,
# linked against .ci/libcuda-stub where no toolkit is installed) and bandwidth (the lesson).
# Then, on the GPU machine: bash bench/gpu.sh DIR
# Set CUDA_PATH to build against a given cuda.h (the GPU machine's version, ideally).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(realpath -m "${1:-$root/.gpu/bench}")
cd "$root"
mkdir -p "$dir"
cargo build --release -p bench --example call_overhead -p lessons --example bandwidth
cp target/release/examples/call_overhead target/release/examples/bandwidth "$dir/"
stub="$root/target/libcuda-stub"
.ci/libcuda-stub "$stub"
CARGO_TARGET_DIR=target/link RUSTFLAGS="-L $stub" cargo build --release -p bench --features link --example call_overhead
cp target/link/release/examples/call_overhead "$dir/call_overhead_link"
strip "$dir"/*
ls -la "$dir"
