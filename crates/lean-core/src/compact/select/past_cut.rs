//! An output left to Pi's cut, longer than that cut, with a prompt that names something in it.
//! A read of a data file (see `detect::is_data_read`), a help listing or a settings dump reaches
//! the model as Pi's own cut shows it: a read's first 2,000 lines or 50 KB, a command's last. A
//! lockfile, a schema, a message catalog or `--v8-options` is often longer, and what the prompt
//! asks about (one package's version, one key's entry, one flag) is as likely past the cut as
//! within it, where stock Pi shows nothing of it. So when the query's selective lines (its named
//! terms, and the headings it names with their paragraphs, see `query::mark_query_hits`) lie
//! past the cut, the view is Pi's cut, shortened just enough to show those lines too, with a
//! marker over each run it leaves out. The view stays within Pi's cut. A head cut that holds
//! some of them keeps the lines that follow each (its context, fewer when they are many):
//! shortened before one of them, it keeps that line and its context as a run of their own. A
//! tail cut is never shortened past one of them: then it is left whole. Like every compacted
//! view it shows both ends of the output: a shortened head cut also shows the output's last
//! lines (a closing tag, a trailer, the entry a question calls the last one), and a shortened
//! tail cut its first.

use super::excerpt;
use super::line_texts::LineTexts;
use super::{HEAD_LINES, TAIL_LINES};

/// Bytes reserved for one marker over the lines between two kept runs (its range, a
/// description and the recovery hint).
const MARKER_BYTES: usize = 320;
/// Lines after the last one the query names in the head that the head must still show.
const CONTEXT_LINES: usize = 32;
/// The context each keeps when the head cannot hold that much for all of them, and then
/// the least (see [`lines_to_keep`]).
const SHORT_CONTEXT_LINES: usize = 8;
const TERSE_CONTEXT_LINES: usize = 2;
/// Longest line past the cut that is shown whole: a longer one (a minified document, a source
/// map's embedded sources) is no answer to read in place, and an asked one is excerpted around
/// the places the question names (see `excerpt`).
const MAX_LINE_BYTES: usize = 4096;

/// What the question points at: the lines it pins (in order), how many of its terms each
/// holds, and every line holding one of its terms (in order).
pub(super) struct Asked<'a> {
    pub pinned: &'a [u32],
    pub weights: &'a [u32],
    pub hits: &'a [u32],
}

