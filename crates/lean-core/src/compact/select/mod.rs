//! Verbatim line selection: rank every line (errors and summaries first, then their context,
//! definitions and warnings, then rare templates), keep what fits the budget, and replace each
//! dropped run by one marker naming its original line range and dominant template.
//!
//! Must-keep facts ignore the budget; floods of the same kind of error are thinned per template
//! by water-filling, so every distinct error survives and the most frequent ones are sampled.
//!
//! [`select`] runs the phases in order: [`analyze`] reads every line once (cleaning, grep
//! prefixes, keyword signals, templates, ranks), [`choose`] marks what to keep, and, when that
//! view is over the budget or Pi's cut, [`priority`] keeps units by priority until it fits;
//! [`render`] writes the view with [`describe`]d markers.

mod analyze;
mod choose;
mod describe;
mod distinct;
mod excerpt;
mod flags;
mod line_kinds;
mod line_texts;
mod past_cut;
mod priority;
mod query;
mod records;
mod render;
mod sections;
mod shapes;
mod side_by_side;
mod slots;
mod spread;
mod templates;

use super::budget::{
    cut_keeps_head, estimate_tokens_padded, estimate_within, pi_cut_lines, Limits,
};
use super::lines::{needs_cleaning, LineIndex};
use super::{CompactOptions, ContentKind, DroppedRange};
use analyze::Lines;
use flags::{LineFlags, Rank, DUPLICATE, KEEP, QUERY_HIT};
use line_kinds::conflict_regions;
use line_texts::{Cleaned, LineTexts};
use priority::{fit_to_limits, priority_units};
use render::{render, MarkerMemo, RenderPlan};

pub(crate) use flags::SELECT_BYTES_PER_LINE;

/// Inputs from this size on use a second thread (keyword scan or half of the template
/// hashing, and the input's id hash).
pub(crate) const PARALLEL_MIN_BYTES: usize = 1 << 20;

/// Outputs of at most this many estimated tokens only get lossless steps (principle 1): stock
/// Pi shows such an output whole, so compacting it saves at most a few thousand tokens while
/// the risk is hiding the one fact the agent needed. At 8,000 both tuning corpora keep every
/// fact (+15% output tokens over 2,500), and on the held-out set it removes three of the four
/// files where a lossy view lost a fact that Pi's own cut keeps (docs/compaction-values.md).
/// Counted as the model reads the output: runs of padding weigh a token per 16 bytes (see
/// `estimate_tokens_padded`), so a table padded into columns is not taken for a large one.
const SMALL_LOSSLESS_TOKENS: usize = 8000;

/// Lines at the head and tail are kept: they carry the command's banner and its verdict.
const HEAD_LINES: usize = 3;
const TAIL_LINES: usize = 8;
/// How far after an error to look for the first stack frame pointing at a location.
const STACK_LOOKAHEAD: usize = 24;

pub(crate) struct Selection {
    pub text: Vec<u8>,
    pub ranges: Vec<DroppedRange>,
    pub strategies: Vec<&'static str>,
}

/// How many lines and bytes the unbudgeted selection may keep besides its must-keep facts.
struct Budget {
    lines: usize,
    bytes: usize,
    error_lines: usize,
    warning_lines: usize,
    /// Most instances of one error or warning template kept when they flood.
    per_template: usize,
    /// The view's token budget (see `Limits`): what a pass that fills the room may not outgrow.
    view_tokens: usize,
}

fn budget(input_len: usize, line_count: usize, aggressiveness: f64, view_tokens: usize) -> Budget {
    let scale = 1.0 + 3.0 * (1.0 - aggressiveness.clamp(0.0, 1.0));
    let root = (line_count as f64).sqrt();
    let lines = ((40.0 + 3.0 * root) * scale) as usize;
    Budget {
        lines,
        bytes: (((8192 + input_len / 64).min(24 * 1024)) as f64 * scale) as usize,
        error_lines: ((120.0 + root) * scale) as usize,
        warning_lines: (lines / 4).max(16),
        per_template: (6.0 * scale) as usize,
        view_tokens,
    }
}

