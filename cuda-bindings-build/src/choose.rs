//! Which bindings a -sys crate compiles: generated from the header found, or vendored.
//!
//! Every CUDA release the crates support has vendored bindings of its own (kept as edit scripts
//! in `src/vendored/`, see [`Vendored`]), exactly what generation from that release's header
//! gives, so which path ran changes no item a dependent can name: only documentation (NVIDIA's
//! text from the header, in generated bindings) and build time differ. `DEP_<LINKS>_BINDINGS`
//! says which path ran.
//!
//! | header found | `bindgen` feature | generation | bindings used                       | says              |
//! |--------------|-------------------|------------|-------------------------------------|-------------------|
//! | yes          | on                | works      | generated from it                   | nothing           |
//! | yes          | on                | fails      | vendored, of the header's version   | warning (strict: error) |
//! | yes          | off               | -          | vendored, of the header's version   | nothing           |
//! | no           | on                | -          | vendored, the newest of `CUDA_SYS_CUDA_MAJOR` or 12 | warning, unless the major is set (strict: error, unless set) |
//! | no           | off               | -          | vendored, the newest of `CUDA_SYS_CUDA_MAJOR` or 12 | nothing (strict: error, unless set) |
//!
//! "Fails" covers libclang missing (or a `LIBCLANG_PATH` naming something else), a header clang
//! cannot parse, and a header whose path is not UTF-8 (clang takes paths as text). A header of
//! a release without vendored bindings (older or newer than any we carry) that is not generated
//! from is an error: other bindings would be another API than the header's. So is a
//! `CUDA_SYS_CUDA_MAJOR` we carry no bindings of. With a header, `CUDA_SYS_CUDA_MAJOR` naming
//! another major than the header's is not honoured: a warning (strict: error) says so.

use std::path::{Path, PathBuf};

use crate::{edits, env, MAJOR_VAR, STRICT_VAR};
use cuda_loader::Library;

/// A header to generate from: its folder, its version, and how it was found.
#[derive(Clone, Debug)]
pub struct Header {
    pub include: PathBuf,
    /// Folders the header's own includes may also need (a wheel's `crt/` lives apart).
    pub extra_includes: Vec<PathBuf>,
    pub version: u32,
    pub found_by: String,
}

/// Where the bindings came from, as dependents read it in `DEP_<LINKS>_BINDINGS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Generated,
    Vendored,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Generated => "generated",
            Source::Vendored => "vendored",
        }
    }
}

/// The bindings chosen: the file to `include!`, its version, where it came from, and how that
/// version reads (the library's [`Scheme`](cuda_loader::Scheme), which says its cfgs).
#[derive(Clone, Debug)]
pub struct Bindings {
    pub file: PathBuf,
    pub version: u32,
    pub source: Source,
    pub scheme: cuda_loader::Scheme,
}

/// Why there is no header, for the messages.
pub struct NoHeader {
    /// One line: every place tried.
    pub summary: String,
    /// One place per line, for stderr.
    pub details: String,
    /// The header version to use, when another crate decided it (cudart-sys follows
    /// libcuda-sys), and whether using vendored bindings is a fallback this crate must report.
    pub decided: Option<(u32, bool)>,
}

