//! Words for a marker: what a dropped run holds (identical repeats, directory entries, the
//! dominant template, grep hits per file), and whether a marker pays for itself.

use super::super::detect::is_ls_long_entry;
use super::super::lines::{common_prefix_len, find_byte, has_byte, indent_width, same_bytes, trim};
use super::super::signals::template_text;
use super::flags::{LineFlags, DUPLICATE};
use super::line_kinds::is_blank;
use super::line_texts::LineTexts;
use super::render::Marker;
use super::slots::{summarize_run, table_word_count, RunMembers};
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

    /// `tail` after these words (not part of the template).
    pub(super) fn then(mut self, tail: &str) -> Self {
        self.text.push_str(tail);
        self
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
    let (Component(top), count) = majority(tops.iter().copied())?;
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
/// with its count (which says whether it does), in two passes over them. `None` for no items.
pub(super) fn majority<T: Copy + PartialEq>(
    items: impl Iterator<Item = T> + Clone,
) -> Option<(T, usize)> {
    let mut candidate = items.clone().next()?;
    let mut lead = 0usize;
    for item in items.clone() {
        if lead == 0 {
            candidate = item;
            lead = 1;
        } else if item == candidate {
            lead += 1;
        } else {
            lead -= 1;
        }
    }
    let count = items.filter(|&item| item == candidate).count();
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
    let mut out = String::with_capacity(64);
    let last = end.min(start + SHOWN - 1);
    for (j, line) in (start..=last).zip(run_texts(texts, start, last)) {
        let text = &line[prefix(j)..];
        let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            continue;
        }
        if !out.is_empty() {
            out.push(',');
        }
        // ASCII digits: a `char` each, of one byte (no UTF-8 check of the slice).
        out.extend(text[..digits].iter().map(|&digit| char::from(digit)));
    }
    if end + 1 - start > SHOWN {
        out.push_str(",…");
    }
    out
}

/// Most bytes of the words [`describe_run`] gives a run of any kind but a tree listing: a
/// template of at most 60 bytes (see [`shorten_for_marker`]) in `: "…"`, then `; values "…"`
/// and the values its slots hide (see [`super::slots::summarize_run`]).
pub(super) const MAX_RUN_WORDS_BYTES: usize = 64 + 11 + super::slots::MAX_SUMMARY_BYTES;

/// Words describing a dropped run: identical repeats, directory entry names, or the dominant
/// template when one template covers most of the run.
pub(super) fn describe_run(
    texts: &LineTexts<'_>,
    flags: &[LineFlags],
    templates: &Templates,
    kind: ContentKind,
    grep_prefix: &[u32],
    start: usize,
    end: usize,
) -> RunWords {
    let words = describe_shape(texts, flags, templates, kind, start, end);
    if end - start < 1 || (start..=end).all(|j| flags[j].has(DUPLICATE)) {
        return words;
    }
    // What the run's slots hide: the values that make its lines differ: those of the template
    // at least half its lines share, or else, when the run is a table, its rows (they split
    // into templates by their alignment, see `table_word_count`), read by their number of
    // words. Code, diffs and grep hits (lines of many files, mostly code) hold statements, not
    // rows of values; a directory listing's markers name its entries already.
    let tabular = !matches!(
        kind,
        ContentKind::Source | ContentKind::Diff | ContentKind::Tree | ContentKind::Json
    ) && grep_prefix.is_empty();
    let members = match half_template(templates, start, end) {
        Some((id, _)) => RunMembers::Template(id),
        None if tabular => table_word_count(texts, grep_prefix, &templates.word_counts, start, end)
            .map_or(RunMembers::None, RunMembers::Words),
        None => RunMembers::None,
    };
    // Lists of named records are output of their own (a trust store, installed packages);
    // the first words of diagnostics, grep hits, code and listings are locations and paths.
    let names = matches!(
        kind,
        ContentKind::Log | ContentKind::Text | ContentKind::Table
    );
    let mut values = summarize_run(
        texts,
        grep_prefix,
        templates,
        members,
        start,
        end,
        &templates.changes,
        names,
    );
    // Records of two lines (a name, then a digest) split a run between two templates: when
    // the one summarized hides nothing worth naming, the other may hold the names.
    if let (true, true, RunMembers::Template(id)) = (names, values.is_empty(), members) {
        if let Some(other) = other_template(templates, start, end, id) {
            values = summarize_run(
                texts,
                grep_prefix,
                templates,
                RunMembers::Template(other),
                start,
                end,
                &[],
                names,
            );
        }
    }
    // Quoted like the template, so a marker still ends in `" · token_retrieve …]`.
    if values.is_empty() {
        words
    } else if words.text.is_empty() {
        words.then(&[": values \"", &values, "\""].concat())
    } else {
        words.then(&["; values \"", &values, "\""].concat())
    }
}

