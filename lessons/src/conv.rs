//! The convolution the cuDNN lessons run (and the benchmark times): its shape, its input made
//! of integers over powers of two (so that Rust, C and Python build the very same floats), a
//! reference on the host, and the summary line that `lessons/cudnn/compare.py` compares with
//! `torch.nn.functional.conv2d` on the same input.

/// A 2D convolution's shape: input N x C x H x W (NCHW), K filters of C x R x S, the same
/// padding, stride and dilation in both directions, as `conv2d(x, w, padding, stride,
/// dilation)` takes them (cross-correlation, as deep learning means by convolution).
#[derive(Clone, Copy, Debug)]
pub struct Conv {
    pub n: usize,
    pub c: usize,
    pub h: usize,
    pub w: usize,
    pub k: usize,
    pub r: usize,
    pub s: usize,
    pub pad: usize,
    pub stride: usize,
    pub dilation: usize,
}

/// The lessons' convolution: a 3 x 3 layer of 16 filters over 4 images of 8 channels, 32 x 32.
pub const LESSON: Conv = Conv { n: 4, c: 8, h: 32, w: 32, k: 16, r: 3, s: 3, pad: 1, stride: 1, dilation: 1 };

/// Element `i` of the input: a multiple of 1/64 in [-1, 1), exact in any float.
pub fn input_value(i: usize) -> f32 {
    ((i * 37 + 11) % 128) as f32 / 64.0 - 1.0
}

/// Element `i` of the filters: a multiple of 1/256 in [-0.25, 0.25), exact in any float.
pub fn filter_value(i: usize) -> f32 {
    ((i * 53 + 7) % 128) as f32 / 256.0 - 0.25
}

impl Conv {
    /// The output's height and width: `(H + 2 pad - dilation (R - 1) - 1) / stride + 1`.
    pub fn out_h(&self) -> usize {
        (self.h + 2 * self.pad - self.dilation * (self.r - 1) - 1) / self.stride + 1
    }

    pub fn out_w(&self) -> usize {
        (self.w + 2 * self.pad - self.dilation * (self.s - 1) - 1) / self.stride + 1
    }

    pub fn input(&self) -> Vec<f32> {
        (0..self.n * self.c * self.h * self.w).map(input_value).collect()
    }

    pub fn filter(&self) -> Vec<f32> {
        (0..self.k * self.c * self.r * self.s).map(filter_value).collect()
    }

    pub fn output_len(&self) -> usize {
        self.n * self.k * self.out_h() * self.out_w()
    }

    /// The convolution on the host, summed in f64: what the GPU's result is compared with.
    pub fn reference(&self, x: &[f32], f: &[f32]) -> Vec<f32> {
        let (oh, ow) = (self.out_h(), self.out_w());
        let mut y = vec![0f32; self.output_len()];
        for n in 0..self.n {
            for k in 0..self.k {
                for p in 0..oh {
                    for q in 0..ow {
                        let mut sum = 0f64;
                        for c in 0..self.c {
                            for r in 0..self.r {
                                for s in 0..self.s {
                                    let i =
                                        (p * self.stride + r * self.dilation) as isize - self.pad as isize;
                                    let j =
                                        (q * self.stride + s * self.dilation) as isize - self.pad as isize;
                                    if i < 0 || j < 0 || i >= self.h as isize || j >= self.w as isize {
                                        continue;
                                    }
                                    let xi = ((n * self.c + c) * self.h + i as usize) * self.w + j as usize;
                                    let fi = ((k * self.c + c) * self.r + r) * self.s + s;
                                    sum += f64::from(x[xi]) * f64::from(f[fi]);
                                }
                            }
                        }
                        y[((n * self.k + k) * oh + p) * ow + q] = sum as f32;
                    }
                }
            }
        }
        y
    }

    /// `y`'s summary, as `lessons/cudnn/conv_torch.py` prints PyTorch's: the shape, the sum and
    /// the sum of magnitudes (in f64), and three elements.
    pub fn summary(&self, y: &[f32]) -> String {
        let sum: f64 = y.iter().map(|&v| f64::from(v)).sum();
        let abs: f64 = y.iter().map(|&v| f64::from(v).abs()).sum();
        format!(
            "summary: shape={}x{}x{}x{} sum={sum:.4} abs_sum={abs:.4} y0={:.6} y1={:.6} ylast={:.6}",
            self.n,
            self.k,
            self.out_h(),
            self.out_w(),
            y[0],
            y[1],
            y[y.len() - 1]
        )
    }
}

/// The largest difference between `a` and `b`, element by element.
pub fn max_abs_error(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}
