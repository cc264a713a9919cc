//! `dim3` as C++ has it (hand-written; the struct itself is generated): `vector_types.h` gives
//! it a constructor whose arguments default to 1, so `dim3 block;` is 1, 1, 1 and
//! `dim3 grid(512, 2)` is 512, 2, 1. bindgen's derived `Default` would be 0, 0, 0, an invalid
//! launch, so the generator leaves `Default` to this file.

use crate::dim3;

/// `dim3 d;`: 1, 1, 1.
impl Default for dim3 {
    fn default() -> Self {
        dim3 { x: 1, y: 1, z: 1 }
    }
}

/// `dim3 d(x);`: x, 1, 1.
impl From<u32> for dim3 {
    fn from(x: u32) -> Self {
        dim3 { x, ..dim3::default() }
    }
}

/// `dim3 d(x, y);`: x, y, 1.
impl From<(u32, u32)> for dim3 {
    fn from((x, y): (u32, u32)) -> Self {
        dim3 { x, y, ..dim3::default() }
    }
}

/// `dim3 d(x, y, z);`.
impl From<(u32, u32, u32)> for dim3 {
    fn from((x, y, z): (u32, u32, u32)) -> Self {
        dim3 { x, y, z }
    }
}

/// `<<<grid, block>>>` in `cuda_sys::launch!` takes a `dim3` as C++'s does.
impl cuda_sys::launch::Dims for dim3 {
    fn dims(self) -> [u32; 3] {
        [self.x, self.y, self.z]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_cpp_constructs_it() {
        let d = |d: dim3| (d.x, d.y, d.z);
        assert_eq!(d(dim3::default()), (1, 1, 1));
        assert_eq!(d(dim3::from(256)), (256, 1, 1));
        assert_eq!(d(dim3::from((512, 2))), (512, 2, 1));
        assert_eq!(d(dim3::from((8, 8, 4))), (8, 8, 4));
    }
}
