//! Budgeted selection: every line worth keeping grouped into units by priority (errors with
//! their cause chains first), then kept in that order within the token budget and Pi's cut.

use std::collections::HashMap;

use super::super::budget::{estimate_tokens, Limits};
use super::super::signals::{is_definition, is_outline_head, Signal};
use super::analyze::Lines;
use super::excerpt::shown_len;
use super::flags::{LineFlags, Rank, DUPLICATE, KEEP, QUERY_HIT};
use super::line_kinds::{is_blank, is_diff_metadata, is_location_line, LOCATION_LOOKAHEAD};
use super::line_texts::LineTexts;
use super::render::Marker;
use super::templates::{PreHashed, TemplateIds, Templates};
use super::{
    CompactOptions, ContentKind, DroppedRange, Selection, HEAD_LINES, STACK_LOOKAHEAD, TAIL_LINES,
};

/// One group of lines the budgeted selection keeps or drops together (an error and its cause
/// chain, or a single line), with its priority. Sixteen bytes: a long output has a unit for
/// most of its lines.
#[derive(Clone, Copy)]
pub(super) struct Unit {
    /// Order within the class, lower first (then by position).
    pub(super) order: u32,
    /// This unit's lines: the single line `first` when `count` is 1 (most units are one line:
    /// they take no members), else `first..first + count` of the shared member list.
    pub(super) first: u32,
    /// Bytes of its lines, newlines included: what keeping it adds to the view, markers aside.
    pub(super) bytes: u32,
    /// Priority class, lower first: 0 the first instance of each error template with its
    /// cause chain, and the output's edges (head, tail, end records); 1 the lines the query
    /// pins (order 0), then further error instances (order: the instance); 2 summaries and
    /// other query hits; 3 structure and lines unlike their look-alikes; 4 definitions,
    /// warnings (by instance of their template) and rare lines; 5 other context and diff hunk
    /// headers; 6 the first instance of each remaining template. Everything else becomes
    /// markers.
    pub(super) class: u8,
    /// Number of its lines: an error and the context lines of its chain, within
    /// [`STACK_LOOKAHEAD`] lines, so it fits a byte.
    pub(super) count: u8,
}

const _: () = assert!(STACK_LOOKAHEAD < u8::MAX as usize);

impl Unit {
    fn lines<'m>(&'m self, members: &'m [u32]) -> &'m [u32] {
        if self.count == 1 {
            std::slice::from_ref(&self.first)
        } else {
            &members[self.first as usize..self.first as usize + self.count as usize]
        }
    }

    /// The unit of the single line `i`.
    fn line(class: u8, order: u32, i: usize, bytes: usize) -> Unit {
        Unit {
            order,
            first: i as u32,
            bytes: bytes as u32,
            class,
            count: 1,
        }
    }
}

/// Class of the error instances that fit even over the token budget (only Pi's cut bounds
/// them): one per distinct error template.
pub(super) const SKELETON_CLASS: u8 = 0;
/// Most changed signatures of a diff kept whatever the budget.
const MAX_FORCED_SIGNATURES: usize = 48;
/// Instances of one warning template told apart by their order in the definitions' class;
/// later ones share the last order.
const MAX_WARNING_INSTANCE: u32 = 31;
/// Order of rare lines in the definitions' class (plus their template's count): after
/// definitions and every warning instance.
const RARE_ORDER: u32 = MAX_WARNING_INSTANCE + 3;
/// Number of priority classes (see [`Unit::class`]).
const CLASSES: usize = 7;
/// Estimated cost of one marker line, for planning (the rendered view is measured after).
pub(super) const MARKER_TOKENS: usize = 28;
pub(super) const MARKER_BYTES: usize = 100;
pub(super) const TERSE_MARKER_BYTES: usize = 72;

/// Units of lines and the member list their ranges index.
pub(super) type Units = (Vec<Unit>, Vec<u32>);

