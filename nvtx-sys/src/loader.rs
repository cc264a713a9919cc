//! NVTX's loader, ported from NVTX 3's C header (`nvtxDetail/nvtxInit.h`, load sequence
//! version 2), and the state it fills in (`nvtxImpl.h`'s `nvtxGlobals`).
//! (NVTX is NVIDIA's, Apache-2.0 with LLVM exception, <https://github.com/NVIDIA/NVTX>; this is
//! our own Rust of its documented load sequence and of the ABI a tool expects: the slot order of
//! each module, the export tables' layout. No NVIDIA source is copied.)
//!
//! # What happens on the first call
//! Every function's slot starts at an "init" function. The first call of any of them (from any
//! thread; the others wait) runs the loader once:
//!
//! 1. `NVTX_INJECTION64_PATH` (`NVTX_INJECTION32_PATH` in a 32-bit process) names a tool's
//!    injection library; it is opened as it is (`dlopen(path, RTLD_LAZY)`, `LoadLibraryW`): no
//!    search beyond what the system does with the name. Only a regular file (or a link to one)
//!    is opened: a FIFO, device, socket, folder or dangling link is said and refused at once
//!    (the dynamic loader would block for ever on a FIFO). On Android, without the variable,
//!    `/data/data/<package>/files/libNvtxInjection64.so`.
//! 2. Its `InitializeInjectionNvtx2` is called with [`nvtxGetExportTable`]; the tool asks for
//!    each module's table of slots and writes the functions it implements into them.
//! 3. Every slot the tool left alone is set to null. When anything failed, every slot is, and
//!    the library is closed again: nothing stays half-loaded.
//!
//! From then on a call is one load of its slot and one compare: without a tool, nothing else.
//!
//! # Where this port differs from C's, and why
//! - **A variable that names no usable library is said, once, on stderr.** C stays silent (it
//!   prints only when built with `NVTX_DEBUG_PRINT`), so a mistyped path or a library that is no
//!   NVTX tool leaves a profile without ranges and nothing to say why. Here one line says what
//!   the variable named, what was wrong (the loader's own message), that NVTX calls do nothing,
//!   and what to do. [`status`] and [`explain`] say the same to the program. No variable (the
//!   usual case, and Android without the file) is no error and prints nothing; an empty
//!   variable counts as no variable.
//! - **Only a regular file is handed to the dynamic loader.** C calls `dlopen` on whatever
//!   the variable names, which blocks for ever on a FIFO (the first NVTX call then never
//!   returns); here a path that is no regular file is refused with what it is, as this
//!   workspace's other loaders refuse it.
//! - **A setuid or setgid program ignores the variable** (secure-execution mode), as the dynamic
//!   loader ignores `LD_PRELOAD` there and as this workspace's other loaders ignore their
//!   variables: the environment may not choose a library that such a program runs. C loads it.
//! - **No static injection**: C's `InitializeInjectionNvtx2_fnptr` is a weak symbol that a tool
//!   linked into the program defines; stable Rust has no weak linkage. A tool is injected by the
//!   variable, which is how Nsight and every dynamic tool do it.
//! - The pre-injection path (`InitializeInjectionNvtx2Preinject`) is off in C's version 2 and
//!   not ported.

use std::ffi::{c_int, c_uint, c_void, OsString};
use std::sync::atomic::{AtomicI32, AtomicPtr, AtomicU32, Ordering};
use std::sync::OnceLock;

use crate::*;

/// The variable naming the injection library in this process (64- or 32-bit).
pub const NVTX_INJECTION_PATH_VAR: &str =
    if std::mem::size_of::<usize>() == 4 { "NVTX_INJECTION32_PATH" } else { "NVTX_INJECTION64_PATH" };

/// The entry point an injection library exports.
const INIT_FUNCTION: &str = "InitializeInjectionNvtx2";

/// One function slot: a tool writes its function's address here (C: `NvtxFunctionPointer`).
type Slot = AtomicPtr<c_void>;

/// `NvtxCallbackModule`: the modules of slots a tool asks for.
pub const NVTX_CB_MODULE_CORE: c_int = 1;
pub const NVTX_CB_MODULE_CUDA: c_int = 2;
pub const NVTX_CB_MODULE_OPENCL: c_int = 3;
pub const NVTX_CB_MODULE_CUDART: c_int = 4;
pub const NVTX_CB_MODULE_CORE2: c_int = 5;
pub const NVTX_CB_MODULE_SYNC: c_int = 6;

