//! What the generator learns from a header through libclang before bindgen runs: the macros
//! and how the preprocessor expands them, the macros used as array lengths, each function's
//! documentation group, and the types it shares with another crate's headers (`cuda.h`, for
//! the Runtime API).
//!
//! Nothing here reads header text by hand: clang tokenizes and expands.

// libclang names its constants as C does.
#![allow(non_upper_case_globals)]

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::Path;

use clang_sys::*;

use super::clang::{Token, Unit};
use super::Error;
use crate::api::Api;

/// The define C programs set to get the per-thread default stream.
pub const PER_THREAD_DEFINE: &str = "CUDA_API_PER_THREAD_DEFAULT_STREAM";

/// What a scan found.
#[derive(Default)]
pub struct Scan {
    /// Object-like macros of the toolkit's headers, with their tokens after the name.
    pub macros: BTreeMap<String, Vec<String>>,
    /// Macros the header writes as an array length (`char reserved[CU_IPC_HANDLE_SIZE]`).
    pub array_lengths: BTreeSet<String>,
    /// The Doxygen group each function is documented in, by the symbol it declares:
    /// (`CUDA_MEM`, `Memory Management`).
    pub groups: HashMap<String, (String, String)>,
    /// Each function's doc comment, by the symbol it declares. clang does not attach a comment
    /// to a declaration whose name comes from a macro (`cuMemAlloc` is `cuMemAlloc_v2`), so
    /// bindgen has none for those: this is the comment right above the declaration.
    pub docs: HashMap<String, String>,
    /// (name C code calls, symbol the preprocessor turns it into), where they differ: by
    /// default, and with the per-thread default stream.
    pub renames: BTreeMap<String, String>,
    pub per_thread_renames: BTreeMap<String, String>,
    /// The functions the header declares (not defines: a `static inline` function is no
    /// library symbol) with the per-thread default stream.
    pub per_thread_functions: BTreeSet<String>,
    /// Type names the shared headers (`cuda.h`, for the Runtime API) define.
    pub shared_types: BTreeSet<String>,
    /// The Rust path each shared type is taken from.
    pub shared_from: BTreeMap<String, &'static str>,
}

/// Scans `include/<api.header>` with the clang arguments bindgen will use.
pub fn scan(api: &Api, include: &Path, args: &[String]) -> Result<Scan, Error> {
    let header = include.join(api.header);
    let source = format!("#include \"{}\"\n", api.header);
    let unit = Unit::parse("cuda_bindings_scan.c", &source, args).map_err(Error::Parse)?;
    let mut scan = Scan::default();
    let mut functions = Vec::new();
    for entity in unit.entities() {
        let in_toolkit = entity.file.as_deref().is_some_and(|file| file.starts_with(include));
        if !in_toolkit {
            continue;
        }
        match entity.kind {
            CXCursor_MacroDefinition if !unit.is_function_like(entity.cursor) => {
                let tokens = unit.tokens(entity.cursor).into_iter().skip(1).map(|t| t.text).collect();
                scan.macros.insert(entity.name, tokens);
            }
            CXCursor_FunctionDecl if entity.file.as_deref() == Some(header.as_path()) => {
                functions.push((entity.name, entity.line));
            }
            CXCursor_StructDecl | CXCursor_UnionDecl => {
                array_lengths(&unit, entity.cursor, &mut scan.array_lengths);
            }
            _ => {}
        }
    }
    // Only macros can be array lengths here; anything else (`sizeof(x)`, a number) is not ours.
    scan.array_lengths.retain(|name| scan.macros.contains_key(name));

    // A name may be a macro only with the per-thread default stream (`cuLaunchKernel`), so the
    // functions declared by default are candidates too.
    let mut candidates: BTreeSet<&str> =
        scan.macros.keys().map(String::as_str).filter(|name| name.starts_with(api.function_prefix)).collect();
    candidates.extend(functions.iter().map(|(name, _)| name.as_str()));
    let candidates: Vec<&str> = candidates.into_iter().collect();
    (scan.renames, _) = expansions(api, &header, &candidates, args)?;
    let mut per_thread_args = args.to_vec();
    per_thread_args.push(format!("-D{PER_THREAD_DEFINE}"));
    (scan.per_thread_renames, scan.per_thread_functions) =
        expansions(api, &header, &candidates, &per_thread_args)?;
    let tokens = unit.file_tokens(&header);
    scan.docs = docs(&tokens, &functions);
    scan.groups = groups(&tokens, functions);

    // The shared headers, from the same folders as the header's own includes.
    let dirs: Vec<&Path> = std::iter::once(include)
        .chain(args.iter().filter_map(|a| a.strip_prefix("-I")).map(Path::new))
        .collect();
    for &(shared_header, krate) in api.shares_types_with {
        let Some(shared_path) = dirs
            .iter()
            .map(|d| d.join(shared_header))
            .find(|p| p.is_file())
            .and_then(|p| p.canonicalize().ok())
        else {
            return Err(Error::Parse(format!(
                "no {shared_header} beside {} (its types are shared)",
                header.display()
            )));
        };
        let source = format!("#include \"{shared_header}\"\n");
        let unit = Unit::parse("cuda_bindings_shared.c", &source, args).map_err(Error::Parse)?;
        let names = unit
            .entities()
            .into_iter()
            .filter(|e| e.file.as_deref() == Some(shared_path.as_path()))
            .filter(|e| {
                matches!(
                    e.kind,
                    CXCursor_StructDecl | CXCursor_UnionDecl | CXCursor_EnumDecl | CXCursor_TypedefDecl
                )
            })
            .map(|e| e.name)
            .filter(|name| !name.is_empty());
        for name in names {
            scan.shared_from.entry(name.clone()).or_insert(krate);
            scan.shared_types.insert(name);
        }
    }
    Ok(scan)
}

