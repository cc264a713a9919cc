//! The system side of loading on Windows: `LoadLibraryExW`, `GetProcAddress`,
//! `GetModuleFileNameW`, with `GetLastError`'s text (as `FormatMessageW` words it, through
//! std's `io::Error::last_os_error`).
//!
//! The six kernel32 functions are declared here rather than taken from a crate (windows-sys,
//! libloading): their signatures have not changed since Windows XP, kernel32 is linked into
//! every Windows program anyway, and a dependency would add more to build and audit than the
//! thirty lines it saves.
use std::ffi::{c_char, c_void, CStr, OsStr, OsString};
use std::os::windows::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use crate::library::Search;

type Hmodule = *mut c_void;

/// Search the system directory (System32) only: not the application's folder, not the
/// current directory, not PATH, where anyone could have put an nvcuda.dll.
const LOAD_LIBRARY_SEARCH_SYSTEM32: u32 = 0x0000_0800;
/// The application's folder, the system directory and the folders added with
/// `AddDllDirectory`: never the current directory or `PATH`.
const LOAD_LIBRARY_SEARCH_DEFAULT_DIRS: u32 = 0x0000_1000;
/// For an absolute path: also resolve the DLL's own dependencies from its folder.
const LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR: u32 = 0x0000_0100;
const GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS: u32 = 0x0000_0004;
const GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT: u32 = 0x0000_0002;

#[link(name = "kernel32")]
extern "system" {
    fn LoadLibraryExW(name: *const u16, file: *mut c_void, flags: u32) -> Hmodule;
    fn GetProcAddress(module: Hmodule, name: *const c_char) -> *mut c_void;
    fn FreeLibrary(module: Hmodule) -> i32;
    fn GetModuleFileNameW(module: Hmodule, name: *mut u16, size: u32) -> u32;
    fn GetModuleHandleExW(flags: u32, name: *const u16, module: *mut Hmodule) -> i32;
    fn GetSystemDirectoryW(buffer: *mut u16, size: u32) -> u32;
}

/// A module handle from `LoadLibraryExW`.
pub struct Handle(Hmodule);

// SAFETY: a module handle is a process-wide value; GetProcAddress, GetModuleFileNameW and
// FreeLibrary may be called with it from any thread.
unsafe impl Send for Handle {}
// SAFETY: as above: every use of the handle is a thread-safe kernel32 call.
unsafe impl Sync for Handle {}

/// `LoadLibraryExW(path)`, or the system's message for `GetLastError()`.
pub fn open(path: &OsStr, search: Search) -> Result<Handle, String> {
    let shown = Path::new(path).display();
    let mut wide: Vec<u16> = path.encode_wide().collect();
    if wide.contains(&0) {
        return Err(format!("{shown}: the path contains a NUL character"));
    }
    wide.push(0);
    let flags = match search {
        Search::Exact => LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_SYSTEM32,
        Search::System => LOAD_LIBRARY_SEARCH_SYSTEM32,
        Search::ApplicationAndSystem => LOAD_LIBRARY_SEARCH_DEFAULT_DIRS,
    };
    // SAFETY: a NUL-terminated wide string; no file handle; documented flags.
    let handle = unsafe { LoadLibraryExW(wide.as_ptr(), std::ptr::null_mut(), flags) };
    if !handle.is_null() {
        return Ok(Handle(handle));
    }
    // GetLastError, worded by FormatMessageW (which is what std's io::Error does).
    let error = std::io::Error::last_os_error();
    Err(format!("{shown}: {error}"))
}

/// `name`'s address in the library, or null.
pub fn symbol(handle: &Handle, name: &CStr) -> *mut c_void {
    // SAFETY: a live module (never freed once published) and a NUL-terminated name.
    unsafe { GetProcAddress(handle.0, name.as_ptr()) }
}

/// Gives back a handle nobody else has seen.
pub fn close(handle: Handle) {
    // SAFETY: a handle from LoadLibraryExW, used by no one else; the DLL stays loaded while
    // another reference to it is held.
    unsafe { FreeLibrary(handle.0) };
}

/// The file `module` was loaded from.
fn module_path(module: Hmodule) -> Option<PathBuf> {
    let mut buffer = vec![0u16; 260];
    loop {
        // SAFETY: the buffer holds `len` writable u16s.
        let n = unsafe { GetModuleFileNameW(module, buffer.as_mut_ptr(), buffer.len() as u32) } as usize;
        if n == 0 {
            return None;
        }
        if n < buffer.len() {
            return Some(PathBuf::from(OsString::from_wide(&buffer[..n])));
        }
        // Truncated: try a larger buffer, up to the longest path Windows has.
        if buffer.len() >= 32_768 {
            return None;
        }
        buffer.resize(buffer.len() * 4, 0);
    }
}

/// The file the system loaded for `handle`.
pub fn loaded_from(handle: &Handle) -> Option<PathBuf> {
    module_path(handle.0)
}

/// The file holding `address` (a linked function).
// GetModuleHandleExW compares the address with the loaded modules; it never reads through it.
#[allow(clippy::not_unsafe_ptr_arg_deref)]
pub fn linked_from(address: *const c_void) -> Option<PathBuf> {
    let mut module: Hmodule = std::ptr::null_mut();
    let flags = GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT;
    // SAFETY: with FROM_ADDRESS the name argument is an address inside the module; the
    // module handle is written to `module`, its reference count left unchanged.
    if unsafe { GetModuleHandleExW(flags, address.cast(), &mut module) } == 0 {
        return None;
    }
    module_path(module)
}

pub fn describe_path(path: &Path) -> String {
    path.display().to_string()
}

/// Windows has no setuid: the environment of a program is its user's.
pub fn secure_execution() -> Option<&'static str> {
    None
}

/// kernel32.dll from the system directory: a real DLL with none of CUDA's symbols, for tests.
pub fn some_other_library() -> PathBuf {
    let mut buffer = vec![0u16; 1024];
    // SAFETY: the buffer holds its length in writable u16s.
    let n = unsafe { GetSystemDirectoryW(buffer.as_mut_ptr(), buffer.len() as u32) } as usize;
    assert!(n > 0 && n < buffer.len(), "GetSystemDirectoryW failed");
    PathBuf::from(OsString::from_wide(&buffer[..n])).join("kernel32.dll")
}

/// What a file that is no regular file is, for messages.
pub fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        "a folder"
    } else {
        "something other than a file"
    }
}
