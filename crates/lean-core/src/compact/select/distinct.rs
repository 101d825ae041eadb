//! Lines whose kind is worth one example even in a flood of others: the first instance of each
//! distinct diagnostic code (`F401`, `E0308`, `-Wunused-variable`, `clippy::needless_return`,
//! `[arg-type]`, a rule path after a location such as `app.js:3:9 lint/suspicious/noDebugger`), and the command line that ran just before a compiler error (the line that
//! says what was being built). Both are bounded: a flood of thousands of codes or errors
//! marks at most [`MAX_KINDS`] and [`MAX_COMMANDS`] lines.

use super::super::detect::{first_word, is_kind_word};
use super::super::lines::trim;
use super::super::signals::Signal;
use super::flags::{LineFlags, Rank, DUPLICATE};
use super::line_texts::LineTexts;

/// Most distinct diagnostic codes whose first instance is kept.
const MAX_KINDS: usize = 64;
/// Most lines of a diagnostic kind for which each is kept: a kind this rare is the news.
const RARE_KIND_LINES: usize = 3;
/// Most lines kept for rare kinds beyond each kind's first.
const MAX_RARE_EXTRA: usize = 32;
/// Most command lines kept before errors.
const MAX_COMMANDS: usize = 32;
/// How far before an error to look for the command that produced it.
const COMMAND_LOOKBACK: usize = 6;

/// The diagnostic code a line names, if any: a bracketed code (`[E0308]`, `[-Wformat]`,
/// `[arg-type]`), a lint path (`clippy::name`), or a rule code word (`F401`, `PLR0913`).
pub(super) fn diagnostic_code(line: &[u8]) -> Option<&[u8]> {
    let line = &line[..line.len().min(1024)];
    // `[...]` holding a code: no spaces, at most 48 bytes.
    let mut from = 0;
    while let Some(open) = memchr::memchr(b'[', &line[from..]).map(|p| from + p) {
        let close = memchr::memchr(b']', &line[open..]).map(|p| open + p)?;
        let inner = &line[open + 1..close];
        if (2..=48).contains(&inner.len())
            && !inner.contains(&b' ')
            && inner.iter().any(u8::is_ascii_alphabetic)
            && !inner
                .iter()
                .all(|b| b.is_ascii_digit() || *b == b'%' || *b == b'/')
            && (inner[0].is_ascii_uppercase() || inner[0] == b'-' || inner.contains(&b'-'))
        {
            return Some(inner);
        }
        from = close + 1;
    }
    // A word holds a lint path only if the line does: most lines are spared the search. Its
    // searcher is built once: every warning and error line asks.
    static LINT_PATH: std::sync::OnceLock<memchr::memmem::Finder<'static>> =
        std::sync::OnceLock::new();
    let lint_path = LINT_PATH
        .get_or_init(|| memchr::memmem::Finder::new(b"clippy::"))
        .find(line)
        .is_some();
    line.split(|&b| b == b' ' || b == b'\t' || b == b'(' || b == b')')
        .find_map(|word| code_word(word, lint_path))
}

