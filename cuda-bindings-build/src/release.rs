//! A library's release as its header says it and as the library file found at build time says
//! it, and the rule between them: bindings of one release are never linked against, nor
//! pointed at, a library of another (issue 33, items 13 and 16). The rule is the same for every
//! library described in [`cuda_loader::ALL`]; what differs is read from its description.
//!
//! - The header's release: its library's own numbers where the header has them
//!   (`<PREFIX>_VER_MAJOR`, `_MINOR`, `_PATCH` for each of the description's constant prefixes,
//!   in the header or a header it includes from its folder: the math libraries', which name
//!   their files), else its version macro where the library's header defines it
//!   (`CUDART_VERSION`), else, for a file named by the CUDA major (`lib<name>.so.{major}`), that
//!   major.
//! - The file's release: the longest of its file name once links are followed
//!   (`lib<name>.so.13.1.0.3`, as toolkits install it), the record of the Python wheel that
//!   installed it (`nvidia_<name>-13.1.0.3.dist-info/RECORD` lists the file), and the toolkit's
//!   `version.json` (NVIDIA's installer writes each component's version there).
//! - They are compared on the numbers both have. Any difference stops the build, except a newer
//!   library of one whose description refuses only older ones at run time (`refuses_older`:
//!   newer releases keep every function).

use std::path::{Path, PathBuf};

use cuda_loader::{Library, Scheme};

use crate::choose::fail;
use crate::{env, header};

/// A release: its numbers, most significant first, and where they were read (for messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Release {
    pub parts: Vec<u32>,
    pub from: String,
}

impl Release {
    /// `13.1.0`.
    pub fn dotted(&self) -> String {
        self.parts.iter().map(u32::to_string).collect::<Vec<_>>().join(".")
    }
}

/// The release `library`'s header in `include` says, `version` being its version as the build
/// read it (see the module docs); `None` where it says none a file can be compared with.
pub fn of_header(library: &Library, include: &Path, version: u32) -> Option<Release> {
    let text = header::read(&include.join(library.header)).ok()?;
    // The header and those it includes from its own folder (a `_v2.h` including its `_api.h`).
    let mut texts = vec![(library.header.to_string(), text.clone())];
    for name in included(&text) {
        if let Ok(text) = header::read(&include.join(&name)) {
            texts.push((name, text));
        }
    }
    if let Some(own) = own_numbers(library, &texts) {
        return Some(own);
    }
    let macro_name = library.version.macro_name;
    if library.version.header.is_none() {
        let (major, minor, patch) = library.version.scheme.parts(i64::from(version));
        let parts: Vec<u32> = if library.version.scheme == Scheme::CUDA {
            vec![major as u32, minor as u32]
        } else {
            vec![major as u32, minor as u32, patch as u32]
        };
        return Some(Release { parts, from: format!("{macro_name} {version}") });
    }
    if library.files.pattern.unix.contains("{major}") {
        let from = format!("the major of {macro_name} {version}, which its file is named by");
        return Some(Release { parts: vec![library.major(version)], from });
    }
    None
}

/// The library's own numbers in `texts` (a header and those it includes, by name):
/// `<PREFIX>_VER_MAJOR`, `_MINOR`, `_PATCH` for each of its constant prefixes.
fn own_numbers(library: &Library, texts: &[(String, String)]) -> Option<Release> {
    for prefix in library.build.binding.constant_prefixes {
        for (name, text) in texts {
            let part = |what: &str| header::define_value(text, &format!("{prefix}_VER_{what}"));
            let Some(major) = part("MAJOR") else { continue };
            let mut parts = vec![major];
            parts.extend(["MINOR", "PATCH"].into_iter().map_while(part));
            return Some(Release { parts, from: format!("{prefix}_VER_* of {name}") });
        }
    }
    None
}

/// Stops the build where a library whose bindings are keyed by the toolkit's CUDA version (and
/// its file chosen by that major: `lib<name>.so.13`) has a header of its own release that NVIDIA
/// ships with another CUDA major: a library's CUDA 12.9 wheel (`nvidia-<name>-cu12`) beside CUDA
/// 13's runtime, whose bindings would be 12.9's and load `lib<name>.so.13` (issue 41, item 18).
/// Which CUDA major ships which of the library's own majors is its description's table of
/// wheels (`releases`); a major not in it is not judged.
pub fn check_cuda_major(library: &Library, include: &Path, cuda_version: u32, found_by: &str) {
    if library.version.scheme != Scheme::CUDA {
        return;
    }
    let Ok(text) = header::read(&include.join(library.header)) else { return };
    let mut texts = vec![(library.header.to_string(), text.clone())];
    for name in included(&text) {
        if let Ok(text) = header::read(&include.join(&name)) {
            texts.push((name, text));
        }
    }
    let Some(own) = own_numbers(library, &texts) else { return };
    let own_major = own.parts[0].to_string();
    let mut shipped: Vec<u32> = library
        .build
        .releases
        .iter()
        .filter(|(_, wheel)| wheel.split('.').next() == Some(own_major.as_str()))
        .filter_map(|(cuda, _)| cuda.split('.').next()?.parse().ok())
        .collect();
    shipped.dedup();
    let major = cuda_version / 1000;
    if shipped.is_empty() || shipped.contains(&major) {
        return;
    }
    let with = shipped.iter().map(|m| format!("CUDA {m}")).collect::<Vec<_>>().join(" and ");
    fail(&format!(
        "{}: {} is {} {} ({}), which NVIDIA ships with {with}, and the toolkit it is bound with ({found_by}) is {}, \
         whose {} the bindings would load: install the {} of CUDA {major} in its place, or point CUDA_PATH at a \
         toolkit of {with}",
        library.crate_name,
        include.join(library.header).display(),
        library.what,
        own.dotted(),
        own.from,
        library.version.scheme.text(cuda_version),
        library.files.of(major, false),
        library.short,
    ));
}

