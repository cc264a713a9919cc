//! `cargo xtask tensorrt ...`: TensorRT's headers and nvinfer-sys's vendored bindings.

use std::path::PathBuf;

pub fn main(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("dump") => {
            let include = PathBuf::from(args.get(1).ok_or("dump INCLUDE")?);
            let g =
                cuda_bindings_build::generate::cpp::generate(&include, None).map_err(|e| e.to_string())?;
            println!("{}", g.text);
            Ok(())
        }
        _ => Err("usage: cargo xtask tensorrt dump INCLUDE".into()),
    }
}
