//! The caller's query: words of the user's prompt that point at lines of the output. A term
//! the user *named* (an identifier: a path, `snake_case`, `camelCase`, a dotted name, a word
//! with digits or punctuation) keeps every line holding it. A plain word (`libssl`, `refunded`,
//! `CFLAGS`) keeps its lines only when it is selective, found on a few lines of the output:
//! then it is the subject of the question (which libssl file was opened?), and keeping those
//! lines is how a view holds the answer Pi's cut would have shown. A plain word found on many
//! lines (`file`, `error`, `open`) says nothing about which of them matters and keeps none.
//!
//! A phrase `word+word` (two words the user wrote apart, joined by the caller) stands for the
//! identifiers that join them, `word_word`, `word-word` and `wordword`, each a plain word.
//!
//! Words the user put in double quotes (`"Table of Contents"`) come as `"table+of+contents"`
//! and are found as written, blanks between them.
//!
//! A number the user wrote (`customer 1234`, `port 8080`, `PID 4521`) is a plain word found
//! only where it stands as a whole number: not inside `12345`, `91234`, `1234.5` or `v1.1234`.
//!
//! Work is bounded: at most [`MAX_QUERY_TERMS`](super::MAX_QUERY_TERMS) terms (three forms per
//! phrase) in one automaton, one pass over the lines, and at most [`PLAIN_WORD_LINES`] lines
//! kept for plain words.

use super::super::lines::indent_columns;
use super::super::ContentKind;
use super::analyze::Lines;
use super::bounded_query_terms;
use super::flags::{LineFlags, QUERY_HIT};
use super::line_kinds::{ancestors, hunk_columns, is_hunk_change};
use super::line_texts::LineTexts;

/// Most lines a plain word may be found on and still point at them.
const SELECTIVE_HITS: usize = 8;
/// Most lines kept for plain words in all (the most selective words first).
const PLAIN_WORD_LINES: usize = 24;
/// Plain words shorter than this say too little to point at a line.
const MIN_PLAIN_BYTES: usize = 4;
/// Most bytes a heading line holds besides the term it names (`Package: `, `[`, `## `).
const MAX_HEADING_EXTRA: usize = 16;
/// Most bytes after a heading's term that open what follows it (`AS`, `= {`, `">`).
const MAX_OPENER_BYTES: usize = 4;
/// Most rows a named term may key and still have them all kept (see [`keys_row`]).
const KEYED_ROWS: usize = 64;
/// Longest path before a term that [`names_file`] reads.
const MAX_PATH_BYTES: usize = 256;
/// Most lines of the paragraph a heading opens that are kept with it.
const PARAGRAPH_LINES: usize = 16;
/// Most paragraph lines kept in all.
const PARAGRAPH_LINES_TOTAL: usize = 64;

/// Words of a question that name no subject: they would keep lines that merely share them.
const STOP_WORDS: &[&str] = &[
    "about", "after", "also", "before", "being", "could", "does", "done", "each", "every", "file",
    "files", "find", "first", "from", "have", "here", "into", "just", "know", "last", "like",
    "line", "lines", "look", "made", "make", "many", "more", "most", "much", "need", "only",
    "other", "output", "please", "print", "printed", "same", "says", "should", "show", "shown",
    "some", "tell", "than", "that", "their", "them", "then", "there", "these", "they", "this",
    "those", "value", "values", "very", "want", "what", "when", "where", "which", "while", "whose",
    "with", "would", "your",
];

/// Whether the user named `term` on purpose: anything but a plain word of letters (at most
/// its first letter a capital, or all capitals).
pub(super) fn is_named(term: &str) -> bool {
    let bytes = term.as_bytes();
    if is_number(term) {
        return false;
    }
    if !bytes.iter().all(u8::is_ascii_alphabetic) {
        return true;
    }
    let upper = bytes.iter().filter(|b| b.is_ascii_uppercase()).count();
    // camelCase or PascalCase inside the word; an all-capitals word is a plain word.
    upper > 1 && upper < bytes.len() || upper == 1 && !bytes[0].is_ascii_uppercase()
}

