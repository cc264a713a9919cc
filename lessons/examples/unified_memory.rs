//! Lesson 5: unified (managed) memory, the third kind of memory in "CUDA Driver API 内存分配"
//! (lesson 1): one pointer that the CPU and the GPU both use, the driver moving the pages. cuMemAllocManaged, a CPU write, a GPU
//! write (cuMemsetD32 over half of it), and a CPU read of both halves.
//! Run: `cargo run --example unified_memory`

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;
use lessons::{human_bytes, init_context};

/// Small on purpose: never ask for more managed memory than the card has free.
const N: usize = 1 << 20;

fn main() -> Result<(), DriverError> {
    let context = init_context(0)?;
    unsafe {
        let mut managed = 0;
        check_driver!(cuDeviceGetAttribute(&mut managed, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, 0))?;
        if managed == 0 {
            eprintln!("device 0 does not support managed memory");
            std::process::exit(1);
        }
        let bytes = N * std::mem::size_of::<f32>();
        let mut free = 0;
        let mut total = 0;
        check_driver!(cuMemGetInfo(&mut free, &mut total))?;
        if bytes >= free {
            eprintln!(
                "{} of managed memory would not fit in the {} free",
                human_bytes(bytes),
                human_bytes(free)
            );
            std::process::exit(1);
        }

        let mut pointer: CUdeviceptr = 0;
        check_driver!(cuMemAllocManaged(&mut pointer, bytes, CU_MEM_ATTACH_GLOBAL))?;
        println!("managed allocation of {} at {:#x}", human_bytes(bytes), pointer);

        // The CPU writes through the same address...
        let host = pointer as *mut f32;
        for i in 0..N {
            *host.add(i) = i as f32;
        }
        // ...the GPU sets the second half to 2.5...
        let half = N / 2;
        let offset = (half * std::mem::size_of::<f32>()) as CUdeviceptr;
        check_driver!(cuMemsetD32(pointer + offset, 2.5f32.to_bits(), N - half))?;
        // ...and once the GPU is done, the CPU reads both halves.
        check_driver!(cuCtxSynchronize())?;
        let first_ok = (0..half).all(|i| *host.add(i) == i as f32);
        let second_ok = (half..N).all(|i| *host.add(i) == 2.5);
        println!("cpu wrote [0] = {}, [{}] = {}", *host, half - 1, *host.add(half - 1));
        println!("gpu set   [{half}] = {}, [{}] = {}", *host.add(half), N - 1, *host.add(N - 1));

        check_driver!(cuMemFree(pointer))?;
        check_driver!(cuCtxDestroy(context))?;
        if !(first_ok && second_ok) {
            eprintln!("managed memory did not read back as written");
            std::process::exit(1);
        }
    }
    println!("unified memory: CPU and GPU writes both read back correctly");
    Ok(())
}
