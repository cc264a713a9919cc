//! Comparing a GPU's result with the host's, as NVIDIA's samples do (`helper_image.h`).

/// `||reference - data|| / ||reference||` (L2 norms), or `None` when the reference's norm is
/// too close to 0 to divide by.
pub fn l2_relative_error(reference: &[f32], data: &[f32]) -> Option<f32> {
    assert_eq!(reference.len(), data.len(), "the two results differ in length");
    let (mut error, mut norm) = (0.0f32, 0.0f32);
    for (r, d) in reference.iter().zip(data) {
        error += (r - d) * (r - d);
        norm += r * r;
    }
    (norm.abs() >= 1e-7).then(|| error.sqrt() / norm.sqrt())
}

/// The samples' `sdkCompareL2fe`: whether `data` matches `reference` to a relative L2 error
/// below `epsilon`; false when the reference is all zeros.
pub fn sdk_compare_l2fe(reference: &[f32], data: &[f32], epsilon: f32) -> bool {
    match l2_relative_error(reference, data) {
        Some(error) => error < epsilon,
        None => {
            eprintln!("ERROR, reference l2-norm is 0");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_error_of_a_known_difference() {
        // ||(0, 0.3)|| / ||(4, 3)|| = 0.3 / 5
        let error = l2_relative_error(&[4.0, 3.0], &[4.0, 2.7]).unwrap();
        assert!((error - 0.06).abs() < 1e-6, "{error}");
        assert!(sdk_compare_l2fe(&[4.0, 3.0], &[4.0, 2.7], 0.07));
        assert!(!sdk_compare_l2fe(&[4.0, 3.0], &[4.0, 2.7], 0.05));
    }

    #[test]
    fn a_zero_reference_never_matches() {
        assert_eq!(l2_relative_error(&[0.0, 0.0], &[0.0, 0.0]), None);
        assert!(!sdk_compare_l2fe(&[0.0, 0.0], &[0.0, 0.0], 1.0));
    }
}
