//! What several lessons share: a context on a device, the vector-add kernel, and a timer on
//! CUDA events. Each lesson's own subject stays in its own file.

use std::ffi::c_void;

use cuda_checked::{check_driver, DriverResult};
use cuda_sys::*;

/// `cuInit(0)`, then a context on `device`, current on this thread.
///
/// CUDA 13 made `cuCtxCreate` the 4-argument `cuCtxCreate_v4`, whose extra
/// `CUctxCreateParams*` (execution affinity, CUDA-in-graphics) may be null; before, it was
/// the 3-argument `cuCtxCreate_v2`. `cfg(cuda_ge = "13.0")` comes from libcuda-sys's `DEP_LIBCUDA_SYS_VERSION` (build.rs).
pub fn init_context(device: CUdevice) -> DriverResult<CUcontext> {
    let mut context: CUcontext = std::ptr::null_mut();
    unsafe {
        check_driver!(cuInit(0))?;
        #[cfg(not(cuda_ge = "13.0"))]
        check_driver!(cuCtxCreate(&mut context, CU_CTX_SCHED_AUTO, device))?;
        #[cfg(cuda_ge = "13.0")]
        check_driver!(cuCtxCreate(&mut context, std::ptr::null_mut(), CU_CTX_SCHED_AUTO, device))?;
    }
    Ok(context)
}

/// `c[i] = a[i] + b[i]` for `i < n`, as PTX (hand-written, see vector_add.ptx).
pub const VECTOR_ADD_PTX: &str = concat!(include_str!("vector_add.ptx"), "\0");

/// Loads [`VECTOR_ADD_PTX`] into the current context: the module and its `vector_add` kernel.
pub fn load_vector_add() -> DriverResult<(CUmodule, CUfunction)> {
    let mut module: CUmodule = std::ptr::null_mut();
    let mut kernel: CUfunction = std::ptr::null_mut();
    unsafe {
        check_driver!(cuModuleLoadData(&mut module, VECTOR_ADD_PTX.as_ptr().cast()))?;
        check_driver!(cuModuleGetFunction(&mut kernel, module, c"vector_add".as_ptr()))?;
    }
    Ok((module, kernel))
}

/// Launches `vector_add(a, b, c, n)` on `stream`, one thread per element.
///
/// # Safety
/// `a`, `b` and `c` are device allocations of at least `n` floats.
pub unsafe fn launch_vector_add(
    kernel: CUfunction,
    stream: CUstream,
    a: CUdeviceptr,
    b: CUdeviceptr,
    c: CUdeviceptr,
    n: u32,
) -> DriverResult<()> {
    let (mut a, mut b, mut c, mut n) = (a, b, c, n);
    // cuLaunchKernel takes an array of pointers, one to each argument's value.
    let mut args: [*mut c_void; 4] = [
        (&mut a as *mut CUdeviceptr).cast(),
        (&mut b as *mut CUdeviceptr).cast(),
        (&mut c as *mut CUdeviceptr).cast(),
        (&mut n as *mut u32).cast(),
    ];
    let block = 256;
    let grid = n.div_ceil(block);
    unsafe {
        check_driver!(cuLaunchKernel(
            kernel,
            grid,
            1,
            1,
            block,
            1,
            1,
            0,
            stream,
            args.as_mut_ptr(),
            std::ptr::null_mut()
        ))
    }
}

/// A pair of CUDA events: milliseconds of GPU time between two points of a stream.
pub struct EventTimer {
    start: CUevent,
    stop: CUevent,
}

impl EventTimer {
    pub fn new() -> DriverResult<Self> {
        let (mut start, mut stop): (CUevent, CUevent) = (std::ptr::null_mut(), std::ptr::null_mut());
        unsafe {
            check_driver!(cuEventCreate(&mut start, CU_EVENT_DEFAULT))?;
            check_driver!(cuEventCreate(&mut stop, CU_EVENT_DEFAULT))?;
        }
        Ok(EventTimer { start, stop })
    }