/// Chooses the lines of `input` to keep verbatim and renders the view with markers for the
/// rest, within `limits` (the token budget and Pi's cut). `small`: whether `input`
/// [`is_small`], which the caller has already asked.
pub(crate) fn select(
    input: &[u8],
    index: &LineIndex,
    kind: ContentKind,
    opts: &CompactOptions,
    limits: Limits,
    small: bool,
) -> Selection {
    debug_assert_eq!(small, is_small(input));
    select_with(input, index, kind, opts, limits, small, Shortcut::Taken)
}

/// The view of an output left to Pi's cut and longer than it (see [`past_cut`]): Pi's cut, with
/// the lines the query names past it; the input itself (left to Pi's cut) when it names none
/// there or that view would not fit. `head`: Pi's cut keeps the head (see
/// `budget::cut_keeps_head`).
pub(crate) fn select_past_cut(
    input: &[u8],
    index: &LineIndex,
    kind: ContentKind,
    opts: &CompactOptions,
    limits: Limits,
    head: bool,
) -> Selection {
    let unchanged = || Selection {
        text: input.to_vec(),
        ranges: Vec::new(),
        strategies: Vec::new(),
    };
    let Some(terms) = opts.query.as_deref().and_then(query::QueryTerms::new) else {
        return unchanged();
    };
    let dirty = needs_cleaning(input);
    let cleaned = dirty.then(|| Cleaned::new(input, index));
    let texts = LineTexts::of(input, index, cleaned.as_ref());
    let overwritten: &[u32] = cleaned.as_ref().map_or(&[], |c| &c.overwritten);
    let lines = Lines::new(texts, kind == ContentKind::Grep, input.len());
    let mut flags = vec![LineFlags::INITIAL; index.len()];
    let mut pinned = query::mark_query_hits(&lines, &mut flags, &terms, kind, true);
    // An asked line comes with what it needs to be read (the lines its statement continues
    // onto), wherever it stands.
    let mut statement = vec![LineFlags::INITIAL; index.len()];
    for &i in &pinned {
        statement[i as usize].set(KEEP);
    }
    if choose::continuations(&lines.texts, kind, &mut statement) > 0 {
        pinned = (0..statement.len() as u32)
            .filter(|&i| statement[i as usize].has(KEEP))
            .collect();
    }
    drop(statement);
    let shown = pi_cut_lines(input, head);
    let hits: Vec<u32> = (0..flags.len() as u32)
        .filter(|&i| flags[i as usize].has(QUERY_HIT))
        .collect();
    // What the question names most of comes first when not all of it fits.
    let weights: Vec<u32> = pinned
        .iter()
        .map(|&i| terms.terms_on(&lines.texts[i as usize]))
        .collect();
    let asked = past_cut::Asked {
        pinned: &pinned,
        weights: &weights,
        hits: &hits,
    };
    let Some((keep, long_lines)) =
        past_cut::lines_to_keep(&lines.texts, asked, shown, limits.cap, head)
    else {
        return unchanged();
    };
    // An asked line too long to show whole shows the places the question names.
    let long_line_places = asked_places(&terms, &lines, &long_lines);
    // The markers name their runs' shapes like any other view's.
    let templates = analyze::scan_and_intern(input, index, &lines, kind, false, &mut flags);
    for i in keep {
        flags[i as usize].set(KEEP);
    }
    let memo = MarkerMemo::default();
    for terse in [false, true] {
        let plan = RenderPlan {
            flags: &flags,
            memo: &memo,
            grouped: lines.grouped(),
            grep_prefix: &lines.grep_prefix,
            templates: &templates,
            terse,
            overwritten,
            stop_above_bytes: limits.cap,
            long_lines: &long_lines,
            long_line_places: &long_line_places,
        };
        let mut strategies = vec!["query-past-cut"];
        if !long_lines.is_empty() {
            strategies.push("excerpt-long-lines");
        }
        let view = render(input, index, &lines.texts, plan, kind, opts, strategies);
        if view.text.len() <= limits.cap {
            return view;
        }
    }
    unchanged()
}

