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

mod anchor;
mod clang;
pub mod cpp;
mod doc;
mod emit;
mod scan;
mod spelling;

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use bindgen::callbacks::{DeriveTrait, FieldInfo, ImplementsTrait, IntKind, ParseCallbacks};

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
    /// clang-sys or bindgen panicked (they do on some libraries and inputs).
    Panic(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoLibclang(why) => write!(f, "libclang could not be loaded: {why}"),
            Error::Parse(why) => write!(f, "clang could not parse the header: {why}"),
            Error::Shape(why) => write!(f, "the header has a shape the generator does not know: {why}"),
            Error::Panic(why) => {
                write!(f, "libclang could not be used (clang-sys or bindgen stopped: {why})")
            }
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
    /// Every file the generator read: the header, all it includes, and the version header.
    pub files: Vec<PathBuf>,
}

/// The bindings for `include/<api.header>`. With `comments`, NVIDIA's documentation from the
/// header goes into the doc comments (for bindings made on the user's machine); without it,
/// only declarations and links to NVIDIA's reference (for vendored bindings, which we publish).
///
/// `extra_includes`: more folders for the header's own `#include`s.
///
/// # Errors
/// No libclang, a header clang rejects, or one whose shape the generator does not know; a
/// panic in clang-sys or bindgen is caught and becomes an error too.
pub fn generate(
    api: &Api,
    include: &Path,
    extra_includes: &[PathBuf],
    comments: bool,
) -> Result<Generated, Error> {
    catching_panics(|| generate_unguarded(api, include, extra_includes, comments))
}

/// `f`, with a panic on this thread made an [`Error::Panic`] and kept off stderr: a build script
/// falls back with a message (or stops with one in strict mode), never with a backtrace.
fn catching_panics<T>(f: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    let this = std::thread::current().id();
    let previous = std::sync::Arc::new(std::panic::take_hook());
    let others = previous.clone();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() != this {
            (*others)(info);
        }
    }));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    // Ours goes (with its reference to the previous hook), and the previous one comes back as
    // it was, unless another thread has set one meanwhile.
    drop(std::panic::take_hook());
    match std::sync::Arc::try_unwrap(previous) {
        Ok(hook) => std::panic::set_hook(hook),
        Err(previous) => std::panic::set_hook(Box::new(move |info| (*previous)(info))),
    }
    result.unwrap_or_else(|payload| {
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(Error::Panic(text.split_whitespace().collect::<Vec<_>>().join(" ")))
    })
}

fn generate_unguarded(
    api: &Api,
    include: &Path,
    extra_includes: &[PathBuf],
    comments: bool,
) -> Result<Generated, Error> {
    clang::load().map_err(Error::NoLibclang)?;
    if include.to_str().is_none() {
        return Err(Error::Parse(format!(
            "{} is not UTF-8, and clang takes paths as text",
            include.display()
        )));
    }
    // One spelling of the folder, so clang's file names compare equal to ours.
    let include = include.canonicalize().map_err(|e| Error::Parse(format!("{}: {e}", include.display())))?;
    let header = include.join(api.header);
    if !header.is_file() {
        return Err(Error::Parse(format!("{} does not exist", header.display())));
    }
    let mut args = vec![format!("-I{}", include.display())];
    args.extend(extra_includes.iter().map(|dir| format!("-I{}", dir.display())));
    args.extend(api.defines.iter().map(|name| format!("-D{name}")));
    // Last, so that a toolkit's own crt/ wins: what a runtime wheel lacks.
    let stand_in = stand_in()?;
    args.push(format!("-I{}", stand_in.display()));
    // What bindgen adds to its own parse (a cross-compiling sysroot), so that ours sees the same.
    let extra = crate::env::extra_clang_args();
    // In a build script, parse for the target, as bindgen does for its own parse.
    if let Ok(target) = std::env::var("TARGET") {
        args.push(format!("--target={target}"));
    }
    let scan_args: Vec<String> = args.iter().chain(&extra).cloned().collect();
    let scan = scan::scan(api, &include, &scan_args)?;

    let keyword_fields = Rc::new(RefCell::new(BTreeSet::new()));
    let callbacks = Callbacks {
        array_lengths: scan.array_lengths.clone(),
        keyword_fields: keyword_fields.clone(),
        shared_types: scan.shared_types.clone(),
    };
    let mut builder = bindgen::Builder::default().header(header.to_string_lossy());
    for also in api.also {
        if let Some(path) =
            std::iter::once(&include).chain(extra_includes).map(|d| d.join(also)).find(|p| p.is_file())
        {
            builder = builder.header(path.to_string_lossy());
        }
    }
    let mut builder = builder
        .clang_args(args.iter().filter(|a| a.starts_with("-I") || a.starts_with("-D")))
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
        // C++'s `dim3` is 1, 1, 1 when not given; the crate writes that `Default` itself.
        .no_default("dim3")
        // Debug for every struct C copies by value, the ones holding unions too (a union
        // prints as `{ union }`: which member is live, only the program knows).
        .impl_debug(true)
        .generate_comments(comments)
        .layout_tests(true)
        .merge_extern_blocks(true)
        .use_core()
        .ctypes_prefix("::core::ffi")
        .rust_target(bindgen::RustTarget::stable(77, 0).map_err(|e| Error::Parse(e.to_string()))?)
        .disable_header_comment()
        .formatter(bindgen::Formatter::None)
        .parse_callbacks(Box::new(callbacks));
    let mut files = scan.files.clone();
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
        files.insert(found);
    }
    for shared in &scan.shared_types {
        builder = builder.blocklist_type(format!("^{shared}$"));
    }
    // C's `FILE` (cuBLASLt's logger takes one) is the C library's own struct, whose layout
    // differs between C libraries and OSes: only ever behind a pointer, so opaque here, and
    // bindings generated on Linux stay valid on Windows.
    builder = builder.blocklist_type("^_IO_FILE$");
    let mut raw = builder.generate().map_err(|e| Error::Parse(e.to_string()))?.to_string();
    if raw.contains("_IO_FILE") {
        raw.push_str(
            "/// C's `FILE`: the C library's own, used only behind a pointer.\n\
             #[repr(C)]\npub struct _IO_FILE {\n    _private: [u8; 0],\n}\n",
        );
    }
    let file =
        syn::parse_file(&raw).map_err(|e| Error::Shape(format!("bindgen's output does not parse: {e}")))?;
    let keyword_fields = keyword_fields.borrow().clone();
    let mut generated = emit::emit(api, file, &scan, &keyword_fields, comments)?;
    // Files on disk only: the unit's own source is text handed to clang, and a file Cargo is
    // told to watch that does not exist reruns the build every time. Our stand-in is the
    // crate's own (and written during the build, which would rerun it once more).
    generated.files =
        files.into_iter().filter(|f| f.is_absolute() && f.is_file() && !f.starts_with(&stand_in)).collect();
    // What a build publishes (and every cfg a dependent gets) follows from this number.
    crate::header::plausible(api.version_macro, generated.version)
        .map_err(|why| Error::Shape(format!("it defines {why}")))?;
    Ok(generated)
}

