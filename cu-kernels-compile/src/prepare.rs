//! A `.cu` file made ready for NVRTC, which compiles device code only: each host function
//! (one without `__global__` or `__device__`, such as `main` or a function that launches with
//! `<<<>>>`) is blanked out, character for character with its line breaks kept, so every line
//! NVRTC reports is the file's own; an `#include` of a host-only C++ header is blanked alike.
//! Each cut is noted. The file is read as bytes (NVRTC's input; it need not be UTF-8) and as
//! C++17's lexer reads it (digit separators, raw strings, literal prefixes and suffixes). What
//! cannot be read (an unclosed brace, comment or string, a NUL byte) is an error that names its
//! line.

/// The headers a `.cu` includes that NVRTC needs nothing from, given to it as [`STAND_IN`]:
/// device code has `printf`, the math functions and the runtime's device API built in.
pub const STAND_INS: &[&str] = &[
    "cuda_runtime.h",
    "cuda_runtime_api.h",
    "cuda.h",
    "device_launch_parameters.h",
    "stdio.h",
    "math.h",
    "stdlib.h",
    "string.h",
    "cstdio",
    "cstdlib",
    "cstring",
];

/// C++ headers only host code uses: an `#include` of one is left out of the device compile,
/// with a note (device code that used them would not compile anyway).
pub const HOST_ONLY: &[&str] = &[
    "iostream",
    "fstream",
    "sstream",
    "iomanip",
    "string",
    "vector",
    "map",
    "unordered_map",
    "set",
    "unordered_set",
    "list",
    "deque",
    "queue",
    "stack",
    "algorithm",
    "numeric",
    "functional",
    "memory",
    "chrono",
    "thread",
    "mutex",
    "atomic",
    "future",
    "condition_variable",
    "random",
    "exception",
    "stdexcept",
    "iterator",
    "utility",
    "tuple",
    "array",
    "time.h",
    "ctime",
    "unistd.h",
];

/// The text each stood-in header has: `namespace std` declared, for a `using namespace std;`
/// after it, as after nvcc's own includes.
pub const STAND_IN: &str = "namespace std {}\n";

/// A `.cu` as NVRTC will compile it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    /// The text: the file's bytes, with what was cut blanked (same length, same lines). Bytes,
    /// not `str`: NVRTC reads bytes, and a file need not be UTF-8 (a Latin-1 comment).
    pub text: Vec<u8>,
    /// One sentence per cut: which lines, and what they held.
    pub notes: Vec<String>,
    /// Each `__global__` function the file defines, as written (see [`Kernel`]).
    pub kernels: Vec<Kernel>,
}

/// A `__global__` function defined in the `.cu`, as the scanner read it: what `kernels!` checks
/// a declaration against where NVRTC gives no lowered name (no NVRTC, or `extern "C"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kernel {
    /// Its name, with the namespaces it is defined in (`ops::scale`).
    pub name: String,
    /// The line of its name.
    pub line: usize,
    /// Its parameter list as written, without comments or line breaks.
    pub params: String,
    /// Whether it is a template (whose parameters the scanner cannot resolve).
    pub template: bool,
}

