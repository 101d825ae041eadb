//! What a line says: its template (the line with variable parts masked), whether it reports an
//! error, a warning or a summary, and whether it declares something (a definition).
//!
//! Everything here is byte-level and allocation-free on the hot path; keyword search runs one
//! Aho-Corasick automaton over the whole input instead of one search per line.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, Input, MatchKind};

/// How much a keyword hit says about its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Signal {
    None = 0,
    Warning = 1,
    Summary = 2,
    Error = 3,
}

/// Only this many leading bytes of a line shape its template: longer lines are rarely
/// repetitive beyond that, and it bounds the per-line cost.
const TEMPLATE_PREFIX: usize = 200;

/// Byte that makes the word containing it variable (numbers, paths, quotes, key=value).
#[inline]
const fn is_variable_byte(b: u8) -> bool {
    matches!(
        b,
        b'0'..=b'9' | b'/' | b'\\' | b'@' | b'=' | b'"' | b'\'' | b'`'
    )
}

/// True for a word whose exact value should not distinguish templates: numbers, hex ids, paths,
/// quoted strings, qualified names (`a::b`, `file.ext`), key=value pairs and very long tokens.
/// Must agree with the inline rules in [`template_hash`].
fn is_variable_word(word: &[u8]) -> bool {
    word.len() > 32 || word.iter().any(|&b| is_variable_byte(b)) || has_qualified_part(word)
}

/// Lines longer than this are shaped by their first [`LONG_LINE_WORDS`] words only: verbose
/// build logs print one long command per step (`Running \`rustc --crate-name x …\``, `cc -O2
/// … -c x.c`), each with different flags, and they are one template (principle 5).
const LONG_LINE: usize = 160;
const LONG_LINE_WORDS: usize = 3;

/// The part of `line` that shapes its template.
fn template_span(line: &[u8]) -> &[u8] {
    let head = &line[..line.len().min(TEMPLATE_PREFIX)];
    if line.len() <= LONG_LINE {
        return head;
    }
    let indent = super::lines::indent_width(head);
    let mut words = 0usize;
    let mut in_word = false;
    for (i, &b) in head.iter().enumerate().skip(indent) {
        let separator = b == b' ' || b == b'\t';
        if separator && in_word {
            words += 1;
            if words == LONG_LINE_WORDS {
                return &head[..i];
            }
        }
        in_word = !separator;
    }
    head
}

/// Calls `each` with every word of `line` (split on spaces and tabs) and whether it is variable.
fn for_each_word(line: &[u8], mut each: impl FnMut(&[u8], bool)) {
    let line = template_span(line);
    for word in line.split(|&b| b == b' ' || b == b'\t') {
        if !word.is_empty() {
            each(word, is_variable_word(word));
        }
    }
}

/// Stands for any variable word in a template hash.
const VARIABLE_WORD: u64 = 0x9e37_79b9_7f4a_7c15;

#[inline]
fn mix(hash: u64, value: u64) -> u64 {
    (hash.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95)
}

/// Hash of the line's template; equal for lines that differ only in variable words. One pass
/// over the bytes, no allocation: this runs for every line.
pub(crate) fn template_hash(line: &[u8]) -> u64 {
    words_hash::<false>(line)
}

/// Finer key than [`template_hash`]: only words with digits are masked, so the same message
/// about different names (paths, quoted identifiers) hashes differently.
pub(crate) fn message_hash(line: &[u8]) -> u64 {
    words_hash::<true>(line)
}

