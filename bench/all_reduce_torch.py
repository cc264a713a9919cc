#!/usr/bin/env python3
"""The all-reduce sweep of bench/all_reduce.rs through PyTorch: torch.distributed.all_reduce,
NCCL backend, one process per GPU, the processes started here and joined over
tcp://127.0.0.1 (no network needed).

    python3 bench/all_reduce_torch.py [--gpus N] [--min BYTES] [--max BYTES] [--iters N] [--warmup N]

The same measurement as all_reduce.rs, which is NCCL's all_reduce_perf's: float32, sum,
in place (torch's all_reduce is in place); for each size from --min to --max (8 B to 1 GiB),
doubling, --warmup calls, then --iters calls back to back, timed on the host from before the
first to after the stream has finished the last; the time is the slowest rank's. algbw =
bytes / time, busbw = algbw * 2(n-1)/n (n ranks), both in GB/s (10^9 bytes/s). Prints a `#`
line naming torch, its NCCL and the GPUs, then `bytes count time_us algbw busbw` rows, then
the check: after a final all-reduce of rank + 1 everywhere, every element is n(n+1)/2.
"""

import argparse
import os
import socket
import sys
import time

# NVLink SHARP uses NVLink multicast, which can take the shared machines' GPUs out of service:
# off in this process and, inherited, in every rank (NCCL reads it when a communicator is made).
os.environ["NCCL_NVLS_ENABLE"] = "0"


def parse():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--gpus", type=int, default=0, help="ranks, one per GPU (default: every GPU)")
    p.add_argument("--min", type=int, default=8)
    p.add_argument("--max", type=int, default=1 << 30)
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--warmup", type=int, default=5)
    return p.parse_args()


def sizes(lo, hi):
    size = lo
    while size <= hi:
        yield size
        size *= 2


def rank_main(rank, world, port, args):
    import torch
    import torch.distributed as dist

    torch.cuda.set_device(rank)
    device = torch.device("cuda", rank)
    dist.init_process_group("nccl", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world)
    if rank == 0:
        nccl = ".".join(str(v) for v in torch.cuda.nccl.version())
        print(f"# torch {torch.__version__}, NCCL {nccl}, {world} x {torch.cuda.get_device_name(0)},"
              f" NCCL_NVLS_ENABLE={os.environ.get('NCCL_NVLS_ENABLE')}")
        print(f"{'bytes':>12} {'count':>12} {'time_us':>12} {'algbw':>9} {'busbw':>9}", flush=True)
    # Zeros: summed in place call after call, they stay zeros (ones would grow to inf).
    buffer = torch.zeros(args.max // 4, dtype=torch.float32, device=device)
    slowest = torch.zeros(1, dtype=torch.float64, device=device)
    for size in sizes(args.min, args.max):
        count = size // 4
        tensor = buffer[:count]
        for _ in range(args.warmup):
            dist.all_reduce(tensor)
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(args.iters):
            dist.all_reduce(tensor)
        torch.cuda.synchronize()
        seconds = (time.perf_counter() - start) / args.iters
        slowest.fill_(seconds)
        dist.all_reduce(slowest, op=dist.ReduceOp.MAX)
        seconds = slowest.item()
        algbw = size / seconds / 1e9
        busbw = algbw * 2 * (world - 1) / world
        if rank == 0:
            print(f"{size:>12} {count:>12} {seconds * 1e6:>12.2f} {algbw:>9.3f} {busbw:>9.3f}", flush=True)
    tensor = buffer[: 1 << 20]
    tensor.fill_(rank + 1)
    dist.all_reduce(tensor)
    expected = world * (world + 1) / 2
    wrong = int((tensor != expected).sum().item())
    if wrong:
        sys.exit(f"rank {rank}: {wrong} of {tensor.numel()} elements differ from {expected}")
    if rank == 0:
        print(f"# check: all-reduce of rank + 1 over {world} ranks = {expected:g} in every element")
    dist.destroy_process_group()


def main():
    args = parse()
    if args.min < 4 or args.min % 4 or args.max < args.min:
        sys.exit("all_reduce_torch.py: --min must be a positive multiple of 4 bytes and <= --max")
    import torch
    import torch.multiprocessing as mp

    if not torch.cuda.is_available():
        sys.exit("all_reduce_torch.py: torch sees no CUDA GPU")
    world = args.gpus or torch.cuda.device_count()
    if world > torch.cuda.device_count():
        sys.exit(f"all_reduce_torch.py: --gpus {world}, but torch sees {torch.cuda.device_count()} GPUs")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(rank_main, args=(world, port, args), nprocs=world, join=True)


if __name__ == "__main__":
    main()