/// `crt/host_defines.h`, which `cuda_runtime_api.h` includes, and `crt/host_config.h`, which
/// `cuda_runtime.h` includes (NCCL's header includes that), both of which NVIDIA's runtime
/// wheels lack: our stand-ins (see the files), written to a folder of their own (the build's
/// `OUT_DIR`, or a temporary one), which is returned.
fn stand_in() -> Result<PathBuf, Error> {
    const FILES: &[(&str, &str)] = &[
        ("crt/host_defines.h", include_str!("stand-in/crt/host_defines.h")),
        ("crt/host_config.h", include_str!("stand-in/crt/host_config.h")),
    ];
    let base = std::env::var_os("OUT_DIR").map(PathBuf::from).unwrap_or_else(std::env::temp_dir);
    let dir = base.join(format!("cuda-bindings-build-stand-in-{}", env!("CARGO_PKG_VERSION")));
    for (name, text) in FILES {
        let file = dir.join(name);
        if std::fs::read_to_string(&file).ok().as_deref() == Some(*text) {
            continue;
        }
        // Written whole under another name, then renamed: a parallel build reads all or nothing.
        let write = || {
            std::fs::create_dir_all(dir.join("crt"))?;
            let partial = dir.join(format!("{name}.{}", std::process::id()));
            std::fs::write(&partial, text)?;
            std::fs::rename(&partial, &file)
        };
        write().map_err(|e| Error::Parse(format!("cannot write {}: {e}", file.display())))?;
    }
    Ok(dir)
}

/// What bindgen tells us while it works.
#[derive(Debug)]
struct Callbacks {
    array_lengths: BTreeSet<String>,
    /// The member names the header spells with a Rust keyword (`type`, `fn`).
    keyword_fields: Rc<RefCell<BTreeSet<String>>>,
    /// The types the shared crate defines (blocklisted here).
    shared_types: BTreeSet<String>,
}

impl ParseCallbacks for Callbacks {
    /// The shared crate's types come from this same generator, which gives every struct
    /// `Copy`, `Clone`, `Debug` and `Default`: so `cudaDeviceProp`, which holds cuda.h's
    /// `CUuuid_st`, derives them too. Were the shared crate to lack one, this crate would not
    /// compile, never be wrong.
    fn blocklisted_type_implements_trait(&self, name: &str, derive: DeriveTrait) -> Option<ImplementsTrait> {
        let ours = matches!(derive, DeriveTrait::Copy | DeriveTrait::Debug | DeriveTrait::Default);
        // bindgen names the type as C writes it: `struct CUuuid_st`.
        let name = name.strip_prefix("struct ").or_else(|| name.strip_prefix("union ")).unwrap_or(name);
        (ours && self.shared_types.contains(name)).then_some(ImplementsTrait::Yes)
    }

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

    /// Issue 24, item 9: whatever clang-sys or bindgen panics on becomes an error of one line.
    #[test]
    fn a_panic_while_generating_is_an_error() {
        let result: Result<(), Error> =
            catching_panics(|| panic!("A `libclang` function was called\n  that is not supported"));
        match result {
            Err(Error::Panic(why)) => {
                assert_eq!(why, "A `libclang` function was called that is not supported")
            }
            other => panic!("{other:?}"),
        }
        let result: Result<(), Error> = catching_panics(|| Err(Error::Shape("kept".into())));
        assert!(matches!(result, Err(Error::Shape(why)) if why == "kept"));
    }

    /// Issue 24, item 6: a version macro no CUDA version has is not believed.
    #[test]
    fn an_impossible_version_macro_is_refused() {
        let dir = header("impossible", &MINIMAL.replace("12090", "4294967295"));
        let error = generate(&crate::api::DRIVER, &dir, &[], false).err().expect("no bindings");
        std::fs::remove_dir_all(&dir).unwrap();
        let text = error.to_string();
        assert!(text.contains("CUDA_VERSION 4294967295, which no CUDA version has"), "{text}");
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
