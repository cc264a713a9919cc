//! `check_driver!`: a CUDA Driver API call's `CUresult` as a `Result` whose error says where
//! the call was, what it was, and what the driver made of it; with the `runtime` feature,
//! `check_cuda!` does the same for a Runtime API call's `cudaError_t`, and [`CudaError`]
//! holds either, for code that calls both; with the `nvrtc` feature, `check_nvrtc!` for an
//! NVRTC call's `nvrtcResult`, with the compiler's log when a compile fails.
//!
//! ```no_run
//! use cuda_checked::{check_driver, DriverResult};
//! use cuda_sys::*;
//!
//! fn main() -> DriverResult<()> {
//!     unsafe {
//!         check_driver!(cuInit(0))?;
//!         let mut count = 0;
//!         check_driver!(cuDeviceGetCount(&mut count))?;
//!         println!("{count} devices");
//!     }
//!     Ok(())
//! }
//! ```
//!
//! A failure reads, in the error's own format (the shape of the C++ course's `checkDriver`
//! line, not its bytes):
//!
//! ```text
//! src/main.rs:12 cuMemAlloc(&mut ptr, 100) failed.
//!  code = CUDA_ERROR_INVALID_CONTEXT, message = invalid device context
//! ```
//!
//! Every library's error is [`CallError`] of its code ([`DriverError`], ...), and [`CudaError`]
//! holds any of them.
//!
//! Where `?` cannot go (`Drop`, callbacks, threads), `check_driver_or_exit!` and
//! `check_cuda_or_exit!` print that message and exit with 1.
//!
//! The C++'s own check macros are here too, printing the C++'s bytes: `checkDriver!` and
//! `checkRuntime!` of the TensorRT course (print to standard output, give `false`, the program
//! goes on) and `checkCudaErrors!` of NVIDIA's samples (`CUDA error at FILE:LINE
//! code=N(NAME) "VAL"`, exits 1), for either API.
//!
//! The macro does not hide `unsafe`: a raw call stays in an `unsafe` block, as in any FFI code.
//!
//! ```compile_fail,E0133
//! use cuda_checked::check_driver;
//! use cuda_sys::cuInit;
//! fn main() {
//!     let _ = check_driver!(cuInit(0)); // error: call to unsafe function
//! }
//! ```
//!
//! It takes an expression of type `CUresult` (or a `Status` of one, as `launch!` gives) and
//! nothing else:
//!
//! ```compile_fail,E0277
//! use cuda_checked::check_driver;
//! let _ = check_driver!(0u32);
//! ```

#[doc(hidden)]
pub mod course;
#[cfg(feature = "cudnn")]
mod cudnn;
mod error;
mod exit;
#[cfg(any(feature = "nvrtc", feature = "nvjitlink"))]
mod log;
#[cfg(feature = "nccl")]
mod nccl;
#[cfg(feature = "nvrtc")]
mod runtime_compiler;
#[cfg(feature = "trt")]
mod trt;

#[cfg(feature = "cublas")]
pub use cublas_sys as blas;
#[doc(hidden)]
pub use cuda_loader as __loader;
/// libcuda-sys (the Driver API: `cuInit`, `CUresult`, ...), the very crate and version the
/// macros check, for a crate that depends on cuda-checked alone: `use cuda_checked::sys::*;`
/// instead of a `libcuda-sys` dependency of its own (which, when there is one, is this crate).
pub use cuda_sys as sys;
/// cudart-sys (the Runtime API: `cudaMalloc`, `cudaError_t`, ...), as [`sys`] is libcuda-sys:
/// `use cuda_checked::rt::*;`.
#[cfg(feature = "runtime")]
pub use cudart_sys as rt;
#[doc(hidden)]
#[cfg(feature = "cudnn")]
pub use cudnn_sys as __cudnn;
#[doc(hidden)]
#[cfg(feature = "cufft")]
pub use cufft_sys as __cufft;
#[doc(hidden)]
#[cfg(feature = "curand")]
pub use curand_sys as __curand;
#[doc(hidden)]
#[cfg(feature = "cusolver")]
pub use cusolver_sys as __cusolver;
#[doc(hidden)]
#[cfg(feature = "cusparse")]
pub use cusparse_sys as __cusparse;
#[doc(hidden)]
pub use error::__is_success;
pub use error::{CallError, Code, IntoCode};
#[cfg(feature = "nccl")]
pub use nccl_sys as nccl_raw;
#[cfg(feature = "npp")]
pub use npp_sys as __npp;
#[doc(hidden)]
#[cfg(feature = "nvjitlink")]
pub use nvjitlink_sys as __nvjitlink;
#[cfg(feature = "nvml")]
pub use nvml_sys as __nvml;
#[cfg(feature = "nvrtc")]
pub use nvrtc_sys as nvrtc;
/// NVTX's ranges and marks ([nvtx_sys]), feature `nvtx`: a profiler's timeline for a crate that
/// depends on cuda-checked alone. Its calls return no status, so nothing here checks them.
#[cfg(feature = "nvtx")]
pub use nvtx_sys as nvtx;

