//! What a line is for the selection: blank, stack frame, diff metadata, tree entry, and the
//! structural rank each content kind gives its lines.

use super::super::lines::{depth_columns, has_byte, indent_width, trim};
use super::super::signals::{after_indent, is_definition, line_shape, Signal};
use super::flags::{LineFlags, Rank, DUPLICATE};
use super::line_texts::LineTexts;
use super::templates::TemplateIds;
use super::ContentKind;

/// Repeated templates whose first and last instances are kept in logs (principle 4).
pub(super) const ENDS_OF_TEMPLATES: usize = 8;

/// Principle 4 for logs: the last ordinary line before the first error, and the first and last
/// instance of each of the most repeated templates, are kept as context.
pub(super) fn state_before_failure(
    texts: &LineTexts<'_>,
    flags: &mut [LineFlags],
    templates: &TemplateIds,
    template_counts: &[u32],
) {
    let n = flags.len();
    if let Some(first_error) = (0..n).find(|&i| flags[i].signal() == Signal::Error) {
        if let Some(before) = (0..first_error)
            .rev()
            .find(|&j| !is_blank(&texts[j]) && flags[j].signal() != Signal::Error)
        {
            flags[before].lower_rank(Rank::Context);
        }
    }
    let mut frequent: Vec<(u32, u32)> = template_counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c >= 3)
        .map(|(t, &c)| (c, t as u32))
        .collect();
    if frequent.is_empty() {
        return;
    }
    // The most repeated first (ties: the higher template id): only the top few
    // are wanted, so they are picked before the sort instead of sorting every template.
    let most_first = |a: &(u32, u32), b: &(u32, u32)| b.cmp(a);
    if frequent.len() > ENDS_OF_TEMPLATES {
        frequent.select_nth_unstable_by(ENDS_OF_TEMPLATES - 1, most_first);
        frequent.truncate(ENDS_OF_TEMPLATES);
    }
    frequent.sort_unstable_by(most_first);
    let mut first: Vec<Option<usize>> = vec![None; frequent.len()];
    let mut last: Vec<Option<usize>> = vec![None; frequent.len()];
    // Each template's place in `frequent` plus one (0 for the others): one lookup per line.
    let mut place = vec![0u8; template_counts.len()];
    for (k, &(_, t)) in frequent.iter().enumerate() {
        place[t as usize] = k as u8 + 1;
    }
    match templates {
        TemplateIds::Narrow(ids) => {
            ends_of_templates(
                &ids[..n.min(ids.len())],
                &place,
                flags,
                &mut first,
                &mut last,
            );
        }
        TemplateIds::Wide(ids) => {
            ends_of_templates(
                &ids[..n.min(ids.len())],
                &place,
                flags,
                &mut first,
                &mut last,
            );
        }
    }
    for i in first.into_iter().chain(last).flatten() {
        flags[i].lower_rank(Rank::Context);
    }
}

/// The first line of each template `place` names (its place plus one, 0 for the others) and
/// the last one that is not a repeat (the first line of the last run of identical lines
/// stands for that run). The firsts are searched from the start and the lasts from the end,
/// each search stopping once every template has one: usually after a few lines.
fn ends_of_templates<T: Copy + Into<u32>>(
    ids: &[T],
    place: &[u8],
    flags: &[LineFlags],
    first: &mut [Option<usize>],
    last: &mut [Option<usize>],
) {
    let mut missing = first.len();
    for (i, &t) in ids.iter().enumerate() {
        let k = place[t.into() as usize];
        if k != 0 && first[usize::from(k - 1)].is_none() {
            first[usize::from(k - 1)] = Some(i);
            missing -= 1;
            if missing == 0 {
                break;
            }
        }
    }
    let mut missing = last.len();
    for (i, &t) in ids.iter().enumerate().rev() {
        let k = place[t.into() as usize];
        if k != 0 && last[usize::from(k - 1)].is_none() && !flags[i].has(DUPLICATE) {
            last[usize::from(k - 1)] = Some(i);
            missing -= 1;
            if missing == 0 {
                break;
            }
        }
    }
}

pub(super) fn is_blank(line: &[u8]) -> bool {
    trim(line).is_empty()
}

/// The line that opens the block holding line `i`, within [`MAX_BLOCK_LINES`] above it: the
/// nearest line less indented than it (the file heading of ESLint's or yamllint's findings, a
/// YAML parent key), or, when `after_blank`, the first line after a blank one (a config's
/// `[section]`). `None` at a blank line otherwise, or at a diff's hunk header, which names the
/// place itself. A less indented line with as many words is a row of a right-aligned table
/// (`   size_t Name = 1` above `    ccstr Name = x`), not an opener: then there is none.
pub(super) fn block_opener<'a>(
    line_at: impl Fn(usize) -> &'a [u8],
    i: usize,
    after_blank: bool,
) -> Option<usize> {
    let child = line_at(i);
    let indent = indent_width(child);
    // Words as a line's shape counts them (in its head only: a kept line may be megabytes
    // long).
    let words = |line: &[u8]| line_shape(line).words;
    for j in (i.saturating_sub(MAX_BLOCK_LINES)..i).rev() {
        let line = line_at(j);
        if line.starts_with(b"@@") {
            return None;
        }
        if is_blank(line) {
            return (after_blank && j + 1 < i).then_some(j + 1);
        }
        if indent_width(line) < indent {
            return (words(line) != words(child)).then_some(j);
        }
    }
    None
}

