//! What NVIDIA's C++ samples take from their `Common/` helpers (`helper_cuda.h`,
//! `helper_string.h`), rewritten for the lessons that port those samples: the device choice,
//! the tables of cores and architecture names, the command line, and loading a kernel from PTX
//! (where the samples have nvcc compile it into the program). Failures exit as
//! `checkCudaErrors` does.

use std::ffi::CStr;

use cuda_checked::checkCudaErrors;
use cuda_sys::launch::{Kernel, KernelArgs};
use cuda_sys::{cuModuleGetFunction, cuModuleLoadData, CUfunction, CUmodule};
use cudart_sys::cpp::*;

/// `stringRemoveDelimiter`: `arg` without its leading `delimiter`s, unless at most one character
/// would be left, when the helper keeps `arg` whole (so `-h` stays `-h`).
pub fn string_remove_delimiter(delimiter: char, arg: &str) -> &str {
    let stripped = arg.trim_start_matches(delimiter);
    if arg.len() - stripped.len() >= arg.len().saturating_sub(1) {
        arg
    } else {
        stripped
    }
}

/// `checkCmdLineFlag`: whether `-name`, `--name` or `--name=...` is on the command line (the
/// name in any case).
pub fn check_cmd_line_flag(name: &str) -> bool {
    std::env::args().skip(1).any(|arg| {
        let arg = string_remove_delimiter('-', &arg);
        let key = arg.split_once('=').map_or(arg, |(key, _)| key);
        key.eq_ignore_ascii_case(name)
    })
}

/// `getCmdLineArgumentString`: what follows `name=` in the last argument that begins with
/// `-name` (in any case), as the helper reads it: `-file=a.mtx` gives `a.mtx`.
pub fn get_cmd_line_argument_string(name: &str) -> Option<String> {
    std::env::args()
        .skip(1)
        .filter_map(|arg| {
            let arg = string_remove_delimiter('-', &arg);
            let key = arg.get(..name.len())?;
            // The helper skips one character after the name, '=' or not.
            key.eq_ignore_ascii_case(name).then(|| arg.get(name.len() + 1..).unwrap_or("").to_string())
        })
        .next_back()
}

/// `sdkFindFilePath(filename, argv[0])`: the path of the first `filename` found in the current
/// folder or its `data/` (where the samples keep theirs, and where run.sh runs both programs),
/// else in `.samples/SAMPLE/` (collect.sh's copy of NVIDIA's sample folder) of this folder or
/// of the one above, for `cargo run` from the repository or from `lessons/`, else in
/// `lessons/data/` (the images the repository ships, for `cargo run` from the repository; from
/// `lessons/` they are `./data/`). When none is found, prints what the helper prints and gives
/// `None`.
pub fn sdk_find_file_path(filename: &str, sample: &str) -> Option<String> {
    let folders = [
        "./".to_string(),
        "./data/".to_string(),
        format!(".samples/{sample}/"),
        format!("../.samples/{sample}/"),
        "lessons/data/".to_string(),
    ];
    let found = folders
        .iter()
        .map(|folder| format!("{folder}{filename}"))
        .find(|path| std::fs::File::open(path).is_ok_and(|f| f.metadata().is_ok_and(|m| m.is_file())));
    if found.is_none() {
        println!("\nerror: sdkFindFilePath: file <{filename}> not found!");
    }
    found
}

/// `getCmdLineArgumentInt`: the number in `--name=N`; 0 when the flag is absent or has no
/// number, as the helper answers.
pub fn get_cmd_line_argument_int(name: &str) -> i32 {
    std::env::args()
        .skip(1)
        .filter_map(|arg| {
            let (key, value) = arg.trim_start_matches('-').split_once('=')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim().parse().unwrap_or(0))
        })
        .next_back() // the last one given, as the helper reads them all
        .unwrap_or(0)
}

