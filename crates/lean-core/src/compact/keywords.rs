//! Keyword signals: which lines report an error, a warning or a summary, found by one scan over
//! the whole input.
//!
//! The hits come from packed multi-pattern searchers of the keywords (leftmost-first: the
//! earliest position where a keyword matches, and there the keyword listed first; the next
//! search starts after the match), whose SIMD fingerprints skip the bytes that start no keyword
//! and whose candidates are confirmed against the keywords themselves.

use super::signals::Signal;

/// Keywords with the signal they carry. Casing variants are listed instead of matching
/// case-insensitively, which avoids hits like "Terrorist".
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
    // git's merge, rebase and cherry-pick: a file the merge left to the user.
    ("CONFLICT (", Signal::Error),
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

/// Keywords shorter than this are searched by a searcher of their own. The packed searcher
/// fingerprints every keyword by its first bytes, up to four and no more than the shortest
/// keyword has: with the few three-byte keywords among the rest, ordinary text
/// (`Compiling`, `src/`) matched so many three-byte fingerprints that confirming the
/// candidates cost most of the scan. Apart, the long keywords get four-byte fingerprints, and
/// the short ones start with three distinct bytes that a byte search finds.
const SHORT_KEYWORD: usize = 4;

/// The long keywords (see [`SHORT_KEYWORD`]) in the order their packed searcher is given
/// them. The order decides no hit: no keyword starts another, so at most one matches at any
/// position (a test holds both). It decides the searcher's speed: the searcher deals the
/// keywords out over 16 buckets by their order (keywords whose first four bytes share their
/// low nibbles go together) and fingerprints each bucket by the nibbles of its keywords' first
/// four bytes, so a bucket of unlike keywords matches much ordinary text, and every position a
/// bucket matches is compared with each of its keywords. This order, found by a search over
/// orders that counted those comparisons on both corpora, puts keywords of like first bytes
/// in one bucket; any order finds the same hits, a new keyword may go anywhere.
const SEARCH_ORDER: &[&str] = &[
    "error",
    "left:",
    "denied",
    "No such file",
    "undefined reference",
    "FAIL",
    "Summary",
    "Tests: ",
    "Traceback",
    "Could not",
    "assert",
    "Segmentation fault",
    "not ok ",
    "nsupported",
    "exit code",
    "Found ",
    "couldn't",
    "ERROR",
    "BUILD ",
    "Received",
    "Fail",
    "fatal",
    "panic",
    "Test Suites:",
    "ERR!",
    "right:",
    "fail",
    "cannot ",
    " passed",
    "warning",
    "exception",
    "Expected",
    "Error",
    "refused",
    "undeclared",
    "\u{25cf} ",
    "timed out",
    "could not",
    "Warning",
    "WARN",
    "Doc-tests",
    "test result",
    "aused by",
    "added ",
    "summary",
    "not found",
    "eprecat",
    "up to date",
    "Cannot ",
    " total",
    "Exception",
    "Aborted",
    "uccessfully",
    "nable to",
    "CONFLICT (",
    "Finished",
    "FATAL",
    "Created ",
];

/// One searcher over some of the keywords, with the index in [`KEYWORDS`] of each of its
/// patterns.
struct KeywordSet {
    searcher: Searcher,
    keywords: Vec<usize>,
}

/// How a [`KeywordSet`] finds its hits. The packed searcher (Teddy's fingerprints, and
/// Rabin-Karp on texts too short for them) confirms its candidates against the keywords
/// directly, so it needs no automaton: building the automaton (a DFA) cost as much as scanning
/// a 50 KB log, once per process. The automaton remains for CPUs without the packed searcher's
/// vector instructions.
enum Searcher {
    Packed(aho_corasick::packed::Searcher),
    Automaton(aho_corasick::AhoCorasick),
}

impl KeywordSet {
    fn of(short: bool) -> KeywordSet {
        let keywords = KeywordSet::keywords(short);
        let mut packed = aho_corasick::packed::Config::new()
            .match_kind(aho_corasick::packed::MatchKind::LeftmostFirst)
            .builder();
        packed.extend(keywords.iter().map(|&k| KEYWORDS[k].0));
        match packed.build() {
            Some(searcher) => KeywordSet {
                searcher: Searcher::Packed(searcher),
                keywords,
            },
            None => KeywordSet::automaton(short),
        }
    }

