//! C's `printf`, for ports whose output must read as the C program's, byte for byte: glibc's
//! conversions and flags, `(nil)` for a null `%p` and `(null)` for a null `%s`, written to the
//! same standard output as `println!` (Rust's, so the two never interleave out of order).
//!
//! The format is checked when the program compiles: its conversions must be ones printed here
//! and their number (with each `*` width or precision) the number of arguments. An argument of
//! another kind than its conversion's (an `f32` for `%d`) prints converted to that kind, where C
//! would read garbage.

use core::ffi::{c_char, c_int, CStr};
use std::io::Write;

use super::nullptr_t;

/// `printf(format, args...)`: prints as C's `printf` does and returns the number of bytes
/// written (or -1 if standard output refused them). `format` is a string literal; each
/// argument is an integer, a float, a pointer (`%p`, and `%s` for a `*const c_char`), a `&str`,
/// a `&CStr` or a `&String` ([`PrintfArg`]).
///
/// An `unsafe` call, as C's is: `%s` reads a C string from whatever pointer it is given, to its
/// NUL (a null one prints `(null)`).
///
/// ```
/// use cudart_sys::cpp::*;
///
/// let n: i32 = 3;
/// let p: *const f32 = std::ptr::null();
/// unsafe {
///     printf!("block %d value = %f\n", n, 4950.0f32); // block 3 value = 4950.000000
///     printf!("%p %s %5.2f%%\n", p, c"ok".as_ptr(), 99.5); // (nil) ok 99.50%
/// }
/// ```
///
/// A format whose conversions and arguments differ in number does not compile:
/// ```compile_fail
/// use cudart_sys::cpp::*;
/// unsafe { printf!("%d and %d\n", 1) };
/// ```
/// Nor does one with a conversion not printed here (`%n` writes to memory, `%a` is not done):
/// ```compile_fail
/// use cudart_sys::cpp::*;
/// let mut n = 0;
/// unsafe { printf!("%n", &mut n) };
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_printf {
    ($format:literal $(, $arg:expr)* $(,)?) => {{
        const __FORMAT: &str = $format;
        const _: () = ::core::assert!(
            $crate::cpp::__printf::conversions(__FORMAT) != usize::MAX,
            "printf!: the format has a conversion printf! does not print (it prints %d %i %u %o %x %X %c %s %p %f %F %e %E %g %G and %%, with C's flags, widths, precisions and length modifiers)"
        );
        const _: () = ::core::assert!(
            $crate::cpp::__printf::conversions(__FORMAT) == 0 $(+ $crate::cpp::__printf::one(::core::stringify!($arg)))*,
            "printf!: the format's conversions (each `*` counts too) and the arguments differ in number"
        );
        $crate::cpp::__printf::print(__FORMAT, &[$($crate::cpp::PrintfArg::printf_arg($arg)),*])
    }};
}

/// An argument as `printf!` takes it (C's default argument promotions: floats as `double`,
/// integers by their bits, pointers by their address).
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    /// An integer's two's-complement bits; the conversion's length modifier says how many count.
    Int(i64),
    Float(f64),
    /// A pointer: `%p` prints its address, `%s` reads a C string from it.
    Pointer(*const c_char),
    /// Text that is already Rust's (`&str`, `&CStr`): `%s` prints its bytes.
    Text(&'a [u8]),
}

/// What `printf!` takes as an argument.
pub trait PrintfArg<'a> {
    fn printf_arg(self) -> Arg<'a>;
}