/// Every line worth keeping, grouped into units and sorted by priority.
#[allow(clippy::too_many_arguments)]
pub(super) fn priority_units(
    lines: &Lines<'_>,
    templates: &Templates,
    flags: &[LineFlags],
    kept_errors: &[u32],
    records: &[std::ops::Range<usize>],
    pinned: &[u32],
    unlike: &[u32],
    kinds: &[u32],
    kind: ContentKind,
) -> Units {
    let n = flags.len();
    // Units are pushed in line order (errors first) into one list with room for a unit per
    // line, so it never grows (and copies); one scatter then puts them in priority order.
    let mut pushed = PushedUnits::with_capacity(kept_errors.len() + n);
    let mut members: Vec<u32> = Vec::new();
    // Lines taken by an error's unit or kept as unlike their look-alikes; without either
    // nothing is (and no line is asked).
    let mut claimed = vec![
        false;
        if kept_errors.is_empty() && unlike.is_empty() {
            0
        } else {
            n
        }
    ];
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
        let k = instances.entry(templates.of(e)).or_insert(0);
        let asked = pinned.binary_search(&(e as u32)).is_ok();
        let class = if *k == 0 || asked { SKELETON_CLASS } else { 1 };
        let bytes: usize = chain
            .iter()
            .map(|&j| shown_len(lines.texts[j as usize].len()) + 1)
            .sum();
        // A lone error line is a unit of one line, which takes no members.
        let first = if chain.len() == 1 {
            e as u32
        } else {
            let first = members.len() as u32;
            members.extend_from_slice(&chain);
            first
        };
        // An error the query pins ranks with the other pinned lines, before every other
        // error: when more distinct errors than the cut holds come first, the one asked about
        // is still shown.
        let order = if asked {
            0
        } else if *k == 0 && !pinned.is_empty() {
            1
        } else {
            *k
        };
        pushed.push(Unit {
            order,
            first,
            bytes: bytes as u32,
            class,
            count: chain.len() as u8,
        });
        *k += 1;
    }
    drop(instances);
    // Lines unlike their look-alikes (chosen minorities, most telling first, with the lines
    // that name their records) are the fold's news: a view chosen again by priority keeps
    // them after structure, before definitions, warnings and rare lines, whose count can be
    // any. Must lines keep their own units; a context line's own (class 5) would come after
    // every definition and rare line.
    let mut unlike_units: Vec<u32> = Vec::new();
    for &u in unlike {
        let f = flags[u as usize];
        if f.rank() > Rank::Must && !f.has(DUPLICATE) && !claimed[u as usize] {
            claimed[u as usize] = true;
            unlike_units.push(u);
        }
    }
    // One copy of the line loop per id width and per kind that matters (a diff's tests are
    // constants in its copy).
    let diff = kind == ContentKind::Diff;
    let state = LineState {
        lines,
        counts: &templates.counts,
        flags,
        claimed: &claimed,
        records,
        pinned,
        kinds,
        source: kind == ContentKind::Source,
    };
    match (&templates.ids, diff) {
        (TemplateIds::Narrow(ids), false) => line_units::<u16, false>(&state, ids, &mut pushed),
        (TemplateIds::Narrow(ids), true) => line_units::<u16, true>(&state, ids, &mut pushed),
        (TemplateIds::Wide(ids), false) => line_units::<u32, false>(&state, ids, &mut pushed),
        (TemplateIds::Wide(ids), true) => line_units::<u32, true>(&state, ids, &mut pushed),
    }
    // In their order (most telling first), after structure: when the budget cannot hold them
    // all, the ones it drops are the least telling, not the last in the output.
    for (k, u) in (1u32..).zip(unlike_units) {
        let bytes = shown_len(lines.texts[u as usize].len()) + 1;
        pushed.push(Unit::line(3, k, u as usize, bytes));
    }
    // Ties go by position. Units of one class were pushed in line order (error units in the
    // order of `kept_errors`, which is ascending; the others in a pass over the lines), so a
    // stable sort within each class keeps them so without looking their first lines up.
    debug_assert!(kept_errors.windows(2).all(|w| w[0] < w[1]));
    (pushed.into_priority_order(), members)
}

/// What [`line_units`] reads of every line besides its template id.
struct LineState<'s, 'a> {
    lines: &'s Lines<'a>,
    /// Lines per template id.
    counts: &'s [u32],
    flags: &'s [LineFlags],
    /// Lines taken by an error's unit (empty when there are no errors).
    claimed: &'s [bool],
    /// The output's first and last record (see `analyze::end_records`), kept like its edges.
    records: &'s [std::ops::Range<usize>],
    /// Lines of query terms found on few lines, and the paragraphs their headings open
    /// (sorted): what the prompt asked about ranks above other query hits and summaries.
    pinned: &'s [u32],
    /// The first line of each diagnostic kind (sorted, a bounded few): one example of every
    /// kind a flood reports is kept whatever the budget, as an error's first instance is.
    kinds: &'s [u32],
    /// Whether the lines are a source read, whose outline shows top-level definitions first.
    source: bool,
}

