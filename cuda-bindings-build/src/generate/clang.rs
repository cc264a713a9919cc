//! The few libclang calls the generator makes itself, beside bindgen: macro definitions with
//! their tokens, where declarations are, comments (for NVIDIA's `\defgroup`s), and string
//! literals in a probe. A small safe layer over clang-sys, loading libclang ([`load`]); its
//! [`Unit`] is also the C++ reader's (`cpp::cursor`), parsed with function bodies.

use std::ffi::{c_uint, c_void, CStr, CString};
use std::path::{Path, PathBuf};

use clang_sys::*;

/// Loads libclang (`clang_sys::load`), refusing first what clang-sys panics on: a
/// `LIBCLANG_PATH` ending in `.` or `..` or not UTF-8 (which it would skip, loading another
/// libclang than the one named), and a library that has no libclang functions.
pub fn load() -> Result<(), String> {
    if let Some(value) = std::env::var_os("LIBCLANG_PATH").filter(|value| !value.is_empty()) {
        let path = Path::new(&value);
        if value.to_str().is_none() {
            return Err(format!(
                "LIBCLANG_PATH={} is not UTF-8, which clang-sys cannot read",
                path.display()
            ));
        }
        if path.file_name().is_none() && path.parent().is_some() {
            return Err(format!(
                "LIBCLANG_PATH={} ends in `.` or `..`, which clang-sys cannot read: give the folder's absolute path",
                path.display()
            ));
        }
    }
    clang_sys::load()?;
    if clang_createIndex::is_loaded() {
        return Ok(());
    }
    let library = clang_sys::get_library().map(|library| library.path().display().to_string());
    Err(format!("{} is not libclang (it has no clang_createIndex)", library.unwrap_or_default()))
}

/// A parsed translation unit. Dropping it frees libclang's memory.
pub struct Unit {
    index: CXIndex,
    tu: CXTranslationUnit,
}

/// What a cursor visit sees of one declaration or macro.
pub struct Entity {
    pub cursor: CXCursor,
    pub kind: CXCursorKind,
    pub name: String,
    /// The file and line where it is, after macro expansion (a declaration written as
    /// `CUresult CUDAAPI cuMemAlloc(...)` is where that line is, not where `cuMemAlloc` is defined).
    pub file: Option<PathBuf>,
    pub line: u32,
}

/// One token as written in the source.
/// An evaluated constant expression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Float(f64),
}

pub struct Token {
    pub kind: CXTokenKind,
    pub text: String,
    pub line: u32,
}

impl Unit {
    /// Parses `source` (C text, given a file name for messages) with `args`, skipping function
    /// bodies (the C generator reads declarations only). Errors are clang's messages, with the
    /// file and line they point at.
    pub fn parse(name: &str, source: &str, args: &[String]) -> Result<Unit, String> {
        Unit::parse_with(name, source, args, CXTranslationUnit_SkipFunctionBodies)
    }

    /// As [`Unit::parse`], keeping function bodies: the C++ reader reads a C++ API's inline
    /// wrappers' bodies to learn which slot each one calls.
    pub fn parse_with_bodies(name: &str, source: &str, args: &[String]) -> Result<Unit, String> {
        Unit::parse_with(name, source, args, 0)
    }

    fn parse_with(
        name: &str,
        source: &str,
        args: &[String],
        options: CXTranslationUnit_Flags,
    ) -> Result<Unit, String> {
        let name_c = CString::new(name).map_err(|e| e.to_string())?;
        let source_c = CString::new(source).map_err(|e| e.to_string())?;
        let args_c: Vec<CString> = args
            .iter()
            .map(|a| CString::new(a.as_str()))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        let argv: Vec<*const std::ffi::c_char> = args_c.iter().map(|a| a.as_ptr()).collect();
        let mut unsaved = CXUnsavedFile {
            Filename: name_c.as_ptr(),
            Contents: source_c.as_ptr(),
            Length: std::ffi::c_ulong::try_from(source.len()).map_err(|e| e.to_string())?,
        };
        let argc = std::ffi::c_int::try_from(argv.len()).map_err(|e| e.to_string())?;
        // SAFETY: every pointer handed over lives until this function returns, and libclang
        // copies what it keeps; the unit is freed by Drop.
        unsafe {
            let index = clang_createIndex(0, 0);
            let mut tu = std::ptr::null_mut();
            let code = clang_parseTranslationUnit2(
                index,
                name_c.as_ptr(),
                argv.as_ptr(),
                argc,
                &mut unsaved,
                1,
                CXTranslationUnit_DetailedPreprocessingRecord | options,
                &mut tu,
            );
            let unit = Unit { index, tu };
            if code != CXError_Success || tu.is_null() {
                return Err(format!("libclang could not parse {name} (error code {code})"));
            }
            let errors = unit.errors();
            if errors.is_empty() {
                Ok(unit)
            } else {
                Err(errors.join("\n"))
            }
        }
    }