macro_rules! integer_args {
    ($($t:ty),*) => {$(
        impl PrintfArg<'_> for $t {
            #[inline]
            #[allow(clippy::cast_possible_wrap, clippy::cast_lossless)]
            fn printf_arg(self) -> Arg<'static> {
                Arg::Int(self as i64)
            }
        }
    )*};
}
integer_args!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl PrintfArg<'_> for bool {
    fn printf_arg(self) -> Arg<'static> {
        Arg::Int(i64::from(self))
    }
}
impl PrintfArg<'_> for char {
    fn printf_arg(self) -> Arg<'static> {
        Arg::Int(i64::from(u32::from(self)))
    }
}
impl PrintfArg<'_> for f32 {
    fn printf_arg(self) -> Arg<'static> {
        Arg::Float(f64::from(self))
    }
}
impl PrintfArg<'_> for f64 {
    fn printf_arg(self) -> Arg<'static> {
        Arg::Float(self)
    }
}
impl<T> PrintfArg<'_> for *const T {
    fn printf_arg(self) -> Arg<'static> {
        Arg::Pointer(self.cast())
    }
}
impl<T> PrintfArg<'_> for *mut T {
    fn printf_arg(self) -> Arg<'static> {
        Arg::Pointer(self.cast_const().cast())
    }
}
impl PrintfArg<'_> for nullptr_t {
    fn printf_arg(self) -> Arg<'static> {
        Arg::Pointer(core::ptr::null())
    }
}
impl<'a> PrintfArg<'a> for &'a str {
    fn printf_arg(self) -> Arg<'a> {
        Arg::Text(self.as_bytes())
    }
}
impl<'a> PrintfArg<'a> for &'a String {
    fn printf_arg(self) -> Arg<'a> {
        Arg::Text(self.as_bytes())
    }
}
impl<'a> PrintfArg<'a> for &'a CStr {
    fn printf_arg(self) -> Arg<'a> {
        Arg::Text(self.to_bytes())
    }
}

/// One conversion of a format: `%[flags][width][.precision][length]conversion`.
#[derive(Debug, Clone, Copy, Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alternate: bool,
    zero: bool,
    width: Option<Count>,
    precision: Option<Count>,
    /// The bits a length modifier gives an integer: 8 (`hh`), 16 (`h`), 32 (none), 64 (`l`,
    /// `ll`, `z`, `j`, `t`).
    bits: u32,
    conversion: u8,
}

#[derive(Debug, Clone, Copy)]
enum Count {
    Given(usize),
    /// `*`: the next argument.
    Argument,
}

/// The conversion at `format[start..]` (just after its `%`), and where the text after it starts;
/// `None` for one that is not printed here.
const fn parse(format: &[u8], start: usize) -> Option<(Spec, usize)> {
    let mut spec = Spec {
        left: false,
        plus: false,
        space: false,
        alternate: false,
        zero: false,
        width: None,
        precision: None,
        bits: 32,
        conversion: 0,
    };
    let mut i = start;
    while i < format.len() {
        match format[i] {
            b'-' => spec.left = true,
            b'+' => spec.plus = true,
            b' ' => spec.space = true,
            b'#' => spec.alternate = true,
            b'0' => spec.zero = true,
            _ => break,
        }
        i += 1;
    }
    if i < format.len() && format[i] == b'*' {
        spec.width = Some(Count::Argument);
        i += 1;
    } else {
        let mut width = 0;
        let mut any = false;
        while i < format.len() && format[i].is_ascii_digit() {
            width = width * 10 + (format[i] - b'0') as usize;
            any = true;
            i += 1;
        }
        if any {
            spec.width = Some(Count::Given(width));
        }
    }
    if i < format.len() && format[i] == b'.' {
        i += 1;
        if i < format.len() && format[i] == b'*' {
            spec.precision = Some(Count::Argument);
            i += 1;
        } else {
            let mut precision = 0;
            while i < format.len() && format[i].is_ascii_digit() {
                precision = precision * 10 + (format[i] - b'0') as usize;
                i += 1;
            }
            spec.precision = Some(Count::Given(precision));
        }
    }
    // Length modifiers.
    if i + 1 < format.len() && format[i] == b'h' && format[i + 1] == b'h' {
        spec.bits = 8;
        i += 2;
    } else if i + 1 < format.len() && format[i] == b'l' && format[i + 1] == b'l' {
        spec.bits = 64;
        i += 2;
    } else if i < format.len() {
        match format[i] {
            b'h' => {
                spec.bits = 16;
                i += 1;
            }
            b'l' | b'z' | b'j' | b't' => {
                spec.bits = 64;
                i += 1;
            }
            b'L' => i += 1,
            _ => {}
        }
    }
    if i >= format.len() {
        return None;
    }
    match format[i] {
        b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'c' | b's' | b'p' | b'f' | b'F' | b'e' | b'E' | b'g'
        | b'G' => {
            spec.conversion = format[i];
            Some((spec, i + 1))
        }
        _ => None,
    }
}

