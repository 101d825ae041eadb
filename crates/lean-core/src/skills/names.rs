//! One canonical spelling of skill names, so policy, mentions, redaction and the forged-block
//! scanner agree on which name a text means however it is spelled.
//!
//! A model reads `ＳＥＣＲＥＴ‐x`, `sec\u{200B}ret-x`, `ѕecret-x` (Cyrillic dze) and
//! `secret&#45;x` all as `secret-x`, so each of them must meet the denied name. Every
//! character goes through the same steps, one at a time:
//!
//! 1. compatibility decomposition (NFKD: fullwidth and mathematical letters, ligatures, long
//!    s, non-breaking spaces become their plain forms);
//! 2. default-ignorable, format and control characters vanish (zero-width space, joiners,
//!    soft hyphen, bidi controls, tag characters, variation selectors, NUL), and so do
//!    combining marks, so an accent or an NFD spelling adds nothing;
//! 3. every dash-like character becomes `-`;
//! 4. lower case (with `ß` → `ss`, as full case folding has it);
//! 5. letters and digits map to their Unicode TR #39 confusable skeleton (Cyrillic and Greek
//!    look-alikes, `0` → `o`, `1` → `l`; an ASCII letter stays one letter, so `m` is not
//!    `rn`), lower-cased again; where only the capital has a Latin look-alike (`κ`/`Κ`,
//!    `χ`/`Χ`), the capital's skeleton counts.
//!
//! Punctuation keeps its identity in step 5 (`|` is not an `l` here), because word boundaries
//! are read on the folded text and a table cell `|secret-x|` must still hold a whole name.
//! Folding is idempotent, works per character (no state, linear time), and [`Folded`]
//! remembers where each folded byte came from so a match maps back to the original bytes.
//!
//! Running text also decodes HTML character references before folding ([`Folded::new`]):
//! numeric ones with or without `;`, the dash-like named ones (`&hyphen;`, `&dash;`, …), and
//! any depth of `&amp;` double encoding. Names themselves ([`fold_name`]) are taken
//! literally.

use std::collections::HashMap;
use std::sync::OnceLock;

use foldhash::fast::RandomState as FastState;

use unicode_general_category::{get_general_category, GeneralCategory};
use unicode_normalization::char::decompose_compatible;

/// The canonical form of a skill name or policy literal (no entity decoding).
pub fn fold_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for ch in name.chars() {
        fold_char(ch, &mut out);
    }
    out
}

/// Appends the canonical form of one character (possibly nothing, possibly several chars).
pub fn fold_char(ch: char, out: &mut String) {
    if ch.is_ascii() {
        out.push_str(ascii_folds()[ch as usize]);
        return;
    }
    let start = out.len();
    fold_once(ch, out);
    // Skeleton prototypes are fixed points of TR #39, but lower-casing after the skeleton can
    // step outside them (U+15F0 → `M` → `m`, which TR #39 likens to `rn`); folding the result
    // again settles it (a test over every code point checks one more round is enough).
    if out[start..] != *ch.encode_utf8(&mut [0u8; 4]) {
        let first: String = out[start..].to_string();
        out.truncate(start);
        for c in first.chars() {
            if c.is_ascii() {
                out.push_str(ascii_folds()[c as usize]);
            } else {
                fold_once(c, out);
            }
        }
    }
}

/// Steps 1–5 once, for a non-ASCII char. When decomposing leads to no plain ASCII but the
/// letter's own skeleton does, the skeleton wins (`ϲ` decomposes to final sigma, which looks
/// like nothing Latin, though `ϲ` looks like `c`); otherwise decomposition comes first (`ſ`
/// is `s`, though TR #39 likens it to `f`).
fn fold_once(ch: char, out: &mut String) {
    let start = out.len();
    decompose_into(ch, out);
    if out[start..].is_ascii() || !ch.is_alphanumeric() {
        return;
    }
    let mut direct = String::new();
    letter_into(ch, &mut direct);
    if direct.is_ascii() {
        out.truncate(start);
        out.push_str(&direct);
    }
}

/// Steps 1–5 through the compatibility decomposition.
fn decompose_into(ch: char, out: &mut String) {
    decompose_compatible(ch, |part| {
        if vanishes(part) {
            return;
        }
        if is_dash(part) {
            out.push('-');
            return;
        }
        match part {
            'ß' | 'ẞ' => out.push_str("ss"),
            _ if part.is_alphanumeric() => letter_into(part, out),
            _ => out.extend(part.to_lowercase()),
        }
    });
}

