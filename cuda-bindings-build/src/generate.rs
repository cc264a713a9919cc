//! The generator: `cuda.h` in, Rust bindings out (hand-written; what it writes is generated).
//!
//! Shared by the build script and by `cargo xtask vendor`, which writes the vendored copy, so
//! both paths produce the same text from the same header.
//!
//! bindgen sees every declaration, but not the `#define cuMemAlloc cuMemAlloc_v2` renames, which
//! are macros. We let clang expand them for us: each `#define cu*` name in the header becomes
//! one probe declaration whose name carries the macro's name and its expansion, so the mapping
//! comes from the header and the preprocessor, never from a list of ours.

use std::fmt::{self, Write as _};
use std::path::Path;

use quote::ToTokens;

/// Probe declarations are named `cuda_sys_alias__<name as written>__<expansion>`.
const PROBE_PREFIX: &str = "cuda_sys_alias__";

/// Why no bindings came out.
pub enum Error {
    /// libclang could not be loaded; the build falls back to the vendored bindings.
    NoLibclang(String),
    /// clang or bindgen rejected the header.
    Parse(String),
    /// The header has a shape the loader cannot serve (a function not returning `CUresult`).
    Shape(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoLibclang(why) => write!(f, "libclang could not be loaded: {why}"),
            Error::Parse(why) => write!(f, "bindgen could not parse the header: {why}"),
            Error::Shape(why) => write!(f, "unexpected header shape: {why}"),
        }
    }
}

/// The bindings for `include_dir/cuda.h`, as read through `wrapper`.
///
/// `ptds` defines `CUDA_API_PER_THREAD_DEFAULT_STREAM`, exactly as a C program would.
pub fn generate(include_dir: &Path, wrapper: &Path, ptds: bool) -> Result<String, Error> {
    clang_sys::load().map_err(Error::NoLibclang)?;
    let header = std::fs::read_to_string(include_dir.join("cuda.h"))
        .map_err(|e| Error::Parse(format!("{}: {e}", include_dir.join("cuda.h").display())))?;

    let mut probe = format!(
        "#include \"{}\"\n\
         #define CUDA_SYS_ALIAS(api) CUDA_SYS_ALIAS_({PROBE_PREFIX}##api, api)\n\
         #define CUDA_SYS_ALIAS_(probe, target) void probe##__##target(void);\n",
        wrapper.display()
    );
    for name in alias_macros(&header) {
        writeln!(probe, "CUDA_SYS_ALIAS({name})").unwrap();
    }

    let mut builder = bindgen::Builder::default()
        .header_contents("cuda_sys_probe.h", &probe)
        .clang_arg(format!("-I{}", include_dir.display()))
        .allowlist_function("cu.*")
        .allowlist_type("CU.*|cu.*")
        .allowlist_var("CU.*|cu.*")
        // Plain integer constants for every enum: they combine with `|` and pass to the
        // `unsigned int` flag parameters as in C, and a value the driver writes that this
        // header does not know is still a valid integer.
        .default_enum_style(bindgen::EnumVariation::Consts)
        .prepend_enum_name(false)
        // CUresult alone is a newtype: `#[must_use]`, named constants, a Debug that names it.
        .newtype_enum("cudaError_enum")
        .must_use_type("cudaError_enum")
        .no_debug("cudaError_enum")
        .derive_default(true)
        .generate_comments(false)
        .layout_tests(true)
        .merge_extern_blocks(true)
        .use_core()
        .ctypes_prefix("::core::ffi")
        .rust_target(bindgen::RustTarget::stable(77, 0).map_err(|e| Error::Parse(e.to_string()))?)
        .disable_header_comment()
        .formatter(bindgen::Formatter::None);
    if ptds {
        builder = builder.clang_arg("-DCUDA_API_PER_THREAD_DEFAULT_STREAM");
    }
    let raw = builder.generate().map_err(|e| Error::Parse(e.to_string()))?.to_string();
    let file = syn::parse_file(&raw).map_err(|e| Error::Parse(format!("bindgen output: {e}")))?;
    assemble(file, &header, ptds)
}