fn words_hash<const DIGITS_ONLY: bool>(line: &[u8]) -> u64 {
    let line = if DIGITS_ONLY {
        &line[..line.len().min(TEMPLATE_PREFIX)]
    } else {
        template_span(line)
    };
    // An empty line's hash; a line's first block mixes in its indent instead.
    let mut hash = mix(0xcbf2_9ce4_8422_2325, 0);
    // Each 64-byte block is classified at once into one bit mask per class (16 bytes per SIMD
    // step on x86-64); the loop then visits words, found from where separators begin and end,
    // so a run of blanks (indentation, aligned columns) costs nothing per blank.
    // The word in progress, which may span blocks: its first byte and the classes seen so far.
    let mut in_word = false;
    let mut word_start = 0usize;
    let mut classes = 0u8;
    let mut block_start = 0usize;
    while block_start < line.len() {
        let block_len = (line.len() - block_start).min(64);
        let masks = ClassMasks::of(line, block_start, block_len);
        if block_start == 0 {
            // The indent is the run of separators the line starts with.
            let indent = (masks.separator.trailing_ones() as u64).min(16);
            hash = mix(0xcbf2_9ce4_8422_2325, indent);
        }
        // Only a word holding one of these bytes can be variable; the rest are hashed as is,
        // without asking which classes they hold.
        let telling = if DIGITS_ONLY {
            masks.digit
        } else {
            masks.variable | masks.qualifier
        };
        let in_block = u64::MAX >> (64 - block_len);
        let word_bytes = !masks.separator & in_block;
        let follows_word = (word_bytes << 1) | u64::from(in_word);
        let mut starts = word_bytes & !follows_word;
        let mut ends = masks.separator & follows_word;
        while ends != 0 {
            let end = ends.trailing_zeros();
            ends &= ends - 1;
            // Starts and ends alternate: the first end may close the word carried in.
            let begin = if in_word {
                0
            } else {
                let begin = starts.trailing_zeros();
                starts &= starts - 1;
                word_start = block_start + begin as usize;
                begin
            };
            // Both are at most 63 here, so the shifts cannot overflow.
            let range = ((1u64 << end) - 1) & (u64::MAX << begin);
            if telling & range != 0 {
                classes |= masks.classes_of(range);
            }
            let word_end = block_start + end as usize;
            hash = mix(
                hash,
                word_key::<DIGITS_ONLY>(line, word_start, word_end, classes),
            );
            classes = 0;
            in_word = false;
        }
        // At most one word is still open: one that starts here or the one carried through.
        let begin = if starts != 0 {
            in_word = true;
            let begin = starts.trailing_zeros();
            word_start = block_start + begin as usize;
            begin
        } else {
            0
        };
        if in_word && telling & (u64::MAX << begin) != 0 {
            classes |= masks.classes_of(u64::MAX << begin);
        }
        block_start += block_len;
    }
    if in_word {
        hash = mix(
            hash,
            word_key::<DIGITS_ONLY>(line, word_start, line.len(), classes),
        );
    }
    hash
}

/// One bit per byte of a block of at most 64 bytes (bit `i` for byte `i`), per byte class that
/// [`word_key`] asks about; bits past the block's end are clear.
struct ClassMasks {
    separator: u64,
    variable: u64,
    /// `.` or `:`, which may make a qualified name.
    qualifier: u64,
    digit: u64,
}

