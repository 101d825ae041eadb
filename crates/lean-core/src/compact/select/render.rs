//! Rendering a selection: kept lines verbatim with their original terminators, each dropped run
//! replaced by one marker naming its line range, grep hits grouped under their file.

use super::super::lines::{strip_ansi, trim, LineIndex, LineSpan};
use super::super::signals::{scan_signals, Signal};
use super::describe::{
    cross_file_marker, describe_run, description_template, hit_line_numbers, outweighs_bytes,
    outweighs_marker, shorten_for_marker, LONG_RUN_BYTES,
};
use super::flags::{LineFlags, DUPLICATE, KEEP};
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
        let description = if self.terse { "" } else { description };
        self.render_always(start, end, description)
    }

    /// Like `render`, keeping the description even in terse mode (short counts only).
    pub(super) fn render_always(&self, start: usize, end: usize, description: &str) -> String {
        let n = end - start + 1;
        match self.id {
            Some(id) => format!(
                "[… {n} lines {start}-{end}{description} · token_retrieve id={id} startLine={start}]"
            ),
            None => format!("[… {n} lines {start}-{end} omitted{description}]"),
        }
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

pub(super) struct RenderPlan<'p> {
    pub(super) flags: &'p [LineFlags],
    pub(super) grouped: bool,
    /// Per-line grep prefix lengths; empty unless the output was grouped.
    pub(super) grep_prefix: &'p [u32],
    pub(super) templates: &'p Templates,
    /// Markers without descriptions, and runs of any length replaced: the plan must shrink.
    pub(super) terse: bool,
    /// Lines whose carriage-return cleanup hid text (see [`Cleaned`]).
    pub(super) overwritten: &'p [u32],
}

pub(super) fn render(
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
pub(super) fn emit_line(
    out: &mut Vec<u8>,
    input: &[u8],
    span: &LineSpan,
    text: &[u8],
    prefix: usize,
) {
    let raw = &input[span.start..span.end];
    if prefix == 0 && text == raw {
        out.extend_from_slice(&input[span.start..span.next]);
    } else {
        out.extend_from_slice(&text[prefix..]);
        out.extend_from_slice(&input[span.end..span.next]);
    }
}
