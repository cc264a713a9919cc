//! `kernels!`, the macro of cu-kernels (see that crate): reads the `.cu` file named, and where
//! the build machine has NVRTC compiles it here, once per architecture named, embedding each
//! CUBIN and PTX in the program; where it has none (or `CU_KERNELS_COMPILE=first-use` is set),
//! it embeds the prepared source for cu-kernels to compile at first use. Either way each kernel
//! becomes a static `cu_kernels::CuKernel` of its parameter types. Written without syn: the
//! input is a string, two optional lists and function signatures.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use cu_kernels_compile::{prepare, Arch, Error, Program, Signature};
use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// See cu-kernels' documentation of `kernels!`.
#[proc_macro]
pub fn kernels(input: TokenStream) -> TokenStream {
    match expand(input) {
        Ok(tokens) => tokens,
        Err((span, message)) => compile_error(span, &message),
    }
}

type Failure = (Span, String);

/// `compile_error!("message")` at `span`.
fn compile_error(span: Span, message: &str) -> TokenStream {
    let mut tokens: Vec<TokenTree> = vec![
        Punct::new(':', Spacing::Joint).into(),
        Punct::new(':', Spacing::Alone).into(),
        Ident::new("core", span).into(),
        Punct::new(':', Spacing::Joint).into(),
        Punct::new(':', Spacing::Alone).into(),
        Ident::new("compile_error", span).into(),
        Punct::new('!', Spacing::Alone).into(),
    ];
    let mut message = Literal::string(message);
    message.set_span(span);
    let mut group = Group::new(Delimiter::Parenthesis, TokenTree::from(message).into());
    group.set_span(span);
    tokens.push(group.into());
    tokens.push(Punct::new(';', Spacing::Alone).into());
    for token in &mut tokens {
        token.set_span(span);
    }
    tokens.into_iter().collect()
}

/// One `fn name(params);` of the input.
struct Item {
    /// The item's attributes other than `#[name = ...]` (doc comments), as written.
    attributes: Vec<TokenTree>,
    visibility: Vec<TokenTree>,
    name: Ident,
    /// The C++ name expression: the function's name, or `#[name = "scale<float>"]`'s.
    expression: String,
    /// Each parameter's type, as written.
    types: Vec<Vec<TokenTree>>,
    /// Each parameter's name and type, as text (`x`, `*mut f32`).
    params: Vec<(String, String)>,
}

/// What the input says.
struct Input {
    path: String,
    path_span: Span,
    archs: Vec<(Arch, Span)>,
    options: Vec<String>,
    /// `compile = "first-use"`: no compile at build time, whatever the machine has.
    first_use: bool,
    items: Vec<Item>,
}

fn expand(input: TokenStream) -> Result<TokenStream, Failure> {
    let input = parse(input)?;
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from).unwrap_or_default();
    let file = manifest.join(&input.path);
    // Bytes, as NVRTC reads them: a `.cu` need not be UTF-8 (issue 41, item 10).
    let source = std::fs::read(&file).map_err(|e| {
        let hint = if e.kind() == std::io::ErrorKind::NotFound {
            "; the path is relative to the crate's folder (CARGO_MANIFEST_DIR)"
        } else {
            ""
        };
        (input.path_span, format!("kernels!: cannot read {} ({e}){hint}", file.display()))
    })?;
    let prepared = prepare(&input.path, &source).map_err(|e| (input.path_span, format!("kernels!: {e}")))?;
    let mut options = input.options.clone();
    if let Some(dir) = file.parent() {
        options.push(format!("-I{}", dir.display()));
    }
    // Every file the `.cu` includes, found where NVRTC looks: each is tracked as the `.cu` is,
    // so that an edit to one rebuilds (issue 41, item 12), as nvcc's dependency files do.
    let mut tracked = Vec::new();
    included_files(&file, &source, &include_path(&options), &mut tracked);
    let names: Vec<&str> = input.items.iter().map(|i| i.expression.as_str()).collect();
    let program = Program { name: &input.path, text: &prepared.text, names: &names, options: &options };

    let compiled = if input.first_use {
        Err("compile = \"first-use\" asks so".to_string())
    } else if std::env::var("CU_KERNELS_COMPILE").as_deref() == Ok("first-use") {
        Err("CU_KERNELS_COMPILE=first-use was set when it was built".to_string())
    } else {
        match compile_all(&program, &input) {
            Ok(images) => Ok(images),
            Err(Build::Unavailable(why)) => Err(format!("the build machine had no NVRTC: {why}")),
            Err(Build::Failed(span, message)) => return Err((span, message)),
        }
    };
    check_declarations(&input, &prepared, &compiled)?;
    // What is compiled at first use is compiled on the machine that runs the program, which
    // need not have this folder: the `.cu`'s own headers (`#include "..."` of its folder) go into
    // its text, and no option names this machine's folders (issue 33, item 20).
    let (prepared, options) = match (&compiled, file.parent()) {
        (Err(_), Some(dir)) => {
            let text = inline_local_includes(dir, &input.path, &prepared.text, &mut Vec::new())
                .map_err(|e| (input.path_span, format!("kernels!: {e}")))?;
            (cu_kernels_compile::Prepared { text, ..prepared }, input.options.clone())
        }
        _ => (prepared, options),
    };
    Ok(emit(&input, &file, &tracked, &prepared, &options, compiled))
}