/// The lines to keep: the query's pinned lines (at most half of `cap` with their markers; the
/// runs of them holding more of the question's terms first, then in order), and the most of
/// the `shown` lines of Pi's cut (its first ones for a `head` cut, else its last) that fit the
/// rest of `cap`; `None` when no pinned line lies past the cut, or when the shortened cut would
/// lose the lines after one it holds (a tail's lines after it; a head keeps the
/// [`CONTEXT_LINES`] after each as runs of their own, `None` when those do not fit). The lines'
/// bytes and their markers fit `cap`. Also returns the pinned lines past the cut longer than
/// [`MAX_LINE_BYTES`], in order: the view excerpts them.
pub(super) fn lines_to_keep(
    texts: &LineTexts<'_>,
    asked: Asked<'_>,
    shown: usize,
    cap: usize,
    head: bool,
) -> Option<(Vec<u32>, Vec<u32>)> {
    let Asked {
        pinned,
        weights,
        hits,
    } = asked;
    let n = texts.len();
    // The line `k`th from the cut's end of the output; its own inverse, so it also gives how
    // far from that end a line is.
    let nth = |k: usize| if head { k } else { n - 1 - k };
    let rank = nth;
    let shown = shown.min(n);
    let shown_bytes: usize = (0..shown).map(|k| texts[nth(k)].len() + 1).sum();
    let mut kept: Vec<u32> = Vec::new();
    // The marker over the lines between the kept ones and the cut.
    let mut kept_bytes = MARKER_BYTES;
    let mut excerpted: Vec<u32> = Vec::new();
    // A pinned line's bytes as shown: a long one as its excerpt.
    let shown_len = |i: u32| {
        let len = texts[i as usize].len();
        if len > MAX_LINE_BYTES {
            excerpt::MAX_EXCERPT_BYTES
        } else {
            len
        }
    };
    // The runs of adjacent pinned lines, each with the most terms a line of it holds. Runs are
    // taken most terms first, then in order, while they fit (each costs its lines and the
    // marker before it); of a run that does not fit whole, its first lines that do.
    let mut runs: Vec<(u32, std::ops::Range<usize>)> = Vec::new();
    for (k, &i) in pinned.iter().enumerate() {
        match runs.last_mut() {
            Some((weight, run)) if pinned[run.end - 1] + 1 == i => {
                run.end = k + 1;
                *weight = (*weight).max(weights[k]);
            }
            _ => runs.push((weights[k], k..k + 1)),
        }
    }
    runs.sort_by_key(|(weight, run)| (std::cmp::Reverse(*weight), run.start));
    for (_, run) in runs {
        let mut cost = MARKER_BYTES;
        for &i in &pinned[run] {
            if kept_bytes + cost + shown_len(i) + 1 > cap / 2 {
                break;
            }
            cost += shown_len(i) + 1;
            kept.push(i);
            if texts[i as usize].len() > MAX_LINE_BYTES {
                excerpted.push(i);
            }
        }
        if cost > MARKER_BYTES {
            kept_bytes += cost;
        }
    }
    if !kept.iter().any(|&i| rank(i as usize) >= shown) {
        return None;
    }
    kept.sort_unstable();
    excerpted.sort_unstable();
    // The other end of the output, which Pi's cut does not show: its lines nearest that end
    // that fit, after the asked ones.
    let far_end = if head { TAIL_LINES } else { HEAD_LINES };
    let far_lines = (0..far_end.min(n)).map(|k| nth(n - 1 - k) as u32);
    let mut far_kept: Vec<u32> = Vec::new();
    // One marker goes between the run and the lines before it.
    let mut far_bytes = MARKER_BYTES;
    for i in far_lines.filter(|&i| rank(i as usize) >= shown) {
        let len = texts[i as usize].len();
        if len > MAX_LINE_BYTES || kept_bytes + far_bytes + len + 1 > cap / 2 {
            break;
        }
        far_bytes += len + 1;
        far_kept.push(i);
    }
    if !far_kept.is_empty() {
        kept_bytes += far_bytes;
        kept.extend(far_kept);
    }
    // The cut keeps what the query names in it with the lines that follow (their context). A
    // tail shortened from its start keeps every line after one it still holds; a head that
    // cannot keeps those lines as runs of their own (below).
    let context = if head { CONTEXT_LINES } else { 0 };
    // Every line of the cut that holds a term of the question keeps its context too, selective
    // or not: a name the question asks about (`registerTool`) is often on more lines past the
    // cut than a shortened cut could show, and the one example within the cut is the answer
    // Pi's cut would have given. When the cut cannot also hold all that, the lines of the
    // selective terms come first: a term on every record (a certificate bundle's `SHA256`)
    // names no record, and the record the question names past the cut is its answer.
    let mut asked: Vec<u32> = pinned.iter().chain(hits).copied().collect();
    asked.sort_unstable();
    asked.dedup();
    // When the lines the question names within the cut are too many to keep their context
    // each, they keep less of it (down to the two lines after each) before the view gives up
    // and is Pi's cut: the asked record past the cut is worth more than the tenth line after
    // each asked one within it.
    let contexts = if head {
        &[context, SHORT_CONTEXT_LINES, TERSE_CONTEXT_LINES][..]
    } else {
        &[context][..]
    };
    let (shown, runs) = contexts.iter().find_map(|&context| {
        let cut = Cut {
            shown,
            shown_bytes,
            room: cap.saturating_sub(kept_bytes),
            context,
            head,
        };
        // The fallback is tried only when the other terms' lines add to the selective ones.
        cut.keep(texts, &asked, &excerpted).or_else(|| {
            (asked.len() > pinned.len()).then(|| cut.keep(texts, pinned, &excerpted))?
        })
    })?;
    kept.extend(runs);
    let mut keep: Vec<u32> = (0..shown).map(|k| nth(k) as u32).collect();
    keep.extend(kept);
    keep.sort_unstable();
    keep.dedup();
    // A line the cut still shows is shown whole, as Pi's cut would.
    excerpted.retain(|&i| rank(i as usize) >= shown);
    Some((keep, excerpted))
}

