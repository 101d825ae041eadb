//! Content detection: which kind of tool output a byte buffer is, from the caller's hints (tool,
//! command line, file path) first and then from a sample of the content itself.

use super::lines::{
    byte_mask_chunks, control_bytes, indent_width, pair_marks64, split_lines, trim, MarkedPositions,
};
use super::signals::is_definition;
use super::{CompactOptions, ContentKind};

/// Only the head of a large input is sampled; kinds are visible early.
const SAMPLE_BYTES: usize = 16 * 1024;

pub(crate) fn detect(input: &[u8], opts: &CompactOptions) -> ContentKind {
    if let Some(kind) = opts.kind {
        return kind;
    }
    if looks_binary(input) {
        return ContentKind::Binary;
    }
    if let Some(kind) = from_hints(opts) {
        // A JSON hint is only trusted when the bytes agree; everything else steers freely.
        if kind != ContentKind::Json || looks_json(input) {
            return kind;
        }
    }
    sniff(input)
}

/// NUL bytes or mostly non-text bytes in the head mean binary.
fn looks_binary(input: &[u8]) -> bool {
    let head = &input[..input.len().min(8192)];
    if memchr::memchr(0, head).is_some() {
        return true;
    }
    let (suspicious, ascii) = control_bytes(head, [b'\n', b'\r', b'\t', 0x1b, 0x0c, 0x08]);
    // ASCII is valid UTF-8: only a head with other bytes needs the validation.
    let invalid_utf8 = if ascii {
        0
    } else {
        match std::str::from_utf8(head) {
            Ok(_) => 0,
            // A multibyte character cut at the sample edge is not evidence of binary data.
            Err(e) if e.error_len().is_none() => 0,
            Err(_) => head.iter().filter(|&&b| b >= 0x80).count(),
        }
    };
    !head.is_empty() && (suspicious * 10 > head.len() || invalid_utf8 * 4 > head.len())
}

/// The part of a path's file name after its last dot, if it has one.
fn extension(path: &str) -> Option<&str> {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name.rsplit_once('.').map(|(_, ext)| ext)
}

/// Whether the tool is one that reads a file (`read`, `view`, `cat`), in any case.
fn is_read_tool(opts: &CompactOptions) -> bool {
    opts.tool.as_deref().is_some_and(|tool| {
        ["read", "view", "cat"]
            .iter()
            .any(|name| tool.eq_ignore_ascii_case(name))
    })
}

fn extension_kind(path: &str) -> Option<ContentKind> {
    let ext = extension(path)?;
    // Lowercased on the stack: every known extension is short, so a longer one is none of
    // them (a `String` per call was most of a small input's hint cost).
    let mut lower = [0u8; 10];
    let lower = lower.get_mut(..ext.len())?;
    lower.copy_from_slice(ext.as_bytes());
    lower.make_ascii_lowercase();
    Some(match &*lower {
        b"json" | b"ndjson" | b"jsonl" | b"geojson" => ContentKind::Json,
        b"rs" | b"py" | b"js" | b"mjs" | b"cjs" | b"ts" | b"tsx" | b"jsx" | b"go" | b"c" | b"h"
        | b"cc" | b"cpp" | b"hpp" | b"java" | b"kt" | b"swift" | b"rb" | b"php" | b"cs"
        | b"scala" | b"lua" | b"sh" | b"bash" | b"zig" | b"ex" | b"exs" | b"hs" | b"ml"
        | b"pyi" | b"pyx" | b"pxd" | b"sql" | b"css" | b"scss" | b"html" | b"vue" | b"svelte" => {
            ContentKind::Source
        }
        b"yaml" | b"yml" | b"toml" | b"ini" | b"cfg" | b"conf" | b"properties" | b"env" => {
            ContentKind::Config
        }
        b"diff" | b"patch" => ContentKind::Diff,
        b"csv" | b"tsv" => ContentKind::Table,
        // `.txt`, `.log`, `.out`, `.md`: containers of anything (saved test runs, captured
        // logs); the content decides.
        _ => return None,
    })
}

/// Whether the output is a `read` of a data, config or docs file (CSV, YAML, TOML, INI, XML,
/// Markdown, JSON, ...). A read is a request to see that content: such a file reaches the model
/// as Pi's own cut shows it, never folded (the odd CSV row, the one YAML key, the CHANGELOG entry
/// asked about are all look-alike lines a fold would hide).
/// A shell command whose last stage prints a file (`cat x.yaml`, `head -n 80 data.csv`) is a
/// read too.
///
/// A read is data by its content too, whatever the file is named: an XML document (a JFR
/// `.jfc`, an `.xsd`, a `.plist`, a `.csproj`) or a JSON one (a `.ipynb`, a `.har`, a
/// `.webmanifest`) is read as one.
pub(crate) fn is_data_read(input: &[u8], opts: &CompactOptions) -> bool {
    if is_read_tool(opts) {
        return opts.path.as_deref().is_some_and(is_data_path)
            || is_xml_document(input)
            || is_json_document(input);
    }
    let Some(command) = opts.command.as_deref() else {
        return false;
    };
    let stage = command.rsplit('|').next().unwrap_or(command);
    let mut words = stage.split_whitespace();
    let printer = words.next().and_then(|w| w.rsplit('/').next());
    matches!(
        printer,
        Some("cat" | "bat" | "less" | "more" | "head" | "tail")
    ) && words.last().is_some_and(is_data_path)
}

/// Whether the output is a `read` of a file whose kind its name does not say: no extension
/// the engine reads as source, config, data or a diff (`.vim`, `.sty`, `.supp`, `.7`, a
/// `copyright` or `Compose` file), and not a container of anything (`.txt`, `.log`, `.out`),
/// whose content decides. The engine knows no outline of such a file and which of its lines
/// are its facts, so it is shown as Pi's cut shows it, like a data file (the lines past that
/// cut a question names are added to it).
pub(crate) fn is_unknown_kind_read(opts: &CompactOptions) -> bool {
    let Some(path) = opts.path.as_deref().filter(|_| is_read_tool(opts)) else {
        return false;
    };
    if extension_kind(path).is_some() || is_data_path(path) {
        return false;
    }
    let container = extension(path).is_some_and(|ext| {
        ["txt", "log", "out"]
            .iter()
            .any(|known| ext.eq_ignore_ascii_case(known))
    });
    !container
}

