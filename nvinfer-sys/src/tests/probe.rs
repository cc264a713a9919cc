//! The g++ probe: a C++ program compiled against the same TensorRT headers prints what g++
//! makes of every slot (a virtual function's pointer-to-member value, which the Itanium ABI
//! makes `1 + offset in the vtable`), every member's offset, every size and alignment and every
//! enum constant the bindings have; each must equal what Rust makes of the generated tables
//! (`crate::LAYOUT`: `offset_of!`, `size_of!`). A slot in the wrong place fails here.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The headers the bindings were made from (the build found them), or the reason there are none.
fn headers() -> PathBuf {
    match option_env!("NVINFER_HEADERS").filter(|h| !h.is_empty()) {
        Some(include) => PathBuf::from(include),
        None => panic!(
            "the g++ probe needs the TensorRT headers these bindings come from: set TENSORRT_ROOT to a TensorRT \
             root (include/NvInfer.h) of release {} and rebuild",
            crate::NV_TENSORRT_VERSION
        ),
    }
}

/// The probe's source: one `printf` per row of `crate::LAYOUT`, in order.
fn source(include: &Path) -> String {
    let mut s = String::from(
        "#include <cstddef>\n#include <cstdint>\n#include <cstdio>\n#include <cstring>\n\
         // Protected and private members (`mImpl`) are measured too; access does not change layout here.\n\
         #define protected public\n#define private public\n",
    );
    for header in ["NvInfer.h", "NvInferPlugin.h", "NvOnnxParser.h"] {
        if include.join(header).is_file() {
            let _ = writeln!(s, "#include <{header}>");
        }
    }
    s.push_str(
        "template <class T> long long slot(T member) {\n\
         \x20   struct { std::uintptr_t ptr; std::ptrdiff_t adj; } raw;\n\
         \x20   static_assert(sizeof raw == sizeof member, \"an Itanium pointer to member function\");\n\
         \x20   std::memcpy(&raw, &member, sizeof raw);\n\
         \x20   return (raw.ptr & 1) ? static_cast<long long>((raw.ptr - 1) / sizeof(void*)) : -1;\n}\n\
         int main() {\n",
    );
    for (what, class, member, ptm, _) in crate::LAYOUT {
        let expr = match *what {
            "size" => format!("static_cast<long long>(sizeof({class}))"),
            "align" => format!("static_cast<long long>(alignof({class}))"),
            "offset" => format!("static_cast<long long>(offsetof({class}, {member}))"),
            "value" => format!("static_cast<long long>({class}::{member})"),
            "slot" if ptm.is_empty() => format!("slot(&{class}::{member})"),
            // An overload the class hides (it declares another of the name): named in the class
            // that declares it, whose slot the class's vtable keeps in the same place.
            "slot" => {
                let declaring = ptm.split_once("(").and_then(|(_, r)| r.split_once("::*)")).map(|(c, _)| c);
                format!("slot(static_cast<{ptm}>(&{}::{member}))", declaring.unwrap_or(class))
            }
            other => panic!("a row of an unknown kind: {other}"),
        };
        let _ = writeln!(s, "    std::printf(\"%lld\\n\", {expr});");
    }
    s.push_str("}\n");
    s
}

/// Each row whose g++ value differs from Rust's, as a sentence.
fn compare(rows: &[(&str, &str, &str, &str, usize)], printed: &str) -> Vec<String> {
    let values: Vec<&str> = printed.lines().collect();
    let mut wrong = Vec::new();
    if values.len() != rows.len() {
        wrong.push(format!("the probe printed {} values for {} rows", values.len(), rows.len()));
    }
    for ((what, class, member, _, rust), gxx) in rows.iter().zip(values) {
        let rust = *rust as i64;
        if gxx.trim().parse::<i64>().ok() != Some(rust) {
            wrong.push(format!(
                "{what} of {class}{}{member}: g++ says {gxx}, the bindings {rust}",
                if member.is_empty() { "" } else { "::" }
            ));
        }
    }
    wrong
}

#[test]
#[ignore = "needs the TensorRT headers the bindings come from (TENSORRT_ROOT) and g++: .ci/tensorrt runs it"]
fn every_slot_offset_size_and_constant_is_what_gxx_makes_of_the_headers() {
    let include = headers();
    let dir = std::env::temp_dir().join(format!("nvinfer-sys-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cpp = dir.join("probe.cpp");
    std::fs::write(&cpp, source(&include)).unwrap();
    std::fs::write(dir.join("cuda_runtime_api.h"), cuda_bindings_stand_in()).unwrap();
    let exe = dir.join("probe");
    let cxx = std::env::var_os("CXX").unwrap_or_else(|| "g++".into());
    let out = Command::new(&cxx)
        .args(["-std=c++17", "-w", "-O0"])
        .arg(format!("-I{}", include.display()))
        .arg(format!("-I{}", dir.display()))
        .arg(&cpp)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|e| {
            panic!("{} could not be run ({e}): the probe needs a C++ compiler", cxx.to_string_lossy())
        });
    assert!(out.status.success(), "g++ rejected the probe:\n{}", String::from_utf8_lossy(&out.stderr));
    let run = Command::new(&exe).output().unwrap();
    assert!(run.status.success());
    let printed = String::from_utf8(run.stdout).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let wrong = compare(crate::LAYOUT, &printed);
    assert!(
        wrong.is_empty(),
        "{} of {} rows differ:\n{}",
        wrong.len(),
        crate::LAYOUT.len(),
        wrong.join("\n")
    );
    let slots = crate::LAYOUT.iter().filter(|r| r.0 == "slot").count();
    println!(
        "{} rows ({slots} vtable slots) agree with g++ for TensorRT {}",
        crate::LAYOUT.len(),
        crate::NV_TENSORRT_VERSION
    );
}

/// A wrong slot is caught: one row's value moved by one, as a field out of order would be.
#[test]
fn a_slot_one_off_is_reported() {
    let rows = [
        ("slot", "nvinfer1::apiv::VRuntime", "deserializeCudaEngine", "", 3usize),
        ("size", "nvinfer1::Dims64", "", "", 72),
    ];
    assert!(compare(&rows, "3\n72\n").is_empty());
    let wrong = compare(&rows, "4\n72\n");
    assert_eq!(
        wrong,
        ["slot of nvinfer1::apiv::VRuntime::deserializeCudaEngine: g++ says 4, the bindings 3"]
    );
    assert_eq!(compare(&rows, "3\n").len(), 1, "a short output is an error too");
}

/// `cuda_runtime_api.h` for the probe when no CUDA toolkit is at hand: what TensorRT's headers
/// take from it, as CUDA declares it (the generator's stand-in).
fn cuda_bindings_stand_in() -> &'static str {
    "#pragma once\ntypedef struct CUstream_st *cudaStream_t;\ntypedef struct CUevent_st *cudaEvent_t;\n"
}
