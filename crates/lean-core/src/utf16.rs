//! UTF-16 to UTF-8 and back, for a host whose strings are UTF-16 (V8 copies a string out as
//! UTF-16 with a plain widening copy, but writes UTF-8 a character at a time). Tool output is
//! mostly ASCII, so ASCII is converted a block at a time and only other characters one by one.

/// Units converted at once while they are all ASCII.
const BLOCK: usize = 16;

/// `units` as UTF-8, each unpaired surrogate as U+FFFD (what `String::from_utf16_lossy` and
/// `Buffer.from(string)` give).
pub fn utf8_from_utf16_lossy(units: &[u16]) -> String {
    // Room for ASCII text; the first other unit makes exactly the room the rest can take. Left
    // to grow, the buffer would double, and on a large input a doubled buffer can make the
    // allocator hand out fresh pages on every call (page faults costing more than the copy).
    let mut out: Vec<u8> = Vec::with_capacity(units.len());
    let mut sized = false;
    let mut at = 0;
    while at < units.len() {
        // The whole stretch of ASCII blocks is found first and narrowed in one copy: a copy
        // per block would check the buffer's room every time.
        let ascii = ascii_blocks(&units[at..]);
        out.extend(units[at..at + ascii].iter().map(|&unit| unit as u8));
        at += ascii;
        let Some(&unit) = units.get(at) else {
            break;
        };
        if unit < 0x80 {
            out.push(unit as u8);
            at += 1;
            continue;
        }
        if !sized {
            out.reserve_exact(utf8_len_bound(&units[at..]));
            sized = true;
        }
        // A character of one or two units; an unpaired surrogate is one unit, replaced.
        let (c, used) = match char::decode_utf16(units[at..].iter().copied().take(2)).next() {
            Some(Ok(c)) => (c, c.len_utf16()),
            _ => (char::REPLACEMENT_CHARACTER, 1),
        };
        at += used;
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }
    // Whole characters only were written, so this holds; the fallback never runs.
    String::from_utf8(out).unwrap_or_else(|_| String::from_utf16_lossy(units))
}

/// How many units `units` starts with in whole blocks of [`BLOCK`] ASCII units.
fn ascii_blocks(units: &[u16]) -> usize {
    let is_ascii = |block: &&[u16]| block.iter().fold(0, |any, &unit| any | unit) < 0x80;
    units.chunks_exact(BLOCK).take_while(is_ascii).count() * BLOCK
}

/// The most UTF-8 bytes `units` can take: one per ASCII unit, two per unit below U+0800, three
/// per other unit (a surrogate pair's four bytes are two per unit, and a lone surrogate's
/// U+FFFD is three). Counted in 16-bit lanes, a chunk at a time (at most two extra bytes a
/// unit, so a chunk's count fits).
fn utf8_len_bound(units: &[u16]) -> usize {
    units
        .chunks(1 << 14)
        .map(|chunk| {
            let extra = chunk.iter().fold(0u16, |extra, &unit| {
                extra + u16::from(unit >= 0x80) + u16::from(unit >= 0x800)
            });
            chunk.len() + usize::from(extra)
        })
        .sum()
}

/// `text` as UTF-16.
pub fn utf16_from_str(text: &str) -> Vec<u16> {
    let bytes = text.as_bytes();
    let mut out: Vec<u16> = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        // As in `utf8_from_utf16_lossy`: the stretch of ASCII blocks is widened in one copy.
        let ascii = bytes[at..]
            .chunks_exact(BLOCK)
            .take_while(|block| block.is_ascii())
            .count()
            * BLOCK;
        out.extend(bytes[at..at + ascii].iter().map(|&b| u16::from(b)));
        at += ascii;
        // Blocks and characters are taken whole, so `at` is at a character boundary.
        let Some(c) = text.get(at..).and_then(|rest| rest.chars().next()) else {
            break;
        };
        out.extend_from_slice(c.encode_utf16(&mut [0; 2]));
        at += c.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Mostly ASCII with characters of every UTF-8 length and surrogates, paired or not.
    fn units() -> impl Strategy<Value = Vec<u16>> {
        let unit = prop_oneof![
            6 => 0x20u16..0x7f,
            1 => 0u16..0x80,
            1 => 0x80u16..0x800,
            1 => 0x800u16..0xd800,
            1 => 0xd800u16..0xdc00,
            1 => 0xdc00u16..0xe000,
            1 => 0xe000u16..=0xffff,
        ];
        proptest::collection::vec(unit, 0..200)
    }

    proptest! {
        #[test]
        fn utf8_is_what_the_standard_library_gives(units in units()) {
            prop_assert_eq!(utf8_from_utf16_lossy(&units), String::from_utf16_lossy(&units));
        }

        #[test]
        fn utf16_is_what_the_standard_library_gives(units in units()) {
            let text = String::from_utf16_lossy(&units);
            prop_assert_eq!(utf16_from_str(&text), text.encode_utf16().collect::<Vec<u16>>());
        }
    }

    /// A large text with one character past ASCII is written into the room that character
    /// needs, not into a doubled buffer.
    #[test]
    fn one_character_past_ascii_does_not_double_the_buffer() {
        for odd in ["é", "€", "😀"] {
            let text = format!("{}{odd}{}", "a".repeat(100_000), "b".repeat(7));
            let units: Vec<u16> = text.encode_utf16().collect();
            let utf8 = utf8_from_utf16_lossy(&units);
            assert_eq!(utf8, text);
            assert!(utf8.capacity() < units.len() + 16, "{}", utf8.capacity());
        }
    }

    #[test]
    fn every_place_in_a_block_and_across_blocks() {
        for odd in ["é", "€", "😀"] {
            for at in 0..40 {
                let text = format!("{}{odd}{}", "a".repeat(at), "b".repeat(40 - at));
                let units: Vec<u16> = text.encode_utf16().collect();
                assert_eq!(utf16_from_str(&text), units);
                assert_eq!(utf8_from_utf16_lossy(&units), text);
            }
        }
        // A pair split across two blocks, and a lead surrogate at the very end.
        let mut units = vec![u16::from(b'a'); 15];
        units.extend([0xd83d, 0xde00, 0xd83d]);
        assert_eq!(
            utf8_from_utf16_lossy(&units),
            String::from_utf16_lossy(&units)
        );
    }
}