/// Whether `input` is one JSON object or array by its ends: its first visible byte (after a
/// byte-order mark) opens one and its last closes it, the same kind.
fn is_json_document(input: &[u8]) -> bool {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let first = input.iter().find(|b| !b.is_ascii_whitespace());
    let last = input.iter().rev().find(|b| !b.is_ascii_whitespace());
    matches!(
        (first, last),
        (Some(b'{'), Some(b'}')) | (Some(b'['), Some(b']'))
    )
}

/// Whether `input` opens with an XML declaration (after a byte-order mark and blank space).
fn is_xml_document(input: &[u8]) -> bool {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let start = input
        .iter()
        .take(256)
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(input.len());
    input[start..].starts_with(b"<?xml ")
}

/// Whether a config-kind output is a dump of settings that Pi's own cut shows whole (a
/// `sysconfig`, `git config -l` or lockfile print): at most 2,000 lines and 50 KB, of which
/// comments and blank lines are under 40% of the bytes. Its lines are the values the agent
/// asked to see, each unlike the others in the one place that matters, so it reaches the model
/// whole. A shipped config that is mostly comments is still folded, its active settings first.
pub(crate) fn is_settings_dump(input: &[u8]) -> bool {
    if input.len() > super::PI_MAX_BYTES {
        return false;
    }
    let mut lines = 0usize;
    let mut quiet = 0usize;
    for line in split_lines(input) {
        lines += 1;
        let text = line.trim_ascii_start();
        if text.is_empty()
            || text.starts_with(b"#")
            || text.starts_with(b";")
            || text.starts_with(b"//")
        {
            quiet += line.len() + 1;
        }
    }
    lines <= super::PI_MAX_LINES + 1 && quiet * 5 < input.len() * 2
}

/// Whether the output is a command's options listing (`--help`, `--v8-options`, a manual's
/// OPTIONS): at least 20 lines, and a quarter of its non-blank lines, that open with an option
/// (`--stack-size (…)`, `-v, --verbose`). It is documentation the agent opened to look one
/// option up, every entry unlike the rest, so it reaches the model as Pi's own cut shows it.
/// Only the first [`HELP_SCAN_LINES`] lines are read.
pub(crate) fn is_help_listing(input: &[u8]) -> bool {
    let mut text_lines = 0usize;
    let mut options = 0usize;
    for line in split_lines(input).take(HELP_SCAN_LINES) {
        let text = line.trim_ascii_start();
        if text.is_empty() {
            continue;
        }
        text_lines += 1;
        options += usize::from(opens_with_option(text));
    }
    options >= 20 && options * 4 >= text_lines
}

/// Lines of an output read to tell an options listing.
const HELP_SCAN_LINES: usize = 4000;

/// Whether the output is an index within Pi's cut: a listing whose lines each name a different
/// thing in their first word (`apt list`, `ldconfig -p`, `cargo test -- --list`, `iconv -l`),
/// at least [`MIN_INDEX_LINES`] lines of which nine in ten open with a distinct name that is
/// mostly letters (a timestamp or a size opens a log or a table, not an index). An index is
/// opened to look one entry up, and which one is in the question, not the output: any fold
/// hides an entry stock Pi would have shown, so it reaches the model as Pi shows it. (A listing
/// of paths is a tree, not an index: its markers name the entries they fold, and a project's
/// `find` is read for its shape, so it stays compacted.)
pub(crate) fn is_index_listing(input: &[u8]) -> bool {
    if input.len() > super::PI_MAX_BYTES {
        return false;
    }
    let mut names = std::collections::HashSet::new();
    let mut lines = 0usize;
    let mut distinct = 0usize;
    for line in split_lines(input) {
        let text = line.trim_ascii();
        if text.is_empty() {
            continue;
        }
        lines += 1;
        if lines > super::PI_MAX_LINES {
            return false;
        }
        let first = text
            .split(|&b| b == b' ' || b == b'\t')
            .next()
            .unwrap_or_default();
        let letters = first.iter().filter(|b| b.is_ascii_alphabetic()).count();
        let digits = first.iter().filter(|b| b.is_ascii_digit()).count();
        if first.len() >= 2 && letters > digits && names.insert(first) {
            distinct += 1;
        }
    }
    lines >= MIN_INDEX_LINES && distinct * 10 >= lines * 9
}

/// Fewer lines than this are no index worth telling apart (the lossless threshold passes most).
const MIN_INDEX_LINES: usize = 50;

/// Whether the output is a manual page or module documentation (`man`, `pydoc`, `perldoc`):
/// a `NAME` heading at the start of a line among its first lines, and a `SYNOPSIS` or
/// `DESCRIPTION` heading after it. It is prose opened to read one entry, which no rule can
/// rank; like an options listing it reaches the model as Pi's own cut shows it.
pub(crate) fn is_manual_page(input: &[u8]) -> bool {
    let mut lines = split_lines(input);
    if !lines
        .by_ref()
        .take(MANUAL_NAME_LINES)
        .any(|l| l.trim_ascii_end() == b"NAME")
    {
        return false;
    }
    lines
        .take(HELP_SCAN_LINES)
        .any(|l| matches!(l.trim_ascii_end(), b"SYNOPSIS" | b"DESCRIPTION"))
}

/// Lines at the start of an output searched for a manual's `NAME` heading.
const MANUAL_NAME_LINES: usize = 12;

/// `-x`, `--name`, `--name=…`, `-x, --name`: a dash or two, a letter, then name characters up
/// to a blank, `,`, `=`, `[` or the end. A file mode (`-rw-r--r--`) is not an option.
fn opens_with_option(text: &[u8]) -> bool {
    let body = text.strip_prefix(b"--").or_else(|| text.strip_prefix(b"-"));
    let Some(body) = body else { return false };
    if !body.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let name = body
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
        .count();
    let mode = text.len() >= 10
        && text[1..10]
            .iter()
            .all(|b| matches!(b, b'r' | b'w' | b'x' | b'-' | b's' | b't' | b'S' | b'T'));
    !mode
        && matches!(
            body.get(name),
            None | Some(b' ' | b'\t' | b',' | b'=' | b'[')
        )
}

/// A `key=value` setting written without blanks, as `.properties`, `.env` and sysctl files
/// write them: a dotted or dashed name of at most 40 bytes, then `=` (not `==`).
fn is_bare_assignment(t: &[u8]) -> bool {
    let name = t
        .iter()
        .take(41)
        .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
        .count();
    name > 0 && name <= 40 && t.get(name) == Some(&b'=') && t.get(name + 1) != Some(&b'=')
}

