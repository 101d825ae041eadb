//! Words for a marker: what a dropped run holds (identical repeats, directory entries, the
//! dominant template, grep hits per file), and whether a marker pays for itself.

use super::super::detect::is_ls_long_entry;
use super::super::lines::{common_prefix_len, find_byte, has_byte, same_bytes, trim};
use super::super::signals::template_text;
use super::flags::{LineFlags, DUPLICATE};
use super::line_kinds::is_blank;
use super::line_texts::LineTexts;
use super::render::Marker;
use super::templates::{hit_text_of, TemplateIds, Templates};
use super::ContentKind;
use std::ops::Range;

/// A marker's words for a dropped run, and where in them the range's template lies: the shape
/// of the run's lines, without the punctuation the words put around it, nor (for grep hits)
/// the hit line numbers, which differ from run to run. Retrieval feedback matches later views
/// by that template, so it must name only what repeats.
pub(super) struct RunWords {
    pub(super) text: String,
    template: Range<usize>,
}

impl RunWords {
    fn new(text: String, template: Range<usize>) -> Self {
        debug_assert!(text.get(template.clone()).is_some());
        RunWords { text, template }
    }

    /// No words: a marker without a description, and an empty template.
    pub(super) fn none() -> Self {
        RunWords::new(String::new(), 0..0)
    }

    /// `words` after `head` (words that are not part of the template).
    pub(super) fn after(head: &str, words: RunWords) -> Self {
        let shift = head.len();
        RunWords::new(
            [head, &words.text].concat(),
            words.template.start + shift..words.template.end + shift,
        )
    }

    /// `[head, shape, tail].concat()`, the template being `shape`.
    fn around(head: &str, shape: &str, tail: &str) -> Self {
        let start = head.len();
        RunWords::new([head, shape, tail].concat(), start..start + shape.len())
    }

    /// The range's template.
    pub(super) fn template(&self) -> &str {
        &self.text[self.template.clone()]
    }
}

/// The directory shared by every path in a run of bare paths (`node_modules/`), if any.
pub(super) fn common_directory(texts: &LineTexts<'_>, start: usize, end: usize) -> Option<String> {
    common_directory_of(run_texts(texts, start, end))
}

/// Lines `start..=end`, read in order (cheaper than indexing each).
fn run_texts<'a>(
    texts: &LineTexts<'a>,
    start: usize,
    end: usize,
) -> impl Iterator<Item = &'a [u8]> + Clone + 'a {
    texts.iter_from(start).take(end + 1 - start)
}

/// The directory shared by every one of `paths` (at least one), if any.
pub(super) fn common_directory_of<'x>(mut paths: impl Iterator<Item = &'x [u8]>) -> Option<String> {
    let first = trim(paths.next()?);
    let mut shared = first.len();
    // The directory ends at a `/` of `first[..shared]`, and `shared` only shrinks: once it no
    // longer reaches past the first `/`, there is no directory whatever the rest holds, so
    // the rest is not read (a listing's long run often mixes top directories early).
    let first_slash = find_byte(b'/', first)?;
    for path in std::iter::once(first).chain(paths) {
        let t = trim(path);
        if t.is_empty() || has_byte(t, b' ') {
            return None;
        }
        shared = common_prefix_len(&first[..shared], t);
        if shared <= first_slash {
            return None;
        }
    }
    let cut = first[..shared].iter().rposition(|&b| b == b'/')? + 1;
    let mut prefix = String::from_utf8_lossy(&first[..cut]).into_owned();
    if prefix.len() > 60 {
        return None;
    }
    prefix.retain(|c| c != '"');
    Some(prefix)
}

/// The first path component shared by most lines of a run of paths (`node_modules`).
pub(super) fn dominant_top_directory(
    texts: &LineTexts<'_>,
    start: usize,
    end: usize,
) -> Option<String> {
    dominant_top_directory_of(run_texts(texts, start, end))
}

/// The first path component shared by more than half of `paths`. Only one component can be:
/// a majority vote finds it without counting every component.
pub(super) fn dominant_top_directory_of<'x>(
    paths: impl Iterator<Item = &'x [u8]>,
) -> Option<String> {
    let mut tops: Vec<Component<'_>> = Vec::new();
    let mut total = 0usize;
    for path in paths {
        total += 1;
        let t = trim(path);
        let t = t.strip_prefix(b"./").unwrap_or(t);
        if let Some(slash) = find_byte(b'/', t) {
            tops.push(Component(&t[..slash]));
        }
    }
    let (Component(top), count) = majority(&tops)?;
    (count * 2 > total && top.len() <= 60 && !top.contains(&b'"'))
        .then(|| String::from_utf8_lossy(top).into_owned())
}

