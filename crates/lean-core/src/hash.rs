//! Content hashing helpers (xxh3-64), rendered as fixed-width lowercase hex.
//!
//! Used for skill revisions, catalog fingerprints and recovery ids, so that the same bytes
//! always give the same short, path-safe identifier.
//!
//! `xxhash-rust` does the hashing (SSE2 on the default x86-64 target): a hand-written AVX2
//! loop once here was not worth its `unsafe` (see `docs/unsafe.md`).

use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// xxh3-64 of `bytes` as 16 lowercase hex digits.
pub fn xxh3_hex(bytes: &[u8]) -> String {
    hex16(xxh3_64(bytes))
}

/// `value` as 16 lowercase hex digits, as `format!("{value:016x}")` writes it: every compact
/// call names its input's id, and a table loop is much cheaper than the formatting machinery.
fn hex16(value: u64) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut digits = [0u8; 16];
    for (i, digit) in digits.iter_mut().enumerate() {
        *digit = DIGITS[(value >> (60 - 4 * i)) as usize & 0xf];
    }
    String::from_utf8(digits.to_vec()).expect("hex digits are ASCII")
}

/// [`xxh3_hex`] over bytes that arrive in pieces, for callers that never hold them all at once:
/// the same pieces in order give the same id as the whole.
#[derive(Default)]
pub struct Xxh3HexStream(Xxh3);

impl Xxh3HexStream {
    /// Adds the next piece.
    pub fn update(&mut self, piece: &[u8]) {
        self.0.update(piece);
    }

    /// The id of every piece added so far, in order.
    pub fn finish(&self) -> String {
        hex16(self.0.digest())
    }
}

/// True when `s` looks like an id produced by [`xxh3_hex`]. Callers use it to refuse anything
/// path-like before touching the filesystem.
pub fn is_xxh3_hex(s: &str) -> bool {
    s.len() == 16
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_is_stable_and_checkable() {
        let a = xxh3_hex(b"hello");
        assert_eq!(a, xxh3_hex(b"hello"));
        assert_ne!(a, xxh3_hex(b"hello!"));
        assert!(is_xxh3_hex(&a));
        assert!(!is_xxh3_hex("../../etc/passwd"));
        assert!(!is_xxh3_hex("ABCDEF0123456789"));
    }

    #[test]
    fn hex_digits_match_the_formatter() {
        for value in [
            0,
            1,
            0xf,
            0xa5,
            u64::MAX,
            0x0123_4567_89ab_cdef,
            1 << 63,
            0xdead_beef,
        ] {
            assert_eq!(hex16(value), format!("{value:016x}"));
        }
    }

    #[test]
    fn streamed_pieces_hash_like_the_whole() {
        let whole: Vec<u8> = (0..10_000u32).flat_map(|i| i.to_le_bytes()).collect();
        for piece in [1, 7, 240, 4096, whole.len()] {
            let mut stream = Xxh3HexStream::default();
            whole.chunks(piece).for_each(|p| stream.update(p));
            assert_eq!(stream.finish(), xxh3_hex(&whole), "pieces of {piece}");
        }
    }
}