/// Decides by the table above, generating where it says so. Prints Cargo's instructions for
/// the bindings file and its inputs; stops the build (with the reason and the remedy) in
/// strict mode when it would fall back.
///
/// # Panics
/// Outside a build script (no `CARGO_MANIFEST_DIR`).
pub fn bindings(library: &Library, header: Result<&Header, &NoHeader>) -> Bindings {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let vendored = Vendored::list(&manifest_dir, library);
    let strict = env::strict();
    let generate = std::env::var_os("CARGO_FEATURE_BINDGEN").is_some();
    let refresh = format!("cargo clean -p {}", library.crate_name);

    // The header version whose bindings are vendored (`None`: no header, the newest of a
    // major), and why generation was wanted but did not happen.
    let mut failure = Failure::Libclang;
    let (wanted, fallback) = match header {
        Ok(header) => {
            // A path Cargo cannot be told would name a file that does not exist, which reruns the
            // build script (and rebuilds all above it) every time.
            if let Some(path) = env::cargo_text(&header.include.join(library.header)) {
                println!("cargo::rerun-if-changed={path}");
            }
            // The variable is libcuda-sys's: cudart-sys takes the header libcuda-sys found.
            if library.crate_name == cuda_loader::DRIVER.crate_name {
                major_not_honoured(library, header, &vendored, strict);
            }
            if generate {
                // What bindgen and clang-sys read (the generator reads the same).
                env::track_clang_variables();
                let generated = match header.include.to_str() {
                    Some(_) => generate_from(library, header),
                    None => Err((
                        "its path is not UTF-8, and clang takes paths as text".into(),
                        Failure::Libclang,
                    )),
                };
                match generated {
                    Ok(bindings) => return bindings,
                    Err((why, kind)) => {
                        failure = kind;
                        (
                            Ok(header.version),
                            Some(format!(
                                "{} ({} {}: {}, found by {}) could not be used: {why}",
                                header.include.join(library.header).display(),
                                library.version.macro_name,
                                header.version,
                                library.version.scheme.text(header.version),
                                header.found_by
                            )),
                        )
                    }
                }
            } else {
                (Ok(header.version), None)
            }
        }
        Err(NoHeader { decided: Some((version, fallback)), summary, .. }) => {
            (Ok(*version), fallback.then(|| summary.clone()))
        }
        Err(none) => {
            let asked = asked_major(&vendored);
            let major = asked.unwrap_or(crate::DEFAULT_MAJOR);
            let fallback = (asked.is_none() && (generate || strict)).then(|| {
                eprintln!("{} looked for {} in:\n{}", library.crate_name, library.header, none.details);
                format!("no {} was found ({})", library.header, none.summary)
            });
            (Err(major), fallback)
        }
    };
    let (file, version) = match wanted {
        Ok(version) => vendored.exact(version).unwrap_or_else(|| {
            let why = fallback.as_deref().map(|f| format!("{f}; and ")).unwrap_or_default();
            fail(&format!(
                "{}: {why}no bindings are vendored for {} {version} ({}; vendored: {}), and other \
                 bindings would be another API than the header's. {}, or point the build at a header of a vendored \
                 version ({})",
                library.crate_name,
                library.version.macro_name,
                library.version.scheme.text(version),
                vendored.versions_text(),
                if generate {
                    "Make generation work (install libclang, Debian: libclang-dev, or set LIBCLANG_PATH)"
                } else {
                    "Turn on the `bindgen` feature to generate from the header (needs libclang)"
                },
                root_variable(library)
            ))
        }),
        Err(major) if library.found.since.is_some_and(|first| major < first / 1000) => {
            let oldest = vendored.oldest();
            came_later(library, &format!("{MAJOR_VAR}={major} asks for CUDA {major}"), strict);
            (vendored.materialize(oldest), oldest)
        }
        Err(major) => vendored.newest_of(major).unwrap_or_else(|| {
            fail(&format!(
                "{}: no bindings are vendored for CUDA {major}; set {MAJOR_VAR} to one of {}, or CUDA_PATH to a \
                 CUDA toolkit",
                library.crate_name,
                vendored.majors_text()
            ))
        }),
    };
    if let Some(what) = fallback {
        let what = format!("{}: {what}", library.crate_name);
        let remedy = remedy(library, header, &refresh, failure);
        if strict {
            fail(&format!("{what}.\n{remedy}.\n({STRICT_VAR} is set, so the build does not fall back to vendored bindings.)"));
        }
        // The fallback and the remedy on the first line; more lines of the reason (clang's
        // errors, one a line) after it.
        let (first, more) = what.split_once('\n').unwrap_or((&what, ""));
        warning(&format!(
            "{first}; the bindings vendored from {} {version} are used ({}). {remedy}.\n{more}",
            library.version.macro_name,
            library.version.scheme.text(version)
        ));
    }
    // (`Vendored` told Cargo of the files it read to make `file`.)
    Bindings { file, version, source: Source::Vendored, scheme: library.version.scheme }
}

