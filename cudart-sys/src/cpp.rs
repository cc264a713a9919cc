//! `cuda_runtime.h`'s C++ layer, for ports of C++ code (hand-written; what it wraps is
//! generated): `use cudart_sys::cpp::*;` gives everything of the crate root plus what a `.cu`
//! or `.cpp` file gets from `#include <cuda_runtime.h>`, as [`ptds`] does for the
//! per-thread default stream, and C's `printf` ([`printf!`](macro@crate::cpp::printf)).
//!
//! - **`void*` takes any pointer**, as C++ converts one: every function here with a `void*`
//!   parameter takes a `*mut T`, a `&mut x` of plain data (`Copy`) or a `&mut [T]`
//!   ([`VoidMut`]); a `const void*` takes those and `*const T`, `&x`, `&[T]` ([`VoidConst`]).
//!   `cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice)`, `cudaFree(d_a)`. A `*const T` where
//!   C++ wants `void*` is refused, as C++ refuses it. C++'s null pointer is [`nullptr`]
//!   (`cudaFree(nullptr)`); a bare `null_mut()` has no pointee type to infer here, nor does a
//!   `.cast()` with no type: both were the C API's spelling, and the crate root keeps it.
//! - **Integers where C++ converts them**: the sizes and counts (`size_t`) take any integer
//!   type, `int` variables too ([`Size`]); `dim3` and `launch!`'s grid and block take any
//!   integer ([`Dim`]). A negative size never wraps silently: a copy or set
//!   answers `cudaErrorInvalidValue` without being made (a wrapped size could reach memory
//!   C++'s call would also ruin), and an allocation or a launch gets C++'s very value
//!   (`(size_t)-1`), which the runtime refuses with the error C++ gets.
//! - **Results C++ may drop**: every function here returns a [`Status`], the `cudaError_t` as
//!   a value that may be ignored (`cudaFree(p);`, `cudaDeviceSynchronize();`), as C++ programs
//!   ignore it, and that compares with the codes and goes into `check_cuda!`, `checkRuntime!`
//!   and `checkCudaErrors!` as the code does. That is every function with a `void*` or a size,
//!   and every one whose result is only its status (no pointer: nothing to read back). The C
//!   functions this module re-exports unchanged, the queries that fill an out-pointer
//!   (`cudaGetDeviceCount(&count)`, `cudaStreamCreate(&s)`), keep their `#[must_use]`
//!   `cudaError_t`, as the crate root has them: what they write means nothing when they fail.
//! - **Templates** are generic functions of the same name: `T**` out-pointers
//!   (`cudaMalloc(&mut d_a, bytes)` on a `*mut f32`, no `(void**)` cast) and kernel handles
//!   (`cudaFuncGetAttributes(&mut attr, kernel)` on any pointer-like handle, see [`Entry`]).
//!   A C call with `void**` is the same call with `T = c_void`.
//! - **Other arities and default arguments** (`cudaEventCreate(&e, flags)`,
//!   `cudaMallocManaged(&p, n)`, `cudaMallocAsync(&p, n, pool, stream)`) are macros of the
//!   same name, taking every arity the header's overloads take: `cudaMallocManaged!(&mut p, n)`.
//!   The function of that name is the full-arity one. The default arguments
//!   `cuda_runtime_api.h` gives C functions in C++ (`cudaEventRecord(event)`, stream 0) are
//!   macros alike, generated from the header (`cudaEventRecord!(event)`); those of the
//!   functions above take what those functions take (`cudaMemcpyAsync!(d, h, n, kind)`), with
//!   the header's values, which a test reads from it. An arity C++ has no overload of is a
//!   compile error that names the ones it has.
//! - **`cudaOccupancyMaxPotentialBlockSize`** and its three siblings are computed here as the
//!   header's templates compute them, from the same runtime calls (in a wider integer type, so
//!   no device or kernel attribute can overflow the search).
//! - `kernel<<<grid, block, shmem, stream>>>(a, b, n)` is `cuda_sys::launch!` (re-exported as
//!   [`launch!`](macro@crate::cpp::launch)); it launches a `cudaKernel_t` through `cudaLaunchKernel`,
//!   and is a statement or a value, as `<<<>>>` is. Kernels written in a `.cu` file are the
//!   cu-kernels crate's `kernels!`. The variadic `cudaLaunchKernelEx(&config, kernel, args...)`
//!   is `cudaLaunchKernelEx!`, for a typed [`Kernel`] alike.
//! - Not here: the templates on `__device__` symbols (`cudaMemcpyToSymbol<T>`,
//!   `cudaGetSymbolAddress<T>`, ...), as Rust has no such symbols (a PTX module's globals are
//!   `cudaLibraryGetGlobal`'s), and the batch templates of CUDA 12.8 and later
//!   (`cudaMemcpyBatchAsync<T, U>`, `cudaMemPrefetchBatchAsync<T>`): call the C functions.
//!
//! C++'s reference: NVIDIA's
//! [C++ API Routines](https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__HIGHLEVEL.html).
//! The names here call the default-stream symbols, as C++ without
//! `CUDA_API_PER_THREAD_DEFAULT_STREAM` does.

#![allow(non_snake_case)]
// The one-line macros of the default arguments keep their line through `cfg_attr(rustfmt, ..)`:
// the `#[rustfmt::skip]` clippy prefers would make them macro-expanded, which a re-export by path
// refuses (rust-lang/rust#52234; see the comment above them).
#![allow(clippy::deprecated_cfg_attr)]

use core::ffi::{c_char, c_int, c_uint, c_ulonglong, c_void};

pub use crate::*;
pub use cuda_sys::launch;
pub use cuda_sys::launch::{Dim, Kernel, Size};

mod occupancy;
mod printf;

pub use crate::__cpp_printf as printf;
pub use occupancy::{
    cudaOccupancyMaxPotentialBlockSize, cudaOccupancyMaxPotentialBlockSizeVariableSMem,
    cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags, cudaOccupancyMaxPotentialBlockSizeWithFlags,
};
#[doc(hidden)]
pub use printf::__printf;
pub use printf::{Arg as PrintfValue, PrintfArg};
/// A kernel as the templates take it (`T *func`): any pointer, such as a `cudaKernel_t` or a
/// `cudaFunction_t`, passed on as the `const void*` the C function takes.
pub trait Entry: Copy {
    fn entry(self) -> *const c_void;
}
impl<T> Entry for *const T {
    fn entry(self) -> *const c_void {
        self.cast()
    }
}
impl<T> Entry for *mut T {
    fn entry(self) -> *const c_void {
        self.cast_const().cast()
    }
}

/// The Runtime API, for `cuda_sys::launch`: `cudaLaunchKernel` launches a `cudaKernel_t`.
#[derive(Debug, Clone, Copy)]
pub enum Runtime {}

/// (`cudaLaunchKernel` takes a `cudaKernel_t` where `cuda_runtime_api.h` has the library
/// functions that give one, from CUDA 12.8.)
#[cfg(cuda_ge = "12.8")]
impl launch::Launch<Runtime> for cudaKernel_t {
    type Result = cudaError_t;
    unsafe fn launch(
        self,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: usize,
        stream: cudaStream_t,
        params: *mut *mut c_void,
    ) -> cudaError_t {
        let [x, y, z] = grid;
        let grid = dim3 { x, y, z };
        let [x, y, z] = block;
        let block = dim3 { x, y, z };
        unsafe { crate::cudaLaunchKernel(self.entry(), grid, block, params, shared_mem, stream) }
    }
}

/// The `cudaError_t` of a function of this module: a code that may be dropped, as C++ drops it
/// (`cudaFree(p);`). `status == cudaSuccess`, `status.code()`, and cuda-checked's macros take
/// it as the code. See [`launch::Status`].
pub type Status = launch::Status<cudaError_t>;

impl From<Status> for cudaError_t {
    fn from(status: Status) -> Self {
        status.0
    }
}

impl PartialEq<Status> for cudaError_t {
    fn eq(&self, status: &Status) -> bool {
        *self == status.0
    }
}

/// C++'s `nullptr`: a null pointer of whatever type the parameter wants (`cudaFree(nullptr)`,
/// the stream of `launch!(k<<<g, b, 0, nullptr>>>(...))`).
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct nullptr_t;

/// C++'s `nullptr` (see [`nullptr_t`]).
#[allow(non_upper_case_globals)]
pub const nullptr: nullptr_t = nullptr_t;

impl<T> From<nullptr_t> for *mut T {
    fn from(_: nullptr_t) -> Self {
        core::ptr::null_mut()
    }
}

impl<T> From<nullptr_t> for *const T {
    fn from(_: nullptr_t) -> Self {
        core::ptr::null()
    }
}

/// What C++ converts to `void*`: a pointer to anything mutable. Plain data only by reference
/// (`Copy`: a `&mut Vec` would be the address of the vector, not of its elements, which C++
/// would not convert either).
pub trait VoidMut {
    fn void_mut(self) -> *mut c_void;
}

/// What C++ converts to `const void*`: a pointer to anything, mutable or not.
pub trait VoidConst {
    fn void_const(self) -> *const c_void;
}

/// Impls of [`VoidMut`] or [`VoidConst`], one line each: `[generics] type => |p| pointer`.
macro_rules! void_pointers {
    ($trait:ident::$method:ident -> $c_type:ty { $([$($g:tt)*] $t:ty => |$p:ident| $pointer:expr;)* }) => {$(
        impl<$($g)*> $trait for $t {
            #[inline]
            fn $method(self) -> $c_type {
                let $p = self;
                $pointer
            }
        }
    )*};
}
void_pointers!(VoidMut::void_mut -> *mut c_void {
    [T] *mut T => |p| p.cast();
    [T: Copy] &mut T => |p| (p as *mut T).cast();
    [T: Copy] &mut [T] => |p| p.as_mut_ptr().cast();
    [] nullptr_t => |_null| core::ptr::null_mut();
});
void_pointers!(VoidConst::void_const -> *const c_void {
    [T] *const T => |p| p.cast();
    [T] *mut T => |p| p.cast_const().cast();
    [T: Copy] &T => |p| (p as *const T).cast();
    [T: Copy] &mut T => |p| (p as *const T).cast();
    [T: Copy] &[T] => |p| p.as_ptr().cast();
    [T: Copy] &mut [T] => |p| p.as_ptr().cast();
    [] nullptr_t => |_null| core::ptr::null();
});

