//! Each lesson on a real GPU (`--features gpu-tests`), checked by its key output lines.
//! Without a GPU and driver every test here fails.
#![cfg(feature = "gpu-tests")]

mod common;

/// Runs a lesson that must succeed; its stdout.
fn lesson_output(name: &str, args: &[&str]) -> String {
    let mut command = common::lesson(name);
    command.args(args);
    let (output, stdout, stderr) = common::run(command);
    println!("--- {name}\n{stdout}{stderr}");
    assert!(output.status.success(), "{name} failed: {}\n{stdout}\n{stderr}", output.status);
    stdout
}

fn is_hex_pointer(text: &str) -> bool {
    text.strip_prefix("0x").is_some_and(|hex| !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()))
}

#[test]
fn memory_alloc_prints_the_c_programs_lines() {
    let out = lesson_output("memory_alloc", &[]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for (line, key) in lines.iter().zip(["context", "device_memory_pointer", "host_page_locked_memory"]) {
        let value = line.strip_prefix(&format!("{key} = ")).unwrap_or_else(|| panic!("{line}"));
        assert!(is_hex_pointer(value) && value != "0x0", "{line}");
    }
    assert_eq!(lines[3], "host_page_locked_memory[0] = 123.000000");
    assert_eq!(lines[4], "host_page_locked_memory[0] = 555.000000");
}

#[test]
fn no_context_shows_invalid_context() {
    let out = lesson_output("no_context", &[]);
    assert!(out.contains("current context = 0x0"), "{out}");
    assert!(out.contains("no_context.rs:"), "{out}");
    assert!(
        out.contains(
            " cuMemAlloc(&mut device_memory_pointer, 100) failed. \n code = CUDA_ERROR_INVALID_CONTEXT, message = invalid device context"
        ),
        "{out}"
    );
}

#[test]
fn device_query_names_the_device() {
    let out = lesson_output("device_query", &[]);
    assert!(out.contains("device 0: NVIDIA"), "{out}");
    assert!(out.lines().any(|l| l.trim().starts_with("compute capability ")), "{out}");
    assert!(out.lines().any(|l| l.trim().starts_with("multiprocessors ")), "{out}");
}

#[test]
fn bandwidth_pinned_beats_pageable() {
    let out = lesson_output("bandwidth", &[]);
    let rows: Vec<(String, [f64; 4])> = out
        .lines()
        .filter_map(|line| {
            let cols: Vec<&str> = line.split_whitespace().collect();
            let [n, unit, values @ ..] = cols.as_slice() else { return None };
            let values: Vec<f64> = values.iter().map(|v| v.parse().ok()).collect::<Option<_>>()?;
            Some((format!("{n} {unit}"), values.try_into().ok()?))
        })
        .collect();
    assert_eq!(rows.len(), 17, "4 KiB to 256 MiB:\n{out}");
    for (size, [h2d_pageable, h2d_pinned, d2h_pageable, d2h_pinned]) in &rows {
        assert!([h2d_pageable, h2d_pinned, d2h_pageable, d2h_pinned].iter().all(|v| **v > 0.0), "{size}");
        if size.ends_with("MiB") {
            assert!(h2d_pinned > h2d_pageable, "{size}: H2D pinned {h2d_pinned} <= pageable {h2d_pageable}");
            assert!(d2h_pinned > d2h_pageable, "{size}: D2H pinned {d2h_pinned} <= pageable {d2h_pageable}");
        }
    }
}

#[test]
fn unified_memory_reads_back() {
    let out = lesson_output("unified_memory", &[]);
    assert!(out.contains("unified memory: CPU and GPU writes both read back correctly"), "{out}");
}

#[test]
fn vector_add_sums() {
    let out = lesson_output("vector_add", &[]);
    assert!(out.contains("sum of c = 1099511627776 (expected 1099511627776)"), "{out}");
    assert!(out.contains("all 1048576 elements correct"), "{out}");
}

#[test]
fn streams_events_agree() {
    let out = lesson_output("streams_events", &[]);
    assert!(out.contains("all 16777216 elements correct on both runs"), "{out}");
    assert!(out.contains("speed-up   : "), "{out}");
}

#[test]
fn vmm_maps_two_allocations_into_one_range() {
    let out = lesson_output("vmm", &[]);
    if out.contains("does not support virtual memory management") {
        return;
    }
    assert!(out.lines().any(|l| l.starts_with("granularity: minimum ")), "{out}");
    assert!(out.contains("12000000 bytes wanted: 2 physical allocations of "), "{out}");
    let reserved = out.lines().find_map(|l| l.strip_prefix("reserved ")).unwrap_or_else(|| panic!("{out}"));
    let (start, end) = reserved.split_once(" to ").unwrap_or_else(|| panic!("{reserved}"));
    assert!(is_hex_pointer(start) && is_hex_pointer(end) && start != "0x0", "{reserved}");
    // The second allocation is mapped right where the first ends, inside the reservation.
    let mapped: Vec<u64> = out
        .lines()
        .filter_map(|l| l.split_once(" mapped at 0x"))
        .map(|(_, hex)| u64::from_str_radix(hex, 16).unwrap())
        .collect();
    let start = u64::from_str_radix(&start[2..], 16).unwrap();
    let end = u64::from_str_radix(&end[2..], 16).unwrap();
    assert_eq!(mapped.len(), 2, "{out}");
    assert_eq!(mapped[0], start, "{out}");
    assert_eq!(mapped[1] - mapped[0], (end - start) / 2, "{out}");
    assert!(out.contains("across the seam: "), "{out}");
    assert!(out.contains("all 3000000 elements correct"), "{out}");
}

#[test]
fn graphs_launch_three_times_correctly() {
    let out = lesson_output("graphs", &[]);
    assert!(out.contains("graph of 6 nodes: "), "{out}");
    for (launch, sum) in [(1, "2748782739456"), (2, "2748787982336"), (3, "2748793225216")] {
        let line = format!(
            "launch {launch} (x[i] = i + {launch}): y[i] = 5 x[i] + 1 for 1048576 of 1048576 elements; \
             host node's sum of y = {sum} (expected {sum})"
        );
        assert!(out.contains(&line), "{line}\n{out}");
    }
    assert!(
        out.contains("all results correct: 3 launches of 1048576 elements, the host node ran 3 times"),
        "{out}"
    );
}

#[test]
fn runtime_buffers_moves_the_data_and_reports_the_failed_allocation() {
    let out = lesson_output("runtime_buffers", &[]);
    assert!(out.contains("device 0: NVIDIA"), "{out}");
    assert!(out.lines().any(|l| l.trim_start().starts_with("multiprocessors ")), "{out}");
    let ms: f64 = out
        .lines()
        .find_map(|l| l.strip_suffix(" ms")?.rsplit(": ").next()?.parse().ok())
        .unwrap_or_else(|| panic!("no time in ms:\n{out}"));
    assert!(ms > 0.0, "{out}");
    assert!(
        out.contains("output check: 524288 of 524288 copied values and 524288 of 524288 zeros correct"),
        "{out}"
    );
    assert!(out.contains("runtime_buffers.rs:"), "{out}");
    assert!(
        out.contains(
            " cudaMalloc(&mut huge, too_much) failed. \n code = cudaErrorMemoryAllocation, message = out of memory\n"
        ),
        "{out}"
    );
    assert!(out.contains("cudaGetLastError() = cudaErrorMemoryAllocation (now cleared)"), "{out}");
    assert!(out.contains("all 1048576 output values correct, everything freed"), "{out}");
}

#[test]
fn runtime_driver_interop_shares_the_primary_context_and_stream() {
    let out = lesson_output("runtime_driver_interop", &[]);
    let pointer = |key: &str| {
        out.lines()
            .find_map(|l| Some(l.strip_prefix(key)?.split_once('=')?.1.trim().to_string()))
            .unwrap_or_else(|| panic!("no `{key}` line:\n{out}"))
    };
    let (current, primary) = (pointer("current context"), pointer("primary context"));
    assert!(is_hex_pointer(&current) && current != "0x0", "{out}");
    assert_eq!(current, primary, "{out}");
    assert!(out.contains("the runtime's context is device 0's primary context"), "{out}");
    assert!(out.contains("sum of c = 1099511627776 (expected 1099511627776)"), "{out}");
    assert!(out.contains("all 1048576 elements correct"), "{out}");
}

/// Every GPU of the machine in one process; each GPU's result checked by the lesson.
#[test]
fn nccl_all_gpus_sums_over_every_gpu() {
    let out = lesson_output("nccl_all_gpus", &[]);
    let gpus = out.lines().filter(|l| l.starts_with("GPU ") && l.contains(": NVIDIA")).count();
    assert!(gpus >= 1, "{out}");
    let expected = (gpus * (gpus + 1) / 2) as f32;
    for gpu in 0..gpus {
        assert!(out.contains(&format!("GPU {gpu}: 33554432 of 33554432 elements = {expected}")), "{out}");
    }
    assert!(
        out.contains(&format!(
            "all-reduce (sum) over {gpus} GPUs: all {} elements = {expected}",
            gpus * 33554432
        )),
        "{out}"
    );
    assert!(out.ends_with("Success\n"), "{out}");
}

/// One process per GPU, the id over loopback TCP: every rank reports its checked result.
#[test]
fn nccl_rank_per_gpu_sums_over_every_rank() {
    let out = lesson_output("nccl_rank_per_gpu", &[]);
    let n: i32 = out
        .lines()
        .find_map(|l| l.strip_prefix("launcher: ")?.split(" GPUs").next()?.parse().ok())
        .unwrap_or_else(|| panic!("no GPU count:\n{out}"));
    assert!(n >= 1, "{out}");
    let expected = (n * (n + 1) / 2) as f32;
    assert!(out.contains(&format!("rank 0: ncclUniqueId made and sent to {} other ranks", n - 1)), "{out}");
    for rank in 0..n {
        let line = format!(
            "rank {rank} of {n} on GPU {rank}: all-reduce (sum) = {expected} in all 33554432 elements"
        );
        assert!(out.contains(&line), "{out}");
    }
    assert!(out.contains(&format!("launcher: all {n} ranks succeeded")), "{out}");
}

/// The "> Using CUDA Device [0]: NAME" and "> GPU Device has SM X.Y compute capability" lines
/// of the NVRTC lessons' compile_file_to_cubin and load_cubin.
fn assert_compiled_for_this_gpu(out: &str) {
    assert_eq!(
        out.matches("> Using CUDA Device [0]: ").count(),
        2 + out.matches("A kernel with a mistake").count(),
        "{out}"
    );
    let sm = out
        .lines()
        .find_map(|l| l.strip_prefix("> GPU Device has SM ")?.strip_suffix(" compute capability"))
        .unwrap_or_else(|| panic!("no compute capability line:\n{out}"));
    let (major, minor) = sm.split_once('.').unwrap_or_else(|| panic!("{sm}"));
    assert!(major.parse::<u32>().is_ok() && minor.parse::<u32>().is_ok(), "{sm}");
}

#[test]
fn vector_add_nvrtc_shows_the_mistake_then_adds() {
    let out = lesson_output("vector_add_nvrtc", &[]);
    // The mistake, with NVRTC's log after the error's own lines.
    assert!(out.contains(" nvrtcCompileProgram("), "{out}");
    assert!(out.contains(" failed. \n code = NVRTC_ERROR_COMPILATION, message = "), "{out}");
    assert!(
        out.contains("\n log:\nmistakes/vectorAdd_kernel.cu(12): error: identifier \"idx\" is undefined\n"),
        "{out}"
    );
    assert_compiled_for_this_gpu(&out);
    let after = out.split("> GPU Device has SM ").nth(1).unwrap();
    let lines: Vec<&str> = after.lines().skip(1).collect();
    assert_eq!(
        lines,
        [
            "[Vector addition of 50000 elements]",
            "Copy input data from the host memory to the CUDA device",
            "CUDA kernel launch with 196 blocks of 256 threads",
            "Copy output data from the CUDA device to the host memory",
            "Test PASSED",
            "Done"
        ],
        "{out}"
    );
}

#[test]
fn matrix_mul_nvrtc_passes() {
    let out = lesson_output("matrix_mul_nvrtc", &[]);
    assert!(
        out.starts_with("[Matrix Multiply Using CUDA] - Starting...\nMatrixA(320,320), MatrixB(640,320)\n"),
        "{out}"
    );
    assert_compiled_for_this_gpu(&out);
    assert!(out.contains("Computing result using CUDA Kernel...\n"), "{out}");
    assert!(out.contains("Checking computed result for correctness: Result = PASS\n"), "{out}");
    assert!(!out.contains("Error! Matrix["), "{out}");
}

#[test]
fn clock_nvrtc_times_every_block() {
    let out = lesson_output("clock_nvrtc", &[]);
    assert!(out.starts_with("CUDA Clock sample\n"), "{out}");
    assert_compiled_for_this_gpu(&out);
    let clocks: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Average clocks/block = ")?.parse().ok())
        .unwrap_or_else(|| panic!("no average:\n{out}"));
    // A reduction of 512 numbers takes some hundreds to thousands of cycles.
    assert!(clocks > 10.0 && clocks < 1e7, "{out}");
    assert!(out.contains("minimum found by 64 of 64 blocks: 0"), "{out}");
}

#[test]
fn inline_ptx_nvrtc_reads_every_lane() {
    let out = lesson_output("inline_ptx_nvrtc", &[]);
    assert!(out.starts_with("CUDA inline PTX assembler sample\n"), "{out}");
    assert_compiled_for_this_gpu(&out);
    assert!(out.ends_with("Test Successful.\n"), "{out}");
}

#[test]
fn runtime_simple_streams_checks_its_data() {
    let out = lesson_output("runtime_simple_streams", &[]);
    assert!(out.contains("GPU Device 0: "), "{out}");
    let time = |key: &str| -> f32 {
        out.lines()
            .find_map(|l| l.strip_prefix(key)?.trim().parse().ok())
            .unwrap_or_else(|| panic!("no `{key}` time:\n{out}"))
    };
    for key in ["memcopy:", "kernel:", "non-streamed:", "4 streams:"] {
        assert!(time(key) > 0.0, "{key}\n{out}");
    }
    // correct_data prints the first wrong element; the exit status is its verdict.
    assert!(out.trim_end().ends_with("-------------------------------"), "{out}");
    // The other memory: cudaMallocHost instead of registered pages.
    let out = lesson_output("runtime_simple_streams", &["--use_cuda_malloc_host", "--sync_method=4"]);
    assert!(out.contains("> cudaMallocHost() allocating"), "{out}");
    assert!(out.contains("cudaDeviceScheduleBlockingSync"), "{out}");
}

#[test]
fn runtime_matrix_mul_passes_its_check() {
    let out = lesson_output("runtime_matrix_mul", &[]);
    assert!(out.contains("MatrixA(320,320), MatrixB(640,320)"), "{out}");
    assert!(out.contains("Result = PASS"), "{out}");
    assert!(out.contains("WorkgroupSize= 1024 threads/block"), "{out}");
    let gflops: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Performance= ")?.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no Performance line:\n{out}"));
    assert!(gflops > 0.0, "{out}");
    let out = lesson_output("runtime_matrix_mul", &["--wA=128", "--hA=64", "--wB=96", "--hB=128"]);
    assert!(out.contains("Result = PASS"), "{out}");
}

