"""Runs the two cuDNN lessons and PyTorch's twin of them (conv_torch.py) and compares their
summary lines: the shapes equal, every number within a float's tolerance (each is a sum of
products of exact inputs, added in another order by each). Prints each line and PASS or FAIL;
exits 1 on FAIL.
Run: python3 lessons/cudnn/compare.py [EXAMPLES]   (EXAMPLES: the folder of the built lessons,
target/release/examples by default; build them with cargo build --release -p lessons --examples)"""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
examples = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "target", "release", "examples")


def lesson(name):
    """The lesson's binary: as Cargo leaves it, or as the GPU bundle names it."""
    for file in (name, f"lessons--{name}--{name}"):
        if os.path.isfile(os.path.join(examples, file)):
            return [os.path.join(examples, file)]
    sys.exit(f"no {name} in {examples}: build the lessons (cargo build --release -p lessons --examples)")


runs = {
    "cudnn_conv_forward": lesson("cudnn_conv_forward"),
    "cudnn_graph_conv": lesson("cudnn_graph_conv"),
    "torch": [sys.executable, os.path.join(here, "conv_torch.py")],
}


def summary(name, command):
    done = subprocess.run(command, capture_output=True, text=True)
    sys.stdout.write(f"--- {name}\n{done.stdout}{done.stderr}")
    if done.returncode != 0:
        sys.exit(f"{name} failed ({done.returncode})")
    line = next((l for l in done.stdout.splitlines() if l.startswith("summary: ")), None)
    if line is None:
        sys.exit(f"{name} printed no summary line")
    return dict(field.split("=", 1) for field in line[len("summary: "):].split())


summaries = {name: summary(name, command) for name, command in runs.items()}
reference = summaries["torch"]
ok = True
for name, values in summaries.items():
    if values["shape"] != reference["shape"]:
        print(f"{name}: shape {values['shape']}, torch's {reference['shape']}")
        ok = False
    for key in ("sum", "abs_sum", "y0", "y1", "ylast"):
        a, b = float(values[key]), float(reference[key])
        # Each output is exact in FP32 by direct or GEMM algorithms (products of 7-bit numbers,
        # 72 of them summed, stay within 24 bits); FFT and Winograd round. So the elements within
        # 1e-4, and the sums within 1e-5 of the sum of magnitudes (65536 outputs).
        tolerance = 1e-5 * float(reference["abs_sum"]) if "sum" in key else 1e-4
        if abs(a - b) > tolerance:
            print(f"{name}: {key} {a}, torch's {b} (tolerance {tolerance:.1e})")
            ok = False
print("PASS: the lessons' convolutions are torch's" if ok else "FAIL")
sys.exit(0 if ok else 1)
