//! NVIDIA's histEqualizationNPP sample (C++, NPP's statistics and look-up tables), ported line
//! by line: a grey image (`teapot512.pgm`, found as the sample finds it, or `--input=`)
//! uploaded to a pitched device image; its histogram of 255 even bins made on the GPU
//! (`nppiHistogramEven_8u_C1R_Ctx`, with the levels of `nppiEvenLevelsHost_32s` and a scratch
//! buffer of `nppiHistogramEvenGetBufferSize_8u_C1R_Ctx`'s size); on the host, the running sum
//! of that histogram made a look-up table that spreads the grey levels over 0 to 255; the
//! table applied on the GPU (`nppiLUT_Linear_8u_C1R_Ctx`, its values and levels in device
//! memory), and the image saved as `<input>_histEqualization.pgm` (or `--output=`). NPP's calls
//! are checked with `check_npp!` where the sample has `NPP_CHECK_NPP`, the runtime's with
//! `check_cuda!` where it has `NPP_CHECK_CUDA`; the sample's `try`/`catch` is `run()` and the
//! `match` on its result. The images are `lessons::util_npp`'s, which read and write PGM where
//! the sample's helpers call FreeImage.
//! Run: `cargo run --example hist_equalization_npp` (it finds `lessons/data/teapot512.pgm`).
//!
//! NVIDIA's reference: <https://docs.nvidia.com/cuda/npp/image_statistics_functions.html>.

use std::ffi::CStr;

use cuda_checked::{checkCudaErrors, check_cuda, check_npp};
use cudart_sys::cpp::*;
use lessons::samples::{
    check_cmd_line_flag, find_cuda_device, get_cmd_line_argument_string, sdk_find_file_path,
};
use lessons::util_npp::{load_image, save_image, Exception, Image, ImageCPU_8u_C1, ImageNPP_8u_C1};
use lessons::NPP_ASSERT;
use npp_sys::{
    nppGetLibVersion, nppiEvenLevelsHost_32s, nppiFree, nppiHistogramEvenGetBufferSize_8u_C1R_Ctx,
    nppiHistogramEven_8u_C1R_Ctx, nppiLUT_Linear_8u_C1R_Ctx, Npp32s, Npp8u, NppStreamContext, NppiSize,
    NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY, NPP_SUCCESS,
};

const EXIT_SUCCESS: i32 = 0;
const EXIT_FAILURE: i32 = 1;

/// The sample's `cudaDeviceInit`: the device of `--device=N` (else 0) made current, named on
/// standard error.
fn cuda_device_init() -> i32 {
    let mut device_count = 0;
    unsafe { checkCudaErrors!(cudaGetDeviceCount(&mut device_count)) };

    if device_count == 0 {
        eprintln!("CUDA error: no devices supporting CUDA.");
        std::process::exit(EXIT_FAILURE);
    }

    let dev = find_cuda_device();

    let mut device_prop = cudaDeviceProp::default();
    let _ = unsafe { cudaGetDeviceProperties(&mut device_prop, dev) };
    let name = unsafe { CStr::from_ptr(device_prop.name.as_ptr()) };
    eprintln!("cudaSetDevice GPU{dev} = {}", name.to_string_lossy());

    unsafe { checkCudaErrors!(cudaSetDevice(dev)) };

    dev
}

fn main() {
    // C's argv[0]: the program as it was started.
    let argv0 = std::env::args_os().next().unwrap_or_default();
    unsafe { printf!("%s Starting...\n\n", argv0.to_string_lossy().as_ref()) };

    // try { ... } catch (npp::Exception &rException) { ... }
    match run() {
        Ok(status) => std::process::exit(status),
        Err(r_exception) => {
            eprintln!("Program error! The following exception occurred: ");
            eprintln!("{r_exception}");
            eprintln!("Aborting.");
            std::process::exit(EXIT_FAILURE);
        }
    }
}