/// The units of single lines, in line order: every line not in an error's unit (`claimed`,
/// empty when there are none) that is kept by rank, and the first line of each template not
/// kept otherwise. `DIFF` is whether the lines are a diff (`ids` are the template ids).
#[inline(always)]
fn line_units<Id: Copy + Into<u32>, const DIFF: bool>(
    state: &LineState<'_, '_>,
    ids: &[Id],
    pushed: &mut PushedUnits,
) {
    let LineState {
        lines,
        counts,
        flags,
        claimed,
        records,
        pinned,
        kinds,
        source,
    } = *state;
    let n = flags.len();
    let mut seen_template = vec![false; counts.len()];
    // Definitions in a diff rank by their place within their file's section: the first
    // changed definition of every file before the second of any, so one huge file (an
    // initial import) does not crowd out the others.
    let mut in_section = 0u32;
    let mut signatures = 0usize;
    // Warnings seen per template, and the last warning with its order (for its location).
    let mut warning_instances: HashMap<u32, u32, PreHashed> = HashMap::default();
    let mut last_warning: Option<(usize, u32)> = None;
    // Only grep output has prefixes; a diff has none, so its lines are their texts.
    debug_assert!(!DIFF || !lines.grouped());
    // Lines are read in order through the line iterator (indexing each one costs more), with
    // their terminators, alongside their flags and template ids: the tests below are prefix
    // and blank tests no terminator byte can change, and only a line that becomes a unit
    // needs its length without one.
    let terminated = lines.texts.terminated;
    let rows = flags.iter().zip(ids).zip(lines.texts.with_terminators());
    for (i, ((&f, &id), line)) in rows.enumerate() {
        if DIFF && line.first() == Some(&b'd') && line.starts_with(b"diff ") {
            in_section = 0;
        }
        let template = id.into() as usize;
        let seen = &mut seen_template[template];
        *seen |= f.has(KEEP);
        let rank = f.rank();
        if f.has(DUPLICATE) && rank != Rank::Must {
            continue;
        }
        // Lines in an error's unit are must or context lines (the error and its chain); the
        // others claimed are unlike their look-alikes, and have units of their own.
        let in_error_unit = || claimed.get(i) == Some(&true);
        if rank > Rank::Context && in_error_unit() {
            continue;
        }
        // A changed signature (`+fn`, `-def`, `+class`) says what a diff changes, however
        // deep in a run of ordinary changed code: the first ones are kept whatever the budget,
        // as an error's first instance is.
        if DIFF
            && signatures < MAX_FORCED_SIGNATURES
            && matches!(line.first(), Some(b'+' | b'-'))
            && !line.starts_with(b"+++")
            && !line.starts_with(b"---")
            && !in_error_unit()
            && is_definition(line)
        {
            signatures += 1;
            pushed.push(Unit::line(
                SKELETON_CLASS,
                0,
                i,
                line_bytes(line, terminated),
            ));
            continue;
        }
        // A kept warning (by the warnings' share, or as the first or last of its template) and
        // its location rank by instance of its template: instance k behind instance k - 1 of
        // every other, so a lint flood shows one example of each kind it reports before a
        // second of any, wherever in the output the rare kinds come.
        if !DIFF && matches!(rank, Rank::High | Rank::Context) && !in_error_unit() {
            let order = if f.signal() == Signal::Warning {
                let k = warning_instances.entry(template as u32).or_insert(0);
                let order = 1 + (*k).min(MAX_WARNING_INSTANCE);
                *k += 1;
                last_warning = Some((i, order));
                Some(order)
            } else {
                // rustc and friends print the location on the line after the message.
                let text = &lines.texts[i][lines.prefix(i)..];
                warning_location_order(last_warning, i, text)
            };
            if let Some(order) = order {
                pushed.push(Unit::line(4, order, i, line_bytes(line, terminated)));
                continue;
            }
        }
        let unit = match rank {
            Rank::Must => {
                if in_error_unit() {
                    continue;
                }
                let edge =
                    i < HEAD_LINES || i + TAIL_LINES >= n || records.iter().any(|r| r.contains(&i));
                let text = &line[lines.prefix(i)..];
                // The first and last lines (banner, verdict, exit status) and the first and
                // last record are a rule of the budget, not a priority larger groups can
                // outbid: they are kept whatever it. So are the lines the query pins (a
                // bounded few): what the user asked about, ahead of every error but the
                // ones it asked about; and one example of each diagnostic kind.
                let class = if edge
                    || f.has(QUERY_HIT) && pinned.binary_search(&(i as u32)).is_ok()
                    || kinds.binary_search(&(i as u32)).is_ok()
                {
                    SKELETON_CLASS
                } else if f.signal() == Signal::Summary || f.has(QUERY_HIT) {
                    2
                } else if DIFF && text.starts_with(b"@@") {
                    5
                } else if DIFF && !text.starts_with(b"diff ") && !is_diff_metadata(text) {
                    // Commit headers and messages read like summaries.
                    2
                } else {
                    3
                };
                pushed.push_order_zero(Unit::line(class, 0, i, line_bytes(line, terminated)));
                continue;
            }
            Rank::Context => {
                if in_error_unit() {
                    continue;
                }
                pushed.push_order_zero(Unit::line(5, 0, i, line_bytes(line, terminated)));
                continue;
            }
            Rank::High if DIFF => {
                in_section += 1;
                Unit::line(4, in_section, i, line_bytes(line, terminated))
            }
            Rank::High => {
                let text = &lines.texts[i][lines.prefix(i)..];
                let order = u32::from(!is_outline_head(text, source));
                Unit::line(4, order, i, line_bytes(line, terminated))
            }
            Rank::Rare => {
                // In a diff, rare lines interleave with changed definitions by their place in
                // a file's section; elsewhere they come after every definition and warning.
                let base = if DIFF { 2 } else { RARE_ORDER };
                let order = base + counts[template].min(1 << 20);
                Unit::line(4, order, i, line_bytes(line, terminated))
            }
            Rank::Body | Rank::Filler => {
                if !*seen && !is_blank(&line[lines.prefix(i)..]) {
                    *seen = true;
                    let order = counts[template].min(1 << 20);
                    Unit::line(6, order, i, line_bytes(line, terminated))
                } else {
                    // The rest become markers.
                    continue;
                }
            }
        };
        pushed.push(unit);
    }
}