/// Whether a file name has the extension of a data, config or docs format.
fn is_data_path(path: &str) -> bool {
    let Some(ext) = extension(path) else {
        return false;
    };
    // Markup documents (HTML, SVG), notebooks and translation catalogs are read for their
    // content like the rest: one heading, cell or message is what the read is about.
    const DATA: &[&str] = &[
        "csv",
        "tsv",
        "yaml",
        "yml",
        "toml",
        "ini",
        "cfg",
        "conf",
        "properties",
        "env",
        "xml",
        "md",
        "markdown",
        "rst",
        "adoc",
        "json",
        "jsonc",
        "json5",
        "ndjson",
        "jsonl",
        "lock",
        "ipynb",
        "html",
        "htm",
        "xhtml",
        "svg",
        "po",
        "pot",
    ];
    DATA.iter().any(|known| ext.eq_ignore_ascii_case(known))
}

fn from_hints(opts: &CompactOptions) -> Option<ContentKind> {
    if let Some(tool) = opts.tool.as_deref() {
        // Compared ignoring case in place: no lowercased copy per call.
        let is = |names: &[&str]| names.iter().any(|n| tool.eq_ignore_ascii_case(n));
        if is(&["grep", "rg", "ripgrep", "search"]) {
            return Some(ContentKind::Grep);
        }
        if is(&["ls", "find", "glob", "tree"]) {
            return Some(ContentKind::Tree);
        }
        if is_read_tool(opts) {
            if let Some(kind) = opts.path.as_deref().and_then(extension_kind) {
                return Some(kind);
            }
        }
    }
    if let Some(command) = opts.command.as_deref() {
        if let Some(kind) = command_kind(command) {
            return Some(kind);
        }
    }
    opts.path.as_deref().and_then(extension_kind)
}

/// Kind from a shell command line: the last pipeline stage decides, since it produced the text.
fn command_kind(command: &str) -> Option<ContentKind> {
    let stage = command.rsplit('|').next().unwrap_or(command);
    let words: Vec<&str> = stage
        .split_whitespace()
        .filter(|w| !w.contains('=') || w.starts_with('-'))
        .filter(|w| {
            !matches!(
                *w,
                "sudo" | "npx" | "pnpm" | "yarn" | "bunx" | "uv" | "poetry"
            )
        })
        .collect();
    let program = words.first()?.rsplit('/').next()?;
    let sub = words.get(1).copied().unwrap_or("");
    let has = |w: &str| words.contains(&w);
    Some(match program {
        "rg" | "grep" | "egrep" | "ag" | "ack" => ContentKind::Grep,
        "git" => match sub {
            "diff" | "log" | "show" => ContentKind::Diff,
            "status" | "ls-files" => ContentKind::Tree,
            "grep" => ContentKind::Grep,
            _ => return None,
        },
        "ls" | "find" | "tree" | "fd" | "du" => ContentKind::Tree,
        "diff" => ContentKind::Diff,
        "pytest" | "jest" | "vitest" | "mocha" | "rspec" => ContentKind::Test,
        "cargo" if has("test") || has("nextest") => ContentKind::Test,
        "go" if has("test") => ContentKind::Test,
        "npm" | "bun" if has("test") => ContentKind::Test,
        "python" | "python3" if has("pytest") || has("unittest") => ContentKind::Test,
        "cargo" if has("build") || has("check") || has("clippy") => ContentKind::Diagnostics,
        "tsc" | "mypy" | "eslint" | "ruff" | "pyright" | "clippy" | "gcc" | "clang" | "cc"
        | "rustc" | "javac" | "flake8" | "pylint" | "shellcheck" => ContentKind::Diagnostics,
        "jq" => ContentKind::Json,
        "cat" | "head" | "tail" | "less" | "bat" => {
            return words.last().and_then(|p| extension_kind(p));
        }
        _ => return None,
    })
}

fn looks_json(input: &[u8]) -> bool {
    let text = trim(input);
    matches!(
        (text.first(), text.last()),
        (Some(b'{'), Some(b'}')) | (Some(b'['), Some(b']'))
    )
}

/// Most lines a tool may print before a JSON document for the document to be read as JSON.
const MAX_PREFACE_LINES: usize = 3;
/// Longest line of such a preface: a status note, not data.
const MAX_PREFACE_LINE_BYTES: usize = 240;

/// Where a JSON document starts, after at most a few short lines a tool printed first, and how
/// many lines those are: cargo's `Locking 54 packages` on stderr before `--unit-graph`'s
/// document, a package manager's notice before its report; `(0, 0)` for an input that opens
/// with its document. `None` when no object or array starts there and ends the input (the
/// caller parses it to be sure).
pub(crate) fn json_preface(input: &[u8]) -> Option<(usize, usize)> {
    if !matches!(trim(input).last(), Some(b'}' | b']')) {
        return None;
    }
    let mut offset = 0usize;
    for lines in 0..=MAX_PREFACE_LINES {
        let rest = &input[offset..];
        let line_end = memchr::memchr(b'\n', rest).map_or(rest.len(), |at| at + 1);
        let line = trim(&rest[..line_end]);
        if matches!(line.first(), Some(b'{' | b'[')) {
            return Some((offset, lines));
        }
        if lines == MAX_PREFACE_LINES || line_end > MAX_PREFACE_LINE_BYTES || line_end == rest.len()
        {
            return None;
        }
        offset += line_end;
    }
    None
}

/// True for `path:NUM:` or `path-NUM-` (grep context) prefixes where path looks like a file.
///
/// Returns (path_len, prefix_len) where prefix_len covers `path:`. A path has no blanks, so no
/// prefix ends past the line's first one; the candidates before it are found in one pass that
/// also marks the `.` and `/` a path needs (paths such as `node_modules/a-b-c/` hold many
/// separators, and most lines are rejected by their first blank).
#[inline]
pub(crate) fn grep_prefix_len(line: &[u8]) -> Option<(usize, usize)> {
    // An indented or empty line has no path before its first blank: no call for those.
    match line.first() {
        None | Some(b' ' | b'\t') => None,
        Some(_) => grep_prefix_scan(line),
    }
}