/// Farthest above a line its block's opening line is looked for.
const MAX_BLOCK_LINES: usize = 40;

/// How far above a line its ancestors are looked for (see [`ancestors`]).
const ANCESTOR_LOOKBACK: usize = 40;

/// The ancestors of line `i`, nearest first: the nearest line above it less deep (indented
/// less, or fewer bars in from a drawn tree's margin, see `depth_columns`), that line's own,
/// and so on to the margin, within [`ANCESTOR_LOOKBACK`] lines. None for a blank line.
pub(super) fn ancestors<'t>(
    texts: &'t LineTexts<'t>,
    i: usize,
) -> impl Iterator<Item = usize> + 't {
    let own = texts.get(i);
    let mut depth = if is_blank(own) { 0 } else { depth_columns(own) };
    (i.saturating_sub(ANCESTOR_LOOKBACK)..i)
        .rev()
        .map_while(move |j| {
            if depth == 0 {
                return None;
            }
            let text = texts.get(j);
            if is_blank(text) {
                return Some(None);
            }
            let above = depth_columns(text);
            if above >= depth {
                return Some(None);
            }
            depth = above;
            Some(Some(j))
        })
        .flatten()
}

/// How far after a warning's message its location line may come.
pub(super) const LOCATION_LOOKAHEAD: usize = 2;

/// The location rustc and friends print on a line after a diagnostic's message:
/// `--> file:line:col`, or `at file:line`.
pub(super) fn is_location_line(text: &[u8]) -> bool {
    let t = trim(text);
    t.starts_with(b"-->") || t.starts_with(b"at ")
}

/// A frame of a stack trace: `at fn (file:1:2)`, `  12: crate::module::fn`.
pub(super) fn is_backtrace_frame(line: &[u8]) -> bool {
    // Most lines start with neither a blank nor `a`: one comparison settles them.
    match line.first() {
        Some(b'a') => return line.starts_with(b"at "),
        Some(b' ' | b'\t') => {}
        _ => return false,
    }
    // Indented (the first byte is a blank): source lines, most of the rare ones tested, have
    // long indents, skipped a block at a time.
    let t = after_indent(line);
    if t.starts_with(b"at ") {
        return true;
    }
    let digits = t.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && t[digits..].starts_with(b": ")
}

/// Changed lines of small hunks are the point of a diff and cheap to keep: they become context
/// (always kept) unless there are so many that they must compete for the budget. The diff's
/// ranking pass reports each changed line and each hunk and file start as it reads them.
#[derive(Default)]
pub(super) struct SmallHunks {
    /// Changed lines of the hunks seen so far; those of the current hunk start at `hunk_from`
    /// and are dropped again when it ends with more than [`SmallHunks::SMALL`] of them.
    small: Vec<u32>,
    hunk_from: usize,
    pub(super) in_hunk: bool,
}

impl SmallHunks {
    /// Most changed lines a small hunk holds.
    const SMALL: usize = 8;

    /// Line `i` starts with `+` or `-`: a changed line when inside a hunk.
    #[inline(always)]
    pub(super) fn changed(&mut self, i: usize) {
        // One line past `SMALL` already marks the hunk as large: no more pushes.
        if self.in_hunk && self.small.len() - self.hunk_from <= Self::SMALL {
            self.small.push(i as u32);
        }
    }

    /// An `@@` line: the hunk before ends and a new one starts.
    pub(super) fn hunk_starts(&mut self) {
        self.end_hunk();
        self.in_hunk = true;
    }

    /// A `diff ` or `commit ` line: the hunk before ends, and headers follow.
    pub(super) fn file_starts(&mut self) {
        self.end_hunk();
        self.in_hunk = false;
    }

    fn end_hunk(&mut self) {
        if self.small.len() - self.hunk_from > Self::SMALL {
            self.small.truncate(self.hunk_from);
        }
        self.hunk_from = self.small.len();
    }

    /// Lowers the rank of the small hunks' changed lines, once every line has been read.
    pub(super) fn promote(mut self, flags: &mut [LineFlags], budget_lines: usize) {
        self.end_hunk();
        let rank = if self.small.len() <= 4 * budget_lines {
            Rank::Context
        } else {
            Rank::High
        };
        for i in self.small {
            flags[i as usize].lower_rank(rank);
        }
    }
}

pub(super) fn is_stack_frame(line: &[u8]) -> bool {
    let t = trim(line);
    (t.starts_with(b"at ") && t.iter().any(u8::is_ascii_digit)) || t.starts_with(b"File \"")
}

/// Whether a bare path line names a top-level entry (`a`, `./a`, `a/`, but not `a/b`); `None`
/// when the line is not a bare path. Two memchr scans: this runs for every line of a listing.
pub(super) fn bare_path_is_top_level(line: &[u8]) -> Option<bool> {
    trimmed_bare_path_is_top_level(trim(line))
}