#[test]
fn runtime_unified_memory_streams_agrees_with_the_host() {
    let out = lesson_output("runtime_unified_memory_streams", &["--seed=42"]);
    let tasks = out.lines().filter(|l| l.starts_with("Task [")).count();
    assert_eq!(tasks, 40, "{out}");
    assert!(out.contains("executing on device"), "{out}");
    let checked: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("Checked ")?.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no Checked line:\n{out}"));
    assert_eq!(checked, out.matches("executing on device").count(), "{out}");
    assert!(out.trim_end().ends_with("All Done!"), "{out}");
}

#[test]
fn runtime_simple_occupancy_suggests_a_full_block_size() {
    let out = lesson_output("runtime_simple_occupancy", &[]);
    let number = |key: &str| -> f64 {
        out.lines()
            .find_map(|l| {
                l.strip_prefix(key)?.trim().trim_end_matches("ms").trim_end_matches('%').parse().ok()
            })
            .unwrap_or_else(|| panic!("no `{key}` line:\n{out}"))
    };
    let block = number("Suggested block size:");
    assert!((32.0..=1024.0).contains(&block) && block % 32.0 == 0.0, "{out}");
    assert!(number("Minimum grid size for maximum occupancy:") >= 1.0, "{out}");
    // The suggested size reaches the multiprocessor's full occupancy on any current GPU; 32
    // threads per block do not (too few blocks fit).
    let occupancies: Vec<f64> = out
        .lines()
        .filter_map(|l| l.strip_prefix("Potential occupancy: ")?.trim_end_matches('%').parse().ok())
        .collect();
    assert_eq!(occupancies.len(), 2, "{out}");
    assert!(occupancies[0] < 100.0 && occupancies[1] == 100.0, "{out}");
    assert!(out.trim_end().ends_with("Test PASSED"), "{out}");
}