/// The order of line `i` (`text`, without a grep prefix) when it is the location of the
/// warning before it: its warning's.
fn warning_location_order(
    last_warning: Option<(usize, u32)>,
    i: usize,
    text: &[u8],
) -> Option<u32> {
    let (w, order) = last_warning?;
    (i <= w + LOCATION_LOOKAHEAD && is_location_line(text)).then_some(order)
}

/// Bytes `line` adds to a view: its text and one newline (`terminated` is whether it still
/// has its own terminator, `\n` or `\r\n`).
#[inline(always)]
fn line_bytes(line: &[u8], terminated: bool) -> usize {
    let mut len = line.len();
    if terminated && line.last() == Some(&b'\n') {
        len -= 1;
        if len > 0 && line[len - 1] == b'\r' {
            len -= 1;
        }
    }
    shown_len(len) + 1
}

/// What is known of one class's units while they are pushed.
#[derive(Clone, Copy, Default)]
struct ClassStats {
    count: usize,
    /// Whether their orders never decreased (then they are in order already).
    sorted: bool,
    last_order: u32,
    max_order: u32,
}

/// Units in push order, with per-class counts and order bounds for the final placement.
struct PushedUnits {
    units: Vec<Unit>,
    classes: [ClassStats; CLASSES],
}

impl PushedUnits {
    fn with_capacity(capacity: usize) -> Self {
        PushedUnits {
            units: Vec::with_capacity(capacity),
            classes: [ClassStats {
                sorted: true,
                ..ClassStats::default()
            }; CLASSES],
        }
    }

    /// Pushes a unit of order 0. A class may hold units of other orders pushed before it (a
    /// query's pinned lines come after the further instances of errors in class 1): then the
    /// class is no longer in order, and the placement sorts it.
    fn push_order_zero(&mut self, unit: Unit) {
        debug_assert!(unit.order == 0);
        self.push(unit);
    }

    fn push(&mut self, unit: Unit) {
        let stats = &mut self.classes[unit.class as usize];
        stats.count += 1;
        stats.sorted &= stats.last_order <= unit.order;
        stats.last_order = unit.order;
        stats.max_order = stats.max_order.max(unit.order);
        self.units.push(unit);
    }