/// [`grep_prefix_len`] of a line that starts with neither a blank nor nothing. Inlined: it runs
/// once per line of every grep-like output, where the call's set-up cost a fifth of its work.
#[inline(always)]
fn grep_prefix_scan(line: &[u8]) -> Option<(usize, usize)> {
    let head = &line[..line.len().min(512)];
    // A `.` or `/` in an earlier chunk: every later candidate's path holds it.
    let mut marked = false;
    let pairs = [[b' ', b'\t'], [b':', b'-'], [b'.', b'/']];
    for (at, [blanks, separators, marks]) in byte_mask_chunks(head, pairs) {
        // Separators before the chunk's first blank (all of them when it has none).
        let mut separators = separators & (blanks & blanks.wrapping_neg()).wrapping_sub(1);
        while separators != 0 {
            let bit = separators.trailing_zeros();
            separators &= separators - 1;
            let i = at + bit as usize;
            let path_marked = marked || marks & ((1u32 << bit) - 1) != 0;
            if i > 0 && path_marked && numbered_separator(head, i) {
                return Some((i, i + 1));
            }
        }
        if blanks != 0 {
            return None;
        }
        marked |= marks != 0;
    }
    None
}

/// Whether the separator at `head[i]` is followed by digits and the same separator again.
#[inline]
pub(crate) fn numbered_separator(head: &[u8], i: usize) -> bool {
    let separator = head[i];
    let digits = head[i + 1..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    digits > 0 && head.get(i + 1 + digits) == Some(&separator)
}

/// Whether `raw`, the first word after a compiler's `path:line:column: `, is the kind of its
/// diagnostic: a lowercase word ending in a colon (`note:`, `missed:`, `optimized:`,
/// `remark:`). A compiler writes one there; a search hit with a column holds the file's text
/// after it, which seldom starts so.
pub(crate) fn is_kind_word(raw: &[u8]) -> bool {
    raw.strip_suffix(b":").is_some_and(|word| {
        (3..=12).contains(&word.len()) && word.iter().all(u8::is_ascii_lowercase)
    })
}

/// `LINE:COL: CODE`, `LINE:COL: error|warning` or `LINE:COL: kind: ` (see [`is_kind_word`])
/// after a grep-style `path:` prefix: a finding, not a search hit. gcc's `-fopt-info` remarks
/// (`x.c:441:14: optimized: …`, `missed:`, `note:`) are a compiler's log.
#[inline]
pub(crate) fn is_coded_finding(rest: &[u8]) -> bool {
    // Indexes checked against the length as they go: iterator adapters here cost a call and
    // bounds checks per field, and this runs on every located line of a linter's output.
    let len = rest.len();
    let mut i = 0usize;
    for _ in 0..2 {
        let digits_at = i;
        while i < len && rest[i].is_ascii_digit() {
            i += 1;
        }
        if i == digits_at || i == len || rest[i] != b':' {
            return false;
        }
        i += 1;
    }
    let spaced = i < len && rest[i] == b' ';
    if spaced {
        i += 1;
    }
    let tail = &rest[i..];
    // The first byte tells a rule code (capital letters, then a digit) from the words.
    match tail.first() {
        Some(b'A'..=b'Z') => {
            let letters = tail.iter().take_while(|b| b.is_ascii_uppercase()).count();
            tail.get(letters).is_some_and(u8::is_ascii_digit)
        }
        Some(b'e') if tail.starts_with(b"error") => true,
        Some(b'w') if tail.starts_with(b"warning") => true,
        Some(b'a'..=b'z') => spaced && is_kind_word(first_word(tail)),
        _ => false,
    }
}

/// `text` up to its first space or tab.
pub(crate) fn first_word(text: &[u8]) -> &[u8] {
    let end = text
        .iter()
        .position(|&b| b == b' ' || b == b'\t')
        .unwrap_or(text.len());
    &text[..end]
}

#[inline(always)]
pub(crate) fn is_ls_long_entry(line: &[u8]) -> bool {
    line.len() > 11
        && matches!(line[0], b'-' | b'd' | b'l' | b'c' | b'b' | b'p' | b's')
        && line[1..10]
            .iter()
            .all(|b| matches!(b, b'r' | b'w' | b'x' | b'-' | b's' | b'S' | b't' | b'T'))
}

/// A table's separator row right under its header (`----  ----`, `+++-====`, `---+---`).
fn is_table_rule_line(t: &[u8]) -> bool {
    // The byte test first: it rejects an ordinary line at its first letter, where the count
    // read every byte (and runs on the first lines of every input, however small).
    t.len() >= 8
        && t.iter()
            .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|' | b' ' | b'\t'))
        && t.iter().filter(|&&b| b == b'-' || b == b'=').count() * 4 >= t.len() * 3
        && t.iter().any(|&b| b == b' ' || b == b'+' || b == b'|')
}

/// Whether `t` holds a blank and, when it does not, whether it holds a `/` and a `:` (with a
/// blank those two do not matter and are `false`): one pass that stops at the first blank,
/// where three searches read a path line three times.
#[inline]
fn blank_slash_colon(t: &[u8]) -> (bool, bool, bool) {
    let (mut slash, mut colon) = (false, false);
    for (_, [blank, slashes, colons]) in
        byte_mask_chunks(t, [[b' ', b' '], [b'/', b'/'], [b':', b':']])
    {
        if blank != 0 {
            return (true, false, false);
        }
        slash |= slashes != 0;
        colon |= colons != 0;
    }
    (false, slash, colon)
}

/// The positions where one needle occurs in the sample, read in order as the vote's lines go
/// by: one search over the sample instead of one per line.
struct Occurrences<I: Iterator<Item = usize>> {
    rest: I,
    next: Option<usize>,
}

impl<I: Iterator<Item = usize>> Occurrences<I> {
    fn new(mut positions: I) -> Self {
        let next = positions.next();
        Occurrences {
            rest: positions,
            next,
        }
    }

    /// Whether an occurrence starts in `from..to`. Occurrences before `from` are passed for
    /// good: callers ask about ranges that move forward.
    #[inline]
    fn any_in(&mut self, from: usize, to: usize) -> bool {
        while let Some(at) = self.next {
            if at >= from {
                return at < to;
            }
            self.next = self.rest.next();
        }
        false
    }
}

/// Whether `needle` occurs inside `at..end` of the sample, by its `occurrences`.
#[inline]
fn needle_in(
    occurrences: &mut Occurrences<impl Iterator<Item = usize>>,
    needle: &[u8],
    at: usize,
    end: usize,
) -> bool {
    occurrences.any_in(at, (end + 1).saturating_sub(needle.len()))
}

/// A test runner's result line by its start (the first byte picks the one prefix to compare).
fn starts_test_result(t: &[u8]) -> bool {
    match t.first() {
        Some(b't') => t.starts_with(b"test result:"),
        Some(0xe2) => t.starts_with("\u{2713}".as_bytes()),
        Some(b'-') => t.starts_with(b"--- PASS"),
        Some(b'=') => t.starts_with(b"=== RUN"),
        Some(b'P') => t.starts_with(b"PASS "),
        Some(b'F') => t.starts_with(b"FAIL "),
        _ => false,
    }
}

/// A compiler diagnostic's own line by its start.
fn starts_diagnostic(t: &[u8]) -> bool {
    match t.first() {
        Some(b'e') => t.starts_with(b"error["),
        Some(b'w') => t.starts_with(b"warning["),
        Some(b'-') => t.starts_with(b"--> "),
        _ => false,
    }
}

/// A `git status` line by its start.
fn starts_status(t: &[u8]) -> bool {
    match t.first() {
        Some(b'm') => t.starts_with(b"modified:"),
        Some(b'n') => t.starts_with(b"new file:"),
        Some(b'd') => t.starts_with(b"deleted:"),
        Some(b'O') => t.starts_with(b"On branch "),
        Some(b'U') => t.starts_with(b"Untracked files:"),
        _ => false,
    }
}

/// A diff's or a git log's header line by its start.
fn starts_diff_header(line: &[u8]) -> bool {
    match line.first() {
        Some(b'd') => line.starts_with(b"diff --git"),
        Some(b'@') => line.starts_with(b"@@ "),
        Some(b'+') => line.starts_with(b"+++ "),
        Some(b'c') => line.starts_with(b"commit ") && line.len() >= 47,
        _ => false,
    }
}

/// A tree row drawn with box characters (`├`, `└`, `│`, all starting with byte 0xe2).
fn starts_box(t: &[u8]) -> bool {
    t.first() == Some(&0xe2)
        && (t.starts_with("├".as_bytes())
            || t.starts_with("└".as_bytes())
            || t.starts_with("│".as_bytes()))
}

/// Bits of [`FIRST_BYTE_STARTS`]: the line tests a first byte may pass.
const COMMENT: u8 = 1;
const BOX: u8 = 2;
const DIFF_HEADER: u8 = 4;
const TEST_RESULT: u8 = 8;
const DIAGNOSTIC: u8 = 16;
const LS_LONG: u8 = 32;
const STATUS: u8 = 64;

/// Per byte value, the line tests whose prefixes start with it (a superset: each test still
/// compares its own prefixes).
static FIRST_BYTE_STARTS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let byte = b as u8;
        let mut bits = 0u8;
        if matches!(byte, b'#' | b';') {
            bits |= COMMENT;
        }
        if byte == 0xe2 {
            bits |= BOX | TEST_RESULT;
        }
        if matches!(byte, b'd' | b'@' | b'+' | b'c') {
            bits |= DIFF_HEADER;
        }
        if matches!(byte, b't' | b'-' | b'=' | b'P' | b'F') {
            bits |= TEST_RESULT;
        }
        if matches!(byte, b'e' | b'w' | b'-') {
            bits |= DIAGNOSTIC;
        }
        if matches!(byte, b'-' | b'd' | b'l' | b'c' | b'b' | b'p' | b's') {
            bits |= LS_LONG;
        }
        if matches!(byte, b'm' | b'n' | b'd' | b'O' | b'U') {
            bits |= STATUS;
        }
        table[b] = bits;
        b += 1;
    }
    table
};

