//! Content hashing helpers (xxh3-64), rendered as fixed-width lowercase hex.
//!
//! Used for skill revisions, catalog fingerprints and recovery ids, so that the same bytes
//! always give the same short, path-safe identifier.
//!
//! Every compacted input is hashed for its id, so the long-input loop matters: `xxhash-rust`
//! picks its SIMD width when it is compiled (SSE2 for the default x86-64 target), so inputs
//! over 240 bytes are hashed here with AVX2 when the CPU has it, 32 bytes of a stripe per
//! step instead of 16. The result is the same xxh3-64 value (tests compare every length).

use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// xxh3-64 of `bytes` as 16 lowercase hex digits.
pub fn xxh3_hex(bytes: &[u8]) -> String {
    hex16(xxh3_64_fast(bytes))
}

/// `value` as 16 lowercase hex digits, as `format!("{value:016x}")` writes it: every compact
/// call names its input's id, and the formatting machinery cost about ten times this loop
/// (about 530 instructions a call, as much as detecting a small input's kind).
fn hex16(value: u64) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut digits = [0u8; 16];
    for (i, digit) in digits.iter_mut().enumerate() {
        *digit = DIGITS[(value >> (60 - 4 * i)) as usize & 0xf];
    }
    String::from_utf8(digits.to_vec()).expect("hex digits are ASCII")
}

/// xxh3-64 of `bytes`: [`xxh3_64`], with long inputs hashed by the AVX2 loop where the CPU
/// has AVX2.
fn xxh3_64_fast(bytes: &[u8]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if bytes.len() > long_avx2::MIN_LEN && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 was just detected.
        return unsafe { long_avx2::hash(bytes) };
    }
    xxh3_64(bytes)
}

/// xxh3-64's long-input path (more than 240 bytes, default secret, seed 0) on AVX2 registers:
/// the eight 64-bit accumulators are two vectors, each 64-byte stripe two steps.
#[cfg(target_arch = "x86_64")]
mod long_avx2 {
    use std::arch::x86_64::*;

    /// Inputs up to this length take xxh3's short paths, which are not vector loops.
    pub(super) const MIN_LEN: usize = 240;
    /// xxh3's default secret (seed 0 leaves it as it is).
    const SECRET: [u8; 192] = xxhash_rust::const_xxh3::const_custom_default_secret(0);
    const STRIPE: usize = 64;
    /// Stripes between scrambles: the secret advances 8 bytes a stripe over its first 128.
    const STRIPES_PER_BLOCK: usize = (SECRET.len() - STRIPE) / 8;
    const _: () = assert!(STRIPES_PER_BLOCK.is_multiple_of(4));
    const BLOCK: usize = STRIPE * STRIPES_PER_BLOCK;
    /// Where the secret's scramble key, last-stripe key and merge key start.
    const SCRAMBLE_KEY: usize = SECRET.len() - STRIPE;
    const LAST_STRIPE_KEY: usize = SECRET.len() - STRIPE - 7;
    const MERGE_KEY: usize = 11;

    const PRIME32_1: u64 = 0x9E37_79B1;
    const PRIME32_2: u64 = 0x85EB_CA77;
    const PRIME32_3: u64 = 0xC2B2_AE3D;
    const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;
    const PRIME64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
    const PRIME64_3: u64 = 0x1656_67B1_9E37_79F9;
    const PRIME64_4: u64 = 0x85EB_CA77_C2B2_AE63;
    const PRIME64_5: u64 = 0x27D4_EB2F_1656_67C5;

