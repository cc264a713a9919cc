//! A kernel's parameter types as C++ has them, and whether a `kernels!` declaration agrees
//! (issue 41, item 11: a declaration of `f32` where the kernel reads a `double` launches 4 bytes
//! where 8 are read). C++'s side comes from NVRTC's lowered name ([`Signature::from_lowered`]:
//! `_Z5scalePddl`, every typedef, macro and template argument resolved), or, where there is none
//! (no NVRTC at build time, an `extern "C"` kernel), from the `.cu`'s text
//! ([`Signature::from_source`]: parameters spelled with C++'s own scalar types only). The
//! declaration's side is its types as written: Rust's scalars, `std::ffi`'s `c_*` and pointers
//! to them are checked; a type of another name (a struct, an alias) is taken as declared.

use std::fmt;

/// What a scalar is, for the comparison: its class and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    Bool,
    /// C++'s `char`, signed or not by the platform: any 1-byte integer declares it.
    Char,
    Int {
        signed: bool,
        size: u8,
    },
    Float(u8),
    Void,
}

/// The size of `long`: NVRTC compiles for the platform it runs on, where `long` is C's.
const LONG: u8 = if cfg!(windows) { 4 } else { 8 };
/// The size of a pointer, `size_t`, `ptrdiff_t`.
const POINTER: u8 = (usize::BITS / 8) as u8;

impl Scalar {
    fn describe(self) -> String {
        match self {
            Scalar::Bool => "a bool".into(),
            Scalar::Char => "a char".into(),
            Scalar::Int { signed, size } => {
                let article = if size == 8 { "an" } else { "a" };
                format!("{article} {size}-byte {} integer", if signed { "signed" } else { "unsigned" })
            }
            Scalar::Float(size) => format!("{} {size}-byte float", if size == 8 { "an" } else { "a" }),
            Scalar::Void => "void".into(),
        }
    }

    /// Whether a declaration of `self` passes what a parameter of `cpp` reads.
    fn declares(self, cpp: Scalar) -> bool {
        match (self, cpp) {
            (Scalar::Char | Scalar::Int { size: 1, .. }, Scalar::Char) => true,
            (Scalar::Char, Scalar::Int { size: 1, .. }) => true,
            (a, b) => a == b,
        }
    }
}

/// A parameter's type, as C++ has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CppType {
    /// A scalar: how C++ spells it (`unsigned long`), what it is, and whether it is `const`.
    Scalar { spelling: String, scalar: Scalar, constant: bool },
    /// A class or enum (`float2`, `ops::Pair`, `__half`): taken as declared.
    Named { name: String, constant: bool },
    /// A pointer (its own `const`, which the caller never sees, is dropped).
    Pointer(Box<CppType>),
}

impl CppType {
    fn constant(&self) -> bool {
        match self {
            CppType::Scalar { constant, .. } | CppType::Named { constant, .. } => *constant,
            CppType::Pointer(_) => false,
        }
    }

    fn with_const(self) -> CppType {
        match self {
            CppType::Scalar { spelling, scalar, .. } => CppType::Scalar { spelling, scalar, constant: true },
            CppType::Named { name, .. } => CppType::Named { name, constant: true },
            pointer => pointer,
        }
    }

    /// The Rust type that declares it.
    fn rust(&self) -> String {
        match self {
            CppType::Scalar { spelling, .. } => match spelling.as_str() {
                "float" => "f32",
                "double" => "f64",
                "bool" => "bool",
                "char" => "c_char",
                "signed char" => "i8",
                "unsigned char" => "u8",
                "short" => "i16",
                "unsigned short" => "u16",
                "int" => "c_int",
                "unsigned int" => "c_uint",
                "long" => "c_long",
                "unsigned long" => "c_ulong",
                "long long" => "i64",
                "unsigned long long" => "u64",
                "size_t" | "uintptr_t" => "usize",
                "ptrdiff_t" | "intptr_t" => "isize",
                "__int128" => "i128",
                "unsigned __int128" => "u128",
                "void" => "c_void",
                other => other,
            }
            .to_string(),
            CppType::Named { name, .. } => name.clone(),
            CppType::Pointer(to) => format!("*{} {}", if to.constant() { "const" } else { "mut" }, to.rust()),
        }
    }
}