/// A path component, compared inline: the vote compares thousands of them, mostly equal and
/// a few bytes long, where a call to `memcmp` per comparison cost more than the bytes.
#[derive(Clone, Copy)]
struct Component<'a>(&'a [u8]);

impl PartialEq for Component<'_> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        same_bytes(self.0, other.0)
    }
}

/// The Boyer-Moore vote over `items`: the only item that can occur in more than half of them,
/// with its count (which says whether it does). `None` for no items.
fn majority<T: Copy + PartialEq>(items: &[T]) -> Option<(T, usize)> {
    let mut candidate = *items.first()?;
    let mut lead = 0usize;
    for &item in items {
        if lead == 0 {
            candidate = item;
            lead = 1;
        } else if item == candidate {
            lead += 1;
        } else {
            lead -= 1;
        }
    }
    let count = items.iter().filter(|&&item| item == candidate).count();
    Some((candidate, count))
}

/// Line numbers of the grep hits `start..=end` (after their `path:` prefix), at most six.
pub(super) fn hit_line_numbers(
    texts: &LineTexts<'_>,
    prefix: &dyn Fn(usize) -> usize,
    start: usize,
    end: usize,
) -> String {
    const SHOWN: usize = 6;
    let mut out = String::new();
    for j in start..=end.min(start + SHOWN - 1) {
        let text = &texts[j][prefix(j)..];
        let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            continue;
        }
        if !out.is_empty() {
            out.push(',');
        }
        out.push_str(&String::from_utf8_lossy(&text[..digits]));
    }
    if end + 1 - start > SHOWN {
        out.push_str(",…");
    }
    out
}

/// Words describing a dropped run: identical repeats, directory entry names, or the dominant
/// template when one template covers most of the run.
pub(super) fn describe_run(
    texts: &LineTexts<'_>,
    flags: &[LineFlags],
    templates: &Templates,
    kind: ContentKind,
    start: usize,
    end: usize,
) -> RunWords {
    if (start..=end).all(|j| flags[j].has(DUPLICATE)) {
        return RunWords::around(" ", "identical", "");
    }
    if kind == ContentKind::Tree
        && run_texts(texts, start, end)
            .all(|text| is_ls_long_entry(text) || is_blank(text) || text.starts_with(b"total "))
    {
        // `ls -l` rows are mostly metadata; the names are what the reader needs.
        let mut names = String::new();
        for text in run_texts(texts, start, end) {
            if !is_ls_long_entry(text) {
                continue;
            }
            let name = text.rsplit(|&b| b == b' ').next().unwrap_or(&[]);
            if name.is_empty() || name == b"." || name == b".." {
                continue;
            }
            if names.len() > 1500 {
                names.push_str(" …");
                break;
            }
            names.push(' ');
            names.push_str(&String::from_utf8_lossy(name));
        }
        if let Some(listed) = names.strip_prefix(' ') {
            return RunWords::around(": ", listed, "");
        }
    }
    let len = end - start + 1;
    if len < 4 {
        return RunWords::none();
    }
    if kind == ContentKind::Tree {
        if let Some(prefix) = common_directory(texts, start, end) {
            return RunWords::around(": \"", &[&prefix, "<*>"].concat(), "\"");
        }
        if let Some(top) = dominant_top_directory(texts, start, end) {
            // The template keeps the opening quote, as range templates always had it.
            return RunWords::around(": ", &["mostly \"", &top, "/<*>"].concat(), "\"");
        }
    }
    match dominant_template(texts, templates, start, end, |_| 0) {
        Some(template) => RunWords::around(": \"", &template, "\""),
        None => RunWords::none(),
    }
}

/// The template of most lines of a run, as short text, when one covers at least half of it.
/// `skip(j)` bytes of line `j` (a grep prefix) are left out of the text.
pub(super) fn dominant_template(
    texts: &LineTexts<'_>,
    templates: &Templates,
    start: usize,
    end: usize,
    skip: impl Fn(usize) -> usize,
) -> Option<String> {
    let (id, first) = half_template(templates, start, end)?;
    // Lines merged by their status shape differ in their words: the shape describes them.
    let mut template = match templates.shape_text(id) {
        Some(shape) => shape.to_string(),
        None => template_text(trim(hit_text_of(&texts[first], skip(first)))),
    };
    if template.is_empty() {
        return None;
    }
    shorten_for_marker(&mut template);
    Some(template)
}