/// Prepares `source` (the bytes of the file `name`) for NVRTC; see the module's documentation.
///
/// # Errors
/// A sentence naming `name`'s line when the file cannot be read as C++: a brace, a comment or a
/// string that is never closed, a `}` with no `{`, a NUL byte left in the device code (NVRTC
/// would read it as the end of the file).
pub fn prepare(name: &str, source: impl AsRef<[u8]>) -> Result<Prepared, String> {
    let source = source.as_ref();
    let mut scan = Scanner::new(source, 0);
    let mut out = source.to_vec();
    let mut notes = Vec::new();
    let mut kernels = Vec::new();
    // Where the declaration being read began, at the current level of namespaces.
    let mut start = 0;
    // The `{` of each namespace or `extern "C"` block the scanner is inside, and its name
    // (empty for `extern "C"` and anonymous namespaces).
    let mut containers: Vec<(usize, String)> = Vec::new();
    while let Some(c) = scan.next_significant(name)? {
        match c {
            b'#' if starts_its_line(source, scan.i - 1) => {
                let directive_start = scan.i - 1;
                let end = scan.end_of_directive();
                let directive = String::from_utf8_lossy(&source[directive_start..end]);
                let words = code_only(directive.as_bytes()).replacen('#', " ", 1);
                if words.split_whitespace().collect::<Vec<_>>() == ["if", "0"] {
                    // Text the preprocessor skips, which need not be C++ (`#if 0` over prose
                    // with a "don't"): stepped over to its `#else`, `#elif` or `#endif`.
                    scan.i = end_of_false_group(source, end);
                    start = scan.i;
                    continue;
                }
                if let Some(header) = included_header(&directive) {
                    if HOST_ONLY.contains(&header) {
                        blank(&mut out, directive_start, end);
                        notes.push(format!(
                            "{name}:{}: #include <{header}> left out of the device compile (a host-only header)",
                            line_of(source, directive_start)
                        ));
                    }
                }
                start = end;
            }
            b';' => start = scan.i,
            b'{' => {
                let open = scan.i - 1;
                let head = code_only(&source[start..open]);
                if let Some(inner) = container(&head) {
                    containers.push((open, inner));
                    start = scan.i;
                    continue;
                }
                let close = scan.matching_brace(name, open)?;
                if let Some(function) = host_function(&head) {
                    let body = &source[open..=close];
                    let launches =
                        if body.windows(3).any(|w| w == b"<<<") { " (it launches with <<<>>>)" } else { "" };
                    let (first, last) =
                        (line_of(source, first_code(source, start, open)), line_of(source, close));
                    notes.push(format!(
                        "{name}:{first}-{last}: host function `{function}`{launches} left out of the device compile"
                    ));
                    blank(&mut out, start, close + 1);
                    start = close + 1;
                } else if looks_like_function(&head) {
                    if let Some((function, params)) = kernel_head(&head) {
                        let scope: Vec<&str> =
                            containers.iter().map(|(_, n)| n.as_str()).filter(|n| !n.is_empty()).collect();
                        let mut qualified = scope.join("::");
                        if !qualified.is_empty() {
                            qualified.push_str("::");
                        }
                        qualified.push_str(&function);
                        let at = first_code(source, start, open);
                        kernels.push(Kernel {
                            name: qualified,
                            line: line_of(source, at),
                            params,
                            template: head.trim_start().starts_with("template"),
                        });
                    }
                    start = close + 1; // a device function: kept whole
                }
                // Otherwise a struct, an enum or an initializer: its declaration ends at `;`.
            }
            b'}' => {
                if containers.pop().is_none() {
                    return Err(format!(
                        "{name}:{}: a `}}` with no `{{` before it: cu-kernels could not read the file as C++",
                        line_of(source, scan.i - 1)
                    ));
                }
                start = scan.i;
            }
            _ => {}
        }
    }
    if let Some((open, _)) = containers.last() {
        return Err(format!(
            "{name}:{}: this `{{` is never closed: cu-kernels could not read the file as C++",
            line_of(source, *open)
        ));
    }
    // NVRTC takes the source as a C string: a NUL would end it there, silently.
    if let Some(at) = out.iter().position(|&b| b == 0) {
        return Err(format!(
            "{name}:{}: a NUL byte (0x00), which NVRTC would read as the end of the file: cu-kernels \
             could not read the file as C++",
            line_of(source, at)
        ));
    }
    Ok(Prepared { text: out, notes, kernels })
}

/// Where the group an `#if 0` (ending at `from`) skips ends: the start of its `#else`, `#elif`
/// or `#endif` line (nested `#if`s counted), or the file's end.
fn end_of_false_group(source: &[u8], from: usize) -> usize {
    let mut depth = 1;
    let mut at = from;
    while at < source.len() {
        let line_end = source[at..].iter().position(|&b| b == b'\n').map_or(source.len(), |p| at + p + 1);
        let line = String::from_utf8_lossy(&source[at..line_end]);
        if let Some(directive) = line.trim_start().strip_prefix('#') {
            let word: String =
                directive.trim_start().chars().take_while(|c| c.is_ascii_alphabetic()).collect();
            match word.as_str() {
                "if" | "ifdef" | "ifndef" => depth += 1,
                "endif" => depth -= 1,
                "else" | "elif" | "elifdef" | "elifndef" if depth == 1 => depth = 0,
                _ => {}
            }
            if depth == 0 {
                return at;
            }
        }
        at = line_end;
    }
    at
}