#[test]
fn curand_mersenne_twister_matches_the_host_generator() {
    let out = lesson_output("curand_mersenne_twister", &[]);
    assert!(out.contains(" Starting...\n\nGPU Device 0: "), "{out}");
    assert!(out.contains("Allocating data for 2400000 samples...\nSeeding with 777 ...\n"), "{out}");
    // MTGP32 on the host is the GPU's algorithm: the very same numbers.
    assert!(out.contains("Max absolute error: 0.000000E+00\nL1 norm: 0.000000E+00\n"), "{out}");
    let throughput: f64 = out
        .lines()
        .find_map(|l| {
            l.strip_prefix("MersenneTwisterGP11213, Throughput = ")?.split(' ').next()?.parse().ok()
        })
        .unwrap_or_else(|| panic!("no Throughput line:\n{out}"));
    assert!(throughput > 0.0, "{out}");
    assert!(out.contains("Size = 2400000 Numbers\n"), "{out}");
    assert!(out.ends_with("Shutting down...\n"), "{out}");
    // Another count and a negative seed (an int, sign-extended to the generator's 64 bits): the
    // two generators still agree (the exit status is the comparison's verdict).
    let out = lesson_output("curand_mersenne_twister", &["--count=100003", "--seed=-5"]);
    assert!(out.contains("Allocating data for 100003 samples...\nSeeding with -5 ...\n"), "{out}");
    assert!(out.contains("L1 norm: 0.000000E+00\n"), "{out}");
}