/// The code in `word`, if it is one: a lint path (`clippy::name`, looked for only when
/// `lint_path` says the line has one) or a rule code (`F401`).
fn code_word(word: &[u8], lint_path: bool) -> Option<&[u8]> {
    let word = trim_colon(word);
    if let Some(at) = lint_path.then(|| find(word, b"clippy::")).flatten() {
        return Some(&word[at..]);
    }
    let letters = word.iter().take_while(|b| b.is_ascii_uppercase()).count();
    let digits = word[letters..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    ((1..=4).contains(&letters) && (2..=4).contains(&digits) && letters + digits == word.len())
        .then_some(word)
}

/// The rule a line names right after a leading location (`app.js:121:24
/// lint/suspicious/noDebugger`, `pkg/views.py:3:1: F401 …`). Linters that print no severity word
/// put the rule there, so the line is a diagnostic even without `warning` or `error`. Only the
/// first word after the location counts: grep hits share the location shape, and their text
/// is not a rule.
pub(super) fn code_after_location(line: &[u8]) -> Option<&[u8]> {
    let line = &line[..line.len().min(1024)];
    let end = line.iter().position(|&b| b == b' ' || b == b'\t')?;
    let mut parts = line[..end].split(|&b| b == b':');
    let path = parts.next()?;
    // The numbers after the path are counted as they are read: this runs on every line.
    let mut numbers = 0usize;
    for number in parts.filter(|p| !p.is_empty()) {
        if !number.iter().all(u8::is_ascii_digit) {
            return None;
        }
        numbers += 1;
    }
    if !path.iter().any(|b| !b.is_ascii_digit()) || !(1..=2).contains(&numbers) {
        return None;
    }
    let rest = &line[end..];
    let start = rest.iter().position(|&b| b != b' ' && b != b'\t')?;
    let raw = first_word(&rest[start..]);
    let word = trim_colon(raw);
    code_word(word, true)
        .or_else(|| is_rule_path(word).then_some(word))
        .or_else(|| (numbers == 2 && is_kind_word(raw)).then_some(word))
}

/// Whether `word` is a rule path (`lint/suspicious/noDebugger`, `react-hooks/exhaustive-deps`,
/// `@typescript-eslint/no-explicit-any`): two or more slash-separated names of letters, digits,
/// `-` and `_`, each starting with a letter (the first may start with `@`). File paths are told
/// apart by their dots.
fn is_rule_path(word: &[u8]) -> bool {
    let word = word.strip_prefix(b"@").unwrap_or(word);
    let mut names = 0;
    for name in word.split(|&b| b == b'/') {
        let name_ok = name.first().is_some_and(u8::is_ascii_alphabetic)
            && name
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !name_ok {
            return false;
        }
        names += 1;
    }
    (2..=6).contains(&names) && word.len() <= 96
}

fn trim_colon(word: &[u8]) -> &[u8] {
    let end = word
        .iter()
        .rposition(|&b| b != b':' && b != b',' && b != b']' && b != b'`')
        .map_or(0, |e| e + 1);
    &word[..end]
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Ranks the first line of each distinct diagnostic code among warnings and errors as a
/// must-keep fact: a lint flood keeps one example of every kind it reports. A rare kind, one
/// of at most [`RARE_KIND_LINES`] lines, keeps them all (at most [`MAX_RARE_EXTRA`] beyond the
/// firsts): gcc's three `optimized:` remarks among hundreds of `missed:` and `note:` lines
/// each say what was vectorized where. Returns those lines, in order (the budget keeps them
/// before other structure).
pub(super) fn mark_diagnostic_kinds(
    texts: &LineTexts<'_>,
    prefix: &dyn Fn(usize) -> usize,
    flags: &mut [LineFlags],
) -> Vec<u32> {
    // Each kind's code with its lines, up to one past the rare bound; the kinds of lines that
    // open with their code apart, with how many such lines there were.
    let mut kinds: Vec<(&[u8], Vec<u32>)> = Vec::new();
    let mut opening: Vec<(&[u8], Vec<u32>)> = Vec::new();
    let mut opening_lines = 0usize;
    // Every distinct code lines open with, beyond the kinds noted.
    let mut opening_codes: std::collections::HashSet<&[u8]> = std::collections::HashSet::new();
    for (i, f) in flags.iter().enumerate() {
        if f.has(DUPLICATE) {
            continue;
        }
        let text = texts.get(i);
        let text = &text[prefix(i).min(text.len())..];
        let code = if matches!(f.signal(), Signal::Warning | Signal::Error) {
            diagnostic_code(text).or_else(|| code_after_location(text))
        } else {
            code_after_location(text)
        };
        let (code, into) = match code {
            Some(code) => (code, &mut kinds),
            None => match code_first(text) {
                Some(code) => {
                    opening_lines += 1;
                    opening_codes.insert(code);
                    (code, &mut opening)
                }
                None => continue,
            },
        };
        note_kind(into, code, i);
    }
    // Linters that print the rule first (`W3045 'AccessControl' is a legacy property`, the
    // location on the next line) report kinds that recur: when most such codes are distinct,
    // the lines are rows keyed by an id (a feature table's `T175`), not a flood's kinds.
    if opening_codes.len() * 2 <= opening_lines {
        for (code, lines) in opening {
            for i in lines {
                note_kind(&mut kinds, code, i as usize);
            }
        }
    }
    let mut marked: Vec<u32> = kinds.iter().map(|(_, lines)| lines[0]).collect();
    let rare_rest = kinds
        .iter()
        .filter(|(_, lines)| lines.len() <= RARE_KIND_LINES)
        .flat_map(|(_, lines)| lines[1..].iter().copied());
    marked.extend(rare_rest.take(MAX_RARE_EXTRA));
    marked.sort_unstable();
    for &i in &marked {
        flags[i as usize].set_rank(Rank::Must);
    }
    marked
}

/// Notes line `i` under `code` in `kinds`: a new kind while there are fewer than
/// [`MAX_KINDS`], a line of a known one up to one past [`RARE_KIND_LINES`].
fn note_kind<'t>(kinds: &mut Vec<(&'t [u8], Vec<u32>)>, code: &'t [u8], i: usize) {
    match kinds.iter().position(|(seen, _)| *seen == code) {
        Some(k) if kinds[k].1.len() <= RARE_KIND_LINES => kinds[k].1.push(i as u32),
        Some(_) => {}
        None if kinds.len() < MAX_KINDS => kinds.push((code, vec![i as u32])),
        None => {}
    }
}

