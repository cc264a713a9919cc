//! Reading one TensorRT release's headers with libclang (C++17): every enum, plain record,
//! polymorphic class (its vtable slots in Itanium order: the primary base's first, then each
//! new virtual function in declaration order, a destructor as two slots, an override reusing
//! its base's slot), alias, constant, `extern "C"` function and inline wrapper.

// libclang's constants are named as C names them.
#![allow(non_upper_case_globals)]

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use clang_sys::*;

use super::cursor::{root, Cursor, Type, Unit};
use super::model::*;

/// The C++ namespaces whose declarations are TensorRT's API.
const NAMESPACES: &[&str] = &["nvinfer1", "nvonnxparser"];

/// The headers a program includes, in the order read; each that exists in the folder is read.
pub const HEADERS: &[&str] = &["NvInfer.h", "NvInferPlugin.h", "NvOnnxParser.h"];

/// Reads the headers under `include` (with `extra` folders for `cuda_runtime_api.h`, the
/// stand-in's last).
pub fn read(include: &Path, extra: &[PathBuf]) -> Result<Release, String> {
    let mut args: Vec<String> =
        ["-x", "c++", "-std=c++17", "-fno-delayed-template-parsing"].map(String::from).into();
    args.push(format!("-I{}", include.display()));
    args.extend(extra.iter().map(|d| format!("-I{}", d.display())));
    if let Ok(target) = std::env::var("TARGET") {
        args.push(format!("--target={target}"));
    }
    args.extend(crate::env::extra_clang_args()?);
    let mut source = String::new();
    for header in HEADERS {
        if include.join(header).is_file() {
            source.push_str(&format!("#include \"{header}\"\n"));
        }
    }
    if source.is_empty() {
        return Err(format!("{} holds no NvInfer.h", include.display()));
    }
    // First pass: the headers' numeric macros, which a second pass evaluates as constants.
    let macros = {
        let unit = Unit::parse_with_bodies("nvinfer_sys_read.cpp", &source, &args)?;
        numeric_macros(&unit, include)
    };
    for name in &macros {
        // Some are defined only inside the headers (`#undef` after use).
        source.push_str(&format!(
            "#ifdef {name}\nconstexpr long long __nvinfer_sys_macro_{name} = {name};\n#endif\n"
        ));
    }
    let unit = Unit::parse_with_bodies("nvinfer_sys_read.cpp", &source, &args)?;
    let mut reader = Reader { include: include.to_path_buf(), ..Reader::default() };
    for child in root(&unit).children() {
        if child.kind() == CXCursor_VarDecl {
            if let (Some(name), Some(value)) =
                (child.name().strip_prefix("__nvinfer_sys_macro_").map(String::from), child.evaluate_int())
            {
                reader.macros.insert(name, value);
            }
        }
    }
    reader.walk(root(&unit), &[])?;
    let version = ["NV_TENSORRT_MAJOR", "NV_TENSORRT_MINOR", "NV_TENSORRT_PATCH", "NV_TENSORRT_BUILD"]
        .map(|m| reader.macros.get(m).copied().unwrap_or(-1));
    if version.iter().any(|v| *v < 0) {
        return Err("NvInferVersion.h does not define NV_TENSORRT_MAJOR, _MINOR, _PATCH and _BUILD".into());
    }
    let mut release = reader.release;
    release.version = version.map(|v| v as u32);
    for (name, value) in &reader.macros {
        if release.constants.iter().any(|(m, c)| m.is_empty() && c.name == *name) {
            continue;
        }
        // C++ gives an unsuffixed literal `int` where it fits.
        let ty = if i32::try_from(*value).is_ok() { "i32" } else { "i64" };
        release
            .constants
            .push((Vec::new(), Constant { name: name.clone(), ty: Ty::Prim(ty), value: *value }));
    }
    release.files = reader.files.into_iter().collect();
    Ok(release)
}

