//! The names C code writes exist and are what `nvml.h` `#define`s them to, for whichever header
//! this build used: checked on the API itself, by comparing items, not by reading generated
//! text.

use nvml_sys::*;

/// `a` and `b` are the very same function (a re-export, no wrapper in between).
macro_rules! same_function {
    ($a:path, $b:path, $ty:ty) => {
        assert_eq!($a as $ty as usize, $b as $ty as usize, "{} is not {}", stringify!($a), stringify!($b))
    };
}

#[test]
fn versioned_functions_go_by_cs_names() {
    same_function!(nvmlInit, nvmlInit_v2, unsafe extern "C" fn() -> nvmlReturn_t);
    same_function!(nvmlDeviceGetCount, nvmlDeviceGetCount_v2, unsafe extern "C" fn(*mut u32) -> nvmlReturn_t);
    same_function!(
        nvmlDeviceGetHandleByIndex,
        nvmlDeviceGetHandleByIndex_v2,
        unsafe extern "C" fn(u32, *mut nvmlDevice_t) -> nvmlReturn_t
    );
    same_function!(
        nvmlDeviceGetPciInfo,
        nvmlDeviceGetPciInfo_v3,
        unsafe extern "C" fn(nvmlDevice_t, *mut nvmlPciInfo_t) -> nvmlReturn_t
    );
}

/// The types the header renames by `#define` are the types it names.
#[test]
fn renamed_types_are_the_types_named() {
    fn same<T>(_: &T, _: &T) {}
    // SAFETY: plain C structs and enums, for which all zeroes is a value.
    let (old, new): (nvmlBlacklistDeviceInfo_t, nvmlExcludedDeviceInfo_t) = unsafe { std::mem::zeroed() };
    same(&old, &new);
    let (old, new): (nvmlEccBitType_t, nvmlMemoryErrorType_t) = (0, NVML_MEMORY_ERROR_TYPE_CORRECTED);
    same(&old, &new);
}
