//! Glue of this workspace's own instances into the suite's work items.

use algebraic_hash::{Compression, Hasher};

/// A 2-to-1 compression made of a hash of the two digests, as Barretenberg's
/// Merkle trees use `Poseidon2::hash({left, right})` with t = 4 (one
/// permutation: rate 3).
#[derive(Clone, Copy, Debug)]
pub struct HashPair<H>(pub H);

impl<F, H> Compression<F, 2> for HashPair<H>
where
    F: Copy,
    H: Hasher<F, Digest = F>,
{
    #[inline]
    fn compress(&self, input: [F; 2]) -> F {
        self.0.hash_elements(&input)
    }
}
