//! NCCL's all_reduce_perf sweep through nccl-sys, one process per GPU (the ranks launched as
//! lessons::ranks does, the unique id over loopback TCP), the same measurement as
//! bench/all_reduce_torch.py, whose torch.distributed.all_reduce figures are the reference:
//!
//!     all_reduce [--gpus N] [--min BYTES] [--max BYTES] [--iters N] [--warmup N]
//!
//! float32, sum, in place; for each size from --min to --max (8 B to 1 GiB), doubling,
//! --warmup calls, then --iters calls back to back on the rank's stream, timed on the host from
//! before the first to after cudaStreamSynchronize; the time is the slowest rank's (an
//! all-reduce of each rank's time with ncclMax). algbw = bytes / time, busbw = algbw *
//! 2(n-1)/n, in GB/s (10^9 bytes/s). Rank 0 prints a `#` line naming the NCCL loaded, then
//! `bytes count time_us algbw busbw` rows, then the check: an all-reduce of rank + 1 is
//! n(n+1)/2 in every element.

use std::error::Error;
use std::ffi::{c_int, c_void, CStr};
use std::time::Instant;

use cuda_checked::{check_cuda, check_nccl};
use cudart_sys::*;
use lessons::ranks::{self, Rank};
use nccl_sys::*;

struct Options {
    gpus: c_int,
    min: usize,
    max: usize,
    iters: usize,
    warmup: usize,
}

fn options(args: &[String]) -> Result<Options, ranks::Error> {
    let mut o = Options { gpus: 0, min: 8, max: 1 << 30, iters: 20, warmup: 5 };
    let mut i = 1;
    while i < args.len() {
        let value = |i: usize| -> Result<usize, ranks::Error> {
            args.get(i + 1)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| ranks::Error(format!("{} needs a number", args[i])))
        };
        match args[i].as_str() {
            "--gpus" => o.gpus = value(i)? as c_int,
            "--min" => o.min = value(i)?,
            "--max" => o.max = value(i)?,
            "--iters" => o.iters = value(i)?,
            "--warmup" => o.warmup = value(i)?,
            // A rank's own arguments, read by Rank::from_args.
            "--rank" | "--nranks" | "--root" => {}
            other => {
                return Err(ranks::Error(format!(
                    "unknown argument {other}: all_reduce [--gpus N] [--min BYTES] [--max BYTES] [--iters N] [--warmup N]"
                )))
            }
        }
        i += 2;
    }
    if o.min < 4 || o.min % 4 != 0 || o.max < o.min || o.iters == 0 {
        return Err(ranks::Error(
            "--min must be a positive multiple of 4 bytes, <= --max; --iters > 0".into(),
        ));
    }
    Ok(o)
}

fn main() -> Result<(), Box<dyn Error>> {
    ranks::nvls_off();
    let args: Vec<String> = std::env::args().collect();
    let o = options(&args)?;
    let Some(me) = Rank::from_args(&args).map_err(ranks::Error)? else {
        let mut n = 0;
        unsafe { check_cuda!(cudaGetDeviceCount(&mut n))? };
        if o.gpus > n {
            return Err(Box::new(ranks::Error(format!("--gpus {}, but there are {n} GPUs", o.gpus))));
        }
        let n = if o.gpus > 0 { o.gpus } else { n };
        let passed: Vec<&str> = args[1..].iter().map(String::as_str).collect();
        ranks::launch(n, &passed)?;
        return Ok(());
    };
    unsafe { rank(me, &o) }
}