/// Every library's error and result types, and [`CudaError`], which holds any of them: one line
/// per library (its feature, its code type, its names).
macro_rules! libraries {
    ($(
        $(#[cfg($feature:meta)])?
        $library:literal: $code:ty => $error:ident, $result:ident, $variant:ident;
    )*) => {
        $(
            #[doc = concat!("A failed ", $library, " call (see [`CallError`]).")]
            $(#[cfg($feature)])?
            pub type $error = CallError<$code>;

            #[doc = concat!("`Result<T, ", stringify!($error), ">`.")]
            $(#[cfg($feature)])?
            pub type $result<T> = Result<T, $error>;

            /// The code the failed call returned.
            $(#[cfg($feature)])?
            impl From<$error> for $code {
                fn from(error: $error) -> Self {
                    error.code()
                }
            }

            $(#[cfg($feature)])?
            impl IntoCode for $code {
                type Code = $code;
                #[inline]
                fn into_code(self) -> $code {
                    self
                }
            }

            $(#[cfg($feature)])?
            impl From<$error> for CudaError {
                fn from(error: $error) -> Self {
                    CudaError::$variant(error)
                }
            }
        )*

        /// An error of any of the libraries, for code that calls several (a TensorRT sample
        /// mixing `cudaMemcpyAsync` and `cuLaunchKernel`, one that compiles its kernel with
        /// NVRTC and launches it with the driver): `?` converts each library's error into it.
        /// It prints as the error it holds. Non-exhaustive: each library's feature adds its
        /// variant.
        #[derive(Clone, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum CudaError {
            $(
                #[doc = concat!("A ", $library, " call's.")]
                $(#[cfg($feature)])?
                $variant($error),
            )*
        }

        impl std::fmt::Display for CudaError {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $($(#[cfg($feature)])? CudaError::$variant(e) => std::fmt::Display::fmt(e, f),)*
                }
            }
        }

        /// What `fn main() -> Result<(), CudaError>` prints: the error's own Debug text.
        impl std::fmt::Debug for CudaError {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $($(#[cfg($feature)])? CudaError::$variant(e) => std::fmt::Debug::fmt(e, f),)*
                }
            }
        }

        impl std::error::Error for CudaError {}
    };
}

libraries! {
    "Driver API": cuda_sys::CUresult => DriverError, DriverResult, Driver;
    #[cfg(feature = "runtime")]
    "Runtime API": cudart_sys::cudaError_t => RuntimeError, RuntimeResult, Runtime;
    #[cfg(feature = "nvrtc")]
    "NVRTC": nvrtc_sys::nvrtcResult => NvrtcError, NvrtcResult, Nvrtc;
    #[cfg(feature = "nvjitlink")]
    "nvJitLink": nvjitlink_sys::nvJitLinkResult => NvjitlinkError, NvjitlinkResult, Nvjitlink;
    #[cfg(feature = "nccl")]
    "NCCL": nccl_sys::ncclResult_t => NcclError, NcclResult, Nccl;
    #[cfg(feature = "cublas")]
    "cuBLAS or cuBLASLt": cublas_sys::cublasStatus_t => CublasError, CublasResult, Cublas;
    #[cfg(feature = "curand")]
    "cuRAND": curand_sys::curandStatus_t => CurandError, CurandResult, Curand;
    #[cfg(feature = "cufft")]
    "cuFFT": cufft_sys::cufftResult => CufftError, CufftResult, Cufft;
    #[cfg(feature = "cusparse")]
    "cuSPARSE": cusparse_sys::cusparseStatus_t => CusparseError, CusparseResult, Cusparse;
    #[cfg(feature = "cusolver")]
    "cuSOLVER": cusolver_sys::cusolverStatus_t => CusolverError, CusolverResult, Cusolver;
    #[cfg(feature = "cudnn")]
    "cuDNN": cudnn_sys::cudnnStatus_t => CudnnError, CudnnResult, Cudnn;
    #[cfg(feature = "npp")]
    "NPP": npp_sys::NppStatus => NppError, NppResult, Npp;
    #[cfg(feature = "nvml")]
    "NVML": nvml_sys::nvmlReturn_t => NvmlError, NvmlResult, Nvml;
    #[cfg(feature = "trt")]
    "TensorRT": nvinfer_sys::nvinfer1::ErrorCode => TrtError, TrtResult, Trt;
}

#[cfg(feature = "trt")]
#[doc(hidden)]
pub use trt::{__trt_before, __trt_code, __trt_panic};

/// Evaluates `call` (a TensorRT call returning a pointer or a `bool`) once: `Ok(value)` when
/// it is not null (or is `true`) and TensorRT reported no error while it ran, otherwise a
/// [`TrtError`] saying where the call was, what it was, and the `ErrorCode` and text TensorRT
/// reported during it through the program's Rust `ILogger` or `IErrorRecorder` (or why TensorRT
/// could not be reached). The outcome is an `ErrorCode`, checked as `__check!` checks a code,
/// with the call's value kept. Feature `trt`.
///
/// ```no_run
/// use cuda_checked::{check_trt, TrtResult};
/// use nvinfer_sys::{implement, nvinfer1};
///
/// struct Logger;
/// impl implement::ILogger for Logger {
///     fn log(&self, _: nvinfer1::ILogger_Severity, msg: &std::ffi::CStr) {
///         eprintln!("{}", msg.to_string_lossy());
///     }
/// }
///
/// fn main() -> TrtResult<()> {
///     let logger = implement::ILoggerObject::new(Logger);
///     let blob = std::fs::read("model.engine").unwrap_or_default();
///     unsafe {
///         let runtime = check_trt!(nvinfer1::createInferRuntime(&logger))?;
///         let engine = check_trt!((*runtime).deserializeCudaEngine(blob.as_ptr().cast(), blob.len()))?;
///         nvinfer_sys::delete(engine);
///         nvinfer_sys::delete(runtime);
///     }
///     Ok(())
/// }
/// ```
///
/// A failure reads as the other checks' do:
///
/// ```text
/// src/main.rs:17 (*runtime).deserializeCudaEngine(blob.as_ptr().cast(), blob.len()) failed.
///  code = kUNSPECIFIED_ERROR, message = Error Code 1: Serialization (Serialization assertion header.magicTag == kEXPECTED_MAGIC_TAG failed. ...)
/// ```
#[cfg(feature = "trt")]
#[macro_export]
macro_rules! check_trt {
    ($call:expr $(,)?) => {{
        // `__check!`'s body with the call's value kept: the loader's record cleared, and
        // TensorRT's own (its logger's and recorder's errors, a callback's panic), before the call.
        $crate::__trt_before();
        let value = $call;
        // What the call returned, and what TensorRT reported during it, as an `ErrorCode`.
        let code = $crate::__trt_code(&value);
        if $crate::__is_success(code) {
            ::core::result::Result::Ok(value)
        } else {
            let error = $crate::CallError::new(
                code,
                ::core::stringify!($call),
                ::core::file!(),
                ::core::line!(),
                ::core::column!(),
            );
            ::core::result::Result::Err($crate::__trt_panic(error))
        }
    }};
}

/// `check_trt!(call)`, exiting on failure (the samples' `if (!engine) return false;` where no
/// `?` can go): prints the error as `fn main()` would and exits with 1. Feature `trt`.
#[cfg(feature = "trt")]
#[macro_export]
macro_rules! check_trt_or_exit {
    ($call:expr $(,)?) => {
        match $crate::check_trt!($call) {
            ::core::result::Result::Ok(value) => value,
            ::core::result::Result::Err(error) => error.exit(),
        }
    };
}

/// Evaluates `call` (any expression of type `CUresult`) once: `Ok(())` on `CUDA_SUCCESS`,
/// otherwise a [`DriverError`] holding the code, the call as written, and where it was.
///
/// The success path is one thread-local store (clearing the loader's record of a missing symbol),
/// one compare and one branch; everything else happens only on failure.
#[macro_export]
macro_rules! check_driver {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::sys::CUresult, $call)
    };
}

/// Evaluates `call` (any expression of type `cudaError_t`) once: `Ok(())` on `cudaSuccess`,
/// otherwise a [`RuntimeError`] holding the code, the call as written, and where it was: the
/// C++ samples' `CHECK(cudaMalloc(&buf, size))`. Feature `runtime`.
///
/// ```no_run
/// use cuda_checked::{check_cuda, RuntimeResult};
/// use cudart_sys::*;
///
/// fn main() -> RuntimeResult<()> {
///     let mut buffer: *mut std::ffi::c_void = std::ptr::null_mut();
///     unsafe {
///         check_cuda!(cudaMalloc(&mut buffer, 1 << 20))?;
///         check_cuda!(cudaFree(buffer))?;
///     }
///     Ok(())
/// }
/// ```
#[cfg(feature = "runtime")]
#[macro_export]
macro_rules! check_cuda {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::rt::cudaError_t, $call)
    };
}

/// Evaluates `call` (any expression of type `ncclResult_t`) once: `Ok(())` on `ncclSuccess`,
/// otherwise an [`NcclError`] holding the code, `ncclGetErrorString`'s text, the call as
/// written, and where it was: NVIDIA's examples' `NCCLCHECK(cmd)`. Feature `nccl`.
///
/// The error also carries what NCCL logged of the failure (`ncclGetLastError`: "Cuda failure
/// 'out of memory'", "Duplicate GPU detected"), which says far more than the code, whenever
/// NCCL gives a text ([`NcclError::with_last_error`]). NCCL keeps one last error for the
/// process and ignores the communicator `check_nccl!(call, comm)` passes it (evaluated only on
/// failure; null before `ncclCommInitRank` has made one): the two forms say the same.
///
/// ```no_run
/// use cuda_checked::{check_nccl, NcclResult};
/// use nccl_sys::*;
///
/// fn main() -> NcclResult<()> {
///     let mut comms: [ncclComm_t; 1] = [std::ptr::null_mut()];
///     unsafe {
///         check_nccl!(ncclCommInitAll(comms.as_mut_ptr(), 1, std::ptr::null()), comms[0])?;
///         check_nccl!(ncclCommDestroy(comms[0]))?;
///     }
///     Ok(())
/// }
/// ```
///
/// A communicator created non-blocking (`config.blocking = 0`) answers `ncclInProgress` while
/// it works: compare with it yourself there, as NVIDIA's non-blocking examples do.
#[cfg(feature = "nccl")]
#[macro_export]
macro_rules! check_nccl {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::nccl_raw::ncclResult_t, $call)
            .map_err($crate::NcclError::with_process_last_error)
    };
    ($call:expr, $comm:expr $(,)?) => {
        $crate::__check!($crate::nccl_raw::ncclResult_t, $call)
            // (Inside the `unsafe` the call needs: the communicator is the caller's to vouch for.)
            .map_err(|error| $crate::NcclError::with_last_error(error, $comm))
    };
}

