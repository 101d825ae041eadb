//! Rendering a selection: kept lines verbatim with their original terminators, each dropped run
//! replaced by one marker naming its line range, grep hits grouped under their file.

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;

use foldhash::fast::RandomState as FastState;

use super::super::budget::{quarter_tokens, Limits};
use super::super::lines::{strip_ansi, trim, LineIndex, LineSpan};
use super::super::signals::{scan_signals, Signal};
use super::choose::next_line_where;
use super::describe::{
    cross_file_marker, describe_run, hit_line_numbers, outweighs_bytes, outweighs_marker,
    shorten_for_marker, RunWords, LONG_RUN_BYTES,
};
use super::excerpt::write_excerpt;
use super::flags::{LineFlags, DUPLICATE, KEEP, QUERY_HIT};
use super::line_texts::{visible_segments, LineTexts};
use super::templates::Templates;
use super::{CompactOptions, ContentKind, DroppedRange, Selection};

/// Grep files with at most this many hits are too small for a marker of their own: dropped
/// runs cross the boundaries between such files.
const FEW_HITS: usize = 2;

/// Kept lines whose cleanup hid text get a marker right after them (one per run of such
/// lines) naming their range and the hidden text, preferring an error.
pub(super) struct Overwrites<'a> {
    pub(super) lines: &'a [u32],
    pub(super) next: usize,
    /// First and last line of the run of overwritten kept lines not yet marked.
    pub(super) pending: Option<(usize, usize)>,
}

impl Overwrites<'_> {
    pub(super) fn contains(&mut self, i: usize) -> bool {
        while self.next < self.lines.len() && (self.lines[self.next] as usize) < i {
            self.next += 1;
        }
        self.lines.get(self.next) == Some(&(i as u32))
    }

    /// Call after emitting line `i`.
    pub(super) fn emitted(&mut self, i: usize) {
        if self.contains(i) {
            self.pending = Some((self.pending.map_or(i, |(start, _)| start), i));
        }
    }

    /// Call before emitting anything else (`next` is the line about to be emitted, if any):
    /// writes the pending marker unless `next` continues the run.
    pub(super) fn flush(
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

pub(super) struct Marker<'a> {
    pub(super) id: Option<&'a str>,
    /// Leave descriptions out (the view must shrink to fit Pi's cut).
    pub(super) terse: bool,
}

