#!/usr/bin/env python3
"""PyTorch's FFT and uniform random numbers beside bench/math.c and bench/math.rs, timed the same
way:

    python3 math_torch.py BATCH_MS [N BATCH GIB]      (defaults 4096 16 1)

Prints `NAME A B C RATE` rows: fft2_c2c (torch.fft.fft2 of BATCH N x N complex64 arrays, out=,
every input byte 0x3c as the others; Gpoints/s), xorwow and philox (both rows are
`Tensor.uniform_` of GIB GiB of float32: torch's own Philox kernel, not cuRAND; GB/s), each the
median of 3 batches of about BATCH_MS of calls, after `#` lines naming the library files torch
mapped.
"""

import sys

import torch

from timing import mapped, rate


def main(argv):
    if len(argv) not in (1, 4):
        sys.exit(__doc__)
    batch_ms = float(argv[0])
    n, batch, gib = (int(a) for a in argv[1:]) if len(argv) == 4 else (4096, 16, 1)
    device = torch.device("cuda", 0)
    x = torch.empty((batch, n, n), dtype=torch.complex64, device=device)
    x.view(torch.uint8).fill_(0x3C)
    y = torch.empty_like(x)
    print(f"fft2_c2c {n} {n} {batch} {rate(batch_ms, batch * n * n / 1e9, lambda: torch.fft.fft2(x, out=y)):.3f}")
    print(f"# torch: cuFFT {mapped('libcufft')}")
    del x, y
    count = (gib << 30) // 4
    numbers = torch.empty(count, dtype=torch.float32, device=device)
    torch.manual_seed(1234)
    for name in ("xorwow", "philox"):
        print(f"{name} {count} 1 1 {rate(batch_ms, count * 4 / 1e9, numbers.uniform_):.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