/// CUDA cores per multiprocessor of compute capability `major.minor` (`_ConvertSMVer2Cores`),
/// from NVIDIA's architecture whitepapers; a newer one than this table knows counts as the
/// newest here, with a note on stderr.
pub fn convert_sm_ver_to_cores(major: i32, minor: i32) -> i32 {
    const CORES: &[((i32, i32), i32)] = &[
        ((3, 0), 192),
        ((3, 5), 192),
        ((3, 7), 192),
        ((5, 0), 128),
        ((5, 2), 128),
        ((5, 3), 128),
        ((6, 0), 64),
        ((6, 1), 128),
        ((6, 2), 128),
        ((7, 0), 64),
        ((7, 2), 64),
        ((7, 5), 64),
        ((8, 0), 64),
        ((8, 6), 128),
        ((8, 7), 128),
        ((8, 9), 128),
        ((9, 0), 128),
        ((10, 0), 128),
        ((10, 1), 128),
        ((10, 3), 128),
        ((11, 0), 128),
        ((12, 0), 128),
        ((12, 1), 128),
    ];
    match CORES.iter().find(|(version, _)| *version == (major, minor)) {
        Some((_, cores)) => *cores,
        None => {
            let (_, newest) = CORES[CORES.len() - 1];
            eprintln!("MapSMtoCores for SM {major}.{minor} is undefined.  Default to use {newest} Cores/SM");
            newest
        }
    }
}

/// The architecture's name for compute capability `major` (`_ConvertSMVer2ArchName`).
pub fn convert_sm_ver_to_arch_name(major: i32, minor: i32) -> &'static str {
    match (major, minor) {
        (3, _) => "Kepler",
        (5, _) => "Maxwell",
        (6, _) => "Pascal",
        (7, 0 | 2) => "Volta",
        (7, 5) => "Turing",
        (8, 9) => "Ada",
        (8, _) => "Ampere",
        (9, _) => "Hopper",
        (10..=12, _) => "Blackwell",
        _ => "unknown",
    }
}

/// `findCudaDevice`: the device of `--device=N`, else device 0 (the samples pick the one with
/// the most GFLOP/s; a one-GPU machine has one choice), made current; prints which.
pub fn find_cuda_device() -> i32 {
    let dev = if check_cmd_line_flag("device") { get_cmd_line_argument_int("device") } else { 0 };
    if dev < 0 {
        println!("Invalid command line parameter");
        std::process::exit(1);
    }
    let (mut major, mut minor) = (0, 0);
    unsafe {
        checkCudaErrors!(cudaSetDevice(dev));
        checkCudaErrors!(cudaDeviceGetAttribute(&mut major, cudaDevAttrComputeCapabilityMajor, dev));
        checkCudaErrors!(cudaDeviceGetAttribute(&mut minor, cudaDevAttrComputeCapabilityMinor, dev));
    }
    println!(
        "GPU Device {dev}: \"{}\" with compute capability {major}.{minor}\n",
        convert_sm_ver_to_arch_name(major, minor)
    );
    dev
}

/// `getLastCudaError(msg)`: the runtime's last error (`cudaGetLastError`, which clears it); on
/// one, helper_cuda.h's line on standard error, `FILE(LINE) : getLastCudaError() CUDA error : MSG
/// : (CODE) TEXT.`, with the caller's file and line, and exit 1.
#[track_caller]
pub fn get_last_cuda_error(error_message: &str) {
    let err = unsafe { cudart_sys::cudaGetLastError() };
    if err != cudaSuccess {
        let caller = std::panic::Location::caller();
        // SAFETY: cudaGetErrorString gives a static C string for any code (the loader's own
        // text when no runtime is loaded).
        let text = unsafe { CStr::from_ptr(cudaGetErrorString(err)) };
        eprintln!(
            "{}({}) : getLastCudaError() CUDA error : {error_message} : ({}) {}.",
            caller.file(),
            caller.line(),
            err.0 as i32,
            text.to_string_lossy()
        );
        std::process::exit(1);
    }
}

