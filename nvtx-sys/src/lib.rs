//! NVTX 3, the NVIDIA Tools Extension (`nvtx3/nvToolsExt.h`), raw and one-to-one: ranges,
//! marks and names that a profiler (Nsight Systems, Nsight Compute, or any NVTX tool) shows on
//! its timeline, under C's names: `nvtxRangePushA`, `nvtxRangePop`, `nvtxMarkA`,
//! `nvtxNameOsThreadA`, `nvtxRangeStartA`/`nvtxRangeEnd`, `nvtxDomainCreateA`,
//! `nvtxDomainRangePushEx` with an [`nvtxEventAttributes_t`], ...
//! NVIDIA's reference: <https://nvidia.github.io/NVTX/doxygen/index.html>.
//!
//! # How NVTX works, and what this crate is
//! NVTX has no library of its own to load. In C it is header-only: the header defines every
//! function as a call through a function pointer, and the first call looks for a tool's
//! *injection library*, named by the variable `NVTX_INJECTION64_PATH` (a profiler sets it for
//! the program it starts), calls its `InitializeInjectionNvtx2`, and lets the tool fill in the
//! pointers it wants. Without a tool every pointer is null and every call is one load and one
//! compare. [`loader`] is a port of that loader (`nvtxDetail/nvtxInit.h`, `nvtxImpl.h`,
//! `nvtxInitDefs.h` of NVTX 3, load sequence version 2) to Rust, and the functions here are the
//! header's `nvtxImplCore.h`: the same slots, the same export table handed to the tool (a tool
//! cannot tell this crate from a C program), the same results when no tool is attached
//! ([`NVTX_NO_PUSH_POP_TRACKING`] from a push or pop, 0 from a start, null from a create).
//!
//! Why a port rather than NVIDIA's header compiled by the `cc` crate: a C compiler would be
//! needed in every user's build (cross builds and `cargo check` for another target included),
//! which no other crate of this workspace asks for; NVIDIA's header would be vendored and
//! compiled per platform; and the C loader is silent about a variable that names no usable
//! library, which is the one place a user needs to be told something (see [`loader`]). The port
//! is small (one load, one symbol, one call), and tests/injection.rs checks it against a tool
//! written in C.
//!
//! Where this crate differs from the C header, and why: [`loader`] lists it (one sentence on
//! stderr for a variable that names no usable library; the variable ignored in a setuid
//! program; no link-time "static injection", which needs weak symbols Rust does not have).
//!
//! The functions are Rust functions under C's names, not exported symbols: nothing clashes with
//! another NVTX in the process (each C library that includes the header has its own copy of
//! NVTX's state too, and a tool attaches to each).
//!
//! # Soundness
//! Every function is `unsafe`, as in C: strings are NUL-terminated C strings
//! (`c"step".as_ptr()`), attribute structs have `version` and `size` set, and handles are ones
//! NVTX returned. What a tool does with them is the tool's.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals)]
// "Soundness" above says it once for every function, as C's documentation does.
#![allow(clippy::missing_safety_doc)]

use std::ffi::{c_char, c_int, c_void};

pub mod loader;

/// `wchar_t`, for the `W` functions (UTF-16 on Windows, UTF-32 elsewhere).
#[cfg(windows)]
pub type wchar_t = u16;
/// `wchar_t`, for the `W` functions (UTF-16 on Windows, UTF-32 elsewhere).
#[cfg(not(windows))]
pub type wchar_t = libc::wchar_t;

/// The NVTX API version of this port: `NVTX_VERSION`, handed to a tool in the export table.
pub const NVTX_VERSION: u32 = 3;

/// What a push or pop returns when no tool tracks ranges (no tool attached, or one that leaves
/// the function to NVTX).
pub const NVTX_NO_PUSH_POP_TRACKING: c_int = -2;

/// The results of NVTX's initialization, as the header numbers them; [`loader::status`] returns
/// one.
pub const NVTX_SUCCESS: c_int = 0;
pub const NVTX_FAIL: c_int = 1;
pub const NVTX_ERR_INIT_LOAD_PROPERTY: c_int = 2;
pub const NVTX_ERR_INIT_ACCESS_LIBRARY: c_int = 3;
pub const NVTX_ERR_INIT_LOAD_LIBRARY: c_int = 4;
pub const NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT: c_int = 5;
pub const NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT: c_int = 6;
pub const NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE: c_int = 7;

