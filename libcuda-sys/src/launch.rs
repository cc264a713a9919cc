//! `kernel<<<grid, block, shmem, stream>>>(a, b, n)` in one line, for a kernel loaded from PTX
//! or CUBIN (hand-written: nothing here is generated).
//!
//! C++ compiles the kernel with the program, so `<<<>>>` knows each parameter's type. A kernel
//! loaded at run time has no type: `cuLaunchKernel` takes an array of untyped pointers, one to
//! each argument, where a missing `&`, a constant with no address or an `int` passed for a
//! `size_t` is undefined behaviour that nothing reports. Here the program says the parameter
//! types once, when it looks the kernel up ([`Kernel::new`], as the C++ declaration does), and
//! [`launch!`](crate::launch!) takes the arguments by value, as `<<<>>>` does: each is converted
//! to its declared type by the compiler (a literal takes that type, a wrong width or a pointer's
//! address is a type error), stored in a local, and the array of their addresses is built from
//! those locals. The count is checked too: the declared types are a tuple.
//!
//! The same macro launches through the Driver API (`CUfunction`, `cuLaunchKernel`) and, with
//! cudart-sys, the Runtime API (`cudaKernel_t`, `cudaLaunchKernel`): [`Launch`] is implemented
//! for each handle. As `<<<>>>` does, it takes grid, block and shared memory sizes of any
//! integer type ([`Dim`], [`Size`]), and is a statement or a value: its [`Status`] may be
//! dropped, as C++ drops the launch's error to read it later with `cudaGetLastError`.

use core::ffi::c_void;
use core::marker::PhantomData;

use crate::{cuLaunchKernel, CUfunction, CUresult, CUstream, CUDA_ERROR_INVALID_VALUE};

/// A kernel handle with its parameter types, `Args`, a tuple: `Kernel<(*const f32, u32)>` is
/// `__global__ void k(const float*, unsigned int)`. `F` is the handle: `CUfunction`, or
/// cudart-sys's `cudaKernel_t`.
pub struct Kernel<Args, F = CUfunction> {
    /// The handle, as `cuModuleGetFunction` (or `cudaLibraryGetKernel`) gave it.
    pub function: F,
    params: PhantomData<fn(Args)>,
}

impl<Args: KernelArgs, F: Copy> Kernel<Args, F> {
    /// The kernel `function`, whose parameters are `Args`.
    ///
    /// # Safety
    /// `Args` are the kernel's parameter types, in order, of the same sizes and alignments as
    /// the kernel declares (`.param .u64` is `u64` or a pointer, `.param .u32` `u32` or `i32`,
    /// `.param .f32` `f32`): [`launch!`](crate::launch!) trusts this declaration.
    pub const unsafe fn new(function: F) -> Self {
        Kernel { function, params: PhantomData }
    }

    /// The arguments, each converted to its declared type by the compiler. Used by `launch!`.
    #[doc(hidden)]
    pub fn __args(&self, args: Args) -> Args {
        args
    }
}

impl<Args, F: Copy> Clone for Kernel<Args, F> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Args, F: Copy> Copy for Kernel<Args, F> {}

/// A kernel handle that any thread may use: `CUfunction`, and `CUkernel` (which is also the
/// Runtime API's `cudaKernel_t`). A [`Kernel`] of such a handle is `Send` and `Sync`.
///
/// # Safety
/// The handle stays valid whichever thread uses it: launches take the context or device from
/// the calling thread, not from the handle's creator.
pub unsafe trait ThreadSafeHandle: Copy {}
// SAFETY: the Driver API's handles are usable from any thread, as above.
unsafe impl ThreadSafeHandle for crate::CUfunction {}
#[cfg(cuda_ge = "12.0")]
unsafe impl ThreadSafeHandle for crate::CUkernel {}

// SAFETY: `F` may be used from any thread (`ThreadSafeHandle`); `Args` is only a type here.
// One impl over a bound, not one per handle type: Rust refuses to specialize an auto trait.
unsafe impl<Args, F: ThreadSafeHandle> Send for Kernel<Args, F> {}
unsafe impl<Args, F: ThreadSafeHandle> Sync for Kernel<Args, F> {}

impl<Args, F: core::fmt::Debug> core::fmt::Debug for Kernel<Args, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Kernel<{}>({:?})", core::any::type_name::<Args>(), self.function)
    }
}

