//! Lesson 4: "CUDA Driver API 内存分配" (lesson 1) says pinned (page-locked) memory makes
//! host-device copies much faster than pageable memory. Measured: cuMemcpyHtoD and cuMemcpyDtoH from and to
//! pageable (`Vec`) and pinned (`cuMemAllocHost`) memory, 4 KiB to 256 MiB, timed with CUDA
//! events (the approach of NVIDIA's bandwidthTest sample).
//! Run: `cargo run --release --example bandwidth [-- --plot chart.svg]`

use std::ffi::{c_char, c_void, CStr};
use std::process::ExitCode;

use cuda_checked::{check_driver, DriverResult};
use cuda_sys::*;
use lessons::bandwidth::{bandwidth, Direction, MAX, MIN, TRIALS};
use lessons::chart::svg_line_chart;
use lessons::{human_bytes, init_context, EventTimer};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plot = match args.as_slice() {
        [] => None,
        [flag, file] if flag == "--plot" && file.ends_with(".svg") => Some(file.clone()),
        [flag, file] if flag == "--plot" => {
            eprintln!("--plot writes SVG: name the file FILE.svg (got {file})");
            return ExitCode::FAILURE;
        }
        _ => {
            eprintln!("usage: bandwidth [--plot FILE.svg]");
            return ExitCode::FAILURE;
        }
    };
    match run(plot.as_deref()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Error: {e:?}");
            ExitCode::FAILURE
        }
    }
}

fn run(plot: Option<&str>) -> DriverResult<()> {
    let context = init_context(0)?;
    let sizes: Vec<usize> = std::iter::successors(Some(MIN), |&s| (s < MAX).then_some(s * 2)).collect();
    let timer = EventTimer::new()?;
    // ANCHOR: alloc
    let mut pageable = vec![1u8; MAX]; // written once, so every page is really there
    let mut pinned: *mut c_void = std::ptr::null_mut();
    let mut device: CUdeviceptr = 0;
    unsafe {
        check_driver!(cuMemAllocHost(&mut pinned, MAX))?;
        std::ptr::write_bytes(pinned.cast::<u8>(), 1, MAX);
        check_driver!(cuMemAlloc(&mut device, MAX))?;
    }
    // ANCHOR_END: alloc

    println!("{}", device_name()?);
    println!("GB/s (10^9 bytes per second), median of {TRIALS} timed batches");
    println!(
        "{:>10} {:>13} {:>13} {:>13} {:>13}",
        "size", "H2D pageable", "H2D pinned", "D2H pageable", "D2H pinned"
    );
    let mut columns = vec![Vec::new(); 4];
    for &size in &sizes {
        let host_pageable = pageable.as_mut_ptr().cast::<c_void>();
        // SAFETY: every buffer holds MAX >= size bytes.
        let row = unsafe {
            [
                bandwidth(&timer, Direction::HostToDevice, host_pageable, device, size)?,
                bandwidth(&timer, Direction::HostToDevice, pinned, device, size)?,
                bandwidth(&timer, Direction::DeviceToHost, host_pageable, device, size)?,
                bandwidth(&timer, Direction::DeviceToHost, pinned, device, size)?,
            ]
        };
        println!(
            "{:>10} {:>13.2} {:>13.2} {:>13.2} {:>13.2}",
            human_bytes(size),
            row[0],
            row[1],
            row[2],
            row[3]
        );
        for (column, value) in columns.iter_mut().zip(row) {
            column.push(value);
        }
    }
    let last = sizes.len() - 1;
    println!(
        "at {}: pinned is {:.2}x pageable host to device, {:.2}x device to host",
        human_bytes(MAX),
        columns[1][last] / columns[0][last],
        columns[3][last] / columns[2][last]
    );

    if let Some(file) = plot {
        let labels: Vec<String> = sizes.iter().map(|&s| human_bytes(s)).collect();
        let names = ["H2D pageable", "H2D pinned", "D2H pageable", "D2H pinned"];
        let series: Vec<(&str, Vec<f64>)> = names.into_iter().zip(columns).collect();
        let title = format!("Copy bandwidth, pageable vs pinned ({})", device_name()?);
        let svg = svg_line_chart(&title, "GB/s", &labels, &series);
        match std::fs::write(file, svg) {
            Ok(()) => println!("chart written to {file}"),
            Err(e) => eprintln!("could not write {file}: {e}"),
        }
    }

    drop(timer);
    unsafe {
        check_driver!(cuMemFree(device))?;
        check_driver!(cuMemFreeHost(pinned))?;
        check_driver!(cuCtxDestroy(context))?;
    }
    Ok(())
}

fn device_name() -> DriverResult<String> {
    let mut name = [0 as c_char; 256];
    unsafe {
        check_driver!(cuDeviceGetName(name.as_mut_ptr(), name.len() as i32, 0))?;
        Ok(CStr::from_ptr(name.as_ptr()).to_string_lossy().into_owned())
    }
}