/// Bytes of a path searched for a `/` before the whole path: short searches run inline
/// (see [`has_byte`]), longer ones call memchr.
const SLASH_WINDOW: usize = 32;

/// Whether `bare_path_is_top_level(t) == Some(true)` for a trimmed `t` (so `trim(t) == t`).
/// Paths in listings hold a `/` early, which settles the answer before the scan for a blank
/// through the whole line.
#[inline]
fn is_top_level_bare_path(t: &[u8]) -> bool {
    // A `/` past a leading `./` and before the last byte is inside the path: most listing
    // lines (nested paths) are settled by this one search of their first bytes, before the
    // prefix and suffix are stripped.
    if t.len() > 3 && has_byte(&t[2..(t.len() - 1).min(SLASH_WINDOW)], b'/') {
        return false;
    }
    if t.is_empty() {
        return false;
    }
    let inner = t.strip_prefix(b"./").unwrap_or(t);
    let inner = inner.strip_suffix(b"/").unwrap_or(inner);
    // Most paths hold a `/` within their first bytes: a short inline search before the full.
    let window = &inner[..inner.len().min(SLASH_WINDOW)];
    !has_byte(window, b'/') && !has_byte(inner, b'/') && !has_byte(t, b' ')
}

/// [`bare_path_is_top_level`] of a line already trimmed.
#[inline]
fn trimmed_bare_path_is_top_level(t: &[u8]) -> Option<bool> {
    if t.is_empty() || has_byte(t, b' ') {
        return None;
    }
    let t = t.strip_prefix(b"./").unwrap_or(t);
    let t = t.strip_suffix(b"/").unwrap_or(t);
    Some(!has_byte(t, b'/'))
}

#[inline]
pub(super) fn is_status_entry(t: &[u8]) -> bool {
    static STATUS_ENTRIES: PrefixSet<11> = PrefixSet::new([
        b"modified:",
        b"deleted:",
        b"new file:",
        b"renamed:",
        b"copied:",
        b"typechange:",
        b"both modified:",
        b"both added:",
        b"On branch ",
        b"HEAD detached",
        b"Your branch ",
    ]);
    STATUS_ENTRIES.starts(t)
}

