#!/usr/bin/env python3
"""The analysis of bench/gpu.sh's runs (standard library only).

    analyse.py order N ROUNDS                 the run order of N programs for each round
    analyse.py calls FILE                     call overhead: best ns per call, ratio to C
    analyse.py bandwidth DIR RUNS             the bandwidth lesson against bandwidth.c
    analyse.py rounds DIR REF NAME...         copy programs run in rounds: ratios to REF
                                              with 95% confidence intervals
    analyse.py protocol DIR REF NAME...       the same, then the verdict on the driver path's
                                              open question (programs c-link, c-link-again,
                                              c-dlopen, rust-link, rust-loaded)
    analyse.py gemm DIR REF NAME... [--of P]  GEMMs run in rounds (rows `MODE M N K TFLOPS`):
                                              TFLOP/s, ratios to REF with 95% confidence
                                              intervals, and each as a fraction of P's
    analyse.py math DIR REF NAME... [--of P]  the same for math.rs's rows (`NAME A B C RATE`:
                                              fft2_c2c in Gpoints/s, xorwow and philox in GB/s)
    analyse.py cudnn DIR REF NAME...          the same for cudnn.rs's rows (`NAME N C H TFLOPS`:
                                              fp32 and tf32 convolutions, TFLOP/s)
    analyse.py allreduce DIR REF NAME...      all-reduce sweeps run in rounds (DIR/NAME.R.txt,
                                              `bytes count time_us algbw busbw` rows): time,
                                              algbw, busbw and time ratios to REF with 95% CIs
    analyse.py compile DIR REF NAME...        NVRTC compile (and load) times in ms: ratios to
                                              REF with 95% confidence intervals
    analyse.py launch FILE                    kernel launches (`launch WHO NS` rows) against
                                              nvcc's, and the first launch's times
                                              (`first-launch|first-process WHO MS` rows)

`rounds` reads DIR/NAME.R.txt (R = 1, 2, ...), each a table of `SIZE UNIT H2D D2H` rows in
GB/s, one per program per round. Each round ran every program once, in the order `order`
gave, so the rounds are the independent units and a program's figures pair with the
reference's of the same round.
"""

import math
import os
import random
import statistics
import sys

UNITS = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}
# Two-sided 95% quantiles of Student's t, by degrees of freedom.
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131,
        16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086, 25: 2.060, 30: 2.042}
BOOTSTRAP = 4000


def t975(df):
    known = [d for d in sorted(T975) if d <= df]
    return T975[known[-1]] if known else float("nan")


def fail(message):
    sys.exit(f"analyse.py: {message}")


# ---------------------------------------------------------------- order


def williams(n):
    """Sequences in which each program runs once, each at each position equally often and
    each directly after each other program equally often (a Williams design): n sequences
    for even n, 2n for odd n."""
    first, low, high = [0], 1, n - 1
    while len(first) < n:
        first.append(low)
        low += 1
        if len(first) < n:
            first.append(high)
            high -= 1
    rows = [[(x + i) % n for x in first] for i in range(n)]
    if n % 2 == 1:
        rows += [list(reversed(row)) for row in rows]
    return rows


def order(n, rounds):
    rows = williams(n)
    for r in range(rounds):
        print(" ".join(str(i) for i in rows[r % len(rows)]))


# ---------------------------------------------------------------- calls


def calls(path):
    best, names = {}, []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        call, mode, ns = line.split()
        if call not in names:
            names.append(call)
        best[call, mode] = min(best.get((call, mode), math.inf), float(ns))
    modes = ("c", "c-checked", "rust-loaded", "rust-loaded-checked", "rust-link", "rust-link-checked")
    print(f"{'call':18} {'variant':22} {'ns/call':>8} {'vs C':>7}")
    for call in names:
        for mode in modes:
            if (call, mode) not in best:
                print(f"{call:18} {mode:22} {'missing':>8}")
                continue
            ref = best.get((call, "c-checked" if mode.endswith("checked") else "c"), math.nan)
            print(f"{call:18} {mode:22} {best[call, mode]:8.3f} {best[call, mode] / ref:7.3f}")