/// The rule code a line opens with, followed by its message of at least two words
/// (`W3045 'AccessControl' is a legacy property`, `SC2086 Double quote to prevent globbing`):
/// a diagnostic without a severity word or a location before it.
fn code_first(line: &[u8]) -> Option<&[u8]> {
    // The code stands at the margin: an indented line continues something else.
    let word = first_word(line);
    let code = code_word(word, false)?;
    let message_words = line[word.len()..]
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty())
        .take(2)
        .count();
    (message_words == 2).then_some(code)
}

/// Whether `line` runs a build step: a compiler or build tool invocation, or a shell trace.
pub(super) fn is_command(line: &[u8]) -> bool {
    let t = trim(line);
    const STARTS: [&[u8]; 22] = [
        b"gcc ",
        b"g++ ",
        b"cc ",
        b"c++ ",
        b"clang",
        b"rustc ",
        b"javac ",
        b"tsc ",
        b"go build",
        b"go vet",
        b"nvcc ",
        b"ld ",
        b"$ ",
        b"+ ",
        b"/usr/bin/",
        b"libtool: ",
        b"Compiling ",
        b"Running `",
        b"CC ",
        b"CXX ",
        b"make: ",
        b"cmake ",
    ];
    STARTS.iter().any(|s| t.starts_with(s))
        || (find(t, b" -c ").is_some() && find(t, b" -o ").is_some())
}

/// Ranks the command line just before each error (within [`COMMAND_LOOKBACK`] lines, no other
/// error between) as a must-keep fact: it says what was being built when the error came.
pub(super) fn mark_commands_before_errors(texts: &LineTexts<'_>, flags: &mut [LineFlags]) -> usize {
    let mut marked = 0;
    let mut last_marked = usize::MAX;
    for i in 0..flags.len() {
        if flags[i].signal() != Signal::Error || flags[i].rank() != Rank::Must {
            continue;
        }
        for j in (i.saturating_sub(COMMAND_LOOKBACK)..i).rev() {
            if flags[j].signal() == Signal::Error {
                break;
            }
            if is_command(texts.get(j)) {
                if j != last_marked && flags[j].rank() > Rank::Must {
                    flags[j].set_rank(Rank::Must);
                    marked += 1;
                }
                last_marked = j;
                break;
            }
        }
        if marked >= MAX_COMMANDS {
            break;
        }
    }
    marked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_common_tools() {
        let code = |l: &str| {
            diagnostic_code(l.as_bytes()).map(|c| String::from_utf8_lossy(c).into_owned())
        };
        assert_eq!(
            code("src/a.py:1:1: F401 `os` imported but unused").as_deref(),
            Some("F401")
        );
        assert_eq!(
            code("error[E0308]: mismatched types").as_deref(),
            Some("E0308")
        );
        assert_eq!(
            code("a.c:3:5: warning: unused variable 'x' [-Wunused-variable]").as_deref(),
            Some("-Wunused-variable")
        );
        assert_eq!(
            code("a.py:3: error: Argument 1 has incompatible type  [arg-type]").as_deref(),
            Some("arg-type")
        );
        assert_eq!(
            code("   = note: `#[warn(clippy::needless_return)]` on by default").as_deref(),
            Some("clippy::needless_return")
        );
        assert_eq!(code("test result: ok. 3 passed [100%]"), None);
        assert_eq!(code("plain words only"), None);
    }

    #[test]
    fn rules_after_a_location() {
        let code = |l: &str| {
            code_after_location(l.as_bytes()).map(|c| String::from_utf8_lossy(c).into_owned())
        };
        assert_eq!(
            code("app.js:121:24 lint/suspicious/noDebugger  FIXABLE  ━━━━").as_deref(),
            Some("lint/suspicious/noDebugger")
        );
        assert_eq!(
            code("src/x.ts:4 @typescript-eslint/no-explicit-any").as_deref(),
            Some("@typescript-eslint/no-explicit-any")
        );
        assert_eq!(
            code("pkg/views.py:3:1: F401 `os` imported but unused").as_deref(),
            Some("F401")
        );
        // Grep hits share the location shape; their text is not a rule.
        assert_eq!(code("src/main.rs:12:use std::io;"), None);
        assert_eq!(code("src/main.rs:12:    let a = b/c;"), None);
        assert_eq!(code("src/a.rs:3: see src/lib/util.rs"), None);
        assert_eq!(code("no location here lint/a/b"), None);
        assert_eq!(code("12:30 lint/a/b"), None, "a time is not a location");
    }

    #[test]
    fn commands() {
        assert!(is_command(b"gcc -O2 -c foo.c -o foo.o"));
        assert!(is_command(b"   Compiling serde v1.0.0"));
        assert!(is_command(b"/usr/bin/cc -c x.c -o x.o"));
        assert!(!is_command(b"foo.c:3: error: expected ';'"));
    }
}
