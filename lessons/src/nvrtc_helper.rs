//! NVIDIA's `Common/nvrtc_helper.h`, which every `*_nvrtc` sample includes, ported:
//! [`compile_file_to_cubin`] compiles a `.cu` file with NVRTC for the GPU the program runs on,
//! [`load_cubin`] loads the result into a new context. [`compile`] is the NVRTC part alone,
//! for any architecture and for PTX too; CI compiles every kernel with it
//! (`tests/nvrtc_kernels.rs`).
//!
//! Differences from the C++, each on purpose: the kernel's source is built into the program
//! ([`kernel_file!`](crate::kernel_file)) instead of searched for beside the executable, so a
//! lesson runs wherever its binary is copied; the program and the context are destroyed, which
//! the original never does; a failed call returns its error (with NVRTC's log for a failed
//! compile) instead of `exit(1)`. NVRTC's reference: <https://docs.nvidia.com/cuda/nvrtc/>.

use std::ffi::{c_char, CStr, CString};

use cuda_checked::{check_driver, check_nvrtc, CudaError, DriverResult, NvrtcError, NvrtcResult};
use cuda_sys::*;
use nvrtc_sys::*;

/// A `.cu` file of `lessons/kernels/`: its name (NVRTC's name for the program, which its log
/// quotes: `vectorAdd_kernel.cu(10): error: ...`) and its text, both NUL-terminated for C.
#[derive(Clone, Copy, Debug)]
pub struct KernelFile {
    name: &'static str,
    source: &'static str,
}

impl KernelFile {
    /// A file's name and text, each ending in one `\0` (what
    /// [`kernel_file!`](crate::kernel_file) gives).
    ///
    /// # Panics
    /// If either does not end in `\0`: a bug in the caller, found at its first run.
    pub const fn new(name: &'static str, source: &'static str) -> Self {
        assert!(name.as_bytes()[name.len() - 1] == 0 && source.as_bytes()[source.len() - 1] == 0);
        KernelFile { name, source }
    }

    /// The file's name under `lessons/kernels/`.
    pub fn name(&self) -> &'static str {
        &self.name[..self.name.len() - 1]
    }

    /// The CUDA C++ text.
    pub fn source(&self) -> &'static str {
        &self.source[..self.source.len() - 1]
    }
}

/// `kernel_file!("vectorAdd_kernel.cu")`: that file of `lessons/kernels/`, built into the
/// program, as a [`KernelFile`] (the samples' `sdkFindFilePath("vectorAdd_kernel.cu", argv[0])`).
/// Editing the file and running the lesson again recompiles it. For the lessons' own
/// examples and tests: the folder is the one of the package that expands the macro.
#[macro_export]
macro_rules! kernel_file {
    ($name:literal) => {
        $crate::nvrtc_helper::KernelFile::new(
            concat!($name, "\0"),
            concat!(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/kernels/", $name)), "\0"),
        )
    };
}

/// `vectorAdd_kernel.cu`, for code outside the lessons package (bench/nvrtc_compile.rs).
pub const VECTOR_ADD_KERNEL: KernelFile = crate::kernel_file!("vectorAdd_kernel.cu");

/// What NVRTC is asked to produce: PTX (text, for any GPU of at least the virtual
/// architecture given, JIT-compiled by the driver at load) or CUBIN (machine code for exactly
/// one real architecture, `sm_XY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    Ptx,
    Cubin,
}

