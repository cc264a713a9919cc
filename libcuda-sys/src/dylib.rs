//! Loading a shared library on its first call, without a lock: what libcuda-sys's loader and
//! cudart-sys's have in common (the rules each follows are in its `loader` module's docs).
//!
//! Not part of this crate's API: it is public, and hidden, for cudart-sys alone, which is
//! released in lockstep with it (`=` version requirement).

use std::ffi::{c_void, CStr, OsString};
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

#[cfg(unix)]
#[path = "dylib/unix.rs"]
pub mod os;
#[cfg(windows)]
#[path = "dylib/windows.rs"]
pub mod os;

/// `name\0` as a `&'static CStr`, at compile time: what the loader hands to `dlsym`. A name
/// with a NUL inside stops the build (no generated name has one).
pub const fn symbol(name: &'static str) -> &'static CStr {
    match CStr::from_bytes_with_nul(name.as_bytes()) {
        Ok(symbol) => symbol,
        Err(_) => panic!("a symbol name must end in its only NUL"),
    }
}

/// What a function returns when its library cannot be reached (`E`, the loader's error), and
/// the code a returned value carries, if it is one: each crate implements it for the return
/// types of its functions.
pub trait Unreachable<E>: Sized {
    fn unreachable(error: E) -> Self;
    fn code(&self) -> Option<u32>;
}

/// Where the system may look for a library given by name (Windows tells them apart; `dlopen`
/// searches the same way for every bare name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// An absolute path: that file (and its own dependencies beside it).
    Exact,
    /// The system directory only: where the NVIDIA driver installs `nvcuda.dll`.
    System,
    /// The application's folder and the system directory, never the current directory or
    /// `PATH`: where an application ships the CUDA runtime's DLL.
    ApplicationAndSystem,
}

/// One library: how messages name it and where a user may point at it.
#[derive(Debug, PartialEq, Eq)]
pub struct Spec {
    /// `the CUDA driver`.
    pub what: &'static str,
    /// `libcuda`.
    pub library: &'static str,
    /// The file a user would point at: `libcuda.so.1`.
    pub file: &'static str,
    /// The variable naming that file's absolute path.
    pub variable: &'static str,
    /// What to do when nothing could be loaded: `Install the NVIDIA driver`.
    pub install: &'static str,
    /// Where the system looks for a candidate given by bare name.
    pub search: Search,
}

/// A loaded library.
pub struct Library {
    pub handle: os::Handle,
    /// Where the dynamic loader found it (or, if it cannot tell, the name it was asked for).
    pub path: PathBuf,
    /// It came from the spec's variable.
    pub from_variable: bool,
}

impl Library {
    /// `name`'s address in the library, or null.
    pub fn symbol(&self, name: &CStr) -> *mut c_void {
        os::symbol(&self.handle, name)
    }
}

