//! How each function of a generated list reaches its library (hand-written).
//!
//! The generated bindings list every function once, in braces of its own, as
//! `cuda_fns! { { pub fn name(..) -> T; } .. }`,
//! and each -sys crate's `cuda_fns!` hands the list to [`__functions!`](crate::__functions),
//! which picks the shape by the crate's `cuda_reach` cfg (see [`reach!`](crate::reach)):
//!
//! - loaded (the default): each becomes a function of the same name and signature that
//!   resolves its symbol in the library on first call and keeps it in a static; every later
//!   call is one atomic load, a test and an indirect call;
//! - linked (`link`, `static`): a plain `extern "C"` block; the build script names the library.
//!
//! Either way the list also becomes `SYMBOLS`.

use std::ffi::c_char;

use std::ffi::CStr;
use std::sync::atomic::{AtomicPtr, Ordering};

use crate::{Library, Loader};

/// A loaded function's symbol: null until a call finds it, then kept (racing threads store the
/// same pointer); a missing symbol is looked for again on the next call. Each function has one
/// in a static. It starts null, not at a resolver of the function's own, so that a -sys crate
/// compiles no code per function: the wrappers are `#[inline]`, and only those a program calls
/// are compiled, in the program (most of what a -sys crate's build cost before).
#[doc(hidden)]
pub struct Slot {
    symbol: AtomicPtr<()>,
    name: &'static CStr,
}

impl Slot {
    /// `name`: the symbol, ending in its only NUL.
    pub const fn new(name: &'static str) -> Slot {
        Slot { symbol: AtomicPtr::new(std::ptr::null_mut()), name: crate::symbol(name) }
    }

    /// The symbol in `loader`'s library, or the code a call that cannot reach it returns.
    #[inline]
    pub fn get(&self, loader: &'static Loader) -> Result<*mut (), u32> {
        let symbol = self.symbol.load(Ordering::Acquire);
        if symbol.is_null() {
            return self.find(loader);
        }
        Ok(symbol)
    }

    #[cold]
    #[inline(never)]
    fn find(&self, loader: &'static Loader) -> Result<*mut (), u32> {
        let symbol = loader.resolve(self.name)?;
        self.symbol.store(symbol, Ordering::Release);
        Ok(symbol)
    }
}

/// What a function returns when its library cannot be reached, and the code a returned value
/// carries, if it is one. Implemented here for text (`const char *`), by
/// [`__result_codes!`](crate::__result_codes) for each result code type, and by a -sys crate
/// for any other type its functions return.
pub trait Unreachable: Sized {
    /// The value for a call that could not reach `library`, which answered `code`.
    fn unreachable(library: &'static Library, code: u32) -> Self;
    fn code(&self) -> Option<u32>;
}

/// A function that returns nothing (`void f(void)`: a library's debug setting reset) does
/// nothing without its library (the wrapper has noted why: [`last_unreached`](crate::last_unreached)).
impl Unreachable for () {
    fn unreachable(_: &'static Library, _: u32) {}

    fn code(&self) -> Option<u32> {
        None
    }
}

/// `cudaGetErrorString` and the like without their library: a static C string that says so,
/// never null (C code passes their result straight to `printf`). Any other `const T*` (a version
/// struct's): null, as C code tests it.
impl<T: 'static> Unreachable for *const T {
    fn unreachable(library: &'static Library, _: u32) -> Self {
        if std::any::TypeId::of::<T>() == std::any::TypeId::of::<c_char>() {
            library.unreachable_text.as_ptr().cast()
        } else {
            std::ptr::null()
        }
    }

    fn code(&self) -> Option<u32> {
        None
    }
}

/// A function returning a number that is no code (`size_t` a version, `unsigned` a mask): 0
/// without its library, which no version or mask is.
macro_rules! unreachable_zero {
    ($($t:ty),*) => {$(
        impl Unreachable for $t {
            fn unreachable(_: &'static Library, _: u32) -> Self {
                0
            }

            fn code(&self) -> Option<u32> {
                None
            }
        }
    )*};
}
unreachable_zero!(usize, u32, i32);

/// A function returning an object (TensorRT's `createInferRuntime_INTERNAL`, `getLogger`):
/// null without its library, as it returns on failure.
impl<T> Unreachable for *mut T {
    fn unreachable(_: &'static Library, _: u32) -> Self {
        std::ptr::null_mut()
    }

