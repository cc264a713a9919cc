//! What a CUDA library is, as one value ([`Library`]): its crate, its header and how the build
//! finds it, what the generator binds of it, its result codes and how it words them, its file
//! per OS and major, where toolkits and NVIDIA's wheels keep it, and the variable that names it.
//! The build script, the generator and `cargo xtask` (through cuda-bindings-build), the loader,
//! `explain` and cuda-checked all read these values; none of them spells a library's names
//! itself. The values themselves are in `libraries.rs`, one per library.

use std::ffi::CStr;

/// One name on Unix, another on Windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerOs {
    pub unix: &'static str,
    pub windows: &'static str,
}

impl PerOs {
    /// The name for `windows` or not.
    pub const fn get(&self, windows: bool) -> &'static str {
        if windows {
            self.windows
        } else {
            self.unix
        }
    }
}

/// A library's file, per OS and CUDA major: `{major}` in the pattern is the major, except for
/// the majors listed apart (CUDA 11's runtime is `libcudart.so.11.0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Files {
    pub pattern: PerOs,
    /// (major, Unix file, Windows file) where the pattern does not apply.
    pub exceptions: &'static [(u32, &'static str, &'static str)],
}

impl Files {
    /// The file of `major` on Windows or elsewhere.
    pub fn of(&self, major: u32, windows: bool) -> String {
        match self.exceptions.iter().find(|(m, _, _)| *m == major) {
            Some((_, unix, windows_file)) => (if windows { *windows_file } else { *unix }).to_string(),
            None => self.pattern.get(windows).replace("{major}", &major.to_string()),
        }
    }
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
    /// `PATH`: where an application ships a toolkit library's DLL.
    ApplicationAndSystem,
}

/// How a version number the header or the library gives is written, and what it means:
/// `major * major_unit + minor * minor_unit + patch`, as the library's own macro computes it.
/// Each library's is a value of its description ([`CUDA`](Scheme::CUDA) for the toolkit's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scheme {
    /// How users name the library before a version: `CUDA` in `CUDA 12.9`.
    pub name: &'static str,
    pub major_unit: i64,
    /// 100 where the number has a patch below it; CUDA's 10 has none (12090 is 12.9).
    pub minor_unit: i64,
    /// Where numbers below `major_unit` are an older coding's, its major unit: a library whose
    /// older releases wrote `major * 1000` and whose newer ones a larger unit (2804 is 2.8.4 in
    /// the older coding).
    pub older_major_unit: Option<i64>,
    /// The numbers a release can say, as half-open ranges: what the loader asks of a library's
    /// answer before any arithmetic on it, and the build of a header's.
    pub plausible: &'static [(i64, i64)],
    /// The cfg by which dependents follow the header's version (`cuda` gives `cuda_ge =
    /// "12.9"`), where the crate's build sets one.
    pub cfg: Option<&'static str>,
}

impl Scheme {
    /// CUDA's: `major * 1000 + minor * 10` (12090 is CUDA 12.9), CUDA 1.0 to 99.9. Dependents
    /// follow it with `cfg(cuda_ge = "12.9")` (and `cuda_major`).
    pub const CUDA: Scheme = Scheme {
        name: "CUDA",
        major_unit: 1000,
        minor_unit: 10,
        older_major_unit: None,
        plausible: &[(1000, 100_000)],
        cfg: Some("cuda"),
    };

    /// A math library's own (its header's `<LIBRARY>_VERSION`, what its `GetProperty` answers):
    /// `major * 1000 + minor * 100 + patch` (10305 is 10.3.5), named `name`.
    pub const fn library(name: &'static str) -> Scheme {
        Scheme {
            name,
            major_unit: 1000,
            minor_unit: 100,
            older_major_unit: None,
            plausible: &[(1000, 1_000_000)],
            cfg: None,
        }
    }

    /// (major, minor, patch) of `version`.
    pub fn parts(&self, version: i64) -> (i64, i64, i64) {
        let major_unit = match self.older_major_unit {
            Some(older) if version < self.major_unit => older,
            _ => self.major_unit,
        };
        let patch = if self.minor_unit > 10 { version % self.minor_unit } else { 0 };
        (version / major_unit, version % major_unit / self.minor_unit, patch)
    }