impl fmt::Display for CppType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CppType::Scalar { spelling: name, constant, .. } | CppType::Named { name, constant } => {
                write!(f, "{}{name}", if *constant { "const " } else { "" })
            }
            CppType::Pointer(to) => write!(f, "{to}*"),
        }
    }
}

/// A kernel's name and parameter types, as C++ has them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    pub name: String,
    pub params: Vec<CppType>,
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let params: Vec<String> = self.params.iter().map(ToString::to_string).collect();
        write!(f, "{}({})", self.name, params.join(", "))
    }
}

/// The scalar C++ spells with these keywords (`unsigned long`), and its canonical spelling.
fn keywords(words: &[&str]) -> Option<(String, Scalar)> {
    let count = |w: &str| words.iter().filter(|&&x| x == w).count();
    let known = ["void", "bool", "char", "short", "int", "long", "signed", "unsigned", "float", "double"];
    if words.is_empty() || words.iter().any(|w| !known.contains(w)) {
        return None;
    }
    let (longs, unsigned, signed) = (count("long"), count("unsigned") > 0, count("signed") > 0);
    let sign = if unsigned { "unsigned " } else { "" };
    let int = |spelling: &str, size: u8| {
        Some((format!("{sign}{spelling}"), Scalar::Int { signed: !unsigned, size }))
    };
    match (words, count("char"), count("short"), longs) {
        (["void"], ..) => Some(("void".into(), Scalar::Void)),
        (["bool"], ..) => Some(("bool".into(), Scalar::Bool)),
        (["float"], ..) => Some(("float".into(), Scalar::Float(4))),
        (["double"], ..) => Some(("double".into(), Scalar::Float(8))),
        _ if unsigned && signed || count("int") > 1 => None,
        (["char"], ..) => Some(("char".into(), Scalar::Char)),
        (_, 1, 0, 0) if words.len() == 2 && (signed || unsigned) => Some((
            format!("{}char", if signed { "signed " } else { sign }),
            Scalar::Int { signed: !unsigned, size: 1 },
        )),
        (_, 0, 1, 0) if words.len() <= 3 => int("short", 2),
        (_, 0, 0, 2) if words.len() <= 4 => int("long long", 8),
        (_, 0, 0, 1) if words.len() <= 3 => int("long", LONG),
        (_, 0, 0, 0) if words.len() <= 2 => int("int", 4),
        _ => None,
    }
}

/// The standard typedefs a kernel's parameter is often spelled with.
fn typedef(word: &str) -> Option<(String, Scalar)> {
    let (signed, size) = match word {
        "size_t" | "uintptr_t" => (false, POINTER),
        "ptrdiff_t" | "intptr_t" | "ssize_t" => (true, POINTER),
        "int8_t" => (true, 1),
        "uint8_t" => (false, 1),
        "int16_t" => (true, 2),
        "uint16_t" => (false, 2),
        "int32_t" => (true, 4),
        "uint32_t" => (false, 4),
        "int64_t" => (true, 8),
        "uint64_t" => (false, 8),
        _ => return None,
    };
    Some((word.to_string(), Scalar::Int { signed, size }))
}

impl Signature {
    /// The kernel `name`'s signature from its parameter list as the `.cu` writes it (`const
    /// float* __restrict__ x, int n`), where every type is spelled with C++'s scalar keywords or
    /// a standard typedef (`size_t`, `int32_t`); `None` where any is not (a macro, a typedef of
    /// the file's, a template parameter, an array, a function pointer), which only NVRTC reads.
    #[must_use]
    pub fn from_source(name: &str, params: &str) -> Option<Signature> {
        let params = params.trim();
        let mut types = Vec::new();
        if !(params.is_empty() || params == "void") {
            if params.contains(['<', '>', '(', ')', '[', ']', '&', '.', '#', ':']) {
                return None;
            }
            for param in params.split(',') {
                types.push(source_param(param.split('=').next().unwrap_or(param))?);
            }
        }
        Some(Signature { name: name.to_string(), params: types })
    }

