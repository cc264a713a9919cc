//! NVTX's loader against a tool of our own (recorder.c: an injection library that writes every
//! call it gets to a file), each scenario in a child process, as NVTX initializes once per
//! process: the calls arrive in order with the depths and ids the tool returns; without a tool
//! every call returns C's no-tool value; a variable naming no usable library is said once on
//! stderr, and nothing of that library stays loaded.
//!
//! SAFETY of every `unsafe` block here: NUL-terminated strings and attributes set as NVTX asks.
#![cfg(target_os = "linux")]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use cuda_loader::child::{dispatch, fake_library, Child};
use nvtx_sys::*;

const RECORDER: &str = include_str!("recorder.c");
const VAR: &str = loader::NVTX_INJECTION_PATH_VAR;

const SCENARIOS: &[(&str, fn())] = &[
    ("calls", calls),
    ("no_tool", no_tool),
    ("unusable", unusable),
    ("declined", declined),
    ("threads", threads),
];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    dispatch(SCENARIOS);
}

/// The recorder, built once per test process with the system's C compiler.
fn recorder() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| fake_library("libnvtx_recorder.so", RECORDER))
}

/// A file for the recorder's lines, fresh.
fn record_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("nvtx-record-{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("the recorder wrote nothing to {}: {e}", path.display()))
}

/// Whether a library of this name is mapped into this process.
fn mapped(name: &str) -> bool {
    std::fs::read_to_string("/proc/self/maps").unwrap().contains(name)
}

fn attributes(message: &std::ffi::CStr, color: u32) -> nvtxEventAttributes_t {
    // SAFETY: all-zero is C's `= {0}` for this plain struct.
    let mut a: nvtxEventAttributes_t = unsafe { std::mem::zeroed() };
    a.version = NVTX_VERSION as u16;
    a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    a.category = 7;
    a.colorType = NVTX_COLOR_ARGB;
    a.color = color;
    a.payloadType = NVTX_PAYLOAD_TYPE_INT64;
    a.payload.llValue = -42;
    a.messageType = NVTX_MESSAGE_TYPE_ASCII;
    a.message.ascii = message.as_ptr();
    a
}

/// Every function the recorder implements, with what it returns; one it leaves alone (MarkW).
fn calls() {
    assert_eq!(loader::status(), None, "nothing initializes NVTX before the first call");
    unsafe {
        assert_eq!(nvtxRangePushA(c"outer".as_ptr()), 0);
        assert_eq!(loader::status(), Some(NVTX_SUCCESS));
        assert_eq!(loader::explain(), None);
        nvtxMarkA(c"a mark".as_ptr());
        assert_eq!(nvtxRangePushA(c"inner".as_ptr()), 1);
        nvtxNameOsThreadA(1234, c"main thread".as_ptr());
        assert_eq!(nvtxRangePop(), 1);
        let attributes = attributes(c"colored", 0xff76b900);
        assert_eq!(nvtxRangePushEx(&attributes), 1);
        nvtxMarkEx(&attributes);
        assert_eq!(nvtxRangePop(), 1);
        assert_eq!(nvtxRangePop(), 0);
        let id = nvtxRangeStartA(c"across threads".as_ptr());
        assert_eq!(id, 1);
        std::thread::spawn(move || nvtxRangeEnd(id)).join().unwrap();
        nvtxNameCategoryA(7, c"seven".as_ptr());
        // A function the tool did not fill in: nulled at initialization, so nothing happens.
        let wide: Vec<wchar_t> = "wide\0".chars().map(|c| c as wchar_t).collect();
        nvtxMarkW(wide.as_ptr());
        assert_eq!(nvtxRangePushW(wide.as_ptr()), NVTX_NO_PUSH_POP_TRACKING);
        let domain = nvtxDomainCreateA(c"lessons".as_ptr());
        assert!(!domain.is_null());
        nvtxDomainMarkEx(domain, &attributes);
        assert_eq!(nvtxDomainRangePushEx(domain, &attributes), 0);
        assert_eq!(nvtxDomainRangePop(domain), 0);
        let id = nvtxDomainRangeStartEx(domain, &attributes);
        nvtxDomainRangeEnd(domain, id);
        nvtxDomainDestroy(domain);
        nvtxNameCuDeviceA(0, c"GPU 0".as_ptr());
        nvtxNameCuContextA(std::ptr::null_mut(), c"no context".as_ptr());
        // Not filled in by the tool either.
        assert!(nvtxDomainRegisterStringA(std::ptr::null_mut(), c"x".as_ptr()).is_null());
    }
}

