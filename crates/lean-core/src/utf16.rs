//! UTF-16 to UTF-8, as JS engines encode strings for the outside world (and back): a lone surrogate
//! becomes U+FFFD, exactly like `Buffer.from(string)` and V8's own UTF-8 writer. The binding
//! copies a JS string out as its UTF-16 (a plain copy in V8) and encodes it here,
//! which is several times faster than V8's character-by-character UTF-8 writer.

/// The UTF-8 encoding of `units`, lone surrogates replaced with U+FFFD. ASCII runs, the bulk
/// of tool output, are narrowed a block at a time (vector code); only the other characters
/// are encoded one by one.
pub fn utf16_to_utf8(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    utf16_to_utf8_into(units, &mut out);
    out
}

/// [`utf16_to_utf8`] into `out`, replacing what it held: a caller that reads many strings
/// keeps one buffer, and its pages, instead of faulting in a fresh one each time.
pub fn utf16_to_utf8_into(units: &[u16], out: &mut Vec<u8>) {
    out.clear();
    // Room for all-ASCII text; text with wider characters grows the buffer as it goes.
    out.reserve(units.len());
    let mut at = 0usize;
    while at < units.len() {
        at += push_ascii_narrowed(&units[at..], out);
        // The block that ended the ASCII run (or the short tail), a character at a time; an
        // ASCII run inside it is narrowed a block at a time from wherever it starts.
        let end = (at + BLOCK).min(units.len());
        while at < end {
            let unit = units[at];
            if unit < 0x80 {
                if at + BLOCK <= units.len() {
                    out.reserve(BLOCK);
                    let len = out.len();
                    // SAFETY: `out` has room for `BLOCK` more bytes (reserved just above), and
                    // the first `taken` of them are written.
                    unsafe {
                        let taken =
                            narrow_ascii_prefix(&units[at..at + BLOCK], out.as_mut_ptr().add(len));
                        out.set_len(len + taken);
                        at += taken;
                    }
                } else {
                    out.push(unit as u8);
                    at += 1;
                }
                continue;
            }
            at += 1;
            let code = match unit {
                0xD800..=0xDBFF if matches!(units.get(at), Some(0xDC00..=0xDFFF)) => {
                    let code = 0x10000
                        + ((u32::from(unit) - 0xD800) << 10)
                        + (u32::from(units[at]) - 0xDC00);
                    at += 1;
                    code
                }
                // A lone surrogate is U+FFFD.
                0xD800..=0xDFFF => 0xFFFD,
                _ => u32::from(unit),
            };
            // Every `code` here is a scalar value: surrogates were paired or replaced above.
            let mut encoded = [0u8; 4];
            let text = char::from_u32(code)
                .unwrap_or('\u{FFFD}')
                .encode_utf8(&mut encoded);
            out.extend_from_slice(text.as_bytes());
        }
    }
}

/// Narrows the leading ASCII of `units` onto `out`, and returns how many units it took (a
/// whole number of blocks: the block holding the first wider unit is left to the caller).
/// With AVX2, 32 units go per step (the SSE2 block loop costs about one instruction a unit,
/// and reading every string input through it was a tenth of a compaction call); the blocks
/// after the last whole step go 16 at a time.
fn push_ascii_narrowed(units: &[u16], out: &mut Vec<u8>) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        let taken = unsafe { push_ascii_narrowed_avx2(units, out) };
        return taken + push_ascii_blocks(&units[taken..], out, narrow_block);
    }
    push_ascii_blocks(units, out, narrow_block)
}

/// Units narrowed per AVX2 step: two 256-bit registers of units, one of bytes.
#[cfg(target_arch = "x86_64")]
const AVX2_STEP: usize = 32;

