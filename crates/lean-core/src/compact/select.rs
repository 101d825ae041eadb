//! Verbatim line selection: rank every line (errors and summaries first, then their context,
//! definitions and warnings, then rare templates), keep what fits the budget, and replace each
//! dropped run by one marker naming its original line range and dominant template.
//!
//! Must-keep facts ignore the budget; floods of the same kind of error are thinned per template
//! by water-filling, so every distinct error survives and the most frequent ones are sampled.

use std::collections::HashMap;

use super::budget::{estimate_tokens, Limits};
use super::detect::{grep_prefix_len, is_coded_finding, is_ls_long_entry};
use super::lines::{
    clean_line, indent_width, needs_cleaning, strip_ansi, trim, LineIndex, LineSpan, Starts,
};
use super::recognize::{recognize, Fact};
use super::signals::{
    is_definition, is_pass_line, is_type_definition, message_hash, refine_signal, scan_signals,
    template_hash, template_text, Signal, SignalSlot,
};
use super::{CompactOptions, ContentKind, DroppedRange};

/// Every line's text as the selection sees it: the original bytes, or a cleaned copy when the
/// input holds ANSI escapes or progress overwrites. Either way it is one buffer plus u32 line
/// starts (cleaned lines share one buffer, not one allocation per line, to bound memory), so
/// an access is two loads and no branch on which case holds.
pub(crate) struct LineTexts<'a> {
    bytes: &'a [u8],
    /// Line starts plus a final sentinel.
    starts: &'a Starts,
    /// True for the original input: each line's `\n` or `\r\n` terminator is cut off.
    terminated: bool,
}

/// Concatenated cleaned lines (no terminators); line `i` is `bytes[starts[i]..starts[i + 1]]`.
struct Cleaned {
    bytes: Vec<u8>,
    starts: Starts,
    /// Lines whose carriage returns hid visible text (an overwritten progress segment, maybe
    /// an error), in order: each kept one gets a marker naming it, so nothing vanishes
    /// without a range.
    overwritten: Vec<u32>,
}

impl Cleaned {
    fn new(input: &[u8], index: &LineIndex) -> Cleaned {
        let n = index.len();
        let mut bytes = Vec::with_capacity(input.len());
        let mut starts = Vec::with_capacity(n + 1);
        let mut overwritten = Vec::new();
        for i in 0..n {
            starts.push(bytes.len() as u32);
            let raw = index.line(input, i);
            bytes.extend_from_slice(&clean_line(raw));
            if hides_text(raw) {
                overwritten.push(i as u32);
            }
        }
        starts.push(bytes.len() as u32);
        Cleaned {
            bytes,
            starts: Starts::Wide(starts),
            overwritten,
        }
    }
}

/// Carriage-return segments of a line that hold visible text (not only blanks or escapes).
fn visible_segments(raw: &[u8]) -> impl Iterator<Item = &[u8]> {
    raw.split(|&b| b == b'\r').filter(|segment| {
        let visible = if segment.contains(&0x1b) {
            !trim(&strip_ansi(segment)).is_empty()
        } else {
            !trim(segment).is_empty()
        };
        visible
    })
}

/// True when `\r` cleanup of `raw` drops visible text: more than one visible segment.
fn hides_text(raw: &[u8]) -> bool {
    memchr::memchr(b'\r', raw).is_some() && visible_segments(raw).nth(1).is_some()
}

/// Kept lines whose cleanup hid text get a marker right after them (one per run of such
/// lines) naming their range and the hidden text, preferring an error.
struct Overwrites<'a> {
    lines: &'a [u32],
    next: usize,
    /// First and last line of the run of overwritten kept lines not yet marked.
    pending: Option<(usize, usize)>,
}

impl Overwrites<'_> {
    fn contains(&mut self, i: usize) -> bool {
        while self.next < self.lines.len() && (self.lines[self.next] as usize) < i {
            self.next += 1;
        }
        self.lines.get(self.next) == Some(&(i as u32))
    }

    /// Call after emitting line `i`.
    fn emitted(&mut self, i: usize) {
        if self.contains(i) {
            self.pending = Some((self.pending.map_or(i, |(start, _)| start), i));
        }
    }

    /// Call before emitting anything else (`next` is the line about to be emitted, if any):
    /// writes the pending marker unless `next` continues the run.
    fn flush(
        &mut self,
        next: Option<usize>,
        input: &[u8],
        index: &LineIndex,
        marker: &Marker<'_>,
        out: &mut Vec<u8>,
        ranges: &mut Vec<DroppedRange>,
    ) {
        let Some((start, end)) = self.pending else {
            return;
        };
        if next.is_some_and(|i| i == end + 1 && self.contains(i)) {
            return;
        }
        self.pending = None;
        let hidden = (start..=end)
            .flat_map(|i| {
                let raw = index.line(input, i);
                // Every visible segment but the one shown.
                let shown = visible_segments(raw).count().saturating_sub(1);
                visible_segments(raw).take(shown)
            })
            .max_by_key(|segment| {
                let mut signal = [Signal::None];
                scan_signals(segment, 1, |_| 0, &mut signal);
                signal[0]
            })
            .map(|segment| {
                let mut text = String::from_utf8_lossy(trim(&strip_ansi(segment))).into_owned();
                text.retain(|c| c != '"' && !c.is_control());
                shorten_for_marker(&mut text);
                text
            })
            .unwrap_or_default();
        out.extend_from_slice(marker.overwritten(start + 1, end + 1, &hidden).as_bytes());
        out.push(b'\n');
        ranges.push(DroppedRange {
            start_line: start + 1,
            end_line: end + 1,
            template: format!("overwritten by \\r: {hidden}"),
        });
    }
}

impl<'a> LineTexts<'a> {
    #[inline]
    fn line(bytes: &'a [u8], start: u32, next: u32, terminated: bool) -> &'a [u8] {
        let start = start as usize;
        let mut end = next as usize;
        if terminated && end > start && bytes[end - 1] == b'\n' {
            end -= 1;
            if end > start && bytes[end - 1] == b'\r' {
                end -= 1;
            }
        }
        &bytes[start..end]
    }

    /// Lines in order; cheaper than indexing for full passes.
    fn iter(&self) -> impl Iterator<Item = &'a [u8]> + Clone + 'a {
        self.iter_from(0)
    }

    /// Lines from `from` on, in order.
    fn iter_from(&self, from: usize) -> impl Iterator<Item = &'a [u8]> + Clone + 'a {
        let (bytes, starts, terminated) = (self.bytes, self.starts, self.terminated);
        let lines = starts.entries() - 1;
        (from..lines).map(move |i| Self::line(bytes, starts.get(i), starts.get(i + 1), terminated))
    }
}

impl std::ops::Index<usize> for LineTexts<'_> {
    type Output = [u8];
    #[inline]
    fn index(&self, i: usize) -> &[u8] {
        Self::line(
            self.bytes,
            self.starts.get(i),
            self.starts.get(i + 1),
            self.terminated,
        )
    }
}

/// Template hashes are already well mixed; hashing them again (SipHash) is wasted work.
#[derive(Clone, Copy, Default)]
struct PreHashed;

impl std::hash::BuildHasher for PreHashed {
    type Hasher = PreHashedHasher;
    fn build_hasher(&self) -> PreHashedHasher {
        PreHashedHasher(0)
    }
}

#[derive(Default)]
struct PreHashedHasher(u64);