/// Hidden helpers of `printf!`.
#[doc(hidden)]
pub mod __printf {
    pub use super::print;

    /// How many arguments `format` takes (each conversion, and each `*` in one), or `usize::MAX`
    /// when it has one not printed here. For the macro's compile-time check.
    pub const fn conversions(format: &str) -> usize {
        let format = format.as_bytes();
        let mut count = 0;
        let mut i = 0;
        while i < format.len() {
            if format[i] != b'%' {
                i += 1;
                continue;
            }
            if i + 1 < format.len() && format[i + 1] == b'%' {
                i += 2;
                continue;
            }
            match super::parse(format, i + 1) {
                Some((spec, next)) => {
                    count += 1;
                    if matches!(spec.width, Some(super::Count::Argument)) {
                        count += 1;
                    }
                    if matches!(spec.precision, Some(super::Count::Argument)) {
                        count += 1;
                    }
                    i = next;
                }
                None => return usize::MAX,
            }
        }
        count
    }

    /// 1, for counting the macro's arguments.
    pub const fn one(_: &str) -> usize {
        1
    }
}

/// The body of `printf!`: formats, then writes to Rust's standard output in one piece.
///
/// # Safety
/// Each `%s` argument that is a pointer is null or points to a NUL-terminated string.
#[doc(hidden)]
pub unsafe fn print(format: &str, args: &[Arg<'_>]) -> c_int {
    let text = unsafe { format_c(format.as_bytes(), args) };
    let mut out = std::io::stdout().lock();
    match out.write_all(&text) {
        Ok(()) => c_int::try_from(text.len()).unwrap_or(c_int::MAX),
        Err(_) => -1,
    }
}

/// The bytes `printf(format, args...)` prints. The macro has checked the format and the count;
/// should an argument be missing anyway, its conversion prints nothing.
///
/// # Safety
/// As [`print`].
unsafe fn format_c(format: &[u8], args: &[Arg<'_>]) -> Vec<u8> {
    let mut out = Vec::with_capacity(format.len() + 16 * args.len());
    let mut args = args.iter().copied();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            out.push(format[i]);
            i += 1;
            continue;
        }
        if format.get(i + 1) == Some(&b'%') {
            out.push(b'%');
            i += 2;
            continue;
        }
        let Some((mut spec, next)) = parse(format, i + 1) else {
            out.extend_from_slice(&format[i..]); // the macro refuses such a format
            break;
        };
        i = next;
        // A `*` is the next argument, an `int`; a negative width is the `-` flag, a negative
        // precision none at all.
        let mut star = || match args.next() {
            Some(Arg::Int(n)) => n as i32,
            _ => 0,
        };
        let width = match spec.width {
            Some(Count::Given(n)) => n,
            Some(Count::Argument) => {
                let n = star();
                spec.left |= n < 0;
                n.unsigned_abs() as usize
            }
            None => 0,
        };
        let precision = match spec.precision {
            Some(Count::Given(n)) => Some(n),
            Some(Count::Argument) => usize::try_from(star()).ok(),
            None => None,
        };
        let Some(arg) = args.next() else { continue };
        let piece = unsafe { convert(&spec, precision, arg) };
        pad(&mut out, &spec, width, piece);
    }
    out
}

/// A conversion's text before padding: its sign or prefix, and the rest.
struct Piece {
    prefix: Vec<u8>,
    body: Vec<u8>,
    /// Whether `0` pads it (numbers; not with a precision for integers, not `inf`/`nan`).
    zero_pads: bool,
}

fn pad(out: &mut Vec<u8>, spec: &Spec, width: usize, piece: Piece) {
    let len = piece.prefix.len() + piece.body.len();
    let fill = width.saturating_sub(len);
    if spec.left {
        out.extend_from_slice(&piece.prefix);
        out.extend_from_slice(&piece.body);
        out.extend(std::iter::repeat(b' ').take(fill));
    } else if spec.zero && piece.zero_pads {
        out.extend_from_slice(&piece.prefix);
        out.extend(std::iter::repeat(b'0').take(fill));
        out.extend_from_slice(&piece.body);
    } else {
        out.extend(std::iter::repeat(b' ').take(fill));
        out.extend_from_slice(&piece.prefix);
        out.extend_from_slice(&piece.body);
    }
}

