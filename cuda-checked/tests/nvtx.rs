//! `cuda_checked::nvtx` (feature `nvtx`): NVTX through cuda-checked alone. With no tool attached
//! (no profiler started this test) a push and a pop answer as NVTX's header does.
#![cfg(feature = "nvtx")]

use cuda_checked::nvtx::*;

#[test]
fn nvtx_is_reexported_and_answers_without_a_tool() {
    unsafe {
        assert_eq!(nvtxRangePushA(c"cuda-checked".as_ptr()), NVTX_NO_PUSH_POP_TRACKING);
        nvtxMarkA(c"a mark no tool records".as_ptr());
        assert_eq!(nvtxRangePop(), NVTX_NO_PUSH_POP_TRACKING);
    }
}