#[test]
fn a_tool_gets_every_call_in_order() {
    let file = record_file("calls");
    Child::new("calls").env(VAR, recorder()).env("NVTX_RECORDER_OUT", &file).run();
    let attrs = "version=3 size=48 category=7 color=argb:ff76b900 payload=int64:-42 message=colored";
    let expected = [
        "init callbacks=16 version=3 versioninfo=24 reserved=null".to_string(),
        // The header's NVTX_CBID_*_SIZE of each module; 0 for a module there is none of.
        "modules invalid=0 core=16 cuda=9 opencl=15 cudart=7 core2=16 sync=7 none=0".into(),
        "push outer depth=0".into(),
        "mark a mark".into(),
        "push inner depth=1".into(),
        "name thread 1234 main thread".into(),
        "pop depth=1".into(),
        format!("push ex {attrs} depth=1"),
        format!("mark ex {attrs}"),
        "pop depth=1".into(),
        "pop depth=0".into(),
        "start across threads id=1".into(),
        "end id=1".into(),
        "name category 7 seven".into(),
        "domain create lessons".into(),
        format!("domain lessons mark {attrs}"),
        format!("domain lessons push {attrs} depth=0"),
        "domain lessons pop depth=0".into(),
        format!("domain lessons start {attrs} id=2"),
        "domain lessons end id=2".into(),
        "domain destroy lessons".into(),
        "name device 0 GPU 0".into(),
        "name context (null) no context".into(),
    ];
    let record = read(&file);
    assert_eq!(record.lines().collect::<Vec<_>>(), expected, "{record}");
    let _ = std::fs::remove_file(file);
}

/// No variable: C's values, nothing printed.
fn no_tool() {
    unsafe {
        assert_eq!(nvtxRangePushA(c"x".as_ptr()), NVTX_NO_PUSH_POP_TRACKING);
        assert_eq!(nvtxRangePop(), NVTX_NO_PUSH_POP_TRACKING);
        assert_eq!(nvtxRangeStartA(c"x".as_ptr()), 0);
        nvtxRangeEnd(0);
        nvtxMarkA(c"x".as_ptr());
        assert!(nvtxDomainCreateA(c"x".as_ptr()).is_null());
        assert_eq!(nvtxDomainRangePop(std::ptr::null_mut()), NVTX_NO_PUSH_POP_TRACKING);
        nvtxDomainDestroy(std::ptr::null_mut());
    }
    assert_eq!(loader::status(), Some(NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE));
    assert_eq!(loader::explain(), None);
}

#[test]
fn without_a_tool_every_call_returns_cs_value_and_says_nothing() {
    let out = Child::new("no_tool").run();
    assert!(!out.contains("NVTX"), "{out}");
    // An empty variable is no variable.
    let out = Child::new("no_tool").env(VAR, "").run();
    assert!(!out.contains("NVTX"), "{out}");
}

/// The variable names a library NVTX cannot use (`NVTX_EXPECT` is the status it must give):
/// C's no-tool values, the sentence once, the library not mapped.
fn unusable() {
    let expect: i32 = std::env::var("NVTX_EXPECT").unwrap().parse().unwrap();
    for _ in 0..3 {
        unsafe {
            assert_eq!(nvtxRangePushA(c"x".as_ptr()), NVTX_NO_PUSH_POP_TRACKING);
            nvtxMarkA(c"x".as_ptr());
        }
    }
    assert_eq!(loader::status(), Some(expect));
    let sentence = loader::explain().expect("a sentence for the program too");
    println!("explain: {sentence}");
    let path = std::env::var_os(VAR).unwrap();
    let name = Path::new(&path).file_name().unwrap().to_string_lossy().into_owned();
    assert!(!mapped(&name), "{name} is still mapped after NVTX gave up on it");
}