    /// The units by class, then order, ties kept in push order. Within most classes every
    /// unit has order 0 or they came in order; the others are mostly small orders (an
    /// instance number, a place in a file's section, a template's count), placed by a
    /// counting sort in the same pass. A class whose orders are too large for that is placed
    /// in push order and then stably sorted.
    fn into_priority_order(self) -> Vec<Unit> {
        let total = self.units.len();
        // Where the next unit of each class goes, in push order; for a counted class, where
        // the next unit of each order goes.
        let mut next = [0usize; CLASSES];
        let mut by_order: [Vec<u32>; CLASSES] = Default::default();
        let mut sort_after: Vec<std::ops::Range<usize>> = Vec::new();
        let mut at = 0usize;
        for (class, stats) in self.classes.iter().enumerate() {
            next[class] = at;
            if !stats.sorted {
                let max_order = stats.max_order as usize;
                if max_order > 4 * stats.count + 1024 {
                    sort_after.push(at..at + stats.count);
                } else {
                    by_order[class] = vec![0u32; max_order + 2];
                }
            }
            at += stats.count;
        }
        for u in &self.units {
            let starts = &mut by_order[u.class as usize];
            if !starts.is_empty() {
                starts[u.order as usize + 1] += 1;
            }
        }
        for (class, starts) in by_order.iter_mut().enumerate() {
            let mut sum = next[class] as u32;
            for start in starts.iter_mut() {
                sum += *start;
                *start = sum;
            }
        }
        let mut units = vec![EMPTY_UNIT; total];
        for u in &self.units {
            let class = u.class as usize;
            let starts = &mut by_order[class];
            let at = if starts.is_empty() {
                let at = next[class];
                next[class] += 1;
                at
            } else {
                let at = &mut starts[u.order as usize];
                *at += 1;
                *at as usize - 1
            };
            units[at] = *u;
        }
        for range in sort_after {
            units[range].sort_by_key(|u| u.order);
        }
        units
    }
}

/// Filler for the placement of [`PushedUnits::into_priority_order`], all overwritten.
const EMPTY_UNIT: Unit = Unit {
    order: 0,
    first: 0,
    bytes: 0,
    class: 0,
    count: 0,
};

