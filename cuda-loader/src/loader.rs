//! One library's loader: a `static` in its -sys crate, made of the library's description and
//! what the crate's build and bindings say. It loads the library on the first call (or finds
//! where the linker put it), resolves symbols, records what is missing, and words why a call
//! could not reach the library and what a code means.

use std::ffi::{c_char, c_int, c_void, CStr, OsString};
use std::path::{Path, PathBuf};

use crate::library::{ErrorText, Library, Role, VersionCall};
use crate::load::{self, Candidate, Handle, LoadError, Names};
use crate::published::Published;
use crate::{os, record};

/// How the crate reaches its library; chosen once, by its build script (the features `link`
/// and `static`), and seen here as the `cuda_reach` cfg: see [`reach!`](crate::reach).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Loaded on the first call (the default).
    Loaded,
    /// Linked at link time, as a shared library.
    Link,
    /// Linked at link time, as a static library.
    Static,
}

/// A function of the crate's own, as an address: what the loader calls to ask the library its
/// version or a code's text (through the crate's own function of that name, so loaded or linked
/// alike).
pub type Function = fn() -> *const c_void;

/// What the crate's build script and generated bindings say, for its loader.
pub struct Bindings {
    /// The header's version (`CUDA_VERSION`).
    pub version: u32,
    /// The library's file for the bindings' major on the target (`libcudart.so.13`).
    pub file: &'static str,
    /// The library folders of the toolkit the build found, as [`join_folders`](crate::join_folders)
    /// writes them.
    pub toolkit_dirs: &'static str,
    pub reach: Reach,
    /// The generated renames, (name C code calls, symbol): by default, then per thread.
    pub renames: &'static [&'static [(&'static str, &'static str)]],
    /// The generated result codes: (value, name, the header's description or "").
    pub codes: &'static [(u32, &'static str, &'static str)],
    /// The header's value of the description's own version macro (see
    /// [`VersionFunction::own`](crate::VersionFunction::own)), where it names one.
    pub own_version: Option<u32>,
    /// The header's values of the description's codes for "not loaded" and "symbol missing"
    /// ([`Codes`](crate::Codes)).
    pub not_loaded: u32,
    pub symbol_missing: u32,
    /// The crate's version function, and its error name and string functions, where the library
    /// has them (see [`Library::version_function`] and [`Codes::text`](crate::Codes::text)).
    pub version_function: Function,
    pub error_name: Option<Function>,
    pub error_string: Option<Function>,
    /// For a sibling library (one of the description's `siblings`), its library's
    /// loader: the sibling is looked for beside it, and refused if of another release.
    pub partner: Option<&'static Loader>,
}

/// What a library's version function answered.
enum Answer {
    /// A version one of its releases can have.
    Version(c_int),
    /// The code it returned instead.
    Code(u32),
    /// Numbers no release has: what it said.
    Absurd(String),
}

impl Answer {
    /// The version or the code; numbers no release has are no answer.
    fn result(self) -> Option<Result<c_int, u32>> {
        match self {
            Answer::Version(v) => Some(Ok(v)),
            Answer::Code(code) => Some(Err(code)),
            Answer::Absurd(_) => None,
        }
    }
}

/// A library's loader (see the module docs).
pub struct Loader {
    library: &'static Library,
    bindings: Bindings,
    loaded: Published<Result<Handle, LoadError>>,
    linked: Published<Result<PathBuf, LoadError>>,
}

