//! From a `.cu` file to kernels you launch (hand-written). A C++ program compiles its
//! `__global__` functions with nvcc and launches them by name; here [`kernels!`] takes the same
//! `.cu` file, unchanged, and declares each kernel's parameters once, and `launch!` (libcuda-sys's,
//! re-exported by `cudart_sys::cpp`) launches it as `<<<>>>` does:
//!
//! ```no_run
//! use std::ffi::c_int;
//! use cudart_sys::cpp::*;
//!
//! // __global__ void sum_kernel(float* array, int n, float* output), in C++, with C++'s name
//! cu_kernels::kernels!("examples/reduce-sum.cu", arch = ["sm_80", "sm_90"],
//!     fn sum_kernel(array: *mut f32, n: c_int, output: *mut f32));
//!
//! # let (grid_size, block_size, n): (c_int, c_int, c_int) = (1, 128, 100);
//! # let (array, output): (*mut f32, *mut f32) = (nullptr.into(), nullptr.into());
//! unsafe { launch!(sum_kernel<<<grid_size, block_size, block_size * sizeof::<f32>(), nullptr>>>(array, n, output)) };
//! ```
//!
//! - **C++ names.** Each kernel is found by its C++ name through an NVRTC
//!   [name expression](https://docs.nvidia.com/cuda/nvrtc/#accessing-lowered-names), so the
//!   `.cu` needs no `extern "C"`; `#[name = "scale<float>"] fn scale_f32(...)` names a template's
//!   instance.
//! - **Declarations checked.** Each declaration is checked against the C++ kernel: its count of
//!   parameters, and each type Rust names as a scalar (`f32`, `i64`, `usize`, `std::ffi`'s
//!   `c_*`) or a pointer to one against the C++ type (of the same class, size and signedness;
//!   `*const T` only for a pointer to const; `*mut c_void` takes any pointer), so that `launch!`
//!   never passes 4 bytes where the kernel reads 8. C++'s side is NVRTC's lowered name where it
//!   compiles at build time (every typedef, macro and template argument resolved), else the
//!   `.cu`'s text where it spells the parameters with C++'s scalar types (`unsigned int`,
//!   `size_t`); a disagreement is a compile error naming the declaration and the kernel. What
//!   only NVRTC can read (a typedef of the file's) without it at build time is checked when
//!   compiled at first use: its load fails with [`LoadError::Declaration`]. A type of another
//!   name (a struct, an alias) is taken as declared.
//! - **Compiled at build time** where the build machine has NVRTC (nvrtc-sys finds it: the
//!   toolkit of `CUDA_PATH`, NVIDIA's wheel, the system): a CUBIN for each `sm_XY` of `arch`, and
//!   PTX of the oldest, which the driver compiles for newer GPUs; with no `arch`, PTX of NVRTC's
//!   default architecture. A compile error is a compile error of the program, with NVRTC's log,
//!   which names the `.cu`'s file and lines. Where there is no NVRTC (or `CU_KERNELS_COMPILE`
//!   is `first-use` at build time), the prepared source is embedded and compiled on first use
//!   for the GPU at hand: call [`CuKernel::load`] first so that a timed loop does not pay it.
//! - **The `.cu` as it is.** Its `#include <stdio.h>`, `<cuda_runtime.h>`, `<math.h>` need
//!   nothing (device code has printf and the math functions built in); its host code (a
//!   function with `<<<>>>`, a `main`) is cut out of the device compile, line for line, and
//!   each cut is noted in the kernels' documentation and [`Module::notes`]. It is read as C++17
//!   reads it (digit separators, raw strings over lines, any literal prefix or suffix), and as
//!   bytes, as NVRTC reads them (a Latin-1 comment is no error). A file that cannot be read as
//!   C++ (a string never closed, a NUL byte) is a compile error naming its line.
//! - **The Runtime API.** The kernels are loaded with `cudaLibraryLoadData` and
//!   `cudaLibraryGetKernel` (CUDA 12.8 headers and later) and launched with `cudaLaunchKernel`,
//!   so a launch's error is the runtime's last error (`cudaGetLastError`), as with nvcc's; a
//!   failed load is the launch's error too. The image loaded is the best for the device current
//!   at first use: its CUBIN, else PTX.
//!
//! The `.cu` path is relative to the crate's folder (`CARGO_MANIFEST_DIR`); a change to the file,
//! or to a file it includes (found as NVRTC finds it: beside the file including it, then in the
//! `-I` folders of `options`), rebuilds the crate, as nvcc's dependency files do for make.

use std::ffi::c_void;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