/// The release of the library file at `path` (see the module docs), if anything says it.
pub fn of_file(library: &Library, path: &Path) -> Option<Release> {
    let real = std::fs::canonicalize(path).ok()?;
    let found = [from_name(library, &real), from_wheel(&real), from_version_json(library, &real)];
    // The most precise; the first on a tie.
    found.into_iter().flatten().fold(None, |best: Option<Release>, release| match best {
        Some(best) if best.parts.len() >= release.parts.len() => Some(best),
        _ => Some(release),
    })
}

/// The release of the static archive at `path` (`libcudart_static.a`).
///
/// The archive itself carries none: no version string, no versioned symbol or section, and no
/// number in its name (so for every CUDA 12 and 13 release's `libcudart_static.a`); its
/// `cudaRuntimeGetVersion` holds the number in code, not data. So its release is read from
/// what installed it, which is reliable because the archive came with it: the wheel's
/// `RECORD`, which names this very file, or the toolkit's `version.json`, written by NVIDIA's
/// installer with its files; and last from the shared library of the same package beside it
/// (`libcudart.so.13.0.96`: NVIDIA ships both in one release of cuda-cudart).
pub fn of_archive(library: &Library, path: &Path) -> Option<Release> {
    let real = std::fs::canonicalize(path).ok()?;
    if let Some(release) = from_wheel(&real).or_else(|| from_version_json(library, &real)) {
        return Some(release);
    }
    let dir = real.parent()?;
    let prefix = format!("lib{}.so.", library.build.link);
    let mut beside: Vec<Release> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            path.file_name()?.to_str()?.starts_with(&prefix).then_some(())?;
            let real = std::fs::canonicalize(&path).ok()?;
            // (A name of the ABI's major alone, `libcudart.so.13`, says nothing of the archive's
            // release beyond the major a header of another release may share.)
            let release = from_name(library, &real).filter(|release| release.parts.len() > 1)?;
            let from = format!("{}, the shared library beside it", real.display());
            Some(Release { from, ..release })
        })
        .collect();
    beside.sort_by_key(|release| std::cmp::Reverse(release.parts.len()));
    beside.into_iter().next()
}

/// What the build does with the file whose release is checked, for the messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// The `link` or `static` feature links it.
    Links,
    /// The loader tries it first at run time (the toolkit's library folders).
    Loads,
}

/// Stops the build, in one sentence, when the header in `include` (of `version`) and the
/// library `file` the build found are two releases (see the module docs). A linked file whose
/// release nothing says is a warning (strict mode: an error): it is linked as the header's.
pub fn check(library: &Library, include: &Path, version: u32, file: &Path, how: Use) {
    if let cuda_loader::Role::Driver { .. } = library.role {
        // The driver's ABI is one for every release, and newer drivers run older toolkits.
        return;
    }
    let Some(header) = of_header(library, include, version) else { return };
    // Another library installed in its place is checked again.
    if let Some(path) = env::cargo_text(file) {
        println!("cargo::rerun-if-changed={path}");
    }
    let archive = file.extension().is_some_and(|e| e == "a" || e == "lib") && how == Use::Links;
    let found = if archive { of_archive(library, file) } else { of_file(library, file) };
    let header_path = include.join(library.header);
    let what = library.what;
    let doing = match how {
        Use::Links => "which the build links",
        Use::Loads => "which the loader tries first at run time",
    };
    let Some(found) = found else {
        if how == Use::Links {
            let beside = if archive {
                format!(", no versioned lib{}.so beside it", library.build.link)
            } else {
                String::new()
            };
            let text = format!(
                "{}: nothing says which release {}, {doing}, is (no version in its name, no Python wheel's record of \
                 it, no toolkit version.json{beside}), so it is linked as {what} {} of {}",
                library.crate_name,
                file.display(),
                header.dotted(),
                header_path.display()
            );
            if env::strict() {
                fail(&format!(
                    "{text}; {} is set, so a release that cannot be told is an error",
                    crate::STRICT_VAR
                ));
            }
            println!("cargo::warning={text}; {}=1 makes this an error", crate::STRICT_VAR);
        }
        return;
    };
    let n = header.parts.len().min(found.parts.len());
    let (wanted, got) = (&header.parts[..n], &found.parts[..n]);
    if wanted == got || (library.version_function.refuses_older && got > wanted) {
        return;
    }
    let root = crate::choose::root_variable(library);
    fail(&format!(
        "{}: {} is {what} {} ({}), and {}, {doing}, is {what} {} ({}): bindings of one release calling a \
         library of another are wrong, so the build stops; point {root} at a root whose {} and library are of \
         one release",
        library.crate_name,
        header_path.display(),
        header.dotted(),
        header.from,
        file.display(),
        found.dotted(),
        found.from,
        library.header,
    ));
}