/// Why a library could not be loaded: each file tried and why it failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    spec: &'static Spec,
    attempts: Vec<(PathBuf, String)>,
    kind: LoadErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum LoadErrorKind {
    /// The default names were tried; `Some(why)` when the variable was set but ignored.
    Search { ignored_variable: Option<&'static str> },
    /// The variable named the file, which could not be loaded.
    Variable,
    /// The variable holds a relative path: refused, nothing loaded.
    RelativeVariable,
    /// The library is linked, but where the dynamic linker found it is unknown.
    Linked,
}

impl LoadError {
    /// The files tried (or refused), each with the reason: the dynamic loader's message, or
    /// why the file was not even tried.
    pub fn attempts(&self) -> &[(PathBuf, String)] {
        &self.attempts
    }

    /// A linked library whose file the dynamic linker does not name.
    pub fn linked(spec: &'static Spec, why: &str) -> LoadError {
        LoadError {
            spec,
            attempts: vec![(PathBuf::from(spec.file), why.into())],
            kind: LoadErrorKind::Linked,
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Spec { what, library, file, variable, install, .. } = self.spec;
        if let LoadErrorKind::RelativeVariable = self.kind {
            let path = self.attempts.first().map(|(p, _)| p.display().to_string()).unwrap_or_default();
            return write!(
                f,
                "{what} was not loaded: {variable} is the relative path `{path}`, which would be looked \
                 up from whatever the working directory is. Set it to the absolute path of {what}'s {file}"
            );
        }
        if let LoadErrorKind::Linked = self.kind {
            let reason = self.attempts.first().map(|(_, r)| r.as_str()).unwrap_or_default();
            return write!(f, "{what} is linked, but its path is unknown: {reason}");
        }
        write!(f, "{what} ({library}) could not be loaded: ")?;
        // "a: no such file; b: no such file" reads as "a, b: no such file".
        let mut groups: Vec<(Vec<String>, &str)> = Vec::new();
        for (path, message) in &self.attempts {
            let shown = path.display().to_string();
            let reason =
                message.strip_prefix(shown.as_str()).and_then(|m| m.strip_prefix(": ")).unwrap_or(message);
            match groups.last_mut() {
                Some((paths, last)) if *last == reason => paths.push(shown),
                _ => groups.push((vec![shown], reason)),
            }
        }
        for (i, (paths, reason)) in groups.iter().enumerate() {
            let sep = if i == 0 { "" } else { "; " };
            write!(f, "{sep}{}: {reason}", paths.join(", "))?;
        }
        match self.kind {
            LoadErrorKind::Variable => {
                write!(f, ". Check {variable}: it must be the absolute path of {what}'s {file}")
            }
            LoadErrorKind::Search { ignored_variable: Some(why) } => write!(
                // The variable cannot help here, so it is not suggested.
                f,
                ". {variable} was ignored: {why}, where, as with LD_LIBRARY_PATH, the environment \
                 may not choose the libraries a program loads. {install}"
            ),
            LoadErrorKind::Search { ignored_variable: None } => {
                write!(f, ". {install}, or set {variable} to the absolute path of its {file}")
            }
            LoadErrorKind::RelativeVariable | LoadErrorKind::Linked => Ok(()),
        }
    }
}

impl std::error::Error for LoadError {}

/// Loads `spec`'s library: the file its variable names when set (absolute paths only, and not
/// in secure-execution mode, where it is ignored as glibc ignores `LD_LIBRARY_PATH`), else the
/// first of `candidates` that loads.
pub fn load(spec: &'static Spec, candidates: &[OsString]) -> Result<Library, LoadError> {
    let variable = std::env::var_os(spec.variable).filter(|p| !p.is_empty());
    let ignored_variable = variable.as_ref().and_then(|_| os::secure_execution());
    match variable {
        Some(path) if ignored_variable.is_none() => load_variable(spec, path),
        _ => search(spec, candidates, ignored_variable),
    }
}

fn load_variable(spec: &'static Spec, path: OsString) -> Result<Library, LoadError> {
    let path = PathBuf::from(path);
    if !path.is_absolute() {
        let why = format!("a relative path: {} must be absolute, so it was not loaded", spec.variable);
        return Err(LoadError { spec, attempts: vec![(path, why)], kind: LoadErrorKind::RelativeVariable });
    }
    match os::open(path.as_os_str(), Search::Exact) {
        Ok(handle) => {
            Ok(Library { path: os::loaded_from(&handle).unwrap_or(path), handle, from_variable: true })
        }
        Err(why) => Err(LoadError { spec, attempts: vec![(path, why)], kind: LoadErrorKind::Variable }),
    }
}

fn search(
    spec: &'static Spec,
    candidates: &[OsString],
    ignored_variable: Option<&'static str>,
) -> Result<Library, LoadError> {
    let mut attempts = Vec::new();
    for name in candidates {
        let search = if std::path::Path::new(name).is_absolute() { Search::Exact } else { spec.search };
        match os::open(name, search) {
            Ok(handle) => {
                let path = os::loaded_from(&handle).unwrap_or_else(|| name.into());
                return Ok(Library { handle, path, from_variable: false });
            }
            Err(why) => attempts.push((PathBuf::from(name), why)),
        }
    }
    Err(LoadError { spec, attempts, kind: LoadErrorKind::Search { ignored_variable } })
}

/// A value computed at most once per winner and then kept for the life of the process,
/// without a lock: racing threads each compute one, the first to publish it wins, the others
/// hand theirs to `discard`. A thread that stops half-way (a `fork()` child has no other
/// threads) blocks no one, unlike a `OnceLock`.
pub struct Published<T>(AtomicPtr<T>);

impl<T> Published<T> {
    #[allow(clippy::new_without_default)] // a const constructor for statics
    pub const fn new() -> Self {
        Published(AtomicPtr::new(std::ptr::null_mut()))
    }

    pub fn get_or_publish(&self, make: impl FnOnce() -> T, discard: impl FnOnce(T)) -> &T {
        let current = self.0.load(Ordering::Acquire);
        if !current.is_null() {
            // SAFETY: a published value is leaked: valid and never written for the process's life.
            return unsafe { &*current };
        }
        let mine = Box::into_raw(Box::new(make()));
        match self.0.compare_exchange(std::ptr::null_mut(), mine, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: just published, and from now on never freed.
            Ok(_) => unsafe { &*mine },
            Err(theirs) => {
                // SAFETY: `mine` came from Box::into_raw above and no one else has seen it.
                discard(*unsafe { Box::from_raw(mine) });
                // SAFETY: as for `current` above.
                unsafe { &*theirs }
            }
        }
    }
}

/// A library that is loaded on first use and kept: the first successful load wins; a lost
/// race gives its handle back.
pub struct Lazy(Published<Result<Library, LoadError>>);

impl Lazy {
    #[allow(clippy::new_without_default)] // a const constructor for statics
    pub const fn new() -> Self {
        Lazy(Published::new())
    }

    pub fn get(&self, load: impl FnOnce() -> Result<Library, LoadError>) -> Result<&Library, &LoadError> {
        self.0
            .get_or_publish(load, |lost| {
                if let Ok(library) = lost {
                    os::close(library.handle);
                }
            })
            .as_ref()
    }
}

/// A crate's symbols, and which of them the loaded library lacks: one flag per symbol, set
/// when a call first looks for it and never cleared (the library never changes), read by any
/// thread without a lock. `N` is `names.len()`.
pub struct Symbols<const N: usize> {
    names: &'static [&'static str],
    missing: [AtomicBool; N],
}

impl<const N: usize> Symbols<N> {
    pub const fn new(names: &'static [&'static str]) -> Self {
        #[allow(clippy::declare_interior_mutable_const)] // a template for the array, never used alone
        const PRESENT: AtomicBool = AtomicBool::new(false);
        Symbols { names, missing: [PRESENT; N] }
    }

    /// The address of `symbol` in `library`; `None`, and the symbol recorded missing, when it
    /// is not there.
    pub fn resolve(&self, library: &Library, symbol: &CStr) -> Option<*mut ()> {
        let address = library.symbol(symbol);
        if address.is_null() {
            let name = symbol.to_bytes();
            if let Some(i) = self.names.iter().position(|s| s.as_bytes() == name) {
                self.missing[i].store(true, Ordering::Release);
            }
            return None;
        }
        Some(address.cast())
    }

    /// The symbol that `call` (a name, or the text of a call) stands for and the library was
    /// found to lack, if any: itself, or what `renames` map it to.
    pub fn missing_for<'a>(
        &self,
        call: &'a str,
        renames: &[&'static [(&'static str, &'static str)]],
    ) -> Option<(&'a str, &'static str)> {
        let name = called_name(call);
        let renamed = renames.iter().flat_map(|r| r.iter()).filter(|(api, _)| *api == name).map(|&(_, s)| s);
        let symbol = self.names.iter().copied().filter(|s| *s == name).chain(renamed).find(|s| {
            self.names.iter().position(|x| x == s).is_some_and(|i| self.missing[i].load(Ordering::Acquire))
        })?;
        Some((name, symbol))
    }
}

