//! Keyword signals: which lines report an error, a warning or a summary, found by one scan over
//! the whole input.
//!
//! The scan has two steps. A filter, 64 positions per step (two AVX2 vectors), marks every position whose
//! next four bytes could begin a keyword: the keywords are in eight groups, and a position passes
//! when, for some group, each of its four bytes is one that group allows there. A byte is looked
//! up by its two halves (one shuffle each), so a group allows a few more bytes than its keywords
//! hold; casing variants (`error`, `Error`, `ERROR`) share a group, which adds few bytes since
//! they differ in one bit. Each candidate is then checked exactly against the keywords that start
//! with its byte, in list order. Without AVX2 the same filter runs byte by byte from tables.
//! All tables are built at compile time, so nothing is set up when the first input comes.
//!
//! Matches follow leftmost-first rules: the earliest position where a keyword matches, and
//! there the keyword listed first; the next search starts after the match (matches never
//! overlap), as an Aho-Corasick leftmost-first search would. CPUs without AVX2 use such an
//! automaton instead: there the filter would run byte by byte from tables, slower than the
//! automaton's own SIMD prefilter.
// The block filter (`KeywordSearch`) ran in production only behind the AVX2 step, removed for
// issue 27; the automaton is the scan now, and the filter stays as the tests' second reference
// until it is deleted or given a safe vector step.
#![cfg_attr(not(test), allow(dead_code))]
// Off x86-64 only the tests run the filter.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use super::signals::Signal;

/// Keywords with the signal they carry. Casing variants are listed instead of matching
/// case-insensitively, which avoids hits like "Terrorist". A new keyword's first four bytes
/// (case folded) must be added to one of the [`GROUPS`]; the build fails otherwise.
const KEYWORDS: &[(&str, Signal)] = &[
    ("error", Signal::Error),
    ("Error", Signal::Error),
    ("ERROR", Signal::Error),
    ("ERR!", Signal::Error),
    ("fail", Signal::Error),
    ("Fail", Signal::Error),
    ("FAIL", Signal::Error),
    ("panic", Signal::Error),
    ("Traceback", Signal::Error),
    ("Exception", Signal::Error),
    ("exception", Signal::Error),
    ("fatal", Signal::Error),
    // TAP's failed test ("Fatal error" is caught by "error").
    ("not ok ", Signal::Error),
    ("FATAL", Signal::Error),
    ("assert", Signal::Error),
    // Node's test runner and mocha mark a failed test with ✖ (an "AssertionError" is already
    // caught by "Error", so "Assert" needs no entry of its own).
    ("\u{2716}", Signal::Error), // ✖
    ("Expected", Signal::Error),
    ("Received", Signal::Error),
    ("left:", Signal::Error),
    ("right:", Signal::Error),
    ("\u{25cf} ", Signal::Error), // ● jest failure header
    ("\u{2715}", Signal::Error),  // ✕
    ("\u{2717}", Signal::Error),  // ✗
    ("\u{2718}", Signal::Error),  // ✘
    ("not found", Signal::Error),
    ("No such file", Signal::Error),
    ("denied", Signal::Error),
    ("refused", Signal::Error),
    ("nsupported", Signal::Error),
    ("undefined reference", Signal::Error),
    ("undeclared", Signal::Error),
    ("cannot ", Signal::Error),
    ("Cannot ", Signal::Error),
    ("could not", Signal::Error),
    ("Could not", Signal::Error),
    ("couldn't", Signal::Error),
    ("nable to", Signal::Error),
    ("timed out", Signal::Error),
    ("Segmentation fault", Signal::Error),
    ("Aborted", Signal::Error),
    ("***", Signal::Error),
    ("aused by", Signal::Error),
    ("\" 4", Signal::Error), // HTTP access log status 4xx, validated below
    ("\" 5", Signal::Error), // HTTP access log status 5xx, validated below
    ("warning", Signal::Warning),
    ("Warning", Signal::Warning),
    ("WARN", Signal::Warning),
    ("eprecat", Signal::Warning),
    ("test result", Signal::Summary),
    ("Tests: ", Signal::Summary),
    ("Test Suites:", Signal::Summary),
    (" passed", Signal::Summary),
    ("uccessfully", Signal::Summary),
    ("Finished", Signal::Summary),
    ("BUILD ", Signal::Summary),
    ("Found ", Signal::Summary),
    (" total", Signal::Summary),
    ("exit code", Signal::Summary),
    ("Summary", Signal::Summary),
    ("summary", Signal::Summary),
    ("added ", Signal::Summary),
    ("up to date", Signal::Summary),
    ("Doc-tests", Signal::Summary),
    ("Created ", Signal::Summary),
];