/// An integer as C++ converts it to an `int` parameter (`cudaMemset`'s value): any integer
/// type, converted as C++ converts it (modulo 2^32).
pub trait CInt: Copy {
    fn c_int(self) -> c_int;
}
macro_rules! c_ints {
    ($($t:ty),*) => {$(
        impl CInt for $t {
            #[inline]
            #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
            fn c_int(self) -> c_int {
                self as c_int
            }
        }
    )*};
}
c_ints!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// C++'s `sizeof(T)`, as C++ computes with it: `n * sizeof::<f32>()` with an `int n` is a size
/// any function here takes (C++ converts `n` to `size_t`; here a negative `n` stays negative,
/// so the call refuses it rather than wrapping it into a huge size). Alone, it is a `size_t`.
pub const fn sizeof<T>() -> SizeOf {
    SizeOf(core::mem::size_of::<T>())
}

/// `sizeof(T)`'s value (see [`sizeof`]): multiplied by an integer of any type, it gives the
/// size in that type's sign (`i64` for a signed one, `usize` for an unsigned one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SizeOf(pub usize);

impl Size for SizeOf {
    fn size(self) -> Option<usize> {
        Some(self.0)
    }
    fn cpp(self) -> usize {
        self.0
    }
}

impl<'a> PrintfArg<'a> for SizeOf {
    fn printf_arg(self) -> PrintfValue<'a> {
        PrintfArg::printf_arg(self.0)
    }
}

macro_rules! sizeof_times {
    ($product:ty: $($t:ty),*) => {$(
        impl core::ops::Mul<SizeOf> for $t {
            type Output = $product;
            #[allow(clippy::cast_possible_wrap, clippy::cast_lossless)]
            fn mul(self, size: SizeOf) -> $product {
                (self as $product).wrapping_mul(size.0 as $product)
            }
        }
        impl core::ops::Mul<$t> for SizeOf {
            type Output = $product;
            fn mul(self, n: $t) -> $product {
                n * self
            }
        }
    )*};
}
sizeof_times!(i64: i8, i16, i32, i64, isize);
sizeof_times!(usize: u8, u16, u32, u64, usize);

/// `cudaGetErrorName` of a code or of a [`Status`] (`cudaGetErrorName(cudaMalloc(&p, n))`).
///
/// # Safety
/// As [`cudaGetErrorName`](crate::cudaGetErrorName).
pub unsafe fn cudaGetErrorName(error: impl Into<cudaError_t>) -> *const c_char {
    unsafe { crate::cudaGetErrorName(error.into()) }
}

/// `cudaGetErrorString` of a code or of a [`Status`].
///
/// # Safety
/// As [`cudaGetErrorString`](crate::cudaGetErrorString).
pub unsafe fn cudaGetErrorString(error: impl Into<cudaError_t>) -> *const c_char {
    unsafe { crate::cudaGetErrorString(error.into()) }
}

// ---- The C functions with a `void*` or a size, as C++ calls them ----

/// The kinds of parameter in [`calls!`], one line each: the type the function here takes, and
/// the conversion to the C function's type. Written as the two macros `calls!` uses, one by
/// kind: `param_type!` and `param_value!` (a `let` that converts the parameter). Besides these,
/// a `count` is a [`Size`] whose negative value makes the function return
/// `cudaErrorInvalidValue`, and `[type]` is the C type itself.
macro_rules! kinds {
    ($d:tt $($kind:ident: $t:ty => $convert:expr;)*) => {
        macro_rules! param_type {
            (count) => { impl Size };
            $(($kind) => { $t };)*
            ([$d t:ty]) => { $d t };
        }
        macro_rules! param_value {
            (count $d p:ident) => {
                let Some($d p) = Size::size($d p) else { return launch::Status(cudaErrorInvalidValue) };
            };
            $(($kind $d p:ident) => { let $d p = $convert($d p); };)*
            ([$d t:ty] $d p:ident) => {};
        }
    };
}
kinds! {$
    void_mut: impl VoidMut => VoidMut::void_mut;
    void_const: impl VoidConst => VoidConst::void_const;
    entry: impl Entry => Entry::entry;
    alloc: impl Size => Size::cpp;
    shmem: impl Size => Size::cpp;
    int: impl CInt => CInt::c_int;
    dim3: impl Into<dim3> => Into::<dim3>::into;
    out: *mut *mut T => <*mut *mut T>::cast;
}