impl Marker<'_> {
    pub(super) fn render(&self, start: usize, end: usize, description: &str) -> String {
        let mut line = String::new();
        self.render_into(&mut line, start, end, description);
        line
    }

    /// Writes the marker line into `line` (cleared first): markers are written once per
    /// dropped run and render, so one buffer serves them all.
    pub(super) fn render_into(
        &self,
        line: &mut String,
        start: usize,
        end: usize,
        description: &str,
    ) {
        let description = if self.terse { "" } else { description };
        self.render_always_into(line, start, end, description);
    }

    /// Like `render`, keeping the description even in terse mode (short counts only).
    pub(super) fn render_always(&self, start: usize, end: usize, description: &str) -> String {
        let mut line = String::new();
        self.render_always_into(&mut line, start, end, description);
        line
    }

    /// `[… {n} lines {start}-{end}{description} · token_retrieve id={id} startLine={start}]`,
    /// or without an id `[… {n} lines {start}-{end} omitted{description}]`; written by hand,
    /// as `format!` costs several times more for these few numbers. Its parts are strings
    /// already: only the digits are checked as UTF-8, not the whole line with its description.
    fn render_always_into(&self, line: &mut String, start: usize, end: usize, description: &str) {
        // Every byte but the four numbers' (at most 20 digits each), reserved at once.
        const WORDS: usize = "[… ".len() + " lines ".len() + "-".len() + "]".len();
        const WITH_ID: usize = " · token_retrieve id=".len() + " startLine=".len();
        line.clear();
        line.reserve(
            WORDS
                + WITH_ID
                + " omitted".len()
                + 4 * MAX_DIGITS
                + description.len()
                + self.id.map_or(0, str::len),
        );
        line.push_str("[… ");
        write_digits(line, end - start + 1);
        line.push_str(" lines ");
        write_digits(line, start);
        line.push('-');
        write_digits(line, end);
        match self.id {
            Some(id) => {
                line.push_str(description);
                line.push_str(" · token_retrieve id=");
                line.push_str(id);
                line.push_str(" startLine=");
                write_digits(line, start);
            }
            None => {
                line.push_str(" omitted");
                line.push_str(description);
            }
        }
        line.push(']');
    }

    /// Marker after kept lines `start..=end` whose carriage-return cleanup hid `hidden`.
    pub(super) fn overwritten(&self, start: usize, end: usize, hidden: &str) -> String {
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

/// Marker words already worked out, by dropped run: the budgeted fit renders the view several
/// times, and runs come back with the same bounds. The words of a run depend only on its lines
/// (and for a run across grep files on whether the view is terse), never on the plan.
#[derive(Default)]
pub(super) struct MarkerMemo {
    /// Per run: its marker words and their template.
    descriptions: RefCell<HashMap<(u32, u32), RunWords, FastState>>,
    across_files: RefCell<HashMap<(u32, u32, bool), AcrossFiles, FastState>>,
    /// For grouped grep output, per line: whether its file differs from the line before's
    /// (see [`Renderer::new_file`]). Runs are bounded by file changes, and every render asks.
    new_file: OnceCell<Vec<bool>>,
    /// Largest view and range list an earlier render wrote: the next render of the same
    /// input starts with that room instead of growing its buffers step by step.
    largest_view: Cell<(usize, usize)>,
}

/// A run across grep files: its marker line and template, or none when it does not pay.
type AcrossFiles = Option<(String, String)>;

/// The size of a marker without words, for any line range, from one rendered marker: only
/// its numbers' digits differ from range to range.
struct BareMarker {
    /// Bytes and quarter tokens of the marker of line 1 alone (every number one digit).
    bytes: usize,
    quarters: usize,
    /// Whether the marker names its start line twice (with a recovery id).
    start_twice: bool,
}

impl BareMarker {
    fn new(marker: &Marker<'_>) -> Self {
        let mut line = String::new();
        marker.render_always_into(&mut line, 1, 1, "");
        BareMarker {
            bytes: line.len(),
            quarters: quarter_tokens(line.as_bytes()),
            start_twice: marker.id.is_some(),
        }
    }

    /// Bytes and quarter tokens of the marker of lines `start..=end` (numbered from 1), words
    /// left out. Every digit is a byte of two quarters.
    fn size(&self, start: usize, end: usize) -> (usize, usize) {
        let mut digits = decimal_len(end - start + 1) + decimal_len(start) + decimal_len(end) - 3;
        if self.start_twice {
            digits += decimal_len(start) - 1;
        }
        (self.bytes + digits, self.quarters + 2 * digits)
    }
}

/// Whether the view [`render`] would write for `flags` (not terse, and whole) is known not to
/// fit `limits` before any run is described: `Some` of whether it is over Pi's cut even with
/// markers of no words, `None` when only rendering it can tell. Each kept line is written as
/// it is, and each dropped run either stays (its bytes) or becomes a marker of at least its
/// numbers. Known so only for verbatim views (no grep groups, no cleaned lines, so no other
/// lines) of any kind but a tree, whose listings have longer words. The budgeted fit renders
/// anew, so a view known not to fit need not be rendered: describing a long output's markers
/// is most of its cost, and a view over the token budget with markers of no words is over it
/// with their words too. Whether the words would take such a view past Pi's cut is not asked:
/// the budgeted view is a fraction of it, and goes terse if it is still over the cap.
#[allow(clippy::too_many_arguments)]
pub(super) fn known_misfit(
    input: &[u8],
    index: &LineIndex,
    texts: &LineTexts<'_>,
    grouped: bool,
    flags: &[LineFlags],
    kind: ContentKind,
    opts: &CompactOptions,
    limits: Limits,
    kept_bytes: usize,
) -> Option<bool> {
    if grouped || texts.is_cleaned() || kind == ContentKind::Tree {
        return None;
    }
    // Kept lines (`kept_bytes` of texts and newlines) weigh at most two quarters a byte; with
    // fewer than one and a half budgets' worth of quarters, their markers rarely make the view
    // over the budget, and the view is rendered without working its bounds out first.
    if kept_bytes * 2 < limits.tokens * 3 {
        return None;
    }
    let bare = BareMarker::new(&Marker {
        id: opts.recovery_id.as_deref(),
        terse: false,
    });
    let starts = index.starts();
    let n = flags.len();
    // From here on, the kept lines' bytes as written (terminators as they are).
    let mut kept_bytes = 0usize;
    // Over the dropped runs: fewest bytes and fewest quarter tokens.
    let (mut least, mut least_quarters) = (0usize, 0usize);
    let mut i = 0usize;
    while i < n {
        let keep = flags[i].has(KEEP);
        let next = next_line_where(flags, i + 1, |f| f.has(KEEP) != keep).unwrap_or(n);
        let bytes = (starts.get(next) - starts.get(i)) as usize;
        if keep {
            kept_bytes += bytes;
        } else {
            let (marker_bytes, marker_quarters) = bare.size(i + 1, next);
            // A marker line ends in a newline.
            least += bytes.min(marker_bytes + 1);
            least_quarters += bytes.min(marker_quarters + 1);
        }
        i = next;
        // Past the cap whatever the rest holds: the view is too long, and no more is asked.
        if kept_bytes + least > limits.cap {
            return Some(true);
        }
    }
    // Within the cap with bare markers: it misfits when even its fewest tokens are over the
    // budget. A byte weighs one or two quarters: the kept lines are weighed only when that
    // can tell.
    let over_budget =
        |kept_quarters: usize| (kept_quarters + least_quarters).div_ceil(4) > limits.tokens;
    if over_budget(kept_bytes) {
        return Some(false);
    }
    if !over_budget(2 * kept_bytes) {
        return None;
    }
    let mut kept_quarters = 0usize;
    let mut from = 0usize;
    while let Some(i) = next_line_where(flags, from, |f| f.has(KEEP)) {
        let next = next_line_where(flags, i + 1, |f| !f.has(KEEP)).unwrap_or(n);
        kept_quarters += quarter_tokens(&input[starts.get(i) as usize..starts.get(next) as usize]);
        from = next;
    }
    over_budget(kept_quarters).then_some(false)
}

/// Two ASCII digits for each of 0..100: numbers are written two digits per step.
const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Most bytes a `usize` takes in decimal.
const MAX_DIGITS: usize = 20;

/// Appends `n` in decimal, two digits at a time from the back into a stack buffer.
#[inline(always)]
fn write_digits(out: &mut String, mut n: usize) {
    let len = decimal_len(n);
    let mut digits = [0u8; MAX_DIGITS];
    let mut at = len;
    while n >= 100 {
        let pair = (n % 100) * 2;
        n /= 100;
        at -= 2;
        digits[at..at + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        digits[at - 2..at].copy_from_slice(&DIGIT_PAIRS[n * 2..n * 2 + 2]);
    } else {
        digits[at - 1] = b'0' + n as u8;
    }
    out.push_str(std::str::from_utf8(&digits[..len]).expect("ASCII digits"));
}

/// Number of decimal digits of `n`. Marker numbers are line numbers and counts, mostly below
/// 100 000: a few compares settle those.
#[inline(always)]
fn decimal_len(n: usize) -> usize {
    if n < 10 {
        1
    } else if n < 100 {
        2
    } else if n < 1_000 {
        3
    } else if n < 10_000 {
        4
    } else if n < 100_000 {
        5
    } else {
        n.ilog10() as usize + 1
    }
}

pub(super) struct RenderPlan<'p> {
    pub(super) flags: &'p [LineFlags],
    /// Words of the runs earlier renders of the same input described.
    pub(super) memo: &'p MarkerMemo,
    pub(super) grouped: bool,
    /// Per-line grep prefix lengths; empty unless the output was grouped.
    pub(super) grep_prefix: &'p [u32],
    pub(super) templates: &'p Templates,
    /// Markers without descriptions, and runs of any length replaced: the plan must shrink.
    pub(super) terse: bool,
    /// Lines whose carriage-return cleanup hid text (see [`Cleaned`]).
    pub(super) overwritten: &'p [u32],
    /// Rendering stops once the view is longer than this many bytes: a caller that only needs
    /// to know whether the view fits a cap gets an unfinished view over the cap instead of
    /// paying for every remaining marker description (`usize::MAX` renders everything).
    pub(super) stop_above_bytes: usize,
    /// Lines to excerpt when kept (see `excerpt`), in order; empty for a whole view.
    pub(super) long_lines: &'p [u32],
    /// For each of `long_lines`, the places (byte offsets after any grep prefix) of the query
    /// terms its excerpt also shows; empty without a query.
    pub(super) long_line_places: &'p [Vec<usize>],
}

/// Renders the view `plan` describes: kept lines verbatim, a marker per dropped run that pays
/// for itself, grep hits under their file's path.
pub(super) fn render(
    input: &[u8],
    index: &LineIndex,
    texts: &LineTexts<'_>,
    plan: RenderPlan<'_>,
    kind: ContentKind,
    opts: &CompactOptions,
    mut strategies: Vec<&'static str>,
) -> Selection {
    let renderer = Renderer {
        input,
        index,
        texts,
        marker: Marker {
            id: opts.recovery_id.as_deref(),
            terse: plan.terse,
        },
        // Shortest dropped run that becomes a marker: in terse mode any run that pays for it.
        min_run: if plan.terse { 0 } else { 2 },
        kind,
        verbatim: plan.grep_prefix.is_empty() && !texts.is_cleaned() && plan.long_lines.is_empty(),
        plan,
    };
    let (largest_out, largest_ranges) = renderer.plan.memo.largest_view.get();
    let stop_above_bytes = renderer.plan.stop_above_bytes;
    // The first render of an input has no earlier view to size its buffer by: the input's
    // size (or the cap past which rendering stops) bounds most views, in one allocation
    // instead of a doubling and copy after another.
    let room = if largest_out == 0 {
        input.len().min(stop_above_bytes).saturating_add(4 * 1024)
    } else {
        largest_out
    };
    let mut view = View {
        out: Vec::with_capacity(room.max(16 * 1024)),
        ranges: Vec::with_capacity(largest_ranges),
        overwrites: Overwrites {
            lines: renderer.plan.overwritten,
            next: 0,
            pending: None,
        },
        collapsed_any: false,
        listed_names: false,
        spanned_files: false,
        marker_line: String::new(),
    };
    let n = index.len();
    // Whether the file of the line before `i` is the current group: lines are written in
    // order and runs end at file changes, so then line `i` opens a group exactly when it
    // names another file than that line (a flag per line instead of comparing paths).
    let mut group_open = false;
    let mut i = 0usize;
    while i < n && view.out.len() <= stop_above_bytes {
        // The end of the dropped run at `i` within its file, when already found.
        let mut file_end: Option<usize> = None;
        if renderer.plan.grouped && !renderer.keep(i) {
            let (end_in_file, across) = renderer.run_across_files(i);
            file_end = Some(end_in_file);
            if let Some(end) = across {
                // The memo holds the marker: written from there, only its template copied.
                let memo = renderer.plan.memo.across_files.borrow();
                let Some(Some((line, template))) =
                    memo.get(&(i as u32, end as u32, renderer.marker.terse))
                else {
                    unreachable!("run_across_files memoizes every marker it reports");
                };
                view.marker(&renderer, line, i, end, template.clone());
                drop(memo);
                view.spanned_files = true;
                // The next kept line names its file again.
                group_open = false;
                i = end + 1;
                continue;
            }
        }
        if renderer.plan.grouped && (!group_open || renderer.new_file(i)) {
            if renderer.keep(i) && renderer.whole(i) {
                // The line names its file itself; the next line of the file names it again.
                group_open = false;
            } else {
                let key = renderer.group_key(i);
                if !key.is_empty() {
                    view.flush_overwrites(&renderer, None);
                    view.out.extend_from_slice(key);
                    view.out.push(b'\n');
                }
                group_open = true;
            }
        }
        if renderer.keep(i) {
            if renderer.verbatim {
                // The run of kept lines goes out in one copy. (Checking the cap once per run
                // instead of per line changes nothing: a view stopped over the cap is only
                // asked whether it is over the cap.)
                let next = next_line_where(renderer.plan.flags, i + 1, |f| !f.has(KEEP));
                let next = next.unwrap_or(n);
                view.verbatim_lines(&renderer, i, next);
                i = next;
            } else {
                view.line(&renderer, i);
                i += 1;
            }
            continue;
        }
        let end = file_end.unwrap_or_else(|| renderer.dropped_run_end(i));
        if !view.run_marker(&renderer, i, end) {
            if renderer.verbatim {
                view.verbatim_lines(&renderer, i, end + 1);
            } else {
                for j in i..=end {
                    view.line(&renderer, j);
                }
            }
        }
        i = end + 1;
    }
    view.flush_overwrites(&renderer, None);
    renderer.plan.memo.largest_view.set((
        largest_out.max(view.out.len()),
        largest_ranges.max(view.ranges.len()),
    ));
    if view.collapsed_any {
        strategies.push("collapse-identical-runs");
    }
    if view.listed_names {
        strategies.push("listing-names");
    }
    if view.spanned_files {
        strategies.push("collapse-sparse-grep-files");
    }
    if !view.ranges.is_empty() {
        strategies.push("select-lines");
    }
    Selection {
        text: view.out,
        ranges: view.ranges,
        strategies,
    }
}

/// What rendering reads: the input, its lines, the plan and the marker form.
struct Renderer<'r, 'p> {
    input: &'r [u8],
    index: &'r LineIndex,
    texts: &'r LineTexts<'r>,
    plan: RenderPlan<'p>,
    kind: ContentKind,
    marker: Marker<'r>,
    min_run: usize,
    /// Every line is written as its raw bytes (no grep prefix to cut, no cleaned copy), so a
    /// run of lines is one slice of the input. (No line is then overwritten either: only
    /// cleaned input has those.)
    verbatim: bool,
}

impl Renderer<'_, '_> {
    fn keep(&self, i: usize) -> bool {
        self.plan.flags[i].has(KEEP)
    }

    fn prefix(&self, i: usize) -> usize {
        self.plan.grep_prefix.get(i).map_or(0, |&p| p as usize)
    }

    /// Whether kept line `i` is written with its grep `path:`: a line the question points at
    /// (a [`QUERY_HIT`]) is written as the tool printed it, `path:line:text`, so the answer to
    /// "where is it" reads in one line. An excerpted line is not: its excerpt's places are
    /// counted after the prefix.
    fn whole(&self, i: usize) -> bool {
        self.plan.grouped
            && self.plan.flags[i].has(QUERY_HIT)
            && self.plan.long_lines.binary_search(&(i as u32)).is_err()
    }

    /// The part of line `i`'s grep prefix its written form leaves out.
    fn written_prefix(&self, i: usize) -> usize {
        if self.whole(i) {
            0
        } else {
            self.prefix(i)
        }
    }

    /// The file of grep hit `i` (its prefix without the `:`), empty for other lines.
    fn group_key(&self, i: usize) -> &[u8] {
        let p = self.prefix(i);
        if p > 0 {
            &self.texts[i][..p - 1]
        } else {
            &[]
        }
    }

    /// Whether line `j` (at least 1) names another file than line `j - 1` (their
    /// [`group_key`](Self::group_key)s differ), worked out for all lines on the first call.
    fn new_file(&self, j: usize) -> bool {
        let new_file = self.plan.memo.new_file.get_or_init(|| {
            let mut previous: &[u8] = &[];
            let mut new_file = Vec::with_capacity(self.index.len());
            for (i, line) in self.texts.indexed() {
                let p = self.prefix(i);
                let key = if p > 0 { &line[..p - 1] } else { &[] };
                new_file.push(i > 0 && key != previous);
                previous = key;
            }
            new_file
        });
        new_file[j]
    }

    /// Lines of a file of at most `FEW_HITS` hits can never form a marker of their own (runs
    /// of one or two lines stay), so when both files at a boundary are that small a dropped
    /// run crosses it: many files with few hits each collapse into one marker. Whether the
    /// file of line `last` has a line among the `FEW_HITS` before it: a file change there.
    fn few_hits_before(&self, last: usize) -> bool {
        const _: () = assert!(FEW_HITS == 2);
        last < FEW_HITS || self.new_file(last) || self.new_file(last - 1)
    }

    fn few_hits_after(&self, first: usize) -> bool {
        let n = self.index.len();
        first + FEW_HITS >= n || self.new_file(first + 1) || self.new_file(first + 2)
    }

    /// For grouped grep output, the dropped run at `i`: where it ends within its file, and,
    /// when it spans several files and pays for a marker, its end (the marker line and
    /// template are then in the memo, under `(i, end, terse)`). It ends at a kept line or at a
    /// boundary between files that are not both small.
    fn run_across_files(&self, i: usize) -> (usize, Option<usize>) {
        let n = self.index.len();
        let mut file_end: Option<usize> = None;
        let mut end = i;
        let mut files = 1usize;
        while end + 1 < n && !self.keep(end + 1) {
            if self.new_file(end + 1) {
                file_end.get_or_insert(end);
                // Terse views (the plan must shrink) let a run span any files: one marker per
                // file could alone outgrow Pi's cut.
                if !(self.marker.terse || self.few_hits_before(end) && self.few_hits_after(end + 1))
                {
                    break;
                }
                files += 1;
            }
            end += 1;
        }
        let file_end = file_end.unwrap_or(end);
        // Like any run, one of one or two lines never becomes a marker.
        if files < 2 || end - i < self.min_run {
            return (file_end, None);
        }
        let prefix = |j: usize| self.prefix(j);
        let key = (i as u32, end as u32, self.marker.terse);
        let memo = &self.plan.memo.across_files;
        let known = memo.borrow().get(&key).map(Option::is_some);
        let pays = known.unwrap_or_else(|| {
            let marker = cross_file_marker(
                self.texts,
                &self.marker,
                self.plan.templates,
                &prefix,
                i,
                end,
            );
            let pays = marker.is_some();
            memo.borrow_mut().insert(key, marker);
            pays
        });
        (file_end, pays.then_some(end))
    }

    /// End of the dropped run at `i`: at a kept line or, for grouped grep output, at a new
    /// file (runs across files of few hits became markers in `run_across_files`).
    fn dropped_run_end(&self, i: usize) -> usize {
        let n = self.index.len();
        if !self.plan.grouped {
            // Dropped runs are often thousands of lines: flags are tested a block at a time.
            let kept = next_line_where(self.plan.flags, i + 1, |f| f.has(KEEP));
            return kept.unwrap_or(n) - 1;
        }
        let mut end = i;
        while end + 1 < n && !self.keep(end + 1) && (!self.plan.grouped || !self.new_file(end + 1))
        {
            end += 1;
        }
        end
    }

    /// Words for the marker of dropped lines `start..=end` and their template, handed to
    /// `with` (from the memo, not copied: most are asked for again by the next render).
    fn with_description<R>(
        &self,
        start: usize,
        end: usize,
        with: impl FnOnce(&str, &str) -> R,
    ) -> R {
        if self.marker.terse {
            return with("", "");
        }
        let key = (start as u32, end as u32);
        let mut descriptions = self.plan.memo.descriptions.borrow_mut();
        let words = descriptions
            .entry(key)
            .or_insert_with(|| self.describe_anew(start, end));
        with(&words.text, words.template())
    }

    fn describe_anew(&self, start: usize, end: usize) -> RunWords {
        let (texts, flags, templates) = (self.texts, self.plan.flags, self.plan.templates);
        let words = describe_run(
            texts,
            flags,
            templates,
            self.kind,
            self.plan.grep_prefix,
            start,
            end,
        );
        if self.plan.grouped && self.prefix(start) > 0 {
            // Distinct hits are facts (principle 2): name where they are. The numbers stay out
            // of the template: they differ from run to run, the shape of the hits does not.
            let prefix = |j: usize| self.prefix(j);
            let head = [
                ": hits at lines ",
                &hit_line_numbers(texts, &prefix, start, end),
            ]
            .concat();
            RunWords::after(&head, words)
        } else {
            words
        }
    }
}

/// The view being written, its dropped ranges, and what it did (for the strategy names).
struct View<'o> {
    out: Vec<u8>,
    ranges: Vec<DroppedRange>,
    overwrites: Overwrites<'o>,
    collapsed_any: bool,
    listed_names: bool,
    spanned_files: bool,
    /// The marker line being written (one buffer for all of them).
    marker_line: String,
}

