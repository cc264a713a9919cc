//! On a machine with an NVIDIA GPU and driver (`--features gpu-tests`), through nvml-sys alone:
//! nvmlInit, the driver's versions, each GPU's name and memory, nvmlShutdown. Without a driver
//! it fails, loudly.
#![cfg(feature = "gpu-tests")]

use std::ffi::{c_char, CStr};

use nvml_sys::*;

fn text(buffer: &[c_char]) -> String {
    // SAFETY: NVML wrote a NUL-terminated string into the buffer.
    unsafe { CStr::from_ptr(buffer.as_ptr()) }.to_string_lossy().into_owned()
}

#[test]
fn init_query_shutdown() {
    unsafe {
        let code = nvmlInit();
        assert_eq!(
            code,
            NVML_SUCCESS,
            "gpu-tests needs an NVIDIA GPU and driver: {:?}",
            loader::describe(code)
        );
        let mut cuda = 0;
        assert_eq!(nvmlSystemGetCudaDriverVersion(&mut cuda), NVML_SUCCESS);
        assert!(cuda as u32 >= CUDA_VERSION, "the loader refuses a driver older than the header");
        let mut driver = [0 as c_char; NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE];
        assert_eq!(nvmlSystemGetDriverVersion(driver.as_mut_ptr(), driver.len() as u32), NVML_SUCCESS);
        assert!(text(&driver).chars().next().is_some_and(|c| c.is_ascii_digit()), "{}", text(&driver));

        let mut count = 0;
        assert_eq!(nvmlDeviceGetCount(&mut count), NVML_SUCCESS);
        assert!(count >= 1);
        for index in 0..count {
            let mut device: nvmlDevice_t = std::ptr::null_mut();
            assert_eq!(nvmlDeviceGetHandleByIndex(index, &mut device), NVML_SUCCESS);
            let mut name = [0 as c_char; NVML_DEVICE_NAME_V2_BUFFER_SIZE];
            assert_eq!(nvmlDeviceGetName(device, name.as_mut_ptr(), name.len() as u32), NVML_SUCCESS);
            let mut memory: nvmlMemory_t = std::mem::zeroed();
            assert_eq!(nvmlDeviceGetMemoryInfo(device, &mut memory), NVML_SUCCESS);
            assert!(memory.total > 0 && memory.used <= memory.total);
            println!(
                "{index}: {}, {} MiB, driver {}, CUDA {cuda}",
                text(&name),
                memory.total >> 20,
                text(&driver)
            );
        }
        // A code NVML itself words.
        let words = CStr::from_ptr(nvmlErrorString(NVML_ERROR_NOT_SUPPORTED)).to_string_lossy();
        assert!(!words.is_empty());
        assert_eq!(nvmlShutdown(), NVML_SUCCESS);
    }
}