/// The AVX2 steps of [`push_ascii_narrowed`]: whole steps of ASCII units onto `out`, up to
/// the first step holding a wider unit; returns how many units it took.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn push_ascii_narrowed_avx2(units: &[u16], out: &mut Vec<u8>) -> usize {
    use std::arch::x86_64::*;
    let whole = units.len() / AVX2_STEP * AVX2_STEP;
    out.reserve(whole);
    let start = out.len();
    let mut taken = 0;
    // SAFETY: every load reads `AVX2_STEP` units below `whole <= units.len()`; every store
    // writes `AVX2_STEP` bytes below `start + whole`, room reserved above.
    unsafe {
        let from = units.as_ptr();
        let to = out.as_mut_ptr().add(start);
        let wide_bits = _mm256_set1_epi16(0xFF80u16 as i16);
        while taken < whole {
            let low = _mm256_loadu_si256(from.add(taken).cast());
            let high = _mm256_loadu_si256(from.add(taken + 16).cast());
            if _mm256_testz_si256(_mm256_or_si256(low, high), wide_bits) == 0 {
                break;
            }
            // The pack works within 128-bit lanes, giving the 8-byte quarters in the order
            // low 0-7, high 0-7, low 8-15, high 8-15; the permute puts them back in order.
            let packed = _mm256_packus_epi16(low, high);
            let ordered = _mm256_permute4x64_epi64::<0b11_01_10_00>(packed);
            _mm256_storeu_si256(to.add(taken).cast(), ordered);
            taken += AVX2_STEP;
        }
        // SAFETY: the first `taken` reserved bytes were written.
        out.set_len(start + taken);
    }
    taken
}

/// Elements converted per step of an ASCII run: one SSE2 register of bytes, two of units.
const BLOCK: usize = 16;

/// Converts the leading whole blocks of ASCII in `source` (UTF-16 units or UTF-8 bytes) onto
/// `out` with `convert_block` (such as [`narrow_block`]), and returns how many
/// elements it took; the first block holding a wider element ends the run.
fn push_ascii_blocks<S, D>(
    source: &[S],
    out: &mut Vec<D>,
    convert_block: unsafe fn(&[S], *mut D) -> bool,
) -> usize {
    let whole = source.len() / BLOCK * BLOCK;
    out.reserve(whole);
    let start = out.len();
    let mut taken = 0;
    while taken < whole {
        let block = &source[taken..taken + BLOCK];
        // SAFETY: `out` has room for `whole` more elements (reserved above), so for this block.
        if !unsafe { convert_block(block, out.as_mut_ptr().add(start + taken)) } {
            break;
        }
        taken += BLOCK;
    }
    // SAFETY: the first `taken` reserved elements were written.
    unsafe { out.set_len(start + taken) };
    taken
}

/// Writes the `BLOCK` units of `block` as bytes at `to` when all are ASCII; else writes
/// nothing that counts and returns false. Safety: `to` must be valid for `BLOCK` bytes.
#[cfg(target_arch = "x86_64")]
unsafe fn narrow_block(block: &[u16], to: *mut u8) -> bool {
    use std::arch::x86_64::*;
    debug_assert_eq!(block.len(), BLOCK);
    // SAFETY: SSE2 is part of x86-64; `block` holds 16 units (two unaligned loads) and `to`
    // is valid for 16 bytes (one unaligned store).
    unsafe {
        let low = _mm_loadu_si128(block.as_ptr().cast());
        let high = _mm_loadu_si128(block.as_ptr().add(8).cast());
        let wide_bits = _mm_and_si128(_mm_or_si128(low, high), _mm_set1_epi16(0xFF80u16 as i16));
        if _mm_movemask_epi8(_mm_cmpeq_epi16(wide_bits, _mm_setzero_si128())) != 0xFFFF {
            return false;
        }
        _mm_storeu_si128(to.cast(), _mm_packus_epi16(low, high));
    }
    true
}

#[cfg(not(target_arch = "x86_64"))]
use narrow_block_portable as narrow_block;

/// [`narrow_block`] for any CPU (and the reference the SSE2 one is tested against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
unsafe fn narrow_block_portable(block: &[u16], to: *mut u8) -> bool {
    if block.iter().fold(0u16, |seen, &unit| seen | unit) >= 0x80 {
        return false;
    }
    for (i, &unit) in block.iter().enumerate() {
        // SAFETY: `to` is valid for `BLOCK` bytes and `i < BLOCK`.
        unsafe { to.add(i).write(unit as u8) };
    }
    true
}

