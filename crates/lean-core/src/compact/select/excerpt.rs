//! Over-long lines are excerpted, never dropped whole: a kept line longer than
//! [`EXCERPT_ABOVE`] bytes shows its start and its end around an inline marker naming the cut
//! columns and the line to retrieve. A minified file's one huge line then costs a few hundred
//! bytes, and the short lines around it stay. Where the caller's query names something the
//! line holds (`arrayLimit` in a bundle's one line), the excerpt also shows a window around
//! the first place of each such term: the line's start and end rarely hold what was asked.

use super::line_texts::LineTexts;

/// Lines longer than this (bytes, terminator excluded) are excerpted in a lossy view.
pub(super) const EXCERPT_ABOVE: usize = 2048;
/// Bytes kept from the start and from the end of an excerpted line.
const HEAD_BYTES: usize = 480;
const TAIL_BYTES: usize = 240;
/// Most bytes an excerpted line takes in a view without query windows: its two ends and the
/// inline marker.
pub(super) const EXCERPT_BYTES: usize = HEAD_BYTES + TAIL_BYTES + 120;
/// Bytes shown before and after a query term's place in an excerpted line: a definition or a
/// setting around the name.
const WINDOW_BEFORE: usize = 160;
const WINDOW_AFTER: usize = 320;
/// Bytes one query window shows.
const WINDOW_BYTES: usize = WINDOW_BEFORE + WINDOW_AFTER;
/// The stretch of a line whose asked words one window shows (see
/// `QueryTerms::densest_places`): how far into it the window's place goes, and its length. A
/// short stretch tells words that meet (a block of settings) from words named a few lines
/// apart; the window shows it from just before its first word, and as much after it again.
pub(super) const DENSE_STRETCH: (usize, usize) = (WINDOW_BEFORE - 16, 192);
/// Most query windows in one excerpted line.
pub(super) const MAX_WINDOWS: usize = 3;
/// Most bytes an excerpted line takes with its query windows and their inline markers.
pub(super) const MAX_EXCERPT_BYTES: usize = EXCERPT_BYTES + MAX_WINDOWS * (WINDOW_BYTES + 160);

/// Bytes line text of `len` bytes takes in a lossy view (without query windows).
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

/// The byte ranges of `text` an excerpt shows: its start, a window around each of `hits`
/// (byte offsets, at most [`MAX_WINDOWS`] used), and its end, sorted and merged where they
/// touch. Every cut falls between characters.
fn shown_ranges(text: &[u8], hits: &[usize]) -> Vec<(usize, usize)> {
    let len = text.len();
    let mut ranges = vec![(0, boundary_before(text, HEAD_BYTES))];
    for &hit in hits.iter().take(MAX_WINDOWS) {
        let from = boundary_before(text, hit.saturating_sub(WINDOW_BEFORE));
        let to = boundary_before(text, (hit + WINDOW_AFTER).min(len));
        ranges.push((from, to));
    }
    ranges.push((boundary_before(text, len - TAIL_BYTES), len));
    ranges.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(ranges.len());
    for (from, to) in ranges {
        match merged.last_mut() {
            Some(last) if from <= last.1 => last.1 = last.1.max(to),
            _ => merged.push((from, to)),
        }
    }
    merged
}

/// Writes the excerpt of `text` (line `line`, from 1; no terminator) to `out` and returns the
/// 1-based column ranges it cut, in order. `hits` are the byte offsets of query terms the
/// line holds (see the module doc); `id` is the recovery id for the markers, if retrieval
/// works.
pub(super) fn write_excerpt(
    out: &mut Vec<u8>,
    text: &[u8],
    line: usize,
    id: Option<&str>,
    hits: &[usize],
) -> Vec<(usize, usize)> {
    let shown = shown_ranges(text, hits);
    let mut cuts = Vec::with_capacity(shown.len() - 1);
    for (k, &(from, to)) in shown.iter().enumerate() {
        if k > 0 {
            let (cut_from, cut_to) = (shown[k - 1].1 + 1, from);
            let marker = match id {
                Some(id) => format!(
                    " [… columns {cut_from}-{cut_to} of line {line} · token_retrieve id={id} startLine={line} maxLines=1] "
                ),
                None => format!(" [… columns {cut_from}-{cut_to} of line {line} omitted] "),
            };
            out.extend_from_slice(marker.as_bytes());
            cuts.push((cut_from, cut_to));
        }
        out.extend_from_slice(&text[from..to]);
    }
    cuts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_keeps_both_ends_and_names_the_cut() {
        let text: Vec<u8> = (0..10_000u32).map(|k| b'a' + (k % 26) as u8).collect();
        let mut out = Vec::new();
        let cuts = write_excerpt(&mut out, &text, 7, Some("00112233aabbccdd"), &[]);
        assert!(out.starts_with(&text[..HEAD_BYTES]));
        assert!(out.ends_with(&text[text.len() - TAIL_BYTES..]));
        assert_eq!(cuts, vec![(HEAD_BYTES + 1, text.len() - TAIL_BYTES)]);
        let shown = String::from_utf8(out.clone()).unwrap();
        assert!(shown.contains("[… columns 481-9760 of line 7 · token_retrieve id=00112233aabbccdd startLine=7 maxLines=1]"));
        assert!(out.len() <= EXCERPT_BYTES);
    }

    #[test]
    fn cuts_fall_between_characters() {
        let text = "é".repeat(3000);
        let mut out = Vec::new();
        write_excerpt(&mut out, text.as_bytes(), 1, None, &[3001, 4000]);
        assert!(std::str::from_utf8(&out).is_ok());
    }

    #[test]
    fn a_query_window_shows_the_asked_place_and_names_both_cuts() {
        let text: Vec<u8> = (0..10_000u32).map(|k| b'a' + (k % 26) as u8).collect();
        let mut out = Vec::new();
        let cuts = write_excerpt(&mut out, &text, 3, None, &[5_000]);
        let window = &text[5_000 - WINDOW_BEFORE..5_000 + WINDOW_AFTER];
        assert!(out.windows(window.len()).any(|w| w == window));
        assert_eq!(
            cuts,
            vec![
                (HEAD_BYTES + 1, 5_000 - WINDOW_BEFORE),
                (5_000 + WINDOW_AFTER + 1, text.len() - TAIL_BYTES)
            ]
        );
        // Every byte is shown or inside a cut: the cuts and the shown parts cover the line.
        let shown: usize = text.len() - cuts.iter().map(|(a, b)| b - a + 1).sum::<usize>();
        assert_eq!(
            shown,
            HEAD_BYTES + WINDOW_BEFORE + WINDOW_AFTER + TAIL_BYTES
        );
        // A hit near the start merges into the head.
        let cuts = write_excerpt(&mut Vec::new(), &text, 3, None, &[100]);
        assert_eq!(cuts.len(), 1);
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
