//! The crate's vector code: SSE2 steps of 16 bytes on x86-64, each a safe function over byte
//! arrays. SSE2 is part of the x86-64 baseline, so the build itself guarantees the CPU runs
//! them (`cfg(target_feature = "sse2")`): there is no run-time detection to get wrong, and no
//! type to construct before it. Other targets use the byte-at-a-time steps beside each caller.
//!
//! Each kernel here is kept because a criterion bench (`benches/simd.rs`) shows it at least
//! 1.5× faster than its scalar reference, and a property test holds it equal to that
//! reference. `docs/unsafe.md` lists every `unsafe` block of the crate and why it is there.
#![allow(unsafe_code)]

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) use sse2::*;

/// The scalar references the kernels are held to (property tests below) and measured against
/// (`benches/simd.rs`): the definitions, a byte at a time.
#[cfg_attr(
    all(
        target_arch = "x86_64",
        target_feature = "sse2",
        not(any(test, feature = "fuzzing"))
    ),
    allow(dead_code)
)]
pub(crate) mod scalar {
    /// [`super::classify32_sse2`]'s classes, in its order. Only the reference of that kernel:
    /// other targets classify through the template hash's byte table.
    #[cfg_attr(not(any(test, feature = "fuzzing")), allow(dead_code))]
    pub(crate) fn classify32(bytes: &[u8; 32]) -> [u32; 6] {
        let mut masks = [0u32; 6];
        for (i, &b) in bytes.iter().enumerate() {
            let digit = b.is_ascii_digit();
            let classes = [
                b == b' ' || b == b'\t',
                digit || matches!(b, b'/' | b'\\' | b'@' | b'=' | b'"' | b'\'' | b'`'),
                digit,
                b == b'.',
                b == b':',
                b.is_ascii_alphabetic(),
            ];
            for (mask, class) in masks.iter_mut().zip(classes) {
                *mask |= u32::from(class) << i;
            }
        }
        masks
    }

    /// [`super::pair_masks16`] a byte at a time.
    pub(crate) fn pair_masks16<const K: usize>(lane: &[u8; 16], pairs: [[u8; 2]; K]) -> [u32; K] {
        pairs.map(|[a, b]| {
            lane.iter().enumerate().fold(0u32, |mask, (i, &x)| {
                mask | u32::from(x == a || x == b) << i
            })
        })
    }

    /// [`super::control_masks16`] a byte at a time.
    pub(crate) fn control_masks16(lane: &[u8; 16], allowed: [u8; 6]) -> (u32, u32) {
        let (mut bad, mut high) = (0u32, 0u32);
        for (i, &b) in lane.iter().enumerate() {
            bad |= u32::from(b < 0x20 && !allowed.contains(&b)) << i;
            high |= u32::from(b >= 0x80) << i;
        }
        (bad, high)
    }

    /// [`super::json_marks64`] a byte at a time.
    pub(crate) fn json_marks64(block: &[u8; 64]) -> (u64, u64, usize) {
        let (mut special, mut solid, mut newlines) = (0u64, 0u64, 0usize);
        for (i, &b) in block.iter().enumerate() {
            special |= u64::from(matches!(b, b'"' | b'\\')) << i;
            solid |= u64::from(!matches!(b, b' ' | b'\n' | b'\r' | b'\t')) << i;
            newlines += usize::from(b == b'\n');
        }
        (special, solid, newlines)
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use std::arch::x86_64::*;

    /// The 16 bytes of `bytes` in a register.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn load16(bytes: &[u8; 16]) -> __m128i {
        // SAFETY: the reference is 16 readable bytes, and `loadu` has no alignment requirement.
        unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
    }

    /// The first 16 bytes of `bytes` from `at` (bounds-checked).
    #[target_feature(enable = "sse2")]
    #[inline]
    fn load_at(bytes: &[u8], at: usize) -> __m128i {
        load16(bytes[at..at + 16].try_into().expect("16 bytes"))
    }

    /// `compact::signals`' byte classes of 32 bytes, one bit per byte: separators (space,
    /// tab), variable bytes (digits, `/\@="'\``), digits, dots, colons and ASCII letters.
    #[inline(always)]
    pub(crate) fn classify32_sse2(bytes: &[u8; 32]) -> [u32; 6] {
        classify_sse2::<true>(bytes)
    }