    /// The signature NVRTC's lowered name of a kernel encodes (the Itanium C++ ABI's mangling:
    /// `_Z5scalePddl` is `scale(double*, double, long)`); `None` for an `extern "C"` kernel,
    /// whose name encodes nothing, and for what this reader does not know (a vector, array or
    /// function type, a template argument that is an expression).
    #[must_use]
    pub fn from_lowered(lowered: &str) -> Option<Signature> {
        let mut reader =
            Demangler { s: lowered.as_bytes(), i: 2, subs: Vec::new(), template_args: Vec::new() };
        if !lowered.starts_with("_Z") {
            return None;
        }
        let (name, template) = reader.function_name()?;
        if template {
            reader.ty()?; // a template function's return type
        }
        let mut params = Vec::new();
        while reader.i < reader.s.len() {
            if reader.s[reader.i] == b'.' {
                break; // a clone's suffix (`.constprop.0`)
            }
            params.push(reader.ty()?);
        }
        if let [CppType::Scalar { scalar: Scalar::Void, .. }] = params.as_slice() {
            params.clear();
        }
        Some(Signature { name, params })
    }
}

/// One parameter of a parameter list as written: `const float* __restrict__ x`.
fn source_param(param: &str) -> Option<CppType> {
    let mut tokens = Vec::new();
    for word in param.split_whitespace() {
        let mut rest = word;
        while !rest.is_empty() {
            if let Some(r) = rest.strip_prefix('*') {
                tokens.push("*");
                rest = r;
                continue;
            }
            let end = rest.find('*').unwrap_or(rest.len());
            tokens.push(&rest[..end]);
            rest = &rest[end..];
        }
    }
    let ignored = ["__restrict__", "__restrict", "restrict", "register", "volatile", "__grid_constant__"];
    tokens.retain(|t| !ignored.contains(t));
    let stars = tokens.iter().position(|&t| t == "*").unwrap_or(tokens.len());
    let (base, after) = tokens.split_at(stars);
    let mut constant = base.contains(&"const");
    let mut base: Vec<&str> = base.iter().copied().filter(|&w| w != "const").collect();
    // The name, where no `*` comes between the type and it: the last word, when the words before
    // it are a type (`unsigned n` is a name; `unsigned long` none).
    if after.is_empty()
        && base.len() > 1
        && keywords(&base).is_none()
        && typedef(base[base.len() - 1]).is_none()
    {
        base.pop();
    }
    let (spelling, scalar) = match base.as_slice() {
        [word] if typedef(word).is_some() => typedef(word)?,
        words => keywords(words)?,
    };
    let mut ty = CppType::Scalar { spelling, scalar, constant };
    let mut after = after.iter().peekable();
    while let Some(&token) = after.next() {
        match token {
            "*" => {
                ty = CppType::Pointer(Box::new(ty));
                constant = false;
            }
            "const" => constant = true, // the pointer's own: nothing to its caller
            name if after.peek().is_none() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
            }
            _ => return None,
        }
    }
    let _ = constant;
    Some(ty)
}

/// A reader of the Itanium C++ ABI's mangled names, as far as kernels' parameters go: builtin
/// types, qualifiers, pointers, named (and nested, and template) classes, substitutions and
/// template parameters.
struct Demangler<'a> {
    s: &'a [u8],
    i: usize,
    /// The substitution candidates so far (`S_`, `S0_`, ...), as text or types.
    subs: Vec<CppType>,
    /// The function's template arguments (`T_`, `T0_`, ...).
    template_args: Vec<Option<CppType>>,
}

