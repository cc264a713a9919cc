//! The libclang calls the C++ reader makes: cursors and types of a C++ translation unit parsed
//! with function bodies by [`Unit::parse_with_bodies`] (the inline wrappers' bodies are what say
//! which slot each one calls). A small safe layer over clang-sys beside the C generator's
//! (`clang`, which parses, loads libclang and holds what both read the same way).

use std::ffi::c_void;
use std::path::PathBuf;

use clang_sys::*;

pub use super::super::clang::Unit;
use super::super::clang::{evaluate, expansion_location, string, tokens, Value};

/// The unit's own cursor, whose children are its top-level declarations and macros.
pub fn root(unit: &Unit) -> Cursor {
    Cursor(unit.root())
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
        unsafe { expansion_location(clang_getCursorLocation(self.0)).0 }
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
        match unsafe { evaluate(self.0) } {
            Some(Value::Int(value)) => Some(value),
            _ => None,
        }
    }

    /// The field's offset in its record, in bits.
    pub fn field_offset_bits(&self) -> i64 {
        unsafe { clang_Cursor_getOffsetOfField(self.0) }
    }

    /// The tokens of the cursor's extent, as written.
    pub fn tokens(&self) -> Vec<String> {
        let tokens =
            unsafe { tokens(clang_Cursor_getTranslationUnit(self.0), clang_getCursorExtent(self.0)) };
        tokens.into_iter().map(|token| token.text).collect()
    }

    /// The fully qualified name: `ns::v_1_0::ILogger`.
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

    /// `T` of an elaborated `ns::T`.
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
