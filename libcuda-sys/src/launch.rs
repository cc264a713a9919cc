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
//! for each handle.

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

/// A kernel's parameters: a tuple of plain values (`Copy`: the launch copies their bytes).
pub trait KernelArgs {
    /// `[*mut c_void; N]`, one pointer per parameter.
    type Pointers: AsMut<[*mut c_void]>;
    /// The address of each member, in order: the array `cuLaunchKernel` takes.
    fn pointers(&mut self) -> Self::Pointers;
}

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
kernel_args!(1, A 0);
kernel_args!(2, A 0, B 1);
kernel_args!(3, A 0, B 1, C 2);
kernel_args!(4, A 0, B 1, C 2, D 3);
kernel_args!(5, A 0, B 1, C 2, D 3, E 4);
kernel_args!(6, A 0, B 1, C 2, D 3, E 4, F 5);
kernel_args!(7, A 0, B 1, C 2, D 3, E 4, F 5, G 6);
kernel_args!(8, A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
kernel_args!(9, A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
kernel_args!(10, A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
kernel_args!(11, A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
kernel_args!(12, A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
kernel_args!(13, A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12);
kernel_args!(14, A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13);
kernel_args!(15, A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14);
kernel_args!(16, A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14, P 15);

/// A grid or block size as `<<<>>>` takes it: `256`, `(16, 16)`, `(8, 8, 4)`, `[x, y, z]`, or
/// cudart-sys's `dim3`; the missing ones are 1.
pub trait Dims {
    fn dims(self) -> [u32; 3];
}

impl Dims for u32 {
    fn dims(self) -> [u32; 3] {
        [self, 1, 1]
    }
}
impl Dims for (u32, u32) {
    fn dims(self) -> [u32; 3] {
        [self.0, self.1, 1]
    }
}
impl Dims for (u32, u32, u32) {
    fn dims(self) -> [u32; 3] {
        [self.0, self.1, self.2]
    }
}
impl Dims for [u32; 3] {
    fn dims(self) -> [u32; 3] {
        self
    }
}

/// The launch call of one API, for its kernel handle. `Api` tells the APIs apart (`Driver`
/// here, cudart-sys's `Runtime`).
pub trait Launch<Api> {
    /// `CUresult` or `cudaError_t`.
    type Result;
    /// # Safety
    /// As the API's launch call: `params` points to one pointer per kernel parameter, each to
    /// a value of that parameter's type; `stream` is null or a live stream.
    unsafe fn launch(
        self,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: usize,
        stream: CUstream,
        params: *mut *mut c_void,
    ) -> Self::Result;
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

/// `kernel<<<grid, block, shmem, stream>>>(args...)`: launches a [`Kernel`] and gives the
/// launch call's result (`CUresult` or `cudaError_t`), to check as any call's.
///
/// `grid` and `block` are anything [`Dims`] takes; `shmem` (bytes, default 0) and `stream`
/// (default the null stream) may be left out as in C++. The arguments are expressions: each is
/// converted to the kernel's declared parameter type and kept in a local for the launch.
///
/// ```no_run
/// use cuda_sys::launch::Kernel;
/// use cuda_sys::*;
/// # unsafe fn f(function: CUfunction, a: CUdeviceptr, b: CUdeviceptr, c: CUdeviceptr, stream: CUstream) {
/// // __global__ void vector_add(const float *a, const float *b, float *c, unsigned int n)
/// let vector_add: Kernel<(CUdeviceptr, CUdeviceptr, CUdeviceptr, u32)> = unsafe { Kernel::new(function) };
/// let n = 1 << 20;
/// unsafe {
///     let result = cuda_sys::launch!(vector_add<<<n / 256, 256, 0, stream>>>(a, b, c, n));
///     assert_eq!(result, CUDA_SUCCESS);
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
        $crate::__launch!(@launch [$($kernel)*] ($($config)*) ($($arg),*))
    };
    (@config [$($kernel:tt)*] [$($config:tt)*] $next:tt $($rest:tt)*) => {
        $crate::__launch!(@config [$($kernel)*] [$($config)* $next] $($rest)*)
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
        $crate::launch::Launch::launch(
            kernel.function,
            $crate::launch::Dims::dims($grid),
            $crate::launch::Dims::dims($block),
            $shmem,
            $stream,
            ::core::convert::AsMut::<[*mut ::core::ffi::c_void]>::as_mut(&mut pointers).as_mut_ptr(),
        )
    }};
}

#[cfg(test)]
mod tests {
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
    fn dims_fill_the_missing_ones_with_1() {
        assert_eq!(256u32.dims(), [256, 1, 1]);
        assert_eq!(Dims::dims(256), [256, 1, 1]);
        assert_eq!((16u32, 8u32).dims(), [16, 8, 1]);
        assert_eq!((8u32, 8u32, 4u32).dims(), [8, 8, 4]);
    }

    #[test]
    fn kernels_of_either_handle_cross_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Kernel<(crate::CUdeviceptr, u32)>>();
        #[cfg(cuda_ge = "12.0")]
        send_sync::<Kernel<(crate::CUdeviceptr, u32), crate::CUkernel>>();
    }
}