/// The macro names written between `[` and `]` in the fields of a struct or union (and of the
/// structs and unions nested in it).
fn array_lengths(unit: &Unit, record: CXCursor, out: &mut BTreeSet<String>) {
    for child in unit.children(record) {
        match child.kind {
            CXCursor_FieldDecl => {
                let tokens = unit.tokens(child.cursor);
                for window in tokens.windows(3) {
                    if window[0].text == "[" && window[2].text == "]" && window[1].kind == CXToken_Identifier
                    {
                        out.insert(window[1].text.clone());
                    }
                }
            }
            CXCursor_StructDecl | CXCursor_UnionDecl => array_lengths(unit, child.cursor, out),
            _ => {}
        }
    }
}

/// Each function's group: the last `\\defgroup NAME Title` (or `\\addtogroup NAME`, which
/// reopens one) comment above its first declaration.
fn groups(tokens: &[Token], functions: Vec<(String, u32)>) -> HashMap<String, (String, String)> {
    let mut titles: HashMap<String, String> = HashMap::new();
    let mut starts: Vec<(u32, String)> = Vec::new();
    for token in tokens.iter().filter(|t| t.kind == CXToken_Comment) {
        for command in ["\\defgroup", "\\addtogroup"] {
            let Some(line) = token.text.split(command).nth(1).and_then(|rest| rest.lines().next()) else {
                continue;
            };
            let line = line.trim();
            let (name, title) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            if command == "\\defgroup" {
                titles.insert(name.to_string(), title.trim().to_string());
            }
            starts.push((token.line, name.to_string()));
        }
    }
    starts.sort();
    let mut out = HashMap::new();
    for (name, line) in functions {
        let i = starts.partition_point(|(start, _)| *start < line);
        let Some((_, group)) = i.checked_sub(1).map(|i| &starts[i]) else { continue };
        let title = titles.get(group).cloned().unwrap_or_else(|| group.clone());
        out.entry(name).or_insert((group.clone(), title));
    }
    out
}

/// For each function, the `/** ... */` comment between the end of the previous declaration
/// and its own, without the comment's markers.
fn docs(tokens: &[Token], functions: &[(String, u32)]) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for (name, line) in functions {
        // The first declaration is the documented one.
        if !out.contains_key(name) {
            if let Some(doc) = doc_above(tokens, *line) {
                out.insert(name.clone(), doc);
            }
        }
    }
    out
}