/// A list of line prefixes with, for each byte, the prefixes starting with it, built from the
/// list at compile time: these tests run on every line, and most lines start with none of
/// those bytes, so one lookup rejects them, and a line that passes is compared only with the
/// prefixes of its first byte (the table cannot drift from the list). Each comparison is one
/// masked test of the line's first 8 bytes read as a word (a call to `memcmp` per candidate
/// cost more than the rest of the test), then the prefix's bytes past 8, if any.
pub(super) struct PrefixSet<const N: usize> {
    prefixes: [&'static [u8]; N],
    /// The value and mask of each prefix's first 8 bytes in a [`head_word`].
    heads: [(u64, u64); N],
    /// Bit `k` of entry `b`: prefix `k` starts with byte `b`.
    by_first_byte: [u32; 256],
    /// Bit `k` of entry `b`: prefix `k`'s second byte is `b` (every entry for a one-byte
    /// prefix). Lines that share a first byte with a prefix (`node_modules/` and `new file:`)
    /// are told apart by their second without a call.
    by_second_byte: [u32; 256],
}

impl<const N: usize> PrefixSet<N> {
    /// The set of `prefixes`: at most 32, each non-empty and without zero bytes (the padding
    /// of a [`head_word`]); otherwise the build fails.
    pub(super) const fn new(prefixes: [&'static [u8]; N]) -> Self {
        assert!(N <= 32, "a prefix set holds at most 32 prefixes");
        let mut by_first_byte = [0u32; 256];
        let mut by_second_byte = [0u32; 256];
        let mut heads = [(0u64, 0u64); N];
        let mut k = 0;
        while k < N {
            let prefix = prefixes[k];
            by_first_byte[prefix[0] as usize] |= 1 << k;
            if prefix.len() >= 2 {
                by_second_byte[prefix[1] as usize] |= 1 << k;
            } else {
                let mut b = 0;
                while b < 256 {
                    by_second_byte[b] |= 1 << k;
                    b += 1;
                }
            }
            let mut value = 0u64;
            let mut at = 0;
            while at < prefix.len() {
                assert!(prefix[at] != 0, "a prefix holds no zero byte");
                if at < 8 {
                    value |= (prefix[at] as u64) << (8 * at);
                }
                at += 1;
            }
            let mask = if prefix.len() >= 8 {
                u64::MAX
            } else {
                (1u64 << (8 * prefix.len())) - 1
            };
            heads[k] = (value, mask);
            k += 1;
        }
        PrefixSet {
            prefixes,
            heads,
            by_first_byte,
            by_second_byte,
        }
    }

    /// Whether `text` starts with one of the prefixes. The first-byte lookup is inlined into
    /// the caller; the comparisons, for the few lines that pass it, are not.
    #[inline(always)]
    pub(super) fn starts(&self, text: &[u8]) -> bool {
        let Some(&first) = text.first() else {
            return false;
        };
        let candidates = self.by_first_byte[first as usize];
        if candidates == 0 {
            return false;
        }
        // A one-byte text reads its missing second byte as 0, which no prefix holds.
        let second = text.get(1).copied().unwrap_or(0);
        let candidates = candidates & self.by_second_byte[second as usize];
        candidates != 0 && self.starts_with_one_of(text, candidates)
    }

    /// Whether `text` starts with one of the prefixes whose bits are set in `candidates`.
    #[inline(never)]
    fn starts_with_one_of(&self, text: &[u8], mut candidates: u32) -> bool {
        let word = head_word(text);
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            let (value, mask) = self.heads[k];
            // A match of 8 non-zero bytes means `text` holds at least 8.
            if word & mask == value
                && self.prefixes[k]
                    .get(8..)
                    .is_none_or(|tail| text[8..].starts_with(tail))
            {
                return true;
            }
            candidates &= candidates - 1;
        }
        false
    }
}

/// The first 8 bytes of `text` as a little-endian word, zero-padded when it is shorter.
#[inline]
fn head_word(text: &[u8]) -> u64 {
    match text.get(..8) {
        Some(eight) => u64::from_le_bytes(eight.try_into().expect("8 bytes")),
        None => text
            .iter()
            .enumerate()
            .fold(0, |word, (k, &b)| word | u64::from(b) << (8 * k)),
    }
}

/// What a diff's ranking pass carries from line to line: whether it is in a commit message
/// (after `Date:`, until the next `commit` or `diff --git`) and the small hunks so far.
#[derive(Default)]
pub(super) struct DiffState {
    pub(super) in_message: bool,
    /// A file's diff or a commit has begun: the lines before are the command's own report.
    pub(super) past_report: bool,
    pub(super) hunks: SmallHunks,
    /// Every changed line inside a hunk, in order.
    pub(super) changes: Vec<u32>,
    /// Sign columns of the current hunk (see [`hunk_columns`]).
    pub(super) columns: usize,
}

impl DiffState {
    /// Line `i` changed: its rank, and it is noted when inside a hunk.
    #[inline(always)]
    fn change(&mut self, i: usize, line: &[u8]) -> Rank {
        if self.hunks.in_hunk {
            self.changes.push(i as u32);
        }
        if is_definition(line) {
            Rank::High
        } else {
            Rank::Body
        }
    }
}

/// Structural rank of diff line `i` (headers, changed lines, definitions), `None` for the
/// rest; `state` is updated with what the line starts or ends.
#[inline(always)]
pub(super) fn diff_line_rank(i: usize, line: &[u8], state: &mut DiffState) -> Option<Rank> {
    if !state.past_report {
        if line.starts_with(b"diff ") || line.starts_with(b"commit ") {
            state.past_report = true;
        } else if is_git_report(line) {
            return Some(Rank::Must);
        }
    }
    // One dispatch on the first byte: every header, metadata or message test below starts
    // with a different one, and changed lines, most of a diff, start with `+` or `-`.
    match line.first() {
        Some(&sign @ (b'+' | b'-')) => {
            state.hunks.changed(i);
            // `+++` and `---` name the files.
            if line.len() >= 3 && line[1] == sign && line[2] == sign {
                None
            } else {
                Some(state.change(i, line))
            }
        }
        // `git diff --word-diff` writes a changed line without a sign: the old words in
        // `[-…-]`, the new in `{+…+}`, and context lines bare. A unified context line starts with
        // a space, so only an unsigned line can be one of these.
        Some(&first) if first != b' ' && is_word_diff_change(line) => {
            state.hunks.changed(i);
            Some(state.change(i, line))
        }
        Some(b'D') if line.starts_with(b"Date:") => {
            state.in_message = true;
            None
        }
        Some(b'd') if line.starts_with(b"diff ") => {
            state.hunks.file_starts();
            if line.starts_with(b"diff --git")
                || line.starts_with(b"diff --cc ")
                || line.starts_with(b"diff --combined ")
            {
                state.in_message = false;
                Some(Rank::Must)
            } else {
                None
            }
        }
        Some(b'c') if line.starts_with(b"commit ") => {
            state.hunks.file_starts();
            state.in_message = false;
            Some(Rank::Must)
        }
        Some(b'@') if line.starts_with(b"@@") => {
            state.hunks.hunk_starts();
            state.columns = hunk_columns(line);
            Some(Rank::Must)
        }
        Some(b'A') => line.starts_with(b"Author:").then_some(Rank::Must),
        Some(b'M') => line.starts_with(b"Merge:").then_some(Rank::Must),
        // A combined diff's line changed against a later parent only (` +ours`).
        Some(b' ')
            if state.columns > 1 && state.hunks.in_hunk && is_hunk_change(line, state.columns) =>
        {
            state.hunks.changed(i);
            Some(state.change(i, line))
        }
        // The commit message is indented by four spaces.
        Some(b' ') => {
            (state.in_message && line.starts_with(b"    ") && !is_blank(line)).then_some(Rank::Must)
        }
        _ => is_diff_metadata(line).then_some(Rank::Must),
    }
}

/// Sign columns of the hunk a header opens: one for `@@`, one per parent for a combined
/// diff's (`@@@` for a merge of two).
pub(super) fn hunk_columns(header: &[u8]) -> usize {
    header
        .iter()
        .take_while(|&&b| b == b'@')
        .count()
        .saturating_sub(1)
        .max(1)
}

/// Whether `line`, inside a hunk of `columns` sign columns, is changed against some parent:
/// its first `columns` bytes are signs or spaces, and one is a sign. A combined diff writes
/// ` +x` for a line only the second parent lacks, which the first column alone takes for
/// context.
pub(super) fn is_hunk_change(line: &[u8], columns: usize) -> bool {
    let signs = &line[..columns.min(line.len())];
    signs.iter().all(|&b| matches!(b, b'+' | b'-' | b' ')) && signs.iter().any(|&b| b != b' ')
}

/// Most lines of a conflict kept as one unit (see [`conflict_regions`]): a larger one is
/// read line by line, as any long change is.
pub(super) const MAX_CONFLICT_LINES: usize = 40;

/// The conflict marker `text` is, as a file holds it or as a diff shows it after up to two
/// sign columns: `<` for `<<<<<<< ours`, `=` for `=======`, `>` for `>>>>>>> theirs`.
fn conflict_marker(text: &[u8]) -> Option<u8> {
    (0..=2).find_map(|p| {
        let (signs, rest) = text.split_at_checked(p)?;
        if !signs.iter().all(|&b| matches!(b, b'+' | b'-' | b' ')) {
            return None;
        }
        let mark = *rest.first()?;
        let ends = |len: usize| rest.get(len).is_none_or(|&b| b == b' ' || b == b'\r');
        (matches!(mark, b'<' | b'=' | b'>')
            && rest.len() >= 7
            && rest[..7].iter().all(|&b| b == mark)
            && ends(7))
        .then_some(mark)
    })
}

/// The line ranges of merge conflicts, from `<<<<<<<` through `=======` to `>>>>>>>`, of at
/// most [`MAX_CONFLICT_LINES`] lines (`text(i)` is line `i`). Both sides of a conflict are
/// one fact: a view that shows ours without theirs misleads more than one that shows
/// neither.
pub(super) fn conflict_regions<'t>(
    n: usize,
    text: impl Fn(usize) -> &'t [u8],
) -> Vec<std::ops::Range<usize>> {
    let mut regions = Vec::new();
    let mut open: Option<(usize, bool)> = None;
    for i in 0..n {
        let line = text(i);
        // Most lines are settled by their first three bytes.
        if !line
            .iter()
            .take(3)
            .any(|&b| matches!(b, b'<' | b'=' | b'>'))
        {
            continue;
        }
        match (conflict_marker(line), open) {
            (Some(b'<'), _) => open = Some((i, false)),
            (Some(b'='), Some((start, _))) => open = Some((start, true)),
            (Some(b'>'), Some((start, true))) => {
                if i + 1 - start <= MAX_CONFLICT_LINES {
                    regions.push(start..i + 1);
                }
                open = None;
            }
            _ => {}
        }
        if open.is_some_and(|(start, _)| i + 1 - start > MAX_CONFLICT_LINES) {
            open = None;
        }
    }
    regions
}