# ---------------------------------------------------------------- tables


def table(path, columns):
    """The rows of one run: {size label: [GB/s per column]}, in the file's order."""
    rows = {}
    for line in open(path):
        f = line.split()
        if line.startswith("#") or len(f) != 2 + columns or f[1] not in UNITS:
            continue
        try:
            values = [float(x) for x in f[2:]]
        except ValueError:
            continue
        if not all(math.isfinite(v) and v > 0 for v in values):
            fail(f"{path}: {line.strip()}: not a positive rate")
        rows[f"{f[0]} {f[1]}"] = values
    if not rows:
        fail(f"{path}: no rows of {columns} rates")
    return rows


def size_bytes(label):
    n, unit = label.split()
    return int(n) * UNITS[unit]


def bandwidth(work, runs):
    runs = int(runs)
    data = {who: [table(os.path.join(work, f"{who}{i}.txt"), 4) for i in range(1, runs + 1)]
            for who in ("c", "rust")}
    sizes = list(data["c"][0])
    cols = ["H2D pageable", "H2D pinned", "D2H pageable", "D2H pinned"]
    worst = {"median": 9.0, "best": 9.0}
    for k, col in enumerate(cols):
        print(f"-- {col}: C and Rust medians over runs, their ratio, the ratio of the best runs,"
              " and C's own spread (max-min)/median")
        print(f"{'size':>8} {'C':>8} {'Rust':>8} {'ratio':>7} {'best':>7} {'C spread':>9}")
        for size in sizes:
            c = [r[size][k] for r in data["c"]]
            rust = [r[size][k] for r in data["rust"]]
            med = statistics.median(rust) / statistics.median(c)
            best = max(rust) / max(c)
            spread = (max(c) - min(c)) / statistics.median(c)
            print(f"{size:>8} {statistics.median(c):8.2f} {statistics.median(rust):8.2f} {med:7.3f}"
                  f" {best:7.3f} {spread:8.1%}")
            if size_bytes(size) >= 1 << 20:
                worst["median"] = min(worst["median"], med)
                worst["best"] = min(worst["best"], best)
    print(f"lowest Rust/C ratio at sizes >= 1 MiB: {worst['median']:.3f} (medians),"
          f" {worst['best']:.3f} (best runs)")
    if "256 MiB" in sizes:
        def h2d(who):
            return statistics.median(r["256 MiB"][1] for r in data[who])
        print(f"pinned H2D at 256 MiB (median of runs): Rust {h2d('rust'):.2f} GB/s,"
              f" C {h2d('c'):.2f} GB/s")


# ---------------------------------------------------------------- rounds


