//! What NVIDIA's NPP samples take from their `Common/UtilNPP/` helpers (`Exceptions.h`,
//! `ImagesCPU.h`, `ImagesNPP.h`, `ImageIO.h`), rewritten for the lessons that port those
//! samples: an 8-bit grey image in host memory, the same in device memory (pitched by
//! `nppiMalloc_8u_C1`), the copies between them, the samples' exception and `NPP_ASSERT`, and
//! loading and saving an image.
//!
//! The samples load and save through FreeImage; these read and write binary PGM (`P5`, 8 bits a
//! pixel) themselves, the format of the images the samples read, and write the very header
//! FreeImage writes (`P5\n<width> <height>\n255\n`, then the rows top first): an image saved here
//! is byte for byte the image the sample saves.

use std::ffi::c_int;
use std::fmt;

use cuda_checked::{CallError, Code};
use cudart_sys::cpp::*;
use npp_sys::{nppiFree, nppiMalloc_8u_C1, Npp8u};

/// `npp::Exception`: what the samples throw, and what their `catch` prints, as its `toString()`
/// makes it: `FILE:LINE: MESSAGE`. A failed check (`check_npp!`, `check_cuda!`) becomes one
/// through `?`, printing as that error prints (which says where the call was, what it was and
/// what the library made of it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exception {
    text: String,
}

impl Exception {
    /// A message thrown at `file:line`, as `NPP_ASSERT` throws it.
    pub fn at(message: &str, file: &str, line: u32) -> Exception {
        Exception { text: format!("{file}:{line}: {message}") }
    }
}

impl fmt::Display for Exception {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Exception {}

impl<C: Code> From<CallError<C>> for Exception {
    fn from(error: CallError<C>) -> Exception {
        Exception { text: error.to_string() }
    }
}

/// `NPP_ASSERT(C)`: returns an [`Exception`] from the function when `C` is false, naming the
/// condition, this file and line (the sample's `throw`).
#[macro_export]
macro_rules! NPP_ASSERT {
    ($condition:expr) => {
        if !($condition) {
            return Err($crate::util_npp::Exception::at(
                concat!(stringify!($condition), " assertion failed!"),
                file!(),
                line!(),
            )
            .into());
        }
    };
}

/// `npp::Image::Size`: a width and a height in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

/// `npp::Image`, the base of both image classes: a size, read as a whole or by its parts.
pub trait Image {
    fn size(&self) -> Size;

    fn width(&self) -> u32 {
        self.size().width
    }

    fn height(&self) -> u32 {
        self.size().height
    }
}

impl Image for ImageCPU_8u_C1 {
    fn size(&self) -> Size {
        self.size
    }
}

impl Image for ImageNPP_8u_C1 {
    fn size(&self) -> Size {
        self.size
    }
}

/// `npp::ImageCPU_8u_C1`: one 8-bit channel in host memory, rows one after the other (its pitch
/// is its width, as `ImageAllocatorCPU` allocates). `default()` is the empty image a sample
/// declares before loading into it.
#[allow(non_camel_case_types)]
#[derive(Debug, Default)]
pub struct ImageCPU_8u_C1 {
    size: Size,
    pixels: Vec<Npp8u>,
}

impl ImageCPU_8u_C1 {
    /// `ImageCPU_8u_C1(nWidth, nHeight)`: allocated, its pixels 0 (C++'s `new[]` leaves them
    /// undefined; nothing reads them before they are written).
    pub fn new(width: u32, height: u32) -> Result<ImageCPU_8u_C1, Exception> {
        NPP_ASSERT!(width as u64 * height as u64 > 0);
        Ok(ImageCPU_8u_C1 { size: Size { width, height }, pixels: vec![0; width as usize * height as usize] })
    }

    /// `ImageCPU_8u_C1(rSize)`.
    pub fn with_size(size: Size) -> Result<ImageCPU_8u_C1, Exception> {
        ImageCPU_8u_C1::new(size.width, size.height)
    }

    /// Bytes from one row to the next: the width.
    pub fn pitch(&self) -> u32 {
        self.size.width
    }

    /// The first pixel, for the copies.
    pub fn data(&mut self) -> *mut Npp8u {
        self.pixels.as_mut_ptr()
    }

    /// The pixels, row after row.
    pub fn pixels(&self) -> &[Npp8u] {
        &self.pixels
    }