impl ClassMasks {
    /// Masks of the block `line[start..start + len]` (`len` at most 64).
    #[inline(always)]
    fn of(line: &[u8], start: usize, len: usize) -> ClassMasks {
        debug_assert!(len <= 64 && start + len <= line.len());
        let mut masks = ClassMasks {
            separator: 0,
            variable: 0,
            qualifier: 0,
            digit: 0,
        };
        #[cfg(target_arch = "x86_64")]
        {
            let mut add = |lanes: simd::Lanes, at: usize| {
                masks.separator |= u64::from(lanes.separator) << at;
                masks.variable |= u64::from(lanes.variable) << at;
                masks.qualifier |= u64::from(lanes.qualifier) << at;
                masks.digit |= u64::from(lanes.digit) << at;
            };
            let mut at = 0usize;
            while at + 16 <= len {
                add(simd::classify16(&line[start + at..start + at + 16]), at);
                at += 16;
            }
            if at < len {
                let end = start + len;
                let tail = len - at;
                if end >= 16 {
                    // The 16 bytes ending at the block's end (some already classified), shifted
                    // so only the tail's lanes remain: no copy into a padded buffer.
                    let lanes = simd::classify16(&line[end - 16..end]);
                    let drop = 16 - tail as u32;
                    add(
                        simd::Lanes {
                            separator: lanes.separator >> drop,
                            variable: lanes.variable >> drop,
                            qualifier: lanes.qualifier >> drop,
                            digit: lanes.digit >> drop,
                        },
                        at,
                    );
                } else {
                    // A line shorter than 16 bytes, zero-padded: a zero byte is in no class.
                    let mut padded = [0u8; 16];
                    padded[..tail].copy_from_slice(&line[start + at..end]);
                    add(simd::classify16(&padded), at);
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        for (i, &b) in line[start..start + len].iter().enumerate() {
            let class = BYTE_CLASS[b as usize];
            let bit = 1u64 << i;
            if class & SEPARATOR != 0 {
                masks.separator |= bit;
            }
            if class & VARIABLE != 0 {
                masks.variable |= bit;
            }
            if class & (DOT | COLON) != 0 {
                masks.qualifier |= bit;
            }
            if class & DIGIT != 0 {
                masks.digit |= bit;
            }
        }
        masks
    }

    /// Class bits (as in [`BYTE_CLASS`]) of the bytes whose bits are set in `range`.
    #[inline]
    fn classes_of(&self, range: u64) -> u8 {
        let mut classes = 0u8;
        if self.variable & range != 0 {
            classes |= VARIABLE;
        }
        if self.qualifier & range != 0 {
            classes |= DOT;
        }
        if self.digit & range != 0 {
            classes |= DIGIT;
        }
        classes
    }
}

/// SSE2 (part of every x86-64 CPU) classification of 16 bytes at a time.
#[cfg(target_arch = "x86_64")]
mod simd {
    use std::arch::x86_64::*;

    pub(super) struct Lanes {
        pub separator: u16,
        pub variable: u16,
        pub qualifier: u16,
        pub digit: u16,
    }

    /// Must agree with `BYTE_CLASS` (a test checks every byte): separators are space and tab,
    /// variable bytes are digits, slashes, `@`, `=` and quotes, qualifiers `.` and `:`.
    #[inline]
    pub(super) fn classify16(bytes: &[u8]) -> Lanes {
        assert!(bytes.len() >= 16);
        // SAFETY: SSE2 is part of the x86-64 baseline, and the load reads 16 bytes that the
        // assert above shows are in bounds (unaligned loads are allowed).
        unsafe {
            let v = _mm_loadu_si128(bytes.as_ptr().cast());
            let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
            let separator = _mm_or_si128(eq(b' '), eq(b'\t'));
            // Digits: byte - '0' is at most 9 when read unsigned.
            let from_zero = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let digit = _mm_cmpeq_epi8(_mm_min_epu8(from_zero, _mm_set1_epi8(9)), from_zero);
            let marks = _mm_or_si128(
                _mm_or_si128(
                    _mm_or_si128(eq(b'/'), eq(b'\\')),
                    _mm_or_si128(eq(b'@'), eq(b'=')),
                ),
                _mm_or_si128(_mm_or_si128(eq(b'"'), eq(b'\'')), eq(b'`')),
            );
            let variable = _mm_or_si128(digit, marks);
            let qualifier = _mm_or_si128(eq(b'.'), eq(b':'));
            Lanes {
                separator: _mm_movemask_epi8(separator) as u16,
                variable: _mm_movemask_epi8(variable) as u16,
                qualifier: _mm_movemask_epi8(qualifier) as u16,
                digit: _mm_movemask_epi8(digit) as u16,
            }
        }
    }
}

/// Key of the word `line[start..end]`; takes the whole line so short words load as one u64.
#[inline(always)]
fn word_key<const DIGITS_ONLY: bool>(line: &[u8], start: usize, end: usize, classes: u8) -> u64 {
    let word = &line[start..end];
    let variable = if DIGITS_ONLY {
        classes & DIGIT != 0
    } else {
        classes & VARIABLE != 0 || (classes & (COLON | DOT) != 0 && has_qualified_part(word))
    };
    if variable || word.len() > 32 {
        return VARIABLE_WORD;
    }
    // At most four 8-byte loads, each zero-padded past the word's end: cheaper than a general
    // hash call per word.
    let mut value = word.len() as u64;
    let mut at = start;
    while at < end {
        value = mix(value, load_padded(line, at, (end - at).min(8)));
        at += 8;
    }
    value
}

/// `take` (1..=8) bytes of `line` from `at`, little-endian, zero-padded to 8 bytes. When 8 bytes
/// are in bounds this is one unaligned load and a mask instead of a variable-length copy.
#[inline]
fn load_padded(line: &[u8], at: usize, take: usize) -> u64 {
    if let Some(bytes) = line.get(at..at + 8) {
        let word = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        if take == 8 {
            word
        } else {
            word & ((1u64 << (take * 8)) - 1)
        }
    } else {
        let mut buf = [0u8; 8];
        buf[..take].copy_from_slice(&line[at..at + take]);
        u64::from_le_bytes(buf)
    }
}

/// `a::b` or `name.ext` (a dot after the first byte, followed by a letter or digit).
fn has_qualified_part(word: &[u8]) -> bool {
    word.windows(2).enumerate().any(|(i, pair)| {
        (pair[0] == b':' && pair[1] == b':')
            || (pair[0] == b'.' && i >= 1 && pair[1].is_ascii_alphanumeric())
    })
}

const SEPARATOR: u8 = 1;
// `words_hash` finds separators from bit 0 of each byte lane.
const _: () = assert!(SEPARATOR == 1);
const VARIABLE: u8 = 2;
const DIGIT: u8 = 8;
const DOT: u8 = 16;
const COLON: u8 = 32;

/// Per-byte classes for [`template_hash`], built at compile time. On x86-64 the SIMD steps
/// classify instead (a test checks that they agree with this table).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
static BYTE_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let byte = b as u8;
        let mut class = 0u8;
        if byte == b' ' || byte == b'\t' {
            class |= SEPARATOR;
        }
        if is_variable_byte(byte) {
            class |= VARIABLE;
        }
        if byte.is_ascii_digit() {
            class |= DIGIT;
        }
        if byte == b'.' {
            class |= DOT;
        }
        if byte == b':' {
            class |= COLON;
        }
        table[b] = class;
        b += 1;
    }
    table
};

/// Human-readable template for markers, e.g. `test <*> ... ok`.
pub(crate) fn template_text(line: &[u8]) -> String {
    let mut out = Vec::with_capacity(64);
    for_each_word(line, |word, variable| {
        if !out.is_empty() {
            out.push(b' ');
        }
        if variable {
            out.extend_from_slice(b"<*>");
        } else {
            out.extend_from_slice(word);
        }
    });
    String::from_utf8_lossy(&out).into_owned()
}

/// Keywords with the signal they carry. Casing variants are listed instead of matching
/// case-insensitively, which keeps the automaton fast and avoids hits like "Terrorist".
/// Keep this list at 64 entries or fewer: beyond that the SIMD prefilter is not used and the
/// scan runs at half the speed.
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

fn keyword_automaton() -> &'static AhoCorasick {
    static AUTOMATON: OnceLock<AhoCorasick> = OnceLock::new();
    AUTOMATON.get_or_init(|| {
        AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostFirst)
            .kind(Some(AhoCorasickKind::DFA))
            .build(KEYWORDS.iter().map(|k| k.0))
            .expect("static keyword list builds")
    })
}

