//! Values computed once and kept for the life of the process, without a lock.

use std::sync::atomic::{AtomicPtr, Ordering};

/// A value computed at most once per winner and then kept for the life of the process,
/// without a lock: racing threads each compute one, the first to publish it wins, the others
/// hand theirs to `discard`. A thread that stops half-way (a `fork()` child has no other
/// threads) blocks no one, unlike a `OnceLock`.
pub(crate) struct Published<T>(AtomicPtr<T>);

impl<T> Published<T> {
    pub const fn new() -> Self {
        Published(AtomicPtr::new(std::ptr::null_mut()))
    }

    /// The value, if one was published (never makes one).
    pub fn get(&self) -> Option<&T> {
        let published = self.0.load(std::sync::atomic::Ordering::Acquire);
        // SAFETY: a published value is leaked: valid and never written for the process's life.
        (!published.is_null()).then(|| unsafe { &*published })
    }

    pub fn get_or_publish(&self, make: impl FnOnce() -> T, discard: impl FnOnce(T)) -> &T {
        let current = self.0.load(Ordering::Acquire);
        if !current.is_null() {
            // SAFETY: a published value is leaked: valid and never written for the process's life.
            return unsafe { &*current };
        }
        let mine = Box::into_raw(Box::new(make()));
        match self.0.compare_exchange(std::ptr::null_mut(), mine, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: just published, and from now on never freed.
            Ok(_) => unsafe { &*mine },
            Err(theirs) => {
                // SAFETY: `mine` came from Box::into_raw above and no one else has seen it.
                discard(*unsafe { Box::from_raw(mine) });
                // SAFETY: as for `current` above.
                unsafe { &*theirs }
            }
        }
    }
}
