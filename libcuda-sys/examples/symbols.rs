//! Prints every driver symbol these bindings call, one a line ([`cuda_sys::loader::SYMBOLS`]):
//! what a stand-in libcuda must export. CI's `.ci/libcuda-stub` builds its stub from this list.
//! Run: `cargo run -p libcuda-sys --example symbols`

use std::io::Write;

fn main() -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    for symbol in cuda_sys::loader::SYMBOLS {
        writeln!(out, "{symbol}")?;
    }
    Ok(())
}