/// Markers of a passing line: an error word in a passing test's name is not an error.
pub(crate) fn is_pass_line(line: &[u8]) -> bool {
    // Two scans, not one per marker: `✓` and `✔` share their first two bytes, and ` PASSED`
    // and `--- PASS` share `PASS`.
    line.ends_with(b" ok")
        || memchr::memchr_iter(0xe2, line).any(|at| {
            line[at + 1..].starts_with(&[0x9c]) && matches!(line.get(at + 2), Some(0x93 | 0x94))
        })
        || pass_finder().find_iter(line).any(|at| {
            (at > 0 && line[at - 1] == b' ' && line[at + 4..].starts_with(b"ED"))
                || line[..at].ends_with(b"--- ")
        })
}

/// A searcher for `PASS`, built once: building one per line cost more than the search.
fn pass_finder() -> &'static memchr::memmem::Finder<'static> {
    static FINDER: OnceLock<memchr::memmem::Finder<'static>> = OnceLock::new();
    FINDER.get_or_init(|| memchr::memmem::Finder::new(b"PASS"))
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

/// Signal of every line, from one keyword scan over `text` (the whole input, or one cleaned
/// line) holding `lines` lines; `line_start(i)` is where line `i` starts in `text`.
pub(crate) fn scan_signals<S: SignalSlot>(
    text: &[u8],
    lines: usize,
    line_start: impl Fn(usize) -> usize,
    out: &mut [S],
) {
    if lines == 0 {
        return;
    }
    let automaton = keyword_automaton();
    let mut line = 0usize;
    let mut pos = 0usize;
    while pos < text.len() {
        let Some(hit) = automaton.find(Input::new(text).range(pos..)) else {
            break;
        };
        let at = hit.start();
        pos = hit.end();
        while line + 1 < lines && line_start(line + 1) <= at {
            line += 1;
        }
        let (keyword, signal) = KEYWORDS[hit.pattern().as_usize()];
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
                break;
            }
        }
    }
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