    /// `swap(rImage)`: the two images exchange their pixels and sizes.
    pub fn swap(&mut self, other: &mut ImageCPU_8u_C1) {
        std::mem::swap(self, other);
    }
}

/// `npp::ImageNPP_8u_C1`: one 8-bit channel in device memory, each row starting at a multiple
/// of the pitch `nppiMalloc_8u_C1` chose. Dropping it frees it (`nppiFree`), as its destructor
/// does when a sample's `try` block unwinds.
#[allow(non_camel_case_types)]
#[derive(Debug)]
pub struct ImageNPP_8u_C1 {
    size: Size,
    pixels: *mut Npp8u,
    pitch: u32,
}

impl ImageNPP_8u_C1 {
    /// `ImageNPP_8u_C1(nWidth, nHeight)`: `nppiMalloc_8u_C1`, whose null (out of memory, or no
    /// NPP) fails `NPP_ASSERT(pResult != 0)`.
    pub fn new(width: u32, height: u32) -> Result<ImageNPP_8u_C1, Exception> {
        NPP_ASSERT!(width as u64 * height as u64 > 0);
        let mut pitch: c_int = 0;
        // SAFETY: nppiMalloc_8u_C1 writes the pitch it chose to a valid out-pointer.
        let p_result = unsafe { nppiMalloc_8u_C1(width as c_int, height as c_int, &mut pitch) };
        NPP_ASSERT!(!p_result.is_null());
        Ok(ImageNPP_8u_C1 { size: Size { width, height }, pixels: p_result, pitch: pitch as u32 })
    }

    /// `ImageNPP_8u_C1(rSize)`.
    pub fn with_size(size: Size) -> Result<ImageNPP_8u_C1, Exception> {
        ImageNPP_8u_C1::new(size.width, size.height)
    }

    /// `ImageNPP_8u_C1(rImage)` of a host image: allocated as large, then uploaded
    /// (`cudaMemcpy2D`, host to device).
    pub fn from_host(image: &ImageCPU_8u_C1) -> Result<ImageNPP_8u_C1, Exception> {
        let device = ImageNPP_8u_C1::new(image.width(), image.height())?;
        // SAFETY: `device` holds height rows of pitch bytes, `image` height rows of width
        // bytes; width bytes of each row are copied.
        let e_result = unsafe {
            cudaMemcpy2D(
                device.pixels,
                device.pitch as usize,
                image.pixels.as_ptr(),
                image.pitch() as usize,
                image.width() as usize * sizeof::<Npp8u>(),
                image.height() as usize,
                cudaMemcpyHostToDevice,
            )
        };
        NPP_ASSERT!(cudaSuccess == e_result);
        Ok(device)
    }

    /// Bytes from one row to the next, as `nppiMalloc_8u_C1` chose them.
    pub fn pitch(&self) -> u32 {
        self.pitch
    }

    /// The first pixel, in device memory.
    pub fn data(&self) -> *mut Npp8u {
        self.pixels
    }