/// `NvtxExportTableID`: the tables [`nvtxGetExportTable`] hands out.
pub const NVTX_ETID_CALLBACKS: u32 = 1;
pub const NVTX_ETID_VERSIONINFO: u32 = 3;

/// A module's table as the tool reads it: an array of pointers to slots, null first (the
/// module's INVALID id) and last (C's guard against reading off the end).
type Table = [Option<&'static Slot>];

/// `NvtxExportTableCallbacks`.
#[repr(C)]
pub struct NvtxExportTableCallbacks {
    pub struct_size: usize,
    pub GetModuleFunctionTable: unsafe extern "system" fn(
        module: c_int,
        out_table: *mut *const Option<&'static Slot>,
        out_size: *mut c_uint,
    ) -> c_int,
}

/// `NvtxExportTableVersionInfo`.
#[repr(C)]
pub struct NvtxExportTableVersionInfo {
    pub struct_size: usize,
    pub version: u32,
    pub reserved0: u32,
    pub SetInjectionNvtxVersion: unsafe extern "system" fn(version: u32),
}

static CALLBACKS: NvtxExportTableCallbacks = NvtxExportTableCallbacks {
    struct_size: std::mem::size_of::<NvtxExportTableCallbacks>(),
    GetModuleFunctionTable: get_module_function_table,
};

static VERSION_INFO: NvtxExportTableVersionInfo = NvtxExportTableVersionInfo {
    struct_size: std::mem::size_of::<NvtxExportTableVersionInfo>(),
    version: NVTX_VERSION,
    reserved0: 0,
    SetInjectionNvtxVersion: set_injection_nvtx_version,
};

/// `nvtxGetExportTable`: what `InitializeInjectionNvtx2` is handed; the callbacks table or the
/// version table, else null.
pub unsafe extern "system" fn nvtxGetExportTable(export_table_id: u32) -> *const c_void {
    match export_table_id {
        NVTX_ETID_CALLBACKS => (&CALLBACKS as *const NvtxExportTableCallbacks).cast(),
        NVTX_ETID_VERSIONINFO => (&VERSION_INFO as *const NvtxExportTableVersionInfo).cast(),
        _ => std::ptr::null(),
    }
}

/// `nvtxEtiGetModuleFunctionTable`: a module's table and its size (its slots and the INVALID
/// one, as C counts); 0 for a module there is none of.
unsafe extern "system" fn get_module_function_table(
    module: c_int,
    out_table: *mut *const Option<&'static Slot>,
    out_size: *mut c_uint,
) -> c_int {
    let table: &'static Table = match module {
        NVTX_CB_MODULE_CORE => &api::CORE,
        NVTX_CB_MODULE_CUDA => &api::CUDA,
        NVTX_CB_MODULE_OPENCL => &OPENCL,
        NVTX_CB_MODULE_CUDART => &api::CUDART,
        NVTX_CB_MODULE_CORE2 => &api::CORE2,
        NVTX_CB_MODULE_SYNC => &SYNC,
        _ => return 0,
    };
    if !out_size.is_null() {
        // SAFETY: the tool's out-pointer, non-null.
        unsafe { *out_size = (table.len() - 1) as c_uint };
    }
    if !out_table.is_null() {
        // SAFETY: as above. The tool writes through the slots' pointers (atomics: interior
        // mutability), never into the table itself.
        unsafe { *out_table = table.as_ptr() };
    }
    1
}

/// `nvtxEtiSetInjectionNvtxVersion`: reserved by NVIDIA for working around a tool's bugs; as
/// in C, unused.
unsafe extern "system" fn set_injection_nvtx_version(_version: u32) {}