    /// The indexes in [`KEYWORDS`] of the short keywords, or of the long ones in
    /// [`SEARCH_ORDER`].
    fn keywords(short: bool) -> Vec<usize> {
        if short {
            return (0..KEYWORDS.len())
                .filter(|&k| KEYWORDS[k].0.len() < SHORT_KEYWORD)
                .collect();
        }
        SEARCH_ORDER
            .iter()
            .filter_map(|&word| KEYWORDS.iter().position(|&(k, _)| k == word))
            .collect()
    }

    /// The set searched by an Aho-Corasick automaton (the fallback of [`KeywordSet::of`]).
    fn automaton(short: bool) -> KeywordSet {
        let keywords = KeywordSet::keywords(short);
        let automaton = aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostFirst)
            .build(keywords.iter().map(|&k| KEYWORDS[k].0))
            .expect("static keyword list builds");
        KeywordSet {
            searcher: Searcher::Automaton(automaton),
            keywords,
        }
    }

    /// The leftmost-first hit of this set starting at or after `pos`, as [`NextKeyword`].
    fn find(&self, text: &[u8], pos: usize) -> Option<(usize, usize, usize)> {
        let (start, pattern, end) = match &self.searcher {
            Searcher::Packed(searcher) => {
                let hit = searcher.find_in(text, aho_corasick::Span::from(pos..text.len()))?;
                (hit.start(), hit.pattern(), hit.end())
            }
            Searcher::Automaton(automaton) => {
                let hit = automaton.find(aho_corasick::Input::new(text).range(pos..))?;
                (hit.start(), hit.pattern(), hit.end())
            }
        };
        Some((start, self.keywords[pattern.as_usize()], end))
    }
}

/// The next hit of one [`KeywordSet`], remembered between searches: a hit found from an
/// earlier position is still the next one from any later position up to its start (no hit of
/// the set starts between), and no hit from an earlier position means none from a later one.
#[derive(Clone, Copy)]
enum Pending {
    Unknown,
    Hit(usize, usize, usize),
    Exhausted,
}

impl Pending {
    fn next(&mut self, set: &KeywordSet, text: &[u8], pos: usize) -> Option<(usize, usize, usize)> {
        let stale = match *self {
            Pending::Unknown => true,
            Pending::Hit(start, _, _) => start < pos,
            Pending::Exhausted => false,
        };
        if stale {
            *self = set
                .find(text, pos)
                .map_or(Pending::Exhausted, |(s, k, e)| Pending::Hit(s, k, e));
        }
        match *self {
            Pending::Hit(s, k, e) => Some((s, k, e)),
            _ => None,
        }
    }
}

/// Hits from the searchers of the long and the short keywords (built once per process),
/// merged: the leftmost-first hit of all keywords is the earlier of the two sets' hits, and at
/// the same start the keyword listed first.
struct AutomatonSearch<'a> {
    text: &'a [u8],
    sets: &'a [KeywordSet; 2],
    pending: [Pending; 2],
}

impl<'a> AutomatonSearch<'a> {
    fn new(text: &'a [u8]) -> Self {
        static SETS: std::sync::OnceLock<[KeywordSet; 2]> = std::sync::OnceLock::new();
        let sets = SETS.get_or_init(|| [KeywordSet::of(false), KeywordSet::of(true)]);
        AutomatonSearch::with(text, sets)
    }

    fn with(text: &'a [u8], sets: &'a [KeywordSet; 2]) -> Self {
        AutomatonSearch {
            text,
            sets,
            pending: [Pending::Unknown; 2],
        }
    }
}