    /// `copyTo(pData, nPitch)`: the pixels downloaded into host memory (`cudaMemcpy2D`, device to
    /// host), rows `n_pitch` bytes apart.
    ///
    /// # Safety
    /// `p_data` holds `height()` rows of `n_pitch` bytes.
    pub unsafe fn copy_to(&self, p_data: *mut Npp8u, n_pitch: u32) -> Result<(), Exception> {
        NPP_ASSERT!(self.width() as usize * sizeof::<Npp8u>() <= n_pitch as usize);
        // SAFETY: our allocation of height rows of pitch bytes; the caller's of height rows of
        // n_pitch bytes (this function's contract), width bytes of each copied.
        let e_result = unsafe {
            cudaMemcpy2D(
                p_data,
                n_pitch as usize,
                self.pixels,
                self.pitch as usize,
                self.width() as usize * sizeof::<Npp8u>(),
                self.height() as usize,
                cudaMemcpyDeviceToHost,
            )
        };
        NPP_ASSERT!(cudaSuccess == e_result);
        Ok(())
    }
}

impl Drop for ImageNPP_8u_C1 {
    fn drop(&mut self) {
        // SAFETY: our allocation of nppiMalloc_8u_C1, never used again.
        unsafe { nppiFree(self.pixels.cast()) };
    }
}

/// `npp::loadImage(rFileName, rImage)`: a grey image read from a binary PGM file into `r_image`
/// (its earlier pixels dropped). What is wrong with a file the sample cannot read is an
/// [`Exception`] naming the file.
pub fn load_image(r_file_name: &str, r_image: &mut ImageCPU_8u_C1) -> Result<(), Exception> {
    let bytes = std::fs::read(r_file_name)
        .map_err(|e| Exception::at(&format!("{r_file_name}: {e}"), file!(), line!()))?;
    let (size, pixels) =
        parse_pgm(&bytes).map_err(|why| Exception::at(&format!("{r_file_name}: {why}"), file!(), line!()))?;
    let mut o_image = ImageCPU_8u_C1::with_size(size)?;
    o_image.pixels.copy_from_slice(pixels);
    // The new image into the caller's, as the helper swaps them.
    o_image.swap(r_image);
    Ok(())
}

/// `npp::saveImage(rFileName, rImage)`: the image written as a binary PGM file, as FreeImage
/// writes one (`FIF_PGM`, default flags).
pub fn save_image(r_file_name: &str, r_image: &ImageCPU_8u_C1) -> Result<(), Exception> {
    let b_success = std::fs::write(r_file_name, pgm(r_image.size(), r_image.pixels()));
    if let Err(e) = b_success {
        return Err(Exception::at(
            &format!("Failed to save result image. {r_file_name}: {e}"),
            file!(),
            line!(),
        ));
    }
    Ok(())
}

/// A binary PGM file's bytes: FreeImage's header, then the rows.
pub fn pgm(size: Size, pixels: &[u8]) -> Vec<u8> {
    let mut file = format!("P5\n{} {}\n255\n", size.width, size.height).into_bytes();
    file.extend_from_slice(pixels);
    file
}

/// A binary PGM file's size and pixels (rows top first), or what keeps it from being one this
/// module reads: `P5`, then width, height and a largest value of at most 255, each after white
/// space or `#` comments, then one white-space byte and width x height bytes.
pub fn parse_pgm(bytes: &[u8]) -> Result<(Size, &[u8]), String> {
    if !bytes.starts_with(b"P5") {
        return Err("not a binary PGM file (it does not begin with P5)".to_string());
    }
    let mut at = 2;
    let mut fields = [0u32; 3];
    for (field, name) in fields.iter_mut().zip(["width", "height", "largest value"]) {
        loop {
            match bytes.get(at) {
                Some(b'#') => {
                    while bytes.get(at).is_some_and(|&b| b != b'\n') {
                        at += 1;
                    }
                }
                Some(b) if b.is_ascii_whitespace() => at += 1,
                _ => break,
            }
        }
        let digits = bytes[at..].iter().take_while(|b| b.is_ascii_digit()).count();
        *field = std::str::from_utf8(&bytes[at..at + digits])
            .ok()
            .and_then(|text| text.parse().ok())
            .ok_or_else(|| format!("the PGM header has no {name}"))?;
        at += digits;
    }
    let [width, height, largest] = fields;
    if !(1..=255).contains(&largest) {
        return Err(format!(
            "a PGM of largest value {largest}: only 8-bit grey images (at most 255) are read"
        ));
    }
    if width == 0 || height == 0 {
        return Err(format!("an empty image ({width} x {height})"));
    }
    if !bytes.get(at).is_some_and(|b| b.is_ascii_whitespace()) {
        return Err("the PGM header does not end in white space".to_string());
    }
    at += 1;
    let count = width as usize * height as usize;
    let pixels = bytes.get(at..at + count).ok_or_else(|| {
        format!("{} bytes of pixels where {width} x {height} needs {count}", bytes.len() - at)
    })?;
    Ok((Size { width, height }, pixels))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_image_reads_back_with_freeimages_header() {
        let size = Size { width: 3, height: 2 };
        let file = pgm(size, &[1, 2, 3, 4, 5, 255]);
        assert_eq!(&file[..12], b"P5\n3 2\n255\n\x01");
        assert_eq!(parse_pgm(&file), Ok((size, &[1u8, 2, 3, 4, 5, 255][..])));
    }

    #[test]
    fn the_header_may_have_comments() {
        // As GIMP writes one (the samples' teapot512.pgm).
        let file = b"P5\n# Created by GIMP\n2 1\n255\n\x07\x09";
        assert_eq!(parse_pgm(file), Ok((Size { width: 2, height: 1 }, &[7u8, 9][..])));
    }

    #[test]
    fn what_is_not_an_8_bit_pgm_is_named() {
        assert!(parse_pgm(b"P2\n1 1\n255\n0").unwrap_err().contains("P5"));
        assert!(parse_pgm(b"P5\n1 1\n65535\n\0\0").unwrap_err().contains("65535"));
        assert!(parse_pgm(b"P5\n2 2\n255\n\0").unwrap_err().contains("needs 4"));
        assert!(parse_pgm(b"P5\n2\n").unwrap_err().contains("height"));
    }

    #[test]
    fn the_shipped_teapot_is_a_512_by_512_pgm() {
        let (size, pixels) = parse_pgm(include_bytes!("../data/teapot512.pgm")).unwrap();
        assert_eq!(size, Size { width: 512, height: 512 });
        assert_eq!(pixels.len(), 512 * 512);
    }

    #[test]
    fn an_assertion_names_its_condition_file_and_line() {
        fn check(n: u32) -> Result<(), Exception> {
            NPP_ASSERT!(n > 0);
            Ok(())
        }
        assert_eq!(check(1), Ok(()));
        let text = check(0).unwrap_err().to_string();
        assert!(text.starts_with(file!()), "{text}");
        assert!(text.ends_with(": n > 0 assertion failed!"), "{text}");
    }
}