#[test]
fn cufft_simple_convolves_as_the_host_does() {
    // The exit status is sdkCompareL2fe's verdict: the FFT convolution within 1e-5 of the host's.
    let out = lesson_output("cufft_simple", &[]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "[simpleCUFFT] is starting...", "{out}");
    assert!(lines[1].starts_with("GPU Device 0: "), "{out}");
    let buffer = lines.iter().find_map(|l| l.strip_prefix("Temporary buffer size ")?.strip_suffix(" bytes"));
    assert!(buffer.is_some_and(|b| b.parse::<u64>().is_ok()), "{out}");
    assert!(
        out.ends_with(
            " bytes\nTransforming signal cufftExecC2C\nLaunching ComplexPointwiseMulAndScale<<< >>>\n\
             Transforming signal back cufftExecC2C\n"
        ),
        "{out}"
    );
}

#[test]
fn nvjitlink_jit_lto_links_and_computes_every_saxpy() {
    let out = lesson_output("nvjitlink_jit_lto", &[]);
    let lines: Vec<&str> = out.lines().collect();
    // The library's version: the header's major or newer.
    let version = lines[0].strip_prefix("CUDA ").unwrap_or_else(|| panic!("no version first:\n{out}"));
    let major: u32 =
        version.split('.').next().and_then(|m| m.parse().ok()).unwrap_or_else(|| panic!("{version}"));
    assert!(major >= 12, "{out}");
    // a * x + y for x = i, y = 2i, each as the GPU computed it, against the host's (an FMA or not:
    // a few units in the last place of six digits).
    let rows: Vec<[f64; 4]> = lines
        .iter()
        .filter_map(|l| {
            let (left, out) = l.split_once(" = ")?;
            let (ax, y) = left.split_once(" + ")?;
            let (a, x) = ax.split_once(" * ")?;
            Some([a.parse().ok()?, x.parse().ok()?, y.parse().ok()?, out.parse().ok()?])
        })
        .collect();
    assert_eq!(rows.len(), 4096, "{out}");
    for (i, [a, x, y, result]) in rows.iter().enumerate() {
        assert_eq!((*a, *x, *y), (5.1, i as f64, 2.0 * i as f64), "line {i}");
        let expected = 5.1f32 as f64 * x + y;
        assert!(
            (result - expected).abs() <= expected.abs() * 1e-5 + 1e-6,
            "line {i}: {result}, not {expected}"
        );
    }
    assert_eq!(lines.last(), Some(&"PASSED!"), "{out}");
}

#[test]
fn cusparse_conjugate_gradient_converges_and_solves_the_system() {
    let out = lesson_output("cusparse_conjugate_gradient", &[]);
    assert!(out.starts_with("GPU Device 0: "), "{out}");
    assert!(out.contains("> GPU device has ") && out.contains(" compute capabilities\n\n"), "{out}");
    let residuals: Vec<(usize, f64)> = out
        .lines()
        .filter_map(|l| {
            let (k, residual) = l.strip_prefix("iteration = ")?.split_once(", residual = ")?;
            Some((k.trim().parse().ok()?, residual.parse().ok()?))
        })
        .collect();
    // Numbered from 1, one line per iteration; a matrix this well conditioned (diagonal near 10,
    // the rest at most 1 a row) needs a handful of steps, far from the sample's 10000.
    assert!((2..100).contains(&residuals.len()), "{out}");
    assert!(residuals.iter().enumerate().all(|(i, (k, _))| *k == i + 1), "{out}");
    // It stops once |r| <= 1e-5 (r.r <= tol * tol, in floats), and not before (a root just
    // above the float tol * tol may print as 1.000000e-05, or a hair below: hence the margin).
    let (_, last) = residuals[residuals.len() - 1];
    assert!(last <= 1e-5, "{out}");
    assert!(residuals[..residuals.len() - 1].iter().all(|(_, r)| *r > 0.99999e-5), "{out}");
    // The host's own A x against b: the answer solves the system.
    let error: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Test Summary:  Error amount = ")?.parse().ok())
        .unwrap_or_else(|| panic!("no error amount:\n{out}"));
    assert!(error < 1e-4, "{out}");
}