/// Each C function of the list, under its name, as C++ calls it: the parameters' kinds say
/// what each takes (`void_mut`: [`VoidMut`], `void_const`: [`VoidConst`], `entry`: [`Entry`],
/// `count`: a [`Size`] whose negative values C++'s call could not survive, `alloc` and `shmem`:
/// a [`Size`] the runtime refuses itself, `int`: [`CInt`], `dim3`: what `dim3` converts from,
/// `out`: `T**`, `[type]`: the C type). The list is the header's: a test checks that every
/// function of the bindings with a `void*` or a `size_t`, or with no pointer at all, is in it.
macro_rules! calls {
    ($($(#[$attr:meta])* fn $name:ident $(<$g:ident>)? ($($p:ident: $k:tt),* $(,)?);)*) => {
        $(
            $(#[$attr])*
            #[doc = concat!(
                "[`", stringify!($name), "`](crate::", stringify!($name), ") as C++ calls it: any ",
                "pointer for `void*`, any integer for a size (see the [module](self)'s docs), and a ",
                "[`Status`] that may be dropped."
            )]
            ///
            /// # Safety
            #[doc = concat!("As [`", stringify!($name), "`](crate::", stringify!($name), ").")]
            #[inline]
            #[allow(clippy::too_many_arguments)] // the C function's
            pub unsafe fn $name $(<$g>)? ($($p: param_type!($k)),*) -> Status {
                $(param_value!($k $p);)*
                launch::Status(unsafe { crate::$name($($p),*) })
            }
        )*

        /// The functions [`calls!`] wraps for this header (those whose `cfg` holds), for the
        /// tests that the list and the default arguments are the header's.
        #[cfg(test)]
        #[allow(clippy::vec_init_then_push)] // each push has its entry's cfg
        fn wrapped() -> Vec<&'static str> {
            let mut names = Vec::new();
            $($(#[$attr])* names.push(stringify!($name));)*
            names
        }
    };
}

calls! {
    #[cfg(not(cuda_ge = "12.0"))] fn cudaBindTexture(offset: [*mut usize], texref: [*const textureReference], devPtr: void_const, desc: [*const cudaChannelFormatDesc], size: count);
    #[cfg(not(cuda_ge = "12.0"))] fn cudaBindTexture2D(offset: [*mut usize], texref: [*const textureReference], devPtr: void_const, desc: [*const cudaChannelFormatDesc], width: count, height: count, pitch: count);
    fn cudaDeviceGetGraphMemAttribute(device: [c_int], attr: [cudaGraphMemAttributeType], value: void_mut);
    fn cudaDeviceGetNvSciSyncAttributes(nvSciSyncAttrList: void_mut, device: [c_int], flags: [c_int]);
    #[cfg(cuda_ge = "12.4")] fn cudaDeviceRegisterAsyncNotification(device: [c_int], callbackFunc: [cudaAsyncCallback], userData: void_mut, callback: [*mut cudaAsyncCallbackHandle_t]);
    fn cudaDeviceSetGraphMemAttribute(device: [c_int], attr: [cudaGraphMemAttributeType], value: void_mut);
    fn cudaDeviceSetLimit(limit: [cudaLimit], value: count);
    fn cudaExternalMemoryGetMappedBuffer<T>(devPtr: out, extMem: [cudaExternalMemory_t], bufferDesc: [*const cudaExternalMemoryBufferDesc]);
    fn cudaFree(devPtr: void_mut);
    fn cudaFreeAsync(devPtr: void_mut, hStream: [cudaStream_t]);
    fn cudaFreeHost(ptr: void_mut);
    fn cudaFuncGetAttributes(attr: [*mut cudaFuncAttributes], func: entry);
    #[cfg(cuda_ge = "12.3")] fn cudaFuncGetName(name: [*mut *const c_char], func: entry);
    #[cfg(cuda_ge = "13.2")] fn cudaFuncGetParamCount(func: entry, paramCount: [*mut usize]);
    #[cfg(cuda_ge = "12.4")] fn cudaFuncGetParamInfo(func: entry, paramIndex: count, paramOffset: [*mut usize], paramSize: [*mut usize]);
    fn cudaFuncSetAttribute(func: entry, attr: [cudaFuncAttribute], value: int);
    fn cudaFuncSetCacheConfig(func: entry, cacheConfig: [cudaFuncCache]);
    fn cudaFuncSetSharedMemConfig(func: entry, config: [cudaSharedMemConfig]);
    #[cfg(not(cuda_ge = "12.0"))] fn cudaGetDriverEntryPoint<T>(symbol: [*const c_char], funcPtr: out, flags: [c_ulonglong]);
    #[cfg(cuda_ge = "12.0")] fn cudaGetDriverEntryPoint<T>(symbol: [*const c_char], funcPtr: out, flags: [c_ulonglong], driverStatus: [*mut cudaDriverEntryPointQueryResult]);
    #[cfg(cuda_ge = "12.5")] fn cudaGetDriverEntryPointByVersion<T>(symbol: [*const c_char], funcPtr: out, cudaVersion: [c_uint], flags: [c_ulonglong], driverStatus: [*mut cudaDriverEntryPointQueryResult]);
    fn cudaGetExportTable(ppExportTable: [*mut *const c_void], pExportTableId: [*const cudaUUID_t]);
    fn cudaGetFuncBySymbol(functionPtr: [*mut cudaFunction_t], symbolPtr: entry);
    #[cfg(cuda_ge = "12.1")] fn cudaGetKernel(kernelPtr: [*mut cudaKernel_t], entryFuncAddr: entry);
    #[cfg(not(cuda_ge = "12.0"))] fn cudaGetSurfaceReference(surfref: [*mut *const surfaceReference], symbol: void_const);
    fn cudaGetSymbolAddress<T>(devPtr: out, symbol: void_const);
    fn cudaGetSymbolSize(size: [*mut usize], symbol: void_const);
    #[cfg(not(cuda_ge = "12.0"))] fn cudaGetTextureReference(texref: [*mut *const textureReference], symbol: void_const);
    fn cudaGraphAddChildGraphNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, childGraph: [cudaGraph_t]);
    #[cfg(not(cuda_ge = "13.0"))] fn cudaGraphAddDependencies(graph: [cudaGraph_t], from: [*const cudaGraphNode_t], to: [*const cudaGraphNode_t], numDependencies: count);
    #[cfg(cuda_ge = "13.0")] fn cudaGraphAddDependencies(graph: [cudaGraph_t], from: [*const cudaGraphNode_t], to: [*const cudaGraphNode_t], edgeData: [*const cudaGraphEdgeData], numDependencies: count);
    #[cfg(all(cuda_ge = "12.3", not(cuda_ge = "13.0")))] fn cudaGraphAddDependencies_v2(graph: [cudaGraph_t], from: [*const cudaGraphNode_t], to: [*const cudaGraphNode_t], edgeData: [*const cudaGraphEdgeData], numDependencies: count);
    fn cudaGraphAddEmptyNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count);
    fn cudaGraphAddEventRecordNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, event: [cudaEvent_t]);
    fn cudaGraphAddEventWaitNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, event: [cudaEvent_t]);
    fn cudaGraphAddExternalSemaphoresSignalNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, nodeParams: [*const cudaExternalSemaphoreSignalNodeParams]);
    fn cudaGraphAddExternalSemaphoresWaitNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, nodeParams: [*const cudaExternalSemaphoreWaitNodeParams]);
    fn cudaGraphAddHostNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, pNodeParams: [*const cudaHostNodeParams]);
    fn cudaGraphAddKernelNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, pNodeParams: [*const cudaKernelNodeParams]);
    fn cudaGraphAddMemAllocNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, nodeParams: [*mut cudaMemAllocNodeParams]);
    fn cudaGraphAddMemFreeNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, dptr: void_mut);
    fn cudaGraphAddMemcpyNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, pCopyParams: [*const cudaMemcpy3DParms]);
    fn cudaGraphAddMemcpyNode1D(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, dst: void_mut, src: void_const, count: count, kind: [cudaMemcpyKind]);
    fn cudaGraphAddMemcpyNodeFromSymbol(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, dst: void_mut, symbol: void_const, count: count, offset: count, kind: [cudaMemcpyKind]);
    fn cudaGraphAddMemcpyNodeToSymbol(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, symbol: void_const, src: void_const, count: count, offset: count, kind: [cudaMemcpyKind]);
    fn cudaGraphAddMemsetNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, pMemsetParams: [*const cudaMemsetParams]);
    #[cfg(all(cuda_ge = "12.2", not(cuda_ge = "13.0")))] fn cudaGraphAddNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], numDependencies: count, nodeParams: [*mut cudaGraphNodeParams]);
    #[cfg(cuda_ge = "13.0")] fn cudaGraphAddNode(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], dependencyData: [*const cudaGraphEdgeData], numDependencies: count, nodeParams: [*mut cudaGraphNodeParams]);
    #[cfg(all(cuda_ge = "12.3", not(cuda_ge = "13.0")))] fn cudaGraphAddNode_v2(pGraphNode: [*mut cudaGraphNode_t], graph: [cudaGraph_t], pDependencies: [*const cudaGraphNode_t], dependencyData: [*const cudaGraphEdgeData], numDependencies: count, nodeParams: [*mut cudaGraphNodeParams]);
    fn cudaGraphExecMemcpyNodeSetParams1D(hGraphExec: [cudaGraphExec_t], node: [cudaGraphNode_t], dst: void_mut, src: void_const, count: count, kind: [cudaMemcpyKind]);
    fn cudaGraphExecMemcpyNodeSetParamsFromSymbol(hGraphExec: [cudaGraphExec_t], node: [cudaGraphNode_t], dst: void_mut, symbol: void_const, count: count, offset: count, kind: [cudaMemcpyKind]);
    fn cudaGraphExecMemcpyNodeSetParamsToSymbol(hGraphExec: [cudaGraphExec_t], node: [cudaGraphNode_t], symbol: void_const, src: void_const, count: count, offset: count, kind: [cudaMemcpyKind]);
    #[cfg(not(cuda_ge = "12.0"))] fn cudaGraphInstantiate(pGraphExec: [*mut cudaGraphExec_t], graph: [cudaGraph_t], pErrorNode: [*mut cudaGraphNode_t], pLogBuffer: [*mut c_char], bufferSize: count);
    fn cudaGraphMemFreeNodeGetParams(node: [cudaGraphNode_t], dptr_out: void_mut);
    fn cudaGraphMemcpyNodeSetParams1D(node: [cudaGraphNode_t], dst: void_mut, src: void_const, count: count, kind: [cudaMemcpyKind]);
    fn cudaGraphMemcpyNodeSetParamsFromSymbol(node: [cudaGraphNode_t], dst: void_mut, symbol: void_const, count: count, offset: count, kind: [cudaMemcpyKind]);
    fn cudaGraphMemcpyNodeSetParamsToSymbol(node: [cudaGraphNode_t], symbol: void_const, src: void_const, count: count, offset: count, kind: [cudaMemcpyKind]);
    #[cfg(not(cuda_ge = "13.0"))] fn cudaGraphRemoveDependencies(graph: [cudaGraph_t], from: [*const cudaGraphNode_t], to: [*const cudaGraphNode_t], numDependencies: count);
    #[cfg(cuda_ge = "13.0")] fn cudaGraphRemoveDependencies(graph: [cudaGraph_t], from: [*const cudaGraphNode_t], to: [*const cudaGraphNode_t], edgeData: [*const cudaGraphEdgeData], numDependencies: count);
    #[cfg(all(cuda_ge = "12.3", not(cuda_ge = "13.0")))] fn cudaGraphRemoveDependencies_v2(graph: [cudaGraph_t], from: [*const cudaGraphNode_t], to: [*const cudaGraphNode_t], edgeData: [*const cudaGraphEdgeData], numDependencies: count);
    fn cudaGraphicsResourceGetMappedPointer<T>(devPtr: out, size: [*mut usize], resource: [cudaGraphicsResource_t]);
    fn cudaHostAlloc<T>(pHost: out, size: alloc, flags: [c_uint]);
    fn cudaHostGetDevicePointer<T>(pDevice: out, pHost: void_mut, flags: [c_uint]);
    fn cudaHostGetFlags(pFlags: [*mut c_uint], pHost: void_mut);
    fn cudaHostRegister(ptr: void_mut, size: count, flags: [c_uint]);
    fn cudaHostUnregister(ptr: void_mut);
    fn cudaIpcCloseMemHandle(devPtr: void_mut);
    fn cudaIpcGetMemHandle(handle: [*mut cudaIpcMemHandle_t], devPtr: void_mut);
    fn cudaIpcOpenMemHandle<T>(devPtr: out, handle: [cudaIpcMemHandle_t], flags: [c_uint]);
    fn cudaLaunchCooperativeKernel(func: entry, gridDim: dim3, blockDim: dim3, args: [*mut *mut c_void], sharedMem: shmem, stream: [cudaStream_t]);
    fn cudaLaunchHostFunc(stream: [cudaStream_t], r#fn: [cudaHostFn_t], userData: void_mut);
    #[cfg(cuda_ge = "13.2")] fn cudaLaunchHostFunc_v2(stream: [cudaStream_t], r#fn: [cudaHostFn_t], userData: void_mut, syncMode: [c_uint]);
    fn cudaLaunchKernel(func: entry, gridDim: dim3, blockDim: dim3, args: [*mut *mut c_void], sharedMem: shmem, stream: [cudaStream_t]);
    fn cudaLaunchKernelExC(config: [*const cudaLaunchConfig_t], func: entry, args: [*mut *mut c_void]);
    #[cfg(cuda_ge = "12.8")] fn cudaLibraryGetGlobal<T>(dptr: out, bytes: [*mut usize], library: [cudaLibrary_t], name: [*const c_char]);
    #[cfg(cuda_ge = "12.8")] fn cudaLibraryGetManaged<T>(dptr: out, bytes: [*mut usize], library: [cudaLibrary_t], name: [*const c_char]);
    #[cfg(cuda_ge = "12.8")] fn cudaLibraryGetUnifiedFunction<T>(fptr: out, library: [cudaLibrary_t], symbol: [*const c_char]);
    #[cfg(cuda_ge = "12.8")] fn cudaLibraryLoadData(library: [*mut cudaLibrary_t], code: void_const, jitOptions: [*mut cudaJitOption], jitOptionsValues: [*mut *mut c_void], numJitOptions: [c_uint], libraryOptions: [*mut cudaLibraryOption], libraryOptionValues: [*mut *mut c_void], numLibraryOptions: [c_uint]);
    #[cfg(cuda_ge = "12.8")] fn cudaLibraryLoadFromFile(library: [*mut cudaLibrary_t], fileName: [*const c_char], jitOptions: [*mut cudaJitOption], jitOptionsValues: [*mut *mut c_void], numJitOptions: [c_uint], libraryOptions: [*mut cudaLibraryOption], libraryOptionValues: [*mut *mut c_void], numLibraryOptions: [c_uint]);
    #[cfg(cuda_ge = "13.0")] fn cudaLogsRegisterCallback(callbackFunc: [cudaLogsCallback_t], userData: void_mut, callback_out: [*mut cudaLogsCallbackHandle]);
    fn cudaMalloc<T>(devPtr: out, size: alloc);
    fn cudaMallocArray(array: [*mut cudaArray_t], desc: [*const cudaChannelFormatDesc], width: alloc, height: alloc, flags: [c_uint]);
    fn cudaMallocAsync<T>(devPtr: out, size: alloc, hStream: [cudaStream_t]);
    fn cudaMallocFromPoolAsync<T>(ptr: out, size: alloc, memPool: [cudaMemPool_t], stream: [cudaStream_t]);
    fn cudaMallocHost<T>(ptr: out, size: alloc);
    fn cudaMallocManaged<T>(devPtr: out, size: alloc, flags: [c_uint]);
    fn cudaMallocPitch<T>(devPtr: out, pitch: [*mut usize], width: alloc, height: alloc);
    #[cfg(not(cuda_ge = "13.0"))] fn cudaMemAdvise(devPtr: void_const, count: count, advice: [cudaMemoryAdvise], device: [c_int]);
    #[cfg(cuda_ge = "13.0")] fn cudaMemAdvise(devPtr: void_const, count: count, advice: [cudaMemoryAdvise], location: [cudaMemLocation]);
    #[cfg(all(cuda_ge = "12.2", not(cuda_ge = "13.0")))] fn cudaMemAdvise_v2(devPtr: void_const, count: count, advice: [cudaMemoryAdvise], location: [cudaMemLocation]);
    #[cfg(cuda_ge = "13.0")] fn cudaMemDiscardAndPrefetchBatchAsync(dptrs: [*mut *mut c_void], sizes: [*mut usize], count: count, prefetchLocs: [*mut cudaMemLocation], prefetchLocIdxs: [*mut usize], numPrefetchLocs: count, flags: [c_ulonglong], stream: [cudaStream_t]);
    #[cfg(cuda_ge = "13.0")] fn cudaMemDiscardBatchAsync(dptrs: [*mut *mut c_void], sizes: [*mut usize], count: count, flags: [c_ulonglong], stream: [cudaStream_t]);
    #[cfg(cuda_ge = "13.4")] fn cudaMemGetLocationInfo(devPtr: void_mut, size: count, summaryGranularity: count, samplingGranularity: count, location_out: [*mut cudaMemLocation]);
    fn cudaMemPoolExportPointer(exportData: [*mut cudaMemPoolPtrExportData], ptr: void_mut);
    fn cudaMemPoolExportToShareableHandle(shareableHandle: void_mut, memPool: [cudaMemPool_t], handleType: [cudaMemAllocationHandleType], flags: [c_uint]);
    fn cudaMemPoolGetAttribute(memPool: [cudaMemPool_t], attr: [cudaMemPoolAttr], value: void_mut);
    fn cudaMemPoolImportFromShareableHandle(memPool: [*mut cudaMemPool_t], shareableHandle: void_mut, handleType: [cudaMemAllocationHandleType], flags: [c_uint]);
    fn cudaMemPoolImportPointer<T>(ptr: out, memPool: [cudaMemPool_t], exportData: [*mut cudaMemPoolPtrExportData]);
    fn cudaMemPoolSetAccess(memPool: [cudaMemPool_t], descList: [*const cudaMemAccessDesc], count: count);
    fn cudaMemPoolSetAttribute(memPool: [cudaMemPool_t], attr: [cudaMemPoolAttr], value: void_mut);
    fn cudaMemPoolTrimTo(memPool: [cudaMemPool_t], minBytesToKeep: count);
    #[cfg(not(cuda_ge = "13.0"))] fn cudaMemPrefetchAsync(devPtr: void_const, count: count, dstDevice: [c_int], stream: [cudaStream_t]);
    #[cfg(cuda_ge = "13.0")] fn cudaMemPrefetchAsync(devPtr: void_const, count: count, location: [cudaMemLocation], flags: [c_uint], stream: [cudaStream_t]);
    #[cfg(all(cuda_ge = "12.2", not(cuda_ge = "13.0")))] fn cudaMemPrefetchAsync_v2(devPtr: void_const, count: count, location: [cudaMemLocation], flags: [c_uint], stream: [cudaStream_t]);
    #[cfg(cuda_ge = "13.0")] fn cudaMemPrefetchBatchAsync(dptrs: [*mut *mut c_void], sizes: [*mut usize], count: count, prefetchLocs: [*mut cudaMemLocation], prefetchLocIdxs: [*mut usize], numPrefetchLocs: count, flags: [c_ulonglong], stream: [cudaStream_t]);
    fn cudaMemRangeGetAttribute(data: void_mut, dataSize: count, attribute: [cudaMemRangeAttribute], devPtr: void_const, count: count);
    fn cudaMemRangeGetAttributes(data: [*mut *mut c_void], dataSizes: [*mut usize], attributes: [*mut cudaMemRangeAttribute], numAttributes: count, devPtr: void_const, count: count);
    fn cudaMemcpy(dst: void_mut, src: void_const, count: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpy2D(dst: void_mut, dpitch: count, src: void_const, spitch: count, width: count, height: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpy2DArrayToArray(dst: [cudaArray_t], wOffsetDst: count, hOffsetDst: count, src: [cudaArray_const_t], wOffsetSrc: count, hOffsetSrc: count, width: count, height: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpy2DAsync(dst: void_mut, dpitch: count, src: void_const, spitch: count, width: count, height: count, kind: [cudaMemcpyKind], stream: [cudaStream_t]);
    fn cudaMemcpy2DFromArray(dst: void_mut, dpitch: count, src: [cudaArray_const_t], wOffset: count, hOffset: count, width: count, height: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpy2DFromArrayAsync(dst: void_mut, dpitch: count, src: [cudaArray_const_t], wOffset: count, hOffset: count, width: count, height: count, kind: [cudaMemcpyKind], stream: [cudaStream_t]);
    fn cudaMemcpy2DToArray(dst: [cudaArray_t], wOffset: count, hOffset: count, src: void_const, spitch: count, width: count, height: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpy2DToArrayAsync(dst: [cudaArray_t], wOffset: count, hOffset: count, src: void_const, spitch: count, width: count, height: count, kind: [cudaMemcpyKind], stream: [cudaStream_t]);
    #[cfg(all(cuda_ge = "12.8", not(cuda_ge = "13.0")))] fn cudaMemcpy3DBatchAsync(numOps: count, opList: [*mut cudaMemcpy3DBatchOp], failIdx: [*mut usize], flags: [c_ulonglong], stream: [cudaStream_t]);
    #[cfg(cuda_ge = "13.0")] fn cudaMemcpy3DBatchAsync(numOps: count, opList: [*mut cudaMemcpy3DBatchOp], flags: [c_ulonglong], stream: [cudaStream_t]);
    fn cudaMemcpyArrayToArray(dst: [cudaArray_t], wOffsetDst: count, hOffsetDst: count, src: [cudaArray_const_t], wOffsetSrc: count, hOffsetSrc: count, count: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpyAsync(dst: void_mut, src: void_const, count: count, kind: [cudaMemcpyKind], stream: [cudaStream_t]);
    #[cfg(all(cuda_ge = "12.8", not(cuda_ge = "13.0")))] fn cudaMemcpyBatchAsync(dsts: [*mut *mut c_void], srcs: [*mut *mut c_void], sizes: [*mut usize], count: count, attrs: [*mut cudaMemcpyAttributes], attrsIdxs: [*mut usize], numAttrs: count, failIdx: [*mut usize], stream: [cudaStream_t]);
    #[cfg(cuda_ge = "13.0")] fn cudaMemcpyBatchAsync(dsts: [*const *mut c_void], srcs: [*const *const c_void], sizes: [*const usize], count: count, attrs: [*mut cudaMemcpyAttributes], attrsIdxs: [*mut usize], numAttrs: count, stream: [cudaStream_t]);
    fn cudaMemcpyFromArray(dst: void_mut, src: [cudaArray_const_t], wOffset: count, hOffset: count, count: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpyFromArrayAsync(dst: void_mut, src: [cudaArray_const_t], wOffset: count, hOffset: count, count: count, kind: [cudaMemcpyKind], stream: [cudaStream_t]);
    fn cudaMemcpyFromSymbol(dst: void_mut, symbol: void_const, count: count, offset: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpyFromSymbolAsync(dst: void_mut, symbol: void_const, count: count, offset: count, kind: [cudaMemcpyKind], stream: [cudaStream_t]);
    fn cudaMemcpyPeer(dst: void_mut, dstDevice: [c_int], src: void_const, srcDevice: [c_int], count: count);
    fn cudaMemcpyPeerAsync(dst: void_mut, dstDevice: [c_int], src: void_const, srcDevice: [c_int], count: count, stream: [cudaStream_t]);
    fn cudaMemcpyToArray(dst: [cudaArray_t], wOffset: count, hOffset: count, src: void_const, count: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpyToArrayAsync(dst: [cudaArray_t], wOffset: count, hOffset: count, src: void_const, count: count, kind: [cudaMemcpyKind], stream: [cudaStream_t]);
    fn cudaMemcpyToSymbol(symbol: void_const, src: void_const, count: count, offset: count, kind: [cudaMemcpyKind]);
    fn cudaMemcpyToSymbolAsync(symbol: void_const, src: void_const, count: count, offset: count, kind: [cudaMemcpyKind], stream: [cudaStream_t]);
    #[cfg(cuda_ge = "13.2")] fn cudaMemcpyWithAttributesAsync(dst: void_mut, src: void_const, size: count, attr: [*mut cudaMemcpyAttributes], stream: [cudaStream_t]);
    fn cudaMemset(devPtr: void_mut, value: int, count: count);
    fn cudaMemset2D(devPtr: void_mut, pitch: count, value: int, width: count, height: count);
    fn cudaMemset2DAsync(devPtr: void_mut, pitch: count, value: int, width: count, height: count, stream: [cudaStream_t]);
    fn cudaMemsetAsync(devPtr: void_mut, value: int, count: count, stream: [cudaStream_t]);
    fn cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize: [*mut usize], func: entry, numBlocks: [c_int], blockSize: [c_int]);
    fn cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks: [*mut c_int], func: entry, blockSize: [c_int], dynamicSMemSize: count);
    fn cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks: [*mut c_int], func: entry, blockSize: [c_int], dynamicSMemSize: count, flags: [c_uint]);
    fn cudaOccupancyMaxActiveClusters(numClusters: [*mut c_int], func: entry, launchConfig: [*const cudaLaunchConfig_t]);
    fn cudaOccupancyMaxPotentialClusterSize(clusterSize: [*mut c_int], func: entry, launchConfig: [*const cudaLaunchConfig_t]);
    fn cudaPointerGetAttributes(attributes: [*mut cudaPointerAttributes], ptr: void_const);
    fn cudaStreamAddCallback(stream: [cudaStream_t], callback: [cudaStreamCallback_t], userData: void_mut, flags: [c_uint]);
    fn cudaStreamAttachMemAsync(stream: [cudaStream_t], devPtr: void_mut, length: count, flags: [c_uint]);
    #[cfg(cuda_ge = "12.3")] fn cudaStreamBeginCaptureToGraph(stream: [cudaStream_t], graph: [cudaGraph_t], dependencies: [*const cudaGraphNode_t], dependencyData: [*const cudaGraphEdgeData], numDependencies: count, mode: [cudaStreamCaptureMode]);
    #[cfg(not(cuda_ge = "13.0"))] fn cudaStreamUpdateCaptureDependencies(stream: [cudaStream_t], dependencies: [*mut cudaGraphNode_t], numDependencies: count, flags: [c_uint]);
    #[cfg(cuda_ge = "13.0")] fn cudaStreamUpdateCaptureDependencies(stream: [cudaStream_t], dependencies: [*mut cudaGraphNode_t], dependencyData: [*const cudaGraphEdgeData], numDependencies: count, flags: [c_uint]);
    #[cfg(all(cuda_ge = "12.3", not(cuda_ge = "13.0")))] fn cudaStreamUpdateCaptureDependencies_v2(stream: [cudaStream_t], dependencies: [*mut cudaGraphNode_t], dependencyData: [*const cudaGraphEdgeData], numDependencies: count, flags: [c_uint]);
    #[cfg(not(cuda_ge = "13.0"))] fn cudaThreadSetLimit(limit: [cudaLimit], value: count);
    fn cudaUserObjectCreate(object_out: [*mut cudaUserObject_t], ptr: void_mut, destroy: [cudaHostFn_t], initialRefcount: [c_uint], flags: [c_uint]);
    // Calls whose result is only their status (no pointer to read back), which C++ programs
    // make for their effect and often drop: `cudaDeviceSynchronize();`.
    fn cudaCtxResetPersistingL2Cache();
    fn cudaDestroyExternalMemory(extMem: [cudaExternalMemory_t]);
    fn cudaDestroyExternalSemaphore(extSem: [cudaExternalSemaphore_t]);
    fn cudaDestroySurfaceObject(surfObject: [cudaSurfaceObject_t]);
    fn cudaDestroyTextureObject(texObject: [cudaTextureObject_t]);
    fn cudaDeviceDisablePeerAccess(peerDevice: [c_int]);
    fn cudaDeviceEnablePeerAccess(peerDevice: [c_int], flags: [c_uint]);
    fn cudaDeviceFlushGPUDirectRDMAWrites(target: [cudaFlushGPUDirectRDMAWritesTarget], scope: [cudaFlushGPUDirectRDMAWritesScope]);
    fn cudaDeviceGraphMemTrim(device: [c_int]);
    fn cudaDeviceReset();
    fn cudaDeviceSetCacheConfig(cacheConfig: [cudaFuncCache]);
    fn cudaDeviceSetMemPool(device: [c_int], memPool: [cudaMemPool_t]);
    fn cudaDeviceSetSharedMemConfig(config: [cudaSharedMemConfig]);
    fn cudaDeviceSynchronize();
    #[cfg(cuda_ge = "12.4")] fn cudaDeviceUnregisterAsyncNotification(device: [c_int], callback: [cudaAsyncCallbackHandle_t]);
    fn cudaEventDestroy(event: [cudaEvent_t]);
    fn cudaEventQuery(event: [cudaEvent_t]);
    fn cudaEventRecord(event: [cudaEvent_t], stream: [cudaStream_t]);
    fn cudaEventRecordWithFlags(event: [cudaEvent_t], stream: [cudaStream_t], flags: [c_uint]);
    fn cudaEventSynchronize(event: [cudaEvent_t]);
    #[cfg(cuda_ge = "13.1")] fn cudaExecutionCtxDestroy(ctx: [cudaExecutionContext_t]);
    #[cfg(cuda_ge = "13.1")] fn cudaExecutionCtxRecordEvent(ctx: [cudaExecutionContext_t], event: [cudaEvent_t]);
    #[cfg(cuda_ge = "13.1")] fn cudaExecutionCtxSynchronize(ctx: [cudaExecutionContext_t]);
    #[cfg(cuda_ge = "13.1")] fn cudaExecutionCtxWaitEvent(ctx: [cudaExecutionContext_t], event: [cudaEvent_t]);
    fn cudaFreeArray(array: [cudaArray_t]);
    fn cudaFreeMipmappedArray(mipmappedArray: [cudaMipmappedArray_t]);
    fn cudaGetLastError();
    fn cudaGraphDestroy(graph: [cudaGraph_t]);
    fn cudaGraphDestroyNode(node: [cudaGraphNode_t]);
    fn cudaGraphEventRecordNodeSetEvent(node: [cudaGraphNode_t], event: [cudaEvent_t]);
    fn cudaGraphEventWaitNodeSetEvent(node: [cudaGraphNode_t], event: [cudaEvent_t]);
    fn cudaGraphExecChildGraphNodeSetParams(hGraphExec: [cudaGraphExec_t], node: [cudaGraphNode_t], childGraph: [cudaGraph_t]);
    fn cudaGraphExecDestroy(graphExec: [cudaGraphExec_t]);
    fn cudaGraphExecEventRecordNodeSetEvent(hGraphExec: [cudaGraphExec_t], hNode: [cudaGraphNode_t], event: [cudaEvent_t]);
    fn cudaGraphExecEventWaitNodeSetEvent(hGraphExec: [cudaGraphExec_t], hNode: [cudaGraphNode_t], event: [cudaEvent_t]);
    #[cfg(not(cuda_ge = "13.0"))] fn cudaGraphKernelNodeCopyAttributes(hSrc: [cudaGraphNode_t], hDst: [cudaGraphNode_t]);
    #[cfg(cuda_ge = "13.0")] fn cudaGraphKernelNodeCopyAttributes(hDst: [cudaGraphNode_t], hSrc: [cudaGraphNode_t]);
    fn cudaGraphLaunch(graphExec: [cudaGraphExec_t], stream: [cudaStream_t]);
    fn cudaGraphNodeSetEnabled(hGraphExec: [cudaGraphExec_t], hNode: [cudaGraphNode_t], isEnabled: [c_uint]);
    fn cudaGraphReleaseUserObject(graph: [cudaGraph_t], object: [cudaUserObject_t], count: [c_uint]);
    fn cudaGraphRetainUserObject(graph: [cudaGraph_t], object: [cudaUserObject_t], count: [c_uint], flags: [c_uint]);
    fn cudaGraphUpload(graphExec: [cudaGraphExec_t], stream: [cudaStream_t]);
    fn cudaGraphicsResourceSetMapFlags(resource: [cudaGraphicsResource_t], flags: [c_uint]);
    fn cudaGraphicsUnregisterResource(resource: [cudaGraphicsResource_t]);
    #[cfg(cuda_ge = "12.0")] fn cudaInitDevice(device: [c_int], deviceFlags: [c_uint], flags: [c_uint]);
    #[cfg(cuda_ge = "12.8")] fn cudaKernelSetAttributeForDevice(kernel: [cudaKernel_t], attr: [cudaFuncAttribute], value: [c_int], device: [c_int]);
    #[cfg(cuda_ge = "12.8")] fn cudaLibraryUnload(library: [cudaLibrary_t]);
    #[cfg(cuda_ge = "13.0")] fn cudaLogsUnregisterCallback(callback: [cudaLogsCallbackHandle]);
    fn cudaMemPoolDestroy(memPool: [cudaMemPool_t]);
    fn cudaMemset3D(pitchedDevPtr: [cudaPitchedPtr], value: [c_int], extent: [cudaExtent]);
    fn cudaMemset3DAsync(pitchedDevPtr: [cudaPitchedPtr], value: [c_int], extent: [cudaExtent], stream: [cudaStream_t]);
    fn cudaPeekAtLastError();
    #[cfg(cuda_header = "cuda_profiler_api.h")] fn cudaProfilerStart();
    #[cfg(cuda_header = "cuda_profiler_api.h")] fn cudaProfilerStop();
    fn cudaSetDevice(device: [c_int]);
    fn cudaSetDeviceFlags(flags: [c_uint]);
    fn cudaStreamBeginCapture(stream: [cudaStream_t], mode: [cudaStreamCaptureMode]);
    fn cudaStreamCopyAttributes(dst: [cudaStream_t], src: [cudaStream_t]);
    fn cudaStreamDestroy(stream: [cudaStream_t]);
    fn cudaStreamQuery(stream: [cudaStream_t]);
    fn cudaStreamSynchronize(stream: [cudaStream_t]);
    fn cudaStreamWaitEvent(stream: [cudaStream_t], event: [cudaEvent_t], flags: [c_uint]);
    #[cfg(not(cuda_ge = "13.0"))] fn cudaThreadExit();
    #[cfg(not(cuda_ge = "13.0"))] fn cudaThreadSetCacheConfig(cacheConfig: [cudaFuncCache]);
    #[cfg(not(cuda_ge = "13.0"))] fn cudaThreadSynchronize();
    fn cudaUserObjectRelease(object: [cudaUserObject_t], count: [c_uint]);
    fn cudaUserObjectRetain(object: [cudaUserObject_t], count: [c_uint]);
}

// ---- Overloads of other arity, and default arguments: macros of the same names ----

/// What each macro below expands to: `__cpp_overload!([forms] args...)` calls the first form
/// that takes that many arguments. A form is a function of this module with its parameters: `_`
/// for one the caller gives, `[value]` for one C++ gives a default, which is used once the
/// arguments have run out (`cudaMemcpyAsync(_, _, _, _, [0])` takes four or five). Forms are
/// separated by `|` (`cudaEventCreate(_) | cudaEventCreateWithFlags(_, _)`).
///
/// ```no_run
/// # use cudart_sys::cpp::*;
/// let (mut dst, src) = ([0u8; 4], [1u8; 4]);
/// let _ = unsafe { cudaMemcpyAsync!(&mut dst[..], &src[..], 4, cudaMemcpyHostToHost) }; // stream 0
/// ```
/// No form takes two arguments, as no overload of C++'s does:
/// ```compile_fail
/// # use cudart_sys::cpp::*;
/// let (mut dst, src) = ([0u8; 4], [1u8; 4]);
/// let _ = unsafe { cudaMemcpyAsync!(&mut dst[..], &src[..]) };
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_overload {
    ([$($forms:tt)+] $($a:expr),* $(,)?) => {
        $crate::__cpp_overload!(@try [$($forms)+] [$($forms)+] [$($a),*])
    };
    (@try $all:tt [$f:ident ($($p:tt),*) $(| $($more:tt)+)?] $args:tt) => {
        $crate::__cpp_overload!(@bind $all $f [] [$($p)*] $args [$($($more)+)?] $args)
    };
    // Every parameter has its value: the call.
    (@bind $all:tt $f:ident [$($v:expr),*] [] [] $more:tt $args:tt) => {
        $crate::cpp::$f($($v),*)
    };
    // The next parameter takes the next argument.
    (@bind $all:tt $f:ident [$($v:expr),*] [$p:tt $($ps:tt)*] [$a:expr $(, $rest:expr)*] $more:tt $args:tt) => {
        $crate::__cpp_overload!(@bind $all $f [$($v,)* $a] [$($ps)*] [$($rest),*] $more $args)
    };
    // The arguments have run out: the parameter's default.
    (@bind $all:tt $f:ident [$($v:expr),*] [[$default:expr] $($ps:tt)*] [] $more:tt $args:tt) => {
        $crate::__cpp_overload!(@bind $all $f [$($v,)* $default] [$($ps)*] [] $more $args)
    };
    // Too few arguments for this form, or too many: the next form.
    (@bind $all:tt $f:ident $v:tt $ps:tt $rest:tt [$($more:tt)+] $args:tt) => {
        $crate::__cpp_overload!(@try $all [$($more)+] $args)
    };
    (@bind [$name:ident $($all:tt)*] $f:ident $v:tt $ps:tt $rest:tt [] $args:tt) => {
        ::core::compile_error!(::core::concat!(
            "no overload of `", ::core::stringify!($name), "!` takes these arguments; its forms ",
            "(`_` an argument, `[value]` a default) are ",
            ::core::stringify!($name $($all)*),
        ))
    };
}

// One line a macro: the C++ forms it takes. Each is a `macro_rules!` of its own, written out,
// because a `#[macro_export]` macro that a macro writes cannot be re-exported under its C++
// name in its own crate (rust-lang/rust#52234); for the same reason rustfmt is told to keep the
// line through `cfg_attr` (a bare `#[rustfmt::skip]` would count as an expansion). A test reads
// the lines: every default argument `cuda_runtime_api.h` gives a function of the `calls!` list
// is here, with the header's value, and every form of a C function has that function's arity.

// `cuda_runtime.h`'s overloads and templates: other functions by arity, and defaults of its own.
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaEventCreate { ($($a:tt)*) => { $crate::__cpp_overload!([cudaEventCreate(_) | cudaEventCreateWithFlags(_, _)] $($a)*) } }
pub use crate::__cpp_cudaEventCreate as cudaEventCreate;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMallocHost { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMallocHost(_, _) | cudaHostAlloc(_, _, _)] $($a)*) } }
pub use crate::__cpp_cudaMallocHost as cudaMallocHost;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMallocManaged { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMallocManaged(_, _, [$crate::cudaMemAttachGlobal])] $($a)*) } }
pub use crate::__cpp_cudaMallocManaged as cudaMallocManaged;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMallocAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMallocAsync(_, _, _) | cudaMallocFromPoolAsync(_, _, _, _)] $($a)*) } }
pub use crate::__cpp_cudaMallocAsync as cudaMallocAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaStreamAttachMemAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaStreamAttachMemAsync(_, _, [0], [$crate::cudaMemAttachSingle])] $($a)*) } }
pub use crate::__cpp_cudaStreamAttachMemAsync as cudaStreamAttachMemAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaLaunchKernel { ($($a:tt)*) => { $crate::__cpp_overload!([cudaLaunchKernel(_, _, _, _, [0], [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaLaunchKernel as cudaLaunchKernel;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaLaunchCooperativeKernel { ($($a:tt)*) => { $crate::__cpp_overload!([cudaLaunchCooperativeKernel(_, _, _, _, [0], [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaLaunchCooperativeKernel as cudaLaunchCooperativeKernel;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaOccupancyMaxPotentialBlockSize { ($($a:tt)*) => { $crate::__cpp_overload!([cudaOccupancyMaxPotentialBlockSize(_, _, _, [0], [0])] $($a)*) } }
pub use crate::__cpp_cudaOccupancyMaxPotentialBlockSize as cudaOccupancyMaxPotentialBlockSize;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaOccupancyMaxPotentialBlockSizeWithFlags { ($($a:tt)*) => { $crate::__cpp_overload!([cudaOccupancyMaxPotentialBlockSizeWithFlags(_, _, _, [0], [0], [0])] $($a)*) } }
pub use crate::__cpp_cudaOccupancyMaxPotentialBlockSizeWithFlags as cudaOccupancyMaxPotentialBlockSizeWithFlags;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaOccupancyMaxPotentialBlockSizeVariableSMem { ($($a:tt)*) => { $crate::__cpp_overload!([cudaOccupancyMaxPotentialBlockSizeVariableSMem(_, _, _, _, [0])] $($a)*) } }
pub use crate::__cpp_cudaOccupancyMaxPotentialBlockSizeVariableSMem as cudaOccupancyMaxPotentialBlockSizeVariableSMem;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags { ($($a:tt)*) => { $crate::__cpp_overload!([cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(_, _, _, _, [0], [0])] $($a)*) } }
pub use crate::__cpp_cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags as cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags;
#[cfg(cuda_ge = "12.0")] #[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaGraphExecUpdate { ($($a:tt)*) => { $crate::__cpp_overload!([cudaGraphExecUpdate(_, _, _) | __graph_exec_update(_, _, _, _)] $($a)*) } }
#[cfg(cuda_ge = "12.0")]
pub use crate::__cpp_cudaGraphExecUpdate as cudaGraphExecUpdate;

// `cuda_runtime_api.h`'s default arguments (`__dv`) of the functions above, taking what those
// functions take (the crate root has them as macros too, generated, taking the C types).
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpyAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpyAsync(_, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemcpyAsync as cudaMemcpyAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemsetAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemsetAsync(_, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemsetAsync as cudaMemsetAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpy2DAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpy2DAsync(_, _, _, _, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemcpy2DAsync as cudaMemcpy2DAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemset2DAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemset2DAsync(_, _, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemset2DAsync as cudaMemset2DAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemset3DAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemset3DAsync(_, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemset3DAsync as cudaMemset3DAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpyPeerAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpyPeerAsync(_, _, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemcpyPeerAsync as cudaMemcpyPeerAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpyToSymbol { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpyToSymbol(_, _, _, [0], [$crate::cudaMemcpyHostToDevice])] $($a)*) } }
pub use crate::__cpp_cudaMemcpyToSymbol as cudaMemcpyToSymbol;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpyFromSymbol { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpyFromSymbol(_, _, _, [0], [$crate::cudaMemcpyDeviceToHost])] $($a)*) } }
pub use crate::__cpp_cudaMemcpyFromSymbol as cudaMemcpyFromSymbol;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpyToSymbolAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpyToSymbolAsync(_, _, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemcpyToSymbolAsync as cudaMemcpyToSymbolAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpyFromSymbolAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpyFromSymbolAsync(_, _, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemcpyFromSymbolAsync as cudaMemcpyFromSymbolAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpy2DToArrayAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpy2DToArrayAsync(_, _, _, _, _, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemcpy2DToArrayAsync as cudaMemcpy2DToArrayAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpy2DFromArrayAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpy2DFromArrayAsync(_, _, _, _, _, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemcpy2DFromArrayAsync as cudaMemcpy2DFromArrayAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpyToArrayAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpyToArrayAsync(_, _, _, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemcpyToArrayAsync as cudaMemcpyToArrayAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpyFromArrayAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpyFromArrayAsync(_, _, _, _, _, _, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaMemcpyFromArrayAsync as cudaMemcpyFromArrayAsync;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpy2DArrayToArray { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpy2DArrayToArray(_, _, _, _, _, _, _, _, [$crate::cudaMemcpyDeviceToDevice])] $($a)*) } }
pub use crate::__cpp_cudaMemcpy2DArrayToArray as cudaMemcpy2DArrayToArray;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemcpyArrayToArray { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemcpyArrayToArray(_, _, _, _, _, _, _, [$crate::cudaMemcpyDeviceToDevice])] $($a)*) } }
pub use crate::__cpp_cudaMemcpyArrayToArray as cudaMemcpyArrayToArray;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMallocArray { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMallocArray(_, _, _, [0], [0])] $($a)*) } }
pub use crate::__cpp_cudaMallocArray as cudaMallocArray;
#[cfg(not(cuda_ge = "13.0"))] #[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemPrefetchAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemPrefetchAsync(_, _, _, [$crate::__zero()])] $($a)*) } }
#[cfg(not(cuda_ge = "13.0"))]
pub use crate::__cpp_cudaMemPrefetchAsync as cudaMemPrefetchAsync;
#[cfg(cuda_ge = "13.0")] #[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemPrefetchAsync { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemPrefetchAsync(_, _, _, _, [$crate::__zero()])] $($a)*) } }
#[cfg(cuda_ge = "13.0")]
pub use crate::__cpp_cudaMemPrefetchAsync as cudaMemPrefetchAsync;
#[cfg(all(cuda_ge = "12.2", not(cuda_ge = "13.0")))] #[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaMemPrefetchAsync_v2 { ($($a:tt)*) => { $crate::__cpp_overload!([cudaMemPrefetchAsync_v2(_, _, _, _, [$crate::__zero()])] $($a)*) } }
#[cfg(all(cuda_ge = "12.2", not(cuda_ge = "13.0")))]
pub use crate::__cpp_cudaMemPrefetchAsync_v2 as cudaMemPrefetchAsync_v2;
#[cfg(not(cuda_ge = "13.0"))] #[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaStreamUpdateCaptureDependencies { ($($a:tt)*) => { $crate::__cpp_overload!([cudaStreamUpdateCaptureDependencies(_, _, _, [0])] $($a)*) } }
#[cfg(not(cuda_ge = "13.0"))]
pub use crate::__cpp_cudaStreamUpdateCaptureDependencies as cudaStreamUpdateCaptureDependencies;
#[cfg(cuda_ge = "13.0")] #[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaStreamUpdateCaptureDependencies { ($($a:tt)*) => { $crate::__cpp_overload!([cudaStreamUpdateCaptureDependencies(_, _, _, _, [0])] $($a)*) } }
#[cfg(cuda_ge = "13.0")]
pub use crate::__cpp_cudaStreamUpdateCaptureDependencies as cudaStreamUpdateCaptureDependencies;
#[cfg(all(cuda_ge = "12.3", not(cuda_ge = "13.0")))] #[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaStreamUpdateCaptureDependencies_v2 { ($($a:tt)*) => { $crate::__cpp_overload!([cudaStreamUpdateCaptureDependencies_v2(_, _, _, _, [0])] $($a)*) } }
#[cfg(all(cuda_ge = "12.3", not(cuda_ge = "13.0")))]
pub use crate::__cpp_cudaStreamUpdateCaptureDependencies_v2 as cudaStreamUpdateCaptureDependencies_v2;
#[cfg(not(cuda_ge = "12.0"))] #[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaBindTexture { ($($a:tt)*) => { $crate::__cpp_overload!([cudaBindTexture(_, _, _, _, [$crate::UINT_MAX])] $($a)*) } }
#[cfg(not(cuda_ge = "12.0"))]
pub use crate::__cpp_cudaBindTexture as cudaBindTexture;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaEventRecord { ($($a:tt)*) => { $crate::__cpp_overload!([cudaEventRecord(_, [$crate::__zero()])] $($a)*) } }
pub use crate::__cpp_cudaEventRecord as cudaEventRecord;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaEventRecordWithFlags { ($($a:tt)*) => { $crate::__cpp_overload!([cudaEventRecordWithFlags(_, [$crate::__zero()], [0])] $($a)*) } }
pub use crate::__cpp_cudaEventRecordWithFlags as cudaEventRecordWithFlags;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaStreamWaitEvent { ($($a:tt)*) => { $crate::__cpp_overload!([cudaStreamWaitEvent(_, _, [0])] $($a)*) } }
pub use crate::__cpp_cudaStreamWaitEvent as cudaStreamWaitEvent;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaGraphReleaseUserObject { ($($a:tt)*) => { $crate::__cpp_overload!([cudaGraphReleaseUserObject(_, _, [1])] $($a)*) } }
pub use crate::__cpp_cudaGraphReleaseUserObject as cudaGraphReleaseUserObject;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaGraphRetainUserObject { ($($a:tt)*) => { $crate::__cpp_overload!([cudaGraphRetainUserObject(_, _, [1], [0])] $($a)*) } }
pub use crate::__cpp_cudaGraphRetainUserObject as cudaGraphRetainUserObject;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaUserObjectRelease { ($($a:tt)*) => { $crate::__cpp_overload!([cudaUserObjectRelease(_, [1])] $($a)*) } }
pub use crate::__cpp_cudaUserObjectRelease as cudaUserObjectRelease;
#[cfg_attr(rustfmt, rustfmt::skip)] #[doc(hidden)] #[macro_export] macro_rules! __cpp_cudaUserObjectRetain { ($($a:tt)*) => { $crate::__cpp_overload!([cudaUserObjectRetain(_, [1])] $($a)*) } }
pub use crate::__cpp_cudaUserObjectRetain as cudaUserObjectRetain;

/// `cudaLaunchKernelEx(&config, kernel, args...)`: the variadic template, for a typed
/// [`Kernel`] (C++ converts each argument to the kernel's parameter type, and so does this: the
/// arguments are values, kept in locals whose addresses `cudaLaunchKernelExC` gets).
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaLaunchKernelEx {
    ($config:expr, $($kernel:ident).+ $(, $arg:expr)* $(,)?) => {{
        let kernel = &$($kernel).+;
        let mut args = kernel.__args(($($arg,)*));
        let mut pointers = $crate::cpp::launch::KernelArgs::pointers(&mut args);
        $crate::cudaLaunchKernelExC(
            $config,
            $crate::cpp::Entry::entry(kernel.function),
            ::core::convert::AsMut::<[*mut ::core::ffi::c_void]>::as_mut(&mut pointers).as_mut_ptr(),
        )
    }};
}
pub use crate::__cpp_cudaLaunchKernelEx as cudaLaunchKernelEx;

/// `cudaGraphInstantiate(&exec, graph [, flags = 0])`, or C++'s old five-argument form
/// `cudaGraphInstantiate(&exec, graph, errorNode, logBuffer, bufferSize)`, whose last three the
/// header ignores.
#[cfg(cuda_ge = "12.0")]
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaGraphInstantiate {
    ($exec:expr, $graph:expr $(,)?) => {
        $crate::cudaGraphInstantiate($exec, $graph, 0)
    };
    ($exec:expr, $graph:expr, $flags:expr $(,)?) => {
        $crate::cudaGraphInstantiate($exec, $graph, $flags)
    };
    ($exec:expr, $graph:expr, $error_node:expr, $log:expr, $size:expr $(,)?) => {{
        let _ = ($error_node, $log, $size);
        $crate::cudaGraphInstantiate($exec, $graph, 0)
    }};
}
#[cfg(cuda_ge = "12.0")]
pub use crate::__cpp_cudaGraphInstantiate as cudaGraphInstantiate;

/// `cudaUserObjectCreate(&object, ptr, destroy, count, flags)` as C has it, or C++'s
/// `cudaUserObjectCreate(&object, Box::new(value), count, flags)`: the object owns the box and
/// drops it when the last reference goes (C++ `delete`s its `new`ed object); if the call fails,
/// the box is dropped here.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaUserObjectCreate {
    ($object:expr, $ptr:expr, $destroy:expr, $count:expr, $flags:expr $(,)?) => {
        $crate::cudaUserObjectCreate($object, $ptr, $destroy, $count, $flags)
    };
    ($object:expr, $boxed:expr, $count:expr, $flags:expr $(,)?) => {
        $crate::cpp::__user_object_create($object, $boxed, $count, $flags as ::core::ffi::c_uint)
    };
}
pub use crate::__cpp_cudaUserObjectCreate as cudaUserObjectCreate;

#[doc(hidden)]
pub unsafe fn __user_object_create<T: Send + 'static>(
    object_out: *mut cudaUserObject_t,
    object: Box<T>,
    initialRefcount: c_uint,
    flags: c_uint,
) -> cudaError_t {
    unsafe extern "C" fn destroy<T>(object: *mut c_void) {
        drop(unsafe { Box::from_raw(object.cast::<T>()) });
    }
    let raw = Box::into_raw(object);
    let status = unsafe {
        crate::cudaUserObjectCreate(object_out, raw.cast(), Some(destroy::<T>), initialRefcount, flags)
    };
    if status != cudaSuccess {
        drop(unsafe { Box::from_raw(raw) });
    }
    status
}

/// C++'s old four-argument `cudaGraphExecUpdate(exec, graph, &errorNode, &updateResult)`, the
/// second form of `cudaGraphExecUpdate!`: both filled from the result info, as the header does.
#[cfg(cuda_ge = "12.0")]
#[doc(hidden)]
pub unsafe fn __graph_exec_update(
    hGraphExec: cudaGraphExec_t,
    hGraph: cudaGraph_t,
    hErrorNode_out: *mut cudaGraphNode_t,
    updateResult_out: *mut cudaGraphExecUpdateResult,
) -> cudaError_t {
    let mut info = cudaGraphExecUpdateResultInfo::default();
    let status = unsafe { crate::cudaGraphExecUpdate(hGraphExec, hGraph, &mut info) };
    unsafe {
        if !hErrorNode_out.is_null() {
            *hErrorNode_out = info.errorNode;
        }
        if !updateResult_out.is_null() {
            *updateResult_out = info.result;
        }
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each function of the bindings (`cuda_fns!`'s list, as generated or vendored from the
    /// header): its name, its parameters' types and its result type, as written there.
    fn functions(bindings: &str) -> Vec<(&str, Vec<&str>, &str)> {
        let list = &bindings[bindings.find("cuda_fns! {").expect("the bindings' function list")..];
        let mut out = Vec::new();
        let mut rest = list;
        while let Some(at) = rest.find("pub fn ") {
            rest = &rest[at + "pub fn ".len()..];
            let name_end = rest.find('(').expect("a parameter list");
            let name = rest[..name_end].trim();
            let (mut depth, mut end) = (0, name_end);
            for (i, c) in rest[name_end..].char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    end = name_end + i;
                    break;
                }
            }
            let params = rest[name_end + 1..end]
                .split(',')
                .filter_map(|p| Some(p.split_once(':')?.1.trim()))
                .collect();
            let result = rest[end + 1..].split(';').next().unwrap_or("");
            let result = result.trim().trim_start_matches("->").trim();
            out.push((name, params, result));
            rest = &rest[end..];
        }
        out
    }

    /// Items 2 and 4 of issue 32, derived from the header: every function with a `void*` or a
    /// `size_t` parameter is one `calls!` wraps (so it takes typed pointers and any integer), and
    /// so is every function returning a `cudaError_t` with no pointer parameter (so its result,
    /// only a status, may be dropped as C++ drops it).
    #[test]
    fn every_function_with_a_void_pointer_a_size_or_only_a_status_is_cpps() {
        let bindings = include_str!(env!("CUDA_BINDINGS"));
        let functions = functions(bindings);
        assert!(functions.len() > 100, "{} functions read from the bindings", functions.len());
        let wrapped = wrapped();
        let missing: Vec<&str> = functions
            .iter()
            .filter(|(name, _, _)| !name.ends_with("_ptsz") && !name.ends_with("_ptds"))
            .filter(|(_, params, result)| {
                let void_or_size = params.iter().any(|t| {
                    let t = t.replace("::core::ffi::", "");
                    t == "*mut c_void" || t == "*const c_void" || t == "usize"
                });
                void_or_size || (*result == "cudaError_t" && params.iter().all(|t| !t.contains('*')))
            })
            .map(|(name, _, _)| *name)
            .filter(|name| !wrapped.contains(name))
            .collect();
        assert!(missing.is_empty(), "not in cpp's calls! list (add them, with their kinds): {missing:?}");
    }

    /// The pieces of a comma-separated list, split at its own commas only (`a, f(b, c), [d]`).
    fn pieces(list: &str) -> Vec<&str> {
        let (mut out, mut depth, mut start) = (Vec::new(), 0, 0);
        for (i, c) in list.char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(list[start..i].trim());
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.push(list[start..].trim());
        out.retain(|piece| !piece.is_empty());
        out
    }

    /// Whether a `cfg` of this module (`cuda_ge = "13.0"`, `not(..)`, `all(..)`) holds for the
    /// header the crate was built with.
    fn holds(cfg: &str) -> bool {
        let inner = |prefix: &str| cfg.strip_prefix(prefix).and_then(|c| c.strip_suffix(')'));
        if let Some(cfg) = inner("not(") {
            return !holds(cfg);
        }
        if let Some(cfgs) = inner("all(") {
            return pieces(cfgs).into_iter().all(holds);
        }
        let version = cfg.strip_prefix("cuda_ge = \"").and_then(|v| v.strip_suffix('"'));
        let (major, minor) = version.and_then(|v| v.split_once('.')).expect("a cuda_ge cfg");
        let at_least = major.parse::<u32>().unwrap() * 1000 + minor.parse::<u32>().unwrap() * 10;
        CUDART_VERSION >= at_least
    }

    /// A default value as the header's macros and this module's write it: `0` either way for
    /// `$crate::__zero()` (a size here takes a literal, as `impl Size` infers no type).
    fn value(default: &str) -> String {
        default.replace(' ', "").replace("$crate::__zero()", "0")
    }

    /// The crate root's default-argument macros, generated from the header's `__dv`: each
    /// one's name, the number of arguments it needs and the values of the others.
    fn header_defaults(bindings: &str) -> Vec<(&str, usize, Vec<String>)> {
        let mut out = Vec::new();
        for (_, rest) in bindings.match_indices("\nmacro_rules! ").map(|(at, _)| bindings.split_at(at + 14)) {
            let name = &rest[..rest.find(' ').unwrap()];
            // The first arm: the fewest arguments, and every default.
            let arm = rest.lines().nth(1).unwrap_or("");
            let Some((pattern, call)) = arm.split_once("=>") else { continue };
            let Some(args) = call.split_once('(').and_then(|(_, a)| a.rsplit_once(')')) else { continue };
            let given = pattern.matches(":expr").count();
            out.push((name, given, pieces(args.0).iter().skip(given).map(|d| value(d)).collect()));
        }
        out
    }

    /// A form of a one-line macro: a function and its parameters (`_`, or `[default]`).
    type Form<'a> = (&'a str, Vec<&'a str>);

    /// This module's one-line macros that the crate compiled: each one's name and its forms.
    fn overloads(source: &str) -> Vec<(&str, Vec<Form<'_>>)> {
        let mut out = Vec::new();
        for line in source.lines().filter(|line| line.starts_with('#')) {
            let Some((attributes, shell)) = line.split_once("macro_rules! __cpp_") else { continue };
            let Some((_, forms)) = shell.split_once("__cpp_overload!([") else { continue };
            if let Some(cfg) = attributes.strip_prefix("#[cfg(").and_then(|a| a.split_once(")] ")) {
                if !holds(cfg.0) {
                    continue;
                }
            }
            let forms = forms.rsplit_once("] $($a)*)").expect("a form list").0;
            let forms = forms.split(" | ").map(|form| {
                let (function, params) = form.split_once('(').expect("a parameter list");
                (function, pieces(params.strip_suffix(')').expect("a closed parameter list")))
            });
            out.push((&shell[..shell.find(' ').unwrap()], forms.collect()));
        }
        out
    }

    /// `cuda_runtime_api.h`'s default arguments (`__dv`) of the functions `calls!` wraps are
    /// this module's too, read from the header's macros rather than from a list: each such
    /// function has its one-line macro, whose form of that name takes as many arguments as
    /// the function and ends in the header's defaults (`cuda_runtime.h` may default more of
    /// them, as `cudaStreamAttachMemAsync`'s length). And the macros are re-exported here.
    #[test]
    fn the_headers_default_arguments_are_cpps() {
        let source = include_str!("cpp.rs");
        let overloads = overloads(source);
        assert!(overloads.len() > 30, "{} one-line macros read", overloads.len());
        for (name, _) in &overloads {
            assert!(
                source.contains(&format!("pub use crate::__cpp_{name} as {name};")),
                "{name}! is not re-exported"
            );
        }
        let defaults = header_defaults(include_str!(env!("CUDA_BINDINGS")));
        let wrapped = wrapped();
        let wrapped: Vec<_> = defaults.iter().filter(|(name, _, _)| wrapped.contains(name)).collect();
        assert!(wrapped.len() > 15, "{} default-argument macros of wrapped functions", wrapped.len());
        for (name, given, values) in wrapped {
            let form = overloads.iter().filter(|(macro_name, _)| macro_name == name);
            let form = form.flat_map(|(_, forms)| forms).find(|(function, _)| function == name);
            let Some((_, params)) = form else { panic!("{name}: the header's defaults have no macro here") };
            assert_eq!(params.len(), given + values.len(), "{name}: the number of parameters");
            let ours: Vec<String> =
                params[*given..].iter().map(|p| value(p.trim_matches(['[', ']']))).collect();
            assert_eq!(&ours, values, "{name}: the defaults");
        }
    }

    /// Each form of a C function has as many parameters as the function in the bindings, so
    /// every arity a macro takes is one the function can be called with.
    #[test]
    fn every_form_has_its_functions_arity() {
        let bindings = include_str!(env!("CUDA_BINDINGS"));
        let functions = functions(bindings);
        let mut checked = 0;
        for (name, forms) in overloads(include_str!("cpp.rs")) {
            for (function, params) in forms {
                if let Some((_, c_params, _)) = functions.iter().find(|(f, _, _)| *f == function) {
                    assert_eq!(params.len(), c_params.len(), "{name}!'s form {function}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 30, "{checked} forms of C functions");
    }

    #[test]
    fn typed_pointers_and_integers_reach_the_c_types() {
        let mut x = 5.0f32;
        let mut v = [1u8, 2, 3];
        let p: *const f32 = &x;
        assert_eq!(VoidConst::void_const(p), p.cast());
        assert_eq!(VoidConst::void_const(&x), p.cast());
        assert_eq!(VoidMut::void_mut(&mut x), p.cast_mut().cast());
        assert_eq!(VoidMut::void_mut(&mut v[..]), v.as_mut_ptr().cast());
        assert!(VoidMut::void_mut(nullptr).is_null());
        assert_eq!(CInt::c_int(0x1_0000_0005u64), 5, "C++'s conversion to int");
        assert_eq!(CInt::c_int(255u8), 255);
    }
}