def percentile(sorted_values, q):
    """The q-quantile (0..1) of sorted values, interpolated."""
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def t_interval(values):
    """Mean and 95% t-interval of values (one per round)."""
    n = len(values)
    mean = statistics.mean(values)
    if n < 2:
        return mean, math.nan, math.nan
    half = t975(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def verdict(lo, hi):
    if hi < 1:
        return "lower"
    if lo > 1:
        return "higher"
    return "same"


def rounds_of(work, name):
    """How many rounds DIR/NAME.R.txt holds: R = 1, 2, ... while the file exists."""
    r = 0
    while os.path.exists(os.path.join(work, f"{name}.{r + 1}.txt")):
        r += 1
    return r


def rounds(work, ref, names):
    programs = [ref] + [n for n in names if n != ref]
    counts = [rounds_of(work, p) for p in programs]
    n_rounds = min(counts)
    if n_rounds < 2:
        fail(f"{work}: need at least 2 rounds of each of {programs}, found {counts}")
    if len(set(counts)) > 1:
        print(f"note: unequal rounds {dict(zip(programs, counts))}; using the first {n_rounds}")
    data = {p: [table(os.path.join(work, f"{p}.{r}.txt"), 2) for r in range(1, n_rounds + 1)]
            for p in programs}
    sizes = list(data[ref][0])
    for p in programs:
        for r, run in enumerate(data[p], 1):
            if list(run) != sizes:
                fail(f"{p}.{r}.txt has sizes {list(run)}, {ref}.1.txt {sizes}")
    others = programs[1:]
    cols = ["H2D pinned", "D2H pinned"]
    rng = random.Random(12)
    resamples = [[rng.randrange(n_rounds) for _ in range(n_rounds)] for _ in range(BOOTSTRAP)]

    def values(p, size, k):
        return [run[size][k] for run in data[p]]

    print(f"{n_rounds} rounds; reference {ref}; GB/s = 10^9 bytes/s")
    starred = 0
    for k, col in enumerate(cols):
        print(f"-- {col}: the reference's median over rounds (GB/s); each program's median over"
              f" rounds divided by it, [95% CI: bootstrap over rounds, paired]; * where the CI"
              f" excludes 1")
        head = f"{'size':>8} {ref:>9}" + "".join(f" {p:>22}" for p in others)
        print(head)
        for size in sizes:
            base = values(ref, size, k)
            line = f"{size:>8} {statistics.median(base):9.2f}"
            for p in others:
                mine = values(p, size, k)
                ratio = statistics.median(mine) / statistics.median(base)
                boot = sorted(statistics.median([mine[i] for i in idx]) /
                              statistics.median([base[i] for i in idx]) for idx in resamples)
                lo, hi = percentile(boot, 0.025), percentile(boot, 0.975)
                star = "*" if verdict(lo, hi) != "same" else " "
                starred += star == "*"
                line += f" {ratio:6.3f} [{lo:5.3f},{hi:5.3f}]{star}"
            print(line)
    cells = len(cols) * len(sizes) * len(others)
    print(f"({starred} of {cells} cells starred; about {cells * 0.05:.0f} would be by chance alone:"
          f" the pooled figures below are the test)")

    groups = [("sizes >= 1 MiB", [s for s in sizes if size_bytes(s) >= 1 << 20]), ("all sizes", sizes)]
    pooled = {}
    print("-- pooled: per round, the geometric mean over the sizes of program / reference;"
          f" its mean over the {n_rounds} rounds with a 95% t-interval (rounds are the units)")
    for k, col in enumerate(cols):
        for label, group in groups:
            if not group:
                continue
            for p in others:
                per_round = [statistics.mean(math.log(data[p][r][s][k] / data[ref][r][s][k]) for s in group)
                             for r in range(n_rounds)]
                mean, lo, hi = (math.exp(x) for x in t_interval(per_round))
                pooled[col, label, p] = (mean, lo, hi)
                print(f"{col:11} {label:15} {p:>14} / {ref}: {mean:.4f} [{lo:.4f}, {hi:.4f}]"
                      f" {verdict(lo, hi)}")
    spreads = []
    for p in programs:
        cv = [statistics.stdev(values(p, s, k)) / statistics.mean(values(p, s, k))
              for k in range(len(cols)) for s in sizes]
        spreads.append(f"{p} {statistics.median(cv):.2%}")
    print("run-to-run spread (median over cells of stdev/mean across rounds): " + ", ".join(spreads))
    return pooled


def conclude_protocol(pooled):
    """The driver path's open question, from the pooled figures (sizes >= 1 MiB and all)."""
    roles = {"control": "c-link-again", "dlopen": "c-dlopen", "link": "rust-link", "loaded": "rust-loaded"}
    print("-- verdict (computed from the pooled figures above)")
    for col in ("H2D pinned", "D2H pinned"):
        for label in ("sizes >= 1 MiB", "all sizes"):
            key = lambda role: pooled.get((col, label, roles[role]))
            if any(key(role) is None for role in roles):
                continue
            v = {role: verdict(*key(role)[1:]) for role in roles}

            def show(role):
                mean, lo, hi = key(role)
                return f"{roles[role]} {mean:.4f} [{lo:.4f}, {hi:.4f}]"

            head = f"{col}, {label}:"
            if v["control"] != "same":
                print(f"{head} the C-vs-C control is not 1 ({show('control')}): order or drift"
                      " biases this run by that much; the other comparisons are not conclusive")
            elif v["loaded"] == "same" and v["link"] == "same":
                floor = min(key("loaded")[1], key("link")[1])
                bound = ("a deficit of 1% or more is excluded" if floor > 0.99 else
                         f"a deficit of up to {1 - floor:.1%} is not excluded")
                print(f"{head} neither Rust build differs from C linked to libcuda ({show('loaded')},"
                      f" {show('link')}; control {show('control')}): {bound}")
            elif v["loaded"] == "lower" and v["link"] == "lower":
                print(f"{head} both Rust builds are slower than C ({show('loaded')}, {show('link')};"
                      f" C with dlopen {show('dlopen')}): the difference is in the Rust program, not"
                      " in how libcuda is reached")
            elif v["loaded"] == "lower" and v["link"] == "same" and v["dlopen"] == "lower":
                print(f"{head} loading libcuda with dlopen is slower, in C as in Rust ({show('dlopen')},"
                      f" {show('loaded')}; linked Rust {show('link')}): the loading, not the binding's code")
            elif v["loaded"] == "lower" and v["link"] == "same" and v["dlopen"] == "same":
                print(f"{head} only the Rust loaded build is slower ({show('loaded')}; C with dlopen"
                      f" {show('dlopen')}, Rust linked {show('link')}): look at libcuda-sys's loaded path")
            else:
                differ = [f"{show(role)} {v[role]}" for role in ("loaded", "link", "dlopen") if v[role] != "same"]
                same = [roles[role] for role in ("loaded", "link", "dlopen") if v[role] == "same"]
                print(f"{head} differs from C: {'; '.join(differ)}; no difference: {', '.join(same) or 'none'}"
                      f" (control {show('control')})")


# ---------------------------------------------------------------- gemm


def gemm_table(path):
    """One run of a GEMM program: {(mode, "MxNxK"): TFLOP/s}, in the file's order."""
    rows = {}
    for line in open(path):
        f = line.split()
        if line.startswith("#") or len(f) != 5:
            continue
        try:
            rate = float(f[4])
        except ValueError:
            continue
        if not (math.isfinite(rate) and rate > 0):
            fail(f"{path}: {line.strip()}: not a positive rate")
        rows[f[0], "x".join(f[1:4])] = rate
    if not rows:
        fail(f"{path}: no `MODE M N K TFLOPS` rows")
    return rows


def gemm(work, ref, names, of, unit="TFLOP/s = 10^12 multiply-adds x 2 per second"):
    programs = [ref] + [n for n in names if n != ref]
    counts = [rounds_of(work, p) for p in programs]
    n_rounds = min(counts)
    if n_rounds < 2:
        fail(f"{work}: need at least 2 rounds of each of {programs}, found {counts}")
    data = {p: [gemm_table(os.path.join(work, f"{p}.{r}.txt")) for r in range(1, n_rounds + 1)]
            for p in programs}
    cells = list(data[ref][0])
    for p in programs:
        for r, run in enumerate(data[p], 1):
            if list(run) != cells:
                fail(f"{p}.{r}.txt has cells {list(run)}, {ref}.1.txt {cells}")
    rng = random.Random(12)
    resamples = [[rng.randrange(n_rounds) for _ in range(n_rounds)] for _ in range(BOOTSTRAP)]

    def values(p, cell):
        return [run[cell] for run in data[p]]

    others = [p for p in programs[1:] if p != of]
    print(f"{n_rounds} rounds; {unit}, median over rounds;"
          f" {'/'.join(others)} / {ref}: ratio of medians [95% CI: bootstrap over rounds, paired];"
          + (f" / {of}: each figure as a fraction of {of}'s" if of else ""))
    shown = [ref] + others + ([of] if of else [])
    modes = list(dict.fromkeys(mode for mode, _ in cells))
    for mode in modes:
        print(f"-- {mode}")
        head = f"{'M x N x K':>20}" + "".join(f" {p:>8}" for p in shown)
        head += "".join(f" {p + '/' + ref:>24}" for p in others)
        head += "".join(f" {p + '/' + of:>11}" for p in [ref] + others) if of else ""
        print(head)
        for cell in [c for c in cells if c[0] == mode]:
            med = {p: statistics.median(values(p, cell)) for p in shown}
            line = f"{cell[1]:>20}" + "".join(f" {med[p]:8.1f}" for p in shown)
            for p in others:
                base, mine = values(ref, cell), values(p, cell)
                boot = sorted(statistics.median([mine[i] for i in idx]) /
                              statistics.median([base[i] for i in idx]) for idx in resamples)
                lo, hi = percentile(boot, 0.025), percentile(boot, 0.975)
                line += f" {med[p] / med[ref]:9.3f} [{lo:5.3f},{hi:5.3f}]"
            if of:
                line += "".join(f" {med[p] / med[of]:11.3f}" for p in [ref] + others)
            print(line)
    print(f"-- pooled: per round, the geometric mean over a mode's shapes of program / {ref};"
          f" its mean over the {n_rounds} rounds with a 95% t-interval")
    for mode in modes:
        group = [c for c in cells if c[0] == mode]
        for p in others + ([of] if of else []):
            per_round = [statistics.mean(math.log(data[p][r][c] / data[ref][r][c]) for c in group)
                         for r in range(n_rounds)]
            mean, lo, hi = (math.exp(x) for x in t_interval(per_round))
            floor = "lower bound >= 0.99" if lo >= 0.99 else "lower bound < 0.99"
            print(f"{mode:6} {p:>8} / {ref}: {mean:.4f} [{lo:.4f}, {hi:.4f}] {verdict(lo, hi)}"
                  + (f", {floor}" if p != of else ""))


# ---------------------------------------------------------------- allreduce


def sweep(path):
    """One all-reduce sweep: ({bytes: (time_us, algbw, busbw)}, its `#` lines)."""
    rows, notes = {}, []
    for line in open(path):
        if line.startswith("#"):
            notes.append(line.strip())
            continue
        f = line.split()
        if len(f) != 5 or not f[0].isdigit():
            continue
        time_us, algbw, busbw = (float(x) for x in f[2:])
        if not (math.isfinite(time_us) and time_us > 0):
            fail(f"{path}: {line.strip()}: not a positive time")
        rows[int(f[0])] = (time_us, algbw, busbw)
    if not rows:
        fail(f"{path}: no `bytes count time_us algbw busbw` rows")
    if not any(n.startswith("# check:") for n in notes):
        fail(f"{path}: no `# check:` line: the sweep did not finish with a correct all-reduce")
    return rows, notes


def bytes_label(n):
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n} B"