/// Compiles `file` with NVRTC and `options` (`--gpu-architecture=sm_90`, ...): the PTX (with
/// its final NUL, as `cuModuleLoadData` wants it) or the CUBIN. A failed compile's error
/// carries NVRTC's log; a successful compile's log (warnings), if any, goes to stderr, as the
/// sample prints it.
pub fn compile(file: &KernelFile, options: &[&CStr], output: Output) -> NvrtcResult<Vec<u8>> {
    let options: Vec<*const c_char> = options.iter().map(|o| o.as_ptr()).collect();
    let mut prog: nvrtcProgram = std::ptr::null_mut();
    // SAFETY: the source and name are NUL-terminated (KernelFile::new), the options are C
    // strings the caller keeps alive; prog is used from its creation to its destruction only,
    // and each buffer has the size NVRTC gave for it.
    unsafe {
        check_nvrtc!(nvrtcCreateProgram(
            &mut prog,
            file.source.as_ptr().cast(),
            file.name.as_ptr().cast(),
            0,
            std::ptr::null(),
            std::ptr::null()
        ))?;
        let compiled = check_nvrtc!(nvrtcCompileProgram(prog, options.len() as i32, options.as_ptr()), prog)
            .and_then(|()| {
                print_warnings(file, prog)?;
                let mut size = 0;
                let mut code;
                match output {
                    Output::Ptx => {
                        check_nvrtc!(nvrtcGetPTXSize(prog, &mut size))?;
                        code = buffer(size, "nvrtcGetPTXSize(prog, &mut size)", line!())?;
                        check_nvrtc!(nvrtcGetPTX(prog, code.as_mut_ptr().cast()))?;
                    }
                    Output::Cubin => {
                        check_nvrtc!(nvrtcGetCUBINSize(prog, &mut size))?;
                        code = buffer(size, "nvrtcGetCUBINSize(prog, &mut size)", line!())?;
                        check_nvrtc!(nvrtcGetCUBIN(prog, code.as_mut_ptr().cast()))?;
                    }
                }
                Ok(code)
            });
        // The program holds the source, the log and the code: freed whatever happened above.
        let destroyed = check_nvrtc!(nvrtcDestroyProgram(&mut prog));
        let code = compiled?;
        destroyed?;
        Ok(code)
    }
}

/// The most of NVRTC's output (a log, PTX, a CUBIN) this reads: a few KiB to a few MiB; a size
/// beyond it is no output's, and is not allocated.
const LARGEST_OUTPUT: usize = 256 << 20;

/// A zeroed buffer of the `size` bytes NVRTC gave (by `call`, written at `line` of this file)
/// for its output, or the error saying that size cannot be true: NVRTC would write that many
/// bytes into it, so it is not asked to.
fn buffer(size: usize, call: &'static str, line: u32) -> NvrtcResult<Vec<u8>> {
    let unbelievable = |why: String| {
        let error = NvrtcError::new(NVRTC_ERROR_INTERNAL_ERROR, call, file!(), line, 0);
        Err(error.with_detail(&why))
    };
    if size == 0 || size > LARGEST_OUTPUT {
        let name = call.split('(').next().unwrap_or(call);
        return unbelievable(format!(
            "{name} gave {size} bytes, and NVRTC's output has at least 1 (PTX's final NUL) and at most \
             {LARGEST_OUTPUT} are read"
        ));
    }
    let mut bytes = Vec::new();
    if bytes.try_reserve_exact(size).is_err() {
        return unbelievable(format!("its {size} bytes could not be allocated"));
    }
    bytes.resize(size, 0);
    Ok(bytes)
}

/// The log of a compile that succeeded, on stderr if it says anything (warnings); a log that
/// cannot be read is said so there too (the compile succeeded all the same).
///
/// # Safety
/// `prog` is a live program.
unsafe fn print_warnings(file: &KernelFile, prog: nvrtcProgram) -> NvrtcResult<()> {
    let mut size = 0;
    // SAFETY: prog is live (the caller's promise); the buffer has the size NVRTC gave, which
    // counts the final NUL.
    unsafe {
        check_nvrtc!(nvrtcGetProgramLogSize(prog, &mut size))?;
        let mut log = match buffer(size, "nvrtcGetProgramLogSize(prog, &mut size)", line!()) {
            Ok(log) => log,
            Err(e) => {
                eprintln!("NVRTC's log of {} could not be read: {}", file.name(), e.message());
                return Ok(());
            }
        };
        check_nvrtc!(nvrtcGetProgramLog(prog, log.as_mut_ptr().cast()))?;
        // Without its final NUL, every byte NVRTC wrote.
        let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
        let log = String::from_utf8_lossy(&log[..end]);
        if !log.trim().is_empty() {
            eprintln!("NVRTC's log of {}:\n{}", file.name(), log.trim_end());
        }
    }
    Ok(())
}