pub type nvtxRangeId_t = u64;

/// Opaque: a domain, made by [`nvtxDomainCreateA`].
#[repr(C)]
pub struct nvtxDomainRegistration_st {
    _opaque: [u8; 0],
}
pub type nvtxDomainRegistration = nvtxDomainRegistration_st;
pub type nvtxDomainHandle_t = *mut nvtxDomainRegistration;

/// Opaque: a string registered with [`nvtxDomainRegisterStringA`].
#[repr(C)]
pub struct nvtxStringRegistration_st {
    _opaque: [u8; 0],
}
pub type nvtxStringRegistration = nvtxStringRegistration_st;
pub type nvtxStringHandle_t = *mut nvtxStringRegistration;

/// Opaque: a resource named with [`nvtxDomainResourceCreate`].
#[repr(C)]
pub struct nvtxResourceHandle {
    _opaque: [u8; 0],
}
pub type nvtxResourceHandle_t = *mut nvtxResourceHandle;

// The header's enums are stored in `int32_t` fields of the attribute structs: typed so here, so
// that `attributes.colorType = NVTX_COLOR_ARGB` reads as in C.
pub type nvtxColorType_t = i32;
pub const NVTX_COLOR_UNKNOWN: nvtxColorType_t = 0;
pub const NVTX_COLOR_ARGB: nvtxColorType_t = 1;

pub type nvtxMessageType_t = i32;
pub const NVTX_MESSAGE_UNKNOWN: nvtxMessageType_t = 0;
pub const NVTX_MESSAGE_TYPE_ASCII: nvtxMessageType_t = 1;
pub const NVTX_MESSAGE_TYPE_UNICODE: nvtxMessageType_t = 2;
pub const NVTX_MESSAGE_TYPE_REGISTERED: nvtxMessageType_t = 3;

pub type nvtxPayloadType_t = i32;
pub const NVTX_PAYLOAD_UNKNOWN: nvtxPayloadType_t = 0;
pub const NVTX_PAYLOAD_TYPE_UNSIGNED_INT64: nvtxPayloadType_t = 1;
pub const NVTX_PAYLOAD_TYPE_INT64: nvtxPayloadType_t = 2;
pub const NVTX_PAYLOAD_TYPE_DOUBLE: nvtxPayloadType_t = 3;
pub const NVTX_PAYLOAD_TYPE_UNSIGNED_INT32: nvtxPayloadType_t = 4;
pub const NVTX_PAYLOAD_TYPE_INT32: nvtxPayloadType_t = 5;
pub const NVTX_PAYLOAD_TYPE_FLOAT: nvtxPayloadType_t = 6;

/// `nvtxMessageValue_t`: the message of an event or resource, as [`nvtxMessageType_t`] says.
#[repr(C)]
#[derive(Clone, Copy)]
pub union nvtxMessageValue_t {
    pub ascii: *const c_char,
    pub unicode: *const wchar_t,
    pub registered: nvtxStringHandle_t,
}

/// The payload of an event, as [`nvtxPayloadType_t`] says.
#[repr(C)]
#[derive(Clone, Copy)]
pub union nvtxEventAttributes_v2_payload_t {
    pub ullValue: u64,
    pub llValue: i64,
    pub dValue: f64,
    pub uiValue: u32,
    pub iValue: i32,
    pub fValue: f32,
}

/// An event's attributes: category, color, payload, message. As in C, start from all zeros
/// (`std::mem::zeroed()`, C's `= {0}`), then set `version` to [`NVTX_VERSION`] and `size` to
/// [`NVTX_EVENT_ATTRIB_STRUCT_SIZE`].
#[repr(C)]
#[derive(Clone, Copy)]
pub struct nvtxEventAttributes_v2 {
    pub version: u16,
    pub size: u16,
    pub category: u32,
    /// An [`nvtxColorType_t`].
    pub colorType: i32,
    pub color: u32,
    /// An [`nvtxPayloadType_t`].
    pub payloadType: i32,
    pub reserved0: i32,
    pub payload: nvtxEventAttributes_v2_payload_t,
    /// An [`nvtxMessageType_t`].
    pub messageType: i32,
    pub message: nvtxMessageValue_t,
}
pub type nvtxEventAttributes_t = nvtxEventAttributes_v2;