/// Writes the `BLOCK` units of `block` narrowed to bytes at `to`, and returns how many of them
/// lead as ASCII (`BLOCK` when all do): those bytes are the text's, the rest are to be
/// overwritten. Safety: `to` must be valid for `BLOCK` bytes.
#[cfg(target_arch = "x86_64")]
unsafe fn narrow_ascii_prefix(block: &[u16], to: *mut u8) -> usize {
    use std::arch::x86_64::*;
    debug_assert_eq!(block.len(), BLOCK);
    // SAFETY: SSE2 is part of x86-64; `block` holds 16 units (two unaligned loads) and `to`
    // is valid for 16 bytes (one unaligned store).
    unsafe {
        let low = _mm_loadu_si128(block.as_ptr().cast());
        let high = _mm_loadu_si128(block.as_ptr().add(8).cast());
        _mm_storeu_si128(to.cast(), _mm_packus_epi16(low, high));
        // Each unit below 0x80 becomes a 0xFF byte, the others a zero byte.
        let wide_bits = _mm_set1_epi16(0xFF80u16 as i16);
        let zero = _mm_setzero_si128();
        let ascii = _mm_packs_epi16(
            _mm_cmpeq_epi16(_mm_and_si128(low, wide_bits), zero),
            _mm_cmpeq_epi16(_mm_and_si128(high, wide_bits), zero),
        );
        (_mm_movemask_epi8(ascii) as u32)
            .trailing_ones()
            .min(BLOCK as u32) as usize
    }
}

#[cfg(not(target_arch = "x86_64"))]
use narrow_ascii_prefix_portable as narrow_ascii_prefix;

/// [`narrow_ascii_prefix`] for any CPU (and the reference the SSE2 one is tested against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
unsafe fn narrow_ascii_prefix_portable(block: &[u16], to: *mut u8) -> usize {
    for (i, &unit) in block.iter().enumerate() {
        // SAFETY: `to` is valid for `BLOCK` bytes and `i < BLOCK`.
        unsafe { to.add(i).write(unit as u8) };
    }
    block.iter().take_while(|&&unit| unit < 0x80).count()
}

/// Writes the `BLOCK` bytes of `block` widened to units at `to`, and returns how many of them
/// lead as ASCII (`BLOCK` when all do): those units are the text's, the rest are to be
/// overwritten. Safety: `to` must be valid for `BLOCK` units.
#[cfg(target_arch = "x86_64")]
unsafe fn widen_ascii_prefix(block: &[u8], to: *mut u16) -> usize {
    use std::arch::x86_64::*;
    debug_assert_eq!(block.len(), BLOCK);
    // SAFETY: SSE2 is part of x86-64; `block` holds 16 bytes (one unaligned load) and `to` is
    // valid for 16 units (two unaligned stores).
    unsafe {
        let bytes = _mm_loadu_si128(block.as_ptr().cast());
        let zero = _mm_setzero_si128();
        _mm_storeu_si128(to.cast(), _mm_unpacklo_epi8(bytes, zero));
        _mm_storeu_si128(to.add(8).cast(), _mm_unpackhi_epi8(bytes, zero));
        // A set top bit marks a byte that is not ASCII.
        (_mm_movemask_epi8(bytes) as u32)
            .trailing_zeros()
            .min(BLOCK as u32) as usize
    }
}

#[cfg(not(target_arch = "x86_64"))]
use widen_ascii_prefix_portable as widen_ascii_prefix;

/// [`widen_ascii_prefix`] for any CPU (and the reference the SSE2 one is tested against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
unsafe fn widen_ascii_prefix_portable(block: &[u8], to: *mut u16) -> usize {
    for (i, &byte) in block.iter().enumerate() {
        // SAFETY: `to` is valid for `BLOCK` units and `i < BLOCK`.
        unsafe { to.add(i).write(u16::from(byte)) };
    }
    block.iter().take_while(|byte| byte.is_ascii()).count()
}

/// The UTF-16 encoding of `text`, for a JS string built from it: ASCII runs are widened a block
/// at a time, where a JS engine's UTF-8 decoder goes byte by byte and first measures the text
/// in a separate pass.
pub fn utf8_to_utf16(text: &str) -> Vec<u16> {
    checked_utf8_to_utf16(text.as_bytes()).unwrap_or_else(|| text.encode_utf16().collect())
}