/// # Safety
/// As [`print`].
unsafe fn convert(spec: &Spec, precision: Option<usize>, arg: Arg<'_>) -> Piece {
    match spec.conversion {
        b'd' | b'i' => {
            let value = signed(integer(arg), spec.bits);
            let sign = if value < 0 {
                b"-".to_vec()
            } else if spec.plus {
                b"+".to_vec()
            } else if spec.space {
                b" ".to_vec()
            } else {
                Vec::new()
            };
            digits(sign, value.unsigned_abs(), 10, false, precision)
        }
        b'u' | b'o' | b'x' | b'X' => {
            let value = unsigned(integer(arg), spec.bits);
            let (radix, upper) = match spec.conversion {
                b'o' => (8, false),
                b'x' => (16, false),
                b'X' => (16, true),
                _ => (10, false),
            };
            let mut piece = digits(Vec::new(), value, radix, upper, precision);
            if spec.alternate && value != 0 && radix == 16 {
                piece.prefix = if upper { b"0X".to_vec() } else { b"0x".to_vec() };
            }
            if spec.alternate && radix == 8 && !piece.body.starts_with(b"0") {
                piece.body.insert(0, b'0');
            }
            piece
        }
        b'c' => Piece { prefix: Vec::new(), body: vec![integer(arg) as u8], zero_pads: false },
        b's' => {
            let bytes: &[u8] = match arg {
                Arg::Text(text) => text,
                Arg::Pointer(p) if p.is_null() => {
                    // glibc: "(null)", unless a precision too short for it leaves nothing.
                    if precision.map_or(true, |p| p >= 6) {
                        b"(null)"
                    } else {
                        b""
                    }
                }
                Arg::Pointer(p) => unsafe { CStr::from_ptr(p) }.to_bytes(),
                Arg::Int(_) | Arg::Float(_) => b"",
            };
            let bytes = &bytes[..precision.map_or(bytes.len(), |p| p.min(bytes.len()))];
            Piece { prefix: Vec::new(), body: bytes.to_vec(), zero_pads: false }
        }
        b'p' => {
            let address = match arg {
                Arg::Pointer(p) => p as usize as u64,
                Arg::Int(n) => n as u64,
                _ => 0,
            };
            if address == 0 {
                Piece { prefix: Vec::new(), body: b"(nil)".to_vec(), zero_pads: false }
            } else {
                let mut piece = digits(Vec::new(), address, 16, false, precision);
                piece.prefix = b"0x".to_vec();
                piece
            }
        }
        _ => float(spec, precision, float_of(arg)),
    }
}

fn integer(arg: Arg<'_>) -> i64 {
    match arg {
        Arg::Int(n) => n,
        Arg::Float(f) => f as i64,
        Arg::Pointer(p) => p as usize as i64,
        Arg::Text(_) => 0,
    }
}

fn float_of(arg: Arg<'_>) -> f64 {
    match arg {
        Arg::Float(f) => f,
        Arg::Int(n) => n as f64,
        Arg::Pointer(p) => p as usize as f64,
        Arg::Text(_) => 0.0,
    }
}

/// The integer as C reads it for a conversion of `bits` bits, signed.
fn signed(value: i64, bits: u32) -> i64 {
    match bits {
        8 => i64::from(value as i8),
        16 => i64::from(value as i16),
        32 => i64::from(value as i32),
        _ => value,
    }
}

/// The same, unsigned.
fn unsigned(value: i64, bits: u32) -> u64 {
    match bits {
        8 => u64::from(value as u8),
        16 => u64::from(value as u16),
        32 => u64::from(value as u32),
        _ => value as u64,
    }
}

/// `value`'s digits in `radix`, at least `precision` of them (C's precision for integers; `.0`
/// of 0 is no digit at all).
fn digits(prefix: Vec<u8>, value: u64, radix: u32, upper: bool, precision: Option<usize>) -> Piece {
    let mut body = match radix {
        8 => format!("{value:o}"),
        16 if upper => format!("{value:X}"),
        16 => format!("{value:x}"),
        _ => value.to_string(),
    }
    .into_bytes();
    if let Some(precision) = precision {
        if precision == 0 && value == 0 {
            body.clear();
        }
        if body.len() < precision {
            let zeros = precision - body.len();
            body.splice(0..0, std::iter::repeat(b'0').take(zeros));
        }
    }
    Piece { prefix, body, zero_pads: precision.is_none() }
}

