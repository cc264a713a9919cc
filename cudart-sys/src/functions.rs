//! What a function returning neither a code nor a text answers without the runtime.

use crate::cudaChannelFormatDesc;

/// `cudaCreateChannelDesc` without a runtime: all zero, as `= {}` would be.
impl cuda_loader::Unreachable for cudaChannelFormatDesc {
    fn unreachable(_: &'static cuda_loader::Library, _: u32) -> Self {
        cudaChannelFormatDesc::default()
    }

    fn code(&self) -> Option<u32> {
        None
    }
}
