//! Matrix Market files (`.mtx`) read into CSR, as NVIDIA's cuSOLVER samples read them with
//! `loadMMSparseMatrix<double>(file, 'd', true, ..., extendSymMatrix)` (their `mmio.c` and
//! `mmio_wrapper.cpp`): our own reader, giving the same CSR for the same file. The format is
//! NIST's: <https://math.nist.gov/MatrixMarket/formats.html>.
//!
//! What the samples' reader does, and so does this one:
//! - a `coordinate` matrix of `real` or `integer` values only (complex, pattern and dense
//!   `array` files are refused);
//! - with `extend_symmetric`, a `symmetric`, `hermitian` or `skew-symmetric` file (one triangle
//!   stored) is made whole: each off-diagonal entry `(i, j, v)` also gives `(j, i, v)`, or
//!   `(j, i, -v)` when skew;
//! - entries sorted by row, then column;
//! - the indices kept as the file has them, and the base guessed from them: 1 when some row is
//!   `m` or some column `n`, else 0 (a file with both a 0 and an `m` is refused). The row
//!   pointers carry the same base (`row_ptr[0]` is it), as cuSPARSE's `CUSPARSE_INDEX_BASE_ONE`
//!   expects.
//!
//! Where the C reader would write out of bounds or pass on a matrix cuSOLVER cannot use (an
//! index outside the matrix, an entry given twice, a line cut short), this one returns an
//! [`MtxError`] that says what is wrong where.

use std::fmt;
use std::path::Path;

/// A sparse matrix in CSR with the file's index base (`row_ptr[0]`, 0 or 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Csr {
    /// Rows.
    pub m: i32,
    /// Columns.
    pub n: i32,
    /// Entries stored (after a symmetric file is made whole).
    pub nnz: i32,
    /// `m + 1` row pointers, starting at the base.
    pub row_ptr: Vec<i32>,
    /// `nnz` column indices, in the file's base, ascending within each row.
    pub col_ind: Vec<i32>,
    /// `nnz` values.
    pub val: Vec<f64>,
}

/// Why a file could not be read as a matrix: one sentence, naming the file (when there is one)
/// and the line.
#[derive(Debug, Clone, PartialEq)]
pub struct MtxError {
    file: Option<String>,
    message: String,
}

impl MtxError {
    fn new(message: impl Into<String>) -> Self {
        MtxError { file: None, message: message.into() }
    }

    /// What is wrong, without the file's name.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for MtxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{file}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for MtxError {}

/// `loadMMSparseMatrix<double>(filename, 'd', true, ...)`: the file at `path` as CSR.
pub fn load_mm_sparse_matrix(path: &Path, extend_symmetric: bool) -> Result<Csr, MtxError> {
    let with_file = |mut e: MtxError| {
        e.file = Some(path.display().to_string());
        e
    };
    // Only a regular file: a FIFO would wait for a writer for ever, a device (`/dev/zero`)
    // never end.
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            let what =
                if meta.is_dir() { "a folder" } else { "no regular file (a FIFO, a device or a socket)" };
            return Err(with_file(MtxError::new(format!("is {what}, so it was not read"))));
        }
        _ => {}
    }
    let text = std::fs::read(path).map_err(|e| with_file(MtxError::new(format!("cannot be read ({e})"))))?;
    let text = String::from_utf8_lossy(&text);
    parse_mm_sparse_matrix(&text, extend_symmetric).map_err(with_file)
}

/// The storage a file's banner names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Symmetry {
    General,
    Symmetric,
    Hermitian,
    Skew,
}