/// The kernel `name` of `ptx` (text ending in a NUL, as [`ptx!`](crate::ptx) makes it) in the current device's primary context, typed
/// by its parameters `Args`, to launch with `launch!`: what nvcc would have compiled into a
/// sample's program. The runtime makes the primary context current on its first call
/// (`cudaFree(0)` forces that); the module is the driver's, loaded into it.
///
/// # Safety
/// `Args` are the kernel's parameter types, as [`Kernel::new`] requires.
pub unsafe fn load_ptx_kernel<Args: KernelArgs>(ptx: &str, name: &CStr) -> Kernel<Args> {
    if !ptx.ends_with('\0') {
        eprintln!("Error: the PTX for {name:?} does not end in a NUL: cuModuleLoadData would read past it");
        std::process::exit(1);
    }
    let mut module: CUmodule = std::ptr::null_mut();
    let mut function: CUfunction = std::ptr::null_mut();
    unsafe {
        checkCudaErrors!(cudaFree(nullptr));
        checkCudaErrors!(cuModuleLoadData(&mut module, ptx.as_ptr().cast()));
        checkCudaErrors!(cuModuleGetFunction(&mut function, module, name.as_ptr()));
        Kernel::new(function)
    }
}

/// The kernel `name` of `ptx` as the Runtime API loads it (`cudaLibraryLoadData`,
/// `cudaLibraryGetKernel`): a `cudaKernel_t`, which every runtime call taking a kernel accepts
/// (`cudaFuncGetAttributes`, the occupancy calculator, `cudaLaunchKernel`), as it does the
/// host stub nvcc makes of a `__global__` function. The library stays loaded.
///
/// # Safety
/// As [`load_ptx_kernel`].
#[cfg(cuda_ge = "12.9")]
pub unsafe fn load_runtime_kernel<Args: KernelArgs>(ptx: &str, name: &CStr) -> Kernel<Args, cudaKernel_t> {
    if !ptx.ends_with('\0') {
        eprintln!(
            "Error: the PTX for {name:?} does not end in a NUL: cudaLibraryLoadData would read past it"
        );
        std::process::exit(1);
    }
    let mut library: cudaLibrary_t = std::ptr::null_mut();
    let mut kernel: cudaKernel_t = std::ptr::null_mut();
    let none = std::ptr::null_mut();
    unsafe {
        checkCudaErrors!(cudaLibraryLoadData(
            &mut library,
            ptx.as_ptr(),
            none,
            none.cast(),
            0,
            none,
            none.cast(),
            0
        ));
        checkCudaErrors!(cudaLibraryGetKernel(&mut kernel, library, name.as_ptr()));
        Kernel::new(kernel)
    }
}

/// `kernels/NAME.ptx`, NUL-terminated for `cuModuleLoadData`.
#[macro_export]
macro_rules! ptx {
    ($name:literal) => {
        concat!(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/kernels/", $name, ".ptx")), "\0")
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_know_the_h200() {
        assert_eq!(convert_sm_ver_to_cores(9, 0), 128);
        assert_eq!(convert_sm_ver_to_arch_name(9, 0), "Hopper");
        assert_eq!(convert_sm_ver_to_cores(99, 0), 128);
    }

    #[test]
    fn the_delimiter_is_removed_as_the_helper_does() {
        assert_eq!(string_remove_delimiter('-', "--file=a.mtx"), "file=a.mtx");
        assert_eq!(string_remove_delimiter('-', "-R=lu"), "R=lu");
        // Too short to strip: kept whole, which is how `checkCmdLineFlag(..., "-h")` matches.
        assert_eq!(string_remove_delimiter('-', "-h"), "-h");
        assert_eq!(string_remove_delimiter('-', "--h"), "--h");
        assert_eq!(string_remove_delimiter('-', "-"), "-");
    }
}
