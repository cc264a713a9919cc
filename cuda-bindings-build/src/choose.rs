//! Which bindings a -sys crate compiles: generated from the header found, or vendored.
//!
//! | header found | `bindgen` feature | generation | bindings used                       | says              |
//! |--------------|-------------------|------------|-------------------------------------|-------------------|
//! | yes          | on                | works      | generated from it                   | nothing           |
//! | yes          | on                | fails      | vendored, of the header's major     | warning (strict: error) |
//! | yes          | off               | -          | vendored, of the header's major     | nothing           |
//! | no           | on                | -          | vendored, of `CUDA_SYS_CUDA_MAJOR` or 12 | warning, unless the major is set (strict: error, unless set) |
//! | no           | off               | -          | vendored, of `CUDA_SYS_CUDA_MAJOR` or 12 | nothing (strict: error, unless set) |
//!
//! "Fails" covers libclang missing (or a `LIBCLANG_PATH` naming something else), a header clang
//! cannot parse, and a header whose path is not UTF-8 (clang takes paths as text). A major
//! without vendored bindings (a header older or newer than any we carry) takes the nearest,
//! with a warning (strict: error). With a header, `CUDA_SYS_CUDA_MAJOR` naming another major
//! than the header's is not honoured: a warning (strict: error) says so.

use std::path::{Path, PathBuf};

use crate::api::Api;
use crate::{env, MAJOR_VAR, STRICT_VAR};

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

/// The bindings chosen: the file to `include!`, its version, where it came from.
#[derive(Clone, Debug)]
pub struct Bindings {
    pub file: PathBuf,
    pub version: u32,
    pub source: Source,
}

/// Why there is no header, for the messages.
pub struct NoHeader {
    /// One line: every place tried.
    pub summary: String,
    /// One place per line, for stderr.
    pub details: String,
    /// The major to use, when another crate decided it (cudart-sys follows libcuda-sys), and
    /// whether using vendored bindings is a fallback this crate must report.
    pub decided: Option<(u32, bool)>,
}