/// A Matrix Market file's text as CSR (see the module's docs).
pub fn parse_mm_sparse_matrix(text: &str, extend_symmetric: bool) -> Result<Csr, MtxError> {
    let mut lines = text.lines().enumerate().map(|(i, line)| (i + 1, line));
    let symmetry = read_banner(lines.next().map_or("", |(_, line)| line))?;

    // The size line: the first line that is no comment and not blank.
    let (size_at, size_line) = lines
        .by_ref()
        .find(|(_, line)| !line.starts_with('%') && !line.trim().is_empty())
        .ok_or_else(|| MtxError::new("the file ends before its size line (rows, columns, entries)"))?;
    // Three integers; one too large for an i64 is still an integer, and out of range below.
    let tokens: Vec<&str> = size_line.split_whitespace().collect();
    let integer = |t: &str| {
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        let is_integer = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        is_integer.then(|| t.parse::<i64>().unwrap_or(if t.starts_with('-') { i64::MIN } else { i64::MAX }))
    };
    let size: Vec<i64> = tokens.iter().map_while(|t| integer(t)).collect();
    let [m, n, entries] = size[..] else {
        return Err(MtxError::new(format!(
            "line {size_at}: the size line must be three integers (rows, columns, entries), not {size_line:?}"
        )));
    };
    let limit = i64::from(i32::MAX);
    if !(0..=limit).contains(&m) || !(0..=limit).contains(&n) || !(0..=limit).contains(&entries) {
        return Err(MtxError::new(format!(
            "line {size_at}: rows, columns and entries must be between 0 and {limit}, not {}",
            tokens[..3].join(" ")
        )));
    }
    let (m, n, entries) = (m as i32, n as i32, entries as usize);

    // The entries: `row column value`, one per line (the C reader's fscanf reads them as a
    // stream of tokens; a line of its own each is what every file has). The count is checked
    // against the lines there are before anything is allocated for it: a small file may
    // announce two billion entries.
    let data = lines.filter(|(_, line)| !line.trim().is_empty());
    let there = data.clone().count();
    if there < entries {
        let lines = if there == 1 { "line follows" } else { "lines follow" };
        return Err(MtxError::new(format!(
            "line {size_at}: the size line announces {entries} entries, but only {there} {lines} it (one entry a line)"
        )));
    }
    let mut coo: Vec<(i32, i32, f64)> = Vec::with_capacity(entries);
    let mut data = data;
    for k in 0..entries {
        let (at, line) = data.next().ok_or_else(|| {
            MtxError::new(format!("the file ends after {k} of the {entries} entries its size line announces"))
        })?;
        let mut tokens = line.split_whitespace();
        let row = tokens.next().and_then(|t| t.parse::<i32>().ok());
        let col = tokens.next().and_then(|t| t.parse::<i32>().ok());
        let value = tokens.next().and_then(|t| t.parse::<f64>().ok());
        let (Some(row), Some(col), Some(value)) = (row, col, value) else {
            return Err(MtxError::new(format!(
                "line {at}: an entry must be a row, a column and a value, not {line:?}"
            )));
        };
        coo.push((row, col, value));
    }

    // Make a one-triangle file whole, as the reader does with extendSymMatrix.
    if extend_symmetric && symmetry != Symmetry::General {
        let off_diagonal = coo.iter().filter(|(i, j, _)| i != j).count();
        let mut whole = Vec::with_capacity(coo.len() + off_diagonal);
        for &(i, j, v) in &coo {
            whole.push((i, j, v));
            if i != j {
                whole.push((j, i, if symmetry == Symmetry::Skew { -v } else { v }));
            }
        }
        coo = whole;
    }
    // The last row pointer is the base plus the entries: it must be an i32 too.
    if coo.len() >= i32::MAX as usize {
        return Err(MtxError::new(format!("{} entries are more than a 32-bit CSR holds", coo.len())));
    }
    // By row, then by column (stable: an entry given twice is refused below either way).
    coo.sort_by_key(|&(i, j, _)| (i, j));

    // The base: 0 if an index is 0, 1 if a row is m or a column n; neither says 0.
    let base0 = coo.iter().any(|&(i, j, _)| i == 0 || j == 0);
    let base1 = coo.iter().any(|&(i, j, _)| i == m || j == n);
    if base0 && base1 {
        return Err(MtxError::new(format!(
            "the indices are both 0-based (a row or column 0) and 1-based (row {m} or column {n})"
        )));
    }
    let base = i32::from(base1);

    // Every index inside the matrix, in that base; no entry twice.
    // (In i64: `m + base` is past i32 for a matrix of i32::MAX rows.)
    let inside = |index: i32, size: i32| {
        (i64::from(base)..i64::from(size) + i64::from(base)).contains(&i64::from(index))
    };
    for (k, &(i, j, _)) in coo.iter().enumerate() {
        if !inside(i, m) || !inside(j, n) {
            return Err(MtxError::new(format!(
                "entry ({i}, {j}) lies outside the {m} x {n} matrix (indices from {base})"
            )));
        }
        if k > 0 && coo[k - 1].0 == i && coo[k - 1].1 == j {
            return Err(MtxError::new(format!("entry ({i}, {j}) is given twice")));
        }
    }

    // Compress the rows: count each row's entries, then add up, starting at the base.
    // m + 1 of them, however few the entries: a failed allocation is said, not an abort.
    let mut row_ptr: Vec<i32> = Vec::new();
    if row_ptr.try_reserve_exact(m as usize + 1).is_err() {
        return Err(MtxError::new(format!(
            "the {m} rows need {} bytes of row pointers, which could not be allocated",
            (m as u64 + 1) * 4
        )));
    }
    row_ptr.resize(m as usize + 1, 0);
    row_ptr[0] = base;
    for &(i, _, _) in &coo {
        row_ptr[(i - base) as usize + 1] += 1;
    }
    for r in 0..m as usize {
        row_ptr[r + 1] += row_ptr[r];
    }
    Ok(Csr {
        m,
        n,
        nnz: coo.len() as i32,
        row_ptr,
        col_ind: coo.iter().map(|&(_, j, _)| j).collect(),
        val: coo.iter().map(|&(_, _, v)| v).collect(),
    })
}

