//! Issue 41, item 14: the child processes scenarios run in (cuda-loader's `child`) start without
//! the variable of any library described (it cleared six named by hand: cuRAND's, cuFFT's,
//! cuSPARSE's, cuSOLVER's, NVML's, cuDNN's and nvJitLink's reached the scenarios).
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use fault_tests::Child;

const SCENARIOS: &[(&str, fn())] = &[("variables", variables)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// Every library's variable, and its siblings', from the descriptions.
fn every_variable() -> Vec<&'static str> {
    let libraries = cuda_loader::ALL.iter().chain(cuda_loader::TENSORRT);
    libraries
        .flat_map(|library| std::iter::once(*library).chain(library.siblings.iter().copied()))
        .map(|library| library.variable)
        .collect()
}

/// Which of the variables this process has.
fn variables() {
    for variable in every_variable() {
        if let Some(value) = std::env::var_os(variable) {
            println!("inherited {variable}={}", value.to_string_lossy());
        }
    }
}

/// Issue 41, item 14: with every library's variable set in the test's process (as a user's
/// shell may have them), a scenario sees none of them; one it is given itself, it sees.
#[test]
fn item14_no_librarys_variable_reaches_a_scenario() {
    let variables = every_variable();
    assert!(variables.len() >= 15, "{variables:?}");
    // This file's only test: no other thread of this process reads the environment meanwhile.
    for variable in &variables {
        std::env::set_var(variable, "/nonexistent/from-the-parent");
    }
    let out = Child::new("variables").run();
    assert!(!out.contains("inherited"), "{out}");
    let given = variables[variables.len() - 1];
    let out = Child::new("variables").env(given, "/given").run();
    assert!(out.contains(&format!("inherited {given}=/given\n")), "{out}");
    assert_eq!(out.matches("inherited").count(), 1, "{out}");
}