/// The template of the first line of `start..=end` not of template `id`, when it holds at
/// least a third of the lines.
fn other_template(templates: &Templates, start: usize, end: usize, id: u32) -> Option<u32> {
    let other = (start..=end).map(|j| templates.of(j)).find(|&t| t != id)?;
    let held = (start..=end).filter(|&j| templates.of(j) == other).count();
    (held * 3 >= end + 1 - start).then_some(other)
}

/// The shape of a dropped run (see [`describe_run`]).
fn describe_shape(
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
    if kind == ContentKind::Tree {
        if let Some(listed) = listed_names(texts, start, end) {
            return RunWords::around(": ", &listed, "");
        }
    }
    let len = end - start + 1;
    // A listing's run of a few entries is named too: each entry is a fact of its own.
    if len < 2 || len < 4 && kind != ContentKind::Tree {
        return RunWords::none();
    }
    if kind == ContentKind::Tree {
        match run_directory(texts, start, end) {
            Some(Directory::Common(prefix)) => {
                let words = RunWords::around(": \"", &[&prefix, "<*>"].concat(), "\"");
                let names = hidden_entries(texts, start, end, prefix.len());
                if names.is_empty() {
                    return words;
                }
                return words.then(&["; names \"", &names, "\""].concat());
            }
            Some(Directory::MostlyUnder(top)) if len >= 4 => {
                // The template keeps the opening quote, as range templates always had it.
                return RunWords::around(": ", &["mostly \"", &top, "/<*>"].concat(), "\"");
            }
            _ if len < 4 => return RunWords::none(),
            _ => {}
        }
    }
    let words = match dominant_template(texts, templates, start, end, |_| 0) {
        Some(template) => RunWords::around(": \"", &template, "\""),
        None => RunWords::none(),
    };
    debug_assert!(words.text.len() <= MAX_RUN_WORDS_BYTES, "{}", words.text);
    words
}

/// Most bytes of the names a listing's marker gives (see [`hidden_entries`]).
pub(super) const MAX_NAMES_BYTES: usize = 160;

