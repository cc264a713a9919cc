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
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
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

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!(("lt_answers", lt_answers));

    /// cuBLASLt's functions without libcublasLt: a function returning a number answers 0; one
    /// returning text, a static sentence.
    #[test]
    fn cublaslt_functions_returning_no_code_answer_without_its_library() {
        let out = child_of_also("lt_answers");
        assert!(out.contains("answered"), "{out}");
    }

    fn child_of_also(name: &str) -> String {
        let path = module_path!().split_once("::").expect("a crate's module").1;
        let exe = std::env::current_exe().expect("the test binary's path");
        Child::of(&exe, &format!("{path}::scenario"), name)
            .env(super::LIBCUBLASLT_PATH_VAR, "/nonexistent/libcublasLt.so")
            .run()
    }

    fn lt_answers() {
        // SAFETY: no arguments; without the library nothing is called.
        assert_eq!(unsafe { crate::cublasLtGetVersion() }, 0);
        // SAFETY: any code may be asked about.
        let text = unsafe {
            std::ffi::CStr::from_ptr(crate::cublasLtGetStatusString(crate::CUBLAS_STATUS_ALLOC_FAILED))
        };
        assert!(text.to_string_lossy().contains("could not be reached"), "{text:?}");
        println!("answered");
    }
}
