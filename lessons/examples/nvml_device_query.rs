//! Lesson 43: what `nvidia-smi` says about each GPU, asked of NVML (the library nvidia-smi is
//! built on) directly: the lines of
//! `nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used,temperature.gpu,power.draw,utilization.gpu --format=csv`,
//! header and units as nvidia-smi writes them.
//! Run: `cargo run --example nvml_device_query`

use std::ffi::{c_char, CStr};

use cuda_checked::{check_nvml, NvmlResult};
use nvml_sys::*;

/// A value, or nvidia-smi's `[N/A]` where the GPU does not report it.
fn or_na(code: nvmlReturn_t, value: impl FnOnce() -> String) -> NvmlResult<String> {
    if code == NVML_ERROR_NOT_SUPPORTED {
        return Ok("[N/A]".to_string());
    }
    check_nvml!(code)?;
    Ok(value())
}

fn main() -> NvmlResult<()> {
    unsafe {
        check_nvml!(nvmlInit())?;
        let mut driver = [0 as c_char; NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE];
        check_nvml!(nvmlSystemGetDriverVersion(driver.as_mut_ptr(), driver.len() as u32))?;
        let driver = CStr::from_ptr(driver.as_ptr()).to_string_lossy().into_owned();

        println!(
            "name, driver_version, memory.total [MiB], memory.used [MiB], temperature.gpu, power.draw [W], \
             utilization.gpu [%]"
        );
        let mut count = 0;
        check_nvml!(nvmlDeviceGetCount(&mut count))?;
        for index in 0..count {
            let mut device: nvmlDevice_t = std::ptr::null_mut();
            check_nvml!(nvmlDeviceGetHandleByIndex(index, &mut device))?;

            let mut name = [0 as c_char; NVML_DEVICE_NAME_V2_BUFFER_SIZE];
            check_nvml!(nvmlDeviceGetName(device, name.as_mut_ptr(), name.len() as u32))?;
            let name = CStr::from_ptr(name.as_ptr()).to_string_lossy();

            // Version 2 of the struct, as nvidia-smi reads it: `used` without the memory the
            // driver reserves. Its version field is C's NVML_STRUCT_VERSION(Memory, 2).
            let mut memory: nvmlMemory_v2_t = std::mem::zeroed();
            memory.version = std::mem::size_of::<nvmlMemory_v2_t>() as u32 | 2 << 24;
            check_nvml!(nvmlDeviceGetMemoryInfo_v2(device, &mut memory))?;

            let mut celsius = 0;
            let temperature = nvmlDeviceGetTemperature(device, NVML_TEMPERATURE_GPU, &mut celsius);
            let temperature = or_na(temperature, || celsius.to_string())?;
            let mut milliwatts = 0;
            let power = nvmlDeviceGetPowerUsage(device, &mut milliwatts);
            let power = or_na(power, || format!("{:.2} W", f64::from(milliwatts) / 1000.0))?;
            let mut utilization: nvmlUtilization_t = std::mem::zeroed();
            let busy = nvmlDeviceGetUtilizationRates(device, &mut utilization);
            let busy = or_na(busy, || format!("{} %", utilization.gpu))?;

            println!(
                "{name}, {driver}, {} MiB, {} MiB, {temperature}, {power}, {busy}",
                memory.total >> 20,
                memory.used >> 20
            );
        }
        check_nvml!(nvmlShutdown())?;
    }
    Ok(())
}
