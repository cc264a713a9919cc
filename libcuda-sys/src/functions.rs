//! `cuda_fns!`: how each function of the generated list reaches its library (hand-written).
//!
//! The generated bindings list every function once, as `cuda_fns! { pub fn name(..) -> T; .. }`.
//! By default each becomes a function of the same name and signature that resolves its symbol
//! in the library on first call and keeps it in a static; every later call is one atomic load
//! and an indirect call. With the `link` feature the list becomes a plain `extern "C"` block.
//! Either way the list also becomes `SYMBOLS`.
//!
//! The two shapes are exported (hidden) macros, so that cudart-sys makes its functions the same
//! way; each crate's `cuda_fns!` picks one by its own `link` feature.

/// The lazily loaded shape. `resolve` is the crate's `fn(&'static CStr) -> Result<*mut (), E>`;
/// a function whose symbol cannot be had returns `Unreachable::unreachable(E)`.
#[doc(hidden)]
#[macro_export]
macro_rules! __lazy_fns {
    (
        library: $library:literal,
        resolve: $resolve:path,
        $($(#[$doc:meta])* pub fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*
    ) => {
        $(
            $(#[$doc])*
            #[doc = ""]
            #[doc = concat!("Symbol `", stringify!($name), "`, loaded from ", $library, " on first call.")]
            #[inline]
            pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
                type Fn = unsafe extern "C" fn($($ty),*) -> $ret;
                // Runs until the symbol is found (racing threads store the same pointer), then
                // never again. A missing symbol is looked up again on the next call.
                #[cold]
                unsafe extern "C" fn first($($arg: $ty),*) -> $ret {
                    const SYMBOL: &::core::ffi::CStr =
                        $crate::dylib::symbol(concat!(stringify!($name), "\0"));
                    match $resolve(SYMBOL) {
                        Ok(symbol) => {
                            SLOT.store(symbol, ::core::sync::atomic::Ordering::Release);
                            // SAFETY: the library exports this symbol with this C signature.
                            let f: Fn = unsafe { ::core::mem::transmute::<*mut (), Fn>(symbol) };
                            // SAFETY: the caller keeps this function's contract (it is unsafe).
                            unsafe { f($($arg),*) }
                        }
                        Err(error) => $crate::dylib::Unreachable::unreachable(error),
                    }
                }
                static SLOT: ::core::sync::atomic::AtomicPtr<()> =
                    ::core::sync::atomic::AtomicPtr::new(first as Fn as *mut ());
                // SAFETY: SLOT holds `first` or the library's symbol, both of type `Fn`.
                let f: Fn = unsafe {
                    ::core::mem::transmute::<*mut (), Fn>(SLOT.load(::core::sync::atomic::Ordering::Acquire))
                };
                // SAFETY: the caller keeps this function's contract (it is unsafe).
                unsafe { f($($arg),*) }
            }
        )*

        /// Every symbol these bindings call, in the header's order.
        pub(crate) const SYMBOLS: &[&str] = &[$(stringify!($name)),*];

        /// Every function, called with all-zero arguments, and what it returned as an error
        /// code (`None` for a function that returns no code), for the no-library tests:
        /// without a library each call returns before touching its arguments.
        #[cfg(test)]
        #[allow(clippy::type_complexity)]
        pub(crate) const ALL_FUNCTIONS: &[(&str, fn() -> Option<u32>)] = &[
            $((stringify!($name), || {
                // SAFETY: only called where no library can be reached (see above).
                let returned = unsafe { $name($(::core::mem::zeroed::<$ty>()),*) };
                $crate::dylib::Unreachable::code(&returned)
            }),)*
        ];
    };
}

/// The linked shape: an `extern "C"` block (with `#[link(..)]` where given).
#[doc(hidden)]
#[macro_export]
macro_rules! __linked_fns {
    (
        library: $library:literal,
        link: [$(#[$link:meta])*],
        $($(#[$doc:meta])* pub fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*
    ) => {
        $(#[$link])*
        extern "C" {
            $(
                $(#[$doc])*
                #[doc = ""]
                #[doc = concat!("Symbol `", stringify!($name), "`, linked from ", $library, ".")]
                pub fn $name($($arg: $ty),*) -> $ret;
            )*
        }

        /// Every symbol these bindings call, in the header's order.
        pub(crate) const SYMBOLS: &[&str] = &[$(stringify!($name)),*];
    };
}

#[cfg(not(feature = "link"))]
macro_rules! cuda_fns {
    ($($functions:tt)*) => {
        $crate::__lazy_fns! { library: "libcuda", resolve: $crate::loader::resolve, $($functions)* }
    };
}

#[cfg(feature = "link")]
macro_rules! cuda_fns {
    ($($functions:tt)*) => {
        $crate::__linked_fns! { library: "libcuda", link: [#[link(name = "cuda")]], $($functions)* }
    };
}

/// What a driver function returns when the driver cannot be reached: the loader's code.
impl crate::dylib::Unreachable<crate::CUresult> for crate::CUresult {
    fn unreachable(error: crate::CUresult) -> Self {
        error
    }

    fn code(&self) -> Option<u32> {
        Some(self.0)
    }
}
