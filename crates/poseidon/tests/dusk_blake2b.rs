//! The BLAKE2b-512 that Dusk's sponge tags hash (`src/hades/dusk/blake2b.rs`,
//! compiled here as it is) against published answers. The tags themselves
//! are pinned by dusk-poseidon's in `dusk_differential.rs`.

#[path = "../src/hades/dusk/blake2b.rs"]
mod blake2b;

use blake2b::blake2b_512;

/// RFC 7693, Appendix A ("abc"), the empty message, longer ones.
#[test]
fn known_answers() {
    let abc = blake2b_512(b"abc");
    assert_eq!(abc[..8], [0xba, 0x80, 0xa5, 0x3f, 0x98, 0x1c, 0x4d, 0x0d]);
    assert_eq!(abc[56..], [0xb9, 0x23, 0x86, 0xed, 0xd4, 0x00, 0x99, 0x23]);
    let empty = blake2b_512(b"");
    assert_eq!(empty[..8], [0x78, 0x6a, 0x02, 0xf7, 0x42, 0x01, 0x59, 0x03]);
    // One whole block, and three blocks (Python's hashlib.blake2b).
    assert_eq!(
        blake2b_512(&[b'x'; 128])[..8],
        [0x08, 0x2b, 0x91, 0xea, 0x2e, 0x15, 0xd1, 0x55]
    );
    assert_eq!(
        blake2b_512(&[b'x'; 300])[..8],
        [0xfe, 0x42, 0xf4, 0x10, 0x8d, 0xd9, 0x8f, 0x9b]
    );
}