/// Says that `library` came with a later CUDA release than the one `asked` names (its
/// description's `found.since`), whose bindings the build takes: a warning, or in strict mode
/// an error.
pub(crate) fn came_later(library: &Library, asked: &str, strict: bool) {
    let first = library.found.since.unwrap_or_default();
    let release = library.version.scheme.text(first);
    let what =
        format!("{}: {} came with {release}, and {asked}, which has none", library.crate_name, library.what);
    let fix = format!("Point CUDA_PATH at a toolkit of {release} or newer");
    if strict {
        fail(&format!(
            "{what}. {fix}.\n({STRICT_VAR} is set, so the build does not take the bindings of {release} instead.)"
        ));
    }
    let file = library.files.of(library.major(first), env::target_os() == "windows");
    warning(&format!(
        "{what}: the bindings of {release} are used, and the program needs {} of {release} or newer ({file}) at run \
         time. {fix}; {STRICT_VAR}=1 makes this an error.",
        library.what
    ));
}

/// `CUDA_SYS_CUDA_MAJOR`, if set: a major, or the build stops saying what it may be.
fn asked_major(vendored: &Vendored) -> Option<u32> {
    let asked = env::tracked(MAJOR_VAR)?.to_string_lossy().into_owned();
    match asked.parse::<u32>() {
        Ok(major) => Some(major),
        Err(_) => fail(&format!(
            "{MAJOR_VAR}={asked} is not a CUDA major version; set it to one of {}",
            vendored.majors_text()
        )),
    }
}

/// `CUDA_SYS_CUDA_MAJOR` chooses the vendored major of a build that finds no header. With a
/// header, the header decides, as it does for C (a C program's API is the header's it
/// includes); a different major asked for is said to be ignored (strict mode: an error).
fn major_not_honoured(library: &Library, header: &Header, vendored: &Vendored, strict: bool) {
    let Some(asked) = asked_major(vendored) else { return };
    if asked == header.version / 1000 {
        return;
    }
    let what = format!(
        "{}: {MAJOR_VAR}={asked} is not honoured: it chooses the vendored bindings of a build that finds \
         no {}, and {} (CUDA_VERSION {}, found by {}) was found, so the bindings follow it, as a C program's \
         API follows the header it includes. For CUDA {asked}'s API, point CUDA_PATH at a CUDA {asked} toolkit",
        library.crate_name,
        library.header,
        header.include.join(library.header).display(),
        header.version,
        header.found_by,
    );
    if strict {
        fail(&format!("{what}.\n({STRICT_VAR} is set, so a setting that is not honoured is an error.)"));
    }
    warning(&format!("{what}; {STRICT_VAR}=1 makes this an error."));
}

/// A warning Cargo shows whole: Cargo ends a `cargo::warning=` at the end of its line, so each
/// line of `text` (clang's errors are one a line) is a warning of its own.
fn warning(text: &str) {
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        println!("cargo::warning={line}");
    }
}

/// The variable naming where `library`'s header is: its own root's (`NCCL_HOME`), or the CUDA
/// toolkit's.
pub(crate) fn root_variable(library: &Library) -> &'static str {
    library.found.home.unwrap_or("CUDA_PATH")
}

/// "point CUDA_PATH at another toolkit", in `library`'s own terms.
fn another_root(library: &Library) -> String {
    match library.found.home {
        Some(home) => format!("point {home} at the root of another {}", library.short),
        None => "point CUDA_PATH at another toolkit".to_string(),
    }
}

