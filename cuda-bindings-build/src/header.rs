//! Reading a value `#define`d in a header without a compiler: the one thing a build must know
//! about a header even when libclang is missing (which vendored bindings to use).
//!
//! It reads preprocessor lines as C does: comments anywhere, spaces between `#` and `define`,
//! lines continued with a backslash. It does not evaluate conditionals: the first definition
//! wins, which is right for `CUDA_VERSION` and `CUDART_VERSION` (each is defined once).

/// The integer value of `#define NAME <integer>` in `header`, if there is one.
pub fn define_value(header: &str, name: &str) -> Option<u32> {
    let text = strip_comments(header);
    let body = |name: &str| {
        logical_lines(&text).find_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start().strip_prefix("define")?;
            // `#define` must be followed by white space before the name.
            let rest = rest.strip_prefix([' ', '\t'])?.trim_start();
            let after = rest.strip_prefix(name)?;
            // The whole name: `CUDA_VERSION_X` is another macro, `CUDA_VERSION(x)` a function-like one.
            if !after.starts_with([' ', '\t']) {
                return None;
            }
            Some(after.trim().to_string())
        })
    };
    let value = body(name)?;
    // A literal, or (a library's version macro) a sum of products of literals and the same
    // header's macros, one level deep: `(FOO_MAJOR * 10000 + FOO_MINOR * 100 + ...)`.
    integer(&value).or_else(|| {
        let inner = value.strip_prefix('(').and_then(|v| v.strip_suffix(')')).unwrap_or(&value);
        inner.split('+').try_fold(0u32, |sum, term| {
            let product = term.split('*').try_fold(1u32, |product, factor| {
                let factor = factor.trim();
                let factor = integer(factor).or_else(|| {
                    let is_name = factor.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                    (is_name && factor != name).then(|| body(factor).and_then(|v| integer(&v))).flatten()
                })?;
                product.checked_mul(factor)
            })?;
            sum.checked_add(product)
        })
    })
}

/// `CUDA_VERSION` of a `cuda.h`: 12090 for CUDA 12.9.
pub fn cuda_version(header: &str) -> Option<u32> {
    define_value(header, "CUDA_VERSION")
}

/// The values a CUDA version macro can have (`1000 * major + 10 * minor`): CUDA 1.0 to 99.99.
/// Anything else is no CUDA header's, and believing it costs more than a wrong binding: a
/// `cuda_ge` cfg per minor up to it.
pub const VERSIONS: std::ops::RangeInclusive<u32> = 1000..=99_990;

/// `version` if a CUDA version can have it; otherwise why not, for `name` (`CUDA_VERSION`).
///
/// # Errors
/// A value outside [`VERSIONS`].
pub fn plausible(name: &str, version: u32) -> Result<u32, String> {
    if VERSIONS.contains(&version) {
        Ok(version)
    } else {
        Err(format!(
            "{name} {version}, which no CUDA version has ({name} is 1000 * major + 10 * minor: 12090 for CUDA 12.9)"
        ))
    }
}

/// Whether a version number can be `library`'s (see [`plausible`] for CUDA's); otherwise why
/// not, in the library's own terms.
///
/// # Errors
/// A value no release of the library can have.
pub fn plausible_for(library: &cuda_loader::Library, version: u32) -> Result<u32, String> {
    let name = library.version.macro_name;
    let scheme = library.version.scheme;
    if scheme == cuda_loader::Scheme::CUDA {
        plausible(name, version)
    } else if scheme.plausible(i64::from(version)) {
        Ok(version)
    } else {
        Err(format!("{name} {version}, which no {} release has ({name} is {})", scheme.name, scheme.coding()))
    }
}

/// The largest header read: NVIDIA's largest (a math library's, cuda.h) are a few hundred KiB.
pub const LARGEST: u64 = 64 << 20;

