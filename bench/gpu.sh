#!/usr/bin/env bash
# The GPU benchmarks, side by side with C, on a machine with a CUDA GPU, gcc and cuda.h:
#   bash bench/gpu.sh [DIR]
# DIR (default .gpu/bench) holds the Rust binaries bench/bundle.sh builds. The C references
# (bench/*.c) are built here with gcc. Prints raw figures, then ratios Rust / C.
set -euo pipefail
bins=$(realpath "${1:-.gpu/bench}")
cuda=${CUDA_HOME:-/usr/local/cuda}
work=$(mktemp -d)
here=$(cd "$(dirname "$0")" && pwd)
for c in call_overhead bandwidth; do
    gcc -O2 "$here/$c.c" -I"$cuda/include" -L"$cuda/lib64/stubs" -lcuda -o "$work/${c}_c"
done
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv,noheader || true

echo "== call overhead: ns per call, best of 7 rounds of 10M calls, 3 runs of each binary interleaved"
for _ in 1 2 3; do "$work/call_overhead_c"; "$bins/call_overhead"; "$bins/call_overhead_link"; done > "$work/calls.txt"
python3 - "$work/calls.txt" <<'PY'
import sys, collections
best = collections.defaultdict(lambda: float("inf"))
for line in open(sys.argv[1]):
    call, mode, ns = line.split()
    best[call, mode] = min(best[call, mode], float(ns))
print(f"{'call':16} {'variant':24} {'ns/call':>8} {'vs C':>7}")
for call in ("cuCtxGetCurrent", "cuDeviceGet"):
    for mode in ("c", "c-checked", "rust-loaded", "rust-loaded-checked", "rust-link", "rust-link-checked"):
        ref = best[call, "c-checked" if mode.endswith("checked") else "c"]
        print(f"{call:16} {mode:24} {best[call, mode]:8.3f} {best[call, mode] / ref:7.3f}")
PY

runs=${BANDWIDTH_RUNS:-6}
echo "== copy bandwidth: GB/s; $runs runs of each program in ABBA order (C first, then Rust first, ...); each cell of a run is a median of 5 batches"
for i in $(seq "$runs"); do
    if [ $((i % 2)) = 1 ]; then
        "$work/bandwidth_c" > "$work/c$i.txt"; "$bins/bandwidth" > "$work/rust$i.txt"
    else
        "$bins/bandwidth" > "$work/rust$i.txt"; "$work/bandwidth_c" > "$work/c$i.txt"
    fi
done
python3 - "$work" "$runs" <<'PY'
import os, statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
def table(path):
    rows = {}
    for line in open(path):
        f = line.split()
        if len(f) == 6 and f[1] in ("KiB", "MiB"):
            rows[f[0] + " " + f[1]] = [float(x) for x in f[2:]]
    return rows
runs = {who: [table(os.path.join(work, f"{who}{i}.txt")) for i in range(1, runs + 1)] for who in ("c", "rust")}
sizes = list(runs["c"][0])
cols = ["H2D pageable", "H2D pinned", "D2H pageable", "D2H pinned"]
worst = {"median": 9.0, "best": 9.0}
for k, col in enumerate(cols):
    print(f"-- {col}: C and Rust medians over runs, their ratio, the ratio of the best runs, and C's own spread (max-min)/median")
    print(f"{'size':>8} {'C':>8} {'Rust':>8} {'ratio':>7} {'best':>7} {'C spread':>9}")
    for size in sizes:
        c = [r[size][k] for r in runs["c"]]
        rust = [r[size][k] for r in runs["rust"]]
        med = statistics.median(rust) / statistics.median(c)
        best = max(rust) / max(c)
        spread = (max(c) - min(c)) / statistics.median(c)
        print(f"{size:>8} {statistics.median(c):8.2f} {statistics.median(rust):8.2f} {med:7.3f} {best:7.3f} {spread:8.1%}")
        if size.endswith("MiB"):
            worst["median"] = min(worst["median"], med)
            worst["best"] = min(worst["best"], best)
print(f"lowest Rust/C ratio at sizes >= 1 MiB: {worst['median']:.3f} (medians), {worst['best']:.3f} (best runs)")
h2d = lambda who: statistics.median(r["256 MiB"][1] for r in runs[who])
print(f"pinned H2D at 256 MiB (median of runs): Rust {h2d('rust'):.2f} GB/s, C {h2d('c'):.2f} GB/s")
PY