def allreduce(work, ref, names):
    programs = [ref] + [n for n in names if n != ref]
    runs = {}
    for p in programs:
        r = 0
        while os.path.exists(os.path.join(work, f"{p}.{r + 1}.txt")):
            r += 1
        if r == 0:
            fail(f"{work}: no {p}.1.txt")
        runs[p] = [sweep(os.path.join(work, f"{p}.{i}.txt")) for i in range(1, r + 1)]
    n_rounds = min(len(v) for v in runs.values())
    for p in programs:
        for note in sorted({n for _, notes in runs[p] for n in notes}):
            print(f"{p}: {note}")
    sizes = sorted(runs[ref][0][0])
    for p in programs:
        for i, (rows, _) in enumerate(runs[p], 1):
            if sorted(rows) != sizes:
                fail(f"{p}.{i}.txt has other sizes than {ref}.1.txt")
    others = programs[1:]
    rng = random.Random(19)
    resamples = [[rng.randrange(n_rounds) for _ in range(n_rounds)] for _ in range(BOOTSTRAP)]

    def values(p, size, k):
        return [runs[p][r][0][size][k] for r in range(n_rounds)]

    print(f"{n_rounds} rounds; medians over rounds; time in us per all-reduce (the slowest rank's);"
          f" algbw and busbw in GB/s; ratio = time / {ref}'s time [95% CI, bootstrap over rounds,"
          f" paired], * where it excludes 1")
    head = f"{'size':>8} {ref + ' us':>12} {'algbw':>8} {'busbw':>8}"
    for p in others:
        head += f" {p + ' us':>14} {'algbw':>8} {'busbw':>8} {'ratio [95% CI]':>24}"
    print(head)
    per_round = {p: [[] for _ in range(n_rounds)] for p in others}
    for size in sizes:
        base = values(ref, size, 0)
        line = (f"{bytes_label(size):>8} {statistics.median(base):12.2f}"
                f" {statistics.median(values(ref, size, 1)):8.3f} {statistics.median(values(ref, size, 2)):8.3f}")
        for p in others:
            mine = values(p, size, 0)
            ratio = statistics.median(mine) / statistics.median(base)
            if n_rounds >= 2:
                boot = sorted(statistics.median([mine[i] for i in idx]) /
                              statistics.median([base[i] for i in idx]) for idx in resamples)
                lo, hi = percentile(boot, 0.025), percentile(boot, 0.975)
            else:
                lo = hi = math.nan
            star = "*" if n_rounds >= 2 and verdict(lo, hi) != "same" else " "
            line += (f" {statistics.median(mine):14.2f} {statistics.median(values(p, size, 1)):8.3f}"
                     f" {statistics.median(values(p, size, 2)):8.3f} {ratio:7.3f} [{lo:6.3f},{hi:6.3f}]{star}")
            for r in range(n_rounds):
                per_round[p][r].append((size, math.log(mine[r] / base[r])))
        print(line)
    print(f"-- pooled: per round, the geometric mean over the sizes of time / {ref}'s time; its mean over"
          " the rounds with a 95% t-interval")
    groups = [("<= 64 KiB (latency)", lambda s: s <= 64 << 10), (">= 64 MiB (bandwidth)", lambda s: s >= 64 << 20),
              ("all sizes", lambda s: True)]
    for p in others:
        for label, keep in groups:
            logs = [statistics.mean(v for s, v in per_round[p][r] if keep(s)) for r in range(n_rounds)
                    if any(keep(s) for s, _ in per_round[p][r])]
            if not logs:
                continue
            mean, lo, hi = (math.exp(x) for x in t_interval(logs))
            print(f"{p:>16} / {ref} {label:22}: {mean:.4f} [{lo:.4f}, {hi:.4f}] {verdict(lo, hi)}")
    top = sizes[-1]
    best = {p: max(values(p, top, 2)) for p in programs}
    print(f"busbw at {bytes_label(top)} (best round): " + ", ".join(f"{p} {b:.2f} GB/s" for p, b in best.items()))