    /// A version as the library's users write it: `CUDA 12.9`, or `<name> 11.3.0` with a patch.
    pub fn text(&self, version: impl Into<i64>) -> String {
        let (major, minor, patch) = self.parts(version.into());
        if self.minor_unit > 10 {
            format!("{} {major}.{minor}.{patch}", self.name)
        } else {
            format!("{} {major}.{minor}", self.name)
        }
    }

    /// Whether a release of the library can say `version` (CUDA's are also multiples of 10).
    pub fn plausible(&self, version: i64) -> bool {
        self.plausible.iter().any(|(low, high)| (*low..*high).contains(&version))
            && (self.minor_unit > 10 || version % 10 == 0)
    }

    /// How the number is computed, with an example: for a sentence refusing a number.
    pub fn coding(&self) -> String {
        let example = self.plausible.last().map_or(0, |(low, _)| *low);
        let patch = if self.minor_unit > 10 { " + patch" } else { "" };
        let mut text = format!(
            "{} * major + {} * minor{patch}: {example} for {}",
            self.major_unit,
            self.minor_unit,
            self.text(example)
        );
        if let Some(older) = self.older_major_unit {
            text +=
                &format!("; below {}, {older} * major + {} * minor{patch}", self.major_unit, self.minor_unit);
        }
        text
    }

    /// The number of `major.minor.patch`, where each part fits its place (a minor below
    /// `major_unit / minor_unit`, a patch below `minor_unit` or 0 for CUDA's).
    pub fn number(&self, major: i64, minor: i64, patch: i64) -> Option<i64> {
        let patch_fits =
            if self.minor_unit > 10 { (0..self.minor_unit).contains(&patch) } else { patch == 0 };
        ((0..self.major_unit / self.minor_unit).contains(&minor) && patch_fits && major >= 0)
            .then(|| major * self.major_unit + minor * self.minor_unit + patch)
    }

    /// The major of `version`: what a library's ABI (its file name) follows.
    pub fn major(&self, version: u32) -> u32 {
        self.parts(i64::from(version)).0 as u32
    }
}

/// Which version a header says it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Version {
    /// The macro holding it (`CUDA_VERSION`).
    pub macro_name: &'static str,
    /// The header defining it, when the library's own header does not (a toolkit library whose
    /// header has no version: the toolkit's `cuda.h` beside it says which CUDA it is).
    pub header: Option<&'static str>,
    pub scheme: Scheme,
}

/// The PyPI project of NVIDIA's wheel `wheel` (as named from CUDA 13 on: [`Build::wheel`]) for
/// CUDA `major`, as pip names it: CUDA 11 and 12's carry their major (`nvidia-<name>-cu12`).
#[cfg(feature = "build")]
pub fn wheel_project(wheel: &str, major: u32) -> String {
    if major < 13 {
        format!("{wheel}-cu{major}")
    } else {
        wheel.to_string()
    }
}

/// What the build, the generator and the repository's tools read of a library, and the run time
/// never does: compiled only with cuda-loader's `build` feature (cuda-bindings-build's and xtask's),
/// so that none of it is in a user's binary.
#[cfg(feature = "build")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Build {
    /// cuda-checked's feature that brings this library's check macro (`check_<feature>!`);
    /// `None` where the check is always there (the driver's).
    pub feature: Option<&'static str>,
    /// NVIDIA's wheel on PyPI that ships its header and library, as named from CUDA 13 on
    /// (`nvidia-<name>`; CUDA 11 and 12's add `-cu11`, `-cu12`); `None` for the driver, which
    /// comes with no wheel (its header is the runtime wheel's).
    pub wheel: Option<&'static str>,
    /// The version of `wheel` NVIDIA published with each CUDA release, as (release, version):
    /// what `cargo xtask headers` unpacks into that release's toolkit root (the project is
    /// `wheel`, with `-cu11` or `-cu12` for CUDA 11 and 12, as pip names it).
    pub releases: &'static [(&'static str, &'static str)],
    pub found: Found,
    pub binding: Binding,
    /// The library to link (`-l<link>`) with the `link` feature.
    pub link: &'static str,
    /// At which CUDA releases CI's toolkit roots (`cargo xtask headers`) take the whole wheel,
    /// the library with its header, because a test loads or links it there.
    pub whole_wheel: WholeWheel,
    /// A library with a root of its own (`found.home`): its releases, which are not the
    /// toolkit's (`releases` is empty).
    pub own: Option<OwnReleases>,
}

