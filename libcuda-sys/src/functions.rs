//! `cuda_fns!`: how each function of the generated list reaches the driver (hand-written).
//!
//! The generated bindings list every function once, as `cuda_fns! { pub fn name(..) -> CUresult; .. }`.
//! By default each becomes a function of the same name and signature that resolves its symbol
//! in libcuda on first call and keeps it in a static; every later call is one atomic load and
//! an indirect call. With the `link` feature the list becomes a plain `extern "C"` block.
//! Either way the list also becomes [`SYMBOLS`](crate::loader::SYMBOLS).

/// `name\0` as a `&'static CStr`, at compile time: what the loader hands to `dlsym`. A name
/// with a NUL inside stops the build (no generated name has one).
#[cfg(not(feature = "link"))]
pub(crate) const fn symbol(name: &'static str) -> &'static std::ffi::CStr {
    match std::ffi::CStr::from_bytes_with_nul(name.as_bytes()) {
        Ok(symbol) => symbol,
        Err(_) => panic!("a symbol name must end in its only NUL"),
    }
}

#[cfg(not(feature = "link"))]
macro_rules! cuda_fns {
    ($($(#[$doc:meta])* pub fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        $(
            $(#[$doc])*
            #[doc = ""]
            #[doc = concat!("Symbol `", stringify!($name), "`, loaded from libcuda on first call.")]
            #[inline]
            pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
                type Fn = unsafe extern "C" fn($($ty),*) -> $ret;
                // Runs until the symbol is found (racing threads store the same pointer), then
                // never again. A missing symbol is looked up again on the next call.
                #[cold]
                unsafe extern "C" fn first($($arg: $ty),*) -> $ret {
                    const SYMBOL: &::core::ffi::CStr =
                        $crate::functions::symbol(concat!(stringify!($name), "\0"));
                    match $crate::loader::resolve(SYMBOL) {
                        Ok(symbol) => {
                            SLOT.store(symbol, ::core::sync::atomic::Ordering::Release);
                            // SAFETY: the driver exports this symbol with this C signature.
                            let f: Fn = unsafe { ::core::mem::transmute::<*mut (), Fn>(symbol) };
                            // SAFETY: the caller keeps this function's contract (it is unsafe).
                            unsafe { f($($arg),*) }
                        }
                        Err(code) => code,
                    }
                }
                static SLOT: ::core::sync::atomic::AtomicPtr<()> =
                    ::core::sync::atomic::AtomicPtr::new(first as Fn as *mut ());
                // SAFETY: SLOT holds `first` or the driver's symbol, both of type `Fn`.
                let f: Fn = unsafe {
                    ::core::mem::transmute::<*mut (), Fn>(SLOT.load(::core::sync::atomic::Ordering::Acquire))
                };
                // SAFETY: the caller keeps this function's contract (it is unsafe).
                unsafe { f($($arg),*) }
            }
        )*

        /// Every driver symbol these bindings call, in the header's order.
        pub(crate) const SYMBOLS: &[&str] = &[$(stringify!($name)),*];

        /// Every function with all-zero arguments, for the no-driver test: without a driver
        /// each call returns before touching its arguments.
        // SAFETY (of each call): only called where no driver can be reached, see above.
        #[cfg(test)]
        pub(crate) const ALL_FUNCTIONS: &[(&str, fn() -> CUresult)] = &[
            $((stringify!($name), || unsafe { $name($(::core::mem::zeroed::<$ty>()),*) }),)*
        ];
    };
}

#[cfg(feature = "link")]
macro_rules! cuda_fns {
    ($($(#[$doc:meta])* pub fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        #[link(name = "cuda")]
        extern "C" {
            $(
                $(#[$doc])*
                #[doc = ""]
                #[doc = concat!("Symbol `", stringify!($name), "`, linked from libcuda.")]
                pub fn $name($($arg: $ty),*) -> $ret;
            )*
        }

        /// Every driver symbol these bindings call, in the header's order.
        pub(crate) const SYMBOLS: &[&str] = &[$(stringify!($name)),*];
    };
}