/// What git reports before a diff when a merge, rebase or cherry-pick stops (`CONFLICT
/// (content): Merge conflict in …`, `error:`), besides the unmerged paths of `git status` (see
/// [`UNMERGED_STATES`]): the files left to the user, each a fact the diff below does not state.
const GIT_REPORTS: &[&[u8]] = &[
    b"CONFLICT",
    b"error:",
    b"fatal:",
    b"warning:",
    b"Automatic merge failed",
    b"Unmerged paths",
];

/// The states `git status` gives an unmerged path (`both modified:   x`).
const UNMERGED_STATES: &[&[u8]] = &[
    b"both modified:",
    b"both added:",
    b"both deleted:",
    b"deleted by them:",
    b"deleted by us:",
    b"added by them:",
    b"added by us:",
];

/// Whether `text` starts with an unmerged path's state (see [`UNMERGED_STATES`]).
fn starts_unmerged(text: &[u8]) -> bool {
    UNMERGED_STATES.iter().any(|state| text.starts_with(state))
}

/// Whether `line` is one of git's reports (see [`GIT_REPORTS`]) or an unmerged path, indented
/// or not.
fn is_git_report(line: &[u8]) -> bool {
    let text = line.trim_ascii_start();
    GIT_REPORTS.iter().any(|report| text.starts_with(report)) || starts_unmerged(text)
}

/// Whether `line` is an unmerged path as `git status` lists it, after a tab
/// (`\tboth modified:   x`, `\tdeleted by them: x`): a file a stopped merge left to the user,
/// in any output.
pub(super) fn is_unmerged_path(line: &[u8]) -> bool {
    line.first() == Some(&b'\t') && starts_unmerged(&line[1..])
}

/// Whether `line` holds a word diff's change: `[-` closed by `-]` or `{+` closed by `+}` later
/// in the line, with something between them.
pub(super) fn is_word_diff_change(line: &[u8]) -> bool {
    fn paired(line: &[u8], open: [u8; 2], close: [u8; 2]) -> bool {
        find_pair(line, open).is_some_and(|at| {
            let rest = &line[at + open.len()..];
            find_pair(rest, close).is_some_and(|end| end > 0)
        })
    }
    paired(line, *b"[-", *b"-]") || paired(line, *b"{+", *b"+}")
}