impl Demangler<'_> {
    fn peek(&self) -> u8 {
        self.s.get(self.i).copied().unwrap_or(0)
    }

    fn eat(&mut self, c: u8) -> bool {
        let yes = self.peek() == c;
        self.i += usize::from(yes);
        yes
    }

    fn named(name: String) -> CppType {
        CppType::Named { name, constant: false }
    }

    fn name_of(ty: &CppType) -> String {
        match ty {
            CppType::Named { name, .. } | CppType::Scalar { spelling: name, .. } => name.clone(),
            pointer => pointer.to_string(),
        }
    }

    /// `<source-name>`: a length, then that many bytes.
    fn source_name(&mut self) -> Option<String> {
        let start = self.i;
        while self.peek().is_ascii_digit() {
            self.i += 1;
        }
        let length: usize = std::str::from_utf8(&self.s[start..self.i]).ok()?.parse().ok()?;
        let name = self.s.get(self.i..self.i + length)?;
        self.i += length;
        let name = String::from_utf8_lossy(name).into_owned();
        // An anonymous namespace's name.
        Some(if name.starts_with("_GLOBAL__N") { "(anonymous namespace)".into() } else { name })
    }

    /// `S_`, `S<base 36>_`, or one of the `St`-like abbreviations, after the `S`.
    fn substitution(&mut self) -> Option<CppType> {
        if self.eat(b't') {
            return Some(Self::named("std".into()));
        }
        let mut index = 0usize;
        let mut digits = false;
        while self.peek() != b'_' {
            let c = self.peek();
            let digit = match c {
                b'0'..=b'9' => c - b'0',
                b'A'..=b'Z' => c - b'A' + 10,
                _ => return None, // `Sa`, `Ss` (std::allocator, std::string): no kernel's
            };
            index = index.checked_mul(36)?.checked_add(usize::from(digit))?;
            digits = true;
            self.i += 1;
        }
        self.i += 1;
        self.subs.get(if digits { index + 1 } else { 0 }).cloned()
    }

    /// `I <args> E`, after the `I`: each argument's type (`None` for a value).
    fn template_args(&mut self) -> Option<Vec<Option<CppType>>> {
        let mut args = Vec::new();
        while !self.eat(b'E') {
            match self.peek() {
                b'L' => {
                    // A value: `Li256E`. (An external name, `L_Z...E`, is no kernel's.)
                    self.i += 1;
                    if self.peek() == b'_' {
                        return None;
                    }
                    self.ty()?;
                    while self.peek() != b'E' {
                        if self.i >= self.s.len() {
                            return None;
                        }
                        self.i += 1;
                    }
                    self.i += 1;
                    args.push(None);
                }
                b'X' | b'J' | 0 => return None,
                _ => args.push(Some(self.ty()?)),
            }
        }
        Some(args)
    }

    /// The function's name (`N3ops5scaleE`, `4fillIiE`), and whether it has template arguments
    /// (then its return type follows).
    fn function_name(&mut self) -> Option<(String, bool)> {
        self.eat(b'L'); // internal linkage
        let (name, args) = if self.eat(b'N') {
            self.nested()?
        } else {
            let name = if self.eat(b'S') {
                if !self.eat(b't') {
                    return None;
                }
                format!("std::{}", self.source_name()?)
            } else if self.peek().is_ascii_digit() {
                self.source_name()?
            } else {
                return None;
            };
            if self.eat(b'I') {
                self.subs.push(Self::named(name.clone()));
                let args = self.template_args()?;
                (format!("{name}<{}>", shown(&args)), Some(args))
            } else {
                (name, None)
            }
        };
        let template = args.is_some();
        if let Some(args) = args {
            self.template_args = args;
        }
        Some((name, template))
    }

    /// `N [qualifiers] <prefix>... E`, after the `N`: the name, and its last template arguments
    /// if it ends with some. Each prefix but the whole is a substitution candidate.
    fn nested(&mut self) -> Option<(String, Option<Vec<Option<CppType>>>)> {
        while matches!(self.peek(), b'r' | b'V' | b'K' | b'R' | b'O') {
            self.i += 1;
        }
        let mut name = String::new();
        let mut last_args;
        loop {
            let substituted = self.peek() == b'S';
            if self.eat(b'I') {
                let args = self.template_args()?;
                name = format!("{name}<{}>", shown(&args));
                last_args = Some(args);
            } else {
                let part = if self.eat(b'S') {
                    Self::name_of(&self.substitution()?)
                } else if self.peek().is_ascii_digit() {
                    self.source_name()?
                } else if self.eat(b'T') {
                    Self::name_of(&self.template_param()?)
                } else {
                    return None; // constructors, operators, local names: no kernel's
                };
                name = if name.is_empty() { part } else { format!("{name}::{part}") };
                last_args = None;
            }
            if self.eat(b'E') {
                return Some((name, last_args));
            }
            if !substituted {
                self.subs.push(Self::named(name.clone()));
            }
        }
    }

    /// `T_`, `T<n>_`, after the `T`: the function's template argument.
    fn template_param(&mut self) -> Option<CppType> {
        let start = self.i;
        while self.peek().is_ascii_digit() {
            self.i += 1;
        }
        let index = if self.i == start {
            0
        } else {
            std::str::from_utf8(&self.s[start..self.i]).ok()?.parse::<usize>().ok()? + 1
        };
        if !self.eat(b'_') {
            return None;
        }
        self.template_args.get(index).cloned().flatten()
    }

    /// One `<type>`.
    fn ty(&mut self) -> Option<CppType> {
        let c = self.peek();
        self.i += 1;
        let builtin =
            |spelling: &str, scalar| CppType::Scalar { spelling: spelling.into(), scalar, constant: false };
        let int = |spelling: &str, signed, size| builtin(spelling, Scalar::Int { signed, size });
        Some(match c {
            b'v' => builtin("void", Scalar::Void),
            b'b' => builtin("bool", Scalar::Bool),
            b'c' => builtin("char", Scalar::Char),
            b'a' => int("signed char", true, 1),
            b'h' => int("unsigned char", false, 1),
            b's' => int("short", true, 2),
            b't' => int("unsigned short", false, 2),
            b'i' => int("int", true, 4),
            b'j' => int("unsigned int", false, 4),
            b'l' => int("long", true, LONG),
            b'm' => int("unsigned long", false, LONG),
            b'x' => int("long long", true, 8),
            b'y' => int("unsigned long long", false, 8),
            b'n' => int("__int128", true, 16),
            b'o' => int("unsigned __int128", false, 16),
            b'f' => builtin("float", Scalar::Float(4)),
            b'd' => builtin("double", Scalar::Float(8)),
            b'w' => int("wchar_t", !cfg!(windows), if cfg!(windows) { 2 } else { 4 }),
            b'D' => {
                let d = self.peek();
                self.i += 1;
                match d {
                    b's' => int("char16_t", false, 2),
                    b'i' => int("char32_t", false, 4),
                    b'u' => int("char8_t", false, 1),
                    _ => return None,
                }
            }
            b'K' | b'V' | b'r' => {
                // Qualifiers, then the type; the qualified type is a candidate.
                let mut constant = c == b'K';
                while matches!(self.peek(), b'V' | b'r' | b'K') {
                    constant |= self.peek() == b'K';
                    self.i += 1;
                }
                let inner = self.ty()?;
                let ty = if constant { inner.with_const() } else { inner };
                self.subs.push(ty.clone());
                ty
            }
            b'P' => {
                let ty = CppType::Pointer(Box::new(self.ty()?));
                self.subs.push(ty.clone());
                ty
            }
            b'0'..=b'9' => {
                self.i -= 1;
                let ty = Self::named(self.source_name()?);
                self.subs.push(ty.clone());
                self.template_id(ty)?
            }
            b'N' => {
                let (name, _) = self.nested_type()?;
                let ty = Self::named(name);
                self.subs.push(ty.clone());
                ty
            }
            b'S' if self.eat(b't') => {
                // `St3foo`: std::foo, a candidate as a type.
                let ty = Self::named(format!("std::{}", self.source_name()?));
                self.subs.push(ty.clone());
                self.template_id(ty)?
            }
            b'S' => {
                let ty = self.substitution()?;
                self.template_id(ty)?
            }
            b'T' => {
                let ty = self.template_param()?;
                self.subs.push(ty.clone());
                self.template_id(ty)?
            }
            _ => return None,
        })
    }

    /// A nested name as a type: as [`nested`](Self::nested), its template arguments not the
    /// function's.
    fn nested_type(&mut self) -> Option<(String, ())> {
        let saved = std::mem::take(&mut self.template_args);
        let nested = self.nested();
        self.template_args = saved;
        nested.map(|(name, _)| (name, ()))
    }

    /// `ty`, or `ty<args>` where template arguments follow (`6VectorIfE`): then that is a
    /// candidate too.
    fn template_id(&mut self, ty: CppType) -> Option<CppType> {
        if !self.eat(b'I') {
            return Some(ty);
        }
        let args = self.template_args()?;
        let ty = Self::named(format!("{}<{}>", Self::name_of(&ty), shown(&args)));
        self.subs.push(ty.clone());
        Some(ty)
    }
}