/// Keeps units in priority order within the token budget and Pi's cut (with what `keep_whole`
/// adds to the kept lines), renders, and tightens (smaller plan, terse markers) until the
/// rendered view fits. The last resort is the tail
/// that fits, then a single marker: never larger than Pi's cut.
#[allow(clippy::too_many_arguments)]
pub(super) fn fit_to_limits(
    texts: &LineTexts<'_>,
    flags: &mut [LineFlags],
    units: &Units,
    limits: Limits,
    render_with: impl Fn(&[LineFlags], bool, Vec<&'static str>) -> Selection,
    keep_whole: impl Fn(&mut [LineFlags]),
    mut strategies: Vec<&'static str>,
    opts: &CompactOptions,
    start_terse: bool,
) -> Selection {
    strategies.push("fit-budget");
    let mut token_budget = limits.tokens;
    let mut byte_budget = limits.cap;
    let mut terse = start_terse;
    let mut best: Option<Selection> = None;
    let mut costs = vec![UnitTokens(UNKNOWN); units.0.len()];
    let mut previous_len = usize::MAX;
    for _attempt in 0..5 {
        let marker_bytes = if terse {
            TERSE_MARKER_BYTES
        } else {
            MARKER_BYTES
        };
        let Plan {
            forced_tokens,
            skipped,
        } = plan(
            flags,
            texts,
            units,
            &mut costs,
            token_budget,
            byte_budget,
            marker_bytes,
        );
        // What a kept line needs to be read (the lines a statement continues onto) comes with
        // it; a view it makes too large is planned smaller on the next attempt.
        keep_whole(flags);
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
        let last_len = std::mem::replace(&mut previous_len, view.text.len());
        // Too large: shrink the plan by how far the view overshot, with a margin. A view no
        // smaller than the last one is made large by its markers (a marker and a path per file
        // of grep hits), not by its lines: those markers go terse.
        if view.text.len() > limits.cap {
            byte_budget = byte_budget * limits.cap / view.text.len() * 9 / 10;
            terse = true;
        }
        if view.text.len() >= last_len {
            terse = true;
        }
        if view_tokens > token_limit {
            token_budget = token_budget * token_limit / view_tokens * 9 / 10;
        }
    }
    if let Some(view) = best {
        return view;
    }
    last_resort(texts, flags, limits, render_with, strategies, opts)
}

/// What one planning pass kept besides its lines' KEEP flags.
struct Plan {
    /// Estimated tokens of the units kept whatever the token budget (one per error template).
    forced_tokens: usize,
    /// Whether units were left out for the token budget (not the cap): a refill may take them.
    skipped: bool,
}

/// Estimated tokens of a unit's lines, one per line for its newline included; [`UNKNOWN`]
/// until a plan needs them. Most units of a long output are never measured: a unit whose
/// bytes alone cannot fit the tokens left is skipped on that bound. (Four bytes each: the
/// list is as long as the units, and a line's bytes already fit a u32.)
#[derive(Clone, Copy)]
struct UnitTokens(u32);

/// No unit costs 0 tokens (each line costs one for its newline): 0 marks a cost not known.
const UNKNOWN: u32 = 0;

impl UnitTokens {
    fn get(&mut self, texts: &LineTexts<'_>, lines: &[u32]) -> usize {
        if self.0 == UNKNOWN {
            let tokens: usize = lines
                .iter()
                .map(|&i| estimate_tokens(shown(&texts[i as usize])) + 1)
                .sum();
            self.0 = tokens as u32;
        }
        self.0 as usize
    }
}

/// The part of `text` a lossy view shows, for costs (an excerpt's length, from its start).
fn shown(text: &[u8]) -> &[u8] {
    &text[..shown_len(text.len()).min(text.len())]
}

/// Fewest tokens `unit`'s lines can cost: a quarter token per byte, rounded up per line, and
/// one per newline (see [`estimate_tokens`]).
fn min_tokens(unit: &Unit) -> usize {
    let lines = usize::from(unit.count);
    (unit.bytes as usize - lines).div_ceil(4) + lines
}

/// Marks the units to keep, in priority order, within `token_budget` and `byte_budget`
/// (estimates; a unit next to a kept line costs no marker).
fn plan(
    flags: &mut [LineFlags],
    texts: &LineTexts<'_>,
    (units, members): &Units,
    costs: &mut [UnitTokens],
    token_budget: usize,
    byte_budget: usize,
    marker_bytes: usize,
) -> Plan {
    let n = flags.len();
    for f in flags.iter_mut() {
        f.clear(KEEP);
    }
    let mut tokens = MARKER_TOKENS;
    let mut bytes = marker_bytes;
    let mut forced_tokens = 0usize;
    let mut skipped = false;
    for (unit, cost) in units.iter().zip(costs) {
        // One instance of every distinct error is bounded by Pi's cut only.
        let forced = unit.class == SKELETON_CLASS;
        // A unit that could not fit even next to a kept line (no marker) is left out whether
        // or not it is next to one; once a unit was left out for the token budget, that is
        // all there is to know of one too large for it. Most units of a long output are
        // passed over here, late in the plan, without looking at their neighbours.
        let fits_tokens_joined = forced || tokens + min_tokens(unit) <= token_budget;
        if bytes + unit.bytes as usize > byte_budget || !fits_tokens_joined && skipped {
            continue;
        }
        let lines = unit.lines(members);
        let (first, last) = if unit.count == 1 {
            (unit.first as usize, unit.first as usize)
        } else {
            (lines[0] as usize, lines[lines.len() - 1] as usize)
        };
        let joins = (first > 0 && flags[first - 1].has(KEEP))
            || (last + 1 < n && flags[last + 1].has(KEEP));
        let (marker_tokens, unit_bytes) = if joins {
            (0, unit.bytes as usize)
        } else {
            (MARKER_TOKENS, unit.bytes as usize + marker_bytes)
        };
        if bytes + unit_bytes > byte_budget {
            continue;
        }
        if !fits_tokens_joined
            || !forced && tokens + marker_tokens + min_tokens(unit) > token_budget
        {
            skipped = true;
            continue;
        }
        let unit_tokens = cost.get(texts, lines) + marker_tokens;
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
    Plan {
        forced_tokens,
        skipped,
    }
}

/// When no plan fits: the head and the tail that fit in half the cap, then the lines the
/// query asked about in another quarter, with terse markers for the rest; or else one marker
/// for everything. Never larger than Pi's cut.
fn last_resort(
    texts: &LineTexts<'_>,
    flags: &mut [LineFlags],
    limits: Limits,
    render_with: impl Fn(&[LineFlags], bool, Vec<&'static str>) -> Selection,
    strategies: Vec<&'static str>,
    opts: &CompactOptions,
) -> Selection {
    let n = flags.len();
    for f in flags.iter_mut() {
        f.clear(KEEP);
    }
    let mut bytes = 0usize;
    // The head first: its first lines are kept whatever else fits.
    let mut head = 0usize;
    while head < n.min(HEAD_LINES) {
        let cost = shown_len(texts[head].len()) + 1;
        if bytes + cost > limits.cap / 4
            || estimate_tokens(&texts[head]) + bytes / 4 > limits.tokens / 4
        {
            break;
        }
        bytes += cost;
        flags[head].set(KEEP);
        head += 1;
    }
    for i in (head..n).rev() {
        let cost = shown_len(texts[i].len()) + 1;
        if bytes + cost > limits.cap / 2
            || estimate_tokens(shown(&texts[i])) + bytes / 4 > limits.tokens / 2
        {
            break;
        }
        bytes += cost;
        flags[i].set(KEEP);
    }
    // Then the lines the user asked about, in order, while a quarter more fits: what the
    // question named is not left to the tail.
    for i in head..n {
        if flags[i].has(KEEP) || !flags[i].has(QUERY_HIT) {
            continue;
        }
        let cost = shown_len(texts[i].len()) + 1;
        if bytes + cost > limits.cap / 4 * 3
            || estimate_tokens(shown(&texts[i])) + bytes / 4 > limits.tokens / 4 * 3
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

#[cfg(test)]
mod tests {
    use super::super::super::lines::LineIndex;
    use super::*;

    /// A plan as written before units too large even next to a kept line were passed over
    /// early: every unit's neighbours looked at first.
    fn plan_looking_at_every_unit(
        flags: &mut [LineFlags],
        texts: &LineTexts<'_>,
        (units, members): &Units,
        token_budget: usize,
        byte_budget: usize,
        marker_bytes: usize,
    ) -> (usize, bool) {
        let n = flags.len();
        for f in flags.iter_mut() {
            f.clear(KEEP);
        }
        let (mut tokens, mut bytes) = (MARKER_TOKENS, marker_bytes);
        let (mut forced_tokens, mut skipped) = (0usize, false);
        for unit in units {
            let lines = unit.lines(members);
            let (first, last) = (lines[0] as usize, lines[lines.len() - 1] as usize);
            let joins = (first > 0 && flags[first - 1].has(KEEP))
                || (last + 1 < n && flags[last + 1].has(KEEP));
            let (marker_tokens, unit_bytes) = if joins {
                (0, unit.bytes as usize)
            } else {
                (MARKER_TOKENS, unit.bytes as usize + marker_bytes)
            };
            let forced = unit.class == SKELETON_CLASS;
            if bytes + unit_bytes > byte_budget {
                continue;
            }
            if !forced && tokens + marker_tokens + min_tokens(unit) > token_budget {
                skipped = true;
                continue;
            }
            let cost: usize = lines
                .iter()
                .map(|&i| estimate_tokens(&texts[i as usize]) + 1)
                .sum();
            let unit_tokens = cost + marker_tokens;
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
        (forced_tokens, skipped)
    }

    /// When no plan fits, the last resort still shows the lines the query asked about (a
    /// few, far from both ends), beside its head and tail: a view that fell back to the tail
    /// had dropped the `Summary:` line a question named.
    #[test]
    fn the_last_resort_keeps_the_asked_lines() {
        let mut next = crate::compact::select::xorshift(0x1a57_9e50_77a1_2c3du64);
        for _case in 0..200u64 {
            let lines = 1_000 + (next() % 3_000) as usize;
            let mut input = Vec::new();
            for _ in 0..lines {
                let width = 20 + (next() % 100) as usize;
                input.extend((0..width).map(|_| b"ab1 ,;xyz"[(next() % 9) as usize]));
                input.push(b'\n');
            }
            let index = LineIndex::new_wide(&input);
            let texts = LineTexts::of(&input, &index, None);
            let mut flags = vec![LineFlags::INITIAL; lines];
            let asked: Vec<usize> = (0..1 + next() % 6)
                .map(|_| HEAD_LINES + 10 + (next() as usize % (lines / 2)))
                .collect();
            for &i in &asked {
                flags[i].set(QUERY_HIT);
            }
            let limits = Limits {
                tokens: 8_000,
                cap: 50 * 1024,
            };
            // Kept lines and one short marker per dropped run, as a terse view renders them.
            let render = |flags: &[LineFlags], _terse: bool, strategies: Vec<&'static str>| {
                let mut text = Vec::new();
                let mut in_run = false;
                for (i, f) in flags.iter().enumerate() {
                    if f.has(KEEP) {
                        text.extend_from_slice(&texts[i]);
                        text.push(b'\n');
                        in_run = false;
                    } else if !in_run {
                        text.extend_from_slice(b"[\xe2\x80\xa6 omitted]\n");
                        in_run = true;
                    }
                }
                Selection {
                    text,
                    ranges: Vec::new(),
                    strategies,
                }
            };
            let view = last_resort(
                &texts,
                &mut flags,
                limits,
                render,
                Vec::new(),
                &CompactOptions::default(),
            );
            assert!(view.text.len() <= limits.cap);
            for &i in &asked {
                assert!(flags[i].has(KEEP), "asked line {i} of {lines} dropped");
            }
            assert!(flags[0].has(KEEP) && flags[lines - 1].has(KEEP));
        }
    }

    #[test]
    fn plan_keeps_what_a_plan_looking_at_every_unit_keeps() {
        let mut next = crate::compact::select::xorshift(0x7f4a_7c15_9e37_79b9u64);
        for case in 0..40u64 {
            // Lines of 0 to 120 bytes, mostly short; units of one line in a shuffled order,
            // some of several lines, some forced.
            let lines = 200 + (next() % 400) as usize;
            let mut input = Vec::new();
            for _ in 0..lines {
                let width = (next() % if next().is_multiple_of(4) { 120 } else { 12 }) as usize;
                input.extend((0..width).map(|_| b"ab1 ,;xyz"[(next() % 9) as usize]));
                input.push(b'\n');
            }
            let index = LineIndex::new_wide(&input);
            let texts = LineTexts::of(&input, &index, None);
            let mut order: Vec<usize> = (0..lines).filter(|_| !next().is_multiple_of(3)).collect();
            for k in (1..order.len()).rev() {
                order.swap(k, (next() % (k as u64 + 1)) as usize);
            }
            let mut units = Vec::new();
            let mut members = Vec::new();
            for &i in &order {
                let class = if next().is_multiple_of(20) {
                    SKELETON_CLASS
                } else {
                    4
                };
                let count = if next().is_multiple_of(10) {
                    3.min(lines - i)
                } else {
                    1
                };
                let bytes: usize = (i..i + count).map(|j| texts[j].len() + 1).sum();
                let first = if count == 1 {
                    i as u32
                } else {
                    members.extend((i..i + count).map(|j| j as u32));
                    (members.len() - count) as u32
                };
                units.push(Unit {
                    order: 0,
                    first,
                    bytes: bytes as u32,
                    class,
                    count: count as u8,
                });
            }
            let units: Units = (units, members);
            let mut costs = vec![UnitTokens(UNKNOWN); units.0.len()];
            for (token_budget, byte_budget) in [(300, 4000), (900, 2500), (2000, 50_000), (40, 900)]
            {
                for marker_bytes in [MARKER_BYTES, TERSE_MARKER_BYTES] {
                    let mut flags = vec![LineFlags::INITIAL; lines];
                    let mut expected_flags = flags.clone();
                    let got = plan(
                        &mut flags,
                        &texts,
                        &units,
                        &mut costs,
                        token_budget,
                        byte_budget,
                        marker_bytes,
                    );
                    let expected = plan_looking_at_every_unit(
                        &mut expected_flags,
                        &texts,
                        &units,
                        token_budget,
                        byte_budget,
                        marker_bytes,
                    );
                    assert_eq!((got.forced_tokens, got.skipped), expected, "case {case}");
                    let kept = |f: &[LineFlags]| f.iter().map(|f| f.has(KEEP)).collect::<Vec<_>>();
                    assert_eq!(kept(&flags), kept(&expected_flags), "case {case}");
                    assert!(flags.iter().any(|f| f.has(KEEP)), "case {case}");
                }
            }
        }
    }
}