/// What a run of paths under one directory hides, after the directory's `prefix_len` bytes:
/// the names of its own entries, and each subdirectory once with the count of its lines
/// (`rules/ ×791`, its own line among them; a subdirectory of one line by that line's path),
/// in order, space-separated and cut with ` …` after about [`MAX_NAMES_BYTES`]. A listing's
/// entries are its facts, and a marker naming them tells the model which run holds the file
/// it looks for.
fn hidden_entries(texts: &LineTexts<'_>, start: usize, end: usize, prefix_len: usize) -> String {
    let mut names = String::new();
    // The entry being counted: its first component (a subdirectory's name, or a file's), the
    // first path there, and how many paths there are (the directory's own line among them).
    let mut open: Option<(&[u8], &[u8], usize)> = None;
    let push = |names: &mut String, item: &str| -> bool {
        if names.len() + 1 + item.len() > MAX_NAMES_BYTES {
            names.push_str(if names.is_empty() { "…" } else { " …" });
            return false;
        }
        if !names.is_empty() {
            names.push(' ');
        }
        names.push_str(item);
        true
    };
    let close = |open: (&[u8], &[u8], usize)| -> String {
        match open {
            (_, only, 1) => String::from_utf8_lossy(only).into_owned(),
            (top, _, count) => format!("{}/ ×{count}", String::from_utf8_lossy(top)),
        }
    };
    for text in run_texts(texts, start, end) {
        let name = trim(text).get(prefix_len..).unwrap_or_default();
        if name.is_empty() {
            continue;
        }
        let top = find_byte(b'/', name).map_or(name, |slash| &name[..slash]);
        match open.as_mut() {
            Some((current, _, count)) if *current == top => *count += 1,
            _ => {
                if let Some(done) = open.replace((top, name, 1)) {
                    if !push(&mut names, &close(done)) {
                        return names;
                    }
                }
            }
        }
    }
    if let Some(done) = open {
        push(&mut names, &close(done));
    }
    names
}

/// The names of an `ls -l` run (every line an entry, blank or `total …`), space-separated and
/// cut after about 1500 bytes; `None` for other runs or when no entry names a file. One pass
/// both checks the lines and collects the names.
fn listed_names(texts: &LineTexts<'_>, start: usize, end: usize) -> Option<String> {
    let mut names = String::new();
    let mut full = false;
    for text in run_texts(texts, start, end) {
        if !is_ls_long_entry(text) {
            if is_blank(text) || text.starts_with(b"total ") {
                continue;
            }
            return None;
        }
        if full {
            continue;
        }
        let name = text.rsplit(|&b| b == b' ').next().unwrap_or(&[]);
        if name.is_empty() || name == b"." || name == b".." {
            continue;
        }
        if names.len() > 1500 {
            names.push_str(" …");
            full = true;
            continue;
        }
        names.push(' ');
        names.push_str(&String::from_utf8_lossy(name));
    }
    names.strip_prefix(' ').map(str::to_string)
}

/// A line as a path for the vote on first components: without its indent and a leading `./`.
/// (Trailing blanks are left on: they hold no `/`, so they change no path's first component
/// nor whether it has one.)
#[inline(always)]
fn top_path(line: &[u8]) -> &[u8] {
    let t = match line.first() {
        Some(&b) if b > b' ' => line,
        _ => &line[indent_width(line)..],
    };
    t.strip_prefix(b"./").unwrap_or(t)
}

/// The Boyer-Moore vote of [`run_directory`] on the first components of paths (see
/// [`top_path`]), those without a `/` left out. A candidate holds no `/`, so a path has it as
/// its first component exactly when it starts with it and a `/`: most paths are settled by
/// that comparison, without searching them for their `/`. It also counts the paths under the
/// candidate from the line that last elected it on, so counting them all only reads the lines
/// before that one (a run's dominant directory is mostly elected early).
#[derive(Default)]
struct TopVote<'a> {
    candidate: &'a [u8],
    lead: usize,
    /// Paths that hold a `/`.
    voters: usize,
    /// Lines added (with or without a `/`).
    lines: usize,
    /// The line (counted from the first added, 0) that last elected the candidate.
    elected_at: usize,
    /// Paths under the candidate from `elected_at` on.
    under_since_elected: usize,
}

impl<'a> TopVote<'a> {
    #[inline(always)]
    fn add(&mut self, line: &'a [u8]) {
        let path = top_path(line);
        if self.lead > 0 && under(path, self.candidate) {
            self.lead += 1;
            self.voters += 1;
            self.under_since_elected += 1;
        } else if let Some(slash) = find_byte(b'/', path) {
            self.voters += 1;
            if self.lead == 0 {
                self.candidate = &path[..slash];
                self.lead = 1;
                self.elected_at = self.lines;
                self.under_since_elected = 1;
            } else {
                self.lead -= 1;
            }
        }
        self.lines += 1;
    }
}