/// The template of at least half the lines `start..=end` (the most frequent, the earliest
/// first on a tie) and its first line. Majority votes find it without counting every
/// template.
fn half_template(templates: &Templates, start: usize, end: usize) -> Option<(u32, usize)> {
    match &templates.ids {
        TemplateIds::Narrow(ids) => half_of(&ids[start..=end], start),
        TemplateIds::Wide(ids) => half_of(&ids[start..=end], start),
    }
}

/// [`half_template`] over the run's ids (`run[k]` is line `start + k`'s).
fn half_of<T: Copy + Eq + Into<u32>>(run: &[T], start: usize) -> Option<(u32, usize)> {
    let len = run.len();
    let first_of = |id: T| run.iter().position(|&x| x == id).map(|k| start + k);
    // The only template that can hold more than half the lines.
    let (candidate, count) = majority(run)?;
    if count * 2 > len {
        return Some((candidate.into(), first_of(candidate)?));
    }
    if len % 2 == 1 {
        // No template holds more than half of an odd run, so none holds half.
        return None;
    }
    // A template holding exactly half an even run is either its first line's or holds more
    // than half of the rest: at most these two, and the first line's comes first on a tie.
    let head = run[0];
    if run.iter().filter(|&&id| id == head).count() * 2 == len {
        return Some((head.into(), start));
    }
    let (other, count) = majority(&run[1..])?;
    let count = count + usize::from(head == other);
    (count * 2 == len).then(|| Some((other.into(), first_of(other)?)))?
}

/// Cuts marker text longer than 60 bytes to 57 (on a char boundary) plus `…`.
pub(super) fn shorten_for_marker(text: &mut String) {
    if text.len() > 60 {
        let mut cut = 57;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push('…');
    }
}

/// The marker of a dropped run of grep hits spanning several files (`start..=end`), naming how
/// many hits in how many files, where they are and their dominant template; `None` when the
/// marker would not pay for itself. Returns the marker line and the range's template (the
/// dominant template alone, empty without one).
pub(super) fn cross_file_marker(
    texts: &LineTexts<'_>,
    marker: &Marker<'_>,
    templates: &Templates,
    prefix: &dyn Fn(usize) -> usize,
    start: usize,
    end: usize,
) -> Option<(String, String)> {
    let path = |j: usize| -> &[u8] {
        let p = prefix(j);
        &texts[j][..p.saturating_sub(1)]
    };
    let mut hits = 0usize;
    let mut paths: Vec<&[u8]> = Vec::new();
    for j in start..=end {
        if prefix(j) == 0 {
            continue;
        }
        hits += 1;
        let p = path(j);
        if paths.last() != Some(&p) {
            paths.push(p);
        }
    }
    let mut summary = format!("{hits} hits in {} files", paths.len());
    if let Some(dir) = common_directory_of(paths.iter().copied()) {
        summary.push_str(&format!(" under \"{dir}\""));
    } else if let Some(top) = dominant_top_directory_of(paths.iter().copied()) {
        summary.push_str(&format!(" mostly under \"{top}/\""));
    }
    let template = dominant_template(texts, templates, start, end, prefix);
    let description = match &template {
        Some(t) => format!(": {summary}: \"{t}\""),
        None => format!(": {summary}"),
    };
    // Even a terse view says how many hits in how many files a run holds (principle 2).
    let line = if marker.terse {
        marker.render_always(
            start + 1,
            end + 1,
            &format!(": {hits} hits in {} files", paths.len()),
        )
    } else {
        marker.render(start + 1, end + 1, &description)
    };
    if !outweighs_marker(texts, start, end, &line) {
        return None;
    }
    // The range's template is the line shape alone: the counts (and often the directory) differ
    // from one search to the next, and retrieval feedback matches later views by template.
    Some((line, template.unwrap_or_default()))
}

/// Whether lines `start..=end` (with their terminators) are longer than the marker line that
/// would replace them. Only that answer matters, so summing stops once it is known: runs are
/// often thousands of lines.
pub(super) fn outweighs_marker(
    texts: &LineTexts<'_>,
    start: usize,
    end: usize,
    marker_line: &str,
) -> bool {
    outweighs_bytes(texts, start, end, marker_line.len() + 8)
}