/// Evaluates `call` (any expression of type `nvrtcResult`) once: `Ok(())` on
/// `NVRTC_SUCCESS`, otherwise an [`NvrtcError`] holding the code, the call as written, and
/// where it was. Feature `nvrtc`.
///
/// Given the program as well, `check_nvrtc!(call, prog)` attaches NVRTC's log of `prog` to
/// the error ([`NvrtcError::with_log`]): after a failed `nvrtcCompileProgram`, the compiler's
/// messages, which say which line of the kernel is wrong, shown after the error's own lines.
/// `prog` is evaluated only on failure, and must then be a live program.
///
/// ```no_run
/// use cuda_checked::{check_nvrtc, NvrtcResult};
/// use nvrtc_sys::*;
///
/// fn main() -> NvrtcResult<()> {
///     let mut prog: nvrtcProgram = std::ptr::null_mut();
///     let options = [c"--gpu-architecture=sm_90".as_ptr()];
///     unsafe {
///         check_nvrtc!(nvrtcCreateProgram(
///             &mut prog,
///             c"extern \"C\" __global__ void k(int *p) { *p = x; }".as_ptr(),
///             c"k.cu".as_ptr(),
///             0,
///             std::ptr::null(),
///             std::ptr::null()
///         ))?;
///         let compiled = check_nvrtc!(nvrtcCompileProgram(prog, 1, options.as_ptr()), prog);
///         check_nvrtc!(nvrtcDestroyProgram(&mut prog))?;
///         compiled // Err: ... code = NVRTC_ERROR_COMPILATION ... log:
///                  // k.cu(1): error: identifier "x" is undefined ...
///     }
/// }
/// ```
#[cfg(feature = "nvrtc")]
#[macro_export]
macro_rules! check_nvrtc {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::nvrtc::nvrtcResult, $call)
    };
    ($call:expr, $prog:expr $(,)?) => {
        match $crate::__check!($crate::nvrtc::nvrtcResult, $call) {
            ::core::result::Result::Ok(()) => ::core::result::Result::Ok(()),
            ::core::result::Result::Err(error) => {
                ::core::result::Result::Err($crate::NvrtcError::with_log(error, $prog))
            }
        }
    };
}

