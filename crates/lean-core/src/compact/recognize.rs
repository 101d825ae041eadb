//! Per-kind recognizers of the lines that are facts whatever the budget's pressure on the rest:
//! the state before a failure and the ends of repeated templates in logs (principle 4), a
//! tree's top level (principle 3), and table headers and outliers, config sections and keys,
//! source outlines (principle 6). Each one only lowers line ranks; selection does the rest.

use super::lines::{
    byte_mask_chunks, common_prefix_len, find_byte, has_byte, has_either, same_bytes, trim,
};
use super::signals::is_definition;
use super::ContentKind;

/// What a recognizer says about a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fact {
    /// Always kept (as far as Pi's cut allows).
    Must,
    /// Kept with the errors' context.
    Context,
    /// Competes for the budget ahead of ordinary lines.
    High,
}

/// Tree rows drawn with box characters: `├── x`, `└─┬ x`, `│   ├── y`.
#[inline]
fn box_depth(line: &[u8]) -> Option<usize> {
    // A row starts with a box character (its first byte 0xe2) or with blanks: most other
    // rows (bare paths) are told by their first byte, without the prefix compares.
    if !matches!(line.first(), Some(0xe2 | b' ')) {
        return None;
    }
    let mut depth = 0usize;
    let mut rest = line;
    loop {
        if let Some(r) = rest.strip_prefix("│".as_bytes()) {
            rest = r;
            depth += 1;
            rest = &rest[rest.iter().take_while(|&&b| b == b' ').count()..];
        } else if rest.starts_with("├".as_bytes()) || rest.starts_with("└".as_bytes()) {
            return Some(depth);
        } else if rest.first() == Some(&b' ') {
            let spaces = rest.iter().take_while(|&&b| b == b' ').count();
            rest = &rest[spaces..];
            depth += spaces.div_ceil(4);
        } else {
            return None;
        }
    }
}

/// Whether `line` has text and no indent: a possible root above a box-drawn tree.
#[inline]
fn starts_unindented_text(line: &[u8]) -> bool {
    match line.first() {
        None | Some(b' ' | b'\t') => false,
        // Only a line of other whitespace has no text: look further only for those.
        Some(b) if b.is_ascii_whitespace() => !trim(line).is_empty(),
        Some(_) => true,
    }
}

/// The directory part shared by every bare path of a tree (`/usr/include/`), read one row at a
/// time so the box-drawing pass finds it on the way instead of a pass of its own.
#[derive(Default)]
struct CommonRoot<'a> {
    /// The first non-blank path.
    first: Option<&'a [u8]>,
    /// Length of the prefix of `first` shared by every path so far.
    shared: usize,
    /// Position of the first `/` of `first`: once `shared` no longer reaches past it, no path
    /// prefix holds a `/` and there is no root.
    first_slash: usize,
    /// Some row was not a bare path (a blank inside it, or no shared `/`).
    failed: bool,
    /// Some row had a tab (`du`'s `SIZE\tPATH`), so every row's path is the part after its tab.
    tabbed: bool,
    /// Length of `first[..shared]` through its last `/`: the root, kept as rows come.
    root: usize,
}

impl<'a> CommonRoot<'a> {
    /// Takes one row into account; returns its trimmed path when the row is a bare path (the
    /// text the children pass reads, so it need not cut and trim the row again).
    #[inline(always)]
    fn add(&mut self, row: &'a [u8]) -> Option<&'a [u8]> {
        if self.failed {
            return None;
        }
        // Most rows are bare paths without a tab or a blank: one pass over the row says so,
        // instead of a search for each.
        if !has_either(row, b'\t', b' ') {
            let t = trim(row);
            if t.is_empty() {
                return None;
            }
            self.add_path(t);
            return Some(t);
        }
        let path = match find_byte(b'\t', row) {
            Some(tab) => {
                self.tabbed = true;
                &row[tab + 1..]
            }
            None => row,
        };
        let t = trim(path);
        if t.is_empty() {
            return None;
        }
        if has_byte(t, b' ') {
            self.failed = true;
            return None;
        }
        self.add_path(t);
        Some(t)
    }

    /// Takes trimmed path `t` (not empty, without blanks) into account. Inlined: it runs once
    /// per row of a listing.
    #[inline(always)]
    fn add_path(&mut self, t: &'a [u8]) {
        match self.first {
            None => match find_byte(b'/', t) {
                Some(slash) => {
                    self.first = Some(t);
                    self.shared = t.len();
                    self.first_slash = slash;
                    self.root = directory_len(t);
                }
                None => self.failed = true,
            },
            // Every path shares `first[..shared]`, so the root's `/` being in it also means
            // every path has a `/`: no separate search is needed.
            Some(first) => {
                let shared = common_prefix_len(&first[..self.shared], t);
                if shared != self.shared {
                    self.shared = shared;
                    self.failed = shared <= self.first_slash;
                    // Past the first `/`, the shared part keeps a `/`; the root moves up only
                    // when the part shrinks, so it is searched for only then.
                    if !self.failed {
                        self.root = directory_len(&first[..shared]);
                    }
                }
            }
        }
    }

    /// Length of the shared directory part (through its last `/`), if every row was a bare
    /// path under one.
    fn root(&self) -> Option<usize> {
        (!self.failed && self.first.is_some()).then_some(self.root)
    }
}

/// Length of `path` through its last `/` (0 without one).
fn directory_len(path: &[u8]) -> usize {
    path.iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |slash| slash + 1)
}

/// The path of a bare-path row: the part after its first tab (`du`'s `SIZE\tPATH`), trimmed.
#[inline]
fn bare_path(row: &[u8]) -> &[u8] {
    trim(match find_byte(b'\t', row) {
        Some(tab) => &row[tab + 1..],
        None => row,
    })
}