pub use cu_kernels_compile::Arch;
/// `kernels!("file.cu", [arch = ["sm_80", ...],] [options = ["-lineinfo", ...],] fn name(p: T, ...); ...)`:
/// a static [`CuKernel`] per kernel of the `.cu` file; see the [crate]'s documentation.
pub use cu_kernels_macros::kernels;
use cuda_sys::launch::{KernelArgs, Status};
use cuda_sys::CUstream;
use cudart_sys::*;

// The library and kernel handles: the Runtime API's from CUDA 12.8's headers; before them there
// are none to load (see `LoadError::Unsupported`), and these stand in.
#[cfg(cuda_ge = "12.8")]
use cudart_sys::{cudaKernel_t as KernelHandle, cudaLibrary_t as LibraryHandle};
#[cfg(not(cuda_ge = "12.8"))]
type KernelHandle = *mut c_void;
#[cfg(not(cuda_ge = "12.8"))]
type LibraryHandle = *mut c_void;

/// One compiled image of a `.cu`: a CUBIN for an architecture, or PTX (with its NUL).
#[derive(Debug, Clone, Copy)]
pub struct Image {
    /// `number` 0 is PTX of NVRTC's default architecture.
    pub arch: Arch,
    pub data: &'static [u8],
}

/// The prepared source of a `.cu` compiled at first use.
#[derive(Debug, Clone, Copy)]
pub struct Source {
    /// Bytes, as NVRTC reads them (a `.cu` need not be UTF-8).
    pub text: &'static [u8],
    pub options: &'static [&'static str],
    /// Why it was not compiled at build time.
    pub why: &'static str,
}

/// A kernel's declaration: its Rust name, and each parameter's name and type as written. For
/// `kernels!`.
#[doc(hidden)]
pub type Declared = (&'static str, &'static [(&'static str, &'static str)]);

/// One `kernels!`: the `.cu` file's images (or source), its kernels' names, and the library
/// once loaded.
pub struct Module {
    file: &'static str,
    images: &'static [Image],
    names: &'static [&'static str],
    #[cfg_attr(not(cuda_ge = "12.8"), allow(dead_code))] // (nothing loads before 12.8)
    lowered: &'static [&'static str],
    source: Option<Source>,
    notes: &'static [&'static str],
    /// Each kernel's Rust name and declared parameters (name, type as written).
    #[cfg_attr(not(cuda_ge = "12.8"), allow(dead_code))]
    declared: &'static [Declared],
    loaded: OnceLock<Result<Loaded, LoadError>>,
    reported: AtomicBool,
}

/// A loaded library and its kernels, in the order of the names.
struct Loaded {
    #[allow(dead_code)] // kept loaded for the program's life, as nvcc's modules are
    library: LibraryHandle,
    kernels: Vec<KernelHandle>,
}

// SAFETY: library and kernel handles are usable from any thread (the runtime takes the device
// from the calling thread, not from the handle), as libcuda-sys's `ThreadSafeHandle` says.
unsafe impl Send for Loaded {}
unsafe impl Sync for Loaded {}