/// Adjusts a keyword signal with facts about the whole line.
pub(crate) fn refine_signal(signal: Signal, line: &[u8]) -> Signal {
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
    signal
}

/// True for a line that declares a function, type, module or class, in common languages, also
/// inside a diff (`+`/`-` prefix) or after a grep `line:` prefix has been removed.
pub(crate) fn is_definition(line: &[u8]) -> bool {
    definition_keyword(line).is_some()
}

/// True for declarations of types (struct, enum, trait, class, interface, type, union).
pub(crate) fn is_type_definition(line: &[u8]) -> bool {
    definition_keyword(line).is_some_and(|k| {
        !matches!(
            k,
            b"fn "
                | b"def "
                | b"function "
                | b"function*"
                | b"func "
                | b"impl "
                | b"impl<"
                | b"mod "
        )
    })
}

/// The declaring keyword a definition line starts with, after modifiers (`pub`, `pub(crate)`,
/// `export`, `async`, `const` before `fn`, ...).
///
/// This runs on every line of source, grep hits and diffs, so a line's first 8 bytes are read
/// once as a word and each modifier or keyword is one masked comparison with it, among only
/// those starting with the line's first byte.
#[inline(always)]
fn definition_keyword(line: &[u8]) -> Option<&'static [u8]> {
    /// `s` after its leading spaces and tabs. Most lines tested are indented code, so the
    /// blanks are skipped 16 bytes per SSE2 step on x86-64 and 8 per word elsewhere (a byte
    /// loop cost a few instructions per byte).
    #[inline(always)]
    fn after_indent(s: &[u8]) -> &[u8] {
        if !matches!(s.first(), Some(b' ' | b'\t')) {
            return s;
        }
        let mut at = 0;
        #[cfg(target_arch = "x86_64")]
        while let Some(block) = s.get(at..at + 16) {
            use std::arch::x86_64::*;
            // SAFETY: SSE2 is part of the x86-64 baseline; the unaligned load reads the 16
            // bytes `block` holds.
            let blanks = unsafe {
                let v = _mm_loadu_si128(block.as_ptr().cast());
                let space = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
                let tab = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\t' as i8));
                _mm_movemask_epi8(_mm_or_si128(space, tab)) as u32
            };
            if blanks != 0xffff {
                return &s[at + (!blanks).trailing_zeros() as usize..];
            }
            at += 16;
        }
        const LOW: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = LOW << 7;
        // The high bit of each byte of `word` equal to `byte`; exact, as no carry crosses bytes.
        let equal = |word: u64, byte: u8| {
            let x = word ^ (LOW * u64::from(byte));
            !(((x & !HIGH) + !HIGH) | x) & HIGH
        };
        while let Some(chunk) = s.get(at..at + 8) {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            let other = !(equal(word, b' ') | equal(word, b'\t')) & HIGH;
            if other != 0 {
                return &s[at + (other.trailing_zeros() / 8) as usize..];
            }
            at += 8;
        }
        while s.get(at).is_some_and(|&b| b == b' ' || b == b'\t') {
            at += 1;
        }
        &s[at..]
    }
    /// The first 8 bytes of `s` as a little-endian word, zero-padded.
    #[inline(always)]
    fn head(s: &[u8]) -> u64 {
        match s.get(..8) {
            Some(eight) => u64::from_le_bytes(eight.try_into().expect("8 bytes")),
            None => s
                .iter()
                .enumerate()
                .fold(0, |word, (k, &b)| word | u64::from(b) << (8 * k)),
        }
    }
    /// The value and mask of the first 8 bytes of `prefix` in a [`head`] word. No prefix holds
    /// a zero byte, so the padding of a shorter line never matches.
    const fn pattern(prefix: &[u8]) -> (u64, u64) {
        let mut value = 0u64;
        let mut k = 0;
        while k < prefix.len() && k < 8 {
            value |= (prefix[k] as u64) << (8 * k);
            k += 1;
        }
        let mask = if k == 8 {
            u64::MAX
        } else {
            (1u64 << (8 * k)) - 1
        };
        (value, mask)
    }
    // Whether `rest`, whose head word is `word`, starts with the literal `prefix`.
    macro_rules! starts {
        ($rest:expr, $word:expr, $prefix:literal) => {{
            const PREFIX: &[u8] = $prefix;
            const PATTERN: (u64, u64) = pattern(PREFIX);
            $word & PATTERN.1 == PATTERN.0
                && (PREFIX.len() <= 8 || $rest[8..].starts_with(&PREFIX[8..]))
        }};
    }
    // The length of the first of `modifiers` that `rest` starts with; without one, returns
    // the first of `keywords` that it starts with, or `None`.
    macro_rules! group {
        ($rest:expr, $word:expr, [$($modifier:literal),*], [$($keyword:literal),*]) => {
            $(if starts!($rest, $word, $modifier) { $modifier.len() } else)* {
                $(if starts!($rest, $word, $keyword) {
                    return Some($keyword);
                })*
                return None;
            }
        };
    }
    /// The declaring keyword `rest` (the text after the indent) starts with, after modifiers.
    /// Out of line: the callers' copies keep only the tests that reject most lines.
    #[inline(never)]
    fn keyword_after_modifiers(mut rest: &[u8]) -> Option<&'static [u8]> {
        // Strip modifiers, then take the declaring keyword. Both are picked by their first byte;
        // in each group, the order in which they are tried matters only where one is a prefix of
        // another (none is).
        loop {
            let word = head(rest);
            let modifier = match rest.first()? {
                b'p' => {
                    if starts!(rest, word, b"pub(") {
                        let close = memchr::memchr(b')', rest)?;
                        rest = after_indent(&rest[close + 1..]);
                        continue;
                    }
                    group!(
                        rest,
                        word,
                        [b"pub ", b"public ", b"private ", b"protected "],
                        []
                    )
                }
                b'e' => group!(rest, word, [b"export ", b"extern \"C\" "], [b"enum "]),
                b'd' => group!(rest, word, [b"default "], [b"def "]),
                b'a' => group!(rest, word, [b"async ", b"abstract "], []),
                b'u' => group!(rest, word, [b"unsafe "], [b"union "]),
                b's' => group!(rest, word, [b"static "], [b"struct "]),
                b'f' => group!(
                    rest,
                    word,
                    [b"final "],
                    [b"fn ", b"function ", b"function*", b"func "]
                ),
                // `const fn` is a function; a bare `const` is not a definition we track.
                b'c' if starts!(rest, word, b"const fn ") => b"const ".len(),
                b'c' => group!(rest, word, [], [b"class "]),
                b't' => group!(rest, word, [], [b"trait ", b"type "]),
                b'i' => group!(rest, word, [], [b"impl ", b"impl<", b"interface "]),
                b'm' => group!(rest, word, [], [b"mod ", b"macro_rules!"]),
                _ => return None,
            };
            rest = &rest[modifier..];
        }
    }
    let rest = match line.first() {
        Some(b'+' | b'-') => &line[1..],
        _ => line,
    };
    let rest = after_indent(rest);
    // Every modifier and keyword starts with one of these letters; most lines start with none.
    if !matches!(
        rest.first(),
        Some(b'p' | b'e' | b'd' | b'a' | b'u' | b's' | b'f' | b'c' | b't' | b'i' | b'm')
    ) {
        return None;
    }
    keyword_after_modifiers(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_class_masks_agree_with_the_byte_table() {
        // Every byte value at every position of a 64-byte block (so both the SIMD steps and
        // the tail see it), and blocks of every length, at the start of a line (a short line's
        // tail is padded) and after 20 other bytes (the tail is read overlapping).
        for value in 0..=255u8 {
            for len in 1..=64usize {
                for (at, offset) in (0..len).flat_map(|at| [(at, 0), (at, 20)]) {
                    let mut line = vec![b'a'; offset + len];
                    line[offset + at] = value;
                    let masks = ClassMasks::of(&line, offset, len);
                    let class = BYTE_CLASS[value as usize];
                    let bit = |mask: u64| mask >> at & 1 == 1;
                    assert_eq!(
                        bit(masks.separator),
                        class & SEPARATOR != 0,
                        "{value} {len} {at}"
                    );
                    assert_eq!(
                        bit(masks.variable),
                        class & VARIABLE != 0,
                        "{value} {len} {at}"
                    );
                    assert_eq!(bit(masks.qualifier), class & (DOT | COLON) != 0, "{value}");
                    assert_eq!(bit(masks.digit), class & DIGIT != 0, "{value} {len} {at}");
                    let others = !(1u64 << at) & (u64::MAX >> (64 - len));
                    assert_eq!(
                        masks.separator | masks.variable | masks.qualifier | masks.digit,
                        {
                            let all =
                                masks.separator | masks.variable | masks.qualifier | masks.digit;
                            all & !others
                        }
                    );
                }
            }
        }
    }

    #[test]
    fn templates_mask_variable_words() {
        let a = template_hash(b"test foo::bar ... ok");
        let b = template_hash(b"test baz::qux ... ok");
        let c = template_hash(b"test baz::qux ... FAILED");
        assert_eq!(template_hash(b"x.rs:1: e"), template_hash(b"y.rs:22: e"));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(template_text(b"x.py:12: error: bad"), "<*> error: bad");
    }

    /// [`words_hash`] as a plain loop over the words: the reference the block-wise hash must
    /// equal value for value.
    fn words_hash_reference(line: &[u8], digits_only: bool) -> u64 {
        let line = if digits_only {
            &line[..line.len().min(TEMPLATE_PREFIX)]
        } else {
            template_span(line)
        };
        let indent = super::super::lines::indent_width(line).min(16) as u64;
        let mut hash = mix(0xcbf2_9ce4_8422_2325, indent);
        let mut start = 0usize;
        for end in (0..=line.len()).filter(|&i| i == line.len() || matches!(line[i], b' ' | b'\t'))
        {
            if end > start {
                let word = &line[start..end];
                let mut classes = 0u8;
                for &b in word {
                    classes |= BYTE_CLASS[b as usize] & (VARIABLE | DIGIT | DOT | COLON);
                }
                hash = mix(
                    hash,
                    if digits_only {
                        word_key::<true>(line, start, end, classes)
                    } else {
                        word_key::<false>(line, start, end, classes)
                    },
                );
            }
            start = end + 1;
        }
        hash
    }

    proptest::proptest! {
        /// The block-wise hash equals the plain word loop, on lines of every length around the
        /// 16- and 64-byte steps, the long-line cut and the template prefix.
        #[test]
        fn words_hash_matches_the_plain_word_loop(line in "[a-c1:./\"=@ \t]{0,260}") {
            let line = line.as_bytes();
            proptest::prop_assert_eq!(template_hash(line), words_hash_reference(line, false));
            proptest::prop_assert_eq!(message_hash(line), words_hash_reference(line, true));
        }

        /// The fast hash and the readable template agree on which lines share a template.
        #[test]
        fn template_hash_agrees_with_template_text(
            a in "[a-c1:./\"=@ ]{0,40}",
            b in "[a-c1:./\"=@ ]{0,40}",
        ) {
            let (a, b) = (a.trim_start(), b.trim_start());
            let same_text = template_text(a.as_bytes()) == template_text(b.as_bytes());
            let same_hash = template_hash(a.as_bytes()) == template_hash(b.as_bytes());
            proptest::prop_assert_eq!(same_text, same_hash);
        }
    }

    #[test]
    fn definitions_across_languages() {
        assert!(is_definition(b"    pub(crate) fn memchr(n1: u8) {"));
        assert!(is_definition(b"+def iter_suppress(iterable, *exceptions):"));
        assert!(is_definition(b"pub struct ParserBuilder {"));
        assert!(is_definition(b"export async function main() {"));
        assert!(is_definition(b"    const fn new() -> Self {"));
        assert!(!is_definition(b"    let x = parse(y);"));
    }
}
