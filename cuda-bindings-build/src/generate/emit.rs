//! bindgen's output, reshaped and written as the one file a crate `include!`s.
//!
//! The file holds, in order: the declarations (types, constants); every function in one
//! `cuda_fns! { .. }` list, which the crate turns into lazily loaded or linked functions; the
//! names C code calls (`pub use cuMemAlloc_v2 as cuMemAlloc`); the module `ptds` with the names
//! as C code compiled with `CUDA_API_PER_THREAD_DEFAULT_STREAM` calls them; the result codes
//! as bare constants; the constants the header writes as casts; and the tables the crates
//! read (renames, result names and descriptions).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use proc_macro2::{Ident, Span};
use quote::ToTokens as _;

use super::scan::{is_identifier, Scan, PER_THREAD_DEFINE};
use super::spelling;
use super::{Error, Generated};
use cuda_loader::Library;

/// A result code: its name, value and the header's description (empty without comments).
struct Code {
    name: String,
    /// As the header writes it: a signed type's errors may be negative.
    value: i64,
    description: String,
}

pub fn emit(
    library: &Library,
    headers: &[&str],
    file: syn::File,
    scan: &Scan,
    c_keywords: &BTreeSet<String>,
    comments: bool,
) -> Result<Generated, Error> {
    let mut items = Vec::new();
    let mut functions: Vec<syn::ForeignItemFn> = Vec::new();
    let mut codes = Vec::new();
    let mut version = None;
    for item in file.items {
        match item {
            syn::Item::ForeignMod(block) => {
                for foreign in block.items {
                    match foreign {
                        syn::ForeignItem::Fn(f) => functions.push(f),
                        other => {
                            return Err(Error::Shape(format!(
                                "an extern item that is no function: {}",
                                other.to_token_stream()
                            )))
                        }
                    }
                }
            }
            syn::Item::Impl(block) if is_path(&block.self_ty, library.codes.enum_name) => {
                codes.extend(block.items.iter().filter_map(|member| code(library, member)));
                items.push(syn::Item::Impl(block));
            }
            syn::Item::Const(c) if c.ident == library.version.macro_name => {
                version = int_value(&c.expr).and_then(|v| u32::try_from(v).ok());
                items.push(syn::Item::Const(c));
            }
            other => items.push(other),
        }
    }
    let version =
        version.ok_or_else(|| Error::Shape(format!("no {} in the header", library.version.macro_name)))?;
    if codes.is_empty() {
        return Err(Error::Shape(format!("no result codes (`enum {}`)", library.codes.enum_name)));
    }
    // The loader prints a code as the description says its type is: the header must agree.
    if let Some(negative) = codes.iter().find(|c| c.value < 0).filter(|_| !library.codes.signed) {
        return Err(Error::Shape(format!(
            "{} is {}, but the description of {} says its codes are unsigned (`codes.signed`)",
            negative.name, negative.value, library.what
        )));
    }

    // A function returning nothing says so (`-> ()`): the crates' function lists take one shape.
    for f in &mut functions {
        if let syn::ReturnType::Default = f.sig.output {
            f.sig.output = syn::parse_quote!(-> ());
        }
    }
    // Functions pass through the same renaming as the rest (parameters named `type`).
    items.push(syn::Item::ForeignMod(syn::parse_quote!(extern "C" { #(#functions)* })));
    let anonymous = spelling::respell(&mut items, c_keywords);
    list_values(&mut items);
    let at = items.iter().rposition(|i| matches!(i, syn::Item::ForeignMod(_))).expect("pushed just above");
    let syn::Item::ForeignMod(block) = items.remove(at) else { unreachable!("matched just above") };
    let mut functions: BTreeMap<String, syn::ForeignItemFn> = block
        .items
        .into_iter()
        .filter_map(|f| match f {
            syn::ForeignItem::Fn(f) => Some((f.sig.ident.to_string(), f)),
            _ => None,
        })
        .collect();

    let renames = Renames::new(scan, &functions);
    // The per-thread variants share the declaration of the default one: `cuMemcpyHtoD` is
    // declared once and the macro makes it `cuMemcpyHtoD_v2` or `cuMemcpyHtoD_v2_ptds`.
    for (api_name, symbol) in &renames.per_thread {
        if functions.contains_key(symbol) {
            continue;
        }
        let default = renames.target(api_name);
        let Some(mut f) = functions.get(&default).cloned() else { continue };
        f.attrs.retain(|a| !a.path().is_ident("doc"));
        f.sig.ident = Ident::new(symbol, Span::call_site());
        functions.insert(symbol.clone(), f);
    }
    for (symbol, f) in &mut functions {
        if comments && !f.attrs.iter().any(|a| a.path().is_ident("doc")) {
            // The header's comment, where clang did not attach it (a name from a macro).
            let declared = renames
                .per_thread
                .iter()
                .find(|(_, s)| *s == symbol)
                .map(|(a, _)| renames.target(a))
                .or_else(|| scan.inline_renames.iter().find(|(_, s)| *s == symbol).map(|(a, _)| a.clone()));
            if let Some(text) = scan.docs.get(declared.as_deref().unwrap_or(symbol)) {
                let text = super::doc::markdown(text);
                f.attrs.push(syn::parse_quote!(#[doc = #text]));
            }
        }
        if f.attrs.iter().any(|a| a.path().is_ident("doc")) {
            f.attrs.push(syn::parse_quote!(#[doc = ""]));
        }
        let doc = function_doc(library, scan, &renames, symbol);
        f.attrs.push(syn::parse_quote!(#[doc = #doc]));
    }

    let initializers = initializers(scan, &items)?;
    let shared = shared_imports(library, scan, &items, &functions);
    let defaults = default_arguments_module(scan, &renames, &functions);
    let mut out = crate::choose::first_line(headers, library.version.macro_name, version);
    out += "\n// (`cargo xtask vendor` for the vendored copies).\n\n";
    if !shared.is_empty() {
        let headers: Vec<&str> = library.build.binding.shares_types_with.iter().map(|(h, _)| *h).collect();
        let verb = if headers.len() == 1 { "declares" } else { "declare" };
        writeln!(
            out,
            "// The types `{}` {verb} too are the same C types: taken from there.",
            headers.join("`, `")
        )
        .unwrap();
        let mut by_crate: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for name in &shared {
            by_crate.entry(scan.shared_from.get(name).copied().unwrap_or("")).or_default().push(name);
        }
        for (krate, names) in by_crate {
            let path = if krate == "crate" { "crate".to_string() } else { format!("::{krate}") };
            writeln!(out, "pub use {path}::{{{}}};", names.join(", ")).unwrap();
        }
        out += "\n";
    }
    // What the header's `#define`s may rename besides functions: a type or a constant
    // (`#define cudaStreamAttrID cudaLaunchAttributeID`).
    let declared = declared_names(&items);
    out += &unparse(items);

    out += "\n// Every function of the header, loaded on first call or linked (see `cuda_fns!`).\n";
    // Each function goes to the library whose header declares it: a sibling's, or this one.
    let sibling_of = |f: &syn::ForeignItemFn| {
        let name = f.sig.ident.to_string();
        scan.sibling_functions.iter().position(|declared| declared.contains(&name))
    };
    let own: Vec<&syn::ForeignItemFn> = functions.values().filter(|f| sibling_of(f).is_none()).collect();
    out += &function_list("cuda_fns! {\n", &own);
    for (index, sibling) in library.siblings.iter().enumerate() {
        let theirs: Vec<&syn::ForeignItemFn> =
            functions.values().filter(|f| sibling_of(f) == Some(index)).collect();
        let module = library.sibling_module(sibling);
        writeln!(
            out,
            "\n// The functions of {} (`{}`), loaded or linked by its own loader.",
            sibling.what, sibling.header
        )
        .unwrap();
        let loader = format!("{}_LOADER", module.to_uppercase());
        out += &function_list(&format!("sibling_fns! {{\n    {module}, {loader}:\n"), &theirs);
    }

    out += "\n// The names C code calls: the header turns them into these symbols by `#define`.\n";
    let (inline, by_define): (Vec<_>, Vec<_>) =
        renames.default.iter().partition(|(api_name, _)| scan.inline_renames.contains_key(*api_name));
    for (api_name, symbol) in by_define {
        writeln!(out, "pub use self::{symbol} as {api_name};").unwrap();
    }
    if !inline.is_empty() {
        out += "// The names C code calls: the header's `static inline` functions of these names call these symbols.\n";
        for (api_name, symbol) in inline {
            writeln!(out, "pub use self::{symbol} as {api_name};").unwrap();
        }
    }
    let (aliases, unbound): (Vec<_>, Vec<_>) = renames.unbound.iter().partition(|(api_name, symbol)| {
        declared.contains(symbol.as_str()) && !declared.contains(api_name.as_str())
    });
    if !aliases.is_empty() {
        out += "\n// The names C code writes for the types and constants the header renames by `#define`.\n";
    }
    for (api_name, symbol) in aliases {
        writeln!(out, "pub use self::{symbol} as {api_name};").unwrap();
    }
    for (api_name, symbol) in unbound {
        writeln!(out, "// Not bound: `{api_name}` is `{symbol}`, which the header does not declare.")
            .unwrap();
    }
    if !renames.per_thread.is_empty() || !renames.per_thread_unbound.is_empty() {
        out += &per_thread_module(library, &renames);
    }
    out += &defaults;
    out += "\n// The same renames as data: (name C code calls, symbol), for error text and tests.\n";
    out += &table("RENAMES", &renames.default);
    out += &table("PTDS_RENAMES", &renames.per_thread);

    writeln!(out, "\n// The result codes as bare constants, as C spells them.").unwrap();
    for c in &codes {
        writeln!(out, "pub const {0}: {1} = {1}::{0};", c.name, library.codes.type_name).unwrap();
    }

    out += "\n// Constants the header writes as casts, which bindgen cannot evaluate.\n";
    for (name, ty, value) in cast_constants(library, scan) {
        if !out.contains(&format!("pub const {name}:")) {
            writeln!(out, "pub const {name}: {ty} = {value} as {ty};").unwrap();
        }
    }

    if !scan.foreign_values.is_empty() {
        out += "\n// Constants the header defines as C's own (`INT_MIN`, `NULL`), as clang evaluates them.\n";
    }
    for (name, ty, value) in &scan.foreign_values {
        let line = match (ty.as_str(), value) {
            ("int", Some(super::clang::Value::Int(v))) => {
                format!("pub const {name}: ::core::ffi::c_int = {v};")
            }
            ("unsigned int", Some(super::clang::Value::Int(v))) => {
                format!("pub const {name}: ::core::ffi::c_uint = {v};")
            }
            ("void *", None) => {
                format!("pub const {name}: *mut ::core::ffi::c_void = ::core::ptr::null_mut();")
            }
            _ => format!("// Not bound: `{name}` is a `{ty}` the generator does not evaluate."),
        };
        if !out.contains(&format!("pub const {name}:")) {
            writeln!(out, "{line}").unwrap();
        }
    }
    if !initializers.is_empty() {
        out += "\n// The header's initializer macros (`{ sizeof(T), ... }`), as constants of their struct:\n\
                // each member's value as clang evaluates the macro.\n";
        out += &initializers;
    }

    writeln!(out, "\n// The result codes by value: (value, name, the header's description or \"\").")
        .unwrap();
    // By their 32 bits, as the loader looks them up: a signed type's negative codes last.
    codes.sort_by_key(|c| c.value as u32);
    codes.dedup_by_key(|c| c.value);
    out += "pub(crate) const RESULTS: &[(u32, &str, &str)] = &[\n";
    for c in &codes {
        let value = if c.value < 0 { format!("{}_i32 as u32", c.value) } else { c.value.to_string() };
        writeln!(out, "    ({value}, {:?}, {:?}),", c.name, c.description).unwrap();
    }
    out += "];\n";
    if let Some((_, name)) = library.version_function.own {
        if !out.contains(&format!("pub const {name}:")) {
            return Err(Error::Shape(format!(
                "no {name} in the header, which the description of {} names",
                library.what
            )));
        }
    }
    out += &glue(library, scan, &codes, &functions)?;
    let codes = codes.into_iter().map(|c| c.name).collect();
    Ok(Generated { text: out, version, anonymous, files: Vec::new(), codes })
}

/// The variable's constant in the crate's `loader` (`LIBCUDART_PATH_VAR`).
fn variable_const(library: &Library) -> String {
    // A link name may hold a `-` (`foo-bar`: `LIBFOO_BAR_PATH_VAR`); an identifier may not.
    format!("LIB{}_PATH_VAR", library.build.link.to_uppercase().replace('-', "_"))
}

/// The call of `cuda_loader::glue!` that ends the file: the description's names of the codes,
/// the version and the functions the loader calls, each checked against what the header has.
fn glue(
    library: &Library,
    scan: &Scan,
    codes: &[Code],
    functions: &BTreeMap<String, syn::ForeignItemFn>,
) -> Result<String, Error> {
    // Every function the description names, for the library and its siblings; but where a
    // library added after CUDA's first release (`found.since`) got its version function later
    // still, its releases before that are loaded without the version asked (the loader asks by
    // name, and takes a library without the function), and the glue's function, whose address
    // says which file a linked library was loaded from, is the header's first.
    let version_function = if functions.contains_key(library.version_function.name) {
        library.version_function.name.to_string()
    } else if library.build.found.since.is_some() {
        functions
            .keys()
            .next()
            .cloned()
            .ok_or_else(|| Error::Shape("the header declares no function".into()))?
    } else {
        library.version_function.name.to_string()
    };
    let asked = (version_function == library.version_function.name).then_some(library.version_function.name);
    // A sibling's function for the glue (whose address says which file a linked library was
    // loaded from, and which a linked build must resolve): its version function where its
    // headers declare it, else its library's (a header may declare functions its library no
    // longer exports, as a library of families' may; the library's version function it does). The loader asks
    // a loaded sibling's version function by name, which the library it links answers for it.
    let mut sibling_functions = Vec::new();
    for (index, sibling) in library.siblings.iter().enumerate() {
        let theirs = scan.sibling_functions.get(index).filter(|f| !f.is_empty()).ok_or_else(|| {
            Error::Shape(format!("{} declares no function of {}", sibling.header, sibling.what))
        })?;
        let name = sibling.version_function.name;
        sibling_functions.push(if theirs.contains(name) {
            name.to_string()
        } else {
            version_function.clone()
        });
    }
    let siblings = library.siblings.iter().map(|sibling| (*sibling, None));
    for (described, version) in std::iter::once((library, asked)).chain(siblings) {
        let (name, string) = described.codes.text.functions();
        for function in [version, name, string].into_iter().flatten() {
            if !functions.contains_key(function) {
                return Err(Error::Shape(format!(
                    "no function {function} in the header, which the description of {} names",
                    described.what
                )));
            }
        }
    }
    let code =
        |name: &str| -> Result<String, Error> {
            codes.iter().find(|c| c.name == name).map(|c| c.name.clone()).ok_or_else(|| {
                Error::Shape(format!("no {name} among the header's {}", library.codes.enum_name))
            })
        };
    let success = code(library.codes.success)?;
    if codes.iter().find(|c| c.name == success).map(|c| c.value) != Some(0) {
        return Err(Error::Shape(format!("{success} is not 0, which every library's success is")));
    }
    let names = |library: &Library| {
        let (name, string) = library.codes.text.functions();
        (name.unwrap_or_default().to_string(), string.unwrap_or_default().to_string())
    };
    let (error_name, error_string) = names(library);
    let mut out = format!(
        "\n// What the crate's loader and checks need, named as the header names it (its description's).\n\
         ::cuda_loader::glue! {{\n    \
         code: {},\n    code_type: {},\n    success: {success},\n    not_loaded: {},\n    \
         symbol_missing: {},\n    version: {},\n    own_version: [{}],\n    version_function: {},\n    error_name: [{error_name}],\n    \
         error_string: [{error_string}],\n    variable: {},\n",
        library.codes.enum_name,
        library.codes.type_name,
        code(library.codes.not_loaded)?,
        code(library.codes.symbol_missing)?,
        library.version.macro_name,
        library.version_function.own.map_or("", |(_, name)| name),
        version_function,
        variable_const(library),
    );
    for ((index, sibling), function) in library.siblings.iter().enumerate().zip(&sibling_functions) {
        let module = library.sibling_module(sibling);
        let upper = module.to_uppercase();
        let (error_name, error_string) = names(sibling);
        writeln!(
            out,
            "    sibling: {{\n        module: {module},\n        index: {index},\n        loader: {upper}_LOADER,\n        \
             file: \"{upper}_CUDA_LIBRARY_FILE\",\n        dirs: \"{upper}_CUDA_TOOLKIT_LIB_DIRS\",\n        \
             version_function: {function},\n        error_name: [{error_name}],\n        error_string: [{error_string}],\n        \
             variable: {},\n        symbols: {upper}_SYMBOLS,\n        library: {upper}_LIBRARY,\n        \
             library_path: {module}_library_path,\n        explain: explain_{module},\n        describe: describe_{module},\n    }},",
            variable_const(sibling),
        )
        .unwrap();
    }
    out += "}\n";
    Ok(out)
}

/// `pub const NAME: T = T { member: value as _, ... };` for each initializer macro: the first
/// member is `size_of::<T>()`, as `sizeof(T)` is in C; a value clang cannot evaluate is a null
/// pointer (`NULL`), the only other thing such a macro holds.
fn initializers(scan: &Scan, items: &[syn::Item]) -> Result<String, Error> {
    let mut out = String::new();
    for (name, ty, values) in &scan.initializers {
        // `typedef struct fooConfig_v22700 {...} fooConfig_t`: the alias, then the struct.
        let target = items
            .iter()
            .find_map(|item| match item {
                syn::Item::Type(alias) if alias.ident == ty => Some(alias.ty.to_token_stream().to_string()),
                _ => None,
            })
            .unwrap_or_else(|| ty.clone());
        let fields: Vec<String> = items
            .iter()
            .find_map(|item| match item {
                syn::Item::Struct(s) if s.ident == target => {
                    Some(s.fields.iter().filter_map(|f| f.ident.as_ref().map(ToString::to_string)).collect())
                }
                _ => None,
            })
            .ok_or_else(|| Error::Shape(format!("{name} initializes {ty}, which is no struct here")))?;
        if fields.len() != values.len() {
            return Err(Error::Shape(format!(
                "{name} has {} values for the {} members of {ty}",
                values.len(),
                fields.len()
            )));
        }
        writeln!(out, "pub const {name}: {ty} = {ty} {{").unwrap();
        for (i, (field, value)) in fields.iter().zip(values).enumerate() {
            let value = match value {
                _ if i == 0 => format!("::core::mem::size_of::<{ty}>() as _"),
                Some(super::clang::Value::Int(v)) => format!("{v}i64 as _"),
                Some(super::clang::Value::Float(v)) => format!("{v:?}f64 as _"),
                None => "::core::ptr::null_mut()".to_string(),
            };
            writeln!(out, "    {field}: {value},").unwrap();
        }
        out += "};\n";
    }
    Ok(out)
}

/// The names the declarations give at the top level: types, structs, enums, unions,
/// constants and statics (not a newtype's associated constants, which `use` cannot name).
/// A typedef of an enum is a `pub use self::X_enum as X_t;`: its names count too.
fn declared_names(items: &[syn::Item]) -> BTreeSet<String> {
    fn used(tree: &syn::UseTree, out: &mut BTreeSet<String>) {
        match tree {
            syn::UseTree::Path(path) => used(&path.tree, out),
            syn::UseTree::Name(name) => {
                out.insert(name.ident.to_string());
            }
            syn::UseTree::Rename(rename) => {
                out.insert(rename.rename.to_string());
            }
            syn::UseTree::Group(group) => group.items.iter().for_each(|tree| used(tree, out)),
            syn::UseTree::Glob(_) => {}
        }
    }
    let mut out = BTreeSet::new();
    for item in items {
        let ident = match item {
            syn::Item::Type(t) => &t.ident,
            syn::Item::Struct(s) => &s.ident,
            syn::Item::Enum(e) => &e.ident,
            syn::Item::Union(u) => &u.ident,
            syn::Item::Const(c) => &c.ident,
            syn::Item::Static(s) => &s.ident,
            syn::Item::Use(u) => {
                used(&u.tree, &mut out);
                continue;
            }
            _ => continue,
        };
        out.insert(ident.to_string());
    }
    out
}

/// The header's renames, split by what they bind to.
struct Renames {
    /// (name C code calls, symbol) by default.
    default: BTreeMap<String, String>,
    /// Where the per-thread default stream maps a name elsewhere than the default.
    per_thread: BTreeMap<String, String>,
    /// Names the header maps to something that is no library symbol (a `static inline`
    /// function): by default, and with the per-thread default stream.
    unbound: BTreeMap<String, String>,
    per_thread_unbound: BTreeMap<String, String>,
}

impl Renames {
    fn new(scan: &Scan, functions: &BTreeMap<String, syn::ForeignItemFn>) -> Renames {
        let mut renames = Renames {
            default: BTreeMap::new(),
            per_thread: BTreeMap::new(),
            unbound: BTreeMap::new(),
            per_thread_unbound: BTreeMap::new(),
        };
        for (api_name, symbol) in scan.renames.iter().chain(&scan.inline_renames) {
            if functions.contains_key(api_name) {
                continue; // a function of that very name exists: the name is not renamed for C
            }
            if functions.contains_key(symbol) {
                renames.default.insert(api_name.clone(), symbol.clone());
            } else {
                renames.unbound.insert(api_name.clone(), symbol.clone());
            }
        }
        for (api_name, symbol) in &scan.per_thread_renames {
            let default = scan.renames.get(api_name).unwrap_or(api_name);
            if symbol == default {
                continue;
            }
            if functions.contains_key(symbol) || scan.per_thread_functions.contains(symbol) {
                renames.per_thread.insert(api_name.clone(), symbol.clone());
            } else {
                renames.per_thread_unbound.insert(api_name.clone(), symbol.clone());
            }
        }
        renames
    }

    /// The symbol `name` stands for by default.
    fn target(&self, name: &str) -> String {
        self.default.get(name).cloned().unwrap_or_else(|| name.to_string())
    }
}

/// `pub mod ptds`: the whole API, with the names the per-thread default stream maps elsewhere.
fn per_thread_module(library: &Library, renames: &Renames) -> String {
    let mut out = format!(
        "\n/// The names as C code compiled with `{PER_THREAD_DEFINE}` calls them: \
         `use {}::ptds::*` gives the whole API that way, as defining the macro does for one C file; \
         the crate root keeps the default. One program can use both, as two C files can.\n\
         /// See NVIDIA's [stream synchronization behavior](https://docs.nvidia.com/cuda/cuda-runtime-api/stream-sync-behavior.html).\n\
         pub mod ptds {{\n    pub use super::*;\n",
        library.rust_path
    );
    for (api_name, symbol) in &renames.per_thread {
        writeln!(out, "    pub use super::{symbol} as {api_name};").unwrap();
    }
    for (api_name, symbol) in &renames.per_thread_unbound {
        writeln!(
            out,
            "    /// Not bound: with `{PER_THREAD_DEFINE}`, the header maps `{api_name}` to `{symbol}`, which it \
             defines as a `static inline` function, not a library symbol. Call the function its \
             definition in `{}` calls, with the arguments it adds.\n    \
             #[allow(non_camel_case_types)]\n    pub struct {api_name};",
            library.header
        )
        .unwrap();
    }
    out + "}\n"
}

/// C++'s default arguments (`__dv(0)` in the header) as macros: `cudaEventRecord!(event)` is
/// `cudaEventRecord(event, 0)`, for each arity C++ accepts, a macro of the function's C name
/// (exported, so at the crate root, hidden there: the crate's `cpp` module is where they are
/// documented and meant to be used). Nothing is written for a header without default
/// arguments, or for a default the generator cannot spell in Rust.
fn default_arguments_module(
    scan: &Scan,
    renames: &Renames,
    functions: &BTreeMap<String, syn::ForeignItemFn>,
) -> String {
    let mut macros = String::new();
    for (symbol, params) in &scan.defaults {
        if !functions.contains_key(symbol) {
            continue;
        }
        // C++ allows defaults only on trailing parameters.
        let required = params.iter().rposition(Option::is_none).map_or(0, |i| i + 1);
        let Some(values) = params[required..]
            .iter()
            .map(|value| match value.as_deref()? {
                [zero] if zero == "0" => Some("$crate::__zero()".to_string()),
                [number] => crate::header::integer(number)
                    .map(|n| n.to_string())
                    .or_else(|| is_identifier(number).then(|| format!("$crate::{number}"))),
                _ => None,
            })
            .collect::<Option<Vec<String>>>()
        else {
            continue;
        };
        let mut arms = String::new();
        for given in required..=params.len() {
            let args: Vec<String> = (0..given).map(|i| format!("$a{i}:expr")).collect();
            let mut call: Vec<String> = (0..given).map(|i| format!("$a{i}")).collect();
            call.extend(values[given - required..].iter().cloned());
            writeln!(arms, "    ({} $(,)?) => {{ $crate::{symbol}({}) }};", args.join(", "), call.join(", "))
                .unwrap();
        }
        let api_names = renames.default.iter().filter(|(_, s)| *s == symbol).map(|(a, _)| a);
        for name in std::iter::once(symbol).chain(api_names) {
            write!(macros, "\n#[doc(hidden)]\n#[macro_export]\nmacro_rules! {name} {{\n{arms}}}\n").unwrap();
        }
    }
    if macros.is_empty() {
        return String::new();
    }
    format!(
        "\n// C++'s default arguments (`__dv` in the header, which only C++ compilers see): a macro of \
         each such function's name, taking every arity C++ accepts.{macros}\n\
         /// `0` as C++ converts it to a parameter's type: zero, or a null pointer.\n\
         #[doc(hidden)]\npub trait __Zero {{\n    fn __zero() -> Self;\n}}\n\
         macro_rules! zero {{\n    ($($t:ty),*) => {{ $(impl __Zero for $t {{ fn __zero() -> Self {{ 0 }} }})* }};\n}}\n\
         zero!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);\n\
         impl<T> __Zero for *mut T {{\n    fn __zero() -> Self {{ ::core::ptr::null_mut() }}\n}}\n\
         impl<T> __Zero for *const T {{\n    fn __zero() -> Self {{ ::core::ptr::null() }}\n}}\n\
         #[doc(hidden)]\npub fn __zero<T: __Zero>() -> T {{\n    T::__zero()\n}}\n"
    )
}

fn table(name: &str, pairs: &BTreeMap<String, String>) -> String {
    let mut out = format!("pub(crate) const {name}: &[(&str, &str)] = &[\n");
    for (api_name, symbol) in pairs {
        writeln!(out, "    ({api_name:?}, {symbol:?}),").unwrap();
    }
    out + "];\n"
}

/// A C enum is an integer type and its constants here (they combine with `|` as in C): each
/// such type's documentation lists its constants, as C's enum does
/// (`CUdevice_attribute_enum`: `CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK`, ...).
fn list_values(items: &mut [syn::Item]) {
    let mut values: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for item in items.iter() {
        if let syn::Item::Const(c) = item {
            if let syn::Type::Path(ty) = &*c.ty {
                if let Some(ty) = ty.path.get_ident() {
                    values.entry(ty.to_string()).or_default().push(c.ident.to_string());
                }
            }
        }
    }
    for item in items.iter_mut() {
        let syn::Item::Type(alias) = item else { continue };
        let Some(names) = values.get(&alias.ident.to_string()) else { continue };
        let list = names.iter().map(|n| format!("[`{n}`]")).collect::<Vec<_>>().join(", ");
        let doc = format!(" Its values (the C enum's constants): {list}.");
        if alias.attrs.iter().any(|a| a.path().is_ident("doc")) {
            alias.attrs.push(syn::parse_quote!(#[doc = ""]));
        }
        alias.attrs.push(syn::parse_quote!(#[doc = #doc]));
    }
}

/// One line per function: the name C code uses and its place in NVIDIA's reference (the
/// function on its group's page).
fn function_doc(library: &Library, scan: &Scan, renames: &Renames, symbol: &str) -> String {
    let default_name = renames.default.iter().find(|(_, s)| *s == symbol).map(|(a, _)| a.as_str());
    let per_thread_name = renames.per_thread.iter().find(|(_, s)| *s == symbol).map(|(a, _)| a.as_str());
    // NVIDIA documents a symbol the header's inline function calls under that function's name.
    let inline = default_name.filter(|name| scan.inline_renames.contains_key(*name));
    let declared =
        per_thread_name.map_or_else(|| inline.unwrap_or(symbol).to_string(), |a| renames.target(a));
    let page = match scan.groups.get(&declared) {
        Some((group, title)) => {
            // `Context Management [DEPRECATED]`: brackets inside a link's text are escaped.
            let title = title.replace('[', "\\[").replace(']', "\\]");
            let group = group.replace('_', "__");
            let anchor = scan.anchors.get(&declared).map(|hash| format!("#group__{group}_1g{hash}"));
            format!(
                "[{title}]({}group__{group}.html{})",
                library.build.binding.reference,
                anchor.unwrap_or_default()
            )
        }
        None => format!("<{}>", library.build.binding.reference),
    };
    match (default_name, per_thread_name) {
        (_, Some(name)) => format!(
            " `{name}` with the per-thread default stream (`{PER_THREAD_DEFINE}`), see `ptds`. NVIDIA's reference: {page}."
        ),
        (Some(name), None) => format!(" `{name}` in NVIDIA's reference: {page}."),
        (None, None) => format!(" `{symbol}` in NVIDIA's reference: {page}."),
    }
}

/// The types the shared header also declares that these bindings use: imported, not redefined.
fn shared_imports(
    library: &Library,
    scan: &Scan,
    items: &[syn::Item],
    functions: &BTreeMap<String, syn::ForeignItemFn>,
) -> BTreeSet<String> {
    struct Used<'a>(&'a BTreeSet<String>, BTreeSet<String>);
    impl<'ast> syn::visit::Visit<'ast> for Used<'_> {
        fn visit_ident(&mut self, ident: &'ast Ident) {
            let name = ident.to_string();
            if self.0.contains(&name) {
                self.1.insert(name);
            }
        }
    }
    if library.build.binding.shares_types_with.is_empty() {
        return BTreeSet::new();
    }
    let mut used = Used(&scan.shared_types, BTreeSet::new());
    for item in items {
        syn::visit::Visit::visit_item(&mut used, item);
    }
    for f in functions.values() {
        syn::visit::Visit::visit_foreign_item_fn(&mut used, f);
    }
    used.1
}

/// `#define NAME ((TYPE)VALUE)`: (name, Rust type, value).
fn cast_constants(library: &Library, scan: &Scan) -> Vec<(String, String, String)> {
    scan.macros
        .iter()
        .filter(|(name, _)| library.build.binding.constant_prefixes.iter().any(|p| name.starts_with(p)))
        .filter_map(|(name, tokens)| {
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            let ["(", "(", rest @ .., ")"] = tokens.as_slice() else { return None };
            let close = rest.iter().position(|t| *t == ")")?;
            let (ty, value) = (&rest[..close], &rest[close + 1..]);
            let ty = match ty {
                ["void", "*"] => "*mut ::core::ffi::c_void".to_string(),
                ["int"] => "::core::ffi::c_int".to_string(),
                ["unsigned", "int"] => "::core::ffi::c_uint".to_string(),
                [t] if is_identifier(t) => (*t).to_string(),
                _ => return None,
            };
            let (negative, literal) = match value {
                ["-", literal] => (true, *literal),
                [literal] => (false, *literal),
                _ => return None,
            };
            // A literal, or another constant of the header (`CU_LAUNCH_PARAM_END_AS_INT`).
            let value = match crate::header::integer(literal) {
                Some(number) if negative => format!("-{number}"),
                Some(number) => format!("{number:#x}"),
                None if is_identifier(literal) && !negative => literal.to_string(),
                None => return None,
            };
            Some((name.clone(), ty, value))
        })
        .collect()
}

/// A result code from `impl cudaError_enum { pub const NAME: cudaError_enum = cudaError_enum(VALUE); }`.
fn code(library: &Library, member: &syn::ImplItem) -> Option<Code> {
    let syn::ImplItem::Const(c) = member else { return None };
    let syn::Expr::Call(call) = &c.expr else { return None };
    let syn::Expr::Path(func) = &*call.func else { return None };
    if !func.path.is_ident(library.codes.enum_name) || call.args.len() != 1 {
        return None;
    }
    let value = int_value(&call.args[0])?;
    let description = c
        .attrs
        .iter()
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ");
    let description = description.split_whitespace().collect::<Vec<_>>().join(" ").replace('`', "");
    Some(Code { name: c.ident.to_string(), value, description })
}

/// An integer literal, or a negated one (`Status(-2)`).
fn int_value(expr: &syn::Expr) -> Option<i64> {
    match expr {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.base10_parse().ok(),
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => int_value(expr).map(|v| -v),
        syn::Expr::Paren(p) => int_value(&p.expr),
        _ => None,
    }
}

fn is_path(ty: &syn::Type, name: &str) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}

fn unparse(items: Vec<syn::Item>) -> String {
    let mut file: syn::File = syn::parse_quote!();
    file.items = items;
    prettyplease::unparse(&file)
}

/// `opening`, then each function in braces of its own (what cuda-loader's `__functions!` reads:
/// matched so, a list of thousands compiles in time linear in its length), then the closing brace.
/// Each is prettyplease's `extern "C" { .. }` of the one function with its first line `{`: the
/// lines are left as printed, since a doc comment may span several (an indented line would make
/// rustdoc read a code block).
fn function_list(opening: &str, functions: &[&syn::ForeignItemFn]) -> String {
    let mut out = opening.to_string();
    for f in functions {
        let block = unparse(vec![syn::parse_quote!(extern "C" { #f })]);
        out += &block.replacen("extern \"C\" {", "{", 1);
    }
    out += "}\n";
    out
}