    /// Milliseconds that `work` took on `stream`, measured by events recorded around it.
    ///
    /// # Safety
    /// `stream` is a live stream of the current context, or null for the default stream.
    pub unsafe fn time(
        &self,
        stream: CUstream,
        work: impl FnOnce() -> DriverResult<()>,
    ) -> DriverResult<f32> {
        let mut ms = 0.0;
        unsafe {
            check_driver!(cuEventRecord(self.start, stream))?;
            work()?;
            check_driver!(cuEventRecord(self.stop, stream))?;
            check_driver!(cuEventSynchronize(self.stop))?;
            check_driver!(cuEventElapsedTime(&mut ms, self.start, self.stop))?;
        }
        Ok(ms)
    }
}

impl Drop for EventTimer {
    fn drop(&mut self) {
        // Destroying can only fail if the context is already gone; nothing to do about it then.
        unsafe {
            let _ = cuEventDestroy(self.start);
            let _ = cuEventDestroy(self.stop);
        }
    }
}

/// `4 KiB`, `16 MiB`: sizes as people say them.
pub fn human_bytes(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} B"),
    }
}

/// A line chart as SVG text: one line per series over the same x labels, y from 0.
pub fn svg_line_chart(
    title: &str,
    y_label: &str,
    x_labels: &[String],
    series: &[(&str, Vec<f64>)],
) -> String {
    const W: f64 = 860.0;
    const H: f64 = 500.0;
    const LEFT: f64 = 70.0;
    const RIGHT: f64 = 200.0;
    const TOP: f64 = 50.0;
    const BOTTOM: f64 = 60.0;
    const COLORS: [&str; 6] = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"];
    let max = series.iter().flat_map(|(_, ys)| ys.iter().copied()).fold(0.0, f64::max);
    let step = if max > 50.0 {
        10.0
    } else if max > 10.0 {
        5.0
    } else {
        1.0
    };
    let top = (max / step).ceil().max(1.0) * step;
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let x = |i: usize| LEFT + plot_w * i as f64 / (x_labels.len().max(2) - 1) as f64;
    let y = |v: f64| TOP + plot_h * (1.0 - v / top);

    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"28\" font-size=\"16\" text-anchor=\"middle\">{}</text>\n",
        LEFT + plot_w / 2.0,
        escape(title)
    );
    let mut v = 0.0;
    while v <= top + 1e-9 {
        svg += &format!(
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>\n",
            LEFT + plot_w,
            LEFT - 8.0,
            y(v) + 4.0,
            y = y(v)
        );
        v += step;
    }
    for (i, label) in x_labels.iter().enumerate() {
        if i % 2 == 0 || i + 1 == x_labels.len() {
            svg += &format!(
                "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                x(i),
                TOP + plot_h + 20.0,
                escape(label)
            );
        }
    }
    svg += &format!(
        "<text x=\"18\" y=\"{:.1}\" transform=\"rotate(-90 18 {:.1})\" text-anchor=\"middle\">{}</text>\n",
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0,
        escape(y_label)
    );
    svg += &format!(
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" stroke=\"#444\"/>\n"
    );
    for (k, (name, ys)) in series.iter().enumerate() {
        let color = COLORS[k % COLORS.len()];
        let points: Vec<String> =
            ys.iter().enumerate().map(|(i, &v)| format!("{:.1},{:.1}", x(i), y(v))).collect();
        svg += &format!(
            "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"2\" points=\"{}\"/>\n",
            points.join(" ")
        );
        let ly = TOP + 20.0 + 22.0 * k as f64;
        svg += &format!(
            "<line x1=\"{}\" x2=\"{}\" y1=\"{ly}\" y2=\"{ly}\" stroke=\"{color}\" stroke-width=\"3\"/>\
             <text x=\"{}\" y=\"{}\">{}</text>\n",
            LEFT + plot_w + 15.0,
            LEFT + plot_w + 40.0,
            LEFT + plot_w + 46.0,
            ly + 4.0,
            escape(name)
        );
    }
    svg + "</svg>\n"
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