/// `%f`, `%e` and `%g` (and their capitals) as glibc prints them.
fn float(spec: &Spec, precision: Option<usize>, value: f64) -> Piece {
    let upper = spec.conversion.is_ascii_uppercase();
    let prefix = if value.is_sign_negative() {
        b"-".to_vec()
    } else if spec.plus {
        b"+".to_vec()
    } else if spec.space {
        b" ".to_vec()
    } else {
        Vec::new()
    };
    if !value.is_finite() {
        let text = match (value.is_nan(), upper) {
            (true, false) => "nan",
            (true, true) => "NAN",
            (false, false) => "inf",
            (false, true) => "INF",
        };
        return Piece { prefix, body: text.as_bytes().to_vec(), zero_pads: false };
    }
    let value = value.abs();
    let precision = precision.unwrap_or(6);
    let body = match spec.conversion.to_ascii_lowercase() {
        b'f' => fixed(value, precision, spec.alternate),
        b'e' => exponent(value, precision, spec.alternate, upper),
        _ => {
            // %g: %e's exponent of the value rounded to P significant digits says which.
            let p = precision.max(1);
            let x = exponent_of(value, p - 1);
            let mut text = if (x as i64) < p as i64 && x >= -4 {
                fixed(value, (p as i64 - 1 - x as i64) as usize, spec.alternate)
            } else {
                exponent(value, p - 1, spec.alternate, upper)
            };
            if !spec.alternate {
                text = strip_zeros(&text);
            }
            text
        }
    };
    Piece { prefix, body: body.into_bytes(), zero_pads: true }
}

fn fixed(value: f64, precision: usize, alternate: bool) -> String {
    let mut text = format!("{value:.precision$}");
    if alternate && precision == 0 {
        text.push('.');
    }
    text
}

/// `d.ddde+XX`: Rust's mantissa, C's exponent (a sign, at least two digits).
fn exponent(value: f64, precision: usize, alternate: bool, upper: bool) -> String {
    let text = format!("{value:.precision$e}");
    let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let dot = if alternate && precision == 0 { "." } else { "" };
    let e = if upper { 'E' } else { 'e' };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}{dot}{e}{sign}{:02}", exp.unsigned_abs())
}

/// The exponent `%e` prints for `value` with `precision` digits after the point.
fn exponent_of(value: f64, precision: usize) -> i32 {
    let text = format!("{value:.precision$e}");
    text.split_once('e').and_then(|(_, e)| e.parse().ok()).unwrap_or(0)
}

/// `%g` without `#`: no trailing zeros after the point, and no point left alone.
fn strip_zeros(text: &str) -> String {
    let (number, exp) = match text.find(['e', 'E']) {
        Some(at) => text.split_at(at),
        None => (text, ""),
    };
    let number =
        if number.contains('.') { number.trim_end_matches('0').trim_end_matches('.') } else { number };
    format!("{number}{exp}")
}

#[cfg(test)]
mod tests {
    use super::__printf::conversions;
    use super::*;

    /// What glibc's `snprintf` makes of `format` and one argument (the C library of GNU/
    /// Linux; Windows' msvcrt prints otherwise, and printf! prints as glibc does everywhere).
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn glibc<T>(format: &str, arg: T) -> Vec<u8> {
        let format = std::ffi::CString::new(format).unwrap();
        let mut buffer = vec![0u8; 512];
        let n = unsafe { libc::snprintf(buffer.as_mut_ptr().cast(), buffer.len(), format.as_ptr(), arg) };
        buffer.truncate(n as usize);
        buffer
    }

