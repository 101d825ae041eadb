//! The unbudgeted choice: errors with their details, warnings with their locations, then the
//! other lines by rank while the line and byte budget lasts.

use std::collections::HashSet;

use super::super::lines::trim;
use super::super::signals::{is_outline_head, is_pass_line, message_hash, Signal};
use super::analyze::Lines;
use super::flags::{LineFlags, Rank, DUPLICATE, KEEP, QUERY_HIT};
use super::line_kinds::{
    block_opener, is_blank, is_location_line, is_stack_frame, LOCATION_LOOKAHEAD,
};
use super::line_texts::LineTexts;
use super::spread;
use super::templates::{water_fill, PreHashed, Templates};
use super::{Budget, ContentKind, STACK_LOOKAHEAD};

/// Lines after an error that may carry its details (assertion text, code frame, cause).
const CONTEXT_AFTER_ERROR: usize = 6;

/// Keeps every distinct error (floods thinned per template) with the details that follow it
/// and its first stack frame; returns the kept error lines.
pub(super) fn errors_with_details(
    lines: &Lines<'_>,
    templates: &Templates,
    errors: &[u32],
    budget: &Budget,
    flags: &mut [LineFlags],
) -> Vec<u32> {
    let n = flags.len();
    let frequent_template = (n / 20).max(16);
    let mut kept_errors = water_fill(
        errors,
        &templates.ids,
        budget.error_lines,
        budget.per_template,
    );
    if kept_errors.len() < errors.len() && kept_errors.len() < budget.error_lines {
        // Room left: add the first instance of each message not yet shown (the same error
        // about another path or name), in order, up to the cap.
        let mut seen: HashSet<u64, PreHashed> = kept_errors
            .iter()
            .map(|&i| message_hash(lines.texts.in_buffer(lines.body(i as usize))))
            .collect();
        let mut extra = Vec::new();
        // The kept errors are a subsequence of `errors` (water-filling keeps their order), and
        // their messages are in `seen`: each is passed over without hashing it again.
        let mut kept = kept_errors.iter().peekable();
        for &i in errors {
            if kept_errors.len() + extra.len() >= budget.error_lines {
                break;
            }
            if kept.next_if_eq(&&i).is_some() {
                continue;
            }
            if seen.insert(message_hash(lines.texts.in_buffer(lines.body(i as usize)))) {
                extra.push(i);
            }
        }
        kept_errors.extend(extra);
        kept_errors.sort_unstable();
        kept_errors.dedup();
    }
    let mut frames = FrameSearch::new(|j: usize| is_stack_frame(lines.body(j)));
    for &i in &kept_errors {
        let i = i as usize;
        flags[i].set_rank(Rank::Must);
        // Details follow an error until a blank line: assertion text, code frame, cause.
        let details_end = n.min(i + 1 + CONTEXT_AFTER_ERROR);
        // An error line ending in a colon announces its details, and some reporters (Node's
        // assert: `Expected values to be strictly equal:`, blank, `898 !== 899`) put a blank
        // line first: that one blank line does not end the details.
        let announces = trim(lines.body(i)).ends_with(b":");
        // A line after one that ends in a colon is what that line announces (`Got:` and the
        // value a doctest printed), however common its shape.
        let mut announced = announces;
        // The lines after the error are read in order (cheaper than indexing each).
        let after = lines.texts.iter_from(i + 1);
        for ((j, flag), line) in flags
            .iter_mut()
            .enumerate()
            .take(details_end)
            .skip(i + 1)
            .zip(after.clone())
        {
            let body = &line[lines.prefix(j)..];
            if is_blank(body) {
                if announces && j == i + 1 {
                    flag.lower_rank(Rank::Context);
                    continue;
                }
                break;
            }
            // A neighbouring passing test or a sibling of the same template is not detail.
            // A line of a frequent template is another record of the log, not detail.
            // The word test comes last: the others are a load each.
            let follows_announcement =
                std::mem::replace(&mut announced, trim(body).ends_with(b":"));
            let frequent = templates.count_of(j) as usize > frequent_template;
            if (frequent && !follows_announcement)
                || templates.of(j) == templates.of(i)
                || flag.signal() == Signal::Error
                || is_pass_line(body)
            {
                continue;
            }
            flag.lower_rank(Rank::Context);
        }
        if let Some(j) = frames.first_within(i + 1, n.min(i + 1 + STACK_LOOKAHEAD)) {
            flags[j].lower_rank(Rank::Context);
        }
        // A finding indented under the line that names its file (ESLint's and yamllint's
        // output, a test under its suite) says nothing without that line.
        if let Some(j) = block_opener(|j| lines.body(j), i, false) {
            flags[j].lower_rank(Rank::Context);
        }
    }
    kept_errors
}

