//! The generator: a CUDA header in, Rust bindings out (hand-written; what it writes is
//! generated). The build scripts of libcuda-sys and cudart-sys and `cargo xtask vendor` all
//! call [`generate`], so generated and vendored bindings come from the same code.
//!
//! 1. `scan`: libclang reads the header's macros and comments (what bindgen does not give:
//!    `#define cuMemAlloc cuMemAlloc_v2` and what it expands to, with and without the
//!    per-thread default stream; which macros are array lengths; each function's group).
//! 2. bindgen turns declarations into Rust.
//! 3. `spelling`: members are reshaped so C's spellings compile (`prop.r#type`,
//!    `location.id` through an anonymous union).
//! 4. `emit`: everything is written as one file: the declarations, the function list for the
//!    crate's `cuda_fns!`, the renames, the `ptds` module, and the tables the crates read.

mod clang;
mod doc;
mod emit;
mod scan;
mod spelling;

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use bindgen::callbacks::{FieldInfo, IntKind, ParseCallbacks};

use crate::api::Api;
pub use spelling::Anonymous;

/// Why no bindings came out.
#[derive(Debug)]
pub enum Error {
    /// libclang could not be loaded.
    NoLibclang(String),
    /// clang or bindgen rejected the header.
    Parse(String),
    /// The header has a shape the generator does not know.
    Shape(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoLibclang(why) => write!(f, "libclang could not be loaded: {why}"),
            Error::Parse(why) => write!(f, "clang could not parse the header: {why}"),
            Error::Shape(why) => write!(f, "the header has a shape the generator does not know: {why}"),
        }
    }
}

/// Bindings for one header.
pub struct Generated {
    /// The Rust source, to be `include!`d by the crate.
    pub text: String,
    /// The header's version macro (`CUDA_VERSION`), as clang evaluated it.
    pub version: u32,
    /// Anonymous unions and structs, and how Rust reaches their members.
    pub anonymous: Vec<Anonymous>,
}

/// The bindings for `include/<api.header>`. With `comments`, NVIDIA's documentation from the
/// header goes into the doc comments (for bindings made on the user's machine); without it,
/// only declarations and links to NVIDIA's reference (for vendored bindings, which we publish).
///
/// `extra_includes`: more folders for the header's own `#include`s.
///
/// # Errors
/// No libclang, a header clang rejects, or one whose shape the generator does not know.
pub fn generate(
    api: &Api,
    include: &Path,
    extra_includes: &[PathBuf],
    comments: bool,
) -> Result<Generated, Error> {
    clang_sys::load().map_err(Error::NoLibclang)?;
    // One spelling of the folder, so clang's file names compare equal to ours.
    let include = include.canonicalize().map_err(|e| Error::Parse(format!("{}: {e}", include.display())))?;
    let header = include.join(api.header);
    if !header.is_file() {
        return Err(Error::Parse(format!("{} does not exist", header.display())));
    }
    let mut args = vec![format!("-I{}", include.display())];
    args.extend(extra_includes.iter().map(|dir| format!("-I{}", dir.display())));
    // In a build script, parse for the target, as bindgen does for its own parse.
    if let Ok(target) = std::env::var("TARGET") {
        args.push(format!("--target={target}"));
    }
    let scan = scan::scan(api, &include, &args)?;

    let keyword_fields = Rc::new(RefCell::new(BTreeSet::new()));
    let callbacks =
        Callbacks { array_lengths: scan.array_lengths.clone(), keyword_fields: keyword_fields.clone() };
    let mut builder = bindgen::Builder::default()
        .header(header.to_string_lossy())
        .clang_args(args.iter().filter(|a| a.starts_with("-I")))
        .allowlist_function(api.functions)
        .allowlist_type(api.types)
        .allowlist_var(api.vars)
        // Plain integer constants for every enum: they combine with `|` and pass to the
        // `unsigned int` flag parameters as in C, and a value the driver writes that this
        // header does not know is still a valid integer.
        .default_enum_style(bindgen::EnumVariation::Consts)
        .prepend_enum_name(false)
        // The result enum alone is a newtype: `#[must_use]`, named constants, Debug by name.
        .newtype_enum(api.result_enum)
        .must_use_type(api.result_enum)
        .no_debug(api.result_enum)
        .derive_default(true)
        .generate_comments(comments)
        .layout_tests(true)
        .merge_extern_blocks(true)
        .use_core()
        .ctypes_prefix("::core::ffi")
        .rust_target(bindgen::RustTarget::stable(77, 0).map_err(|e| Error::Parse(e.to_string()))?)
        .disable_header_comment()
        .formatter(bindgen::Formatter::None)
        .parse_callbacks(Box::new(callbacks));
    if let Some(version_header) = api.version_header {
        // The header that says which CUDA this is, from the same folders.
        let found = std::iter::once(include.as_path())
            .chain(extra_includes.iter().map(PathBuf::as_path))
            .map(|dir| dir.join(version_header))
            .find(|h| h.is_file())
            .ok_or_else(|| {
                Error::Parse(format!("no {version_header} beside {} to say its version", header.display()))
            })?;
        builder = builder.header(found.to_string_lossy());
    }
    for also in api.also {
        // Bound where the toolkit has it, from the same folders as the header's own includes.
        let found = std::iter::once(include.as_path())
            .chain(extra_includes.iter().map(PathBuf::as_path))
            .map(|dir| dir.join(also))
            .find(|h| h.is_file());
        if let Some(found) = found {
            builder = builder.header(found.to_string_lossy());
        }
    }
    for shared in &scan.shared_types {
        builder = builder.blocklist_type(format!("^{shared}$"));
    }
    let raw = builder.generate().map_err(|e| Error::Parse(e.to_string()))?.to_string();
    let file =
        syn::parse_file(&raw).map_err(|e| Error::Shape(format!("bindgen's output does not parse: {e}")))?;
    let keyword_fields = keyword_fields.borrow().clone();
    emit::emit(api, file, &scan, &keyword_fields, comments)
}