/// A letter or digit: the skeleton of its lower case, or, when that is not plain ASCII but
/// the skeleton of its upper case is, that one (TR #39 confuses `Κ` with `K` but `κ` only with
/// `ĸ`, `Χ` with `X` but not `χ`; a model reads either case as the Latin letter).
fn letter_into(letter: char, out: &mut String) {
    if letter.is_ascii() {
        out.push_str(ascii_folds()[letter as usize]);
        return;
    }
    let start = out.len();
    for lower in letter.to_lowercase() {
        skeleton_into(lower, out);
    }
    if out[start..].is_ascii() {
        return;
    }
    let mut upper = String::new();
    for capital in letter.to_uppercase() {
        skeleton_into(capital, &mut upper);
    }
    if upper.is_ascii() {
        out.truncate(start);
        out.push_str(&upper);
    }
}

/// The TR #39 skeleton of one letter or digit, marks dropped, lower-cased.
fn skeleton_into(ch: char, out: &mut String) {
    let mut buf = [0u8; 4];
    for proto in unicode_security::skeleton(ch.encode_utf8(&mut buf)) {
        if vanishes(proto) {
            continue;
        }
        for lower in proto.to_lowercase() {
            out.push(lower);
        }
    }
}

/// The folded form of every ASCII char, computed once by the general path so both agree.
fn ascii_folds() -> &'static [&'static str; 128] {
    static TABLE: OnceLock<[&'static str; 128]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [""; 128];
        for (byte, slot) in table.iter_mut().enumerate() {
            let ch = char::from(byte as u8);
            let mut out = String::new();
            if vanishes(ch) {
                // Controls other than whitespace vanish.
            } else if ch.is_ascii_alphanumeric() {
                skeleton_into(ch.to_ascii_lowercase(), &mut out);
                // One char stays one char: `m` is not `rn` here, so a policy `?` still stands
                // for one letter of a plain name (and `rn` is two letters a model reads as such).
                if out.len() != 1 {
                    out = ch.to_ascii_lowercase().to_string();
                }
            } else {
                out.push(ch);
            }
            *slot = Box::leak(out.into_boxed_str());
        }
        table
    })
}

/// Characters that fold to nothing: default-ignorables, format and control characters
/// (whitespace controls excepted) and combining marks.
fn vanishes(ch: char) -> bool {
    if ch.is_ascii() {
        return ch.is_ascii_control() && !matches!(ch, '\t' | '\n' | '\r' | '\x0b' | '\x0c');
    }
    if is_default_ignorable(ch) {
        return true;
    }
    matches!(
        get_general_category(ch),
        GeneralCategory::Format
            | GeneralCategory::Control
            | GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    )
}