/// Declares each module's functions: its slots (starting at their init function), its table
/// in callback-id order, and the function under C's name, which calls its slot when non-null
/// and otherwise returns what C's header returns without a tool.
macro_rules! api {
    ($($module:ident { $(
        $(#[$doc:meta])*
        fn $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty = $none:expr)?;
    )* })*) => {
        /// The functions under C's names, and each module's slots (`nvtxGlobals`).
        pub mod api {
            use super::*;

            /// Each function's slot and init function, by the function's name.
            pub(crate) mod slots {
                use super::*;
                $($(
                    pub(crate) mod $name {
                        use super::*;
                        pub(crate) type F = unsafe extern "system" fn($($ty),*) $(-> $ret)?;
                        /// C's `<name>_impl_init`: the slot's value until NVTX is initialized.
                        pub(crate) unsafe extern "system" fn init($($arg: $ty),*) $(-> $ret)? {
                            init_once();
                            // SAFETY: the caller's arguments, passed on as they came.
                            unsafe { crate::$name($($arg),*) }
                        }
                        pub(crate) static SLOT: Slot = Slot::new(init as F as *mut c_void);
                    }
                )*)*
            }

            $(
                pub(crate) static $module: [Option<&'static Slot>; [$(stringify!($name)),*].len() + 2] =
                    [None, $(Some(&slots::$name::SLOT),)* None];
            )*

            $($(
                $(#[$doc])*
                #[inline]
                pub unsafe fn $name($($arg: $ty),*) $(-> $ret)? {
                    let function = slots::$name::SLOT.load(Ordering::Acquire);
                    if !function.is_null() {
                        // SAFETY: the slot holds its init function or a function of this
                        // signature that a tool wrote there (the export table's contract).
                        return unsafe {
                            std::mem::transmute::<*mut c_void, slots::$name::F>(function)($($arg),*)
                        };
                    }
                    $($none as $ret)?
                }
            )*)*

            /// Every slot's value, in declaration order: taken before the tool is called.
            pub(crate) fn snapshot() -> Vec<*mut c_void> {
                vec![$($(slots::$name::SLOT.load(Ordering::Acquire),)*)*]
            }

            /// C's `nvtxSetInitFunctionsToNoops`: null every slot the tool left as it was (at
            /// its init function: `before` is what [`snapshot`] took before the tool ran,
            /// compared as loaded rather than against a fresh `init as F`, whose address Rust
            /// does not promise to be the same each time), or every slot (`all`).
            pub(crate) fn set_init_functions_to_noops(all: bool, before: &[*mut c_void]) {
                let slots = [$($(&slots::$name::SLOT,)*)*];
                for (slot, &before) in slots.iter().zip(before) {
                    if all || slot.load(Ordering::Acquire) == before {
                        slot.store(std::ptr::null_mut(), Ordering::Release);
                    }
                }
            }
        }
    };
}

api! {
    CORE {
        /// A mark: an instant event with attributes.
        fn nvtxMarkEx(eventAttrib: *const nvtxEventAttributes_t);
        /// A mark: an instant event with a message.
        fn nvtxMarkA(message: *const c_char);
        fn nvtxMarkW(message: *const wchar_t);
        /// Starts a range that may end on another thread; its id, for [`nvtxRangeEnd`] (0 without a tool).
        fn nvtxRangeStartEx(eventAttrib: *const nvtxEventAttributes_t) -> nvtxRangeId_t = 0;
        fn nvtxRangeStartA(message: *const c_char) -> nvtxRangeId_t = 0;
        fn nvtxRangeStartW(message: *const wchar_t) -> nvtxRangeId_t = 0;
        /// Ends the range [`nvtxRangeStartA`] started.
        fn nvtxRangeEnd(id: nvtxRangeId_t);
        /// Opens a nested range on this thread; the 0-based depth of the range opened
        /// ([`NVTX_NO_PUSH_POP_TRACKING`] without a tool that tracks them).
        fn nvtxRangePushEx(eventAttrib: *const nvtxEventAttributes_t) -> c_int = NVTX_NO_PUSH_POP_TRACKING;
        fn nvtxRangePushA(message: *const c_char) -> c_int = NVTX_NO_PUSH_POP_TRACKING;
        fn nvtxRangePushW(message: *const wchar_t) -> c_int = NVTX_NO_PUSH_POP_TRACKING;
        /// Closes this thread's innermost range; the 0-based depth of the range closed.
        fn nvtxRangePop() -> c_int = NVTX_NO_PUSH_POP_TRACKING;
        /// Names a category (the `category` of event attributes).
        fn nvtxNameCategoryA(category: u32, name: *const c_char);
        fn nvtxNameCategoryW(category: u32, name: *const wchar_t);
        /// Names an OS thread (its id: `gettid()` on Linux, `GetCurrentThreadId()` on Windows).
        fn nvtxNameOsThreadA(threadId: u32, name: *const c_char);
        fn nvtxNameOsThreadW(threadId: u32, name: *const wchar_t);
    }
    CUDA {
        /// Names a Driver API device, context, stream or event (nvToolsExtCuda.h).
        fn nvtxNameCuDeviceA(device: nvtx_CUdevice, name: *const c_char);
        fn nvtxNameCuDeviceW(device: nvtx_CUdevice, name: *const wchar_t);
        fn nvtxNameCuContextA(context: nvtx_CUcontext, name: *const c_char);
        fn nvtxNameCuContextW(context: nvtx_CUcontext, name: *const wchar_t);
        fn nvtxNameCuStreamA(stream: nvtx_CUstream, name: *const c_char);
        fn nvtxNameCuStreamW(stream: nvtx_CUstream, name: *const wchar_t);
        fn nvtxNameCuEventA(event: nvtx_CUevent, name: *const c_char);
        fn nvtxNameCuEventW(event: nvtx_CUevent, name: *const wchar_t);
    }
    CUDART {
        /// Names a Runtime API device, stream or event (nvToolsExtCudaRt.h).
        fn nvtxNameCudaDeviceA(device: c_int, name: *const c_char);
        fn nvtxNameCudaDeviceW(device: c_int, name: *const wchar_t);
        fn nvtxNameCudaStreamA(stream: nvtx_cudaStream_t, name: *const c_char);
        fn nvtxNameCudaStreamW(stream: nvtx_cudaStream_t, name: *const wchar_t);
        fn nvtxNameCudaEventA(event: nvtx_cudaEvent_t, name: *const c_char);
        fn nvtxNameCudaEventW(event: nvtx_cudaEvent_t, name: *const wchar_t);
    }
    CORE2 {
        /// A mark in a domain.
        fn nvtxDomainMarkEx(domain: nvtxDomainHandle_t, eventAttrib: *const nvtxEventAttributes_t);
        fn nvtxDomainRangeStartEx(domain: nvtxDomainHandle_t, eventAttrib: *const nvtxEventAttributes_t) -> nvtxRangeId_t = 0;
        fn nvtxDomainRangeEnd(domain: nvtxDomainHandle_t, id: nvtxRangeId_t);
        fn nvtxDomainRangePushEx(domain: nvtxDomainHandle_t, eventAttrib: *const nvtxEventAttributes_t) -> c_int = NVTX_NO_PUSH_POP_TRACKING;
        fn nvtxDomainRangePop(domain: nvtxDomainHandle_t) -> c_int = NVTX_NO_PUSH_POP_TRACKING;
        fn nvtxDomainResourceCreate(domain: nvtxDomainHandle_t, attribs: *mut nvtxResourceAttributes_t) -> nvtxResourceHandle_t = std::ptr::null_mut::<nvtxResourceHandle>();
        fn nvtxDomainResourceDestroy(resource: nvtxResourceHandle_t);
        fn nvtxDomainNameCategoryA(domain: nvtxDomainHandle_t, category: u32, name: *const c_char);
        fn nvtxDomainNameCategoryW(domain: nvtxDomainHandle_t, category: u32, name: *const wchar_t);
        fn nvtxDomainRegisterStringA(domain: nvtxDomainHandle_t, string: *const c_char) -> nvtxStringHandle_t = std::ptr::null_mut::<nvtxStringRegistration>();
        fn nvtxDomainRegisterStringW(domain: nvtxDomainHandle_t, string: *const wchar_t) -> nvtxStringHandle_t = std::ptr::null_mut::<nvtxStringRegistration>();
        /// A domain of its own for a library's events (null without a tool: every domain
        /// function takes null).
        fn nvtxDomainCreateA(name: *const c_char) -> nvtxDomainHandle_t = std::ptr::null_mut::<nvtxDomainRegistration>();
        fn nvtxDomainCreateW(name: *const wchar_t) -> nvtxDomainHandle_t = std::ptr::null_mut::<nvtxDomainRegistration>();
        fn nvtxDomainDestroy(domain: nvtxDomainHandle_t);
        /// Initializes NVTX now rather than at the first call (the tool loads here).
        fn nvtxInitialize(reserved: *const c_void);
    }
}

/// The OpenCL and synchronization modules' slots: a tool may fill them in; this crate binds
/// neither header (nvToolsExtOpenCL.h, nvToolsExtSync.h), so nothing calls them.
#[allow(clippy::declare_interior_mutable_const)] // Only ever copied into the statics below.
const EMPTY: Slot = Slot::new(std::ptr::null_mut());
static OPENCL_SLOTS: [Slot; 14] = [EMPTY; 14];
static SYNC_SLOTS: [Slot; 6] = [EMPTY; 6];
static OPENCL: [Option<&'static Slot>; 16] = {
    let mut table = [None; 16];
    let mut i = 0;
    while i < 14 {
        table[i + 1] = Some(&OPENCL_SLOTS[i]);
        i += 1;
    }
    table
};
static SYNC: [Option<&'static Slot>; 8] = {
    let mut table = [None; 8];
    let mut i = 0;
    while i < 6 {
        table[i + 1] = Some(&SYNC_SLOTS[i]);
        i += 1;
    }
    table
};

const FRESH: u32 = 0;
const STARTED: u32 = 1;
const COMPLETE: u32 = 2;

/// C's `nvtxGlobals.initState`.
static INIT_STATE: AtomicU32 = AtomicU32::new(FRESH);
/// The loader's result, an `NVTX_SUCCESS` or `NVTX_ERR_*` (-1 until it ran).
static RESULT: AtomicI32 = AtomicI32::new(-1);
/// The sentence for a variable that named no usable library.
static MESSAGE: OnceLock<String> = OnceLock::new();

/// C's `nvtxInitOnce`: the first caller loads; the others wait (yielding) until it is done.
fn init_once() {
    if INIT_STATE.load(Ordering::Acquire) == COMPLETE {
        return;
    }
    if INIT_STATE.compare_exchange(FRESH, STARTED, Ordering::AcqRel, Ordering::Acquire).is_ok() {
        let before = api::snapshot();
        let (result, loaded) = initialize_injection_library();
        api::set_init_functions_to_noops(result != NVTX_SUCCESS, &before);
        for slot in OPENCL_SLOTS.iter().chain(&SYNC_SLOTS) {
            if result != NVTX_SUCCESS {
                slot.store(std::ptr::null_mut(), Ordering::Release);
            }
        }
        // A library that did not attach goes only now, when no slot can lead into it.
        if result != NVTX_SUCCESS {
            drop(loaded);
        } else {
            std::mem::forget(loaded); // A tool that attached stays for the process's life.
        }
        RESULT.store(result, Ordering::Release);
        INIT_STATE.store(COMPLETE, Ordering::Release);
    } else {
        while INIT_STATE.load(Ordering::Acquire) != COMPLETE {
            std::thread::yield_now();
        }
    }
}

/// The loader's result once NVTX is initialized (by the first call, or [`nvtxInitialize`]):
/// `NVTX_SUCCESS` when a tool attached, `NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE` when none was
/// named, another `NVTX_ERR_*` when the one named could not be used ([`explain`] says why);
/// `None` before.
pub fn status() -> Option<c_int> {
    match INIT_STATE.load(Ordering::Acquire) {
        COMPLETE => Some(RESULT.load(Ordering::Acquire)),
        _ => None,
    }
}

/// Why the library the variable named is not attached, in the sentence printed on stderr then;
/// `None` when a tool attached, none was named, or NVTX is not initialized yet.
pub fn explain() -> Option<&'static str> {
    (status().is_some()).then(|| MESSAGE.get().map(String::as_str)).flatten()
}

/// Says why the named library is not used: once (the loader runs once), on stderr and for
/// [`explain`]. A closed stderr is no error of NVTX's.
fn fail(code: c_int, sentence: String) -> c_int {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{sentence}");
    let _ = MESSAGE.set(sentence);
    code
}

/// C's `nvtxInitializeInjectionLibrary`: the result, and the library loaded (closed on drop).
fn initialize_injection_library() -> (c_int, Option<os::Library>) {
    let Some(path) = injection_library_path() else {
        return (NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE, None);
    };
    let shown = std::path::Path::new(&path).display().to_string();
    let var = NVTX_INJECTION_PATH_VAR;
    if let Some(why) = os::secure_execution() {
        let sentence = format!(
            "NVTX: {var} is ignored, as {why} and the environment may not choose a library it runs: NVTX calls do nothing; run the program without setuid/setgid to profile it."
        );
        return (fail(NVTX_ERR_INIT_ACCESS_LIBRARY, sentence), None);
    }
    let opened = not_a_library(std::path::Path::new(&path)).map_or_else(|| os::Library::open(&path), Err);
    let library = match opened {
        Ok(library) => library,
        Err(why) => {
            let sentence = format!(
                "NVTX: {var}={shown} could not be loaded ({why}): NVTX calls do nothing; set it to a profiler's NVTX injection library, or unset it."
            );
            return (fail(NVTX_ERR_INIT_LOAD_LIBRARY, sentence), None);
        }
    };
    let entry = library.symbol(INIT_FUNCTION);
    if entry.is_null() {
        let sentence = format!(
            "NVTX: {var}={shown} exports no {INIT_FUNCTION}, so it is no NVTX injection library: it was unloaded and NVTX calls do nothing; set the variable to a profiler's injection library, or unset it."
        );
        return (fail(NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT, sentence), Some(library));
    }
    type InitializeInjectionNvtx2 =
        unsafe extern "system" fn(get_export_table: unsafe extern "system" fn(u32) -> *const c_void) -> c_int;
    // SAFETY: the entry point NVTX's protocol gives this name and signature.
    let initialize = unsafe { std::mem::transmute::<*mut c_void, InitializeInjectionNvtx2>(entry) };
    // SAFETY: the tool's entry point, called once, with NVTX's export table function.
    if unsafe { initialize(nvtxGetExportTable) } == 0 {
        let sentence = format!(
            "NVTX: the injection library {shown} ({var}) declined to attach ({INIT_FUNCTION} returned 0): it was unloaded and NVTX calls do nothing; the tool's own messages may say why."
        );
        return (fail(NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT, sentence), Some(library));
    }
    (NVTX_SUCCESS, Some(library))
}

/// Why `path` is no library to open, when its type says so: the dynamic loader opens a FIFO
/// and waits for a writer for ever, reads a device (`/dev/zero`, a terminal) as it comes, and
/// a socket or a folder is no library either; so only a regular file (or a link to one) is
/// handed to it, as this workspace's other loaders do. A path that is not there is left to the
/// loader's own words, except a link that leads nowhere, which they would not name. A bare
/// name (no separator) is the loader's to search for, not a file here to look at.
fn not_a_library(path: &std::path::Path) -> Option<String> {
    let separators: &[u8] = if cfg!(windows) { b"/\\" } else { b"/" };
    if !path.as_os_str().as_encoded_bytes().iter().any(|b| separators.contains(b)) {
        return None;
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => None,
        Ok(meta) => Some(format!("{}, not a regular file", file_kind(&meta))),
        Err(error) => match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(path)
                    .map_or_else(|_| "what it names".into(), |t| t.display().to_string());
                Some(match error.kind() {
                    std::io::ErrorKind::NotFound => {
                        format!("a symbolic link to {target}, which is not there")
                    }
                    _ => format!("a symbolic link to {target}, which cannot be followed: {error}"),
                })
            }
            _ => None,
        },
    }
}

