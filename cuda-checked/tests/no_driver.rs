//! `check_driver!` and `DriverError` in a process whose loader finds no driver, on any machine.
#![cfg(not(feature = "link"))]

mod common;

use std::error::Error;

use cuda_checked::{check_driver, DriverError, DriverResult};
use cuda_sys::*;

fn error_for(code: CUresult) -> DriverError {
    check_driver!(code).unwrap_err()
}

#[test]
fn every_code_in_the_header_formats_with_its_name() {
    common::nothing_to_load();
    let mut n = 0;
    for code in CUresult::known().filter(|&c| c != CUDA_SUCCESS) {
        let e = error_for(code);
        let name = code.name().unwrap();
        assert_eq!(e.name(), name);
        assert!(e.to_string().contains(&format!(" code = {name}, message = ")), "{e}");
        assert!(!e.message().is_empty());
        n += 1;
    }
    assert!(n > 80, "{n} codes");
}

#[test]
fn any_u32_formats_without_panicking_and_keeps_its_number() {
    common::nothing_to_load();
    // xorshift32 over many values, plus the edges.
    let mut x: u32 = 0x9E37_79B9;
    let mut values = vec![1, 2, 999, 1000, 1001, 987_654, u32::MAX - 1, u32::MAX];
    values.extend((0..20_000).map(|_| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    }));
    for value in values.into_iter().filter(|&v| v != 0) {
        let e = error_for(CUresult::from(value));
        assert_eq!(u32::from(e.code()), value);
        match CUresult::from(value).name() {
            Some(name) => assert_eq!(e.name(), name),
            None => assert_eq!(e.name(), format!("CUDA_ERROR_UNKNOWN_CODE({value})")),
        }
        let _ = (e.to_string(), format!("{e:?}"), format!("{e:#?}"));
    }
}

#[test]
fn display_is_the_cpp_macros_format() {
    common::nothing_to_load();
    let stored = CUDA_ERROR_INVALID_VALUE;
    let line = line!() + 1;
    let e = check_driver!(stored).unwrap_err();
    let expected = format!(
        "{}:{line} stored failed. \n code = CUDA_ERROR_INVALID_VALUE, message = {}",
        file!(),
        e.message()
    );
    assert_eq!(e.to_string(), expected);
    assert_eq!((e.file(), e.line(), e.column()), (file!(), line, 13));
    // Debug (what `main` prints on error) is the same text with the column.
    assert_eq!(format!("{e:?}"), expected.replacen(&format!(":{line} "), &format!(":{line}:13 "), 1));
}

#[test]
fn success_is_ok_and_the_call_is_evaluated_once() {
    common::nothing_to_load();
    let mut calls = 0;
    let mut call = |code: CUresult| {
        calls += 1;
        code
    };
    assert_eq!(check_driver!(call(CUDA_SUCCESS)), Ok(()));
    assert!(check_driver!(call(CUDA_ERROR_OUT_OF_MEMORY)).is_err());
    assert_eq!(calls, 2);
}

#[test]
fn errors_are_send_sync_static_clone_and_small() {
    fn assert_traits<T: Error + Send + Sync + Clone + 'static>() {}
    assert_traits::<DriverError>();
    assert_eq!(std::mem::size_of::<DriverResult<()>>(), std::mem::size_of::<usize>());
    common::nothing_to_load();
    let e = error_for(CUDA_ERROR_NOT_READY);
    assert_eq!(e.clone(), e);
    assert_eq!(e, CUDA_ERROR_NOT_READY);
    assert_eq!(CUresult::from(e), CUDA_ERROR_NOT_READY);
}

#[test]
fn works_with_the_question_mark_operator() {
    common::nothing_to_load();
    fn boxed() -> Result<(), Box<dyn Error>> {
        unsafe { check_driver!(cuInit(0))? };
        Ok(())
    }
    fn with_anyhow() -> anyhow::Result<()> {
        unsafe { check_driver!(cuInit(0))? };
        Ok(())
    }
    fn typed() -> DriverResult<i32> {
        let mut count = 0;
        unsafe {
            check_driver!(cuInit(0))?;
            check_driver!(cuDeviceGetCount(&mut count))?;
        }
        Ok(count)
    }
    assert!(boxed().unwrap_err().to_string().contains("cuInit(0) failed."));
    let e = with_anyhow().unwrap_err();
    assert_eq!(e.downcast_ref::<DriverError>().unwrap().code(), CUDA_ERROR_STUB_LIBRARY);
    assert_eq!(typed().unwrap_err().op(), "cuInit(0)");
}
