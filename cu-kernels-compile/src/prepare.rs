//! A `.cu` file made ready for NVRTC, which compiles device code only: each host function
//! (one without `__global__` or `__device__`, such as `main` or a function that launches with
//! `<<<>>>`) is blanked out, character for character with its line breaks kept, so every line
//! NVRTC reports is the file's own; an `#include` of a host-only C++ header is blanked alike.
//! Each cut is noted. What cannot be read (an unclosed brace, comment or string) is an error
//! that names its line.

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
    /// The text: the file's, with what was cut blanked (same length, same lines).
    pub text: String,
    /// One sentence per cut: which lines, and what they held.
    pub notes: Vec<String>,
}

/// Prepares `source` (the text of the file `name`) for NVRTC; see the module's documentation.
///
/// # Errors
/// A sentence naming `name`'s line when the file cannot be read as C++: a brace, a comment or a
/// string that is never closed, a `}` with no `{`.
pub fn prepare(name: &str, source: &str) -> Result<Prepared, String> {
    let mut scan = Scanner { src: source.as_bytes(), i: 0 };
    let mut out = source.as_bytes().to_vec();
    let mut notes = Vec::new();
    // Where the declaration being read began, at the current level of namespaces.
    let mut start = 0;
    // The `{` of each namespace or `extern "C"` block the scanner is inside.
    let mut containers: Vec<usize> = Vec::new();
    while let Some(c) = scan.next_significant(name)? {
        match c {
            b'#' if starts_its_line(source, scan.i - 1) => {
                let directive_start = scan.i - 1;
                let end = scan.end_of_directive();
                let directive = &source[directive_start..end];
                if let Some(header) = included_header(directive) {
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
                if is_container(&head) {
                    containers.push(open);
                    start = scan.i;
                    continue;
                }
                let close = scan.matching_brace(name, open)?;
                if let Some(function) = host_function(&head) {
                    let body = &source[open..=close];
                    let launches = if body.contains("<<<") { " (it launches with <<<>>>)" } else { "" };
                    let (first, last) =
                        (line_of(source, first_code(source, start, open)), line_of(source, close));
                    notes.push(format!(
                        "{name}:{first}-{last}: host function `{function}`{launches} left out of the device compile"
                    ));
                    blank(&mut out, start, close + 1);
                    start = close + 1;
                } else if looks_like_function(&head) {
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
    if let Some(&open) = containers.last() {
        return Err(format!(
            "{name}:{}: this `{{` is never closed: cu-kernels could not read the file as C++",
            line_of(source, open)
        ));
    }
    let text = String::from_utf8(out).map_err(|_| format!("{name}: not UTF-8 text"))?;
    Ok(Prepared { text, notes })
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
fn line_of(source: &str, at: usize) -> usize {
    source.as_bytes()[..at.min(source.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// Whether only blanks precede byte `at` on its line.
fn starts_its_line(source: &str, at: usize) -> bool {
    source.as_bytes()[..at]
        .iter()
        .rev()
        .take_while(|&&b| b != b'\n')
        .all(|&b| b == b' ' || b == b'\t' || b == b'\r')
}

/// The first byte of code (not blank, not a comment) in `source[from..to]`, or `from`.
fn first_code(source: &str, from: usize, to: usize) -> usize {
    let mut scan = Scanner { src: &source.as_bytes()[..to], i: from };
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
fn included_header(directive: &str) -> Option<&str> {
    let rest = directive.strip_prefix('#')?.trim_start().strip_prefix("include")?.trim();
    let (open, close) = match rest.as_bytes().first()? {
        b'<' => ('<', '>'),
        b'"' => ('"', '"'),
        _ => return None,
    };
    let rest = rest.strip_prefix(open)?;
    Some(rest[..rest.find(close)?].trim())
}

/// The text of `text` without comments, string contents or line breaks, for reading a
/// declaration's head.
fn code_only(text: &str) -> String {
    let mut scan = Scanner { src: text.as_bytes(), i: 0 };
    let mut out = String::new();
    while let Ok(Some(c)) = scan.next_significant("") {
        out.push(if c.is_ascii_whitespace() { ' ' } else { c as char });
    }
    out
}

/// A `namespace` or `extern "C"` block, whose declarations are read as top-level ones.
fn is_container(head: &str) -> bool {
    let head = head.trim();
    head == "extern \"C\"" || head == "extern \"C++\"" || head.starts_with("namespace") && !head.contains('(')
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

/// The name of the host function `head { ... }` defines, if it is one: a function with neither
/// `__global__` nor `__device__` (`__host__ __device__` is compiled for the device too).
fn host_function(head: &str) -> Option<String> {
    if !looks_like_function(head) {
        return None;
    }
    let head = without_template(head.trim());
    let words: Vec<&str> =
        head.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
    if words.iter().any(|w| *w == "__global__" || *w == "__device__") {
        return None;
    }
    // The name: the identifier (with its `::` qualifiers) just before the parameter list.
    let before = head[..head.find('(')?].trim_end();
    let name_start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':' || c == '~'))
        .map_or(0, |i| i + 1);
    Some(before[name_start..].to_string())
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

/// A reader of C++ that steps over comments, strings and character literals.
struct Scanner<'a> {
    src: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    /// The next byte that is code (a comment reads as a space; a string or character literal
    /// as its quote, its contents skipped), or `None` at the end.
    fn next_significant(&mut self, name: &str) -> Result<Option<u8>, String> {
        let src = self.src;
        let Some(&c) = src.get(self.i) else { return Ok(None) };
        {
            if c == b'/' && src.get(self.i + 1) == Some(&b'/') {
                while self.i < src.len() && src[self.i] != b'\n' {
                    self.i += 1;
                }
                return Ok(Some(b' '));
            }
            if c == b'/' && src.get(self.i + 1) == Some(&b'*') {
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
            self.i += 1;
            if c == b'"' || c == b'\'' {
                let open = self.i - 1;
                loop {
                    match src.get(self.i) {
                        None | Some(b'\n') => {
                            return Err(format!(
                                "{name}:{}: a string or character never closed",
                                self.line(open)
                            ))
                        }
                        Some(b'\\') => self.i += 2,
                        Some(&q) if q == c => {
                            self.i += 1;
                            break;
                        }
                        Some(_) => self.i += 1,
                    }
                }
            }
            Ok(Some(c))
        }
    }

    /// Steps to the end of a preprocessor directive (its line, and the next after a `\`).
    fn end_of_directive(&mut self) -> usize {
        while self.i < self.src.len() {
            match self.src[self.i] {
                b'\\' if self.src.get(self.i + 1) == Some(&b'\n') => self.i += 2,
                b'\n' => break,
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
                b'{' => depth += 1,
                b'}' => {
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
        self.src[..at].iter().filter(|&&b| b == b'\n').count() + 1
    }
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

    #[test]
    fn host_functions_are_blanked_line_for_line() {
        let prepared = prepare("kernel.cu", VECTOR_ADD).unwrap();
        assert_eq!(prepared.text.len(), VECTOR_ADD.len());
        assert_eq!(prepared.text.lines().count(), VECTOR_ADD.lines().count());
        assert!(prepared.text.contains("__global__ void vector_add_kernel"));
        assert!(prepared.text.contains("c[idx] = a[idx] + b[idx];"));
        assert!(!prepared.text.contains("void vector_add("));
        assert!(!prepared.text.contains("<<<"));
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
        for kept in ["twice(T x)", "both(int x)", "struct Pair", "void k(int* p)", "table[] = {1, 2, 3}"] {
            assert!(prepared.text.contains(kept), "{kept} was cut:\n{}", prepared.text);
        }
        assert!(!prepared.text.contains("cout"));
        assert!(!prepared.text.contains("<iostream>"));
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
            "bad.cu:1: a string or character never closed"
        );
    }
}