impl View<'_> {
    fn flush_overwrites(&mut self, r: &Renderer<'_, '_>, next: Option<usize>) {
        self.overwrites.flush(
            next,
            r.input,
            r.index,
            &r.marker,
            &mut self.out,
            &mut self.ranges,
        );
    }

    /// Writes line `i` as it was.
    fn line(&mut self, r: &Renderer<'_, '_>, i: usize) {
        if self.overwrites.pending.is_some() {
            self.flush_overwrites(r, Some(i));
        }
        let span = r.index.span(r.input, i);
        let prefix = r.written_prefix(i);
        let long = if r.plan.long_lines.is_empty() {
            None
        } else {
            r.plan.long_lines.binary_search(&(i as u32)).ok()
        };
        if let Some(k) = long {
            let text = &r.texts[i];
            let places = r
                .plan
                .long_line_places
                .get(k)
                .map_or(&[][..], Vec::as_slice);
            let cuts = write_excerpt(
                &mut self.out,
                &text[prefix.min(text.len())..],
                i + 1,
                r.marker.id,
                places,
            );
            self.out.extend_from_slice(&r.input[span.end..span.next]);
            let columns: Vec<String> = cuts
                .iter()
                .map(|(from, to)| format!("{from}-{to}"))
                .collect();
            self.ranges.push(DroppedRange {
                start_line: i + 1,
                end_line: i + 1,
                template: format!("columns {}", columns.join(", ")),
            });
        } else if prefix == 0 && !r.texts.is_cleaned() {
            // The line's text is its raw bytes: write them with their terminator.
            self.out.extend_from_slice(&r.input[span.start..span.next]);
        } else {
            emit_line(&mut self.out, r.input, &span, &r.texts[i], prefix);
        }
        if !self.overwrites.lines.is_empty() {
            self.overwrites.emitted(i);
        }
    }

    /// Writes lines `from..to` as they were, in one copy; only for a [`Renderer::verbatim`]
    /// view.
    fn verbatim_lines(&mut self, r: &Renderer<'_, '_>, from: usize, to: usize) {
        debug_assert!(r.verbatim && self.overwrites.lines.is_empty());
        let starts = r.index.starts();
        let (start, next) = (starts.get(from) as usize, starts.get(to) as usize);
        self.out.extend_from_slice(&r.input[start..next]);
    }

    /// Writes a marker line for dropped lines `start..=end`.
    fn marker(
        &mut self,
        r: &Renderer<'_, '_>,
        line: &str,
        start: usize,
        end: usize,
        template: String,
    ) {
        self.flush_overwrites(r, None);
        self.out.extend_from_slice(line.as_bytes());
        self.out.push(b'\n');
        self.ranges.push(DroppedRange {
            start_line: start + 1,
            end_line: end + 1,
            template,
        });
    }

    /// Replaces dropped lines `start..=end` by a marker when the run is worth one: at least
    /// `min_run` lines or long, and longer than the marker. Returns whether it did.
    fn run_marker(&mut self, r: &Renderer<'_, '_>, start: usize, end: usize) -> bool {
        // Runs of one or two lines never become markers, unless they are long (a huge line):
        // skip describing them.
        if end - start < r.min_run && !outweighs_bytes(r.texts, start, end, LONG_RUN_BYTES) {
            return false;
        }
        let mut line = std::mem::take(&mut self.marker_line);
        let template = r.with_description(start, end, |description, template| {
            r.marker
                .render_into(&mut line, start + 1, end + 1, description);
            // A marker must pay for itself; otherwise the lines stay.
            if !outweighs_marker(r.texts, start, end, &line) {
                return None;
            }
            if r.kind == ContentKind::Tree
                && description.starts_with(": ")
                && !description.starts_with(": \"")
            {
                self.listed_names = true;
            }
            Some(template.to_string())
        });
        let Some(template) = template else {
            self.marker_line = line;
            return false;
        };
        if (start..=end).all(|j| r.plan.flags[j].has(DUPLICATE)) {
            self.collapsed_any = true;
        }
        self.marker(r, &line, start, end, template);
        self.marker_line = line;
        true
    }
}