/// Evaluates `call` (any expression of type `nvJitLinkResult`) once: `Ok(())` on
/// `NVJITLINK_SUCCESS`, otherwise an [`NvjitlinkError`] holding the code, the call as written,
/// where it was, and a sentence for the code (nvJitLink has none of its own: the description's,
/// from the header's comments). Feature `nvjitlink`.
///
/// Given the linker as well, `check_nvjitlink!(call, handle)` attaches its error log to the
/// error ([`NvjitlinkError::with_log`]), as `check_nvrtc!(call, prog)` attaches NVRTC's: after a
/// failed `nvJitLinkAddData` or `nvJitLinkComplete`, which input was refused and why, shown
/// after the error's own lines. `handle` is evaluated only on failure, and must then be a live
/// linker.
///
/// ```no_run
/// use cuda_checked::{check_nvjitlink, NvjitlinkResult};
/// use nvjitlink_sys::*;
///
/// fn main() -> NvjitlinkResult<()> {
///     let mut handle: nvJitLinkHandle = std::ptr::null_mut();
///     let mut options = [c"-arch=sm_90".as_ptr()];
///     let ptx = c"not PTX";
///     unsafe {
///         check_nvjitlink!(nvJitLinkCreate(&mut handle, 1, options.as_mut_ptr()))?;
///         let size = ptx.to_bytes_with_nul().len();
///         let added = check_nvjitlink!(
///             nvJitLinkAddData(handle, NVJITLINK_INPUT_PTX, ptx.as_ptr().cast(), size, c"k.ptx".as_ptr()),
///             handle
///         );
///         check_nvjitlink!(nvJitLinkDestroy(&mut handle))?;
///         added // Err: ... code = NVJITLINK_ERROR_... log:
///               // ERROR ...: bad input ...
///     }
/// }
/// ```
#[cfg(feature = "nvjitlink")]
#[macro_export]
macro_rules! check_nvjitlink {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::__nvjitlink::nvJitLinkResult, $call)
    };
    ($call:expr, $handle:expr $(,)?) => {
        match $crate::__check!($crate::__nvjitlink::nvJitLinkResult, $call) {
            ::core::result::Result::Ok(()) => ::core::result::Result::Ok(()),
            ::core::result::Result::Err(error) => {
                ::core::result::Result::Err($crate::NvjitlinkError::with_log(error, $handle))
            }
        }
    };
}