/// The keywords' first four bytes (case folded, shorter keywords whole), in eight groups: a
/// filter bit each. The grouping decides how many positions pass the filter without starting a
/// keyword; this one was chosen by moving prefixes between groups while fewer positions of both
/// corpora passed (1.0% pass; the first grouping tried let 1.2% through).
const GROUPS: [&[&str]; 8] = [
    &["abor", "adde", "cann", "fail", "fata"],
    &["asse", "ause", "coul", "deni", "doc-", "fini", "foun"],
    &["crea", "epre", "err!", "erro", "exit", "left"],
    &[" tot", "exce", "nabl", "pani"],
    &["no s", "not ", "nsup", "warn"],
    &[
        " pas", "rece", "refu", "righ", "segm", "summ", "time", "trac",
    ],
    &["expe", "test", "ucce", "unde", "up t"],
    // The keywords shorter than four bytes allow any fourth byte, so they share a group.
    &[
        "\" 4",
        "\" 5",
        "***",
        "buil",
        "\u{25cf} ",
        "\u{2715}",
        "\u{2716}",
        "\u{2717}",
        "\u{2718}",
    ],
];

/// Bytes of a keyword the filter looks at.
const FILTER_BYTES: usize = 4;

/// Folds ASCII case for grouping keywords (it also merges some other bytes, which only makes
/// group entries match more keywords).
const fn fold(b: u8) -> u8 {
    b | 0x20
}

/// True when the first [`FILTER_BYTES`] of `a` and `b` (or all of them, if shorter) are equal
/// after folding.
const fn same_folded_prefix(a: &[u8], b: &[u8]) -> bool {
    let len = if a.len() < FILTER_BYTES {
        a.len()
    } else {
        FILTER_BYTES
    };
    let b_len = if b.len() < FILTER_BYTES {
        b.len()
    } else {
        FILTER_BYTES
    };
    if len != b_len {
        return false;
    }
    let mut i = 0;
    while i < len {
        if fold(a[i]) != fold(b[i]) {
            return false;
        }
        i += 1;
    }
    true
}

/// The group holding `keyword`'s folded prefix; fails the build when none does.
const fn group_of(keyword: &[u8]) -> usize {
    let mut group = 0;
    while group < GROUPS.len() {
        let mut i = 0;
        while i < GROUPS[group].len() {
            if same_folded_prefix(GROUPS[group][i].as_bytes(), keyword) {
                return group;
            }
            i += 1;
        }
        group += 1;
    }
    panic!("a keyword's first four bytes are in no filter group")
}

/// Per filter byte (0..4), the groups that allow a byte by its low half (`low`) and by its high
/// half (`high`); a byte is allowed by the groups in both. The tables hold the keywords' own
/// bytes, not folded ones: where a group has several casings of a letter both are allowed, and
/// where it has one (` passed`, `assert`) the other casing is not a candidate.
struct FilterTables {
    low: [[u8; 16]; FILTER_BYTES],
    high: [[u8; 16]; FILTER_BYTES],
}

