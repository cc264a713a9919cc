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
use std::path::{Path, PathBuf};

use clang_sys::*;

use super::clang::{Token, Unit, Value};
use super::Error;
use cuda_loader::Library;

/// The define C programs set to get the per-thread default stream.
pub const PER_THREAD_DEFINE: &str = "CUDA_API_PER_THREAD_DEFAULT_STREAM";

/// An initializer macro: (macro, the struct `T` its `sizeof(T)` names, each member's value as
/// clang evaluates it; `None`: a null pointer).
pub type Initializer = (String, String, Vec<Option<Value>>);

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
    /// (name C code calls, symbol) where the name is a `static inline` function of the header
    /// whose body is only the call of that symbol, its arguments passed on (`fooCreate` calling
    /// `__fooCreate_13_0`, a symbol named for the header's release).
    pub inline_renames: BTreeMap<String, String>,
    /// The functions the header declares (not defines: a `static inline` function is no
    /// library symbol) with the per-thread default stream.
    pub per_thread_functions: BTreeSet<String>,
    /// Type names the shared headers (`cuda.h`, for the Runtime API) define.
    pub shared_types: BTreeSet<String>,
    /// Those of them that are pointers (`cudaStream_t`): Rust before 1.88 has no `Default` for
    /// a raw pointer, so a struct holding one cannot derive it.
    pub shared_pointers: BTreeSet<String>,
    /// Every file clang read: the header and all it includes (a build reruns when one changes).
    pub files: BTreeSet<PathBuf>,
    /// The hash of each function's anchor on its group's page of NVIDIA's reference, by the
    /// symbol it declares (see `anchor`).
    pub anchors: HashMap<String, String>,
    /// The Rust path each shared type is taken from.
    pub shared_from: BTreeMap<String, &'static str>,
    /// The header's initializer macros, `#define X_INITIALIZER { sizeof(T), ... }`.
    pub initializers: Vec<Initializer>,
    /// The API's macros defined as a macro of another header (`INT_MIN`, `NULL`), which
    /// bindgen does not evaluate: (macro, its C type, its value; `None`: a null pointer).
    pub foreign_values: Vec<(String, String, Option<Value>)>,
    /// The functions each of the library's siblings' headers declares (its `header` and
    /// `also_headers`), in the description's order (`Library::siblings`): those functions are
    /// loaded from that sibling.
    pub sibling_functions: Vec<BTreeSet<String>>,
    /// C++'s default arguments (`cudaStream_t stream __dv(0)`), by the symbol declared: each
    /// parameter's default, as the header writes it, or `None`.
    pub defaults: BTreeMap<String, Vec<Option<Vec<String>>>>,
}