fn sniff(input: &[u8]) -> ContentKind {
    if looks_json(input) {
        return ContentKind::Json;
    }
    let sample = &input[..input.len().min(SAMPLE_BYTES)];
    if opens_as_diff(sample) {
        return ContentKind::Diff;
    }
    decide(&count_votes(sample))
}

/// Whether the output opens with a unified diff's file header: `--- a`, `+++ b` and `@@ -`
/// on consecutive lines among the first eight (after `diff --git`, `index` and mode lines). A
/// one-file diff with one long hunk has too few headers to win the vote by share, and a word
/// diff's changed lines carry no sign, yet such an output is a diff from its first line.
fn opens_as_diff(sample: &[u8]) -> bool {
    let head: Vec<&[u8]> = sample.split(|&b| b == b'\n').take(8).collect();
    head.windows(3).any(|w| {
        w[0].starts_with(b"--- ") && w[1].starts_with(b"+++ ") && w[2].starts_with(b"@@ -")
    })
}

/// How many of the sample's non-blank lines look like each kind's lines.
#[derive(Debug, Default, PartialEq, Eq)]
struct Votes {
    total: usize,
    grep: usize,
    diff: usize,
    test: usize,
    diag: usize,
    listing: usize,
    defs: usize,
    code_ends: usize,
    config: usize,
    json_lines: usize,
    status: usize,
    paths: usize,
    comments: usize,
    boxes: usize,
    blame: usize,
    /// A table rule among the first six lines.
    table_rule: bool,
}

/// Needles a line may hold anywhere: their occurrences are found once over the whole sample
/// (from one marking pass), and a line asks whether one lies inside its trimmed text.
const PASSED: &[u8] = b" PASSED";
const FAILED: &[u8] = b" FAILED";
const _: () = assert!(PASSED.len() == FAILED.len());
const COLON_ERROR: &[u8] = b": error";
const COLON_WARNING: &[u8] = b": warning";