/// The UTF-16 encoding of `bytes` when they are valid UTF-8, else `None`: the check and the
/// encoding in one pass, for bytes not yet known to be text (validating first was a third of
/// the cost of turning a compacted view into a JS string, by callgrind).
pub fn checked_utf8_to_utf16(bytes: &[u8]) -> Option<Vec<u16>> {
    // A character never takes more UTF-16 units than UTF-8 bytes (4 bytes are 2 units), so
    // `bytes.len()` units are room for any text.
    let mut units: Vec<u16> = Vec::with_capacity(bytes.len());
    let out = units.as_mut_ptr();
    let mut written = 0usize;
    let mut at = 0usize;
    // Invariant: `written <= at`, so every write below lands within the capacity.
    while at < bytes.len() {
        if at + BLOCK <= bytes.len() {
            // ASCII is widened a block at a time, from wherever the last character ended.
            // SAFETY: `written + BLOCK <= at + BLOCK <= bytes.len()`, the capacity.
            let ascii = unsafe { widen_ascii_prefix(&bytes[at..at + BLOCK], out.add(written)) };
            at += ascii;
            written += ascii;
            if ascii == BLOCK {
                continue;
            }
        } else if bytes[at] < 0x80 {
            // SAFETY: `written < at + 1 <= bytes.len()`.
            unsafe { out.add(written).write(u16::from(bytes[at])) };
            written += 1;
            at += 1;
            continue;
        }
        let (code, width) = decode_wide(&bytes[at..])?;
        if code < 0x10000 {
            // SAFETY: the character took `width >= 2` bytes for this one unit.
            unsafe { out.add(written).write(code as u16) };
            written += 1;
        } else {
            let code = code - 0x10000;
            // SAFETY: the character took 4 bytes for these two units.
            unsafe {
                out.add(written).write(0xD800 | (code >> 10) as u16);
                out.add(written + 1).write(0xDC00 | (code & 0x3FF) as u16);
            }
            written += 2;
        }
        at += width;
    }
    // SAFETY: the first `written` units were written above.
    unsafe { units.set_len(written) };
    Some(units)
}