/// Object-like macros of the headers whose definitions are numbers and operators (and other
/// such macros): `NV_TENSORRT_MAJOR`, `NV_TENSORRT_VERSION`, `NV_ONNX_PARSER_MAJOR`.
fn numeric_macros(unit: &Unit, include: &Path) -> Vec<String> {
    let mut definitions: Vec<(String, Vec<String>)> = Vec::new();
    // Function-like macros may compute a numeric one (`NV_TENSORRT_VERSION_INT(...)`).
    let mut functions: BTreeSet<String> = BTreeSet::new();
    for child in root(unit).children() {
        if child.kind() != CXCursor_MacroDefinition || !child.file().is_some_and(|f| f.starts_with(include)) {
            continue;
        }
        let tokens = child.tokens();
        if is_function_like(&child) {
            functions.insert(child.name());
            continue;
        }
        if tokens.len() >= 2 {
            definitions.push((child.name(), tokens[1..].to_vec()));
        }
    }
    let mut numeric: BTreeSet<String> = BTreeSet::new();
    // Resolve macros made of other numeric macros until nothing changes.
    loop {
        let before = numeric.len();
        for (name, tokens) in &definitions {
            let ok = tokens.iter().all(|t| {
                t.chars().next().is_some_and(|c| c.is_ascii_digit())
                    || ["(", ")", "+", "-", "*", "/", "<<", ">>", "|", "&", "~", ","].contains(&t.as_str())
                    || numeric.contains(t)
                    || functions.contains(t)
            });
            if ok {
                numeric.insert(name.clone());
            }
        }
        if numeric.len() == before {
            break;
        }
    }
    numeric.into_iter().collect()
}

fn is_function_like(cursor: &Cursor) -> bool {
    cursor.is_macro_function_like()
}

#[derive(Default)]
struct Reader {
    include: PathBuf,
    release: Release,
    macros: std::collections::BTreeMap<String, i64>,
    /// Each polymorphic class's slots by the class's USR, and each slot's class and field
    /// name by the method's USR.
    slots: HashMap<String, Vec<Slot>>,
    slot_of: HashMap<String, (String, String)>,
    /// Classes by USR: their Rust path; and which are polymorphic.
    polymorphic: HashMap<String, bool>,
    files: BTreeSet<PathBuf>,
    seen: BTreeSet<String>,
}

impl Reader {
    fn ours(&self, cursor: &Cursor) -> bool {
        cursor.file().is_some_and(|file| file.starts_with(&self.include))
    }

    fn walk(&mut self, parent: Cursor, module: &[String]) -> Result<(), String> {
        for child in parent.children() {
            let kind = child.kind();
            if kind == CXCursor_Namespace {
                let name = child.name();
                if module.is_empty() && !NAMESPACES.contains(&name.as_str()) {
                    continue;
                }
                // Templates' helpers (`impl::EnumMaxImpl`) and anonymous namespaces' contents
                // go where C++ names them from.
                if name == "impl" || name == "detail" {
                    continue;
                }
                let mut inner = module.to_vec();
                if !name.is_empty() {
                    inner.push(name);
                }
                self.walk(child, &inner)?;
                continue;
            }
            if kind == CXCursor_LinkageSpec || kind == CXCursor_UnexposedDecl {
                self.walk(child, module)?;
                continue;
            }
            if !self.ours(&child) {
                continue;
            }
            if let Some(file) = child.file() {
                self.files.insert(file);
            }
            match kind {
                CXCursor_ClassDecl | CXCursor_StructDecl if child.is_definition() => {
                    self.class_or_record(child, module)?;
                }
                CXCursor_EnumDecl if child.is_definition() => self.enumeration(child, module, ""),
                CXCursor_TypeAliasDecl | CXCursor_TypedefDecl => self.alias(child, module),
                CXCursor_VarDecl => {
                    if let (Some(value), Some(ty)) = (child.evaluate_int(), self.ty(child.ty())) {
                        self.release
                            .constants
                            .push((module.to_vec(), Constant { name: child.name(), ty, value }));
                    }
                }
                CXCursor_FunctionDecl => self.function(child, module),
                _ => {}
            }
        }
        Ok(())
    }