    /// Clang's error messages, each with its file and line.
    fn errors(&self) -> Vec<String> {
        let mut out = Vec::new();
        // SAFETY: a live unit; each diagnostic is disposed after use.
        unsafe {
            for i in 0..clang_getNumDiagnostics(self.tu) {
                let diagnostic = clang_getDiagnostic(self.tu, i);
                if clang_getDiagnosticSeverity(diagnostic) >= CXDiagnostic_Error {
                    out.push(string(clang_formatDiagnostic(
                        diagnostic,
                        clang_defaultDiagnosticDisplayOptions(),
                    )));
                }
                clang_disposeDiagnostic(diagnostic);
            }
        }
        out
    }

    /// Every top-level declaration and macro definition of the unit, in order.
    pub fn entities(&self) -> Vec<Entity> {
        self.children(self.root())
    }

    /// The unit's own cursor, whose children are its top-level declarations and macros.
    pub fn root(&self) -> CXCursor {
        // SAFETY: a live unit.
        unsafe { clang_getTranslationUnitCursor(self.tu) }
    }

    /// Every file the unit read: the header and all it includes, directly or not.
    pub fn included_files(&self) -> Vec<PathBuf> {
        extern "C" fn visit(file: CXFile, _stack: *mut CXSourceLocation, _len: c_uint, data: CXClientData) {
            // SAFETY: `data` is the `Vec` below, alive while `clang_getInclusions` runs; `file`
            // is one of the unit's files.
            unsafe {
                let out = &mut *data.cast::<Vec<PathBuf>>();
                out.push(PathBuf::from(string(clang_getFileName(file))));
            }
        }
        let mut files: Vec<PathBuf> = Vec::new();
        // SAFETY: a live unit; the visitor only pushes into `files`.
        unsafe { clang_getInclusions(self.tu, visit, std::ptr::addr_of_mut!(files).cast::<c_void>()) };
        files
    }

    /// The direct children of `cursor` (the fields of a struct, the parts of a declaration).
    pub fn children(&self, cursor: CXCursor) -> Vec<Entity> {
        extern "C" fn visit(cursor: CXCursor, _parent: CXCursor, data: CXClientData) -> CXChildVisitResult {
            // SAFETY: as in `entities`.
            let out = unsafe { &mut *data.cast::<Vec<CXCursor>>() };
            out.push(cursor);
            CXChildVisit_Continue
        }
        let mut cursors: Vec<CXCursor> = Vec::new();
        // SAFETY: a cursor of this live unit; the visitor only pushes into `cursors`.
        unsafe { clang_visitChildren(cursor, visit, std::ptr::addr_of_mut!(cursors).cast::<c_void>()) };
        cursors.into_iter().map(|cursor| self.entity(cursor)).collect()
    }

    fn entity(&self, cursor: CXCursor) -> Entity {
        // SAFETY: a cursor of this live unit.
        unsafe {
            let (file, line) = expansion_location(clang_getCursorLocation(cursor));
            Entity {
                cursor,
                kind: clang_getCursorKind(cursor),
                name: string(clang_getCursorSpelling(cursor)),
                file,
                line,
            }
        }
    }

    /// The value clang computes for an expression: an integer, a floating-point number, or
    /// `None` (a null pointer constant and anything else it does not evaluate).
    pub fn evaluate(&self, cursor: CXCursor) -> Option<Value> {
        // SAFETY: a cursor of this live unit.
        unsafe { evaluate(cursor) }
    }