impl Module {
    /// For `kernels!`.
    #[doc(hidden)]
    pub const fn __new(
        file: &'static str,
        images: &'static [Image],
        names: &'static [&'static str],
        lowered: &'static [&'static str],
        source: Option<Source>,
        notes: &'static [&'static str],
        declared: &'static [Declared],
    ) -> Self {
        Module {
            file,
            images,
            names,
            lowered,
            source,
            notes,
            declared,
            loaded: OnceLock::new(),
            reported: AtomicBool::new(false),
        }
    }

    /// The `.cu` file, as `kernels!` names it.
    pub fn file(&self) -> &'static str {
        self.file
    }

    /// What was cut out of the device compile (host functions, host-only headers), one sentence
    /// each, naming the lines.
    pub fn notes(&self) -> &'static [&'static str] {
        self.notes
    }

    /// The images compiled at build time (none when compiled at first use).
    pub fn images(&self) -> &'static [Image] {
        self.images
    }

    /// Why the kernels are compiled at first use, not at build time (`None`: they were not).
    pub fn compiled_at_first_use(&self) -> Option<&'static str> {
        self.source.map(|s| s.why)
    }

    /// Loads the library (compiling it first where it was not at build time), once.
    ///
    /// # Errors
    /// Why it could not be loaded: a runtime call's error, or NVRTC's.
    pub fn load(&self) -> Result<(), LoadError> {
        self.loaded().map(|_| ()).map_err(Clone::clone)
    }

    fn loaded(&self) -> Result<&Loaded, &LoadError> {
        self.loaded.get_or_init(|| self.load_now()).as_ref()
    }

    /// The handle of kernel `index`, loading first; on failure its code.
    fn kernel(&self, index: usize) -> Result<KernelHandle, cudaError_t> {
        match self.loaded() {
            Ok(loaded) => Ok(loaded.kernels[index]),
            Err(error) => {
                // A runtime call's error is the runtime's last error already, as nvcc's launch
                // would leave it; NVRTC's is nobody's: say it, once.
                if !matches!(error, LoadError::Cuda { .. }) && !self.reported.swap(true, Ordering::Relaxed) {
                    eprintln!("cu-kernels: {error}");
                }
                Err(error.code())
            }
        }
    }

    #[cfg(not(cuda_ge = "12.8"))]
    fn load_now(&self) -> Result<Loaded, LoadError> {
        Err(LoadError::Unsupported { file: self.file, version: CUDART_VERSION })
    }

    #[cfg(cuda_ge = "12.8")]
    fn load_now(&self) -> Result<Loaded, LoadError> {
        let cuda = |call: &'static str, code: cudaError_t| {
            if code == cudaSuccess {
                Ok(())
            } else {
                Err(LoadError::Cuda { file: self.file, call, code })
            }
        };
        let mut device = 0;
        cuda("cudaGetDevice", unsafe { cudaGetDevice(&mut device) })?;
        let (mut major, mut minor) = (0, 0);
        cuda("cudaDeviceGetAttribute", unsafe {
            cudaDeviceGetAttribute(&mut major, cudaDevAttrComputeCapabilityMajor, device)
        })?;
        cuda("cudaDeviceGetAttribute", unsafe {
            cudaDeviceGetAttribute(&mut minor, cudaDevAttrComputeCapabilityMinor, device)
        })?;
        let (major, minor) = (major.max(0) as u32, minor.max(0) as u32);

        let (image, lowered): (Vec<u8>, Vec<String>) =
            match (self.source, best_image(self.images, major, minor)) {
                (None, Some(image)) => {
                    (image.data.to_vec(), self.lowered.iter().map(|s| s.to_string()).collect())
                }
                (Some(source), _) => {
                    let options: Vec<String> = source.options.iter().map(|s| s.to_string()).collect();
                    let program = cu_kernels_compile::Program {
                        name: self.file,
                        text: source.text,
                        names: self.names,
                        options: &options,
                    };
                    let (_, compiled) = cu_kernels_compile::for_device(&program, major, minor)
                        .map_err(|error| LoadError::Compile { file: self.file, error })?;
                    // What `kernels!` could not check without NVRTC (issue 41, item 11).
                    for ((function, params), lowered) in self.declared.iter().zip(&compiled.lowered) {
                        let Some(signature) = cu_kernels_compile::Signature::from_lowered(lowered) else {
                            continue;
                        };
                        let origin = format!("{}, NVRTC's lowered name {lowered}", self.file);
                        cu_kernels_compile::signature::check(function, params, &signature, &origin)
                            .map_err(|(_, message)| LoadError::Declaration { file: self.file, message })?;
                    }
                    (compiled.image, compiled.lowered)
                }
                (None, None) => {
                    return Err(LoadError::Cuda {
                        file: self.file,
                        call: "kernels!",
                        code: cudaErrorNoKernelImageForDevice,
                    })
                }
            };
        let mut library: cudaLibrary_t = std::ptr::null_mut();
        use std::ptr::null_mut;
        cuda("cudaLibraryLoadData", unsafe {
            cudaLibraryLoadData(
                &mut library,
                image.as_ptr().cast(),
                null_mut(),
                null_mut(),
                0,
                null_mut(),
                null_mut(),
                0,
            )
        })?;
        let mut kernels = Vec::with_capacity(lowered.len());
        for name in &lowered {
            let name = std::ffi::CString::new(name.as_str()).expect("NVRTC's lowered names have no NUL");
            let mut kernel: cudaKernel_t = std::ptr::null_mut();
            cuda("cudaLibraryGetKernel", unsafe {
                cudaLibraryGetKernel(&mut kernel, library, name.as_ptr())
            })?;
            kernels.push(kernel);
        }
        Ok(Loaded { library, kernels })
    }
}