/// Template arguments as C++ shows them (a value as `...`: the mangling's literal is not kept).
fn shown(args: &[Option<CppType>]) -> String {
    args.iter().map(|a| a.as_ref().map_or("...".into(), ToString::to_string)).collect::<Vec<_>>().join(", ")
}

/// A declared parameter's type, as `kernels!` has it written (`*mut f32`, `std::ffi::c_int`).
#[derive(Debug, Clone, PartialEq, Eq)]
enum RustType {
    Pointer {
        mutable: bool,
        to: Box<RustType>,
    },
    Scalar(Scalar),
    /// Any other: a struct, an alias; taken as declared.
    Other,
}

impl RustType {
    /// Reads a type's text (its tokens, however spaced).
    fn parse(text: &str) -> RustType {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix('*') {
            let rest = rest.trim_start();
            let (mutable, to) = match (rest.strip_prefix("mut"), rest.strip_prefix("const")) {
                (Some(to), _) => (true, to),
                (_, Some(to)) => (false, to),
                _ => return RustType::Other,
            };
            return RustType::Pointer { mutable, to: Box::new(RustType::parse(to)) };
        }
        if text.contains(['<', '(', '[', '&', '*']) {
            return RustType::Other;
        }
        let last = text.rsplit("::").next().unwrap_or(text).trim();
        let int = |signed, size| RustType::Scalar(Scalar::Int { signed, size });
        match last {
            "f32" | "c_float" => RustType::Scalar(Scalar::Float(4)),
            "f64" | "c_double" => RustType::Scalar(Scalar::Float(8)),
            "bool" => RustType::Scalar(Scalar::Bool),
            "c_void" => RustType::Scalar(Scalar::Void),
            "c_char" => RustType::Scalar(Scalar::Char),
            "i8" | "c_schar" => int(true, 1),
            "u8" | "c_uchar" => int(false, 1),
            "i16" | "c_short" => int(true, 2),
            "u16" | "c_ushort" => int(false, 2),
            "i32" | "c_int" => int(true, 4),
            "u32" | "c_uint" => int(false, 4),
            "i64" | "c_longlong" => int(true, 8),
            "u64" | "c_ulonglong" => int(false, 8),
            "i128" => int(true, 16),
            "u128" => int(false, 16),
            "c_long" => int(true, LONG),
            "c_ulong" => int(false, LONG),
            "isize" | "ssize_t" | "ptrdiff_t" | "intptr_t" => int(true, POINTER),
            "usize" | "size_t" | "uintptr_t" => int(false, POINTER),
            _ => RustType::Other,
        }
    }