    /// The C type of a declaration, as clang spells it with typedefs and `typeof` resolved
    /// (`int`, `void *`).
    pub fn type_spelling(&self, cursor: CXCursor) -> String {
        // SAFETY: a cursor of this live unit; `string` disposes of the CXString.
        unsafe { string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(cursor)))) }
    }

    /// Whether a macro definition takes arguments.
    pub fn is_function_like(&self, cursor: CXCursor) -> bool {
        // SAFETY: a cursor of this live unit.
        unsafe { clang_Cursor_isMacroFunctionLike(cursor) != 0 }
    }

    /// Whether a function declaration names a symbol of a library: neither `static` nor
    /// defined (with a body) in the header.
    pub fn is_library_symbol(&self, cursor: CXCursor) -> bool {
        // SAFETY: a cursor of this live unit.
        unsafe {
            clang_Cursor_getStorageClass(cursor) != CX_SC_Static && clang_isCursorDefinition(cursor) == 0
        }
    }

    /// The tokens of a cursor's extent, as written (macros unexpanded).
    pub fn tokens(&self, cursor: CXCursor) -> Vec<Token> {
        // SAFETY: a cursor of this live unit.
        unsafe { tokens(self.tu, clang_getCursorExtent(cursor)) }
    }

    /// Every token of a file of this unit, comments included (libclang keeps them when
    /// tokenizing): NVIDIA's `\defgroup`s are in comments, which the AST does not hold.
    pub fn file_tokens(&self, path: &Path) -> Vec<Token> {
        let Ok(path_c) = CString::new(path.to_string_lossy().as_bytes()) else { return Vec::new() };
        let Some(size) = std::fs::metadata(path).ok().and_then(|m| u32::try_from(m.len()).ok()) else {
            return Vec::new();
        };
        // SAFETY: a live unit and a file it includes; offsets within the file's size.
        unsafe {
            let file = clang_getFile(self.tu, path_c.as_ptr());
            if file.is_null() {
                return Vec::new();
            }
            let start = clang_getLocationForOffset(self.tu, file, 0);
            let end = clang_getLocationForOffset(self.tu, file, size);
            tokens(self.tu, clang_getRange(start, end))
        }
    }
}

impl Drop for Unit {
    fn drop(&mut self) {
        // SAFETY: created in `parse`, freed once.
        unsafe {
            if !self.tu.is_null() {
                clang_disposeTranslationUnit(self.tu);
            }
            clang_disposeIndex(self.index);
        }
    }
}

/// The tokens of `range`, a range of the live unit `tu`.
pub(super) unsafe fn tokens(tu: CXTranslationUnit, range: CXSourceRange) -> Vec<Token> {
    let mut tokens: *mut CXToken = std::ptr::null_mut();
    let mut count = 0;
    // SAFETY: libclang fills `tokens` with `count` tokens, freed below.
    unsafe {
        clang_tokenize(tu, range, &mut tokens, &mut count);
        if tokens.is_null() {
            return Vec::new();
        }
        let out = std::slice::from_raw_parts(tokens, count as usize)
            .iter()
            .map(|&token| {
                let (_, line) = expansion_location(clang_getTokenLocation(tu, token));
                Token {
                    kind: clang_getTokenKind(token),
                    text: string(clang_getTokenSpelling(tu, token)),
                    line,
                }
            })
            .collect();
        clang_disposeTokens(tu, tokens, count);
        out
    }
}

/// The value clang computes for the expression at `cursor`, a cursor of a live unit: an
/// integer, a floating-point number, or `None` (anything else).
#[allow(non_upper_case_globals)] // libclang names its constants as C does
pub(super) unsafe fn evaluate(cursor: CXCursor) -> Option<Value> {
    // SAFETY: the result is disposed of before returning.
    unsafe {
        let result = clang_Cursor_Evaluate(cursor);
        if result.is_null() {
            return None;
        }
        let value = match clang_EvalResult_getKind(result) {
            CXEval_Int => Some(Value::Int(clang_EvalResult_getAsLongLong(result))),
            CXEval_Float => Some(Value::Float(clang_EvalResult_getAsDouble(result))),
            _ => None,
        };
        clang_EvalResult_dispose(result);
        value
    }
}

/// The file and line a location expands to.
pub(super) unsafe fn expansion_location(location: CXSourceLocation) -> (Option<PathBuf>, u32) {
    let mut file: CXFile = std::ptr::null_mut();
    let mut line = 0;
    // SAFETY: out-pointers to locals.
    unsafe {
        clang_getExpansionLocation(
            location,
            &mut file,
            &mut line,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
        );
        let path = (!file.is_null()).then(|| PathBuf::from(string(clang_getFileName(file))));
        (path, line)
    }
}

/// A libclang string as a Rust one; frees the original.
pub(super) unsafe fn string(s: CXString) -> String {
    // SAFETY: a string libclang returned, disposed once.
    unsafe {
        let ptr = clang_getCString(s);
        let text =
            if ptr.is_null() { String::new() } else { CStr::from_ptr(ptr).to_string_lossy().into_owned() };
        clang_disposeString(s);
        text
    }
}