/// Each kernel's declaration against its C++ parameters (issue 41, item 11): those NVRTC's
/// lowered name encodes where it compiled here, else those the `.cu` spells (scalars only); a
/// kernel neither says (a template or typedef without NVRTC here) is checked at first use, when
/// NVRTC has compiled it. A disagreement is a compile error at the declared type.
fn check_declarations(
    input: &Input,
    prepared: &cu_kernels_compile::Prepared,
    compiled: &Result<Vec<Built>, String>,
) -> Result<(), Failure> {
    for (index, item) in input.items.iter().enumerate() {
        let lowered =
            compiled.as_ref().ok().and_then(|images| images.first()).and_then(|(_, _, l)| l.get(index));
        let from_lowered = lowered.and_then(|l| Some((Signature::from_lowered(l)?, l)));
        let (signature, origin) = match from_lowered {
            Some((signature, lowered)) => {
                (signature, format!("{}, NVRTC's lowered name {lowered}", input.path))
            }
            None => {
                let expression: String = item.expression.split_whitespace().collect();
                let mut defined =
                    prepared.kernels.iter().filter(|k| k.name == expression.trim_start_matches("::"));
                let (Some(kernel), None) = (defined.next(), defined.next()) else { continue };
                let Some(signature) = Some(kernel)
                    .filter(|k| !k.template)
                    .and_then(|k| Signature::from_source(&k.name, &k.params))
                else {
                    continue;
                };
                (signature, format!("{}:{}", input.path, kernel.line))
            }
        };
        let declared: Vec<(&str, &str)> = item.params.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
        if let Err((at, message)) =
            cu_kernels_compile::signature::check(&item.name.to_string(), &declared, &signature, &origin)
        {
            let span =
                at.and_then(|at| item.types[at].first()).map_or_else(|| item.name.span(), TokenTree::span);
            return Err((span, format!("kernels!: {message}")));
        }
    }
    Ok(())
}