/// Whether a small output whose view is known to be the input itself skips the ranking (tests
/// compare both ways).
#[derive(Clone, Copy, PartialEq)]
enum Shortcut {
    Taken,
    #[cfg(test)]
    Skipped,
}

/// For each of the `long_lines` a view excerpts, the places its excerpt shows around, where the
/// asked words meet (see `QueryTerms::densest_places`).
fn asked_places(
    terms: &query::QueryTerms<'_>,
    lines: &Lines<'_>,
    long_lines: &[u32],
) -> Vec<Vec<usize>> {
    long_lines
        .iter()
        .map(|&i| {
            let text = lines.hit_text(i as usize);
            terms.densest_places(text, excerpt::MAX_WINDOWS, excerpt::DENSE_STRETCH)
        })
        .collect()
}

/// Whether `input` is a small output, shown whole but for exact repeats of a line (principle
/// 1): within [`SMALL_LOSSLESS_TOKENS`] as the model reads it.
pub(crate) fn is_small(input: &[u8]) -> bool {
    input.len() <= 4 * SMALL_LOSSLESS_TOKENS && estimate_within(input, SMALL_LOSSLESS_TOKENS)
        || input.len() <= 8 * SMALL_LOSSLESS_TOKENS
            && estimate_tokens_padded(input) <= SMALL_LOSSLESS_TOKENS
}

