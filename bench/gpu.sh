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

echo "== copy bandwidth: GB/s, best of 2 interleaved runs of each program (each cell a median of 5)"
for i in 1 2; do "$work/bandwidth_c" > "$work/c$i.txt"; "$bins/bandwidth" > "$work/rust$i.txt"; done
python3 - "$work" <<'PY'
import sys, os
def table(path):
    rows = {}
    for line in open(path):
        f = line.split()
        if len(f) == 6 and f[1] in ("KiB", "MiB"):
            rows[f[0] + " " + f[1]] = [float(x) for x in f[2:]]
    return rows
runs = {who: [table(os.path.join(sys.argv[1], f"{who}{i}.txt")) for i in (1, 2)] for who in ("c", "rust")}
best = {who: {size: [max(r[size][k] for r in rs) for k in range(4)] for size in rs[0]} for who, rs in runs.items()}
cols = ["H2D pageable", "H2D pinned", "D2H pageable", "D2H pinned"]
print(f"{'size':>8} " + " ".join(f"{c + ' C':>16} {'Rust':>7} {'ratio':>6}" for c in cols))
worst = 9.0
for size in best["c"]:
    cells = []
    for k in range(4):
        c, r = best["c"][size][k], best["rust"][size][k]
        cells.append(f"{c:16.2f} {r:7.2f} {r / c:6.3f}")
        if size.endswith("MiB"):
            worst = min(worst, r / c)
    print(f"{size:>8} " + " ".join(cells))
print(f"lowest Rust/C ratio at sizes >= 1 MiB: {worst:.3f}")
print(f"pinned H2D at 256 MiB: Rust {best['rust']['256 MiB'][1]:.2f} GB/s, C {best['c']['256 MiB'][1]:.2f} GB/s")
PY