/// `text` (of the file `name`, in the folder `dir`) with each `#include "x"` naming a file of
/// `dir` replaced by that file's text, as the preprocessor does, and `#line`s so that NVRTC's
/// log still names each file and line; a file with `#pragma once` goes in once (`inlined` holds
/// those already in, and the files being inlined). `<...>` includes are NVRTC's own and stay.
fn inline_local_includes(
    dir: &Path,
    name: &str,
    text: &[u8],
    inlined: &mut Vec<(PathBuf, bool)>,
) -> Result<Vec<u8>, String> {
    if inlined.iter().filter(|(_, once)| !once).count() > 16 {
        return Err(format!("{name}: #include \"...\" nests more than 16 deep"));
    }
    let mut out = Vec::with_capacity(text.len());
    for (index, line) in lines(text).enumerate() {
        let included = quoted_include(line);
        match included.map(|included| (dir.join(&included), included)).filter(|(path, _)| path.is_file()) {
            Some((path, included)) => {
                let inner = std::fs::read(&path)
                    .map_err(|e| format!("cannot read {} ({e}), which {name} includes", path.display()))?;
                // In the program's text a NUL would end it where NVRTC reads it.
                if let Some(at) = inner.iter().position(|&b| b == 0) {
                    let line = inner[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                    return Err(format!(
                        "{}:{line}: a NUL byte (0x00), which NVRTC would read as the end of the program \
                         ({name} includes it)",
                        path.display()
                    ));
                }
                let real = path.canonicalize().unwrap_or(path.clone());
                if inlined.iter().any(|(done, once)| *once && *done == real) {
                    out.push(b'\n');
                    continue;
                }
                let once = lines(&inner).any(|l| {
                    String::from_utf8_lossy(l).split_whitespace().collect::<Vec<_>>() == ["#pragma", "once"]
                });
                inlined.push((real.clone(), false));
                out.extend_from_slice(format!("#line 1 {included:?}\n").as_bytes());
                out.extend(inline_local_includes(path.parent().unwrap_or(dir), &included, &inner, inlined)?);
                out.extend_from_slice(format!("\n#line {} {name:?}\n", index + 2).as_bytes());
                let position = inlined.iter().rposition(|(done, once)| !once && *done == real);
                if let Some(position) = position {
                    inlined.remove(position);
                }
                if once {
                    inlined.push((real, true));
                }
            }
            None => {
                out.extend_from_slice(line);
                out.push(b'\n');
            }
        }
    }
    Ok(out)
}

/// The lines of `text`, without their `\n`s.
fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    text.split(|&b| b == b'\n').filter(move |_| !text.is_empty())
}

/// `x` of the line `#include "x"`.
fn quoted_include(line: &[u8]) -> Option<String> {
    let (header, quoted) = include(line)?;
    quoted.then_some(header)
}

/// `x` of the line `#include "x"` or `#include <x>`, and whether it is quoted.
fn include(line: &[u8]) -> Option<(String, bool)> {
    let line = String::from_utf8_lossy(line);
    let rest = line.trim_start().strip_prefix('#')?.trim_start().strip_prefix("include")?.trim();
    let (close, quoted) = match rest.chars().next()? {
        '"' => ('"', true),
        '<' => ('>', false),
        _ => return None,
    };
    let (header, _) = rest[1..].split_once(close)?;
    Some((header.to_string(), quoted))
}

/// The folders of NVRTC's include path: the options' `-I` (`-Idir`, `-I dir`, `--include-path=dir`).
fn include_path(options: &[String]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let mut options = options.iter();
    while let Some(option) = options.next() {
        let dir = match option.as_str() {
            "-I" | "--include-path" => options.next().map(String::as_str),
            other => other.strip_prefix("--include-path=").or_else(|| other.strip_prefix("-I")),
        };
        dirs.extend(dir.filter(|d| !d.is_empty()).map(PathBuf::from));
    }
    dirs
}

/// Adds to `found` each file that an `#include` of `text` (the file `path`), or of a file it
/// includes, names, where NVRTC finds it: a `"x"` first beside the file including it, then (and
/// a `<x>`) in the include path `search`. Every `#include` line counts, whatever `#if` it is
/// under (a file tracked but not read costs a rebuild, never a stale one); a header NVRTC has
/// built in (`<cuda_fp16.h>`) is no file here and is not tracked.
fn included_files(path: &Path, text: &[u8], search: &[PathBuf], found: &mut Vec<PathBuf>) {
    for line in lines(text) {
        let Some((header, quoted)) = include(line) else { continue };
        let beside = path.parent().filter(|_| quoted).map(|dir| dir.join(&header));
        let Some(file) =
            beside.into_iter().chain(search.iter().map(|dir| dir.join(&header))).find(|p| p.is_file())
        else {
            continue;
        };
        let file = file.canonicalize().unwrap_or(file);
        if found.contains(&file) {
            continue;
        }
        found.push(file.clone());
        if let Ok(inner) = std::fs::read(&file) {
            included_files(&file, &inner, search, found);
        }
    }
}

