//! What a line says: whether it reports an error, a warning or a summary (the keyword scan in
//! [`super::keywords`], refined here), its template ([`super::template_hash`]) and whether it
//! declares something ([`super::definitions`]). The selection asks this module for all three.

pub(crate) use super::keywords::{scan_signals, SignalSlot};
use super::lines::find_byte;

/// How much a keyword hit says about its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Signal {
    None = 0,
    Warning = 1,
    Summary = 2,
    Error = 3,
}

pub(crate) use super::definitions::{after_indent, is_definition, is_method_head, is_outline_head};
#[cfg(test)]
pub(crate) use super::template_hash::template_hash;
pub(crate) use super::template_hash::{
    for_each_buffer_template_hash, for_each_buffer_template_hash_and_shape, for_each_template_hash,
    line_shape, message_hash, template_text, LineInBuffer, Shape, EMPTY_SHAPE, SHAPE_BYTES,
    SHAPE_WORDS,
};

/// Markers of a passing line: an error word in a passing test's name is not an error.
pub(crate) fn is_pass_line(line: &[u8]) -> bool {
    // One scan for the first bytes of every marker: `✓` and `✔` share their first two bytes
    // (0xe2 0x9c), and ` PASSED` and `--- PASS` share `PASS`.
    line.ends_with(b" ok")
        || memchr::memchr2_iter(0xe2, b'P', line).any(|at| {
            let rest = &line[at..];
            if rest[0] == 0xe2 {
                rest.get(1) == Some(&0x9c) && matches!(rest.get(2), Some(0x93 | 0x94))
            } else {
                rest.starts_with(b"PASS")
                    && ((at > 0 && line[at - 1] == b' ' && rest[4..].starts_with(b"ED"))
                        || line[..at].ends_with(b"--- "))
            }
        })
}

/// Adjusts a keyword signal with facts about the whole line.
pub(crate) fn refine_signal(signal: Signal, line: &[u8]) -> Signal {
    refine_signal_of(signal, line, &mut Head::new(line))
}

/// [`refine_signal`] with the line's [`Head`], which [`QuotedSource`] may have read already.
fn refine_signal_of(signal: Signal, line: &[u8], head: &mut Head<'_>) -> Signal {
    if signal == Signal::None {
        // pytest prints assertion details on lines starting with `E   `.
        if line.starts_with(b"E ") && line.len() > 3 && line[2..].starts_with(b"  ") {
            return Signal::Error;
        }
        return Signal::None;
    }
    // A passing test's line names the test: "error", "warns" or "total" in its name is no
    // failure, warning or verdict.
    if is_pass_line(line) {
        return Signal::None;
    }
    // A diagnostic names its own severity first: `warning: … missing # Errors section` is a
    // warning, a `help:` or `note:` line explains another diagnostic, and a location line
    // (`--> src/error.rs:3:9`) is a place, whatever words its path or message hold.
    match severity_label(head) {
        Some(label) => label,
        None => signal,
    }
}

/// A line after its indent, and the length of the location it starts with once asked for:
/// whether a diagnostic's line opens a snippet and what severity it states both read the
/// location, and a flood of located diagnostics is most of a build log.
struct Head<'a> {
    text: &'a [u8],
    location: Option<usize>,
}

impl<'a> Head<'a> {
    fn new(line: &'a [u8]) -> Head<'a> {
        Head {
            text: line.trim_ascii_start(),
            location: None,
        }
    }

    /// See [`location_len`].
    fn location(&mut self) -> usize {
        let text = self.text;
        *self.location.get_or_insert_with(|| location_len(text))
    }
}

/// The severity a line states in its first word, after an optional `path:line:col:`
/// location: `warning` (also `warning[…]`) is a warning, `note`, `help` and a location arrow
/// (`-->`, `:::`) are none. `error` and other words leave the keyword scan's signal.
fn severity_label(head: &mut Head<'_>) -> Option<Signal> {
    if is_location_arrow(head.text) {
        return Some(Signal::None);
    }
    let t = &head.text[head.location()..];
    let word_end = t
        .iter()
        .position(|&b| b == b':' || b == b'[')
        .filter(|&end| end <= 8)?;
    match &t[..word_end] {
        b"warning" | b"Warning" | b"WARNING" => Some(Signal::Warning),
        b"note" | b"help" => Some(Signal::None),
        _ => None,
    }
}

/// rustc's location arrows: `--> src/lib.rs:3:9` and `::: src/lib.rs:1:1` (`t` trimmed).
fn is_location_arrow(t: &[u8]) -> bool {
    t.starts_with(b"--> ") || t.starts_with(b"::: ")
}

/// Bytes of a leading `path:line:col: ` or `path:line: ` location (gcc, clang, many linters)
/// in `t`, 0 without one: its first word ends in `:` after one or two numbers, each led by a
/// `:`, with something before them.
fn location_len(t: &[u8]) -> usize {
    // The first space is near the start of a short line: `find_byte` scans it inline.
    let Some(space) = find_byte(b' ', t) else {
        return 0;
    };
    let Some(body) = t[..space].strip_suffix(b":") else {
        return 0;
    };
    // The numbers from the end, each after its colon.
    let mut end = body.len();
    let mut numbers = 0;
    while numbers < 2 {
        let digits = body[..end]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            break;
        }
        // A number with no colon before it leaves nothing for a path.
        if end == digits {
            return 0;
        }
        if body[end - digits - 1] != b':' {
            break;
        }
        numbers += 1;
        end -= digits + 1;
    }
    if numbers >= 1 && body.len() > numbers {
        space + 1
    } else {
        0
    }
}