/// The first stack frame within windows that move forward (one per kept error, in order).
/// Windows of close errors overlap: each line is asked once whether it is a frame.
struct FrameSearch<F: Fn(usize) -> bool> {
    is_frame: F,
    /// Start of the last window.
    start: usize,
    /// Lines from the last window's start up to here were asked; of them, only `found` (the
    /// last line asked) may be a frame.
    checked_to: usize,
    found: Option<usize>,
}

impl<F: Fn(usize) -> bool> FrameSearch<F> {
    fn new(is_frame: F) -> Self {
        FrameSearch {
            is_frame,
            start: 0,
            checked_to: 0,
            found: None,
        }
    }

    /// The first frame in `start..end`. Errors come in line order, so `start` only grows; a
    /// window behind the last one starts the search afresh.
    fn first_within(&mut self, start: usize, end: usize) -> Option<usize> {
        if start < self.start {
            self.checked_to = start;
            self.found = None;
        }
        self.start = start;
        if self.found.is_some_and(|f| f < start) {
            self.found = None;
        }
        if self.found.is_none() {
            let mut j = self.checked_to.max(start);
            while j < end {
                if (self.is_frame)(j) {
                    self.found = Some(j);
                    break;
                }
                j += 1;
            }
            self.checked_to = self.checked_to.max(self.found.map_or(j, |f| f + 1));
        }
        self.found.filter(|&f| f < end)
    }
}

/// Keeps the lines that hold a term of the caller's query. Hits of one template are one fact
/// repeated: when there are many, the first instances of each template are kept (water-filled
/// like errors) and the rest compete as ordinary lines. A query naming a file that every line
/// of a build log mentions would otherwise keep the whole log. The `pinned` lines, hits of a
/// term found on only a few lines, are kept whatever their template: they are what was asked.
pub(super) fn query_hits(
    templates: &Templates,
    budget: &Budget,
    pinned: &[u32],
    flags: &mut [LineFlags],
) {
    for &i in pinned {
        flags[i as usize].lower_rank(Rank::Must);
    }
    let hits: Vec<u32> = (0..flags.len())
        .filter(|&i| flags[i].has(QUERY_HIT))
        .map(|i| i as u32)
        .collect();
    if hits.is_empty() {
        return;
    }
    let cap = (budget.lines / 2).max(budget.per_template);
    for i in water_fill(&hits, &templates.ids, cap, budget.per_template) {
        flags[i as usize].lower_rank(Rank::Must);
    }
}

/// Keeps warnings (floods thinned per template) and the location line that follows each.
pub(super) fn warnings_with_locations(
    lines: &Lines<'_>,
    templates: &Templates,
    warnings: &[u32],
    budget: &Budget,
    flags: &mut [LineFlags],
) {
    let n = flags.len();
    let kept = water_fill(
        warnings,
        &templates.ids,
        budget.warning_lines,
        budget.per_template,
    );
    for i in kept {
        let i = i as usize;
        flags[i].lower_rank(Rank::High);
        let end = n.min(i + 1 + LOCATION_LOOKAHEAD);
        for (j, flag) in flags.iter_mut().enumerate().take(end).skip(i + 1) {
            if is_location_line(lines.body(j)) {
                flag.lower_rank(Rank::High);
            }
        }
    }
}

