//! What the tests that run without any CUDA library share: every library's loader pointed at
//! nothing, from the libraries' descriptions.

use std::path::PathBuf;
use std::sync::Once;

use cuda_loader::Library;

/// An absolute path where `library`'s file is not.
pub fn nowhere(library: &Library) -> PathBuf {
    let root = if cfg!(windows) { r"C:\nonexistent" } else { "/nonexistent" };
    PathBuf::from(root).join(library.file(0))
}

/// Points every library's loader (and every sibling library's) at nothing, before anything in
/// this process can load one; every test calls this first.
pub fn nothing_to_load() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for library in cuda_loader::all_with_siblings() {
            std::env::set_var(library.variable, nowhere(library));
        }
    });
}