/// Decides by the table above, generating where it says so. Prints Cargo's instructions for
/// the bindings file and its inputs; stops the build (with the reason and the remedy) in
/// strict mode when it would fall back.
///
/// # Panics
/// Outside a build script (no `CARGO_MANIFEST_DIR`).
pub fn bindings(api: &Api, header: Result<&Header, &NoHeader>) -> Bindings {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let vendored = Vendored::list(&manifest_dir, api);
    let strict = env::strict();
    let generate = std::env::var_os("CARGO_FEATURE_BINDGEN").is_some();
    let refresh = format!("cargo clean -p {}", api.crate_name);

    let (major, fallback) = match header {
        Ok(header) => {
            // A path Cargo cannot be told would name a file that does not exist, which reruns the
            // build script (and rebuilds all above it) every time.
            if let Some(path) = env::cargo_text(&header.include.join(api.header)) {
                println!("cargo::rerun-if-changed={path}");
            }
            // The variable is libcuda-sys's: cudart-sys takes the header libcuda-sys found.
            if api.crate_name == crate::api::DRIVER.crate_name {
                major_not_honoured(api, header, &vendored, strict);
            }
            if generate {
                // Where libclang is looked for first; bindgen reads it.
                env::tracked("LIBCLANG_PATH");
                let generated = match header.include.to_str() {
                    Some(_) => generate_from(api, header),
                    None => Err("its path is not UTF-8, and clang takes paths as text".into()),
                };
                match generated {
                    Ok(bindings) => return bindings,
                    Err(why) => (
                        header.version / 1000,
                        Some(format!(
                            "{} (CUDA_VERSION {}, found by {}) could not be used: {why}",
                            header.include.join(api.header).display(),
                            header.version,
                            header.found_by
                        )),
                    ),
                }
            } else {
                (header.version / 1000, None)
            }
        }
        Err(NoHeader { decided: Some((major, fallback)), summary, .. }) => {
            (*major, fallback.then(|| summary.clone()))
        }
        Err(none) => {
            let asked = asked_major(&vendored);
            let major = asked.unwrap_or(crate::DEFAULT_MAJOR);
            let fallback = (asked.is_none() && (generate || strict)).then(|| {
                eprintln!("{} looked for {} in:\n{}", api.crate_name, api.header, none.details);
                format!("no {} was found ({})", api.header, none.summary)
            });
            (major, fallback)
        }
    };
    let (file, version, nearest) = vendored.for_major(major);
    let mut reasons: Vec<String> = fallback.into_iter().collect();
    if let Some(used) = nearest {
        reasons.push(format!("no bindings are vendored for CUDA {major}, so CUDA {used}'s are used"));
    }
    if !reasons.is_empty() {
        let what = format!("{}: {}", api.crate_name, reasons.join("; "));
        let remedy = remedy(api, header, &refresh);
        if strict {
            fail(&format!("{what}.\n{remedy}.\n({STRICT_VAR} is set, so the build does not fall back to vendored bindings.)"));
        }
        // The fallback and the remedy on the first line; more lines of the reason (clang's
        // errors, one a line) after it.
        let (first, more) = what.split_once('\n').unwrap_or((&what, ""));
        warning(&format!(
            "{first}; the bindings vendored from {} {version} are used. {remedy}.\n{more}",
            api.version_macro
        ));
    }
    println!("cargo::rerun-if-changed={}", file.display());
    Bindings { file, version, source: Source::Vendored }
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
fn major_not_honoured(api: &Api, header: &Header, vendored: &Vendored, strict: bool) {
    let Some(asked) = asked_major(vendored) else { return };
    if asked == header.version / 1000 {
        return;
    }
    let what = format!(
        "{}: {MAJOR_VAR}={asked} is not honoured: it chooses the vendored bindings of a build that finds \
         no {}, and {} (CUDA_VERSION {}, found by {}) was found, so the bindings follow it, as a C program's \
         API follows the header it includes. For CUDA {asked}'s API, point CUDA_PATH at a CUDA {asked} toolkit",
        api.crate_name,
        api.header,
        header.include.join(api.header).display(),
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

/// What to do about a fallback, in one sentence.
fn remedy(api: &Api, header: Result<&Header, &NoHeader>, refresh: &str) -> String {
    if header.is_ok_and(|header| header.include.to_str().is_none()) {
        format!(
            "To generate from your header: link the toolkit from a UTF-8 path (`ln -s`) and set CUDA_PATH \
             to that; {STRICT_VAR}=1 makes this an error"
        )
    } else if header.is_ok() {
        format!(
            "To generate from your header: install libclang (Debian: libclang-dev) or set LIBCLANG_PATH \
             to its folder, or point CUDA_PATH at another toolkit; {STRICT_VAR}=1 makes this an error"
        )
    } else {
        format!(
            "To generate from your toolkit's {}: set CUDA_PATH to its root (the folder holding include/{}); \
             once CUDA is installed, `{refresh}` makes the build look again. To choose the vendored major \
             without a toolkit, set {MAJOR_VAR}",
            api.header, api.header
        )
    }
}

#[cfg(feature = "bindgen")]
fn generate_from(api: &Api, header: &Header) -> Result<Bindings, String> {
    let generated = crate::generate::generate(api, &header.include, &header.extra_includes, true)
        .map_err(|e| e.to_string())?;
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("run by cargo")).join("bindings.rs");
    std::fs::write(&out, generated.text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(Bindings { file: out, version: generated.version, source: Source::Generated })
}

#[cfg(not(feature = "bindgen"))]
fn generate_from(_api: &Api, _header: &Header) -> Result<Bindings, String> {
    Err("cuda-bindings-build was built without its `bindgen` feature".into())
}

/// The vendored bindings a crate carries: `src/vendored/<stem>_<version>.rs`, one per major,
/// named by the version of the header they were made from (`cuda_12090.rs`).
pub struct Vendored {
    /// (version, file), by version.
    files: Vec<(u32, PathBuf)>,
}

impl Vendored {
    pub fn list(manifest_dir: &Path, api: &Api) -> Vendored {
        let dir = manifest_dir.join("src").join("vendored");
        let prefix = format!("{}_", api.vendored_stem);
        let mut files: Vec<(u32, PathBuf)> = std::fs::read_dir(&dir)
            .map(|entries| {
                entries
                    .filter_map(|entry| {
                        let path = entry.ok()?.path();
                        let name = path.file_name()?.to_str()?;
                        let version = name.strip_prefix(&prefix)?.strip_suffix(".rs")?.parse().ok()?;
                        Some((version, path))
                    })
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        if files.is_empty() {
            fail(&format!("no vendored bindings in {} (a broken package?)", dir.display()));
        }
        Vendored { files }
    }

    /// The file for `major` and its version, or the nearest major's and that major.
    fn for_major(&self, major: u32) -> (PathBuf, u32, Option<u32>) {
        let (version, file) = self
            .files
            .iter()
            .rev()
            .min_by_key(|(v, _)| (v / 1000).abs_diff(major))
            .expect("Vendored::list never returns an empty list");
        let nearest = (version / 1000 != major).then_some(version / 1000);
        (file.clone(), *version, nearest)
    }

    /// The newest vendored file's version (a library with one ABI for all versions, as NCCL 2,
    /// vendors one file).
    pub fn newest(&self) -> u32 {
        self.files.last().expect("Vendored::list never returns an empty list").0
    }

    fn majors_text(&self) -> String {
        self.files.iter().map(|(v, _)| (v / 1000).to_string()).collect::<Vec<_>>().join(", ")
    }
}

/// Stops the build with a message and no backtrace.
pub fn fail(message: &str) -> ! {
    eprintln!("\nerror: {message}\n");
    std::process::exit(1);
}
