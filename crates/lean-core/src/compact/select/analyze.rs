//! One read of every line: grep `path:` prefixes, keyword signals, template ids and counts, the
//! caller's query hits, and each line's rank from its signal, structure and rarity.

use super::super::detect::{
    grep_prefix_len, is_coded_finding, is_ls_long_entry, numbered_separator,
};
use super::super::lines::{indent_width, same_bytes, LineIndex, Starts};
use super::super::recognize::{recognize, Fact};
use super::super::signals::{
    is_definition, is_method_head, line_shape, scan_signals, QuotedSource, Signal, EMPTY_SHAPE,
};
use super::flags::{LineFlags, Rank, DUPLICATE};
use super::line_kinds::{
    block_opener, diff_line_rank, is_backtrace_frame, is_blank, is_unmerged_path,
    state_before_failure, tree_line_rank, uses_error_signals, DiffState,
};
use super::line_texts::LineTexts;
use super::templates::{
    hit_text_of, intern_narrow, intern_wide, LineShapes, PreHashed, TemplateIds, Templates,
};
use super::{Budget, ContentKind, HEAD_LINES, PARALLEL_MIN_BYTES, TAIL_LINES};
use std::collections::HashMap;

/// The lines as the selection reads them: their cleaned texts and, for grep output grouped by
/// file, each line's `path:` prefix length (empty for other kinds and ungrouped output).
pub(super) struct Lines<'a> {
    pub(super) texts: LineTexts<'a>,
    pub(super) grep_prefix: Vec<u32>,
}

impl<'a> Lines<'a> {
    /// Reads grep prefixes when the lines are grep output to `group` by file and most lines
    /// have one.
    pub(super) fn new(texts: LineTexts<'a>, group: bool, input_len: usize) -> Lines<'a> {
        let grep_prefix = if group {
            grep_prefixes(&texts, input_len)
        } else {
            Vec::new()
        };
        Lines { texts, grep_prefix }
    }

    /// Grep output grouped by file: the path prints once, hits keep `line:text`.
    pub(super) fn grouped(&self) -> bool {
        !self.grep_prefix.is_empty()
    }

    /// Length of line `i`'s grep `path:` prefix, 0 for none.
    #[inline]
    pub(super) fn prefix(&self, i: usize) -> usize {
        self.grep_prefix.get(i).map_or(0, |&p| p as usize)
    }

    /// Line `i` without its grep `path:` prefix. Inlined: the selection's look-arounds call
    /// this for line after line, and the call cost as much as the work.
    #[inline(always)]
    pub(super) fn body(&self, i: usize) -> &[u8] {
        &self.texts[i][self.prefix(i)..]
    }

    /// Line `i` without its grep `path:NUM:` prefix: what shapes its template.
    #[inline]
    pub(super) fn hit_text(&self, i: usize) -> &[u8] {
        hit_text_of(&self.texts[i], self.prefix(i))
    }
}

/// [`grep_prefix_len`] of lines in order, most of which repeat the path of a line before them
/// (grep output lists a file's hits together): a line that repeats the path, separator
/// included, of the last line found to have a prefix has the same one when a number and the
/// separator follow, which is checked without the scan for the first blank and separators.
///
/// Exact: the scan reads no byte past a line's first numbered separator other than the
/// number and the separator after it, so two lines equal through that separator agree on
/// every earlier candidate (none), and the later ones are not read.
#[derive(Default)]
struct GrepPrefixMemo<'t> {
    /// The last line that had a prefix, and its separator's position (0: none yet).
    line: &'t [u8],
    separator: usize,
}

impl<'t> GrepPrefixMemo<'t> {
    #[inline(always)]
    fn prefix_len(&mut self, text: &'t [u8]) -> Option<(usize, usize)> {
        let at = self.separator;
        if at > 0
            && text.len() > at
            && same_bytes(&text[..=at], &self.line[..=at])
            && numbered_separator(&text[..text.len().min(512)], at)
        {
            return Some((at, at + 1));
        }
        let found = grep_prefix_len(text);
        if let Some((separator, _)) = found {
            self.line = text;
            self.separator = separator;
        }
        found
    }
}