/// Blanks `out[from..to]`, keeping line breaks.
fn blank(out: &mut [u8], from: usize, to: usize) {
    for byte in &mut out[from..to] {
        if *byte != b'\n' && *byte != b'\r' {
            *byte = b' ';
        }
    }
}

/// The 1-based line of byte `at`.
fn line_of(source: &[u8], at: usize) -> usize {
    source[..at.min(source.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// Whether only blanks (or, on the first line, a UTF-8 byte order mark) precede byte `at` on
/// its line.
fn starts_its_line(source: &[u8], at: usize) -> bool {
    let line_start = source[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let before = &source[line_start..at];
    let before =
        if line_start == 0 { before.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(before) } else { before };
    before.iter().all(|&b| b == b' ' || b == b'\t' || b == b'\r')
}

/// The first byte of code (not blank, not a comment) in `source[from..to]`, or `from`.
fn first_code(source: &[u8], from: usize, to: usize) -> usize {
    let mut scan = Scanner::new(&source[..to], from);
    loop {
        let before = scan.i;
        match scan.next_significant("") {
            Ok(Some(c)) if c.is_ascii_whitespace() => {}
            Ok(Some(_)) => return before, // (a comment reads as a blank)
            _ => return from,
        }
    }
}

/// `X` of `#include <X>` or `#include "X"`.
pub(crate) fn included_header(directive: &str) -> Option<&str> {
    let rest = directive.strip_prefix('#')?.trim_start().strip_prefix("include")?.trim();
    let (open, close) = match rest.as_bytes().first()? {
        b'<' => ('<', '>'),
        b'"' => ('"', '"'),
        _ => return None,
    };
    let rest = rest.strip_prefix(open)?;
    Some(rest[..rest.find(close)?].trim())
}

/// The text of `text` without comments or line breaks, for reading a declaration's head (a
/// literal is kept whole: `extern "C"`).
fn code_only(text: &[u8]) -> String {
    let mut scan = Scanner::new(text, 0);
    let mut out = String::new();
    while let Ok(Some(c)) = scan.next_significant("") {
        match scan.literal {
            Some((from, to)) => out.push_str(&String::from_utf8_lossy(&text[from..to])),
            None if c.is_ascii_whitespace() => out.push(' '),
            None if c.is_ascii() => out.push(c as char),
            None => out.push('\u{FFFD}'),
        }
    }
    out
}

/// The name of a `namespace` or `extern "C"` block (empty for `extern "C"` or an anonymous
/// namespace), whose declarations are read as top-level ones; `None` for any other head.
fn container(head: &str) -> Option<String> {
    let head = head.trim();
    if head == "extern \"C\"" || head == "extern \"C++\"" {
        return Some(String::new());
    }
    let name = head.strip_prefix("inline").map_or(head, str::trim_start).strip_prefix("namespace")?;
    if name.contains('(') || name.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some(name.split_whitespace().filter(|w| !w.starts_with("__attribute__")).collect::<Vec<_>>().join(""))
}

/// Whether the declaration `head { ... }` defines a function: a parameter list, no `=` before
/// it, not a type.
fn looks_like_function(head: &str) -> bool {
    let head = without_template(head.trim());
    let Some(paren) = head.find('(') else { return false };
    let before = &head[..paren];
    !before.contains('=')
        && !["struct ", "class ", "union ", "enum "].iter().any(|k| head.starts_with(k) || before.contains(k))
}

/// The words of `head` (identifiers and keywords).
fn words(head: &str) -> impl Iterator<Item = &str> {
    head.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty())
}

/// The name of the host function `head { ... }` defines, if it is one: a function with neither
/// `__global__` nor `__device__` (`__host__ __device__` is compiled for the device too).
fn host_function(head: &str) -> Option<String> {
    if !looks_like_function(head) {
        return None;
    }
    let head = without_template(head.trim());
    if words(head).any(|w| w == "__global__" || w == "__device__") {
        return None;
    }
    // The name: the identifier (with its `::` qualifiers) just before the parameter list.
    let before = head[..head.find('(')?].trim_end();
    let name_start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':' || c == '~'))
        .map_or(0, |i| i + 1);
    Some(before[name_start..].to_string())
}

/// The name and parameter list of the `__global__` function `head { ... }` defines, if it is
/// one: the list is the head's last parenthesized group (after `__launch_bounds__(...)`).
fn kernel_head(head: &str) -> Option<(String, String)> {
    let head = without_template(head.trim());
    if !words(head).any(|w| w == "__global__") {
        return None;
    }
    let close = head.rfind(')')?;
    if !head[close + 1..].trim().is_empty() {
        return None;
    }
    let mut depth = 0;
    let mut open = None;
    for (i, c) in head[..=close].char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    open = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    let open = open?;
    let before = head[..open].trim_end();
    let name_start =
        before.rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':')).map_or(0, |i| i + 1);
    let name = before[name_start..].trim_start_matches(':');
    (!name.is_empty()).then(|| (name.to_string(), head[open + 1..close].trim().to_string()))
}

