//! `cudaOccupancyMaxPotentialBlockSize` and its three siblings, which `cuda_runtime.h` defines as
//! templates over the runtime's calls: the same search, computed here in `i64` so that no
//! attribute a runtime reports (a block limit near `INT_MAX`, a warp size, a count of blocks)
//! can overflow it; what C++ computes in `int` is the answer wherever C++'s is defined, and a
//! grid beyond `INT_MAX` blocks is `INT_MAX`.

use core::ffi::{c_int, c_uint};

use super::{launch, Entry, Status};
use crate::*;

/// What the search needs to know of the device and the kernel, as the runtime reported it.
#[derive(Debug, Clone, Copy)]
struct Limits {
    /// `cudaDevAttrMaxThreadsPerMultiProcessor`: the occupancy that ends the search.
    threads_per_multiprocessor: c_int,
    /// `cudaDevAttrWarpSize`: the step between block sizes.
    warp_size: c_int,
    /// `cudaDevAttrMaxThreadsPerBlock`.
    device_max_block: c_int,
    /// `cudaDevAttrMultiProcessorCount`.
    multiprocessors: c_int,
    /// `cudaFuncAttributes::maxThreadsPerBlock`.
    kernel_max_block: c_int,
}

/// The header's search: every block size from the limit down, in steps of the warp size, asking
/// `blocks_of(size)` how many blocks of it fit on a multiprocessor; the first size reaching the
/// multiprocessor's thread limit ends it, ties keep the larger block. Gives (grid, block).
fn search(
    limits: Limits,
    block_size_limit: c_int,
    mut blocks_of: impl FnMut(c_int) -> Result<c_int, cudaError_t>,
) -> Result<(c_int, c_int), cudaError_t> {
    let granularity = i64::from(limits.warp_size);
    if granularity <= 0 {
        return Err(cudaErrorInvalidValue); // no device reports this; it would never end below
    }
    let mut limit = if block_size_limit == 0 { limits.device_max_block } else { block_size_limit };
    limit = limit.min(limits.device_max_block).min(limits.kernel_max_block);
    let limit = i64::from(limit);
    let (mut best_block, mut best_blocks, mut best_occupancy) = (0i64, 0i64, 0i64);
    // Round up to the warp size; the first try is `limit` itself.
    let mut aligned = (limit + granularity - 1) / granularity * granularity;
    while aligned > 0 {
        // `limit` and every `aligned` below it fit an `int`: limit is one.
        let try_size = limit.min(aligned) as c_int;
        let blocks = i64::from(blocks_of(try_size)?);
        let threads = i64::from(try_size) * blocks;
        if threads > best_occupancy {
            (best_block, best_blocks, best_occupancy) = (i64::from(try_size), blocks, threads);
        }
        if best_occupancy == i64::from(limits.threads_per_multiprocessor) {
            break;
        }
        aligned -= granularity;
    }
    let grid = (best_blocks * i64::from(limits.multiprocessors)).clamp(0, i64::from(c_int::MAX));
    Ok((grid as c_int, best_block as c_int))
}

/// `cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags`: the block size with the most
/// resident threads per multiprocessor for `func`, whose dynamic shared memory depends on the
/// block size, and the smallest grid that fills the device with such blocks.
///
/// As the header computes it: every block size from the limit (the device's, the kernel's and
/// `blockSizeLimit`, the smallest that is not 0) down, in steps of the warp size, asking the
/// runtime how many blocks of it fit on a multiprocessor; the first size that reaches the
/// multiprocessor's thread limit ends the search, ties keep the larger block.
///
/// # Safety
/// `minGridSize` and `blockSize` are null (an error, as in C++) or writable; `func` is a live
/// kernel handle of the current device.
pub unsafe fn cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    minGridSize: *mut c_int,
    blockSize: *mut c_int,
    func: impl Entry,
    mut blockSizeToDynamicSMemSize: impl FnMut(c_int) -> usize,
    blockSizeLimit: c_int,
    flags: c_uint,
) -> Status {
    if minGridSize.is_null() || blockSize.is_null() || func.entry().is_null() {
        return launch::Status(cudaErrorInvalidValue);
    }
    let ok = |status: cudaError_t| if status == cudaSuccess { Ok(()) } else { Err(status) };
    let found = (|| {
        let mut device = 0;
        ok(unsafe { crate::cudaGetDevice(&mut device) })?;
        let attribute = |attr| {
            let mut value = 0;
            ok(unsafe { crate::cudaDeviceGetAttribute(&mut value, attr, device) }).map(|()| value)
        };
        let threads_per_multiprocessor = attribute(cudaDevAttrMaxThreadsPerMultiProcessor)?;
        let warp_size = attribute(cudaDevAttrWarpSize)?;
        let device_max_block = attribute(cudaDevAttrMaxThreadsPerBlock)?;
        let multiprocessors = attribute(cudaDevAttrMultiProcessorCount)?;
        let mut attr = cudaFuncAttributes::default();
        ok(unsafe { crate::cudaFuncGetAttributes(&mut attr, func.entry()) })?;
        let limits = Limits {
            threads_per_multiprocessor,
            warp_size,
            device_max_block,
            multiprocessors,
            kernel_max_block: attr.maxThreadsPerBlock,
        };
        search(limits, blockSizeLimit, |size| {
            let mut blocks = 0;
            ok(unsafe {
                crate::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                    &mut blocks,
                    func.entry(),
                    size,
                    blockSizeToDynamicSMemSize(size),
                    flags,
                )
            })
            .map(|()| blocks)
        })
    })();
    match found {
        Ok((grid, block)) => {
            unsafe {
                *minGridSize = grid;
                *blockSize = block;
            }
            launch::Status(cudaSuccess)
        }
        Err(status) => launch::Status(status),
    }
}