/// Must and context lines and the lines `unlike` their look-alikes (most telling first, see
/// `slots::mark_unlike_members`) always, then the rest by rank within the budget. Returns the
/// bytes of the lines kept (texts and a newline each): no line was kept before.
pub(super) fn fill_by_rank(
    lines: &Lines<'_>,
    templates: &Templates,
    unlike: &[u32],
    kind: ContentKind,
    budget: &Budget,
    aggressiveness: f64,
    flags: &mut [LineFlags],
) -> usize {
    let n = flags.len();
    let texts = &lines.texts;
    let mut kept_lines = 0usize;
    let mut kept_bytes = 0usize;
    // Lines unlike their look-alikes (a value or kind few of them hold) are few, and each is
    // what a question about its group is about: they are kept besides the budget, which lines
    // of rare templates may take whole (in a list where every line is its own template, all
    // are rare), within a byte budget of their own. They count as kept bytes, not against the
    // lines the budget would keep.
    let mut unlike_bytes = 0usize;
    for &i in unlike {
        let i = i as usize;
        if unlike_bytes + texts[i].len() >= budget.bytes {
            break;
        }
        if !flags[i].has(KEEP) && !flags[i].has(DUPLICATE) {
            flags[i].set(KEEP);
            unlike_bytes += texts[i].len() + 1;
        }
    }
    // The candidates of the sorted ranks are gathered in the same pass: no line is kept
    // before this pass, and it keeps only must and context lines, so it changes no high or
    // rare line's candidacy. Rare lines go by their template's count, then position: both in
    // one integer.
    let mut high: Vec<u32> = Vec::new();
    // Rare lines whose template is theirs alone (most rare lines) rank first among rare
    // lines, in position order: they are gathered in that order and need no sorting.
    let mut rare_alone: Vec<u32> = Vec::new();
    let mut rare: Vec<u64> = Vec::new();
    // Only lines ranked rare or above take part: most lines are ordinary, and whole blocks of
    // them are passed over at once.
    let mut from = 0;
    while let Some(i) = next_line_where(flags, from, |f| f.rank() <= Rank::Rare) {
        from = i + 1;
        let f = flags[i];
        match f.rank() {
            Rank::Must | Rank::Context if !(f.has(DUPLICATE) && f.rank() != Rank::Must) => {
                flags[i].set(KEEP);
                kept_lines += 1;
                kept_bytes += texts[i].len() + 1;
            }
            Rank::High if !f.has(KEEP) && !f.has(DUPLICATE) => high.push(i as u32),
            Rank::Rare if !f.has(KEEP) && !f.has(DUPLICATE) => match templates.count_of(i) {
                1 => rare_alone.push(i as u32),
                count => rare.push(u64::from(count) << 32 | i as u64),
            },
            _ => {}
        }
    }
    // A source file's outline is its point, so definitions may take a larger share there.
    let structural_cap = budget.lines.max(if kind == ContentKind::Source {
        n / 4
    } else {
        n / 12
    });
    // Types say more than functions, and in a source read top-level definitions more than the
    // methods nested in classes (see `is_outline_head`); take them first, then in order. When
    // all candidates fit, the order cannot matter and no line is asked what it declares.
    if high.len() > structural_cap {
        let source = kind == ContentKind::Source;
        let (mut heads, others): (Vec<u32>, Vec<u32>) = high
            .iter()
            .partition(|&&i| is_outline_head(lines.hit_text(i as usize), source));
        heads.extend(others);
        high = heads;
    }
    for &i in high.iter().take(structural_cap) {
        flags[i as usize].set(KEEP);
        kept_lines += 1;
        kept_bytes += texts[i as usize].len() + 1;
    }
    let within = |kept_lines: usize, kept_bytes: usize| {
        kept_lines < budget.lines && kept_bytes < budget.bytes
    };
    // Rare lines by their template's count: each taken adds a line, so at most the lines
    // left in the budget are taken, and only that many of the rarest need sorting.
    // Every line has a template of at least one line (its own), so lines alone in theirs
    // come before all others.
    let room = budget.lines.saturating_sub(kept_lines);
    rare_alone.truncate(room);
    let room = room - rare_alone.len();
    if room < rare.len() {
        if room > 0 {
            rare.select_nth_unstable(room);
        }
        rare.truncate(room);
    }
    rare.sort_unstable();
    let rarest_first = rare_alone
        .iter()
        .map(|&i| i as usize)
        .chain(rare.iter().map(|&key| (key & u64::from(u32::MAX)) as usize));
    for i in rarest_first {
        if !within(kept_lines, kept_bytes) {
            break;
        }
        flags[i].set(KEEP);
        kept_lines += 1;
        kept_bytes += texts[i].len() + 1;
    }
    // A path listing's ordinary lines are its entries, each a fact: the room left shows every
    // directory with its first entries, not only the listing's head. Its markers name what
    // they hide, so the spread also stays within the view's token budget (a byte weighs at
    // most half a token).
    if kind == ContentKind::Tree && within(kept_lines, kept_bytes) {
        let room_bytes = (budget.bytes - kept_bytes)
            .min((2 * budget.view_tokens).saturating_sub(kept_bytes + unlike_bytes));
        let (lines_added, bytes_added) =
            spread::spread_over_directories(texts, flags, budget.lines - kept_lines, room_bytes);
        kept_lines += lines_added;
        kept_bytes += bytes_added;
    }
    // Ordinary lines only fill the budget when the caller asked to keep more.
    let fill_ranks: &[Rank] = if aggressiveness < 1.0 {
        &[Rank::Body, Rank::Filler]
    } else {
        &[Rank::Body]
    };
    // A softer view (aggressiveness below 1, after retrievals) adds ordinary lines in
    // proportion to how much softer it was asked to be, not up to the whole line budget: at
    // 0.99 a 3,000-line test run would otherwise grow tenfold.
    let filler_cap = ((1.0 - aggressiveness) * budget.lines as f64).ceil() as usize;
    let mut filler_taken = 0usize;
    for &rank in fill_ranks {
        // Ordinary lines go in line order: they are visited in place, up to where the budget
        // ends, not gathered first (most of a long output is ordinary; few are taken). The
        // budget only changes when a line is taken, so it is checked at each candidate.
        let mut from = 0;
        while let Some(i) = next_line_where(flags, from, |f| {
            f.rank() == rank && !f.has(KEEP) && !f.has(DUPLICATE)
        }) {
            from = i + 1;
            if !within(kept_lines, kept_bytes) || rank == Rank::Filler && filler_taken >= filler_cap
            {
                break;
            }
            flags[i].set(KEEP);
            kept_lines += 1;
            kept_bytes += texts[i].len() + 1;
            if rank == Rank::Filler {
                filler_taken += 1;
            }
        }
    }
    kept_bytes + unlike_bytes
}