# ---------------------------------------------------------------- compile


def compile_times(work, ref, names):
    """bench/nvrtc_compile's runs: DIR/NAME.R.txt holds `METRIC PROGRAM MS` lines, one per
    iteration. Per round and metric, a program's figure is its median over the iterations; the
    ratio to the reference's of the same round is the paired unit, its mean over rounds given
    with a 95% t-interval."""
    programs = [ref] + [n for n in names if n != ref]
    per_round = {p: [] for p in programs}
    for p in programs:
        r = 1
        while os.path.exists(os.path.join(work, f"{p}.{r}.txt")):
            samples = {}
            for line in open(os.path.join(work, f"{p}.{r}.txt")):
                f = line.split()
                if line.startswith("#") or len(f) != 3:
                    continue
                ms = float(f[2])
                if not (math.isfinite(ms) and ms > 0):
                    fail(f"{p}.{r}.txt: {line.strip()}: not a positive time")
                samples.setdefault(f[0], []).append(ms)
            if not samples:
                fail(f"{work}/{p}.{r}.txt: no `METRIC PROGRAM MS` lines")
            per_round[p].append({m: statistics.median(v) for m, v in samples.items()})
            r += 1
    n_rounds = min(len(v) for v in per_round.values())
    if n_rounds < 2:
        fail(f"{work}: need at least 2 rounds of each of {programs}, found "
             f"{ {p: len(v) for p, v in per_round.items()} }")
    metrics = [m for m in ("first-compile", "compile", "load") if m in per_round[ref][0]]
    print(f"{n_rounds} rounds; reference {ref}; each cell: median over rounds of the program's"
          f" median over its iterations (ms), and its ratio to {ref}: mean over rounds [95% CI]")
    print(f"{'metric':14} {'program':12} {'ms':>9} {'ratio':>7}  95% CI")
    for metric in metrics:
        for p in programs:
            values = [per_round[p][r].get(metric, math.nan) for r in range(n_rounds)]
            line = f"{metric:14} {p:12} {statistics.median(values):9.3f}"
            if p != ref:
                ratios = [v / per_round[ref][r][metric] for r, v in enumerate(values)]
                mean, lo, hi = t_interval(ratios)
                line += f" {mean:7.3f}  [{lo:.3f}, {hi:.3f}] {verdict(lo, hi)}"
            print(line)


