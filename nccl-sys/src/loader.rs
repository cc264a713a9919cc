//! Finding NCCL (libnccl) at run time, and saying why a call could not reach it.
//!
//! NCCL 2 has one ABI, so what is loaded is `libnccl.so.2`, the first found of:
//!
//! 1. `$NCCL_SYS_LIBNCCL_PATH` when set, and then nothing else: an absolute path (a relative
//!    one is refused), ignored in secure-execution mode (setuid, setgid, file capabilities),
//!    exactly as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the NCCL root the build found `nccl.h` in (`$NCCL_HOME`, the CUDA
//!    toolkit, the wheel: `lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's `nvidia-nccl-cu13` wheel in the active Python environment (`$VIRTUAL_ENV`,
//!    `$CONDA_PREFIX`: `nvidia/nccl/lib`), except in secure-execution mode;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A library that loads is asked its version (`ncclGetVersion`) at once: one older than the
//! `nccl.h` these bindings come from ([`NCCL_VERSION_CODE`](crate::NCCL_VERSION_CODE)) is
//! refused, and the search goes on, because its functions and structs (`ncclConfig_t` grows
//! with each version) are older than the ones these bindings call. The [`LoadError`] names
//! each library passed over and its version. (With `link`, the dynamic linker chooses, and
//! nothing is checked.)
//!
//! A call that cannot reach NCCL returns [`ncclSystemError`](crate::ncclSystemError) instead
//! of panicking (`nccl.h` has no code for "no library"); [`explain`] tells that apart from
//! NCCL's own `ncclSystemError` and says why. (`ncclGetErrorString` and `ncclGetLastError`
//! return a static text saying so instead.) The names, folders and rules are libnccl's
//! description in cuda-loader ([`cuda_loader::NCCL`]), which loads it.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded", unix))]
mod tests {
    cuda_loader::loader_tests!(("older", older), ("current", current));

    /// A fake libnccl.so.2 whose `ncclGetVersion` answers `version`, built with the system's C
    /// compiler (`$CC` or `cc`) into a folder of its own.
    fn fake_nccl(version: u32) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nccl-sys-fake-{version}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("fake.c");
        std::fs::write(&source, format!("int ncclGetVersion(int *v) {{ *v = {version}; return 0; }}\n"))
            .unwrap();
        let library = dir.join(file());
        let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
        let status = std::process::Command::new(cc)
            .args(["-shared", "-fPIC", "-o"])
            .arg(&library)
            .arg(&source)
            .status()
            .expect("a C compiler ($CC or cc) for the fake libnccl");
        assert!(status.success(), "the C compiler failed to build the fake libnccl");
        library
    }

    /// A library older than the header is refused at load, with both versions, and a library
    /// as new as the header is taken.
    #[test]
    fn an_older_nccl_is_refused_with_both_versions() {
        let (older, same) = (fake_nccl(crate::NCCL_VERSION_CODE - 1), fake_nccl(crate::NCCL_VERSION_CODE));
        let refused = child("older", &older);
        let loaded = child("current", &same);
        for library in [older, same] {
            std::fs::remove_dir_all(library.parent().unwrap()).unwrap();
        }
        assert!(refused.contains("refused: "), "{refused}");
        assert!(loaded.contains("loaded: "), "{loaded}");
    }

    fn older() {
        let mut version = 0;
        assert_eq!(unsafe { crate::ncclGetVersion(&mut version) }, crate::ncclSystemError);
        assert_eq!(version, 0, "a refused library is never called");
        let why = super::explain(crate::ncclSystemError).unwrap();
        let function = cuda_loader::NCCL.version.scheme;
        let (old, header) =
            (function.text(crate::NCCL_VERSION_CODE - 1), function.text(crate::NCCL_VERSION_CODE));
        assert!(
            why.contains(&format!("{old}, older than the nccl.h these bindings come from ({header})")),
            "{why}"
        );
        println!("refused: {why}");
    }

    fn current() {
        let mut version = 0;
        assert_eq!(unsafe { crate::ncclGetVersion(&mut version) }, crate::ncclSuccess);
        assert_eq!(version as u32, crate::NCCL_VERSION_CODE);
        println!("loaded: {}", super::library_path().unwrap().display());
    }
}
