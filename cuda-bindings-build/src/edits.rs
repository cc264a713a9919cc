//! The store of vendored bindings: every release a -sys crate carries is one file,
//! `src/vendored/<stem>_<version>.edits`, a line-based edit script that makes that release's text
//! from another release's (its parent), or from nothing for the base. `cargo xtask vendor`
//! writes it (the newest release is the base, and each older one is made from the next newer:
//! consecutive releases differ little); a build [`materialize`]s the one release it compiles.
//!
//! A text is its lines, split at each `\n` (a text ending in a newline ends in an empty line),
//! so joining them with `\n` gives back every byte. A file is three lines of header, then
//! commands, each on a line of its own, which consume the parent's lines in order:
//!
//! ```text
//! cuda-bindings-build edits 1
//! cuda_13040 from cuda_13050              (the base: `cuda_13050 from nothing`)
//! 650128 bytes, fnv1a64 5d1c0e3a9b2f7c41  (the text it makes: its length and hash)
//! =52                                     copy the parent's next 52 lines
//! -2                                      skip the parent's next 2 lines
//! +1                                      the next line of this file is the text's next line
//! pub const CU_DEV_SM_RESOURCE_GROUP_LOCALITY_DOMAIN_ID_ANY: i32 = -1;
//! ```
//!
//! The commands must consume the whole parent, and the text made must have the length and the
//! FNV-1a hash the header says, so a damaged or truncated file stops the build, naming it,
//! rather than compile other bindings than the release's.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The store's files end in `.edits`.
pub const EXTENSION: &str = "edits";

/// The largest file of a store read: the newest release whole is a few MiB.
const LARGEST_FILE: u64 = 256 << 20;

/// The first line of every file: the format and its version.
const FORMAT: &str = "cuda-bindings-build edits 1";

/// The file of `stem`'s release `version`: `cuda_12090.edits`.
pub fn file_name(stem: &str, version: u32) -> String {
    format!("{stem}_{version}.{EXTENSION}")
}

/// The releases of `stem` in `dir` (by their files' names), increasing; none if `dir` cannot be
/// read.
pub fn releases(dir: &Path, stem: &str) -> Vec<u32> {
    let prefix = format!("{stem}_");
    let suffix = format!(".{EXTENSION}");
    let mut versions: Vec<u32> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|entry| {
                    let name = entry.ok()?.file_name();
                    number(name.to_str()?.strip_prefix(&prefix)?.strip_suffix(&suffix)?)
                })
                .collect()
        })
        .unwrap_or_default();
    versions.sort_unstable();
    versions
}

/// The file of `stem`'s release `version`, made from `parent` (its version and text; `None`: the
/// base, made from nothing): the header and the commands.
pub fn encode(stem: &str, version: u32, parent: Option<(u32, &str)>, text: &str) -> String {
    let from = match parent {
        Some((parent, _)) => format!("{stem}_{parent}"),
        None => "nothing".into(),
    };
    let parent_lines: Vec<&str> = parent.map(|(_, text)| text.split('\n').collect()).unwrap_or_default();
    let lines: Vec<&str> = text.split('\n').collect();
    let mut file = format!(
        "{FORMAT}\n{stem}_{version} from {from}\n{} bytes, fnv1a64 {:016x}\n",
        text.len(),
        fnv1a(&lines)
    );
    for run in diff(&parent_lines, &lines) {
        match run {
            Run::Keep(n) => file += &format!("={n}\n"),
            Run::Skip(n) => file += &format!("-{n}\n"),
            Run::Insert(start, n) => {
                file += &format!("+{n}\n");
                for line in &lines[start..start + n] {
                    file += line;
                    file.push('\n');
                }
            }
        }
    }
    file
}

/// A release's text, made from the store.
#[derive(Debug)]
pub struct Release {
    pub text: String,
    /// Every file read to make it, the release's own first and the base's last.
    pub files: Vec<PathBuf>,
}

/// Why the store could not make a release: the file at fault, and what is wrong with it.
#[derive(Debug)]
pub struct Error {
    pub file: PathBuf,
    pub why: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the vendored bindings file {} is damaged ({}); reinstall the crate (delete its unpacked folder for \
             Cargo to unpack it again) or, in its repository, run `cargo xtask vendor`",
            self.file.display(),
            self.why
        )
    }
}

impl std::error::Error for Error {}

