//! UTF-16 to UTF-8, as JS engines encode strings for the outside world (and back): a lone surrogate
//! becomes U+FFFD, exactly like `Buffer.from(string)` and V8's own UTF-8 writer. The binding
//! copies a JS string out as its UTF-16 (a plain copy in V8) and encodes it here,
//! which is several times faster than V8's character-by-character UTF-8 writer.

/// The UTF-8 encoding of `units`, lone surrogates replaced with U+FFFD. ASCII runs, the bulk
/// of tool output, are found and narrowed a block at a time (vector code); only the other
/// characters are encoded one by one.
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
        let run = ascii_prefix_len(&units[at..]);
        out.extend(units[at..at + run].iter().map(|&unit| unit as u8));
        at += run;
        let Some(&unit) = units.get(at) else {
            break;
        };
        at += 1;
        let mut encoded = [0u8; 4];
        let code = match unit {
            0xD800..=0xDBFF if matches!(units.get(at), Some(0xDC00..=0xDFFF)) => {
                let code =
                    0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(units[at]) - 0xDC00);
                at += 1;
                code
            }
            // A lone surrogate is U+FFFD.
            0xD800..=0xDFFF => 0xFFFD,
            _ => u32::from(unit),
        };
        // Every `code` here is a scalar value: surrogates were paired or replaced above.
        let text = char::from_u32(code)
            .unwrap_or('\u{FFFD}')
            .encode_utf8(&mut encoded);
        out.extend_from_slice(text.as_bytes());
    }
}

/// How many leading units of `units` (UTF-16 units or UTF-8 bytes) are ASCII: whole blocks are
/// tested with one OR each, and only the block holding the first wider unit is searched unit
/// by unit.
fn ascii_prefix_len<T: Copy + Into<u16>>(units: &[T]) -> usize {
    const BLOCK: usize = 32;
    let mut len = 0;
    for block in units.chunks(BLOCK) {
        if block.iter().fold(0u16, |seen, &unit| seen | unit.into()) < 0x80 {
            len += block.len();
            continue;
        }
        return len + block.iter().take_while(|&&unit| unit.into() < 0x80).count();
    }
    len
}

/// The UTF-16 encoding of `text`, for a JS string built from it: ASCII runs are widened a block
/// at a time, where a JS engine's UTF-8 decoder goes byte by byte and first measures the text
/// in a separate pass.
pub fn utf8_to_utf16(text: &str) -> Vec<u16> {
    let bytes = text.as_bytes();
    let mut units: Vec<u16> = Vec::with_capacity(bytes.len());
    let mut at = 0usize;
    while at < bytes.len() {
        let run = ascii_prefix_len(&bytes[at..]);
        units.extend(bytes[at..at + run].iter().map(|&byte| u16::from(byte)));
        at += run;
        // `at` is on a character boundary: it follows ASCII or a whole character.
        let Some(wide) = text[at..].chars().next() else {
            break;
        };
        let mut encoded = [0u16; 2];
        units.extend_from_slice(wide.encode_utf16(&mut encoded));
        at += wide.len_utf8();
    }
    units
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
}