def launch(path):
    """The launch section: ns per launch of each program against nvcc's <<<>>> (one run each, each
    figure a median of 7 rounds), and the first launch (main to done, process start to end) as
    the median of the runs of each; the goals of issue 32: within 1.05x and 1.2x of C++."""
    per, first = {}, {}
    for line in open(path):
        f = line.split()
        if len(f) != 3 or line.startswith("#"):
            continue
        kind, who, value = f
        if kind == "launch":
            per[who] = float(value)
        elif kind in ("first-launch", "first-process"):
            first.setdefault((kind, who), []).append(float(value))
    ref = per.get("nvcc") or fail(f"{path}: no `launch nvcc` line")
    print(f"{'launch of an empty kernel':32} {'ns/launch':>10} {'vs nvcc':>8}")
    for who, ns in per.items():
        goal = "" if who == "nvcc" else ("  within 1.05x" if ns <= 1.05 * ref else "  NOT within 1.05x")
        print(f"{who:32} {ns:10.1f} {ns / ref:8.3f}{goal}")
    for kind, what in (("first-launch", "main to the first launch done"), ("first-process", "process start to end")):
        c, rust = first.get((kind, "nvcc")), first.get((kind, "rust"))
        if not c or not rust:
            fail(f"{path}: no {kind} lines of both programs")
        mc, mr = statistics.median(c), statistics.median(rust)
        goal = "within 1.2x" if mr <= 1.2 * mc else "NOT within 1.2x"
        print(f"{what:32} nvcc {mc:8.2f} ms, rust {mr:8.2f} ms ({len(rust)} runs each, medians): {mr / mc:.3f}  {goal}")


