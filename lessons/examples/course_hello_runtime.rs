//! The TensorRT course's runtime lesson 1.1, hello-runtime, line by line (its C++:
//! `book/c/course_hello_runtime.cpp`): the Runtime API needs no `cuInit` and no context of its
//! own. Before any runtime call no context is current; `cudaSetDevice`, the first call that
//! needs one, makes the device's primary context (`cuDevicePrimaryCtxRetain`) current.
//! Run: `cargo run --example course_hello_runtime`

use cuda_checked::checkRuntime;
use cuda_sys::{cuCtxGetCurrent, CUcontext};
use cudart_sys::cpp::*;

fn main() {
    unsafe {
        let mut context: CUcontext = nullptr.into();
        // C++ drops cuCtxGetCurrent's result; the Driver API's code must be used here.
        let _ = cuCtxGetCurrent(&mut context);
        printf!("Current context = %p，当前无context\n", context);

        // The runtime is built on the driver: its context is the device's primary context,
        // created lazily by the first runtime call that needs one.
        let mut device_count = 0;
        checkRuntime!(cudaGetDeviceCount(&mut device_count));
        printf!("device_count = %d\n", device_count);

        // The device is chosen with cudaSetDevice; the context is per thread.
        let device_id = 0;
        printf!("set current device to : %d，这个API依赖CUcontext，触发创建并设置\n", device_id);
        checkRuntime!(cudaSetDevice(device_id));

        // cudaSetDevice was the first call that needed a context: it retained the primary
        // context and made it current. (cudaGetDeviceCount needs none.)
        let _ = cuCtxGetCurrent(&mut context);
        printf!("SetDevice after, Current context = %p，获取当前context\n", context);

        let mut current_device = 0;
        checkRuntime!(cudaGetDevice(&mut current_device));
        printf!("current_device = %d\n", current_device);
    }
}