    /// [`classify32_sse2`] of the first 16 bytes only: the masks' bits 16 to 31 are clear.
    #[inline(always)]
    pub(crate) fn classify16_sse2(bytes: &[u8; 32]) -> [u32; 6] {
        classify_sse2::<false>(bytes)
    }

    /// [`classify32_sse2`], of the second 16 bytes too when `BOTH`.
    #[inline(always)]
    fn classify_sse2<const BOTH: bool>(bytes: &[u8; 32]) -> [u32; 6] {
        // SAFETY: SSE2 is enabled for the whole build (this module's `cfg`).
        let (low, high) = unsafe {
            (
                classify16(load_at(bytes, 0)),
                if BOTH {
                    classify16(load_at(bytes, 16))
                } else {
                    [0; 6]
                },
            )
        };
        std::array::from_fn(|k| (low[k] as u32 & 0xffff) | (high[k] as u32) << 16)
    }

    /// Movemasks of 16 bytes in the order of [`classify32_sse2`].
    #[target_feature(enable = "sse2")]
    #[inline]
    fn classify16(v: __m128i) -> [i32; 6] {
        let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
        // `byte - low` is at most `span` read unsigned exactly for bytes in `low..=low + span`.
        let within = |from: __m128i, span: u8| {
            _mm_cmpeq_epi8(_mm_min_epu8(from, _mm_set1_epi8(span as i8)), from)
        };
        let separator = _mm_or_si128(eq(b' '), eq(b'\t'));
        let digit = within(_mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8)), 9);
        // With bit 5 set, `@` (0x40) and `` ` `` (0x60) are both 0x60, and no other byte is.
        let lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
        let at_or_backtick = _mm_cmpeq_epi8(lower, _mm_set1_epi8(b'`' as i8));
        let marks = _mm_or_si128(
            _mm_or_si128(
                _mm_or_si128(eq(b'/'), eq(b'\\')),
                _mm_or_si128(at_or_backtick, eq(b'=')),
            ),
            _mm_or_si128(eq(b'"'), eq(b'\'')),
        );
        let variable = _mm_or_si128(digit, marks);
        let letter = within(_mm_sub_epi8(lower, _mm_set1_epi8(b'a' as i8)), 25);
        [
            _mm_movemask_epi8(separator),
            _mm_movemask_epi8(variable),
            _mm_movemask_epi8(digit),
            _mm_movemask_epi8(eq(b'.')),
            _mm_movemask_epi8(eq(b':')),
            _mm_movemask_epi8(letter),
        ]
    }

    /// One mask per pair of `pairs` over the 16 bytes of `lane`: bit `i` of mask `k` is set
    /// when `lane[i]` equals either byte of `pairs[k]`.
    #[inline(always)]
    pub(crate) fn pair_masks16<const K: usize>(lane: &[u8; 16], pairs: [[u8; 2]; K]) -> [u32; K] {
        // SAFETY: SSE2 is enabled for the whole build (this module's `cfg`).
        unsafe { pair_masks16_sse2(lane, pairs) }
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn pair_masks16_sse2<const K: usize>(lane: &[u8; 16], pairs: [[u8; 2]; K]) -> [u32; K] {
        let v = load16(lane);
        pairs.map(|[a, b]| {
            let a = _mm_cmpeq_epi8(v, _mm_set1_epi8(a as i8));
            let b = _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
            _mm_movemask_epi8(_mm_or_si128(a, b)) as u32
        })
    }

    /// Of the 16 bytes of `lane`: the mask of control bytes (below 0x20) other than
    /// `allowed`, and the mask of bytes with the high bit set.
    #[inline(always)]
    pub(crate) fn control_masks16(lane: &[u8; 16], allowed: [u8; 6]) -> (u32, u32) {
        // SAFETY: SSE2 is enabled for the whole build (this module's `cfg`).
        unsafe { control_masks16_sse2(lane, allowed) }
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn control_masks16_sse2(lane: &[u8; 16], allowed: [u8; 6]) -> (u32, u32) {
        let v = load16(lane);
        let high = _mm_movemask_epi8(v) as u32;
        // min(v, 0x1f) == v exactly for the bytes at or below 0x1f.
        let low = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1f)), v)) as u32;
        if low == 0 {
            return (0, high);
        }
        let fine = allowed.iter().fold(0u32, |mask, &b| {
            mask | _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8))) as u32
        });
        (low & !fine, high)
    }

    /// `compact::json`'s marks of a 64-byte block: quotes or backslashes, bytes that are not
    /// JSON whitespace, and the number of newlines.
    #[inline(always)]
    pub(crate) fn json_marks64(block: &[u8; 64]) -> (u64, u64, usize) {
        // SAFETY: SSE2 is enabled for the whole build (this module's `cfg`).
        unsafe { json_marks64_sse2(block) }
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn json_marks64_sse2(block: &[u8; 64]) -> (u64, u64, usize) {
        let (mut special, mut blank) = (0u64, 0u64);
        // Each lane adds 1 per newline to its byte of the tally (at most 4 per byte).
        let mut newline_tally = _mm_setzero_si128();
        for lane in 0..4 {
            let v = load_at(block, 16 * lane);
            let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
            let newline = eq(b'\n');
            let quote_or_escape = _mm_or_si128(eq(b'"'), eq(b'\\'));
            let white = _mm_or_si128(
                _mm_or_si128(eq(b' '), newline),
                _mm_or_si128(eq(b'\r'), eq(b'\t')),
            );
            special |= u64::from(_mm_movemask_epi8(quote_or_escape) as u16) << (16 * lane);
            blank |= u64::from(_mm_movemask_epi8(white) as u16) << (16 * lane);
            newline_tally = _mm_sub_epi8(newline_tally, newline);
        }
        // Summing the tally's bytes in two halves (no popcount in the x86-64 baseline).
        let sums = _mm_sad_epu8(newline_tally, _mm_setzero_si128());
        let newlines = _mm_cvtsi128_si32(sums) + _mm_extract_epi16::<4>(sums);
        (special, !blank, newlines as usize)
    }
}

