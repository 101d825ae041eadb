//! Content hashing helpers (xxh3-64), rendered as fixed-width lowercase hex.
//!
//! Used for skill revisions, catalog fingerprints and recovery ids, so that the same bytes
//! always give the same short, path-safe identifier.

use xxhash_rust::xxh3::xxh3_64;

/// xxh3-64 of `bytes` as 16 lowercase hex digits.
pub fn xxh3_hex(bytes: &[u8]) -> String {
    format!("{:016x}", xxh3_64(bytes))
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
}