fn count_votes(sample: &[u8]) -> Votes {
    let mut v = Votes::default();
    // The newlines, the capital P and F of a test result, the colons of a finding and the `=`
    // of an assignment, marked in one pass over the sample (searches for each read it four
    // times, and a search call per hit costs more than the hit's check).
    let marks = pair_marks64(
        sample,
        [[b'\n', b'\n'], [b'P', b'F'], [b':', b':'], [b'=', b'=']],
    );
    // Capital P and F are rare enough in output that checking each one beats two searches.
    let mut results = Occurrences::new(MarkedPositions::new(&marks, 1).filter_map(|at| {
        let word = &sample[at..];
        let result = word.starts_with(&PASSED[1..]) || word.starts_with(&FAILED[1..]);
        (at > 0 && sample[at - 1] == b' ' && result).then(|| at - 1)
    }));
    // Both findings start with `: `: one walk over the colons. A finding starting inside a
    // line's trimmed text ends inside it too (its bytes after the blank are not whitespace),
    // so its start decides.
    let mut findings = Occurrences::new(MarkedPositions::new(&marks, 2).filter(|&at| {
        let after = &sample[at + 1..];
        after.starts_with(&COLON_ERROR[1..]) || after.starts_with(&COLON_WARNING[1..])
    }));
    // ` = ` overlaps itself (`a = = b`): its occurrences are found from their `=`.
    let mut spaced_equals = Occurrences::new(MarkedPositions::new(&marks, 3).filter_map(|at| {
        let spaced = at > 0 && sample[at - 1] == b' ' && sample.get(at + 1) == Some(&b' ');
        spaced.then(|| at - 1)
    }));
    // The pieces `split` on `\n` would give (a final empty one included).
    let mut start = 0usize;
    let ends = MarkedPositions::new(&marks, 0).chain(std::iter::once(sample.len()));
    for end in ends {
        let line_at = start;
        let raw = &sample[start..end];
        start = end + 1;
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let t = trim(line);
        if t.is_empty() {
            continue;
        }
        // Where `t` lies in the sample: it starts after the line's indent, which its offset
        // in `line` measures without reading the blanks again.
        let indent = t.as_ptr() as usize - line.as_ptr() as usize;
        let t_at = line_at + indent;
        let t_end = t_at + t.len();
        v.total += 1;
        if v.total <= 6 && is_table_rule_line(t) {
            v.table_rule = true;
        }
        let (first, last) = (t[0], t[t.len() - 1]);
        // Which line starts the first bytes allow, in one lookup each: most lines are none
        // of them, so one bit test rules them all out.
        let t_starts = FIRST_BYTE_STARTS[usize::from(first)];
        if t_starts & COMMENT != 0 {
            v.comments += 1;
        }
        if t_starts & BOX != 0 && starts_box(t) {
            v.boxes += 1;
        }
        let skip = super::recognize::blame_prefix(line);
        let line = if skip > 0 {
            v.blame += 1;
            &line[skip..]
        } else {
            line
        };
        let line_starts = line
            .first()
            .map_or(0, |&b| FIRST_BYTE_STARTS[usize::from(b)]);
        if line_starts & DIFF_HEADER != 0 && starts_diff_header(line) {
            v.diff += 1;
        }
        if let Some((_, prefix)) = grep_prefix_len(line) {
            // `path:LINE:COL: CODE message` is a linter finding, not a search hit.
            if is_coded_finding(&line[prefix..]) {
                v.diag += 1;
            } else {
                v.grep += 1;
            }
        }
        let (space, slash, colon) = blank_slash_colon(t);
        // Only a relative or absolute path with a directory part (`find` output).
        if !space && slash && !colon {
            v.paths += 1;
        }
        // Both needles are seven bytes long.
        let result = needle_in(&mut results, PASSED, t_at, t_end);
        // The last byte rules out most lines before the seven-byte compare.
        if (last == b'k' && t.ends_with(b" ... ok"))
            || result
            || (t_starts & TEST_RESULT != 0 && starts_test_result(t))
        {
            v.test += 1;
        }
        let finding = findings.any_in(t_at, t_end);
        if finding || (t_starts & DIAGNOSTIC != 0 && starts_diagnostic(t)) {
            v.diag += 1;
        }
        let label = last == b':' && !space;
        // A directory header of `ls -R` names a path (`./src:`, `/usr/lib:`); a bare word with a
        // colon (`Trying:`, `Expecting:` of a doctest) is a field label, not a listing's.
        let directory = label && t.len() > 1 && (slash || first == b'.');
        if (line_starts & LS_LONG != 0 && is_ls_long_entry(line)) || directory {
            v.listing += 1;
        }
        if t_starts & STATUS != 0 && starts_status(t) {
            v.status += 1;
        }
        if is_definition(line) {
            v.defs += 1;
        }
        // A line past a blame prefix has its own indent.
        let code_indent = if skip > 0 { indent_width(line) } else { indent };
        if matches!(last, b'{' | b'}' | b';' | b')' | b',') || code_indent >= 4 {
            v.code_ends += 1;
        }
        let head_end = t_at + t.len().min(40);
        let assignment = needle_in(&mut spaced_equals, b" = ", t_at, head_end);
        if (first == b'[' && last == b']' && t.len() <= 48)
            || assignment
            || label
            || (first.is_ascii_alphabetic() && is_bare_assignment(t))
        {
            v.config += 1;
        }
        if first == b'{' && last == b'}' {
            v.json_lines += 1;
        }
    }
    v
}