/// What a path that is no regular file is, in words.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        } else if kind.is_socket() {
            return "a socket";
        } else if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    "something other than a file"
}

/// The variable's value (an empty one counts as unset); on Android, without it, the package's
/// `files/libNvtxInjection64.so` when it is there (C's `NVTX_SUPPORT_ANDROID_...`).
fn injection_library_path() -> Option<OsString> {
    let named = std::env::var_os(NVTX_INJECTION_PATH_VAR).filter(|path| !path.is_empty());
    #[cfg(target_os = "android")]
    let named = named.or_else(android_package_library);
    named
}

#[cfg(target_os = "android")]
fn android_package_library() -> Option<OsString> {
    let cmdline = std::fs::read("/proc/self/cmdline").ok()?;
    let package: Vec<u8> = cmdline.into_iter().take_while(|&b| b != 0 && b != b':').collect();
    let bits = if std::mem::size_of::<usize>() == 4 { "32" } else { "64" };
    let mut path = b"/data/data/".to_vec();
    path.extend_from_slice(&package);
    path.extend_from_slice(format!("/files/libNvtxInjection{bits}.so").as_bytes());
    use std::os::unix::ffi::OsStringExt;
    let path = OsString::from_vec(path);
    std::fs::File::open(&path).is_ok().then_some(path)
}