/// Which rows of a bare-path listing name a new direct child of the common root: the first
/// path of each child, so every top-level entry is named. Rows of one child directory follow
/// each other, so a row is compared with the last child only.
struct TopChildren<'a> {
    /// Length of the common root.
    root: usize,
    last_child: &'a [u8],
}

impl<'a> TopChildren<'a> {
    fn new(root: usize) -> Self {
        TopChildren {
            root,
            last_child: &[],
        }
    }

    /// Whether the row with trimmed path `t` names a child the rows before it did not.
    #[inline(always)]
    fn names_new_child(&mut self, t: &'a [u8]) -> bool {
        if t.len() <= self.root {
            return false;
        }
        let rest = &t[self.root..];
        let last_child = self.last_child;
        // A row under the last child (`x/` starts it) names no new child, and its `/` need not
        // be searched for.
        if last_child.last() == Some(&b'/')
            && rest.len() >= last_child.len()
            && same_bytes(&rest[..last_child.len()], last_child)
        {
            return false;
        }
        let child = match find_byte(b'/', rest) {
            Some(slash) => &rest[..=slash],
            None => rest,
        };
        if same_bytes(child, last_child) {
            return false;
        }
        self.last_child = child;
        true
    }
}

/// Rows up to which a move of the common root is followed by reading the rows before again;
/// past it the children are found by a pass of their own at the end (a root that moves late
/// would otherwise have many rows read again).
const REPLAY_ROWS: usize = 256;

/// A `[section]` or `[[array.of.tables]]` header.
fn is_section(t: &[u8]) -> bool {
    t.len() >= 3 && t[0] == b'[' && t.ends_with(b"]") && !t.contains(&b',')
}

/// Active settings a config file may have for every one of them to be kept.
const FEW_SETTINGS: usize = 256;

/// An active (not commented) `key = value` or `key: value` line.
fn is_active_key(t: &[u8]) -> bool {
    if t.is_empty() || matches!(t[0], b'#' | b';' | b'/' | b'-' | b'[' | b'{' | b'}') {
        return false;
    }
    let key_end = t
        .iter()
        .position(|&b| b == b'=' || b == b':' || b == b' ' || b == b'\t');
    match key_end {
        Some(k) if k > 0 => {
            let after = &t[k..];
            let after = &after[after
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count()..];
            after.starts_with(b"=") || after.starts_with(b": ") || after == b":"
        }
        _ => false,
    }
}

/// A table's separator row (`----  ----`, `+++-====`, `---+---`).
fn is_table_rule(t: &[u8]) -> bool {
    // The byte test first: it rejects a row at its first letter, where the count reads it all.
    t.len() >= 3
        && t.iter()
            .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|' | b' ' | b'\t'))
        && t.iter().filter(|&&b| b == b'-' || b == b'=').count() * 2 >= t.len()
}

/// Imports, decorators and TODO/FIXME notes: the outline of a source file besides definitions.
#[cfg(test)]
fn is_outline_line(t: &[u8]) -> bool {
    outline_start(t) || has_note(t)
}

/// [`is_outline_line`] of `trim(code)`, for a line of code (past any blame prefix): one pass
/// over `code` finds both its indent and the starts of `TODO` and `FIXME`, where trimming and
/// then searching the trimmed text read the indent twice. (No needle holds whitespace, so the
/// untrimmed line holds a note exactly when the trimmed one does.)
#[inline]
fn is_outline_code(code: &[u8]) -> bool {
    let mut indent = None;
    for (at, [mut candidates, blanks]) in byte_mask_chunks(code, [[b'T', b'F'], [b' ', b'\t']]) {
        if indent.is_none() {
            // Bits past the line's end are clear in `blanks`: a position found there means
            // the line is all blanks so far.
            let first_text = at + (!blanks).trailing_zeros() as usize;
            if first_text < code.len() {
                indent = Some(first_text);
            }
        }
        while candidates != 0 {
            let p = at + candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if code[p..].starts_with(b"TODO") || code[p..].starts_with(b"FIXME") {
                return true;
            }
        }
    }
    let Some(indent) = indent else {
        return false;
    };
    // The trimmed text is a prefix of the text past the indent, so a start the latter lacks
    // the former lacks too; only a match needs the trimmed text (`import ` needs a byte after
    // its blank).
    outline_start(&code[indent..]) && outline_start(trim(code))
}

/// A declaration no definition keyword announces, the rest of a source file's outline: a C
/// macro (`#define SQLITE_BUSY 5`), a Perl `sub`, a shell function (`build_package() {`), a C
/// function's head or prototype at the top level (`void* dlmalloc(size_t bytes) {`), and a
/// constant (an upper-case name assigned near the top level: `PYTHON_BUILD_VERSION="2.6.30"`,
/// `static DEFAULT_TIMEOUT = 600000;`). A question about a source file asks for these: a
/// version, a default, a limit, where a function is.
fn declares_without_keyword(code: &[u8]) -> bool {
    let indent = code
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    let t = &code[indent..];
    if indent > 4 || t.is_empty() {
        return false;
    }
    if constant_assignment(t) {
        return true;
    }
    indent == 0 && (t.starts_with(b"#define ") || t.starts_with(b"sub ") || function_head(t))
}

