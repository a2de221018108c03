//! The one seeded pseudo-random generator of the project: SplitMix64 (Steele, Lea and
//! Flood; Vigna's reference code). Generation draws from it, so the same seed gives the
//! same puzzle on every platform; the tests and benches draw from it too, so that their
//! failures reproduce from a seed.

#![forbid(unsafe_code)]

/// SplitMix64: 64 bits of state, a fixed increment and a mixing function.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator whose sequence is fixed by `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by multiply-and-shift (no division, no bias worth
    /// naming for the small `n` used here).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` (Fisher-Yates, drawing with [`SplitMix64::below`]).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn matches_the_reference_sequence_and_draws_in_range() {
        // The first outputs of SplitMix64 seeded with 0 (Vigna's reference code).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
        let mut rng = SplitMix64::new(7);
        for n in [1, 2, 3, 9, 81, 1000] {
            for _ in 0..100 {
                assert!(rng.below(n) < n);
            }
        }
        let mut items: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..81).collect::<Vec<_>>());
        items.sort();
        assert_eq!(items, (0..81).collect::<Vec<_>>());
    }
}
