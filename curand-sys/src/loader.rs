//! Finding cuRAND (libcurand) at run time, and saying why a call could not reach it.
//!
//! cuRAND's ABI has been 10 since CUDA 10, so what is loaded is `libcurand.so.10`
//! (`curand64_10.dll` on Windows), the first found of:
//!
//! 1. [`CURAND_SYS_LIBCURAND_PATH`](LIBCURAND_PATH_VAR) when set, and then nothing else: an
//!    absolute path of a regular file (a relative one is refused), ignored in secure-execution
//!    mode (setuid, setgid, file capabilities), as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's cuRAND wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/curand/lib`), except in secure-execution mode;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A library that loads is asked its version (`curandGetVersion`) at once: one older than the
//! `curand.h` these bindings come from ([`CURAND_VERSION`](crate::CURAND_VERSION)) is refused
//! with both versions, and the search goes on. The names, folders and rules are libcurand's
//! description in cuda-loader ([`cuda_loader::CURAND`]), which loads it.
//!
//! `curand.h` has no code for "no library" or "no function", so a call that cannot reach
//! cuRAND returns [`CURAND_STATUS_INITIALIZATION_FAILED`](crate::CURAND_STATUS_INITIALIZATION_FAILED)
//! (no library) or [`CURAND_STATUS_VERSION_MISMATCH`](crate::CURAND_STATUS_VERSION_MISMATCH) (no
//! such function) instead of panicking, and [`explain`] says whether the loader gave it and why.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded", unix))]
mod tests {
    cuda_loader::loader_tests!(("older", older));

    /// A fake libcurand.so.10 whose `curandGetVersion` answers one less than the header's.
    fn fake_curand(version: u32) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("curand-sys-fake-{version}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("fake.c");
        std::fs::write(&source, format!("int curandGetVersion(int *v) {{ *v = {version}; return 0; }}\n"))
            .unwrap();
        let library = dir.join(file());
        let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
        let status = std::process::Command::new(cc)
            .args(["-shared", "-fPIC", "-o"])
            .arg(&library)
            .arg(&source)
            .status()
            .expect("a C compiler ($CC or cc) for the fake libcurand");
        assert!(status.success(), "the C compiler failed to build the fake libcurand");
        library
    }

    /// A library older than the header is refused at load, with both versions as cuRAND writes
    /// them.
    #[test]
    fn an_older_curand_is_refused_with_both_versions() {
        let older = fake_curand(crate::CURAND_VERSION - 1);
        let refused = child("older", &older);
        std::fs::remove_dir_all(older.parent().unwrap()).unwrap();
        assert!(refused.contains("refused: "), "{refused}");
    }

    fn older() {
        let mut version = 0;
        // SAFETY: a valid out-pointer; a refused library is never called.
        assert_eq!(
            unsafe { crate::curandGetVersion(&mut version) },
            crate::CURAND_STATUS_INITIALIZATION_FAILED
        );
        assert_eq!(version, 0);
        let why = super::explain(crate::CURAND_STATUS_INITIALIZATION_FAILED).unwrap();
        let scheme = cuda_loader::Scheme::Library { prefix: "cuRAND" };
        let (old, header) = (scheme.text(crate::CURAND_VERSION - 1), scheme.text(crate::CURAND_VERSION));
        assert!(
            why.contains(&format!("{old}, older than the curand.h these bindings come from ({header})")),
            "{why}"
        );
        println!("refused: {why}");
    }
}