/// The text of `stem`'s release `version`, from its file in `dir` and its parents' down to the
/// base: the one function by which both a build and `cargo xtask vendor --check` read the store.
pub fn materialize(dir: &Path, stem: &str, version: u32) -> Result<Release, Error> {
    // The chain, from the release down to the base.
    let mut chain: Vec<(PathBuf, String, Header)> = Vec::new();
    let mut next = Some(version);
    while let Some(version) = next {
        let path = dir.join(file_name(stem, version));
        let fault = |why: String| Error { file: path.clone(), why };
        if let Some((child, _, _)) = chain.last().filter(|_| chain.iter().any(|(p, _, _)| *p == path)) {
            return Err(Error {
                file: child.clone(),
                why: format!("its parent {} is made from it, in the end", path.display()),
            });
        }
        let text = match crate::header::read_bytes(&path, LARGEST_FILE) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| fault("it is not UTF-8 text".into()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !chain.is_empty() => {
                let child = &chain[chain.len() - 1].0;
                return Err(Error {
                    file: child.clone(),
                    why: format!("its parent {} is missing", path.display()),
                });
            }
            Err(e) => return Err(fault(format!("it cannot be read: {e}"))),
        };
        let header = Header::parse(&text, stem, version).map_err(fault)?;
        next = header.parent;
        chain.push((path, text, header));
    }
    // From the base up. Every line borrows from the files read: no line is copied until the
    // end. Each step's length is checked; the hash, which costs a pass over the text, only at
    // the end, and then at each step to find the file at fault.
    let make = |check_each: bool| -> Result<Vec<&str>, Error> {
        let mut lines = Vec::new();
        for (path, text, header) in chain.iter().rev() {
            let fault = |why: String| Error { file: path.clone(), why };
            lines = apply(&lines, &text[header.commands..]).map_err(fault)?;
            let bytes = lines.iter().map(|l| l.len()).sum::<usize>() + lines.len().saturating_sub(1);
            if bytes != header.bytes {
                return Err(fault(format!("it makes {bytes} bytes, and its header says {}", header.bytes)));
            }
            if check_each {
                header.check_hash(&lines).map_err(fault)?;
            }
        }
        Ok(lines)
    };
    let lines = make(false)?;
    if let Err(why) = chain[0].2.check_hash(&lines) {
        make(true)?;
        // Each step checked out on its own, which cannot happen: blame the release's file.
        return Err(Error { file: chain[0].0.clone(), why });
    }
    Ok(Release { text: lines.join("\n"), files: chain.into_iter().map(|(path, _, _)| path).collect() })
}

/// A file's header.
struct Header {
    /// The parent's version; `None`: made from nothing.
    parent: Option<u32>,
    bytes: usize,
    hash: u64,
    /// Where the commands start in the file.
    commands: usize,
}

impl Header {
    fn parse(text: &str, stem: &str, version: u32) -> Result<Header, String> {
        let mut lines = text.splitn(4, '\n');
        let mut line = |what: &str| lines.next().ok_or_else(|| format!("it ends before its header's {what}"));
        let format = line("first line")?;
        let names = line("second line")?;
        let sums = line("third line")?;
        if format != FORMAT {
            return Err(format!("its first line is not `{FORMAT}`"));
        }
        let own = format!("{stem}_{version}");
        let parent = match names.split_once(" from ") {
            Some((name, "nothing")) if name == own => None,
            Some((name, parent)) if name == own => {
                let parent = parent
                    .strip_prefix(&format!("{stem}_"))
                    .and_then(number)
                    .ok_or_else(|| format!("its parent `{parent}` is not a release of {stem}"))?;
                Some(parent)
            }
            _ => return Err(format!("its second line is not `{own} from <parent or nothing>`")),
        };
        let (bytes, hash) = sums
            .split_once(" bytes, fnv1a64 ")
            .and_then(|(bytes, hash)| {
                Some((bytes.parse().ok()?, u64::from_str_radix(hash, 16).ok().filter(|_| hash.len() == 16)?))
            })
            .ok_or("its third line is not `<length> bytes, fnv1a64 <16 hex digits>`")?;
        let commands = format.len() + names.len() + sums.len() + 3;
        if commands > text.len() {
            return Err("it ends after its header, without a newline".into());
        }
        Ok(Header { parent, bytes, hash, commands })
    }

    fn check_hash(&self, lines: &[&str]) -> Result<(), String> {
        let hash = fnv1a(lines);
        if hash == self.hash {
            return Ok(());
        }
        Err(format!("the text it makes hashes to {hash:016x}, and its header says {:016x}", self.hash))
    }
}