    fn describe(&self) -> String {
        match self {
            RustType::Pointer { .. } => "a pointer".into(),
            RustType::Scalar(s) => s.describe(),
            RustType::Other => "another type".into(),
        }
    }
}

fn describe(cpp: &CppType) -> String {
    match cpp {
        CppType::Scalar { scalar, .. } => scalar.describe(),
        CppType::Named { .. } => "a class".into(),
        CppType::Pointer(_) => "a pointer".into(),
    }
}

/// Why the declared `rust` does not pass what a parameter of C++ type `cpp` reads, if it does
/// not: a sentence's end.
fn disagreement(rust: &RustType, cpp: &CppType) -> Option<String> {
    match (rust, cpp) {
        (RustType::Other, _) | (_, CppType::Named { .. }) => None,
        (RustType::Pointer { mutable, to }, CppType::Pointer(pointee)) => {
            // (A pointer to a const pointer, `int* const*`, keeps no `const` here: not refused.)
            if !mutable && !pointee.constant() && !matches!(**pointee, CppType::Pointer(_)) {
                return Some(format!("the kernel's {cpp} is not a pointer to const, which C++ would not pass a const pointer to"));
            }
            match (&**to, &**pointee) {
                (RustType::Scalar(Scalar::Void), _) | (_, CppType::Scalar { scalar: Scalar::Void, .. }) => {
                    None
                }
                (to, pointee) => disagreement(to, pointee).map(|_| {
                    format!("it points to {}, C++'s to {} ({pointee})", to.describe(), describe(pointee))
                }),
            }
        }
        (RustType::Scalar(declared), CppType::Scalar { scalar, .. }) => (!declared.declares(*scalar))
            .then(|| format!("it is {}, C++'s {cpp} {}", declared.describe(), scalar.describe())),
        (rust, cpp) => Some(format!("it is {}, C++'s {cpp} {}", rust.describe(), describe(cpp))),
    }
}