/// Every object-like `#define cu<Name> ...` in the header: the candidates for renames.
fn alias_macros(header: &str) -> Vec<&str> {
    let mut names: Vec<&str> = header
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start().strip_prefix("define")?;
            let name_end = rest.trim_start();
            let name = name_end.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next()?;
            // Object-like only: a `(` right after the name makes a function-like macro.
            let object_like = name_end[name.len()..].starts_with(char::is_whitespace);
            (name.starts_with("cu") && object_like).then_some(name)
        })
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// Each function the header declares (`CUresult CUDAAPI name(`), with the Doxygen group
/// (`\\defgroup CUDA_MEM`) it is declared in: the page of NVIDIA's reference that documents it.
fn groups(header: &str) -> std::collections::HashMap<String, String> {
    let mut group = String::new();
    let mut out = std::collections::HashMap::new();
    for line in header.lines() {
        if let Some(rest) = line.split_once("\\defgroup ").map(|(_, rest)| rest) {
            group = rest.split_whitespace().next().unwrap_or_default().to_string();
        } else if let Some((_, rest)) = line.split_once("CUDAAPI ") {
            let name = rest.split('(').next().unwrap_or_default().trim();
            if is_ident(name) && !group.is_empty() {
                out.entry(name.to_string()).or_insert_with(|| group.clone());
            }
        }
    }
    out
}

/// `#define NAME ((TYPE)VALUE)`: constants bindgen cannot evaluate because of the cast.
fn cast_macros(header: &str) -> Vec<(String, String, String)> {
    header
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start().strip_prefix("define")?;
            let mut parts = rest.split_whitespace();
            let name = parts.next()?;
            let body: String = parts.collect();
            let inner = body.strip_prefix("((")?.strip_suffix(')')?;
            let (ty, value) = inner.split_once(')')?;
            let ty = match ty {
                "void*" => "*mut ::core::ffi::c_void".to_string(),
                t if is_ident(t) => t.to_string(),
                _ => return None,
            };
            let plain = value.strip_prefix('-').unwrap_or(value);
            (name.starts_with("CU") && is_ident(plain)).then(|| (name.to_string(), ty, value.to_string()))
        })
        .collect()
}

fn unparse(items: Vec<syn::Item>) -> String {
    let mut file: syn::File = syn::parse_quote!();
    file.items = items;
    prettyplease::unparse(&file)
}