#[cfg(feature = "nvjitlink")]
impl NvjitlinkError {
    /// The error with the linker's error log of `handle` attached, if it has one: after a
    /// failed `nvJitLinkAddData` or `nvJitLinkComplete`, which input it refused and why
    /// (`nvJitLinkGetErrorLog`), shown after the error's own lines. `check_nvjitlink!(call,
    /// handle)` calls it on failure. The error's code stays whatever happens to the log; a log
    /// that cannot be read, or only in part, is said so after the message.
    ///
    /// # Safety
    /// `handle` is a linker from `nvJitLinkCreate` that is not destroyed yet.
    #[must_use]
    pub unsafe fn with_log(self, handle: nvjitlink_sys::nvJitLinkHandle) -> Self {
        use nvjitlink_sys::{nvJitLinkGetErrorLog, nvJitLinkGetErrorLogSize, NVJITLINK_SUCCESS};
        let log = log::Log {
            owner: "nvJitLink",
            success: NVJITLINK_SUCCESS,
            size_call: "nvJitLinkGetErrorLogSize",
            // SAFETY: the caller's live linker, and a valid out-pointer.
            size: |size: &mut usize| unsafe { nvJitLinkGetErrorLogSize(handle, size) },
            text_call: "nvJitLinkGetErrorLog",
            // SAFETY: the caller's live linker, and a buffer of the size it gave.
            text: |text: *mut std::ffi::c_char| unsafe { nvJitLinkGetErrorLog(handle, text) },
        };
        self.with_read_log(log.read())
    }
}

