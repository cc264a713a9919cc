//! Compiles the fake drivers (fakes/driver.c, once per defect) with the `cc` crate's
//! compiler, into `OUT_DIR/fakes`, for the tests to point the loader at. When cuda-sys links
//! libcuda (its `link` feature, whoever turned it on), the tests link against a fake too:
//! `OUT_DIR/link/libcuda.so`, found at run time through the binaries' rpath.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo::rerun-if-changed=fakes/driver.c");
    println!("cargo::rerun-if-env-changed=DEP_LIBCUDA_SYS_VERSION");
    println!("cargo::rerun-if-env-changed=DEP_LIBCUDA_SYS_LINK");
    // cuda_sys_link: cuda-sys links libcuda; ctx_create_v4: the bindings have cuCtxCreate_v4
    // (CUDA 12.9 and newer; older headers may too, but the tests for it then stay out).
    println!("cargo::rustc-check-cfg=cfg(cuda_sys_link, ctx_create_v4, cuda_13)");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        return; // The tests are Linux-only: fakes are ELF shared objects.
    }
    let header: i64 = std::env::var("DEP_LIBCUDA_SYS_VERSION")
        .expect("cuda-sys publishes DEP_LIBCUDA_SYS_VERSION")
        .parse()
        .expect("DEP_LIBCUDA_SYS_VERSION is a number such as 12090");
    if header >= 12090 {
        println!("cargo::rustc-cfg=ctx_create_v4");
    }
    if header >= 13000 {
        println!("cargo::rustc-cfg=cuda_13");
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
    let fakes = out.join("fakes");
    std::fs::create_dir_all(&fakes).unwrap();
    let (older, newer) =
        (format!("FAKE_VERSION={}", header - 1000), format!("FAKE_VERSION={}", header + 1000));
    let builds: &[(&str, &[&str])] = &[
        ("libfake_old.so", &[&older, "LACKS_CTX_CREATE_V4"]),
        ("libfake_newer.so", &[&newer, "LACKS_CTX_CREATE_V4"]),
        ("libfake_no_error_string.so", &["NO_ERROR_STRING"]),
        ("libfake_reused_buffer.so", &["REUSED_BUFFER"]),
        ("libfake_stub.so", &["STUB"]),
        ("libfake_sleepy.so", &["CTOR_SLEEPS"]),
        ("libfake_marker.so", &["CTOR_MARKER"]),
        ("libfake_runtime.so", &["RUNTIME"]),
        ("libfake_null_error_text.so", &["NULL_ERROR_TEXT"]),
        ("libfake_runtime_marker.so", &["RUNTIME", "CTOR_MARKER"]),
    ];
    for (name, defines) in builds {
        compile(&fakes.join(name), defines);
    }
    println!("cargo::rustc-env=FAULT_TESTS_FAKES={}", fakes.display());
    println!("cargo::rustc-env=FAULT_TESTS_HEADER_VERSION={header}");

    if std::env::var("DEP_LIBCUDA_SYS_LINK").as_deref() == Ok("1") {
        let dir = out.join("link");
        std::fs::create_dir_all(&dir).unwrap();
        compile(&dir.join("libcuda.so"), &[]);
        let soname = dir.join("libcuda.so.1");
        let _ = std::fs::remove_file(&soname);
        std::os::unix::fs::symlink("libcuda.so", &soname).unwrap();
        println!("cargo::rustc-cfg=cuda_sys_link");
        println!("cargo::rustc-link-search=native={}", dir.display());
        // DT_RPATH, not RUNPATH: it wins over an LD_LIBRARY_PATH pointing at another stand-in.
        println!("cargo::rustc-link-arg=-Wl,-rpath,{},--disable-new-dtags", dir.display());
        println!("cargo::rustc-env=FAULT_TESTS_LINKED={}", soname.display());
    }
}

/// `driver.c` with `defines`, as a shared library at `out` whose soname is the driver's.
fn compile(out: &Path, defines: &[&str]) {
    let compiler = cc::Build::new().pic(true).warnings(true).extra_warnings(true).get_compiler();
    let mut command: Command = compiler.to_command();
    command.args(["-shared", "-fvisibility=hidden", "-Wl,-soname,libcuda.so.1", "-o"]).arg(out);
    command.arg("fakes/driver.c");
    for define in defines {
        command.arg(format!("-D{define}"));
    }
    let status = command.status().unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(status.success(), "{command:?} failed: {status}");
}