/// The filter's tables, from [`KEYWORDS`] and [`GROUPS`].
const FILTER: FilterTables = {
    let mut tables = FilterTables {
        low: [[0; 16]; FILTER_BYTES],
        high: [[0; 16]; FILTER_BYTES],
    };
    let mut k = 0;
    while k < KEYWORDS.len() {
        let keyword = KEYWORDS[k].0.as_bytes();
        let bit = 1u8 << group_of(keyword);
        let mut i = 0;
        while i < FILTER_BYTES {
            if i < keyword.len() {
                let b = keyword[i];
                tables.low[i][(b & 0xf) as usize] |= bit;
                tables.high[i][(b >> 4) as usize] |= bit;
            } else {
                // A short keyword allows any byte after its end.
                let mut half = 0;
                while half < 16 {
                    tables.low[i][half] |= bit;
                    tables.high[i][half] |= bit;
                    half += 1;
                }
            }
            i += 1;
        }
        k += 1;
    }
    tables
};

/// A keyword as the exact check sees it: its first eight bytes as a little-endian number, the
/// mask of the bytes it has (so most checks are one load and one comparison) and its index in
/// [`KEYWORDS`].
#[derive(Clone, Copy)]
struct KeywordHead {
    value: u64,
    mask: u64,
    keyword: u8,
}

/// The keywords ordered by first byte, keeping list order among those with the same first
/// byte; [`BY_FIRST_BYTE`] gives each byte's run.
static HEADS: [KeywordHead; KEYWORDS.len()] = {
    assert!(KEYWORDS.len() <= 255);
    let mut heads = [KeywordHead {
        value: 0,
        mask: 0,
        keyword: 0,
    }; KEYWORDS.len()];
    let mut filled = 0;
    let mut first = 0;
    while first < 256 {
        let mut k = 0;
        while k < KEYWORDS.len() {
            let keyword = KEYWORDS[k].0.as_bytes();
            if keyword[0] as usize == first {
                let mut i = 0;
                while i < keyword.len() && i < 8 {
                    heads[filled].value |= (keyword[i] as u64) << (8 * i);
                    heads[filled].mask |= 0xff << (8 * i);
                    i += 1;
                }
                heads[filled].keyword = k as u8;
                filled += 1;
            }
            k += 1;
        }
        first += 1;
    }
    heads
};

/// Per byte value, the run of [`HEADS`] (start, end) whose keywords start with it.
static BY_FIRST_BYTE: [(u8, u8); 256] = {
    let mut runs = [(0u8, 0u8); 256];
    let mut at = 0;
    while at < HEADS.len() {
        let first = KEYWORDS[HEADS[at].keyword as usize].0.as_bytes()[0] as usize;
        if runs[first].1 == 0 {
            runs[first].0 = at as u8;
        }
        runs[first].1 = at as u8 + 1;
        at += 1;
    }
    runs
};

/// The first keyword (in list order) that `text` has at `at`, with its length.
#[inline(always)]
fn keyword_at(text: &[u8], at: usize) -> Option<(usize, usize)> {
    let (start, end) = BY_FIRST_BYTE[text[at] as usize];
    let heads = &HEADS[start as usize..end as usize];
    let rest = &text[at..];
    if let Some(bytes) = rest.get(..8) {
        let value = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        for head in heads {
            if value & head.mask == head.value {
                let keyword = KEYWORDS[head.keyword as usize].0.as_bytes();
                if keyword.len() <= 8 || rest[8..].starts_with(&keyword[8..]) {
                    return Some((head.keyword as usize, keyword.len()));
                }
            }
        }
        return None;
    }
    heads.iter().find_map(|head| {
        let keyword = KEYWORDS[head.keyword as usize].0.as_bytes();
        rest.starts_with(keyword)
            .then_some((head.keyword as usize, keyword.len()))
    })
}

/// Positions per filter step: two AVX2 vectors, so that the loop over blocks without
/// candidates tests both at once (one `vptest`) and pays its own overhead once per 64 bytes.
const BLOCK: usize = 64;
/// Candidate bits of one block's positions.
type Mask = u64;
/// Bytes a filter step reads: each of its positions and the three bytes after.
const BLOCK_READ: usize = BLOCK + FILTER_BYTES - 1;