/// The name a call was written with: `cuMemAlloc` in `cuda_sys::cuMemAlloc(&mut p, 8)`,
/// `cuInit` in `cuInit`, `unsafe { cuInit(0) }` or `cuInit (0)`; `code` for a stored code.
pub fn called_name(call: &str) -> &str {
    let head = call.split('(').next().unwrap_or(call).trim_end();
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let start = head.char_indices().rev().find(|&(_, c)| !is_ident(c)).map_or(0, |(i, c)| i + c.len_utf8());
    &head[start..]
}

/// `12090` as `12.9`.
pub fn cuda_version(version: impl Into<i64>) -> String {
    let version = version.into();
    format!("{}.{}", version / 1000, version % 1000 / 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn called_name_is_the_last_path_segment_before_the_parenthesis() {
        assert_eq!(called_name("cuInit"), "cuInit");
        assert_eq!(called_name("cuInit(0)"), "cuInit");
        assert_eq!(called_name("cuda_sys::ptds::cuMemcpy(a, b, n)"), "cuMemcpy");
        assert_eq!(called_name("unsafe { cuInit(0) }"), "cuInit");
        assert_eq!(called_name("cuInit (0)"), "cuInit");
        assert_eq!(called_name("code"), "code");
        assert_eq!(called_name(""), "");
        assert_eq!(called_name("é::cuInit(é)"), "cuInit");
        assert_eq!(called_name("(cuInit)(0)"), "");
    }

    #[test]
    fn versions_read_as_people_write_them() {
        assert_eq!(cuda_version(12090), "12.9");
        assert_eq!(cuda_version(13000), "13.0");
        assert_eq!(cuda_version(11080u32), "11.8");
    }
}
