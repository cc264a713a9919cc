//! Finding TensorRT's libraries at run time, and saying why a call could not reach them.
//!
//! TensorRT's ABI is per major, so what is loaded is the header's major
//! (`libnvinfer.so.11`; with the `lean` feature `libnvinfer_lean.so.11`; `libnvonnxparser.so.11`,
//! `libnvinfer_plugin.so.11`), each on the first call of one of its functions, the first found of:
//!
//! 1. its variable when set, and then nothing else: [`LIBNVINFER_PATH_VAR`]
//!    (`NVINFER_SYS_LIBNVINFER_PATH`, which may name libnvinfer_lean too),
//!    `NVINFER_SYS_LIBNVONNXPARSER_PATH`, `NVINFER_SYS_LIBNVINFER_PLUGIN_PATH`: an absolute path
//!    (a relative one is refused), ignored in secure-execution mode (setuid);
//! 2. the library folders of the TensorRT root the build found the headers in (`lib`, `lib64`);
//! 3. NVIDIA's wheels in the active Python environment (`$VIRTUAL_ENV`, `$CONDA_PREFIX`):
//!    `tensorrt_libs/` (`pip install tensorrt-cu13-libs`), `tensorrt_lean_libs/` (`lean`);
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A libnvinfer that loads is asked `getInferLibVersion()` at once: one of another major than
//! the header's, or older than it, is refused and the search goes on (TensorRT's classes gain
//! vtable slots with each minor: an older library lacks the ones these bindings may call). A
//! newer minor of the same major is taken. The [`LoadError`] names each library passed over.
//!
//! A function that cannot reach its library returns null (`false`, `0`) as TensorRT does on
//! failure; [`explain`] says why, for this thread's last such call.

pub use cuda_loader::LoadError;
use cuda_loader::{Bindings, Loader, Reach};

/// The variable naming libnvinfer's (or libnvinfer_lean's) absolute path.
pub const LIBNVINFER_PATH_VAR: &str = cuda_loader::NVINFER.variable;

/// libnvinfer's file of the header's major (`libnvinfer.so.11`, or `libnvinfer_lean.so.11`).
pub const LIBRARY: &str = env!("NVINFER_LIBRARY_FILE");

#[cfg(not(feature = "lean"))]
const NVINFER_LIBRARY: &cuda_loader::Library = &cuda_loader::NVINFER;
#[cfg(feature = "lean")]
const NVINFER_LIBRARY: &cuda_loader::Library = &cuda_loader::NVINFER_LEAN;

const fn bindings(file: &'static str, version_function: cuda_loader::Function) -> Bindings {
    Bindings {
        version: crate::NV_TENSORRT_VERSION as u32,
        file,
        toolkit_dirs: env!("NVINFER_LIB_DIRS"),
        reach: Reach::Loaded,
        renames: &[],
        codes: &[],
        own_version: None,
        // The loader's own: TensorRT has no result codes (`ErrorText::None`).
        not_loaded: 1,
        symbol_missing: 2,
        version_function,
        error_name: None,
        error_string: None,
        // Each of TensorRT's libraries is looked for on its own (the parser's version is its own).
        partner: None,
    }
}

pub(crate) static NVINFER: Loader = Loader::new(
    NVINFER_LIBRARY,
    bindings(env!("NVINFER_LIBRARY_FILE"), || crate::getInferLibVersion as *const std::ffi::c_void),
);
#[cfg(trt_onnx_parser)]
pub(crate) static NVONNXPARSER: Loader = Loader::new(
    &cuda_loader::NVONNXPARSER,
    bindings(env!("NVONNXPARSER_LIBRARY_FILE"), || crate::getNvOnnxParserVersion as *const std::ffi::c_void),
);
pub(crate) static NVINFER_PLUGIN: Loader = Loader::new(
    &cuda_loader::NVINFER_PLUGIN,
    bindings(env!("NVINFER_PLUGIN_LIBRARY_FILE"), || crate::getInferLibVersion as *const std::ffi::c_void),
);

/// Loads libnvinfer now, if not yet done: where it was found, or why it could not be loaded.
///
/// # Errors
/// Why no library could be loaded (each file tried, and why).
pub fn library_path() -> Result<&'static std::path::Path, &'static LoadError> {
    NVINFER.library_path()
}

/// The same for libnvonnxparser (whose header releases 10.2 to 10.13 kept apart: their
/// bindings have no parser).
#[cfg(trt_onnx_parser)]
///
/// # Errors
/// As [`library_path`].
pub fn onnx_parser_path() -> Result<&'static std::path::Path, &'static LoadError> {
    NVONNXPARSER.library_path()
}

/// The same for libnvinfer_plugin.
///
/// # Errors
/// As [`library_path`].
pub fn plugin_library_path() -> Result<&'static std::path::Path, &'static LoadError> {
    NVINFER_PLUGIN.library_path()
}

/// Why this thread's last call of a TensorRT function returned null (or false) without
/// reaching TensorRT, since [`cuda_loader::clear_last_failure`] (which `check_trt!` calls
/// before each call): its library could not be loaded, or lacks the function. `None` when the
/// call reached TensorRT, whose own words are in the logger and the error recorder.
pub fn explain() -> Option<String> {
    let (library, code) = cuda_loader::last_unreached()?;
    let loaders = [
        &NVINFER,
        &NVINFER_PLUGIN,
        #[cfg(trt_onnx_parser)]
        &NVONNXPARSER,
    ];
    let loader = loaders.into_iter().find(|l| std::ptr::eq(l.library(), library))?;
    if code == loader.not_loaded() {
        return loader.library_path().err().map(ToString::to_string);
    }
    loader.explain(code)
}

/// `check_trt!`'s code put in words (cuda-checked's checks ask every code so): why this
/// thread's last call could not reach TensorRT, or what TensorRT reported during it through a
/// Rust logger or error recorder ([`implement`](crate::implement)), taken.
impl cuda_loader::ResultCode for crate::nvinfer1::ErrorCode {
    const SUCCESS: Self = crate::nvinfer1::ErrorCode::kSUCCESS;

    fn describe(self) -> (String, String) {
        let reported = crate::implement::take_last_error();
        let message = match (explain(), reported) {
            (Some(why), _) => why,
            (None, Some((_, text))) => text.trim_end().to_string(),
            (None, None) => {
                "it returned null (or false), and TensorRT reported no error through a Rust ILogger or \
                             IErrorRecorder (nvinfer_sys::implement) on this thread"
                    .to_string()
            }
        };
        (format!("{self:?}"), message)
    }

    fn number(self) -> u32 {
        self.0 as u32
    }

    fn unreached(self) -> Option<String> {
        explain()
    }
}