fn unusable_output(path: &OsStr, expect: i32) -> String {
    // A loader that blocks (a FIFO opened by dlopen waits for a writer) is a failure, not a wait.
    let (status, out) = Child::new("unusable")
        .env(VAR, path)
        .env("NVTX_EXPECT", expect.to_string())
        .timeout(std::time::Duration::from_secs(30))
        .output();
    assert!(status.success(), "{out}");
    assert!(!out.contains("panicked"), "{out}");
    let printed: Vec<&str> = out.lines().filter(|l| l.starts_with("NVTX: ")).collect();
    assert_eq!(printed.len(), 1, "one sentence, once:\n{out}");
    assert!(out.contains(&format!("explain: {}", printed[0])), "{out}");
    printed[0].to_string()
}

#[test]
fn a_library_without_initialize_injection_nvtx2_is_said_and_unloaded() {
    let other = fake_library("libnot_an_nvtx_tool.so", "int not_an_nvtx_tool(void) { return 1; }\n");
    let said = unusable_output(other.as_os_str(), NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT);
    assert_eq!(
        said,
        format!(
            "NVTX: {VAR}={} exports no InitializeInjectionNvtx2, so it is no NVTX injection library: it was unloaded and NVTX calls do nothing; set the variable to a profiler's injection library, or unset it.",
            other.display()
        )
    );
}

#[test]
fn a_path_that_does_not_exist_is_said_with_the_loaders_reason() {
    let said = unusable_output(OsStr::new("/nonexistent/libnvtx_tool.so"), NVTX_ERR_INIT_LOAD_LIBRARY);
    assert!(
        said.starts_with(&format!("NVTX: {VAR}=/nonexistent/libnvtx_tool.so could not be loaded (")),
        "{said}"
    );
    assert!(said.contains("No such file or directory"), "{said}");
    assert!(
        said.ends_with("NVTX calls do nothing; set it to a profiler's NVTX injection library, or unset it."),
        "{said}"
    );
}

/// The sentence for a path that is no regular file: what it is, in the loader's parentheses.
fn refused(path: &Path, what: &str) {
    let said = unusable_output(path.as_os_str(), NVTX_ERR_INIT_LOAD_LIBRARY);
    assert_eq!(
        said,
        format!(
            "NVTX: {VAR}={} could not be loaded ({what}): NVTX calls do nothing; set it to a profiler's NVTX injection library, or unset it.",
            path.display()
        )
    );
}