/// A kernel's parameters: a tuple of plain values (`Copy`: the launch copies their bytes), of
/// at most [`MAX_PARAMS`] members.
pub trait KernelArgs {
    /// `[*mut c_void; N]`, one pointer per parameter.
    type Pointers: AsMut<[*mut c_void]>;
    /// The address of each member, in order: the array `cuLaunchKernel` takes.
    fn pointers(&mut self) -> Self::Pointers;
}

/// The most parameters a [`Kernel`] declares and [`launch!`](crate::launch!) passes: tuples of
/// up to 32 types (C++ bounds a kernel's parameters by their size, 32 764 bytes from CUDA 12.1,
/// not by their count). `launch!` with more arguments is a compile error that says so.
pub const MAX_PARAMS: usize = 32;

macro_rules! kernel_args {
    ($n:literal $(, $t:ident $i:tt)*) => {
        impl<$($t: Copy),*> KernelArgs for ($($t,)*) {
            type Pointers = [*mut c_void; $n];
            #[allow(clippy::unused_unit)]
            fn pointers(&mut self) -> Self::Pointers {
                [$((&mut self.$i as *mut $t).cast()),*]
            }
        }
    };
}
kernel_args!(0);
kernel_args!(1, A0 0);
kernel_args!(2, A0 0, A1 1);
kernel_args!(3, A0 0, A1 1, A2 2);
kernel_args!(4, A0 0, A1 1, A2 2, A3 3);
kernel_args!(5, A0 0, A1 1, A2 2, A3 3, A4 4);
kernel_args!(6, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5);
kernel_args!(7, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6);
kernel_args!(8, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7);
kernel_args!(9, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8);
kernel_args!(10, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9);
kernel_args!(11, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10);
kernel_args!(12, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11);
kernel_args!(13, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12);
kernel_args!(14, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13);
kernel_args!(15, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14);
kernel_args!(16, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15);
kernel_args!(17, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16);
kernel_args!(18, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17);
kernel_args!(19, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18);
kernel_args!(20, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19);
kernel_args!(21, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20);
kernel_args!(22, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21);
kernel_args!(23, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22);
kernel_args!(24, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22, A23 23);
kernel_args!(25, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22, A23 23, A24 24);
kernel_args!(26, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22, A23 23, A24 24, A25 25);
kernel_args!(27, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22, A23 23, A24 24, A25 25, A26 26);
kernel_args!(28, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22, A23 23, A24 24, A25 25, A26 26, A27 27);
kernel_args!(29, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22, A23 23, A24 24, A25 25, A26 26, A27 27, A28 28);
kernel_args!(30, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22, A23 23, A24 24, A25 25, A26 26, A27 27, A28 28, A29 29);
kernel_args!(31, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22, A23 23, A24 24, A25 25, A26 26, A27 27, A28 28, A29 29, A30 30);
kernel_args!(32, A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15, A16 16, A17 17, A18 18, A19 19, A20 20, A21 21, A22 22, A23 23, A24 24, A25 25, A26 26, A27 27, A28 28, A29 29, A30 30, A31 31);

/// An integer as C++ converts it to one of `dim3`'s `unsigned int`s (`<<<grids, blocks>>>` with
/// `int grids`): any integer type. A value no `unsigned int` holds (a negative one, or one of
/// 2^32 or more) becomes `u32::MAX`, which no grid or block dimension allows, so the launch fails
/// with the API's own error (`cudaErrorInvalidConfiguration`, `CUDA_ERROR_INVALID_VALUE`), as
/// C++'s `-1`, which it converts to `u32::MAX`, does; never a silently smaller launch.
pub trait Dim: Copy {
    fn dim(self) -> u32;
}