/// `NAME = value` or `NAME=value` whose name is upper case (`MAX_SIZE`), after lower-case
/// modifiers only (`export`, `readonly`, `static`, `const`, `final int`).
fn constant_assignment(t: &[u8]) -> bool {
    let Some(eq) = t.iter().take(160).position(|&b| b == b'=') else {
        return false;
    };
    if matches!(t.get(eq + 1), Some(b'=' | b'>' | b'~'))
        || matches!(
            eq.checked_sub(1).map(|k| t[k]),
            Some(b'!' | b'<' | b'>' | b'+' | b'-' | b'*' | b'/' | b'|' | b'&')
        )
    {
        return false;
    }
    let before = t[..eq].trim_ascii_end();
    let name_start = before
        .iter()
        .rposition(|&b| !(b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'))
        .map_or(0, |p| p + 1);
    let name = &before[name_start..];
    let modifiers = &before[..name_start];
    name.len() >= 3
        && name[0].is_ascii_uppercase()
        && name.iter().filter(|b| b.is_ascii_uppercase()).count() >= 2
        && modifiers
            .iter()
            .all(|&b| b.is_ascii_lowercase() || b == b' ' || b == b'-')
        && (modifiers.is_empty() || modifiers.ends_with(b" "))
}

/// A function's head at the top level: an identifier followed by `(`, after a type or
/// modifiers (`void* dlmalloc(`, `SQLITE_API int sqlite3_open(`), or a shell function
/// (`name() {`). Control statements and assignments are not heads.
fn function_head(t: &[u8]) -> bool {
    if !t
        .first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
    {
        return false;
    }
    let Some(open) = t.iter().take(200).position(|&b| b == b'(') else {
        return false;
    };
    let before = &t[..open];
    if before.contains(&b'=') || before.contains(&b'.') {
        return false;
    }
    let name_start = before
        .iter()
        .rposition(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))
        .map_or(0, |p| p + 1);
    let name = &before[name_start..];
    if name.is_empty() {
        return false;
    }
    if name_start == 0 {
        // A shell function: `name() {` or `name () (`.
        return t[open..].starts_with(b"()")
            && t[open + 2..]
                .trim_ascii()
                .first()
                .is_some_and(|&b| b == b'{' || b == b'(');
    }
    let first_word = before.split(|&b| b == b' ').next().unwrap_or_default();
    let statement = [
        &b"if"[..],
        b"for",
        b"while",
        b"switch",
        b"return",
        b"else",
        b"do",
        b"case",
        b"echo",
        b"print",
    ]
    .contains(&first_word);
    !statement && matches!(before[name_start - 1], b' ' | b'*' | b'&')
}

/// Whether `t` starts an import, a decorator or an attribute.
#[inline]
fn outline_start(t: &[u8]) -> bool {
    // The first byte picks the prefixes worth comparing.
    match t.first() {
        Some(b'i') => t.starts_with(b"import "),
        Some(b'f') => t.starts_with(b"from "),
        Some(b'u') => t.starts_with(b"use "),
        Some(b'p') => t.starts_with(b"pub use ") || t.starts_with(b"package "),
        Some(b'#') => t.starts_with(b"#include") || t.starts_with(b"#["),
        Some(b'r') => t.starts_with(b"require("),
        Some(b'e') => t.starts_with(b"export * from"),
        Some(b'@') => t.get(1).is_some_and(u8::is_ascii_alphabetic),
        _ => false,
    }
}

/// Whether `t` holds `TODO` or `FIXME`: one pass for both needles' first bytes.
#[cfg(test)]
fn has_note(t: &[u8]) -> bool {
    byte_mask_chunks(t, [[b'T', b'F']]).any(|(at, [mut candidates])| {
        while candidates != 0 {
            let p = at + candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if t[p..].starts_with(b"TODO") || t[p..].starts_with(b"FIXME") {
                return true;
            }
        }
        false
    })
}

/// A `git blame` prefix (`5e405b88 (Name 2026-11-30 237) `): its length, so the code after it
/// is what gets recognized.
#[inline(always)]
pub(crate) fn blame_prefix(line: &[u8]) -> usize {
    // A prefix starts with at least 7 hash bytes and a blank: the first and seventh bytes
    // reject nearly every other line without a call (one lookup each).
    match (line.first(), line.get(6)) {
        (Some(&first), Some(&seventh))
            if HASH_BYTE[usize::from(first)] && HASH_BYTE[usize::from(seventh)] =>
        {
            blame_prefix_after_check(line)
        }
        _ => 0,
    }
}

/// Whether each byte value may be in a blame line's hash: hex digits and the `^` of a
/// boundary commit.
static HASH_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0usize;
    while b < 256 {
        table[b] = (b as u8).is_ascii_hexdigit() || b as u8 == b'^';
        b += 1;
    }
    table
};

/// [`blame_prefix`] past its quick rejection.
fn blame_prefix_after_check(line: &[u8]) -> usize {
    let hash = line
        .iter()
        .take_while(|b| b.is_ascii_hexdigit() || **b == b'^')
        .count();
    if hash < 7 || line.get(hash) != Some(&b' ') {
        return 0;
    }
    let Some(close) = find_byte(b')', &line[hash..]) else {
        return 0;
    };
    let inside = &line[hash + 1..hash + close];
    if !inside.starts_with(b"(") || !inside.last().is_some_and(u8::is_ascii_digit) {
        return 0;
    }
    // The prefix ends after `) `; a line that ends at `)` has no code after it.
    (hash + close + 2).min(line.len())
}

/// Classes of a table row's bytes, as bits: a cell is numeric when its bytes' classes hold
/// [`DIGIT`] and nothing besides [`DIGIT`] and [`DOT_OR_DASH`].
const SEPARATOR: u8 = 1;
const DIGIT: u8 = 2;
const DOT_OR_DASH: u8 = 4;
const OTHER: u8 = 8;

/// Class of every byte value, so a row is read one lookup per byte.
static CELL_CLASS: [u8; 256] = {
    let mut classes = [OTHER; 256];
    let mut b = 0usize;
    while b < 256 {
        classes[b] = match b as u8 {
            b' ' | b'\t' | b'|' | b',' => SEPARATOR,
            b'0'..=b'9' => DIGIT,
            b'.' | b'-' => DOT_OR_DASH,
            _ => OTHER,
        };
        b += 1;
    }
    classes
};