/// Whether `term` is a number of digits only: a plain word that counts only as a whole number
/// (see [`whole_number_at`]).
fn is_number(term: &str) -> bool {
    !term.is_empty() && term.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `term` is a percentage (`100%`, `87.5%`): a named term (a value written with its
/// sign) that also counts only as a whole number, so `50%` is not found in `150%`.
fn is_percentage(term: &str) -> bool {
    term.strip_suffix('%').is_some_and(|number| {
        let mut parts = number.splitn(2, '.');
        parts.all(is_number)
    })
}

/// Whether `term` is a short word: two or three letters or digits, at least one a letter
/// (`CC`, `PID`, `nix`, `5D`). Shorter than a plain word may be, such a word the user wrote
/// is most often a name (an acronym, a language, a model), and the most specific word of the
/// question: it counts only as a whole word, and in capitals where the user wrote capitals, so
/// `CC` is found in `'CC'` and `CC=gcc`, not in `gcc`, `cc1` or `CCSHARED`; `nix` in `Nix`
/// and `*.nix`, not in `nixos`. The caller leaves out function words (`the`, `and`).
fn is_short_word(term: &str) -> bool {
    (2..MIN_PLAIN_BYTES).contains(&term.len())
        && term.bytes().all(|b| b.is_ascii_alphanumeric())
        && term.bytes().any(|b| b.is_ascii_alphabetic())
}

/// Whether `term` is a number of two or three digits: the question's pointer at one record
/// (`transaction 777`, `line 182`, `PID 42`), found only as a whole number (see
/// [`whole_number_at`]).
fn is_short_number(term: &str) -> bool {
    (2..MIN_PLAIN_BYTES).contains(&term.len()) && is_number(term)
}

/// Whether the short word `term` found at `start..end` of `text` counts (see
/// [`is_short_word`]): no letter or digit on either side, and the same capitals where `term`
/// has any.
fn short_word_at(text: &[u8], start: usize, end: usize, term: &str) -> bool {
    let found = &text[start..end];
    let as_written = !term.bytes().any(|b| b.is_ascii_uppercase()) || found == term.as_bytes();
    as_written
        && at_word_start(text, start)
        && text.get(end).is_none_or(|b| !b.is_ascii_alphanumeric())
}

/// Whether a plain word can point at lines at all.
fn is_plain_candidate(term: &str) -> bool {
    (term.len() >= MIN_PLAIN_BYTES || is_short_word(term) || is_short_number(term))
        && !STOP_WORDS
            .iter()
            .any(|stop| stop.eq_ignore_ascii_case(term))
}

/// The stem of a plain word written with an inflection (`upgraded`, `failing`, `conflicts`,
/// `classes`): the word without its `ing`, `ed`, `es` or `s`, when at least
/// [`MIN_PLAIN_BYTES`] letters are left. `None` for other words.
fn stem(word: &str) -> Option<&str> {
    if !word.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let lower = word.to_ascii_lowercase();
    let cut = ["ing", "ed", "es", "s"]
        .iter()
        .find(|suffix| lower.ends_with(*suffix) && !lower.ends_with("ss"))?
        .len();
    let stem = &word[..word.len() - cut];
    (stem.len() >= MIN_PLAIN_BYTES).then_some(stem)
}

/// Longest word of a phrase term.
const MAX_PHRASE_WORD: usize = 24;

/// The identifiers a phrase term `word+word` stands for: the caller joins two words the user
/// wrote apart (`API key`, `max retries`, `log level`), and an output writes them as one name
/// (`ANTHROPIC_API_KEY`, `--max-retries`, `logLevel`). Each form counts as a plain word: it
/// keeps its lines only where few lines hold it. `None` for any other term.
fn phrase_forms(term: &str) -> Option<[String; 3]> {
    let (first, second) = term.split_once('+')?;
    let word = |w: &str| {
        (2..=MAX_PHRASE_WORD).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_alphabetic())
    };
    (word(first) && word(second)).then(|| {
        [
            format!("{first}_{second}"),
            format!("{first}-{second}"),
            format!("{first}{second}"),
        ]
    })
}

/// The text a quoted term `"word+word+word"` stands for: the words the user put in double
/// quotes (`"Table of Contents"`, `"connection refused"`), joined by single blanks, found as
/// they stand (without case) where a word starts; a plain word, kept only where few lines hold
/// it. `None` for any other term.
fn quoted_text(term: &str) -> Option<String> {
    let inner = term.strip_prefix('"')?.strip_suffix('"')?;
    (inner.contains('+')
        && !inner.contains("++")
        && !inner.starts_with('+')
        && !inner.ends_with('+'))
    .then(|| inner.replace('+', " "))
}

/// The last part of a qualified name: after the last `::` (`semver::Version`,
/// `std::io::Error`), after the last `#` (`Hash#fetch`), or after the last `.` when that part
/// holds a capital or an underscore (`pkg.models.User`, `os.path_join`; not a file's
/// extension, `config.yaml`). `None` for
/// other terms, and for a last part that is not a word of letters, digits and underscores.
fn last_segment(term: &str) -> Option<&str> {
    let last = match term.rfind("::") {
        Some(at) => &term[at + 2..],
        // Ruby's and Java's docs write a method of a class as `Hash#fetch`.
        None if term.contains('#') => &term[term.rfind('#')? + 1..],
        None => {
            let at = term.rfind('.')?;
            let last = &term[at + 1..];
            if !last.bytes().any(|b| b.is_ascii_uppercase() || b == b'_') {
                return None;
            }
            last
        }
    };
    let word = last.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let starts_with_letter = last.bytes().next().is_some_and(|b| b.is_ascii_alphabetic());
    (word && starts_with_letter && last.len() < term.len()).then_some(last)
}

/// Whether a term found at `start..end` of `text` is the line's subject: the term ends a name
/// (`zlib1g`, not `zlib1g-dev`), the rest of the line is a short label, and after the term comes
/// only what closes it (`:`, `]`, `)`, a quote) or a few bytes that open what follows, with no
/// lower-case letter or digit (`AS`, `{`, `= {`, `">`): `Package: zlib1g`, `[zlib1g]`, `CREATE
/// VIEW pg_stat_activity AS`, `<event name="jdk.JavaMonitorEnter">`. A quoted string alone
/// on its line (`"net/http/httptest",`) is an item of a list, followed by its siblings: it
/// heads nothing.
fn is_heading(text: &[u8], start: usize, end: usize) -> bool {
    let ends_name = text
        .get(end)
        .is_none_or(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/')));
    let rest = text[end..].trim_ascii();
    let quote = text[..start].trim_ascii_start();
    if matches!(quote, b"\"" | b"'") && rest.strip_suffix(b",").unwrap_or(rest) == quote {
        return false;
    }
    let closes = rest
        .iter()
        .all(|b| matches!(b, b':' | b']' | b')' | b'"' | b'\'' | b'`'));
    let opens = rest.len() <= MAX_OPENER_BYTES
        && !rest
            .iter()
            .any(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    // A path the term ends names it (`/usr/lib/postgresql/15/bin/postgres:` heads the versions
    // `ldd -v` lists for `postgres` as `postgres:` would): the name starts where the path does.
    let path_start = text[..start]
        .iter()
        .rposition(|&b| b == b' ' || b == b'\t')
        .map_or(0, |blank| blank + 1);
    let name_start = if text[path_start..start].ends_with(b"/") {
        path_start
    } else {
        start
    };
    ends_name
        && (closes || opens)
        && text.trim_ascii().len() <= (end - name_start) + MAX_HEADING_EXTRA
}

/// Words that may come before the name a line defines, after its indentation: keywords and
/// modifiers of common languages (`def`, `pub fn`, `async`, `static`, `export function`).
const DEFINING_WORDS: &[&[u8]] = &[
    b"abstract",
    b"async",
    b"class",
    b"const",
    b"def",
    b"default",
    b"enum",
    b"export",
    b"extern",
    b"final",
    b"fn",
    b"fun",
    b"func",
    b"function",
    b"get",
    b"inline",
    b"interface",
    b"let",
    b"module",
    b"mut",
    b"override",
    b"private",
    b"proc",
    b"protected",
    b"pub",
    b"pub(crate)",
    b"pub(super)",
    b"public",
    b"set",
    b"static",
    b"struct",
    b"sub",
    b"trait",
    b"type",
    b"unsafe",
    b"val",
    b"var",
    b"virtual",
];
/// Most bytes before the name a line defines (indentation and defining words).
const MAX_DEFINITION_INDENT: usize = 64;
/// Most lines above a definition that belong to its head (a return type, attributes).
const HEAD_LINES_ABOVE: usize = 2;
/// Longest line above a definition taken as part of its head.
const MAX_HEAD_LINE_BYTES: usize = 64;

/// Whether `words` (those before a name) are all defining words (see [`DEFINING_WORDS`]), a Go
/// method's receiver after `func` aside: `func (c *Command) ExecuteC() (…) {` defines
/// `ExecuteC`.
fn only_defining_words<'a>(mut words: impl Iterator<Item = &'a [u8]>) -> bool {
    let mut receiver_may_follow = false;
    while let Some(word) = words.next() {
        if receiver_may_follow && word.starts_with(b"(") {
            let mut last = word;
            while !last.ends_with(b")") {
                match words.next() {
                    Some(next) => last = next,
                    None => return false,
                }
            }
            receiver_may_follow = false;
            continue;
        }
        if !DEFINING_WORDS.contains(&word) {
            return false;
        }
        receiver_may_follow = word == b"func";
    }
    true
}

/// Whether a term found at `start..end` of line `i` is the name the line defines: after the
/// line's indentation (after `from`, where a grep hit's own text starts) come only defining
/// words (see [`DEFINING_WORDS`]), after the name (past
/// blanks) a `(` or `<` opens its parameters, or with a defining word before it a `{` or `:`
/// its body; the line is no statement (it does not end in `;`); and a name with no defining
/// word before it must open its body, the line ending in `{` or the next one starting with
/// it (`  version(str, flags) {`, GNU style `substr(size_type __pos = 0) const` then `{`).
/// Or, whatever comes before it, the name is the last thing before the `{` that ends the
/// line. A question naming a function is answered by its definition, however often it is
/// called.
fn defines(texts: &LineTexts<'_>, i: usize, from: usize, start: usize, end: usize) -> bool {
    let text = &texts[i];
    // A name defined far into its line is not at its start: bounding this keeps a long line of
    // many hits linear.
    if start < from
        || start - from > MAX_DEFINITION_INDENT
        || text
            .get(end)
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
    {
        return false;
    }
    // A report that writes a block per entry names it last before the block opens
    // (`Function [ <internal:SPL> function iterator_to_array ] {`, `message Request {`,
    // `.navbar {`): past the name come only closing brackets and blanks, then the `{` that
    // ends the line.
    let opens_its_block = text[end..]
        .trim_ascii_end()
        .strip_suffix(b"{")
        .is_some_and(|between| between.iter().all(|&b| matches!(b, b' ' | b'\t' | b']')));
    if opens_its_block {
        return true;
    }
    let mut before = text[from..start]
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty())
        .peekable();
    let bare = before.peek().is_none();
    if !only_defining_words(before) {
        return false;
    }
    let trimmed = text.trim_ascii_end();
    let after = text[end..].trim_ascii_start();
    // A variable, constant or property bound after defining words to a value or a type is
    // defined there, statement or not: `export let sortable = false;`, `pub const MAX: u8 = 8;`.
    let binds = !bare
        && (after.starts_with(b"=") && !after.starts_with(b"==")
            || after.starts_with(b":") && !after.starts_with(b"::"));
    if trimmed.ends_with(b";") && !binds {
        return false;
    }
    let opens = |b: &[u8]| b.first().is_some_and(|&c| c == b'(' || c == b'<');
    if bare {
        let opens_body = trimmed.ends_with(b"{")
            || (i + 1 < texts.len() && texts[i + 1].trim_ascii_start().starts_with(b"{"));
        opens(after) && opens_body
    } else {
        binds || opens(after) || after.is_empty() || after.starts_with(b"{")
    }
}

/// The first line of the head of the definition on line `i`: up to [`HEAD_LINES_ABOVE`] lines
/// above it that hold its return type or attributes (`basic_string` over `substr(…)`,
/// `@property`, `#[inline]`): short lines of no statement, comment, block or call; and the doc
/// comment right above those (see [`doc_comment_start`]).
fn head_start(texts: &LineTexts<'_>, i: usize) -> usize {
    let first = type_head_start(texts, i);
    doc_comment_start(texts, first)
}

/// Most lines of a doc comment kept above a definition.
const DOC_LINES_ABOVE: usize = 12;

/// The first line of the doc comment that ends right above line `i` (`i` itself when there is
/// none): a block comment closed by `*/` whose opening `/*` is at most [`DOC_LINES_ABOVE`]
/// lines up, or a run of `///`, `//` or `#` lines, at most that many. What a definition means,
/// its defaults and types, is written there: `@type {"none" | "ascending"}` over a property.
fn doc_comment_start(texts: &LineTexts<'_>, i: usize) -> usize {
    let Some(above) = i.checked_sub(1).map(|j| texts[j].trim_ascii()) else {
        return i;
    };
    let lowest = i.saturating_sub(DOC_LINES_ABOVE);
    if above.ends_with(b"*/") {
        // Up to the line that opens the block, over lines that continue it (` * …`); no block
        // opened within the bound, no comment.
        for j in (lowest..i).rev() {
            let line = texts[j].trim_ascii_start();
            if line.starts_with(b"/*") {
                return j;
            }
            if j + 1 < i && !line.starts_with(b"*") {
                return i;
            }
        }
        return i;
    }
    let line_comment = |t: &[u8]| {
        let t = t.trim_ascii_start();
        t.starts_with(b"//") || t.starts_with(b"# ") || t == b"#"
    };
    let mut first = i;
    while first > lowest && line_comment(&texts[first - 1]) {
        first -= 1;
    }
    first
}

/// The first of up to [`HEAD_LINES_ABOVE`] lines above line `i` that hold its return type or
/// attributes (see [`head_start`]).
fn type_head_start(texts: &LineTexts<'_>, i: usize) -> usize {
    let mut first = i;
    while first > 0 && i - first < HEAD_LINES_ABOVE {
        let above = texts[first - 1].trim_ascii();
        let attribute = above.starts_with(b"@") || above.starts_with(b"#[");
        let type_words = !above.is_empty()
            && above.len() <= MAX_HEAD_LINE_BYTES
            && !above.starts_with(b"/")
            && !above.starts_with(b"*")
            && !above.starts_with(b"#")
            && !above.starts_with(b"-")
            && !above.iter().any(|b| b";{}()=,:".contains(b));
        if !(attribute || type_words) {
            break;
        }
        first -= 1;
    }
    first
}

/// Whether a term found at `start..end` of `text` is the key of the row: the line's first
/// field, after its indentation, followed by a blank or a `:` (`   org.apache.maven.project
/// -> java.io java.base`, `serde_json: 1.0.108`). The rows a name keys are what a question
/// about it reads (on which packages does `org.apache.maven.project` depend?), however many
/// other rows mention it as a value.
fn keys_row(text: &[u8], start: usize, end: usize) -> bool {
    text[..start].iter().all(|&b| b == b' ' || b == b'\t')
        && text
            .get(end)
            .is_some_and(|&b| b == b' ' || b == b'\t' || b == b':')
}

/// Whether a term found at `start..end` of `text` is the whole last part of a path: a `/`
/// before it, and after it the line's end or what ends a path (a blank, a quote, `:`, `,`,
/// `)`, `]`): `/usr/lib/postgresql/15/bin/postgres`, not `/usr/lib/postgresql/` or
/// `postgres_fdw.so`. Asked where `postgres` is, the files named so answer it, however many
/// other paths hold the word. A JSON pointer (`#/$defs/LineWidth`) names no file: a `#` in
/// the path rules it out, as does a path longer than [`MAX_PATH_BYTES`].
fn names_file(text: &[u8], start: usize, end: usize) -> bool {
    let is_blank = |b: &u8| matches!(b, b' ' | b'\t' | b'"' | b'\'');
    let ends_path = text
        .get(end)
        .is_none_or(|&b| is_blank(&b) || matches!(b, b':' | b',' | b')' | b']'));
    if start == 0 || text[start - 1] != b'/' || !ends_path {
        return false;
    }
    let window = &text[start.saturating_sub(MAX_PATH_BYTES)..start];
    let path = match window.iter().rposition(is_blank) {
        Some(at) => &window[at + 1..],
        None if start <= MAX_PATH_BYTES => window,
        None => return false,
    };
    !path.contains(&b'#')
}

/// Whether a term found at `start` of `text` starts a word there: a plain word counts only
/// there, so `port` is not found in `import`.
fn at_word_start(text: &[u8], start: usize) -> bool {
    start == 0 || !text[start - 1].is_ascii_alphanumeric()
}

/// Whether a number found at `start..end` of `text` is that number, not part of a longer one,
/// a word, a decimal or a dotted version: no letter, digit or `.` before it, and no digit
/// after it, nor a `.` followed by a digit (`1234,` and `1234)` count; `12345`, `1234.5`,
/// `x1234` and `1.1234` do not).
fn whole_number_at(text: &[u8], start: usize, end: usize) -> bool {
    let before = start
        .checked_sub(1)
        .map(|i| text[i])
        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'.');
    let after = match text.get(end) {
        Some(b) if b.is_ascii_digit() => true,
        Some(b'.') => text.get(end + 1).is_some_and(u8::is_ascii_digit),
        _ => false,
    };
    !before && !after
}