/// `head` without a leading `template <...>`.
fn without_template(head: &str) -> &str {
    let Some(rest) = head.strip_prefix("template") else { return head };
    let rest = rest.trim_start();
    if !rest.starts_with('<') {
        return head;
    }
    let mut depth = 0;
    for (i, c) in rest.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return rest[i + 1..].trim_start();
                }
            }
            _ => {}
        }
    }
    head
}

/// A byte that may continue an identifier: C++'s, `$` (EDG's extension), and any byte of a
/// non-ASCII character (UTF-8 identifiers; anything else there is NVRTC's to refuse).
fn identifier_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

/// A reader of C++ that steps over comments and literals as C++'s first phases of translation
/// read them: identifiers and numbers are read whole (so `10'000`'s `'` is a digit separator and
/// `u8'a'`'s prefix no number), a string or character literal ends on its line, a raw string
/// `R"x(...)x"` where its delimiter says, over any number of lines.
struct Scanner<'a> {
    src: &'a [u8],
    i: usize,
    /// The end of the identifier or number being read: its bytes are code, read one by one.
    plain_until: usize,
    /// The literal `next_significant` just read (from its prefix to its closing quote).
    literal: Option<(usize, usize)>,
}

impl<'a> Scanner<'a> {
    fn new(src: &'a [u8], at: usize) -> Self {
        Scanner { src, i: at, plain_until: 0, literal: None }
    }

