"""The timing and library report the torch twins of the benchmarks share (math_torch.py,
cudnn_torch.py): a call run in batches between CUDA events, as timing.rs runs the Rust side's."""

import statistics

import torch

BATCHES = 3


def rate(batch_ms, work, call):
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    call()
    start.record()
    call()
    stop.record()
    stop.synchronize()
    ms = start.elapsed_time(stop)
    calls = max(1, int(batch_ms / ms)) if ms > 0 else 1
    rates = []
    for _ in range(BATCHES):
        start.record()
        for _ in range(calls):
            call()
        stop.record()
        stop.synchronize()
        rates.append(work * calls / (start.elapsed_time(stop) * 1e-3))
    return statistics.median(rates)


def mapped(name):
    with open("/proc/self/maps") as maps:
        return ", ".join(sorted({line.split()[-1] for line in maps if name in line})) or "?"
