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
    let size: Vec<i64> = size_line.split_whitespace().map_while(|t| t.parse().ok()).collect();
    let [m, n, entries] = size[..] else {
        return Err(MtxError::new(format!(
            "line {size_at}: the size line must be three integers (rows, columns, entries), not {size_line:?}"
        )));
    };
    let limit = i64::from(i32::MAX);
    if !(0..=limit).contains(&m) || !(0..=limit).contains(&n) || !(0..=limit).contains(&entries) {
        return Err(MtxError::new(format!(
            "line {size_at}: rows, columns and entries must be between 0 and {limit}, not {m} {n} {entries}"
        )));
    }
    let (m, n, entries) = (m as i32, n as i32, entries as usize);

    // The entries: `row column value`, one per line (the C reader's fscanf reads them as a
    // stream of tokens; a line of its own each is what every file has).
    let mut coo: Vec<(i32, i32, f64)> = Vec::with_capacity(entries);
    let mut data = lines.filter(|(_, line)| !line.trim().is_empty());
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
    if coo.len() > i32::MAX as usize {
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
    for (k, &(i, j, _)) in coo.iter().enumerate() {
        if i < base || i >= m + base || j < base || j >= n + base {
            return Err(MtxError::new(format!(
                "entry ({i}, {j}) lies outside the {m} x {n} matrix (indices from {base})"
            )));
        }
        if k > 0 && coo[k - 1].0 == i && coo[k - 1].1 == j {
            return Err(MtxError::new(format!("entry ({i}, {j}) is given twice")));
        }
    }

    // Compress the rows: count each row's entries, then add up, starting at the base.
    let mut row_ptr = vec![0i32; m as usize + 1];
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
            ("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n", "after 1 of the 2 entries"),
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

    #[test]
    fn a_missing_file_is_named() {
        let e = load_mm_sparse_matrix(Path::new("/nonexistent/a.mtx"), true).unwrap_err();
        assert!(e.to_string().starts_with("/nonexistent/a.mtx: cannot be read ("), "{e}");
    }
}