/// Scans `include/<library.header>` with the clang arguments bindgen will use.
pub fn scan(library: &Library, include: &Path, args: &[String]) -> Result<Scan, Error> {
    let header = include.join(library.header);
    let source = format!("#include \"{}\"\n", library.header);
    let unit = Unit::parse("cuda_bindings_scan.c", &source, args).map_err(Error::Parse)?;
    let mut scan = Scan::default();
    scan.files.extend(unit.included_files());
    let mut functions = Vec::new();
    // (function defined in the header, its line), and the library's symbols.
    let mut forwarders = Vec::new();
    let mut symbols = BTreeSet::new();
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
                let tokens: Vec<String> = unit.tokens(entity.cursor).into_iter().map(|t| t.text).collect();
                if !scan.anchors.contains_key(&entity.name) {
                    if let Some(hash) = super::anchor::hash(&tokens) {
                        scan.anchors.insert(entity.name.clone(), hash);
                    }
                }
                if let Some(defaults) = default_arguments(&entity.name, &tokens) {
                    scan.defaults.insert(entity.name.clone(), defaults);
                }
                if unit.is_library_symbol(entity.cursor) {
                    symbols.insert(entity.name.clone());
                } else {
                    // A definition: its body is read from the file's tokens below (the parse
                    // skips bodies).
                    forwarders.push((entity.name.clone(), entity.line));
                }
                functions.push((entity.name, entity.line));
            }
            CXCursor_StructDecl | CXCursor_UnionDecl => {
                array_lengths(&unit, entity.cursor, &mut scan.array_lengths);
            }
            _ => {}
        }
    }
    let file: Vec<Token> =
        unit.file_tokens(&header).into_iter().filter(|t| t.kind != CXToken_Comment).collect();
    scan.inline_renames = forwarders
        .into_iter()
        .filter_map(|(name, line)| Some((name.clone(), forwarded(&file, &name, line)?)))
        .filter(|(name, callee)| name != callee && symbols.contains(callee))
        .collect();
    // Only macros can be array lengths here; anything else (`sizeof(x)`, a number) is not ours.
    scan.array_lengths.retain(|name| scan.macros.contains_key(name));

    // A name may be a macro only with the per-thread default stream (`cuLaunchKernel`), so the
    // functions declared by default are candidates too.
    let mut candidates: BTreeSet<&str> = scan
        .macros
        .keys()
        .map(String::as_str)
        .filter(|name| name.starts_with(library.build.binding.function_prefix))
        .collect();
    candidates.extend(functions.iter().map(|(name, _)| name.as_str()));
    let candidates: Vec<&str> = candidates.into_iter().collect();
    (scan.renames, _) = expansions(library, &header, &candidates, args)?;
    let mut per_thread_args = args.to_vec();
    per_thread_args.push(format!("-D{PER_THREAD_DEFINE}"));
    (scan.per_thread_renames, scan.per_thread_functions) =
        expansions(library, &header, &candidates, &per_thread_args)?;
    let tokens = unit.file_tokens(&header);
    scan.docs = docs(&tokens, &functions);
    scan.groups = groups(&tokens, functions);

    // The shared headers, from the same folders as the header's own includes.
    for &(shared_header, krate) in library.build.binding.shares_types_with {
        let source = format!("#include \"{shared_header}\"\n");
        let unit = Unit::parse("cuda_bindings_shared.c", &source, args).map_err(Error::Parse)?;
        scan.files.extend(unit.included_files());
        // The types the shared header declares itself (`driver_types.h`), wherever it is: a
        // toolkit keeps it beside the API's header, NVIDIA's CUDA 12 wheels in the runtime's
        // folder, and taking that whole folder there shared types the other crate does not bind
        // (`float2`: a math library's crate failed to compile against pip's wheels). A header that
        // declares none itself (`cuda_runtime.h`) shares those of every header of its folder
        // it brings in (`driver_types.h`, ...).
        let file = args
            .iter()
            .filter_map(|a| a.strip_prefix("-I"))
            .map(Path::new)
            .chain(std::iter::once(include))
            .map(|dir| dir.join(shared_header))
            .find(|file| file.is_file())
            .ok_or_else(|| Error::Parse(format!("no {shared_header} in the include folders")))?;
        let type_names = |from: &dyn Fn(&Path) -> bool| -> Vec<(String, bool)> {
            unit.entities()
                .into_iter()
                .filter(|e| e.file.as_deref().is_some_and(from))
                .filter(|e| {
                    matches!(
                        e.kind,
                        CXCursor_StructDecl | CXCursor_UnionDecl | CXCursor_EnumDecl | CXCursor_TypedefDecl
                    )
                })
                .filter(|e| !e.name.is_empty())
                .map(|e| {
                    let pointer =
                        e.kind == CXCursor_TypedefDecl && unit.type_spelling(e.cursor).ends_with('*');
                    (e.name, pointer)
                })
                .collect()
        };
        // (clang names a file as it was reached: by the -I folder as given, or canonical.)
        let canonical = file.canonicalize().ok();
        let mut names = type_names(&|f: &Path| f == file || canonical.as_deref() == Some(f));
        if names.is_empty() {
            let folders = [file.parent(), canonical.as_deref().and_then(Path::parent)];
            names = type_names(&|f: &Path| folders.iter().flatten().any(|folder| f.starts_with(folder)));
        }
        for (name, pointer) in names {
            scan.shared_from.entry(name.clone()).or_insert(krate);
            if pointer {
                scan.shared_pointers.insert(name.clone());
            }
            scan.shared_types.insert(name);
        }
    }
    for sibling in library.siblings {
        let mut declared = BTreeSet::new();
        for header in sibling.headers() {
            declared.extend(declared_functions(header, include, args)?);
        }
        scan.sibling_functions.push(declared);
    }
    scan.initializers = initializers(library, &scan.macros, args)?;
    scan.foreign_values = foreign_values(library, &scan.macros, args)?;
    Ok(scan)
}

/// The functions `header` itself declares (not those of the headers it includes), from the
/// include folders the parse is given and `include`.
fn declared_functions(header: &str, include: &Path, args: &[String]) -> Result<BTreeSet<String>, Error> {
    let source = format!("#include \"{header}\"\n");
    let unit = Unit::parse("cuda_bindings_sibling.c", &source, args).map_err(Error::Parse)?;
    let file = std::iter::once(include)
        .chain(args.iter().filter_map(|a| a.strip_prefix("-I")).map(Path::new))
        .map(|dir| dir.join(header))
        .find(|file| file.is_file())
        .ok_or_else(|| Error::Parse(format!("no {header} in the include folders")))?;
    // (clang names a file as it was reached: by the -I folder as given, or canonical.)
    let canonical = file.canonicalize().ok();
    Ok(unit
        .entities()
        .into_iter()
        .filter(|e| e.kind == CXCursor_FunctionDecl)
        .filter(|e| e.file.as_deref().is_some_and(|f| f == file || canonical.as_deref() == Some(f)))
        .map(|e| e.name)
        .collect())
}

