#!/usr/bin/env python3
"""torch.matmul on the inputs of bench/gemm.c and bench/gemm.rs, timed the same way:

    python3 gemm_torch.py BATCH_MS SHAPE...     (SHAPE: N for N x N x N, or MxNxK)

Prints `MODE M N K TFLOPS` rows: sgemm (float32, TF32 off), tf32 (float32, TF32 on), bf16
(bfloat16 in and out, float32 accumulation), each the median of 3 batches of about BATCH_MS of
calls, after a `#` line naming the libcublas this PyTorch loaded.
"""

import statistics
import sys

import torch

BATCHES = 3
PERIOD = 1 << 20


def pattern(device):
    """The inputs' repeating pattern: element i is one of the 256 multiples of 1/128 in [-1, 1),
    from a hash of i, as gemm.c's `input` computes it (exact in float32 and bfloat16)."""
    i = torch.arange(PERIOD, dtype=torch.int64, device=device)
    h = (i * 2654435761) & 0xFFFFFFFF
    return ((h >> 24) - 128).to(torch.float32) / 128


def matrix(rows, cols, dtype, base):
    count = rows * cols
    return base.repeat((count + PERIOD - 1) // PERIOD)[:count].view(rows, cols).to(dtype)


def libcublas():
    """The libcublas file this process has mapped (after the first matmul)."""
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "libcublas.so" in line}
        return ", ".join(sorted(paths)) or "?"
    except OSError:
        return "?"


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    batch_ms = float(argv[0])
    shapes = []
    for s in argv[1:]:
        parts = [int(x) for x in s.split("x")]
        if len(parts) == 1:
            parts *= 3
        if len(parts) != 3:
            sys.exit(f"bad shape '{s}': write N or MxNxK")
        shapes.append(parts)
    device = torch.device("cuda", 0)
    base = pattern(device)
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    modes = [("sgemm", torch.float32, False), ("tf32", torch.float32, True), ("bf16", torch.bfloat16, False)]
    first = True
    for m, n, k in shapes:
        for name, dtype, tf32 in modes:
            torch.backends.cuda.matmul.allow_tf32 = tf32
            a, b = matrix(m, k, dtype, base), matrix(k, n, dtype, base)
            c = torch.empty(m, n, dtype=dtype, device=device)
            torch.matmul(a, b, out=c)  # warm-up
            if first:
                print(f"# torch: {libcublas()} (PyTorch {torch.__version__}, CUDA {torch.version.cuda})")
                first = False
            start.record()
            torch.matmul(a, b, out=c)
            stop.record()
            stop.synchronize()
            calls = max(1, int(batch_ms / max(start.elapsed_time(stop), 1e-6)))
            rates = []
            for _ in range(BATCHES):
                start.record()
                for _ in range(calls):
                    torch.matmul(a, b, out=c)
                stop.record()
                stop.synchronize()
                rates.append(2.0 * m * n * k * calls / (start.elapsed_time(stop) * 1e-3) / 1e12)
            print(f"{name} {m} {n} {k} {statistics.median(rates):.3f}", flush=True)
            del a, b, c


if __name__ == "__main__":
    main(sys.argv[1:])
