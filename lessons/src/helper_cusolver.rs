//! What NVIDIA's cuSOLVER samples take from `Common/helper_cusolver.h`, rewritten: their
//! options, the infinity norms their residuals are reported in, and the wall clock they time
//! the solvers with. (The Matrix Market reader they share is [`crate::mmio`].)

use cusparse_sys::{cusparseGetMatIndexBase, cusparseMatDescr_t, CUSPARSE_INDEX_BASE_ONE};

/// `struct testOpts`: the samples' command line.
#[derive(Debug, Default)]
pub struct TestOpts {
    /// `-file=<filename>`
    pub sparse_mat_filename: Option<String>,
    /// `-R=<name>`: chol, lu or qr
    pub test_func: Option<String>,
    /// `-P=<name>`: symrcm, symamd or metis
    pub reorder: Option<String>,
    /// `-lda=<int>`
    pub lda: i32,
}

/// `vec_norminf`: the largest `|x[j]|`.
pub fn vec_norminf(x: &[f64]) -> f64 {
    x.iter().fold(0.0, |norminf, &xj| if norminf > xj.abs() { norminf } else { xj.abs() })
}

/// `mat_norminf`: the largest row sum of `|A|`, `A` being `m` by `n`, column-major with leading
/// dimension `lda`.
pub fn mat_norminf(m: i32, n: i32, a: &[f64], lda: i32) -> f64 {
    let mut norminf = 0.0;
    for i in 0..m as usize {
        let mut sum = 0.0;
        for j in 0..n as usize {
            sum += a[i + j * lda as usize].abs();
        }
        norminf = if norminf > sum { norminf } else { sum };
    }
    norminf
}

/// `csr_mat_norminf`: [`mat_norminf`] of a CSR matrix, its base read from `descr_a`.
///
/// # Safety
/// `descr_a` is a live cuSPARSE matrix descriptor.
pub unsafe fn csr_mat_norminf(
    m: i32,
    descr_a: cusparseMatDescr_t,
    csr_val_a: &[f64],
    csr_row_ptr_a: &[i32],
) -> f64 {
    let base_a = if unsafe { cusparseGetMatIndexBase(descr_a) } == CUSPARSE_INDEX_BASE_ONE { 1 } else { 0 };
    let mut norminf = 0.0;
    for i in 0..m as usize {
        let start = (csr_row_ptr_a[i] - base_a) as usize;
        let end = (csr_row_ptr_a[i + 1] - base_a) as usize;
        let sum: f64 = csr_val_a[start..end].iter().map(|v| v.abs()).sum();
        norminf = if norminf > sum { norminf } else { sum };
    }
    norminf
}

/// `second()`: seconds of wall-clock time (`gettimeofday`), for differences.
pub fn second() -> f64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |t| t.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_norms_are_the_largest_absolute_value_and_row_sum() {
        assert_eq!(vec_norminf(&[1.0, -3.5, 2.0]), 3.5);
        assert_eq!(vec_norminf(&[]), 0.0);
        // [[1 -2], [3 4]] column-major in a leading dimension of 3 (the third row is padding).
        let a = [1.0, 3.0, 99.0, -2.0, 4.0, 99.0];
        assert_eq!(mat_norminf(2, 2, &a, 3), 7.0);
    }
}