/// A number written in decimal digits only (`parse` takes a sign too).
fn number<T: std::str::FromStr>(text: &str) -> Option<T> {
    text.bytes().all(|b| b.is_ascii_digit()).then(|| text.parse().ok()).flatten()
}

/// FNV-1a (64 bits) of the lines joined by `\n`: a checksum against damage, not an adversary.
fn fnv1a(lines: &[&str]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            hash = (hash ^ u64::from(b'\n')).wrapping_mul(PRIME);
        }
        for &byte in line.as_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
        }
    }
    hash
}

/// The lines `commands` make of `parent`'s, or what is wrong with the commands.
fn apply<'a>(parent: &[&'a str], commands: &'a str) -> Result<Vec<&'a str>, String> {
    let commands = commands.strip_suffix('\n').ok_or("it does not end in a newline, as if cut short")?;
    let mut lines = Vec::with_capacity(parent.len() + 16);
    let mut from = 0; // the next line of the parent
    let mut script = commands.split('\n');
    while let Some(command) = script.next() {
        let mut chars = command.chars();
        let op = chars.next();
        let not_a_command = || format!("`{}` is not a command", command.chars().take(40).collect::<String>());
        let count: usize = number(chars.as_str()).ok_or_else(not_a_command)?;
        match op {
            Some('=' | '-') => {
                let rest = parent.len() - from;
                if count > rest {
                    return Err(format!("`{command}` goes past the parent's end ({rest} lines left)"));
                }
                if op == Some('=') {
                    lines.extend_from_slice(&parent[from..from + count]);
                }
                from += count;
            }
            Some('+') => {
                let before = lines.len();
                lines.extend(script.by_ref().take(count));
                if lines.len() - before != count {
                    return Err(format!("it ends inside `{command}`, as if cut short"));
                }
            }
            _ => return Err(not_a_command()),
        }
    }
    if from != parent.len() {
        return Err(format!(
            "its commands end with {} of the parent's lines unread, as if cut short",
            parent.len() - from
        ));
    }
    Ok(lines)
}

/// A run of the edit that makes `to` of `from`.
#[derive(Debug, PartialEq)]
enum Run {
    Keep(usize),
    Skip(usize),
    /// `to`'s lines from the first, this many.
    Insert(usize, usize),
}

/// The shortest edit (fewest lines skipped and inserted) that makes `to` of `from`, as runs.
fn diff(from: &[&str], to: &[&str]) -> Vec<Run> {
    // Lines as numbers: equal lines, equal numbers.
    let mut numbers: HashMap<&str, u32> = HashMap::new();
    let mut number = |line| {
        let next = numbers.len() as u32;
        *numbers.entry(line).or_insert(next)
    };
    let a: Vec<u32> = from.iter().map(|&line| number(line)).collect();
    let b: Vec<u32> = to.iter().map(|&line| number(line)).collect();
    let mut runs = Vec::new();
    edit(&a, &b, 0, &mut runs);
    runs
}

/// Appends a run, merged with the last where it continues it.
fn push(runs: &mut Vec<Run>, run: Run) {
    match (runs.last_mut(), run) {
        (_, Run::Keep(0) | Run::Skip(0) | Run::Insert(_, 0)) => {}
        (Some(Run::Keep(n)), Run::Keep(more)) | (Some(Run::Skip(n)), Run::Skip(more)) => *n += more,
        (Some(Run::Insert(start, n)), Run::Insert(next, more)) if *start + *n == next => *n += more,
        (_, run) => runs.push(run),
    }
}

/// The edit of `a` into `b`, where `b` starts at line `b_at` of the whole: Myers' O(ND) diff in
/// linear space (E. Myers, "An O(ND) Difference Algorithm and Its Variations", 1986): split at
/// a point the middle of a shortest edit passes through, and edit each side.
fn edit(a: &[u32], b: &[u32], b_at: usize, runs: &mut Vec<Run>) {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b, b_at) = (&a[prefix..], &b[prefix..], b_at + prefix);
    let suffix = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[..a.len() - suffix], &b[..b.len() - suffix]);
    push(runs, Run::Keep(prefix));
    if a.is_empty() || b.is_empty() {
        push(runs, Run::Skip(a.len()));
        push(runs, Run::Insert(b_at, b.len()));
    } else {
        match middle(a, b) {
            // A point inside, so that each side is smaller.
            Some((x, y))
                if x <= a.len() && y <= b.len() && (x, y) != (0, 0) && (x, y) != (a.len(), b.len()) =>
            {
                edit(&a[..x], &b[..y], b_at, runs);
                edit(&a[x..], &b[y..], b_at + y, runs);
            }
            // Not reached (see `middle`); an edit that is not the shortest, but right.
            _ => {
                push(runs, Run::Skip(a.len()));
                push(runs, Run::Insert(b_at, b.len()));
            }
        }
    }
    push(runs, Run::Keep(suffix));
}