#[test]
fn a_fifo_device_socket_folder_or_dangling_link_is_refused_at_once() {
    let dir = std::env::temp_dir().join(format!("nvtx-not-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A FIFO nobody writes to: dlopen would wait for a writer for ever.
    let fifo = dir.join("libfifo.so");
    let c_path = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0, "mkfifo {}", fifo.display());
    refused(&fifo, "a FIFO (named pipe), not a regular file");
    // A link to it is the same FIFO.
    let to_fifo = dir.join("libto_fifo.so");
    std::os::unix::fs::symlink(&fifo, &to_fifo).unwrap();
    refused(&to_fifo, "a FIFO (named pipe), not a regular file");
    // A character device, and a link to one.
    refused(Path::new("/dev/null"), "a device, not a regular file");
    let to_null = dir.join("libto_null.so");
    std::os::unix::fs::symlink("/dev/null", &to_null).unwrap();
    refused(&to_null, "a device, not a regular file");
    // A socket, listening (bound to a path in our own folder).
    let socket = dir.join("libsocket.so");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    refused(&socket, "a socket, not a regular file");
    // A folder.
    let folder = dir.join("libfolder.so");
    std::fs::create_dir(&folder).unwrap();
    refused(&folder, "a folder, not a regular file");
    // A link that leads nowhere: said as such, not as a missing file.
    let dangling = dir.join("libdangling.so");
    std::os::unix::fs::symlink(dir.join("gone.so"), &dangling).unwrap();
    refused(&dangling, &format!("a symbolic link to {}, which is not there", dir.join("gone.so").display()));
    // A link to itself, which cannot be followed.
    let looped = dir.join("libloop.so");
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    let said = unusable_output(looped.as_os_str(), NVTX_ERR_INIT_LOAD_LIBRARY);
    assert!(
        said.contains(&format!("(a symbolic link to {}, which cannot be followed: ", looped.display())),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_bare_name_is_left_to_the_loaders_search() {
    // No separator: dlopen searches its paths for it, and says it found nothing; a file of that
    // name in the working directory is not what it looks at.
    let said = unusable_output(OsStr::new("libnvtx_no_such_tool.so"), NVTX_ERR_INIT_LOAD_LIBRARY);
    assert!(
        said.contains("libnvtx_no_such_tool.so could not be loaded (libnvtx_no_such_tool.so: cannot open"),
        "{said}"
    );
}

#[test]
fn a_path_that_is_not_utf8_is_loaded_from_its_bytes() {
    let dir = std::env::temp_dir().join(format!("nvtx-odd-{}", std::process::id()));
    let folder = dir.join(OsStr::from_bytes(b"caf\xe9"));
    std::fs::create_dir_all(&folder).unwrap();
    let copy = folder.join("librecorder.so");
    std::fs::copy(recorder(), &copy).unwrap();
    assert!(copy.to_str().is_none());
    let file = record_file("odd");
    Child::new("calls").env(VAR, &copy).env("NVTX_RECORDER_OUT", &file).run();
    assert!(read(&file).contains("push outer depth=0"));
    // And one that names nothing: said (lossily), no panic.
    let missing = folder.join("missing.so");
    let said = unusable_output(missing.as_os_str(), NVTX_ERR_INIT_LOAD_LIBRARY);
    assert!(said.contains("caf\u{fffd}/missing.so could not be loaded"), "{said}");
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_file(file);
}

/// The tool fills in its slots, then returns 0: every slot is nulled, the library closed.
fn declined() {
    unusable();
}

#[test]
fn a_tool_that_declines_leaves_nothing_behind() {
    let file = record_file("declined");
    let (status, out) = Child::new("declined")
        .env(VAR, recorder())
        .env("NVTX_RECORDER_OUT", &file)
        .env("NVTX_RECORDER_DECLINE", "1")
        .env("NVTX_EXPECT", NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT.to_string())
        .output();
    assert!(status.success(), "{out}");
    assert!(
        out.contains(&format!(
            "NVTX: the injection library {} ({VAR}) declined to attach (InitializeInjectionNvtx2 returned 0): it was unloaded and NVTX calls do nothing; the tool's own messages may say why.",
            recorder().display()
        )),
        "{out}"
    );
    // The tool saw no call: the slots it had filled in were nulled before any call went through.
    assert_eq!(read(&file).lines().last(), Some("declined"));
    let _ = std::fs::remove_file(file);
}

/// Eight threads make the first call at once: one initializes, the others wait for it.
fn threads() {
    let barrier = std::sync::Barrier::new(8);
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| {
                barrier.wait();
                unsafe {
                    assert_eq!(nvtxRangePushA(c"racer".as_ptr()), 0);
                    assert_eq!(nvtxRangePop(), 0);
                }
            });
        }
    });
}

#[test]
fn threads_racing_the_first_call_initialize_once() {
    let file = record_file("threads");
    Child::new("threads").env(VAR, recorder()).env("NVTX_RECORDER_OUT", &file).run();
    let record = read(&file);
    assert_eq!(record.lines().filter(|l| l.starts_with("init ")).count(), 1, "{record}");
    assert_eq!(record.lines().filter(|l| *l == "push racer depth=0").count(), 8, "{record}");
    assert_eq!(record.lines().filter(|l| *l == "pop depth=0").count(), 8, "{record}");
    let _ = std::fs::remove_file(file);
}