    /// `nvinfer1::v_1_0::ILogger::Severity` as (module, Rust name): (`nvinfer1::v_1_0`,
    /// `ILogger_Severity`). Anonymous namespaces vanish, as in C++ names.
    fn rust_path(&self, cursor: Cursor) -> (Vec<String>, String) {
        let mut names = vec![cursor.name()];
        let mut modules = Vec::new();
        let mut parent = cursor.semantic_parent();
        while !parent.is_null() && parent.kind() != CXCursor_TranslationUnit {
            match parent.kind() {
                CXCursor_Namespace => {
                    let name = parent.name();
                    if !name.is_empty() {
                        modules.push(name);
                    }
                }
                _ => names.push(parent.name()),
            }
            parent = parent.semantic_parent();
        }
        modules.reverse();
        names.reverse();
        (modules, names.join("_"))
    }

    fn path_string(&self, cursor: Cursor) -> String {
        let (modules, name) = self.rust_path(cursor);
        if modules.is_empty() {
            name
        } else {
            format!("{}::{name}", modules.join("::"))
        }
    }

    /// A C++ type as the model has it; `None` for what Rust cannot spell here (function
    /// pointers, templates).
    fn ty(&self, t: Type) -> Option<Ty> {
        match t.kind() {
            CXType_Elaborated => self.ty(t.named()),
            CXType_Typedef => {
                let decl = t.declaration();
                let name = decl.name();
                if self.ours(&decl) {
                    return Some(Ty::Named(self.path_string(decl)));
                }
                let prim = match name.as_str() {
                    "int8_t" => Some("i8"),
                    "int16_t" => Some("i16"),
                    "int32_t" => Some("i32"),
                    "int64_t" => Some("i64"),
                    "uint8_t" => Some("u8"),
                    "uint16_t" => Some("u16"),
                    "uint32_t" => Some("u32"),
                    "uint64_t" => Some("u64"),
                    "size_t" => Some("usize"),
                    "ptrdiff_t" => Some("isize"),
                    _ => None,
                };
                match prim {
                    Some(p) => Some(Ty::Prim(p)),
                    None if name.starts_with("cuda") => Some(Ty::Cuda(name)),
                    None => self.ty(t.canonical()),
                }
            }
            CXType_Pointer => {
                let to = t.pointee();
                if to.kind() == CXType_FunctionProto {
                    return None;
                }
                Some(Ty::Ptr { mutable: !to.is_const(), to: Box::new(self.ty(to)?) })
            }
            CXType_LValueReference => {
                let to = t.pointee();
                Some(Ty::Ref { mutable: !to.is_const(), to: Box::new(self.ty(to)?) })
            }
            CXType_Record | CXType_Enum => {
                let decl = t.declaration();
                if t.spelling().contains('<') || !self.ours(&decl) {
                    return None;
                }
                Some(Ty::Named(self.path_string(decl)))
            }
            // A parameter `void* bindings[]` is a pointer, as C++ takes it.
            CXType_IncompleteArray => {
                let to = t.element();
                Some(Ty::Ptr { mutable: !to.is_const(), to: Box::new(self.ty(to)?) })
            }
            CXType_ConstantArray => Some(Ty::Array(Box::new(self.ty(t.element())?), t.array_size() as usize)),
            CXType_Void => Some(Ty::Void),
            CXType_Bool => Some(Ty::Prim("bool")),
            CXType_Char_S | CXType_Char_U => Some(Ty::Prim("::core::ffi::c_char")),
            CXType_SChar => Some(Ty::Prim("i8")),
            CXType_UChar => Some(Ty::Prim("u8")),
            CXType_Short => Some(Ty::Prim("i16")),
            CXType_UShort => Some(Ty::Prim("u16")),
            CXType_Int => Some(Ty::Prim("i32")),
            CXType_UInt => Some(Ty::Prim("u32")),
            CXType_Long | CXType_LongLong => Some(Ty::Prim("i64")),
            CXType_ULong | CXType_ULongLong => Some(Ty::Prim("u64")),
            CXType_Float => Some(Ty::Prim("f32")),
            CXType_Double => Some(Ty::Prim("f64")),
            _ => None,
        }
    }

