//! The generator: a CUDA header in, Rust bindings out (hand-written; what it writes is
//! generated). Every -sys crate's build script and `cargo xtask vendor` all
//! call [`generate`], so generated and vendored bindings come from the same code.
//!
//! 1. `scan`: libclang reads the header's macros and comments (what bindgen does not give:
//!    `#define cuMemAlloc cuMemAlloc_v2` and what it expands to, with and without the
//!    per-thread default stream; which macros are array lengths; each function's group).
//! 2. bindgen turns declarations into Rust.
//! 3. `spelling`: members are reshaped so C's spellings compile (`prop.r#type`,
//!    `location.id` through an anonymous union).
//! 4. `emit`: everything is written as one file: the declarations, the function list for the
//!    crate's `cuda_fns!` (and each sibling library's `sibling_fns!`), the renames, the `ptds` module,
//!    the tables the crates read, and the `cuda_loader::glue!` call made of the description.

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

use cuda_loader::Library;
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
    /// A variable the generator reads cannot be used as it is (it says which, and why).
    Setting(String),
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
            Error::Setting(why) => f.write_str(why),
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
    /// The names of the header's result codes (one per value), as the bindings have them.
    pub codes: Vec<String>,
}

/// The bindings for `include/<library.header>`. With `comments`, NVIDIA's documentation from the
/// header goes into the doc comments (for bindings made on the user's machine); without it,
/// only declarations and links to NVIDIA's reference (for vendored bindings, which we publish).
///
/// `extra_includes`: more folders for the header's own `#include`s.
///
/// # Errors
/// No libclang, a header clang rejects, or one whose shape the generator does not know; a
/// panic in clang-sys or bindgen is caught and becomes an error too.
pub fn generate(
    library: &Library,
    include: &Path,
    extra_includes: &[PathBuf],
    comments: bool,
) -> Result<Generated, Error> {
    catching_panics(|| generate_unguarded(library, include, extra_includes, comments))
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
    library: &Library,
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
    let header = include.join(library.header);
    if !header.is_file() {
        return Err(Error::Parse(format!("{} does not exist", header.display())));
    }
    let mut args = vec![format!("-I{}", include.display())];
    args.extend(extra_includes.iter().map(|dir| format!("-I{}", dir.display())));
    args.extend(library.build.binding.defines.iter().map(|name| format!("-D{name}")));
    // Last, so that a toolkit's own crt/ wins: what a runtime wheel lacks.
    // (Kept until the end of this function: its folder goes when it is dropped.)
    let stand_in = stand_in()?;
    args.push(format!("-I{}", stand_in.0.display()));
    // What bindgen adds to its own parse (a cross-compiling sysroot), so that ours sees the same.
    let extra = crate::env::extra_clang_args().map_err(Error::Setting)?;
    // In a build script, parse for the target, as bindgen does for its own parse.
    if let Ok(target) = std::env::var("TARGET") {
        args.push(format!("--target={target}"));
    }
    let scan_args: Vec<String> = args.iter().chain(&extra).cloned().collect();
    let scan = scan::scan(library, &include, &scan_args)?;

    let keyword_fields = Rc::new(RefCell::new(BTreeSet::new()));
    let callbacks = Callbacks {
        array_lengths: scan.array_lengths.clone(),
        keyword_fields: keyword_fields.clone(),
        shared_types: scan.shared_types.clone(),
        shared_pointers: scan.shared_pointers.clone(),
    };
    let mut builder = bindgen::Builder::default().header(header.to_string_lossy());
    // The headers bound, named in the output's first line: those bound with the library's own
    // are where the toolkit has them (a PyPI runtime wheel has no profiler header).
    let mut bound = vec![library.header];
    for also in library.headers().skip(1) {
        if let Some(path) =
            std::iter::once(&include).chain(extra_includes).map(|d| d.join(also)).find(|p| p.is_file())
        {
            builder = builder.header(path.to_string_lossy());
            bound.push(also);
        }
    }
    let mut builder = builder
        .clang_args(args.iter().filter(|a| a.starts_with("-I") || a.starts_with("-D")))
        .allowlist_function(library.build.binding.functions)
        .allowlist_type(library.build.binding.types)
        .allowlist_var(library.build.binding.vars)
        // Plain integer constants for every enum: they combine with `|` and pass to the
        // `unsigned int` flag parameters as in C, and a value the driver writes that this
        // header does not know is still a valid integer.
        .default_enum_style(bindgen::EnumVariation::Consts)
        .prepend_enum_name(false)
        // The result enum alone is a newtype: `#[must_use]`, named constants, Debug by name.
        .newtype_enum(library.codes.enum_name)
        .must_use_type(library.codes.enum_name)
        .no_debug(library.codes.enum_name)
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
    if let Some(version_header) = library.version.header {
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
    // One pattern for them all: bindgen matches every item against each pattern it is given, and
    // hundreds of patterns (a math library shares that many of the runtime's types) were a third of a
    // generation's time.
    if !scan.shared_types.is_empty() {
        let names: Vec<&str> = scan.shared_types.iter().map(String::as_str).collect();
        builder = builder.blocklist_type(format!("^(?:{})$", names.join("|")));
    }
    // C's `FILE` (a library's logger may take one) is the C library's own struct, whose layout
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
    let mut generated = emit::emit(library, &bound, file, &scan, &keyword_fields, comments)?;
    // Files on disk only: the unit's own source is text handed to clang, and a file Cargo is
    // told to watch that does not exist reruns the build every time. Our stand-in is the
    // crate's own (and written during the build, which would rerun it once more).
    generated.files =
        files.into_iter().filter(|f| f.is_absolute() && f.is_file() && !f.starts_with(&stand_in.0)).collect();
    // What a build publishes (and every cfg a dependent gets) follows from this number.
    crate::header::plausible_for(library, generated.version)
        .map_err(|why| Error::Shape(format!("it defines {why}")))?;
    Ok(generated)
}

/// Whether libclang can be loaded here (`LIBCLANG_PATH`, or the system's): what generation and
/// the tests that generate need.
pub fn libclang_available() -> bool {
    clang::load().is_ok()
}

/// Our stand-ins: their paths under the folder, and their text.
const STAND_INS: &[(&str, &str)] = &[
    ("crt/host_defines.h", include_str!("stand-in/crt/host_defines.h")),
    ("crt/host_config.h", include_str!("stand-in/crt/host_config.h")),
    ("nv/target", include_str!("stand-in/nv/target")),
];

/// A folder of one caller's own holding our stand-ins, removed when dropped.
struct StandIn(PathBuf);

impl AsRef<Path> for StandIn {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for StandIn {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `crt/host_defines.h`, which `cuda_runtime_api.h` includes, and `crt/host_config.h`, which
/// `cuda_runtime.h` includes (a library's header may include that), both of which NVIDIA's runtime
/// wheels lack: our stand-ins (see the files), written into a new folder of this call's own
/// (under the build's `OUT_DIR`, or the temporary directory): created by this call alone (it
/// fails rather than take a folder that exists), under a name no one can foresee, open to
/// this user only. Callers on other threads or in other processes never share one.
fn stand_in() -> Result<StandIn, Error> {
    use std::hash::{BuildHasher as _, Hasher as _};
    let base = std::env::var_os("OUT_DIR").map(PathBuf::from).unwrap_or_else(std::env::temp_dir);
    let mut last = None;
    for _ in 0..16 {
        // std's hasher keys are random, drawn from the system once per process and moved on
        // for each new one.
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u128(
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos(),
        );
        let dir = base.join(format!(
            "cuda-bindings-build-stand-in-{}-{:016x}",
            std::process::id(),
            hasher.finish()
        ));
        // Only its owner may enter it, where the system has modes.
        #[cfg_attr(not(unix), allow(unused_mut))]
        let mut builder = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        match builder.create(&dir) {
            Ok(()) => {
                let folder = StandIn(dir);
                for (name, text) in STAND_INS {
                    let file = folder.0.join(name);
                    std::fs::create_dir_all(file.parent().unwrap_or(&folder.0))
                        .and_then(|()| std::fs::write(&file, text))
                        .map_err(|e| Error::Parse(format!("cannot write {}: {e}", file.display())))?;
                }
                return Ok(folder);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(Error::Parse(format!("cannot make a folder in {}: {e}", base.display()))),
        }
    }
    Err(Error::Parse(format!(
        "cannot make a folder of its own in {}: {}",
        base.display(),
        last.map(|e| e.to_string()).unwrap_or_default()
    )))
}

/// What bindgen tells us while it works.
#[derive(Debug)]
struct Callbacks {
    array_lengths: BTreeSet<String>,
    /// The member names the header spells with a Rust keyword (`type`, `fn`).
    keyword_fields: Rc<RefCell<BTreeSet<String>>>,
    /// The types the shared crate defines (blocklisted here).
    shared_types: BTreeSet<String>,
    /// Those that are pointers (see `Scan::shared_pointers`).
    shared_pointers: BTreeSet<String>,
}

impl ParseCallbacks for Callbacks {
    /// The shared crate's types come from this same generator, which gives every struct
    /// `Copy`, `Clone`, `Debug` and `Default`: so `cudaDeviceProp`, which holds cuda.h's
    /// `CUuuid_st`, derives them too. Were the shared crate to lack one, this crate would not
    /// compile, never be wrong. A pointer (`cudaStream_t`) has `Default` only from Rust 1.88,
    /// newer than the crates' minimum: a struct holding one gets bindgen's zeroing `impl`.
    fn blocklisted_type_implements_trait(&self, name: &str, derive: DeriveTrait) -> Option<ImplementsTrait> {
        let ours = matches!(derive, DeriveTrait::Copy | DeriveTrait::Debug | DeriveTrait::Default);
        // bindgen names the type as C writes it: `struct CUuuid_st`.
        let name = name.strip_prefix("struct ").or_else(|| name.strip_prefix("union ")).unwrap_or(name);
        if derive == DeriveTrait::Default && self.shared_pointers.contains(name) {
            return Some(ImplementsTrait::No);
        }
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

/// The arguments of a call or the parameters of a declaration, from the tokens after its `(`:
/// each one's tokens, up to the matching `)`, split at the commas outside inner parentheses.
/// `f()` is one empty argument.
fn split_arguments(tokens_after_open: &[String]) -> Vec<Vec<&str>> {
    let mut depth = 0;
    let mut arguments: Vec<Vec<&str>> = vec![Vec::new()];
    for token in tokens_after_open {
        match token.as_str() {
            "(" => depth += 1,
            ")" if depth == 0 => break,
            ")" => depth -= 1,
            "," if depth == 0 => {
                arguments.push(Vec::new());
                continue;
            }
            _ => {}
        }
        if let Some(argument) = arguments.last_mut() {
            argument.push(token);
        }
    }
    arguments
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_split_at_their_own_commas_only() {
        let tokens: Vec<String> = "a , g ( b , c ) , ( d ) ) , e".split(' ').map(String::from).collect();
        assert_eq!(
            split_arguments(&tokens),
            vec![vec!["a"], vec!["g", "(", "b", ",", "c", ")"], vec!["(", "d", ")"]]
        );
        assert_eq!(split_arguments(&[")".to_string()]), vec![Vec::<&str>::new()]);
    }

    /// A header in a temporary folder, for the generator.
    fn header(name: &str, text: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cuda-bindings-build-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("cuda.h"), text).unwrap();
        dir
    }

    /// What the driver's description needs of a header: its codes and functions.
    const MINIMAL: &str = "#define CUDA_VERSION 12090\n\
        typedef enum cudaError_enum { CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_STUB_LIBRARY = 34, \
        CUDA_ERROR_NOT_FOUND = 500 } CUresult;\n\
        CUresult cuInit_v2(unsigned int Flags);\n\
        CUresult cuDriverGetVersion(int *version);\n\
        CUresult cuGetErrorName(CUresult error, const char **name);\n\
        CUresult cuGetErrorString(CUresult error, const char **text);\n\
        #define cuInit cuInit_v2\n";

    /// Issue 10, item 8: whatever a `#define cu...` expands to, the probe of the header's
    /// macros stays valid C (each expansion becomes a string literal), so no generated file
    /// the user cannot open fails; and renames are still found.
    #[test]
    #[ignore = "needs libclang (Debian: apt-get install libclang-dev, or set LIBCLANG_PATH): run with --include-ignored"]
    fn unusual_macros_do_not_break_the_probe() {
        let dir = header(
            "unusual",
            &format!(
                "{MINIMAL}#define cuWeird 1 + 2\n#define cuUnbalanced )\n#define cuString \"a, b\"\n\
                 #define cuEmpty\n#define cuFunctionLike(x) x ## _v2\n"
            ),
        );
        let generated = generate(&cuda_loader::DRIVER, &dir, &[], false);
        std::fs::remove_dir_all(&dir).unwrap();
        let generated = generated.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(generated.version, 12090);
        assert!(generated.text.contains("pub use self::cuInit_v2 as cuInit;"), "{}", generated.text);
    }

    /// A `static inline` function whose body only calls a library symbol with its arguments
    /// (a header naming its symbols by release, `fooCreate` calling `__fooCreate_13_0`) is that
    /// symbol under the name C calls; one that does more, or calls nothing the library has, is
    /// not bound at all (bindgen binds no inline function).
    #[test]
    #[ignore = "needs libclang (Debian: apt-get install libclang-dev, or set LIBCLANG_PATH): run with --include-ignored"]
    fn an_inline_function_forwarding_to_a_symbol_is_that_symbol() {
        let dir = header(
            "inline",
            &format!(
                "{MINIMAL}CUresult cuFoo_13_0(int x, const char *name);\n\
                 static inline CUresult cuFoo(int x, const char *name) {{ return cuFoo_13_0 (x, name); }}\n\
                 static inline CUresult cuTwice(int x) {{ cuFoo_13_0(x, 0); return cuFoo_13_0(x, 0); }}\n\
                 static inline int cuLocal(int x) {{ return x; }}\n\
                 static inline CUresult cuSum(int x) {{ return (CUresult)(cuFoo_13_0(x, 0) + cuFoo_13_0(x, 0)); }}\n"
            ),
        );
        let generated = generate(&cuda_loader::DRIVER, &dir, &[], false);
        std::fs::remove_dir_all(&dir).unwrap();
        let text = generated.unwrap_or_else(|e| panic!("{e}")).text;
        assert!(text.contains("pub use self::cuFoo_13_0 as cuFoo;"), "{text}");
        assert!(text.contains("(\"cuFoo\", \"cuFoo_13_0\")"), "the renames' table:\n{text}");
        for not_bound in ["cuTwice", "cuLocal", "cuSum"] {
            assert!(
                !text.contains(&format!(" as {not_bound};")) && !text.contains(&format!("fn {not_bound}(")),
                "{not_bound}:\n{text}"
            );
        }
    }

    /// Issue 33, item 19: every caller gets stand-ins of its own, whole, in a folder no other
    /// user can enter or foresee: the tests of one process ran the generator on many threads at
    /// once, and they shared one folder of a fixed name in the temporary directory, renaming
    /// one partial file named by the process (one run in three failed: "cannot write .../crt/
    /// host_defines.h: No such file or directory").
    #[test]
    fn each_caller_gets_stand_ins_of_its_own() {
        let folders: Vec<Vec<PathBuf>> = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..16)
                .map(|_| {
                    scope.spawn(|| {
                        (0..25)
                            .map(|_| {
                                let dir = stand_in().unwrap_or_else(|e| panic!("{e}"));
                                let path: &Path = dir.as_ref();
                                for (name, text) in STAND_INS {
                                    assert_eq!(std::fs::read_to_string(path.join(name)).unwrap(), *text);
                                }
                                #[cfg(unix)]
                                {
                                    use std::os::unix::fs::PermissionsExt as _;
                                    let mode = std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
                                    assert_eq!(mode, 0o700, "{} is open to others", path.display());
                                }
                                path.to_path_buf()
                            })
                            .collect()
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        let mut all: Vec<&PathBuf> = folders.iter().flatten().collect();
        let count = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), count, "callers shared a folder");
        // Each folder is the caller's for as long as it holds it, and gone after.
        assert!(all.iter().all(|dir| !dir.exists()), "stand-in folders are left behind");
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

    /// Issue 42, item 5: a status type with negative codes (errors below 0, warnings
    /// above) keeps every code, as its 32 bits in the table the loader searches; a description
    /// that says its codes are unsigned is told which code is negative.
    #[test]
    #[ignore = "needs libclang (Debian: apt-get install libclang-dev, or set LIBCLANG_PATH): run with --include-ignored"]
    fn negative_codes_are_kept_where_the_description_says_signed() {
        let negative = MINIMAL
            .replace("CUDA_ERROR_INVALID_VALUE = 1", "CUDA_ERROR_INVALID_VALUE = -2, CUDA_WARNING = 6")
            .replace("CUDA_ERROR_NOT_FOUND = 500", "CUDA_ERROR_NOT_FOUND = -9999");
        let dir = header("negative", &negative);
        let unsigned = generate(&cuda_loader::DRIVER, &dir, &[], false).err().expect("refused").to_string();
        const SIGNED: cuda_loader::Library = cuda_loader::Library {
            codes: cuda_loader::Codes { signed: true, ..cuda_loader::DRIVER.codes },
            ..cuda_loader::DRIVER
        };
        let generated = generate(&SIGNED, &dir, &[], false);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            unsigned.contains("CUDA_ERROR_NOT_FOUND is -9999")
                || unsigned.contains("CUDA_ERROR_INVALID_VALUE is -2"),
            "{unsigned}"
        );
        assert!(unsigned.contains("codes.signed"), "{unsigned}");
        let text = generated.unwrap_or_else(|e| panic!("{e}")).text;
        let table = &text[text.find("RESULTS").expect("a table")..];
        let rows: Vec<&str> = table.lines().skip(1).take_while(|l| l.starts_with("    (")).collect();
        // Sorted by their 32 bits, the negative ones after the positive ones.
        let names: Vec<&str> = rows.iter().map(|r| r.split('"').nth(1).unwrap()).collect();
        assert_eq!(
            names,
            [
                "CUDA_SUCCESS",
                "CUDA_WARNING",
                "CUDA_ERROR_STUB_LIBRARY",
                "CUDA_ERROR_NOT_FOUND",
                "CUDA_ERROR_INVALID_VALUE"
            ],
            "{table}"
        );
        assert!(
            rows[3].starts_with("    (-9999_i32 as u32,") && rows[4].starts_with("    (-2_i32 as u32,"),
            "{table}"
        );
    }

    /// Issue 24, item 6: a version macro no CUDA version has is not believed.
    #[test]
    #[ignore = "needs libclang (Debian: apt-get install libclang-dev, or set LIBCLANG_PATH): run with --include-ignored"]
    fn an_impossible_version_macro_is_refused() {
        let dir = header("impossible", &MINIMAL.replace("12090", "4294967295"));
        let error = generate(&cuda_loader::DRIVER, &dir, &[], false).err().expect("no bindings");
        std::fs::remove_dir_all(&dir).unwrap();
        let text = error.to_string();
        assert!(text.contains("CUDA_VERSION 4294967295, which no CUDA version has"), "{text}");
    }

    #[test]
    #[ignore = "needs libclang (Debian: apt-get install libclang-dev, or set LIBCLANG_PATH): run with --include-ignored"]
    fn a_header_clang_rejects_says_where() {
        let dir = header("broken", &format!("{MINIMAL}this is not C;\n"));
        let error = generate(&cuda_loader::DRIVER, &dir, &[], false).err().expect("no bindings");
        std::fs::remove_dir_all(&dir).unwrap();
        let text = error.to_string();
        // The line after the minimal header: the one clang rejects.
        let line = MINIMAL.lines().count() + 1;
        assert!(text.contains(&format!("cuda.h:{line}")), "{text}");
    }
}
