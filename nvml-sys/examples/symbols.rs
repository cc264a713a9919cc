//! Prints every NVML symbol these bindings call, one a line ([`nvml_sys::loader::SYMBOLS`]): what
//! a stand-in libnvidia-ml must export to link against. CI's `.ci/libcuda-stub` builds one from
//! this list, as it builds libcuda's (NVML comes with the driver; no wheel has a stub of it).
//! Run: `cargo run -p libnvidia-ml-sys --example symbols`

fn main() {
    println!("{}", nvml_sys::loader::SYMBOLS.join("\n"));
}
