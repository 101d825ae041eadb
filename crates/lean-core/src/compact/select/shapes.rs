//! Status lines of one shape as one template class. A test runner prints one line per test
//! (`✔ name (0.1ms)`, `✓ name`, `test a::b ... ok`, `--- PASS: TestX (0.00s)`,
//! `tests/a.py::test_x PASSED [ 10%]`, `ok 12 - name`), and the names differ by words, so
//! every line would count as a distinct, rare template and fill the budget. Lines that share
//! a leading status glyph or keyword and a trailing duration or status form (with the same
//! indentation) are one class when there are many of them: the first instances and the counts
//! stay, the rest fold into markers. A failing status (`✖`, `FAILED`, `--- FAIL:`, `not ok`)
//! makes its line an error, and verdicts keep their summary signal: neither joins a class, so
//! failures and summaries are kept as before. On a line with a leading status, other keywords
//! come from the test's name (`✔ reports an error total`) and are cleared.

use std::collections::HashMap;

use super::super::lines::{find_byte, indent_width, same_bytes, trim};
use super::super::signals::{refine_signal, Signal};
use super::analyze::Lines;
use super::flags::LineFlags;
use super::line_kinds::PrefixSet;
use super::templates::{PreHashed, Templates};
use super::ContentKind;

/// Fewest lines of one shape that make it a class; fewer stay with their own templates.
const MIN_SHAPE_LINES: u32 = 8;
/// Most distinct shapes counted; a hostile input of endless variations cannot grow the table.
const MAX_SHAPES: usize = 4096;
const _: () = assert!(MAX_SHAPES < u16::MAX as usize);
/// Longest trailing `(…)` or `[…]` taken as a duration or progress form.
const MAX_TRAIL_BYTES: usize = 24;

/// Glyphs test reporters put before a test's name (node spec, jest, mocha, vitest, …).
const STATUS_GLYPHS: &[&str] = &[
    "\u{2714}", // ✔
    "\u{2713}", // ✓
    "\u{2716}", // ✖
    "\u{2715}", // ✕
    "\u{2717}", // ✗
    "\u{2718}", // ✘
    "\u{221a}", // √
    "\u{00d7}", // ×
    "\u{25cb}", // ○
    "\u{25b6}", // ▶
    "\u{fe63}", // ﹣
    "\u{2298}", // ⊘
    "\u{21b3}", // ↳
];

/// Words a status line starts with (`ok 3 - name`, `PASS src/a.test.js`, `test x ... ok`).
const LEAD_WORDS: &[&[u8]] = &[
    b"ok", b"PASS", b"FAIL", b"PASSED", b"FAILED", b"SKIP", b"SKIPPED", b"test", b"[PASS]",
    b"[OK]", b"[SKIP]",
];
/// Leading words that need the next word to say the status (`--- PASS:`, `=== RUN`, `not ok`).
const LEAD_PAIRS: &[&[u8]] = &[b"---", b"===", b"not"];
/// Length of the longest of [`STATUS_WORDS`].
const LONGEST_STATUS_WORD: usize = 7;
/// Words a status line ends with, or that precede its trailing `[ 10%]` (pytest).
const STATUS_WORDS: &[&[u8]] = &[
    b"ok", b"OK", b"PASS", b"PASSED", b"passed", b"FAIL", b"FAILED", b"failed", b"SKIP",
    b"SKIPPED", b"skipped", b"ignored", b"XFAIL", b"XPASS", b"ERROR", b"xfail",
];

/// Glyphs and words that report a failure (the rest report a pass, a skip or a start).
const FAILURE_GLYPHS: &[&str] = &["\u{2716}", "\u{2715}", "\u{2717}", "\u{2718}", "\u{00d7}"];
const FAILURE_WORDS: &[&[u8]] = &[
    b"FAIL", b"FAILED", b"failed", b"ERROR", b"error", b"Error", b"not", b"PANIC", b"XPASS",
];
/// Length of the longest of [`FAILURE_WORDS`] (all have at least 3 bytes).
const LONGEST_FAILURE_WORD: usize = 6;