impl std::hash::Hasher for PreHashedHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8)) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
    /// Template ids are small integers: spread them so the table's high-bit tags differ.
    fn write_u32(&mut self, value: u32) {
        self.0 = u64::from(value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Why a line is worth keeping, most important first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    Must = 0,
    Context = 1,
    High = 2,
    Rare = 3,
    Body = 4,
    Filler = 5,
}

impl Rank {
    const ALL: [Rank; 6] = [
        Rank::Must,
        Rank::Context,
        Rank::High,
        Rank::Rare,
        Rank::Body,
        Rank::Filler,
    ];
}

/// Per-line selection state packed in one byte: signal (2 bits), rank (3 bits), and the
/// duplicate, keep and query-hit flags. With the u32 line start and the u32 template id this
/// keeps the bookkeeping at 9 bytes per line, so inputs of millions of tiny lines stay within a
/// small multiple of their size.
#[derive(Clone, Copy)]
struct LineFlags(u8);

const SIGNAL_MASK: u8 = 0b11;
const RANK_SHIFT: u8 = 2;
const RANK_MASK: u8 = 0b111 << RANK_SHIFT;
const DUPLICATE: u8 = 1 << 5;
const KEEP: u8 = 1 << 6;
const QUERY_HIT: u8 = 1 << 7;

impl LineFlags {
    const INITIAL: LineFlags = LineFlags((Rank::Filler as u8) << RANK_SHIFT);

    #[inline]
    fn signal(self) -> Signal {
        match self.0 & SIGNAL_MASK {
            0 => Signal::None,
            1 => Signal::Warning,
            2 => Signal::Summary,
            _ => Signal::Error,
        }
    }
    #[inline]
    fn set_signal(&mut self, signal: Signal) {
        self.0 = (self.0 & !SIGNAL_MASK) | signal as u8;
    }
    #[inline]
    fn rank(self) -> Rank {
        Rank::ALL[((self.0 & RANK_MASK) >> RANK_SHIFT) as usize]
    }
    #[inline]
    fn set_rank(&mut self, rank: Rank) {
        self.0 = (self.0 & !RANK_MASK) | ((rank as u8) << RANK_SHIFT);
    }
    #[inline]
    fn lower_rank(&mut self, rank: Rank) {
        let lower = self.rank().min(rank);
        self.set_rank(lower);
    }
    #[inline]
    fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
    #[inline]
    fn set(&mut self, bit: u8) {
        self.0 |= bit;
    }
}

impl SignalSlot for LineFlags {
    #[inline]
    fn signal(&self) -> Signal {
        LineFlags::signal(*self)
    }
    #[inline]
    fn set_signal(&mut self, signal: Signal) {
        LineFlags::set_signal(self, signal)
    }
}

/// Bytes of selection state per line besides the line index: the packed flags and the u32
/// template id. Checked by the unit tests so a new per-line field is a conscious choice.
pub(crate) const SELECT_BYTES_PER_LINE: usize =
    std::mem::size_of::<LineFlags>() + std::mem::size_of::<u32>();

/// Inputs from this size on use a second thread (keyword scan or half of the template
/// hashing, and the input's id hash).
pub(crate) const PARALLEL_MIN_BYTES: usize = 1 << 20;

/// Outputs of at most this many estimated tokens only get lossless steps (principle 1).
const SMALL_LOSSLESS_TOKENS: usize = 2500;
/// Repeated templates whose first and last instances are kept in logs (principle 4).
const ENDS_OF_TEMPLATES: usize = 8;

/// Principle 4 for logs: the last ordinary line before the first error, and the first and last
/// instance of each of the most repeated templates, are kept as context.
fn state_before_failure(
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
    frequent.sort_unstable_by(|a, b| b.cmp(a));
    frequent.truncate(ENDS_OF_TEMPLATES);
    let mut first: Vec<Option<usize>> = vec![None; frequent.len()];
    let mut last: Vec<Option<usize>> = vec![None; frequent.len()];
    for (i, flag) in flags.iter().enumerate() {
        let t = templates.get(i);
        if let Some(k) = frequent.iter().position(|&(_, f)| f == t) {
            first[k].get_or_insert(i);
            // The first line of the last run of identical lines stands for that run.
            if !flag.has(DUPLICATE) {
                last[k] = Some(i);
            }
        }
    }
    for i in first.into_iter().chain(last).flatten() {
        flags[i].lower_rank(Rank::Context);
    }
}

/// Lines at the head and tail are kept: they carry the command's banner and its verdict.
const HEAD_LINES: usize = 3;
const TAIL_LINES: usize = 8;
/// Lines after an error that may carry its details (assertion text, code frame, cause).
const CONTEXT_AFTER_ERROR: usize = 6;
/// How far after an error to look for the first stack frame pointing at a location.
const STACK_LOOKAHEAD: usize = 24;
/// Grep files with at most this many hits are too small for a marker of their own: dropped
/// runs cross the boundaries between such files.
const FEW_HITS: usize = 2;

pub(crate) struct Selection {
    pub text: Vec<u8>,
    pub ranges: Vec<DroppedRange>,
    pub strategies: Vec<&'static str>,
}

struct Budget {
    lines: usize,
    bytes: usize,
    error_lines: usize,
    warning_lines: usize,
    /// Most instances of one error or warning template kept when they flood.
    per_template: usize,
}

fn budget(input_len: usize, line_count: usize, aggressiveness: f64) -> Budget {
    let scale = 1.0 + 3.0 * (1.0 - aggressiveness.clamp(0.0, 1.0));
    let root = (line_count as f64).sqrt();
    let lines = ((40.0 + 3.0 * root) * scale) as usize;
    Budget {
        lines,
        bytes: (((8192 + input_len / 64).min(24 * 1024)) as f64 * scale) as usize,
        error_lines: ((120.0 + root) * scale) as usize,
        warning_lines: (lines / 4).max(16),
        per_template: (6.0 * scale) as usize,
    }
}

/// Keeps at most `cap` of `members` (line indexes) across templates so that rare templates keep
/// every instance and frequent ones are cut to a common level; returns the survivors.
fn water_fill(members: &[u32], templates: &TemplateIds, cap: usize, max_level: usize) -> Vec<u32> {
    if members.len() <= cap {
        return members.to_vec();
    }
    let mut per_template: HashMap<u32, usize, PreHashed> = HashMap::default();
    for &i in members {
        *per_template.entry(templates.get(i as usize)).or_insert(0) += 1;
    }
    let mut counts: Vec<usize> = per_template.values().copied().collect();
    counts.sort_unstable();
    // Highest level whose total stays within the cap (at least 1 per template).
    let mut level = 1usize;
    loop {
        let next = level + 1;
        let total: usize = counts.iter().map(|&c| c.min(next)).sum();
        if total > cap || next > *counts.last().unwrap_or(&0) || next > max_level {
            break;
        }
        level = next;
    }
    let mut taken: HashMap<u32, usize, PreHashed> = HashMap::default();
    members
        .iter()
        .copied()
        .filter(|&i| {
            let n = taken.entry(templates.get(i as usize)).or_insert(0);
            *n += 1;
            *n <= level
        })
        .collect()
}

/// Per-line template ids: 2 bytes each on short-line inputs while under 65 536 templates exist,
/// else 4.
enum TemplateIds {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl TemplateIds {
    #[inline]
    fn get(&self, i: usize) -> u32 {
        match self {
            TemplateIds::Narrow(ids) => u32::from(ids[i]),
            TemplateIds::Wide(ids) => ids[i],
        }
    }
}

/// Interns every line's template into 2-byte ids, switching to 4-byte ids if more than 65 536
/// templates turn up; returns the ids and each template's count.
fn intern_narrow(
    texts: &LineTexts<'_>,
    prefix: &dyn Fn(usize) -> usize,
) -> (TemplateIds, Vec<u32>) {
    let n = texts.starts.entries() - 1;
    let mut interner = TemplateInterner::default();
    let mut narrow: Vec<u16> = Vec::with_capacity(n);
    let mut wide: Option<Vec<u32>> = None;
    for (i, line) in texts.iter().enumerate() {
        let id = interner.intern(template_hash(hit_text_of(line, prefix(i))));
        match (&mut wide, u16::try_from(id)) {
            (Some(wide), _) => wide.push(id),
            (None, Ok(short)) => narrow.push(short),
            (None, Err(_)) => {
                let mut widened = Vec::with_capacity(n);
                widened.extend(narrow.iter().map(|&id| u32::from(id)));
                widened.push(id);
                narrow = Vec::new();
                wide = Some(widened);
            }
        }
    }
    let templates = match wide {
        Some(wide) => TemplateIds::Wide(wide),
        None => TemplateIds::Narrow(narrow),
    };
    (templates, interner.counts)
}

/// Assigns dense ids to template hashes in order of first appearance and counts each one.
#[derive(Default)]
struct TemplateInterner {
    ids: HashMap<u64, u32, PreHashed>,
    counts: Vec<u32>,
}

impl TemplateInterner {
    /// The id of one more line with this template hash.
    #[inline]
    fn intern(&mut self, hash: u64) -> u32 {
        self.absorb(hash, 1)
    }

    /// The id of `count` more lines with this template hash (merging another interner).
    #[inline]
    fn absorb(&mut self, hash: u64, count: u32) -> u32 {
        let next_id = self.counts.len() as u32;
        let id = *self.ids.entry(hash).or_insert(next_id);
        if id == next_id {
            self.counts.push(0);
        }
        self.counts[id as usize] += count;
        id
    }
}

/// The part of a line that shapes its template: after a grep `path:` prefix (`prefix` bytes,
/// 0 for none) also skip the `NUM:`, so templates compare content, not line numbers.
#[inline]
fn hit_text_of(line: &[u8], prefix: usize) -> &[u8] {
    if prefix == 0 {
        return line;
    }
    let b = &line[prefix..];
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    &b[(digits + 1).min(b.len())..]
}

fn is_blank(line: &[u8]) -> bool {
    trim(line).is_empty()
}

/// A frame of a stack trace: `at fn (file:1:2)`, `  12: crate::module::fn`.
fn is_backtrace_frame(line: &[u8]) -> bool {
    let indent = indent_width(line);
    let t = &line[indent..];
    if t.starts_with(b"at ") {
        return true;
    }
    let digits = t.iter().take_while(|b| b.is_ascii_digit()).count();
    indent > 0 && digits > 0 && t[digits..].starts_with(b": ")
}

/// Changed lines of small hunks are the point of a diff and cheap to keep: they become context
/// (always kept) unless there are so many that they must compete for the budget.
fn promote_small_hunks(texts: &LineTexts<'_>, flags: &mut [LineFlags], budget_lines: usize) {
    const SMALL_HUNK: usize = 8;
    let mut small: Vec<u32> = Vec::new();
    let mut hunk: Vec<u32> = Vec::new();
    let mut in_hunk = false;
    let flush = |hunk: &mut Vec<u32>, small: &mut Vec<u32>| {
        if hunk.len() <= SMALL_HUNK {
            small.append(hunk);
        }
        hunk.clear();
    };
    for (i, text) in texts.iter().enumerate() {
        if text.starts_with(b"@@") {
            flush(&mut hunk, &mut small);
            in_hunk = true;
        } else if text.starts_with(b"diff ") || text.starts_with(b"commit ") {
            flush(&mut hunk, &mut small);
            in_hunk = false;
        } else if in_hunk && (text.starts_with(b"+") || text.starts_with(b"-")) {
            hunk.push(i as u32);
        }
    }
    flush(&mut hunk, &mut small);
    let rank = if small.len() <= 4 * budget_lines {
        Rank::Context
    } else {
        Rank::High
    };
    for i in small {
        flags[i as usize].lower_rank(rank);
    }
}

fn is_stack_frame(line: &[u8]) -> bool {
    let t = trim(line);
    (t.starts_with(b"at ") && t.iter().any(u8::is_ascii_digit)) || t.starts_with(b"File \"")
}

/// Depth of a bare path line (`a/b/c` is 2); `None` when the line is not a bare path.
fn path_depth(line: &[u8]) -> Option<usize> {
    let t = trim(line);
    if t.is_empty() || t.contains(&b' ') {
        return None;
    }
    let t = t.strip_prefix(b"./").unwrap_or(t);
    let t = t.strip_suffix(b"/").unwrap_or(t);
    Some(t.iter().filter(|&&b| b == b'/').count())
}

fn is_status_entry(t: &[u8]) -> bool {
    [
        &b"modified:"[..],
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
    ]
    .iter()
    .any(|p| t.starts_with(p))
}

/// Rank of a line for the kind-specific structure (headers, definitions); `None` if nothing.
fn structural_rank(kind: ContentKind, line: &[u8], in_message: bool) -> Option<Rank> {
    match kind {
        ContentKind::Diff => {
            if line.starts_with(b"commit ")
                || line.starts_with(b"diff --git")
                || line.starts_with(b"@@")
                || line.starts_with(b"Author:")
                || line.starts_with(b"Merge:")
                || is_diff_metadata(line)
                || (in_message && !is_blank(line))
            {
                Some(Rank::Must)
            } else if (line.starts_with(b"+") || line.starts_with(b"-"))
                && !line.starts_with(b"+++")
                && !line.starts_with(b"---")
            {
                Some(if is_definition(line) {
                    Rank::High
                } else {
                    Rank::Body
                })
            } else {
                None
            }
        }
        ContentKind::Source | ContentKind::Grep => is_definition(line).then_some(Rank::High),
        ContentKind::Tree => {
            let t = trim(line);
            if is_status_entry(t) || (t.ends_with(b":") && path_depth(&t[..t.len() - 1]).is_some())
            {
                Some(Rank::Must)
            } else if path_depth(line).is_some_and(|d| d == 0) {
                Some(Rank::High)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// File names such as `config-error.js` are not errors: listings and code skip keyword signals.
fn uses_error_signals(kind: ContentKind) -> bool {
    !matches!(
        kind,
        ContentKind::Source
            | ContentKind::Grep
            | ContentKind::Diff
            | ContentKind::Json
            | ContentKind::Tree
    )
}

struct Marker<'a> {
    id: Option<&'a str>,
    /// Leave descriptions out (the view must shrink to fit Pi's cut).
    terse: bool,
}

impl Marker<'_> {
    fn render(&self, start: usize, end: usize, description: &str) -> String {
        let description = if self.terse { "" } else { description };
        self.render_always(start, end, description)
    }

    /// Like `render`, keeping the description even in terse mode (short counts only).
    fn render_always(&self, start: usize, end: usize, description: &str) -> String {
        let n = end - start + 1;
        match self.id {
            Some(id) => format!(
                "[… {n} lines {start}-{end}{description} · token_retrieve id={id} startLine={start}]"
            ),
            None => format!("[… {n} lines {start}-{end} omitted{description}]"),
        }
    }

    /// Marker after kept lines `start..=end` whose carriage-return cleanup hid `hidden`.
    fn overwritten(&self, start: usize, end: usize, hidden: &str) -> String {
        let lines = if start == end {
            format!("line {start}")
        } else {
            format!("lines {start}-{end}")
        };
        let hidden = if self.terse || hidden.is_empty() {
            String::new()
        } else {
            format!(": \"{hidden}\"")
        };
        match self.id {
            Some(id) => format!(
                "[… {lines} overwritten by \\r{hidden} · token_retrieve id={id} startLine={start}]"
            ),
            None => format!("[… {lines} overwritten by \\r{hidden}, omitted]"),
        }
    }
}

pub(crate) fn select(
    input: &[u8],
    index: &LineIndex,
    kind: ContentKind,
    opts: &CompactOptions,
    limits: Limits,
) -> Selection {
    let n = index.len();
    let mut strategies: Vec<&'static str> = Vec::new();

    // Lossless view of every line: ANSI and carriage-return overwrites removed.
    let dirty = needs_cleaning(input);
    let cleaned = dirty.then(|| Cleaned::new(input, index));
    let texts = match &cleaned {
        Some(c) => LineTexts {
            bytes: &c.bytes,
            starts: &c.starts,
            terminated: false,
        },
        None => LineTexts {
            bytes: input,
            starts: index.starts(),
            terminated: true,
        },
    };
    let overwritten: &[u32] = cleaned.as_ref().map_or(&[], |c| &c.overwritten);
    if dirty {
        strategies.push("strip-ansi-progress");
    }

    // Grep output is grouped by file: the path prints once, hits keep `line:text`. Other kinds
    // store no prefixes at all.
    let mut grep_prefix: Vec<u32> = Vec::new();
    let mut grouped = false;
    if kind == ContentKind::Grep {
        grep_prefix = vec![0; n];
        // Prefixes of lines `from..` into `out`; returns how many lines had one.
        let parse = |from: usize, out: &mut [u32]| {
            let mut parsed = 0usize;
            for (text, slot) in texts.iter_from(from).zip(out.iter_mut()) {
                if let Some((_, prefix)) = grep_prefix_len(text) {
                    *slot = prefix as u32;
                    parsed += 1;
                }
            }
            parsed
        };
        let parsed = if input.len() >= PARALLEL_MIN_BYTES {
            let half = n / 2;
            let (head, tail) = grep_prefix.split_at_mut(half);
            std::thread::scope(|scope| {
                let second = scope.spawn(|| parse(half, tail));
                let first = parse(0, head);
                match second.join() {
                    Ok(second) => first + second,
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            })
        } else {
            parse(0, &mut grep_prefix)
        };
        grouped = parsed * 2 >= n;
        if grouped {
            strategies.push("group-grep-by-file");
        } else {
            grep_prefix = Vec::new();
        }
    }
    let prefix = |i: usize| -> usize { grep_prefix.get(i).map_or(0, |&p| p as usize) };
    let body = |i: usize| -> &[u8] { &texts[i][prefix(i)..] };
    let hit_text = |i: usize| -> &[u8] { hit_text_of(&texts[i], prefix(i)) };

    let mut flags = vec![LineFlags::INITIAL; n];
    let error_signals = uses_error_signals(kind);
    // Keyword signals: one automaton pass over the whole input when lines are clean. They are
    // refined with facts about each line in the pass below.
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
            let starts = index.starts();
            scan_signals(input, n, |i| starts.get(i) as usize, flags);
        }
    };
    // Templates, interned as u32 ids (4 bytes per line), and their frequencies by id. Lines
    // `from..from + out.len()` are interned into `out`.
    let intern = |from: usize, out: &mut [u32]| {
        let mut interner = TemplateInterner::default();
        let lines = (from..).zip(texts.iter_from(from));
        for ((i, line), slot) in lines.zip(out.iter_mut()) {
            *slot = interner.intern(template_hash(hit_text_of(line, prefix(i))));
        }
        interner
    };
    // The keyword scan and template hashing are the largest costs and independent: on large
    // inputs the scan runs on a second thread or, for kinds without keyword signals, the
    // second half of the lines is interned there and its ids are merged after. Both are
    // deterministic, so the result does not depend on scheduling; small inputs skip the
    // thread start-up cost.
    // Short-line inputs (the memory worst case) keep 2-byte ids while there are few enough
    // templates, widening to 4 bytes if that runs out.
    let narrow = index.is_narrow();
    let sequential_intern = || {
        if narrow {
            intern_narrow(&texts, &prefix)
        } else {
            let mut templates = vec![0u32; n];
            let interner = intern(0, &mut templates);
            (TemplateIds::Wide(templates), interner.counts)
        }
    };
    let large = input.len() >= PARALLEL_MIN_BYTES;
    let (templates, template_counts) = if !large || (narrow && !error_signals) {
        scan(&mut flags);
        sequential_intern()
    } else if error_signals {
        std::thread::scope(|scope| {
            let scanner = scope.spawn(|| scan(&mut flags));
            let interned = sequential_intern();
            if let Err(panic) = scanner.join() {
                std::panic::resume_unwind(panic);
            }
            interned
        })
    } else {
        let mut templates = vec![0u32; n];
        let half = n / 2;
        let (head, tail) = templates.split_at_mut(half);
        let (mut merged, second_half) = std::thread::scope(|scope| {
            let second = scope.spawn(|| intern(half, tail));
            let first = intern(0, head);
            match second.join() {
                Ok(second) => (first, second),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        // Map the second half's ids into the first half's id space.
        let TemplateInterner {
            ids: tail_ids,
            counts: tail_counts,
        } = second_half;
        let mut remap = vec![0u32; tail_counts.len()];
        for (hash, local) in tail_ids {
            remap[local as usize] = merged.absorb(hash, tail_counts[local as usize]);
        }
        for id in tail.iter_mut() {
            *id = remap[*id as usize];
        }
        (TemplateIds::Wide(templates), merged.counts)
    };

    // Caller's query terms.
    if let Some(q) = opts
        .query
        .as_deref()
        .map(str::trim)
        .filter(|q| !q.is_empty())
    {
        let terms = bounded_query_terms(q);
        if let Ok(ac) = aho_corasick::AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .build(&terms)
        {
            if !terms.is_empty() {
                for (i, text) in texts.iter().enumerate() {
                    if ac.is_match(text) {
                        flags[i].set(QUERY_HIT);
                    }
                }
            }
        }
    }

    let budget = budget(
        input.len(),
        n,
        opts.aggressiveness.unwrap_or(1.0).clamp(0.0, 1.0),
    );

    // One pass over every line: refined signal, rank, and whether it repeats the line before.
    // Lines `from..from + flags.len()` are ranked; returns their error and warning lines.
    let count_of = |i: usize| -> u32 { template_counts[templates.get(i) as usize] };
    let rank_lines = |from: usize, flags: &mut [LineFlags]| {
        let mut errors: Vec<u32> = Vec::new();
        let mut warnings: Vec<u32> = Vec::new();
        let mut in_message = false;
        let mut previous: Option<&[u8]> = from.checked_sub(1).map(|i| &texts[i]);
        for ((i, line), flag) in (from..).zip(texts.iter_from(from)).zip(flags.iter_mut()) {
            let text = hit_text_of(line, prefix(i));
            if error_signals {
                flag.set_signal(refine_signal(flag.signal(), line));
            }
            if kind == ContentKind::Diff {
                if text.starts_with(b"Date:") {
                    in_message = true;
                } else if text.starts_with(b"diff --git") || text.starts_with(b"commit ") {
                    in_message = false;
                }
            }
            let mut rank = structural_rank(kind, text, in_message && text.starts_with(b"    "))
                .unwrap_or(Rank::Filler);
            // A linter finding with a rule code (`file:1:2: F401 ...`) is a fact even without
            // the word "error"; notes and other located lines are not.
            if kind == ContentKind::Diagnostics && flag.signal() == Signal::None {
                if let Some((_, prefix)) = grep_prefix_len(text) {
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
            if flag.has(QUERY_HIT) {
                rank = Rank::Must;
            }
            // Rare templates. Backtrace frames are unique but rarely informative (the first
            // one after an error is kept as context below), and `ls -l` rows are named in
            // their run's marker instead.
            if rank > Rank::Rare && count_of(i) <= 2 {
                let exempt = is_backtrace_frame(text)
                    || (kind == ContentKind::Tree && is_ls_long_entry(text));
                if !exempt {
                    rank = Rank::Rare;
                }
            }
            flag.set_rank(rank);

            // A line identical to the one before it is never chosen on its own: runs collapse.
            if !line.is_empty() && previous == Some(line) {
                flag.set(DUPLICATE);
            }
            previous = Some(line);
        }
        (errors, warnings)
    };
    // Large inputs rank their two halves on two threads; a diff's commit-message state runs
    // across lines, so diffs stay on one.
    let (errors, warnings) = if large && kind != ContentKind::Diff {
        let half = n / 2;
        let (head, tail) = flags.split_at_mut(half);
        std::thread::scope(|scope| {
            let second = scope.spawn(|| rank_lines(half, tail));
            let (mut errors, mut warnings) = rank_lines(0, head);
            match second.join() {
                Ok((more_errors, more_warnings)) => {
                    errors.extend(more_errors);
                    warnings.extend(more_warnings);
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
            (errors, warnings)
        })
    } else {
        rank_lines(0, &mut flags)
    };
    if kind == ContentKind::Diff {
        promote_small_hunks(&texts, &mut flags, budget.lines);
    }
    recognize(kind, texts.iter(), |i, fact| {
        flags[i].lower_rank(match fact {
            Fact::Must => Rank::Must,
            Fact::Context => Rank::Context,
            Fact::High => Rank::High,
        })
    });
    if error_signals {
        state_before_failure(&texts, &mut flags, &templates, &template_counts);
    }
    for i in (0..n.min(HEAD_LINES)).chain(n.saturating_sub(TAIL_LINES)..n) {
        // Repeats of the line before stay in their collapsed run, whose first line is kept.
        let mut first = i;
        while first > 0 && !texts[first].is_empty() && texts[first] == texts[first - 1] {
            first -= 1;
        }
        flags[first].set_rank(Rank::Must);
    }
    let frequent_template = (n / 20).max(16);
    // Every distinct error survives; floods are thinned per template.
    let mut kept_errors = water_fill(&errors, &templates, budget.error_lines, budget.per_template);
    if kept_errors.len() < errors.len() && kept_errors.len() < budget.error_lines {
        // Room left: add the first instance of each message not yet shown (the same error
        // about another path or name), in order, up to the cap.
        let mut seen: std::collections::HashSet<u64, PreHashed> = kept_errors
            .iter()
            .map(|&i| message_hash(body(i as usize)))
            .collect();
        let mut extra = Vec::new();
        for &i in &errors {
            if kept_errors.len() + extra.len() >= budget.error_lines {
                break;
            }
            if seen.insert(message_hash(body(i as usize))) {
                extra.push(i);
            }
        }
        kept_errors.extend(extra);
        kept_errors.sort_unstable();
        kept_errors.dedup();
    }
    for &i in &kept_errors {
        let i = i as usize;
        flags[i].set_rank(Rank::Must);
        // Details follow an error until a blank line: assertion text, code frame, cause.
        let details_end = n.min(i + 1 + CONTEXT_AFTER_ERROR);
        // An error line ending in a colon announces its details, and some reporters (Node's
        // assert: `Expected values to be strictly equal:`, blank, `898 !== 899`) put a blank
        // line first: that one blank line does not end the details.
        let announces = trim(body(i)).ends_with(b":");
        for (j, flag) in flags.iter_mut().enumerate().take(details_end).skip(i + 1) {
            if is_blank(body(j)) {
                if announces && j == i + 1 {
                    flag.lower_rank(Rank::Context);
                    continue;
                }
                break;
            }
            // A neighbouring passing test or a sibling of the same template is not detail.
            // A line of a frequent template is another record of the log, not detail.
            let frequent = count_of(j) as usize > frequent_template;
            if frequent
                || is_pass_line(body(j))
                || templates.get(j) == templates.get(i)
                || flag.signal() == Signal::Error
            {
                continue;
            }
            flag.lower_rank(Rank::Context);
        }
        if let Some(j) = (i + 1..n.min(i + 1 + STACK_LOOKAHEAD)).find(|&j| is_stack_frame(body(j)))
        {
            flags[j].lower_rank(Rank::Context);
        }
    }
    if kept_errors.len() < errors.len() {
        strategies.push("thin-repeated-errors");
    }
    drop(errors);
    for i in water_fill(
        &warnings,
        &templates,
        budget.warning_lines,
        budget.per_template,
    ) {
        let i = i as usize;
        flags[i].lower_rank(Rank::High);
        // rustc and friends put the location on the next line (`--> file:line:col`).
        let end = n.min(i + 3);
        for (j, flag) in flags.iter_mut().enumerate().take(end).skip(i + 1) {
            let t = trim(body(j));
            if t.starts_with(b"-->") || t.starts_with(b"at ") {
                flag.lower_rank(Rank::High);
            }
        }
    }
    drop(warnings);

    // Choose: must and context always, then the rest by rank within the budget.
    let mut kept_lines = 0usize;
    let mut kept_bytes = 0usize;
    for i in 0..n {
        let f = flags[i];
        if f.rank() <= Rank::Context && !(f.has(DUPLICATE) && f.rank() != Rank::Must) {
            flags[i].set(KEEP);
            kept_lines += 1;
            kept_bytes += texts[i].len() + 1;
        }
    }
    // A source file's outline is its point, so definitions may take a larger share there.
    let structural_cap = budget.lines.max(if kind == ContentKind::Source {
        n / 4
    } else {
        n / 12
    });
    let mut high_taken = 0usize;
    let aggressiveness = opts.aggressiveness.unwrap_or(1.0).clamp(0.0, 1.0);
    // Ordinary lines only fill the budget when the caller asked to keep more.
    let fill_ranks: &[Rank] = if aggressiveness < 1.0 {
        &[Rank::High, Rank::Rare, Rank::Body, Rank::Filler]
    } else {
        &[Rank::High, Rank::Rare, Rank::Body]
    };
    // A softer view (aggressiveness below 1, after retrievals) adds ordinary lines in
    // proportion to how much softer it was asked to be, not up to the whole line budget: at
    // 0.99 a 3,000-line test run would otherwise grow tenfold.
    let filler_cap = ((1.0 - aggressiveness) * budget.lines as f64).ceil() as usize;
    let mut filler_taken = 0usize;
    for &rank in fill_ranks {
        let within = |kept_lines: usize, kept_bytes: usize, high_taken: usize, filler: usize| {
            if rank == Rank::High {
                high_taken < structural_cap
            } else {
                kept_lines < budget.lines
                    && kept_bytes < budget.bytes
                    && (rank != Rank::Filler || filler < filler_cap)
            }
        };
        // Nothing of this rank can be taken: skip collecting its candidates.
        if !within(kept_lines, kept_bytes, high_taken, filler_taken) {
            continue;
        }
        let mut candidates: Vec<u32> = (0..n)
            .filter(|&i| {
                let f = flags[i];
                f.rank() == rank && !f.has(KEEP) && !f.has(DUPLICATE)
            })
            .map(|i| i as u32)
            .collect();
        if rank == Rank::Rare {
            candidates.sort_by_key(|&i| (count_of(i as usize), i));
        }
        if rank == Rank::High {
            // Type declarations say more than functions; take them first, then in order.
            candidates.sort_by_cached_key(|&i| (!is_type_definition(hit_text(i as usize)), i));
        }
        for i in candidates {
            if !within(kept_lines, kept_bytes, high_taken, filler_taken) {
                break;
            }
            let i = i as usize;
            flags[i].set(KEEP);
            kept_lines += 1;
            kept_bytes += texts[i].len() + 1;
            if rank == Rank::High {
                high_taken += 1;
            }
            if rank == Rank::Filler {
                filler_taken += 1;
            }
        }
    }

    let render_with = |flags: &[LineFlags], terse: bool, strategies: Vec<&'static str>| {
        let plan = RenderPlan {
            flags,
            grouped,
            grep_prefix: &grep_prefix,
            templates: &templates,
            terse,
            overwritten,
        };
        render(input, index, &texts, plan, kind, opts, strategies)
    };
    // Principle 1: a small output is never made lossy to save a few hundred tokens: every
    // line but exact repeats is kept (for search results: distinct hits are facts).
    let small =
        input.len() <= 4 * SMALL_LOSSLESS_TOKENS && estimate_tokens(input) <= SMALL_LOSSLESS_TOKENS;
    if small {
        for f in flags.iter_mut() {
            if !(f.has(DUPLICATE) && f.rank() != Rank::Must) {
                f.set(KEEP);
            }
        }
        return render_with(&flags, false, strategies);
    }
    let view = render_with(&flags, false, strategies.clone());
    if view.text.len() <= limits.cap && estimate_tokens(&view.text) <= limits.tokens {
        return view;
    }
    // A default view over Pi's cut has too many markers to describe: start terse.
    let start_terse = view.text.len() > limits.cap;
    drop(view);
    // Over the budget or Pi's cut: choose again by priority within both.
    let units = priority_units(PriorityInput {
        texts: &texts,
        flags: &flags,
        templates: &templates,
        template_counts: &template_counts,
        kept_errors: &kept_errors,
        kind,
        body: &body,
    });
    drop(kept_errors);
    fit_to_limits(
        input,
        index,
        &texts,
        &mut flags,
        &units,
        limits,
        render_with,
        strategies,
        opts,
        start_terse,
    )
}

/// One group of lines the budgeted selection keeps or drops together (an error and its cause
/// chain, or a single line), with its priority.
struct Unit {
    /// Priority class, lower first: 0 first instance of each error template and its cause
    /// chain, 1 further error instances, 2 summaries, head/tail and query hits, 3 structure,
    /// 4 definitions and rare lines, 5 other context and diff hunk headers, 6 first instance
    /// of each remaining template. Everything else becomes markers.
    class: u8,
    /// Order within the class, lower first (then by position).
    order: u32,
    /// Range of this unit's lines in the shared member list.
    members: std::ops::Range<u32>,
}

/// Class of the error instances that fit even over the token budget (only Pi's cut bounds
/// them): one per distinct error template.
const SKELETON_CLASS: u8 = 0;
/// Estimated cost of one marker line, for planning (the rendered view is measured after).
const MARKER_TOKENS: usize = 28;
const MARKER_BYTES: usize = 100;
const TERSE_MARKER_BYTES: usize = 72;

struct PriorityInput<'x, 'a, B: Fn(usize) -> &'x [u8]> {
    texts: &'x LineTexts<'a>,
    flags: &'x [LineFlags],
    templates: &'x TemplateIds,
    template_counts: &'x [u32],
    kept_errors: &'x [u32],
    kind: ContentKind,
    body: &'x B,
}

/// Every line worth keeping, grouped into units and sorted by priority.
fn priority_units<'x, 'a, B: Fn(usize) -> &'x [u8]>(
    input: PriorityInput<'x, 'a, B>,
) -> (Vec<Unit>, Vec<u32>) {
    let PriorityInput {
        texts,
        flags,
        templates,
        template_counts,
        kept_errors,
        kind,
        body,
    } = input;
    let n = flags.len();
    let mut units: Vec<Unit> = Vec::new();
    let mut members: Vec<u32> = Vec::new();
    let mut claimed = vec![false; n];
    let push =
        |units: &mut Vec<Unit>, members: &mut Vec<u32>, class: u8, order: u32, lines: &[u32]| {
            let start = members.len() as u32;
            members.extend_from_slice(lines);
            units.push(Unit {
                class,
                order,
                members: start..members.len() as u32,
            });
        };
    // Errors with their cause chains: the context lines that follow each one up to the next
    // error. Instance k of a template ranks behind instance k - 1 of every other template.
    let mut instances: HashMap<u32, u32, PreHashed> = HashMap::default();
    let mut chain: Vec<u32> = Vec::new();
    for &e in kept_errors {
        let e = e as usize;
        claimed[e] = true;
        chain.clear();
        chain.push(e as u32);
        for j in e + 1..n.min(e + 1 + STACK_LOOKAHEAD) {
            if flags[j].signal() == Signal::Error && flags[j].rank() == Rank::Must {
                break;
            }
            if flags[j].rank() == Rank::Context && !claimed[j] && !flags[j].has(DUPLICATE) {
                claimed[j] = true;
                chain.push(j as u32);
            }
        }
        let k = instances.entry(templates.get(e)).or_insert(0);
        let class = if *k == 0 { SKELETON_CLASS } else { 1 };
        push(&mut units, &mut members, class, *k, &chain);
        *k += 1;
    }
    drop(instances);
    let mut seen_template = vec![false; template_counts.len()];
    // Definitions in a diff rank by their place within their file's section: the first
    // changed definition of every file before the second of any, so one huge file (an
    // initial import) does not crowd out the others.
    let mut in_section = 0u32;
    for i in 0..n {
        let f = flags[i];
        if kind == ContentKind::Diff && body(i).starts_with(b"diff ") {
            in_section = 0;
        }
        seen_template[templates.get(i) as usize] |= f.has(KEEP);
        if claimed[i] || f.has(DUPLICATE) && f.rank() != Rank::Must {
            continue;
        }
        let text = body(i);
        let edge = i < HEAD_LINES || i + TAIL_LINES >= n;
        let (class, order) = match f.rank() {
            Rank::Must => {
                if f.signal() == Signal::Summary || f.has(QUERY_HIT) || edge {
                    (2, 0)
                } else if kind == ContentKind::Diff && text.starts_with(b"@@") {
                    (5, 0)
                } else if kind == ContentKind::Diff
                    && !text.starts_with(b"diff ")
                    && !is_diff_metadata(text)
                {
                    // Commit headers and messages read like summaries.
                    (2, 0)
                } else {
                    (3, 0)
                }
            }
            Rank::Context => (5, 0),
            Rank::High if kind == ContentKind::Diff => {
                in_section += 1;
                (4, in_section)
            }
            Rank::High => (4, u32::from(!is_type_definition(text))),
            Rank::Rare => (
                4,
                2 + template_counts[templates.get(i) as usize].min(1 << 20),
            ),
            Rank::Body | Rank::Filler => {
                let t = templates.get(i) as usize;
                if !seen_template[t] && !is_blank(text) {
                    seen_template[t] = true;
                    (6, template_counts[t].min(1 << 20))
                } else {
                    // The rest become markers.
                    continue;
                }
            }
        };
        push(&mut units, &mut members, class, order, &[i as u32]);
    }
    let _ = texts;
    // Members start in line order, so the first member's index orders ties by position.
    units.sort_unstable_by_key(|u| (u.class, u.order, members[u.members.start as usize]));
    (units, members)
}

/// Rename, copy, mode and binary metadata of a diff: always facts.
fn is_diff_metadata(text: &[u8]) -> bool {
    [
        &b"rename from"[..],
        b"rename to",
        b"copy from",
        b"copy to",
        b"similarity index",
        b"old mode",
        b"new mode",
        b"new file mode",
        b"deleted file mode",
        b"Binary files",
    ]
    .iter()
    .any(|p| text.starts_with(p))
}

/// Keeps units in priority order within the token budget and Pi's cut, renders, and tightens
/// (smaller plan, terse markers) until the rendered view fits. The last resort is the tail
/// that fits, then a single marker: never larger than Pi's cut.
#[allow(clippy::too_many_arguments)]
fn fit_to_limits(
    input: &[u8],
    index: &LineIndex,
    texts: &LineTexts<'_>,
    flags: &mut [LineFlags],
    units: &(Vec<Unit>, Vec<u32>),
    limits: Limits,
    render_with: impl Fn(&[LineFlags], bool, Vec<&'static str>) -> Selection,
    mut strategies: Vec<&'static str>,
    opts: &CompactOptions,
    start_terse: bool,
) -> Selection {
    strategies.push("fit-budget");
    let (units, members) = units;
    let n = flags.len();
    let mut token_budget = limits.tokens;
    let mut byte_budget = limits.cap;
    let mut terse = start_terse;
    let mut best: Option<Selection> = None;
    for _attempt in 0..5 {
        let marker_bytes = if terse {
            TERSE_MARKER_BYTES
        } else {
            MARKER_BYTES
        };
        for f in flags.iter_mut() {
            f.0 &= !KEEP;
        }
        let mut tokens = MARKER_TOKENS;
        let mut bytes = marker_bytes;
        let mut forced_tokens = 0usize;
        // Units left out for the token budget (not the cap): a refill may take them.
        let mut skipped = false;
        for unit in units {
            let lines = &members[unit.members.start as usize..unit.members.end as usize];
            let first = lines[0] as usize;
            let last = *lines.last().unwrap_or(&lines[0]) as usize;
            let joins = (first > 0 && flags[first - 1].has(KEEP))
                || (last + 1 < n && flags[last + 1].has(KEEP));
            let (mut unit_tokens, mut unit_bytes) = if joins {
                (0, 0)
            } else {
                (MARKER_TOKENS, marker_bytes)
            };
            for &i in lines {
                let text = &texts[i as usize];
                unit_tokens += estimate_tokens(text) + 1;
                unit_bytes += text.len() + 1;
            }
            // One instance of every distinct error is bounded by Pi's cut only.
            let forced = unit.class == SKELETON_CLASS;
            if bytes + unit_bytes > byte_budget {
                continue;
            }
            if !forced && tokens + unit_tokens > token_budget {
                skipped = true;
                continue;
            }
            if forced {
                forced_tokens += unit_tokens;
            }
            tokens += unit_tokens;
            bytes += unit_bytes;
            for &i in lines {
                flags[i as usize].set(KEEP);
            }
        }
        let view = render_with(flags, terse, strategies.clone());
        let view_tokens = estimate_tokens(&view.text);
        let token_limit = limits.tokens.max(forced_tokens + forced_tokens / 8);
        if view.text.len() <= limits.cap && view_tokens <= token_limit {
            // Fits. When the plan over-estimated and left room, plan again with the slack.
            let filled = view_tokens * 100 >= limits.tokens * 85;
            let better = best.as_ref().is_none_or(|b| b.text.len() < view.text.len());
            if !better {
                break;
            }
            best = Some(view);
            if !skipped || filled {
                break;
            }
            token_budget += limits.tokens.saturating_sub(view_tokens);
            byte_budget = limits.cap;
            continue;
        }
        if best.is_some() {
            break;
        }
        // Too large: shrink the plan by how far the view overshot, with a margin.
        if view.text.len() > limits.cap {
            byte_budget = byte_budget * limits.cap / view.text.len() * 9 / 10;
            terse = true;
        }
        if view_tokens > token_limit {
            token_budget = token_budget * token_limit / view_tokens * 9 / 10;
        }
    }
    if let Some(view) = best {
        return view;
    }
    // Last resort: the tail that fits in half the cap, terse markers for the rest.
    for f in flags.iter_mut() {
        f.0 &= !KEEP;
    }
    let mut bytes = 0usize;
    for i in (0..n).rev() {
        let cost = texts[i].len() + 1;
        if bytes + cost > limits.cap / 2
            || estimate_tokens(&texts[i]) + bytes / 4 > limits.tokens / 2
        {
            break;
        }
        bytes += cost;
        flags[i].set(KEEP);
    }
    let view = render_with(flags, true, strategies.clone());
    if view.text.len() <= limits.cap {
        return view;
    }
    let _ = (input, index);
    let marker = Marker {
        id: opts.recovery_id.as_deref(),
        terse: true,
    };
    let mut text = marker.render(1, n.max(1), "").into_bytes();
    text.push(b'\n');
    Selection {
        text,
        ranges: vec![DroppedRange {
            start_line: 1,
            end_line: n.max(1),
            template: String::new(),
        }],
        strategies,
    }
}

struct RenderPlan<'p> {
    flags: &'p [LineFlags],
    grouped: bool,
    /// Per-line grep prefix lengths; empty unless the output was grouped.
    grep_prefix: &'p [u32],
    templates: &'p TemplateIds,
    /// Markers without descriptions, and runs of any length replaced: the plan must shrink.
    terse: bool,
    /// Lines whose carriage-return cleanup hid text (see [`Cleaned`]).
    overwritten: &'p [u32],
}

fn render(
    input: &[u8],
    index: &LineIndex,
    texts: &LineTexts<'_>,
    plan: RenderPlan<'_>,
    kind: ContentKind,
    opts: &CompactOptions,
    mut strategies: Vec<&'static str>,
) -> Selection {
    let RenderPlan {
        flags,
        grouped,
        grep_prefix,
        templates,
        terse,
        overwritten,
    } = plan;
    let mut overwrites = Overwrites {
        lines: overwritten,
        next: 0,
        pending: None,
    };
    let prefix = |i: usize| -> usize { grep_prefix.get(i).map_or(0, |&p| p as usize) };
    let group_key = |i: usize| -> &[u8] {
        let p = prefix(i);
        if p > 0 {
            &texts[i][..p - 1]
        } else {
            &[]
        }
    };
    let keep = |i: usize| flags[i].has(KEEP);
    let n = index.len();
    let marker = Marker {
        id: opts.recovery_id.as_deref(),
        terse,
    };
    // Shortest dropped run that becomes a marker: in terse mode any run that pays for it.
    let min_run = if terse { 0 } else { 2 };
    let mut out: Vec<u8> = Vec::with_capacity(16 * 1024);
    let mut ranges = Vec::new();
    let mut current_group: Option<&[u8]> = None;
    let mut collapsed_any = false;
    let mut listed_names = false;
    let mut spanned_files = false;
    // Lines of a file of at most `FEW_HITS` hits can never form a marker of their own (runs of
    // one or two lines stay), so when both files at a boundary are that small a dropped run
    // crosses it: many files with few hits each collapse into one marker.
    let few_hits_before = |last: usize| -> bool {
        let key = group_key(last);
        (1..=FEW_HITS).any(|k| k > last || group_key(last - k) != key)
    };
    let few_hits_after = |first: usize| -> bool {
        let key = group_key(first);
        (1..=FEW_HITS).any(|k| first + k >= n || group_key(first + k) != key)
    };
    let mut i = 0usize;
    while i < n {
        // The end of the dropped run at `i` within its file, when already found.
        let mut file_end: Option<usize> = None;
        if grouped && !keep(i) {
            // A dropped run that may span files; it ends at a kept line or at a boundary
            // between files that are not both small.
            let mut end = i;
            let mut files = 1usize;
            while end + 1 < n && !keep(end + 1) {
                if group_key(end + 1) != group_key(end) {
                    file_end.get_or_insert(end);
                    // Terse views (the plan must shrink) let a run span any files: one
                    // marker per file could alone outgrow Pi's cut.
                    if !(terse || few_hits_before(end) && few_hits_after(end + 1)) {
                        break;
                    }
                    files += 1;
                }
                end += 1;
            }
            file_end.get_or_insert(end);
            // Like any run, one of one or two lines never becomes a marker.
            if files > 1 && end - i >= min_run {
                if let Some((line, template)) =
                    cross_file_marker(texts, &marker, templates, &prefix, i, end)
                {
                    overwrites.flush(None, input, index, &marker, &mut out, &mut ranges);
                    out.extend_from_slice(line.as_bytes());
                    out.push(b'\n');
                    ranges.push(DroppedRange {
                        start_line: i + 1,
                        end_line: end + 1,
                        template,
                    });
                    spanned_files = true;
                    // The next kept line names its file again.
                    current_group = None;
                    i = end + 1;
                    continue;
                }
            }
        }
        if grouped {
            let key = group_key(i);
            if current_group != Some(key) {
                if !key.is_empty() {
                    overwrites.flush(None, input, index, &marker, &mut out, &mut ranges);
                    out.extend_from_slice(key);
                    out.push(b'\n');
                }
                current_group = Some(key);
            }
        }
        if keep(i) {
            overwrites.flush(Some(i), input, index, &marker, &mut out, &mut ranges);
            emit_line(&mut out, input, &index.span(input, i), &texts[i], prefix(i));
            overwrites.emitted(i);
            i += 1;
            continue;
        }
        // A dropped run ends at a kept line or, for grouped grep output, at a new file (runs
        // across files of few hits became markers above).
        let start = i;
        let end = file_end.unwrap_or_else(|| {
            let mut end = i;
            while end + 1 < n
                && !keep(end + 1)
                && (!grouped || group_key(end + 1) == group_key(start))
            {
                end += 1;
            }
            end
        });
        // Runs of one or two lines never become markers: skip describing them.
        // A run of one or two lines is replaced only when it is long (a huge line).
        let worth_a_marker =
            (end - start >= min_run || outweighs_bytes(texts, start, end, LONG_RUN_BYTES)) && {
                let description = if terse {
                    String::new()
                } else if grouped && prefix(start) > 0 {
                    // Distinct hits are facts (principle 2): name where they are.
                    format!(
                        ": hits at lines {}{}",
                        hit_line_numbers(texts, &prefix, start, end),
                        describe_run(texts, flags, templates, kind, start, end)
                    )
                } else {
                    describe_run(texts, flags, templates, kind, start, end)
                };
                let line = marker.render(start + 1, end + 1, &description);
                // A marker must pay for itself; otherwise the lines stay.
                outweighs_marker(texts, start, end, &line)
                    .then(|| {
                        if (start..=end).all(|j| flags[j].has(DUPLICATE)) {
                            collapsed_any = true;
                        }
                        if kind == ContentKind::Tree
                            && description.starts_with(": ")
                            && !description.starts_with(": \"")
                        {
                            listed_names = true;
                        }
                        overwrites.flush(None, input, index, &marker, &mut out, &mut ranges);
                        out.extend_from_slice(line.as_bytes());
                        out.push(b'\n');
                        ranges.push(DroppedRange {
                            start_line: start + 1,
                            end_line: end + 1,
                            template: description_template(&description),
                        });
                    })
                    .is_some()
            };
        if !worth_a_marker {
            for j in start..=end {
                overwrites.flush(Some(j), input, index, &marker, &mut out, &mut ranges);
                emit_line(&mut out, input, &index.span(input, j), &texts[j], prefix(j));
                overwrites.emitted(j);
            }
        }
        i = end + 1;
    }
    overwrites.flush(None, input, index, &marker, &mut out, &mut ranges);
    if collapsed_any {
        strategies.push("collapse-identical-runs");
    }
    if listed_names {
        strategies.push("listing-names");
    }
    if spanned_files {
        strategies.push("collapse-sparse-grep-files");
    }
    if !ranges.is_empty() {
        strategies.push("select-lines");
    }
    Selection {
        text: out,
        ranges,
        strategies,
    }
}

/// Writes a kept line with its original terminator, so untouched lines stay byte-exact
/// (`\r\n` included) and a final line without `\n` stays without one.
fn emit_line(out: &mut Vec<u8>, input: &[u8], span: &LineSpan, text: &[u8], prefix: usize) {
    let raw = &input[span.start..span.end];
    if prefix == 0 && text == raw {
        out.extend_from_slice(&input[span.start..span.next]);
    } else {
        out.extend_from_slice(&text[prefix..]);
        out.extend_from_slice(&input[span.end..span.next]);
    }
}

fn description_template(description: &str) -> String {
    description
        .trim_start_matches(": ")
        .trim_start_matches(' ')
        .trim_matches('"')
        .to_string()
}

/// The directory shared by every path in a run of bare paths (`node_modules/`), if any.
fn common_directory(texts: &LineTexts<'_>, start: usize, end: usize) -> Option<String> {
    common_directory_of((start..=end).map(|j| &texts[j]))
}

/// The directory shared by every one of `paths` (at least one), if any.
fn common_directory_of<'x>(mut paths: impl Iterator<Item = &'x [u8]>) -> Option<String> {
    let first = trim(paths.next()?);
    let mut shared = first.len();
    for path in std::iter::once(first).chain(paths) {
        let t = trim(path);
        if t.is_empty() || t.contains(&b' ') {
            return None;
        }
        shared = shared.min(first.iter().zip(t).take_while(|(a, b)| a == b).count());
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
fn dominant_top_directory(texts: &LineTexts<'_>, start: usize, end: usize) -> Option<String> {
    dominant_top_directory_of((start..=end).map(|j| &texts[j]))
}

/// The first path component shared by more than half of `paths`.
fn dominant_top_directory_of<'x>(paths: impl Iterator<Item = &'x [u8]>) -> Option<String> {
    let mut counts: HashMap<&[u8], usize> = HashMap::new();
    let mut total = 0usize;
    for path in paths {
        total += 1;
        let t = trim(path);
        let t = t.strip_prefix(b"./").unwrap_or(t);
        if let Some(slash) = memchr::memchr(b'/', t) {
            *counts.entry(&t[..slash]).or_insert(0) += 1;
        }
    }
    let (top, count) = counts
        .into_iter()
        .max_by_key(|&(k, c)| (c, std::cmp::Reverse(k)))?;
    (count * 2 > total && top.len() <= 60 && !top.contains(&b'"'))
        .then(|| String::from_utf8_lossy(top).into_owned())
}

/// Line numbers of the grep hits `start..=end` (after their `path:` prefix), at most six.
fn hit_line_numbers(
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
fn describe_run(
    texts: &LineTexts<'_>,
    flags: &[LineFlags],
    templates: &TemplateIds,
    kind: ContentKind,
    start: usize,
    end: usize,
) -> String {
    if (start..=end).all(|j| flags[j].has(DUPLICATE)) {
        return " identical".to_string();
    }
    if kind == ContentKind::Tree
        && (start..=end).all(|j| {
            is_ls_long_entry(&texts[j]) || is_blank(&texts[j]) || texts[j].starts_with(b"total ")
        })
    {
        // `ls -l` rows are mostly metadata; the names are what the reader needs.
        let mut names = String::new();
        for text in (start..=end).map(|j| &texts[j]) {
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
        if !names.is_empty() {
            return format!(":{names}");
        }
    }
    let len = end - start + 1;
    if len < 4 {
        return String::new();
    }
    if kind == ContentKind::Tree {
        if let Some(prefix) = common_directory(texts, start, end) {
            return format!(": \"{prefix}<*>\"");
        }
        if let Some(top) = dominant_top_directory(texts, start, end) {
            return format!(": mostly \"{top}/<*>\"");
        }
    }
    match dominant_template(texts, templates, start, end, |_| 0) {
        Some(template) => format!(": \"{template}\""),
        None => String::new(),
    }
}

/// The template of most lines of a run, as short text, when one covers at least half of it.
/// `skip(j)` bytes of line `j` (a grep prefix) are left out of the text.
fn dominant_template(
    texts: &LineTexts<'_>,
    templates: &TemplateIds,
    start: usize,
    end: usize,
    skip: impl Fn(usize) -> usize,
) -> Option<String> {
    let len = end - start + 1;
    let mut counts: HashMap<u32, (usize, usize), PreHashed> = HashMap::default();
    for j in start..=end {
        let template = templates.get(j);
        counts.entry(template).or_insert((0, j)).0 += 1;
    }
    let (count, first) = counts
        .values()
        .copied()
        .max_by_key(|&(c, first)| (c, std::cmp::Reverse(first)))
        .unwrap_or((0, start));
    if count * 2 < len {
        return None;
    }
    let mut template = template_text(trim(hit_text_of(&texts[first], skip(first))));
    if template.is_empty() {
        return None;
    }
    shorten_for_marker(&mut template);
    Some(template)
}

/// Cuts marker text longer than 60 bytes to 57 (on a char boundary) plus `…`.
fn shorten_for_marker(text: &mut String) {
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
/// marker would not pay for itself. Returns the marker line and the range's template.
fn cross_file_marker(
    texts: &LineTexts<'_>,
    marker: &Marker<'_>,
    templates: &TemplateIds,
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
    let template = match template {
        Some(t) => format!("{summary}: {t}"),
        None => summary,
    };
    Some((line, template))
}

/// Whether lines `start..=end` (with their terminators) are longer than the marker line that
/// would replace them. Only that answer matters, so summing stops once it is known: runs are
/// often thousands of lines.
fn outweighs_marker(texts: &LineTexts<'_>, start: usize, end: usize, marker_line: &str) -> bool {
    outweighs_bytes(texts, start, end, marker_line.len() + 8)
}

/// Runs of one or two lines longer than this become markers too.
const LONG_RUN_BYTES: usize = 320;

/// Whether lines `start..=end` (with terminators) are longer than `limit` bytes; stops summing
/// once that is known.
fn outweighs_bytes(texts: &LineTexts<'_>, start: usize, end: usize, limit: usize) -> bool {
    let mut run_bytes = 0usize;
    for j in start..=end {
        run_bytes += texts[j].len() + 1;
        if run_bytes > limit {
            return true;
        }
    }
    false
}

/// Most distinct query terms matched against the input; a query is a hint of a few
/// identifiers, and an automaton over 100k terms cost seconds on a 10 MB input.
pub const MAX_QUERY_TERMS: usize = 64;
/// Longer terms are ignored: no line of interest is found by a term this long.
const MAX_QUERY_TERM_BYTES: usize = 256;

/// The caller's query as distinct terms of 2..=256 bytes, the first [`MAX_QUERY_TERMS`] only.
fn bounded_query_terms(query: &str) -> Vec<&str> {
    let mut seen = std::collections::HashSet::new();
    query
        .split_whitespace()
        .filter(|t| (2..=MAX_QUERY_TERM_BYTES).contains(&t.len()))
        .filter(|t| seen.insert(t.to_ascii_lowercase()))
        .take(MAX_QUERY_TERMS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both_forms(input: &[u8], kind: ContentKind) {
        let narrow = LineIndex::new(input, usize::MAX);
        assert!(narrow.is_narrow(), "short lines take the narrow index");
        let wide = LineIndex::new_wide(input);
        assert_eq!(narrow.len(), wide.len());
        for i in 0..wide.len() {
            assert_eq!(narrow.span(input, i).next, wide.span(input, i).next);
        }
        let opts = CompactOptions::default();
        let limits = Limits::new(input, &opts);
        let a = select(input, &narrow, kind, &opts, limits);
        let b = select(input, &wide, kind, &opts, limits);
        assert_eq!(a.text, b.text);
        assert_eq!(a.ranges, b.ranges);
    }

    #[test]
    fn per_line_state_is_one_byte_of_flags() {
        assert_eq!(std::mem::size_of::<LineFlags>(), 1);
        let bytes = std::hint::black_box(SELECT_BYTES_PER_LINE);
        assert!(bytes <= 5, "{bytes}");
    }

    #[test]
    fn narrow_and_wide_index_select_the_same_lines() {
        let mut input = Vec::new();
        for i in 0..5000u32 {
            input.extend_from_slice(if i % 97 == 0 { b"error x\n" } else { b"ok\n" });
        }
        both_forms(&input, ContentKind::Log);
        both_forms(&input, ContentKind::Grep);
    }

    #[test]
    fn narrow_template_ids_widen_past_65536_templates() {
        // 26^4 distinct four-letter words: more templates than 2-byte ids can name.
        let mut input = Vec::new();
        for i in 0..70_000u32 {
            let word: Vec<u8> = (0..4)
                .map(|k| b'a' + (i / 26u32.pow(k) % 26) as u8)
                .collect();
            input.extend_from_slice(&word);
            input.push(b'\n');
        }
        both_forms(&input, ContentKind::Log);
    }

    #[test]
    fn long_line_among_short_ones_falls_back_to_the_wide_index() {
        let mut input = b"a\n".repeat(5000);
        input.extend(std::iter::repeat_n(b'x', 70_000));
        input.extend_from_slice(&b"b\n".repeat(5000));
        let index = LineIndex::new(&input, usize::MAX);
        assert!(!index.is_narrow());
        assert_eq!(index.len(), 10_000);
    }
}
