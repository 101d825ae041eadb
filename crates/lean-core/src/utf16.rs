//! UTF-16 to UTF-8, as JS engines encode strings for the outside world (and back): a lone surrogate
//! becomes U+FFFD, exactly like `Buffer.from(string)` and V8's own UTF-8 writer.
//!
//! Safe code over the standard library's decoders: ASCII runs, the bulk of tool output, are
//! narrowed in one loop the compiler vectorizes; other characters go one at a time.

/// The UTF-8 encoding of `units`, lone surrogates replaced with U+FFFD.
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
    let mut rest = units;
    while !rest.is_empty() {
        let ascii = rest.iter().position(|&u| u >= 0x80).unwrap_or(rest.len());
        out.extend(rest[..ascii].iter().map(|&u| u as u8));
        rest = &rest[ascii..];
        let Some(decoded) = char::decode_utf16(rest.iter().copied()).next() else {
            break;
        };
        let (c, used) = match decoded {
            Ok(c) => (c, c.len_utf16()),
            Err(_) => (char::REPLACEMENT_CHARACTER, 1),
        };
        out.extend_from_slice(c.encode_utf8(&mut [0u8; 4]).as_bytes());
        rest = &rest[used..];
    }
}

/// The UTF-16 encoding of `text`, for a JS string built from it.
pub fn utf8_to_utf16(text: &str) -> Vec<u16> {
    text.encode_utf16().collect()
}

/// The UTF-16 encoding of `bytes` when they are valid UTF-8, else `None`.
pub fn checked_utf8_to_utf16(bytes: &[u8]) -> Option<Vec<u16>> {
    std::str::from_utf8(bytes).ok().map(utf8_to_utf16)
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