/// A merge conflict (see [`super::line_kinds::conflict_regions`]) with a kept line is kept
/// whole: both sides and their markers are one fact, and a view showing our side without
/// theirs misleads. Returns the bytes of the lines it added.
pub(super) fn whole_conflicts(
    texts: &LineTexts<'_>,
    conflicts: &[std::ops::Range<usize>],
    flags: &mut [LineFlags],
) -> usize {
    let mut added = 0;
    for region in conflicts {
        if !flags[region.clone()].iter().any(|f| f.has(KEEP)) {
            continue;
        }
        for j in region.clone() {
            if !flags[j].has(KEEP) {
                flags[j].set(KEEP);
                added += texts.get(j).len() + 1;
            }
        }
    }
    added
}

/// Most lines a kept line's continuations bring with it.
const MAX_CONTINUATION_LINES: usize = 8;

/// A kept line that ends in a backslash continues on the next line (a shell command, a Tcl or
/// Makefile assignment, a C macro), and so does one that stops inside a parenthesised list it
/// opened (a prototype or call written over several lines, `fopen (const char *__filename,`):
/// its statement is read whole, so the lines it continues onto are kept with it, up to
/// [`MAX_CONTINUATION_LINES`]. Returns the bytes of the lines it added.
pub(super) fn continuations(
    texts: &LineTexts<'_>,
    kind: ContentKind,
    flags: &mut [LineFlags],
) -> usize {
    // Listings and search hits hold paths (`C:\dir\`), and JSON escapes its backslashes.
    if matches!(
        kind,
        ContentKind::Tree | ContentKind::Grep | ContentKind::Json
    ) {
        return 0;
    }
    let n = flags.len();
    let mut added = 0;
    let mut from = 0;
    while let Some(i) = next_line_where(flags, from, |f| f.has(KEEP)) {
        from = i + 1;
        let mut j = i;
        // Parentheses the statement has opened and not yet closed.
        let mut open = 0isize;
        while j + 1 < n && j - i < MAX_CONTINUATION_LINES {
            let text = texts.get(j);
            let (backslash, list) = (continues(text), ends_in_a_list(text));
            // Most lines end in neither: the statement ends there, whatever its parentheses,
            // and their bytes are not counted.
            if !backslash && !list {
                break;
            }
            open += paren_balance(text);
            if !(backslash || open > 0 && list) {
                break;
            }
            j += 1;
            if !flags[j].has(KEEP) {
                flags[j].set(KEEP);
                added += texts.get(j).len() + 1;
            }
        }
        from = from.max(j + 1);
    }
    added
}

/// `(` minus `)` in `line`.
fn paren_balance(line: &[u8]) -> isize {
    line.iter().fold(0, |open, &b| match b {
        b'(' => open + 1,
        b')' => open - 1,
        _ => open,
    })
}

/// Whether `line` stops inside a list: it ends with `,` or `(`, so the list goes on below
/// (`extern FILE *fopen (const char *__restrict __filename,`).
fn ends_in_a_list(line: &[u8]) -> bool {
    matches!(line.trim_ascii_end().last(), Some(b',' | b'('))
}