/// At which CUDA releases CI needs a library's whole wheel, not only its header (see
/// `cargo xtask headers`).
#[cfg(feature = "build")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WholeWheel {
    /// At the GPU machine's release only, where the tests against NVIDIA's real libraries load
    /// every toolkit library (a library the driver ships has a wheel of its header only).
    GpuMachine,
    /// At every release: CI tests each release's real library.
    EveryRelease,
    /// At the GPU machine's release and the newest release of this CUDA major: CI links
    /// cuda-checked's `link` feature against it there.
    AlsoNewestOf(u32),
}

/// The releases of a library with a root of its own, each as pip names its wheel
/// (`nvidia-<name>-cu12==2.22.3`): what `cargo xtask vendor` binds and CI builds against.
#[cfg(feature = "build")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnReleases {
    /// The root inside its wheels (`nvidia/<name>`).
    pub inner: &'static str,
    /// Every release vendored (one file each, by its version macro), oldest first: the oldest
    /// is what a build without a header binds.
    pub vendored: &'static [&'static str],
    /// The release CI builds and tests against with a CUDA major, whole (header and library),
    /// as (major, wheel); a major without one takes the first of `vendored` built for it.
    pub tested: &'static [(&'static str, &'static str)],
}

#[cfg(feature = "build")]
impl OwnReleases {
    /// The CUDA major a release's wheel is built for: `12` of `nvidia-<name>-cu12==2.22.3`.
    pub fn cuda_major(requirement: &str) -> Option<&str> {
        requirement.split_once("==").and_then(|(name, _)| name.rsplit_once("-cu")).map(|(_, major)| major)
    }

    /// The release of CUDA `major`'s wheels CI builds against: `tested`'s, else the first vendored.
    pub fn for_major(&self, major: &str) -> Option<&'static str> {
        self.tested
            .iter()
            .find(|(m, _)| *m == major)
            .map(|(_, requirement)| *requirement)
            .or_else(|| self.vendored.iter().copied().find(|r| Self::cuda_major(r) == Some(major)))
    }
}

/// How the build finds the header (see cuda-bindings-build's `build`).
#[cfg(feature = "build")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The -sys crate (its `links` key) whose toolkit this one binds with, as a C program
    /// includes one toolkit's headers: the runtime takes libcuda-sys's, the libraries that use
    /// the runtime's types take cudart-sys's. `None`: the crate looks for a toolkit itself.
    pub follows: Option<&'static str>,
    /// The variable naming a root of the library's own (`<NAME>_HOME`): a library that ships apart
    /// from the toolkit, whose header is looked for there first, then in the toolkit, the
    /// Python environment's wheel and `/usr`. Without a header, its oldest vendored release is
    /// bound (newer releases keep every function).
    pub home: Option<&'static str>,
    /// Folders beside the toolkit's root that may hold the header and the library instead: the
    /// CUDA 11 and 12 wheels keep each library in a wheel of its own (`nvidia/cuda_runtime`).
    pub beside: &'static [&'static str],
    /// The first CUDA release (its `CUDA_VERSION`) whose toolkit has the header, for a library
    /// NVIDIA added after the oldest release the crates support; `None`: every release has it.
    /// Its bindings are vendored from that release on (`cargo xtask vendor`), and a build whose
    /// toolkit (or `CUDA_SYS_CUDA_MAJOR`) is older takes that release's bindings with a warning
    /// saying the library needs it (strict mode: an error).
    pub since: Option<u32>,
}

