//! Issue 41, item 15, one step further: the version function of a library's part (cuDNN 9's
//! `libcudnn_graph` has `cudnnGetVersion`) is held to the library's rule. A part that answers a
//! number no release says, or lacks the function its description says it has, refuses the set
//! (both were taken: only an answer of another release was refused). Against fakes built here
//! (cuda-loader's `child::fake_library` and `fake_parts`), with a loader made from cuDNN's
//! description, each in its own process.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use cuda_loader::{Bindings, Loader, Reach, CUDNN};
use fault_tests::Child;

const SCENARIOS: &[(&str, fn())] = &[("load", load)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// cuDNN 9.12.0's header.
const VERSION: u32 = 91200;

/// Loads cuDNN from its variable, with a loader of bindings from cuDNN 9.12.0: where from, or
/// why not.
fn load() {
    let loader: &'static Loader = Box::leak(Box::new(Loader::new(
        &CUDNN,
        Bindings {
            version: VERSION,
            file: "libcudnn.so.9",
            toolkit_dirs: "",
            reach: Reach::Loaded,
            renames: &[],
            codes: &[],
            own_version: None,
            not_loaded: 1,
            symbol_missing: 2,
            version_function: std::ptr::null,
            error_name: None,
            error_string: None,
            partner: None,
        },
    )));
    match loader.library_path() {
        Ok(path) => println!("loaded: {}", path.display()),
        Err(why) => println!("refused: {why}"),
    }
}

/// A fake cuDNN 9.12.0 with its parts, whose `libcudnn_graph` has `graph` (C) for its
/// `cudnnGetVersion`: the front's file, and what loading it said.
fn with_graph(case: &str, graph: &str) -> (std::path::PathBuf, String) {
    let front = "#include <stddef.h>\nsize_t cudnnGetVersion(void) { return 91200; }\n";
    let library = cuda_loader::child::fake_library("libcudnn.so.9", &format!("/* {case} */\n{front}"));
    cuda_loader::child::fake_parts(&CUDNN, 9, &library, graph);
    let out = Child::new("load").env(CUDNN.variable, &library).run();
    let _ = std::fs::remove_dir_all(library.parent().unwrap());
    (library, out)
}

#[test]
fn item15_a_part_whose_version_function_answers_nonsense_or_is_missing_refuses_the_set() {
    let graph = "libcudnn_graph.so.9";
    for (case, source, said) in [
        (
            "absurd",
            "#include <stddef.h>\nsize_t cudnnGetVersion(void) { return 5; }\n",
            "cudnnGetVersion of its part",
        ),
        ("missing", "", "has no cudnnGetVersion: it is no part of cuDNN"),
    ] {
        let (library, out) = with_graph(case, source);
        assert!(out.contains("refused: "), "{case}: {out}");
        assert!(out.contains(&library.display().to_string()) && out.contains(graph), "{case}: {out}");
        assert!(out.contains(said), "{case}: {out}");
        if case == "absurd" {
            assert!(out.contains("answers 5, which no release says"), "{case}: {out}");
        }
    }
    // The control: a part of the same release is taken.
    let source = "#include <stddef.h>\nsize_t cudnnGetVersion(void) { return 91200; }\n";
    let (library, out) = with_graph("same", source);
    assert!(out.contains(&format!("loaded: {}\n", library.display())), "{out}");
}
