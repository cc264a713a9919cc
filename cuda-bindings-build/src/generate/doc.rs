//! NVIDIA's Doxygen comments, as rustdoc shows them in an editor's hover: the commands turned
//! into Markdown, every line flush left (rustdoc would take an indented line for a code block
//! and compile it as a doctest).

/// One comment, already stripped of `/**`, `*` and `*/` by bindgen.
pub fn markdown(comment: &str) -> String {
    // A member's comment written after it (`int x; /**< what x is */`) keeps Doxygen's `<`.
    let comment = comment.trim_start().strip_prefix('<').unwrap_or(comment);
    // Doxygen's commands start with `\` or `@`; `\verbatim` is code as `\code` is (a header's
    // `>>>>>>> ATTENTION <<<<<<<` banner). Each may end or start a line of prose: give each a line of
    // its own.
    let comment = comment
        .replace("@verbatim", "\\code")
        .replace("@endverbatim", "\\endcode")
        .replace("\\verbatim", "\\code")
        .replace("\\endverbatim", "\\endcode")
        .replace("@code", "\\code")
        .replace("@endcode", "\\endcode");
    let comment = comment.replace("\\code", "\n\\code").replace("\\endcode", "\n\\endcode\n");
    let mut out = Vec::new();
    let mut in_code = false;
    for line in comment.lines() {
        let line = line.trim();
        if line.is_empty() && in_code {
            continue;
        }
        if line.starts_with("\\code") {
            in_code = true;
            out.push("```text".to_string());
            continue;
        }
        if line.starts_with("\\endcode") {
            in_code = false;
            out.push("```".to_string());
            continue;
        }
        if in_code {
            out.push(line.to_string());
            continue;
        }
        // A line of prose starting with `>` is no quote (a quote's indented text would be a
        // code block, compiled as a doctest).
        let line = block_command(line);
        match line.strip_prefix('>') {
            Some(rest) => out.push(format!("\\>{}", inline(rest))),
            None => out.push(inline(&line)),
        }
    }
    if in_code {
        out.push("```".to_string());
    }
    // Collapse runs of blank lines and trim both ends.
    let mut text = String::new();
    let mut blank = true;
    for line in out {
        if line.is_empty() {
            if !blank {
                text.push('\n');
            }
            blank = true;
        } else {
            text.push_str(&line);
            text.push('\n');
            blank = false;
        }
    }
    text.trim().to_string()
}

/// A whole-line command: `\param x - text`, `\return`, `\note`, `\sa`, ...
fn block_command(line: &str) -> String {
    let Some(rest) = line.strip_prefix('\\') else { return line.to_string() };
    let (command, text) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let text = text.trim();
    match command {
        "brief" => text.to_string(),
        "param" => {
            let (name, text) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
            let text = text.trim().trim_start_matches('-').trim();
            format!("- `{name}`: {text}")
        }
        "return" | "returns" => format!("Returns: {text}"),
        "retval" => format!("- {text}"),
        "note" => format!("Note: {text}"),
        "sa" => format!("See also: {text}"),
        "deprecated" => format!("Deprecated. {text}"),
        // NVIDIA's own aliases (`\notefnerr`, `\note_init_rt`, ...) expand to boilerplate notes.
        c if c.starts_with("note") => String::new(),
        "ingroup" | "defgroup" | "addtogroup" | "{" | "}" => String::new(),
        _ => line.to_string(),
    }
}

/// Inline markup: `\p x` and `\c x` as code, `\e x` as emphasis, `::cuInit()` as code.
fn inline(line: &str) -> String {
    let mut out = Vec::new();
    let mut words = line.split(' ').peekable();
    while let Some(word) = words.next() {
        match word {
            "\\p" | "\\c" | "\\a" => {
                if let Some(next) = words.next() {
                    out.push(code(next));
                }
            }
            "\\e" | "\\em" => {
                if let Some(next) = words.next() {
                    out.push(format!("*{next}*"));
                }
            }
            "\\ref" => {}
            w if w.starts_with("::") && w.len() > 2 => out.push(code(&w[2..])),
            w => out.push(w.replace('[', "\\[").replace(']', "\\]")),
        }
    }
    out.join(" ")
}

/// `word` in backticks, trailing punctuation outside.
fn code(word: &str) -> String {
    let mut end = word.trim_end_matches([',', '.', ';', ':']);
    // `(::cuInit)` keeps its closing parenthesis outside; `::cuInit()` inside.
    if end.ends_with(')') && !end.contains('(') {
        end = &end[..end.len() - 1];
    }
    format!("`{end}`{}", &word[end.len()..])
}

#[cfg(test)]
mod tests {
    use super::markdown;

    #[test]
    fn doxygen_becomes_markdown_flush_left() {
        let doc = markdown(
            "\\brief Allocates device memory\n\n    Allocates \\p bytesize bytes; see ::cuMemFree().\n\n\
             \\param dptr     - Returned device pointer\n\\return\n::CUDA_SUCCESS,\n\\notefnerr\n\
             \\sa ::cuMemAllocHost",
        );
        assert_eq!(
            doc,
            "Allocates device memory\n\nAllocates `bytesize` bytes; see `cuMemFree()`.\n\n\
             - `dptr`: Returned device pointer\nReturns: \n`CUDA_SUCCESS`,\n\nSee also: `cuMemAllocHost`"
        );
        assert!(doc.lines().all(|l| !l.starts_with(' ')));
    }

    /// Issue 22, item 7: `CUdevprop_st::maxThreadsPerBlock` read `< Maximum number of threads`.
    #[test]
    fn a_comment_written_after_its_member_loses_doxygens_marker() {
        assert_eq!(markdown("< Maximum number of threads per block"), "Maximum number of threads per block");
        assert_eq!(markdown("  <  Flags for `x`"), "Flags for `x`");
        assert_eq!(markdown("a < b"), "a < b");
    }

    #[test]
    fn code_inside_a_line_of_prose_is_fenced_as_text() {
        let doc = markdown("use it so: \\code\nint x;\n\\endcode then more");
        assert_eq!(doc, "use it so:\n```text\nint x;\n```\nthen more");
    }

    #[test]
    fn verbatim_is_code_and_prose_is_never_a_quote() {
        let doc = markdown("LUT.\n@verbatim\n>>>>>>> ATTENTION <<<<<<<\n@endverbatim\n>>>>   <<<<\nthen");
        assert_eq!(doc, "LUT.\n\n```text\n>>>>>>> ATTENTION <<<<<<<\n```\n\n\\>>>>   <<<<\nthen");
    }

    #[test]
    fn code_stays_code_and_brackets_are_no_links() {
        assert_eq!(markdown("\\code\n  int x;\n\\endcode"), "```text\nint x;\n```");
        assert_eq!(markdown("a [in] b"), "a \\[in\\] b");
        assert_eq!(markdown("\\code\nunterminated"), "```text\nunterminated\n```");
    }
}