/// Where the two bytes `pair` first stand in `hay`, tried at each place of the first byte:
/// every unsigned line of a diff is asked, and a general searcher for two bytes is built
/// anew on each call.
fn find_pair(hay: &[u8], pair: [u8; 2]) -> Option<usize> {
    memchr::memchr_iter(pair[0], hay).find(|&at| hay.get(at + 1) == Some(&pair[1]))
}

/// Structural rank of a listing line: git status entries and `dir:` headers of top-level
/// entries are facts, top-level entries rank high; `None` for the rest.
#[inline]
pub(super) fn tree_line_rank(line: &[u8]) -> Option<Rank> {
    let t = trim(line);
    if is_status_entry(t)
        || (t.ends_with(b":") && bare_path_is_top_level(&t[..t.len() - 1]).is_some())
    {
        Some(Rank::Must)
    } else if is_top_level_bare_path(t) {
        Some(Rank::High)
    } else {
        None
    }
}

/// File names such as `config-error.js` are not errors: listings and code skip keyword signals.
pub(super) fn uses_error_signals(kind: ContentKind) -> bool {
    !matches!(
        kind,
        ContentKind::Source
            | ContentKind::Grep
            | ContentKind::Diff
            | ContentKind::Json
            | ContentKind::Tree
    )
}

/// Rename, copy, mode and binary metadata of a diff: always facts.
#[inline]
pub(super) fn is_diff_metadata(text: &[u8]) -> bool {
    static DIFF_METADATA: PrefixSet<10> = PrefixSet::new([
        b"rename from",
        b"rename to",
        b"copy from",
        b"copy to",
        b"similarity index",
        b"old mode",
        b"new mode",
        b"new file mode",
        b"deleted file mode",
        b"Binary files",
    ]);
    DIFF_METADATA.starts(text)
}

#[cfg(test)]
mod tests {
    use super::super::super::definitions::is_type_definition;
    use super::super::super::signals::{is_definition, is_pass_line};
    use super::*;