/// A point a shortest edit of `a` into `b` passes through halfway, for `a` and `b` that are
/// not empty and differ in their first and in their last lines (so the point is neither
/// corner, and each side's edit is shorter).
///
/// Searches from both corners at once, one more edit each round: `forward[k]` is the furthest
/// line of `a` reached on diagonal `k` (line of `a` minus line of `b`) from the start,
/// `backward[k]` the same from the end, counted backwards, on the reversed diagonal; where the
/// two meet is the middle.
fn middle(a: &[u32], b: &[u32]) -> Option<(usize, usize)> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let delta = n - m;
    // Whether the searches meet on a forward step (the total edit is odd) or a backward one.
    let odd = delta % 2 != 0;
    let most = (n + m + 1) / 2;
    let at = |k: isize| (k + most + 1) as usize;
    let mut forward = vec![-1_isize; 2 * most as usize + 3];
    let mut backward = forward.clone();
    forward[at(1)] = 0;
    backward[at(1)] = 0;
    // Diagonals at either end that have run off the grid, no longer searched.
    let (mut forward_trim, mut backward_trim) = ((0, 0), (0, 0));
    for d in 0..=most {
        let mut k = -d + forward_trim.0;
        while k <= d - forward_trim.1 {
            let mut x = if k == -d || (k != d && forward[at(k - 1)] < forward[at(k + 1)]) {
                forward[at(k + 1)]
            } else {
                forward[at(k - 1)] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            forward[at(k)] = x;
            if x > n {
                forward_trim.1 += 2;
            } else if y > m {
                forward_trim.0 += 2;
            } else if odd {
                let reached = at(delta - k);
                if reached < backward.len() && backward[reached] != -1 && x >= n - backward[reached] {
                    return Some((x as usize, y as usize));
                }
            }
            k += 2;
        }
        let mut k = -d + backward_trim.0;
        while k <= d - backward_trim.1 {
            let mut x = if k == -d || (k != d && backward[at(k - 1)] < backward[at(k + 1)]) {
                backward[at(k + 1)]
            } else {
                backward[at(k - 1)] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[(n - x - 1) as usize] == b[(m - y - 1) as usize] {
                x += 1;
                y += 1;
            }
            backward[at(k)] = x;
            if x > n {
                backward_trim.1 += 2;
            } else if y > m {
                backward_trim.0 += 2;
            } else if !odd {
                let reached = at(delta - k);
                if reached < forward.len() && forward[reached] != -1 && forward[reached] >= n - x {
                    let x = forward[reached];
                    return Some((x as usize, (x - (delta - k)) as usize));
                }
            }
            k += 2;
        }
    }
    // Not reached: the searches meet by the time each has made half the edits.
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Random;

    /// Applies `encode`'s commands the way `materialize` does, checking the header too.
    fn round_trip(parent: Option<&str>, text: &str) -> String {
        let file = encode("x", 2, parent.map(|p| (1, p)), text);
        let header = Header::parse(&file, "x", 2).unwrap();
        assert_eq!(header.parent, parent.map(|_| 1));
        let parent_lines: Vec<&str> = parent.map(|p| p.split('\n').collect()).unwrap_or_default();
        let lines = apply(&parent_lines, &file[header.commands..]).unwrap();
        header.check_hash(&lines).unwrap();
        assert_eq!(lines.join("\n").len(), header.bytes);
        lines.join("\n")
    }

    /// The number of lines an edit skips and inserts.
    fn cost(runs: &[Run]) -> usize {
        runs.iter()
            .map(|r| match r {
                Run::Keep(_) => 0,
                Run::Skip(n) | Run::Insert(_, n) => *n,
            })
            .sum()
    }

    #[test]
    fn equal_texts_are_one_copy() {
        let text = "a\nb\nc\n";
        let file = encode("x", 2, Some((1, text)), text);
        assert!(file.ends_with("\n=4\n"), "{file}");
        assert_eq!(round_trip(Some(text), text), text);
    }

    #[test]
    fn empty_texts_and_nothing() {
        for (parent, text) in [
            (Some(""), ""),
            (Some(""), "a\n"),
            (Some("a\n"), ""),
            (None, ""),
            (None, "only\nlines\n"),
            (None, "no newline at the end"),
        ] {
            assert_eq!(round_trip(parent, text), text, "{parent:?} -> {text:?}");
        }
    }

    #[test]
    fn first_and_last_lines() {
        let base = "first\nmiddle\nlast\n";
        for text in [
            "FIRST\nmiddle\nlast\n",
            "middle\nlast\n",
            "zero\nfirst\nmiddle\nlast\n",
            "first\nmiddle\nLAST\n",
            "first\nmiddle\n",
            "first\nmiddle\nlast\nafter\n",
            "first\nmiddle\nlast",
            "first\nmiddle\nlast\n\n",
        ] {
            assert_eq!(round_trip(Some(base), text), text);
            assert_eq!(round_trip(Some(text), base), base);
        }
    }

    /// Lines that only differ in a `\r` or in their end are different lines.
    #[test]
    fn every_byte_counts() {
        let base = "a\r\nb\nc\n";
        assert_eq!(round_trip(Some(base), "a\nb\r\nc\n"), "a\nb\r\nc\n");
        assert_eq!(round_trip(Some("+1\n=2\n-3\n"), "-3\n+1\n"), "-3\n+1\n");
    }

    /// FNV-1a's published values.
    #[test]
    fn fnv1a_is_fnv1a() {
        assert_eq!(fnv1a(&[""]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(&["a"]), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(&["foobar"]), 0x8594_4171_f739_67e8);
        assert_eq!(fnv1a(&["foo", "bar"]), fnv1a(&["foo\nbar"]));
    }

    #[test]
    fn random_edits_round_trip_and_cost_no_more_than_made() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for round in 0..1000 {
            // Few distinct lines, so that many lines repeat, as `}` and blank lines do.
            let alphabet = 2 + random.below(30);
            let len = random.below(if round % 10 == 0 { 400 } else { 40 });
            let base: Vec<String> = (0..len).map(|_| format!("line {}", random.below(alphabet))).collect();
            let mut text = base.clone();
            let edits = random.below(12);
            for _ in 0..edits {
                let at = random.below(text.len() + 1);
                match random.below(3) {
                    0 if at < text.len() => drop(text.remove(at)),
                    1 if at < text.len() => text[at] = format!("changed {}", random.below(alphabet)),
                    _ => text.insert(at, format!("new {}", random.below(alphabet))),
                }
            }
            let (base, text) = (base.join("\n"), text.join("\n"));
            assert_eq!(round_trip(Some(&base), &text), text, "round {round}");
            // No longer than the edits made (a change is a skip and an insert), and the shortest:
            // every line not in a longest common subsequence, skipped or inserted.
            let (a, b) = (base.split('\n').collect::<Vec<_>>(), text.split('\n').collect::<Vec<_>>());
            let runs = diff(&a, &b);
            assert!(cost(&runs) <= 2 * edits, "round {round}: {runs:?}");
            assert_eq!(cost(&runs), a.len() + b.len() - 2 * longest_common(&a, &b), "round {round}");
        }
    }

    /// The length of a longest common subsequence, the slow and obvious way.
    fn longest_common(a: &[&str], b: &[&str]) -> usize {
        let mut row = vec![0; b.len() + 1];
        for x in a {
            let mut diagonal = 0;
            for (j, y) in b.iter().enumerate() {
                let above = row[j + 1];
                row[j + 1] = if x == y { diagonal + 1 } else { above.max(row[j]) };
                diagonal = above;
            }
        }
        row[b.len()]
    }

    #[test]
    fn unrelated_texts() {
        let a: String = (0..300).map(|i| format!("a{i}\n")).collect();
        let b: String = (0..200).map(|i| format!("b{i}\n")).collect();
        assert_eq!(round_trip(Some(&a), &b), b);
        let runs = diff(&a.split('\n').collect::<Vec<_>>(), &b.split('\n').collect::<Vec<_>>());
        assert_eq!(cost(&runs), 500);
    }

    /// A store of `texts` in a fresh folder, as `cargo xtask vendor` writes it: the
    /// newest the base, each older made from the next newer.
    fn store(name: &str, texts: &[(u32, &str)]) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("cuda-bindings-build-edits-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (i, &(version, text)) in texts.iter().enumerate() {
            let parent = texts.get(i + 1).map(|&(v, t)| (v, t));
            std::fs::write(dir.join(file_name("x", version)), encode("x", version, parent, text)).unwrap();
        }
        dir
    }

    const RELEASES: &[(u32, &str)] =
        &[(100, "a\nb\nc\n"), (200, "a\nb\nc\n"), (300, "a\nB\nc\nd\n"), (400, "zero\na\nB\nc\nd")];

    #[test]
    fn every_release_is_made_from_the_store() {
        let dir = store("every", RELEASES);
        std::fs::write(dir.join("x_500.rs"), "not ours").unwrap();
        std::fs::write(dir.join("x_-5.edits"), "not ours").unwrap();
        assert_eq!(releases(&dir, "x"), [100, 200, 300, 400]);
        for &(version, text) in RELEASES {
            let release = materialize(&dir, "x", version).unwrap();
            assert_eq!(release.text, text, "{version}");
            assert_eq!(release.files.first(), Some(&dir.join(file_name("x", version))));
            assert_eq!(release.files.last(), Some(&dir.join("x_400.edits")));
        }
        // A release equal to its parent is one copy.
        let file = std::fs::read_to_string(dir.join("x_100.edits")).unwrap();
        assert!(
            file.starts_with("cuda-bindings-build edits 1\nx_100 from x_200\n6 bytes, fnv1a64 "),
            "{file}"
        );
        assert!(file.ends_with("\n=4\n"), "{file}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A release whose text is the base's: one copy of the base, and the base's text.
    #[test]
    fn a_release_equal_to_the_base() {
        let text = "fn base() {}\n";
        let dir = store("equal", &[(1, text), (2, text)]);
        let file = std::fs::read_to_string(dir.join("x_1.edits")).unwrap();
        assert_eq!(file.lines().skip(3).collect::<Vec<_>>(), ["=2"], "{file}");
        assert_eq!(materialize(&dir, "x", 1).unwrap().text, text);
        assert_eq!(materialize(&dir, "x", 2).unwrap().text, text);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Whatever is wrong with a file, the error names it and says what to do; never a panic,
    /// never a wrong text.
    #[test]
    fn a_damaged_store_names_the_file() {
        let dir = store("damaged", RELEASES);
        let read = |v: u32| std::fs::read_to_string(dir.join(file_name("x", v))).unwrap();
        let (base, middle) = (read(400), read(300));
        let cases: Vec<(u32, u32, String)> = vec![
            // (the file damaged, the release asked for, its damaged text)
            (400, 100, base[..base.len() - 3].to_string()),
            (400, 400, base.replace("zero", "zer0")),
            (400, 300, String::new()),
            (400, 400, base.replacen("edits 1", "edits 2", 1)),
            (300, 100, middle.replace("+1\n", "+2\n")),
            (300, 300, middle.replace("-1", "-9")),
            (300, 300, middle.replace("x_300 from x_400", "x_300 from x_300")),
            (300, 200, middle.replace("x_300 from x_400", "x_300 from x_200")),
            (300, 300, middle.replace("from x_400", "from y_400")),
            (300, 300, middle.replace("fnv1a64 ", "fnv1a64 0")),
            (300, 300, middle[..middle.len() - 1].to_string()),
            (300, 300, middle.lines().take(2).collect::<Vec<_>>().join("\n")),
            (300, 300, middle.replace("+1\n", "*1\n")),
            (300, 100, middle.replace("=", "=+")),
        ];
        for (damaged, asked, text) in cases {
            let path = dir.join(file_name("x", damaged));
            let good = std::fs::read(&path).unwrap();
            std::fs::write(&path, &text).unwrap();
            let error = materialize(&dir, "x", asked).unwrap_err();
            let message = error.to_string();
            assert!(message.contains(&path.display().to_string()), "{text:?}: {message}");
            assert!(message.contains("cargo xtask vendor") && !message.contains('\n'), "{message}");
            std::fs::write(&path, good).unwrap();
        }
        std::fs::write(dir.join("x_300.edits"), [0xff, 0xfe]).unwrap();
        assert!(materialize(&dir, "x", 200).unwrap_err().to_string().contains("x_300.edits"));
        std::fs::remove_file(dir.join("x_300.edits")).unwrap();
        let error = materialize(&dir, "x", 200).unwrap_err();
        assert_eq!(error.file, dir.join("x_200.edits"), "{error}");
        assert!(error.why.contains("x_300.edits is missing"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