/// An integer as C++ converts it to a `size_t` (a size, a count, bytes of shared memory): any
/// integer type. What a negative one becomes is the caller's choice: see [`Size::size`] and
/// [`Size::cpp`].
pub trait Size: Copy {
    /// The value, or `None` for a negative one: for sizes a wrapped value would make a call
    /// reach memory it must not (a copy, a set), which then answers an error itself.
    fn size(self) -> Option<usize>;
    /// C++'s conversion: a negative value wraps to a huge one (`-1` is `SIZE_MAX`). Only for
    /// what the API itself refuses at such a size before touching memory (an allocation, a
    /// launch's shared memory): the call then fails with the very error C++ gets.
    fn cpp(self) -> usize;
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl Dim for $t {
            #[inline]
            fn dim(self) -> u32 {
                u32::try_from(self).unwrap_or(u32::MAX)
            }
        }
        impl Size for $t {
            #[inline]
            fn size(self) -> Option<usize> {
                usize::try_from(self).ok()
            }
            #[inline]
            #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
            fn cpp(self) -> usize {
                self as usize // C++'s integral conversion: sign-extended, then modulo 2^64
            }
        }
        impl Dims for $t {
            #[inline]
            fn dims(self) -> [u32; 3] {
                [self.dim(), 1, 1]
            }
        }
    )*};
}
integers!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// A grid or block size as `<<<>>>` takes it: an integer of any type (`256`, an `int` variable),
/// a tuple of them (`(16, 16)`, `(8, 8, 4)`), `[x, y, z]`, or cudart-sys's `dim3`; the missing
/// ones are 1, each converted as [`Dim`] says.
pub trait Dims {
    fn dims(self) -> [u32; 3];
}

impl<A: Dim, B: Dim> Dims for (A, B) {
    fn dims(self) -> [u32; 3] {
        [self.0.dim(), self.1.dim(), 1]
    }
}
impl<A: Dim, B: Dim, C: Dim> Dims for (A, B, C) {
    fn dims(self) -> [u32; 3] {
        [self.0.dim(), self.1.dim(), self.2.dim()]
    }
}
impl<T: Dim> Dims for [T; 3] {
    fn dims(self) -> [u32; 3] {
        self.map(Dim::dim)
    }
}

/// A result code that may be dropped, as C++ drops one: what [`launch!`](crate::launch!) gives
/// (and cudart-sys's `cpp` functions, `cudaFree(p);`). The codes themselves (`CUresult`,
/// `cudaError_t`) are `#[must_use]`; this is not, so `launch!(k<<<g, b>>>(a));` is a statement,
/// as `k<<<g, b>>>(a);` is, whose error is then the API's last error (`cudaGetLastError`). Where
/// the code is wanted it is all there: `status.code()`, `==` with a code, `Debug` as the code's,
/// and cuda-checked's macros take it as they take the code (`check_cuda!(launch!(...))?`).
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Status<C>(pub C);

impl<C> Status<C> {
    /// The code.
    #[inline]
    pub fn code(self) -> C {
        self.0
    }
}

impl<C: PartialEq> PartialEq<C> for Status<C> {
    fn eq(&self, code: &C) -> bool {
        self.0 == *code
    }
}

impl<C: core::fmt::Debug> core::fmt::Debug for Status<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<Status<CUresult>> for CUresult {
    fn from(status: Status<CUresult>) -> Self {
        status.0
    }
}

impl PartialEq<Status<CUresult>> for CUresult {
    fn eq(&self, status: &Status<CUresult>) -> bool {
        *self == status.0
    }
}

/// The launch call of one API, for its kernel handle. `Api` tells the APIs apart (`Driver`
/// here, cudart-sys's `Runtime`).
pub trait Launch<Api> {
    /// `CUresult` or `cudaError_t`.
    type Result;
    /// # Safety
    /// As the API's launch call: `params` points to one pointer per kernel parameter, each to
    /// a value of that parameter's type; `stream` is null or a live stream. `shared_mem` is
    /// C++'s `size_t`: a wrapped negative value is the API's to refuse.
    unsafe fn launch(
        self,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: usize,
        stream: CUstream,
        params: *mut *mut c_void,
    ) -> Self::Result;
}

impl<Args, F: Copy> Kernel<Args, F> {
    /// The launch itself, for `launch!`: any kind of kernel `launch!` takes has this method
    /// (cu-kernels' kernels too, which load on first use).
    ///
    /// # Safety
    /// As [`Launch::launch`].
    #[doc(hidden)]
    #[inline]
    pub unsafe fn __launch<Api>(
        &self,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: usize,
        stream: impl Into<CUstream>,
        params: *mut *mut c_void,
    ) -> Status<F::Result>
    where
        F: Launch<Api>,
    {
        Status(unsafe { self.function.launch(grid, block, shared_mem, stream.into(), params) })
    }
}