/// Records line `i` among a term's lines, once per line and up to one past
/// [`SELECTIVE_HITS`] (then the term is not selective, and more lines tell nothing).
fn note_line(lines: &mut Vec<u32>, i: usize) {
    if lines.len() <= SELECTIVE_HITS && lines.last() != Some(&(i as u32)) {
        lines.push(i as u32);
    }
}

/// The terms of the caller's query that can point at lines (named terms, selective-candidate
/// plain words, and the forms of phrases), with one automaton over them (case-insensitive).
pub(super) struct QueryTerms<'q> {
    terms: Vec<std::borrow::Cow<'q, str>>,
    /// Whether each term was named on purpose (see [`is_named`]).
    named: Vec<bool>,
    /// Whether each term is a number (see [`is_number`]).
    numbers: Vec<bool>,
    /// Whether each term is a short word (see [`is_short_word`]).
    short_words: Vec<bool>,
    /// The word of the query each term stands for, when it is one word (a name, a plain word,
    /// its stem or a qualified name's last part): the lines where two words meet are found by
    /// these (see [`pin_meetings`]). Phrase forms and quoted text are several words already.
    words: Vec<Option<u8>>,
    automaton: aho_corasick::AhoCorasick,
}

impl<'q> QueryTerms<'q> {
    /// `None` when no word of `query` can point at a line.
    pub(super) fn new(query: &'q str) -> Option<QueryTerms<'q>> {
        let mut terms: Vec<std::borrow::Cow<'q, str>> = Vec::new();
        let mut named: Vec<bool> = Vec::new();
        let mut words: Vec<Option<u8>> = Vec::new();
        for (word, term) in (0u8..).zip(bounded_query_terms(query)) {
            if let Some(text) = quoted_text(term) {
                terms.push(std::borrow::Cow::Owned(text));
                named.push(false);
                words.push(None);
            } else if let Some(forms) = phrase_forms(term) {
                // Each way of writing the phrase as one identifier is a plain word of its own:
                // `api_key` may be selective where `apikey` is not.
                terms.extend(forms.map(std::borrow::Cow::Owned));
                named.extend([false; 3]);
                words.extend([None; 3]);
            } else {
                let is_name = is_named(term);
                if is_name || is_plain_candidate(term) {
                    terms.push(std::borrow::Cow::Borrowed(term));
                    named.push(is_name);
                    words.push(Some(word));
                }
                // The question writes a word in one form, the output in another (`upgraded`
                // for `upgrade`, `failing` for `failed`): the stem is found where a word
                // starts with it.
                if let Some(stem) = stem(term).filter(|_| !is_name && is_plain_candidate(term)) {
                    terms.push(std::borrow::Cow::Borrowed(stem));
                    named.push(false);
                    words.push(Some(word));
                }
                // Tools print a qualified name's last part alone (`Version` for
                // `semver::Version`): it is a plain word, found only where few lines hold it.
                if let Some(last) = last_segment(term).filter(|t| is_plain_candidate(t)) {
                    terms.push(std::borrow::Cow::Borrowed(last));
                    named.push(false);
                    words.push(Some(word));
                }
            }
        }
        if terms.is_empty() {
            return None;
        }
        let automaton = aho_corasick::AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .build(terms.iter().map(|t| t.as_bytes()))
            .ok()?;
        let numbers = terms
            .iter()
            .map(|t| is_number(t) || is_percentage(t))
            .collect();
        let short_words = terms.iter().map(|t| is_short_word(t)).collect();
        Some(QueryTerms {
            terms,
            named,
            numbers,
            short_words,
            words,
            automaton,
        })
    }

    /// Whether `found` in `text` counts as its term: a number (or percentage) only as a whole
    /// number, a short word only as a whole word as written, another named term anywhere, a
    /// plain word only where a word starts.
    fn counts(&self, text: &[u8], found: &aho_corasick::Match) -> bool {
        let term = found.pattern().as_usize();
        if self.short_words[term] {
            short_word_at(text, found.start(), found.end(), &self.terms[term])
        } else if self.numbers[term] {
            whole_number_at(text, found.start(), found.end())
        } else if self.named[term] {
            true
        } else {
            at_word_start(text, found.start())
        }
    }

    /// How many of the question's terms `text` holds, each counted once (see
    /// [`QueryTerms::counts`]): a word and its stem or last part count as one word, a phrase's
    /// forms and a quoted text each as a term of its own.
    pub(super) fn terms_on(&self, text: &[u8]) -> u32 {
        // Words are numbered by their place in the query, other terms by their place among
        // the terms: two sets, so that word 3 and term 3 are not taken for one.
        let (mut words, mut others) = (0u64, 0u64);
        for found in self.automaton.find_overlapping_iter(text) {
            let term = found.pattern().as_usize();
            if self.counts(text, &found) {
                match self.words[term] {
                    Some(word) => words |= 1 << (word % 64),
                    None => others |= 1 << (term % 64),
                }
            }
        }
        words.count_ones() + others.count_ones()
    }

    /// The byte offsets in `text` of at most `most` places to show around, each `lead` bytes
    /// into a stretch of at most `width` bytes where the asked words meet (`async: false,
    /// breaks: false, … pedantic: false` in a source map's embedded sources), not the first
    /// place of each word, which in a long line is mostly where it is named in passing.
    /// Stretches are chosen one by one, apart from the ones chosen: of those holding the most
    /// distinct terms (see [`QueryTerms::counts`]) that no chosen stretch holds yet, then the
    /// most distinct terms, the shortest. In order.
    pub(super) fn densest_places(
        &self,
        text: &[u8],
        most: usize,
        (lead, width): (usize, usize),
    ) -> Vec<usize> {
        // Each place and its term, at most MAX_PLACES of them (a term found everywhere adds
        // nothing after its first places).
        let mut found: Vec<(usize, usize)> = Vec::new();
        for m in self.automaton.find_overlapping_iter(text) {
            if self.counts(text, &m) {
                found.push((m.start(), m.pattern().as_usize()));
                if found.len() == MAX_PLACES {
                    break;
                }
            }
        }
        found.sort_unstable();
        let mut covered = vec![false; self.terms.len()];
        let mut chosen: Vec<(usize, usize)> = Vec::new();
        while chosen.len() < most {
            let Some((from, to)) = shortest_stretch(&found, &covered, &chosen, width) else {
                break;
            };
            for &(at, term) in &found {
                if (from..=to).contains(&at) {
                    covered[term] = true;
                }
            }
            chosen.push((from, to));
        }
        let mut places: Vec<usize> = chosen
            .into_iter()
            .map(|(from, _)| (from + lead).min(text.len().saturating_sub(1)))
            .collect();
        places.sort_unstable();
        places
    }
}

/// Most places of query terms [`QueryTerms::densest_places`] weighs in one line.
const MAX_PLACES: usize = 4096;

/// The stretch `(first, last)` (byte offsets of its first and last place) that
/// [`QueryTerms::densest_places`] chooses next among `found` (places and their terms, in
/// order): at most `width` bytes from its first place to its last, apart from the `chosen`
/// ones, with the most distinct terms not yet `covered`, then the most distinct terms, then
/// the shortest. Two passes of two pointers: the best counts, then the shortest stretch that
/// reaches them (for each last place, the latest first place that keeps every term).
fn shortest_stretch(
    found: &[(usize, usize)],
    covered: &[bool],
    chosen: &[(usize, usize)],
    width: usize,
) -> Option<(usize, usize)> {
    let apart = |from: usize, to: usize| chosen.iter().all(|&(a, b)| to < a || b < from);
    let mut held = vec![0u32; covered.len()];
    let mut best: Option<(usize, usize)> = None;
    let mut shortest: Option<(usize, (usize, usize))> = None;
    for pass in 0..2 {
        held.fill(0);
        let (mut first, mut distinct, mut new) = (0usize, 0usize, 0usize);
        for last in 0..found.len() {
            let term = found[last].1;
            held[term] += 1;
            if held[term] == 1 {
                distinct += 1;
                new += usize::from(!covered[term]);
            }
            // Too long, or the first place's term is held again later: drop the first place.
            while found[last].0 - found[first].0 >= width || held[found[first].1] > 1 {
                let term = found[first].1;
                held[term] -= 1;
                if held[term] == 0 {
                    distinct -= 1;
                    new -= usize::from(!covered[term]);
                }
                first += 1;
            }
            let (from, to) = (found[first].0, found[last].0);
            if !apart(from, to) {
                continue;
            }
            if pass == 0 {
                if best.is_none_or(|b| (new, distinct) > b) {
                    best = Some((new, distinct));
                }
            } else if best == Some((new, distinct))
                && shortest.is_none_or(|(span, _)| to - from < span)
            {
                shortest = Some((to - from, (from, to)));
            }
        }
    }
    shortest.map(|(_, stretch)| stretch)
}

/// Flags the lines that hold a term of the caller's query (case-insensitive): every line of a
/// named term, and the lines of a plain word found on at most [`SELECTIVE_HITS`] lines (a
/// plain word counts only where a word starts, so `port` is not found in `import`, and a
/// number only as a whole number). Returns
/// the lines of the selective terms, named or plain: those are kept outright, while the hits
/// of a named term found on many lines are thinned per template (see `choose::query_hits`).
///
/// A line that is little more than a term (`Package: zlib1g`, `globstar`, `[zlib1g]`) heads
/// what follows it: when a term heads at most [`SELECTIVE_HITS`] lines, each such heading is
/// kept with its paragraph (the lines up to the next blank one, at most [`PARAGRAPH_LINES`]),
/// however many other lines mention the term: a stanza of `dpkg` status, a manual's entry.
/// Likewise the rows a named term keys (see [`keys_row`]) are all kept when there are at most
/// [`KEYED_ROWS`] of them: a table's rows about the name the user asked about. And a line
/// that defines a term (see [`defines`]) is kept with the head lines above it and its first
/// lines, however often the term is called elsewhere; and the paths a term ends (see
/// [`names_file`]), when few.
///
/// `document`: the output is a file shown past Pi's cut for what the question names there
/// (see `select::select_past_cut`), so an asked line that opens a nested block also keeps the
/// block's first lines (see [`pin_nested_blocks`]).
pub(super) fn mark_query_hits(
    lines: &Lines<'_>,
    flags: &mut [LineFlags],
    query: &QueryTerms<'_>,
    kind: ContentKind,
    document: bool,
) -> Vec<u32> {
    // Source code and diffs are no records of fields: their paragraphs are code.
    let fields = !matches!(kind, ContentKind::Source | ContentKind::Diff);
    mark_query_hits_with(lines, flags, query, Context::Record { fields, document })
}

/// What comes with each asked line besides its ancestors and block.
#[derive(Clone, Copy, PartialEq)]
enum Context {
    /// The comment above it and its neighbours (see [`pin_doc_comments`], [`pin_neighbours`]);
    /// with `fields`, its record's lines that hold the question's other words (see
    /// [`pin_asked_fields`]) and the rest of its record; with `document`, the first lines of
    /// the block it opens.
    Record { fields: bool, document: bool },
    /// Nothing more: what the terms find, for tests of the finding.
    #[cfg(test)]
    None,
}

fn mark_query_hits_with(
    lines: &Lines<'_>,
    flags: &mut [LineFlags],
    query: &QueryTerms<'_>,
    context: Context,
) -> Vec<u32> {
    let texts = &lines.texts;
    let QueryTerms {
        terms,
        named,
        automaton,
        ..
    } = query;
    // Lines of each term, up to one past the selective bound (then it is not selective).
    let mut term_lines: Vec<Vec<u32>> = vec![Vec::new(); terms.len()];
    let mut heading_lines: Vec<Vec<u32>> = vec![Vec::new(); terms.len()];
    let mut heading_indent: Vec<usize> = vec![usize::MAX; terms.len()];
    let mut definition_lines: Vec<Vec<u32>> = vec![Vec::new(); terms.len()];
    let mut file_lines: Vec<Vec<u32>> = vec![Vec::new(); terms.len()];
    let mut keyed_rows: Vec<Vec<u32>> = vec![Vec::new(); terms.len()];
    // Lines holding two or more words of the query, with the words each holds.
    let mut meetings: Vec<(u32, u64)> = Vec::new();
    for (i, text) in texts.indexed() {
        let mut words_here = 0u64;
        for found in automaton.find_overlapping_iter(text) {
            let term = found.pattern().as_usize();
            let at_word_start = at_word_start(text, found.start());
            if !query.counts(text, &found) {
                continue;
            }
            if named[term] {
                flags[i].set(QUERY_HIT);
            }
            note_line(&mut term_lines[term], i);
            // A name the user wrote with capitals (`LineWidth`) heads only the lines that write
            // it so: a schema's `"lineWidth": {` properties are not its `"LineWidth": {`. Nor
            // does it meet the question's other words where it is written otherwise: a compose
            // table's `<Greek_OMEGA>` sequences are not the `<Greek_omega>` one asked about.
            let written_so = !named[term]
                || !terms[term].bytes().any(|b| b.is_ascii_uppercase())
                || &text[found.start()..found.end()] == terms[term].as_bytes();
            if let (Some(word), true) = (query.words[term], written_so) {
                words_here |= 1 << word;
            }
            if at_word_start && written_so && is_heading(text, found.start(), found.end()) {
                // Of the lines a term heads, the least indented are its headings: the more
                // indented ones are items listed under other headings (`apt-cache rdepends`
                // lists `  libpq5` under each package that depends on it, below `libpq5`'s
                // own entry).
                let indent = indent_columns(text);
                if indent < heading_indent[term] {
                    heading_indent[term] = indent;
                    heading_lines[term].clear();
                }
                if indent == heading_indent[term] {
                    note_line(&mut heading_lines[term], i);
                }
            }
            // A grep hit's own text starts after its `path:line:`.
            if at_word_start
                && written_so
                && defines(
                    texts,
                    i,
                    text.len() - lines.hit_text(i).len(),
                    found.start(),
                    found.end(),
                )
            {
                note_line(&mut definition_lines[term], i);
            }
            if written_so && names_file(text, found.start(), found.end()) {
                note_line(&mut file_lines[term], i);
            }
            let rows = &mut keyed_rows[term];
            if named[term]
                && written_so
                && rows.len() <= KEYED_ROWS
                && rows.last() != Some(&(i as u32))
                && keys_row(text, found.start(), found.end())
            {
                rows.push(i as u32);
            }
        }
        if words_here.count_ones() >= 2 && meetings.len() < MAX_MEETING_LINES {
            meetings.push((i as u32, words_here));
        }
    }
    let mut selective: Vec<(bool, &Vec<u32>)> = term_lines
        .iter()
        .zip(named)
        .filter(|(lines, _)| !lines.is_empty() && lines.len() <= SELECTIVE_HITS)
        .map(|(lines, &named)| (named, lines))
        .collect();
    selective.sort_by_key(|(named, lines)| (!named, lines.len()));
    let mut pinned = Vec::new();
    let mut plain_kept = 0usize;
    for (named, lines) in selective {
        if !named {
            // Lines another term pinned cost nothing more: a word and its stem (`package`,
            // `packages`) hold the same lines, and counted twice they crowd out a third word.
            let new = lines.iter().filter(|i| !pinned.contains(*i)).count();
            if plain_kept + new > PLAIN_WORD_LINES {
                continue;
            }
            plain_kept += new;
        }
        pin(flags, &mut pinned, lines);
    }
    // A term on few lines had all of them pinned above. Of a term on many, the paths whose
    // last part it is, when few, and the rows it keys, when not too many to read (a package
    // few rows are about is the target of many).
    let mut pin_some_of_common =
        |lines_of: &[Vec<u32>], most_each: usize, most: usize| {
            let mut kept = 0usize;
            for (lines, _) in lines_of.iter().zip(&term_lines).filter(|(l, all)| {
                all.len() > SELECTIVE_HITS && !l.is_empty() && l.len() <= most_each
            }) {
                if kept + lines.len() > most {
                    continue;
                }
                kept += lines.len();
                pin(flags, &mut pinned, lines);
            }
        };
    pin_some_of_common(&file_lines, SELECTIVE_HITS, PLAIN_WORD_LINES);
    pin_some_of_common(&keyed_rows, KEYED_ROWS, KEYED_ROWS);
    pin_meetings(&meetings, flags, &mut pinned);
    // The lines the terms pinned, in order: each brings its ancestors and its block.
    let mut asked = pinned.clone();
    asked.sort_unstable();
    asked.dedup();
    pin_ancestors(lines, flags, &mut pinned, &asked);
    pin_enclosing_blocks(lines, flags, &mut pinned, &asked);
    match context {
        Context::Record { fields, document } => {
            pin_doc_comments(lines, flags, &mut pinned, &asked);
            pin_neighbours(lines, flags, &mut pinned, &asked);
            if document {
                pin_nested_blocks(lines, flags, &mut pinned, &asked);
            }
            if fields {
                pin_record_rests(lines, flags, &mut pinned, &asked);
                pin_asked_paragraphs(lines, flags, &mut pinned, &asked);
                pin_asked_fields(lines, flags, &mut pinned, &asked, query);
            }
        }
        #[cfg(test)]
        Context::None => {}
    }
    // Definitions with their heads and first lines, then headings with their paragraphs: a
    // definition is what a question naming it asks for, a line little more than the name may
    // only mention it.
    let mut paragraph_kept = 0usize;
    let mut pin_range = |range: std::ops::Range<usize>, flags: &mut [LineFlags]| {
        if paragraph_kept + range.len() > PARAGRAPH_LINES_TOTAL {
            return false;
        }
        paragraph_kept += range.len();
        for j in range {
            pin_line(flags, &mut pinned, j);
        }
        true
    };
    // The body of a definition the user named is taken whole; of a plain word's, the rest
    // past its first paragraph waits until every definition and heading has its first lines.
    let mut rests: Vec<std::ops::Range<usize>> = Vec::new();
    let headed = heading_lines.iter().zip(named).map(|(h, &n)| (h, false, n));
    let defined = definition_lines
        .iter()
        .zip(named)
        .map(|(d, &n)| (d, true, n));
    for (heads, definition, named) in defined.chain(headed) {
        if heads.len() > SELECTIVE_HITS {
            continue;
        }
        for &h in heads {
            let h = h as usize;
            let in_file = definition && lines.prefix(h) == 0;
            let paragraph = paragraph_end(lines, h);
            let body = if in_file {
                body_end(texts, h).max(paragraph)
            } else {
                paragraph
            };
            let end = if named { body } else { paragraph };
            let first = if in_file { head_start(texts, h) } else { h };
            if !pin_range(first..end, flags) {
                break;
            }
            rests.push(end..body);
        }
    }
    for rest in rests {
        pin_range(rest, flags);
    }
    pinned.sort_unstable();
    pinned.dedup();
    pinned
}

/// Most lines of the block an asked line stands in for the block to be kept with it.
const BLOCK_LINES: usize = 12;
/// Most lines kept for the blocks of asked lines in all.
const BLOCK_LINES_TOTAL: usize = 48;
/// How far above an asked line the head of its block is looked for.
const BLOCK_HEAD_LOOKBACK: usize = 6;

/// Pins the small block each `asked` line (in order) stands in (see [`enclosing_block`]): an
/// asked line of code is read with the statement around it. "What does `ExecuteC` do when a
/// command is not found" pins the comment `// If found parse to a subcommand and then failed,
/// …`; the answer is the `if err != nil {` block it stands in. At most [`BLOCK_LINES_TOTAL`]
/// lines in all.
fn pin_enclosing_blocks(
    lines: &Lines<'_>,
    flags: &mut [LineFlags],
    pinned: &mut Vec<u32>,
    asked: &[u32],
) {
    let mut kept = 0usize;
    let mut last_end = 0usize;
    for &i in asked {
        let i = i as usize;
        if i < last_end || lines.prefix(i) != 0 {
            continue;
        }
        let Some(block) = enclosing_block(&lines.texts, i) else {
            continue;
        };
        if kept + block.len() > BLOCK_LINES_TOTAL {
            break;
        }
        kept += block.len();
        last_end = block.end;
        for j in block {
            pin_line(flags, pinned, j);
        }
    }
}

/// Most ancestor lines kept for the asked lines in all.
const ANCESTOR_LINES_TOTAL: usize = 48;

/// Pins the ancestors of each `asked` line (see `line_kinds::ancestors`). An asked line deep
/// in a structure is read under the lines it belongs to: `This fixes CVE-2008-4865` under
/// its changelog entry's `valgrind (1:3.3.1-3) unstable` (which upload fixed it), a nested key
/// under its parents. At most [`ANCESTOR_LINES_TOTAL`] lines in all.
fn pin_ancestors(lines: &Lines<'_>, flags: &mut [LineFlags], pinned: &mut Vec<u32>, asked: &[u32]) {
    let texts = &lines.texts;
    let mut kept = 0usize;
    for &i in asked {
        let i = i as usize;
        if lines.prefix(i) != 0 {
            continue;
        }
        for j in ancestors(texts, i) {
            if kept == ANCESTOR_LINES_TOTAL {
                return;
            }
            kept += 1;
            pin_line(flags, pinned, j);
        }
    }
}

/// Whether line `j` is the output's own and holds something: no grep hit (a hit's neighbours
/// are other hits, from other places, and no record spans them) and not blank.
fn own_line(lines: &Lines<'_>, j: usize) -> bool {
    lines.prefix(j) == 0 && !lines.texts[j].trim_ascii().is_empty()
}

/// Whether line `j` can be part of the record around an asked line: an [`own_line`] of at
/// most [`NEIGHBOUR_MAX_BYTES`].
fn record_line(lines: &Lines<'_>, j: usize) -> bool {
    own_line(lines, j) && lines.texts[j].len() <= NEIGHBOUR_MAX_BYTES
}

/// Lines before an asked line kept with it (see [`pin_neighbours`]).
const NEIGHBOURS_BEFORE: usize = 1;
/// Lines after an asked line kept with it.
const NEIGHBOURS_AFTER: usize = 2;
/// Most neighbour lines kept for the asked lines in all.
const NEIGHBOUR_LINES_TOTAL: usize = 32;
/// Longest neighbour line kept: a longer one is a value of its own, not a part of the record
/// around an asked line (a statistics row's `most_common_vals` list).
const NEIGHBOUR_MAX_BYTES: usize = 240;

/// Pins the line before each `asked` line and the two after it, as `grep -B1 -A2` would show
/// them: a record often spans lines of one shape, and its key and value are apart. pickletools
/// prints the key `'SOABI'`, then a memo line, then the value; a tokenizer prints `'def'` on
/// the line before the asked `'split'`. Blank lines, grep hits and lines longer than
/// [`NEIGHBOUR_MAX_BYTES`] are not counted. At most
/// [`NEIGHBOUR_LINES_TOTAL`] lines in all.
fn pin_neighbours(
    lines: &Lines<'_>,
    flags: &mut [LineFlags],
    pinned: &mut Vec<u32>,
    asked: &[u32],
) {
    let texts = &lines.texts;
    let mut kept = 0usize;
    for &i in asked {
        let i = i as usize;
        if !own_line(lines, i) {
            continue;
        }
        let window = i.saturating_sub(NEIGHBOURS_BEFORE)..texts.len().min(i + NEIGHBOURS_AFTER + 1);
        for j in window.filter(|&j| j != i && record_line(lines, j)) {
            if flags[j].has(QUERY_HIT) {
                continue;
            }
            if kept == NEIGHBOUR_LINES_TOTAL {
                return;
            }
            kept += 1;
            pin_line(flags, pinned, j);
        }
    }
}

/// Most lines after an asked line that make the rest of its record (see [`pin_record_rests`]).
const RECORD_REST_LINES: usize = 12;
/// Most lines kept for the rests of the asked lines' records, in all.
const RECORD_REST_LINES_TOTAL: usize = 48;

/// The shape of a line's first word, for telling a record's opening line from the lines that
/// continue it: letters and digits stand for their class, a run of one class for one, and
/// other bytes for themselves. `Z Asia/Kolkata …` and `Z Asia/Krasnoyarsk …` open records
/// alike; `5:53:20 - HMT 1870` continues one. At most 16 classes are read.
fn first_word_shape(text: &[u8]) -> ([u8; 16], usize) {
    let mut shape = [0u8; 16];
    let mut len = 0;
    for &b in text.trim_ascii_start() {
        if b == b' ' || b == b'\t' || len == shape.len() {
            break;
        }
        let class = if b.is_ascii_alphabetic() {
            b'a'
        } else if b.is_ascii_digit() {
            b'9'
        } else {
            b
        };
        if len == 0 || shape[len - 1] != class || !matches!(class, b'a' | b'9') {
            shape[len] = class;
            len += 1;
        }
    }
    (shape, len)
}

/// Pins the rest of the record each `asked` line opens: the lines after it up to the next
/// one that opens a record the same way (indented alike, its first word of the same shape),
/// or one indented less (it belongs to what encloses the record), or a blank line, or the
/// output's end. Many formats write a record as a line naming it and
/// unindented lines continuing it: a zic `Zone` line and its rules until the next `Z` line, a
/// disassembly's `== disasm:` header and its instructions. The question names the record by
/// its first line; the answer is the lines that follow, however many. A record is taken only
/// when it ends within [`RECORD_REST_LINES`] lines whose each is at most
/// [`NEIGHBOUR_MAX_BYTES`] long: past that bound the asked line opens no record that can be
/// told apart (a log's every line is of one shape, and ends its predecessor at once). At most
/// [`RECORD_REST_LINES_TOTAL`] lines in all; grep hits have no record.
fn pin_record_rests(
    lines: &Lines<'_>,
    flags: &mut [LineFlags],
    pinned: &mut Vec<u32>,
    asked: &[u32],
) {
    let texts = &lines.texts;
    let n = texts.len();
    let mut kept = 0usize;
    for &i in asked {
        let i = i as usize;
        if !own_line(lines, i) {
            continue;
        }
        let opens = (indent_columns(&texts[i]), first_word_shape(&texts[i]));
        let limit = n.min(i + 2 + RECORD_REST_LINES);
        let end = (i + 1..limit).find(|&j| {
            let text = &texts[j];
            !record_line(lines, j)
                || indent_columns(text) < opens.0
                || (indent_columns(text), first_word_shape(text)) == opens
        });
        let end = match end {
            Some(j) if texts[j].len() <= NEIGHBOUR_MAX_BYTES && lines.prefix(j) == 0 => j,
            None if limit == n => n,
            _ => continue,
        };
        if !pin_within(
            flags,
            pinned,
            i + 1..end,
            &mut kept,
            RECORD_REST_LINES_TOTAL,
        ) {
            break;
        }
    }
}

/// Pins the first [`RECORD_REST_LINES`] lines of the block each `asked` line opens: the lines
/// after it indented deeper, up to one indented no deeper or a blank line. In a document read
/// for what a question names, the named element's content is the answer: an XML schema's
/// `<xs:simpleType name="hashAlg">` lists its values below it. At most
/// [`RECORD_REST_LINES_TOTAL`] lines in all.
fn pin_nested_blocks(
    lines: &Lines<'_>,
    flags: &mut [LineFlags],
    pinned: &mut Vec<u32>,
    asked: &[u32],
) {
    let texts = &lines.texts;
    let n = texts.len();
    let in_block = |j: usize, own: usize| record_line(lines, j) && indent_columns(&texts[j]) > own;
    let mut kept = 0usize;
    for &i in asked {
        let i = i as usize;
        if !own_line(lines, i) {
            continue;
        }
        let own = indent_columns(&texts[i]);
        let limit = n.min(i + 1 + RECORD_REST_LINES);
        let end = (i + 1..limit).find(|&j| !in_block(j, own)).unwrap_or(limit);
        if !pin_within(
            flags,
            pinned,
            i + 1..end,
            &mut kept,
            RECORD_REST_LINES_TOTAL,
        ) {
            break;
        }
    }
}

/// Most lines of a paragraph kept whole with an asked line in it (see [`pin_asked_paragraphs`]).
const PARAGRAPH_RECORD_LINES: usize = 12;
/// Most lines kept for the asked lines' paragraphs, in all.
const PARAGRAPH_RECORD_LINES_TOTAL: usize = 48;

/// Pins the whole paragraph each `asked` line stands in, when it is short: the lines between
/// the blank lines (or the output's ends) around it, at most [`PARAGRAPH_RECORD_LINES`] of at
/// most [`NEIGHBOUR_MAX_BYTES`] each. A list of blank-separated records (a suffix list's
/// entries under the comment naming who submitted them, a package's stanza, a certificate)
/// answers a question about one entry with its record: the entry asked about is often not the
/// first line, and what the question wants to know (who, which version) is a line or two
/// above it. At most [`PARAGRAPH_RECORD_LINES_TOTAL`] lines in all; grep hits have none.
fn pin_asked_paragraphs(
    lines: &Lines<'_>,
    flags: &mut [LineFlags],
    pinned: &mut Vec<u32>,
    asked: &[u32],
) {
    let texts = &lines.texts;
    let n = texts.len();
    let in_paragraph = |j: usize| record_line(lines, j);
    let ends = |j: usize| texts[j].trim_ascii().is_empty();
    let mut kept = 0usize;
    let mut last_end = 0usize;
    for &i in asked {
        let i = i as usize;
        if i < last_end || !in_paragraph(i) {
            continue;
        }
        // The paragraph's first line: after a blank line, or the output's first.
        let reach = i.saturating_sub(PARAGRAPH_RECORD_LINES);
        let Some(first) = (reach..i)
            .rev()
            .find(|&j| !in_paragraph(j))
            .map_or((reach == 0).then_some(0), |j| ends(j).then_some(j + 1))
        else {
            continue;
        };
        let limit = n.min(first + PARAGRAPH_RECORD_LINES + 1);
        let Some(end) = (i + 1..limit)
            .find(|&j| !in_paragraph(j))
            .map_or((limit == n).then_some(n), |j| ends(j).then_some(j))
        else {
            continue;
        };
        if end - first > PARAGRAPH_RECORD_LINES {
            continue;
        }
        if !pin_within(
            flags,
            pinned,
            first..end,
            &mut kept,
            PARAGRAPH_RECORD_LINES_TOTAL,
        ) {
            break;
        }
        last_end = end;
    }
}

/// Lines on each side of an asked line read for the question's other words (see
/// [`pin_asked_fields`]).
const RECORD_REACH: usize = 24;
/// Most lines kept for the question's words around the asked lines, in all.
const RECORD_FIELD_LINES_TOTAL: usize = 32;
/// Most lines read for them, in all.
const RECORD_LINES_READ: usize = 4096;

/// Pins, on each side of each asked line, the nearest line holding each other word of the
/// question: the asked record's field. A question that names one record and a field every
/// record has ("the serial and SHA256 fingerprint of ISRG Root X2", "the CRC of
/// rich/console.py", "since which version does LMPOP exist") asks for that record's field:
/// the field's word is on every record, so it points at no line alone, and its line nearest
/// the record's name is the answer, below the name or above it (a zip entry's header names
/// its file last). A field's name alone on its line is followed by its value, which is kept
/// too. A record ends at a blank line, and at most [`RECORD_REACH`] lines are read each way;
/// grep hits have no record.
fn pin_asked_fields(
    lines: &Lines<'_>,
    flags: &mut [LineFlags],
    pinned: &mut Vec<u32>,
    asked: &[u32],
    query: &QueryTerms<'_>,
) {
    let texts = &lines.texts;
    let n = texts.len();
    let in_record = |j: usize| own_line(lines, j);
    // The question's words on a line, a bit each (phrases and quoted text are no field's
    // word), and whether one of them is all the line holds (a field's name, `since`, `CRC:`).
    // A name is a field's only where it stands whole: `%CurrentVersionNT%` is another key
    // than `"CurrentVersion"`, and holds no field the question names.
    let is_ident = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
    let words_on = |j: usize| {
        let text = &texts[j];
        let name = text.trim_ascii();
        let name = name.strip_suffix(b":").unwrap_or(name);
        let mut alone = false;
        let mut words = 0u64;
        for found in query.automaton.find_overlapping_iter(text) {
            let term = found.pattern().as_usize();
            let whole = !query.named[term]
                || (!text[..found.start()].last().is_some_and(is_ident)
                    && !text.get(found.end()).is_some_and(is_ident));
            if let (true, true, Some(word)) = (whole, query.counts(text, &found), query.words[term])
            {
                words |= 1 << word;
                alone |= found.end() - found.start() == name.len();
            }
        }
        (words, alone)
    };
    let mut already = pinned.clone();
    already.sort_unstable();
    let mut kept = 0usize;
    let mut read = 0usize;
    // Reads line `j` of one side of an asked line, `seen` the words found on that side so
    // far; breaks when the bounds are reached.
    let mut read_line = |j: usize, seen: &mut u64| -> std::ops::ControlFlow<()> {
        read += 1;
        if read > RECORD_LINES_READ {
            return std::ops::ControlFlow::Break(());
        }
        let (words, alone) = words_on(j);
        let new = words & !*seen;
        if new == 0 {
            return std::ops::ControlFlow::Continue(());
        }
        *seen |= new;
        let value = (alone && j + 1 < n && in_record(j + 1)).then_some(j + 1);
        for field in std::iter::once(j).chain(value) {
            if already.binary_search(&(field as u32)).is_ok() {
                continue;
            }
            if kept == RECORD_FIELD_LINES_TOTAL {
                return std::ops::ControlFlow::Break(());
            }
            kept += 1;
            pin_line(flags, pinned, field);
        }
        std::ops::ControlFlow::Continue(())
    };
    // The fields of a bounded number of lines are kept: the lines holding more of the
    // question come first ("the service pack of the 64-bit prefix" names one record by two
    // words, after dozens of lines each naming one word), then in order.
    let mut order: Vec<(u64, usize)> = asked
        .iter()
        .map(|&i| i as usize)
        .filter(|&i| in_record(i))
        .map(|i| (words_on(i).0, i))
        .collect();
    order.sort_by_key(|&(own, i)| (std::cmp::Reverse(own.count_ones()), i));
    for (own, i) in order {
        // The asked line's own words name the record, not its fields.
        let below = (i + 1..n.min(i + 1 + RECORD_REACH)).take_while(|&j| in_record(j));
        let mut seen = own;
        if below
            .map(|j| read_line(j, &mut seen))
            .any(|flow| flow.is_break())
        {
            return;
        }
        let above = (i.saturating_sub(RECORD_REACH)..i)
            .rev()
            .take_while(|&j| in_record(j));
        let mut seen = own;
        if above
            .map(|j| read_line(j, &mut seen))
            .any(|flow| flow.is_break())
        {
            return;
        }
    }
}

/// Most comment lines kept above the asked lines in all.
const DOC_COMMENT_LINES_TOTAL: usize = 36;

/// Pins the comment that ends right above each `asked` line (see [`doc_comment_start`]): what
/// a field, a setting or a statement is for is written there, not on its own line. "Which
/// field holds the positional-argument validator" finds `Args PositionalArgs`; the comment
/// `// Expected arguments` above it says that is the one. At most [`DOC_COMMENT_LINES_TOTAL`]
/// lines in all.
fn pin_doc_comments(
    lines: &Lines<'_>,
    flags: &mut [LineFlags],
    pinned: &mut Vec<u32>,
    asked: &[u32],
) {
    let mut kept = 0usize;
    for &i in asked {
        let i = i as usize;
        if lines.prefix(i) != 0 {
            continue;
        }
        let first = doc_comment_start(&lines.texts, i);
        if kept + (i - first) > DOC_COMMENT_LINES_TOTAL {
            return;
        }
        kept += i - first;
        for j in first..i {
            pin_line(flags, pinned, j);
        }
    }
}

/// The block of at most [`BLOCK_LINES`] lines that line `i` stands in: from the nearest line
/// above it (within [`BLOCK_HEAD_LOOKBACK`]) indented less, when that line opens a block (ends
/// in `{`, or in `:` as Python's do), to where the block closes (its `}`, or the next line
/// indented no deeper than its head). `None` for an unindented line, or a block that does not
/// close within the bound.
fn enclosing_block(texts: &LineTexts<'_>, i: usize) -> Option<std::ops::Range<usize>> {
    let own = indent_columns(&texts[i]);
    if own == 0 || texts[i].trim_ascii().is_empty() {
        return None;
    }
    let head = (i.saturating_sub(BLOCK_HEAD_LOOKBACK)..i)
        .rev()
        .find(|&j| !texts[j].trim_ascii().is_empty() && indent_columns(&texts[j]) < own)?;
    let limit = texts.len().min(head + BLOCK_LINES);
    let opener = texts[head].trim_ascii_end();
    let end = if opener.ends_with(b"{") {
        let end = closing_end(texts, head, limit + 1, b'{', b'}');
        (end <= limit).then_some(end)?
    } else if opener.ends_with(b":") {
        let depth = indent_columns(&texts[head]);
        (head + 1..limit)
            .find(|&j| !texts[j].trim_ascii().is_empty() && indent_columns(&texts[j]) <= depth)?
    } else {
        return None;
    };
    (end > i).then_some(head..end)
}

/// The end of the paragraph line `h` heads: the next blank line, at most [`PARAGRAPH_LINES`]
/// on. A heading that opens a bracket (`"GoFiles": [`, `"scripts": {`) heads the lines up to
/// where it closes: a key's value, not the keys after it, which a document without blank
/// lines would give. A grep hit's next lines are other hits: only its own file's context
/// lines (`path-N-`) follow it.
fn paragraph_end(lines: &Lines<'_>, h: usize) -> usize {
    let texts = &lines.texts;
    let limit = texts.len().min(h + 1 + PARAGRAPH_LINES);
    let p = lines.prefix(h);
    if p == 0 {
        match texts[h].trim_ascii_end().last() {
            Some(b'[') => return closing_end(texts, h, limit, b'[', b']'),
            Some(b'{') => return closing_end(texts, h, limit, b'{', b'}'),
            _ => {}
        }
    }
    let ends = |j: usize| {
        if p == 0 {
            return texts[j].trim_ascii().is_empty();
        }
        let text = &texts[j];
        !(lines.prefix(j) == p
            && text.starts_with(&texts[h][..p - 1])
            && text[p - 1] == b'-'
            && !lines.hit_text(j).trim_ascii().is_empty())
    };
    (h + 1..limit).find(|&j| ends(j)).unwrap_or(limit)
}

/// The line after the one where the `open` bracket first opened from line `h` on closes
/// again, or `limit` when it does not close before it.
fn closing_end(texts: &LineTexts<'_>, h: usize, limit: usize, open: u8, close: u8) -> usize {
    let (mut depth, mut opened) = (0isize, false);
    for j in h..limit {
        for &b in texts[j].iter() {
            if b == open {
                depth += 1;
            } else if b == close {
                depth -= 1;
            }
            opened |= depth > 0;
        }
        if opened && depth <= 0 {
            return j + 1;
        }
    }
    limit
}

/// The end of the body a definition on line `h` of a file opens, at most [`PARAGRAPH_LINES`]
/// on: where its braces close when the head opens one (`onPage(event) {`, or `{` on the line
/// after a GNU-style head), else the first line indented no deeper than `h` (with it when it
/// closes the body: `}`, `end`). Blank lines inside the body are part of it: a function's body
/// has blank lines between its steps, and the step a question asks about
/// (`this.$emit('page')` in `onPage`) may come after the first of them.
fn body_end(texts: &LineTexts<'_>, h: usize) -> usize {
    let limit = texts.len().min(h + 1 + PARAGRAPH_LINES);
    let next_text = (h + 1..limit)
        .map(|j| texts[j].trim_ascii())
        .find(|t| !t.is_empty());
    let braced = texts[h].trim_ascii_end().ends_with(b"{") || next_text == Some(b"{".as_slice());
    if braced {
        return closing_end(texts, h, limit, b'{', b'}');
    }
    let own = indent_columns(&texts[h]);
    for j in h + 1..limit {
        let line = &texts[j];
        let text = line.trim_ascii();
        if text.is_empty() || indent_columns(line) > own || matches!(text.last(), Some(b'{' | b'('))
        {
            continue;
        }
        let closes = matches!(text.first(), Some(b'}' | b')' | b']')) || text == b"end";
        return if closes { j + 1 } else { j };
    }
    limit
}

/// Most lines holding two words of the query that are read (past them, a pair of common
/// words meets everywhere and none is selective).
const MAX_MEETING_LINES: usize = 1 << 14;
/// Words of one line paired with each other: its first ones.
const MAX_WORDS_PAIRED: u32 = 8;

/// Pins the lines where two words of the query meet, when the pair meets on at most
/// [`SELECTIVE_HITS`] lines: each word may be on many lines (`nodejs` on every step of its
/// install and upgrade), and the line that holds both (`upgrade nodejs:amd64 20.1 20.2` for
/// "when was nodejs upgraded") is what the question is about. So are the lines holding the
/// same three or more words, when few: every pair of `dead_psili`, `dead_tilde` and
/// `Greek_omega` starts dozens of compose sequences, and the one holding all three is the
/// one asked about. The rarest sets first, at most [`PLAIN_WORD_LINES`] lines in all.
fn pin_meetings(meetings: &[(u32, u64)], flags: &mut [LineFlags], pinned: &mut Vec<u32>) {
    if meetings.is_empty() || meetings.len() >= MAX_MEETING_LINES {
        return;
    }
    // Lines per set of words (a bit per word), up to one past the selective bound.
    let mut sets: std::collections::BTreeMap<u64, Vec<u32>> = Default::default();
    let mut note = |set: u64, i: u32| {
        let lines = sets.entry(set).or_default();
        if lines.len() <= SELECTIVE_HITS {
            lines.push(i);
        }
    };
    for &(i, words) in meetings {
        let mut rest = words;
        let mut held: Vec<u32> = Vec::new();
        while rest != 0 && held.len() < MAX_WORDS_PAIRED as usize {
            held.push(rest.trailing_zeros());
            rest &= rest - 1;
        }
        for (k, &a) in held.iter().enumerate() {
            for &b in &held[k + 1..] {
                note(1 << a | 1 << b, i);
            }
        }
        if held.len() > 2 {
            note(held.iter().fold(0, |set, &w| set | 1 << w), i);
        }
    }
    let mut selective: Vec<&Vec<u32>> = sets
        .values()
        .filter(|lines| lines.len() <= SELECTIVE_HITS)
        .collect();
    selective.sort_by_key(|lines| lines.len());
    let mut kept = 0usize;
    for lines in selective {
        if kept + lines.len() > PLAIN_WORD_LINES {
            break;
        }
        kept += lines.len();
        pin(flags, pinned, lines);
    }
}

/// Pins the lines of `range` not pinned yet, when they fit the `total` with the `kept` ones
/// (which it counts them into); `false`, pinning none, when they do not.
fn pin_within(
    flags: &mut [LineFlags],
    pinned: &mut Vec<u32>,
    range: std::ops::Range<usize>,
    kept: &mut usize,
    total: usize,
) -> bool {
    let new = range.clone().filter(|&j| !flags[j].has(QUERY_HIT)).count();
    if *kept + new > total {
        return false;
    }
    *kept += new;
    for j in range {
        if !flags[j].has(QUERY_HIT) {
            pin_line(flags, pinned, j);
        }
    }
    true
}

/// Pins line `j`: flags it as a query hit and adds it to the `pinned` lines.
fn pin_line(flags: &mut [LineFlags], pinned: &mut Vec<u32>, j: usize) {
    flags[j].set(QUERY_HIT);
    pinned.push(j as u32);
}

/// Flags `lines` as query hits and adds them to the `pinned` lines.
fn pin(flags: &mut [LineFlags], pinned: &mut Vec<u32>, lines: &[u32]) {
    for &i in lines {
        flags[i as usize].set(QUERY_HIT);
    }
    pinned.extend_from_slice(lines);
}

/// Most changed lines kept for the files of a diff the query names, over all of them.
const NAMED_FILE_CHANGES: usize = 64;

/// Whether a diff line opens a file's section before its `---`/`+++` names: `diff --git a/x
/// b/x`, `Index: x`.
fn opens_file_section(text: &[u8]) -> bool {
    text.starts_with(b"diff ") || text.starts_with(b"Index: ")
}

/// Whether line `i` of a diff names the file its section is about: `diff --git a/x b/x`,
/// `Index: x`, or the pair `--- a/x` and `+++ b/x`. A `--- ` or `+++ ` line alone is a changed
/// line (a removed `-- comment` of SQL or Lua, an added `++ x`), not a header.
fn is_diff_file_header(texts: &LineTexts<'_>, i: usize) -> bool {
    let text = &texts[i];
    opens_file_section(text)
        || (text.starts_with(b"--- ") && i + 1 < texts.len() && texts[i + 1].starts_with(b"+++ "))
        || (text.starts_with(b"+++ ") && i > 0 && texts[i - 1].starts_with(b"--- "))
}

/// In a diff, a question about a file is a question about its changes: for each pinned line
/// that heads a file's section (see [`is_diff_file_header`]), the section's hunk headers and
/// changed lines are pinned too, up to the next file's headers, at most [`NAMED_FILE_CHANGES`]
/// lines in all (the first files named first). Appends them to `pinned` (sorted again) and
/// flags them as query hits. One pass over the named sections' lines.
pub(super) fn pin_named_diff_files(
    texts: &LineTexts<'_>,
    flags: &mut [LineFlags],
    pinned: &mut Vec<u32>,
) {
    let n = texts.len();
    let mut added: Vec<u32> = Vec::new();
    let mut covered_to = 0usize;
    for &h in pinned.iter() {
        let h = h as usize;
        if h < covered_to || !is_diff_file_header(texts, h) {
            continue;
        }
        // Past this file's own header lines (`--- `, `+++ `, `index …`), to its first hunk.
        let mut i = h + 1;
        while i < n && !texts[i].starts_with(b"@@") && !opens_file_section(&texts[i]) {
            i += 1;
        }
        let mut columns = 1;
        while i < n && added.len() < NAMED_FILE_CHANGES {
            let text = &texts[i];
            let next_file = opens_file_section(text)
                || (text.starts_with(b"--- ") && i + 1 < n && texts[i + 1].starts_with(b"+++ "));
            if next_file {
                break;
            }
            if text.starts_with(b"@@") {
                columns = hunk_columns(text);
            }
            if is_hunk_change(text, columns) || text.starts_with(b"@@") {
                flags[i].set(QUERY_HIT);
                added.push(i as u32);
            }
            i += 1;
        }
        covered_to = i;
    }
    if !added.is_empty() {
        pinned.extend(added);
        pinned.sort_unstable();
        pinned.dedup();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compact::lines::LineIndex;

    #[test]
    fn a_qualified_name_also_names_its_last_part() {
        assert_eq!(last_segment("semver::Version"), Some("Version"));
        assert_eq!(last_segment("std::io::Error"), Some("Error"));
        assert_eq!(last_segment("pkg.models.User"), Some("User"));
        assert_eq!(last_segment("os.path_join"), Some("path_join"));
        assert_eq!(last_segment("Hash#fetch"), Some("fetch"));
        assert_eq!(last_segment("Hash#to_h"), Some("to_h"));
        assert_eq!(last_segment("config.yaml"), None);
        assert_eq!(last_segment("v1.2.3"), None);
        assert_eq!(last_segment("a::"), None);
        assert_eq!(last_segment("Version"), None);
        assert_eq!(last_segment("x::9lives"), None);
    }

    /// The query's pinned lines, and every line it flags as a hit.
    fn run(input: &str, query: &str) -> (Vec<u32>, Vec<usize>) {
        let index = LineIndex::new(input.as_bytes(), usize::MAX);
        let lines = Lines::new(LineTexts::of(input.as_bytes(), &index, None), false, 0);
        let mut flags = vec![LineFlags::INITIAL; index.len()];
        let pinned = QueryTerms::new(query).map_or_else(Vec::new, |terms| {
            mark_query_hits_with(&lines, &mut flags, &terms, Context::None)
        });
        assert!(pinned.iter().all(|&i| flags[i as usize].has(QUERY_HIT)));
        let hits = (0..flags.len())
            .filter(|&i| flags[i].has(QUERY_HIT))
            .collect();
        (pinned, hits)
    }

    fn hits(input: &str, query: &str) -> Vec<usize> {
        run(input, query).1
    }

    /// The lines `pin_named_diff_files` pins for `query` in `input`.
    fn diff_pins(input: &str, query: &str) -> Vec<u32> {
        let index = LineIndex::new(input.as_bytes(), usize::MAX);
        let lines = Lines::new(LineTexts::of(input.as_bytes(), &index, None), false, 0);
        let mut flags = vec![LineFlags::INITIAL; index.len()];
        let mut pinned = QueryTerms::new(query).map_or_else(Vec::new, |terms| {
            mark_query_hits_with(&lines, &mut flags, &terms, Context::None)
        });
        pin_named_diff_files(&lines.texts, &mut flags, &mut pinned);
        pinned
    }

    #[test]
    fn a_doc_comment_heads_a_definition_only_when_it_ends_right_above_it() {
        let long_block = format!("/**\n{} */\nconst LONG = 1;\n", " * line\n".repeat(12));
        let input = format!(
            "x();\n/**\n * Doc.\n */\nexport let a = 1;\n// one\n// two\nval b = 2\ny();\nlet c = 3;\n{long_block}"
        );
        let index = LineIndex::new(input.as_bytes(), usize::MAX);
        let texts = LineTexts::of(input.as_bytes(), &index, None);
        assert_eq!(
            doc_comment_start(&texts, 4),
            1,
            "a block comment right above"
        );
        assert_eq!(doc_comment_start(&texts, 7), 5, "a run of line comments");
        assert_eq!(doc_comment_start(&texts, 9), 9, "code right above");
        let long = (0..texts.len())
            .find(|&i| &texts[i] == b"const LONG = 1;")
            .unwrap();
        assert_eq!(
            doc_comment_start(&texts, long),
            long,
            "an opener past the bound"
        );
        assert_eq!(doc_comment_start(&texts, 0), 0);
    }

    #[test]
    fn only_a_header_pair_opens_a_named_file_section() {
        let mut input = String::from("--- a/schema.sql\n+++ b/schema.sql\n@@ -1,40 +1,40 @@\n");
        input.push_str("--- legacy_accounts were merged in 2024\n");
        for hunk in 0..2 {
            input.push_str(&format!("@@ -{0},30 +{0},30 @@\n", 100 * hunk + 50));
            for k in 0..15 {
                input.push_str(&format!(
                    "-CREATE INDEX idx_{k} ON t{k}(id);\n+CREATE INDEX ix_{k} ON t{k}(id);\n"
                ));
            }
        }
        // A removed SQL comment that names the term is one changed line, not a file's header.
        assert_eq!(diff_pins(&input, "legacy_accounts"), vec![3]);
        // The header pair pins the file's hunk header and changed lines.
        let pinned = diff_pins(&input, "schema.sql");
        assert_eq!(pinned.len(), 2 + 1 + 1 + 2 * 31, "{pinned:?}");
    }

    #[test]
    fn a_name_with_capitals_heads_only_lines_that_write_it_so() {
        let mut input = String::new();
        for k in 0..12 {
            input.push_str(&format!(
                "\"lang{k}\": {{\n  \"lineWidth\": {{\n    \"type\": \"x\"\n  }}\n}},\n"
            ));
        }
        input.push_str("\"LineWidth\": {\n  \"type\": \"integer\",\n  \"maximum\": 320\n}\n");
        let pinned = run(&input, "LineWidth").0;
        let last = input.lines().count() as u32;
        // Twelve `lineWidth` properties head nothing; the definition heads its paragraph.
        assert_eq!(pinned, vec![last - 4, last - 3, last - 2, last - 1]);
    }

    #[test]
    fn named_terms_and_plain_words() {
        for named in [
            "src/main.rs",
            "snake_case",
            "camelCase",
            "v1.2",
            "x86",
            "--jitless",
            "serde::de",
        ] {
            assert!(is_named(named), "{named}");
        }
        for plain in ["libssl", "Refunded", "CFLAGS", "needle", "1234"] {
            assert!(!is_named(plain), "{plain}");
        }
    }

    #[test]
    fn a_line_holding_a_word_and_a_quoted_text_counts_both() {
        // `packages` makes two terms (the word and its stem), so the quoted text is term 2,
        // numbered like the third word, `zebra9`: each still counts once.
        let terms = QueryTerms::new("packages \"red+fox\" zebra9").expect("terms");
        assert_eq!(terms.terms_on(b"packages red fox zebra9"), 3);
        assert_eq!(terms.terms_on(b"red fox zebra9"), 2);
        assert_eq!(terms.terms_on(b"package packages"), 1);
        assert_eq!(terms.terms_on(b"nothing here"), 0);
    }

    #[test]
    fn quoted_words_are_found_as_written() {
        assert_eq!(
            quoted_text("\"Table+of+Contents\""),
            Some("Table of Contents".into())
        );
        assert_eq!(quoted_text("\"a+b\""), Some("a b".into()));
        for other in [
            "Table+of+Contents",
            "\"alone\"",
            "\"a++b\"",
            "\"+a\"",
            "api+key",
        ] {
            assert_eq!(quoted_text(other), None, "{other}");
        }
        let mut input = String::new();
        for k in 0..40 {
            input.push_str(&format!("msgid \"Table of Figures {k}\"\nmsgstr \"x\"\n\n"));
            input.push_str(&format!("msgid \"Contents of {k}\"\nmsgstr \"y\"\n\n"));
        }
        input.push_str("msgid \"Table of Contents\"\nmsgstr \"Inhaltsverzeichnis\"\n\n");
        let (pinned, _) = run(&input, "\"Table+of+Contents\" Table Contents");
        assert_eq!(pinned, vec![240, 241], "the entry and its translation");
    }

    #[test]
    fn a_number_counts_only_as_a_whole_number() {
        let at = |text: &str| {
            let start = text.find("1234").expect("holds the number");
            whole_number_at(text.as_bytes(), start, start + 4)
        };
        for whole in [
            "1234",
            "VALUES(1234,",
            "pid 1234\n",
            "#1234",
            "1234.",
            "1234ms",
            "x-1234",
        ] {
            assert!(at(whole), "{whole}");
        }
        for part in ["12345", "91234", "1234.5", "1.1234", "v1234", "a1234"] {
            assert!(!at(part), "{part}");
        }
        let input = "id 12345 ok\nid 1234.5 ok\nid 1.1234 ok\nid 1234 ok\nid 91234 ok\n";
        assert_eq!(hits(input, "row 1234"), vec![3]);
    }

    #[test]
    fn a_selective_plain_word_keeps_its_lines_a_common_one_none() {
        let mut input = String::new();
        for k in 0..200 {
            input.push_str(&format!("openat(\"/usr/lib/lib{k}.so\") = 3\n"));
        }
        input.push_str("openat(\"/lib/x86_64-linux-gnu/libssl.so.3\") = 3\n");
        // `libssl` is on one line; `openat` on every line; `which` is a stop word.
        assert_eq!(
            hits(&input, "Which libssl file did openat return"),
            vec![200]
        );
    }

    #[test]
    fn stems_drop_one_inflection_and_keep_four_letters() {
        assert_eq!(stem("upgraded"), Some("upgrad"));
        assert_eq!(stem("failing"), Some("fail"));
        assert_eq!(stem("conflicts"), Some("conflict"));
        assert_eq!(stem("classes"), Some("class"));
        assert_eq!(stem("Installed"), Some("Install"));
        assert_eq!(stem("process"), None, "a double s is the word's own");
        assert_eq!(stem("used"), None, "too short a stem");
        assert_eq!(stem("build"), None, "no inflection");
        assert_eq!(stem("pg_trgm"), None, "not a plain word");
    }

    #[test]
    fn two_common_words_pin_the_line_where_they_meet() {
        let mut input = String::new();
        for k in 0..12 {
            input.push_str(&format!("upgrade pkg{k} 1.{k} 1.{}\n", k + 1));
            input.push_str(&format!("status installed nodejs 2.{k}\n"));
        }
        input.push_str("upgrade nodejs 20.1 20.2\n");
        let (pinned, _) = run(&input, "when was nodejs upgraded");
        assert_eq!(pinned, vec![24]);
    }

    #[test]
    fn plain_words_match_where_a_word_starts() {
        let input = "import os\nthe port is 80\n";
        assert_eq!(hits(input, "port"), vec![1]);
    }

    #[test]
    fn a_selective_named_term_is_pinned_among_a_common_one() {
        let mut input: String = (0..20).map(|k| format!("lib{k}.so (x86-64)\n")).collect();
        input.insert_str(0, "libssl.so.3 (x86-64)\n");
        let (pinned, hits) = run(&input, "libssl.so.3 x86-64");
        assert_eq!(pinned, vec![0]);
        assert_eq!(hits.len(), 21, "the common term's hits stay flagged");
    }

    #[test]
    fn a_heading_keeps_its_paragraph_however_many_lines_mention_the_term() {
        let mut input = String::new();
        for k in 0..40 {
            input.push_str(&format!(
                "Package: pkg{k}\nDepends: libc6, zlib1g (>= 1:1.1.4)\nVersion: {k}.0\n\n"
            ));
        }
        input.push_str("Package: zlib1g\nStatus: install ok installed\nPriority: optional\nVersion: 1:1.2.13\n\nPackage: zlib1g-dev\nVersion: 9\n");
        // 40 `Depends:` lines mention it too; the pinned lines are the stanza it heads.
        let (pinned, hits) = run(&input, "zlib1g");
        assert_eq!(pinned, vec![160, 161, 162, 163], "{hits:?}");
    }

    #[test]
    fn a_heading_is_little_more_than_its_term() {
        let line = b"Package: zlib1g";
        assert!(is_heading(line, 9, 15));
        assert!(is_heading(b"       globstar", 7, 15));
        assert!(is_heading(b"[zlib1g]", 1, 7));
        assert!(!is_heading(b"Depends: libc6, zlib1g (>= 1:1.1.4)", 16, 22));
        assert!(!is_heading(b"Package: zlib1g-dev", 9, 15));
        // A name that opens what follows it: a view, an element, a table.
        assert!(is_heading(b"CREATE VIEW pg_roles AS", 12, 20));
        assert!(is_heading(b"    <event name=\"jdk.ThreadStart\">", 17, 32));
        assert!(is_heading(b"  app_cache = {", 2, 11));
        // Not when a word or a number follows it.
        assert!(!is_heading(b"zz word qq", 3, 7));
        assert!(!is_heading(b"zlib1g 1.2", 0, 6));
    }

    #[test]
    fn a_phrase_finds_the_identifier_that_joins_its_words() {
        let mut input = String::new();
        for k in 0..100 {
            input.push_str(&format!("    this.apiKey{k} = options.apiKey ?? null;\n"));
        }
        input.push_str("    apiKey = readEnv('ANTHROPIC_API_KEY') ?? null;\n");
        input.push_str("    --max-retries <n>   retry failed requests\n");
        input.push_str("    logLevel: 'warn',\n");
        // `apikey` is on every line and keeps none; `api_key` is on one.
        assert_eq!(hits(&input, "api+key"), vec![100]);
        assert_eq!(hits(&input, "max+retries"), vec![101]);
        assert_eq!(hits(&input, "log+level"), vec![102]);
        // Not phrases: a word of other bytes, one side missing, more than two words.
        for term in ["api+", "+key", "a+key", "api+key+id", "api+k3y"] {
            assert_eq!(phrase_forms(term), None, "{term}");
        }
    }

    #[test]
    fn named_terms_keep_every_hit() {
        let input = "a src/x.rs 1\nb src/x.rs 2\nc\n".repeat(20);
        assert_eq!(hits(&input, "src/x.rs").len(), 40);
    }

    #[test]
    fn plain_word_lines_are_bounded() {
        // 40 plain words, each on 3 lines: at most PLAIN_WORD_LINES lines kept.
        let mut input = String::new();
        let mut query = String::new();
        for w in 0..40 {
            let word: String = (0..6)
                .map(|k| (b'a' + ((w * 7 + k * 3) % 26) as u8) as char)
                .collect();
            for _ in 0..3 {
                input.push_str(&format!("zz {word} qq\n"));
            }
            query.push_str(&word);
            query.push(' ');
        }
        let kept = hits(&input, &query);
        assert!(
            kept.len() <= PLAIN_WORD_LINES && !kept.is_empty(),
            "{}",
            kept.len()
        );
    }
}