/// Candidate bits of the positions `at..at + BLOCK` of `text` (bit `i` for `at + i`); the
/// filter needs `BLOCK_READ` bytes from `at`. Positions past the end of `text` are clear.
#[inline(always)]
fn candidates_at(text: &[u8], at: usize, step: impl Fn(&[u8; BLOCK_READ]) -> Mask) -> Mask {
    match text.get(at..at + BLOCK_READ) {
        Some(bytes) => step(bytes.try_into().expect("BLOCK_READ bytes")),
        None => {
            // The last positions: zero-padded, so they read as if spaces followed.
            let mut padded = [0u8; BLOCK_READ];
            let tail = &text[at..];
            padded[..tail.len()].copy_from_slice(tail);
            let mask = step(&padded);
            if tail.len() < BLOCK {
                mask & ((1 << tail.len()) - 1)
            } else {
                mask
            }
        }
    }
}

/// The filter step from the tables, byte by byte: the reference for the SIMD step.
#[cfg(test)]
fn candidates_portable(bytes: &[u8; BLOCK_READ]) -> Mask {
    let allowed =
        |i: usize, b: u8| FILTER.low[i][(b & 0xf) as usize] & FILTER.high[i][(b >> 4) as usize];
    let mut mask: Mask = 0;
    for at in 0..BLOCK {
        let groups = allowed(0, bytes[at])
            & allowed(1, bytes[at + 1])
            & allowed(2, bytes[at + 2])
            & allowed(3, bytes[at + 3]);
        mask |= Mask::from(groups != 0) << at;
    }
    mask
}

/// Signal of every line, from one keyword scan over `text` (the whole input, or one cleaned
/// line) holding `lines` lines; `line_start(i)` is where line `i` starts in `text`.
pub(crate) fn scan_signals<S: SignalSlot>(
    text: &[u8],
    lines: usize,
    line_start: impl Fn(usize) -> usize,
    out: &mut [S],
) {
    if lines == 0 || text.is_empty() {
        return;
    }
    scan_signals_with(text, lines, line_start, out, AutomatonSearch::new(text));
}

/// A source of leftmost-first keyword hits in one text.
trait NextKeyword {
    /// The first keyword hit starting at or after `pos`: its start, keyword index and end.
    /// `pos` must not be less than the previous call's.
    fn next_from(&mut self, pos: usize) -> Option<(usize, usize, usize)>;
}

/// Hits from an Aho-Corasick automaton of the keywords (built once per process), for CPUs
/// without AVX2.
struct AutomatonSearch<'a> {
    text: &'a [u8],
    automaton: &'static aho_corasick::AhoCorasick,
}

impl<'a> AutomatonSearch<'a> {
    fn new(text: &'a [u8]) -> Self {
        static AUTOMATON: std::sync::OnceLock<aho_corasick::AhoCorasick> =
            std::sync::OnceLock::new();
        let automaton = AUTOMATON.get_or_init(|| {
            aho_corasick::AhoCorasick::builder()
                .match_kind(aho_corasick::MatchKind::LeftmostFirst)
                .kind(Some(aho_corasick::AhoCorasickKind::DFA))
                .build(KEYWORDS.iter().map(|k| k.0))
                .expect("static keyword list builds")
        });
        AutomatonSearch { text, automaton }
    }
}

impl NextKeyword for AutomatonSearch<'_> {
    fn next_from(&mut self, pos: usize) -> Option<(usize, usize, usize)> {
        let input = aho_corasick::Input::new(self.text).range(pos..);
        let hit = self.automaton.find(input)?;
        Some((hit.start(), hit.pattern().as_usize(), hit.end()))
    }
}

/// Leftmost-first keyword matches in `text`, from any position on, with `step` as the filter
/// step.
struct KeywordSearch<'a, Step> {
    text: &'a [u8],
    step: Step,
    /// Candidates of the positions `block..block + BLOCK` not yet passed.
    block: usize,
    candidates: Mask,
}

impl<'a, Step: Fn(&[u8; BLOCK_READ]) -> Mask + Copy> KeywordSearch<'a, Step> {
    #[inline(always)]
    fn new(text: &'a [u8], step: Step) -> Self {
        KeywordSearch {
            text,
            step,
            block: 0,
            candidates: candidates_at(text, 0, step),
        }
    }