/// What the generator binds of the header, and how it tells the library's names apart.
#[cfg(feature = "build")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// Function, type and constant names to bind (regular expressions).
    pub functions: &'static str,
    pub types: &'static str,
    pub vars: &'static str,
    /// Macros whose names start so may rename a function (`#define cuMemAlloc cuMemAlloc_v2`).
    pub function_prefix: &'static str,
    /// Macros whose names start so may be cast constants (`#define CU_STREAM_LEGACY ((CUstream)0x1)`).
    pub constant_prefixes: &'static [&'static str],
    /// Macros defined for the parse: the include guards of headers the header includes but whose
    /// types its declarations never use, and whose own includes NVIDIA's wheels lack.
    pub defines: &'static [&'static str],
    /// Headers of the same library bound with it where the toolkit has them (the profiler's;
    /// `library_types.h`).
    pub also_headers: &'static [&'static str],
    /// Headers whose types another crate already binds, and its Rust path: those types are the
    /// same C types, taken from there (`struct CUstream_st` is one type in `cuda.h` and
    /// `driver_types.h`).
    pub shares_types_with: &'static [(&'static str, &'static str)],
    /// NVIDIA's reference for this API; each function's doc links its group's page there.
    pub reference: &'static str,
    /// Vendored files are named `<stem>_<version>`.
    pub vendored_stem: &'static str,
}

/// The library's result codes: their C enum and typedef, and the constants a call returns when
/// the loader could not reach the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Codes {
    /// The C enum of result codes (the Rust newtype: `cudaError_enum`) and the typedef C code
    /// names it by (`CUresult`).
    pub enum_name: &'static str,
    pub type_name: &'static str,
    /// Whether the type is signed: a library's errors may be negative (-2), its warnings
    /// positive. The loader keeps every code as its 32 bits and prints it as this says.
    pub signed: bool,
    /// Whether positive codes are warnings, not errors (the call did its work, or did nothing
    /// and says why): checks take them as success, and give them back.
    pub positive_warnings: bool,
    /// The constants for success, for "the library could not be loaded" and for "it lacks the
    /// function": the header's names (their values are the header's).
    pub success: &'static str,
    pub not_loaded: &'static str,
    pub symbol_missing: &'static str,
    /// How a code the header does not know is named: `CUDA_ERROR_UNKNOWN_CODE` gives
    /// `CUDA_ERROR_UNKNOWN_CODE(999)`.
    pub unknown: &'static str,
    /// NVIDIA's page describing every code.
    pub reference: &'static str,
    pub text: ErrorText,
}

/// How the library puts a code in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorText {
    /// `CUresult cuGetErrorString(CUresult, const char **)`: a code back, the text through a
    /// pointer. `unknown` is the code it returns for a code it does not know.
    OutParameter { name: &'static str, string: &'static str, unknown: u32 },
    /// `const char *cudaGetErrorString(cudaError_t)`: the text itself; for a code it does not
    /// know, a text starting with one of `unknown`. `name` is absent where the library has no
    /// such function.
    Returned { name: Option<&'static str>, string: &'static str, unknown: &'static [&'static str] },
    /// No function at all (as some math libraries): a sentence for each code, from the
    /// header's documentation, as (the code's name, the sentence).
    Table(&'static [(&'static str, &'static str)]),
    /// No result codes at all (a C++ library whose calls return null or false and report
    /// through the program's logger and error recorder).
    None,
}

impl ErrorText {
    /// The functions the loader calls: (the name function, the string function).
    pub const fn functions(&self) -> (Option<&'static str>, Option<&'static str>) {
        match self {
            ErrorText::OutParameter { name, string, .. } => (Some(name), Some(string)),
            ErrorText::Returned { name, string, .. } => (*name, Some(string)),
            ErrorText::Table(_) => (None, None),
            ErrorText::None => (None, None),
        }
    }
}