/// Writes a kept line with its original terminator, so untouched lines stay byte-exact
/// (`\r\n` included) and a final line without `\n` stays without one.
pub(super) fn emit_line(
    out: &mut Vec<u8>,
    input: &[u8],
    span: &LineSpan,
    text: &[u8],
    prefix: usize,
) {
    let raw = &input[span.start..span.end];
    // An uncleaned line is the raw slice itself: same place, no bytes to compare.
    let as_is = text.len() == raw.len() && (text.as_ptr() == raw.as_ptr() || text == raw);
    if prefix == 0 && as_is {
        out.extend_from_slice(&input[span.start..span.next]);
    } else {
        out.extend_from_slice(&text[prefix..]);
        out.extend_from_slice(&input[span.end..span.next]);
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::budget::estimate_tokens;
    use super::super::analyze::{scan_and_intern, Lines};
    use super::*;

    #[test]
    fn bare_marker_sizes_match_rendered_markers() {
        for id in [None, Some("4b0cc458443bb140")] {
            let marker = Marker { id, terse: true };
            let bare = BareMarker::new(&marker);
            for (start, end) in [(1usize, 1usize), (9, 10), (99, 1000), (5, 123_456), (7, 7)] {
                let line = marker.render(start, end, "");
                let expected = (line.len(), quarter_tokens(line.as_bytes()));
                assert_eq!(bare.size(start, end), expected, "{line}");
            }
        }
    }

    /// A view `known_misfit` calls too large is too large when rendered, and over the cap when
    /// it says so (it may be over the cap with its markers' words when it says not).
    #[test]
    fn known_misfits_do_not_fit_when_rendered() {
        let mut next = crate::compact::select::xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut known = 0usize;
        for case in 0..60u64 {
            // Log-like lines from a few templates with numbers, some long, some `\r\n`.
            let mut input = Vec::new();
            let lines = 300 + (next() % 900) as usize;
            for k in 0..lines {
                let word =
                    ["GET /api/items", "connect to db", "retry after", "x"][(next() % 4) as usize];
                input.extend_from_slice(format!("{word} {} id={k}", next() % 1000).as_bytes());
                if next().is_multiple_of(9) {
                    input.extend(std::iter::repeat_n(b'z', (next() % 300) as usize));
                }
                input.extend_from_slice(if next().is_multiple_of(5) {
                    b"\r\n"
                } else {
                    b"\n"
                });
            }
            let index = LineIndex::new(&input, usize::MAX);
            let kind =
                [ContentKind::Log, ContentKind::Test, ContentKind::Diff][(case % 3) as usize];
            let texts = LineTexts::of(&input, &index, None);
            let lines = Lines::new(texts, kind == ContentKind::Grep, input.len());
            let mut flags = vec![LineFlags::INITIAL; index.len()];
            let templates = scan_and_intern(&input, &index, &lines, kind, true, &mut flags);
            let density = 2 + next() % 12;
            for f in flags.iter_mut() {
                if next().is_multiple_of(density) {
                    f.set(KEEP);
                }
            }
            let opts = CompactOptions {
                recovery_id: next()
                    .is_multiple_of(2)
                    .then(|| "4b0cc458443bb140".to_string()),
                ..CompactOptions::default()
            };
            let memo = MarkerMemo::default();
            let plan = RenderPlan {
                flags: &flags,
                memo: &memo,
                grouped: false,
                grep_prefix: &lines.grep_prefix,
                templates: &templates,
                terse: false,
                overwritten: &[],
                stop_above_bytes: usize::MAX,
                long_lines: &[],
                long_line_places: &[],
            };
            let view = render(&input, &index, &lines.texts, plan, kind, &opts, Vec::new()).text;
            let (len, tokens) = (view.len(), estimate_tokens(&view));
            for cap in [len / 2, len - 40, len, len + 40, 2 * len] {
                for budget in [tokens / 2, tokens - 10, tokens, tokens + 10, 2 * tokens] {
                    let limits = Limits {
                        tokens: budget,
                        cap,
                    };
                    let got = known_misfit(
                        &input,
                        &index,
                        &lines.texts,
                        false,
                        &flags,
                        kind,
                        &opts,
                        limits,
                        usize::MAX / 4,
                    );
                    if let Some(over_cap) = got {
                        known += 1;
                        assert!(len > cap || tokens > budget, "case {case}");
                        assert!(!over_cap || len > cap, "case {case}");
                        if !over_cap {
                            assert!(tokens > budget, "case {case}");
                        }
                    }
                }
            }
        }
        assert!(known > 100, "{known}");
    }

    #[test]
    fn marker_lines_match_their_format() {
        for (id, terse) in [(None, false), (Some("ab12"), false), (Some("ab12"), true)] {
            let marker = Marker { id, terse };
            for (start, end) in [(1usize, 1usize), (7, 12), (99, 100_000), (0, 0)] {
                let n = end - start + 1;
                let words = if terse { "" } else { ": \"x\"" };
                let expected = match id {
                    Some(id) => format!(
                        "[… {n} lines {start}-{end}{words} · token_retrieve id={id} startLine={start}]"
                    ),
                    None => format!("[… {n} lines {start}-{end} omitted{words}]"),
                };
                assert_eq!(marker.render(start, end, ": \"x\""), expected);
                let mut reused = String::from("left over");
                marker.render_into(&mut reused, start, end, ": \"x\"");
                assert_eq!(reused, expected);
            }
        }
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        let mut n = 1usize;
        let mut numbers = vec![0usize, usize::MAX];
        while let Some(next) = n.checked_mul(10) {
            numbers.extend([n - 1, n, n + 1, n * 7 + 3]);
            n = next;
        }
        for n in numbers {
            let mut out = String::from("#");
            out.reserve(MAX_DIGITS);
            write_digits(&mut out, n);
            assert_eq!(out, format!("#{n}"));
            assert_eq!(decimal_len(n), n.to_string().len());
        }
    }
}