/// The bytes of the file at `path`, if it is a regular file (or a link to one) of at most
/// `largest` bytes: never a FIFO or a device, which would block the build (or never end), nor a
/// folder. What every file a build reads goes through: headers, version files, the vendored
/// store, what it wrote before.
///
/// # Errors
/// The file is missing (`NotFound`, as `std::fs::read` says it), is not a regular file or too
/// large (`InvalidInput`, with what it is), or cannot be read.
pub fn read_bytes(path: &std::path::Path, largest: u64) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind, Read as _};
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        let kind = file_kind(&metadata.file_type());
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!("{kind}, not a regular file, so it was not opened"),
        ));
    }
    if metadata.len() > largest {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!("{} bytes, more than the {largest} a build reads of such a file", metadata.len()),
        ));
    }
    // (Checked before opening, as opening a FIFO waits for a writer: a file swapped for one in
    // between is the one case left, and `take` still bounds what is read.)
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(largest + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > largest {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!("more than the {largest} bytes a build reads"),
        ));
    }
    Ok(bytes)
}

/// What a file that is not a regular one is, in words.
pub(crate) fn file_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "something other than a file"
    }
}

/// The text of the header at `path` (see [`read_bytes`]). Bytes that are not UTF-8 (a comment
/// in another encoding) are replaced, not refused: the macros read are ASCII.
///
/// # Errors
/// Why it cannot be read, in words for a build message, naming the file.
pub fn read(path: &std::path::Path) -> Result<String, String> {
    match read_bytes(path, LARGEST) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// The version `library`'s header in `include` says it is (its version macro, from the header
/// that defines it), if it is one the library can have.
///
/// # Errors
/// The header cannot be read, defines no such integer macro, or an impossible one.
pub fn read_version(library: &cuda_loader::Library, include: &std::path::Path) -> Result<u32, String> {
    let path = include.join(library.version.header.unwrap_or(library.header));
    let text = read(&path)?;
    let name = library.version.macro_name;
    let version = define_value(&text, name).ok_or_else(|| format!("{} defines no {name}", path.display()))?;
    plausible_for(library, version).map_err(|why| format!("{} defines {why}", path.display()))
}

/// A C integer literal: decimal, hex or octal, with any `u`/`l` suffix, in optional parentheses.
pub(crate) fn integer(text: &str) -> Option<u32> {
    let text = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')).map_or(text, str::trim);
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let (digits, radix) = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(hex) => (hex, 16),
        None if digits.len() > 1 && digits.starts_with('0') => (&digits[1..], 8),
        None => (digits, 10),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u32::from_str_radix(digits, radix).ok()
}

/// The text with every comment replaced by a space, as C's translation phase 3 does. String
/// and character literals are kept, so `"/*"` starts no comment.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = '\0';
                for c in chars.by_ref() {
                    // A block comment may span lines: keep them, so line structure stays.
                    if c == '\n' {
                        out.push('\n');
                    }
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                out.push(' ');
            }
            '/' if chars.peek() == Some(&'/') => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
                out.push(' ');
            }
            '"' | '\'' => {
                out.push(c);
                while let Some(inner) = chars.next() {
                    out.push(inner);
                    if inner == '\\' {
                        if let Some(escaped) = chars.next() {
                            out.push(escaped);
                        }
                    } else if inner == c || inner == '\n' {
                        break;
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Lines joined where a backslash ends one, as C's translation phase 2 does.
fn logical_lines(text: &str) -> impl Iterator<Item = String> + '_ {
    let mut lines = text.lines();
    std::iter::from_fn(move || {
        let mut line = lines.next()?.to_string();
        while line.ends_with('\\') {
            line.pop();
            match lines.next() {
                Some(next) => line.push_str(next),
                None => break,
            }
        }
        Some(line)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Random;

    /// A version macro that is a sum of products of the header's own macros (as a library's
    /// version header may write it) is read; a
    /// macro naming itself, or a name the header does not define, gives nothing.
    #[test]
    fn reads_a_version_summed_from_its_parts() {
        let header = "#define FOO_MAJOR 9\n#define FOO_MINOR 12\n#define FOO_PATCHLEVEL 0\n\
                      #define FOO_VERSION (FOO_MAJOR * 10000 + FOO_MINOR * 100 + FOO_PATCHLEVEL)\n";
        assert_eq!(define_value(header, "FOO_VERSION"), Some(91200));
        assert_eq!(define_value("#define V (V * 10)\n", "V"), None);
        assert_eq!(define_value("#define V (MAJOR * 10)\n", "V"), None);
        assert_eq!(define_value("#define V (4294967295 * 2)\n", "V"), None);
    }

    #[test]
    fn reads_the_forms_c_allows() {
        for text in [
            "#define CUDA_VERSION 12090",
            "#define CUDA_VERSION 12090 /* 12.9 */",
            "#define CUDA_VERSION 12090 // 12.9",
            "#  define CUDA_VERSION 12090",
            "  #\tdefine\tCUDA_VERSION\t12090",
            "#define /* the version */ CUDA_VERSION 12090",
            "#define CUDA_VERSION \\\n    12090",
            "#define CUDA_VERSION (12090)",
            "#define CUDA_VERSION 12090u",
            "#define CUDA_VERSION 0x2F3A",
            "#ifndef CUDA_VERSION\n#define CUDA_VERSION 12090\n#endif",
        ] {
            // (0x2F3A is 12090 too.)
            assert_eq!(cuda_version(text), Some(12090), "{text:?}");
        }
    }

    #[test]
    fn ignores_what_is_not_that_definition() {
        for text in [
            "",
            "#define CUDA_VERSION_MAJOR 12",
            "#define CUDA_VERSIONS 12090",
            "#define CUDA_VERSION(x) 12090",
            "#define CUDA_VERSION",
            "#define CUDA_VERSION 12.9",
            "/* #define CUDA_VERSION 12090 */",
            "// #define CUDA_VERSION 12090",
            "#definex CUDA_VERSION 12090",
            "#defineCUDA_VERSION 12090",
            "const char *s = \"\\n#define CUDA_VERSION 12090\";",
            "#define CUDA_VERSION 99999999999",
        ] {
            assert_eq!(cuda_version(text), None, "{text:?}");
        }
    }

    #[test]
    fn the_first_definition_wins() {
        assert_eq!(cuda_version("#define CUDA_VERSION 13000\n#define CUDA_VERSION 12090"), Some(13000));
    }

    const CASES: usize = 2000;

    #[test]
    fn any_text_is_read_without_panicking() {
        // Every printable kind: ASCII, multi-byte letters, a combining mark, an emoji, blanks.
        let chars: Vec<char> = (' '..='~').chain("\n\tÄé中́😀\u{a0}".chars()).collect();
        let mut texts = Random(0x9E37_79B9_7F4A_7C15);
        for _ in 0..CASES {
            let _ = cuda_version(&texts.text(&chars, 0, 80));
        }
    }

    #[test]
    fn any_bytes_of_c_punctuation_are_read_without_panicking() {
        let chars: Vec<char> =
            "#/*\\\"'\n _()".chars().chain('a'..='z').chain('A'..='Z').chain('0'..='9').collect();
        let mut texts = Random(0xD1B5_4A32_D192_ED03);
        for _ in 0..CASES {
            let _ = cuda_version(&texts.text(&chars, 0, 80));
        }
    }

    #[test]
    fn a_definition_surrounded_by_any_comments_and_blanks_is_found() {
        let blanks = [' ', '\t'];
        let words: Vec<char> = ('a'..='z').chain('A'..='Z').chain('0'..='9').chain(" .*".chars()).collect();
        let prefixes = ["int x;\n", "/* a\nb */\n", "// c\n"];
        let mut texts = Random(0x94D0_49BB_1331_11EB);
        for _ in 0..CASES {
            let version = 1000 + texts.below(99_000) as u32;
            let before = texts.text(&blanks, 0, 3);
            let between = texts.text(&blanks, 1, 3);
            let comment = texts.text(&words, 0, 20).replace("*/", "");
            let prefix: String = (0..texts.below(4)).map(|_| prefixes[texts.below(3)]).collect();
            let text = format!(
                "{prefix}{before}#{before}define{between}CUDA_VERSION{between}{version} /* {comment} */\n"
            );
            assert_eq!(cuda_version(&text), Some(version), "{text:?}");
        }
    }
}
