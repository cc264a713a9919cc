//! NVIDIA's boxFilterNPP sample (C++, NPP's image filters), ported line by line: a grey image
//! (`teapot512.pgm`, found as the sample finds it, or `--input=`) uploaded to a pitched device
//! image, averaged over a 5 x 5 box around each pixel by `nppiFilterBoxBorder_8u_C1R_Ctx` (the
//! border replicated), and saved as `<input>_boxFilter.pgm` (or `--output=`). NPP's calls are
//! checked with `check_npp!` where the sample has `NPP_CHECK_NPP`; the sample's `try`/`catch`
//! is `run()` and the `match` on its result. The images are `lessons::util_npp`'s, which read
//! and write PGM where the sample's helpers call FreeImage.
//! Run: `cargo run --example box_filter_npp` (it finds `lessons/data/teapot512.pgm`).
//!
//! NVIDIA's reference: <https://docs.nvidia.com/cuda/npp/image_filtering_functions.html>.

use std::ffi::CStr;

use cuda_checked::check_npp;
use cudart_sys::cpp::*;
use lessons::samples::{check_cmd_line_flag, get_cmd_line_argument_string, sdk_find_file_path};
use lessons::util_npp::{load_image, save_image, Exception, Image, ImageCPU_8u_C1, ImageNPP_8u_C1};
use lessons::NPP_ASSERT;
use npp_sys::{
    nppGetLibVersion, nppiFilterBoxBorder_8u_C1R_Ctx, nppiFree, NppStreamContext, NppiPoint, NppiSize,
    NPP_BORDER_REPLICATE, NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY, NPP_SUCCESS,
};

const EXIT_SUCCESS: i32 = 0;
const EXIT_FAILURE: i32 = 1;

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
    // ANCHOR: context
    // The stream context every `_Ctx` function takes: the NULL stream (0), and what NPP would
    // otherwise ask the runtime about the device on each call. (C++ leaves the struct
    // uninitialized and fills it field by field; zeroed, then filled, here.)
    // SAFETY: plain data (a stream handle and numbers), of which all zeros is a value.
    let mut npp_stream_ctx: NppStreamContext = unsafe { std::mem::zeroed() };
    npp_stream_ctx.hStream = std::ptr::null_mut();

    let cuda_error = unsafe { cudaGetDevice(&mut npp_stream_ctx.nCudaDeviceId) };
    if cuda_error != cudaSuccess {
        unsafe { printf!("CUDA error: no devices supporting CUDA.\n") };
        // (Ours, not the sample's: why, in the runtime's words, or the loader's when there is
        // no runtime to ask.)
        let why = unsafe { CStr::from_ptr(cudaGetErrorString(cuda_error)) };
        eprintln!("cudaGetDevice: {}", why.to_string_lossy());
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
    // ANCHOR_END: context

    let file_path = if check_cmd_line_flag("input") {
        get_cmd_line_argument_string("input")
    } else {
        sdk_find_file_path("teapot512.pgm", "boxFilterNPP")
    };

    let s_filename = match file_path {
        Some(file_path) => file_path,
        None => "teapot512.pgm".to_string(),
    };

    // if we specify the filename at the command line, then we only test
    // s_filename[0].
    let file_errors = if std::fs::File::open(&s_filename).is_ok() {
        println!("boxFilterNPP opened: <{s_filename}> successfully!");
        0
    } else {
        println!("boxFilterNPP unable to open: <{s_filename}>");
        1
    };

    if file_errors > 0 {
        std::process::exit(EXIT_FAILURE);
    }

    let mut s_result_filename = s_filename.clone();

    if let Some(dot) = s_result_filename.rfind('.') {
        s_result_filename.truncate(dot);
    }

    s_result_filename += "_boxFilter.pgm";

    if check_cmd_line_flag("output") {
        s_result_filename = get_cmd_line_argument_string("output").unwrap_or_default();
    }

    // ANCHOR: filter
    // declare a host image object for an 8-bit grayscale image
    let mut o_host_src = ImageCPU_8u_C1::default();
    // load gray-scale image from disk
    load_image(&s_filename, &mut o_host_src)?;
    // declare a device image and copy construct from the host image,
    // i.e. upload host to device
    let o_device_src = ImageNPP_8u_C1::from_host(&o_host_src)?;

    // create struct with box-filter mask size
    let o_mask_size = NppiSize { width: 5, height: 5 };

    let o_src_size = NppiSize { width: o_device_src.width() as i32, height: o_device_src.height() as i32 };
    let o_src_offset = NppiPoint { x: 0, y: 0 };

    // create struct with ROI size
    let o_size_roi = NppiSize { width: o_device_src.width() as i32, height: o_device_src.height() as i32 };
    // allocate device image of appropriately reduced size
    let o_device_dst = ImageNPP_8u_C1::new(o_size_roi.width as u32, o_size_roi.height as u32)?;
    // set anchor point inside the mask to (o_mask_size.width / 2,
    // o_mask_size.height / 2) It should round down when odd
    let o_anchor = NppiPoint { x: o_mask_size.width / 2, y: o_mask_size.height / 2 };

    // run box filter
    unsafe {
        let e_status_npp = check_npp!(nppiFilterBoxBorder_8u_C1R_Ctx(
            o_device_src.data(),
            o_device_src.pitch() as i32,
            o_src_size,
            o_src_offset,
            o_device_dst.data(),
            o_device_dst.pitch() as i32,
            o_size_roi,
            o_mask_size,
            o_anchor,
            NPP_BORDER_REPLICATE,
            npp_stream_ctx
        ))?;
        // (NPP_CHECK_NPP asserts success: a warning throws too.)
        NPP_ASSERT!(e_status_npp == NPP_SUCCESS);
    }

    // declare a host image for the result
    let mut o_host_dst = ImageCPU_8u_C1::with_size(o_device_dst.size())?;
    // and copy the device result data into it
    unsafe { o_device_dst.copy_to(o_host_dst.data(), o_host_dst.pitch())? };
    // ANCHOR_END: filter

    save_image(&s_result_filename, &o_host_dst)?;
    println!("Saved image: {s_result_filename}");

    // Freed here, and the exit below runs no destructor (C's exit() neither): each freed once.
    unsafe {
        nppiFree(o_device_src.data().cast());
        nppiFree(o_device_dst.data().cast());
    }

    std::process::exit(EXIT_SUCCESS);
}