/// How the library says its own version, in its [`Scheme`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionFunction {
    pub name: &'static str,
    pub call: VersionCall,
    /// Where the library answers with a version of its own while its bindings are keyed by
    /// another (a math library answering 10405, whose header's key is the toolkit's
    /// `CUDA_VERSION`): that version's scheme, and the header's macro holding it, which the
    /// answer is compared with.
    pub own: Option<(Scheme, &'static str)>,
    /// A library older than the header is refused when loaded: the search goes on to the next
    /// place, and says why it passed this one (for a library whose functions and structs grow
    /// with each version).
    pub refuses_older: bool,
    /// A library of another major than the header's is refused when loaded, as an older one is
    /// with `refuses_older` (for a library whose C++ interfaces change with each major).
    pub refuses_other_major: bool,
    /// The codes (the header's names) by which the version call of a library that works says
    /// this system lacks what it needs: CUDA 11's runtime without a driver answers
    /// `cudaErrorInsufficientDriver`, a driver's stub its "not loaded" code. Such a library is
    /// loaded all the same, and each call answers in its own words; a version call that fails
    /// with any other code refuses the library, naming the call and the code.
    pub unavailable: &'static [&'static str],
}

/// The version function's C signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VersionCall {
    /// `f(int *version)`, returning a code (0 for success): `cuDriverGetVersion`.
    Single,
    /// `f(int *major, int *minor)`, returning a code (0 for success), whose answer is a CUDA
    /// version.
    MajorMinor,
    /// `size_t f(void)`: the version of the runtime the library was built with.
    Returned,
    /// `int32_t f(void)`: the library's version, no code.
    Int,
    /// `const S *f(void)`: a pointer to a struct whose first two `int`s are the major and the
    /// minor (`const Version *getVersion(void)` of `{ int major, minor, build; }`, whose build is
    /// no patch). The answer is written in the library's scheme, patch 0.
    StructPointer,
    /// `f(libraryPropertyType type, int *value)`, returning a code (0 for success), asked for
    /// `MAJOR_VERSION`, `MINOR_VERSION` and `PATCH_LEVEL` (0, 1, 2): a math library's
    /// `<library>GetProperty`, where its `GetVersion` needs a handle (which needs a GPU). The
    /// answer is written as a math library's own version is (`major * 1000 + minor * 100 +
    /// patch`).
    Property,
}

/// What part the library plays, which decides where it is looked for and how its absence reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The system's driver, installed with it, never by a toolkit: looked for under the
    /// system's names only. NVIDIA ships a stub of it for linking, which must be recognised.
    Driver {
        /// Tried in order after the variable: the soname, then places outside the system's
        /// search (WSL's).
        candidates: &'static [&'static str],
        candidates_windows: &'static [&'static str],
        /// The function every driver has (`cuInit`): without it and the version function, a
        /// library is no driver at all.
        init: &'static str,
        /// Where such a stub comes from, and what to do (Unix, Windows).
        stub_origin: PerOs,
        stub_fix: PerOs,
    },
    /// A library of the toolkit or beside it, versioned with its header: the header's major is
    /// loaded, from the toolkit found at build time, the Python environment's wheel, or the
    /// system's search.
    Toolkit {
        /// A toolkit root's folders that may hold it (`*` is any one folder).
        toolkit_dirs: &'static [&'static str],
        /// The wheel roots under `site-packages` that may hold it (`{major}` is the major),
        /// each with `lib/` (Linux) and `bin/` (Windows).
        wheels: &'static [&'static str],
    },
}

/// A library of the same release that the library loads from its own folder (a front's
/// sub-libraries). The loader opens each beside the library when it loads it, before any call
/// reaches it, and keeps them loaded: a set of two releases, or one with a part missing, is
/// refused, whole, with a sentence naming both (such a front may abort the process when a part
/// it needs cannot be loaded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its file per OS (`{major}` is the library's major).
    pub file: PerOs,
    /// Its function (no arguments, a code back: 0 when they agree) that checks it against the
    /// parts it links (`<part>VersionCheck`).
    pub check: &'static str,
    /// Where the part has the library's version function itself: asked, it must answer the
    /// library's own version.
    pub has_version_function: bool,
    /// A symbol holding its version as an `int`, `major << 16 | minor << 8 | patch`, where the
    /// part has one (`<part>_version`): not NVIDIA's documented API, so it decides
    /// nothing, and is read only to name the part's version in a refusal.
    pub version_symbol: Option<&'static str>,
}

