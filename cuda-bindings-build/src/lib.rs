//! Build-time support shared by libcuda-sys, cudart-sys and `cargo xtask`.

pub mod find;
#[cfg(feature = "bindgen")]
pub mod generate;