/// True for one of [`STATUS_WORDS`]; the length check rules out most words at once.
#[inline]
fn is_status_word(word: &[u8]) -> bool {
    (2..=LONGEST_STATUS_WORD).contains(&word.len()) && STATUS_WORDS.contains(&word)
}

/// Whether one of the blank-separated words of `text` (a trailing `:` aside) is one of
/// [`FAILURE_WORDS`]. Blank runs (pytest's padding) are skipped eight at a time, and words of
/// other lengths cost a compare.
fn has_failure_word(text: &[u8]) -> bool {
    let is_failure_word = |word: &[u8]| {
        let word = word.strip_suffix(b":").unwrap_or(word);
        (3..=LONGEST_FAILURE_WORD).contains(&word.len()) && FAILURE_KEYS.contains(&word_key(word))
    };
    let mut start = 0;
    let mut i = 0;
    while i < text.len() {
        if text[i] == b' ' {
            if i - start >= 3 && is_failure_word(&text[start..i]) {
                return true;
            }
            i += 1 + leading_blanks(&text[i + 1..]);
            start = i;
        } else {
            i += 1;
        }
    }
    text.len() - start >= 3 && is_failure_word(&text[start..])
}

/// A word of at most 7 bytes as one integer: its bytes, little-endian, and its length in the
/// top byte (so a word holding a zero byte is not taken for a shorter one). Comparing these
/// costs one instruction per candidate where a slice compare called `memcmp`.
const fn word_key(word: &[u8]) -> u64 {
    let mut key = (word.len() as u64) << 56;
    let mut k = 0;
    while k < word.len() {
        key |= (word[k] as u64) << (8 * k);
        k += 1;
    }
    key
}

/// [`FAILURE_WORDS`] as [`word_key`]s.
const FAILURE_KEYS: [u64; FAILURE_WORDS.len()] = word_keys(FAILURE_WORDS);
const _: () = assert!(LONGEST_FAILURE_WORD < 8);

/// The [`word_key`] of each of `words` (each at most 7 bytes).
const fn word_keys<const N: usize>(words: &[&[u8]]) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut k = 0;
    while k < N {
        assert!(words[k].len() < 8);
        keys[k] = word_key(words[k]);
        k += 1;
    }
    keys
}

/// Eight blanks as one word, for skipping padding.
const EIGHT_BLANKS: u64 = u64::from_le_bytes([b' '; 8]);

/// Number of blanks (` `) `text` starts with.
#[inline]
fn leading_blanks(text: &[u8]) -> usize {
    let mut k = 0;
    while let Some(chunk) = text.get(k..k + 8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        if word != EIGHT_BLANKS {
            break;
        }
        k += 8;
    }
    k + text[k..].iter().take_while(|&&b| b == b' ').count()
}

/// `text` without trailing ASCII whitespace (as `trim_ascii_end`), a run of blanks cut eight
/// at a time: a pytest line pads its `[ 10%]` column with dozens.
#[inline]
fn trim_end_padded(text: &[u8]) -> &[u8] {
    let mut len = text.len();
    while len >= 8 {
        let word = u64::from_le_bytes(text[len - 8..len].try_into().expect("8 bytes"));
        if word != EIGHT_BLANKS {
            break;
        }
        len -= 8;
    }
    text[..len].trim_ascii_end()
}

/// The parts of a status line that make its shape: indentation, leading status, and the
/// trailing form (raw; digits are masked when hashed or described).
#[derive(Clone, Copy)]
struct Shape<'l> {
    indent: usize,
    lead: &'l [u8],
    trail: &'l [u8],
}

fn first_word(t: &[u8]) -> (&[u8], &[u8]) {
    let end = find_byte(b' ', t).unwrap_or(t.len());
    (&t[..end], t[end..].trim_ascii_start())
}