    #[inline(always)]
    fn next_hit(&mut self, pos: usize) -> Option<(usize, usize, usize)> {
        if pos >= self.block + BLOCK {
            self.block = pos;
            self.candidates = candidates_at(self.text, pos, self.step);
        } else {
            self.candidates &= Mask::MAX << (pos - self.block);
        }
        loop {
            if self.candidates == 0 {
                self.next_block()?;
            }
            let at = self.block + self.candidates.trailing_zeros() as usize;
            self.candidates &= self.candidates - 1;
            if let Some((keyword, len)) = keyword_at(self.text, at) {
                return Some((at, keyword, at + len));
            }
        }
    }

    /// Moves to the next block with candidates; `None` at the end of the text. Most blocks
    /// have none, so this is its own small loop, which keeps the filter's tables in registers.
    #[inline(always)]
    fn next_block(&mut self) -> Option<()> {
        let text = self.text;
        let mut block = self.block + BLOCK;
        while block + BLOCK_READ <= text.len() {
            let bytes: &[u8; BLOCK_READ] = text[block..block + BLOCK_READ]
                .try_into()
                .expect("BLOCK_READ bytes");
            let candidates = (self.step)(bytes);
            if candidates != 0 {
                self.block = block;
                self.candidates = candidates;
                return Some(());
            }
            block += BLOCK;
        }
        // The last positions, fewer than `BLOCK_READ` bytes from the end.
        while block < text.len() {
            let candidates = candidates_at(text, block, self.step);
            if candidates != 0 {
                self.block = block;
                self.candidates = candidates;
                return Some(());
            }
            block += BLOCK;
        }
        None
    }
}

impl<Step: Fn(&[u8; BLOCK_READ]) -> Mask + Copy> NextKeyword for KeywordSearch<'_, Step> {
    #[inline(always)]
    fn next_from(&mut self, pos: usize) -> Option<(usize, usize, usize)> {
        self.next_hit(pos)
    }
}

/// The scan of a non-empty `text` with at least one line, taking its hits from `search`.
#[inline(always)]
fn scan_signals_with<S: SignalSlot>(
    text: &[u8],
    lines: usize,
    line_start: impl Fn(usize) -> usize,
    out: &mut [S],
    mut search: impl NextKeyword,
) {
    let mut line = 0usize;
    let mut pos = 0usize;
    while let Some((at, keyword, end)) = search.next_from(pos) {
        pos = end;
        while line + 1 < lines && line_start(line + 1) <= at {
            line += 1;
        }
        let (keyword, signal) = KEYWORDS[keyword];
        if signal <= out[line].signal() {
            continue;
        }
        if keyword.starts_with('"') && !is_http_error_status(text, at) {
            continue;
        }
        if signal == Signal::Summary
            && text
                .get(pos)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            // A summary word is a whole word: ` total` in `totalCartM000` or `totals` is a
            // name or prose, and a build that lists hundreds of them has no hundred summaries.
            continue;
        }
        if signal != Signal::Summary && (in_option_word(text, at) || in_identifier(text, at, pos)) {
            // `--error-format=json`, `-Werror`, `cfg(no_core_error)`, `fail_fast`: options and
            // identifiers, not a report.
            continue;
        }
        out[line].set_signal(signal);
        if signal == Signal::Error {
            // Nothing outranks an error: skip the rest of this line.
            if line + 1 < lines {
                pos = pos.max(line_start(line + 1));
            } else {
                return;
            }
        }
    }
}

/// Confirms an HTTP access log status (`" 404 `) rather than any quote followed by a digit.
fn is_http_error_status(text: &[u8], at: usize) -> bool {
    let digits = &text[at + 2..];
    digits.len() >= 3
        && digits[..3].iter().all(u8::is_ascii_digit)
        && digits.get(3).is_none_or(|b| *b == b' ' || *b == b'\r')
}

/// True when the keyword `text[at..end]` is part of a snake_case identifier.
fn in_identifier(text: &[u8], at: usize, end: usize) -> bool {
    (at > 0 && text[at - 1] == b'_') || text.get(end) == Some(&b'_')
}