/// The scalar value of the multi-byte UTF-8 character starting `rest`, and its width in bytes;
/// `None` for anything `str::from_utf8` refuses (a stray continuation byte, a cut sequence, an
/// overlong form, a surrogate, a value above U+10FFFF).
#[inline]
fn decode_wide(rest: &[u8]) -> Option<(u32, usize)> {
    let continuation = |at: usize| {
        rest.get(at)
            .copied()
            .filter(|byte| byte & 0xC0 == 0x80)
            .map(|byte| u32::from(byte & 0x3F))
    };
    let lead = rest[0];
    // The second byte's range is narrower after some lead bytes (Unicode's table 3-7).
    let second = |low: u8, high: u8| {
        rest.get(1)
            .copied()
            .filter(|byte| (low..=high).contains(byte))
            .map(|byte| u32::from(byte & 0x3F))
    };
    match lead {
        0xC2..=0xDF => Some(((u32::from(lead & 0x1F) << 6) | continuation(1)?, 2)),
        0xE0..=0xEF => {
            let second = match lead {
                0xE0 => second(0xA0, 0xBF)?,
                0xED => second(0x80, 0x9F)?,
                _ => second(0x80, 0xBF)?,
            };
            let code = (u32::from(lead & 0x0F) << 12) | (second << 6) | continuation(2)?;
            Some((code, 3))
        }
        0xF0..=0xF4 => {
            let second = match lead {
                0xF0 => second(0x90, 0xBF)?,
                0xF4 => second(0x80, 0x8F)?,
                _ => second(0x80, 0xBF)?,
            };
            let code = (u32::from(lead & 0x07) << 18)
                | (second << 12)
                | (continuation(2)? << 6)
                | continuation(3)?;
            Some((code, 4))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(text: &[u16]) -> Vec<u8> {
        utf16_to_utf8(text)
    }

    #[test]
    fn matches_std_for_well_formed_text() {
        for text in [
            "",
            "plain ascii\n",
            "héllo wörld",
            "日本語 text",
            "emoji 😀 end",
            "ÿ\u{7ff}\u{800}\u{ffff}",
        ] {
            let units: Vec<u16> = text.encode_utf16().collect();
            assert_eq!(encode(&units), text.as_bytes(), "{text:?}");
        }
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let cases: [&[u16]; 5] = [
            &[0xD800],
            &[0x61, 0xDC00, 0x62],
            &[0xD83D, 0x61],
            &[0xDC00, 0xD800],
            &[0xD83D, 0xD83D, 0xDE00],
        ];
        for units in cases {
            assert_eq!(
                encode(units),
                String::from_utf16_lossy(units).as_bytes(),
                "{units:x?}"
            );
        }
    }

    #[test]
    fn ascii_runs_of_every_length_around_a_block_match_std() {
        // A wide character before, inside and after whole blocks of ASCII.
        for run in [0, 1, 31, 32, 33, 64, 65, 100] {
            for wide in ["", "é", "日", "😀"] {
                let ascii = "a".repeat(run);
                let text = format!("{wide}{ascii}{wide}{ascii}{wide}");
                let units: Vec<u16> = text.encode_utf16().collect();
                assert_eq!(encode(&units), text.as_bytes(), "run {run}, {wide:?}");
            }
        }
    }

    #[test]
    fn one_wide_character_anywhere_in_long_ascii_matches_std() {
        // Positions before, inside and after the vector steps, and tails of every length.
        for len in [95, 96, 97, 130] {
            for at in 0..len {
                for wide in ['\u{80}', 'é', '\u{100}', '日', '😀'] {
                    let mut text: String =
                        (0..len).map(|i| (b'!' + (i % 90) as u8) as char).collect();
                    text.replace_range(at..=at, wide.encode_utf8(&mut [0; 4]));
                    let units: Vec<u16> = text.encode_utf16().collect();
                    assert_eq!(
                        encode(&units),
                        text.as_bytes(),
                        "len {len}, {wide:?} at {at}"
                    );
                }
            }
        }
    }

    #[test]
    fn vector_and_portable_blocks_agree() {
        // Every position of a block holding each boundary value, ASCII or not.
        for value in [0u16, 0x41, 0x7F, 0x80, 0xFF, 0x100, 0x7FF, 0xD800, 0xFFFF] {
            for at in 0..BLOCK {
                let mut units = [u16::from(b'a'); BLOCK];
                units[at] = value;
                let (mut vector, mut portable) = ([0u8; BLOCK], [0u8; BLOCK]);
                // SAFETY: both outputs hold BLOCK bytes.
                let fits = unsafe { narrow_block(&units, vector.as_mut_ptr()) };
                let fits_portable = unsafe { narrow_block_portable(&units, portable.as_mut_ptr()) };
                assert_eq!(fits, value < 0x80, "{value:x} at {at}");
                assert_eq!(fits, fits_portable);
                if fits {
                    assert_eq!(vector, portable);
                }
                let (mut vector, mut portable) = ([0u8; BLOCK], [0u8; BLOCK]);
                // SAFETY: both outputs hold BLOCK bytes.
                let ascii = unsafe { narrow_ascii_prefix(&units, vector.as_mut_ptr()) };
                let ascii_portable =
                    unsafe { narrow_ascii_prefix_portable(&units, portable.as_mut_ptr()) };
                assert_eq!(
                    ascii,
                    if value < 0x80 { BLOCK } else { at },
                    "{value:x} at {at}"
                );
                assert_eq!(ascii, ascii_portable);
                assert_eq!(vector[..ascii], portable[..ascii]);
                let bytes: [u8; BLOCK] =
                    std::array::from_fn(|i| if i == at { value as u8 } else { b'a' });
                let (mut vector, mut portable) = ([0u16; BLOCK], [0u16; BLOCK]);
                // SAFETY: both outputs hold BLOCK units.
                let ascii = unsafe { widen_ascii_prefix(&bytes, vector.as_mut_ptr()) };
                let ascii_portable =
                    unsafe { widen_ascii_prefix_portable(&bytes, portable.as_mut_ptr()) };
                let expected = if (value as u8) < 0x80 { BLOCK } else { at };
                assert_eq!(ascii, expected, "{value:x} at {at}");
                assert_eq!(ascii, ascii_portable);
                assert_eq!(vector[..ascii], portable[..ascii]);
            }
        }
    }

    #[test]
    fn encoding_into_a_used_buffer_replaces_its_contents() {
        let mut out = b"left over from a longer earlier string".to_vec();
        let units: Vec<u16> = "héllo".encode_utf16().collect();
        utf16_to_utf8_into(&units, &mut out);
        assert_eq!(out, "héllo".as_bytes());
        utf16_to_utf8_into(&[], &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn utf8_to_utf16_matches_std() {
        for run in [0, 1, 31, 32, 33, 64, 65, 100] {
            for wide in ["", "é", "\u{7ff}", "日", "\u{ffff}", "😀"] {
                let ascii = "b".repeat(run);
                let text = format!("{wide}{ascii}{wide}{wide}{ascii}{wide}");
                let expected: Vec<u16> = text.encode_utf16().collect();
                assert_eq!(utf8_to_utf16(&text), expected, "run {run}, {wide:?}");
            }
        }
    }

    #[test]
    fn every_unit_value_in_sequence_matches_std() {
        // Runs through every code unit, so high surrogates meet low ones (pairs), each other
        // and ordinary characters (lone ones).
        let units: Vec<u16> = (0..=u16::MAX).chain((0..=u16::MAX).rev()).collect();
        assert_eq!(encode(&units), String::from_utf16_lossy(&units).as_bytes());
    }

    fn std_units(bytes: &[u8]) -> Option<Vec<u16>> {
        std::str::from_utf8(bytes)
            .ok()
            .map(|text| text.encode_utf16().collect())
    }

    #[test]
    fn checked_utf8_to_utf16_agrees_with_std_on_every_short_sequence() {
        // Every sequence of one or two bytes, and of three from a lead byte up, alone and
        // after ASCII that puts it across a block boundary.
        let mut sequences: Vec<Vec<u8>> = (0..=0xFFFFu32)
            .map(|n| vec![(n >> 8) as u8, n as u8])
            .chain((0..=0xFFu8).map(|b| vec![b]))
            .collect();
        for lead in 0xC0..=0xFFu8 {
            for n in 0..=0xFFFFu32 {
                sequences.push(vec![lead, (n >> 8) as u8, n as u8]);
            }
        }
        for lead in 0xF0..=0xF7u8 {
            for second in 0..=0xFFu8 {
                for third in [0x41u8, 0x80, 0x9F, 0xBF, 0xC0] {
                    for fourth in [0x41u8, 0x80, 0xBF, 0xC0] {
                        sequences.push(vec![lead, second, third, fourth]);
                    }
                }
            }
        }
        for sequence in &sequences {
            assert_eq!(
                checked_utf8_to_utf16(sequence),
                std_units(sequence),
                "{sequence:x?}"
            );
        }
        for sequence in sequences.iter().step_by(97) {
            for ascii in [14, 15, 16, 31] {
                let mut bytes = vec![b'a'; ascii];
                bytes.extend_from_slice(sequence);
                bytes.extend_from_slice(b"tail of ascii after it");
                assert_eq!(
                    checked_utf8_to_utf16(&bytes),
                    std_units(&bytes),
                    "{bytes:x?}"
                );
            }
        }
    }

    #[test]
    fn checked_utf8_to_utf16_matches_std_on_text() {
        for run in [0, 1, 15, 16, 17, 31, 32, 33, 100] {
            for wide in ["", "é", "\u{7ff}", "…", "\u{ffff}", "😀", "\u{10ffff}"] {
                let ascii = "c".repeat(run);
                let text = format!("{wide}{ascii}{wide}{wide}{ascii}{wide}");
                let expected: Vec<u16> = text.encode_utf16().collect();
                assert_eq!(
                    checked_utf8_to_utf16(text.as_bytes()),
                    Some(expected),
                    "run {run}, {wide:?}"
                );
            }
        }
    }
}