    /// The declaring keyword as a plain list of prefix tests (what the word-compare version in
    /// `signals` must agree with): modifiers stripped first, then the keyword.
    fn reference_keyword(line: &[u8]) -> Option<&'static [u8]> {
        const MODIFIERS: &[&[u8]] = &[
            b"pub ",
            b"public ",
            b"private ",
            b"protected ",
            b"export ",
            b"extern \"C\" ",
            b"default ",
            b"async ",
            b"abstract ",
            b"unsafe ",
            b"static ",
            b"final ",
        ];
        const KEYWORDS: &[&[u8]] = &[
            b"fn ",
            b"function ",
            b"function*",
            b"func ",
            b"struct ",
            b"enum ",
            b"trait ",
            b"type ",
            b"impl ",
            b"impl<",
            b"interface ",
            b"mod ",
            b"macro_rules!",
            b"union ",
            b"def ",
            b"class ",
        ];
        let mut rest = line
            .strip_prefix(b"+")
            .or(line.strip_prefix(b"-"))
            .unwrap_or(line);
        rest = &rest[indent_width(rest)..];
        loop {
            if rest.starts_with(b"pub(") {
                match rest.iter().position(|&b| b == b')') {
                    Some(close) => {
                        rest = &rest[close + 1..];
                        rest = &rest[indent_width(rest)..];
                        continue;
                    }
                    None => return None,
                }
            }
            if rest.starts_with(b"const fn ") {
                rest = &rest[b"const ".len()..];
                continue;
            }
            match MODIFIERS.iter().find(|m| rest.starts_with(m)) {
                Some(m) => rest = &rest[m.len()..],
                None => break,
            }
        }
        KEYWORDS.iter().copied().find(|k| rest.starts_with(k))
    }

    fn is_type_keyword(k: &[u8]) -> bool {
        !matches!(
            k,
            b"fn "
                | b"def "
                | b"function "
                | b"function*"
                | b"func "
                | b"impl "
                | b"impl<"
                | b"mod "
        )
    }

    proptest::proptest! {
        #[test]
        fn definitions_agree_with_the_plain_prefix_tests(
            sign in "[+-]?",
            indent in "[ \t]{0,20}",
            words in proptest::collection::vec(
                "pub|pub\\(crate\\)|pub\\( super \\)|public|private|protected|export|extern \"C\"|\
                 default|async|abstract|unsafe|static|final|const|fn|function\\*?|func|struct|\
                 enum|trait|type|impl<T>|impl|interface|mod|macro_rules!|union|def|class|\
                 x|self|if|[a-z]{1,3}|[ \t(]",
                0..5,
            ),
            separators in proptest::collection::vec("[ \t]{0,2}|\\(", 5),
        ) {
            let mut line = format!("{sign}{indent}");
            for (word, separator) in words.iter().zip(&separators) {
                line.push_str(word);
                line.push_str(separator);
            }
            let line = line.as_bytes();
            let expected = reference_keyword(line);
            proptest::prop_assert_eq!(is_definition(line), expected.is_some(), "{:?}", line);
            proptest::prop_assert_eq!(
                is_type_definition(line),
                expected.is_some_and(is_type_keyword),
                "{:?}",
                line
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn prefix_sets_agree_with_plain_prefix_tests(
            text in "(modified:|new file:|both |added:|Your branch |On branch|HEAD|copy|\
                      rename from|rename to|similarity index|[a-z :/]){0,4}",
        ) {
            let text = text.as_bytes();
            let status = [
                &b"modified:"[..], b"deleted:", b"new file:", b"renamed:", b"copied:",
                b"typechange:", b"both modified:", b"both added:", b"On branch ",
                b"HEAD detached", b"Your branch ",
            ];
            let metadata = [
                &b"rename from"[..], b"rename to", b"copy from", b"copy to",
                b"similarity index", b"old mode", b"new mode", b"new file mode",
                b"deleted file mode", b"Binary files",
            ];
            let plain = |prefixes: &[&[u8]]| prefixes.iter().any(|p| text.starts_with(p));
            proptest::prop_assert_eq!(is_status_entry(text), plain(&status));
            proptest::prop_assert_eq!(is_diff_metadata(text), plain(&metadata));
        }

        #[test]
        fn top_level_paths_agree_with_the_bare_path_test(line in "[ \t]{0,2}[./a ]{0,6}[ \t]{0,2}") {
            let t = trim(line.as_bytes());
            proptest::prop_assert_eq!(
                is_top_level_bare_path(t),
                bare_path_is_top_level(line.as_bytes()) == Some(true)
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn pass_lines_agree_with_the_plain_marker_tests(
            pieces in proptest::collection::vec(
                "PASS|PASSED| PASSED|--- PASS|---|ED|P| ok|ok|\u{2713}|\u{2714}|\u{2715}|\u{2500}|                 \u{e2}|[a-z ]{0,3}",
                0..6,
            ),
        ) {
            let line = pieces.concat();
            let text = line.as_str();
            let expected = text.ends_with(" ok")
                || text.contains('\u{2713}')
                || text.contains('\u{2714}')
                || text.match_indices("PASS").any(|(at, _)| {
                    text[..at].ends_with(' ') && text[at + 4..].starts_with("ED")
                        || text[..at].ends_with("--- ")
                });
            proptest::prop_assert_eq!(is_pass_line(text.as_bytes()), expected, "{:?}", text);
        }
    }

    #[test]
    fn definitions_after_indents_of_every_length() {
        for indent in 0..40 {
            for blank in [" ", "\t"] {
                let pad = blank.repeat(indent);
                assert!(is_definition(
                    format!("{pad}pub(crate) fn f() {{").as_bytes()
                ));
                assert!(is_definition(format!("+{pad}struct S;").as_bytes()));
                assert!(!is_definition(format!("{pad}self.f()").as_bytes()));
                assert!(!is_definition(format!("{pad}fn").as_bytes()));
                assert!(!is_definition(pad.as_bytes()));
            }
        }
    }

    #[test]
    fn prefix_sets_match_one_byte_texts_and_prefixes() {
        static SET: PrefixSet<3> = PrefixSet::new([b"x", b"ab", b"nx"]);
        for (text, expected) in [
            ("x", true),
            ("xy", true),
            ("a", false),
            ("ab", true),
            ("abc", true),
            ("ac", false),
            ("n", false),
            ("no", false),
            ("nx", true),
            ("", false),
        ] {
            assert_eq!(SET.starts(text.as_bytes()), expected, "{text:?}");
        }
    }

    #[test]
    fn prefix_sets_try_every_prefix_of_the_first_byte() {
        for entry in [
            "modified:   a",
            "deleted:    a",
            "new file:   a",
            "renamed:    a -> b",
            "copied:     a",
            "typechange: a",
            "both modified:   a",
            "both added:   a",
            "On branch main",
            "HEAD detached at 1",
            "Your branch is up to date",
        ] {
            assert!(is_status_entry(entry.as_bytes()), "{entry}");
            // Cut short, no entry matches.
            assert!(!is_status_entry(
                &entry.as_bytes()[..entry.find(' ').unwrap() - 1]
            ));
        }
        for other in [
            "",
            "m",
            "modified",
            "bother",
            "new files",
            "src/main.rs",
            "On",
        ] {
            assert!(!is_status_entry(other.as_bytes()), "{other}");
        }
    }

    #[test]
    fn diff_lines_rank_by_their_first_byte() {
        let mut state = DiffState::default();
        let ranks: Vec<Option<Rank>> = [
            "commit 0123abcd",
            "Author: A <a@b>",
            "Date:   Mon",
            "",
            "    The message.",
            "    ",
            "diff --git a/x b/x",
            "deleted file mode 100644",
            "--- a/x",
            "+++ b/x",
            "@@ -1 +1 @@",
            "-    fn old() {",
            "+    let y = 2;",
            " context",
            "    indented context",
        ]
        .iter()
        .enumerate()
        .map(|(i, line)| diff_line_rank(i, line.as_bytes(), &mut state))
        .collect();
        use Rank::{Body, High, Must};
        assert_eq!(
            ranks,
            [
                Some(Must),
                Some(Must),
                None,
                None,
                Some(Must),
                None,
                Some(Must),
                Some(Must),
                None,
                None,
                Some(Must),
                Some(High),
                Some(Body),
                None,
                None,
            ]
        );
    }

    #[test]
    fn small_hunks_match_hunks_counted_whole() {
        // Random diffs of hunk headers, changed lines and file starts; the small hunks the
        // ranking pass promotes must be those with at most 8 changed lines, counted whole.
        let pieces = [
            "@@ -1 +1 @@",
            "+ added",
            "- removed",
            " context",
            "diff --git a/x b/x",
            "diff -r a b",
            "commit 0123",
            "--- a/x",
            "+++ b/x",
        ];
        let mut next = crate::compact::select::xorshift(0x2545_f491_4f6c_dd1du64);
        for round in 0..200 {
            let n = 5 + (next() % 120) as usize;
            // Changed lines come in runs, so some hunks are small and some large.
            let lines: Vec<&str> = (0..n)
                .map(|_| match next() % 10 {
                    0..=5 => pieces[1 + (next() % 2) as usize],
                    k => pieces[[0, 3, 4, 5, 6, 7, 8][(k as usize + next() as usize) % 7]],
                })
                .collect();
            let mut state = DiffState::default();
            for (i, line) in lines.iter().enumerate() {
                diff_line_rank(i, line.as_bytes(), &mut state);
            }
            let budget_lines = round % 7;
            let mut flags = vec![LineFlags::INITIAL; n];
            state.hunks.promote(&mut flags, budget_lines);

            let mut hunks: Vec<Vec<usize>> = Vec::new();
            let mut in_hunk = false;
            for (i, line) in lines.iter().enumerate() {
                if line.starts_with("@@") {
                    hunks.push(Vec::new());
                    in_hunk = true;
                } else if line.starts_with("diff ") || line.starts_with("commit ") {
                    in_hunk = false;
                } else if in_hunk && (line.starts_with('+') || line.starts_with('-')) {
                    hunks.last_mut().expect("a hunk").push(i);
                }
            }
            let small: Vec<usize> = hunks
                .into_iter()
                .filter(|h| h.len() <= 8)
                .flatten()
                .collect();
            let rank = if small.len() <= 4 * budget_lines {
                Rank::Context
            } else {
                Rank::High
            };
            for (i, flag) in flags.iter().enumerate() {
                let expected = if small.contains(&i) {
                    rank
                } else {
                    Rank::Filler
                };
                assert_eq!(flag.rank(), expected, "round {round}, line {i}: {lines:?}");
            }
        }
    }

    #[test]
    fn ends_of_templates_match_a_full_pass() {
        // A fixed pseudo-random pattern of 6 templates over 300 lines, some lines repeats.
        let mut next = crate::compact::select::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..20 {
            let ids: Vec<u16> = (0..300).map(|_| (next() % 6) as u16).collect();
            let mut flags = vec![LineFlags::INITIAL; ids.len()];
            for f in flags.iter_mut() {
                if next().is_multiple_of(3) {
                    f.set(DUPLICATE);
                }
            }
            // Templates 1, 3 and 4 are wanted, at places 0, 1 and 2.
            let place = [0u8, 1, 0, 2, 3, 0];
            let mut first = vec![None; 3];
            let mut last = vec![None; 3];
            ends_of_templates(&ids, &place, &flags, &mut first, &mut last);
            for (k, t) in [(0usize, 1u16), (1, 3), (2, 4)] {
                assert_eq!(first[k], ids.iter().position(|&id| id == t));
                let last_kept = (0..ids.len())
                    .rev()
                    .find(|&i| ids[i] == t && !flags[i].has(DUPLICATE));
                assert_eq!(last[k], last_kept);
            }
        }
    }

    /// The two-byte search finds what the general searcher finds, over lines of the bytes the
    /// word diff marks are made of.
    #[test]
    fn pairs_are_found_where_the_general_search_finds_them() {
        let mut next = crate::compact::select::xorshift(0x51f1_5eed_0000_0003u64);
        for _ in 0..5000 {
            let len = (next() % 24) as usize;
            let line: Vec<u8> = (0..len)
                .map(|_| b"[-]{+}a "[(next() % 8) as usize])
                .collect();
            for pair in [*b"[-", *b"-]", *b"{+", *b"+}"] {
                assert_eq!(
                    find_pair(&line, pair),
                    memchr::memmem::find(&line, &pair),
                    "{line:?}"
                );
            }
        }
        assert!(is_word_diff_change(b"x [-old-]{+new+} y"));
        assert!(!is_word_diff_change(b"x [--] y"));
        assert!(!is_word_diff_change(b"x -] [- y"));
    }

    #[test]
    fn backtrace_frames() {
        assert!(is_backtrace_frame(b"at f (file.js:1:2)"));
        assert!(is_backtrace_frame(b"    at f (file.js:1:2)"));
        assert!(is_backtrace_frame(b"  12: crate::module::f"));
        assert!(!is_backtrace_frame(b"12: not indented"));
        assert!(!is_backtrace_frame(b"attention"));
        assert!(!is_backtrace_frame(b"    plain"));
    }
}