/// The names a header `#include`s (`"foo_api.h"`, `<foo_api.h>`).
fn included(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start().strip_prefix("include")?.trim();
            let name = rest.strip_prefix('"').and_then(|r| r.split_once('"')).map(|(name, _)| name);
            let name =
                name.or_else(|| rest.strip_prefix('<').and_then(|r| r.split_once('>')).map(|(n, _)| n))?;
            // Only a file of the header's own folder, never a path out of it.
            (!name.contains("..") && !name.starts_with('/')).then(|| name.to_string())
        })
        .collect()
}

/// `13.1.0.3` as its numbers; `None` unless every part is one.
fn numbers(text: &str) -> Option<Vec<u32>> {
    let parts: Option<Vec<u32>> = text.split('.').map(|p| p.parse().ok()).collect();
    parts.filter(|parts| !parts.is_empty())
}

/// The release in the name of the file `real` (links followed): `lib<name>.so.13.1.0.3`. A file
/// named as the ABI of its major is named (`libcudart.so.11.0` is every CUDA 11 runtime's, as a
/// wheel ships it) says that major only.
fn from_name(library: &Library, real: &Path) -> Option<Release> {
    let name = real.file_name()?.to_str()?;
    let mut parts = numbers(name.strip_prefix(&format!("lib{}.so.", library.build.link))?)?;
    if library.files.of(parts[0], false) == name {
        parts.truncate(1);
    }
    Some(Release { parts, from: format!("its file name, {name}") })
}

/// The release of the Python wheel that installed `real`: the `*.dist-info` folder of a parent
/// of it whose `RECORD` lists it (`nvidia/cu13/lib/libcudart.so.13,sha256=...`).
fn from_wheel(real: &Path) -> Option<Release> {
    for site in real.ancestors().skip(2).take(4) {
        let Ok(entries) = std::fs::read_dir(site) else { continue };
        let Some(relative) = real.strip_prefix(site).ok().and_then(Path::to_str) else { continue };
        let listed = format!("{},", relative.replace('\\', "/"));
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(dist) = name.to_str().and_then(|n| n.strip_suffix(".dist-info")) else { continue };
            let Ok(record) = header::read_bytes(&entry.path().join("RECORD"), header::LARGEST) else {
                continue;
            };
            let record = String::from_utf8_lossy(&record);
            if !record.lines().any(|line| line.starts_with(&listed)) {
                continue;
            }
            let (_, version) = dist.rsplit_once('-')?;
            let parts = numbers(version)?;
            return Some(Release { parts, from: format!("the wheel that installed it, {dist}") });
        }
    }
    None
}

/// The release the toolkit's `version.json` gives the library (`"cuda_cudart"`, `"lib<name>"`),
/// from the toolkit root above `real` (`lib64/`, `targets/x86_64-linux/lib/`).
fn from_version_json(library: &Library, real: &Path) -> Option<Release> {
    for root in real.ancestors().skip(1).take(4) {
        let file: PathBuf = root.join("version.json");
        let Ok(text) = header::read(&file) else { continue };
        for key in [format!("cuda_{}", library.build.link), format!("lib{}", library.build.link)] {
            let Some((_, after)) = text.split_once(&format!("\"{key}\"")) else { continue };
            // The component's own object: up to its closing brace.
            let object = after.split_once('}').map_or(after, |(object, _)| object);
            let Some((_, value)) = object.split_once("\"version\"") else { continue };
            let value = value.trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
            let (version, _) = value.split_once('"')?;
            let parts = numbers(version)?;
            return Some(Release { parts, from: format!("{}'s \"{key}\"", file.display()) });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_are_read_from_the_headers_folder_only() {
        let text =
            "#include \"foo_api.h\"\n#  include <stdio.h>\n#include \"../evil.h\"\n#include </etc/x.h>\n";
        assert_eq!(included(text), ["foo_api.h", "stdio.h"]);
    }

    #[test]
    fn numbers_are_all_numbers() {
        assert_eq!(numbers("13.1.0.3"), Some(vec![13, 1, 0, 3]));
        assert_eq!(numbers("13"), Some(vec![13]));
        assert_eq!(numbers("13.0.post1"), None);
        assert_eq!(numbers(""), None);
    }
}