/// Evaluates `call` (any expression of type `cublasStatus_t`, from a cuBLAS function) once:
/// `Ok(())` on `CUBLAS_STATUS_SUCCESS`, otherwise a [`CublasError`] holding the code, the call
/// as written, where it was, and cuBLAS's name and text for the code (`cublasGetStatusName`,
/// `cublasGetStatusString`). Feature `cublas`.
///
/// ```no_run
/// use cuda_checked::{check_cublas, CublasResult};
/// use cublas_sys::*;
///
/// fn main() -> CublasResult<()> {
///     let mut handle: cublasHandle_t = std::ptr::null_mut();
///     unsafe {
///         check_cublas!(cublasCreate(&mut handle))?;
///         check_cublas!(cublasDestroy(handle))?;
///     }
///     Ok(())
/// }
/// ```
#[cfg(feature = "cublas")]
#[macro_export]
macro_rules! check_cublas {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::blas::cublasStatus_t, $call)
    };
}

/// [`check_cublas!`] for a cuBLASLt function (`cublasLtMatmul`, ...): the same
/// [`CublasError`], with cuBLASLt's words for the code (`cublasLtGetStatusName`,
/// `cublasLtGetStatusString`) and, when the call could not reach libcublasLt, why. Feature
/// `cublas`.
///
/// ```no_run
/// use cuda_checked::{check_cublaslt, CublasResult};
/// use cublas_sys::*;
///
/// fn main() -> CublasResult<()> {
///     let mut handle: cublasLtHandle_t = std::ptr::null_mut();
///     unsafe {
///         check_cublaslt!(cublasLtCreate(&mut handle))?;
///         check_cublaslt!(cublasLtDestroy(handle))?;
///     }
///     Ok(())
/// }
/// ```
#[cfg(feature = "cublas")]
#[macro_export]
macro_rules! check_cublaslt {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::blas::cublasStatus_t, $call)
    };
}

/// Evaluates `call` (any expression of type `curandStatus_t`) once: `Ok(())` on
/// `CURAND_STATUS_SUCCESS`, otherwise a [`CurandError`] holding the code, the call as written,
/// where it was, and a sentence for the status (cuRAND has none of its own: the description's,
/// from the header's documentation). Feature `curand`.
///
/// ```no_run
/// use cuda_checked::{check_curand, CurandResult};
/// use curand_sys::*;
///
/// fn main() -> CurandResult<()> {
///     let mut generator: curandGenerator_t = std::ptr::null_mut();
///     unsafe {
///         check_curand!(curandCreateGenerator(&mut generator, CURAND_RNG_PSEUDO_DEFAULT))?;
///         check_curand!(curandDestroyGenerator(generator))?;
///     }
///     Ok(())
/// }
/// ```
#[cfg(feature = "curand")]
#[macro_export]
macro_rules! check_curand {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::__curand::curandStatus_t, $call)
    };
}