/// [`location_len`] as first written: the rule over the colon-separated parts of the word.
#[cfg(test)]
fn location_len_reference(t: &[u8]) -> usize {
    let Some(space) = memchr::memchr(b' ', t) else {
        return 0;
    };
    let word = &t[..space];
    let Some(body) = word.strip_suffix(b":") else {
        return 0;
    };
    let mut parts = body.rsplit(|&b| b == b':');
    let numbers = parts
        .by_ref()
        .take(2)
        .take_while(|n| !n.is_empty() && n.iter().all(u8::is_ascii_digit))
        .count();
    let colons = body
        .iter()
        .rev()
        .filter(|&&b| b == b':')
        .take(numbers)
        .count();
    let has_path = colons >= numbers && numbers >= 1;
    if has_path && body.len() > numbers {
        space + 1
    } else {
        0
    }
}

/// Where a compiler quotes source: the snippet after a diagnostic's location (rustc's
/// `--> src/lib.rs:3:9` or gcc's `lib.c:3:9: warning: …`), its gutter lines (`12 | code`,
/// `   |     ^^^ label`, a suggested change `12 + code`) up to the next line of another kind.
/// Quoted source is the program's text, not the tool's verdict: `Signal::Error =>` or
/// `return Err(error)` in it reports no error, and ranking it as one let a lint flood's
/// snippets outbid the warnings themselves.
#[derive(Clone, Copy, Default)]
pub(crate) struct QuotedSource {
    open: bool,
}

/// Lines looked back over to find whether a range of lines starts inside a snippet.
const SNIPPET_LOOKBACK: usize = 64;

impl QuotedSource {
    /// The state before line `from` of `lines` (its lines up to `from`, last first): a range
    /// ranked on its own starts as the whole pass would have reached it, within
    /// [`SNIPPET_LOOKBACK`] lines.
    pub(crate) fn before<'a>(mut earlier: impl Iterator<Item = &'a [u8]>) -> Self {
        for line in earlier.by_ref().take(SNIPPET_LOOKBACK) {
            // The keyword scan's signal is not at hand: ask every line looked back over.
            if opens_snippet(line) {
                return QuotedSource { open: true };
            }
            if !continues_snippet(line) {
                break;
            }
        }
        QuotedSource::default()
    }

    /// Whether `line`, the next line, is quoted source; `signal` is its keyword signal. (A
    /// location line that opens a snippet reports a warning or an error, or starts with an
    /// arrow: other lines are not asked.)
    #[cfg(test)]
    pub(crate) fn step(&mut self, line: &[u8], signal: Signal) -> bool {
        self.step_with(line, &mut Head::new(line), signal)
    }

    /// Whether `line` is quoted source (as `step` tells), then the line's signal: none in
    /// quoted source, else the keyword signal `signal` refined (see [`refine_signal`]), the
    /// line's location read once.
    pub(crate) fn step_and_refine(&mut self, line: &[u8], signal: Signal) -> Signal {
        let mut head = Head::new(line);
        if self.step_with(line, &mut head, signal) {
            Signal::None
        } else {
            refine_signal_of(signal, line, &mut head)
        }
    }

    fn step_with(&mut self, line: &[u8], head: &mut Head<'_>, signal: Signal) -> bool {
        let arrow = matches!(head.text.first(), Some(b'-' | b':'));
        if (signal != Signal::None || arrow) && opens_snippet_at(head) {
            self.open = true;
            return false;
        }
        if !self.open {
            return false;
        }
        self.open = continues_snippet(line);
        self.open && is_gutter_line(line)
    }
}