/// `cudaOccupancyMaxPotentialBlockSizeVariableSMem` (flags `cudaOccupancyDefault`).
///
/// # Safety
/// As [`cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags`].
pub unsafe fn cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    minGridSize: *mut c_int,
    blockSize: *mut c_int,
    func: impl Entry,
    blockSizeToDynamicSMemSize: impl FnMut(c_int) -> usize,
    blockSizeLimit: c_int,
) -> Status {
    unsafe {
        cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
            minGridSize,
            blockSize,
            func,
            blockSizeToDynamicSMemSize,
            blockSizeLimit,
            cudaOccupancyDefault,
        )
    }
}

/// `cudaOccupancyMaxPotentialBlockSize`: the same search with a fixed dynamic shared memory
/// size (any integer type). `cudaOccupancyMaxPotentialBlockSize!(&mut grid, &mut block, func)`
/// leaves the last two at 0, as C++ does.
///
/// # Safety
/// As [`cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags`].
pub unsafe fn cudaOccupancyMaxPotentialBlockSize(
    minGridSize: *mut c_int,
    blockSize: *mut c_int,
    func: impl Entry,
    dynamicSMemSize: impl launch::Size,
    blockSizeLimit: c_int,
) -> Status {
    unsafe {
        cudaOccupancyMaxPotentialBlockSizeWithFlags(
            minGridSize,
            blockSize,
            func,
            dynamicSMemSize,
            blockSizeLimit,
            cudaOccupancyDefault,
        )
    }
}

/// `cudaOccupancyMaxPotentialBlockSizeWithFlags`.
///
/// # Safety
/// As [`cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags`].
pub unsafe fn cudaOccupancyMaxPotentialBlockSizeWithFlags(
    minGridSize: *mut c_int,
    blockSize: *mut c_int,
    func: impl Entry,
    dynamicSMemSize: impl launch::Size,
    blockSizeLimit: c_int,
    flags: c_uint,
) -> Status {
    // C++'s size_t: a negative size is SIZE_MAX there, which the runtime refuses.
    let dynamicSMemSize = dynamicSMemSize.cpp();
    unsafe {
        cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
            minGridSize,
            blockSize,
            func,
            |_| dynamicSMemSize,
            blockSizeLimit,
            flags,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H200: Limits = Limits {
        threads_per_multiprocessor: 2048,
        warp_size: 32,
        device_max_block: 1024,
        multiprocessors: 132,
        kernel_max_block: 1024,
    };

    /// As the header finds it for a kernel whose every block size fits twice per multiprocessor
    /// up to 1024 threads: 1024 reaches the limit at once.
    #[test]
    fn the_headers_answer_on_an_h200() {
        let found = search(H200, 0, |size| Ok(2048 / size));
        assert_eq!(found, Ok((2 * 132, 1024)));
        // A limit of the caller's, not a multiple of the warp size: tried first, as is.
        let found = search(H200, 100, |size| Ok(if size == 100 { 20 } else { 1 }));
        assert_eq!(found, Ok((20 * 132, 100)));
    }

    /// Issue 33, item 14: attributes near `INT_MAX` overflowed `int` arithmetic (a panic in a
    /// debug build); the search now answers.
    #[test]
    fn item33_14_large_attributes_do_not_overflow() {
        let huge = Limits {
            threads_per_multiprocessor: c_int::MAX,
            warp_size: 1 << 30,
            device_max_block: c_int::MAX,
            multiprocessors: c_int::MAX,
            kernel_max_block: c_int::MAX,
        };
        let found = search(huge, 0, |_| Ok(c_int::MAX));
        let (grid, block) = found.expect("no runtime error was given");
        assert_eq!(grid, c_int::MAX, "blocks x multiprocessors beyond INT_MAX is INT_MAX");
        assert!(block > 0);
        // A caller's limit of INT_MAX and a warp of 32.
        let found = search(Limits { warp_size: 32, ..huge }, c_int::MAX, |_| Ok(1));
        assert_eq!(found, Ok((c_int::MAX, c_int::MAX)));
    }

    #[test]
    fn a_runtime_error_ends_the_search_with_it() {
        let found = search(H200, 0, |_| Err(cudaErrorInvalidDeviceFunction));
        assert_eq!(found, Err(cudaErrorInvalidDeviceFunction));
        let found = search(Limits { warp_size: 0, ..H200 }, 0, |_| Ok(1));
        assert_eq!(found, Err(cudaErrorInvalidValue));
    }

    /// A negative limit, as C++ passes it: no size is tried, and the answer is (0, 0).
    #[test]
    fn a_negative_limit_tries_nothing() {
        let found = search(H200, -5, |_| panic!("nothing is tried"));
        assert_eq!(found, Ok((0, 0)));
    }
}