/// Whether `path` starts with the component `top` (holding no `/`) and a `/`.
#[inline(always)]
fn under(path: &[u8], top: &[u8]) -> bool {
    path.len() > top.len() && path[top.len()] == b'/' && same_bytes(&path[..top.len()], top)
}

/// Where the paths of a run lie: see [`run_directory`].
#[derive(Debug, PartialEq)]
enum Directory {
    /// The directory every path is in ([`common_directory_of`]).
    Common(String),
    /// The first component of most paths ([`dominant_top_directory_of`]).
    MostlyUnder(String),
}

/// [`common_directory_of`] lines `start..=end` or, without one, their
/// [`dominant_top_directory_of`], each line read once where it can be (a listing's runs are
/// long): first components are gathered only once no common directory is left, a blank is
/// looked for line by line only when the run's bytes hold one, and a line under the last
/// component found needs no search for its `/`.
fn run_directory(texts: &LineTexts<'_>, start: usize, end: usize) -> Option<Directory> {
    let mut lines = run_texts(texts, start, end);
    let first = trim(lines.clone().next()?);
    // The common directory: `first[..dir]`, up to the last `/` of the prefix every line so far
    // shares with `first`, while that reaches past `first`'s first `/`. A line starting with
    // it leaves it as it is: most lines are settled by that one comparison, and only a line
    // that leaves it shrinks it.
    let first_slash = find_byte(b'/', first);
    let dir_of = |shared: usize| {
        first[..shared]
            .iter()
            .rposition(|&b| b == b'/')
            .map_or(0, |s| s + 1)
    };
    let mut dir = dir_of(first.len());
    let mut common = first_slash.is_some();
    // With no blank in the run's bytes, no line holds one: skip looking line by line.
    let run_bytes =
        &texts.bytes[texts.starts.get(start) as usize..texts.starts.get(end + 1) as usize];
    let blanks = has_byte(run_bytes, b' ');
    // The vote on first components: only needed without a common directory, so only held
    // once there is none (the lines before are then read again). A line's first component
    // is the same trimmed or not (`trim` cuts the indent `top_path` cuts, and trailing blanks
    // hold no `/`), so the vote reads the lines as they are.
    let mut vote = TopVote::default();
    let mut total = 0usize;
    if common {
        for line in lines.by_ref() {
            let t = trim(line);
            if t.is_empty() || blanks && has_byte(t, b' ') {
                common = false;
            } else if !(t.len() >= dir && same_bytes(&t[..dir], &first[..dir])) {
                let shared = common_prefix_len(&first[..dir], t);
                common = first_slash.is_some_and(|slash| shared > slash);
                dir = dir_of(shared);
            }
            total += 1;
            if !common {
                texts
                    .iter_from(start)
                    .take(total)
                    .for_each(|line| vote.add(line));
                break;
            }
        }
    }
    // Without a common directory, the rest of the lines only vote.
    for line in lines {
        vote.add(line);
        total += 1;
    }
    if common {
        // Still common: `dir` reaches past `first`'s first `/`.
        let mut prefix = String::from_utf8_lossy(&first[..dir]).into_owned();
        if prefix.len() <= 60 {
            prefix.retain(|c| c != '"');
            return Some(Directory::Common(prefix));
        }
        run_texts(texts, start, end).for_each(|line| vote.add(line));
    }
    let TopVote {
        candidate,
        lead,
        voters,
        lines: _,
        elected_at,
        under_since_elected,
    } = vote;
    if voters == 0 || candidate.len() > 60 || candidate.contains(&b'"') {
        return None;
    }
    // The candidate's count is at least its lead, and at most the lead plus half the other
    // votes: either bound often settles whether it is over half the lines without counting.
    let count = if lead * 2 > total {
        lead
    } else if voters + lead <= total {
        return None;
    } else {
        // The vote added the run's lines in order, once each.
        under_since_elected
            + texts
                .iter_from(start)
                .take(elected_at)
                .filter(|&line| under(top_path(line), candidate))
                .count()
    };
    (count * 2 > total)
        .then(|| Directory::MostlyUnder(String::from_utf8_lossy(candidate).into_owned()))
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
pub(super) fn half_template(
    templates: &Templates,
    start: usize,
    end: usize,
) -> Option<(u32, usize)> {
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
    let (candidate, count) = majority_of_ids(run)?;
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
    let (other, count) = majority_of_ids(&run[1..])?;
    let count = count + usize::from(head == other);
    (count * 2 == len).then(|| Some((other.into(), first_of(other)?)))?
}

/// [`majority`] over template ids, a block of 16 at a time where the block holds one id
/// (dropped runs are often long stretches of one template): the block is tested in one
/// branch-free pass, and the vote's steps over it have a closed form.
fn majority_of_ids<T: Copy + Eq>(items: &[T]) -> Option<(T, usize)> {
    const BLOCK: usize = 16;
    let mut candidate = *items.first()?;
    let mut lead = 0usize;
    let mut blocks = items.chunks_exact(BLOCK);
    let step = |item: T, candidate: &mut T, lead: &mut usize| {
        if *lead == 0 {
            *candidate = item;
            *lead = 1;
        } else if item == *candidate {
            *lead += 1;
        } else {
            *lead -= 1;
        }
    };
    for block in blocks.by_ref() {
        let id = block[0];
        if block.iter().fold(true, |same, &x| same & (x == id)) {
            if lead == 0 || id == candidate {
                candidate = id;
                lead += BLOCK;
            } else if lead >= BLOCK {
                lead -= BLOCK;
            } else {
                // The lead runs out within the block; its last items elect `id`.
                candidate = id;
                lead = BLOCK - lead;
            }
        } else {
            for &item in block {
                step(item, &mut candidate, &mut lead);
            }
        }
    }
    for &item in blocks.remainder() {
        step(item, &mut candidate, &mut lead);
    }
    let count = items
        .iter()
        .fold(0usize, |n, &x| n + usize::from(x == candidate));
    Some((candidate, count))
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
    // The lines' bytes in the index bound the sum without reading a line: each cleaned line
    // is its span exactly; each original line is its span less a `\r` of `\r\n` (at most
    // one byte per line), or plus one for a last line without a terminator.
    let count = end + 1 - start;
    let spans = (texts.starts.get(end + 1) - texts.starts.get(start)) as usize;
    let (least, most) = if texts.terminated {
        (spans.saturating_sub(count), spans + 1)
    } else {
        (spans + count, spans + count)
    };
    if least > limit {
        return true;
    }
    if most <= limit {
        return false;
    }
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
    use super::super::super::lines::LineIndex;
    use super::*;
    use proptest::prelude::*;
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

    proptest! {
        /// The vote a block at a time ends where the vote an item at a time does, on runs of
        /// long stretches of one id (uniform blocks) mixed with short ones.
        #[test]
        fn block_vote_agrees_with_the_item_vote(
            stretches in proptest::collection::vec((0u16..4, 1usize..40), 0..12),
        ) {
            let run: Vec<u16> = stretches
                .iter()
                .flat_map(|&(id, len)| std::iter::repeat_n(id, len))
                .collect();
            prop_assert_eq!(majority_of_ids(&run), majority(run.iter().copied()));
            prop_assert_eq!(half_of(&run, 3), counted_half(&run, 3));
        }
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

    /// Lines of `a`, `b`, `/`, `.`, blanks, tabs, quotes and `\r`, ended by `\n` or `\r\n`
    /// (the last maybe by nothing).
    fn path_lines() -> impl Strategy<Value = Vec<u8>> {
        let line = proptest::collection::vec(
            prop_oneof![
                4 => Just(b'a'),
                2 => Just(b'b'),
                4 => Just(b'/'),
                1 => Just(b'.'),
                1 => Just(b' '),
                1 => Just(b'\t'),
                1 => Just(b'"'),
                1 => Just(b'\r'),
            ],
            0..12,
        );
        let ending = prop_oneof![Just(&b"\n"[..]), Just(&b"\r\n"[..]), Just(&b""[..])];
        proptest::collection::vec((line, ending), 1..40).prop_map(|lines| {
            let last = lines.len() - 1;
            let mut input = Vec::new();
            for (k, (line, ending)) in lines.into_iter().enumerate() {
                input.extend_from_slice(&line);
                input.extend_from_slice(if k < last && ending.is_empty() {
                    b"\n"
                } else {
                    ending
                });
            }
            input
        })
    }

    /// What the words of an `ls -l` run were before one pass did both: every line checked,
    /// then the names collected.
    fn listed_names_in_two_passes(
        texts: &LineTexts<'_>,
        start: usize,
        end: usize,
    ) -> Option<String> {
        let listing = run_texts(texts, start, end)
            .all(|text| is_ls_long_entry(text) || is_blank(text) || text.starts_with(b"total "));
        if !listing {
            return None;
        }
        let mut names = String::new();
        for text in run_texts(texts, start, end).filter(|text| is_ls_long_entry(text)) {
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
        names.strip_prefix(' ').map(str::to_string)
    }

    proptest! {
        /// One pass over a run finds what the common directory and then the majority vote on
        /// top directories find, each reading the run on its own.
        #[test]
        fn run_directory_agrees_with_separate_passes(input in path_lines(), cut in 0usize..40) {
            let index = LineIndex::new(&input, usize::MAX);
            let texts = LineTexts::of(&input, &index, None);
            let n = texts.len();
            prop_assume!(n > 0);
            for (start, end) in [(0, n - 1), (cut % n, n - 1), (0, cut % n)] {
                let expected = common_directory_of(run_texts(&texts, start, end))
                    .map(Directory::Common)
                    .or_else(|| {
                        dominant_top_directory_of(run_texts(&texts, start, end))
                            .map(Directory::MostlyUnder)
                    });
                prop_assert_eq!(run_directory(&texts, start, end), expected);
            }
        }

        /// The byte bounds from the index answer as summing every line would.
        #[test]
        fn outweighs_bytes_agrees_with_a_full_sum(input in path_lines(), cut in 0usize..40, limit in 0usize..200) {
            let index = LineIndex::new(&input, usize::MAX);
            let texts = LineTexts::of(&input, &index, None);
            let n = texts.len();
            prop_assume!(n > 0);
            for (start, end) in [(0, n - 1), (cut % n, n - 1), (0, cut % n), (cut % n, cut % n)] {
                let sum: usize = (start..=end).map(|j| texts[j].len() + 1).sum();
                prop_assert_eq!(outweighs_bytes(&texts, start, end, limit), sum > limit);
            }
        }
    }

    #[test]
    fn listing_names_come_from_one_pass_as_from_two() {
        let entry = |name: &str| format!("-rw-r--r-- 1 me me 12 Jan 1 00:00 {name}");
        let many: Vec<String> = (0..200)
            .map(|k| entry(&format!("file-number-{k}.txt")))
            .collect();
        let runs: Vec<Vec<String>> = vec![
            vec![
                "total 12".into(),
                entry("a.txt"),
                String::new(),
                entry("b c.txt"),
            ],
            vec![entry("a.txt"), "not an entry".into(), entry("b.txt")],
            vec![entry("."), entry("..")],
            vec!["total 0".into()],
            many.clone(),
            [many, vec!["stray line".into()]].concat(),
        ];
        for run in runs {
            let input = run.join("\n");
            let index = LineIndex::new(input.as_bytes(), usize::MAX);
            let texts = LineTexts::of(input.as_bytes(), &index, None);
            let end = texts.len() - 1;
            assert_eq!(
                listed_names(&texts, 0, end),
                listed_names_in_two_passes(&texts, 0, end),
                "{input}"
            );
        }
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