    fn ours(format: &str, args: &[Arg<'_>]) -> Vec<u8> {
        unsafe { format_c(format.as_bytes(), args) }
    }

    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn integers_as_glibc_prints_them() {
        for format in [
            "%d", "%i", "%5d", "%-5d|", "%05d", "%+d", "% d", "%.3d", "%8.3d", "%.0d", "%u", "%x", "%X",
            "%#x", "%#o", "%o", "%hhd", "%hd", "%c",
        ] {
            for value in [0i32, 7, -7, 42, -1, 255, 65535, i32::MAX, i32::MIN] {
                if format == "%c" && value <= 0 {
                    continue;
                }
                assert_eq!(
                    ours(format, &[Arg::Int(i64::from(value))]),
                    glibc(format, value),
                    "{format} {value}"
                );
            }
        }
        for format in ["%ld", "%lld", "%zu", "%lx", "%llu", "%20ld"] {
            for value in [0i64, -1, i64::MAX, i64::MIN, 1 << 40] {
                assert_eq!(ours(format, &[Arg::Int(value)]), glibc(format, value), "{format} {value}");
            }
        }
    }

    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn floats_as_glibc_prints_them() {
        let formats = [
            "%f", "%.3f", "%.0f", "%#.0f", "%10.2f", "%-10.2f|", "%010.2f", "%+f", "% f", "%e", "%.2e", "%E",
            "%g", "%G", "%.3g", "%#g", "%g", "%.0g", "%12g", "%F",
        ];
        let values = [
            0.0,
            -0.0,
            1.0,
            -1.5,
            0.125,
            2.5,
            3.5,
            123456.789,
            1e-5,
            1e-4,
            1e15,
            1e16,
            1.0 / 3.0,
            4950.0,
            1e300,
            5e-324,
        ];
        for format in formats {
            for value in values {
                assert_eq!(ours(format, &[Arg::Float(value)]), glibc(format, value), "{format} {value}");
            }
            for value in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
                assert_eq!(ours(format, &[Arg::Float(value)]), glibc(format, value), "{format} {value}");
            }
        }
    }

    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn pointers_and_strings_as_glibc_prints_them() {
        let text = c"hello";
        for format in ["%p", "%20p", "%-20p|"] {
            for p in [core::ptr::null::<c_char>(), 0x5580_0000_1000 as *const c_char] {
                assert_eq!(ours(format, &[Arg::Pointer(p)]), glibc(format, p), "{format} {p:?}");
            }
        }
        for format in ["%s", "%10s", "%-10s|", "%.3s", "%.8s"] {
            for p in [core::ptr::null::<c_char>(), text.as_ptr()] {
                assert_eq!(ours(format, &[Arg::Pointer(p)]), glibc(format, p), "{format} {p:?}");
            }
            assert_eq!(ours(format, &[Arg::Text(b"hello")]), glibc(format, text.as_ptr()), "{format} &str");
        }
        // glibc leaves a null %s out when a precision under 6 cannot hold "(null)".
        assert_eq!(ours("[%.3s]", &[Arg::Pointer(core::ptr::null())]), b"[]");
    }

    #[test]
    fn star_widths_and_the_percent_sign() {
        assert_eq!(
            ours(
                "%*d|%-*d|%.*f|100%%",
                &[Arg::Int(5), Arg::Int(42), Arg::Int(4), Arg::Int(7), Arg::Int(2), Arg::Float(1.23456)]
            ),
            b"   42|7   |1.23|100%"
        );
        assert_eq!(ours("%*d|", &[Arg::Int(-4), Arg::Int(1)]), b"1   |", "a negative * width is `-`");
    }

    #[test]
    fn the_compile_time_count() {
        assert_eq!(conversions("no conversion %%\n"), 0);
        assert_eq!(conversions("block %d value = %f\n"), 2);
        assert_eq!(conversions("%*.*f %s %p"), 5);
        assert_eq!(conversions("%n"), usize::MAX);
        assert_eq!(conversions("%a"), usize::MAX);
        assert_eq!(conversions("dangling %"), usize::MAX);
        assert_eq!(conversions("%lld %zu %hhx %Lf"), 4);
    }

    /// The macro itself, with every kind of argument it takes.
    #[test]
    fn the_macro_takes_what_c_passes() {
        let name = String::from("H200");
        let n: usize = 3;
        let written = unsafe {
            crate::cpp::printf!(
                "%s %s %s %zu %c %f %p\n",
                "str",
                &name,
                c"cstr",
                n,
                'x',
                1.5f32,
                crate::cpp::nullptr
            )
        };
        assert_eq!(written, "str H200 cstr 3 x 1.500000 (nil)\n".len() as c_int);
    }
}
