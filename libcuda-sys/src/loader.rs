//! Finding the CUDA driver at run time, and saying why a call could not reach it.
//!
//! Every function of this crate loads the driver on its first call (without the `link`
//! feature). What is loaded is what a C program linked with `-lcuda` would run:
//!
//! 1. `$CUDA_SYS_LIBCUDA_PATH` when set, and then nothing else. It must be an absolute path
//!    (a relative one is refused: it would depend on the working directory). Its bytes are
//!    used as they are, UTF-8 or not. In secure-execution mode (a setuid or setgid program,
//!    or one with file capabilities: `AT_SECURE`) the variable is ignored, as glibc ignores
//!    `LD_LIBRARY_PATH` there, so that the user who runs such a program cannot choose the
//!    code it loads.
//! 2. Linux: `libcuda.so.1`, the driver's soname, through the dynamic loader's usual search;
//!    then WSL's `/usr/lib/wsl/lib/libcuda.so.1`. Never the unversioned `libcuda.so`: that
//!    name exists for the linker, and the toolkit's `lib64/stubs/libcuda.so` is NVIDIA's stub.
//!    Windows: `nvcuda.dll`, from the system directory only (never the current directory).
//!
//! A path that is not a regular file (or a link to one), such as a FIFO, is refused without
//! being opened. The names and rules are libcuda's description in cuda-loader
//! ([`cuda_loader::DRIVER`]), which loads it.
//!
//! A call that cannot reach the driver returns an error code instead of panicking:
//!
//! - no driver library could be loaded: [`CUDA_ERROR_STUB_LIBRARY`](crate::CUDA_ERROR_STUB_LIBRARY),
//!   the code NVIDIA's own stub library returns when no real driver is installed;
//! - the library lacks the function: [`CUDA_ERROR_NOT_FOUND`](crate::CUDA_ERROR_NOT_FOUND),
//!   the code `cuGetProcAddress` returns for a symbol the driver does not have.
//!
//! [`explain`] turns either into a sentence, for the thread whose call it was (cuda-checked adds
//! it to its error text). Loading is lock-free: threads racing the first call each load the library and the
//! first to finish is kept, so a `fork()` while another thread is loading cannot leave the
//! child waiting for that thread.
//!
//! Symbols are resolved inside this crate only; nothing public takes a symbol name:
//!
//! ```compile_fail
//! let _ = cuda_sys::loader::resolve("cuInit");
//! ```

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!(("planted", child_planted));

    #[cfg(not(windows))]
    fn child_planted() {}

    #[test]
    fn the_renames_are_cs() {
        assert!(super::SYMBOLS.contains(&"cuInit") && super::SYMBOLS.contains(&"cuMemAlloc_v2"));
        assert!(!super::SYMBOLS.contains(&"cuMemAlloc"), "a C name, not a symbol");
        assert!(crate::bindings::RENAMES.contains(&("cuMemAlloc", "cuMemAlloc_v2")));
    }

    /// Windows: an `nvcuda.dll` planted in the program's folder and in the current directory
    /// is not loaded; only the system directory's is (`LOAD_LIBRARY_SEARCH_SYSTEM32`).
    #[cfg(windows)]
    #[test]
    fn a_planted_nvcuda_dll_is_not_loaded() {
        let dir = std::env::temp_dir().join(format!("cuda-sys-planted-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A real DLL without the driver's functions, where LoadLibrary would look first.
        std::fs::copy(cuda_loader::some_other_library(), dir.join("nvcuda.dll")).unwrap();
        // This test binary, with the DLLs beside it (wine's stand-ins, if any), run from there.
        let exe = std::env::current_exe().unwrap();
        for entry in std::fs::read_dir(exe.parent().unwrap()).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("dll")) {
                std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
            }
        }
        let copy = dir.join(exe.file_name().unwrap());
        std::fs::copy(&exe, &copy).unwrap();
        let out = Child::of(&copy, "loader::tests::scenario", "planted").current_dir(&dir).run();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(out.contains("not the planted copy"), "{out}");
    }

    #[cfg(windows)]
    fn child_planted() {
        use crate::{CUDA_ERROR_NOT_FOUND, CUDA_ERROR_STUB_LIBRARY};
        let planted = std::env::current_dir().unwrap().join("nvcuda.dll");
        // SAFETY: cuInit takes no pointer.
        let code = unsafe { crate::cuInit(0) };
        match super::library_path() {
            // A machine with the NVIDIA driver: the system directory's nvcuda.dll.
            Ok(path) => {
                let lower = |p: &Path| p.to_string_lossy().to_lowercase();
                assert_ne!(lower(path), lower(&planted), "loaded {}", path.display());
                assert_ne!(code, CUDA_ERROR_NOT_FOUND, "{:?}", super::explain(code));
            }
            // No driver installed (wine): nothing was loaded, and only the system's name tried.
            Err(e) => {
                assert_eq!(code, CUDA_ERROR_STUB_LIBRARY);
                assert_eq!(e.attempts().len(), 1, "{e}");
                assert_eq!(e.attempts()[0].0, Path::new("nvcuda.dll"), "{e}");
            }
        }
        println!("not the planted copy");
    }
}