/// What bindgen tells us while it works.
#[derive(Debug)]
struct Callbacks {
    array_lengths: BTreeSet<String>,
    /// The member names the header spells with a Rust keyword (`type`, `fn`).
    keyword_fields: Rc<RefCell<BTreeSet<String>>>,
}

impl ParseCallbacks for Callbacks {
    /// A macro the header writes as an array length is a `usize`, so `[T; CU_IPC_HANDLE_SIZE]`
    /// compiles as C's `T x[CU_IPC_HANDLE_SIZE]` does.
    fn int_macro(&self, name: &str, _value: i64) -> Option<IntKind> {
        self.array_lengths.contains(name).then_some(IntKind::Custom { name: "usize", is_signed: false })
    }

    fn field_name(&self, info: FieldInfo<'_>) -> Option<String> {
        if spelling::is_keyword(info.field_name) {
            self.keyword_fields.borrow_mut().insert(info.field_name.to_string());
        }
        None
    }

    fn process_comment(&self, comment: &str) -> Option<String> {
        Some(doc::markdown(comment))
    }
}

// bindgen requires this of its callbacks; the generator runs on one thread.
impl std::panic::UnwindSafe for Callbacks {}
impl std::panic::RefUnwindSafe for Callbacks {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header in a temporary folder, for the generator.
    fn header(name: &str, text: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cuda-bindings-build-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("cuda.h"), text).unwrap();
        dir
    }

    const MINIMAL: &str = "#define CUDA_VERSION 12090\n\
        typedef enum cudaError_enum { CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1 } CUresult;\n\
        CUresult cuInit_v2(unsigned int Flags);\n\
        #define cuInit cuInit_v2\n";

    /// Issue 10, item 8: whatever a `#define cu...` expands to, the probe of the header's
    /// macros stays valid C (each expansion becomes a string literal), so no generated file
    /// the user cannot open fails; and renames are still found.
    #[test]
    fn unusual_macros_do_not_break_the_probe() {
        let dir = header(
            "unusual",
            &format!(
                "{MINIMAL}#define cuWeird 1 + 2\n#define cuUnbalanced )\n#define cuString \"a, b\"\n\
                 #define cuEmpty\n#define cuFunctionLike(x) x ## _v2\n"
            ),
        );
        let generated = generate(&crate::api::DRIVER, &dir, &[], false);
        std::fs::remove_dir_all(&dir).unwrap();
        let generated = generated.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(generated.version, 12090);
        assert!(generated.text.contains("pub use self::cuInit_v2 as cuInit;"), "{}", generated.text);
    }

    #[test]
    fn a_header_clang_rejects_says_where() {
        let dir = header("broken", &format!("{MINIMAL}this is not C;\n"));
        let error = generate(&crate::api::DRIVER, &dir, &[], false).err().expect("no bindings");
        std::fs::remove_dir_all(&dir).unwrap();
        let text = error.to_string();
        assert!(text.contains("cuda.h:5"), "{text}");
    }
}