/// Why the library gave no text for a code.
enum NoText {
    NotLoaded(&'static LoadError),
    /// It does not know the code.
    Unknown,
    /// It answered, with a null text.
    Null,
    /// It lacks the function.
    Missing(&'static str),
    /// The function returned this code.
    Failed(&'static str, u32),
}

impl Loader {
    pub const fn new(library: &'static Library, bindings: Bindings) -> Loader {
        Loader { library, bindings, loaded: Published::new(), linked: Published::new() }
    }

    pub const fn library(&self) -> &'static Library {
        self.library
    }

    /// The header's value of the description's "not loaded" code, and of its "symbol missing"
    /// code: what a call returns when it could not reach the library.
    pub fn not_loaded(&self) -> u32 {
        self.bindings.not_loaded
    }

    pub fn symbol_missing(&self) -> u32 {
        self.bindings.symbol_missing
    }

    /// The header's version (in the library's [`Scheme`](crate::Scheme)).
    pub fn version(&self) -> u32 {
        self.bindings.version
    }

    /// Notes, for this thread, that a call into the library returned `code` when it is a
    /// failure (not 0, every library's success): a crate's sibling library's functions call it,
    /// so that [`failed_last`](Self::failed_last) can tell whose call a code came from.
    #[doc(hidden)]
    #[inline]
    pub fn note_failure(&'static self, code: Option<u32>) {
        if code.is_some_and(|code| code != 0) {
            record::set_failed(self.id());
        }
    }

    /// What the other functions do with their codes: nothing.
    #[doc(hidden)]
    #[inline(always)]
    pub fn ignore_failure(&'static self, _: Option<u32>) {}

    /// Whether this thread's last noted failure was a call into this library (see
    /// [`note_failure`](Self::note_failure)); cleared with the rest of the record.
    pub fn failed_last(&'static self) -> bool {
        record::failed(self.id())
    }

    /// The library's file of the header's major, on this OS: `libcudart.so.13`.
    pub fn file(&self) -> &'static str {
        self.bindings.file
    }

    /// The library folders of the toolkit the build found (a root of the library's own, the one
    /// its description's variable names, included), which the loader searches after the variable.
    pub fn toolkit_dirs(&self) -> Vec<PathBuf> {
        crate::split_folders(self.bindings.toolkit_dirs)
    }

    /// How the crate reaches its library.
    pub fn reach(&self) -> Reach {
        self.bindings.reach
    }

    fn id(&'static self) -> usize {
        self as *const Loader as usize
    }

    fn names(&self) -> Names {
        Names {
            library: self.library,
            file: self.bindings.file,
            major: self.library.major(self.bindings.version),
        }
    }

    fn handle(&'static self) -> Result<&'static Handle, &'static LoadError> {
        self.loaded
            .get_or_publish(
                || load::load(self.names(), || self.candidates(), &|handle| self.accept(handle)),
                |lost| {
                    if let Ok(library) = lost {
                        os::close(library.handle);
                    }
                },
            )
            .as_ref()
    }

    /// Whether a library that loaded may be used: not one whose version function answers
    /// numbers no release has (issue 33: they were believed, and overflowed), not one older
    /// than the header where the description says so (a library whose functions and structs
    /// grow with each version), and not a sibling library of another release than its library.
    fn accept(&self, handle: &Handle) -> Result<(), String> {
        let a_what = self.library.a_what;
        let function = self.library.version_function.name;
        let path = os::describe_path(&handle.path);
        let (scheme, header) = self.answered_version();
        match self.answer_in(handle) {
            Some(Answer::Absurd(said)) => Err(format!(
                "{path}: its {function} answers {said}, which no release of it says: it is not {a_what} (a broken \
                 or foreign library)"
            )),
            // A C++ library of another major lacks the interfaces these bindings call; a library
            // with a version of its own: another major is another ABI.
            Some(Answer::Version(v))
                if self.library.version_function.refuses_other_major
                    && scheme.major(v as u32) != scheme.major(header) =>
            {
                Err(format!(
                    "{path}: {}, another major than the {} these bindings come from ({}), whose interfaces these \
                     bindings do not fit",
                    scheme.text(v),
                    self.library.header,
                    scheme.text(header)
                ))
            }
            Some(Answer::Version(v)) if self.library.version_function.refuses_older && i64::from(v) < i64::from(header) => {
                Err(format!(
                    "{path}: {}, older than the {} these bindings come from ({})",
                    scheme.text(v),
                    self.library.header,
                    scheme.text(header)
                ))
            }
            // A library that works but not on this system (a driver's stub, CUDA 11's runtime
            // without a driver): loaded, so that each call says so in its own words.
            Some(Answer::Code(code))
                if self.library.version_function.unavailable.contains(&self.code_name(code).as_str()) =>
            {
                Ok(())
            }
            Some(Answer::Code(code)) => Err(self.version_failed(&path, function, code)),
            Some(Answer::Version(v)) => {
                match self.partner_version() {
                    Some((partner, partner_path, theirs)) if theirs != v => Err(format!(
                        "{path}: its {function} says {}, and the {partner} loaded ({partner_path}) says {}: a pair \
                         from two releases. Load both from one release's folder",
                        scheme.text(v),
                        scheme.text(theirs)
                    )),
                    _ => self.accept_parts(handle, v),
                }
            }
            // No version function: every call names the function it lacks (see `missing`).
            None => Ok(()),
        }
    }

    /// Why a library whose version function `function` returned `code` is not used: its release
    /// is unknown, and these bindings cannot tell whether they fit it.
    fn version_failed(&self, path: &str, function: &str, code: u32) -> String {
        format!(
            "{path}: its {function} returned {} instead of its version, so whether these bindings fit it is \
             unknown (a broken {}, or one that cannot work on this system)",
            self.code_name(code),
            self.library.short
        )
    }

    /// The description's parts (sub-libraries the library loads from its folder), opened beside the library at
    /// `handle`, which says `version`: each must be there, answer its check with 0, and, where
    /// it has the library's version function, say `version` too. Kept loaded when all agree (the
    /// library opens them by name later, and finds these); otherwise every one is closed again
    /// and the refusal names the part, its version where it says one, and the library's.
    fn accept_parts(&self, handle: &Handle, version: c_int) -> Result<(), String> {
        let parts = self.library.parts;
        if parts.is_empty() {
            return Ok(());
        }
        let mut opened = Vec::new();
        match self.open_parts(handle, version, &mut opened) {
            // Never closed: loaded for the life of the process, as the library is.
            Ok(()) => {
                std::mem::forget(opened);
                Ok(())
            }
            Err(why) => {
                for part in opened.into_iter().rev() {
                    os::close(part);
                }
                Err(why)
            }
        }
    }

    /// [`accept_parts`](Self::accept_parts)'s work: each part opened is pushed to `opened`.
    fn open_parts(
        &self,
        handle: &Handle,
        version: c_int,
        opened: &mut Vec<os::Handle>,
    ) -> Result<(), String> {
        let scheme = self.library.version.scheme;
        let major = self.library.major(self.bindings.version);
        let front = os::describe_path(&handle.path);
        let ours = scheme.text(version);
        let fix = format!(
            "Load {} with all its parts from one release's folder ({} names the library, its parts are taken \
             from beside it)",
            self.library.what, self.library.variable
        );
        let Some(dir) = handle.path.parent().filter(|_| handle.path.is_absolute()) else {
            return Err(format!(
                "{front} is {ours}, but the dynamic loader does not say which folder it is in, where its parts \
                 must be. {fix}"
            ));
        };
        for part in self.library.parts {
            let file = part.file(major, cfg!(windows));
            let path = dir.join(&file);
            let shown = os::describe_path(&path);
            if !path.is_file() {
                return Err(format!(
                    "{front} is {ours}, but its part {file} is not beside it ({shown} is missing), and the library \
                     stops the process when a call needs that part. {fix}"
                ));
            }
            let part_handle = os::open(path.as_os_str(), crate::Search::Exact).map_err(|why| {
                format!("{front} is {ours}, but its part {shown} could not be opened ({why}). {fix}")
            })?;
            opened.push(part_handle);
            let part_handle = opened.last().expect("just pushed");
            // Its version as it says it, for the sentence (a symbol of its own, not NVIDIA's API).
            let said = part
                .version_symbol
                .and_then(|name| std::ffi::CString::new(name).ok())
                .map(|name| os::symbol(part_handle, &name))
                .filter(|address| !address.is_null())
                .map(|address| {
                    // SAFETY: the part's read-only `int` of that name (see `Part::version_symbol`).
                    let packed = unsafe { address.cast::<i32>().read_unaligned() };
                    i64::from(packed >> 16) * 10_000
                        + i64::from(packed >> 8 & 0xff) * 100
                        + i64::from(packed & 0xff)
                })
                .filter(|v| scheme.plausible(*v))
                .map(|v| scheme.text(v));
            if part.has_version_function {
                let name = self.library.version_function.name;
                let function = std::ffi::CString::new(name).unwrap_or_default();
                let address = os::symbol(part_handle, &function);
                match self.answer_by(|| address) {
                    Some(Answer::Version(theirs)) if theirs == version => {}
                    Some(Answer::Version(theirs)) => {
                        return Err(format!(
                            "{front} is {ours}, and its part {shown} beside it is {}: a set of two releases. {fix}",
                            scheme.text(theirs)
                        ))
                    }
                    Some(Answer::Code(code)) => {
                        return Err(format!(
                            "{front} is {ours}, but the {name} of its part {shown} beside it returned {} instead \
                             of its version, so whether it is of the same release is unknown. {fix}",
                            self.code_name(code)
                        ))
                    }
                    Some(Answer::Absurd(said)) => {
                        return Err(format!(
                            "{front} is {ours}, but the {name} of its part {shown} beside it answers {said}, which \
                             no release says: it is no part of {} (a broken or foreign library). {fix}",
                            self.library.what
                        ))
                    }
                    None => {
                        return Err(format!(
                            "{front} is {ours}, but {shown} beside it has no {name}: it is no part of {}. {fix}",
                            self.library.what
                        ))
                    }
                }
            }
            let check = std::ffi::CString::new(part.check).unwrap_or_default();
            let address = os::symbol(part_handle, &check);
            if address.is_null() {
                return Err(format!(
                    "{front} is {ours}, but {shown} beside it has no {}: it is no part of {}. {fix}",
                    part.check, self.library.what
                ));
            }
            // SAFETY: the description's check function: no arguments, a code back.
            let f: unsafe extern "C" fn() -> u32 = unsafe { std::mem::transmute(address) };
            // SAFETY: no arguments; the part's own dependencies are loaded (RTLD_NOW).
            let code = unsafe { f() };
            if code != 0 {
                let theirs = said.unwrap_or_else(|| "of another release".to_string());
                return Err(format!(
                    "{front} is {ours}, and its part {shown} beside it is {theirs} ({} answers {}): a set of two \
                     releases. {fix}",
                    part.check,
                    self.code_name(code)
                ));
            }
        }
        Ok(())
    }

    /// The first library of a second one (a sibling's partner), where it loaded and says its
    /// version: its name, its file and the version.
    fn partner_version(&self) -> Option<(&'static str, String, c_int)> {
        let partner = self.bindings.partner?;
        let handle = partner.handle().ok()?;
        let version = partner.version_in(handle)?.ok()?;
        Some((partner.library.short, os::describe_path(&handle.path), version))
    }

    /// How the library's version function answers, and the header's number in those terms: the
    /// header's own version, or the library's own version macro where the description names
    /// one (a math library answers its own, its bindings are keyed by `CUDA_VERSION`).
    pub fn answered_version(&self) -> (crate::Scheme, u32) {
        match (self.library.version_function.own, self.bindings.own_version) {
            (Some((scheme, _)), Some(version)) => (scheme, version),
            _ => (self.library.version.scheme, self.bindings.version),
        }
    }

    /// The places to try after the variable, in order.
    fn candidates(&self) -> Vec<Candidate> {
        let windows = cfg!(windows);
        match self.library.role {
            Role::Driver { candidates, candidates_windows, .. } => {
                let names = if windows { candidates_windows } else { candidates };
                names.iter().map(|n| Candidate::Open(OsString::from(n))).collect()
            }
            Role::Toolkit { wheels, .. } => {
                let file = self.bindings.file;
                let mut out = Vec::new();
                // A sibling library is taken from beside its library where that loaded: one release.
                if let Some(first) = self.bindings.partner.and_then(|p| p.handle().ok()) {
                    if let Some(beside) = first.path.parent().map(|d| d.join(file)).filter(|f| f.is_file()) {
                        out.push(Candidate::Open(beside.into_os_string()));
                    }
                }
                let mut dirs = self.toolkit_dirs();
                // The environment names the Python environment: not to be trusted in secure mode.
                if os::secure_execution().is_none() {
                    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
                        let Some(prefix) = std::env::var_os(var).filter(|p| !p.is_empty()) else { continue };
                        let prefix = PathBuf::from(prefix);
                        if !prefix.is_absolute() {
                            // The hazard a relative path in the library's own variable is
                            // refused for: a library from whatever the working directory is.
                            out.push(Candidate::Skipped(
                                PathBuf::from(format!("{var}={}", prefix.display())),
                                "a relative path, so the Python environment it names was not searched \
                                 (it would be looked up from whatever the working directory is)"
                                    .into(),
                            ));
                            continue;
                        }
                        for site in site_packages(&prefix) {
                            for wheel in wheels {
                                let root = site.join(wheel.replace(
                                    "{major}",
                                    &self.library.major(self.bindings.version).to_string(),
                                ));
                                dirs.extend(wheel_dirs(&root));
                            }
                        }
                        if var == "CONDA_PREFIX" {
                            dirs.push(conda_library_dir(&prefix));
                        }
                    }
                }
                let found = dirs.into_iter().map(|d| d.join(file)).filter(|f| f.is_file());
                out.extend(found.map(|f| Candidate::Open(f.into_os_string())));
                out.push(Candidate::Open(OsString::from(file)));
                out
            }
        }
    }

    /// The address of `symbol` in the library, for the function of that name (and only for
    /// it: the -sys crates' functions are the only callers). An error is the code the call
    /// returns; a missing symbol is recorded for this thread (see [`explain`](Self::explain)).
    pub fn resolve(&'static self, symbol: &'static CStr) -> Result<*mut (), u32> {
        let handle = self.handle().map_err(|_| self.bindings.not_loaded)?;
        let address = handle.symbol(symbol);
        if address.is_null() {
            record::set(self.id(), symbol, self.bindings.symbol_missing);
            return Err(self.bindings.symbol_missing);
        }
        Ok(address.cast())
    }

    /// Loads the library now, if not yet done: where the dynamic loader found it (through
    /// links as it reports them), or why it could not be loaded. Linked: the file the dynamic
    /// linker loaded it from (the program itself, when linked statically).
    ///
    /// # Errors
    /// Why no library could be loaded (each file tried, and the loader's message).
    pub fn library_path(&'static self) -> Result<&'static Path, &'static LoadError> {
        if self.bindings.reach == Reach::Loaded {
            return self.handle().map(|handle| handle.path.as_path());
        }
        let path = self.linked.get_or_publish(
            || {
                os::linked_from((self.bindings.version_function)()).ok_or_else(|| {
                    LoadError::linked(
                        self.names(),
                        "the dynamic linker loaded it, but cannot say from which file",
                    )
                })
            },
            drop,
        );
        path.as_ref().map(PathBuf::as_path)
    }

    /// How loading went, if a call has tried it already (this never loads): where the
    /// library was found, or why none could be loaded.
    pub fn tried(&'static self) -> Option<Result<&'static Path, &'static LoadError>> {
        self.loaded.get().map(|loaded| loaded.as_ref().map(|handle| handle.path.as_path()))
    }

    /// Why the last call of this thread into this library returned `code`, when the reason is
    /// the loader's to give; `None` otherwise, and then the library's own text for `code` is
    /// the whole story.
    ///
    /// - The library's "not loaded" code: when no library could be loaded, the [`LoadError`]
    ///   (no library can have returned it). A driver: when the library that was loaded is
    ///   NVIDIA's stub, where it was loaded from and what to do.
    /// - Its "symbol missing" code: when this thread's last call that returned it was one
    ///   whose symbol the library lacks (the call records it): which symbol, and how the
    ///   library's version compares with the header's. A code the library itself returned
    ///   gets `None`. Linked, every symbol was bound at start-up, so this is always `None`.
    pub fn explain(&'static self, code: u32) -> Option<String> {
        let library = self.library;
        if self.bindings.reach != Reach::Loaded {
            // Only a linked stub needs saying.
            if code != self.bindings.not_loaded || !matches!(library.role, Role::Driver { .. }) {
                return None;
            }
            if self.version_by(self.bindings.version_function)? != Err(self.bindings.not_loaded) {
                return None;
            }
            let path = self
                .library_path()
                .map(Path::to_path_buf)
                .unwrap_or_else(|_| PathBuf::from(self.bindings.file));
            return Some(self.stub_text("linked", &path, false));
        }
        if code == self.bindings.not_loaded {
            match self.handle() {
                Err(no_library) => return Some(no_library.to_string()),
                Ok(handle) if matches!(library.role, Role::Driver { .. }) => return self.stub_note(handle),
                Ok(_) => {}
            }
        }
        if code != self.bindings.symbol_missing {
            return None;
        }
        let handle = self.handle().ok()?;
        let symbol = record::get(self.id(), code)?;
        Some(self.missing(handle, symbol.to_str().unwrap_or_default()))
    }

    /// The version function's answer through the handle: `None` if the library has no such
    /// function.
    fn version_in(&self, handle: &Handle) -> Option<Result<c_int, u32>> {
        Answer::result(self.answer_in(handle)?)
    }

    /// [`version_in`](Self::version_in), numbers no release has included.
    fn answer_in(&self, handle: &Handle) -> Option<Answer> {
        let symbol = std::ffi::CString::new(self.library.version_function.name).ok()?;
        let f = handle.symbol(&symbol);
        if f.is_null() {
            return None;
        }
        self.answer_by(|| f)
    }

    /// The version function at `address` called: the version as `CUDA_VERSION` writes it, or
    /// the code it returned. Numbers no release has count as no answer (the loader refused
    /// such a library when it loaded it).
    fn version_by(&self, function: impl Fn() -> *const c_void) -> Option<Result<c_int, u32>> {
        Answer::result(self.answer_by(function)?)
    }

    /// What the version function at `address` answers, checked against what a release of the
    /// library can say (a broken or foreign library can say anything: no arithmetic on it).
    fn answer_by(&self, function: impl Fn() -> *const c_void) -> Option<Answer> {
        let address = function();
        if address.is_null() {
            return None;
        }
        let scheme =
            self.library.version_function.own.map_or(self.library.version.scheme, |(scheme, _)| scheme);
        let checked = |version: i64, said: String| match c_int::try_from(version) {
            Ok(v) if scheme.plausible(version) => Answer::Version(v),
            _ => Answer::Absurd(said),
        };
        Some(match self.library.version_function.call {
            VersionCall::Int => {
                // SAFETY: the description's version function has this signature (no arguments,
                // `int32_t` back).
                let f: unsafe extern "C" fn() -> i32 = unsafe { std::mem::transmute(address) };
                // SAFETY: no arguments.
                let version = unsafe { f() };
                checked(i64::from(version), version.to_string())
            }
            VersionCall::Single => {
                // SAFETY: the description's version function has this signature (`int *`).
                let f: unsafe extern "C" fn(*mut c_int) -> u32 = unsafe { std::mem::transmute(address) };
                let mut version = 0;
                // SAFETY: a valid out-pointer.
                match unsafe { f(&mut version) } {
                    0 => checked(i64::from(version), version.to_string()),
                    code => Answer::Code(code),
                }
            }
            VersionCall::StructPointer => {
                // SAFETY: the description's version function has this signature (no arguments,
                // a pointer to a struct of `int`s back).
                let f: unsafe extern "C" fn() -> *const [c_int; 2] = unsafe { std::mem::transmute(address) };
                // SAFETY: no arguments.
                let answer = unsafe { f() };
                if answer.is_null() {
                    Answer::Absurd("a null pointer".to_string())
                } else {
                    // SAFETY: not null, and the library's own static struct, whose first two
                    // members are `int`s.
                    let [major, minor] = unsafe { answer.read() };
                    let said = format!("major {major}, minor {minor}");
                    match scheme.number(i64::from(major), i64::from(minor), 0) {
                        Some(version) => checked(version, said),
                        None => Answer::Absurd(said),
                    }
                }
            }
            VersionCall::Returned => {
                // SAFETY: the description's version function has this signature (no arguments,
                // `size_t` back).
                let f: unsafe extern "C" fn() -> usize = unsafe { std::mem::transmute(address) };
                // SAFETY: no arguments.
                let version = unsafe { f() };
                checked(i64::try_from(version).unwrap_or(i64::MAX), version.to_string())
            }
            VersionCall::Property => {
                // SAFETY: the description's version function has this signature
                // (`libraryPropertyType`, a C enum, and `int *`).
                let f: unsafe extern "C" fn(c_int, *mut c_int) -> u32 =
                    unsafe { std::mem::transmute(address) };
                let mut parts = [0; 3];
                for (property, part) in (0..).zip(parts.iter_mut()) {
                    // SAFETY: a property the type has (MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL)
                    // and a valid out-pointer.
                    match unsafe { f(property, part) } {
                        0 => {}
                        code => return Some(Answer::Code(code)),
                    }
                }
                let [major, minor, patch] = parts.map(i64::from);
                let said = format!("{major}.{minor}.{patch}");
                match scheme.number(major, minor, patch) {
                    Some(version) => checked(version, said),
                    None => Answer::Absurd(said),
                }
            }
            VersionCall::MajorMinor => {
                // SAFETY: the description's version function has this signature (`int *, int *`).
                let f: unsafe extern "C" fn(*mut c_int, *mut c_int) -> u32 =
                    unsafe { std::mem::transmute(address) };
                let (mut major, mut minor) = (0, 0);
                // SAFETY: valid out-pointers.
                match unsafe { f(&mut major, &mut minor) } {
                    0 => match scheme.number(i64::from(major), i64::from(minor), 0) {
                        Some(version) => checked(version, format!("major {major}, minor {minor}")),
                        None => Answer::Absurd(format!("major {major}, minor {minor}")),
                    },
                    code => Answer::Code(code),
                }
            }
        })
    }

    /// What a stub's calls mean, when the library answers its version function with the
    /// "not loaded" code (a real driver never does).
    fn stub_note(&self, handle: &Handle) -> Option<String> {
        if self.version_in(handle)? != Err(self.bindings.not_loaded) {
            return None;
        }
        Some(self.stub_text("loaded", &handle.path, handle.from_variable))
    }

    /// What a stub library is, where it was `loaded` (or linked) from, and what to do.
    fn stub_text(&self, loaded: &str, path: &Path, from_variable: bool) -> String {
        let Library { what, short, variable, role, .. } = self.library;
        let windows = cfg!(windows);
        let (origin, stub_fix) = match role {
            Role::Driver { stub_origin, stub_fix, .. } => (stub_origin.get(windows), stub_fix.get(windows)),
            Role::Toolkit { .. } => ("", ""),
        };
        let fix = if from_variable {
            format!("Set {variable} to the absolute path of the {short}'s {}", self.bindings.file)
        } else {
            stub_fix.to_string()
        };
        format!(
            "the library {loaded} as {what}, {}, is a stub: it answers every call, even {}, with {}. {origin}{fix}",
            os::describe_path(path),
            self.library.version_function.name,
            self.code_name(self.bindings.not_loaded),
        )
    }

    /// The name C code calls for `symbol`: the first name the header maps to it, or itself.
    fn called_name(&self, symbol: &'static str) -> &'static str {
        let renames = self.bindings.renames.iter().flat_map(|r| r.iter());
        renames.filter(|(_, s)| *s == symbol).map(|(name, _)| *name).next().unwrap_or(symbol)
    }

    /// Why the library has no `symbol`, as far as it says.
    fn missing(&self, handle: &Handle, symbol: &'static str) -> String {
        let name = self.called_name(symbol);
        let what = if name == symbol {
            format!("`{symbol}`")
        } else {
            format!("`{symbol}` (the function `{name}` stands for in these bindings)")
        };
        let path = os::describe_path(&handle.path);
        let version = self.version_in(handle);
        let header = self.bindings.version;
        let h = crate::cuda_version(header);
        let Library { what: library, header: header_file, variable, short, a_what, .. } = self.library;
        let version_function = self.library.version_function.name;
        let file = self.bindings.file;
        let Role::Driver { init, .. } = self.library.role else {
            let (scheme, header) = self.answered_version();
            let text = |v: c_int| scheme.text(v);
            let h = scheme.text(header);
            return match version {
                Some(Ok(v)) if i64::from(v) < i64::from(header) => format!(
                    "{library} ({path}) has no function {what}: it is {}'s, older than the \
                     {header_file} these bindings come from ({h}). Load the {short} of {h} or newer \
                     ({variable}), or build against an older toolkit",
                    text(v)
                ),
                Some(Ok(v)) => format!(
                    "{library} ({path}) has no function {what}, although it is {}'s and these \
                     bindings come from {h}'s {header_file}",
                    text(v)
                ),
                // It answered when it was loaded, and fails now.
                Some(Err(code)) => format!(
                    "{library} ({path}) has no function {what}; its {version_function} returned {} when asked \
                     its version, so which release it is cannot be said (these bindings come from {h}'s \
                     {header_file})",
                    self.code_name(code)
                ),
                None => format!(
                    "{path} has no function {what}, nor {version_function}: it is not {a_what}. Check {variable}"
                ),
            };
        };
        if version.is_none() && handle.symbol(&std::ffi::CString::new(init).unwrap_or_default()).is_null() {
            let fix = if handle.from_variable {
                format!("Set {variable} to the absolute path of the NVIDIA {short}'s {file}")
            } else {
                format!(
                    "Something other than the NVIDIA {short} is installed as {file}: reinstall the {short}"
                )
            };
            return format!(
                "{path} is not {a_what}: it has neither `{init}` nor `{version_function}`, so it has no {what} \
                 either. {fix}"
            );
        }
        match version {
            Some(Ok(v)) if i64::from(v) < i64::from(header) => format!(
                "{library} ({path}) has no function {what}: the {short} supports CUDA {} ({v}), older than the \
                 {header_file} these bindings come from (CUDA {h}, {header}). Update the NVIDIA {short}, or \
                 build against the {header_file} of CUDA {} or older",
                crate::cuda_version(v),
                crate::cuda_version(v)
            ),
            Some(Ok(v)) => format!(
                "{library} ({path}) has no function {what}, although it supports CUDA {} ({v}), {} the \
                 {header_file} these bindings come from (CUDA {h}, {header}): the {short} no longer has that \
                 function, or the library is not a complete NVIDIA {short}",
                crate::cuda_version(v),
                if i64::from(v) == i64::from(header) { "the same version as" } else { "newer than" }
            ),
            Some(Err(code)) => format!(
                "{library} ({path}) has no function {what}; its CUDA version is unknown ({version_function} \
                 returned {}); these bindings come from the {header_file} of CUDA {h}",
                self.code_name(code)
            ),
            None => format!(
                "{library} ({path}) has no function {what}; its CUDA version is unknown (it has no \
                 {version_function}); these bindings come from the {header_file} of CUDA {h}"
            ),
        }
    }

    /// The header's entry for `code`: (name, description or "").
    fn entry(&self, code: u32) -> Option<&'static (u32, &'static str, &'static str)> {
        let codes = self.bindings.codes;
        codes.binary_search_by_key(&code, |&(value, _, _)| value).ok().map(|i| &codes[i])
    }

    /// The header's name for `code`, or `CUresult(999)` for one it does not know (as the
    /// code's `Debug` prints it).
    fn code_name(&self, code: u32) -> String {
        match self.entry(code) {
            Some((_, name, _)) => (*name).to_string(),
            None => format!("{}({})", self.library.codes.type_name.trim_end_matches("_t"), self.number(code)),
        }
    }

    /// `code` as the header writes it: negative where the type is signed (`-2`).
    fn number(&self, code: u32) -> i64 {
        if self.library.codes.signed {
            i64::from(code as i32)
        } else {
            i64::from(code)
        }
    }

    /// The name and text for `code`, returned by this thread's last call into the library,
    /// from the best source at hand: the library's own words, with the loader's reason after
    /// them when the loader has one; without the library's words, the header's, and why.
    pub fn describe(&'static self, code: u32) -> (String, String) {
        let why = self.explain(code);
        // The error functions' own failures are recorded too: keep the caller's record.
        let saved = record::take();
        let (name_function, string_function) = self.library.codes.text.functions();
        let name = match (name_function, self.bindings.error_name) {
            (Some(name), Some(f)) => self.text(code, name, f),
            _ => Err(NoText::Unknown),
        };
        let name = name
            .ok()
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .or_else(|| self.entry(code).map(|(_, name, _)| (*name).to_string()))
            .unwrap_or_else(|| format!("{}({})", self.library.codes.unknown, self.number(code)));
        let text = match (self.library.codes.text, string_function, self.bindings.error_string) {
            // The description's own sentence for the header's name of the code.
            (ErrorText::Table(table), _, _) => {
                table.iter().find(|(n, _)| *n == name).map(|(_, t)| (*t).to_string()).ok_or(NoText::Unknown)
            }
            (_, Some(string), Some(f)) => self.text(code, string, f),
            _ => Err(NoText::Unknown),
        };
        record::restore(saved);
        let message = match (text, why) {
            (Ok(text), None) => text,
            (Ok(text), Some(why)) => format!("{text}: {why}"),
            (Err(_), Some(why)) => why,
            (Err(no_text), None) => self.header_text(code, &name, no_text),
        };
        (name, message)
    }

    /// The library's text for `code` from its function `function` (named `name`).
    fn text(&'static self, code: u32, name: &'static str, function: Function) -> Result<String, NoText> {
        self.library_path().map_err(NoText::NotLoaded)?;
        if self.library.codes.text == ErrorText::None {
            return Err(NoText::Unknown);
        }
        record::clear_last_failure();
        let mut text: *const c_char = std::ptr::null();
        let returned = match self.library.codes.text {
            ErrorText::OutParameter { .. } => {
                // SAFETY: the description's signature: (code, const char **) -> code.
                let f: unsafe extern "C" fn(u32, *mut *const c_char) -> u32 =
                    unsafe { std::mem::transmute(function()) };
                // SAFETY: a valid out-pointer; the library writes a C string's address or nothing.
                unsafe { f(code, &mut text) }
            }
            ErrorText::None => 0,
            ErrorText::Returned { .. } | ErrorText::Table(_) => {
                // SAFETY: the description's signature: (code) -> const char *.
                let f: unsafe extern "C" fn(u32) -> *const c_char =
                    unsafe { std::mem::transmute(function()) };
                // SAFETY: any code may be asked about.
                text = unsafe { f(code) };
                0
            }
        };
        if record::get(self.id(), self.bindings.symbol_missing).is_some() {
            return Err(NoText::Missing(name));
        }
        match self.library.codes.text {
            ErrorText::OutParameter { unknown, .. } if returned == unknown => return Err(NoText::Unknown),
            ErrorText::OutParameter { .. } if returned != 0 => return Err(NoText::Failed(name, returned)),
            _ => {}
        }
        if text.is_null() {
            return Err(NoText::Null);
        }
        // SAFETY: the library's NUL-terminated string, copied at once (before another call
        // can reuse its buffer).
        let text = unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned();
        match self.library.codes.text {
            ErrorText::Returned { unknown, .. } if unknown.iter().any(|u| text.starts_with(u)) => {
                Err(NoText::Unknown)
            }
            _ => Ok(text),
        }
    }

    /// The text for a code the library did not describe: the header's description, and why.
    fn header_text(&self, code: u32, name: &str, no_text: NoText) -> String {
        let Library { short, a_short, header, .. } = self.library;
        let (version_macro, code_type, codes_reference) =
            (self.library.version.macro_name, self.library.codes.type_name, self.library.codes.reference);
        let described = self.entry(code).map(|(_, _, d)| *d).filter(|d| !d.is_empty());
        let known = self.entry(code).is_some();
        let why_not = match &no_text {
            NoText::NotLoaded(no_library) => no_library.to_string(),
            NoText::Null if known => format!("the {short} gave no text for it"),
            NoText::Unknown | NoText::Null => format!("the {short} does not know this code"),
            NoText::Missing(function) => format!("the {short} has no {function}"),
            NoText::Failed(function, returned) => {
                format!("the {short}'s {function} returned {}", self.code_name(*returned))
            }
        };
        // Generated bindings keep the header's comments; vendored ones leave them out. Which of
        // the two these are decides what is true to say of a code without a description.
        let with_comments = self.bindings.codes.iter().any(|(_, _, d)| !d.is_empty());
        let no_description = if with_comments {
            format!("{header} does not describe it either")
        } else {
            format!("{header}'s description of it is not in these bindings (vendored, without the header's comments)")
        };
        match (described, no_text) {
            (Some(text), _) => format!("{text} (from {header}: {why_not})"),
            // No text of NVIDIA's at hand: the code's name, the reason, and where NVIDIA
            // describes it.
            (None, NoText::NotLoaded(_)) => format!(
                "{why_not}. (Without {a_short}, only the header's text could describe the code, and \
                 {no_description}; NVIDIA describes every {code_type} at {codes_reference})"
            ),
            (None, NoText::Null) if known => format!(
                "the {short} gave no text for {name}, and {no_description}; NVIDIA describes every {code_type} at \
                 {codes_reference}"
            ),
            (None, _) => format!(
                "neither the {short} nor {header} ({version_macro} {}) describes this code: {why_not}",
                self.bindings.version
            ),
        }
    }
}

/// The folders of a wheel's package folder (`nvidia/cu13`, `nvidia/<library>`) that may hold its
/// libraries, as NVIDIA's wheels lay them out: `lib` (Linux), `bin` (Windows, CUDA 12),
/// `bin/x86_64` (Windows, CUDA 13's wheels), and the folder itself (the wheels of a library
/// that ships apart from the toolkit, `<library>_libs`). The loader searches them at run time,
/// cuda-bindings-build at build time (the wheels' CUDA major).
pub fn wheel_dirs(root: &Path) -> [PathBuf; 4] {
    [root.join("lib"), root.join("bin"), root.join("bin").join("x86_64"), root.to_path_buf()]
}

/// Where a conda environment's own packages keep their libraries (conda-forge's and NVIDIA's
/// channel's `cuda-cudart` and each library's package, which PyTorch's conda packages bring):
/// `<prefix>/lib` (links into `targets/<arch>-linux/lib`), `<prefix>\Library\bin` on Windows.
fn conda_library_dir(prefix: &Path) -> PathBuf {
    if cfg!(windows) {
        prefix.join("Library").join("bin")
    } else {
        prefix.join("lib")
    }
}

/// The site-packages folders of the Python environment at `prefix`, where pip unpacks NVIDIA's
/// wheels (each into its package folder, `nvidia/cu13`, `nvidia/<library>`):
/// `<prefix>\Lib\site-packages` (Windows) and every `<prefix>/lib/python3.*/site-packages`,
/// whether or not it exists (a caller looks in each). The loader searches them at run time,
/// cuda-bindings-build's toolkit finder at build time.
pub fn site_packages(prefix: &Path) -> Vec<PathBuf> {
    let mut sites = vec![prefix.join("Lib").join("site-packages")];
    if let Ok(entries) = std::fs::read_dir(prefix.join("lib")) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with("python3") {
                sites.push(entry.path().join("site-packages"));
            }
        }
    }
    sites
}

