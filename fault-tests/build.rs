//! The fault tests' build script: the header's version cfgs (`cuda_ge`, `cuda_major`, as a
//! dependent's build script gets them), and, when cuda-sys links libcuda (its `link` feature,
//! whoever turned it on), a fake driver to link against: `OUT_DIR/link/libcuda.so`, found at
//! run time through the binaries' rpath. The other fakes are built where the tests run (see
//! src/lib.rs), so that a test binary runs on any machine.

use std::path::{Path, PathBuf};
use std::process::Command;

use cuda_bindings_build::choose::fail;

fn main() {
    println!("cargo::rerun-if-changed=fakes/driver.c");
    println!("cargo::rerun-if-env-changed=DEP_LIBCUDA_SYS_VERSION");
    println!("cargo::rerun-if-env-changed=DEP_LIBCUDA_SYS_LINK");
    // cuda_sys_link: cuda-sys links libcuda.
    println!("cargo::rustc-check-cfg=cfg(cuda_sys_link)");
    let header: u32 =
        std::env::var("DEP_LIBCUDA_SYS_VERSION").ok().and_then(|v| v.parse().ok()).unwrap_or_else(|| {
            fail(
                "DEP_LIBCUDA_SYS_VERSION, which libcuda-sys publishes, is missing or no number such as 12090",
            )
        });
    cuda_bindings_build::version_cfgs(header);
    // The toolkit root cudart-sys's build found (empty: none, vendored bindings): its libraries
    // come before a Python or conda environment's at run time.
    println!("cargo::rerun-if-env-changed=DEP_CUDART_SYS_ROOT");
    println!(
        "cargo::rustc-env=FAULT_TESTS_CUDART_ROOT={}",
        std::env::var("DEP_CUDART_SYS_ROOT").unwrap_or_default()
    );
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        return; // The tests are Linux-only: fakes are ELF shared objects.
    }
    if std::env::var("DEP_LIBCUDA_SYS_LINK").as_deref() == Ok("1") {
        let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_else(|| fail("OUT_DIR is not set")));
        let dir = out.join("link");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| fail(&format!("{}: {e}", dir.display())));
        compile(&dir.join("libcuda.so"));
        let soname = dir.join("libcuda.so.1");
        let _ = std::fs::remove_file(&soname);
        std::os::unix::fs::symlink("libcuda.so", &soname)
            .unwrap_or_else(|e| fail(&format!("{}: {e}", soname.display())));
        println!("cargo::rustc-cfg=cuda_sys_link");
        println!("cargo::rustc-link-search=native={}", dir.display());
        // DT_RPATH, not RUNPATH: it wins over an LD_LIBRARY_PATH pointing at another stand-in.
        println!("cargo::rustc-link-arg=-Wl,-rpath,{},--disable-new-dtags", dir.display());
        println!("cargo::rustc-env=FAULT_TESTS_LINKED={}", soname.display());
    }
}

/// `driver.c` as a shared library at `out` whose soname is the driver's.
fn compile(out: &Path) {
    let compiler = cc::Build::new().pic(true).warnings(true).extra_warnings(true).get_compiler();
    let mut command: Command = compiler.to_command();
    command.args(["-shared", "-fvisibility=hidden", "-Wl,-soname,libcuda.so.1", "-o"]).arg(out);
    command.arg("fakes/driver.c");
    let status =
        command.status().unwrap_or_else(|e| fail(&format!("{command:?}: {e} (set CC to a C compiler)")));
    if !status.success() {
        fail(&format!("{command:?} failed: {status}"));
    }
}