/// Runs `work` on both halves of `items`, the second half on another thread, and returns both
/// results, first half first; `work` gets the index of its half's first item. Each half's
/// result does not depend on scheduling, so neither does the outcome.
fn on_two_halves<T: Send, R: Send>(
    items: &mut [T],
    work: impl Fn(usize, &mut [T]) -> R + Sync,
) -> (R, R) {
    let half = items.len() / 2;
    let (head, tail) = items.split_at_mut(half);
    std::thread::scope(|scope| {
        let second = scope.spawn(|| work(half, tail));
        let first = work(0, head);
        match second.join() {
            Ok(second) => (first, second),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Per-line grep prefix lengths, or none when fewer than half the lines have one.
fn grep_prefixes(texts: &LineTexts<'_>, input_len: usize) -> Vec<u32> {
    let n = texts.len();
    let mut grep_prefix = vec![0u32; n];
    // Prefixes of lines `from..` into `out`; returns how many lines had one. Once more than
    // half of all lines are known to lack one, the answer is none: the rest is not parsed.
    let parse = |from: usize, out: &mut [u32]| {
        let mut parsed = 0usize;
        let mut missed = 0usize;
        let mut memo = GrepPrefixMemo::default();
        for (text, slot) in texts.iter_from(from).zip(out.iter_mut()) {
            if let Some((_, prefix)) = memo.prefix_len(text) {
                *slot = prefix as u32;
                parsed += 1;
            } else {
                missed += 1;
                if missed * 2 > n {
                    break;
                }
            }
        }
        parsed
    };
    let parsed = if input_len >= PARALLEL_MIN_BYTES {
        let (first, second) = on_two_halves(&mut grep_prefix, parse);
        first + second
    } else {
        parse(0, &mut grep_prefix)
    };
    if parsed * 2 >= n {
        grep_prefix
    } else {
        Vec::new()
    }
}

/// Keyword signals into `flags` and the template of every line.
///
/// The keyword scan and template hashing are the largest costs and independent: on large
/// inputs the scan runs on a second thread or, for kinds without keyword signals, the second
/// half of the lines is interned there and its ids are merged after. Both are deterministic,
/// so the result does not depend on scheduling; small inputs skip the thread start-up cost.
/// Short-line inputs (the memory worst case) keep 2-byte ids while there are few enough
/// templates, widening to 4 bytes if that runs out. When the selection will compare
/// look-alikes (`shapes`) and lines have no grep prefixes, a single-threaded template pass also
/// works out every line's shape from the bytes it reads (see [`LineShapes`]).
pub(super) fn scan_and_intern(
    input: &[u8],
    index: &LineIndex,
    lines: &Lines<'_>,
    kind: ContentKind,
    shapes: bool,
    flags: &mut [LineFlags],
) -> Templates {
    let n = index.len();
    let error_signals = uses_error_signals(kind);
    let dirty = lines.texts.is_cleaned();
    // Keyword signals: one automaton pass over the whole input when lines are clean. They are
    // refined with facts about each line in `rank`.
    let scan = |flags: &mut [LineFlags]| {
        if !error_signals {
            return;
        }
        if dirty {
            // The raw line, so an error a progress update overwrote still counts.
            for i in 0..n {
                scan_signals(index.line(input, i), 1, |_| 0, &mut flags[i..i + 1]);
            }
        } else {
            let starts: &Starts = index.starts();
            scan_signals(input, n, |i| starts.get(i) as usize, flags);
        }
    };
    // Lines `from..from + out.len()` are interned into `out`; without grep prefixes the
    // prefix lookup is compiled away.
    let grouped = lines.grouped();
    let intern = |from: usize, out: &mut [u32]| {
        if grouped {
            intern_wide(&lines.texts, &|i| lines.prefix(i), from, out, None)
        } else {
            intern_wide(&lines.texts, &|_| 0, from, out, None)
        }
    };
    let narrow = index.is_narrow();
    let sequential_intern = || {
        if grouped {
            let prefix = |i: usize| lines.prefix(i);
            return if narrow {
                let (ids, counts) = intern_narrow(&lines.texts, &prefix, None);
                Templates::new(ids, counts)
            } else {
                let mut ids = vec![0u32; n];
                let interner = intern_wide(&lines.texts, &prefix, 0, &mut ids, None);
                Templates::new(TemplateIds::Wide(ids), interner.counts)
            };
        }
        let mut line_shapes = LineShapes::for_lines(if shapes { n } else { 0 });
        let wanted = shapes.then_some(&mut line_shapes);
        let (ids, counts) = if narrow {
            intern_narrow(&lines.texts, &|_| 0, wanted)
        } else {
            let mut ids = vec![0u32; n];
            let interner = intern_wide(&lines.texts, &|_| 0, 0, &mut ids, wanted);
            (TemplateIds::Wide(ids), interner.counts)
        };
        Templates::with_shapes(ids, counts, line_shapes)
    };
    let large = input.len() >= PARALLEL_MIN_BYTES;
    if !large || (narrow && !error_signals) {
        scan(flags);
        return sequential_intern();
    }
    if error_signals {
        return std::thread::scope(|scope| {
            let scanner = scope.spawn(|| scan(flags));
            let interned = sequential_intern();
            if let Err(panic) = scanner.join() {
                std::panic::resume_unwind(panic);
            }
            interned
        });
    }
    let mut ids = vec![0u32; n];
    let (mut merged, tail) = on_two_halves(&mut ids, intern);
    // Map the second half's ids into the first half's id space, in line order: its new
    // templates are numbered by first appearance, so the ids equal one sequential pass's.
    let mut remap = vec![u32::MAX; tail.counts.len()];
    for id in ids[n / 2..].iter_mut() {
        let local = *id as usize;
        if remap[local] == u32::MAX {
            remap[local] = merged.absorb(tail.hashes[local], tail.counts[local]);
        }
        *id = remap[local];
    }
    Templates::new(TemplateIds::Wide(ids), merged.counts)
}

/// One pass over every line: refined signal, rank, and whether it repeats the line before.
/// Returns the error and the warning lines. Large inputs rank their two halves on two threads;
/// a diff's commit-message and hunk state runs across lines, so diffs stay on one (and their
/// small hunks are promoted here, in the same pass, within `budget`).
pub(super) fn rank(
    lines: &Lines<'_>,
    templates: &Templates,
    kind: ContentKind,
    input_len: usize,
    budget: &Budget,
    flags: &mut [LineFlags],
) -> (Vec<u32>, Vec<u32>) {
    if input_len >= PARALLEL_MIN_BYTES && kind != ContentKind::Diff {
        let ((mut errors, mut warnings), (more_errors, more_warnings)) =
            on_two_halves(flags, |from, part| {
                rank_range(lines, templates, kind, budget.lines, from, part)
            });
        errors.extend(more_errors);
        warnings.extend(more_warnings);
        (errors, warnings)
    } else {
        rank_range(lines, templates, kind, budget.lines, 0, flags)
    }
}

/// A diff's changes that few other changes resemble (at most one other change shares their
/// template) are the ones unlike the rest: one changed `timeout_ms` among 400 renamed hosts, the
/// one edit in a long hunk. When there are at most [`MAX_LONE_CHANGES`] of them, each is a fact,
/// kept as git shows a change: with [`LONE_CHANGE_CONTEXT`] lines either side, and with the line
/// that opens its block (see `block_opener`), since its hunk header may be far above. (A word
/// diff's `[-old-]{+new+}` lines carry no sign, so a changed line's template may hold every
/// unchanged line of its shape too: changes are counted among changes only.) More of them are an
/// ordinary diff's varied edits, ranked as before.
fn keep_lone_changes(
    texts: &LineTexts<'_>,
    templates: &Templates,
    changes: &[u32],
    flags: &mut [LineFlags],
) {
    // Counted by template id in a table as long as the ids are many: ids are dense, and a
    // diff's changes are many of its lines, each a hash and a probe in a map.
    let mut per_template = vec![0u32; templates.counts.len()];
    for &i in changes {
        per_template[templates.of(i as usize) as usize] += 1;
    }
    let lone: Vec<usize> = changes
        .iter()
        .map(|&i| i as usize)
        .filter(|&i| per_template[templates.of(i) as usize] <= 2)
        .take(MAX_LONE_CHANGES + 1)
        .collect();
    if lone.len() > MAX_LONE_CHANGES {
        return;
    }
    for i in lone {
        let around =
            i.saturating_sub(LONE_CHANGE_CONTEXT)..(i + LONE_CHANGE_CONTEXT + 1).min(flags.len());
        for f in &mut flags[around] {
            f.lower_rank(Rank::Context);
        }
        if let Some(opener) = block_opener(|j| texts.get(j), i, true) {
            flags[opener].lower_rank(Rank::Context);
        }
        flags[i].lower_rank(Rank::Must);
    }
}

/// Lines of context either side of a lone change, as `git diff` shows by default.
const LONE_CHANGE_CONTEXT: usize = 3;
/// Most lone changes a diff may have for them to be its facts.
const MAX_LONE_CHANGES: usize = 8;

/// Ranks lines `from..from + flags.len()`; returns their error and warning lines.
///
/// The loop reads each line with its template's count. For the usual input (raw lines, 4-byte
/// line starts and template ids) both come from zipped slices, whose steps share one counter
/// and keep the loop's state in registers; other inputs step the line iterator and look the
/// count up by index.
fn rank_range(
    lines: &Lines<'_>,
    templates: &Templates,
    kind: ContentKind,
    budget_lines: usize,
    from: usize,
    flags: &mut [LineFlags],
) -> (Vec<u32>, Vec<u32>) {
    let texts = &lines.texts;
    let counts = &templates.counts;
    let to = from + flags.len();
    if let (TemplateIds::Wide(ids), Starts::Wide(starts), true) =
        (&templates.ids, texts.starts, texts.terminated)
    {
        let bytes = texts.bytes;
        let rows = starts[from..=to]
            .windows(2)
            .zip(&ids[from..to])
            .map(|(span, &id)| {
                let line = LineTexts::line(bytes, span[0], span[1], true);
                // Every id counts its lines; a missing one reads as frequent.
                (line, counts.get(id as usize).copied().unwrap_or(u32::MAX))
            });
        rank_kind(lines, templates, rows, kind, budget_lines, from, flags)
    } else {
        let rows = texts
            .iter_from(from)
            .zip(from..to)
            .map(|(line, i)| (line, templates.count_of(i)));
        rank_kind(lines, templates, rows, kind, budget_lines, from, flags)
    }
}

/// [`rank_range`] over `rows`, each line with its template's count. Each kind runs its own copy
/// of the loop (the kind is a constant in each arm, and the loop is inlined there), so a line
/// pays only for the tests its kind makes.
#[inline(always)]
fn rank_kind<'t>(
    lines: &Lines<'_>,
    templates: &Templates,
    rows: impl Iterator<Item = (&'t [u8], u32)>,
    kind: ContentKind,
    budget_lines: usize,
    from: usize,
    flags: &mut [LineFlags],
) -> (Vec<u32>, Vec<u32>) {
    use ContentKind::{Diagnostics, Diff, Grep, Source, Tree};
    let definition = |_: usize, text: &[u8]| is_definition(text).then_some(Rank::High);
    match kind {
        Diff => {
            let mut state = DiffState::default();
            let found = rank_lines(lines, rows, Diff, from, flags, |i, text| {
                diff_line_rank(i, text, &mut state)
            });
            state.hunks.promote(flags, budget_lines);
            // Diffs rank on one thread, from their first line.
            debug_assert_eq!(from, 0);
            keep_lone_changes(&lines.texts, templates, &state.changes, flags);
            found
        }
        // A source read's outline also holds the heads of methods no keyword declares.
        Source => rank_lines(lines, rows, Source, from, flags, |_, text| {
            (is_definition(text) || is_method_head(text)).then_some(Rank::High)
        }),
        Grep => rank_lines(lines, rows, Grep, from, flags, definition),
        Tree => rank_lines(lines, rows, Tree, from, flags, |_, text| {
            tree_line_rank(text)
        }),
        Diagnostics => rank_lines(lines, rows, Diagnostics, from, flags, |_, _| None),
        other => rank_lines(lines, rows, other, from, flags, |_, _| None),
    }
}

/// The loop of [`rank_range`], with `structural` the kind's rank of line `i`'s structure
/// (headers, definitions), `None` for nothing; `rows` are the lines from `from` on with their
/// templates' counts.
#[inline(always)]
fn rank_lines<'t>(
    lines: &Lines<'_>,
    rows: impl Iterator<Item = (&'t [u8], u32)>,
    kind: ContentKind,
    from: usize,
    flags: &mut [LineFlags],
    mut structural: impl FnMut(usize, &[u8]) -> Option<Rank>,
) -> (Vec<u32>, Vec<u32>) {
    let error_signals = uses_error_signals(kind);
    // Only grep output has `path:` prefixes.
    let grouped = kind == ContentKind::Grep && lines.grouped();
    let texts = &lines.texts;
    let mut errors: Vec<u32> = Vec::new();
    let mut warnings: Vec<u32> = Vec::new();
    // The line before the first one; an empty one never makes a duplicate.
    let mut previous: &[u8] = from.checked_sub(1).map_or(&[], |i| &texts[i]);
    let mut prefixes = GrepPrefixMemo::default();
    let mut quoted_source = if error_signals {
        QuotedSource::before((0..from).rev().map(|i| &texts[i]))
    } else {
        QuotedSource::default()
    };
    for (k, (flag, (line, count))) in flags.iter_mut().zip(rows).enumerate() {
        let i = from + k;
        let text = if grouped {
            hit_text_of(line, lines.prefix(i))
        } else {
            line
        };
        let mut rank = structural(i, text).unwrap_or(Rank::Filler);
        if error_signals && is_unmerged_path(text) {
            rank = Rank::Must;
        }
        if error_signals {
            let signal = quoted_source.step_and_refine(line, flag.signal());
            flag.set_signal(signal);
            // A linter finding with a rule code (`file:1:2: F401 ...`) is a fact even without
            // the word "error"; notes and other located lines are not.
            if kind == ContentKind::Diagnostics && flag.signal() == Signal::None {
                if let Some((_, prefix)) = prefixes.prefix_len(text) {
                    if is_coded_finding(&text[prefix..]) {
                        flag.set_signal(Signal::Error);
                    }
                }
            }
            match flag.signal() {
                Signal::Error => errors.push(i as u32),
                Signal::Warning => warnings.push(i as u32),
                Signal::Summary => rank = Rank::Must,
                Signal::None => {}
            }
        } else {
            // Kinds without keyword signals are neither scanned nor given status signals.
            debug_assert!(flag.signal() == Signal::None);
        }
        // Rare templates. Backtrace frames are unique but rarely informative (the first one
        // after an error is kept as context), and `ls -l` rows are named in their run's marker
        // instead.
        if rank > Rank::Rare && count <= 2 {
            // A frame starts with `a` (`at ...`) or a blank; the test is a call, so other
            // lines (most rare ones: diff changes, paths, records) do without it.
            let may_be_frame = matches!(text.first(), Some(b'a' | b' ' | b'\t'));
            let exempt = (may_be_frame && is_backtrace_frame(text))
                || (kind == ContentKind::Tree && is_ls_long_entry(text));
            if !exempt {
                rank = Rank::Rare;
            }
        }
        flag.set_rank(rank);

        // A line identical to the one before it is never chosen on its own: runs collapse.
        if repeats(previous, line) {
            flag.set(DUPLICATE);
        }
        previous = line;
    }
    (errors, warnings)
}

/// Whether `line` repeats the line before it, `previous` (what is flagged [`DUPLICATE`]); an
/// empty line repeats nothing.
#[inline]
pub(super) fn repeats(previous: &[u8], line: &[u8]) -> bool {
    !line.is_empty() && same_bytes(previous, line)
}

/// Facts from the shape of the whole output: each kind's recognizer (table edges, config
/// sections, outlines, ...), a log's state before its first failure, the head and tail lines,
/// and the first and last `records` (see [`end_records`]). (A diff's small hunks are promoted
/// by [`rank`], in its pass over the lines.)
pub(super) fn mark_structure(
    lines: &Lines<'_>,
    templates: &Templates,
    records: &[std::ops::Range<usize>],
    kind: ContentKind,
    flags: &mut [LineFlags],
) {
    let texts = &lines.texts;
    recognize(kind, texts.indexed(), |i, fact| {
        flags[i].lower_rank(match fact {
            Fact::Must => Rank::Must,
            Fact::Context => Rank::Context,
            Fact::High => Rank::High,
        })
    });
    if uses_error_signals(kind) {
        state_before_failure(texts, flags, &templates.ids, &templates.counts);
    }
    let n = flags.len();
    for i in (0..n.min(HEAD_LINES)).chain(n.saturating_sub(TAIL_LINES)..n) {
        // Repeats of the line before stay in their collapsed run, whose first line is kept.
        let mut first = i;
        while first > 0 && !texts[first].is_empty() && texts[first] == texts[first - 1] {
            first -= 1;
        }
        flags[first].set_rank(Rank::Must);
    }
    for range in records {
        for f in &mut flags[range.clone()] {
            f.lower_rank(Rank::Must);
        }
    }
}

/// Most lines of a record kept whole by [`end_records`]; a longer one is left to the ranks.
const MAX_RECORD_LINES: usize = 40;

/// The first and the last record of an output made of records: blocks that each open with a
/// line of the output's first line's template (`commit <hash>`, `Package: <name>`, `=== <name>`)
/// and run to the next such line. They are what a question about the newest or oldest entry
/// reads (the newest commit's files, the last entry's status), as the JSON path keeps its
/// first and last record whole. Records of one line (a log's look-alike lines) or longer than
/// [`MAX_RECORD_LINES`] give none; the scan reads at most that many lines at each end.
pub(super) fn end_records(
    texts: &LineTexts<'_>,
    templates: &Templates,
) -> Vec<std::ops::Range<usize>> {
    let n = texts.len();
    let Some(start) = (0..n.min(HEAD_LINES)).find(|&i| !texts[i].trim_ascii().is_empty()) else {
        return Vec::new();
    };
    if templates.count_of(start) < 3 {
        return Vec::new();
    }
    let opener = templates.of(start);
    let scan_end = n.min(start + 1 + MAX_RECORD_LINES);
    let Some(second) = (start + 1..scan_end).find(|&i| templates.of(i) == opener) else {
        return Vec::new();
    };
    let mut records = Vec::new();
    if second - start >= 2 {
        records.push(start..second);
    }
    let scan_from = n.saturating_sub(MAX_RECORD_LINES).max(second);
    if let Some(last) = (scan_from..n).rev().find(|&i| templates.of(i) == opener) {
        if n - last >= 2 {
            records.push(last..n);
        }
    }
    records
}

/// Most lines of a closing block kept whole by [`closing_block`]; a longer run of unlike lines
/// is a body of its own, left to the ranks and the fixed tail.
const MAX_CLOSING_LINES: usize = 32;
/// Fewest lines of the template before a closing block for them to be a body of look-alikes.
const MIN_BODY_TEMPLATE_LINES: u32 = 3;

/// The output's closing block: the lines after its body of look-alikes, each of a shape found
/// nowhere before them (`Files: 78`, `Check time: 0.639s`, `Ran 212 tests in 3.1s`). A tool
/// prints its totals, timings and verdict there after the list it worked through, and stock
/// Pi's tail keeps them all; a fixed count of last lines cuts such a block in two. `None` when
/// the last lines are no such block: longer than [`MAX_CLOSING_LINES`], not after a template
/// of at least [`MIN_BODY_TEMPLATE_LINES`] lines, or no longer than the fixed tail. One pass
/// over at most [`MAX_CLOSING_LINES`] lines.
pub(super) fn closing_block(
    texts: &LineTexts<'_>,
    templates: &Templates,
) -> Option<std::ops::Range<usize>> {
    let n = texts.len();
    let blank = |i: usize| texts[i].trim_ascii().is_empty();
    // Lines of each template inside the block as it grows backwards, and how many of its
    // templates still have lines before it.
    let mut inside: HashMap<u32, u32> = HashMap::new();
    let mut open = 0usize;
    // The block's first line that is not blank (blank lines separate it from the body).
    let mut first = None;
    let window = n.saturating_sub(MAX_CLOSING_LINES + 1)..n;
    // Lines of each template in the window: a template all of whose lines lie there is no
    // body of look-alikes before the block, however many lines it has (modulefinder's six
    // `? multiprocessing.X imported from -` in its `Missing modules:` list).
    let mut in_window: HashMap<u32, u32> = HashMap::new();
    for i in window.clone() {
        *in_window.entry(templates.of(i)).or_insert(0) += 1;
    }
    for i in window.rev() {
        if blank(i) {
            continue;
        }
        let id = templates.of(i);
        let total = templates.count_of(i);
        let body_line =
            total >= MIN_BODY_TEMPLATE_LINES && total > in_window[&id] && !inside.contains_key(&id);
        if body_line && open == 0 {
            let from = first?;
            return (n - from > TAIL_LINES).then_some(from..n);
        }
        if n - i > MAX_CLOSING_LINES {
            return None;
        }
        let seen = inside.entry(id).or_insert(0);
        *seen += 1;
        if *seen == 1 && total > 1 {
            open += 1;
        }
        if *seen == total && total > 1 {
            open -= 1;
        }
        first = Some(i);
    }
    None
}

/// Most lines of one shape for them to be a short list by [`mark_islands`].
const MAX_ISLAND_LINES: u32 = 16;
/// Fewest lines of one shape for them to be a list rather than a line or two (which the
/// rare-template rank already ranks).
const MIN_ISLAND_LINES: u32 = 3;
/// Most lines [`mark_islands`] ranks in one output: a long output of many short lists is no
/// output with one, and its lists are left to the ranks.
const MAX_ISLANDS_LINES: usize = 48;
/// How many times longer than a list the output must be for the list to stand out of it.
const ISLAND_OUTPUT_RATIO: usize = 10;

/// Lines on each side of a list that [`stands_apart`] compares it with.
const ISLAND_NEIGHBOURS: usize = 8;

/// How a line opens, for [`stands_apart`]: its indent (capped), the shape of its first two
/// words, and its number of words.
fn opening(line: &[u8]) -> (usize, u64, u8) {
    let indent = indent_width(line);
    let mut words = line[indent..]
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty());
    let first_two = match (words.next(), words.next()) {
        (Some(_), Some(b)) => {
            let end = b.as_ptr() as usize - line.as_ptr() as usize + b.len();
            &line[indent..end]
        }
        _ => &line[indent..],
    };
    (
        indent.min(16),
        line_shape(first_two).hash,
        line_shape(line).words,
    )
}

/// Whether the list on lines `span` opens unlike the lines around it: no line of the
/// [`ISLAND_NEIGHBOURS`] not blank on either side has its first line's indent and first two
/// words' shape with a word count within half or double its own. Rows of one table whose
/// free-text column runs longer in a few of them (`dpkg -l`'s descriptions) make a shape of
/// their own that stands together too; they open like the rows around them.
fn stands_apart(texts: &LineTexts<'_>, span: &std::ops::Range<usize>) -> bool {
    let (indent, lead, words) = opening(&texts[span.start]);
    let alike = |i: usize| {
        let (other_indent, other_lead, other_words) = opening(&texts[i]);
        other_indent == indent
            && other_lead == lead
            && other_words * 2 >= words
            && other_words <= words.saturating_mul(2)
    };
    let not_blank = |i: &usize| !is_blank(&texts[*i]);
    // Blank lines are skipped within a bounded reach: a scan per list stays short.
    let reach = 4 * ISLAND_NEIGHBOURS;
    let before = (span.start.saturating_sub(reach)..span.start).rev();
    let after = span.end..texts.len().min(span.end + reach);
    let before = before.filter(not_blank).take(ISLAND_NEIGHBOURS);
    let after = after.filter(not_blank).take(ISLAND_NEIGHBOURS);
    !before.chain(after).any(alike)
}

/// Ranks as must lines the short lists amid a longer output: the lines of a shape (the kind
/// of each word, see `line_shape`) held by [`MIN_ISLAND_LINES`] to [`MAX_ISLAND_LINES`] lines
/// that all stand together (within a span at most half again as long as their count, with the
/// lines between them), in an output at least [`ISLAND_OUTPUT_RATIO`] times as long. A shape
/// found only there is the output changing its voice: a program's own results printed amid a
/// runtime's trace, a settings dump between a server's phases, a small table a build prints
/// halfway. The fold would show the first line of such a list at best, ranked with the first
/// line of every other template. Shortest lists first, at most [`MAX_ISLANDS_LINES`] lines in
/// all; returns how many lines it ranked. Needs the lines' shapes (`Templates::shapes`, which
/// the template pass works out for every kind that compares look-alikes); one pass over them.
pub(super) fn mark_islands(
    texts: &LineTexts<'_>,
    templates: &Templates,
    flags: &mut [LineFlags],
) -> usize {
    let shapes = &templates.shapes;
    let n = flags.len();
    if shapes.len() != n || n < ISLAND_OUTPUT_RATIO * MIN_ISLAND_LINES as usize {
        return 0;
    }
    // Each shape's first line, last line and count. Look-alike lines mostly follow one
    // another: a run of one shape is looked up once.
    let mut spans: HashMap<u64, (u32, u32, u32), PreHashed> = HashMap::with_hasher(PreHashed);
    let mut i = 0usize;
    while i < n {
        let shape = shapes[i];
        let mut end = i + 1;
        while end < n && shapes[end] == shape {
            end += 1;
        }
        if shape != EMPTY_SHAPE {
            let run = (end - i) as u32;
            spans
                .entry(shape)
                .and_modify(|(_, last, count)| {
                    *last = end as u32 - 1;
                    *count = count.saturating_add(run);
                })
                .or_insert((i as u32, end as u32 - 1, run));
        }
        i = end;
    }
    let mut lists: Vec<std::ops::Range<usize>> = spans
        .into_values()
        .filter_map(|(first, last, count)| {
            let span = (first as usize)..(last as usize + 1);
            let list = (MIN_ISLAND_LINES..=MAX_ISLAND_LINES).contains(&count);
            let together = span.len() <= (count + count / 2) as usize;
            let stands_out = span.len() * ISLAND_OUTPUT_RATIO <= n;
            (list && together && stands_out && stands_apart(texts, &span)).then_some(span)
        })
        .collect();
    lists.sort_by_key(|span| (span.len(), span.start));
    let mut ranked = 0usize;
    for span in lists {
        if ranked + span.len() > MAX_ISLANDS_LINES {
            break;
        }
        ranked += span.len();
        for f in &mut flags[span] {
            f.lower_rank(Rank::Must);
        }
    }
    ranked
}

/// Most blocks an output may have for [`mark_block_edges`] to rank their edges: beyond it the
/// blocks are an output's paragraphs, not a few parts a reader finds by their titles.
const MAX_EDGED_BLOCKS: usize = 64;
/// Fewest lines a block needs for its edges to rank: a shorter one is folded whole or not at
/// all, and its lines compete as they are.
const MIN_EDGED_BLOCK_LINES: usize = 5;

/// An output printed as a few long blocks separated by blank lines (tables one after another,
/// a report's sections, a tool's per-target summaries): each block's first line (its title)
/// and its last line (its count or total, `(459 rows)`) are must lines when they differ in
/// shape from the lines inside the block: two lines per block, of a bounded number of blocks,
/// above the definitions and look-alike rows a budget chooses between. A fold across blocks
/// would hide where one part ends and how big it was, which a question about one part reads.
/// Needs the lines' shapes; returns how many lines it ranked.
pub(super) fn mark_block_edges(
    texts: &LineTexts<'_>,
    templates: &Templates,
    flags: &mut [LineFlags],
) -> usize {
    let shapes = &templates.shapes;
    let n = flags.len();
    if shapes.len() != n {
        return 0;
    }
    let mut blocks: Vec<std::ops::Range<usize>> = Vec::new();
    let mut i = 0usize;
    while i < n {
        if is_blank(texts.get(i)) {
            i += 1;
            continue;
        }
        let start = i;
        while i < n && !is_blank(texts.get(i)) {
            i += 1;
        }
        if blocks.len() > MAX_EDGED_BLOCKS {
            return 0;
        }
        blocks.push(start..i);
    }
    if blocks.len() < 3 {
        return 0;
    }
    // Edges that differ in shape from their block's lines; a text most blocks end or open
    // with (a legend printed under each table) tells no block from another.
    let mut edges: Vec<usize> = Vec::new();
    let mut edged = 0usize;
    for block in blocks {
        if block.len() < MIN_EDGED_BLOCK_LINES {
            continue;
        }
        edged += 1;
        let inner = &shapes[block.start + 1..block.end - 1];
        for edge in [block.start, block.end - 1] {
            let worded = texts.get(edge).iter().any(u8::is_ascii_alphanumeric);
            if worded && !inner.contains(&shapes[edge]) {
                edges.push(edge);
            }
        }
    }
    let mut seen: HashMap<&[u8], u32> = HashMap::with_capacity(edges.len());
    for &edge in &edges {
        *seen.entry(texts.get(edge)).or_insert(0) += 1;
    }
    let mut ranked = 0usize;
    for edge in edges {
        let held = seen[texts.get(edge)] as usize;
        let boilerplate = held >= 3 && 2 * held >= edged;
        if !boilerplate && flags[edge].rank() > Rank::Must {
            flags[edge].lower_rank(Rank::Must);
            ranked += 1;
        }
    }
    ranked
}

#[cfg(test)]
mod tests {
    use super::super::templates::TemplateInterner;
    use super::*;
    use crate::compact::select::flags::LineFlags;
    use crate::compact::signals::template_hash;

    #[test]
    fn remembered_grep_prefixes_equal_a_scan_of_each_line() {
        // Lines built from pieces that share paths, separators and numbers with the lines
        // before them, in a pseudo-random order, so the memo's shortcut is tried against
        // lines that differ from the remembered one just at, before or after its separator.
        let pieces: [&[u8]; 14] = [
            b"src/a.rs",
            b"src/a-1.rs",
            b"src/a",
            b":",
            b"-",
            b"12",
            b"7",
            b" ",
            b"x",
            b".",
            b"/",
            b"fn f() {}",
            b"\t",
            b"",
        ];
        let mut next = crate::compact::select::xorshift(0x1234_5678_9abc_def1u64);
        let mut total_shortcuts = 0;
        for _ in 0..300 {
            let mut lines: Vec<Vec<u8>> = Vec::new();
            let mut line: Vec<u8> = Vec::new();
            for _ in 0..40 {
                // Most lines keep a head of the line before (its path, maybe more).
                let keep = if next().is_multiple_of(4) {
                    0
                } else {
                    (next() % (line.len() as u64 + 1)) as usize
                };
                line.truncate(keep);
                if next().is_multiple_of(2) {
                    // A hit line: a path, a separator, a number, the separator again.
                    let path: &[&[u8]] = &[b"src/a.rs", b"src/a-1.rs", b"a-2.rs"];
                    let separator = [b':', b'-'][(next() % 2) as usize];
                    line.clear();
                    line.extend_from_slice(path[(next() % 3) as usize]);
                    line.push(separator);
                    line.extend_from_slice(format!("{}", next() % 200).as_bytes());
                    line.push(separator);
                }
                for _ in 0..1 + next() % 5 {
                    line.extend_from_slice(pieces[(next() % pieces.len() as u64) as usize]);
                }
                lines.push(line.clone());
            }
            let mut memo = GrepPrefixMemo::default();
            for line in &lines {
                let remembered = memo.separator;
                let found = memo.prefix_len(line);
                assert_eq!(found, grep_prefix_len(line), "{line:?}");
                total_shortcuts += usize::from(remembered > 0 && found.is_some());
            }
        }
        assert!(total_shortcuts > 1000, "{total_shortcuts}");
        // A long path past the scan's 512-byte head, repeated.
        let mut long = vec![b'a'; 600];
        long.extend_from_slice(b"/x.rs:1:y");
        let mut memo = GrepPrefixMemo::default();
        for line in [
            &b"p/a.rs:3:x"[..],
            &long,
            &long,
            b"p/a.rs:4:y",
            b"p/a.rs-4-y",
        ] {
            assert_eq!(memo.prefix_len(line), grep_prefix_len(line), "{line:?}");
        }
    }

    #[test]
    fn two_half_template_ids_equal_one_sequential_pass() {
        // Over 1 MB of a kind without keyword signals, so the halves are interned on two
        // threads; templates first seen in the second half come in a scrambled order (by a
        // small LCG), with some only there, so numbering by hash order would show.
        let mut input = Vec::new();
        let mut state = 12345u32;
        let mut i = 0u32;
        while input.len() < PARALLEL_MIN_BYTES + 4096 {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let pool = if input.len() < PARALLEL_MIN_BYTES / 2 {
                40
            } else {
                400
            };
            let word = (state >> 8) % pool;
            // Digits make a word variable: name templates by letters.
            let letters = |n: u32| [b'a' + (n % 26) as u8, b'a' + (n / 26 % 26) as u8];
            let (name, other) = (letters(word), letters(word % 7));
            input.extend_from_slice(b"step ");
            input.extend_from_slice(&name);
            input.extend_from_slice(b" then ");
            input.extend_from_slice(&other);
            input.extend_from_slice(format!(" done {i}\n").as_bytes());
            i += 1;
        }
        let index = LineIndex::new_wide(&input);
        assert!(!index.is_narrow());
        let texts = LineTexts::of(&input, &index, None);
        let lines = Lines::new(texts, false, input.len());
        let mut flags = vec![LineFlags::INITIAL; index.len()];
        let templates = scan_and_intern(
            &input,
            &index,
            &lines,
            ContentKind::Source,
            true,
            &mut flags,
        );

        let mut sequential = TemplateInterner::default();
        let ids: Vec<u32> = lines
            .texts
            .indexed()
            .map(|(_, line)| sequential.intern(template_hash(line)))
            .collect();
        assert!(sequential.counts.len() > 300, "{}", sequential.counts.len());
        assert_eq!(templates.counts, sequential.counts);
        for (i, &id) in ids.iter().enumerate() {
            assert_eq!(templates.of(i), id, "line {i}");
        }
    }
}