    fn enumeration(&mut self, cursor: Cursor, _module: &[String], _prefix: &str) {
        let (module, name) = self.rust_path(cursor);
        if !self.seen.insert(format!("{}::{name}", module.join("::"))) {
            return;
        }
        let repr = match self.ty(cursor.enum_integer_type()) {
            Some(Ty::Prim(p)) => p,
            _ => "i32",
        };
        let variants = cursor
            .children()
            .into_iter()
            .filter(|c| c.kind() == CXCursor_EnumConstantDecl)
            .map(|c| (c.name(), c.enum_value()))
            .collect();
        self.release.enums.push(Enum { module, name, cpp: cursor.qualified(), repr, variants });
    }

    fn alias(&mut self, cursor: Cursor, module: &[String]) {
        let target_type = cursor.typedef_underlying();
        let Some(target) = self.ty(target_type) else { return };
        let name = cursor.name();
        // Headers repeat some (`using TensorFormats = uint32_t;` in two of them).
        if !self.seen.insert(format!("{}::{name}", module.join("::"))) {
            return;
        }
        // `typedef struct X X`-style aliases name themselves.
        if let Ty::Named(path) = &target {
            if path.rsplit("::").next() == Some(name.as_str())
                && path.starts_with(&module.join("::"))
                && path.matches("::").count() == module.len()
            {
                return;
            }
        }
        let nested = match &target {
            Ty::Named(_) => {
                let decl = target_type.canonical().declaration();
                let (_, class) = self.rust_path(decl);
                decl.children()
                    .into_iter()
                    .filter(|c| {
                        matches!(c.kind(), CXCursor_EnumDecl | CXCursor_ClassDecl | CXCursor_StructDecl)
                    })
                    .filter(|c| c.is_definition())
                    .map(|c| format!("{class}_{}", c.name()))
                    .collect()
            }
            _ => Vec::new(),
        };
        self.release.aliases.push(Alias { module: module.to_vec(), name, target, nested });
    }

    fn is_polymorphic(&mut self, cursor: Cursor) -> bool {
        let usr = cursor.usr();
        if let Some(&p) = self.polymorphic.get(&usr) {
            return p;
        }
        let mut p = false;
        for child in cursor.children() {
            match child.kind() {
                CXCursor_CXXMethod | CXCursor_Destructor if child.is_virtual() => p = true,
                CXCursor_CXXBaseSpecifier => {
                    let base = child.ty().canonical().declaration().definition();
                    if !base.is_null() && self.is_polymorphic(base) {
                        p = true;
                    }
                }
                _ => {}
            }
        }
        self.polymorphic.insert(usr, p);
        p
    }