/// [`first_word`] of `t` when it has at most `longest` bytes; `None` for a longer one, found
/// without searching past its first `longest + 1` bytes (a path or a test's name is often
/// long, and only short words can lead a status line).
fn short_first_word(t: &[u8], longest: usize) -> Option<(&[u8], &[u8])> {
    let head = &t[..t.len().min(longest + 1)];
    let end = match find_byte(b' ', head) {
        Some(end) => end,
        None if t.len() <= longest => t.len(),
        None => return None,
    };
    Some((&t[..end], t[end..].trim_ascii_start()))
}

/// Length of the longest of [`LEAD_WORDS`] and [`LEAD_PAIRS`].
const LONGEST_LEAD: usize = 7;

/// Bytes a status line without a leading status can end with: pytest's `[ 10%]` or the last
/// letter of a status word (`ok`, `PASSED`, `FAIL`, `skipped`, `ERROR`, …). Not `)`: a
/// duration alone makes no status line, and most lines of a verbose build end with one.
const TRAIL_LAST_BYTES: &[u8] = b"]kKDSLdPRE";

/// The shape of `line` when it reads as a status line: a known leading status, or a trailing
/// status word; `None` otherwise. Most lines of a large log are no status line, so the first
/// and last bytes decide most cases before any word is compared.
#[inline(always)]
fn shape_of(line: &[u8]) -> Option<Shape<'_>> {
    let t = trim(line);
    if t.len() < 4 {
        return None;
    }
    // Neither a possible leading status nor a possible trailing one: most lines of a log end
    // here, with two table lookups and no call.
    let (first, last) = (t[0], t[t.len() - 1]);
    if !may_lead(t, first) && !MAY_TRAIL[last as usize] {
        return None;
    }
    status_shape(line, t)
}

/// Whether trimmed `t` (starting with `first`) may start with a leading status: a glyph's
/// first byte, or the start of one of [`LEAD_WORDS`] or [`LEAD_PAIRS`]. `false` means
/// [`leading_status`] finds none.
#[inline(always)]
fn may_lead(t: &[u8], first: u8) -> bool {
    /// Every leading word and pair starts with one of these (`PASSED` with `PASS`, ...).
    static LEAD_STARTS: PrefixSet<11> = PrefixSet::new([
        b"ok", b"PASS", b"FAIL", b"SKIP", b"test", b"[PASS]", b"[OK]", b"[SKIP]", b"---", b"===",
        b"not",
    ]);
    first >= 0xc2 || LEAD_STARTS.starts(t)
}

/// [`shape_of`] of `line` (trimmed `t`, at least 4 bytes) past its quick rejection.
fn status_shape<'l>(line: &'l [u8], t: &'l [u8]) -> Option<Shape<'l>> {
    let lead = leading_status(t)?;
    if lead.is_empty() && !MAY_TRAIL[t[t.len() - 1] as usize] {
        return None;
    }
    let (trail, word_in_trail) = trailing_form(t, lead.len());
    let status_trail = word_in_trail || trail.split(|&b| b == b' ').any(is_status_word);
    if lead.is_empty() && !status_trail {
        return None;
    }
    // `test` starts too many ordinary lines: only with cargo's `... ok` form at the end.
    if lead == b"test" && !trail.starts_with(b"...") {
        return None;
    }
    Some(Shape {
        indent: indent_width(line),
        lead,
        trail,
    })
}

/// Table of the bytes in `set`, so a test is one lookup.
const fn byte_table(set: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut k = 0;
    while k < set.len() {
        table[set[k] as usize] = true;
        k += 1;
    }
    table
}

/// [`TRAIL_LAST_BYTES`] as a table.
static MAY_TRAIL: [bool; 256] = byte_table(TRAIL_LAST_BYTES);

/// First bytes of the leading words and pairs.
const LEAD_FIRST_BYTES: &[u8] = b"oPFSt[-=n";