/// Evaluates `call` (any expression of type `cufftResult`) once: `Ok(())` on `CUFFT_SUCCESS`,
/// otherwise a [`CufftError`] holding the code, the call as written, where it was, and a
/// sentence for the status (cuFFT has none of its own: the description's, from the header's
/// and NVIDIA's documentation). Feature `cufft`.
///
/// ```no_run
/// use cuda_checked::{check_cufft, CufftResult};
/// use cufft_sys::*;
///
/// fn main() -> CufftResult<()> {
///     let mut plan: cufftHandle = 0;
///     unsafe {
///         check_cufft!(cufftPlan1d(&mut plan, 1024, CUFFT_C2C, 1))?;
///         check_cufft!(cufftDestroy(plan))?;
///     }
///     Ok(())
/// }
/// ```
#[cfg(feature = "cufft")]
#[macro_export]
macro_rules! check_cufft {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::__cufft::cufftResult, $call)
    };
}

/// Evaluates `call` (any expression of type `cusparseStatus_t`) once: `Ok(())` on
/// `CUSPARSE_STATUS_SUCCESS`, otherwise a [`CusparseError`] holding the code, the call as
/// written, where it was, and the status's name and sentence in cuSPARSE's own words
/// (`cusparseGetErrorName`, `cusparseGetErrorString`). Feature `cusparse`.
///
/// ```no_run
/// use cuda_checked::{check_cusparse, CusparseResult};
/// use cusparse_sys::*;
///
/// fn main() -> CusparseResult<()> {
///     let mut handle: cusparseHandle_t = std::ptr::null_mut();
///     unsafe {
///         check_cusparse!(cusparseCreate(&mut handle))?;
///         check_cusparse!(cusparseDestroy(handle))?;
///     }
///     Ok(())
/// }
/// ```
#[cfg(feature = "cusparse")]
#[macro_export]
macro_rules! check_cusparse {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::__cusparse::cusparseStatus_t, $call)
    };
}

/// Evaluates `call` (any expression of type `cusolverStatus_t`) once: `Ok(())` on
/// `CUSOLVER_STATUS_SUCCESS`, otherwise a [`CusolverError`] holding the code, the call as
/// written, where it was, and the status's name and a sentence of ours (cuSOLVER words none of
/// its statuses). Feature `cusolver`. A routine's `devInfo` is not its status: check it too.
///
/// ```no_run
/// use cuda_checked::{check_cusolver, CusolverResult};
/// use cusolver_sys::*;
///
/// fn main() -> CusolverResult<()> {
///     let mut handle: cusolverDnHandle_t = std::ptr::null_mut();
///     unsafe {
///         check_cusolver!(cusolverDnCreate(&mut handle))?;
///         check_cusolver!(cusolverDnDestroy(handle))?;
///     }
///     Ok(())
/// }
/// ```
#[cfg(feature = "cusolver")]
#[macro_export]
macro_rules! check_cusolver {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::__cusolver::cusolverStatus_t, $call)
    };
}

/// Evaluates `call` (any expression of type `cudnnStatus_t`) once: `Ok(())` on
/// `CUDNN_STATUS_SUCCESS`, otherwise a [`CudnnError`] holding the code, `cudnnGetErrorString`'s
/// text (the status's name), the call as written, where it was, and what cuDNN said of the
/// failure (`cudnnGetLastErrorString`, [`CudnnError::with_last_error`]). Feature `cudnn`.
///
/// ```no_run
/// use cuda_checked::{check_cudnn, CudnnResult};
/// use cudnn_sys::*;
///
/// fn main() -> CudnnResult<()> {
///     let mut handle: cudnnHandle_t = std::ptr::null_mut();
///     unsafe {
///         check_cudnn!(cudnnCreate(&mut handle))?;
///         check_cudnn!(cudnnDestroy(handle))?;
///     }
///     Ok(())
/// }
/// ```
#[cfg(feature = "cudnn")]
#[macro_export]
macro_rules! check_cudnn {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::__cudnn::cudnnStatus_t, $call).map_err($crate::CudnnError::with_last_error)
    };
}

/// Evaluates `call` (any expression of type `nvmlReturn_t`) once: `Ok(())` on `NVML_SUCCESS`,
/// otherwise an [`NvmlError`] holding the code, the call as written, where it was, and the
/// code's name and `nvmlErrorString`'s text. Feature `nvml`.
///
/// ```no_run
/// use cuda_checked::{check_nvml, NvmlResult};
/// use nvml_sys::*;
///
/// fn main() -> NvmlResult<()> {
///     let mut count = 0;
///     unsafe {
///         check_nvml!(nvmlInit())?;
///         check_nvml!(nvmlDeviceGetCount(&mut count))?;
///         check_nvml!(nvmlShutdown())?;
///     }
///     Ok(())
/// }
/// ```
#[cfg(feature = "nvml")]
#[macro_export]
macro_rules! check_nvml {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::__nvml::nvmlReturn_t, $call)
    };
}