/// What to do about a fallback, in one sentence.
fn remedy(library: &Library, header: Result<&Header, &NoHeader>, refresh: &str, failure: Failure) -> String {
    let parse_failed = failure == Failure::Parse;
    let target = std::env::var("TARGET").unwrap_or_default();
    let cross = std::env::var("HOST").is_ok_and(|host| host != target);
    let other = another_root(library);
    if header.is_ok() && parse_failed && cross {
        // libclang is there; what is missing is the target's C library headers.
        format!(
            "To generate for {target}: clang needs the target's C headers (its sysroot), which were not found. \
             Install them (Debian: the libc6-dev-<arch>-cross package) and set {}_{}=--sysroot=<its folder> \
             (Debian: /usr/<triple>, e.g. /usr/aarch64-linux-gnu); {STRICT_VAR}=1 makes this an error",
            env::EXTRA_CLANG_ARGS,
            target.replace('-', "_")
        )
    } else if header.is_ok() && failure == Failure::Shape {
        format!(
            "The generator does not know this header's shape (what it says above): {other}, or report it to \
             cuda-bindings-build with the header's release; {STRICT_VAR}=1 makes this an error"
        )
    } else if header.is_ok() && parse_failed {
        format!(
            "To generate from your header: fix what clang reports above (BINDGEN_EXTRA_CLANG_ARGS adds \
             arguments), or {other}; {STRICT_VAR}=1 makes this an error"
        )
    } else if let Some(header) = header.ok().filter(|header| header.include.to_str().is_none()) {
        // The variable that found the header, if one did (`CUDA_HOME`, `NCCL_HOME`).
        let variable = Some(header.found_by.as_str())
            .filter(|how| {
                !how.is_empty()
                    && how.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            })
            .unwrap_or(root_variable(library));
        format!(
            "To generate from your header: link its root from a UTF-8 path (`ln -s`) and set {variable} to \
             that; {STRICT_VAR}=1 makes this an error"
        )
    } else if header.is_ok() {
        format!(
            "To generate from your header: install libclang (Debian: libclang-dev) or set LIBCLANG_PATH \
             to its folder, or {other}; {STRICT_VAR}=1 makes this an error"
        )
    } else {
        format!(
            "To generate from your {}: set {} to its root (the folder holding include/{}); once it is \
             installed, `{refresh}` makes the build look again. To choose the vendored major without a toolkit, \
             set {MAJOR_VAR}",
            library.header,
            root_variable(library),
            library.header
        )
    }
}

/// Why generation failed, for the remedy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Failure {
    /// No usable libclang (or no generator at all, or a path clang cannot take).
    Libclang,
    /// clang rejected the header (libclang was there).
    Parse,
    /// The header parsed, but it has a shape the generator does not know.
    Shape,
}

/// The generated bindings, or why not and what kind of failure it was.
#[cfg(feature = "bindgen")]
fn generate_from(library: &Library, header: &Header) -> Result<Bindings, (String, Failure)> {
    use crate::generate::Error;
    let generated = crate::generate::generate(library, &header.include, &header.extra_includes, true)
        .map_err(|e| {
            let kind = match e {
                Error::Parse(_) | Error::Setting(_) => Failure::Parse,
                Error::Shape(_) => Failure::Shape,
                Error::NoLibclang(_) | Error::Panic(_) => Failure::Libclang,
            };
            (e.to_string(), kind)
        })?;
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("run by cargo")).join("bindings.rs");
    std::fs::write(&out, generated.text)
        .map_err(|e| (format!("cannot write {}: {e}", out.display()), Failure::Libclang))?;
    // Every header clang read, so that an edit of any (`driver_types.h` for cudart-sys)
    // regenerates; a path Cargo cannot hold is left out (see `env::cargo_text`).
    for file in &generated.files {
        if let Some(path) = env::cargo_text(file) {
            println!("cargo::rerun-if-changed={path}");
        }
    }
    Ok(Bindings {
        file: out,
        version: generated.version,
        source: Source::Generated,
        scheme: library.version.scheme,
    })
}

#[cfg(not(feature = "bindgen"))]
fn generate_from(_library: &Library, _header: &Header) -> Result<Bindings, (String, Failure)> {
    Err(("cuda-bindings-build was built without its `bindgen` feature".into(), Failure::Libclang))
}

