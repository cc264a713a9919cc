//! Lesson 8: virtual memory management (VMM), the way NVIDIA's vectorAddMMAP and memMapIPCDrv
//! samples use it. `cuMemAlloc` gives an address and the memory behind it in one step; VMM
//! takes the step apart: reserve a range of addresses (`cuMemAddressReserve`), create physical
//! memory (`cuMemCreate`), map the one onto the other (`cuMemMap`), then say who may use it
//! (`cuMemSetAccess`). What that buys: here two separate physical allocations are mapped back
//! to back into one reserved range, and a kernel and a copy use them as one contiguous buffer,
//! as vectorAddMMAP does with one piece per GPU. The kernel (kernels/fill_pattern.ptx) writes
//! a pattern across the seam; the host checks every element.
//! Run: `cargo run --example vmm`

use std::ffi::c_void;
use std::mem::{size_of, zeroed};

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;
use lessons::{human_bytes, init_context};

/// `out[i] = 3 * i + 1` for `i < n`, as PTX (hand-written, see kernels/fill_pattern.ptx).
const FILL_PATTERN_PTX: &str = concat!(include_str!("../kernels/fill_pattern.ptx"), "\0");

/// Elements written: 12,000,000 bytes, on purpose no multiple of any granularity.
const N: usize = 3_000_000;

/// Physical allocations mapped side by side into the one reserved range.
const PIECES: usize = 2;

/// What `fill_pattern` writes at element `i`.
fn pattern(i: usize) -> u32 {
    3 * i as u32 + 1
}

fn main() -> Result<(), DriverError> {
    let context = init_context(0)?;
    unsafe {
        let mut device: CUdevice = 0;
        check_driver!(cuCtxGetDevice(&mut device))?;

        // VMM needs the device, the driver and the platform to support it: ask, as the
        // samples do, before relying on it.
        let mut supported = 0;
        check_driver!(cuDeviceGetAttribute(
            &mut supported,
            CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
            device
        ))?;
        if supported == 0 {
            println!("device {device} does not support virtual memory management: nothing to show");
            check_driver!(cuCtxDestroy(context))?;
            return Ok(());
        }

        // ANCHOR: prop
        // What the physical memory is: pinned (it stays where it is made), on this device.
        // Zeroed first, as C's `= {}`: no handle types to export, no compression.
        let mut prop: CUmemAllocationProp = zeroed();
        prop.r#type = CU_MEM_ALLOCATION_TYPE_PINNED;
        prop.location.r#type = CU_MEM_LOCATION_TYPE_DEVICE;
        prop.location.id = device;

        // Physical memory is created, and mapped, in multiples of the minimum granularity; the
        // recommended one is what performs best (often the same).
        let (mut minimum, mut recommended) = (0usize, 0usize);
        check_driver!(cuMemGetAllocationGranularity(&mut minimum, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM))?;
        check_driver!(cuMemGetAllocationGranularity(
            &mut recommended,
            &prop,
            CU_MEM_ALLOC_GRANULARITY_RECOMMENDED
        ))?;
        println!("granularity: minimum {}, recommended {}", human_bytes(minimum), human_bytes(recommended));

        // Each piece holds its share of the data, rounded up to the granularity; the
        // reservation covers all the pieces.
        let bytes = N * size_of::<u32>();
        let piece = bytes.div_ceil(PIECES).div_ceil(minimum) * minimum;
        let size = PIECES * piece;
        println!(
            "{bytes} bytes wanted: {PIECES} physical allocations of {} each, {} of addresses reserved",
            human_bytes(piece),
            human_bytes(size)
        );
        // ANCHOR_END: prop

        // ANCHOR: map
        // 1. Addresses only, no memory yet. Alignment 0 asks for the default; address 0 lets
        //    the driver choose where.
        let mut base: CUdeviceptr = 0;
        check_driver!(cuMemAddressReserve(&mut base, size, 0, 0, 0))?;
        println!("reserved {:#x} to {:#x}", base, base + size as CUdeviceptr);

        // 2 and 3. Memory without an address, each piece mapped at its offset in the range
        //    (the offset into the allocation, the third argument, must be 0).
        let mut handles: [CUmemGenericAllocationHandle; PIECES] = [0; PIECES];
        for (k, handle) in handles.iter_mut().enumerate() {
            check_driver!(cuMemCreate(handle, piece, &prop, 0))?;
            check_driver!(cuMemMap(base + (k * piece) as CUdeviceptr, piece, 0, *handle, 0))?;
            println!("allocation {} mapped at {:#x}", k + 1, base + (k * piece) as CUdeviceptr);
        }
        // ANCHOR_END: map

        // ANCHOR: access
        // 4. A mapping starts with no access at all, not even for the device it lives on. One
        //    call grants this device read and write over the whole range, both pieces.
        let mut access: CUmemAccessDesc = zeroed();
        access.location.r#type = CU_MEM_LOCATION_TYPE_DEVICE;
        access.location.id = device;
        access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
        check_driver!(cuMemSetAccess(base, size, &access, 1))?;
        // ANCHOR_END: access

        // From here the range is ordinary device memory: a kernel writes it...
        let mut module: CUmodule = std::ptr::null_mut();
        let mut kernel: CUfunction = std::ptr::null_mut();
        check_driver!(cuModuleLoadData(&mut module, FILL_PATTERN_PTX.as_ptr().cast()))?;
        check_driver!(cuModuleGetFunction(&mut kernel, module, c"fill_pattern".as_ptr()))?;
        let (mut out, mut n) = (base, N as u32);
        let mut args: [*mut c_void; 2] = [(&mut out as *mut CUdeviceptr).cast(), (&mut n as *mut u32).cast()];
        let block = 256;
        check_driver!(cuLaunchKernel(
            kernel,
            n.div_ceil(block),
            1,
            1,
            block,
            1,
            1,
            0,
            std::ptr::null_mut(),
            args.as_mut_ptr(),
            std::ptr::null_mut()
        ))?;
        check_driver!(cuCtxSynchronize())?;

        // ...and one copy reads it back, crossing from the first allocation into the second.
        let mut host = vec![0u32; N];
        check_driver!(cuMemcpyDtoH(host.as_mut_ptr() as *mut c_void, base, bytes))?;
        let wrong = (0..N).filter(|&i| host[i] != pattern(i)).count();
        let seam = piece / size_of::<u32>();
        if seam < N {
            println!(
                "across the seam: [{}] = {} (end of allocation 1), [{seam}] = {} (start of allocation 2)",
                seam - 1,
                host[seam - 1],
                host[seam]
            );
        }

        // ANCHOR: undo
        // Undo in reverse. Unmapping the whole range takes both mappings; a physical
        // allocation is freed once it is unmapped and its handle released (vectorAddMMAP
        // releases each handle right after mapping it: the mapping keeps the memory alive).
        // Then the addresses themselves go back.
        check_driver!(cuModuleUnload(module))?;
        check_driver!(cuMemUnmap(base, size))?;
        for handle in handles {
            check_driver!(cuMemRelease(handle))?;
        }
        check_driver!(cuMemAddressFree(base, size))?;
        // ANCHOR_END: undo
        check_driver!(cuCtxDestroy(context))?;

        if wrong > 0 {
            eprintln!("{wrong} of {N} elements are wrong");
            std::process::exit(1);
        }
    }
    println!("all {N} elements correct");
    Ok(())
}
