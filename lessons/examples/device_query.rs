//! Lesson 3: what the driver knows about the machine: its version, then each device's name,
//! memory, compute capability and multiprocessors (NVIDIA's deviceQueryDrv sample, in short).
//! Run: `cargo run --example device_query`

use std::ffi::{c_char, CStr};

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;

fn main() -> Result<(), DriverError> {
    unsafe {
        check_driver!(cuInit(0))?;
        let mut version = 0;
        check_driver!(cuDriverGetVersion(&mut version))?;
        println!("driver supports CUDA {}.{} ({version})", version / 1000, version % 1000 / 10);
        println!(
            "bindings from cuda.h {}.{} ({})",
            CUDA_VERSION / 1000,
            CUDA_VERSION % 1000 / 10,
            CUDA_VERSION
        );

        let mut count = 0;
        check_driver!(cuDeviceGetCount(&mut count))?;
        println!("{count} device(s)");
        for ordinal in 0..count {
            let mut device: CUdevice = 0;
            check_driver!(cuDeviceGet(&mut device, ordinal))?;

            let mut name = [0 as c_char; 256];
            check_driver!(cuDeviceGetName(name.as_mut_ptr(), name.len() as i32, device))?;
            let name = CStr::from_ptr(name.as_ptr()).to_string_lossy();

            let mut bytes: usize = 0;
            check_driver!(cuDeviceTotalMem(&mut bytes, device))?;

            let attribute = |attribute: CUdevice_attribute| -> Result<i32, DriverError> {
                let mut value = 0;
                check_driver!(cuDeviceGetAttribute(&mut value, attribute, device))?;
                Ok(value)
            };
            let major = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?;
            let minor = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?;
            let sms = attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?;
            let clock_khz = attribute(CU_DEVICE_ATTRIBUTE_CLOCK_RATE)?;
            let bus_bits = attribute(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH)?;
            let l2 = attribute(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)?;
            let managed = attribute(CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY)?;

            println!("device {ordinal}: {name}");
            println!("  memory             {:.1} GiB ({bytes} bytes)", bytes as f64 / (1u64 << 30) as f64);
            println!("  compute capability {major}.{minor}");
            println!("  multiprocessors    {sms}");
            println!("  clock              {} MHz", clock_khz / 1000);
            println!("  memory bus         {bus_bits} bits");
            println!("  L2 cache           {} MiB", l2 >> 20);
            println!("  managed memory     {}", if managed != 0 { "yes" } else { "no" });
        }
    }
    Ok(())
}