/// Runs of one or two lines longer than this become markers too.
pub(super) const LONG_RUN_BYTES: usize = 320;

/// Whether lines `start..=end` (with terminators) are longer than `limit` bytes; stops summing
/// once that is known.
pub(super) fn outweighs_bytes(
    texts: &LineTexts<'_>,
    start: usize,
    end: usize,
    limit: usize,
) -> bool {
    let mut run_bytes = 0usize;
    for j in start..=end {
        run_bytes += texts[j].len() + 1;
        if run_bytes > limit {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The template of at least half the run, counted: the most frequent, earliest on a tie.
    fn counted_half(run: &[u16], start: usize) -> Option<(u32, usize)> {
        let mut counts: HashMap<u16, (usize, usize)> = HashMap::new();
        for (k, &id) in run.iter().enumerate() {
            counts.entry(id).or_insert((0, start + k)).0 += 1;
        }
        let (id, (count, first)) = counts
            .into_iter()
            .max_by_key(|&(_, (c, first))| (c, std::cmp::Reverse(first)))?;
        (count * 2 >= run.len()).then_some((u32::from(id), first))
    }

    #[test]
    fn half_template_votes_like_a_full_count() {
        // Every run of up to 8 lines over 3 templates.
        for len in 1..=8u32 {
            for code in 0..3u32.pow(len) {
                let run: Vec<u16> = (0..len).map(|k| (code / 3u32.pow(k) % 3) as u16).collect();
                assert_eq!(half_of(&run, 10), counted_half(&run, 10), "{run:?}");
            }
        }
        assert_eq!(half_of::<u16>(&[], 0), None);
    }

    #[test]
    fn common_directory_stops_at_no_shared_slash_as_a_full_read_would() {
        let paths: Vec<&[u8]> = vec![b"src/a.rs", b"lib/b.rs", b"has space/c", b""];
        assert_eq!(common_directory_of(paths.into_iter()), None);
        let paths: Vec<&[u8]> = vec![b"a/b/x", b"a/b/y", b"a/c"];
        assert_eq!(
            common_directory_of(paths.into_iter()).as_deref(),
            Some("a/")
        );
        let paths: Vec<&[u8]> = vec![b"a/b/x", b" a/b/y "];
        assert_eq!(
            common_directory_of(paths.into_iter()).as_deref(),
            Some("a/b/")
        );
        let paths: Vec<&[u8]> = vec![b"a/b/x", b"a/b/y z"];
        assert_eq!(common_directory_of(paths.into_iter()), None);
        let paths: Vec<&[u8]> = vec![b"plain", b"plain"];
        assert_eq!(common_directory_of(paths.into_iter()), None);
    }

    #[test]
    fn dominant_top_directory_needs_more_than_half() {
        let paths: Vec<&[u8]> = vec![b"a/x", b"./a/y", b"b/z", b"plain"];
        assert_eq!(dominant_top_directory_of(paths.into_iter()), None);
        let paths: Vec<&[u8]> = vec![b"a/x", b"./a/y", b"b/z", b"a/w"];
        assert_eq!(
            dominant_top_directory_of(paths.into_iter()).as_deref(),
            Some("a")
        );
        let paths: Vec<&[u8]> = vec![b"b/1", b"a/x", b"a/y", b"b/z", b"a/w"];
        assert_eq!(
            dominant_top_directory_of(paths.into_iter()).as_deref(),
            Some("a")
        );
    }

    #[test]
    fn range_template_is_the_shape_without_the_marker_punctuation() {
        let shaped = RunWords::around(": \"", "x <*> y", "\"");
        assert_eq!(shaped.text, ": \"x <*> y\"");
        assert_eq!(shaped.template(), "x <*> y");
        // Quotes of the shape itself stay; only the ones the words added go.
        let quoted = RunWords::around(": \"", "\"<*>\": <*>,", "\"");
        assert_eq!(quoted.text, ": \"\"<*>\": <*>,\"");
        assert_eq!(quoted.template(), "\"<*>\": <*>,");
        // Words before the shape (grep hit lines) are not part of the template.
        let hits = RunWords::after(": hits at lines 3,7", shaped);
        assert_eq!(hits.text, ": hits at lines 3,7: \"x <*> y\"");
        assert_eq!(hits.template(), "x <*> y");
        let bare = RunWords::after(": hits at lines 3,7", RunWords::none());
        assert_eq!(bare.text, ": hits at lines 3,7");
        assert_eq!(bare.template(), "");
    }
}
