"""Compiles kernels/NAME.cu to kernels/NAME.ptx with NVRTC, once, by hand; the .ptx is
committed beside its .cu and the build only reads it.

    python3 -m venv /tmp/nvrtc && /tmp/nvrtc/bin/pip install nvidia-cuda-nvrtc-cu11==11.8.89
    /tmp/nvrtc/bin/python lessons/kernels/nvrtc.py init_array matrix_mul dgemv

NVRTC 11.8 for compute_52 gives PTX ISA 7.8, which drivers of CUDA 11.8 and newer load (and
JIT-compile for their GPU, the H200 included).
"""
import ctypes
import glob
import os
import sys

import nvidia.cuda_nvrtc

here = os.path.dirname(os.path.abspath(__file__))
lib = glob.glob(os.path.join(nvidia.cuda_nvrtc.__path__[0], "lib", "libnvrtc.so*"))[0]
nvrtc = ctypes.CDLL(lib)


def check(result, what):
    if result != 0:
        nvrtc.nvrtcGetErrorString.restype = ctypes.c_char_p
        sys.exit(f"{what}: {nvrtc.nvrtcGetErrorString(result).decode()}")


for name in sys.argv[1:]:
    source = open(os.path.join(here, name + ".cu"), "rb").read()
    program = ctypes.c_void_p()
    check(nvrtc.nvrtcCreateProgram(ctypes.byref(program), source, (name + ".cu").encode(), 0, None, None), name)
    options = [b"--gpu-architecture=compute_52", b"--std=c++14"]
    result = nvrtc.nvrtcCompileProgram(program, len(options), (ctypes.c_char_p * len(options))(*options))
    size = ctypes.c_size_t()
    nvrtc.nvrtcGetProgramLogSize(program, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    nvrtc.nvrtcGetProgramLog(program, log)
    if log.value.strip():
        print(log.value.decode(), file=sys.stderr)
    check(result, name)
    check(nvrtc.nvrtcGetPTXSize(program, ctypes.byref(size)), name)
    ptx = ctypes.create_string_buffer(size.value)
    check(nvrtc.nvrtcGetPTX(program, ptx), name)
    header = f"// Made from {name}.cu by nvrtc.py (NVRTC 11.8, compute_52); do not edit, re-run it.\n"
    with open(os.path.join(here, name + ".ptx"), "w") as out:
        out.write(header + ptx.value.decode())
    print(f"wrote {name}.ptx")
