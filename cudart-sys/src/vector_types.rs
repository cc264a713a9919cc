//! `dim3` as C++ has it (hand-written; the struct itself is generated): `vector_types.h` gives
//! it a constructor whose arguments default to 1, so `dim3 block;` is 1, 1, 1 and
//! `dim3 grid(512, 2)` is 512, 2, 1. bindgen's derived `Default` would be 0, 0, 0, an invalid
//! launch, so the generator leaves `Default` to this file. As C++ converts any integer to the
//! constructor's `unsigned int`s, so does `dim3::from` (`dim3 grid(n / 256)` with `int n`).

use cuda_sys::launch::Dim;

use crate::dim3;

/// `dim3 d;`: 1, 1, 1.
impl Default for dim3 {
    fn default() -> Self {
        dim3 { x: 1, y: 1, z: 1 }
    }
}

/// `dim3 d(x);`: x, 1, 1, for `x` of any integer type, converted as C++ converts it to
/// `unsigned int` ([`Dim`]: a value it cannot hold is `u32::MAX`, which no launch allows).
macro_rules! from_integer {
    ($($t:ty),*) => {$(
        impl From<$t> for dim3 {
            fn from(x: $t) -> Self {
                dim3 { x: x.dim(), ..dim3::default() }
            }
        }
    )*};
}
from_integer!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// `dim3 d(x, y);`: x, y, 1.
impl<X: Dim, Y: Dim> From<(X, Y)> for dim3 {
    fn from((x, y): (X, Y)) -> Self {
        dim3 { x: x.dim(), y: y.dim(), ..dim3::default() }
    }
}

/// `dim3 d(x, y, z);`.
impl<X: Dim, Y: Dim, Z: Dim> From<(X, Y, Z)> for dim3 {
    fn from((x, y, z): (X, Y, Z)) -> Self {
        dim3 { x: x.dim(), y: y.dim(), z: z.dim() }
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

    /// `dim3 grid(grids);` with `int grids`, as C++ converts it; what `unsigned int` cannot
    /// hold is no launch.
    #[test]
    fn any_integer_as_cpp_converts_it() {
        let d = |d: dim3| (d.x, d.y, d.z);
        let (grids, blocks): (i32, usize) = (40, 256);
        assert_eq!(d(dim3::from(grids)), (40, 1, 1));
        assert_eq!(d(dim3::from((grids, blocks))), (40, 256, 1));
        assert_eq!(d(dim3::from((1u8, 2i64, 3u16))), (1, 2, 3));
        assert_eq!(d(dim3::from(-1)), (u32::MAX, 1, 1));
        assert_eq!(d(dim3::from(1i64 << 32)), (u32::MAX, 1, 1));
    }
}
