//! The system side of loading on Linux (and other Unix): `dlopen`, `dlsym`, `dlinfo`, `dladdr`.

use std::ffi::{c_char, c_void, CStr, CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// A `dlopen` handle.
pub struct Handle(*mut c_void);

// SAFETY: a dlopen handle is a process-wide value; dlsym, dlinfo and dlclose may be called
// with it from any thread.
unsafe impl Send for Handle {}
// SAFETY: as above: every use of the handle is a thread-safe libc call.
unsafe impl Sync for Handle {}

/// `dlopen(path)`, or the dynamic loader's message. (`dlopen` searches one way for every name:
/// a path as it is, a bare name through the loader's search; `_search` is for Windows.)
pub fn open(path: &OsStr, _search: crate::library::Search) -> Result<Handle, String> {
    let shown = Path::new(path).display();
    let Ok(c_path) = CString::new(path.as_bytes()) else {
        return Err(format!("{shown}: the path contains a NUL byte"));
    };
    // SAFETY: a valid C string. RTLD_NOW reports a missing dependency here rather than at
    // some later call; RTLD_LOCAL keeps the driver's symbols out of the global scope.
    let handle = unsafe { libc::dlopen(c_path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if !handle.is_null() {
        return Ok(Handle(handle));
    }
    // SAFETY: dlerror returns this thread's message for the dlopen that just failed (or
    // null), valid until this thread's next dl* call; it is copied at once.
    let message = unsafe { libc::dlerror() };
    Err(if message.is_null() {
        format!("{shown}: could not be opened")
    } else {
        // SAFETY: non-null, NUL-terminated, see above.
        unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
    })
}

/// `name`'s address in the library, or null.
pub fn symbol(handle: &Handle, name: &CStr) -> *mut c_void {
    // SAFETY: a live handle (never closed once published) and a NUL-terminated name.
    unsafe { libc::dlsym(handle.0, name.as_ptr()) }
}

/// Gives back a handle nobody else has seen.
pub fn close(handle: Handle) {
    // SAFETY: a handle from dlopen, used by no one else; the library stays loaded while
    // another handle to it is open.
    unsafe { libc::dlclose(handle.0) };
}

/// The start of glibc's `struct link_map` (`<link.h>`): the fields read here.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[repr(C)]
struct LinkMap {
    l_addr: usize,
    l_name: *const c_char,
}

/// The file the dynamic loader opened for `handle` (found through `LD_LIBRARY_PATH`, the
/// cache, ...): its `link_map` entry's name.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn loaded_from(handle: &Handle) -> Option<PathBuf> {
    let mut map: *const LinkMap = std::ptr::null();
    // SAFETY: RTLD_DI_LINKMAP writes a `struct link_map *` to the pointer it is given.
    let ok =
        unsafe { libc::dlinfo(handle.0, libc::RTLD_DI_LINKMAP, (&mut map as *mut *const LinkMap).cast()) };
    if ok != 0 || map.is_null() {
        return None;
    }
    // SAFETY: the loader's entry for a library that stays loaded; l_name is a C string.
    let name = non_empty_path(unsafe { (*map).l_name })?;
    if name.is_absolute() {
        return Some(name);
    }
    // Found through a relative search path (`LD_LIBRARY_PATH=lib`): the name is relative to the
    // working directory of the moment it was opened; the folder it was in is the loader's origin.
    match (origin(handle, name.as_os_str().len()), name.file_name()) {
        // (`.` components left out: glibc's origin of `./libcuda.so.1` ends in `/.`.)
        (Some(folder), Some(file)) => Some(folder.components().collect::<PathBuf>().join(file)),
        _ => Some(name),
    }
}

/// The absolute folder of the library at `handle`, whose name in the loader is `name_len` bytes
/// long (`RTLD_DI_ORIGIN`): the working directory of the moment it was loaded, joined with the
/// relative folder it was found in.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn origin(handle: &Handle, name_len: usize) -> Option<PathBuf> {
    // glibc copies its origin without a bound, and has none (dereferences (char *) -1) where it
    // could not read the working directory when it loaded the library: the working directory is
    // read here first (a library it could open by a relative name had one), and the buffer holds
    // the longest origin there can be (a working directory shorter than PATH_MAX, '/', the name).
    std::env::current_dir().ok()?;
    let mut buffer = vec![0 as c_char; libc::PATH_MAX as usize + name_len + 2];
    // SAFETY: RTLD_DI_ORIGIN copies a NUL-terminated folder name into the buffer, which is large
    // enough (see above).
    let ok = unsafe { libc::dlinfo(handle.0, libc::RTLD_DI_ORIGIN, buffer.as_mut_ptr().cast()) };
    if ok != 0 {
        return None;
    }
    non_empty_path(buffer.as_ptr()).filter(|folder| folder.is_absolute())
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn loaded_from(_handle: &Handle) -> Option<PathBuf> {
    None
}

/// The file holding `address` (a linked function), from `dladdr`.
// dladdr compares the address with the loaded objects' ranges; it never reads through it.
#[allow(clippy::not_unsafe_ptr_arg_deref)]
pub fn linked_from(address: *const c_void) -> Option<PathBuf> {
    // SAFETY: Dl_info is plain data; all-zero is a valid value for dladdr to overwrite.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    // SAFETY: any address may be asked about; info is writable.
    if unsafe { libc::dladdr(address, &mut info) } == 0 {
        return None;
    }
    let name = non_empty_path(info.dli_fname)?;
    Some(absolute(name))
}

/// `name`, a loaded object's name in the dynamic loader, as an absolute path where it is relative
/// (found through a relative `LD_LIBRARY_PATH` at start-up): the object of that very name, which
/// `RTLD_NOLOAD` finds among those loaded without opening any file, and its origin.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn absolute(name: PathBuf) -> PathBuf {
    if name.is_absolute() {
        return name;
    }
    let Ok(c_name) = CString::new(name.as_os_str().as_bytes()) else { return name };
    // SAFETY: a valid C string; RTLD_NOLOAD loads nothing, it only finds what is loaded.
    let handle = unsafe { libc::dlopen(c_name.as_ptr(), libc::RTLD_LAZY | libc::RTLD_NOLOAD) };
    if handle.is_null() {
        return name;
    }
    let handle = Handle(handle);
    let found = loaded_from(&handle);
    // The object stays loaded: this only drops the reference RTLD_NOLOAD took.
    close(handle);
    found.unwrap_or(name)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn absolute(name: PathBuf) -> PathBuf {
    name
}

fn non_empty_path(name: *const c_char) -> Option<PathBuf> {
    if name.is_null() {
        return None;
    }
    // SAFETY: the loader's NUL-terminated name of a loaded object.
    let bytes = unsafe { CStr::from_ptr(name) }.to_bytes();
    (!bytes.is_empty()).then(|| PathBuf::from(OsStr::from_bytes(bytes)))
}

/// `path`, and the file it leads to when it is a symbolic link (`libcuda.so.1` often is).
pub fn describe_path(path: &Path) -> String {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    match std::fs::canonicalize(path) {
        Ok(real) if is_link => format!("{} (a link to {})", path.display(), real.display()),
        _ => path.display().to_string(),
    }
}

/// Why the environment may not choose what is loaded, if it may not: secure-execution mode.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub fn secure_execution() -> Option<&'static str> {
    // SAFETY: getauxval only reads the auxiliary vector; 0 means "not set" or "not secure".
    let secure = unsafe { libc::getauxval(libc::AT_SECURE) } != 0;
    secure.then_some(
        "this program runs in secure-execution mode (AT_SECURE: it is setuid or setgid, or has file capabilities)",
    )
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
pub fn secure_execution() -> Option<&'static str> {
    // SAFETY: these only read the process's ids.
    let ids_differ = unsafe { libc::getuid() != libc::geteuid() || libc::getgid() != libc::getegid() };
    ids_differ.then_some("this program runs setuid or setgid")
}

/// libc's own file: a real library with none of CUDA's symbols, for tests.
pub fn some_other_library() -> PathBuf {
    linked_from(libc::malloc as *const c_void).expect("dladdr knows where malloc is")
}

/// What a file that is no regular file is, for messages.
pub fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_dir() {
        "a folder"
    } else {
        "something other than a file"
    }
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;

    /// Issue 41, item 3: a library opened by a relative path (as glibc opens one it finds through
    /// a relative `LD_LIBRARY_PATH`) is named by its absolute path, where it is loaded and where a
    /// linked function lies (`dladdr` names it as it was found).
    #[test]
    fn a_library_found_by_a_relative_path_is_named_by_its_absolute_one() {
        let library =
            crate::child::fake_library("librelative.so", "int relative_answer(void) { return 42; }\n");
        let cwd = std::env::current_dir().unwrap();
        let up: PathBuf = cwd.components().skip(1).map(|_| "..").collect();
        let relative = up.join(library.strip_prefix("/").unwrap());
        assert!(relative.is_relative());
        let handle = open(relative.as_os_str(), crate::Search::Exact).unwrap();
        let same = |path: &Path| std::fs::canonicalize(path).ok() == std::fs::canonicalize(&library).ok();
        let loaded = loaded_from(&handle).unwrap();
        assert!(loaded.is_absolute() && same(&loaded), "{}", loaded.display());
        let address = symbol(&handle, c"relative_answer");
        assert!(!address.is_null());
        let linked = linked_from(address).unwrap();
        assert!(linked.is_absolute() && same(&linked), "{}", linked.display());
        close(handle);
        let _ = std::fs::remove_dir_all(library.parent().unwrap());
    }
}