/// Checks a declaration (each parameter's name and type as written) against the kernel's C++
/// signature.
///
/// # Errors
/// The first disagreement: which parameter (its index in `declared`, `None` for the count), and
/// a sentence naming the declaration and the C++ kernel, `origin` saying where that was read
/// (`kernels/k.cu, NVRTC's lowered name _Z5scalePddl`).
pub fn check(
    function: &str,
    declared: &[(&str, &str)],
    cpp: &Signature,
    origin: &str,
) -> Result<(), (Option<usize>, String)> {
    if declared.len() != cpp.params.len() {
        let list: Vec<String> = declared.iter().map(|(n, t)| format!("{n}: {t}")).collect();
        return Err((
            None,
            format!(
                "`fn {function}({})` declares {} parameter{}, and C++'s kernel `{cpp}` ({origin}) has {}",
                list.join(", "),
                declared.len(),
                if declared.len() == 1 { "" } else { "s" },
                cpp.params.len()
            ),
        ));
    }
    for (index, ((name, ty), param)) in declared.iter().zip(&cpp.params).enumerate() {
        if let Some(why) = disagreement(&RustType::parse(ty), param) {
            return Err((
                Some(index),
                format!(
                    "`{name}: {ty}` of `fn {function}` does not match parameter {} of C++'s kernel `{cpp}` \
                     ({origin}): {why}; declare `{name}: {}`",
                    index + 1,
                    param.rust()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(lowered: &str) -> String {
        Signature::from_lowered(lowered).map_or_else(|| "None".into(), |s| s.to_string())
    }

    /// Names g++ mangles as NVRTC does (the Itanium ABI), read back as c++filt reads them.
    #[test]
    fn lowered_names_read_as_cpp_filt_reads_them() {
        let cases = [
            ("_Z5scalePffi", "scale(float*, float, int)"),
            ("_Z5scalePddl", "scale(double*, double, long)"),
            ("_Z4fillIiEvPT_S0_i", "fill<int>(int*, int, int)"),
            ("_Z1kPKfPfjmyxts", "k(const float*, float*, unsigned int, unsigned long, unsigned long long, long long, unsigned short, short)"),
            ("_ZN3ops5scaleEPKdPS0_", "ops::scale(const double*, const double*)"),
            ("_Z1kv", "k()"),
            ("_Z1kPvPKv", "k(void*, const void*)"),
            ("_Z1k6float2PS_", "k(float2, float2*)"),
            ("_Z1kbcahPc", "k(bool, char, signed char, unsigned char, char*)"),
            ("_Z3addIfLi256EEvPKT_PS0_", "add<float, ...>(const float*, float*)"),
            ("_ZN2ns1kIdEEvPT_S1_", "ns::k<double>(double*, double)"),
            ("_ZN12_GLOBAL__N_11kEPf", "(anonymous namespace)::k(float*)"),
            ("_ZL1kPf", "k(float*)"),
            ("_Z1kPPfS0_", "k(float**, float**)"),
            ("_Z1kPVKiS0_", "k(const int*, const int*)"),
            ("_Z1kN2ns4PairES0_PS0_", "k(ns::Pair, ns::Pair, ns::Pair*)"),
            ("scale", "None"),
            ("_Z1kDv4_f", "None"),
        ];
        for (lowered, expected) in cases {
            assert_eq!(shown(lowered), expected, "{lowered}");
        }
    }

    #[test]
    fn parameter_lists_as_written() {
        let read = |params: &str| {
            Signature::from_source("k", params).map_or_else(|| "None".into(), |s| s.to_string())
        };
        assert_eq!(read("double *x, double factor, long n"), "k(double*, double, long)");
        assert_eq!(
            read("const float* __restrict__ a, float const *b, unsigned n"),
            "k(const float*, const float*, unsigned int)"
        );
        assert_eq!(
            read("unsigned long long x, long long int y, short s, unsigned char c"),
            "k(unsigned long long, long long, short, unsigned char)"
        );
        assert_eq!(read("size_t n, int32_t i, float* const p, int m = 4"), "k(size_t, int32_t, float*, int)");
        assert_eq!(read("void"), "k()");
        assert_eq!(read(""), "k()");
        assert_eq!(read("int"), "k(int)");
        assert_eq!(read("float**out"), "k(float**)");
        for unknown in ["REAL x", "float2 v", "T* x", "float x[]", "ops::Pair p", "void (*f)(int)", "ARGS"] {
            assert_eq!(read(unknown), "None", "{unknown}");
        }
    }

    fn declared<'a>(types: &'a [&'a str]) -> Vec<(&'a str, &'a str)> {
        types.iter().enumerate().map(|(i, t)| (["x", "factor", "n", "m"][i], *t)).collect()
    }

    /// Issue 41, item 11: `fn scale(x: *mut f32, factor: f32, n: c_int)` over C++'s
    /// `scale(double*, double, long)` is an error naming both.
    #[test]
    fn a_declaration_that_disagrees_with_the_kernel_is_an_error_naming_both() {
        let cpp = Signature::from_lowered("_Z5scalePddl").unwrap();
        let origin = "kernels/k.cu, NVRTC's lowered name _Z5scalePddl";
        let (at, message) =
            check("scale", &declared(&["*mut f32", "f32", "c_int"]), &cpp, origin).unwrap_err();
        assert_eq!(at, Some(0));
        assert_eq!(
            message,
            "`x: *mut f32` of `fn scale` does not match parameter 1 of C++'s kernel `scale(double*, double, \
             long)` (kernels/k.cu, NVRTC's lowered name _Z5scalePddl): it points to a 4-byte float, C++'s to an \
             8-byte float (double); declare `x: *mut f64`"
        );
        let (at, message) =
            check("scale", &declared(&["*mut f64", "f32", "c_int"]), &cpp, origin).unwrap_err();
        assert_eq!(at, Some(1));
        assert!(
            message.contains("it is a 4-byte float, C++'s double an 8-byte float; declare `factor: f64`"),
            "{message}"
        );
        let (at, message) =
            check("scale", &declared(&["*mut f64", "f64", "c_int"]), &cpp, origin).unwrap_err();
        assert_eq!(at, Some(2));
        assert!(message.contains("declare `n: c_long`"), "{message}");
        assert!(check("scale", &declared(&["*mut f64", "f64", "std :: ffi :: c_long"]), &cpp, origin).is_ok());
        assert!(
            check("scale", &declared(&["*mut f64", "f64", "i64"]), &cpp, origin).is_ok() != cfg!(windows)
        );
        let (at, message) = check("scale", &declared(&["*mut f64", "f64"]), &cpp, origin).unwrap_err();
        assert_eq!(at, None);
        assert!(
            message.starts_with("`fn scale(x: *mut f64, factor: f64)` declares 2 parameters, and C++'s"),
            "{message}"
        );
    }

    /// Every scalar C++ type against the Rust types that declare it, and pointers' constness.
    #[test]
    fn what_declares_what() {
        let agree = |cpp: &str, rust: &str| {
            let sig = Signature::from_source("k", cpp).unwrap();
            check("k", &[("p", rust)], &sig, "k.cu").is_ok()
        };
        let pairs = [
            ("bool", "bool"),
            ("char", "c_char"),
            ("char", "i8"),
            ("char", "u8"),
            ("signed char", "i8"),
            ("unsigned char", "u8"),
            ("short", "i16"),
            ("unsigned short", "c_ushort"),
            ("int", "i32"),
            ("unsigned", "u32"),
            ("long long", "i64"),
            ("unsigned long long", "c_ulonglong"),
            ("size_t", "usize"),
            ("ptrdiff_t", "isize"),
            ("uint64_t", "u64"),
            ("float", "c_float"),
            ("double", "f64"),
            ("const float*", "*const f32"),
            ("const float*", "*mut f32"),
            ("float*", "*mut f32"),
            ("float*", "*mut c_void"),
            ("void*", "*mut u8"),
            ("int**", "*mut *mut i32"),
            ("int", "MyAlias"),
            ("float*", "DevicePointer"),
        ];
        for (cpp, rust) in pairs {
            assert!(agree(cpp, rust), "{cpp} is declared by {rust}");
        }
        let wrong = [
            ("unsigned int", "i32"),
            ("int", "u32"),
            ("int", "i64"),
            ("float", "f64"),
            ("double", "f32"),
            ("float", "i32"),
            ("signed char", "u8"),
            ("float*", "*const f32"),
            ("float*", "*mut f64"),
            ("float*", "u64"),
            ("long long", "*mut f32"),
            ("int**", "*mut i32"),
            ("bool", "u8"),
        ];
        for (cpp, rust) in wrong {
            assert!(!agree(cpp, rust), "{cpp} is not declared by {rust}");
        }
        let sig = Signature::from_source("k", "float* x").unwrap();
        let (_, message) = check("k", &[("x", "*const f32")], &sig, "k.cu").unwrap_err();
        assert!(message.ends_with("the kernel's float* is not a pointer to const, which C++ would not pass a const pointer to; declare `x: *mut f32`"), "{message}");
    }
}