impl NextKeyword for AutomatonSearch<'_> {
    fn next_from(&mut self, pos: usize) -> Option<(usize, usize, usize)> {
        let long = self.pending[0].next(&self.sets[0], self.text, pos);
        let short = self.pending[1].next(&self.sets[1], self.text, pos);
        match (long, short) {
            (Some(a), Some(b)) => Some(if (b.0, b.1) < (a.0, a.1) { b } else { a }),
            (a, b) => a.or(b),
        }
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
        if signal != Signal::Summary
            && (in_option_word(text, at)
                || in_name(text, at, pos)
                || inside_a_word(text, at, keyword))
        {
            // `--error-format=json`, `-Werror`, `cfg(no_core_error)`, `fail_fast`,
            // `src/error.rs`: options, identifiers and paths, not a report.
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

/// True when the keyword `text[at..end]` is part of a name: a snake_case identifier
/// (`fail_fast`) or a path component (`tests/data/fail/x.pyi`, `src/error.rs`). A listing of
/// such files reports nothing about them.
fn in_name(text: &[u8], at: usize, end: usize) -> bool {
    (at > 0 && matches!(text[at - 1], b'_' | b'/')) || matches!(text.get(end), Some(b'_' | b'/'))
}

/// True when a lower-case keyword that starts a word (`error`, `fail`) is glued to the letters
/// before it: `strerror`, `clnt_perror`, `mkfail` are names. (Keywords meant to match inside
/// words, `nsupported` or `aused by`, and capitalised ones, `TypeError`, keep matching.)
fn inside_a_word(text: &[u8], at: usize, keyword: &str) -> bool {
    const WORD_STARTS: &[&str] = &[
        "error",
        "fail",
        "panic",
        "exception",
        "fatal",
        "assert",
        "warning",
        "denied",
        "refused",
        "undeclared",
        "cannot ",
        "could not",
        "couldn't",
        "timed out",
        "not found",
    ];
    at > 0 && text[at - 1].is_ascii_lowercase() && WORD_STARTS.contains(&keyword)
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
                    !in_option_word(text, at)
                        && !in_name(text, at, end)
                        && !inside_a_word(text, at, keyword)
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

    /// The automaton sets that stand in for the packed searchers on CPUs without them.
    fn automatons() -> &'static [KeywordSet; 2] {
        static SETS: std::sync::OnceLock<[KeywordSet; 2]> = std::sync::OnceLock::new();
        SETS.get_or_init(|| [KeywordSet::automaton(false), KeywordSet::automaton(true)])
    }

    fn line_starts(text: &[u8]) -> Vec<usize> {
        std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', text).map(|i| i + 1))
            .filter(|&s| s < text.len() || s == 0)
            .collect()
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
            b"/",
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// The automaton's scan finds the same signals as the plain reference, directly and
        /// through the public entry point.
        #[test]
        fn scan_matches_the_plain_reference(
            pieces in prop::collection::vec((any::<u8>(), any::<u16>()), 0..80),
        ) {
            let text = text_from(&pieces);
            let expected = reference_signals(&text);
            prop_assert_eq!(&scanned_by(&text, AutomatonSearch::new(&text)), &expected);
            prop_assert_eq!(
                &scanned_by(&text, AutomatonSearch::with(&text, automatons())),
                &expected
            );
            let starts = line_starts(&text);
            let mut signals = vec![Signal::None; starts.len()];
            scan_signals(&text, starts.len(), |i| starts[i], &mut signals);
            prop_assert_eq!(&signals, &expected);
        }

    }

    /// The searcher order lists every long keyword once (so each is searched), and no keyword
    /// starts another (so the order decides no hit: at most one keyword matches at a position).
    #[test]
    fn the_search_order_holds_each_long_keyword_and_decides_no_hit() {
        let mut long: Vec<&str> = KEYWORDS
            .iter()
            .map(|&(k, _)| k)
            .filter(|k| k.len() >= SHORT_KEYWORD)
            .collect();
        let mut ordered = SEARCH_ORDER.to_vec();
        long.sort_unstable();
        ordered.sort_unstable();
        assert_eq!(ordered, long);
        for (a, _) in KEYWORDS {
            for (b, _) in KEYWORDS {
                assert!(a == b || !b.starts_with(a), "{a:?} starts {b:?}");
            }
        }
    }

    /// The property test above covers the packed searchers only where they are built.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_packed_searchers_serve_where_the_cpu_has_them() {
        if std::arch::is_x86_feature_detected!("avx2") {
            for short in [false, true] {
                assert!(matches!(
                    KeywordSet::of(short).searcher,
                    Searcher::Packed(_)
                ));
            }
        }
    }

    #[test]
    fn names_and_paths_holding_keywords_report_nothing() {
        let text = b"checking for strerror... yes\nchecking for clnt_perror... yes\n\
            tests/data/fail/flatiter.pyi\n  --> src/error.rs:3:9\nTypeError: x is undefined\n\
            error: could not compile\nOperation unsupported here\n";
        let starts = line_starts(text);
        let mut signals = vec![Signal::None; starts.len()];
        scan_signals(text, starts.len(), |i| starts[i], &mut signals);
        use Signal::{Error, None as No};
        assert_eq!(signals, [No, No, No, No, Error, Error, Error]);
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
        assert_eq!(scanned_by(text, AutomatonSearch::new(text)), expected);
        assert_eq!(reference_signals(text), expected);
    }
}