/// Rows up to this long have their separators found 16 bytes at a time (see [`Separators`]);
/// longer ones are read byte by byte.
const MASKED_ROW: usize = 256;

/// Where a table row's separators are: cells are found by jumping from one separator run to
/// the next instead of looking up every byte's class (most cells are words, not numbers).
struct Separators<'a> {
    row: &'a [u8],
    /// Bit `j % 64` of word `j / 64` set for each separator `row[j]`, when the row is at most
    /// [`MASKED_ROW`] bytes long.
    bits: [u64; MASKED_ROW / 64],
    /// Bits set, the same way, for the first byte of each cell (a byte that is no separator,
    /// after one that is or at the row's start): cells are walked from one to the next.
    starts: [u64; MASKED_ROW / 64],
    /// Words of `bits` and `starts` the row covers.
    words: usize,
    masked: bool,
}

impl<'a> Separators<'a> {
    #[inline]
    fn new(row: &'a [u8]) -> Self {
        let mut bits = [0u64; MASKED_ROW / 64];
        let mut starts = [0u64; MASKED_ROW / 64];
        let masked = row.len() <= MASKED_ROW;
        if masked {
            // Chunks start at multiples of 16, so each one's bits fit in one word.
            for (at, [blanks, marks]) in byte_mask_chunks(row, [[b' ', b'\t'], [b'|', b',']]) {
                bits[at / 64] |= u64::from(blanks | marks) << (at % 64);
            }
            // The byte before each word's first one, as a cell byte or not.
            let mut cell_before = 0u64;
            let words = row.len().div_ceil(64);
            for (word, (&separators, starts)) in
                bits.iter().zip(&mut starts).enumerate().take(words)
            {
                let from = word * 64;
                let live = match row.len() - from {
                    64.. => u64::MAX,
                    rest => (1u64 << rest) - 1,
                };
                let cells = !separators & live;
                *starts = cells & !(cells << 1 | cell_before);
                cell_before = cells >> 63;
            }
        }
        Separators {
            row,
            bits,
            starts,
            words: row.len().div_ceil(64),
            masked,
        }
    }

    /// The first separator at or after `at`, or the row's length.
    #[inline]
    fn next_separator(&self, mut at: usize) -> usize {
        let len = self.row.len();
        if !self.masked {
            while at < len && CELL_CLASS[self.row[at] as usize] != SEPARATOR {
                at += 1;
            }
            return at;
        }
        while at < len {
            let found = self.bits[at / 64] >> (at % 64);
            if found != 0 {
                return at + found.trailing_zeros() as usize;
            }
            at = (at / 64 + 1) * 64;
        }
        len
    }

    /// The first byte at or after `at` that is no separator, or the row's length.
    #[inline]
    fn next_other(&self, mut at: usize) -> usize {
        let len = self.row.len();
        if !self.masked {
            while at < len && CELL_CLASS[self.row[at] as usize] == SEPARATOR {
                at += 1;
            }
            return at;
        }
        while at < len {
            // Shifting brings in clear bits, never a false byte; bits past the row's end
            // are clear in `bits`, so set here: hence the `min`.
            let found = !self.bits[at / 64] >> (at % 64);
            if found != 0 {
                return (at + found.trailing_zeros() as usize).min(len);
            }
            at = (at / 64 + 1) * 64;
        }
        len
    }
}

/// Numeric cells of a table row among its first [`MAX_COLUMNS`] cells, by column.
fn numeric_cells(t: &[u8]) -> impl Iterator<Item = (usize, f64)> + '_ {
    let separators = Separators::new(t);
    let mut at = 0usize;
    let mut column = 0usize;
    // The cell starts not yet passed: those of word `word` in `pending` (masked rows).
    let mut word = 0usize;
    let mut pending = separators.starts[0];
    std::iter::from_fn(move || {
        while column < MAX_COLUMNS {
            let start = if separators.masked {
                while pending == 0 {
                    word += 1;
                    if word >= separators.words {
                        return None;
                    }
                    pending = separators.starts[word];
                }
                let start = word * 64 + pending.trailing_zeros() as usize;
                pending &= pending - 1;
                start
            } else {
                at = separators.next_other(at);
                if at == t.len() {
                    return None;
                }
                at
            };
            let cell_column = column;
            column += 1;
            // A cell starting with another byte is no number: its end is not even needed.
            if CELL_CLASS[t[start] as usize] == OTHER {
                if !separators.masked {
                    at = separators.next_separator(start + 1);
                }
                continue;
            }
            at = separators.next_separator(start + 1);
            if let Some(value) = cell_value(&t[start..at]) {
                return Some((cell_column, value));
            }
        }
        None
    })
}

/// The number a cell (not empty, without separators) holds, if it is one.
#[inline(always)]
fn cell_value(cell: &[u8]) -> Option<f64> {
    let classes = cell
        .iter()
        .fold(0u8, |classes, &b| classes | CELL_CLASS[b as usize]);
    if classes & DIGIT == 0 || classes & OTHER != 0 {
        return None;
    }
    // Most cells are plain integers (ids, counts, sizes): read those directly. Up to 15
    // digits the value is exact as an f64, the same number the float parser gives.
    if classes == DIGIT && cell.len() <= 15 {
        let value = cell.iter().fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
        return Some(value as f64);
    }
    // Only digits, dots and dashes: ASCII, so always a str; `1.2.3` does not parse.
    std::str::from_utf8(cell)
        .ok()
        .and_then(|c| c.parse::<f64>().ok())
}