/// The kind the votes elect: the first rule that holds, in order of how telling its lines are.
fn decide(v: &Votes) -> ContentKind {
    let total = v.total;
    if total == 0 {
        return ContentKind::Text;
    }
    let share = |n: usize| n * 100 / total;
    if v.table_rule && total >= 4 && v.diff == 0 {
        return ContentKind::Table;
    }
    if share(v.boxes) >= 40 {
        return ContentKind::Tree;
    }
    if share(v.blame) >= 60 {
        return ContentKind::Source;
    }
    if v.diff >= 2 && (share(v.diff) >= 1 || v.diff >= 5) {
        return ContentKind::Diff;
    }
    if share(v.diag) >= 30 {
        return ContentKind::Diagnostics;
    }
    if share(v.grep) >= 60 {
        return ContentKind::Grep;
    }
    if v.status >= 2 {
        return ContentKind::Tree;
    }
    if v.test >= 3 && share(v.test) >= 5 {
        return ContentKind::Test;
    }
    if share(v.diag) >= 10 {
        return ContentKind::Diagnostics;
    }
    if share(v.listing) >= 40 || share(v.paths) >= 70 {
        return ContentKind::Tree;
    }
    if share(v.json_lines) >= 80 {
        return ContentKind::Json;
    }
    if v.defs * 100 >= total && share(v.code_ends) >= 30 {
        return ContentKind::Source;
    }
    // Comments do not count against a config file: shipped configs are mostly comments.
    if total > v.comments && v.config * 100 / (total - v.comments) >= 50 {
        return ContentKind::Config;
    }
    // A head of nothing but comments is a shipped config's preamble: its settings come later.
    if total >= 20 && share(v.comments) >= 90 && v.diag == 0 && v.test == 0 {
        return ContentKind::Config;
    }
    if share(v.diag) >= 1 || share(v.test) >= 1 {
        return ContentKind::Log;
    }
    ContentKind::Log
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The prefix test as first written: one search per candidate separator.
    fn grep_prefix_len_reference(line: &[u8]) -> Option<(usize, usize)> {
        let head = &line[..line.len().min(512)];
        let first_blank = head
            .iter()
            .position(|&b| b == b' ' || b == b'\t')
            .unwrap_or(head.len());
        for i in 0..first_blank {
            let separator = head[i];
            if separator != b':' && separator != b'-' {
                continue;
            }
            let digits = head[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if i > 0 && digits > 0 && head.get(i + 1 + digits) == Some(&separator) {
                let path = &head[..i];
                if path.contains(&b'.') || path.contains(&b'/') {
                    return Some((i, i + 1));
                }
            }
        }
        None
    }

    fn naive_contains(hay: &[u8], needle: &[u8]) -> bool {
        hay.windows(needle.len()).any(|w| w == needle)
    }

    /// Lines from bytes that matter to the per-line tests, long enough to cross several
    /// 16-byte chunks and the 512-byte head.
    fn line_strategy() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
        let alphabet: &[u8] = b" \t:-./=1234PASEDFILwrno ";
        proptest::collection::vec(proptest::sample::select(alphabet.to_vec()), 0..80).prop_flat_map(
            |body| {
                (0usize..3).prop_map(move |stretch| {
                    // Some lines get a long blank-free path before them.
                    let mut line = vec![b'a'; [0, 20, 520][stretch]];
                    line.extend_from_slice(&body);
                    line
                })
            },
        )
    }

    use proptest::strategy::Strategy;

    /// The vote as first written: every test searches its own line.
    fn count_votes_reference(sample: &[u8]) -> Votes {
        let mut v = Votes::default();
        for raw in sample.split(|&b| b == b'\n') {
            let line = raw.strip_suffix(b"\r").unwrap_or(raw);
            let t = trim(line);
            if t.is_empty() {
                continue;
            }
            v.total += 1;
            if v.total <= 6 && is_table_rule_line(t) {
                v.table_rule = true;
            }
            if matches!(t[0], b'#' | b';') {
                v.comments += 1;
            }
            let boxes = ["├", "└", "│"];
            if boxes.iter().any(|b| t.starts_with(b.as_bytes())) {
                v.boxes += 1;
            }
            let skip = super::super::recognize::blame_prefix(line);
            let line = if skip > 0 {
                v.blame += 1;
                &line[skip..]
            } else {
                line
            };
            let starts = |l: &[u8], prefixes: &[&[u8]]| prefixes.iter().any(|p| l.starts_with(p));
            if starts(line, &[b"diff --git", b"@@ ", b"+++ "])
                || (line.starts_with(b"commit ") && line.len() >= 47)
            {
                v.diff += 1;
            }
            if let Some((_, prefix)) = grep_prefix_len_reference(line) {
                if is_coded_finding(&line[prefix..]) {
                    v.diag += 1;
                } else {
                    v.grep += 1;
                }
            }
            let has = |n: &[u8]| naive_contains(t, n);
            if !t.contains(&b' ') && t.contains(&b'/') && !t.contains(&b':') {
                v.paths += 1;
            }
            let test_starts: &[&[u8]] = &[
                b"test result:",
                "\u{2713}".as_bytes(),
                b"--- PASS",
                b"=== RUN",
                b"PASS ",
                b"FAIL ",
            ];
            if t.ends_with(b" ... ok")
                || has(b" PASSED")
                || has(b" FAILED")
                || starts(t, test_starts)
            {
                v.test += 1;
            }
            if has(b": error") || has(b": warning") || starts(t, &[b"error[", b"warning[", b"--> "])
            {
                v.diag += 1;
            }
            let directory = t.ends_with(b":")
                && !t.contains(&b' ')
                && t.len() > 1
                && (t.contains(&b'/') || t.starts_with(b"."));
            if is_ls_long_entry(line) || directory {
                v.listing += 1;
            }
            let status_starts: &[&[u8]] = &[
                b"modified:",
                b"new file:",
                b"deleted:",
                b"On branch ",
                b"Untracked files:",
            ];
            if starts(t, status_starts) {
                v.status += 1;
            }
            if is_definition(line) {
                v.defs += 1;
            }
            if matches!(t.last(), Some(b'{' | b'}' | b';' | b')' | b',')) || indent_width(line) >= 4
            {
                v.code_ends += 1;
            }
            if (t.starts_with(b"[") && t.ends_with(b"]") && t.len() <= 48)
                || naive_contains(&t[..t.len().min(40)], b" = ")
                || (t.ends_with(b":") && !t.contains(&b' '))
                || (t[0].is_ascii_alphabetic() && is_bare_assignment(t))
            {
                v.config += 1;
            }
            if t.starts_with(b"{") && t.ends_with(b"}") {
                v.json_lines += 1;
            }
        }
        v
    }

    /// Lines built from pieces every vote looks for, so that most lines count for something.
    fn vote_line_strategy() -> impl Strategy<Value = Vec<u8>> {
        let pieces: Vec<&'static [u8]> = vec![
            b" ",
            b"  ",
            b"\t",
            b"\r",
            b"a",
            b"src/a.rs",
            b":12:",
            b"-3-",
            b" PASSED",
            b" FAILED",
            b"PASSED",
            b": error",
            b": warning",
            b":",
            b" = ",
            b"=",
            b"[x]",
            b"{",
            b"}",
            b"/",
            b"test result:",
            b"diff --git",
            b"@@ ",
            b"modified:",
            b"fn x",
            b"    ",
            b"...",
            b" ... ok",
            b"error[E1]",
            b"5e405b88 (A 2026-01-01 1) ",
            b"-rw-r--r-- 1",
        ];
        proptest::collection::vec(proptest::sample::select(pieces), 0..8)
            .prop_map(|parts| parts.concat())
    }

    /// The finding test as first written: iterator adapters and every alternative tried.
    fn is_coded_finding_reference(rest: &[u8]) -> bool {
        let mut i = 0usize;
        for _ in 0..2 {
            let digits = rest[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 || rest.get(i + digits) != Some(&b':') {
                return false;
            }
            i += digits + 1;
        }
        let spaced = rest[i..].starts_with(b" ");
        let tail = rest[i..].strip_prefix(b" ").unwrap_or(&rest[i..]);
        let letters = tail.iter().take_while(|b| b.is_ascii_uppercase()).count();
        let word = tail
            .split(|&b| b == b' ' || b == b'\t')
            .next()
            .unwrap_or(b"");
        let kind = word.len() >= 4
            && word.ends_with(b":")
            && word.len() <= 13
            && word[..word.len() - 1].iter().all(u8::is_ascii_lowercase);
        (letters > 0 && tail.get(letters).is_some_and(u8::is_ascii_digit))
            || tail.starts_with(b"error")
            || tail.starts_with(b"warning")
            || (spaced && kind)
    }

    proptest::proptest! {
        #[test]
        fn coded_findings_match_the_reference(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    &b"1"[..], b"42", b":", b" ", b"  ", b"F", b"E501", b"ABC", b"7", b"error",
                    b"erro", b"warning", b"warn", b"x", b"e", b"w", b"note:", b"optimized:",
                    b"no:", b"verylongkindword:", b"\t", b"ab",
                ]),
                0..10,
            )
        ) {
            let rest = parts.concat();
            proptest::prop_assert_eq!(is_coded_finding(&rest), is_coded_finding_reference(&rest));
        }
    }

    proptest::proptest! {
        #[test]
        fn grep_prefixes_match_the_reference(line in line_strategy()) {
            proptest::prop_assert_eq!(grep_prefix_len(&line), grep_prefix_len_reference(&line));
        }

        #[test]
        fn votes_match_the_per_line_count(lines in proptest::collection::vec(vote_line_strategy(), 0..30)) {
            let sample = lines.join(&b"\n"[..]);
            proptest::prop_assert_eq!(count_votes(&sample), count_votes_reference(&sample));
        }
    }

    #[test]
    fn grep_prefixes_at_chunk_edges() {
        // Separators, blanks and path marks on both sides of each 16-byte chunk boundary.
        for cut in 1..40 {
            for mark in [b'.', b'/', b'x'] {
                let mut line = vec![b'a'; cut];
                line[0] = mark;
                line.extend_from_slice(b":12:rest of it");
                assert_eq!(
                    grep_prefix_len(&line),
                    grep_prefix_len_reference(&line),
                    "{}",
                    String::from_utf8_lossy(&line)
                );
                let mut blanked = line.clone();
                blanked[cut / 2] = b' ';
                assert_eq!(
                    grep_prefix_len(&blanked),
                    grep_prefix_len_reference(&blanked)
                );
            }
        }
        assert_eq!(grep_prefix_len(b"src/lib.rs:12:fn main"), Some((10, 11)));
        assert_eq!(grep_prefix_len(b"src/lib.rs-12-fn main"), Some((10, 11)));
        assert_eq!(grep_prefix_len(b"error: src/lib.rs:12:"), None);
        assert_eq!(grep_prefix_len(b"Cargo:12:x"), None);
    }

    /// Lines that open a test runner's result, one per runner shape.
    const TEST_RESULT_STARTS: [&[u8]; 6] = [
        b"test result: ok",
        "\u{2713} works".as_bytes(),
        b"--- PASS: TestX",
        b"=== RUN TestX",
        b"PASS src/a.test.js",
        b"FAIL src/b.test.js",
    ];

    #[test]
    fn first_byte_table_allows_every_start() {
        // Every line a start test accepts has that test's bit for its first byte.
        let commit = format!("commit {}", "0123456789abcdef".repeat(3));
        let mut lines: Vec<&[u8]> = TEST_RESULT_STARTS.to_vec();
        lines.extend_from_slice(&[
            b"error[E0425]: x",
            b"warning[unused]: y",
            b"--> src/a.rs:1:2",
            b"modified: a",
            b"new file: b",
            b"deleted: c",
            b"On branch main",
            b"Untracked files:",
            b"diff --git a/x b/x",
            b"@@ -1 +1 @@",
            b"+++ b/x",
            commit.as_bytes(),
            "\u{251c}\u{2500}\u{2500} a".as_bytes(),
            "\u{2514}\u{2500}\u{2500} b".as_bytes(),
            "\u{2502}   c".as_bytes(),
            b"# comment",
            b"; comment",
        ]);
        let ls: Vec<String> = "-dlcbps"
            .chars()
            .map(|kind| format!("{kind}rwxr-xr-x 1 root root 0 x"))
            .collect();
        /// A start test with its bit in the table.
        type StartTest = (u8, fn(&[u8]) -> bool);
        let tests: [StartTest; 7] = [
            (COMMENT, |t| matches!(t[0], b'#' | b';')),
            (BOX, starts_box),
            (DIFF_HEADER, starts_diff_header),
            (TEST_RESULT, starts_test_result),
            (DIAGNOSTIC, starts_diagnostic),
            (LS_LONG, is_ls_long_entry),
            (STATUS, starts_status),
        ];
        let all = lines.iter().copied().chain(ls.iter().map(|l| l.as_bytes()));
        let mut passed = 0;
        for line in all {
            for (bit, test) in tests {
                if test(line) {
                    passed += 1;
                    assert!(
                        FIRST_BYTE_STARTS[usize::from(line[0])] & bit != 0,
                        "{}",
                        String::from_utf8_lossy(line)
                    );
                }
            }
        }
        assert!(passed >= lines.len() + ls.len());
    }

    #[test]
    fn line_starts_pick_the_prefix_by_first_byte() {
        assert!(TEST_RESULT_STARTS.iter().all(|t| starts_test_result(t)));
        let diagnostics: &[&[u8]] = &[
            b"error[E0425]: x",
            b"warning[unused]: y",
            b"--> src/a.rs:1:2",
        ];
        assert!(diagnostics.iter().all(|t| starts_diagnostic(t)));
        let status: &[&[u8]] = &[
            b"modified: a",
            b"new file: b",
            b"deleted: c",
            b"On branch main",
            b"Untracked files:",
        ];
        assert!(status.iter().all(|t| starts_status(t)));
        let commit = format!("commit {}", "0123456789abcdef".repeat(3));
        let diffs: [&[u8]; 4] = [
            b"diff --git a/x b/x",
            b"@@ -1 +1 @@",
            b"+++ b/x",
            commit.as_bytes(),
        ];
        assert!(diffs.iter().all(|l| starts_diff_header(l)));
        assert!(!starts_diff_header(b"commit short"));
        for other in [
            &b"test"[..],
            b"--- FAIL",
            b"error: x",
            b"PASSED",
            b"modified",
            b"",
        ] {
            assert!(!starts_test_result(other));
            assert!(!starts_diagnostic(other));
            assert!(!starts_status(other));
        }
        assert!(starts_box("├── a".as_bytes()) && starts_box("│   └── b".as_bytes()));
        assert!(!starts_box("✓ ok".as_bytes()));
    }
}