fn is_ident(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Reshape bindgen's output: functions go to `cuda_fns!` (which loads or links them), renames
/// become `pub use`, and `CUresult`'s constants are also published bare, as C has them.
fn assemble(file: syn::File, header: &str, ptds: bool) -> Result<String, Error> {
    let mut items = Vec::new();
    let mut functions = Vec::new();
    let mut renames = Vec::new();
    let mut results = Vec::new();
    let mut version = None;
    for item in file.items {
        match item {
            syn::Item::ForeignMod(block) => {
                for foreign in block.items {
                    let syn::ForeignItem::Fn(f) = foreign else {
                        return Err(Error::Shape(format!("extern item {}", foreign.to_token_stream())));
                    };
                    let name = f.sig.ident.to_string();
                    if let Some(probe) = name.strip_prefix(PROBE_PREFIX) {
                        let (api, symbol) = probe.split_once("__").expect("probe name");
                        if api != symbol {
                            renames.push((api.to_string(), symbol.to_string()));
                        }
                    } else {
                        match &f.sig.output {
                            syn::ReturnType::Type(_, ty)
                                if ty.to_token_stream().to_string() == "CUresult" => {}
                            _ => return Err(Error::Shape(format!("{name} does not return CUresult"))),
                        }
                        functions.push(f);
                    }
                }
            }
            syn::Item::Impl(block) if block.self_ty.to_token_stream().to_string() == "cudaError_enum" => {
                for member in &block.items {
                    if let syn::ImplItem::Const(c) = member {
                        let value = c.expr.to_token_stream().to_string();
                        let value = value.trim_start_matches("cudaError_enum (").trim_end_matches(')').trim();
                        let value: u32 =
                            value.parse().map_err(|_| Error::Shape(format!("CUresult value {value}")))?;
                        results.push((c.ident.to_string(), value));
                    }
                }
                items.push(syn::Item::Impl(block));
            }
            syn::Item::Const(c) if c.ident == "CUDA_VERSION" => {
                version = Some(c.expr.to_token_stream().to_string());
                items.push(syn::Item::Const(c));
            }
            other => items.push(other),
        }
    }
    let version = version.ok_or_else(|| Error::Shape("no CUDA_VERSION".into()))?;
    if results.is_empty() {
        return Err(Error::Shape("no cudaError_enum (CUresult) found".into()));
    }
    let declared: std::collections::HashSet<String> =
        functions.iter().map(|f| f.sig.ident.to_string()).collect();
    // A rename to something that is not a driver symbol (cuda.h defines a few `static inline`
    // wrappers) has nothing to bind to; the generated file lists them.
    let (mut renames, unbound): (Vec<_>, Vec<_>) =
        renames.into_iter().partition(|(api, symbol)| declared.contains(symbol) && !declared.contains(api));
    renames.sort();

    // One doc line per function: the name C code uses and NVIDIA's reference page for its group.
    let groups = groups(header);
    for f in &mut functions {
        let symbol = f.sig.ident.to_string();
        let api = renames.iter().find(|(_, s)| *s == symbol).map_or(symbol.as_str(), |(api, _)| api.as_str());
        let doc = match groups.get(api).or_else(|| groups.get(&symbol)) {
            Some(group) => format!(
                " `{api}` in NVIDIA's reference: [{group}](https://docs.nvidia.com/cuda/cuda-driver-api/group__{}.html).",
                group.replace('_', "__")
            ),
            None => format!(" `{api}`: see NVIDIA's reference, <https://docs.nvidia.com/cuda/cuda-driver-api/>."),
        };
        f.attrs.push(syn::parse_quote!(#[doc = #doc]));
    }

    let mut out = format!(
        "// Generated by cuda-sys/build/generate.rs from cuda.h (CUDA_VERSION {version}, \
         per-thread default stream {}).\n// Do not edit: re-run the generator (`cargo xtask vendor` for the vendored copy).\n\n",
        if ptds { "on" } else { "off" }
    );
    out += &unparse(items);

    out += "\n// Every function of the header, loaded on first call or linked (see `cuda_fns!`).\n";
    let block = unparse(vec![syn::parse_quote!(extern "C" { #(#functions)* })]);
    out += &block.replacen("extern \"C\" {", "cuda_fns! {", 1);

    out += "\n// The names C code calls: `cuda.h` turns them into these symbols by `#define`.\n";
    for (api, symbol) in &renames {
        writeln!(out, "pub use self::{symbol} as {api};").unwrap();
    }
    out += "\n// The same renames as data: (name C code calls, driver symbol), for error text.\n";
    out += "pub(crate) const RENAMES: &[(&str, &str)] = &[\n";
    for (api, symbol) in &renames {
        writeln!(out, "    (\"{api}\", \"{symbol}\"),").unwrap();
    }
    out += "];\npub(crate) const PTDS_RENAMES: &[(&str, &str)] = &[];\n";
    for (api, symbol) in &unbound {
        writeln!(out, "// Not bound: `{api}` is `{symbol}`, which is not a driver symbol.").unwrap();
    }

    out += "\n// CUresult's values as bare constants, as C spells them.\n";
    for (name, _) in &results {
        writeln!(out, "pub const {name}: CUresult = CUresult::{name};").unwrap();
    }

    out += "\n// Constants `cuda.h` writes as casts, which bindgen cannot evaluate.\n";
    for (name, ty, value) in cast_macros(header) {
        writeln!(out, "pub const {name}: {ty} = {value} as {ty};").unwrap();
    }

    out += "\n// CUresult's names by value, for `Debug` and for error text without a driver.\n";
    let mut by_value = results.clone();
    by_value.sort_by_key(|&(_, value)| value);
    by_value.dedup_by_key(|(_, value)| *value);
    out += "pub(crate) const CURESULT_NAMES: &[(u32, &str)] = &[\n";
    for (name, value) in &by_value {
        writeln!(out, "    ({value}, \"{name}\"),").unwrap();
    }
    out += "];\n";
    Ok(out)
}
