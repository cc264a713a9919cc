#!/usr/bin/env python3
"""PyTorch's conv2d (cuDNN underneath) beside bench/cudnn.rs, timed the same way:

    python3 cudnn_torch.py BATCH_MS [N C H]      (defaults 32 64 56)

A 3 x 3 convolution with padding 1, K = C, W = H, NCHW float32, with
torch.backends.cudnn.benchmark = True and its benchmark_limit at 10: torch times up to 10 of the
engine configurations cuDNN's heuristics give for the graph and runs the fastest, as cudnn.rs does.
Prints `NAME N C H TFLOPS` rows: fp32 (allow_tf32 = False) and tf32 (allow_tf32 = True, torch's
default), each the median of 3 batches of about BATCH_MS of calls, after `#` lines naming the
cuDNN torch loaded.
"""

import sys

import torch
import torch.nn.functional as F

from timing import mapped, rate


def main(argv):
    if len(argv) not in (1, 4):
        sys.exit(__doc__)
    batch_ms = float(argv[0])
    n, c, h = (int(a) for a in argv[1:]) if len(argv) == 4 else (32, 64, 56)
    k, r = c, 3
    device = torch.device("cuda", 0)
    i = torch.arange(n * c * h * h, dtype=torch.int64)
    x = (((i * 37 + 11) % 128).to(torch.float32) / 64.0 - 1.0).reshape(n, c, h, h).to(device)
    j = torch.arange(k * c * r * r, dtype=torch.int64)
    w = (((j * 53 + 7) % 128).to(torch.float32) / 256.0 - 0.25).reshape(k, c, r, r).to(device)
    torch.backends.cudnn.benchmark = True
    torch.backends.cudnn.benchmark_limit = 10  # (its default; cudnn.rs's TRIED)
    flops = 2.0 * n * k * h * h * c * r * r
    print(f"# torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}")
    for name, tf32 in (("fp32", False), ("tf32", True)):
        torch.backends.cudnn.allow_tf32 = tf32
        tflops = rate(batch_ms, flops / 1e12, lambda: F.conv2d(x, w, padding=1))
        print(f"{name} {n} {c} {h} {tflops:.3f}")
    print(f"# torch: cuDNN {mapped('libcudnn.so')}")


if __name__ == "__main__":
    main(sys.argv[1:])
