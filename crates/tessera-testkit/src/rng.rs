//! The kit's one seeded generator.

/// Which recurrence a [`Rng`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Algorithm {
    /// SplitMix64 (Steele, Lea, Flood 2014): a Weyl sequence through a 64-bit finaliser.
    SplitMix64,
    /// Knuth's MMIX LCG (`6364136223846793005·s + 1442695040888963407`); its output is the
    /// raw state. Kept only for tests whose scenes were built on this stream.
    MmixLcg,
}

/// A seeded, deterministic pseudo-random generator for tests and benches: the same seed gives
/// the same stream on every platform and build. Not for cryptography.
///
/// [`Rng::new`] is SplitMix64 and is what new tests use. [`Rng::mmix_lcg`] reproduces the
/// linear congruential stream some older tests were written on, so that their scenes stay
/// the same bytes.
///
/// All derived draws come from [`Rng::u64`]: `u32` is its high half, [`Rng::unit`] its top
/// 24 bits over 2²⁴ (exact in `f32`, in `[0, 1)`), [`Rng::below`] its value modulo `n`.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    algorithm: Algorithm,
}

impl Rng {
    /// SplitMix64 seeded with `seed` (the kit's default generator).
    pub fn new(seed: u64) -> Self {
        Self::splitmix64(seed)
    }

    /// SplitMix64 seeded with `seed`.
    pub fn splitmix64(seed: u64) -> Self {
        Self {
            state: seed,
            algorithm: Algorithm::SplitMix64,
        }
    }

    /// Knuth's MMIX LCG seeded with `seed`: weak low bits, kept for pinned streams only.
    pub fn mmix_lcg(seed: u64) -> Self {
        Self {
            state: seed,
            algorithm: Algorithm::MmixLcg,
        }
    }

    /// The next 64 bits.
    pub fn u64(&mut self) -> u64 {
        match self.algorithm {
            Algorithm::SplitMix64 => {
                self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = self.state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            }
            Algorithm::MmixLcg => {
                self.state = self
                    .state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                self.state
            }
        }
    }

    /// The next 32 bits (the high half of [`Rng::u64`], the better half of an LCG).
    pub fn u32(&mut self) -> u32 {
        (self.u64() >> 32) as u32
    }

    /// Uniform in `[0, 1)`: the top 24 bits over 2²⁴.
    pub fn unit(&mut self) -> f32 {
        (self.u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in `[lo, hi)` (`lo + (hi - lo) · unit`).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// An integer in `0..n` (`u64 % n`; the bias is below 2⁻³² and irrelevant to tests).
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn below(&mut self, n: u32) -> u32 {
        (self.u64() % u64::from(n)) as u32
    }

    /// An integer in `lo..hi`.
    ///
    /// # Panics
    /// If the range is empty.
    pub fn int_range(&mut self, lo: i32, hi: i32) -> i32 {
        assert!(lo < hi, "empty range {lo}..{hi}");
        let span = hi.abs_diff(lo);
        lo.wrapping_add_unsigned(self.below(span))
    }

    /// A fair coin.
    pub fn bool(&mut self) -> bool {
        self.u64() >> 63 == 1
    }

    /// One element of `items`, uniformly.
    ///
    /// # Panics
    /// If `items` is empty.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u32) as usize]
    }

    /// `n` bytes (the low byte of each [`Rng::u64`]).
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.u64() as u8).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn splitmix64_matches_the_reference_stream() {
        // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        let mut r = Rng::new(0);
        assert_eq!(r.u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(r.u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn mmix_lcg_is_the_plain_recurrence() {
        let mut r = Rng::mmix_lcg(1);
        assert_eq!(
            r.u64(),
            6_364_136_223_846_793_005u64.wrapping_add(1_442_695_040_888_963_407)
        );
    }

    #[test]
    fn derived_draws_stay_in_range() {
        let mut r = Rng::new(42);
        for _ in 0..10_000 {
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
            let x = r.range(-3.0, 5.0);
            assert!((-3.0..5.0).contains(&x));
            assert!(r.below(7) < 7);
            assert!((-4..9).contains(&r.int_range(-4, 9)));
        }
        assert_eq!(Rng::new(9).bytes(16), Rng::new(9).bytes(16));
    }
}