/// The leading status of trimmed line `t`: a glyph, a status word, or a pair such as
/// `--- PASS:`; empty when there is none, `None` when the line starts like a pair but is none.
fn leading_status(t: &[u8]) -> Option<&[u8]> {
    let first = t[0];
    if first >= 0xc2 {
        let glyph = STATUS_GLYPHS
            .iter()
            .find(|g| t.starts_with(g.as_bytes()) && t.get(g.len()) == Some(&b' '));
        return Some(glyph.map_or(&[][..], |g| &t[..g.len()]));
    }
    if !LEAD_FIRST_BYTES.contains(&first) {
        return Some(&[]);
    }
    let Some((word, rest)) = short_first_word(t, LONGEST_LEAD) else {
        return Some(&[]);
    };
    if LEAD_WORDS.contains(&word) {
        return Some(word);
    }
    if !LEAD_PAIRS.contains(&word) {
        return Some(&[]);
    }
    // The second word is the status: `ok` after `not`, a capitalised word (`PASS:`, `RUN`)
    // after `---` or `===`.
    let (second, _) = first_word(rest);
    let status = second.strip_suffix(b":").unwrap_or(second);
    let is_status = if word == b"not" {
        status == b"ok"
    } else {
        !status.is_empty() && status.iter().all(u8::is_ascii_uppercase)
    };
    if !is_status {
        return None;
    }
    // Both words, with what separates them, as printed.
    let start = t.len() - rest.len();
    Some(&t[..start + second.len()])
}

/// The trailing duration or status form of `t` after its first `skip` bytes: a short
/// bracketed group holding a digit (`(0.1ms)`, `[ 10%]`, `(0.00s)`) with a status word
/// before it, or a final status word with a `...` before it; empty when there is none. Also
/// whether that status word is one of the trail's blank-separated words (then the caller
/// need not look for one).
fn trailing_form(t: &[u8], skip: usize) -> (&[u8], bool) {
    let body = &t[skip..];
    let mut start = body.len();
    if let Some(&close) = body.last() {
        let open = match close {
            b')' => Some(b'('),
            b']' => Some(b'['),
            _ => None,
        };
        // Only the last MAX_TRAIL_BYTES can hold the group: long lines are not scanned.
        let window = body.len().saturating_sub(MAX_TRAIL_BYTES);
        if let Some(open) = open.and_then(|o| memchr::memrchr(o, &body[window..])) {
            let group = &body[window + open..];
            if group.iter().any(u8::is_ascii_digit) {
                start = window + open;
            }
        }
    }
    // A status word right before (pytest `PASSED [ 10%]`), or as the last word (`... ok`).
    let before = trim_end_padded(&body[..start]);
    let window = before.len().saturating_sub(LONGEST_STATUS_WORD + 1);
    let word_start = memchr::memrchr(b' ', &before[window..]).map_or(0, |s| window + s + 1);
    let mut word_in_trail = false;
    if word_start > 0 && is_status_word(&before[word_start..]) {
        start = word_start;
        let rest = before[..word_start].trim_ascii_end();
        if rest.ends_with(b"...") {
            start = rest.len() - 3;
        }
        // A blank precedes the word; a blank or the end must follow it.
        word_in_trail = body.get(before.len()).is_none_or(|&b| b == b' ');
    }
    (&body[start..], word_in_trail)
}

/// Whether `a` and `b` are the same trail but for the digits in their places and the length
/// of each run of blanks (pytest pads its `[ 10%]` column to the test name's length): then they
/// have one [`Shape::key`] (digit runs are masked, blank runs left out, other bytes kept) and
/// one failure test (words are split at blank runs, and no failure word holds a digit).
fn same_but_digits(a: &[u8], b: &[u8]) -> bool {
    if same_bytes(a, b) {
        return true;
    }
    let (mut i, mut j) = (0usize, 0usize);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        if x == b' ' && y == b' ' {
            i += 1 + leading_blanks(&a[i + 1..]);
            j += 1 + leading_blanks(&b[j + 1..]);
        } else if x == y || x.is_ascii_digit() && y.is_ascii_digit() {
            i += 1;
            j += 1;
        } else {
            return false;
        }
    }
    i == a.len() && j == b.len()
}