/// Calls `visit(column, value)` for the numeric cells of a table row among its first
/// [`MAX_COLUMNS`] cells, in order: what [`numeric_cells`] yields. A row of at most 64 bytes
/// (most rows) has its separators in one word, so its cells are found by bit operations with
/// no iterator state kept between them.
#[inline(always)]
fn for_each_numeric_cell(t: &[u8], mut visit: impl FnMut(usize, f64)) {
    if t.len() > 64 {
        let separators = Separators::new(t);
        if !separators.masked {
            for (column, value) in numeric_cells(t) {
                visit(column, value);
            }
            return;
        }
        // The same walk over the row's words of cell starts.
        let mut column = 0usize;
        for (word, &word_starts) in separators.starts[..separators.words].iter().enumerate() {
            let mut starts = word_starts;
            while starts != 0 {
                if column == MAX_COLUMNS {
                    return;
                }
                let start = word * 64 + starts.trailing_zeros() as usize;
                starts &= starts - 1;
                let cell_column = column;
                column += 1;
                if CELL_CLASS[t[start] as usize] == OTHER {
                    continue;
                }
                let end = separators.next_separator(start + 1);
                if let Some(value) = cell_value(&t[start..end]) {
                    visit(cell_column, value);
                }
            }
        }
        return;
    }
    let mut separators = 0u64;
    // Chunks start at multiples of 16; bits past the row's end are clear.
    for (at, [blanks, marks]) in byte_mask_chunks(t, [[b' ', b'\t'], [b'|', b',']]) {
        separators |= u64::from(blanks | marks) << at;
    }
    let live = match t.len() {
        64 => u64::MAX,
        len => (1u64 << len) - 1,
    };
    let cells = !separators & live;
    let mut starts = cells & !(cells << 1);
    let mut column = 0usize;
    while starts != 0 && column < MAX_COLUMNS {
        let start = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        let cell_column = column;
        column += 1;
        // A cell starting with another byte is no number: its end is not even needed.
        if CELL_CLASS[t[start] as usize] == OTHER {
            continue;
        }
        // `start` is a cell byte, so its own bit is clear: the first bit left is its end.
        let after = separators >> start;
        let end = match after {
            0 => t.len(),
            _ => start + after.trailing_zeros() as usize,
        };
        if let Some(value) = cell_value(&t[start..end]) {
            visit(cell_column, value);
        }
    }
}

/// Most columns whose extremes are tracked.
const MAX_COLUMNS: usize = 32;

