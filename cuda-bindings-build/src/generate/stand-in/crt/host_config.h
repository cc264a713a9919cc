/*
 * cuda-bindings-build's stand-in for the toolkit's crt/host_config.h, written for this project
 * (not NVIDIA's file). cuda_runtime.h includes it (a library's header may include cuda_runtime.h), and
 * NVIDIA's runtime wheels do not ship it (see host_defines.h beside this). The real file
 * configures nvcc's host compilers: everything in it is for __CUDACC__, so for host C it
 * declares nothing, and neither does this one. A real crt/ always wins (this folder is last).
 */
#if !defined(__HOST_CONFIG_H__)
#define __HOST_CONFIG_H__
#endif