impl Shape<'_> {
    /// True when the status reports a failure (`✖`, `FAILED`, `--- FAIL:`, `not ok`).
    fn fails(&self) -> bool {
        FAILURE_GLYPHS.iter().any(|g| self.lead == g.as_bytes())
            || has_failure_word(self.lead)
            || has_failure_word(self.trail)
    }

    /// Hash of the shape: indentation, lead, and the trail with digit runs masked and blanks
    /// left out (`[  9%]` and `[ 10%]` are one form).
    fn key(&self) -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64 ^ (self.indent.min(32) as u64);
        let mut feed = |b: u8| hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        self.lead.iter().for_each(|&b| feed(b));
        feed(0);
        let mut in_digits = false;
        let trail = self.trail;
        let mut k = 0;
        while k < trail.len() {
            let b = trail[k];
            k += 1;
            if b == b' ' {
                in_digits = false;
                // Padding (pytest's column before `[ 10%]`) is skipped eight blanks at a time.
                while trail[k..].starts_with(&[b' '; 8]) {
                    k += 8;
                }
                continue;
            }
            if b.is_ascii_digit() || (in_digits && b == b'.') {
                if !in_digits {
                    feed(b'#');
                }
                in_digits = true;
                continue;
            }
            in_digits = false;
            feed(b);
        }
        hash
    }

    /// Marker text: `✔ <*> (<*>ms)`.
    fn text(&self) -> String {
        let mut out = String::from_utf8_lossy(self.lead).into_owned();
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str("<*>");
        if !self.trail.is_empty() {
            out.push(' ');
            let mut in_digits = false;
            for ch in String::from_utf8_lossy(self.trail).chars() {
                if ch.is_ascii_digit() || (in_digits && ch == '.') {
                    if !in_digits {
                        out.push_str("<*>");
                    }
                    in_digits = true;
                    continue;
                }
                in_digits = false;
                // Blanks collapse: pytest pads its `[ 10%]` column.
                if (ch == ' ' && out.ends_with(' ')) || ch == '"' {
                    continue;
                }
                out.push(ch);
            }
        }
        out
    }
}