impl Part {
    /// Its file for the library's `major`, on `windows` or not.
    pub fn file(&self, major: u32, windows: bool) -> String {
        self.file.get(windows).replace("{major}", &major.to_string())
    }
}

/// One CUDA library: everything about it that the build, the generator, the loader, the checks
/// and the repository's tools need, in one place.
#[derive(Debug, PartialEq, Eq)]
pub struct Library {
    /// How sentences name it: `the CUDA driver`.
    pub what: &'static str,
    /// What it is, with an indefinite article: `a CUDA driver`.
    pub a_what: &'static str,
    /// How short sentences name it: `driver` (`the driver does not know this code`).
    pub short: &'static str,
    /// `short` with its article: `a driver`.
    pub a_short: &'static str,
    /// Its name in messages: `libcuda` (Windows: `nvcuda.dll`).
    pub name: PerOs,
    /// The -sys crate binding it: its package (`libcuda-sys`) and its Rust path (`cuda_sys`).
    pub crate_name: &'static str,
    pub rust_path: &'static str,
    /// What only the build reads (cuda-bindings-build, xtask, CI): not in a user's binary.
    #[cfg(feature = "build")]
    pub build: Build,
    /// The header a C program includes.
    pub header: &'static str,
    pub version: Version,
    pub codes: Codes,
    /// Its file per OS and major.
    pub files: Files,
    /// The variable naming its absolute path.
    pub variable: &'static str,
    /// What to do when nothing could be loaded (`{major}` is the header's major).
    pub install: &'static str,
    /// Where Windows may look for it by name.
    pub search: Search,
    /// Files the library opens by bare name at run time and expects beside it (Unix; Windows
    /// searches the DLL's own folder): prefixes of names. When the library comes from an
    /// absolute path, the matching files beside it are loaded first, so that its own `dlopen`
    /// finds them, as it would with that folder on `LD_LIBRARY_PATH`.
    pub companions: &'static [&'static str],
    pub role: Role,
    /// Libraries of the same release that the library loads by name from its own folder when it
    /// needs them (a library that is a front for several): each must be beside it and of its
    /// release, or the library is refused as a whole (see [`Part`]).
    pub parts: &'static [Part],
    /// What a function returning a text answers without the library (never null: C code
    /// passes it straight to `printf`).
    pub unreachable_text: &'static CStr,
    pub version_function: VersionFunction,
    /// Libraries of the same release whose functions the crate's headers declare, each in a
    /// header of its own (its `header`): a function is loaded from the library whose header
    /// declares it, by a loader of that library's own, and the library is looked for beside
    /// this one: a partner library with a header of its own beside the library; a library of
    /// families, each its own file and headers, beside its core.
    pub siblings: &'static [&'static Library],
}

impl Library {
    /// Its file for `major`, on the OS this code runs on.
    pub fn file(&self, major: u32) -> String {
        self.files.of(major, cfg!(windows))
    }

    /// The major whose file the bindings of header `version` load.
    pub fn major(&self, version: u32) -> u32 {
        self.version.scheme.major(version)
    }

    /// The module of the crate holding `sibling`'s functions: its name past `lib` and past this
    /// library's own name, in lower case (`libfooLt` beside `libfoo`: `lt`; `libfooa`
    /// beside `libfooc`: `fooa`).
    pub fn sibling_module(&self, sibling: &Library) -> String {
        let name = sibling.name.unix.trim_start_matches("lib");
        name.strip_prefix(self.name.unix.trim_start_matches("lib")).unwrap_or(name).to_lowercase()
    }

    /// Every header bound for this crate: its own, those bound with it, and its siblings'.
    #[cfg(feature = "build")]
    pub fn headers(&self) -> impl Iterator<Item = &'static str> + '_ {
        std::iter::once(self.header).chain(self.build.binding.also_headers.iter().copied()).chain(
            self.siblings.iter().flat_map(|sibling| {
                std::iter::once(sibling.header).chain(sibling.build.binding.also_headers.iter().copied())
            }),
        )
    }
}
