//! The failing call's record: the symbol a call could not find, kept for the thread that made
//! the call (as `errno` and libgit2's last error are), so that `explain` names the very symbol
//! that was missing rather than guessing it from the call's text.

use std::cell::Cell;
use std::ffi::CStr;

use crate::Library;

/// (the loader, by address; the symbol; the code the call returned).
type Failure = (usize, &'static CStr, u32);

thread_local! {
    static LAST: Cell<Option<Failure>> = const { Cell::new(None) };
    /// The library this thread's last call could not reach, and the code the loader gave, for
    /// functions whose return value carries no code (TensorRT's return null).
    static UNREACHED: Cell<Option<(&'static Library, u32)>> = const { Cell::new(None) };
}

/// Forgets this thread's record. cuda-checked's macros call it before each call, so that what
/// they explain is that call's own failure, never an earlier one the application handled.
#[inline]
pub fn clear_last_failure() {
    let _ = LAST.try_with(|last| last.set(None));
    let _ = UNREACHED.try_with(|last| last.set(None));
}

/// Records that this thread's call could not reach `library` (`code`: its "not loaded" or
/// "symbol missing"), for a function whose return value cannot say so.
pub(crate) fn unreached(library: &'static Library, code: u32) {
    let _ = UNREACHED.try_with(|last| last.set(Some((library, code))));
}

/// The library this thread's last call could not reach since [`clear_last_failure`], and the
/// loader's code for why (its "not loaded" or "symbol missing"): how a caller of a function
/// returning null tells "TensorRT said no" from "TensorRT could not be reached".
pub fn last_unreached() -> Option<(&'static Library, u32)> {
    UNREACHED.try_with(Cell::get).ok().flatten()
}

pub(crate) fn set(loader: usize, symbol: &'static CStr, code: u32) {
    let _ = LAST.try_with(|last| last.set(Some((loader, symbol, code))));
}

/// The symbol this thread's last call through `loader` could not find, when that call
/// returned `code`.
pub(crate) fn get(loader: usize, code: u32) -> Option<&'static CStr> {
    let last = LAST.try_with(Cell::get).ok().flatten()?;
    (last.0 == loader && last.2 == code).then_some(last.1)
}

pub(crate) fn take() -> Option<Failure> {
    LAST.try_with(Cell::take).ok().flatten()
}

pub(crate) fn restore(failure: Option<Failure>) {
    let _ = LAST.try_with(|last| last.set(failure));
}