/// Whether `line` continues on the next one: it ends in a backslash after some text (a graph
/// line of `git log --graph`, `|\ \`, ends in one too, and holds no letter or digit).
fn continues(line: &[u8]) -> bool {
    line.trim_ascii_end().ends_with(b"\\") && line.iter().any(u8::is_ascii_alphanumeric)
}

/// The first line from `from` on whose flags `wanted` picks. The next few lines are tested
/// one by one (matches often come close together), then flags a block at a time (an OR over
/// a block vectorizes; a search stopping at each line does not), and only the block holding
/// a match is searched line by line: long stretches hold no line a pass looks for.
#[inline(always)]
pub(super) fn next_line_where(
    flags: &[LineFlags],
    from: usize,
    wanted: impl Fn(LineFlags) -> bool,
) -> Option<usize> {
    const NEAR: usize = 8;
    const BLOCK: usize = 32;
    let rest = flags.get(from..)?;
    let near = rest.len().min(NEAR);
    if let Some(k) = rest[..near].iter().position(|&f| wanted(f)) {
        return Some(from + k);
    }
    let mut blocks = rest[near..].chunks_exact(BLOCK);
    let mut at = from + near;
    for block in blocks.by_ref() {
        if block.iter().fold(false, |any, &f| any | wanted(f)) {
            return block.iter().position(|&f| wanted(f)).map(|k| at + k);
        }
        at += BLOCK;
    }
    blocks
        .remainder()
        .iter()
        .position(|&f| wanted(f))
        .map(|k| at + k)
}

#[cfg(test)]
mod tests {
    use super::super::flags::{LineFlags, Rank, KEEP};
    use super::{next_line_where, FrameSearch};

    #[test]
    fn lines_are_found_across_blocks() {
        let mut flags = vec![LineFlags::INITIAL; 100];
        let kept = |f: LineFlags| f.has(KEEP);
        assert_eq!(next_line_where(&flags, 0, kept), None);
        assert_eq!(next_line_where(&flags, 100, kept), None);
        assert_eq!(next_line_where(&flags, 150, kept), None);
        for line in [0usize, 31, 32, 63, 64, 95, 99] {
            flags[line].set(KEEP);
            flags[line].set_rank(Rank::High);
            for from in 0..=line {
                assert_eq!(next_line_where(&flags, from, kept), Some(line), "{line}");
                let high = |f: LineFlags| f.rank() <= Rank::Rare;
                assert_eq!(next_line_where(&flags, from, high), Some(line), "{line}");
            }
            assert_eq!(next_line_where(&flags, line + 1, kept), None);
            flags[line] = LineFlags::INITIAL;
        }
    }

    /// The first frame of each window, asked line by line.
    fn brute(frames: &[bool], start: usize, end: usize) -> Option<usize> {
        (start..end).find(|&j| frames[j])
    }

    /// A frame test over `frames` that counts, in `asked`, how often it was asked.
    fn counting<'a>(
        frames: &'a [bool],
        asked: &'a std::cell::Cell<usize>,
    ) -> impl Fn(usize) -> bool + 'a {
        move |j| {
            asked.set(asked.get() + 1);
            frames[j]
        }
    }

    #[test]
    fn frame_search_matches_a_fresh_search_per_window() {
        // A fixed pseudo-random pattern of frames and of windows, forward and backward.
        let mut next = crate::compact::select::xorshift(0x2545_f491_4f6c_dd1du64);
        for density in [2u64, 5, 30] {
            let frames: Vec<bool> = (0..400).map(|_| next().is_multiple_of(density)).collect();
            let asked = std::cell::Cell::new(0usize);
            let mut search = FrameSearch::new(counting(&frames, &asked));
            let mut start = 0usize;
            for _ in 0..300 {
                // Mostly forward steps, sometimes a step back.
                start = if next().is_multiple_of(10) {
                    start.saturating_sub((next() % 20) as usize)
                } else {
                    (start + (next() % 6) as usize).min(399)
                };
                let end = (start + 1 + (next() % 24) as usize).min(400);
                assert_eq!(
                    search.first_within(start, end),
                    brute(&frames, start, end),
                    "{start}..{end}"
                );
            }
            assert!(asked.get() > 0);
        }
    }

    #[test]
    fn frame_search_asks_each_line_once_for_forward_windows() {
        let frames = [false; 100];
        let asked = std::cell::Cell::new(0usize);
        let mut search = FrameSearch::new(counting(&frames, &asked));
        for start in 1..76 {
            assert_eq!(search.first_within(start, start + 24), None);
        }
        // Windows 1..25 to 75..99: lines 1 to 98, each asked once.
        assert_eq!(asked.get(), 98);
    }
}