#[test]
fn simple_cublas_passes_the_samples_check() {
    let out = lesson_output("simple_cublas", &[]);
    assert!(out.starts_with("simpleCUBLAS test running..\n"), "{out}");
    let error: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("relative error ||ref - gpu|| / ||ref|| = ")?.parse().ok())
        .unwrap_or_else(|| panic!("no relative error:\n{out}"));
    assert!(error < 1e-6, "{out}");
    assert!(out.ends_with("simpleCUBLAS test passed.\n"), "{out}");
}

#[test]
fn simple_cublasxt_passes_the_samples_check() {
    // The exit status is the sample's verdict: relative L2 error below 1e-6.
    let out = lesson_output("simple_cublasxt", &[]);
    let lines: Vec<&str> = out.lines().collect();
    // One or two GPUs (the sample's MAX_NUM_OF_GPUS), each named on a line of its own.
    let used: usize = lines[0]
        .strip_prefix("Using ")
        .and_then(|l| l.strip_suffix(" GPUs"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no GPU count first:\n{out}"));
    assert!((1..=2).contains(&used), "{out}");
    assert_eq!(lines.len(), used + 3, "{out}");
    assert!(lines[1..=used].iter().all(|l| l.starts_with("GPU ID = ") && l.contains(", Name = ")), "{out}");
    assert_eq!(lines[used + 1], "simpleCUBLASXT test running..", "{out}");
    assert_eq!(lines[used + 2], "simpleCUBLASXT test passed.", "{out}");
}

#[test]
fn matrix_mul_cublas_matches_the_host() {
    for (args, sizes) in [
        (&[][..], "MatrixA(640,480), MatrixB(480,320), MatrixC(640,320)"),
        (&["-sizemult=2"][..], "MatrixA(256,192), MatrixB(192,128), MatrixC(256,128)"),
    ] {
        let out = lesson_output("matrix_mul_cublas", args);
        assert!(out.contains("GPU Device 0: \"NVIDIA"), "{out}");
        assert!(out.contains(sizes), "{out}");
        let gflops: f64 = out
            .lines()
            .find_map(|l| l.strip_prefix("Performance= ")?.split(' ').next()?.parse().ok())
            .unwrap_or_else(|| panic!("no performance line:\n{out}"));
        assert!(gflops > 0.0, "{out}");
        assert!(out.contains("Computing result using CUBLAS...done.\n"), "{out}");
        assert!(out.contains("Comparing CUBLAS Matrix Multiply with CPU results: PASS\n"), "{out}");
    }
}

#[test]
fn bf16_matmul_cublaslt_is_right_and_fast() {
    let out = lesson_output("bf16_matmul_cublaslt", &[]);
    assert!(
        out.contains("Y (1024 x 4096) = X (1024 x 4096) W^T, BF16 in and out, FP32 accumulation"),
        "{out}"
    );
    let returned: u32 = out
        .lines()
        .find_map(|l| l.strip_prefix("the heuristic returned ")?.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no heuristic line:\n{out}"));
    assert!((1..=8).contains(&returned), "{out}");
    assert!(out.contains("checked 16384 elements (4 rows): 0 wrong, largest relative error "), "{out}");
    let tflops: f64 = out
        .lines()
        .find_map(|l| l.strip_suffix(" TFLOP/s")?.rsplit(", ").next()?.parse().ok())
        .unwrap_or_else(|| panic!("no TFLOP/s:\n{out}"));
    // Any GPU with BF16 tensor cores does this layer far above what scalar code could.
    assert!(tflops > 10.0, "{out}");
    assert!(out.ends_with("all checked elements correct\n"), "{out}");
}

/// What both cuDNN lessons print of their convolution: checked against the host (exact here:
/// products of 7-bit numbers, 72 summed, fit FP32), and the summary `lessons/cudnn/compare.py`
/// compares with PyTorch's, whose elements are the host's own.
fn assert_cudnn_convolution(out: &str) {
    let error: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("max abs error against the host: ")?.parse().ok())
        .unwrap_or_else(|| panic!("no error line:\n{out}"));
    assert!(error <= 1e-4, "{out}");
    let conv = lessons::conv::LESSON;
    let reference = conv.reference(&conv.input(), &conv.filter());
    let expected = conv.summary(&reference);
    let shape = expected.split(" sum=").next().unwrap();
    assert!(out.contains(shape), "{out}\nexpected {expected}");
    assert!(out.contains("summary: shape=4x16x32x32 "), "{out}");
    assert!(out.ends_with("the convolution matches the host's\n"), "{out}");
}

#[test]
fn cudnn_conv_forward_finds_an_algorithm_and_matches_the_host() {
    let out = lesson_output("cudnn_conv_forward", &[]);
    assert!(out.contains("cudnnFindConvolutionForwardAlgorithm ranked "), "{out}");
    assert!(out.lines().any(|l| l.starts_with("algorithm CUDNN_CONVOLUTION_FWD_ALGO_")), "{out}");
    assert_cudnn_convolution(&out);
}

#[test]
fn cudnn_graph_conv_builds_a_plan_and_matches_the_host() {
    let out = lesson_output("cudnn_graph_conv", &[]);
    assert!(out.contains("the heuristics ranked "), "{out}");
    assert!(out.lines().any(|l| l.starts_with("engine ")), "{out}");
    assert_cudnn_convolution(&out);
}

// ---- The TensorRT course's runtime lessons: what the course's C++ prints ----

#[test]
fn course_hello_runtime_finds_the_primary_context() {
    let out = lesson_output("course_hello_runtime", &[]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Current context = (nil)，当前无context", "{out}");
    assert!(lines[1].starts_with("device_count = ") && lines[1] != "device_count = 0", "{out}");
    assert_eq!(lines[2], "set current device to : 0，这个API依赖CUcontext，触发创建并设置", "{out}");
    let context =
        lines[3].strip_prefix("SetDevice after, Current context = ").unwrap_or_else(|| panic!("{out}"));
    assert!(is_hex_pointer(context.trim_end_matches("，获取当前context")), "{out}");
    assert_eq!(lines[4], "current_device = 0", "{out}");
}

#[test]
fn course_vector_add_adds() {
    let out = lesson_output("course_vector_add", &[]);
    assert_eq!(
        out,
        "block_size = 3, grid_size = 1\nvector_c[0] = 7.000000\nvector_c[1] = 6.000000\nvector_c[2] = 5.000000\n"
    );
}

#[test]
fn course_shared_memory_shows_where_it_lives() {
    let out = lesson_output("course_shared_memory", &[]);
    assert!(out.starts_with("prop.sharedMemPerBlock = 48.00 KB\n"), "{out}");
    assert!(out.contains("Run kernel.\n") && out.ends_with("done\n"), "{out}");
    // Both dynamic arrays start at one address; block 0 and block 1 see their own values.
    let address = |name: &str| out.lines().find_map(|l| l.strip_prefix(&format!("{name} = "))).unwrap();
    assert_eq!(address("dynamic_shared_memory"), address("dynamic_shared_memory2"), "{out}");
    assert_eq!(out.matches("shared_value1 = 123[").count(), 5, "{out}");
    assert_eq!(out.matches("shared_value1 = 331[").count(), 5, "{out}");
}

#[test]
fn course_reduce_sum_sums() {
    let out = lesson_output("course_reduce_sum", &[]);
    assert_eq!(
        out,
        "old block_size = 101, block_sqrt = 6.66\nblock_size = 128, grid_size = 1\nblock 0 value = 5050.000000\n\
         output_host = 5050.000000, ground_truth = 5050.000000\n结果正确.\ndone\n"
    );
}

#[test]
fn course_atomic_keeps_the_nineties() {
    let out = lesson_output("course_atomic", &[]);
    assert!(out.starts_with("output_size = 1000.000000\n") && out.ends_with("done\n"), "{out}");
    let kept: Vec<&str> = out.lines().filter(|l| l.starts_with("output_host[")).collect();
    assert_eq!(kept.len(), 20, "{out}");
    for line in kept {
        let index: i32 = line.rsplit(", ").next().unwrap().parse().unwrap();
        assert!(line.contains("] = 99.000000, ") && index % 100 == 99, "{line}");
    }
}

#[test]
fn course_error_is_sticky() {
    let out = lesson_output("course_error", &[]);
    assert_eq!(
        out,
        "no error\nan illegal memory access was encountered\nan illegal memory access was encountered\n"
    );
}

/// The lesson prints what nvidia-smi prints for the same query: the header line and, per GPU,
/// the name, the driver version and the total memory exactly; the memory used, the temperature,
/// the power and the utilization, which change between two readings, within a tolerance.
#[test]
fn nvml_device_query_prints_what_nvidia_smi_prints() {
    let query = "name,driver_version,memory.total,memory.used,temperature.gpu,power.draw,utilization.gpu";
    let smi = std::process::Command::new("nvidia-smi")
        .args([format!("--query-gpu={query}"), "--format=csv".to_string()])
        .output()
        .unwrap_or_else(|e| {
            panic!("nvidia-smi could not be run: {e} (the GPU machine has it with its driver)")
        });
    assert!(smi.status.success(), "nvidia-smi: {}", String::from_utf8_lossy(&smi.stderr));
    let smi = String::from_utf8_lossy(&smi.stdout).into_owned();
    let ours = lesson_output("nvml_device_query", &[]);
    println!("--- nvidia-smi\n{smi}");
    let (smi, ours): (Vec<&str>, Vec<&str>) = (smi.lines().collect(), ours.lines().collect());
    assert_eq!(ours.len(), smi.len(), "a line per GPU and the header:\n{smi:?}\n{ours:?}");
    assert_eq!(ours[0], smi[0], "the header line");
    // "72.34 W" -> 72.34; "[N/A]" -> None.
    let number = |field: &str, unit: &str| -> Option<f64> {
        let value = field.strip_suffix(unit).unwrap_or(field).trim();
        if value.starts_with('[') {
            return None;
        }
        Some(value.parse().unwrap_or_else(|_| panic!("{field:?} is no number with unit {unit:?}")))
    };
    for (theirs, mine) in smi[1..].iter().zip(&ours[1..]) {
        // The name is the first field and may hold no comma; the rest are six values.
        let (a, b): (Vec<&str>, Vec<&str>) = (theirs.split(", ").collect(), mine.split(", ").collect());
        assert_eq!((a.len(), b.len()), (7, 7), "{theirs}\n{mine}");
        assert_eq!(a[..3], b[..3], "name, driver_version and memory.total:\n{theirs}\n{mine}");
        let close = |i: usize, unit: &str, tolerance: f64| match (number(a[i], unit), number(b[i], unit)) {
            (Some(x), Some(y)) => {
                assert!((x - y).abs() <= tolerance, "field {i}: {x} and {y}\n{theirs}\n{mine}")
            }
            (x, y) => assert_eq!(x.is_none(), y.is_none(), "field {i}: one says [N/A]\n{theirs}\n{mine}"),
        };
        assert!(
            b[2].ends_with(" MiB") && b[3].ends_with(" MiB"),
            "memory in MiB, as nvidia-smi writes it: {mine}"
        );
        close(3, "MiB", 256.0);
        close(4, "", 5.0);
        // An idle GPU's draw moves by a few watts between two readings; a busy one's more.
        let watts = number(a[5], "W").unwrap_or(0.0);
        close(5, "W", (watts * 0.25).max(30.0));
        close(6, "%", 30.0);
    }
}

/// A Matrix Market file of the 5-point Laplacian on a `k` by `k` grid (its lower triangle,
/// symmetric, 1-based, as NVIDIA's `lap2D_5pt_n100.mtx` is made), or of that matrix with one
/// entry made unsymmetric (`general`, both triangles), in a folder of its own; its path.
fn laplacian_file(name: &str, k: i32, symmetric: bool) -> std::path::PathBuf {
    let mut entries = Vec::new();
    for i in 0..k * k {
        let (row, col) = (i / k, i % k);
        entries.push((i, i, 4.0));
        if col > 0 {
            entries.push((i, i - 1, -1.0));
        }
        if row > 0 {
            entries.push((i, i - k, -1.0));
        }
    }
    if !symmetric {
        let mirrored: Vec<_> =
            entries.iter().filter(|(i, j, _)| i != j).map(|&(i, j, v)| (j, i, v)).collect();
        entries.extend(mirrored);
        let at = entries.iter().position(|&(i, j, _)| (i, j) == (1, 0)).unwrap();
        entries[at].2 = -2.0; // A(2,1) != A(1,2)
    }
    let kind = if symmetric { "symmetric" } else { "general" };
    let mut text = format!("%%MatrixMarket matrix coordinate real {kind}\n% made by on_gpu.rs\n");
    text += &format!("{n} {n} {}\n", entries.len(), n = k * k);
    for (i, j, v) in entries {
        text += &format!("{} {} {v}\n", i + 1, j + 1);
    }
    let dir = std::env::temp_dir().join(format!("lessons-on-gpu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The number after `key` on the first line that begins with it.
fn number_after(out: &str, key: &str) -> f64 {
    out.lines()
        .find_map(|l| l.strip_prefix(key)?.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no `{key}` line:\n{out}"))
}

#[test]
fn cusolver_dn_linear_solver_solves_by_each_factorization() {
    let file = laplacian_file("dn.mtx", 12, true);
    let file_arg = format!("-file={}", file.display());
    for (solver, timing) in
        [("chol", "timing: cholesky = "), ("lu", "timing: LU = "), ("qr", "timing: QR = ")]
    {
        let out = lesson_output("cusolver_dn_linear_solver", &[&format!("-R={solver}"), &file_arg]);
        assert!(out.contains("sparse matrix A is 144 x 144 with 672 nonzeros, base=1\n"), "{out}");
        assert!(out.contains(timing), "{out}");
        // The Laplacian's row sums are at most 8; b - A*x is rounding only.
        assert_eq!(number_after(&out, "|A| = "), 8.0, "{out}");
        assert!(number_after(&out, "|b - A*x|/(|A|*|x|) = ") < 1e-14, "{out}");
    }
    // Cholesky refuses an unsymmetric matrix, as the sample does; LU solves it.
    let file = laplacian_file("dn-general.mtx", 5, false);
    let file_arg = format!("-file={}", file.display());
    let mut command = common::lesson("cusolver_dn_linear_solver");
    command.arg(&file_arg);
    let (output, stdout, stderr) = common::run(command);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.ends_with("Error: A has no symmetric pattern, please use LU or QR \n"), "{stdout}");
    let out = lesson_output("cusolver_dn_linear_solver", &["-R=lu", &file_arg]);
    assert!(number_after(&out, "|b - A*x|/(|A|*|x|) = ") < 1e-14, "{out}");
}

#[test]
fn cusolver_dn_linear_solver_says_what_is_wrong_with_a_bad_file() {
    let dir = laplacian_file("ok.mtx", 2, true).parent().unwrap().to_path_buf();
    let bad = dir.join("bad.mtx");
    std::fs::write(&bad, "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n").unwrap();
    let mut command = common::lesson("cusolver_dn_linear_solver");
    command.arg(format!("-file={}", bad.display()));
    let (output, stdout, stderr) = common::run(command);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains("bad.mtx: line 2: the size line announces 2 entries, but only 1 line follows it"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn cusolver_sp_linear_solver_agrees_across_solvers_and_reorderings() {
    let file = laplacian_file("sp.mtx", 20, true);
    let file_arg = format!("-file={}", file.display());
    let mut solutions = Vec::new();
    for args in
        [&["-R=chol"][..], &["-R=qr"], &["-R=chol", "-P=symrcm"], &["-R=qr", "-P=symamd"], &["-P=metis"]]
    {
        let mut args = args.to_vec();
        args.push(&file_arg);
        let out = lesson_output("cusolver_sp_linear_solver", &args);
        assert!(out.contains("sparse matrix A is 400 x 400 with 1920 nonzeros, base=1\n"), "{out}");
        for side in ["(CPU)", "(GPU)"] {
            let relative = number_after(&out, &format!("{side} |b - A*x|/(|A|*|x| + |b|) = "));
            assert!(relative < 1e-14, "{side}: {out}");
        }
        assert!(!out.contains("WARNING"), "{out}");
        let last: Vec<f64> =
            out.lines().filter_map(|l| l.strip_prefix("x[")?.split(" = ").nth(1)?.parse().ok()).collect();
        assert_eq!(last.len(), 10, "{out}");
        solutions.push(last);
    }
    // "consistent result for different reordering and solver", to the digits printed.
    for other in &solutions[1..] {
        for (a, b) in solutions[0].iter().zip(other) {
            assert!((a - b).abs() <= 1e-5 * a.abs(), "{solutions:?}");
        }
    }
    // LU is the CPU's only.
    let out = lesson_output("cusolver_sp_linear_solver", &["-R=lu", &file_arg]);
    assert!(out.contains("WARNING: no LU available on GPU \n"), "{out}");
    assert!(out.contains("(CPU) |b - A*x|") && !out.contains("(GPU) |b - A*x|"), "{out}");
}

/// NVIDIA's teapot512.pgm (lessons/data), carried by this test: the bundle has no checkout.
const TEAPOT: &[u8] = include_bytes!("../data/teapot512.pgm");

/// The teapot written into a folder of its own for `lesson` to read and save beside; its path.
fn teapot_file(lesson: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("lessons-on-gpu-{}-{lesson}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("teapot512.pgm");
    std::fs::write(&path, TEAPOT).unwrap();
    path
}

/// Runs an NPP lesson on the teapot, checks the lines it prints after NPP's and CUDA's versions,
/// and gives the pixels of the image it saved (whose file must be what FreeImage writes: its
/// header, then the rows).
fn npp_lesson_on_the_teapot(lesson: &str, sample: &str, suffix: &str, saved: &str) -> Vec<u8> {
    use lessons::util_npp::{parse_pgm, pgm};
    let input = teapot_file(lesson);
    let out = lesson_output(lesson, &[&format!("--input={}", input.display())]);
    let versions = out.find("NPP Library Version ").unwrap_or_else(|| panic!("{out}"));
    assert!(out[versions..].contains("\nCUDA Driver  Version: "), "{out}");
    assert!(out[versions..].contains("\nCUDA Runtime Version: "), "{out}");
    let output = input.with_file_name(format!("teapot512{suffix}"));
    let tail = [
        format!("{sample} opened: <{}> successfully!", input.display()),
        format!("{saved}{}", output.display()),
    ];
    assert!(out.ends_with(&format!("\n\n{}\n{}\n", tail[0], tail[1])), "{out}");
    let file = std::fs::read(&output).unwrap_or_else(|e| panic!("{}: {e}", output.display()));
    let (size, pixels) = parse_pgm(&file).unwrap_or_else(|e| panic!("{}: {e}", output.display()));
    assert_eq!((size.width, size.height), (512, 512));
    assert_eq!(file, pgm(size, pixels), "{}: not the bytes FreeImage writes", output.display());
    pixels.to_vec()
}

/// The teapot's pixels, rows top first.
fn teapot_pixels() -> Vec<u8> {
    lessons::util_npp::parse_pgm(TEAPOT).unwrap().1.to_vec()
}

#[test]
fn box_filter_npp_averages_each_5_by_5_box() {
    let filtered =
        npp_lesson_on_the_teapot("box_filter_npp", "boxFilterNPP", "_boxFilter.pgm", "Saved image: ");
    let src = teapot_pixels();
    let n = 512i64;
    // The border replicated: a pixel outside is the nearest inside.
    let at = |x: i64, y: i64| i64::from(src[(y.clamp(0, n - 1) * n + x.clamp(0, n - 1)) as usize]);
    let mut off = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let sum: i64 = (-2..=2).flat_map(|dy| (-2..=2).map(move |dx| at(x + dx, y + dy))).sum();
            let got = i64::from(filtered[(y * n + x) as usize]);
            // Within one grey level of the box's exact mean (sum / 25), however NPP rounds it.
            if (25 * got - sum).abs() >= 25 {
                off.push((x, y, got, sum));
            }
        }
    }
    assert!(
        off.is_empty(),
        "{} pixels off their box's mean (x, y, got, sum of 25): {:?}",
        off.len(),
        &off[..off.len().min(10)]
    );
    assert_ne!(filtered, src, "the image came back unfiltered");
}

#[test]
fn hist_equalization_npp_applies_the_samples_table() {
    let equalized = npp_lesson_on_the_teapot(
        "hist_equalization_npp",
        "histEqualizationNPP",
        "_histEqualization.pgm",
        "Saved image file ",
    );
    let src = teapot_pixels();
    // 255 bins between the levels 0, 1, ..., 255: bin k counts the pixels of value k (255 none).
    let mut hist = [0i32; 255];
    for &v in &src {
        if let Some(bin) = hist.get_mut(usize::from(v)) {
            *bin += 1;
        }
    }
    // The sample's table, in its float arithmetic; level k maps to it exactly.
    let multiplier = 1.0f32 / (512 * 512) as f32 * 255.0;
    let mut lut = [255i32; 256];
    let mut running = 0;
    for (entry, count) in lut.iter_mut().zip(hist) {
        *entry = (running as f32 * multiplier + 0.5) as i32;
        running += count;
    }
    let off: Vec<(usize, u8, u8, i32)> = src
        .iter()
        .zip(&equalized)
        .enumerate()
        .filter(|(_, (&v, &got))| i32::from(got) != lut[usize::from(v)])
        .map(|(i, (&v, &got))| (i, v, got, lut[usize::from(v)]))
        .collect();
    assert!(
        off.is_empty(),
        "{} pixels not the table's (index, value, got, table): {:?}",
        off.len(),
        &off[..off.len().min(10)]
    );
    // Equalized: the darkest grey present is 0 and the levels spread to 255.
    assert_eq!(equalized.iter().min(), Some(&0));
    assert_eq!(equalized.iter().max(), Some(&255));
}
