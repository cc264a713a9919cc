//! The libclang calls the C++ reader makes: cursors and types of a C++ translation unit parsed
//! with function bodies (the inline wrappers' bodies are what say which slot each one calls).
//! A small safe layer over clang-sys; libclang is loaded by `clang::load()`.

use std::ffi::{c_void, CStr, CString};
use std::path::PathBuf;

use clang_sys::*;

/// A parsed C++ translation unit. Dropping it frees libclang's memory.
pub struct Unit {
    index: CXIndex,
    tu: CXTranslationUnit,
}

impl Unit {
    /// Parses `source` (C++ text, named `name` in messages) with `args`, keeping function
    /// bodies. Errors are clang's messages.
    pub fn parse(name: &str, source: &str, args: &[String]) -> Result<Unit, String> {
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
        // SAFETY: every pointer handed over lives until this call returns; libclang copies
        // what it keeps. The unit is freed by Drop.
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
                CXTranslationUnit_DetailedPreprocessingRecord,
                &mut tu,
            );
            let unit = Unit { index, tu };
            if code != CXError_Success || tu.is_null() {
                return Err(format!("libclang could not parse {name} (error code {code})"));
            }
            let mut errors = Vec::new();
            for i in 0..clang_getNumDiagnostics(tu) {
                let diagnostic = clang_getDiagnostic(tu, i);
                if clang_getDiagnosticSeverity(diagnostic) >= CXDiagnostic_Error {
                    errors.push(string(clang_formatDiagnostic(
                        diagnostic,
                        clang_defaultDiagnosticDisplayOptions(),
                    )));
                }
                clang_disposeDiagnostic(diagnostic);
            }
            if errors.is_empty() {
                Ok(unit)
            } else {
                Err(errors.join("\n"))
            }
        }
    }

    pub fn root(&self) -> Cursor {
        // SAFETY: a live unit.
        Cursor(unsafe { clang_getTranslationUnitCursor(self.tu) })
    }
}

impl Drop for Unit {
    fn drop(&mut self) {
        // SAFETY: created in `parse`, freed once.
        unsafe {
            clang_disposeTranslationUnit(self.tu);
            clang_disposeIndex(self.index);
        }
    }
}

/// A cursor of a live [`Unit`] (valid while the unit is).
#[derive(Clone, Copy)]
pub struct Cursor(CXCursor);

/// A type of a live [`Unit`].
#[derive(Clone, Copy)]
pub struct Type(CXType);

// SAFETY (for every method below): the cursor or type belongs to a unit that is alive while
// the reader runs; libclang's strings are copied and disposed by `string`.
impl Cursor {
    pub fn kind(&self) -> CXCursorKind {
        unsafe { clang_getCursorKind(self.0) }
    }

    pub fn name(&self) -> String {
        unsafe { string(clang_getCursorSpelling(self.0)) }
    }

    pub fn children(&self) -> Vec<Cursor> {
        extern "C" fn visit(cursor: CXCursor, _parent: CXCursor, data: CXClientData) -> CXChildVisitResult {
            // SAFETY: `data` is the Vec below, alive during the visit.
            unsafe { (*data.cast::<Vec<Cursor>>()).push(Cursor(cursor)) };
            CXChildVisit_Continue
        }
        let mut out: Vec<Cursor> = Vec::new();
        unsafe { clang_visitChildren(self.0, visit, std::ptr::addr_of_mut!(out).cast::<c_void>()) };
        out
    }

    /// The file the cursor is in (after macro expansion).
    pub fn file(&self) -> Option<PathBuf> {
        let mut file: CXFile = std::ptr::null_mut();
        unsafe {
            clang_getExpansionLocation(
                clang_getCursorLocation(self.0),
                &mut file,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            );
            (!file.is_null()).then(|| PathBuf::from(string(clang_getFileName(file))))
        }
    }

    pub fn is_macro_function_like(&self) -> bool {
        unsafe { clang_Cursor_isMacroFunctionLike(self.0) != 0 }
    }

    pub fn is_definition(&self) -> bool {
        unsafe { clang_isCursorDefinition(self.0) != 0 }
    }

    pub fn access(&self) -> CX_CXXAccessSpecifier {
        unsafe { clang_getCXXAccessSpecifier(self.0) }
    }

    pub fn is_virtual(&self) -> bool {
        unsafe { clang_CXXMethod_isVirtual(self.0) != 0 }
    }

    pub fn is_pure_virtual(&self) -> bool {
        unsafe { clang_CXXMethod_isPureVirtual(self.0) != 0 }
    }

    pub fn is_const_method(&self) -> bool {
        unsafe { clang_CXXMethod_isConst(self.0) != 0 }
    }

    pub fn is_static_method(&self) -> bool {
        unsafe { clang_CXXMethod_isStatic(self.0) != 0 }
    }

    pub fn is_deleted(&self) -> bool {
        // `= delete` (libclang's own test needs clang 16).
        self.tokens().windows(2).any(|w| w[0] == "=" && w[1] == "delete")
    }

    pub fn ty(&self) -> Type {
        Type(unsafe { clang_getCursorType(self.0) })
    }

    pub fn result_type(&self) -> Type {
        Type(unsafe { clang_getCursorResultType(self.0) })
    }

    /// A function's or method's parameters.
    pub fn arguments(&self) -> Vec<Cursor> {
        let n = unsafe { clang_Cursor_getNumArguments(self.0) };
        (0..n.max(0) as u32).map(|i| Cursor(unsafe { clang_Cursor_getArgument(self.0, i) })).collect()
    }