/// The sample's `try` block: the status `main` returns, or the exception it throws.
fn run() -> Result<i32, Exception> {
    cuda_device_init();

    // The stream context every `_Ctx` function takes: the NULL stream (0), and what NPP would
    // otherwise ask the runtime about the device on each call. (C++ leaves the struct
    // uninitialized and fills it field by field; zeroed, then filled, here.)
    // SAFETY: plain data (a stream handle and numbers), of which all zeros is a value.
    let mut npp_stream_ctx: NppStreamContext = unsafe { std::mem::zeroed() };
    npp_stream_ctx.hStream = std::ptr::null_mut();

    let cuda_error = unsafe { cudaGetDevice(&mut npp_stream_ctx.nCudaDeviceId) };
    if cuda_error != cudaSuccess {
        unsafe { printf!("CUDA error: no devices supporting CUDA.\n") };
        return Ok(NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY.0);
    }

    let lib_ver = unsafe { nppGetLibVersion() };
    if lib_ver.is_null() {
        // (Ours: without libnppc there is no version to read, where the sample would read
        // through the null pointer; the loader says why.)
        match npp_sys::loader::library_path() {
            Err(why) => eprintln!("nppGetLibVersion: {why}"),
            Ok(path) => eprintln!("nppGetLibVersion: {} gave no version", path.display()),
        }
        return Ok(EXIT_FAILURE);
    }

    unsafe {
        printf!("NPP Library Version %d.%d.%d\n", (*lib_ver).major, (*lib_ver).minor, (*lib_ver).build)
    };

    let (mut driver_version, mut runtime_version) = (0, 0);
    unsafe {
        let _ = cudaDriverGetVersion(&mut driver_version);
        let _ = cudaRuntimeGetVersion(&mut runtime_version);

        printf!("CUDA Driver  Version: %d.%d\n", driver_version / 1000, (driver_version % 100) / 10);
        printf!("CUDA Runtime Version: %d.%d\n\n", runtime_version / 1000, (runtime_version % 100) / 10);
    }

    let cuda_error = unsafe {
        cudaDeviceGetAttribute(
            &mut npp_stream_ctx.nCudaDevAttrComputeCapabilityMajor,
            cudaDevAttrComputeCapabilityMajor,
            npp_stream_ctx.nCudaDeviceId,
        )
    };
    if cuda_error != cudaSuccess {
        return Ok(NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY.0);
    }

    let cuda_error = unsafe {
        cudaDeviceGetAttribute(
            &mut npp_stream_ctx.nCudaDevAttrComputeCapabilityMinor,
            cudaDevAttrComputeCapabilityMinor,
            npp_stream_ctx.nCudaDeviceId,
        )
    };
    if cuda_error != cudaSuccess {
        return Ok(NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY.0);
    }

    // (The sample keeps these two codes in cudaError and reads neither.)
    let _ = unsafe { cudaStreamGetFlags(npp_stream_ctx.hStream, &mut npp_stream_ctx.nStreamFlags) };

    let mut o_device_properties = cudaDeviceProp::default();

    let _ = unsafe { cudaGetDeviceProperties(&mut o_device_properties, npp_stream_ctx.nCudaDeviceId) };

    npp_stream_ctx.nMultiProcessorCount = o_device_properties.multiProcessorCount;
    npp_stream_ctx.nMaxThreadsPerMultiProcessor = o_device_properties.maxThreadsPerMultiProcessor;
    npp_stream_ctx.nMaxThreadsPerBlock = o_device_properties.maxThreadsPerBlock;
    npp_stream_ctx.nSharedMemPerBlock = o_device_properties.sharedMemPerBlock;

    let file_path = if check_cmd_line_flag("input") {
        get_cmd_line_argument_string("input")
    } else {
        sdk_find_file_path("teapot512.pgm", "histEqualizationNPP")
    };

    let s_filename = match file_path {
        Some(file_path) => file_path,
        None => "teapot512.pgm".to_string(),
    };

    // if we specify the filename at the command line, then we only test
    // s_filename.
    let file_errors = if std::fs::File::open(&s_filename).is_ok() {
        println!("histEqualizationNPP opened: <{s_filename}> successfully!");
        0
    } else {
        println!("histEqualizationNPP unable to open: <{s_filename}>");
        1
    };

    if file_errors > 0 {
        std::process::exit(EXIT_FAILURE);
    }

    let mut dst_file_name = s_filename.clone();

    if let Some(dot) = dst_file_name.rfind('.') {
        dst_file_name.truncate(dot);
    }

    dst_file_name += "_histEqualization.pgm";

    if check_cmd_line_flag("output") {
        dst_file_name = get_cmd_line_argument_string("output").unwrap_or_default();
    }

    let mut o_host_src = ImageCPU_8u_C1::default();
    load_image(&s_filename, &mut o_host_src)?;
    let o_device_src = ImageNPP_8u_C1::from_host(&o_host_src)?;

    // ANCHOR: histogram
    //
    // allocate arrays for histogram and levels
    //

    const BIN_COUNT: i32 = 255;
    const LEVEL_COUNT: i32 = BIN_COUNT + 1; // levels array has one more element

    let mut hist_device: *mut Npp32s = std::ptr::null_mut();
    let mut levels_device: *mut Npp32s = std::ptr::null_mut();

    unsafe {
        check_cuda!(cudaMalloc(&mut hist_device, BIN_COUNT * sizeof::<Npp32s>()))?;
        check_cuda!(cudaMalloc(&mut levels_device, LEVEL_COUNT * sizeof::<Npp32s>()))?;
    }

    //
    // compute histogram
    //

    // full image
    let o_size_roi = NppiSize { width: o_device_src.width() as i32, height: o_device_src.height() as i32 };
    // create device scratch buffer for nppiHistogram
    // (Unchecked, as in the sample. Its size is a size_t from CUDA 12.4's NPP, an int before;
    // the stream context came with 12.2: the sample's own spelling needs 12.4, whose header
    // it follows, as C code does with `#if CUDART_VERSION >= 12040`.)
    #[cfg(cuda_ge = "12.4")]
    let mut n_device_buffer_size: usize = 0;
    #[cfg(not(cuda_ge = "12.4"))]
    let mut n_device_buffer_size: std::ffi::c_int = 0;
    #[cfg(cuda_ge = "12.2")]
    let _ = unsafe {
        nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(
            o_size_roi,
            LEVEL_COUNT,
            &mut n_device_buffer_size,
            npp_stream_ctx,
        )
    };
    #[cfg(not(cuda_ge = "12.2"))]
    let _ = unsafe {
        nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(o_size_roi, LEVEL_COUNT, &mut n_device_buffer_size)
    };
    let mut p_device_buffer: *mut Npp8u = std::ptr::null_mut();
    unsafe { check_cuda!(cudaMalloc(&mut p_device_buffer, n_device_buffer_size))? };

    // compute levels values on host
    let mut levels_host = [0 as Npp32s; LEVEL_COUNT as usize];
    unsafe {
        let e_status_npp =
            check_npp!(nppiEvenLevelsHost_32s(levels_host.as_mut_ptr(), LEVEL_COUNT, 0, BIN_COUNT))?;
        // (NPP_CHECK_NPP asserts success: a warning throws too.)
        NPP_ASSERT!(e_status_npp == NPP_SUCCESS);
        // compute the histogram
        let e_status_npp = check_npp!(nppiHistogramEven_8u_C1R_Ctx(
            o_device_src.data(),
            o_device_src.pitch() as i32,
            o_size_roi,
            hist_device,
            LEVEL_COUNT,
            0,
            BIN_COUNT,
            p_device_buffer,
            npp_stream_ctx
        ))?;
        NPP_ASSERT!(e_status_npp == NPP_SUCCESS);
    }
    // copy histogram and levels to host memory
    let mut hist_host = [0 as Npp32s; BIN_COUNT as usize];
    unsafe {
        check_cuda!(cudaMemcpy(
            hist_host.as_mut_ptr(),
            hist_device,
            BIN_COUNT * sizeof::<Npp32s>(),
            cudaMemcpyDeviceToHost
        ))?;
    }
    // ANCHOR_END: histogram

    // ANCHOR: lut
    let mut lut_host = [0 as Npp32s; LEVEL_COUNT as usize];

    // fill LUT
    {
        let mut total_sum: Npp32s = 0;

        for p_host_histogram in &hist_host {
            total_sum += *p_host_histogram;
        }

        NPP_ASSERT!(total_sum <= o_size_roi.width * o_size_roi.height);

        // (Here the sample makes a sum of 0 a 1, for a division it never makes: the multiplier
        // divides by the pixel count.)

        let multiplier = 1.0f32 / (o_size_roi.width * o_size_roi.height) as f32 * 0xFF as f32;

        let mut running_sum: Npp32s = 0;

        for (p_lookup_table, p_host_histogram) in lut_host.iter_mut().zip(&hist_host) {
            *p_lookup_table = (running_sum as f32 * multiplier + 0.5f32) as Npp32s;
            running_sum += *p_host_histogram;
        }

        lut_host[BIN_COUNT as usize] = 0xFF; // last element is always 1
    }
    // ANCHOR_END: lut

    // ANCHOR: apply
    //
    // apply LUT transformation to the image
    //
    // Create a device image for the result.
    let o_device_dst = ImageNPP_8u_C1::with_size(o_device_src.size())?;

    // (The sample's `#if CUDART_VERSION >= 5000` branch, the one every toolkit takes:)
    // Note for CUDA 5.0, that nppiLUT_Linear_8u_C1R requires these pointers to
    // be in GPU device memory
    let mut lut_device: *mut Npp32s = std::ptr::null_mut();
    let mut lvls_device: *mut Npp32s = std::ptr::null_mut();

    unsafe {
        check_cuda!(cudaMalloc(&mut lut_device, sizeof::<Npp32s>() * LEVEL_COUNT))?;
        check_cuda!(cudaMalloc(&mut lvls_device, sizeof::<Npp32s>() * LEVEL_COUNT))?;

        check_cuda!(cudaMemcpy(
            lut_device,
            &lut_host,
            sizeof::<Npp32s>() * LEVEL_COUNT,
            cudaMemcpyHostToDevice
        ))?;
        check_cuda!(cudaMemcpy(
            lvls_device,
            &levels_host,
            sizeof::<Npp32s>() * LEVEL_COUNT,
            cudaMemcpyHostToDevice
        ))?;

        let e_status_npp = check_npp!(nppiLUT_Linear_8u_C1R_Ctx(
            o_device_src.data(),
            o_device_src.pitch() as i32,
            o_device_dst.data(),
            o_device_dst.pitch() as i32,
            o_size_roi,
            lut_device, // value and level arrays are in device memory
            lvls_device,
            LEVEL_COUNT,
            npp_stream_ctx
        ))?;
        NPP_ASSERT!(e_status_npp == NPP_SUCCESS);

        check_cuda!(cudaFree(lut_device))?;
        check_cuda!(cudaFree(lvls_device))?;
    }
    // ANCHOR_END: apply

    // copy the result image back into the storage that contained the
    // input image
    let mut o_host_dst = ImageCPU_8u_C1::with_size(o_device_dst.size())?;
    unsafe { o_device_dst.copy_to(o_host_dst.data(), o_host_dst.pitch())? };

    unsafe {
        cudaFree(hist_device);
        cudaFree(levels_device);
        cudaFree(p_device_buffer);
        nppiFree(o_device_src.data().cast());
        nppiFree(o_device_dst.data().cast());
    }
    // Freed: should saving fail below, no destructor frees them again (the sample's would, as
    // its `try` block unwinds).
    std::mem::forget(o_device_src);
    std::mem::forget(o_device_dst);

    // save the result
    save_image(&dst_file_name, &o_host_dst)?;
    println!("Saved image file {dst_file_name}");
    std::process::exit(EXIT_SUCCESS);
}
