//! What the C++ reader finds in one TensorRT release's headers, before it is written as Rust:
//! the namespaces' enums, plain records, polymorphic classes with their vtable slots, aliases,
//! constants and functions. `read` fills it from libclang, `rust` and `probe` write it out.

/// A type as a declaration spells it, resolved as far as Rust needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    Void,
    /// A Rust primitive or `core::ffi` type: `i32`, `bool`, `::core::ffi::c_char`.
    Prim(&'static str),
    /// One of the headers' own types, by its Rust path from the crate root (`nvinfer1::Dims64`).
    Named(String),
    /// A CUDA runtime type (`cudaStream_t`), from cudart-sys.
    Cuda(String),
    Ptr {
        mutable: bool,
        to: Box<Ty>,
    },
    Ref {
        mutable: bool,
        to: Box<Ty>,
    },
    Array(Box<Ty>, usize),
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: Ty,
    /// The default argument, as a Rust expression, where C++ gives one.
    pub default: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Enum {
    pub module: Vec<String>,
    pub name: String,
    pub cpp: String,
    pub repr: &'static str,
    pub variants: Vec<(String, i64)>,
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub ty: Ty,
    pub offset: usize,
}

/// A class or struct without virtual functions: laid out as C lays it out.
#[derive(Clone, Debug)]
pub struct Record {
    pub module: Vec<String>,
    pub name: String,
    pub cpp: String,
    /// A non-polymorphic base (`DimsHW : Dims2`), laid out first.
    pub base: Option<String>,
    pub fields: Vec<Field>,
    pub size: usize,
    pub align: usize,
    pub constants: Vec<Constant>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotKind {
    Method,
    /// The complete-object destructor (D1), then the deleting one (D0), Itanium's two.
    CompleteDtor,
    DeletingDtor,
}

/// One entry of a vtable.
#[derive(Clone, Debug)]
pub struct Slot {
    /// The Rust field name: the method's, made unique within the vtable.
    pub field: String,
    /// The C++ name, and the class that declared the slot first.
    pub cpp: String,
    pub declared_in: String,
    pub kind: SlotKind,
    pub params: Vec<Param>,
    pub ret: Ty,
    pub is_const: bool,
    /// The method's pointer-to-member type as C++ spells it (for the probe):
    /// `nvinfer1::ICudaEngine *(nvinfer1::apiv::VRuntime::*)(const void *, unsigned long) const`.
    pub member_type: String,
}

/// How a wrapper method reaches the implementation.
#[derive(Clone, Debug)]
pub enum Call {
    /// A virtual function of the object itself: its own vtable's slot.
    Virtual { slot: String },
    /// An inline method forwarding to `field->slot(arguments)` (`mImpl->deserializeCudaEngine(blob, size)`).
    Forward { field: String, class: String, slot: String, arguments: Vec<String> },
}

#[derive(Clone, Debug)]
pub struct Method {
    pub name: String,
    pub cpp: String,
    pub params: Vec<Param>,
    pub ret: Ty,
    pub call: Call,
    pub deprecated: bool,
}

/// A class with a vtable.
#[derive(Clone, Debug)]
pub struct Class {
    pub module: Vec<String>,
    pub name: String,
    pub cpp: String,
    /// Its primary base, by Rust path; `None` for a root (which holds the vtable pointer).
    pub base: Option<String>,
    /// Its own data members (after the base's).
    pub fields: Vec<Field>,
    pub size: usize,
    /// Every slot of its vtable, the bases' first.
    pub slots: Vec<Slot>,
    pub methods: Vec<Method>,
    /// Abstract (a pure virtual function remains): only TensorRT or a program makes one.
    pub is_abstract: bool,
    pub constants: Vec<Constant>,
    /// Methods that are not bound, and why.
    pub skipped: Vec<String>,
    /// What `getInterfaceInfo` answers in the header (`"ILogger", 1, 0`), for a program's
    /// implementation to answer the same.
    pub interface_info: Option<(String, i64, i64)>,
}

#[derive(Clone, Debug)]
pub struct Alias {
    pub module: Vec<String>,
    pub name: String,
    pub target: Ty,
    /// The nested types of a class the alias names (`ILogger_Severity`), re-exported with it.
    pub nested: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Constant {
    pub name: String,
    pub ty: Ty,
    pub value: i64,
}

/// An `extern "C"` function of one of TensorRT's libraries.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    pub ret: Ty,
    /// The library that exports it, by the header that declares it: `nvinfer`,
    /// `nvinfer_plugin`, `nvonnxparser`.
    pub library: String,
}

/// An inline function of a namespace: `createInferRuntime(logger)` calling
/// `createInferRuntime_INTERNAL(&logger, NV_TENSORRT_VERSION)`.
#[derive(Clone, Debug)]
pub struct Inline {
    pub module: Vec<String>,
    pub name: String,
    pub params: Vec<Param>,
    pub ret: Ty,
    pub calls: String,
    pub arguments: Vec<String>,
}

/// Everything read from one release.
#[derive(Clone, Debug, Default)]
pub struct Release {
    /// major, minor, patch, build.
    pub version: [u32; 4],
    pub enums: Vec<Enum>,
    pub records: Vec<Record>,
    pub classes: Vec<Class>,
    pub aliases: Vec<Alias>,
    pub constants: Vec<(Vec<String>, Constant)>,
    pub functions: Vec<Function>,
    pub inlines: Vec<Inline>,
    /// The headers read (for `rerun-if-changed`).
    pub files: Vec<std::path::PathBuf>,
}

impl Release {
    /// `NV_TENSORRT_VERSION`: 10.3.0 is 100300.
    pub fn number(&self) -> u32 {
        self.version[0] * 10000 + self.version[1] * 100 + self.version[2]
    }
}