    /// The next byte that is code (a comment reads as a space; a string or character literal,
    /// with its prefix, as its quote, the span in `literal`), or `None` at the end.
    fn next_significant(&mut self, name: &str) -> Result<Option<u8>, String> {
        self.literal = None;
        let src = self.src;
        let Some(&c) = src.get(self.i) else { return Ok(None) };
        if self.i < self.plain_until {
            self.i += 1;
            return Ok(Some(c));
        }
        let next = src.get(self.i + 1).copied().unwrap_or(0);
        if c == b'/' && next == b'/' {
            // To the line's end; a `\` there continues the comment on the next line.
            while self.i < src.len() && src[self.i] != b'\n' {
                self.i += 1;
                if src[self.i - 1] == b'\\' {
                    self.i += line_break(&src[self.i..]);
                }
            }
            return Ok(Some(b' '));
        }
        if c == b'/' && next == b'*' {
            let open = self.i;
            self.i += 2;
            while self.i + 1 < src.len() && !(src[self.i] == b'*' && src[self.i + 1] == b'/') {
                self.i += 1;
            }
            if self.i + 1 >= src.len() {
                return Err(format!("{name}:{}: a /* comment that is never closed", self.line(open)));
            }
            self.i += 2;
            return Ok(Some(b' '));
        }
        let open = self.i;
        if identifier_byte(c) && !c.is_ascii_digit() {
            let mut end = self.i;
            while end < src.len() && identifier_byte(src[end]) {
                end += 1;
            }
            let quote = src.get(end).copied();
            match (&src[self.i..end], quote) {
                (b"R" | b"u8R" | b"uR" | b"UR" | b"LR", Some(b'"')) => {
                    self.i = self.raw_string(name, open, end + 1)?;
                }
                (b"u8" | b"u" | b"U" | b"L", Some(q @ (b'"' | b'\''))) => {
                    self.i = self.quoted(name, open, end + 1, q)?;
                }
                _ => {
                    self.plain_until = end;
                    self.i += 1;
                    return Ok(Some(c));
                }
            }
            self.literal = Some((open, self.i));
            return Ok(Some(src[end]));
        }
        if c.is_ascii_digit() || c == b'.' && next.is_ascii_digit() {
            self.plain_until = pp_number_end(src, self.i);
            self.i += 1;
            return Ok(Some(c));
        }
        if c == b'"' || c == b'\'' {
            self.i = self.quoted(name, open, open + 1, c)?;
            self.literal = Some((open, self.i));
            return Ok(Some(c));
        }
        self.i += 1;
        Ok(Some(c))
    }

    /// The end of the literal opened at `open` by `quote`, whose contents start at `from`: its
    /// closing quote, with `\` escaping the next byte (and a `\` at a line's end joining lines).
    fn quoted(&self, name: &str, open: usize, from: usize, quote: u8) -> Result<usize, String> {
        let src = self.src;
        let mut i = from;
        loop {
            match src.get(i) {
                None | Some(b'\n') => {
                    let what = if quote == b'"' {
                        "a string literal \"...\" never closed on its line (a raw string R\"(...)\" may span lines)"
                    } else {
                        "a character literal '...' never closed on its line"
                    };
                    return Err(format!("{name}:{}: {what}", self.line(open)));
                }
                Some(b'\\') => i += 1 + line_break(&src[i + 1..]).max(1),
                Some(&q) if q == quote => return Ok(i + 1),
                Some(_) => i += 1,
            }
        }
    }

    /// The end of the raw string opened at `open`, whose delimiter starts at `from`: after
    /// `)delimiter"`.
    fn raw_string(&self, name: &str, open: usize, from: usize) -> Result<usize, String> {
        let src = self.src;
        let paren = src[from..].iter().take(17).position(|&b| b == b'(').map(|p| from + p);
        let delimiter = paren.map(|p| &src[from..p]);
        let Some((paren, delimiter)) = paren.zip(delimiter).filter(|(_, d)| {
            d.iter().all(|&b| b.is_ascii_graphic() && !matches!(b, b'(' | b')' | b'\\' | b'"'))
        }) else {
            return Err(format!(
                "{name}:{}: a raw string whose delimiter is not up to 16 characters and then `(`",
                self.line(open)
            ));
        };
        let mut end = Vec::with_capacity(delimiter.len() + 2);
        end.push(b')');
        end.extend_from_slice(delimiter);
        end.push(b'"');
        match src[paren + 1..].windows(end.len()).position(|w| w == end.as_slice()) {
            Some(at) => Ok(paren + 1 + at + end.len()),
            None => Err(format!(
                "{name}:{}: a raw string R\"{}( never closed by ){}\"",
                self.line(open),
                String::from_utf8_lossy(delimiter),
                String::from_utf8_lossy(delimiter)
            )),
        }
    }