/// Evaluates `call` (any expression of type `NppStatus`) once: `Ok(status)` on `NPP_NO_ERROR`
/// and on a warning (NPP's positive codes: the call did its work, or did nothing and says why,
/// as `NPP_NO_OPERATION_WARNING`), otherwise (a negative code) an [`NppError`] holding the code,
/// the call as written, where it was, and a sentence for the status (NPP has none of its own:
/// the description's, from the header's documentation). The warning given back is the caller's
/// to look at or drop: `check_npp!(call)?;` goes on past it, as NVIDIA's samples do. Feature
/// `npp`.
///
/// ```no_run
/// use cuda_checked::{check_npp, NppResult};
/// use npp_sys::*;
///
/// fn main() -> NppResult<()> {
///     let size = NppiSize { width: 8, height: 8 };
///     // Filled from cudaGetDeviceProperties, as NVIDIA's samples fill it (zero: device 0's
///     // default stream, no properties).
///     let context: NppStreamContext = unsafe { std::mem::zeroed() };
///     let mut step = 0;
///     // SAFETY: NPP's own allocation, of `size`; freed below.
///     let image = unsafe { nppiMalloc_8u_C1(size.width, size.height, &mut step) };
///     let status = unsafe { check_npp!(nppiSet_8u_C1R_Ctx(7, image, step, size, context))? };
///     if status != NPP_NO_ERROR {
///         println!("NPP warned: {status:?}");
///     }
///     unsafe { nppiFree(image.cast()) };
///     Ok(())
/// }
/// ```
#[cfg(feature = "npp")]
#[macro_export]
macro_rules! check_npp {
    ($call:expr $(,)?) => {
        $crate::__check!($crate::__npp::NppStatus, $call, |status| status)
    };
}

/// The one body of every check, exiting or not; where a reader of a failing check starts. The
/// whole walk from a failing `check_cuda!(cuMemAlloc(...))?` to the text `fn main()` prints, five
/// hops over four files (keep it so: a step added here is one more place to open):
///
/// 1. `check_cuda!` (this file): `__check!(cudaError_t, call)`;
/// 2. `__check!` (here): clears the thread's record of a failing call (so a reason the loader
///    gives is this call's own, never one left by an earlier call the application handled), makes
///    the call, compares its code with success and, on failure only, builds the error: its code,
///    [`Code::describe`]'s name and text, the call as written, its file, line and column;
/// 3. `describe` for the code, as cuda-loader's `glue!` writes it (cuda-loader/src/sys_crate.rs):
///    the loader of the library whose call failed last on this thread;
/// 4. `Loader::describe` (cuda-loader/src/loader.rs): the library's own name and text for the
///    code, with the loader's reason after it when the call never reached the library (`explain`);
///    the header's text when the library cannot say;
/// 5. `Debug for CallError` (src/error.rs): `FILE:LINE:COLUMN CALL failed.` and `code = NAME,
///    message = TEXT`.
///
/// `$code` is the code's type, which a call of another library's type does not compile with; `_`
/// takes the call's own (`checkCudaErrors!` takes any library's code).
#[doc(hidden)]
#[macro_export]
macro_rules! __check {
    ($code:ty, $call:expr) => {
        $crate::__check!($code, $call, |_| ())
    };
    // `$ok` makes the value of a success from its code: `check_npp!` gives NPP's warnings back.
    ($code:ty, $call:expr, $ok:expr) => {{
        $crate::__loader::clear_last_failure();
        // The code, or the code a `launch!` `Status` holds.
        let code: $code = $crate::IntoCode::into_code($call);
        if $crate::__is_success(code) {
            ::core::result::Result::Ok(($ok)(code))
        } else {
            ::core::result::Result::Err($crate::CallError::__failed(
                code,
                $crate::Code::describe(code),
                ::core::stringify!($call),
                ::core::file!(),
                ::core::line!(),
                ::core::column!(),
            ))
        }
    }};
}