/// `device`'s compute capability, `(major, minor)`: 9.0 on an H200. Needs `cuInit(0)` first.
pub fn compute_capability(device: CUdevice) -> DriverResult<(i32, i32)> {
    let (mut major, mut minor) = (0, 0);
    // SAFETY: valid out-pointers.
    unsafe {
        check_driver!(cuDeviceGetAttribute(
            &mut major,
            CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
            device
        ))?;
        check_driver!(cuDeviceGetAttribute(
            &mut minor,
            CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
            device
        ))?;
    }
    Ok((major, minor))
}

/// The samples' `findCudaDeviceDRV`: `cuInit(0)`, then device 0, named as the sample names the
/// device it picks (`> Using CUDA Device [0]: NVIDIA H200`). The sample picks the fastest
/// device; the lessons take device 0, as the others do.
pub fn find_cuda_device() -> DriverResult<CUdevice> {
    let mut device: CUdevice = 0;
    let mut name = [0 as c_char; 100];
    // SAFETY: valid out-pointers; the name buffer's length is passed with it.
    unsafe {
        check_driver!(cuInit(0))?;
        check_driver!(cuDeviceGet(&mut device, 0))?;
        check_driver!(cuDeviceGetName(name.as_mut_ptr(), name.len() as i32, device))?;
        println!("> Using CUDA Device [0]: {}", CStr::from_ptr(name.as_ptr()).to_string_lossy());
    }
    Ok(device)
}

/// `compileFileToCUBIN`: the device ([`find_cuda_device`]), its compute capability, then `file` compiled to
/// CUBIN for exactly that architecture (`--gpu-architecture=sm_90` on an H200), with
/// `extra_options` after it.
///
/// The driver comes first, as in the sample: without one there is no GPU to compile for, and
/// the error says so (`cuInit(0) failed ... could not be loaded`) before NVRTC is loaded.
pub fn compile_file_to_cubin(file: &KernelFile, extra_options: &[&CStr]) -> Result<Vec<u8>, CudaError> {
    let device = find_cuda_device()?;
    let (major, minor) = compute_capability(device)?;
    let architecture = CString::new(format!("--gpu-architecture=sm_{major}{minor}"))
        .expect("two numbers and ASCII have no NUL");
    let mut options = vec![architecture.as_c_str()];
    options.extend_from_slice(extra_options);
    Ok(compile(file, &options, Output::Cubin)?)
}

/// `loadCUBIN`: the device ([`find_cuda_device`]) and its compute capability, printed; a
/// context on it (current on this thread) and `cubin` loaded into it. The caller unloads the module and destroys the
/// context.
///
/// # Safety
/// `cubin` is a whole image as [`compile`] gives it (a CUBIN, or PTX with its NUL):
/// `cuModuleLoadData` takes no length and reads as far as the image's own headers say.
pub unsafe fn load_cubin(cubin: &[u8]) -> DriverResult<(CUcontext, CUmodule)> {
    let device = find_cuda_device()?;
    let (major, minor) = compute_capability(device)?;
    println!("> GPU Device has SM {major}.{minor} compute capability");
    let context = crate::init_context(device)?;
    let mut module: CUmodule = std::ptr::null_mut();
    // SAFETY: a valid out-pointer, the context just made current, and a whole image (the
    // caller's promise), which the driver has read when it returns.
    unsafe {
        check_driver!(cuModuleLoadData(&mut module, cubin.as_ptr().cast()))?;
    }
    Ok((context, module))
}
