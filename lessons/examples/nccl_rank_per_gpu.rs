//! NCCL lesson 2: one process per GPU, the shape of a multi-node job run on one machine, as in
//! NVIDIA's NCCL example "one device per process", with MPI's part done by hand: this program,
//! run plainly, is the launcher: it counts the GPUs and starts itself once per GPU as a child
//! process, rank r on GPU r (`--rank r --nranks n --root 127.0.0.1:PORT`, with
//! NCCL_NVLS_ENABLE=0 in each child's environment), as torchrun or mpirun would. In each rank:
//! rank 0 makes the ncclUniqueId (ncclGetUniqueId) and hands it to the other ranks over a TCP
//! connection on the loopback interface (MPI_Bcast in the example; lessons::ranks here); every
//! rank then calls ncclCommInitRank with it, which returns once all ranks have joined; each
//! all-reduces its buffer on its own stream, synchronizes, and checks the result on the host
//! (rank r sends r + 1, so every element is 1 + 2 + ... + n). With one GPU there is one rank.
//! Started by hand with the same arguments on several machines (rank 0's address as --root),
//! the ranks are a multi-node job.
//! Run: `cargo run --example nccl_rank_per_gpu`

use std::error::Error;
use std::ffi::{c_int, c_void};
use std::mem::size_of;

use cuda_checked::{check_cuda, check_nccl};
use cudart_sys::*;
use lessons::ranks::{self, Rank};
use nccl_sys::*;

/// Floats per buffer: 32 Mi (128 MiB), as in NVIDIA's example.
const SIZE: usize = 32 * 1024 * 1024;

fn main() -> Result<(), Box<dyn Error>> {
    ranks::nvls_off();
    let args: Vec<String> = std::env::args().collect();
    match Rank::from_args(&args).map_err(ranks::Error)? {
        None => launch(),
        Some(me) => rank(me),
    }
}

/// The launcher: one rank per GPU, each a child process; waits for all of them.
fn launch() -> Result<(), Box<dyn Error>> {
    // ANCHOR: launch
    let mut version: c_int = 0;
    let mut n_dev: c_int = 0;
    unsafe {
        check_nccl!(ncclGetVersion(&mut version))?;
        check_cuda!(cudaGetDeviceCount(&mut n_dev))?;
    }
    println!("NCCL {version} (ncclGetVersion); these bindings: nccl.h {NCCL_VERSION_CODE}");
    println!("launcher: {n_dev} GPUs, so {n_dev} ranks, one process each");
    ranks::launch(n_dev, &[])?;
    println!("launcher: all {n_dev} ranks succeeded");
    // ANCHOR_END: launch
    Ok(())
}

/// One rank: the id from rank 0, a communicator, one all-reduce, checked.
fn rank(me: Rank) -> Result<(), Box<dyn Error>> {
    let Rank { rank: my_rank, nranks, .. } = me;
    // On one machine a rank's GPU is its rank (the "local rank" of a multi-node job).
    let device = my_rank;
    let bytes = SIZE * size_of::<f32>();
    unsafe {
        // ANCHOR: id
        // Rank 0 makes the id; every rank ends with rank 0's (the other ranks' own is unused).
        // As in NVIDIA's example, before any rank picks its GPU: making an id needs none.
        let mut id = ncclUniqueId::default();
        if my_rank == 0 {
            check_nccl!(ncclGetUniqueId(&mut id))?;
        }
        let shared = me.share(&id.internal.map(|c| c as u8))?;
        id.internal = shared.map(|b| b as _);
        // ANCHOR_END: id
        if my_rank == 0 {
            println!("rank 0: ncclUniqueId made and sent to {} other ranks over {}", nranks - 1, me.root);
        } else {
            println!("rank {my_rank}: ncclUniqueId received from rank 0 at {}", me.root);
        }

        check_cuda!(cudaSetDevice(device))?;

        let mut sendbuff: *mut c_void = std::ptr::null_mut();
        let mut recvbuff: *mut c_void = std::ptr::null_mut();
        let mut s: cudaStream_t = std::ptr::null_mut();
        check_cuda!(cudaMalloc(&mut sendbuff, bytes))?;
        check_cuda!(cudaMalloc(&mut recvbuff, bytes))?;
        let mine = vec![(my_rank + 1) as f32; SIZE];
        check_cuda!(cudaMemcpy(sendbuff, mine.as_ptr().cast(), bytes, cudaMemcpyHostToDevice))?;
        // NaN until NCCL writes it.
        check_cuda!(cudaMemset(recvbuff, 0xff, bytes))?;
        check_cuda!(cudaStreamCreate(&mut s))?;

        // ANCHOR: init_and_reduce
        // Every rank calls it with the same id and nranks; it returns when all have joined.
        let mut comm: ncclComm_t = std::ptr::null_mut();
        check_nccl!(ncclCommInitRank(&mut comm, nranks, id, my_rank), comm)?;

        check_nccl!(ncclAllReduce(sendbuff, recvbuff, SIZE, ncclFloat, ncclSum, comm, s), comm)?;
        check_cuda!(cudaStreamSynchronize(s))?;
        // ANCHOR_END: init_and_reduce

        let expected = (nranks * (nranks + 1) / 2) as f32;
        let mut received = vec![0f32; SIZE];
        check_cuda!(cudaMemcpy(received.as_mut_ptr().cast(), recvbuff, bytes, cudaMemcpyDeviceToHost))?;
        let good = received.iter().filter(|&&x| x == expected).count();

        check_cuda!(cudaFree(sendbuff))?;
        check_cuda!(cudaFree(recvbuff))?;
        check_cuda!(cudaStreamDestroy(s))?;
        check_nccl!(ncclCommDestroy(comm))?;

        if good != SIZE {
            let wrong = format!("rank {my_rank}: {good} of {SIZE} elements are {expected}");
            return Err(Box::new(ranks::Error(wrong)));
        }
        println!("rank {my_rank} of {nranks} on GPU {device}: all-reduce (sum) = {expected} in all {SIZE} elements");
    }
    Ok(())
}
