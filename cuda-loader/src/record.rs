//! The failing call's record, kept for the thread that made the call (as `errno` and libgit2's
//! last error are): the symbol a call could not find, so that `explain` names the very symbol
//! that was missing rather than guessing it from the call's text; and which library's call last
//! failed, where a crate's two libraries share one code type (a library and its sibling), so that
//! the code is described in the words of the library that returned it.

use std::cell::Cell;
use std::ffi::CStr;

use crate::Library;

/// (the loader, by address; the symbol; the code the call returned).
type Failure = (usize, &'static CStr, u32);

#[derive(Clone, Copy, Default)]
struct Record {
    missing: Option<Failure>,
    /// The loader, by address, whose library's call returned a failure last (only a crate's
    /// sibling library notes it; 0: none).
    failed: usize,
}

thread_local! {
    static LAST: Cell<Record> = const { Cell::new(Record { missing: None, failed: 0 }) };
    /// The library this thread's last call could not reach, and the code the loader gave, for
    /// functions whose return value carries no code (a C++ library's, which return null).
    static UNREACHED: Cell<Option<(&'static Library, u32)>> = const { Cell::new(None) };
}

/// Forgets this thread's record. cuda-checked's macros call it before each call, so that what
/// they explain is that call's own failure, never an earlier one the application handled.
#[inline]
pub fn clear_last_failure() {
    let _ = LAST.try_with(|last| last.set(Record::default()));
    let _ = UNREACHED.try_with(|last| last.set(None));
}

fn update(f: impl FnOnce(&mut Record)) {
    let _ = LAST.try_with(|last| {
        let mut record = last.get();
        f(&mut record);
        last.set(record);
    });
}

/// Records that this thread's call could not reach `library` (`code`: its "not loaded" or
/// "symbol missing"): every generated function does so (`__lazy_fns!`), whatever it returns,
/// so a caller of one whose value cannot say so can ask ([`last_unreached`]).
pub fn unreached(library: &'static Library, code: u32) {
    let _ = UNREACHED.try_with(|last| last.set(Some((library, code))));
}

/// The library this thread's last call could not reach since [`clear_last_failure`], and the
/// loader's code for why (its "not loaded" or "symbol missing"): how a caller of a function
/// returning null tells "the library said no" from "the library could not be reached".
pub fn last_unreached() -> Option<(&'static Library, u32)> {
    UNREACHED.try_with(Cell::get).ok().flatten()
}

pub(crate) fn set(loader: usize, symbol: &'static CStr, code: u32) {
    update(|record| record.missing = Some((loader, symbol, code)));
}

/// The symbol this thread's last call through `loader` could not find, when that call
/// returned `code`.
pub(crate) fn get(loader: usize, code: u32) -> Option<&'static CStr> {
    let last = LAST.try_with(Cell::get).ok()?.missing?;
    (last.0 == loader && last.2 == code).then_some(last.1)
}

/// A call through `loader` returned a failure.
pub(crate) fn set_failed(loader: usize) {
    update(|record| record.failed = loader);
}

/// Whether the last failure noted on this thread was a call through `loader`.
pub(crate) fn failed(loader: usize) -> bool {
    LAST.try_with(Cell::get).is_ok_and(|record| record.failed == loader)
}

pub(crate) fn take() -> Option<Failure> {
    let mut missing = None;
    update(|record| missing = record.missing.take());
    missing
}

pub(crate) fn restore(failure: Option<Failure>) {
    update(|record| record.missing = failure);
}
