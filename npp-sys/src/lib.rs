//! NPP (`npp.h`), raw and one-to-one: NVIDIA's image (`nppi*`) and signal (`npps*`) processing
//! primitives on the GPU, every family NVIDIA ships.
//!
//! Every function, type and constant of `npp.h` under the name C uses: `nppiFilterBox_8u_C1R_Ctx`,
//! `nppsSum_32f`, `NppiSize`, `NppStreamContext`, `NPP_NO_ERROR`. The build script generates the
//! bindings from the `npp.h` of the toolkit cudart-sys found (CUDA 11 and 12's `nvidia-npp-cu12`
//! wheel beside the runtime's), or uses those vendored from that CUDA release (the same items).
//! [`CUDA_VERSION`] says which toolkit; [`NPP_VERSION`] which NPP. The reference is NVIDIA's:
//! <https://docs.nvidia.com/cuda/npp/>.
//!
//! NPP is eleven libraries: its core, libnppc (`nppGetLibVersion`, the stream context), and ten
//! families, each a module of this crate re-exported at its root: [`nppial`] (arithmetic and
//! logic), [`nppicc`] (color conversion), [`nppidei`] (data exchange and initialization),
//! [`nppif`] (filtering), [`nppig`] (geometry), [`nppim`] (morphology), [`nppist`] (statistics
//! and linear transforms), [`nppisu`] (memory support: `nppiMalloc_8u_C1`), [`nppitc`]
//! (threshold and compare), [`npps`] (signal processing). A function is loaded from the family
//! whose header declares it, on its first call, so a program loads only the families it calls.
//!
//! `NppStatus` is signed: errors are negative, warnings positive (the call did its work, or did
//! nothing, and says why), `NPP_NO_ERROR` 0. cuda-checked's `check_npp!` takes a warning as
//! success and gives it back (`Ok(status)`).
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the header found (needs libclang).
//! - `link`: link libnppc and every family at link time. Without it (the default) each library
//!   (`libnppc.so.13`, `libnppif.so.13`, ...) is loaded on the first call of one of its
//!   functions; see [`loader`] for where it is looked for and what a call returns when there is
//!   none.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: images are device memory with a step (bytes from one row
//! to the next) the caller keeps right, the `_Ctx` forms run on the stream of their
//! `NppStreamContext`, and `NppStatus` must be checked (cuda-checked's `check_npp!` does so).

pub mod loader;

cuda_loader::library!();
