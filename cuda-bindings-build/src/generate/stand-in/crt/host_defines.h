/*
 * cuda-bindings-build's stand-in for the toolkit's crt/host_defines.h, written for this project
 * (not NVIDIA's file). cuda_runtime_api.h and the headers it includes need that file's
 * qualifiers and calling conventions, and NVIDIA's CUDA 13 runtime wheel does not ship it (the
 * nvidia-cuda-crt wheel does; CUDA 11 and 12 keep it in nvcc's wheel). The generator puts this
 * folder last on the include path, so a real crt/ always wins; for host C (no __CUDACC__) the
 * declarations below give the same bindings, which CI checks against every supported release.
 */
#if !defined(__HOST_DEFINES_H__)
#define __HOST_DEFINES_H__

#if defined(_MSC_VER)
#define __align__(n) __declspec(align(n))
#define CUDARTAPI __stdcall
#define CUDARTAPI_CDECL __cdecl
#define __no_return__ __declspec(noreturn)
#define __forceinline__ __forceinline
#define __thread__ __declspec(thread)
#define __import__ __declspec(dllimport)
#define __export__ __declspec(dllexport)
#else
#define __align__(n) __attribute__((aligned(n)))
#define CUDARTAPI
#define CUDARTAPI_CDECL
#define __no_return__ __attribute__((noreturn))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __thread__ __thread
#define __import__
#define __export__
#define __cdecl
#endif

/* Vector types are aligned as the device needs wherever the host compiler can say so. */
#if defined(__GNUC__) || defined(_WIN64)
#define __builtin_align__(a) __align__(a)
#else
#define __builtin_align__(a)
#endif

/* Outside nvcc, where code runs and what the device compiler knows mean nothing. */
#define __annotate__(a)
#define __location__(a)
#define __specialization_static
#define __inline_hint__
#define __maxnreg__(a)
#define __local_maxnreg__(a)
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __grid_constant__
#define __nv_pure__
#define __tile__
#define __tile_global__
#define __tile_builtin__
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __cluster_dims__(...)
#define __block_size__(...)

#endif
