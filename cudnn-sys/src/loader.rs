//! Finding cuDNN (libcudnn and its parts) at run time, and saying why a call could not reach it.
//!
//! cuDNN 9 has one ABI per major, so what is loaded is `libcudnn.so.9`, the first found of:
//!
//! 1. `$CUDNN_SYS_LIBCUDNN_PATH` when set, and then nothing else: an absolute path (a relative
//!    one is refused), ignored in secure-execution mode (setuid, setgid, file capabilities),
//!    exactly as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the cuDNN root the build found `cudnn.h` in (`$CUDNN_PATH`, the
//!    CUDA toolkit, the wheel: `lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's `nvidia-cudnn-cu13` wheel in the active Python environment (`$VIRTUAL_ENV`,
//!    `$CONDA_PREFIX`: `nvidia/cudnn/lib`), except in secure-execution mode;
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A library that loads is asked its version (`cudnnGetVersion`) at once: one older than the
//! `cudnn.h` these bindings come from ([`CUDNN_VERSION`](crate::CUDNN_VERSION)), or of another
//! major, is refused, and the search goes on. `libcudnn.so.9` is a front: it loads its parts
//! (`libcudnn_graph.so.9`, `libcudnn_ops.so.9`, `libcudnn_cnn.so.9`, `libcudnn_adv.so.9`) by
//! name when a call needs them, and stops the process when one cannot be loaded. So each part
//! is opened beside it at once and asked its own check (`cudnnGraphVersionCheck`,
//! `cudnnOpsVersionCheck`, ...; `libcudnn_graph`'s `cudnnGetVersion` must be the front's): a
//! part missing, or of another release, refuses the whole set, with a sentence naming both
//! versions, and nothing of it stays loaded. The [`LoadError`] names each library passed over
//! and why. (With `link`, the dynamic linker chooses, and nothing is checked.)
//!
//! A call that cannot reach cuDNN returns
//! [`CUDNN_STATUS_NOT_INITIALIZED`](crate::CUDNN_STATUS_NOT_INITIALIZED)
//! (and one whose function the library lacks
//! [`CUDNN_STATUS_NOT_SUPPORTED`](crate::CUDNN_STATUS_NOT_SUPPORTED)) instead of panicking
//! (`cudnn_graph.h` has no code for "no library"); [`explain`] tells that apart from cuDNN's
//! own codes and says why. The names, folders and rules are libcudnn's description in
//! cuda-loader ([`cuda_loader::CUDNN`]), which loads it.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!(("nothing_half_loaded", nothing_half_loaded));

    /// A fake cuDNN of the header's release in a folder of its own, its parts beside it, then
    /// `change` made to that set (the folder is the library's parent).
    fn fake_set(tag: &str, change: impl FnOnce(&Path)) -> PathBuf {
        let loader = &crate::bindings::LOADER;
        let version = loader.version();
        // (The tag makes a folder of the set's own.)
        let source = format!(
            "#include <stddef.h>\n/* {tag} */\nsize_t cudnnGetVersion(void) {{ return {version}; }}\n"
        );
        let library = cuda_loader::child::fake_library(file(), &source);
        cuda_loader::child::fake_parts(loader.library(), loader.library().major(version), &library, &source);
        change(library.parent().expect("a folder of its own"));
        library
    }

    /// A part rebuilt from `source` (a fake of another release).
    fn replace_part(dir: &Path, file: &str, source: &str) {
        let c = dir.join("replaced.c");
        std::fs::write(&c, source).unwrap();
        let status = std::process::Command::new("cc")
            .args(["-shared", "-fPIC", "-o"])
            .arg(dir.join(file))
            .arg(&c)
            .status();
        assert!(status.is_ok_and(|s| s.success()), "cc failed for a fake {file}");
    }

    fn part_file(i: usize) -> String {
        let library = crate::bindings::LOADER.library();
        library.parts[i].file(library.major(crate::CUDNN_VERSION), false)
    }

    /// The run-time half: loaded or refused, then whether any file of the fake's folder is
    /// still mapped into the process.
    fn nothing_half_loaded() {
        let dir = Path::new(&std::env::var_os(crate::bindings::LOADER.library().variable).unwrap())
            .parent()
            .unwrap()
            .to_path_buf();
        match crate::bindings::LOADER.library_path() {
            Ok(path) => println!("loaded: {}", path.display()),
            Err(why) => println!("refused: {why}"),
        }
        let maps = std::fs::read_to_string("/proc/self/maps").unwrap_or_default();
        let mapped = maps.lines().filter(|line| line.contains(&*dir.to_string_lossy())).count();
        println!("mapped from its folder: {mapped}");
    }

    /// The header's release, one minor on, as cuDNN writes it.
    fn next_minor() -> (u32, String) {
        let (major, minor, patch) = cuda_loader::CUDNN.version.scheme.parts(i64::from(crate::CUDNN_VERSION));
        let next = (major * 10_000 + (minor + 1) * 100 + patch) as u32;
        (next, cuda_loader::CUDNN.version.scheme.text(next))
    }

    /// Issue 35: libcudnn_ops of another cuDNN 9 beside the front refuses the whole set, in one
    /// sentence naming both versions, and leaves nothing of it loaded; the same set with the
    /// part of its own release loads, parts and all.
    #[test]
    fn a_part_of_another_release_refuses_the_whole_set() {
        if cfg!(not(target_os = "linux")) {
            return;
        }
        let ours = cuda_loader::CUDNN.version.scheme.text(crate::CUDNN_VERSION);
        let (next, theirs) = next_minor();
        let packed = ((next / 10_000) << 16) | ((next / 100 % 100) << 8) | (next % 100);
        let ops = part_file(1);
        let mixed = fake_set("mixed", |dir| {
            // What a real libcudnn_ops of another release answers: its check fails against the
            // libcudnn_graph beside it (CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH).
            let source = format!(
                "const int cudnn_ops_infer_version = {packed};\nint cudnnOpsVersionCheck(void) {{ return 1002; }}\n"
            );
            replace_part(dir, &ops, &source);
        });
        let whole = fake_set("whole", |_| {});
        let refused = child("nothing_half_loaded", &mixed);
        let loaded = child("nothing_half_loaded", &whole);
        for library in [&mixed, &whole] {
            let _ = std::fs::remove_dir_all(library.parent().unwrap());
        }
        let sentence =
            refused.lines().find(|l| l.contains("refused: ")).unwrap_or_else(|| panic!("{refused}"));
        assert!(sentence.contains(&format!("is {ours}, and its part")), "{sentence}");
        assert!(sentence.contains(&format!("{ops} beside it is {theirs}")), "{sentence}");
        assert!(
            sentence.contains("cudnnOpsVersionCheck answers CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH"),
            "{sentence}"
        );
        assert!(refused.contains("mapped from its folder: 0"), "{refused}");
        assert!(loaded.contains(&format!("loaded: {}", whole.display())), "{loaded}");
        assert!(!loaded.contains("mapped from its folder: 0"), "its parts stay loaded: {loaded}");
    }

    /// libcudnn_graph of another release says so itself (cudnnGetVersion), and a part missing
    /// is refused before any call could reach the front (which stops the process without it).
    #[test]
    fn a_graph_of_another_release_or_a_missing_part_is_refused() {
        if cfg!(not(target_os = "linux")) {
            return;
        }
        let (next, theirs) = next_minor();
        let graph = part_file(0);
        let other_graph = fake_set("other graph", |dir| {
            let source = format!(
                "#include <stddef.h>\nsize_t cudnnGetVersion(void) {{ return {next}; }}\nint cudnnGraphVersionCheck(void) {{ return 0; }}\n"
            );
            replace_part(dir, &graph, &source);
        });
        let cnn = part_file(2);
        let missing = fake_set("missing", |dir| std::fs::remove_file(dir.join(&cnn)).unwrap());
        let graph_out = child("nothing_half_loaded", &other_graph);
        let missing_out = child("nothing_half_loaded", &missing);
        for library in [&other_graph, &missing] {
            let _ = std::fs::remove_dir_all(library.parent().unwrap());
        }
        assert!(
            graph_out.contains(&format!("{graph} beside it is {theirs}: a set of two releases")),
            "{graph_out}"
        );
        assert!(missing_out.contains(&format!("its part {cnn} is not beside it")), "{missing_out}");
        for out in [&graph_out, &missing_out] {
            assert!(out.contains("mapped from its folder: 0"), "{out}");
        }
    }
}