#[cfg(all(test, target_arch = "x86_64", target_feature = "sse2"))]
mod tests {
    use proptest::prelude::*;

    /// Bytes biased to the ones the kernels test for, and any byte.
    fn interesting() -> impl Strategy<Value = u8> {
        prop_oneof![
            prop::sample::select(
                b" \t\n\r\"'`/\\@=.:0913aAzZ_\x00\x1b\x1f\x20\x7f\x80\xff".to_vec()
            ),
            any::<u8>(),
        ]
    }

    proptest! {
        #[test]
        fn classify32_matches_the_scalar_reference(bytes in prop::array::uniform32(interesting())) {
            let reference = super::scalar::classify32(&bytes);
            prop_assert_eq!(super::classify32_sse2(&bytes), reference);
            prop_assert_eq!(super::classify16_sse2(&bytes), reference.map(|m| m & 0xffff));
        }

        #[test]
        fn pair_masks16_matches_the_scalar_reference(
            lane in prop::array::uniform16(interesting()),
            pairs in prop::array::uniform3(prop::array::uniform2(interesting())),
        ) {
            prop_assert_eq!(super::pair_masks16(&lane, pairs), super::scalar::pair_masks16(&lane, pairs));
        }

        #[test]
        fn control_masks16_matches_the_scalar_reference(
            lane in prop::array::uniform16(interesting()),
            allowed in prop::array::uniform6(interesting()),
        ) {
            prop_assert_eq!(super::control_masks16(&lane, allowed), super::scalar::control_masks16(&lane, allowed));
        }

        #[test]
        fn json_marks64_matches_the_scalar_reference(block in prop::collection::vec(interesting(), 64)) {
            let block: &[u8; 64] = block.as_slice().try_into().unwrap();
            prop_assert_eq!(super::json_marks64(block), super::scalar::json_marks64(block));
        }
    }

    #[test]
    fn every_byte_value_at_every_position() {
        for value in 0..=255u8 {
            for at in 0..64 {
                let mut block = [b'a'; 64];
                block[at] = value;
                assert_eq!(
                    super::json_marks64(&block),
                    super::scalar::json_marks64(&block)
                );
                let lane: &[u8; 32] = block[..32].try_into().unwrap();
                assert_eq!(
                    super::classify32_sse2(lane),
                    super::scalar::classify32(lane)
                );
                let lane: &[u8; 16] = block[..16].try_into().unwrap();
                let allowed = [b'\t', b'\n', b'\r', 0x1b, 0x08, 0x0c];
                assert_eq!(
                    super::control_masks16(lane, allowed),
                    super::scalar::control_masks16(lane, allowed)
                );
                assert_eq!(
                    super::pair_masks16(lane, [[value, b'x']]),
                    super::scalar::pair_masks16(lane, [[value, b'x']])
                );
            }
        }
    }
}