    /// Steps to the end of a preprocessor directive: its line, continued by a `\` at its end or
    /// by a `/* comment */` that goes on; a `"..."` on it is stepped over (`#include "a//b.h"`),
    /// and a lone `'` is text (`#error don't`).
    fn end_of_directive(&mut self) -> usize {
        let src = self.src;
        while self.i < src.len() {
            match src[self.i] {
                b'\\' if line_break(&src[self.i + 1..]) > 0 => self.i += 1 + line_break(&src[self.i + 1..]),
                b'\n' => break,
                b'/' if src.get(self.i + 1) == Some(&b'*') => {
                    match src[self.i + 2..].windows(2).position(|w| w == b"*/") {
                        Some(at) => self.i += 2 + at + 2,
                        None => self.i = src.len(),
                    }
                }
                b'/' if src.get(self.i + 1) == Some(&b'/') => {
                    while self.i < src.len() && src[self.i] != b'\n' {
                        self.i += 1;
                    }
                }
                b'"' => {
                    let close = src[self.i + 1..].iter().position(|&b| b == b'"' || b == b'\n');
                    match close.map(|c| self.i + 1 + c) {
                        Some(c) if src[c] == b'"' => self.i = c + 1,
                        _ => self.i += 1,
                    }
                }
                _ => self.i += 1,
            }
        }
        self.i
    }

    /// The `}` closing the `{` at `open` (the scanner is just after it), the scanner after it.
    fn matching_brace(&mut self, name: &str, open: usize) -> Result<usize, String> {
        let mut depth = 1;
        while let Some(c) = self.next_significant(name)? {
            match c {
                b'{' if self.literal.is_none() => depth += 1,
                b'}' if self.literal.is_none() => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(self.i - 1);
                    }
                }
                _ => {}
            }
        }
        Err(format!(
            "{name}:{}: this `{{` is never closed: cu-kernels could not read the file as C++",
            self.line(open)
        ))
    }

    fn line(&self, at: usize) -> usize {
        line_of(self.src, at)
    }
}

/// The length of the line break `rest` begins with (`\n` or `\r\n`), or 0.
fn line_break(rest: &[u8]) -> usize {
    match rest {
        [b'\n', ..] => 1,
        [b'\r', b'\n', ..] => 2,
        _ => 0,
    }
}