fn doc_above(tokens: &[Token], line: u32) -> Option<String> {
    let start = tokens.partition_point(|t| t.line < line);
    let comment = tokens[..start]
        .iter()
        .rev()
        .take_while(|t| !matches!(t.text.as_str(), ";" | "{" | "}"))
        .find(|t| t.kind == CXToken_Comment)?;
    let body = comment.text.strip_prefix("/**")?.strip_suffix("*/")?;
    if body.contains("\\defgroup") || body.contains("\\addtogroup") {
        return None;
    }
    let lines: Vec<&str> = body.lines().map(|l| l.trim().trim_start_matches('*')).collect();
    Some(lines.join("\n"))
}

/// What the preprocessor makes of each candidate name after the header, with `args`: the
/// renames among them (an identifier other than the name itself), and the functions the
/// header declares there.
///
/// Each expansion is turned into a string literal by `#`, so whatever a macro expands to, the
/// probe stays valid C and clang hands the literal back; only a macro that expands to
/// unbalanced parentheses can break it. Then the candidates are probed in halves, and those
/// that break the probe on their own are left out (they are no function renames).
fn expansions(
    api: &Api,
    header: &Path,
    candidates: &[&str],
    args: &[String],
) -> Result<(BTreeMap<String, String>, BTreeSet<String>), Error> {
    let mut renames = BTreeMap::new();
    let mut functions = BTreeSet::new();
    if probe(api, header, candidates, args, &mut renames, &mut functions).is_some() {
        // The header alone must parse: then the fault is a candidate's.
        if let Some(error) = probe(api, header, &[], args, &mut renames, &mut functions) {
            return Err(Error::Parse(format!("{error}\n(in the generator's probe of the header's macros)")));
        }
        let mut pending = vec![candidates];
        while let Some(part) = pending.pop() {
            if probe(api, header, part, args, &mut renames, &mut functions).is_some() && part.len() > 1 {
                let (a, b) = part.split_at(part.len() / 2);
                pending.extend([a, b]);
            }
        }
    }
    Ok((renames, functions))
}

/// One probe of `candidates`: what it found goes into `renames` and `functions`; `Some` with
/// clang's message when the probe did not parse.
fn probe(
    api: &Api,
    header: &Path,
    candidates: &[&str],
    args: &[String],
    renames: &mut BTreeMap<String, String>,
    functions: &mut BTreeSet<String>,
) -> Option<String> {
    const PREFIX: &str = "cuda_bindings_expansion__";
    let mut probe = format!(
        "#include \"{}\"\n#define CUDA_BINDINGS_STR_(...) #__VA_ARGS__\n\
         #define CUDA_BINDINGS_STR(...) CUDA_BINDINGS_STR_(__VA_ARGS__)\n",
        api.header
    );
    for name in candidates {
        writeln!(probe, "static const char {PREFIX}{name}[] = CUDA_BINDINGS_STR({name});").unwrap();
    }
    let unit = match Unit::parse("cuda_bindings_probe.c", &probe, args) {
        Ok(unit) => unit,
        Err(error) => return Some(error),
    };
    for entity in unit.entities() {
        if entity.kind == CXCursor_FunctionDecl
            && entity.file.as_deref() == Some(header)
            && unit.is_library_symbol(entity.cursor)
        {
            functions.insert(entity.name.clone());
        }
        let Some(name) = entity.name.strip_prefix(PREFIX) else { continue };
        let Some(literal) = string_literal(&unit, entity.cursor) else { continue };
        let expansion = literal.trim_start_matches('"').trim_end_matches('"').trim();
        if expansion != name && is_identifier(expansion) {
            renames.insert(name.to_string(), expansion.to_string());
        }
    }
    None
}

/// The text of the first string literal under `cursor`.
fn string_literal(unit: &Unit, cursor: CXCursor) -> Option<String> {
    for child in unit.children(cursor) {
        if child.kind == CXCursor_StringLiteral {
            return Some(child.name);
        }
        if let Some(found) = string_literal(unit, child.cursor) {
            return Some(found);
        }
    }
    None
}

pub fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}