    /// The methods this one overrides.
    pub fn overridden(&self) -> Vec<Cursor> {
        let mut list: *mut CXCursor = std::ptr::null_mut();
        let mut n = 0;
        unsafe {
            clang_getOverriddenCursors(self.0, &mut list, &mut n);
            if list.is_null() {
                return Vec::new();
            }
            let out = std::slice::from_raw_parts(list, n as usize).iter().map(|&c| Cursor(c)).collect();
            clang_disposeOverriddenCursors(list);
            out
        }
    }

    pub fn referenced(&self) -> Cursor {
        Cursor(unsafe { clang_getCursorReferenced(self.0) })
    }

    pub fn definition(&self) -> Cursor {
        Cursor(unsafe { clang_getCursorDefinition(self.0) })
    }

    pub fn semantic_parent(&self) -> Cursor {
        Cursor(unsafe { clang_getCursorSemanticParent(self.0) })
    }

    pub fn is_null(&self) -> bool {
        unsafe { clang_Cursor_isNull(self.0) != 0 }
    }

    /// A unique name for the declaration (clang's USR).
    pub fn usr(&self) -> String {
        unsafe { string(clang_getCursorUSR(self.0)) }
    }

    pub fn enum_value(&self) -> i64 {
        unsafe { clang_getEnumConstantDeclValue(self.0) }
    }

    pub fn enum_integer_type(&self) -> Type {
        Type(unsafe { clang_getEnumDeclIntegerType(self.0) })
    }

    /// An integer constant expression's value (a `constexpr` variable's initializer).
    pub fn evaluate_int(&self) -> Option<i64> {
        unsafe {
            let result = clang_Cursor_Evaluate(self.0);
            if result.is_null() {
                return None;
            }
            let value = (clang_EvalResult_getKind(result) == CXEval_Int)
                .then(|| clang_EvalResult_getAsLongLong(result));
            clang_EvalResult_dispose(result);
            value
        }
    }

    /// The field's offset in its record, in bits.
    pub fn field_offset_bits(&self) -> i64 {
        unsafe { clang_Cursor_getOffsetOfField(self.0) }
    }

    /// The tokens of the cursor's extent, as written.
    pub fn tokens(&self) -> Vec<String> {
        unsafe {
            let tu = clang_Cursor_getTranslationUnit(self.0);
            let mut tokens: *mut CXToken = std::ptr::null_mut();
            let mut count = 0;
            clang_tokenize(tu, clang_getCursorExtent(self.0), &mut tokens, &mut count);
            if tokens.is_null() {
                return Vec::new();
            }
            let out = std::slice::from_raw_parts(tokens, count as usize)
                .iter()
                .map(|&t| string(clang_getTokenSpelling(tu, t)))
                .collect();
            clang_disposeTokens(tu, tokens, count);
            out
        }
    }

    /// The fully qualified name: `nvinfer1::v_1_0::ILogger`.
    pub fn qualified(&self) -> String {
        let mut parts = vec![self.name()];
        let mut parent = self.semantic_parent();
        while !parent.is_null() && parent.kind() != CXCursor_TranslationUnit {
            parts.push(parent.name());
            parent = parent.semantic_parent();
        }
        parts.reverse();
        parts.join("::")
    }
}

impl Type {
    pub fn kind(&self) -> CXTypeKind {
        self.0.kind
    }

    pub fn spelling(&self) -> String {
        unsafe { string(clang_getTypeSpelling(self.0)) }
    }

    pub fn canonical(&self) -> Type {
        Type(unsafe { clang_getCanonicalType(self.0) })
    }

    pub fn pointee(&self) -> Type {
        Type(unsafe { clang_getPointeeType(self.0) })
    }

    pub fn is_const(&self) -> bool {
        unsafe { clang_isConstQualifiedType(self.0) != 0 }
    }

    pub fn declaration(&self) -> Cursor {
        Cursor(unsafe { clang_getTypeDeclaration(self.0) })
    }

    /// `T` of an elaborated `nvinfer1::T`.
    pub fn named(&self) -> Type {
        Type(unsafe { clang_Type_getNamedType(self.0) })
    }

    pub fn element(&self) -> Type {
        Type(unsafe { clang_getArrayElementType(self.0) })
    }

    pub fn array_size(&self) -> i64 {
        unsafe { clang_getArraySize(self.0) }
    }

    pub fn size(&self) -> i64 {
        unsafe { clang_Type_getSizeOf(self.0) }
    }

    pub fn align(&self) -> i64 {
        unsafe { clang_Type_getAlignOf(self.0) }
    }

    pub fn arguments(&self) -> Vec<Type> {
        let n = unsafe { clang_getNumArgTypes(self.0) };
        (0..n.max(0) as u32).map(|i| Type(unsafe { clang_getArgType(self.0, i) })).collect()
    }
}

impl Cursor {
    pub fn typedef_underlying(&self) -> Type {
        Type(unsafe { clang_getTypedefDeclUnderlyingType(self.0) })
    }
}

/// A libclang string as a Rust one; frees the original.
unsafe fn string(s: CXString) -> String {
    unsafe {
        let ptr = clang_getCString(s);
        let text =
            if ptr.is_null() { String::new() } else { CStr::from_ptr(ptr).to_string_lossy().into_owned() };
        clang_disposeString(s);
        text
    }
}