/// A diagnostic's location, after which a compiler quotes the source: `--> path:l:c` or
/// `::: path` (rustc), or `path:l:c: error|warning|note: …` (gcc, clang).
fn opens_snippet(line: &[u8]) -> bool {
    opens_snippet_at(&mut Head::new(line))
}

/// [`opens_snippet`] of a line's [`Head`].
fn opens_snippet_at(head: &mut Head<'_>) -> bool {
    let t = head.text;
    if is_location_arrow(t) {
        return true;
    }
    let at = head.location();
    let rest = &t[at..];
    at > 0
        && (rest.starts_with(b"error") || rest.starts_with(b"warning") || rest.starts_with(b"note"))
}

/// A line a snippet may hold besides its gutter lines: rustc's `= note:` / `= help:` lines, a
/// `help:` or `note:` sub-diagnostic, and the `...` of elided source.
fn continues_snippet(line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    is_gutter_line(line)
        || t.starts_with(b"= ")
        || t.starts_with(b"help:")
        || t.starts_with(b"note:")
        || t == b"..."
}

/// A gutter line: `12 | code`, `   |   ^^^`, or a suggestion's `12 + code`, `12 - code`,
/// `12 ~ code` (the number padded to the gutter's width).
fn is_gutter_line(line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    let digits = t.iter().take_while(|b| b.is_ascii_digit()).count();
    let after = &t[digits..];
    if digits == 0 {
        return t.len() < line.len() && after.first() == Some(&b'|');
    }
    // The number is padded to the gutter's width (`9   |` beside `120 |`).
    let mark = after.trim_ascii_start();
    mark.len() < after.len()
        && match mark.first() {
            Some(b'|') => true,
            Some(b'+' | b'-' | b'~') => mark.len() == 1 || mark[1] == b' ',
            _ => false,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The backward scan finds the locations the rule over colon-separated parts finds.
        #[test]
        fn locations_are_the_reference_rule(
            line in proptest::collection::vec(
                proptest::sample::select(b"a1:9 /.0-".to_vec()),
                0..24,
            ),
        ) {
            proptest::prop_assert_eq!(location_len(&line), location_len_reference(&line));
        }
    }

    fn quoted(lines: &[&str]) -> Vec<bool> {
        let mut state = QuotedSource::default();
        lines
            .iter()
            .map(|l| {
                let mut signal = [Signal::None];
                scan_signals(l.as_bytes(), 1, |_| 0, &mut signal);
                state.step(l.as_bytes(), signal[0])
            })
            .collect()
    }

    #[test]
    fn rustc_snippets_and_suggestions_are_quoted_source() {
        let lines = [
            "warning: unnested or-patterns",
            "   --> crates/lean-core/src/options/mod.rs:388:13",
            "    |",
            "388 |             Err(error) => None,",
            "    |             ^^^^^^^^^^",
            "    = help: for further information visit https://example.org",
            "help: nest the patterns",
            "    |",
            "388 -             Signal::Error => errors.push(i as u32),",
            "388 +             Signal::Error => errors.push(u32::try_from(i)),",
            "    |",
            "",
            "error: could not compile `x`",
        ];
        let got = quoted(&lines);
        let want = [
            false, false, true, true, true, false, false, true, true, true, true, false, false,
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn gcc_snippets_are_quoted_source() {
        let lines = [
            "lib.c:12:5: warning: unused variable 'error_count' [-Wunused-variable]",
            "   12 |     int error_count = 0;",
            "      |         ^~~~~~~~~~~",
            "make: *** [Makefile:3: lib.o] Error 1",
        ];
        assert_eq!(quoted(&lines), [false, true, true, false]);
    }

    #[test]
    fn tables_and_diffs_without_a_location_are_not_quoted() {
        let lines = [
            " id | status | note",
            "----+--------+------",
            " 12 | failed | error in step 3",
            "- error: old line",
            "+ error: new line",
            "   | failed | x",
        ];
        assert_eq!(quoted(&lines), [false; 6]);
    }

    #[test]
    fn a_range_starting_inside_a_snippet_knows_it() {
        let earlier = ["   --> src/lib.rs:3:9", "    |", "3   |     Err(e)"];
        let state = QuotedSource::before(earlier.iter().rev().map(|l| l.as_bytes()));
        assert!(state.open);
        let outside = ["error: x", "3 | y"];
        assert!(!QuotedSource::before(outside.iter().rev().map(|l| l.as_bytes())).open);
    }
}