/// The symbol the function `name` defined at `line` of the header does nothing but call and
/// return (`fooCreate(...) { return __fooCreate_13_0 (handle, options); }`), from the file's
/// tokens (`file`, comments left out).
fn forwarded(file: &[Token], name: &str, line: u32) -> Option<String> {
    let start = file.iter().position(|t| t.text == name && t.line == line)?;
    // Past the parameters' parentheses, to the body's brace.
    let mut depth = 0;
    let mut at = start + 1;
    loop {
        match file.get(at)?.text.as_str() {
            "(" => depth += 1,
            ")" if depth == 1 => break,
            ")" => depth -= 1,
            _ => {}
        }
        at += 1;
    }
    let text: Vec<&str> = file[at + 1..].iter().map(|t| t.text.as_str()).collect();
    let body = text.strip_prefix(&["{"])?;
    // Up to the body's end; a body with braces of its own is more than a call.
    let body = &body[..=body.iter().position(|t| *t == "}")?];
    match body {
        ["return", callee, "(", .., ")", ";", "}"] if is_identifier(callee) => {
            // The call's own parentheses close at the end: one call, not `f(a) + g(b)`.
            let call = &body[2..body.len() - 2];
            let mut depth = 0;
            for (i, token) in call.iter().enumerate() {
                match *token {
                    "(" => depth += 1,
                    ")" => depth -= 1,
                    _ => {}
                }
                if depth == 0 && i + 1 < call.len() {
                    return None;
                }
            }
            Some(callee.to_string())
        }
        _ => None,
    }
}

/// Each `#define NAME OTHER` of the API (a constant prefix) where `OTHER` is one of C's own
/// constants (`INT_MIN`, `NULL`, ...): its type and value, as clang has them.
/// The constants of `<limits.h>` and `<stddef.h>` a header may define its own by.
const C_CONSTANTS: &[&str] = &["NULL", "INT_MIN", "INT_MAX", "UINT_MAX"];

fn foreign_values(
    library: &Library,
    macros: &BTreeMap<String, Vec<String>>,
    args: &[String],
) -> Result<Vec<(String, String, Option<Value>)>, Error> {
    let found: Vec<&String> = macros
        .iter()
        .filter(|(name, _)| library.build.binding.constant_prefixes.iter().any(|p| name.starts_with(p)))
        .filter_map(|(name, tokens)| match tokens.as_slice() {
            [other] if C_CONSTANTS.contains(&other.as_str()) => Some(name),
            _ => None,
        })
        .collect();
    if found.is_empty() {
        return Ok(Vec::new());
    }
    let mut source = format!("#include \"{}\"\n", library.header);
    for name in &found {
        writeln!(source, "__typeof__({name}) cuda_bindings_value_{name} = {name};").unwrap();
    }
    let unit = Unit::parse("cuda_bindings_values.c", &source, args).map_err(Error::Parse)?;
    let mut out = Vec::new();
    for entity in unit.entities().into_iter().filter(|e| e.kind == CXCursor_VarDecl) {
        let Some(name) = entity.name.strip_prefix("cuda_bindings_value_") else { continue };
        let ty = unit.type_spelling(entity.cursor);
        let value = unit.children(entity.cursor).last().and_then(|init| unit.evaluate(init.cursor));
        out.push((name.to_string(), ty, value));
    }
    Ok(out)
}