/// Calls `mark(line, fact)` for the structural facts of `kind` in `lines` (each with its
/// index).
pub(crate) fn recognize<'a>(
    kind: ContentKind,
    lines: impl Iterator<Item = (usize, &'a [u8])> + Clone,
    mut mark: impl FnMut(usize, Fact),
) {
    match kind {
        ContentKind::Tree => {
            let mut previous_root: Option<usize> = None;
            let mut box_rows = 0usize;
            let mut bare = CommonRoot::default();
            // The children of the root found so far, in the same pass: a root known only after
            // the last row would need a second pass. When the root moves up, the rows before
            // are read again under the new one (early on, where it moves).
            let mut children = TopChildren::new(0);
            let mut child_rows: Vec<usize> = Vec::new();
            let mut fused = true;
            for (i, line) in lines.clone() {
                match box_depth(line) {
                    Some(0) => {
                        box_rows += 1;
                        mark(i, Fact::Must);
                        if let Some(root) = previous_root.take() {
                            mark(root, Fact::Must);
                        }
                    }
                    Some(1) => mark(i, Fact::High),
                    Some(_) => {}
                    None => previous_root = starts_unindented_text(line).then_some(i),
                }
                // A box-drawn tree's rows are not bare paths: no children are marked.
                if box_rows > 0 {
                    continue;
                }
                let Some(t) = bare.add(line) else {
                    continue;
                };
                if !fused || bare.failed {
                    continue;
                }
                if bare.root != children.root {
                    if i > REPLAY_ROWS {
                        fused = false;
                        continue;
                    }
                    children = TopChildren::new(bare.root);
                    child_rows.clear();
                    for (j, row) in lines.clone().take_while(|&(j, _)| j < i) {
                        if children.names_new_child(bare_path(row)) {
                            child_rows.push(j);
                        }
                    }
                }
                if children.names_new_child(t) {
                    child_rows.push(i);
                }
            }
            if box_rows > 0 {
                return;
            }
            let Some(root) = bare.root() else {
                return;
            };
            if fused {
                for i in child_rows {
                    mark(i, Fact::Must);
                }
                return;
            }
            // The root moved late: the children under the final root, in a pass of their own.
            let mut children = TopChildren::new(root);
            // One loop for both row forms (the tab test is the same every row).
            let tabbed = bare.tabbed;
            for (i, row) in lines {
                let t = if tabbed { bare_path(row) } else { trim(row) };
                if children.names_new_child(t) {
                    mark(i, Fact::Must);
                }
            }
        }
        ContentKind::Table => {
            let mut max: [(f64, usize); MAX_COLUMNS] = [(f64::NEG_INFINITY, 0); MAX_COLUMNS];
            let mut min: [(f64, usize); MAX_COLUMNS] = [(f64::INFINITY, 0); MAX_COLUMNS];
            let mut header_end = None;
            for (i, line) in lines.clone() {
                let t = trim(line);
                if i < 6 && header_end.is_none() && is_table_rule(t) {
                    header_end = Some(i);
                    for h in 0..=i {
                        mark(h, Fact::Must);
                    }
                    continue;
                }
                if header_end.is_none() && i >= 6 {
                    header_end = Some(0);
                }
                for_each_numeric_cell(t, |column, value| {
                    if value > max[column].0 {
                        max[column] = (value, i);
                    }
                    if value < min[column].0 {
                        min[column] = (value, i);
                    }
                });
            }
            // A column's largest value is the outlier a reader looks for; its smallest too
            // when the column is not a counter that starts at the top.
            for column in 0..MAX_COLUMNS {
                if max[column].0.is_finite() {
                    mark(max[column].1, Fact::Context);
                    mark(min[column].1, Fact::High);
                }
            }
        }
        ContentKind::Config => {
            // Active settings rank above comments. When they are few (a shipped config is
            // mostly commented defaults), every one is a fact; in a long generated file (a
            // lock file) the first key of each section names it and the rest compete.
            let settings = lines
                .clone()
                .filter(|(_, line)| is_active_key(trim(line)))
                .take(FEW_SETTINGS + 1)
                .count();
            let every_setting = settings <= FEW_SETTINGS;
            let mut after_section = false;
            for (i, line) in lines {
                let t = trim(line);
                if is_section(t) {
                    mark(i, Fact::Must);
                    after_section = true;
                } else if is_active_key(t) {
                    mark(
                        i,
                        if after_section || every_setting {
                            Fact::Must
                        } else {
                            Fact::High
                        },
                    );
                    after_section = false;
                }
            }
        }
        ContentKind::Source => {
            for (i, line) in lines {
                let blame = blame_prefix(line);
                let code = &line[blame..];
                if is_outline_code(code)
                    || (blame > 0 && is_definition(code))
                    || declares_without_keyword(code)
                {
                    mark(i, Fact::High);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_without_keywords_are_outline() {
        for yes in [
            "#define SQLITE_BUSY         5   /* The database file is locked */",
            "sub find {",
            "build_package_standard() {",
            "void* dlmalloc(size_t bytes) {",
            "SQLITE_API int sqlite3_prepare_v2(",
            "static int init_mparams(void);",
            "PYTHON_BUILD_VERSION=\"2.6.30\"",
            "export NODE_ENV=production",
            "  static DEFAULT_TIMEOUT = 600000; // 10 minutes",
            "MAX_RETRIES = 3",
            "    public static final int MAX_SIZE = 10;",
        ] {
            assert!(declares_without_keyword(yes.as_bytes()), "{yes}");
        }
        for no in [
            "    this.maxRetries = options.maxRetries ?? 2;",
            "if (x == NULL) {",
            "return Foo(bar);",
            "app.listen(3000);",
            "echo $(date)",
            "x = compute(y)",
            "        DEFAULT = 3",
            "total_count = 0",
            "if [ \"$A\" == B ]; then",
            "  result.OK == true",
            "",
        ] {
            assert!(!declares_without_keyword(no.as_bytes()), "{no}");
        }
    }

    #[test]
    fn integer_cells_read_as_the_float_parser_reads_them() {
        let row = b"7 | 0042 | 999999999999999 | 1234567890123456 | -3 | 1.5 | 1.2.3 | x9";
        let cells: Vec<(usize, f64)> = numeric_cells(row).collect();
        assert_eq!(
            cells,
            vec![
                (0, 7.0),
                (1, 42.0),
                (2, 999_999_999_999_999.0),
                (3, 1_234_567_890_123_456.0),
                (4, -3.0),
                (5, 1.5),
            ]
        );
    }

    /// The cells [`for_each_numeric_cell`] visits, in order.
    fn visited_cells(t: &[u8]) -> Vec<(usize, f64)> {
        let mut cells = Vec::new();
        for_each_numeric_cell(t, |column, value| cells.push((column, value)));
        cells
    }

    /// The cell reader as first written: split, then test each cell's bytes.
    fn numeric_cells_reference(t: &[u8]) -> Vec<(usize, f64)> {
        t.split(|&b| b == b' ' || b == b'\t' || b == b'|' || b == b',')
            .filter(|cell| !cell.is_empty())
            .enumerate()
            .take_while(|&(column, _)| column < MAX_COLUMNS)
            .filter_map(|(column, cell)| {
                let numeric = cell
                    .iter()
                    .all(|b| b.is_ascii_digit() || *b == b'.' || *b == b'-');
                if !numeric || !cell.iter().any(u8::is_ascii_digit) {
                    return None;
                }
                let value = std::str::from_utf8(cell).ok()?.parse::<f64>().ok()?;
                Some((column, value))
            })
            .collect()
    }

    proptest::proptest! {
        #[test]
        fn numeric_cells_match_the_reference(
            row in proptest::collection::vec(
                proptest::sample::select(b" \t|,0123456789.-ax\xc3".to_vec()),
                0..300,
            )
        ) {
            let cells: Vec<(usize, f64)> = numeric_cells(&row).collect();
            proptest::prop_assert_eq!(&cells, &numeric_cells_reference(&row));
            proptest::prop_assert_eq!(visited_cells(&row), cells);
        }
    }

    proptest::proptest! {
        /// Rows of cells padded with runs of blanks, as tables print them.
        #[test]
        fn padded_numeric_cells_match_the_reference(
            cells in proptest::collection::vec(
                (
                    proptest::collection::vec(
                        proptest::sample::select(b"0123456789.-ax\xc3".to_vec()),
                        1..12,
                    ),
                    0usize..20,
                    proptest::sample::select(b" \t|,".to_vec()),
                ),
                0..40,
            )
        ) {
            let mut row = Vec::new();
            for (cell, padding, separator) in cells {
                row.extend_from_slice(&cell);
                row.push(separator);
                row.extend(std::iter::repeat_n(b' ', padding));
            }
            let found: Vec<(usize, f64)> = numeric_cells(&row).collect();
            proptest::prop_assert_eq!(&found, &numeric_cells_reference(&row));
            proptest::prop_assert_eq!(visited_cells(&row), found);
        }
    }

    #[test]
    fn numeric_cells_stop_at_the_last_tracked_column() {
        let row: Vec<u8> = (0..40).flat_map(|k| format!("{k} ").into_bytes()).collect();
        let cells: Vec<(usize, f64)> = numeric_cells(&row).collect();
        assert_eq!(cells.len(), MAX_COLUMNS);
        assert_eq!(cells, numeric_cells_reference(&row));
        // Short rows with more cells than tracked: every one-byte cell a number.
        let short: Vec<u8> = (0..40)
            .flat_map(|k| [b'0' + k % 10, b' '])
            .take(64)
            .collect();
        assert_eq!(visited_cells(&short).len(), MAX_COLUMNS);
        assert_eq!(visited_cells(&short), numeric_cells_reference(&short));
    }

    #[test]
    fn tree_rows_and_blame_prefixes() {
        assert_eq!(box_depth("├── a".as_bytes()), Some(0));
        assert_eq!(box_depth("│   ├── b".as_bytes()), Some(1));
        assert_eq!(box_depth("│ ├── b".as_bytes()), Some(1));
        assert_eq!(box_depth("    └── c".as_bytes()), Some(1));
        assert_eq!(box_depth(b"plain"), None);
        let blame = b"5e405b88 (Some One 2026-11-30 237)     if (x) return;";
        assert_eq!(&blame[blame_prefix(blame)..], b"    if (x) return;");
        assert_eq!(blame_prefix(b"not a blame line"), 0);
        let bare = b"5e405b88 (Some One 2026-11-30 237)";
        assert_eq!(blame_prefix(bare), bare.len());
    }

    #[test]
    fn blame_prefix_quick_rejection_keeps_every_prefix() {
        // The first and seventh bytes decide the quick rejection: hashes of every length
        // around seven, with `^` boundary markers, against the full parse.
        for hash in [
            "abc1234",
            "^abc123",
            "abc123",
            "0123456789abcdef",
            "^^^^^^^",
            "xbc1234",
        ] {
            for rest in [
                " (A 2026-01-01 1) code",
                " (A 2026-01-01 1)",
                " code",
                "(A 1) x",
                "",
            ] {
                let line = format!("{hash}{rest}");
                assert_eq!(
                    blame_prefix(line.as_bytes()),
                    blame_prefix_after_check(line.as_bytes()),
                    "{line}"
                );
            }
        }
        assert_eq!(blame_prefix(b"^abc123 (A 2026-01-01 1) x"), 25);
    }

    /// The outline test as first written: every prefix compared, notes searched one by one.
    fn is_outline_line_reference(t: &[u8]) -> bool {
        const STARTS: &[&[u8]] = &[
            b"import ",
            b"from ",
            b"use ",
            b"pub use ",
            b"#include",
            b"require(",
            b"export * from",
            b"package ",
        ];
        let has = |needle: &[u8]| t.windows(needle.len()).any(|w| w == needle);
        STARTS.iter().any(|p| t.starts_with(p))
            || (t.first() == Some(&b'@') && t.get(1).is_some_and(u8::is_ascii_alphabetic))
            || t.starts_with(b"#[")
            || has(b"TODO")
            || has(b"FIXME")
    }

    #[test]
    fn outline_lines_match_the_reference() {
        let heads = [
            "import x",
            "from y import z",
            "use a::b;",
            "pub use c;",
            "#include <d>",
            "#[test]",
            "require('e')",
            "export * from 'f'",
            "package g;",
            "@Override",
            "@1",
            "fn main() {",
            "pub fn x()",
            "#define X",
            "impor",
            "",
        ];
        let tails = [
            "",
            " // TODO: later",
            " FIXM",
            " FIXME now",
            "TOD",
            " xTODOx",
            " T F TO FIX",
        ];
        for head in heads {
            for tail in tails {
                for pad in [0usize, 13, 40] {
                    let line = format!("{head}{}{tail}", " ".repeat(pad));
                    assert_eq!(
                        is_outline_line(line.as_bytes()),
                        is_outline_line_reference(line.as_bytes()),
                        "{line:?}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// The fused pass over a line of code says what trimming it and testing the trimmed
        /// text say, whatever its indent, notes and trailing blanks.
        #[test]
        fn outline_code_matches_the_trimmed_test(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    &b" "[..], b"\t", b"    ", b"\x0c", b"\r", b"import ", b"import", b"use ",
                    b"pub use ", b"#[", b"#include", b"@x", b"@", b"from ", b"TODO", b"TOD",
                    b"FIXME", b"FIX", b"T", b"F", b"x", b"fn main() {", b"package ",
                    b"require(", b"export * from",
                ]),
                0..24,
            )
        ) {
            let code = parts.concat();
            proptest::prop_assert_eq!(is_outline_code(&code), is_outline_line(trim(&code)));
        }
    }

    #[test]
    fn unindented_text_as_trim_and_indent_say() {
        use super::super::lines::indent_width;
        for line in [
            "", " ", "\t", "a", " a", "\ta", "\r", "\x0c x", "\x0c", "\r\n", "x  ",
        ] {
            let line = line.as_bytes();
            let expected = !trim(line).is_empty() && indent_width(line) == 0;
            assert_eq!(starts_unindented_text(line), expected, "{line:?}");
        }
    }

    fn must_lines(kind: ContentKind, rows: &[&str]) -> Vec<usize> {
        let mut marked = Vec::new();
        let lines = rows.iter().map(|r| r.as_bytes()).enumerate();
        recognize(kind, lines, |i, fact| {
            if fact == Fact::Must {
                marked.push(i);
            }
        });
        marked
    }

    #[test]
    fn bare_paths_mark_each_top_level_child_with_and_without_sizes() {
        let find = ["/usr/a/x", "/usr/a/y", "/usr/b/z", "/usr/c"];
        assert_eq!(must_lines(ContentKind::Tree, &find), vec![0, 2, 3]);
        let du = ["4\t/usr/a/x", "8\t/usr/a/y", "1\t/usr/b/z", "2\t/usr/c"];
        assert_eq!(must_lines(ContentKind::Tree, &du), vec![0, 2, 3]);
        // One tabbed row anywhere makes every row's path the part after its tab.
        let mixed = ["/usr/a/x", "/usr/a/y", "3\t/usr/b/z", "/usr/b/w"];
        assert_eq!(must_lines(ContentKind::Tree, &mixed), vec![0, 2]);
        assert_eq!(
            must_lines(ContentKind::Tree, &["a b/c", "/usr/x"]),
            Vec::<usize>::new()
        );
        // A later row without a `/`, or without the first row's directory, means no root.
        for rows in [["/usr/a/x", "usr"], ["/usr/a/x", "usr/b"], ["a", "a/b"]] {
            assert_eq!(must_lines(ContentKind::Tree, &rows), Vec::<usize>::new());
        }
        // Relative paths have a root too; blank rows are passed over.
        let relative = ["src/a.rs", "", "src/b/c.rs", "src/b/d.rs"];
        assert_eq!(must_lines(ContentKind::Tree, &relative), vec![0, 2]);
    }

    /// The children of a bare-path listing's root as first written: the root from all rows,
    /// then a second pass for the children.
    fn bare_children_reference(rows: &[Vec<u8>]) -> Vec<usize> {
        let paths: Vec<&[u8]> = rows.iter().map(|row| bare_path(row)).collect();
        let present: Vec<&[u8]> = paths.iter().copied().filter(|t| !t.is_empty()).collect();
        let Some(&first) = present.first() else {
            return Vec::new();
        };
        if present.iter().any(|t| t.contains(&b' ')) {
            return Vec::new();
        }
        let Some(first_slash) = first.iter().position(|&b| b == b'/') else {
            return Vec::new();
        };
        let shared = present
            .iter()
            .map(|t| first.iter().zip(*t).take_while(|(a, b)| a == b).count())
            .min()
            .unwrap_or(0);
        if shared <= first_slash {
            return Vec::new();
        }
        let root = directory_len(&first[..shared]);
        let mut last_child: &[u8] = &[];
        let mut marked = Vec::new();
        for (i, t) in paths.iter().enumerate() {
            if t.len() <= root {
                continue;
            }
            let rest = &t[root..];
            let child = match rest.iter().position(|&b| b == b'/') {
                Some(slash) => &rest[..=slash],
                None => rest,
            };
            if child != last_child {
                marked.push(i);
                last_child = child;
            }
        }
        marked
    }

    fn must_rows(rows: &[Vec<u8>]) -> Vec<usize> {
        let mut marked = Vec::new();
        let lines = rows.iter().map(|r| r.as_slice()).enumerate();
        recognize(ContentKind::Tree, lines, |i, fact| {
            if fact == Fact::Must {
                marked.push(i);
            }
        });
        marked
    }

    proptest::proptest! {
        /// Children found in the pass that finds the root (the rows before read again when
        /// the root moves up) are the children the two passes found.
        #[test]
        fn bare_children_match_the_two_pass_reference(
            rows in proptest::collection::vec(
                (
                    proptest::sample::select(vec!["/usr/", "/usr/lib/", "/usr/libx/", "/opt/", "src/", "", "4\t"]),
                    proptest::collection::vec(
                        proptest::sample::select(vec!["a/", "b/", "ab/", "c", "x.h", " ", "\t"]),
                        0..4,
                    ),
                ),
                0..40,
            ),
            repeat in 1usize..12,
        ) {
            // Long runs of one row make the root move after many rows.
            let rows: Vec<Vec<u8>> = rows
                .iter()
                .enumerate()
                .flat_map(|(k, (head, parts))| {
                    let row = format!("{head}{}", parts.concat()).into_bytes();
                    std::iter::repeat_n(row, if k % 3 == 0 { repeat * 30 } else { 1 })
                })
                .collect();
            proptest::prop_assert_eq!(must_rows(&rows), bare_children_reference(&rows));
        }
    }

    #[test]
    fn a_root_moving_late_still_names_every_child() {
        // The root moves up from `/usr/a/` to `/usr/` past the rows read again.
        let mut rows: Vec<Vec<u8>> = (0..REPLAY_ROWS + 40)
            .map(|k| format!("/usr/a/{}/f", k % 7).into_bytes())
            .collect();
        rows.push(b"/usr/b/x".to_vec());
        rows.push(b"/usr/b/y".to_vec());
        assert_eq!(must_rows(&rows), vec![0, REPLAY_ROWS + 40]);
        assert_eq!(must_rows(&rows), bare_children_reference(&rows));
        // Moving early, the rows before are read again under the new root.
        let early: Vec<Vec<u8>> = ["/usr/a/1", "/usr/a/2", "/usr/b/1", "/usr/c", "/usr/b/2"]
            .iter()
            .map(|r| r.as_bytes().to_vec())
            .collect();
        assert_eq!(must_rows(&early), vec![0, 2, 3, 4]);
    }

    #[test]
    fn config_keys_and_table_rules() {
        assert!(is_active_key(b"port = 5432"));
        assert!(is_active_key(b"name: app"));
        assert!(!is_active_key(b"#port = 5432"));
        assert!(!is_active_key(b"just words here"));
        assert!(is_section(b"[[package]]"));
        assert!(is_table_rule(b"----  --------  ------"));
        assert!(is_table_rule(b"+++-=====-===="));
        assert!(!is_table_rule(b"-- a comment"));
    }
}