/// The banner `%%MatrixMarket matrix coordinate real general`: the storage, or why the file is
/// none the samples read.
fn read_banner(line: &str) -> Result<Symmetry, MtxError> {
    // The banner's first word as written; the other four in any case.
    let fields: Vec<String> = line.split_whitespace().map(str::to_ascii_lowercase).collect();
    let [_, object, format, field, symmetry, ..] = &fields[..] else {
        return Err(MtxError::new(format!(
            "line 1 must be a Matrix Market banner (%%MatrixMarket matrix coordinate real general), not {line:?}"
        )));
    };
    if !line.trim_start().starts_with("%%MatrixMarket") {
        return Err(MtxError::new(format!("line 1 does not begin with %%MatrixMarket: {line:?}")));
    }
    if object != "matrix" {
        return Err(MtxError::new(format!("the file holds a {object:?}, not a matrix")));
    }
    match format.as_str() {
        "coordinate" => {}
        "array" => {
            return Err(MtxError::new("a dense (array) matrix: only sparse (coordinate) ones are read"))
        }
        other => return Err(MtxError::new(format!("unknown format {other:?} (coordinate or array)"))),
    }
    match field.as_str() {
        "real" | "integer" => {}
        "complex" | "pattern" => {
            return Err(MtxError::new(format!("a {field} matrix: only real or integer values are read")))
        }
        other => {
            return Err(MtxError::new(format!(
                "unknown value type {other:?} (real, integer, complex, pattern)"
            )))
        }
    }
    match symmetry.as_str() {
        "general" => Ok(Symmetry::General),
        "symmetric" => Ok(Symmetry::Symmetric),
        "hermitian" => Ok(Symmetry::Hermitian),
        "skew-symmetric" => Ok(Symmetry::Skew),
        other => Err(MtxError::new(format!(
            "unknown symmetry {other:?} (general, symmetric, hermitian, skew-symmetric)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Csr, MtxError> {
        parse_mm_sparse_matrix(text, true)
    }

    #[test]
    fn a_general_file_keeps_its_one_based_indices() {
        // [[1 0 2], [0 3 0], [4 0 5]], entries out of order.
        let csr = parse(
            "%%MatrixMarket matrix coordinate real general\n% a comment\n3 3 5\n3 3 5\n1 1 1\n3 1 4\n2 2 3\n1 3 2\n",
        )
        .unwrap();
        assert_eq!((csr.m, csr.n, csr.nnz), (3, 3, 5));
        assert_eq!(csr.row_ptr, [1, 3, 4, 6]);
        assert_eq!(csr.col_ind, [1, 3, 2, 1, 3]);
        assert_eq!(csr.val, [1.0, 2.0, 3.0, 4.0, 5.0]);
    }

    #[test]
    fn a_symmetric_file_is_made_whole() {
        // The lower triangle of [[4 -1 0], [-1 4 -1], [0 -1 4]].
        let text =
            "%%MatrixMarket matrix coordinate real symmetric\n3 3 5\n1 1 4\n2 1 -1\n2 2 4\n3 2 -1\n3 3 4\n";
        let csr = parse(text).unwrap();
        assert_eq!(csr.nnz, 7);
        assert_eq!(csr.row_ptr, [1, 3, 6, 8]);
        assert_eq!(csr.col_ind, [1, 2, 1, 2, 3, 2, 3]);
        assert_eq!(csr.val, [4.0, -1.0, -1.0, 4.0, -1.0, -1.0, 4.0]);
        // Without extendSymMatrix, the triangle as stored.
        let lower = parse_mm_sparse_matrix(text, false).unwrap();
        assert_eq!((lower.nnz, lower.row_ptr), (5, vec![1, 2, 4, 6]));
    }

    #[test]
    fn a_skew_symmetric_file_mirrors_with_the_sign_changed() {
        let csr = parse("%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 1 3\n").unwrap();
        assert_eq!((csr.row_ptr, csr.col_ind, csr.val), (vec![1, 2, 3], vec![2, 1], vec![-3.0, 3.0]));
    }

    #[test]
    fn zero_based_indices_give_base_zero() {
        let csr = parse("%%MatrixMarket matrix coordinate integer general\n2 3 2\n0 2 7\n1 0 8\n").unwrap();
        assert_eq!((csr.row_ptr, csr.col_ind, csr.val), (vec![0, 1, 2], vec![2, 0], vec![7.0, 8.0]));
    }

    #[test]
    fn the_banner_is_read_without_regard_to_case_and_blank_lines_before_the_size_are_skipped() {
        let csr = parse("%%MatrixMarket MATRIX Coordinate REAL General\n\n1 1 1\n1 1 2.5e0\n").unwrap();
        assert_eq!((csr.row_ptr, csr.val), (vec![1, 2], vec![2.5]));
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let cases = [
            ("", "Matrix Market banner"),
            (
                "%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 1\n",
                "does not begin with %%MatrixMarket",
            ),
            ("%%MatrixMarket matrix array real general\n1 1\n1\n", "dense (array)"),
            ("%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n", "complex"),
            ("%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1\n", "pattern"),
            ("%%MatrixMarket matrix coordinate real general\n", "ends before its size line"),
            ("%%MatrixMarket matrix coordinate real general\n2 2\n", "three integers"),
            ("%%MatrixMarket matrix coordinate real general\n2 -2 1\n", "between 0 and"),
            (
                "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n",
                "line 2: the size line announces 2 entries, but only 1 line follows it",
            ),
            ("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 x 1\n", "line 3: an entry"),
            ("%%MatrixMarket matrix coordinate real general\n2 2 2\n0 0 1\n2 2 1\n", "both 0-based"),
            ("%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1\n", "outside the 2 x 2"),
            ("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 -1 1\n2 2 1\n", "outside the 2 x 2"),
            ("%%MatrixMarket matrix coordinate real general\n2 2 2\n2 2 1\n2 2 3\n", "(2, 2) is given twice"),
        ];
        for (text, expected) in cases {
            let e = parse(text).expect_err(text);
            assert!(e.message().contains(expected), "{text:?}: {e}");
        }
    }

    const BANNER: &str = "%%MatrixMarket matrix coordinate real general\n";

    #[test]
    fn a_count_of_entries_the_file_cannot_hold_is_refused_before_anything_is_allocated() {
        // The issue's: a small file announcing i32::MAX entries (16 bytes each: 34 GB asked
        // for at once, and the process aborted).
        let text = format!("{BANNER}% two billion\n3 3 2147483647\n1 1 1\n");
        let e = parse(&text).unwrap_err();
        assert_eq!(
            e.message(),
            "line 3: the size line announces 2147483647 entries, but only 1 line follows it (one entry a line)"
        );
        // The same through a file, named.
        let path = std::env::temp_dir().join(format!("mmio-two-billion-{}.mtx", std::process::id()));
        std::fs::write(&path, &text).unwrap();
        let e = load_mm_sparse_matrix(&path, true).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "{}: line 3: the size line announces 2147483647 entries, but only 1 line follows it (one entry a line)",
                path.display()
            )
        );
        std::fs::remove_file(&path).unwrap();
        // Blank lines are no entries; none at all.
        let e = parse(&format!("{BANNER}2 2 3\n1 1 1\n\n  \n2 2 1\n")).unwrap_err();
        assert!(e.message().contains("announces 3 entries, but only 2 lines follow it"), "{e}");
        let e = parse(&format!("{BANNER}2 2 1000000")).unwrap_err();
        assert!(e.message().contains("announces 1000000 entries, but only 0 lines follow it"), "{e}");
        // As many as announced, or more (the rest is not read, as C's reader does not): read.
        assert_eq!(parse(&format!("{BANNER}2 2 1\n1 1 1\n2 2 2\n")).unwrap().nnz, 1);
        // A symmetric file's entries double, from what the file holds.
        let csr = parse("%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n2 1 5\n1 1 1\n").unwrap();
        assert_eq!(csr.nnz, 3);
    }

    #[test]
    fn every_count_of_the_size_line_out_of_range_is_said() {
        let between = "rows, columns and entries must be between 0 and 2147483647, not";
        for (size, said) in [
            ("-1 3 1", format!("{between} -1 3 1")),
            ("3 -1 1", format!("{between} 3 -1 1")),
            ("3 3 -1", format!("{between} 3 3 -1")),
            ("2147483648 3 1", format!("{between} 2147483648 3 1")),
            ("3 2147483648 1", format!("{between} 3 2147483648 1")),
            ("3 3 2147483648", format!("{between} 3 3 2147483648")),
            // Past an i64: still an integer, still out of range.
            ("99999999999999999999999 3 1", format!("{between} 99999999999999999999999 3 1")),
            ("3 3 -99999999999999999999999", format!("{between} 3 3 -99999999999999999999999")),
            (
                "3 3.0 1",
                "the size line must be three integers (rows, columns, entries), not \"3 3.0 1\"".into(),
            ),
            ("3 3", "the size line must be three integers (rows, columns, entries), not \"3 3\"".into()),
        ] {
            let e = parse(&format!("{BANNER}{size}\n1 1 1\n")).unwrap_err();
            assert_eq!(e.message(), format!("line 2: {said}"), "{size}");
        }
        // The largest counts are read where the file holds what they say.
        let csr = parse(&format!("{BANNER}1 2147483647 1\n1 2147483647 3.5\n")).unwrap();
        assert_eq!((csr.row_ptr, csr.col_ind, csr.val), (vec![1, 2], vec![i32::MAX], vec![3.5]));
        // No entries at all.
        let csr = parse(&format!("{BANNER}2 2 0\n")).unwrap();
        assert_eq!((csr.nnz, csr.row_ptr), (0, vec![0, 0, 0]));
    }

    #[test]
    fn indices_of_a_matrix_of_i32_max_rows_are_checked_without_overflow() {
        // Row i32::MAX says base 1; `rows + base` is past i32 (it overflowed: a panic).
        let e = parse(&format!("{BANNER}2147483647 5 1\n2147483647 6 1\n")).unwrap_err();
        assert_eq!(
            e.message(),
            "entry (2147483647, 6) lies outside the 2147483647 x 5 matrix (indices from 1)"
        );
        let e = parse(&format!("{BANNER}5 2147483647 1\n6 2147483647 1\n")).unwrap_err();
        assert_eq!(
            e.message(),
            "entry (6, 2147483647) lies outside the 5 x 2147483647 matrix (indices from 1)"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_path_that_is_no_regular_file_is_refused_not_read() {
        let e = load_mm_sparse_matrix(Path::new("/dev/zero"), true).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/dev/zero: is no regular file (a FIFO, a device or a socket), so it was not read"
        );
        let dir = std::env::temp_dir();
        let e = load_mm_sparse_matrix(&dir, true).unwrap_err();
        assert_eq!(e.to_string(), format!("{}: is a folder, so it was not read", dir.display()));
        // A FIFO nobody writes to: reading it would wait for ever.
        let fifo = dir.join(format!("mmio-fifo-{}.mtx", std::process::id()));
        let _ = std::fs::remove_file(&fifo);
        let status = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
        assert!(status.success());
        let (send, receive) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || {
            let _ = send.send(load_mm_sparse_matrix(&path, true).map(|csr| csr.nnz));
        });
        let e = receive
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("reading a FIFO hung")
            .unwrap_err();
        assert!(e
            .to_string()
            .ends_with("is no regular file (a FIFO, a device or a socket), so it was not read"));
        std::fs::remove_file(&fifo).unwrap();
    }

    #[test]
    fn a_missing_file_is_named() {
        let e = load_mm_sparse_matrix(Path::new("/nonexistent/a.mtx"), true).unwrap_err();
        assert!(e.to_string().starts_with("/nonexistent/a.mtx: cannot be read ("), "{e}");
    }
}