fn select_with(
    input: &[u8],
    index: &LineIndex,
    kind: ContentKind,
    opts: &CompactOptions,
    limits: Limits,
    small: bool,
    shortcut: Shortcut,
) -> Selection {
    let mut strategies: Vec<&'static str> = Vec::new();

    // Lossless view of every line: ANSI and carriage-return overwrites removed.
    let dirty = needs_cleaning(input);
    let cleaned = dirty.then(|| Cleaned::new(input, index));
    let texts = LineTexts::of(input, index, cleaned.as_ref());
    let overwritten: &[u32] = cleaned.as_ref().map_or(&[], |c| &c.overwritten);
    if dirty {
        strategies.push("strip-ansi-progress");
    }
    // Principle 1 fixes a small output's view before any line is ranked: every line but exact
    // repeats of the line before it, each as stock Pi shows it (grep hits keep their `path:`,
    // not grouped by file). Without such repeats, and with nothing cleaned, that view is the
    // input itself, which the caller passes through unchanged.
    let lines = Lines::new(texts, kind == ContentKind::Grep && !small, input.len());
    if lines.grouped() {
        strategies.push("group-grep-by-file");
    }
    if shortcut == Shortcut::Taken
        && small
        && !dirty
        && !lines.grouped()
        && !repeats_a_line(&lines.texts)
    {
        return Selection {
            text: input.to_vec(),
            ranges: Vec::new(),
            strategies,
        };
    }

    // Members unlike their look-alikes are looked for in every kind but a diff (it ranks its
    // changed definitions itself) and JSON (it has its own skeleton).
    let compares_look_alikes = !matches!(kind, ContentKind::Diff | ContentKind::Json);
    let mut flags = vec![LineFlags::INITIAL; index.len()];
    let mut templates =
        analyze::scan_and_intern(input, index, &lines, kind, compares_look_alikes, &mut flags);
    if shapes::merge_status_runs(&lines, kind, &mut flags, &mut templates) {
        strategies.push("status-line-shapes");
    }
    // The query's terms, read once: for the lines they mark here and the places excerpts show.
    let query_terms = opts.query.as_deref().and_then(query::QueryTerms::new);
    let mut pinned_hits = Vec::new();
    if let Some(terms) = &query_terms {
        pinned_hits = query::mark_query_hits(&lines, &mut flags, terms, kind, false);
        if kind == ContentKind::Diff {
            query::pin_named_diff_files(&lines.texts, &mut flags, &mut pinned_hits);
        }
    }
    let aggressiveness = opts.aggressiveness.unwrap_or(1.0).clamp(0.0, 1.0);
    let budget = budget(input.len(), index.len(), aggressiveness, limits.tokens);
    let (errors, warnings) =
        analyze::rank(&lines, &templates, kind, input.len(), &budget, &mut flags);
    // Template ids are final from here on: the end records are found once, for the ranks and
    // for the budget.
    let mut records = analyze::end_records(&lines.texts, &templates);
    // A command's output ends with its totals and verdict, and Pi's cut keeps its end; a read
    // ends with more of the file, and Pi's cut keeps its head.
    if !cut_keeps_head(opts) {
        records.extend(analyze::closing_block(&lines.texts, &templates));
    }
    analyze::mark_structure(&lines, &templates, &records, kind, &mut flags);
    // A config's parts are its sections, which its recognizer ranks; its blocks are comments.
    if kind != ContentKind::Config
        && analyze::mark_block_edges(&lines.texts, &templates, &mut flags) > 0
    {
        strategies.push("block-edges");
    }
    // A side-by-side comparison's marked lines are its changes, whatever printed it (`diff
    // -y` is read as a diff by its command).
    if !lines.grouped() && side_by_side::mark_side_by_side_changes(&lines.texts, &mut flags) > 0 {
        strategies.push("side-by-side-changes");
    }
    // Lines of a program (a source file, grep hits quoting code, a diff's changes) make
    // short runs of one shape everywhere: no list stands out of them.
    if !matches!(
        kind,
        ContentKind::Source | ContentKind::Grep | ContentKind::Diff
    ) && analyze::mark_islands(&lines.texts, &templates, &mut flags) > 0
    {
        strategies.push("short-lists");
    }
    // A fold never hides what makes a line different: members unlike their look-alikes, and
    // the lines a rerun changed, rank above the group's ordinary members. The clear
    // minorities among them, most telling first, are kept before rare templates fill the
    // budget.
    let mut unlike: Vec<u32> = Vec::new();
    // Every line that rule ranked higher: the chosen ones and the other extremes.
    let mut ranked: Vec<u32> = Vec::new();
    // The first line of each diagnostic kind (see `distinct::mark_diagnostic_kinds`).
    let mut kinds: Vec<u32> = Vec::new();
    if compares_look_alikes {
        // Lines of a program (a source file, grep hits quoting code) are no records of one
        // output: a value few of them hold is no news, and they keep only their ranks.
        let keep = !matches!(kind, ContentKind::Grep | ContentKind::Source);
        (unlike, ranked) = slots::mark_unlike_members(
            &lines.texts,
            &lines.grep_prefix,
            &mut flags,
            &mut templates,
            keep,
        );
        if !ranked.is_empty() {
            strategies.push("keep-unlike-members");
        }
        if records::mark_unlike_records(&lines.texts, &mut flags) > 0 {
            strategies.push("keep-unlike-records");
        }
        if !matches!(kind, ContentKind::Source | ContentKind::Tree) {
            let prefix = |i: usize| lines.prefix(i);
            kinds = distinct::mark_diagnostic_kinds(&lines.texts, &prefix, &mut flags);
            if !kinds.is_empty() {
                strategies.push("one-per-diagnostic-kind");
            }
            if distinct::mark_commands_before_errors(&lines.texts, &mut flags) > 0 {
                strategies.push("command-before-error");
            }
        }
    }
    // A rerun's changed lines stay (a diff printed twice too).
    if kind != ContentKind::Json {
        templates.changes = slots::rerun_changes(&lines.texts, &templates);
        if !templates.changes.is_empty() {
            slots::mark_changes(&templates.changes, &mut flags);
            strategies.push("rerun-changes");
        }
    }
    if !matches!(
        kind,
        ContentKind::Diff | ContentKind::Json | ContentKind::Source
    ) {
        if sections::mark_section_headings(&lines.texts, &mut flags) > 0 {
            strategies.push("section-headings");
        }
        if sections::mark_record_context(&lines.texts, &mut unlike, &mut flags) > 0 {
            strategies.push("record-context");
        }
        if sections::add_ancestors(&lines.texts, &mut unlike, &ranked, &mut flags) > 0 {
            strategies.push("unlike-ancestors");
        }
    }

    // Search hits are no file's lines in a row: a conflict in them is not one. A conflict
    // opens at a `<<<<<<<` line, so raw input without those bytes has none (a cleaned line
    // may join them from pieces an escape split).
    let conflicts =
        if lines.grouped() || !(dirty || memchr::memmem::find(input, b"<<<<<<<").is_some()) {
            Vec::new()
        } else {
            conflict_regions(lines.texts.len(), |i| lines.texts.get(i))
        };
    let kept_errors = choose::errors_with_details(&lines, &templates, &errors, &budget, &mut flags);
    if kept_errors.len() < errors.len() {
        strategies.push("thin-repeated-errors");
    }
    drop(errors);
    if opts.query.is_some() {
        // Only a query marks hits: without one there are none to look for.
        choose::query_hits(&templates, &budget, &pinned_hits, &mut flags);
    }
    choose::warnings_with_locations(&lines, &templates, &warnings, &budget, &mut flags);
    drop(warnings);
    let kept_bytes = choose::fill_by_rank(
        &lines,
        &templates,
        &unlike,
        kind,
        &budget,
        aggressiveness,
        &mut flags,
    ) + choose::continuations(&lines.texts, kind, &mut flags)
        + choose::whole_conflicts(&lines.texts, &conflicts, &mut flags);

    // Principle 1: a small output is never made lossy to save a few hundred tokens: every
    // line but exact repeats is kept (for search results: distinct hits are facts).
    // A lossy view excerpts its over-long lines rather than dropping them whole.
    let long_lines = if small {
        Vec::new()
    } else {
        excerpt::long_lines(&lines.texts)
    };
    if !long_lines.is_empty() {
        strategies.push("excerpt-long-lines");
    }
    // Where the query names something a long line holds, its excerpt shows that place too.
    let long_line_places = match &query_terms {
        Some(terms) => asked_places(terms, &lines, &long_lines),
        None => Vec::new(),
    };
    let memo = MarkerMemo::default();
    let render_up_to = |flags: &[LineFlags],
                        terse: bool,
                        strategies: Vec<&'static str>,
                        stop_above_bytes: usize| {
        let plan = RenderPlan {
            flags,
            memo: &memo,
            grouped: lines.grouped(),
            grep_prefix: &lines.grep_prefix,
            templates: &templates,
            terse,
            overwritten,
            stop_above_bytes,
            long_lines: &long_lines,
            long_line_places: &long_line_places,
        };
        render(input, index, &lines.texts, plan, kind, opts, strategies)
    };
    let render_with = |flags: &[LineFlags], terse: bool, strategies: Vec<&'static str>| {
        render_up_to(flags, terse, strategies, usize::MAX)
    };
    if small {
        for f in flags.iter_mut() {
            if !(f.has(DUPLICATE) && f.rank() != Rank::Must) {
                f.set(KEEP);
            }
        }
        return render_with(&flags, false, strategies);
    }
    // A default view over Pi's cut has too many markers to describe: start terse. A view
    // known to be over the token budget is not described at all (see `known_misfit`).
    // (Its bounds count kept lines whole: with excerpts only rendering can tell.)
    let known_misfit = if !long_lines.is_empty() {
        None
    } else {
        render::known_misfit(
            input,
            index,
            &lines.texts,
            lines.grouped(),
            &flags,
            kind,
            opts,
            limits,
            kept_bytes,
        )
    };
    let start_terse = match known_misfit {
        Some(over_cap) => over_cap,
        None => {
            // Only whether this view fits is needed unless it does: past the cap, rendering
            // stops.
            let view = render_up_to(&flags, false, strategies.clone(), limits.cap);
            if view.text.len() <= limits.cap && estimate_within(&view.text, limits.tokens) {
                return view;
            }
            view.text.len() > limits.cap
        }
    };
    // Over the budget or Pi's cut: choose again by priority within both.
    let units = priority_units(
        &lines,
        &templates,
        &flags,
        &kept_errors,
        &records,
        &pinned_hits,
        &unlike,
        &kinds,
        kind,
    );
    drop(kept_errors);
    fit_to_limits(
        &lines.texts,
        &mut flags,
        &units,
        limits,
        render_with,
        |flags| {
            choose::continuations(&lines.texts, kind, flags);
            choose::whole_conflicts(&lines.texts, &conflicts, flags);
        },
        strategies,
        opts,
        start_terse,
    )
}