/// One image compiled here: its architecture, its bytes, the kernels' lowered names.
type Built = (Arch, Vec<u8>, Vec<String>);

/// Why no images were made: NVRTC is not here, or the source (or an option) is wrong.
enum Build {
    Unavailable(String),
    Failed(Span, String),
}

/// Each image: a CUBIN per `sm_` architecture named, PTX per `compute_` one, and PTX of the
/// oldest `sm_` named when no `compute_` is (the driver compiles it for newer GPUs); with no
/// architecture named, PTX for NVRTC's default one.
fn compile_all(program: &Program<'_>, input: &Input) -> Result<Vec<Built>, Build> {
    let mut targets: Vec<Option<Arch>> = input.archs.iter().map(|(a, _)| Some(*a)).collect();
    if !input.archs.iter().any(|(a, _)| !a.cubin) {
        match input.archs.iter().map(|(a, _)| a.number).min() {
            Some(oldest) => targets.push(Some(Arch { number: oldest, cubin: false, suffix: None })),
            None => targets.push(None),
        }
    }
    let mut images = Vec::new();
    for target in targets {
        match program.compile(target) {
            Ok(compiled) => {
                let arch = target.unwrap_or(Arch { number: 0, cubin: false, suffix: None });
                images.push((arch, compiled.image, compiled.lowered));
            }
            Err(Error::Unavailable(why)) => return Err(Build::Unavailable(why)),
            Err(Error::Compile(log)) => {
                return Err(Build::Failed(
                    input.path_span,
                    format!("kernels!: {} does not compile with NVRTC:\n{log}", input.path),
                ))
            }
            Err(Error::Call(what)) => {
                let arch = target.map(|a| format!(" for {a}")).unwrap_or_default();
                return Err(Build::Failed(
                    input.path_span,
                    format!("kernels!: compiling {}{arch}: {what}", input.path),
                ));
            }
        }
    }
    Ok(images)
}