unsafe fn rank(me: Rank, o: &Options) -> Result<(), Box<dyn Error>> {
    let (r, n) = (me.rank, me.nranks);
    unsafe {
        check_cuda!(cudaSetDevice(r))?;
        let mut id = ncclUniqueId::default();
        if r == 0 {
            check_nccl!(ncclGetUniqueId(&mut id))?;
        }
        id.internal = me.share(&id.internal.map(|c| c as u8))?.map(|b| b as _);
        let mut comm: ncclComm_t = std::ptr::null_mut();
        check_nccl!(ncclCommInitRank(&mut comm, n, id, r), comm)?;
        let mut stream: cudaStream_t = std::ptr::null_mut();
        check_cuda!(cudaStreamCreate(&mut stream))?;
        // Zeros: summed in place call after call, they stay zeros.
        let mut buffer: *mut c_void = std::ptr::null_mut();
        check_cuda!(cudaMalloc(&mut buffer, o.max))?;
        check_cuda!(cudaMemset(buffer, 0, o.max))?;
        let mut slowest: *mut c_void = std::ptr::null_mut();
        check_cuda!(cudaMalloc(&mut slowest, 8))?;

        if r == 0 {
            let mut version = 0;
            check_nccl!(ncclGetVersion(&mut version))?;
            let mut prop: cudaDeviceProp = Default::default();
            check_cuda!(cudaGetDeviceProperties(&mut prop, 0))?;
            let path = nccl_sys::loader::library_path().map(|p| p.display().to_string()).unwrap_or_default();
            println!(
                "# nccl-sys, NCCL {version} ({path}), {n} x {}, NCCL_NVLS_ENABLE={}",
                CStr::from_ptr(prop.name.as_ptr()).to_string_lossy(),
                std::env::var("NCCL_NVLS_ENABLE").unwrap_or_default()
            );
            println!("{:>12} {:>12} {:>12} {:>9} {:>9}", "bytes", "count", "time_us", "algbw", "busbw");
        }
        let mut size = o.min;
        while size <= o.max {
            let count = size / 4;
            let all_reduce =
                || check_nccl!(ncclAllReduce(buffer, buffer, count, ncclFloat, ncclSum, comm, stream), comm);
            for _ in 0..o.warmup {
                all_reduce()?;
            }
            check_cuda!(cudaStreamSynchronize(stream))?;
            let start = Instant::now();
            for _ in 0..o.iters {
                all_reduce()?;
            }
            check_cuda!(cudaStreamSynchronize(stream))?;
            let mut seconds = start.elapsed().as_secs_f64() / o.iters as f64;
            // The slowest rank's time, as all ranks' collective ends together.
            let host: *mut c_void = (&mut seconds as *mut f64).cast();
            check_cuda!(cudaMemcpy(slowest, host, 8, cudaMemcpyHostToDevice))?;
            check_nccl!(ncclAllReduce(slowest, slowest, 1, ncclFloat64, ncclMax, comm, stream), comm)?;
            check_cuda!(cudaStreamSynchronize(stream))?;
            check_cuda!(cudaMemcpy(host, slowest, 8, cudaMemcpyDeviceToHost))?;
            let algbw = size as f64 / seconds / 1e9;
            let busbw = algbw * 2.0 * f64::from(n - 1) / f64::from(n);
            if r == 0 {
                println!("{size:>12} {count:>12} {:>12.2} {algbw:>9.3} {busbw:>9.3}", seconds * 1e6);
            }
            size *= 2;
        }

        // The check: rank + 1 from every rank sums to n(n+1)/2 everywhere.
        let count = (o.max / 4).min(1 << 20);
        let mine = vec![(r + 1) as f32; count];
        check_cuda!(cudaMemcpy(buffer, mine.as_ptr().cast(), count * 4, cudaMemcpyHostToDevice))?;
        check_nccl!(ncclAllReduce(buffer, buffer, count, ncclFloat, ncclSum, comm, stream), comm)?;
        check_cuda!(cudaStreamSynchronize(stream))?;
        let mut back = vec![0f32; count];
        check_cuda!(cudaMemcpy(back.as_mut_ptr().cast(), buffer, count * 4, cudaMemcpyDeviceToHost))?;
        let expected = (n * (n + 1) / 2) as f32;
        let wrong = back.iter().filter(|&&x| x != expected).count();
        check_cuda!(cudaFree(buffer))?;
        check_cuda!(cudaFree(slowest))?;
        check_cuda!(cudaStreamDestroy(stream))?;
        check_nccl!(ncclCommDestroy(comm))?;
        if wrong > 0 {
            return Err(Box::new(ranks::Error(format!(
                "rank {r}: {wrong} of {count} elements differ from {expected}"
            ))));
        }
        if r == 0 {
            println!("# check: all-reduce of rank + 1 over {n} ranks = {expected} in every element");
        }
    }
    Ok(())
}
