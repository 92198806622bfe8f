// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The fuzzer's own seeded PRNG (SplitMix64): the same seed gives the same programs on every
//! machine and every Rust version, which a crate's PRNG does not promise across releases.

/// A SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator for case `case` of a run with `seed`: every case has its own stream, so a
    /// case can be regenerated alone.
    pub fn for_case(seed: u64, case: u64) -> Rng {
        let mut r = Rng(seed ^ 0x9e37_79b9_7f4a_7c15);
        let mix = r.next_u64();
        Rng(mix ^ case.wrapping_mul(0xbf58_476d_1ce4_e5b9))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    /// One of `items`, uniformly.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// One of `choices`, by weight.
    pub fn weighted<T: Copy>(&mut self, choices: &[(u32, T)]) -> T {
        let total: u32 = choices.iter().map(|c| c.0).sum();
        let mut x = self.below(total as usize) as u32;
        for &(w, c) in choices {
            if x < w {
                return c;
            }
            x -= w;
        }
        choices[choices.len() - 1].1
    }

    /// An index of `weights`, each drawn with its weight: [`Rng::weighted`] of the pairs
    /// `(weights[i], i)`.
    pub fn index(&mut self, weights: &[u32]) -> usize {
        let pairs: Vec<(u32, usize)> = weights.iter().copied().zip(0..).collect();
        self.weighted(&pairs)
    }

    /// Shuffles `items` in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_stream_other_case_other_stream() {
        let a: Vec<u64> = (0..4).map(|_| Rng::for_case(7, 3).next_u64()).collect();
        assert!(a.iter().all(|x| *x == a[0]));
        let mut r = Rng::for_case(7, 3);
        let mut s = Rng::for_case(7, 4);
        assert_ne!(r.next_u64(), s.next_u64());
    }

    #[test]
    fn weighted_and_below_stay_in_range() {
        let mut r = Rng::for_case(1, 1);
        for _ in 0..1000 {
            assert!(r.below(3) < 3);
            let w = r.weighted(&[(1, 'a'), (0, 'b'), (5, 'c')]);
            assert!(w == 'a' || w == 'c');
        }
    }
}