    fn class_or_record(&mut self, cursor: Cursor, _module: &[String]) -> Result<(), String> {
        if cursor.ty().spelling().contains('<') {
            return Ok(());
        }
        let (module, name) = self.rust_path(cursor);
        if name.is_empty() || !self.seen.insert(format!("{}::{name}", module.join("::"))) {
            return Ok(());
        }
        // Nested enums, classes and aliases first: they are named `Outer_Inner` beside it.
        for child in cursor.children() {
            match child.kind() {
                CXCursor_EnumDecl if child.is_definition() => self.enumeration(child, &module, &name),
                CXCursor_TypeAliasDecl | CXCursor_TypedefDecl => {
                    if let Some(target) = self.ty(child.typedef_underlying()) {
                        let alias = format!("{name}_{}", child.name());
                        self.release.aliases.push(Alias {
                            module: module.clone(),
                            name: alias,
                            target,
                            nested: Vec::new(),
                        });
                    }
                }
                CXCursor_ClassDecl | CXCursor_StructDecl if child.is_definition() => {
                    self.class_or_record(child, &module)?
                }
                _ => {}
            }
        }
        let bases: Vec<Cursor> = cursor
            .children()
            .into_iter()
            .filter(|c| c.kind() == CXCursor_CXXBaseSpecifier)
            .map(|c| c.ty().canonical().declaration().definition())
            .collect();
        let size = cursor.ty().size().max(0) as usize;
        let mut constants = Vec::new();
        let mut fields = Vec::new();
        for child in cursor.children() {
            match child.kind() {
                CXCursor_VarDecl => {
                    if let (Some(value), Some(ty)) = (child.evaluate_int(), self.ty(child.ty())) {
                        constants.push(Constant { name: child.name(), ty, value });
                    }
                }
                CXCursor_FieldDecl => {
                    let Some(ty) = self.ty(child.ty()) else {
                        return Err(format!(
                            "{}::{}: a member type the reader does not know",
                            cursor.qualified(),
                            child.name()
                        ));
                    };
                    fields.push(Field {
                        name: child.name(),
                        ty,
                        offset: (child.field_offset_bits() / 8) as usize,
                    });
                }
                _ => {}
            }
        }
        if !self.is_polymorphic(cursor) {
            if bases.len() > 1 {
                return Err(format!("{}: more than one base", cursor.qualified()));
            }
            let base = bases.first().map(|b| self.path_string(*b));
            let align = cursor.ty().align().max(1) as usize;
            self.release.records.push(Record {
                module,
                name,
                cpp: cursor.qualified(),
                base,
                fields,
                size,
                align,
                constants,
            });
            return Ok(());
        }
        if bases.len() > 1 {
            return Err(format!(
                "{}: more than one base class, whose vtables the Itanium ABI lays out apart; the reader knows single inheritance only",
                cursor.qualified()
            ));
        }
        let base = bases.first().copied();
        let slots = self.slots(cursor)?;
        let mut skipped = Vec::new();
        let mut methods = Vec::new();
        let is_impl = module.iter().any(|m| m == "apiv");
        let mut is_abstract = false;
        for child in cursor.children() {
            if child.kind() == CXCursor_CXXMethod && child.is_pure_virtual() {
                is_abstract = true;
            }
        }
        if !is_impl {
            for child in cursor.children() {
                if child.kind() != CXCursor_CXXMethod
                    || child.access() != CX_CXXPublic
                    || child.is_static_method()
                    || child.is_deleted()
                    || child.name().starts_with("operator")
                {
                    continue;
                }
                match self.method(cursor, child, &slots) {
                    Ok(method) => methods.push(method),
                    Err(why) => skipped.push(format!("{}: {why}", child.name())),
                }
            }
        }
        // `getInterfaceInfo() { return {"ILogger", 1, 0}; }`: what a program's implementation
        // must answer.
        let interface_info = cursor.children().into_iter().find_map(|c| {
            if c.kind() != CXCursor_CXXMethod || c.name() != "getInterfaceInfo" || !c.is_definition() {
                return None;
            }
            let tokens = c.tokens();
            let at = tokens.iter().position(|t| t == "return")?;
            match tokens[at + 1..].iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
                ["{", kind, ",", major, ",", minor, "}", ";", "}"]
                | ["InterfaceInfo", "{", kind, ",", major, ",", minor, "}", ";", "}"] => {
                    Some((kind.trim_matches('"').to_string(), major.parse().ok()?, minor.parse().ok()?))
                }
                _ => None,
            }
        });
        self.release.classes.push(Class {
            interface_info,
            module,
            name,
            cpp: cursor.qualified(),
            base: base.map(|b| self.path_string(b)),
            fields,
            size,
            slots,
            methods,
            is_abstract,
            constants,
            skipped,
        });
        Ok(())
    }

    /// The class's vtable: the primary base's slots, then each virtual function it declares
    /// that overrides none, in declaration order; a destructor is two slots (complete, then
    /// deleting) unless a base already has them.
    fn slots(&mut self, cursor: Cursor) -> Result<Vec<Slot>, String> {
        let usr = cursor.usr();
        if let Some(slots) = self.slots.get(&usr) {
            return Ok(slots.clone());
        }
        let mut slots = Vec::new();
        for child in cursor.children() {
            if child.kind() == CXCursor_CXXBaseSpecifier {
                let base = child.ty().canonical().declaration().definition();
                if self.is_polymorphic(base) {
                    slots = self.slots(base)?;
                }
            }
        }
        let class = self.path_string(cursor);
        for child in cursor.children() {
            match child.kind() {
                CXCursor_Destructor if child.is_virtual() => {
                    if slots.iter().any(|s: &Slot| s.kind == SlotKind::CompleteDtor) {
                        continue;
                    }
                    for (kind, field) in [
                        (SlotKind::CompleteDtor, "__complete_dtor"),
                        (SlotKind::DeletingDtor, "__deleting_dtor"),
                    ] {
                        slots.push(Slot {
                            field: field.into(),
                            cpp: child.name(),
                            declared_in: class.clone(),
                            kind,
                            params: Vec::new(),
                            ret: Ty::Void,
                            is_const: false,
                            member_type: String::new(),
                        });
                    }
                }
                CXCursor_CXXMethod if child.is_virtual() => {
                    let overridden = child.overridden();
                    if let Some(base) = overridden.first() {
                        // The base's slot; the method's USR maps to it too.
                        if let Some(slot) = self.slot_of.get(&base.usr()).cloned() {
                            self.slot_of.insert(child.usr(), slot);
                        }
                        continue;
                    }
                    let name = child.name();
                    let mut field = name.clone();
                    let mut n = 1;
                    while slots.iter().any(|s| s.field == field) {
                        field = format!("{name}_{n}");
                        n += 1;
                    }
                    let params = self
                        .params(child, false)
                        .map_err(|why| format!("{}::{name}: {why}", cursor.qualified()))?;
                    let ret = self.ty(child.result_type()).ok_or_else(|| {
                        format!("{}::{name}: a return type the reader does not know", cursor.qualified())
                    })?;
                    let member_type = member_type(cursor, child);
                    self.slot_of.insert(child.usr(), (class.clone(), field.clone()));
                    slots.push(Slot {
                        field,
                        cpp: name,
                        declared_in: class.clone(),
                        kind: SlotKind::Method,
                        params,
                        ret,
                        is_const: child.is_const_method(),
                        member_type,
                    });
                }
                _ => {}
            }
        }
        self.slots.insert(usr, slots.clone());
        Ok(slots)
    }

    fn params(&self, method: Cursor, defaults: bool) -> Result<Vec<Param>, String> {
        method
            .arguments()
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                let ty = self.ty(p.ty()).ok_or_else(|| {
                    format!("parameter {} has a type the reader does not know ({})", i + 1, p.ty().spelling())
                })?;
                let name = match p.name() {
                    n if n.is_empty() => format!("arg{i}"),
                    n => rust_ident(&n),
                };
                let default = if defaults { self.default_argument(p, &ty) } else { None };
                Ok(Param { name, ty, default })
            })
            .collect()
    }

    /// A parameter's default argument as Rust: an enum constant, a number, `true`/`false`,
    /// `nullptr`. `None` for anything else (the argument is then required).
    fn default_argument(&self, param: Cursor, ty: &Ty) -> Option<String> {
        let tokens = param.tokens();
        let at = tokens.iter().position(|t| t == "=")?;
        let expr: Vec<&str> = tokens[at + 1..].iter().map(String::as_str).collect();
        if let Some(constant) = find(param, &|c| c.kind() == CXCursor_DeclRefExpr) {
            let target = constant.referenced();
            if target.kind() == CXCursor_EnumConstantDecl {
                let e = target.semantic_parent();
                return Some(format!("crate::{}::{}", self.path_string(e), target.name()));
            }
        }
        match expr.as_slice() {
            [t] if *t == "nullptr" => Some(match ty {
                Ty::Ptr { mutable: true, .. } => "::core::ptr::null_mut()".into(),
                _ => "::core::ptr::null()".into(),
            }),
            [t] if *t == "true" || *t == "false" => Some(t.to_string()),
            [t] if t.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
                Some(t.trim_end_matches(['U', 'u', 'L', 'l', 'F', 'f']).to_string())
            }
            ["-", t] if t.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
                Some(format!("-{}", t.trim_end_matches(['U', 'u', 'L', 'l', 'F', 'f'])))
            }
            _ => None,
        }
    }

    /// A public method as Rust calls it: a virtual one through the object's own vtable; an
    /// inline one that forwards to a member's virtual function (`mImpl->f(args)`) through
    /// that member's vtable.
    fn method(&mut self, class: Cursor, method: Cursor, slots: &[Slot]) -> Result<Method, String> {
        let params = self.params(method, true)?;
        let ret = self.ty(method.result_type()).ok_or("a return type the reader does not know")?;
        let tokens = method.tokens();
        let deprecated = tokens.first().is_some_and(|t| t == "TRT_DEPRECATED");
        let name = method.name();
        if method.is_virtual() {
            let slot = self
                .slot_of
                .get(&method.usr())
                .map(|(_, field)| field.clone())
                .or_else(|| slots.iter().find(|s| s.cpp == name).map(|s| s.field.clone()))
                .ok_or("a virtual function without a slot")?;
            return Ok(Method {
                name: name.clone(),
                cpp: name,
                params,
                ret,
                call: Call::Virtual { slot },
                deprecated,
            });
        }
        if !method.is_definition() {
            return Err("declared without a body".into());
        }
        // The body's tokens: from the `{` after the parameter list.
        let mut depth = 0;
        let mut start = None;
        let after_name = tokens.iter().position(|t| *t == name).unwrap_or(0);
        for (i, t) in tokens.iter().enumerate().skip(after_name) {
            match t.as_str() {
                "(" => depth += 1,
                ")" => depth -= 1,
                "{" if depth == 0 => {
                    start = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let body = &tokens[start.ok_or("no body")?..];
        let body: Vec<&str> = body.iter().map(String::as_str).collect();
        let inner = match body.as_slice() {
            ["{", rest @ .., ";", "}"] => rest,
            _ => return Err(format!("a body that is not one statement: {}", body.join(" "))),
        };
        let inner = inner.strip_prefix(&["return"]).unwrap_or(inner);
        let (field, callee, args) = match inner {
            [field, "->", callee, "(", args @ .., ")"] => (*field, *callee, args),
            _ => return Err(format!("a body that is not a forward to a member: {}", body.join(" "))),
        };
        let mut arguments = Vec::new();
        let mut current: Vec<&str> = Vec::new();
        for t in args.iter().chain(std::iter::once(&",")) {
            if *t == "," {
                match current.as_slice() {
                    [name] if params.iter().any(|p| p.name == rust_ident(name)) => {
                        arguments.push(rust_ident(name))
                    }
                    [] if args.is_empty() => {}
                    _ => return Err(format!("an argument the reader does not know: {}", current.join(" "))),
                }
                current.clear();
            } else {
                current.push(t);
            }
        }
        // Which virtual function the body calls: clang's call expression names it.
        let call =
            find(method, &|c| c.kind() == CXCursor_CallExpr && c.referenced().kind() == CXCursor_CXXMethod)
                .ok_or("no call in the body")?;
        let (vclass, slot) = self
            .slot_of
            .get(&call.referenced().usr())
            .cloned()
            .ok_or_else(|| format!("{field}->{callee} is no virtual function the reader has read"))?;
        let _ = class;
        Ok(Method {
            name: name.clone(),
            cpp: name,
            params,
            ret,
            call: Call::Forward { field: field.to_string(), class: vclass, slot, arguments },
            deprecated,
        })
    }

    /// An `extern "C"` function, or an inline one of a namespace that calls one.
    fn function(&mut self, cursor: Cursor, module: &[String]) {
        let name = cursor.name();
        let Ok(params) = self.params(cursor, false) else { return };
        let Some(ret) = self.ty(cursor.result_type()) else { return };
        if module.is_empty() && !cursor.is_definition() {
            let header = cursor.file().and_then(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()));
            let library = match header.as_deref() {
                Some("NvOnnxParser.h") => "nvonnxparser",
                Some("NvInferPlugin.h") => "nvinfer_plugin",
                _ => "nvinfer",
            };
            if !self.release.functions.iter().any(|f| f.name == name) {
                self.release.functions.push(Function { name, params, ret, library: library.into() });
            }
            return;
        }
        if !cursor.is_definition() || module.is_empty() {
            return;
        }
        // `return static_cast<T*>(f_INTERNAL(&logger, NV_TENSORRT_VERSION));`
        let Some(call) = find(cursor, &|c| {
            c.kind() == CXCursor_CallExpr && c.referenced().kind() == CXCursor_FunctionDecl
        }) else {
            return;
        };
        let callee = call.referenced().name();
        let tokens = call.tokens();
        let Some(open) = tokens.iter().position(|t| t == "(") else { return };
        let mut arguments = super::super::split_arguments(&tokens[open + 1..]);
        if arguments == [Vec::<&str>::new()] {
            arguments.clear(); // `f()`
        }
        let mut rust = Vec::new();
        for argument in arguments {
            let text = match argument.as_slice() {
                ["&", p] if params.iter().any(|q| q.name == *p) => {
                    format!("{p} as *const _ as *mut ::core::ffi::c_void")
                }
                [p] if params.iter().any(|q| q.name == *p) => p.to_string(),
                [m] if self.macros.contains_key(*m) => format!("crate::{m} as _"),
                // A constant of the global namespace (`static constexpr int32_t NV_ONNX_PARSER_VERSION`).
                [c] if self.release.constants.iter().any(|(module, k)| module.is_empty() && k.name == *c) => {
                    format!("crate::{c} as _")
                }
                _ => return,
            };
            rust.push(text);
        }
        let (module, name) = self.rust_path(cursor);
        self.release.inlines.push(Inline { module, name, params, ret, calls: callee, arguments: rust });
    }
}

/// The first cursor under `cursor` (depth first) that `test` accepts.
fn find(cursor: Cursor, test: &dyn Fn(&Cursor) -> bool) -> Option<Cursor> {
    for child in cursor.children() {
        if test(&child) {
            return Some(child);
        }
        if let Some(found) = find(child, test) {
            return Some(found);
        }
    }
    None
}

/// A C++ name that is a Rust keyword, raw.
pub fn rust_ident(name: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "box", "break", "const", "continue", "crate", "do", "dyn", "else", "enum",
        "extern", "false", "final", "fn", "for", "if", "impl", "in", "let", "loop", "macro", "match", "mod",
        "move", "mut", "override", "priv", "pub", "ref", "return", "static", "struct", "trait", "true",
        "try", "type", "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
    ];
    if KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_string()
    }
}

/// The method's pointer-to-member type, spelled by C++:
/// `R (nvinfer1::apiv::VRuntime::*)(const void *, unsigned long) const`.
fn member_type(class: Cursor, method: Cursor) -> String {
    let args: Vec<String> = method.ty().arguments().iter().map(|a| a.canonical().spelling()).collect();
    let ret = method.result_type().canonical().spelling();
    let constness = if method.is_const_method() { " const" } else { "" };
    format!("{ret} ({}::*)({}){constness}", class.qualified(), args.join(", "))
}