/// The Driver API: `cuLaunchKernel`.
#[derive(Debug, Clone, Copy)]
pub enum Driver {}

impl Launch<Driver> for CUfunction {
    type Result = CUresult;
    unsafe fn launch(
        self,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: usize,
        stream: CUstream,
        params: *mut *mut c_void,
    ) -> CUresult {
        // `sharedMemBytes` is an `unsigned int` here; more is no valid launch.
        let Ok(shared_mem) = u32::try_from(shared_mem) else { return CUDA_ERROR_INVALID_VALUE };
        let [gx, gy, gz] = grid;
        let [bx, by, bz] = block;
        unsafe {
            cuLaunchKernel(self, gx, gy, gz, bx, by, bz, shared_mem, stream, params, core::ptr::null_mut())
        }
    }
}

/// `kernel<<<grid, block, shmem, stream>>>(args...)`: launches a [`Kernel`] (or a kernel of
/// cu-kernels' `kernels!`) and gives the launch call's result as a [`Status`]
/// (`Status<CUresult>` or `Status<cudaError_t>`).
///
/// As in C++, it is a statement or a value. `launch!(k<<<g, b>>>(a, n));` compiles without a
/// warning, as `k<<<g, b>>>(a, n);` does, and its error is then read as C++ reads it
/// (`cudaPeekAtLastError`/`cudaGetLastError` for the Runtime API, which records it); as a value
/// it is checked as any call's: `check_cuda!(launch!(...))?`, `checkCudaErrors!(launch!(...))`,
/// `launch!(...) == cudaSuccess`.
///
/// `grid` and `block` are anything [`Dims`] takes, integers of any type (`int grids` too);
/// `shmem` (bytes, default 0, any integer type) and `stream` (default the null stream; a
/// stream, or anything that converts into one, such as cudart-sys's `nullptr`) may be left out
/// as in C++. A negative or too large size fails the launch with the API's error, as
/// C++'s conversion of it does, never a wrapped launch that runs. The arguments are
/// expressions: each is converted to the kernel's declared parameter type and kept in a local
/// for the launch. At most [`MAX_PARAMS`] arguments.
///
/// ```no_run
/// use cuda_sys::launch::Kernel;
/// use cuda_sys::*;
/// # unsafe fn f(function: CUfunction, a: CUdeviceptr, b: CUdeviceptr, c: CUdeviceptr, stream: CUstream) {
/// // __global__ void vector_add(const float *a, const float *b, float *c, unsigned int n)
/// let vector_add: Kernel<(CUdeviceptr, CUdeviceptr, CUdeviceptr, u32)> = unsafe { Kernel::new(function) };
/// let n = 1 << 20;
/// let blocks: i32 = 4096; // an `int`, as C++ has it
/// unsafe {
///     let result = cuda_sys::launch!(vector_add<<<n / 256, 256, 0, stream>>>(a, b, c, n));
///     assert_eq!(result, CUDA_SUCCESS);
///     cuda_sys::launch!(vector_add<<<blocks, 256>>>(a, b, c, n)); // a statement, as in C++
/// }
/// # }
/// ```
///
/// A wrong count or type is a compile error:
/// ```compile_fail
/// # use cuda_sys::launch::Kernel; use cuda_sys::*;
/// # unsafe fn f(k: Kernel<(CUdeviceptr, u32)>, a: CUdeviceptr) {
/// let n: u64 = 10;
/// let _ = unsafe { cuda_sys::launch!(k<<<1, 32>>>(a, n)) }; // n is a u64, the kernel takes u32
/// # }
/// ```
/// ```compile_fail
/// # use cuda_sys::launch::Kernel; use cuda_sys::*;
/// # unsafe fn f(k: Kernel<(CUdeviceptr, u32)>, a: CUdeviceptr) {
/// let _ = unsafe { cuda_sys::launch!(k<<<1, 32>>>(&a, 10)) }; // C's `&`: the address is no argument
/// # }
/// ```
/// More than [`MAX_PARAMS`] arguments are a compile error that names the limit:
/// ```compile_fail
/// # use cuda_sys::launch::Kernel; use cuda_sys::*;
/// # unsafe fn f(k: Kernel<(u32,)>) {
/// unsafe {
///     cuda_sys::launch!(k<<<1, 32>>>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
///         17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32));
/// }
/// # }
/// ```
#[macro_export]
macro_rules! launch {
    ($($kernel:ident).+ <<< $($rest:tt)*) => {
        $crate::__launch!(@config [$($kernel).+] [] $($rest)*)
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __launch {
    // Everything up to `>>>` is the launch configuration.
    (@config [$($kernel:tt)*] [$($config:tt)*] >>> ( $($arg:expr),* $(,)? )) => {
        $crate::__launch!(@count [$($kernel)*] ($($config)*) ($($arg),*) ($($arg),*))
    };
    (@config [$($kernel:tt)*] [$($config:tt)*] $next:tt $($rest:tt)*) => {
        $crate::__launch!(@config [$($kernel)*] [$($config)* $next] $($rest)*)
    };
    // More arguments than `KernelArgs` has tuples for: say so, instead of a missing trait.
    (@count [$($kernel:tt)*] ($($config:tt)*) ($($arg:expr),*)
        ($a0:expr, $a1:expr, $a2:expr, $a3:expr, $a4:expr, $a5:expr, $a6:expr, $a7:expr,
         $a8:expr, $a9:expr, $a10:expr, $a11:expr, $a12:expr, $a13:expr, $a14:expr, $a15:expr,
         $a16:expr, $a17:expr, $a18:expr, $a19:expr, $a20:expr, $a21:expr, $a22:expr, $a23:expr,
         $a24:expr, $a25:expr, $a26:expr, $a27:expr, $a28:expr, $a29:expr, $a30:expr, $a31:expr,
         $($more:expr),+)) => {
        ::core::compile_error!(::core::concat!(
            "launch!: a kernel takes at most 32 arguments here (cuda_sys::launch::MAX_PARAMS); ",
            "this launch of `", ::core::stringify!($($kernel)*), "` passes more. ",
            "Pass a struct of the rest by value, as C++ code with that many parameters does."
        ))
    };
    (@count [$($kernel:tt)*] ($($config:tt)*) ($($arg:expr),*) ($($counted:expr),*)) => {
        $crate::__launch!(@launch [$($kernel)*] ($($config)*) ($($arg),*))
    };
    (@launch [$($kernel:tt)*] ($grid:expr, $block:expr) ($($arg:expr),*)) => {
        $crate::__launch!(@launch [$($kernel)*] ($grid, $block, 0, ::core::ptr::null_mut()) ($($arg),*))
    };
    (@launch [$($kernel:tt)*] ($grid:expr, $block:expr, $shmem:expr) ($($arg:expr),*)) => {
        $crate::__launch!(@launch [$($kernel)*] ($grid, $block, $shmem, ::core::ptr::null_mut()) ($($arg),*))
    };
    (@launch [$($kernel:tt)*] ($grid:expr, $block:expr, $shmem:expr, $stream:expr) ($($arg:expr),*)) => {{
        let kernel = &$($kernel)*;
        let mut args = kernel.__args(($($arg,)*));
        let mut pointers = $crate::launch::KernelArgs::pointers(&mut args);
        kernel.__launch(
            $crate::launch::Dims::dims($grid),
            $crate::launch::Dims::dims($block),
            $crate::launch::Size::cpp($shmem),
            $stream,
            ::core::convert::AsMut::<[*mut ::core::ffi::c_void]>::as_mut(&mut pointers).as_mut_ptr(),
        )
    }};
}

#[cfg(test)]
mod tests {
    #![deny(unused_must_use)]
    use super::*;

    #[test]
    fn each_pointer_is_its_arguments_address() {
        let mut args: (u64, u32, f32) = (7, 3, 1.5);
        let pointers = args.pointers();
        unsafe {
            assert_eq!(*pointers[0].cast::<u64>(), 7);
            assert_eq!(*pointers[1].cast::<u32>(), 3);
            assert_eq!(*pointers[2].cast::<f32>(), 1.5);
        }
        let mut none = ();
        assert!(none.pointers().is_empty());
    }

    #[test]
    fn thirty_two_parameters_each_at_its_address() {
        let mut args = (
            0u8, 1u16, 2u32, 3u64, 4i8, 5i16, 6i32, 7i64, 8f32, 9f64, 10u8, 11u16, 12u32, 13u64, 14i8, 15i16,
            16i32, 17i64, 18f32, 19f64, 20u8, 21u16, 22u32, 23u64, 24i8, 25i16, 26i32, 27i64, 28f32, 29f64,
            30u32, 31u64,
        );
        let pointers = args.pointers();
        assert_eq!(pointers.len(), MAX_PARAMS);
        unsafe {
            assert_eq!(*pointers[0].cast::<u8>(), 0);
            assert_eq!(*pointers[16].cast::<i32>(), 16);
            assert_eq!(*pointers[31].cast::<u64>(), 31);
        }
        assert_eq!(pointers[31], (&mut args.31 as *mut u64).cast());
    }

    #[test]
    fn dims_fill_the_missing_ones_with_1() {
        assert_eq!(256u32.dims(), [256, 1, 1]);
        assert_eq!(Dims::dims(256), [256, 1, 1]);
        assert_eq!((16u32, 8u32).dims(), [16, 8, 1]);
        assert_eq!((8u32, 8u32, 4u32).dims(), [8, 8, 4]);
    }

    /// `<<<grids, blocks>>>` with `int` (or any integer) variables, as C++ converts them.
    #[test]
    fn dims_take_any_integer_and_refuse_what_unsigned_int_cannot_hold() {
        let (grids, blocks): (i32, usize) = (40, 256);
        assert_eq!(Dims::dims(grids), [40, 1, 1]);
        assert_eq!((grids, blocks).dims(), [40, 256, 1]);
        assert_eq!([2i64, 3, 4].dims(), [2, 3, 4]);
        assert_eq!(Dims::dims(-1i32), [u32::MAX, 1, 1], "C++'s -1 is 4294967295 too");
        assert_eq!(Dims::dims(-5i64), [u32::MAX, 1, 1]);
        // C++ would launch 5 blocks of (1 << 32) + 5; here no grid dimension allows it.
        assert_eq!(Dims::dims((1i64 << 32) + 5), [u32::MAX, 1, 1]);
    }

    #[test]
    fn sizes_as_cpp_converts_them() {
        assert_eq!(Size::size(12i32), Some(12));
        assert_eq!(Size::size(-1i32), None);
        assert_eq!(Size::size(u64::MAX), Some(usize::MAX));
        assert_eq!(Size::cpp(-1i32), usize::MAX, "(size_t)-1");
        assert_eq!(Size::cpp(-4096i64), usize::MAX - 4095);
        assert_eq!(Size::cpp(7u8), 7);
    }

    #[test]
    fn a_status_is_its_code() {
        let status = Status(crate::CUDA_ERROR_INVALID_VALUE);
        assert_eq!(status, crate::CUDA_ERROR_INVALID_VALUE);
        assert_eq!(crate::CUDA_ERROR_INVALID_VALUE, status);
        assert_ne!(status, crate::CUDA_SUCCESS);
        assert_eq!(format!("{status:?}"), format!("{:?}", crate::CUDA_ERROR_INVALID_VALUE));
        let code: CUresult = status.into();
        assert_eq!(code, status.code());
    }

    /// Without a driver the launch fails, which is all this needs: the statement form compiles
    /// with `unused_must_use` denied, and the value form has the driver's code.
    #[test]
    fn a_launch_is_a_statement_or_a_value() {
        let kernel: Kernel<(u64, i32)> = unsafe { Kernel::new(core::ptr::null_mut()) };
        let n: i32 = 10;
        let shared: i64 = -1;
        unsafe {
            crate::launch!(kernel<<<n, 32>>>(0, n));
            let status = crate::launch!(kernel<<<(n, 2), 32, 0, core::ptr::null_mut()>>>(0, n));
            assert_ne!(status, crate::CUDA_SUCCESS);
            // `shmem` of -1 is no `unsigned int`: refused before the driver is asked.
            let status = crate::launch!(kernel<<<1, 32, shared>>>(0, n));
            assert_eq!(status, crate::CUDA_ERROR_INVALID_VALUE);
        }
    }

    #[test]
    fn kernels_of_either_handle_cross_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Kernel<(crate::CUdeviceptr, u32)>>();
        #[cfg(cuda_ge = "12.0")]
        send_sync::<Kernel<(crate::CUdeviceptr, u32), crate::CUkernel>>();
    }
}