/// Gives every line of a frequent status shape that shape's own template (appended to the
/// template ids, with its count; the lines' old templates lose them). Only test and log
/// output. A status line's signal comes from its status, not from the words of the test's
/// name: a failing status is an error, and a passing one is no error or warning. Failing
/// lines and lines with a summary signal keep their template. Returns whether any shape was
/// merged.
pub(super) fn merge_status_runs(
    lines: &Lines<'_>,
    kind: ContentKind,
    flags: &mut [LineFlags],
    templates: &mut Templates,
) -> bool {
    if !matches!(kind, ContentKind::Test | ContentKind::Log) {
        return false;
    }
    // One read of the lines: each status line's signal from its status, every shape's count
    // and first line, and the shape of each template's lines (2 bytes per template: shapes
    // are at most MAX_SHAPES, so no per-line list is kept).
    let mut shape_index: HashMap<u64, u16, PreHashed> = HashMap::default();
    let mut shapes: Vec<(u32, usize)> = Vec::new();
    let mut template_shape: Vec<u16> = vec![0; templates.counts.len()];
    // The last status line's indent, lead and trail with their failure test and key:
    // consecutive status lines often share them but for digits (cargo's `... ok`, pytest's
    // `PASSED [  9%]` and `PASSED [ 10%]`), and a compare costs less than both.
    let mut memo: Option<(Shape<'_>, bool, u64)> = None;
    for (i, line) in lines.texts.indexed() {
        let Some(shape) = shape_of(line) else {
            continue;
        };
        let (fails, key) = match memo {
            Some((last, fails, key))
                if last.indent == shape.indent
                    && same_bytes(last.lead, shape.lead)
                    && same_but_digits(last.trail, shape.trail) =>
            {
                (fails, key)
            }
            _ => {
                let (fails, key) = (shape.fails(), shape.key());
                memo = Some((shape, fails, key));
                (fails, key)
            }
        };
        if fails {
            flags[i].set_signal(Signal::Error);
            continue;
        }
        // A verdict stays one. Any other keyword on a line with a leading status came from
        // the test's name; a line with only a trailing status word (`… backup skipped`) may
        // be an ordinary log record and keeps its signal and its template.
        match refine_signal(flags[i].signal(), line) {
            Signal::Summary => continue,
            Signal::Error | Signal::Warning if shape.lead.is_empty() => continue,
            _ => flags[i].set_signal(Signal::None),
        }
        let k = match shape_index.get(&key) {
            Some(&k) => k,
            None if shapes.len() < MAX_SHAPES => {
                shapes.push((0, i));
                let k = shapes.len() as u16;
                shape_index.insert(key, k);
                k
            }
            None => continue,
        };
        shapes[k as usize - 1].0 += 1;
        template_shape[templates.of(i) as usize] = k;
    }
    // Frequent shapes get template ids in order of their first line.
    let mut merged: Vec<u32> = vec![0; shapes.len() + 1];
    let mut any = false;
    for (k, &(count, first)) in shapes.iter().enumerate() {
        if count < MIN_SHAPE_LINES {
            continue;
        }
        let Some(shape) = shape_of(&lines.texts[first]) else {
            continue;
        };
        let id = templates.counts.len() as u32;
        templates.counts.push(0);
        templates.shape_texts.push((id, shape.text()));
        merged[k + 1] = id;
        any = true;
    }
    if !any {
        return false;
    }
    // Failing lines now carry an error signal, and lines that kept a signal stay apart.
    for (i, flag) in flags.iter().enumerate() {
        if flag.signal() != Signal::None {
            continue;
        }
        let old = templates.of(i) as usize;
        let id = template_shape.get(old).map_or(0, |&k| merged[k as usize]);
        if id != 0 {
            templates.counts[old] -= 1;
            templates.counts[id as usize] += 1;
            templates.ids.set(i, id);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(line: &str) -> Option<u64> {
        shape_of(line.as_bytes()).map(|s| s.key())
    }

    /// Trails the memo takes for one another (digits changed in place, blank runs of other
    /// lengths) have one key and one failure test, so the memo answers as computing both would.
    #[test]
    fn trails_differing_in_digits_share_key_and_failure() {
        let mut next = crate::compact::select::xorshift(0x1234_5678_9abc_def1u64);
        let pieces: &[&[u8]] = &[
            b"PASSED",
            b"FAIL",
            b"FAILED:",
            b"ok",
            b" ",
            b"        ",
            b"[",
            b"]",
            b"(",
            b")",
            b"%",
            b"1",
            b"42",
            b"0.5",
            b".",
            b"ms",
            b"ERROR",
            b"x9",
            b"9x",
            b":",
        ];
        let mut same = 0;
        for _ in 0..3000 {
            let trail: Vec<u8> = (0..(next() % 10))
                .flat_map(|_| {
                    pieces[(next() % pieces.len() as u64) as usize]
                        .iter()
                        .copied()
                })
                .collect();
            let other: Vec<u8> = trail
                .iter()
                .flat_map(|&b| {
                    let b = if b.is_ascii_digit() && next().is_multiple_of(2) {
                        b'0' + (next() % 10) as u8
                    } else {
                        b
                    };
                    // A blank may become a run of blanks.
                    let times = if b == b' ' {
                        1 + (next() % 12) as usize
                    } else {
                        1
                    };
                    std::iter::repeat_n(b, times)
                })
                .collect();
            assert!(same_but_digits(&trail, &other));
            let shape = |trail| Shape {
                indent: 2,
                lead: b"",
                trail,
            };
            let (a, b) = (shape(&trail[..]), shape(&other[..]));
            assert_eq!(a.key(), b.key(), "{trail:?} {other:?}");
            assert_eq!(a.fails(), b.fails(), "{trail:?} {other:?}");
            same += usize::from(trail != other);
        }
        assert!(same > 100);
        assert!(!same_but_digits(b"[ 10%]", b"[10 %]"));
        assert!(!same_but_digits(b"(1.5ms)", b"(1 5ms)"));
        assert!(!same_but_digits(b"ok 1", b"ok a"));
        assert!(!same_but_digits(b"ok 1", b"ok1"));
        assert!(!same_but_digits(b"ok 1", b"ok 1 "));
        assert!(same_but_digits(b"PASSED    [ 19%]", b"PASSED [ 10%]"));
    }

    #[test]
    fn lead_tables_hold_the_first_bytes_of_every_lead() {
        for word in LEAD_WORDS.iter().chain(LEAD_PAIRS) {
            assert!(LEAD_FIRST_BYTES.contains(&word[0]), "{word:?}");
        }
        for glyph in STATUS_GLYPHS {
            assert!(glyph.as_bytes()[0] >= 0xc2, "{glyph}");
        }
        // Each leading word and pair, alone or with a name after it, may lead.
        for word in LEAD_WORDS.iter().chain(LEAD_PAIRS) {
            for tail in ["", " name", ": x"] {
                let t = [word, tail.as_bytes()].concat();
                assert!(may_lead(&t, t[0]), "{t:?}");
            }
        }
        for other in ["warning: x", "-->", "== x", "nope", "o k", "[PAS]"] {
            assert!(!may_lead(other.as_bytes(), other.as_bytes()[0]), "{other}");
        }
        for &b in TRAIL_LAST_BYTES {
            assert!(MAY_TRAIL[b as usize]);
        }
        assert_eq!(
            MAY_TRAIL.iter().filter(|&&x| x).count(),
            TRAIL_LAST_BYTES.len()
        );
    }

    /// What `has_failure_word` answered when it split `text` on every blank.
    fn has_failure_word_by_split(text: &[u8]) -> bool {
        text.split(|&b| b == b' ').any(|word| {
            let word = word.strip_suffix(b":").unwrap_or(word);
            (3..=LONGEST_FAILURE_WORD).contains(&word.len()) && FAILURE_WORDS.contains(&word)
        })
    }

    #[test]
    fn padding_is_skipped_as_a_byte_loop_would() {
        let pads = [
            "",
            " ",
            "  ",
            "       ",
            "        ",
            "         ",
            &" ".repeat(17),
        ];
        let words = [
            "FAILED", "FAIL:", "PASSED", "[  9%]", "not", "x", "ERRORS", "\tERROR",
            // Words whose packed bytes could pass for a failure word's without the length.
            "FAIL\0", "not\0\0", "FAI", "Error:", "xfail",
        ];
        for pad in pads {
            for a in words {
                for b in words {
                    for text in [
                        format!("{a}{pad}{b}"),
                        format!("{pad}{a}{pad}"),
                        format!("{a}{pad}"),
                    ] {
                        let bytes = text.as_bytes();
                        assert_eq!(
                            has_failure_word(bytes),
                            has_failure_word_by_split(bytes),
                            "{text:?}"
                        );
                        assert_eq!(trim_end_padded(bytes), bytes.trim_ascii_end(), "{text:?}");
                        let blanks = bytes.iter().take_while(|&&b| b == b' ').count();
                        assert_eq!(leading_blanks(bytes), blanks, "{text:?}");
                        if let Some((word, rest)) = short_first_word(bytes, LONGEST_LEAD) {
                            assert_eq!((word, rest), first_word(bytes), "{text:?}");
                        } else {
                            assert!(first_word(bytes).0.len() > LONGEST_LEAD, "{text:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn longest_status_word_is_right() {
        let longest = STATUS_WORDS.iter().map(|w| w.len()).max();
        assert_eq!(longest, Some(LONGEST_STATUS_WORD));
        let longest_lead = LEAD_WORDS.iter().chain(LEAD_PAIRS).map(|w| w.len()).max();
        assert_eq!(longest_lead, Some(LONGEST_LEAD));
        let lengths = FAILURE_WORDS.iter().map(|w| w.len());
        assert_eq!(lengths.clone().max(), Some(LONGEST_FAILURE_WORD));
        assert_eq!(lengths.min(), Some(3));
    }

    #[test]
    fn one_shape_per_runner_whatever_the_name() {
        let same = [
            (
                "  ✔ adds two numbers (0.1ms)",
                "  ✔ parses the config file (12.75ms)",
            ),
            (
                "  ✓ renders the header (3 ms)",
                "  ✓ keeps state on reload (15 ms)",
            ),
            (
                "test parser::tests::empty ... ok",
                "test lexer::keeps_spans ... ok",
            ),
            (
                "--- PASS: TestRoundTrip (0.00s)",
                "--- PASS: TestParseHeader (1.25s)",
            ),
            (
                "tests/test_cart.py::test_total PASSED   [  9%]",
                "tests/test_api.py::test_login_redirects PASSED [ 10%]",
            ),
            ("ok 3 - adds numbers", "ok 140 - keeps the order of keys"),
        ];
        for (a, b) in same {
            assert!(key(a).is_some(), "{a}");
            assert_eq!(key(a), key(b), "{a} / {b}");
        }
    }

    #[test]
    fn status_and_indentation_make_different_shapes() {
        assert_ne!(key("  ✔ a b (1ms)"), key("  ✖ a b (1ms)"));
        assert_ne!(key("  ✔ a b (1ms)"), key("✔ a b (1ms)"));
        assert_ne!(key("test a ... ok"), key("test a ... FAILED"));
        assert_ne!(
            key("--- PASS: TestA (0.00s)"),
            key("--- FAIL: TestA (0.00s)")
        );
    }

    #[test]
    fn ordinary_lines_have_no_shape() {
        for line in [
            "Compiling serde v1.0.0",
            "test result: ok. 3 passed",
            "testing the waters",
            "the build took (3.2s)",
            "- item one of a list",
            "ok",
            "--- something failed while loading",
            "not the droid you want (3.1s)",
        ] {
            assert!(key(line).is_none(), "{line}");
        }
    }

    #[test]
    fn failing_statuses_are_told_apart() {
        for line in [
            "  ✖ rounds half cents (0.3ms)",
            "  ✕ renders (5 ms)",
            "test a::b ... FAILED",
            "--- FAIL: TestA (0.00s)",
            "tests/a.py::test_b FAILED [ 50%]",
            "not ok 3 - adds",
        ] {
            assert!(shape_of(line.as_bytes()).unwrap().fails(), "{line}");
        }
        for line in [
            "  ✔ reports an error total (0.3ms)",
            "=== RUN   TestErrorTotal",
            "--- SKIP: TestA (0.00s)",
            "ok 3 - error handling",
        ] {
            assert!(!shape_of(line.as_bytes()).unwrap().fails(), "{line}");
        }
    }

    #[test]
    fn a_log_record_ending_in_a_status_word_keeps_its_warning() {
        // Hits of the keyword scan are set by hand here: the scan itself is tested elsewhere.
        let text: String = (0..12)
            .map(|i| format!("[WARN] disk {i} almost full, backup skipped\n"))
            .collect();
        let index = super::super::super::lines::LineIndex::new(text.as_bytes(), usize::MAX);
        let texts = super::super::line_texts::LineTexts::of(text.as_bytes(), &index, None);
        let lines = Lines::new(texts, false, text.len());
        let mut flags = vec![LineFlags::INITIAL; 12];
        flags.iter_mut().for_each(|f| f.set_signal(Signal::Warning));
        let (ids, counts) = super::super::templates::intern_narrow(&lines.texts, &|_| 0, None);
        let mut templates = Templates::new(ids, counts);
        merge_status_runs(&lines, ContentKind::Log, &mut flags, &mut templates);
        assert!(flags.iter().all(|f| f.signal() == Signal::Warning));
    }

    #[test]
    fn marker_text_masks_numbers() {
        let shape = shape_of("  ✔ adds two numbers (0.1ms)".as_bytes()).unwrap();
        assert_eq!(shape.text(), "✔ <*> (<*>ms)");
        let shape = shape_of(b"test a::b ... ok").unwrap();
        assert_eq!(shape.text(), "test <*> ... ok");
        let shape = shape_of(b"tests/a.py::test_b PASSED          [  9%]").unwrap();
        assert_eq!(shape.text(), "<*> PASSED [ <*>%]");
    }
}