#[cfg(test)]
mod unit_tests {
    use super::*;
    use crate::{Scheme, VersionCall, ALL, RUNTIME};

    /// The first description whose version function is called so, and for which `shape` holds:
    /// each test below is about a call's shape, whichever library has it.
    fn calling(call: VersionCall, shape: impl Fn(&Library) -> bool) -> &'static Library {
        ALL.iter()
            .copied()
            .find(|library| library.version_function.call == call && shape(library))
            .unwrap_or_else(|| panic!("no description's version function is {call:?}"))
    }

    /// Where NVIDIA's wheels put a library: Linux's `lib`, CUDA 12's Windows `bin`, CUDA 13's
    /// Windows `bin/x86_64` (seen in the CUDA 13 math libraries' win_amd64 wheels).
    #[test]
    fn every_wheel_layout_is_searched() {
        let site = std::env::temp_dir().join(format!("wheel-dirs-{}", std::process::id()));
        for (package, folder, file) in [
            ("nvidia/cu13", "lib", "libcufoo.so.12"),
            ("nvidia/cufoo", "bin", "cufoo64_11.dll"),
            ("nvidia/cu13", "bin/x86_64", "cufoo64_12.dll"),
            ("cufoo_libs", "", "libcufoo.so.10"),
        ] {
            let dir = site.join(package).join(folder);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join(file), b"").unwrap();
            let found = wheel_dirs(&site.join(package)).iter().any(|d| d.join(file).is_file());
            assert!(found, "{package}/{folder}/{file} is not searched");
        }
        std::fs::remove_dir_all(&site).unwrap();
    }

    fn loader(library: &'static Library, codes: &'static [(u32, &'static str, &'static str)]) -> Loader {
        Loader::new(
            library,
            Bindings {
                version: 13000,
                file: "libnothing.so",
                toolkit_dirs: "",
                reach: Reach::Loaded,
                renames: &[],
                codes,
                own_version: Some(22803),
                not_loaded: 999,
                symbol_missing: 998,
                version_function: || std::ptr::null(),
                error_name: None,
                error_string: None,
                partner: None,
            },
        )
    }

    extern "C" fn absurd_major_minor(major: *mut c_int, minor: *mut c_int) -> u32 {
        // SAFETY: the loader's out-pointers.
        unsafe { (*major, *minor) = (c_int::MAX, c_int::MAX) };
        0
    }

    extern "C" fn negative_major(major: *mut c_int, minor: *mut c_int) -> u32 {
        // SAFETY: the loader's out-pointers.
        unsafe { (*major, *minor) = (c_int::MIN, 0) };
        0
    }

    extern "C" fn thirteen_point_huge(major: *mut c_int, minor: *mut c_int) -> u32 {
        // SAFETY: the loader's out-pointers.
        unsafe { (*major, *minor) = (13, c_int::MAX) };
        0
    }

    extern "C" fn thirteen(major: *mut c_int, minor: *mut c_int) -> u32 {
        // SAFETY: the loader's out-pointers.
        unsafe { (*major, *minor) = (13, 0) };
        0
    }

    extern "C" fn huge_size() -> usize {
        usize::MAX
    }

    extern "C" fn five() -> usize {
        5
    }

    extern "C" fn cuda_13_0() -> usize {
        13000
    }

    extern "C" fn single_huge(version: *mut c_int) -> u32 {
        // SAFETY: the loader's out-pointer.
        unsafe { *version = c_int::MAX };
        0
    }

    fn said(loader: &Loader, f: *const c_void) -> String {
        match loader.answer_by(|| f) {
            Some(Answer::Absurd(said)) => said,
            Some(Answer::Version(v)) => format!("version {v}"),
            Some(Answer::Code(c)) => format!("code {c}"),
            None => "nothing".into(),
        }
    }

    /// Issue 33, items 1 and 10: a version function's numbers that no release says are never
    /// computed with (a debug build panicked on a major and minor's, a returned `size_t` was
    /// believed); the loader keeps them to name in the refusal. Each call's shape is a
    /// description's that has it: one answering a CUDA version as a major and a minor, one
    /// returning it, one writing a version of its own scheme through a pointer.
    #[test]
    fn absurd_versions_are_numbers_to_name_not_to_compute_with() {
        let cuda = |library: &Library| {
            library.version_function.own.is_none() && library.version.scheme == Scheme::CUDA
        };
        let major_minor = loader(calling(VersionCall::MajorMinor, cuda), &[]);
        assert_eq!(
            said(&major_minor, absurd_major_minor as *const c_void),
            "major 2147483647, minor 2147483647"
        );
        assert_eq!(said(&major_minor, negative_major as *const c_void), "major -2147483648, minor 0");
        assert_eq!(said(&major_minor, thirteen_point_huge as *const c_void), "major 13, minor 2147483647");
        assert_eq!(said(&major_minor, thirteen as *const c_void), "version 13000");
        let returned = loader(calling(VersionCall::Returned, cuda), &[]);
        assert_eq!(said(&returned, huge_size as *const c_void), usize::MAX.to_string());
        assert_eq!(said(&returned, five as *const c_void), "5");
        assert_eq!(said(&returned, cuda_13_0 as *const c_void), "version 13000");
        let own_scheme = |library: &Library| library.version.scheme != Scheme::CUDA;
        let single = loader(calling(VersionCall::Single, own_scheme), &[]);
        assert_eq!(said(&single, single_huge as *const c_void), c_int::MAX.to_string());
        // And what a caller that wants a version sees of them: none.
        assert_eq!(major_minor.version_by(|| absurd_major_minor as *const c_void), None);
    }

    /// A version struct's shape: major, minor, build.
    #[repr(C)]
    struct StructVersion {
        major: c_int,
        minor: c_int,
        build: c_int,
    }

    static V13_1: StructVersion = StructVersion { major: 13, minor: 1, build: 48 };
    static V_ABSURD: StructVersion = StructVersion { major: 13, minor: 100, build: 0 };

    extern "C" fn struct_13_1() -> *const StructVersion {
        &V13_1
    }

    extern "C" fn struct_absurd() -> *const StructVersion {
        &V_ABSURD
    }

    extern "C" fn struct_null() -> *const StructVersion {
        std::ptr::null()
    }

    /// Issue 42, items 1 and 5: a version function returning a pointer to a struct (`const
    /// Version *getVersion(void)`) answers its major and minor in the library's own scheme; a minor no
    /// release has, or a null pointer, is named, never computed with. The library is a
    /// description with a math library's version of its own (any), called so.
    #[test]
    fn a_version_struct_is_read_through_its_pointer() {
        let math = ALL
            .iter()
            .copied()
            .find(|library| library.version_function.own.is_some_and(|(scheme, _)| scheme.minor_unit == 100))
            .expect("a description with a math library's version of its own");
        let own =
            math.version_function.own.map(|(scheme, macro_name)| (Scheme::library(scheme.name), macro_name));
        let with_struct: &'static Library = Box::leak(Box::new(Library {
            version_function: crate::VersionFunction {
                call: VersionCall::StructPointer,
                own,
                ..math.version_function
            },
            ..*math
        }));
        let library = loader(with_struct, &[]);
        assert_eq!(said(&library, struct_13_1 as *const c_void), "version 13100");
        assert_eq!(said(&library, struct_absurd as *const c_void), "major 13, minor 100");
        assert_eq!(said(&library, struct_null as *const c_void), "a null pointer");
    }

    /// Issue 33, item 3: a code the library gave no text for, and the header no description:
    /// the sentence says what is true of the bindings at hand, generated (with the header's
    /// comments) or vendored (without them).
    #[test]
    fn a_code_without_text_is_worded_as_the_bindings_are() {
        static GENERATED: [(u32, &str, &str); 2] =
            [(6, "ERROR_COMPILATION", "the program did not compile"), (11, "ERROR_INTERNAL", "")];
        static VENDORED: [(u32, &str, &str); 2] = [(6, "ERROR_COMPILATION", ""), (11, "ERROR_INTERNAL", "")];
        let header = RUNTIME.header;
        let generated = loader(&RUNTIME, &GENERATED).header_text(11, "ERROR_INTERNAL", NoText::Null);
        assert!(generated.contains(&format!("{header} does not describe it either")), "{generated}");
        assert!(!generated.contains("vendored"), "{generated}");
        let vendored = loader(&RUNTIME, &VENDORED).header_text(11, "ERROR_INTERNAL", NoText::Null);
        assert!(
            vendored.contains("not in these bindings (vendored, without the header's comments)"),
            "{vendored}"
        );
        let described = loader(&RUNTIME, &GENERATED).header_text(6, "ERROR_COMPILATION", NoText::Null);
        assert!(described.starts_with(&format!("the program did not compile (from {header}")), "{described}");
    }
}