/// The vendored bindings a crate carries: one release per CUDA (NCCL) version, named by the
/// version of the header it was made from, kept in `src/vendored/` as edit scripts
/// ([`crate::edits`]: `cuda_12090.edits`). The release chosen is made from them into
/// `OUT_DIR/<stem>_<version>.rs`, the file the crate compiles.
pub struct Vendored {
    dir: PathBuf,
    stem: &'static str,
    crate_name: &'static str,
    /// Increasing.
    versions: Vec<u32>,
}

impl Vendored {
    pub fn list(manifest_dir: &Path, library: &Library) -> Vendored {
        let dir = manifest_dir.join("src").join("vendored");
        let versions = edits::releases(&dir, library.binding.vendored_stem);
        if versions.is_empty() {
            fail(&format!("no vendored bindings in {} (a broken package?)", dir.display()));
        }
        Vendored { dir, stem: library.binding.vendored_stem, crate_name: library.crate_name, versions }
    }

    /// The bindings of exactly `version` (the header's `CUDA_VERSION`), made, and that version.
    ///
    /// # Panics
    /// Outside a build script (no `OUT_DIR`).
    pub fn exact(&self, version: u32) -> Option<(PathBuf, u32)> {
        self.versions.contains(&version).then(|| (self.materialize(version), version))
    }

    /// The version whose bindings a crate binds when its header is missing beside a toolkit (or
    /// another crate) of release `version`: that release's, or else the newest of its major.
    /// A version with neither is returned as it is: [`bindings`] then says none is vendored.
    pub fn of_release(&self, version: u32, library: &Library) -> u32 {
        if self.versions.contains(&version) {
            return version;
        }
        let major = library.major(version);
        self.versions.iter().rev().find(|v| library.major(**v) == major).copied().unwrap_or(version)
    }

    /// The bindings of the newest version of `major`, made, and that version.
    ///
    /// # Panics
    /// Outside a build script (no `OUT_DIR`).
    pub fn newest_of(&self, major: u32) -> Option<(PathBuf, u32)> {
        let version = *self.versions.iter().rev().find(|v| *v / 1000 == major)?;
        Some((self.materialize(version), version))
    }

    /// Makes `version`'s bindings from the store into `OUT_DIR`, telling Cargo to rerun when a
    /// file read changes; a damaged store stops the build, naming the file.
    pub(crate) fn materialize(&self, version: u32) -> PathBuf {
        let release = edits::materialize(&self.dir, self.stem, version)
            .unwrap_or_else(|e| fail(&format!("{}: {e}", self.crate_name)));
        for file in &release.files {
            if let Some(path) = env::cargo_text(file) {
                println!("cargo::rerun-if-changed={path}");
            }
        }
        let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("run by cargo"))
            .join(format!("{}_{version}.rs", self.stem));
        // Rewritten only when it differs, so that the crate is not rebuilt for nothing; written
        // whole under another name first, so that no compiler ever reads half of it.
        let before = crate::header::read_bytes(&out, release.text.len() as u64).ok();
        if before.as_deref() != Some(release.text.as_bytes()) {
            let partial = out.with_extension(format!("rs.{}", std::process::id()));
            if let Err(e) =
                std::fs::write(&partial, &release.text).and_then(|()| std::fs::rename(&partial, &out))
            {
                let _ = std::fs::remove_file(&partial);
                fail(&format!("{}: cannot write {}: {e}", self.crate_name, out.display()));
            }
        }
        out
    }

    fn versions_text(&self) -> String {
        self.versions.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
    }

    /// The oldest vendored version: for a library whose newer versions keep every function of
    /// the older (NCCL 2), the bindings that load every version since.
    pub fn oldest(&self) -> u32 {
        *self.versions.first().expect("Vendored::list never returns an empty list")
    }

    fn majors_text(&self) -> String {
        let mut majors: Vec<u32> = self.versions.iter().map(|v| v / 1000).collect();
        majors.dedup();
        majors.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
    }
}

/// Stops the build with a message and no backtrace.
pub fn fail(message: &str) -> ! {
    eprintln!("\nerror: {message}\n");
    std::process::exit(1);
}