/// Each `#define NAME { sizeof(T), ... }` of the header, its values evaluated by clang as a C
/// program initializing a `T` with it would have them (`<PREFIX>_CONFIG_INITIALIZER`).
fn initializers(
    library: &Library,
    macros: &BTreeMap<String, Vec<String>>,
    args: &[String],
) -> Result<Vec<Initializer>, Error> {
    let found: Vec<(&String, &String)> = macros
        .iter()
        .filter_map(|(name, tokens)| match tokens.as_slice() {
            [open, size, paren, ty, close, ..]
                if open == "{" && size == "sizeof" && paren == "(" && close == ")" =>
            {
                Some((name, ty))
            }
            _ => None,
        })
        .collect();
    if found.is_empty() {
        return Ok(Vec::new());
    }
    let mut source = format!("#include \"{}\"\n", library.header);
    for (name, ty) in &found {
        writeln!(source, "{ty} cuda_bindings_probe_{name} = {name};").unwrap();
    }
    let unit = Unit::parse("cuda_bindings_initializers.c", &source, args).map_err(Error::Parse)?;
    let mut out = Vec::new();
    for entity in unit.entities().into_iter().filter(|e| e.kind == CXCursor_VarDecl) {
        let Some(name) = entity.name.strip_prefix("cuda_bindings_probe_") else { continue };
        let Some(&(name, ty)) = found.iter().find(|(n, _)| n.as_str() == name) else { continue };
        let list = unit
            .children(entity.cursor)
            .into_iter()
            .find(|c| c.kind == CXCursor_InitListExpr)
            .ok_or_else(|| Error::Shape(format!("{name} is not a braced initializer of {ty}")))?;
        let values = unit.children(list.cursor).iter().map(|member| unit.evaluate(member.cursor)).collect();
        out.push((name.clone(), ty.clone(), values));
    }
    Ok(out)
}

/// The parameters of a declaration's tokens (`... name ( a , b __dv ( 0 ) ) ;`) with their
/// C++ default arguments (`__dv(x)`, which C++ compilers expand to `= x`); `None` when no
/// parameter has one.
fn default_arguments(name: &str, tokens: &[String]) -> Option<Vec<Option<Vec<String>>>> {
    let open = tokens.iter().position(|t| t == name)? + 1;
    if tokens.get(open).map(String::as_str) != Some("(") {
        return None;
    }
    let defaults: Vec<Option<Vec<String>>> = super::split_arguments(&tokens[open + 1..])
        .iter()
        .map(|param| {
            let at = param.iter().position(|t| *t == "__dv")?;
            match &param[at + 1..] {
                ["(", value @ .., ")"] => Some(value.iter().map(|t| (*t).to_string()).collect()),
                _ => None,
            }
        })
        .collect();
    defaults.iter().any(Option::is_some).then_some(defaults)
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
        // A comment that opens no group but says which one its declaration is in (`\ingroup
        // linking` above each function, after another group's `\defgroup`): that group, from
        // there on. (Beside a `\defgroup`, `\ingroup` nests the new group: the new one counts.)
        if !token.text.contains("\\defgroup") && !token.text.contains("\\addtogroup") {
            let named = token.text.split("\\ingroup").nth(1).and_then(|rest| rest.split_whitespace().next());
            if let Some(name) = named {
                starts.push((token.line, name.to_string()));
            }
            continue;
        }
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
    library: &Library,
    header: &Path,
    candidates: &[&str],
    args: &[String],
) -> Result<(BTreeMap<String, String>, BTreeSet<String>), Error> {
    let mut renames = BTreeMap::new();
    let mut functions = BTreeSet::new();
    if probe(library, header, candidates, args, &mut renames, &mut functions).is_some() {
        // The header alone must parse: then the fault is a candidate's.
        if let Some(error) = probe(library, header, &[], args, &mut renames, &mut functions) {
            return Err(Error::Parse(format!("{error}\n(in the generator's probe of the header's macros)")));
        }
        let mut pending = vec![candidates];
        while let Some(part) = pending.pop() {
            if probe(library, header, part, args, &mut renames, &mut functions).is_some() && part.len() > 1 {
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
    library: &Library,
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
        library.header
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

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn default_arguments_are_read_per_parameter() {
        let declared = tokens(
            "extern cudaError_t CUDARTAPI cudaMemcpyAsync ( void * dst , const void * src , size_t count , \
             enum cudaMemcpyKind kind , cudaStream_t stream __dv ( 0 ) ) ;",
        );
        let defaults = default_arguments("cudaMemcpyAsync", &declared).expect("one default");
        assert_eq!(defaults.len(), 5);
        assert!(defaults[..4].iter().all(Option::is_none));
        assert_eq!(defaults[4], Some(vec!["0".to_string()]));

        let kinds = tokens("cudaError_t f ( int a , enum k kind __dv ( cudaMemcpyHostToDevice ) ) ;");
        assert_eq!(
            default_arguments("f", &kinds).unwrap()[1],
            Some(vec!["cudaMemcpyHostToDevice".to_string()])
        );
        // A function pointer parameter's parentheses are not the end of the list.
        let nested = tokens("cudaError_t g ( void ( * fn ) ( void * ) , int n __dv ( 1 ) ) ;");
        assert_eq!(default_arguments("g", &nested).unwrap(), vec![None, Some(vec!["1".to_string()])]);
        assert_eq!(default_arguments("h", &tokens("cudaError_t h ( int a ) ;")), None);
    }
}