def main(argv):
    if len(argv) >= 3 and argv[0] == "order":
        order(int(argv[1]), int(argv[2]))
    elif len(argv) == 2 and argv[0] == "calls":
        calls(argv[1])
    elif len(argv) == 3 and argv[0] == "bandwidth":
        bandwidth(argv[1], argv[2])
    elif len(argv) >= 4 and argv[0] == "allreduce":
        allreduce(argv[1], argv[2], argv[3:])
    elif len(argv) >= 4 and argv[0] in ("rounds", "protocol"):
        pooled = rounds(argv[1], argv[2], argv[3:])
        if argv[0] == "protocol":
            conclude_protocol(pooled)
    elif len(argv) >= 3 and argv[0] in ("gemm", "math", "cudnn"):
        rest, of = argv[3:], None
        if "--of" in rest:
            i = rest.index("--of")
            of = rest[i + 1] if i + 1 < len(rest) else fail("--of needs a program")
            rest = rest[:i] + rest[i + 2:]
        if argv[0] == "gemm":
            gemm(argv[1], argv[2], rest + ([of] if of else []), of)
        elif argv[0] == "cudnn":
            gemm(argv[1], argv[2], rest + ([of] if of else []), of,
                 "TFLOP/s of a 3 x 3 convolution (NAME N C H: K = C, W = H; 2 N K H W C 9 flops)")
        else:
            gemm(argv[1], argv[2], rest + ([of] if of else []), of,
                 "rates: fft2_c2c N N BATCH in Gpoints/s, xorwow/philox COUNT in GB/s")
    elif len(argv) == 2 and argv[0] == "launch":
        launch(argv[1])
    elif len(argv) >= 4 and argv[0] == "compile":
        compile_times(argv[1], argv[2], argv[3:])
    else:
        fail(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