/// Whether a line repeats the line before it (what `rank` flags as [`DUPLICATE`]).
fn repeats_a_line(texts: &LineTexts<'_>) -> bool {
    (1..texts.len()).any(|i| analyze::repeats(texts.get(i - 1), texts.get(i)))
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

/// A deterministic pseudo-random source (xorshift64) for tests that compare a fast pass with
/// a plain one over many generated patterns.
#[cfg(test)]
pub(super) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
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
        let limits = Limits::new(input, &opts, Some(narrow.len()));
        let small = is_small(input);
        let a = select(input, &narrow, kind, &opts, limits, small);
        let b = select(input, &wide, kind, &opts, limits, small);
        assert_eq!(a.text, b.text);
        assert_eq!(a.ranges, b.ranges);
    }

    /// A small output's shortcut gives the view the full selection gives, over generated
    /// outputs of every kind: errors, warnings, repeats, blank lines, ANSI, grep hits, long
    /// lines, with and without a final newline.
    #[test]
    fn small_output_shortcut_matches_the_full_selection() {
        let pieces: [&[u8]; 14] = [
            b"error[E0308]: mismatched types",
            b"warning: unused variable `x`",
            b"test tests::parse_%d ... ok",
            b"test tests::parse_%d ... FAILED",
            b"src/lib.rs:%d:5: let x = %d;",
            b"",
            b"   Compiling crate-%d v0.%d.1",
            b"\x1b[32mok\x1b[0m %d",
            b"progress %d%\rprogress 100%",
            b"drwxr-xr-x 2 root root 4096 Dec  5 file%d",
            b"test result: ok. %d passed; 0 failed",
            b"    at Object.<anonymous> (/app/x.js:%d:3)",
            b"{\"id\": %d, \"ok\": true}",
            b"same line",
        ];
        let mut next = xorshift(0x5eed_0000_0000_0001);
        let mut taken = 0;
        for case in 0..3000 {
            let mut input = Vec::new();
            let lines = 1 + (next() % 400) as usize;
            // Half the cases draw no cleaned or repeated piece, so the shortcut can be taken.
            let drawn = if case % 2 == 0 { 7 } else { pieces.len() };
            for _ in 0..lines {
                let piece = pieces[[0, 1, 2, 3, 4, 6, 10, 7, 5, 8, 9, 11, 12, 13]
                    [(next() % drawn as u64) as usize]];
                // Each `%d` of the piece takes this line's number.
                let n = (next() % 50).to_string();
                let mut rest = piece;
                while let Some(at) = rest.windows(2).position(|w| w == b"%d") {
                    input.extend_from_slice(&rest[..at]);
                    input.extend_from_slice(n.as_bytes());
                    rest = &rest[at + 2..];
                }
                input.extend_from_slice(rest);
                if next().is_multiple_of(97) {
                    input.extend(std::iter::repeat_n(b'y', 3000));
                }
                input.push(b'\n');
            }
            if next().is_multiple_of(2) {
                input.pop();
            }
            let kind = ContentKind::ALL[(next() % 11) as usize];
            let index = LineIndex::new(&input, usize::MAX);
            let opts = CompactOptions::default();
            let limits = Limits::new(&input, &opts, Some(index.len()));
            let small = is_small(&input);
            let fast = select_with(&input, &index, kind, &opts, limits, small, Shortcut::Taken);
            let full = select_with(
                &input,
                &index,
                kind,
                &opts,
                limits,
                small,
                Shortcut::Skipped,
            );
            if fast.text == input {
                taken += 1;
            }
            // The caller passes an output through when its view equals it: the strategies of
            // such a view are never shown.
            assert_eq!(fast.text, full.text, "case {case}, {kind:?}");
            if fast.text != input {
                assert_eq!(fast.ranges, full.ranges, "case {case}");
                assert_eq!(fast.strategies, full.strategies, "case {case}");
            }
        }
        assert!(taken > 300, "the shortcut was taken {taken} times");
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