/// `sizeof(nvtxEventAttributes_t)`, for its `size` field.
pub const NVTX_EVENT_ATTRIB_STRUCT_SIZE: u16 = std::mem::size_of::<nvtxEventAttributes_t>() as u16;

/// What a resource is identified by, as [`nvtxResourceAttributes_v0::identifierType`] says.
#[repr(C)]
#[derive(Clone, Copy)]
pub union nvtxResourceAttributes_v0_identifier_t {
    pub pValue: *const c_void,
    pub ullValue: u64,
}

/// A resource's attributes, for [`nvtxDomainResourceCreate`]; zeroed, then `version` and `size`
/// ([`NVTX_RESOURCE_ATTRIB_STRUCT_SIZE`]) set, as for events.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct nvtxResourceAttributes_v0 {
    pub version: u16,
    pub size: u16,
    /// An `NVTX_RESOURCE_TYPE_*`.
    pub identifierType: i32,
    pub identifier: nvtxResourceAttributes_v0_identifier_t,
    /// An [`nvtxMessageType_t`].
    pub messageType: i32,
    pub message: nvtxMessageValue_t,
}
pub type nvtxResourceAttributes_t = nvtxResourceAttributes_v0;

/// `sizeof(nvtxResourceAttributes_t)`, for its `size` field.
pub const NVTX_RESOURCE_ATTRIB_STRUCT_SIZE: u16 = std::mem::size_of::<nvtxResourceAttributes_t>() as u16;

/// `NVTX_RESOURCE_MAKE_TYPE(GENERIC, i)`: the class in the high 16 bits, the index below.
pub const NVTX_RESOURCE_CLASS_GENERIC: u32 = 1;
pub type nvtxResourceGenericType_t = i32;
pub const NVTX_RESOURCE_TYPE_UNKNOWN: nvtxResourceGenericType_t = 0;
pub const NVTX_RESOURCE_TYPE_GENERIC_POINTER: nvtxResourceGenericType_t =
    (NVTX_RESOURCE_CLASS_GENERIC << 16 | 1) as i32;
pub const NVTX_RESOURCE_TYPE_GENERIC_HANDLE: nvtxResourceGenericType_t =
    (NVTX_RESOURCE_CLASS_GENERIC << 16 | 2) as i32;
pub const NVTX_RESOURCE_TYPE_GENERIC_THREAD_NATIVE: nvtxResourceGenericType_t =
    (NVTX_RESOURCE_CLASS_GENERIC << 16 | 3) as i32;
pub const NVTX_RESOURCE_TYPE_GENERIC_THREAD_POSIX: nvtxResourceGenericType_t =
    (NVTX_RESOURCE_CLASS_GENERIC << 16 | 4) as i32;

// The header's types that nvToolsExtCuda.h and nvToolsExtCudaRt.h take, as nvtxTypes.h defines
// them binary-compatibly (a CUcontext, CUstream, ... is a pointer; a device an int): pass
// libcuda-sys's or cudart-sys's handles with `.cast()`.
pub type nvtx_CUdevice = c_int;
pub type nvtx_CUcontext = *mut c_void;
pub type nvtx_CUstream = *mut c_void;
pub type nvtx_CUevent = *mut c_void;
pub type nvtx_cudaStream_t = *mut c_void;
pub type nvtx_cudaEvent_t = *mut c_void;

// The layout C gives these structs on 64-bit targets (the tool reads them as C lays them out;
// tests/injection.rs has a tool in C read every field back).
#[cfg(target_pointer_width = "64")]
const _: () = {
    assert!(std::mem::size_of::<nvtxEventAttributes_t>() == 48);
    assert!(std::mem::offset_of!(nvtxEventAttributes_t, payload) == 24);
    assert!(std::mem::offset_of!(nvtxEventAttributes_t, messageType) == 32);
    assert!(std::mem::offset_of!(nvtxEventAttributes_t, message) == 40);
    assert!(std::mem::size_of::<nvtxResourceAttributes_t>() == 32);
    assert!(std::mem::offset_of!(nvtxResourceAttributes_t, identifier) == 8);
    assert!(std::mem::offset_of!(nvtxResourceAttributes_t, message) == 24);
};

pub use loader::api::*;