#[cfg(unix)]
mod os {
    use std::ffi::{c_void, CStr, CString, OsStr};
    use std::os::unix::ffi::OsStrExt;

    /// A `dlopen` handle, closed on drop.
    pub struct Library(*mut c_void);

    impl Library {
        /// `dlopen(path, RTLD_LAZY)`, as C's loader opens it, or the dynamic loader's message.
        pub fn open(path: &OsStr) -> Result<Library, String> {
            let path =
                CString::new(path.as_bytes()).map_err(|_| "the path contains a NUL byte".to_string())?;
            // SAFETY: a NUL-terminated path.
            let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_LAZY) };
            if !handle.is_null() {
                return Ok(Library(handle));
            }
            // SAFETY: this thread's message for the dlopen that just failed, copied at once.
            let message = unsafe { libc::dlerror() };
            Err(if message.is_null() {
                "dlopen failed".into()
            } else {
                // SAFETY: non-null and NUL-terminated.
                unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
            })
        }

        /// `name`'s address, or null.
        pub fn symbol(&self, name: &str) -> *mut c_void {
            let Ok(name) = CString::new(name) else { return std::ptr::null_mut() };
            // SAFETY: a live handle and a NUL-terminated name.
            unsafe { libc::dlsym(self.0, name.as_ptr()) }
        }
    }

    impl Drop for Library {
        fn drop(&mut self) {
            // SAFETY: a handle from dlopen that no slot leads into any more.
            unsafe { libc::dlclose(self.0) };
        }
    }

    /// Why the environment may not choose a library this program loads, if it may not.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub fn secure_execution() -> Option<&'static str> {
        // SAFETY: getauxval only reads the auxiliary vector.
        let secure = unsafe { libc::getauxval(libc::AT_SECURE) } != 0;
        secure.then_some("this program runs in secure-execution mode (setuid, setgid or file capabilities)")
    }

    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub fn secure_execution() -> Option<&'static str> {
        // SAFETY: these only read the process's ids.
        let differ = unsafe { libc::getuid() != libc::geteuid() || libc::getgid() != libc::getegid() };
        differ.then_some("this program runs setuid or setgid")
    }
}