/// The end of the number (C++'s preprocessing number) at `from`: digits, letters, `_`, `.`, a
/// sign after an exponent's `e`, `E`, `p`, `P` (`0x1.8p+3`), and `'` between digits (`10'000`,
/// `0b1010'1010`); a user-defined suffix (`1.5_km`) is part of it.
fn pp_number_end(src: &[u8], from: usize) -> usize {
    let mut i = from + 1;
    while i < src.len() {
        let next = src.get(i + 1).copied().unwrap_or(0);
        match src[i] {
            b'e' | b'E' | b'p' | b'P' if next == b'+' || next == b'-' => i += 2,
            b'\'' if next.is_ascii_alphanumeric() || next == b'_' => i += 2,
            b'.' => i += 1,
            b if identifier_byte(b) => i += 1,
            _ => break,
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    const VECTOR_ADD: &str = r#"#include <stdio.h>
#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int ndata){
    int idx = threadIdx.x + blockIdx.x * blockDim.x;
    if(idx >= ndata) return;
    /* a comment { with a brace */
    c[idx] = a[idx] + b[idx];
}

void vector_add(const float* a, const float* b, float* c, int ndata){
    const int nthreads = 512;
    printf("block_size = %d {\n", nthreads);
    vector_add_kernel<<<1, nthreads, 0, nullptr>>>(a, b, c, ndata);
}
"#;

    /// The prepared text, as text.
    fn text(prepared: &Prepared) -> String {
        String::from_utf8(prepared.text.clone()).unwrap()
    }

    #[test]
    fn host_functions_are_blanked_line_for_line() {
        let prepared = prepare("kernel.cu", VECTOR_ADD).unwrap();
        let text = text(&prepared);
        assert_eq!(prepared.text.len(), VECTOR_ADD.len());
        assert_eq!(text.lines().count(), VECTOR_ADD.lines().count());
        assert!(text.contains("__global__ void vector_add_kernel"));
        assert!(text.contains("c[idx] = a[idx] + b[idx];"));
        assert!(!text.contains("void vector_add("));
        assert!(!text.contains("<<<"));
        assert_eq!(
            prepared.notes,
            ["kernel.cu:11-15: host function `vector_add` (it launches with <<<>>>) left out of the device compile"]
        );
    }

    #[test]
    fn device_functions_namespaces_templates_and_main() {
        let source = r#"#include <iostream>
using namespace std;
namespace ops {
template <typename T> __device__ T twice(T x) { return x + x; }
__host__ __device__ inline int both(int x) { return x; }
struct Pair { int a, b; };
}
extern "C" {
__global__ void k(int* p) { p[0] = ops::twice(1); }
}
static const int table[] = {1, 2, 3};
int main() {
    cout << "hi" << endl;
    return 0;
}
"#;
        let prepared = prepare("main.cu", source).unwrap();
        let text = text(&prepared);
        for kept in ["twice(T x)", "both(int x)", "struct Pair", "void k(int* p)", "table[] = {1, 2, 3}"] {
            assert!(text.contains(kept), "{kept} was cut:\n{text}");
        }
        assert!(!text.contains("cout"));
        assert!(!text.contains("<iostream>"));
        assert_eq!(prepared.notes.len(), 2, "{:?}", prepared.notes);
        assert_eq!(
            prepared.notes[0],
            "main.cu:1: #include <iostream> left out of the device compile (a host-only header)"
        );
        assert_eq!(prepared.notes[1], "main.cu:12-15: host function `main` left out of the device compile");
    }

    #[test]
    fn what_cannot_be_read_is_an_error_naming_its_line() {
        assert_eq!(
            prepare("bad.cu", "__global__ void k() {\n  int x;\n").unwrap_err(),
            "bad.cu:1: this `{` is never closed: cu-kernels could not read the file as C++"
        );
        assert_eq!(
            prepare("bad.cu", "int x;\n}\n").unwrap_err(),
            "bad.cu:2: a `}` with no `{` before it: cu-kernels could not read the file as C++"
        );
        assert_eq!(
            prepare("bad.cu", "int x;\n/* never\n").unwrap_err(),
            "bad.cu:2: a /* comment that is never closed"
        );
        assert_eq!(
            prepare("bad.cu", "const char* s = \"open;\n").unwrap_err(),
            "bad.cu:1: a string literal \"...\" never closed on its line (a raw string R\"(...)\" may span lines)"
        );
    }

    /// Issue 41, item 9: C++14 and C++17 literals read as C++ reads them: digit separators in
    /// every kind of number, raw strings (with delimiters and prefixes, over lines), prefixed
    /// strings and characters, user-defined suffixes, escaped quotes; comments and directives
    /// whose quotes are text.
    #[test]
    fn cpp14_and_17_literals_read_as_cpp_reads_them() {
        let source = r#"#include <stdio.h>
#define QUOTE '"'
#error don't stop here /* a comment that goes on
to the next line, with a ' in it */
// a line comment whose \
next line is comment too, with a ' and a "
__device__ constexpr unsigned long long operator""_km(unsigned long long v) { return v * 1'000; }
__global__ void numbers(long long* out) {
    long long a = 10'000 + 0x7FFF'FFFF + 0b1010'1010 + 0'17 + 1'000ull + 12_km + 0X1'aBu;
    double b = 1'000.000'1 + 0x1.8p+3 + 0x1'0.8P-1'0 + 1e-5 + .5'0f + 1.5e+1'0 + 2.E3;
    const char* s = u8"{" U"}" L"x" u"y" "\"{";
    char c = '\''; char d = '\\'; char e = '"'; char16_t f = u'{'; wchar_t g = L'}';
    char32_t h = U'\''; char i = '{'; int j = 'ab';
    out[0] = a + (long long)b + s[0] + c + d + e + f + g + h + i + j;
}
void host() {
    const char* raw = R"(a " quote
and a { brace, over two lines)";
    const char* delimited = R"x(a )" inside, and a })x";
    const char* prefixed = u8R"y(})y" LR"(')" uR"(")" UR"(x)" R"--(}
)--";
    printf("%s %s %s\n", raw, delimited, prefixed);
}
namespace ops {
__global__ void __launch_bounds__(256) after(int* p, const float* __restrict__ q) { p[0] = 1'0; }
}
"#;
        let prepared = prepare("literals.cu", source).unwrap();
        let text = text(&prepared);
        assert_eq!(
            prepared.notes,
            ["literals.cu:16-23: host function `host` left out of the device compile"]
        );
        assert!(text.contains("12_km + 0X1'aBu;") && text.contains("p[0] = 1'0;"), "{text}");
        assert!(!text.contains("R\"x("), "{text}");
        let kernels: Vec<(&str, usize, &str)> =
            prepared.kernels.iter().map(|k| (k.name.as_str(), k.line, k.params.as_str())).collect();
        assert_eq!(
            kernels,
            [("numbers", 8, "long long* out"), ("ops::after", 25, "int* p, const float* __restrict__ q")]
        );
    }

    /// What `#if 0` skips need not be C++: prose with a `don't`, an unclosed `/*`.
    #[test]
    fn an_if_0_group_is_stepped_over() {
        let source = "  #  if 0\nWe don't compile this /* yet\n#ifdef X\n'\n#endif\n#else\n__global__ void k() {}\n#endif\n\
                      #if 0 // old\n\"never closed\n#endif\nvoid host() {}\n";
        let prepared = prepare("if0.cu", source).unwrap();
        assert_eq!(prepared.kernels.len(), 1);
        assert_eq!(prepared.notes, ["if0.cu:12-12: host function `host` left out of the device compile"]);
    }

    #[test]
    fn literals_that_c_plus_plus_refuses_are_errors_naming_their_line() {
        assert_eq!(
            prepare("bad.cu", "int x;\nchar c = 'a;\n").unwrap_err(),
            "bad.cu:2: a character literal '...' never closed on its line"
        );
        assert_eq!(
            prepare("bad.cu", "void f() {\n  auto s = R\"x(never )y\";\n}\n").unwrap_err(),
            "bad.cu:2: a raw string R\"x( never closed by )x\""
        );
        assert_eq!(
            prepare("bad.cu", "auto s = R\"a b(x)a b\";\n").unwrap_err(),
            "bad.cu:1: a raw string whose delimiter is not up to 16 characters and then `(`"
        );
        assert_eq!(
            prepare("bad.cu", "auto s = u8\"open;\n").unwrap_err(),
            "bad.cu:1: a string literal \"...\" never closed on its line (a raw string R\"(...)\" may span lines)"
        );
    }

    /// Issue 41, item 10: NVRTC reads bytes, and so does `prepare`: a Latin-1 byte in a comment,
    /// a string or host code is no error (and reaches NVRTC as it is); a NUL, which would end the
    /// source where NVRTC reads it, is refused naming its line.
    #[test]
    fn bytes_that_are_not_utf8_are_read_as_nvrtc_reads_them() {
        let source: &[u8] = b"// caf\xE9 (Latin-1)\n__global__ void k(char* p) { p[0] = '\xE9'; }\n\
              void host() { const char* s = \"\xFF\xFE\"; }\n";
        let prepared = prepare("latin1.cu", source).unwrap();
        assert_eq!(prepared.text.len(), source.len());
        assert!(prepared
            .text
            .starts_with(b"// caf\xE9 (Latin-1)\n__global__ void k(char* p) { p[0] = '\xE9'; }\n"));
        assert!(!prepared.text.contains(&0xFF), "the host function is cut");
        assert_eq!(prepared.notes, ["latin1.cu:3-3: host function `host` left out of the device compile"]);
        assert_eq!(
            prepare("nul.cu", b"int a;\n__device__ int b\0;\n").unwrap_err(),
            "nul.cu:2: a NUL byte (0x00), which NVRTC would read as the end of the file: cu-kernels could not \
             read the file as C++"
        );
        // In host code the NUL is cut with it: NVRTC never sees it.
        assert!(prepare("nul.cu", b"void host() { char c = '\0'; }\n").is_ok());
        // A byte order mark before the first directive.
        let prepared = prepare("bom.cu", b"\xEF\xBB\xBF#include <iostream>\n").unwrap();
        assert_eq!(prepared.notes.len(), 1, "{:?}", prepared.notes);
    }
}