/// Pi's cut, to be shortened to leave `room` bytes for what the view keeps past it.
struct Cut {
    /// Its lines and their bytes.
    shown: usize,
    shown_bytes: usize,
    room: usize,
    /// Lines after each asked one in a head cut that it must still show.
    context: usize,
    head: bool,
}

impl Cut {
    /// How many lines of the cut are shown, and the lines kept past them so that each of
    /// `asked` within the cut keeps its context; `None` when that does not fit.
    fn keep(
        &self,
        texts: &LineTexts<'_>,
        asked: &[u32],
        excerpted: &[u32],
    ) -> Option<(usize, Vec<u32>)> {
        let n = texts.len();
        let head = self.head;
        let nth = |k: usize| if head { k } else { n - 1 - k };
        let rank = nth;
        let context = self.context;
        let needed = asked
            .iter()
            .map(|&i| rank(i as usize))
            .filter(|&k| k < self.shown)
            .max()
            .map_or(0, |k| (k + 1 + context).min(self.shown));
        let cut = self.shown;
        let (shown, _) = shorten(texts, &nth, (self.shown, self.shown_bytes), self.room);
        if shown >= needed {
            return Some((shown, Vec::new()));
        }
        if !head {
            // A tail shortened from its start keeps every line after one it still holds: one
            // it no longer holds would lose them.
            return None;
        }
        // The head cannot reach past the lines after the last one the query names in it: each
        // such line keeps its own context instead, as a run of its own, and the head is
        // shortened by what those runs cost (counted whole, though the head may hold some).
        let runs = context_runs(asked, cut, context, &rank);
        // An asked line too long to show whole is shown as its excerpt.
        let shown_bytes_of = |i: usize| {
            if excerpted.binary_search(&(i as u32)).is_ok() {
                excerpt::MAX_EXCERPT_BYTES
            } else {
                texts[i].len() + 1
            }
        };
        let mut run_bytes = 0usize;
        for &(first, end) in &runs {
            run_bytes += MARKER_BYTES + (first..end).map(|k| shown_bytes_of(nth(k))).sum::<usize>();
        }
        let (shown, _) = shorten(
            texts,
            &nth,
            (self.shown, self.shown_bytes),
            self.room.checked_sub(run_bytes)?,
        );
        let kept = runs
            .iter()
            .flat_map(|&(first, end)| first..end)
            .filter(|&k| k >= shown)
            .map(|k| nth(k) as u32)
            .collect();
        Some((shown, kept))
    }
}

/// The cut's first `shown` lines (of `bytes` bytes) less the ones farthest from its end, until
/// the rest fits `room` bytes: how many are left, and their bytes.
fn shorten(
    texts: &LineTexts<'_>,
    nth: &impl Fn(usize) -> usize,
    (mut shown, mut bytes): (usize, usize),
    room: usize,
) -> (usize, usize) {
    while shown > 0 && bytes > room {
        shown -= 1;
        bytes -= texts[nth(shown)].len() + 1;
    }
    (shown, bytes)
}

/// The runs of lines, as ranks `first..end` (line numbers of a head cut), that the `pinned`
/// lines among the cut's first `cut` lines make with the `context` lines after each, merged
/// where they touch.
fn context_runs(
    pinned: &[u32],
    cut: usize,
    context: usize,
    rank: &impl Fn(usize) -> usize,
) -> Vec<(usize, usize)> {
    let mut starts: Vec<usize> = pinned
        .iter()
        .map(|&i| rank(i as usize))
        .filter(|&k| k < cut)
        .collect();
    starts.sort_unstable();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for k in starts {
        let end = (k + 1 + context).min(cut);
        match runs.last_mut() {
            Some(last) if k <= last.1 => last.1 = last.1.max(end),
            _ => runs.push((k, end)),
        }
    }
    runs
}
