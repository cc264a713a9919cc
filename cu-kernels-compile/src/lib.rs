//! What cu-kernels does with a `.cu` file (hand-written): [`prepare()`] makes it ready for NVRTC
//! (host code cut out, headers stood in for), [`nvrtc`] compiles it per architecture with a
//! name expression per kernel. The `kernels!` macro uses both at build time, where the build
//! machine has NVRTC; cu-kernels uses them at first use otherwise ([`for_device`]). Both check
//! each declaration against the kernel's C++ parameters with [`signature`].
//!
//! NVIDIA's reference: [NVRTC](https://docs.nvidia.com/cuda/nvrtc/), its
//! [name expressions](https://docs.nvidia.com/cuda/nvrtc/#accessing-lowered-names).

pub mod nvrtc;
pub mod prepare;
pub mod signature;

pub use nvrtc::{Arch, Compiled, Error, Program};
pub use prepare::{prepare, Kernel, Prepared};
pub use signature::Signature;

/// Compiles `program` for the device of compute capability `major.minor`: a CUBIN for it when
/// this NVRTC knows the architecture, else PTX for the newest one it knows below it (which the
/// driver compiles for the device).
///
/// # Errors
/// As [`Program::compile`]; an [`Error::Call`] when NVRTC knows no architecture at or below the
/// device's.
pub fn for_device(program: &Program<'_>, major: u32, minor: u32) -> Result<(Arch, Compiled), Error> {
    let device = major * 10 + minor;
    let supported = nvrtc::supported_archs()?;
    let arch = if supported.contains(&device) {
        Arch { number: device, cubin: true, suffix: None }
    } else {
        let best = supported.iter().copied().filter(|&a| a <= device).max().ok_or_else(|| {
            Error::Call(format!(
                "this NVRTC compiles for {supported:?}, none of them at or below the device's {major}.{minor}"
            ))
        })?;
        Arch { number: best, cubin: false, suffix: None }
    };
    Ok((arch, program.compile(Some(arch))?))
}