/// Unicode's Default_Ignorable_Code_Point ranges that are not already format characters or
/// marks (Hangul fillers, Mongolian free variation selectors and the like).
fn is_default_ignorable(ch: char) -> bool {
    matches!(ch as u32,
        0x00AD | 0x034F | 0x061C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// Dash-like characters: Unicode dash punctuation plus the minus signs and hyphen look-alikes
/// of other categories.
fn is_dash(ch: char) -> bool {
    matches!(
        ch,
        '\u{2212}' | '\u{2043}' | '\u{02D7}' | '\u{2796}' | '\u{FE63}' | '\u{FF0D}'
    ) || get_general_category(ch) == GeneralCategory::DashPunctuation
}

/// Named character references that can stand in a skill name: dashes, the separators a
/// name's words may be joined with, and invisible ones (which fold to nothing).
const NAMED_REFERENCES: &[(&str, char)] = &[
    ("hyphen", '\u{2010}'),
    ("dash", '\u{2010}'),
    ("minus", '\u{2212}'),
    ("ndash", '\u{2013}'),
    ("mdash", '\u{2014}'),
    ("horbar", '\u{2015}'),
    ("hybull", '\u{2043}'),
    ("lowbar", '_'),
    ("underbar", '_'),
    ("nbsp", '\u{A0}'),
    ("shy", '\u{AD}'),
    ("zwj", '\u{200D}'),
    ("zwnj", '\u{200C}'),
    ("lrm", '\u{200E}'),
    ("rlm", '\u{200F}'),
    ("period", '.'),
    ("colon", ':'),
    ("sol", '/'),
    ("quot", '"'),
    ("apos", '\''),
    ("lt", '<'),
    ("gt", '>'),
    ("amp", '&'),
];

/// Longest run of hex digits read from a numeric reference; more is no code point.
const MAX_REFERENCE_DIGITS: usize = 8;

/// Decodes the character reference at the start of `text` (which starts with `&`): any
/// number of `amp;` layers, then `#123`, `#x7b` or a name from [`NAMED_REFERENCES`], the `;`
/// optional. Returns the char and the bytes consumed, or `Err(consumed)` with the bytes of
/// `&amp;` layers read (so a caller skips them once instead of rescanning them).
pub fn decode_reference(text: &str) -> Result<(char, usize), usize> {
    let bytes = text.as_bytes();
    debug_assert_eq!(bytes.first(), Some(&b'&'));
    let mut at = 1;
    while bytes.len() >= at + 4 && bytes[at..at + 4].eq_ignore_ascii_case(b"amp;") {
        at += 4;
    }
    let layers = at;
    let semicolon = |end: usize| end + usize::from(bytes.get(end) == Some(&b';'));
    if bytes.get(at) == Some(&b'#') {
        at += 1;
        let hex = matches!(bytes.get(at), Some(b'x' | b'X'));
        if hex {
            at += 1;
        }
        let digits = bytes[at..]
            .iter()
            .take_while(|b| {
                if hex {
                    b.is_ascii_hexdigit()
                } else {
                    b.is_ascii_digit()
                }
            })
            .count();
        if digits == 0 || digits > MAX_REFERENCE_DIGITS {
            return Err(layers);
        }
        let value = u32::from_str_radix(&text[at..at + digits], if hex { 16 } else { 10 });
        return match value.ok().and_then(char::from_u32) {
            Some(ch) if ch != '\0' => Ok((ch, semicolon(at + digits))),
            _ => Err(layers),
        };
    }
    let letters = bytes[at..]
        .iter()
        .take(12)
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    let word = &text[at..at + letters];
    NAMED_REFERENCES
        .iter()
        .filter(|(name, _)| {
            word.len() >= name.len()
                && word.as_bytes()[..name.len()].eq_ignore_ascii_case(name.as_bytes())
        })
        .max_by_key(|(name, _)| name.len())
        .map(|&(name, ch)| (ch, semicolon(at + name.len())))
        .ok_or(layers)
}

/// The folds of the non-ASCII chars one text has used: folding one takes a decomposition
/// and two table searches, and a text tends to repeat the few it has.
#[derive(Default)]
struct FoldCache {
    /// Char -> its range in `folds`.
    known: HashMap<char, (u32, u32), FastState>,
    folds: String,
}

impl FoldCache {
    fn fold(&mut self, ch: char, out: &mut String) {
        if ch.is_ascii() {
            out.push_str(ascii_folds()[ch as usize]);
            return;
        }
        let (start, end) = *self.known.entry(ch).or_insert_with(|| {
            let start = self.folds.len();
            fold_char(ch, &mut self.folds);
            (start as u32, self.folds.len() as u32)
        });
        out.push_str(&self.folds[start as usize..end as usize]);
    }
}

/// A folded copy of a text that remembers where each folded byte came from, so a match
/// found in the folded text maps back to the original even when folding changes byte lengths
/// (`İ` folds to two chars, `ｓ` to one ASCII byte, a zero-width space to none).
#[derive(Debug)]
pub struct Folded {
    /// The folded text.
    pub text: String,
    /// For each byte of `text`, plus one past the end: the byte offset in the original of the
    /// char it was folded from (the original's length for the end).
    origin: Vec<usize>,
}

impl Folded {
    /// Folds running text: character references decoded, then each char as [`fold_char`].
    pub fn new(text: &str) -> Folded {
        let mut folded = String::with_capacity(text.len());
        let mut origin = Vec::with_capacity(text.len() + 1);
        let mut rest_from = 0;
        let mut cache = FoldCache::default();
        for (at, ch) in text.char_indices() {
            if at < rest_from {
                continue;
            }
            let before = folded.len();
            if ch == '&' {
                match decode_reference(&text[at..]) {
                    Ok((decoded, used)) => {
                        cache.fold(decoded, &mut folded);
                        rest_from = at + used;
                    }
                    Err(layers) => {
                        // Kept literally, `&amp;` layers included, and not read again.
                        for c in text[at..at + layers].chars() {
                            cache.fold(c, &mut folded);
                        }
                        rest_from = at + layers;
                    }
                }
            } else {
                cache.fold(ch, &mut folded);
            }
            origin.resize(origin.len() + (folded.len() - before), at);
        }
        origin.push(text.len());
        Folded {
            text: folded,
            origin,
        }
    }

    /// The original byte range of the folded range `start..end` (char boundaries).
    pub fn original_range(&self, start: usize, end: usize) -> (usize, usize) {
        let original_end = if end < self.origin.len() - 1 {
            // `end` starts the next folded char; its origin is where the next original char
            // starts, unless it comes from the same original char (then take that char whole).
            let next = self.origin[end];
            if end > 0 && self.origin[end - 1] == next {
                self.origin[end..]
                    .iter()
                    .copied()
                    .find(|&at| at != next)
                    .unwrap_or(*self.origin.last().unwrap_or(&0))
            } else {
                next
            }
        } else {
            *self.origin.last().unwrap_or(&0)
        };
        (self.origin[start], original_end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_fold_to_the_plain_name() {
        for spelling in [
            "secret-x",
            "SECRET-X",
            "ｓｅｃｒｅｔ－ｘ",
            "sec\u{200B}ret-x",
            "secret\u{2010}x",
            "secret\u{2011}x",
            "secret\u{2212}x",
            "s\u{0435}cr\u{0435}t-x",
            "\u{17F}ecret-x",
            "\u{1D42C}\u{1D41E}\u{1D41C}\u{1D42B}\u{1D41E}\u{1D42D}-x",
            "se\u{301}cret-x",
            "secret-\u{E0078}x",
            "\u{202E}secret-x",
            "secret\u{FE0F}-x",
        ] {
            assert_eq!(fold_name(spelling), fold_name("secret-x"), "{spelling:?}");
        }
        assert_eq!(fold_name("tdd"), "tdd");
        assert_eq!(fold_name("mlflow"), "mlflow");
        assert_eq!(fold_name("\u{43C}lflow"), "mlflow");
        assert_eq!(fold_name("v10"), "vlo");
        assert_eq!(fold_name("Stra\u{DF}e"), fold_name("strasse"));
    }

    #[test]
    fn punctuation_keeps_its_identity() {
        assert_eq!(fold_name("|a`b\"c_d e"), "|a`b\"c_d e");
        assert_eq!(fold_name("a\tb\nc"), "a\tb\nc");
        assert_eq!(fold_name("a\0b"), "ab");
    }

    #[test]
    fn folding_is_idempotent_on_every_code_point() {
        for code in (0..=0x3_FFFFu32).chain(0xE_0000..=0xE_0FFF) {
            let Some(ch) = char::from_u32(code) else {
                continue;
            };
            let once = fold_name(&ch.to_string());
            assert_eq!(fold_name(&once), once, "U+{code:04X}");
        }
    }

    #[test]
    fn references_decode_in_running_text() {
        for text in [
            "secret&#45;x",
            "secret&#x2d;x",
            "secret&#X2D;x",
            "secret&#45x",
            "secret&#0045;x",
            "secret&hyphen;x",
            "secret&dash;x",
            "secret&Hyphen;x",
            "secret&hyphenx",
            "secret&amp;#45;x",
            "secret&amp;amp;#45;x",
            "secret&minus;x",
            "&#115;ecret-x",
        ] {
            assert_eq!(Folded::new(text).text, "secret-x", "{text}");
        }
        for text in [
            "a & b",
            "&#;",
            "&#x;",
            "&#99999999999;",
            "&amp;",
            "&amp;amp;zz",
            "&#0;",
        ] {
            assert_eq!(Folded::new(text).text, fold_name(text), "{text}");
        }
    }

    #[test]
    fn folding_maps_back_to_original_offsets() {
        let text = "\u{130}x SECRET-\u{212A} sec\u{200B}ret&#45;x done";
        let folded = Folded::new(text);
        let start = folded.text.find("secret-k").unwrap();
        let (a, b) = folded.original_range(start, start + "secret-k".len());
        assert_eq!(&text[a..b], "SECRET-\u{212A}");
        let start = folded.text.find("secret-x").unwrap();
        let (a, b) = folded.original_range(start, start + "secret-x".len());
        assert_eq!(&text[a..b], "sec\u{200B}ret&#45;x");
        let start = folded.text.find("ix").unwrap();
        let (a, b) = folded.original_range(start, start + 1);
        assert_eq!(&text[a..b], "\u{130}");
    }

    #[test]
    fn many_amp_layers_are_read_once() {
        let text = format!("&{}", "amp;".repeat(50_000));
        assert_eq!(Folded::new(&text).text, fold_name(&text));
    }
}
