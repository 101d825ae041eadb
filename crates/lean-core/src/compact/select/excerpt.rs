//! Over-long lines are excerpted, never dropped whole: a kept line longer than
//! [`EXCERPT_ABOVE`] bytes shows its start and its end around an inline marker naming the cut
//! columns and the line to retrieve. A minified file's one huge line then costs a few hundred
//! bytes, and the short lines around it stay.

use super::line_texts::LineTexts;

/// Lines longer than this (bytes, terminator excluded) are excerpted in a lossy view.
pub(super) const EXCERPT_ABOVE: usize = 2048;
/// Bytes kept from the start and from the end of an excerpted line.
const HEAD_BYTES: usize = 480;
const TAIL_BYTES: usize = 240;
/// Most bytes an excerpted line takes in a view: its two ends and the inline marker.
pub(super) const EXCERPT_BYTES: usize = HEAD_BYTES + TAIL_BYTES + 120;

/// Bytes line text of `len` bytes takes in a lossy view.
#[inline(always)]
pub(super) fn shown_len(len: usize) -> usize {
    if len > EXCERPT_ABOVE {
        EXCERPT_BYTES
    } else {
        len
    }
}

/// The lines of `texts` longer than [`EXCERPT_ABOVE`], in order. Most outputs have none: the
/// line starts tell without reading a line.
pub(super) fn long_lines(texts: &LineTexts<'_>) -> Vec<u32> {
    let n = texts.len();
    (0..n)
        .filter(|&i| {
            let span = (texts.starts.get(i + 1) - texts.starts.get(i)) as usize;
            span > EXCERPT_ABOVE && texts[i].len() > EXCERPT_ABOVE
        })
        .map(|i| i as u32)
        .collect()
}

/// The largest cut at most `at` that does not split a UTF-8 sequence of `text`.
fn boundary_before(text: &[u8], mut at: usize) -> usize {
    while at > 0 && at < text.len() && (text[at] & 0xC0) == 0x80 {
        at -= 1;
    }
    at
}

/// Writes the excerpt of `text` (line `line`, from 1; no terminator) to `out` and returns the
/// 1-based column range it cut. `id` is the recovery id for the marker, if retrieval works.
pub(super) fn write_excerpt(
    out: &mut Vec<u8>,
    text: &[u8],
    line: usize,
    id: Option<&str>,
) -> (usize, usize) {
    let head = boundary_before(text, HEAD_BYTES);
    let tail = boundary_before(text, text.len() - TAIL_BYTES);
    out.extend_from_slice(&text[..head]);
    let (from, to) = (head + 1, tail);
    let marker = match id {
        Some(id) => format!(
            " [… columns {from}-{to} of line {line} · token_retrieve id={id} startLine={line} maxLines=1] "
        ),
        None => format!(" [… columns {from}-{to} of line {line} omitted] "),
    };
    out.extend_from_slice(marker.as_bytes());
    out.extend_from_slice(&text[tail..]);
    (from, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_keeps_both_ends_and_names_the_cut() {
        let text: Vec<u8> = (0..10_000u32).map(|k| b'a' + (k % 26) as u8).collect();
        let mut out = Vec::new();
        let (from, to) = write_excerpt(&mut out, &text, 7, Some("00112233aabbccdd"));
        assert!(out.starts_with(&text[..HEAD_BYTES]));
        assert!(out.ends_with(&text[text.len() - TAIL_BYTES..]));
        assert_eq!((from, to), (HEAD_BYTES + 1, text.len() - TAIL_BYTES));
        let shown = String::from_utf8(out.clone()).unwrap();
        assert!(shown.contains("[… columns 481-9760 of line 7 · token_retrieve id=00112233aabbccdd startLine=7 maxLines=1]"));
        assert!(out.len() <= EXCERPT_BYTES);
    }

    #[test]
    fn cuts_fall_between_characters() {
        let text = "é".repeat(3000);
        let mut out = Vec::new();
        write_excerpt(&mut out, text.as_bytes(), 1, None);
        assert!(std::str::from_utf8(&out).is_ok());
    }
}

#[cfg(test)]
mod engine_tests {
    use crate::compact::{compact, CompactOptions};

    #[test]
    fn a_minified_file_keeps_its_short_lines_and_both_ends_of_the_long_one() {
        let long: String = (0..12_000).map(|i| format!("var a{i}={i};")).collect();
        let input =
            format!("// bundle.min.js\n(function(){{{long}}})();\n//# sourceMappingURL=x.map\n");
        let opts = CompactOptions {
            recovery_id: Some("0011223344556677".into()),
            ..Default::default()
        };
        let result = compact(input.as_bytes(), &opts);
        let view = String::from_utf8_lossy(&result.text);
        assert!(
            view.starts_with("// bundle.min.js\n(function(){var a0=0;"),
            "{view}"
        );
        assert!(
            view.contains("var a11999=11999;})();\n//# sourceMappingURL=x.map\n"),
            "{view}"
        );
        assert!(view.contains("startLine=2 maxLines=1]"), "{view}");
    }
}