/// True when the word holding byte `at` of `text` is a command-line option (starts with `-`).
fn in_option_word(text: &[u8], at: usize) -> bool {
    let from = at.saturating_sub(48);
    let start = text[from..at]
        .iter()
        .rposition(|&b| b == b' ' || b == b'\t' || b == b'\n' || b == b'`' || b == b'"')
        .map_or(from, |p| from + p + 1);
    text.get(start) == Some(&b'-')
        && text
            .get(start + 1)
            .is_some_and(|&b| b == b'-' || b.is_ascii_alphabetic())
}

/// Where [`scan_signals`] records a line's signal: a plain [`Signal`], or a field of a caller's
/// packed per-line state (so no separate signal vector is needed).
pub(crate) trait SignalSlot {
    fn signal(&self) -> Signal;
    fn set_signal(&mut self, signal: Signal);
}

impl SignalSlot for Signal {
    fn signal(&self) -> Signal {
        *self
    }
    fn set_signal(&mut self, signal: Signal) {
        *self = signal;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Signals of every line of `text` by the plain method: at each position from the search
    /// start, every keyword in list order; the first that matches is the hit, the next search
    /// starts after it, and the same rules as [`scan_signals`] accept or reject it.
    fn reference_signals(text: &[u8]) -> Vec<Signal> {
        let starts: Vec<usize> = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', text).map(|i| i + 1))
            .filter(|&s| s < text.len() || s == 0)
            .collect();
        let line_of = |at: usize| starts.iter().rposition(|&s| s <= at).unwrap_or(0);
        let mut signals = vec![Signal::None; starts.len()];
        let mut pos = 0;
        while pos < text.len() {
            let hit = (pos..text.len()).find_map(|at| {
                KEYWORDS
                    .iter()
                    .find(|(keyword, _)| text[at..].starts_with(keyword.as_bytes()))
                    .map(|&(keyword, signal)| (at, keyword, signal))
            });
            let Some((at, keyword, signal)) = hit else {
                break;
            };
            let end = at + keyword.len();
            pos = end;
            let line = line_of(at);
            let whole_word = !text
                .get(end)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
            let accepted = signal > signals[line]
                && (!keyword.starts_with('"') || is_http_error_status(text, at))
                && if signal == Signal::Summary {
                    whole_word
                } else {
                    !in_option_word(text, at) && !in_identifier(text, at, end)
                };
            if accepted {
                signals[line] = signal;
                if signal == Signal::Error {
                    match starts.get(line + 1) {
                        Some(&next) => pos = pos.max(next),
                        None => break,
                    }
                }
            }
        }
        signals
    }

    fn line_starts(text: &[u8]) -> Vec<usize> {
        std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', text).map(|i| i + 1))
            .filter(|&s| s < text.len() || s == 0)
            .collect()
    }

    /// Signals from [`scan_signals_with`] with the given filter step.
    fn scanned(text: &[u8], step: impl Fn(&[u8; BLOCK_READ]) -> Mask + Copy) -> Vec<Signal> {
        scanned_by(text, KeywordSearch::new(text, step))
    }

    /// Signals from [`scan_signals_with`] with the given hits.
    fn scanned_by(text: &[u8], search: impl NextKeyword) -> Vec<Signal> {
        let starts = line_starts(text);
        let mut signals = vec![Signal::None; starts.len()];
        if !text.is_empty() {
            scan_signals_with(text, starts.len(), |i| starts[i], &mut signals, search);
        }
        signals
    }

    /// Text built from pieces: whole keywords, cut keywords, keywords with their case changed,
    /// and noise around them (separators, `_`, `-`, digits, quotes, newlines, other letters).
    fn text_from(pieces: &[(u8, u16)]) -> Vec<u8> {
        const NOISE: &[&[u8]] = &[
            b" ",
            b"\n",
            b"_",
            b"-",
            b"--",
            b"\"",
            b"\" ",
            b"404 ",
            b"5",
            b"\r\n",
            b"x",
            b"Tes",
            b"e",
            b"rr",
            b"s ",
            b"\t",
            b"*",
            b":",
            b"PASS",
            b"\xe2\x9c",
            b"ok",
            b"abc def ",
        ];
        let mut text = Vec::new();
        for &(kind, seed) in pieces {
            let seed = seed as usize;
            let keyword = KEYWORDS[seed % KEYWORDS.len()].0.as_bytes();
            match kind % 6 {
                0 | 1 => text.extend_from_slice(keyword),
                2 => text.extend_from_slice(&keyword[..keyword.len().min(1 + seed / 7 % 8)]),
                3 => text.extend(keyword.iter().enumerate().map(|(i, &b)| {
                    if seed >> (i % 16) & 1 == 1 {
                        b.to_ascii_uppercase()
                    } else {
                        b.to_ascii_lowercase()
                    }
                })),
                _ => text.extend_from_slice(NOISE[seed % NOISE.len()]),
            }
        }
        text
    }

    /// Every keyword hit from `search`, each search starting after the previous hit.
    fn hits(mut search: impl NextKeyword) -> Vec<(usize, usize, usize)> {
        let mut hits = Vec::new();
        let mut pos = 0;
        while let Some(hit) = search.next_from(pos) {
            pos = hit.2;
            hits.push(hit);
        }
        hits
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// The filtered scan finds the same signals as the plain one, with the portable step
        /// and (where the CPU has it) the AVX2 step, and through the public entry point.
        #[test]
        fn scan_matches_the_plain_reference(
            pieces in prop::collection::vec((any::<u8>(), any::<u16>()), 0..80),
        ) {
            let text = text_from(&pieces);
            let expected = reference_signals(&text);
            prop_assert_eq!(&scanned(&text, candidates_portable), &expected);
            prop_assert_eq!(&scanned_by(&text, AutomatonSearch::new(&text)), &expected);
            let starts = line_starts(&text);
            let mut signals = vec![Signal::None; starts.len()];
            scan_signals(&text, starts.len(), |i| starts[i], &mut signals);
            prop_assert_eq!(&signals, &expected);
        }

        /// The filtered search reports the hits of the leftmost-first automaton (the scan
        /// before the filter, and the one on CPUs without AVX2), hit for hit.
        #[test]
        fn hits_match_a_leftmost_first_automaton(
            pieces in prop::collection::vec((any::<u8>(), any::<u16>()), 0..80),
        ) {
            let text = text_from(&pieces);
            let filtered = hits(KeywordSearch::new(&text, candidates_portable));
            prop_assert_eq!(filtered, hits(AutomatonSearch::new(&text)));
        }
    }

    #[test]
    fn every_keyword_start_is_a_candidate() {
        // Each keyword at every offset of a block, followed by anything: the filter may let
        // extra positions through but never a keyword's.
        for (keyword, _) in KEYWORDS {
            for offset in 0..BLOCK {
                for filler in [b' ', b'x', 0xff] {
                    let mut text = vec![filler; offset];
                    text.extend_from_slice(keyword.as_bytes());
                    text.resize(offset + BLOCK_READ, filler);
                    let mask = candidates_at(&text, 0, candidates_portable);
                    assert!(mask >> offset & 1 == 1, "{keyword:?} at {offset}");
                }
            }
        }
    }

    #[test]
    fn signals_on_typical_lines() {
        let text = b"test foo ... ok\nerror[E0425]: cannot find value\n\
            warning: unused variable\n--error-format=json\nfail_fast = true\n\
            test result: ok. 3 passed; 0 failed\nGET /x HTTP/1.1\" 404 12\n\
            tests/test_more.py::Tests::test_a PASSED\nsummary\ntotals 12\nx_****\n";
        let expected = [
            Signal::None,
            Signal::Error,
            Signal::Warning,
            Signal::None,
            Signal::None,
            Signal::Error,
            Signal::Error,
            Signal::None,
            Signal::Summary,
            Signal::None,
            // Hits never overlap: `***` after `_` is rejected, and the `***` inside it is not
            // searched.
            Signal::None,
        ];
        assert_eq!(scanned(text, candidates_portable), expected);
        assert_eq!(reference_signals(text), expected);
    }
}