/// The statics.
fn emit(
    input: &Input,
    file: &Path,
    tracked: &[PathBuf],
    prepared: &cu_kernels_compile::Prepared,
    options: &[String],
    compiled: Result<Vec<Built>, String>,
) -> TokenStream {
    let mut hasher = DefaultHasher::new();
    input.path.hash(&mut hasher);
    for item in &input.items {
        item.name.to_string().hash(&mut hasher);
    }
    let module = format!("__CU_KERNELS_{:016X}", hasher.finish());
    let strings = |list: &[&str]| list.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join(", ");
    let notes: Vec<&str> = prepared.notes.iter().map(String::as_str).collect();
    let names: Vec<&str> = input.items.iter().map(|i| i.expression.as_str()).collect();

    let (images, lowered, source, how) = match &compiled {
        Ok(images) => {
            let list = images
                .iter()
                .map(|(arch, data, _)| {
                    format!(
                        "::cu_kernels::Image {{ arch: ::cu_kernels::Arch {{ number: {}, cubin: {}, suffix: {:?} }}, data: {} }}",
                        arch.number,
                        arch.cubin,
                        arch.suffix,
                        Literal::byte_string(data)
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            let lowered: Vec<&str> = images[0].2.iter().map(String::as_str).collect();
            let built: Vec<String> =
                images
                    .iter()
                    .map(|(a, _, _)| {
                        if a.number == 0 {
                            "PTX of NVRTC's default architecture".into()
                        } else {
                            a.to_string()
                        }
                    })
                    .collect();
            (
                list,
                strings(&lowered),
                "::core::option::Option::None".to_string(),
                format!("compiled at build time for {}", built.join(", ")),
            )
        }
        Err(why) => {
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            let source = format!(
                "::core::option::Option::Some(::cu_kernels::Source {{ text: {}, options: &[{}], why: {:?} }})",
                Literal::byte_string(&prepared.text),
                strings(&options),
                why
            );
            (String::new(), String::new(), source, format!("compiled at first use ({why})"))
        }
    };

    // Each kernel's declaration, for the check at first use of what NVRTC compiles then.
    let declared = input
        .items
        .iter()
        .map(|item| {
            let params: Vec<String> = item.params.iter().map(|(n, t)| format!("({n:?}, {t:?})")).collect();
            format!("({:?}, &[{}])", item.name.to_string(), params.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ");
    let mut out = format!(
        "#[doc(hidden)]\n#[allow(non_upper_case_globals)]\nstatic {module}: ::cu_kernels::Module = ::cu_kernels::Module::__new({:?}, &[{images}], &[{}], &[{lowered}], {source}, &[{}], &[{declared}]);\n\
         const _: &[u8] = include_bytes!({:?});\n\
         const _: ::core::option::Option<&str> = ::core::option_env!(\"CU_KERNELS_COMPILE\");\n\
         const _: ::core::option::Option<&str> = ::core::option_env!(\"CUDA_PATH\");\n\
         const _: ::core::option::Option<&str> = ::core::option_env!(\"NVRTC_SYS_LIBNVRTC_PATH\");\n",
        input.path,
        strings(&names),
        strings(&notes),
        file.display().to_string(),
    );
    for header in tracked.iter().filter_map(|h| h.to_str()) {
        out.push_str(&format!("const _: &[u8] = include_bytes!({header:?});\n"));
    }
    let mut tokens: TokenStream = out.parse().expect("kernels!: the module static parses");
    out.clear();
    for (index, item) in input.items.iter().enumerate() {
        let cut = if notes.is_empty() {
            String::new()
        } else {
            format!(" Cut for the device compile: {}.", notes.join("; "))
        };
        let doc = format!(
            " `__global__` `{}` of `{}`, {how}; launch it with `launch!`.{cut}",
            item.expression, input.path
        );
        let mut item_tokens: TokenStream =
            format!("#[doc = {doc:?}] #[allow(non_upper_case_globals)]").parse().unwrap();
        item_tokens.extend(item.attributes.iter().cloned());
        item_tokens.extend(item.visibility.iter().cloned());
        item_tokens.extend(std::iter::once(TokenTree::from(Ident::new("static", item.name.span()))));
        item_tokens.extend(std::iter::once(TokenTree::from(item.name.clone())));
        let mut args: Vec<TokenTree> = Vec::new();
        for ty in &item.types {
            args.extend(ty.iter().cloned());
            args.push(Punct::new(',', Spacing::Alone).into());
        }
        let tuple = Group::new(Delimiter::Parenthesis, args.into_iter().collect());
        let mut rest: TokenStream = ": ::cu_kernels::CuKernel<".parse().unwrap();
        rest.extend(std::iter::once(TokenTree::from(tuple)));
        rest.extend(
            format!("> = unsafe {{ ::cu_kernels::CuKernel::__new(&{module}, {index}) }};")
                .parse::<TokenStream>()
                .unwrap(),
        );
        item_tokens.extend(rest);
        tokens.extend(item_tokens);
    }
    tokens
}

// ---- Reading the input ----

fn parse(input: TokenStream) -> Result<Input, Failure> {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let mut at = 0;
    let (path, path_span) = match tokens.first() {
        Some(TokenTree::Literal(literal)) => (string(literal)?, literal.span()),
        other => {
            let span = other.map_or_else(Span::call_site, TokenTree::span);
            return Err((span, usage("it begins with the .cu file's path, a string literal")));
        }
    };
    at += 1;
    let mut input = Input {
        path,
        path_span,
        archs: Vec::new(),
        options: Vec::new(),
        first_use: false,
        items: Vec::new(),
    };
    loop {
        skip_separators(&tokens, &mut at);
        let Some(token) = tokens.get(at) else { break };
        match token {
            TokenTree::Ident(ident)
                if ["arch", "options", "compile"].contains(&ident.to_string().as_str()) =>
            {
                let key = ident.to_string();
                let list = setting(&tokens, &mut at)?;
                match key.as_str() {
                    "arch" => {
                        for (text, span) in list {
                            let arch = Arch::parse(&text).map_err(|e| (span, format!("kernels!: {e}")))?;
                            input.archs.push((arch, span));
                        }
                    }
                    "options" => input.options.extend(list.into_iter().map(|(text, _)| text)),
                    _ => match list.as_slice() {
                        [(when, _)] if when == "build" => input.first_use = false,
                        [(when, _)] if when == "first-use" => input.first_use = true,
                        _ => return Err((ident.span(), "kernels!: compile = \"build\" (the default: at build time where the build machine has NVRTC) or \"first-use\"".into())),
                    },
                }
            }
            _ => input.items.push(item(&tokens, &mut at)?),
        }
    }
    if input.items.is_empty() {
        return Err((input.path_span, usage("it names at least one kernel: fn name(param: Type, ...)")));
    }
    Ok(input)
}

fn usage(what: &str) -> String {
    format!(
        "kernels!: {what}. Write kernels!(\"kernels/reduce-sum.cu\", arch = [\"sm_80\", \"sm_90\"], \
         fn sum_kernel(array: *mut f32, n: c_int, output: *mut f32)); (arch and options = [...] are optional)"
    )
}

fn skip_separators(tokens: &[TokenTree], at: &mut usize) {
    while let Some(TokenTree::Punct(p)) = tokens.get(*at) {
        if p.as_char() == ',' || p.as_char() == ';' {
            *at += 1;
        } else {
            break;
        }
    }
}

/// `key = ["a", "b"]` or `key = "a"`: the strings.
fn setting(tokens: &[TokenTree], at: &mut usize) -> Result<Vec<(String, Span)>, Failure> {
    let key = &tokens[*at];
    *at += 1;
    match tokens.get(*at) {
        Some(TokenTree::Punct(p)) if p.as_char() == '=' => *at += 1,
        _ => return Err((key.span(), format!("kernels!: write {key} = [\"...\", ...]"))),
    }
    if let Some(TokenTree::Literal(literal)) = tokens.get(*at) {
        *at += 1;
        return Ok(vec![(string(literal)?, literal.span())]);
    }
    let Some(TokenTree::Group(group)) =
        tokens.get(*at).filter(|t| matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket))
    else {
        return Err((key.span(), format!("kernels!: write {key} = [\"...\", ...]")));
    };
    *at += 1;
    let mut out = Vec::new();
    for token in group.stream() {
        match token {
            TokenTree::Literal(literal) => out.push((string(&literal)?, literal.span())),
            TokenTree::Punct(p) if p.as_char() == ',' => {}
            other => return Err((other.span(), format!("kernels!: {key} lists string literals"))),
        }
    }
    Ok(out)
}

/// `#[...] pub fn name(a: T, b: U)`.
fn item(tokens: &[TokenTree], at: &mut usize) -> Result<Item, Failure> {
    let mut attributes = Vec::new();
    let mut expression = None;
    while let Some(TokenTree::Punct(p)) = tokens.get(*at) {
        if p.as_char() != '#' {
            break;
        }
        let Some(TokenTree::Group(group)) = tokens.get(*at + 1) else { break };
        let inner: Vec<TokenTree> = group.stream().into_iter().collect();
        match inner.as_slice() {
            [TokenTree::Ident(key), TokenTree::Punct(eq), TokenTree::Literal(value)]
                if key.to_string() == "name" && eq.as_char() == '=' =>
            {
                expression = Some(string(value)?);
            }
            _ => attributes.extend(tokens[*at..*at + 2].iter().cloned()),
        }
        *at += 2;
    }
    let mut visibility = Vec::new();
    if let Some(TokenTree::Ident(ident)) = tokens.get(*at) {
        if ident.to_string() == "pub" {
            visibility.push(tokens[*at].clone());
            *at += 1;
            if let Some(TokenTree::Group(g)) = tokens.get(*at) {
                if g.delimiter() == Delimiter::Parenthesis {
                    visibility.push(tokens[*at].clone());
                    *at += 1;
                }
            }
        }
    }
    let span = tokens.get(*at).map_or_else(Span::call_site, TokenTree::span);
    match tokens.get(*at) {
        Some(TokenTree::Ident(ident)) if ident.to_string() == "fn" => *at += 1,
        _ => return Err((span, usage("each kernel is declared as fn name(param: Type, ...)"))),
    }
    let Some(TokenTree::Ident(name)) = tokens.get(*at) else {
        return Err((span, usage("a kernel's name follows `fn`")));
    };
    *at += 1;
    let Some(TokenTree::Group(params)) = tokens
        .get(*at)
        .filter(|t| matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis))
    else {
        return Err((name.span(), usage("a kernel's parameters follow its name, in parentheses")));
    };
    *at += 1;
    let mut types = Vec::new();
    let mut texts = Vec::new();
    for param in split_params(params.stream()) {
        match param.as_slice() {
            [TokenTree::Ident(param), TokenTree::Punct(colon), ty @ ..]
                if colon.as_char() == ':' && !ty.is_empty() =>
            {
                types.push(ty.to_vec());
                texts.push((param.to_string(), type_text(ty)));
            }
            _ => {
                let span = param.first().map_or_else(|| params.span(), TokenTree::span);
                return Err((span, usage("each parameter is name: Type")));
            }
        }
    }
    Ok(Item {
        attributes,
        visibility,
        expression: expression.unwrap_or_else(|| name.to_string()),
        name: name.clone(),
        types,
        params: texts,
    })
}

/// A type's tokens as Rust writes them: `*mut f32`, `std::ffi::c_int`.
fn type_text(tokens: &[TokenTree]) -> String {
    let mut out = String::new();
    let mut word_before = false;
    for token in tokens {
        let word = matches!(token, TokenTree::Ident(_) | TokenTree::Literal(_));
        if word && word_before {
            out.push(' ');
        }
        out.push_str(&token.to_string());
        word_before = word;
    }
    out
}

/// The parameters: the tokens between commas outside `<...>`.
fn split_params(stream: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut params = vec![Vec::new()];
    let mut depth = 0i32;
    for token in stream {
        if let TokenTree::Punct(p) = &token {
            match p.as_char() {
                '<' => depth += 1,
                '>' => depth -= 1,
                ',' if depth == 0 => {
                    params.push(Vec::new());
                    continue;
                }
                _ => {}
            }
        }
        params.last_mut().expect("one list at least").push(token);
    }
    params.retain(|p| !p.is_empty());
    params
}

/// A string literal's value (`"..."` or `r"..."`, with `\\`, `\"`, `\n`, `\t` escapes).
fn string(literal: &Literal) -> Result<String, Failure> {
    let text = literal.to_string();
    let fail = || (literal.span(), format!("kernels!: {text} is not a string literal"));
    if let Some(raw) = text.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let inner = raw.get(hashes + 1..raw.len() - hashes - 1).ok_or_else(fail)?;
        return Ok(inner.to_string());
    }
    let inner = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).ok_or_else(fail)?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(c @ ('\\' | '"' | '\'')) => out.push(c),
            _ => return Err(fail()),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 33, item 20: a first-use compile carries the `.cu`'s own headers, so that it needs
    /// nothing of the build machine's folders; NVRTC's headers (`<...>`) stay includes.
    #[test]
    fn local_includes_are_carried_in_the_text() {
        let dir = std::env::temp_dir().join(format!("cu-kernels-macros-includes-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/inner.cuh"), "#define INNER 2").unwrap();
        std::fs::write(dir.join("sub/outer.cuh"), "#include \"inner.cuh\"\n#define OUTER 1\n").unwrap();
        let text = b"#include <stdio.h>\n#include \"sub/outer.cuh\"\n#include \"missing.cuh\"\nint x;\n";
        let out = inline_local_includes(&dir, "k.cu", text, &mut Vec::new()).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "#include <stdio.h>\n#line 1 \"sub/outer.cuh\"\n#line 1 \"inner.cuh\"\n#define INNER 2\n\n#line 2 \
             \"sub/outer.cuh\"\n#define OUTER 1\n\n#line 3 \"k.cu\"\n#include \"missing.cuh\"\nint x;\n"
        );
    }

    #[test]
    fn a_pragma_once_header_goes_in_once() {
        let dir = std::env::temp_dir().join(format!("cu-kernels-macros-once-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("once.cuh"), "#pragma once\nstruct S {};\n").unwrap();
        let text = b"#include \"once.cuh\"\n#include \"once.cuh\"\n";
        let out =
            String::from_utf8(inline_local_includes(&dir, "k.cu", text, &mut Vec::new()).unwrap()).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(out.matches("struct S").count(), 1, "{out}");
    }

    #[test]
    fn an_include_of_itself_stops_with_a_sentence() {
        let dir = std::env::temp_dir().join(format!("cu-kernels-macros-loop-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("self.cuh"), "#include \"self.cuh\"\n").unwrap();
        let e = inline_local_includes(&dir, "k.cu", b"#include \"self.cuh\"\n", &mut Vec::new()).unwrap_err();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(e.contains("nests more than 16 deep"), "{e}");
    }

    /// Issue 41, item 10: a header's bytes go in as they are; a NUL, which would end the program
    /// where NVRTC reads it, is refused naming the header's line.
    #[test]
    fn headers_are_bytes_and_a_nul_is_named() {
        let dir = std::env::temp_dir().join(format!("cu-kernels-macros-bytes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("latin1.cuh"), b"// caf\xE9\n").unwrap();
        std::fs::write(dir.join("nul.cuh"), b"int a;\nint b\0;\n").unwrap();
        let out = inline_local_includes(&dir, "k.cu", b"#include \"latin1.cuh\"\n", &mut Vec::new());
        let e = inline_local_includes(&dir, "k.cu", b"#include \"nul.cuh\"\n", &mut Vec::new()).unwrap_err();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(out.unwrap(), b"#line 1 \"latin1.cuh\"\n// caf\xE9\n\n#line 2 \"k.cu\"\n");
        assert!(e.ends_with("nul.cuh:2: a NUL byte (0x00), which NVRTC would read as the end of the program (k.cu includes it)"), "{e}");
    }

    /// Issue 41, item 12: every file the `.cu` includes, and those they include, beside it or on
    /// the include path, `"..."` or `<...>`, is tracked; a header NVRTC has built in is not.
    #[test]
    fn every_included_file_is_tracked() {
        let dir = std::env::temp_dir().join(format!("cu-kernels-macros-tracked-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::create_dir_all(dir.join("inc")).unwrap();
        std::fs::write(dir.join("sub/inner.cuh"), "#include <lib.cuh>\n#include \"inner.cuh\"\n").unwrap();
        std::fs::write(dir.join("inc/lib.cuh"), b"// caf\xE9\n#pragma once\n").unwrap();
        std::fs::write(dir.join("outer.cuh"), "  #  include \"sub/inner.cuh\"\n").unwrap();
        let cu = dir.join("k.cu");
        let text =
            b"#include <cuda_fp16.h>\n#include \"outer.cuh\"\n#if 0\n#include \"missing.cuh\"\n#endif\n";
        let search = include_path(&["-I".into(), dir.join("inc").display().to_string(), "-lineinfo".into()]);
        let mut found = Vec::new();
        included_files(&cu, text, &search, &mut found);
        let names: Vec<String> = found
            .iter()
            .map(|f| f.strip_prefix(dir.canonicalize().unwrap()).unwrap().display().to_string())
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(names, ["outer.cuh", "sub/inner.cuh", "inc/lib.cuh"]);
        assert_eq!(
            include_path(&["-Ia".into(), "--include-path=b".into(), "--include-path".into(), "c".into()]),
            [PathBuf::from("a"), PathBuf::from("b"), PathBuf::from("c")]
        );
    }
}