    /// Adds one 64-byte stripe at `data` with the 64 key bytes at `key` into `acc`.
    ///
    /// # Safety
    /// AVX2; `data` and `key` must each have 64 readable bytes.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn accumulate(acc: &mut [__m256i; 2], data: *const u8, key: *const u8) {
        for (half, lanes) in acc.iter_mut().enumerate() {
            // SAFETY: the caller's promise covers both 32-byte halves; loads are unaligned.
            unsafe {
                let data = _mm256_loadu_si256(data.add(32 * half).cast());
                let key = _mm256_loadu_si256(key.add(32 * half).cast());
                let mixed = _mm256_xor_si256(data, key);
                // Each lane's low 32 bits times its high 32 bits.
                let product = _mm256_mul_epu32(mixed, _mm256_srli_epi64::<32>(mixed));
                // Each lane also takes its neighbour's input (lanes 0/1, 2/3 swap).
                let swapped = _mm256_shuffle_epi32::<0b01_00_11_10>(data);
                *lanes = _mm256_add_epi64(product, _mm256_add_epi64(*lanes, swapped));
            }
        }
    }

    /// Scrambles `acc` with the secret's scramble key, once a block.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn scramble(acc: &mut [__m256i; 2]) {
        let prime = _mm256_set1_epi32(PRIME32_1 as i32);
        for (half, lanes) in acc.iter_mut().enumerate() {
            let offset = SCRAMBLE_KEY + 32 * half;
            // SAFETY: `offset + 32` is within the 192-byte secret.
            let key = unsafe { _mm256_loadu_si256(SECRET.as_ptr().add(offset).cast()) };
            let shifted = _mm256_xor_si256(*lanes, _mm256_srli_epi64::<47>(*lanes));
            let mixed = _mm256_xor_si256(shifted, key);
            // The 64-bit product with a 32-bit prime, from its two 32-bit halves.
            let low = _mm256_mul_epu32(mixed, prime);
            let high = _mm256_mul_epu32(_mm256_srli_epi64::<32>(mixed), prime);
            *lanes = _mm256_add_epi64(low, _mm256_slli_epi64::<32>(high));
        }
    }

    fn read_u64(bytes: &[u8], at: usize) -> u64 {
        u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
    }

    /// The 128-bit product of `a` and `b`, its halves xor-ed.
    fn fold_product(a: u64, b: u64) -> u64 {
        let product = u128::from(a) * u128::from(b);
        (product as u64) ^ ((product >> 64) as u64)
    }

    /// xxh3-64 of `input`, which must be longer than [`MIN_LEN`].
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn hash(input: &[u8]) -> u64 {
        assert!(input.len() > MIN_LEN);
        let len = input.len();
        let mut acc = [
            _mm256_setr_epi64x(
                PRIME32_3 as i64,
                PRIME64_1 as i64,
                PRIME64_2 as i64,
                PRIME64_3 as i64,
            ),
            _mm256_setr_epi64x(
                PRIME64_4 as i64,
                PRIME32_2 as i64,
                PRIME64_5 as i64,
                PRIME32_1 as i64,
            ),
        ];
        let data = input.as_ptr();
        let key = SECRET.as_ptr();
        // Full blocks, then the stripes before the last byte, then the last 64 bytes.
        let blocks = (len - 1) / BLOCK;
        // SAFETY: every stripe read lies within `input` (block and stripe counts come from
        // `len - 1`, the last stripe starts at `len - 64 > 0`), and every key read within the
        // secret (stripe keys end by byte 7 * 8 + 64 = 120, the last-stripe key at 185).
        unsafe {
            for block in 0..blocks {
                // Four stripes a step (the inner loop unrolls): the loop's count, test and
                // branch were three of a stripe's eighteen instructions.
                for quad in 0..STRIPES_PER_BLOCK / 4 {
                    for stripe in 4 * quad..4 * quad + 4 {
                        let at = block * BLOCK + stripe * STRIPE;
                        accumulate(&mut acc, data.add(at), key.add(8 * stripe));
                    }
                }
                scramble(&mut acc);
            }
            let stripes = (len - 1 - blocks * BLOCK) / STRIPE;
            for stripe in 0..stripes {
                let at = blocks * BLOCK + stripe * STRIPE;
                accumulate(&mut acc, data.add(at), key.add(8 * stripe));
            }
            accumulate(&mut acc, data.add(len - STRIPE), key.add(LAST_STRIPE_KEY));
        }
        let mut lanes = [0u64; 8];
        // SAFETY: `lanes` holds 64 writable bytes; stores are unaligned.
        unsafe {
            _mm256_storeu_si256(lanes.as_mut_ptr().cast(), acc[0]);
            _mm256_storeu_si256(lanes.as_mut_ptr().add(4).cast(), acc[1]);
        }
        let mut result = (len as u64).wrapping_mul(PRIME64_1);
        for pair in 0..4 {
            let at = MERGE_KEY + 16 * pair;
            result = result.wrapping_add(fold_product(
                lanes[2 * pair] ^ read_u64(&SECRET, at),
                lanes[2 * pair + 1] ^ read_u64(&SECRET, at + 8),
            ));
        }
        // xxh3's avalanche.
        result ^= result >> 37;
        result = result.wrapping_mul(0x1656_6791_9E37_79F9);
        result ^ (result >> 32)
    }
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
    fn fast_hash_is_xxh3_at_every_length() {
        // Lengths around every path and block edge: short paths, one stripe over 240, block
        // multiples of 1024 and one byte either side, several blocks.
        let bytes: Vec<u8> = (0..9000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for len in 0..=bytes.len() {
            assert_eq!(xxh3_64_fast(&bytes[..len]), xxh3_64(&bytes[..len]), "{len}");
        }
        let offset = &bytes[3..];
        assert_eq!(xxh3_64_fast(offset), xxh3_64(offset));
        let big = bytes.repeat(40);
        assert_eq!(xxh3_64_fast(&big), xxh3_64(&big));
        assert_eq!(xxh3_hex(&big), format!("{:016x}", xxh3_64(&big)));
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