#[cfg(windows)]
mod os {
    use std::ffi::{c_char, c_void, CString, OsStr};
    use std::os::windows::ffi::OsStrExt;

    #[link(name = "kernel32")]
    extern "system" {
        fn LoadLibraryW(name: *const u16) -> *mut c_void;
        fn GetProcAddress(module: *mut c_void, name: *const c_char) -> *mut c_void;
        fn FreeLibrary(module: *mut c_void) -> i32;
    }

    /// A module handle, freed on drop.
    pub struct Library(*mut c_void);

    impl Library {
        /// `LoadLibraryW(path)`, as C's loader opens it, or the system's message.
        pub fn open(path: &OsStr) -> Result<Library, String> {
            let mut wide: Vec<u16> = path.encode_wide().collect();
            if wide.contains(&0) {
                return Err("the path contains a NUL character".into());
            }
            wide.push(0);
            // SAFETY: a NUL-terminated wide string.
            let handle = unsafe { LoadLibraryW(wide.as_ptr()) };
            if handle.is_null() {
                return Err(std::io::Error::last_os_error().to_string());
            }
            Ok(Library(handle))
        }

        /// `name`'s address, or null.
        pub fn symbol(&self, name: &str) -> *mut c_void {
            let Ok(name) = CString::new(name) else { return std::ptr::null_mut() };
            // SAFETY: a live module and a NUL-terminated name.
            unsafe { GetProcAddress(self.0, name.as_ptr()) }
        }
    }

    impl Drop for Library {
        fn drop(&mut self) {
            // SAFETY: a module from LoadLibraryW that no slot leads into any more.
            unsafe { FreeLibrary(self.0) };
        }
    }

    /// Windows has no setuid programs.
    pub fn secure_execution() -> Option<&'static str> {
        None
    }
}