    fn code(&self) -> Option<u32> {
        None
    }
}

/// A function returning success (TensorRT's `initLibNvInferPlugins`): false without its library.
impl Unreachable for bool {
    fn unreachable(_: &'static Library, _: u32) -> Self {
        false
    }

    fn code(&self) -> Option<u32> {
        None
    }
}

/// Chooses the shape of a generated function list by the calling crate's `cuda_reach` cfg.
///
/// The list holds each function in braces of its own, `{ #[..] pub fn name(..) -> T; }`: a
/// `macro_rules!` matcher that parses each signature's types (`$ty:ty`) in one repetition over the
/// whole list takes time quadratic in its length (the largest crate's 7,753 functions: 13.5 s of a 27 s compile),
/// where one group per function is matched as tokens and each signature parsed alone (0.7 s).
#[doc(hidden)]
#[macro_export]
macro_rules! __functions {
    (loader: $loader:path, notes_failures, $($functions:tt)*) => {
        #[cfg(cuda_reach = "loaded")]
        $crate::__lazy_fns! { loader: $loader, note: $crate::Loader::note_failure, $($functions)* }
        #[cfg(not(cuda_reach = "loaded"))]
        $crate::__linked_fns! { $($functions)* }
    };
    (loader: $loader:path, $($functions:tt)*) => {
        #[cfg(cuda_reach = "loaded")]
        $crate::__lazy_fns! { loader: $loader, note: $crate::Loader::ignore_failure, $($functions)* }
        #[cfg(not(cuda_reach = "loaded"))]
        $crate::__linked_fns! { $($functions)* }
    };
}

/// The lazily loaded shape. `$loader` is the crate's [`Loader`](crate::Loader) static; a
/// function whose symbol cannot be had returns [`Unreachable::unreachable`]. `$note` sees every
/// code a call returns: a crate's sibling library notes its failures, so that their codes (which
/// are the first library's type) are described in its own words.
#[doc(hidden)]
#[macro_export]
macro_rules! __lazy_fns {
    (
        loader: $loader:path,
        note: $note:path,
        $({ $(#[$doc:meta])* pub fn $name:ident $($signature:tt)* })*
    ) => {
        $(
            $crate::__lazy_fn! { $loader, $note, $(#[$doc])* pub fn $name $($signature)* }
        )*

        /// Every symbol these bindings call, in the header's order.
        pub(crate) const SYMBOLS: &[&str] = &[$(stringify!($name)),*];

        /// Functions called with all-zero arguments, and what each returned as an error code
        /// (`None` for a function that returns no code), for the no-library tests: without a
        /// library each call returns before touching its arguments. Every function where the
        /// build set `cuda_every_function` (`CUDA_SYS_TEST_EVERY_FUNCTION=1`: CI, for each
        /// vendored major and the GPU machine's release), else the first: a closure per function
        /// is most of a large crate's test build (7,753 of them: 12 of its 27 s), and each
        /// function's body is the same macro's, so every symbol's record is tested by name
        /// instead (`SYMBOLS`, through `Loader::resolve`).
        #[cfg(all(test, cuda_every_function))]
        #[allow(clippy::type_complexity)]
        pub(crate) const TESTED_FUNCTIONS: &[(&str, fn() -> Option<u32>)] = &[
            $((stringify!($name), $crate::__zeroed_call!($name $($signature)*)),)*
        ];
        #[cfg(all(test, not(cuda_every_function)))]
        $crate::__first_zeroed_call! { $({ pub fn $name $($signature)* })* }
    };
}

/// `TESTED_FUNCTIONS` of the first function alone (see [`__lazy_fns!`](crate::__lazy_fns)).
#[doc(hidden)]
#[macro_export]
macro_rules! __first_zeroed_call {
    ({ pub fn $name:ident $($signature:tt)* } $($rest:tt)*) => {
        #[allow(clippy::type_complexity)]
        pub(crate) const TESTED_FUNCTIONS: &[(&str, fn() -> Option<u32>)] =
            &[(stringify!($name), $crate::__zeroed_call!($name $($signature)*))];
    };
}

/// One lazily loaded function (see [`__lazy_fns!`](crate::__lazy_fns)).
#[doc(hidden)]
#[macro_export]
macro_rules! __lazy_fn {
    (
        $loader:path, $note:path,
        $(#[$doc:meta])* pub fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;
    ) => {
        $(#[$doc])*
        #[doc = ""]
        #[doc = concat!("Symbol `", stringify!($name), "`, loaded on first call (see the crate's `loader`).")]
        #[inline]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
            static SLOT: $crate::Slot = $crate::Slot::new(concat!(stringify!($name), "\0"));
            match SLOT.get(&$loader) {
                // SAFETY: the library exports this symbol with this C signature, and the caller
                // keeps this function's contract (it is unsafe).
                Ok(symbol) => $crate::__returned(&$loader, $note, unsafe {
                    ::core::mem::transmute::<*mut (), unsafe extern "C" fn($($ty),*) -> $ret>(symbol)($($arg),*)
                }),
                Err(code) => $crate::__not_called(&$loader, $note, code),
            }
        }
    };
}

/// What sees each code a loaded function returns (`Loader::note_failure`, `Loader::ignore_failure`).
type Note = fn(&'static Loader, Option<u32>);

/// What a loaded function returns from its library's call: the code noted (see `__lazy_fns!`).
/// Generic, so that each function's body is only its call (a crate's thousands of functions
/// type-check faster), and instantiated once per return type.
#[doc(hidden)]
#[inline(always)]
pub fn __returned<R: Unreachable>(loader: &'static Loader, note: Note, returned: R) -> R {
    note(loader, returned.code());
    returned
}

/// What a loaded function returns when its symbol cannot be had: `code` noted, for every return
/// type (a -sys crate's own too: `last_unreached`), and [`Unreachable::unreachable`].
#[doc(hidden)]
#[cold]
pub fn __not_called<R: Unreachable>(loader: &'static Loader, note: Note, code: u32) -> R {
    note(loader, Some(code));
    crate::record::unreached(loader.library(), code);
    R::unreachable(loader.library(), code)
}

/// A closure calling one function with all-zero arguments (the no-library tests' `TESTED_FUNCTIONS`).
#[doc(hidden)]
#[macro_export]
macro_rules! __zeroed_call {
    ($name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;) => {
        || {
            // SAFETY: only called where no library can be reached (see `TESTED_FUNCTIONS`).
            let returned = unsafe { $name($(::core::mem::zeroed::<$ty>()),*) };
            $crate::Unreachable::code(&returned)
        }
    };
}

/// The linked shape: an `extern "C"` block; the build script tells the linker which library.
#[doc(hidden)]
#[macro_export]
macro_rules! __linked_fns {
    ($({ $(#[$doc:meta])* pub fn $name:ident $($signature:tt)* })*) => {
        extern "C" {
            $(
                $(#[$doc])*
                #[doc = ""]
                #[doc = concat!("Symbol `", stringify!($name), "`, linked (see the crate's `loader`).")]
                pub fn $name $($signature)*
            )*
        }

        /// Every symbol these bindings call, in the header's order.
        pub(crate) const SYMBOLS: &[&str] = &[$(stringify!($name)),*];
    };
}

/// How the calling crate reaches its library, from its `cuda_reach` cfg, which its build
/// script sets (cuda-bindings-build's `link_or_load`): the one place that choice is read.
#[macro_export]
macro_rules! reach {
    () => {
        if cfg!(cuda_reach = "static") {
            $crate::Reach::Static
        } else if cfg!(cuda_reach = "link") {
            $crate::Reach::Link
        } else {
            $crate::Reach::Loaded
        }
    };
}
