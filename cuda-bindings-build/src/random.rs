//! The tests' pseudo-random numbers: xorshift64*, from a fixed seed, so that a failing case
//! repeats exactly on every run.

pub(crate) struct Random(pub(crate) u64);

impl Random {
    /// A number below `n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }

    /// Between `min` and `max` characters, each one of `chars`.
    pub(crate) fn text(&mut self, chars: &[char], min: usize, max: usize) -> String {
        let len = min + self.below(max - min + 1);
        (0..len).map(|_| chars[self.below(chars.len())]).collect()
    }
}