/// The image for a device of compute capability `major.minor`: a CUBIN of its major at or
/// below its minor (an `a` one only for exactly it), else the newest PTX at or below it, else
/// the first image, for the runtime to refuse as it refuses nvcc's (no kernel image).
#[cfg_attr(not(cuda_ge = "12.8"), allow(dead_code))]
fn best_image(images: &[Image], major: u32, minor: u32) -> Option<&Image> {
    let device = major * 10 + minor;
    let cubin = images
        .iter()
        .filter(|i| i.arch.cubin && i.arch.number / 10 == major && i.arch.number <= device)
        .filter(|i| i.arch.suffix.is_none() || i.arch.number == device)
        .max_by_key(|i| i.arch.number);
    let ptx =
        || images.iter().filter(|i| !i.arch.cubin && i.arch.number <= device).max_by_key(|i| i.arch.number);
    cubin.or_else(ptx).or(images.first())
}

/// Why a `.cu`'s kernels could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// A runtime call failed (no device, no driver, no kernel image for this GPU, ...): the
    /// launch returns its code, which is also the runtime's last error.
    Cuda { file: &'static str, call: &'static str, code: cudaError_t },
    /// Compiling at first use failed: NVRTC is not here, or the source does not compile.
    Compile { file: &'static str, error: cu_kernels_compile::Error },
    /// Compiled at first use, a kernel's C++ parameters (NVRTC's lowered name) disagree with its
    /// declaration in `kernels!`: the sentence names both. (Where NVRTC compiled at build time,
    /// or the `.cu` spells the types, that was a compile error.)
    Declaration { file: &'static str, message: String },
    /// The bindings are of a `cuda_runtime_api.h` older than 12.8, which has no
    /// `cudaLibraryLoadData`.
    Unsupported { file: &'static str, version: u32 },
}

impl LoadError {
    /// The code a launch returns for it: the runtime's, or the one that says the same
    /// (`cudaErrorJitCompilerNotFound` without NVRTC, `cudaErrorInvalidSource` for a compile
    /// error or a declaration that disagrees, `cudaErrorNotSupported` for old headers).
    pub fn code(&self) -> cudaError_t {
        match self {
            LoadError::Cuda { code, .. } => *code,
            LoadError::Compile { error: cu_kernels_compile::Error::Unavailable(_), .. } => {
                cudaErrorJitCompilerNotFound
            }
            LoadError::Compile { .. } | LoadError::Declaration { .. } => cudaErrorInvalidSource,
            LoadError::Unsupported { .. } => cudaErrorNotSupported,
        }
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Cuda { file, call, code } => {
                let (name, text) = cudart_sys::loader::describe(*code);
                write!(f, "the kernels of {file} could not be loaded: {call} failed with {name} ({text})")
            }
            LoadError::Compile { file, error } => write!(f, "the kernels of {file} were compiled at first use, and {error}"),
            LoadError::Declaration { file, message } => {
                write!(f, "the kernels of {file} were compiled at first use, and {message}")
            }
            LoadError::Unsupported { file, version } => write!(
                f,
                "the kernels of {file} are loaded with cudaLibraryLoadData, which cuda_runtime_api.h has from CUDA \
                 12.8; these bindings are of CUDA {}.{}'s: build with a newer toolkit (CUDA_PATH)",
                version / 1000,
                version % 1000 / 10
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// A kernel of a `.cu`, as `kernels!` declares it: `__global__ void sum_kernel(float*, int,
/// float*)` is a `CuKernel<(*mut f32, c_int, *mut f32)>`. `launch!` takes it as it takes the
/// C++ function; it is loaded on its first launch (or [`load`](Self::load)).
pub struct CuKernel<Args> {
    module: &'static Module,
    index: usize,
    params: PhantomData<fn(Args)>,
}

// SAFETY: a `CuKernel` is a reference to its module (whose loaded handles any thread may use)
// and an index; `Args` is only a type here.
unsafe impl<Args> Sync for CuKernel<Args> {}
unsafe impl<Args> Send for CuKernel<Args> {}

impl<Args: KernelArgs> CuKernel<Args> {
    /// For `kernels!`.
    ///
    /// # Safety
    /// `Args` are the parameter types of the kernel `index` of `module`, as
    /// `cuda_sys::launch::Kernel::new` requires.
    #[doc(hidden)]
    pub const unsafe fn __new(module: &'static Module, index: usize) -> Self {
        CuKernel { module, index, params: PhantomData }
    }

    /// The arguments, each converted to its declared type by the compiler. Used by `launch!`.
    #[doc(hidden)]
    pub fn __args(&self, args: Args) -> Args {
        args
    }

    /// The launch, for `launch!`: loads on first use; a failed load is the launch's error.
    ///
    /// # Safety
    /// As `cudaLaunchKernel`: `params` points to one pointer per parameter, each to a value of
    /// that parameter's type; `stream` is null or a live stream.
    #[doc(hidden)]
    pub unsafe fn __launch(
        &self,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: usize,
        stream: impl Into<CUstream>,
        params: *mut *mut c_void,
    ) -> Status<cudaError_t> {
        match self.module.kernel(self.index) {
            Ok(kernel) => launch(kernel, grid, block, shared_mem, stream.into(), params),
            Err(code) => Status(code),
        }
    }

    /// Loads the kernel's `.cu` now (compiling it first where that was not done at build time),
    /// so that the first launch does not; what a failed first launch would return, in words.
    ///
    /// # Errors
    /// Why it could not be loaded.
    pub fn load(&self) -> Result<(), LoadError> {
        self.module.load()
    }

    /// The loaded kernel as libcuda-sys's typed handle, for the Runtime API's calls on kernels
    /// (`cudaFuncGetAttributes`, the occupancy calculator), loading first. (CUDA 12.8 headers
    /// and later, which have `cudaKernel_t`.)
    ///
    /// # Errors
    /// Why it could not be loaded.
    #[cfg(cuda_ge = "12.8")]
    pub fn kernel(&self) -> Result<cuda_sys::launch::Kernel<Args, cudaKernel_t>, LoadError> {
        let loaded = self.module.loaded().map_err(Clone::clone)?;
        // SAFETY: `Args` are this kernel's parameters (`__new`'s contract).
        Ok(unsafe { cuda_sys::launch::Kernel::new(loaded.kernels[self.index]) })
    }

    /// Its C++ name (the name expression).
    pub fn name(&self) -> &'static str {
        self.module.names[self.index]
    }

    /// Its `.cu`.
    pub fn module(&self) -> &'static Module {
        self.module
    }
}

/// The kernel as C++'s templates take it (`cudaFuncGetAttributes(&attr, &sum_kernel)`,
/// `cudaOccupancyMaxPotentialBlockSize!(&mut grid, &mut block, &sum_kernel)`): its handle,
/// loading first; null (which those calls refuse) when it cannot be loaded.
impl<Args: KernelArgs> cudart_sys::cpp::Entry for &CuKernel<Args> {
    fn entry(self) -> *const c_void {
        self.module.kernel(self.index).map_or(std::ptr::null(), |k| k.cast_const().cast())
    }
}

impl<Args> std::fmt::Debug for CuKernel<Args> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CuKernel({} of {})", self.module.names[self.index], self.module.file)
    }
}

#[cfg(cuda_ge = "12.8")]
fn launch(
    kernel: KernelHandle,
    grid: [u32; 3],
    block: [u32; 3],
    shared_mem: usize,
    stream: CUstream,
    params: *mut *mut c_void,
) -> Status<cudaError_t> {
    use cuda_sys::launch::Launch;
    // SAFETY: the caller's (`__launch`'s contract).
    Status(unsafe {
        <cudaKernel_t as Launch<cudart_sys::cpp::Runtime>>::launch(
            kernel, grid, block, shared_mem, stream, params,
        )
    })
}

#[cfg(not(cuda_ge = "12.8"))]
fn launch(
    _: KernelHandle,
    _: [u32; 3],
    _: [u32; 3],
    _: usize,
    _: CUstream,
    _: *mut *mut c_void,
) -> Status<cudaError_t> {
    Status(cudaErrorNotSupported)
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn image(number: u32, cubin: bool, suffix: Option<char>) -> Image {
        Image { arch: Arch { number, cubin, suffix }, data: &[] }
    }

    #[test]
    fn the_best_image_is_the_devices_cubin_else_ptx() {
        let images = [
            image(80, true, None),
            image(90, true, None),
            image(90, true, Some('a')),
            image(80, false, None),
        ];
        let best = |major, minor| best_image(&images, major, minor).map(|i| i.arch.to_string());
        assert_eq!(best(9, 0).as_deref(), Some("sm_90a"), "exactly 9.0: its own");
        assert_eq!(best(8, 6).as_deref(), Some("sm_80"), "8.6 runs 8.0's CUBIN");
        assert_eq!(best(8, 9).as_deref(), Some("sm_80"));
        assert_eq!(best(12, 0).as_deref(), Some("compute_80"), "a newer major: PTX");
        assert_eq!(best(7, 5).as_deref(), Some("sm_80"), "none fits: the first, for the runtime to refuse");
        let cubins = [image(90, true, None)];
        assert_eq!(best_image(&cubins, 10, 0).map(|i| i.arch.number), Some(90));
        assert!(best_image(&[], 9, 0).is_none());
    }
}
