//! Opening a library: the variable when set (absolute paths of regular files only, and not in
//! secure-execution mode), else each candidate in order; and why none could be opened.

use std::ffi::{c_void, CStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};

use crate::library::{Library, Search};
use crate::os;

/// A loaded library.
pub(crate) struct Handle {
    pub handle: os::Handle,
    /// Where the dynamic loader found it (or, if it cannot tell, the name it was asked for).
    pub path: PathBuf,
    /// It came from the description's variable.
    pub from_variable: bool,
}

impl Handle {
    /// `name`'s address in the library, or null.
    pub fn symbol(&self, name: &CStr) -> *mut c_void {
        os::symbol(&self.handle, name)
    }
}

/// What a load names the library by: its description, and the file of the bindings' major.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Names {
    pub library: &'static Library,
    pub file: &'static str,
    pub major: u32,
}

impl Names {
    fn install(&self) -> String {
        self.library.install.replace("{major}", &self.major.to_string())
    }
}

/// Why a library could not be loaded: each file tried and why it failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    names: Names,
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
    pub(crate) fn linked(names: Names, why: &str) -> LoadError {
        LoadError {
            names,
            attempts: vec![(PathBuf::from(names.file), why.into())],
            kind: LoadErrorKind::Linked,
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Library { what, variable, .. } = self.names.library;
        let (library, file) = (self.names.library.name.get(cfg!(windows)), self.names.file);
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
                 may not choose the libraries a program loads. {}",
                self.names.install()
            ),
            LoadErrorKind::Search { ignored_variable: None } => {
                write!(f, ". {}, or set {variable} to the absolute path of its {file}", self.names.install())
            }
            LoadErrorKind::RelativeVariable | LoadErrorKind::Linked => Ok(()),
        }
    }
}

impl std::error::Error for LoadError {}

/// A candidate: a path or bare name to open, or a place that was not tried, and why.
pub(crate) enum Candidate {
    Open(OsString),
    Skipped(PathBuf, String),
}

/// Loads the library: the file its variable names when set (absolute paths only, and not in
/// secure-execution mode, where it is ignored as glibc ignores `LD_LIBRARY_PATH`), else the
/// first of `candidates` that loads. A library that loads but `accept` refuses (one older
/// than the header, where the description says so) is closed again, with its reason.
pub(crate) fn load(
    names: Names,
    candidates: impl FnOnce() -> Vec<Candidate>,
    accept: &dyn Fn(&Handle) -> Result<(), String>,
) -> Result<Handle, LoadError> {
    let variable = std::env::var_os(names.library.variable).filter(|p| !p.is_empty());
    let ignored_variable = variable.as_ref().and_then(|_| os::secure_execution());
    let handle = match variable {
        Some(path) if ignored_variable.is_none() => load_variable(names, path)?,
        _ => return search(names, candidates(), ignored_variable, accept),
    };
    match accept(&handle) {
        Ok(()) => Ok(handle),
        Err(why) => {
            let path = handle.path.clone();
            os::close(handle.handle);
            Err(LoadError { names, attempts: vec![(path, why)], kind: LoadErrorKind::Variable })
        }
    }
}

fn load_variable(names: Names, path: OsString) -> Result<Handle, LoadError> {
    let path = PathBuf::from(path);
    let variable = names.library.variable;
    if !path.is_absolute() {
        let why = format!("a relative path: {variable} must be absolute, so it was not loaded");
        return Err(LoadError { names, attempts: vec![(path, why)], kind: LoadErrorKind::RelativeVariable });
    }
    match open_file(&path) {
        Ok(handle) => {
            load_companions(&path, names.library.companions);
            Ok(Handle { path: os::loaded_from(&handle).unwrap_or(path), handle, from_variable: true })
        }
        Err(why) => Err(LoadError { names, attempts: vec![(path, why)], kind: LoadErrorKind::Variable }),
    }
}

/// Opens the file at the absolute `path`, if it is a regular file (or a link to one): the
/// dynamic loader would wait forever on a FIFO, and a device or a folder is no library either.
fn open_file(path: &Path) -> Result<os::Handle, String> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            return Err(format!(
                "{}: {}, not a regular file, so it was not opened",
                path.display(),
                os::file_kind(&meta)
            ))
        }
        // A missing file: the dynamic loader's own words say so.
        _ => {}
    }
    os::open(path.as_os_str(), Search::Exact)
}

/// Loads the files beside `library` whose names start with one of `companions`, and keeps
/// them loaded: the library opens them by bare name later, and the dynamic loader then finds
/// the one already loaded under that name. One that fails to load is the library's to report
/// when it needs it.
fn load_companions(library: &Path, companions: &[&str]) {
    if companions.is_empty() || cfg!(windows) {
        return;
    }
    let Some(dir) = library.parent() else { return };
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if companions.iter().any(|c| name.starts_with(c)) && entry.path().is_file() {
            // Never closed: loaded for the life of the process, as the library is.
            let _ = os::open(entry.path().as_os_str(), Search::Exact);
        }
    }
}

fn search(
    names: Names,
    candidates: Vec<Candidate>,
    ignored_variable: Option<&'static str>,
    accept: &dyn Fn(&Handle) -> Result<(), String>,
) -> Result<Handle, LoadError> {
    let mut attempts = Vec::new();
    for candidate in candidates {
        let name = match candidate {
            Candidate::Open(name) => name,
            Candidate::Skipped(path, why) => {
                attempts.push((path, why));
                continue;
            }
        };
        let opened = if Path::new(&name).is_absolute() {
            open_file(Path::new(&name))
        } else {
            os::open(&name, names.library.search)
        };
        match opened {
            Ok(handle) => {
                if Path::new(&name).is_absolute() {
                    load_companions(Path::new(&name), names.library.companions);
                }
                let path = os::loaded_from(&handle).unwrap_or_else(|| name.into());
                let handle = Handle { handle, path, from_variable: false };
                match accept(&handle) {
                    Ok(()) => return Ok(handle),
                    Err(why) => {
                        attempts.push((handle.path.clone(), why));
                        os::close(handle.handle);
                    }
                }
            }
            Err(why) => attempts.push((PathBuf::from(name), why)),
        }
    }
    Err(LoadError { names, attempts, kind: LoadErrorKind::Search { ignored_variable } })
}
