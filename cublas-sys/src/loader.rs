//! Finding cuBLAS (libcublas) and cuBLASLt (libcublasLt) at run time, and saying why a call
//! could not reach them.
//!
//! cuBLAS's ABI is per CUDA major, so what is loaded is the library of the header's major
//! (`libcublas.so.13`, `libcublasLt.so.13`; Windows: `cublas64_13.dll`, `cublasLt64_13.dll`),
//! each the first found of:
//!
//! 1. its variable when set ([`LIBCUBLAS_PATH_VAR`], [`LIBCUBLASLT_PATH_VAR`]), and then
//!    nothing else: an absolute path of a regular file (a relative one is refused), ignored in
//!    secure-execution mode (setuid, setgid, file capabilities), as libcuda-sys treats
//!    `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's cuBLAS wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/cublas/lib`), except in secure-execution mode;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! libcublas needs libcublasLt and finds it beside itself. The names, folders and rules are
//! the descriptions in cuda-loader ([`cuda_loader::CUBLAS`], [`cuda_loader::CUBLASLT`]), which
//! loads them: this crate has no loader code of its own.
//!
//! `cublas_api.h` has no code for "no library" or "no function", so a call that cannot reach
//! its library returns [`CUBLAS_STATUS_NOT_INITIALIZED`](crate::CUBLAS_STATUS_NOT_INITIALIZED)
//! (no library) or [`CUBLAS_STATUS_NOT_SUPPORTED`](crate::CUBLAS_STATUS_NOT_SUPPORTED) (no such
//! function) instead of panicking, and [`explain`] (cuBLAS) or [`explain_lt`] (cuBLASLt) says
//! whether the loader gave it and why. `cublasGetStatusString` returns a static text saying so
//! instead; `cublasGetCudartVersion` and the like return 0.

cuda_loader::loader! { description: cuda_loader::CUBLAS, code: cublasStatus_t, variable: LIBCUBLAS_PATH_VAR }

// libcublasLt: the same, from its own loader.

/// The variable naming libcublasLt's absolute path, as [`LIBCUBLAS_PATH_VAR`] does libcublas's.
pub const LIBCUBLASLT_PATH_VAR: &str = cuda_loader::CUBLASLT.variable;

/// Every cuBLASLt symbol these bindings call, in the header's order.
pub const LT_SYMBOLS: &[&str] = crate::bindings::lt::SYMBOLS;

/// cuBLASLt's file, of the header's major: `libcublasLt.so.13`.
pub const LT_LIBRARY: &str = env!("LT_CUDA_LIBRARY_FILE");

/// [`library_path`] for libcublasLt.
///
/// # Errors
/// Why no cuBLASLt library could be loaded (each file tried, and the loader's message).
pub fn lt_library_path() -> Result<&'static std::path::Path, &'static LoadError> {
    crate::LT_LOADER.library_path()
}

/// [`explain`] for a cuBLASLt call (`cublasLt...`): libcublasLt's loader's reason.
pub fn explain_lt(code: crate::cublasStatus_t) -> Option<String> {
    crate::LT_LOADER.explain(code.0)
}

/// [`describe`] for a cuBLASLt call, in cuBLASLt's words (`cublasLtGetStatusName`,
/// `cublasLtGetStatusString`).
pub fn describe_lt(code: crate::cublasStatus_t) -> (String, String) {
    crate::LT_LOADER.describe(code.0)
}

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!(("lt_no_library", lt_no_library));

    /// cuBLASLt's functions without libcublasLt: each answers the loader's code, and
    /// libcublasLt's loader (not libcublas's) says why.
    #[test]
    fn every_cublaslt_function_answers_without_its_library() {
        let path = module_path!().split_once("::").expect("a crate's module").1;
        let exe = std::env::current_exe().expect("the test binary's path");
        let out = Child::of(&exe, &format!("{path}::scenario"), "lt_no_library")
            .env(super::LIBCUBLASLT_PATH_VAR, "/nonexistent/libcublasLt.so")
            .run();
        assert!(
            out.contains(&format!("called {} functions", crate::bindings::lt::ALL_FUNCTIONS.len())),
            "{out}"
        );
    }

    fn lt_no_library() {
        let mut codes = 0;
        for &(name, call) in crate::bindings::lt::ALL_FUNCTIONS {
            let Some(code) = call() else { continue };
            assert_eq!(code, cuda_loader::CUBLASLT.not_loaded, "{name}");
            let why =
                super::explain_lt(crate::cublasStatus_t(code)).unwrap_or_else(|| panic!("{name}: no reason"));
            assert!(why.contains("cuBLASLt (libcublasLt) could not be loaded"), "{why}");
            assert!(
                why.contains("/nonexistent/libcublasLt.so") && why.contains(super::LIBCUBLASLT_PATH_VAR),
                "{why}"
            );
            codes += 1;
        }
        assert!(codes > 20, "only {codes} functions answered with a code");
        // A function returning a number answers 0; one returning text, a static sentence.
        assert_eq!(unsafe { crate::cublasLtGetVersion() }, 0);
        let text = unsafe {
            std::ffi::CStr::from_ptr(crate::cublasLtGetStatusString(crate::CUBLAS_STATUS_ALLOC_FAILED))
        };
        assert!(text.to_string_lossy().contains("could not be reached"), "{text:?}");
        println!("called {} functions", crate::bindings::lt::ALL_FUNCTIONS.len());
    }
}
