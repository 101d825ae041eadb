//! Content detection: which kind of tool output a byte buffer is, from the caller's hints (tool,
//! command line, file path) first and then from a sample of the content itself.

use super::lines::{byte_positions, contains, has_byte, indent_width, trim};
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
    let suspicious = head
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t' | 0x1b | 0x0c | 0x08))
        .count();
    let invalid_utf8 = match std::str::from_utf8(head) {
        Ok(_) => 0,
        // A multibyte character cut at the sample edge is not evidence of binary data.
        Err(e) if e.error_len().is_none() => 0,
        Err(_) => head.iter().filter(|&&b| b >= 0x80).count(),
    };
    !head.is_empty() && (suspicious * 10 > head.len() || invalid_utf8 * 4 > head.len())
}

fn extension_kind(path: &str) -> Option<ContentKind> {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    Some(match ext.as_str() {
        "json" | "ndjson" | "jsonl" | "geojson" => ContentKind::Json,
        "rs" | "py" | "js" | "mjs" | "cjs" | "ts" | "tsx" | "jsx" | "go" | "c" | "h" | "cc"
        | "cpp" | "hpp" | "java" | "kt" | "swift" | "rb" | "php" | "cs" | "scala" | "lua"
        | "sh" | "bash" | "zig" | "ex" | "exs" | "hs" | "ml" | "sql" | "css" | "scss" | "html"
        | "vue" | "svelte" => ContentKind::Source,
        "yaml" | "yml" | "toml" | "ini" | "cfg" | "conf" | "properties" | "env" => {
            ContentKind::Config
        }
        "diff" | "patch" => ContentKind::Diff,
        "csv" | "tsv" => ContentKind::Table,
        // `.txt`, `.log`, `.out`, `.md`: containers of anything (saved test runs, captured
        // logs); the content decides.
        _ => return None,
    })
}

fn from_hints(opts: &CompactOptions) -> Option<ContentKind> {
    if let Some(tool) = opts.tool.as_deref() {
        match tool.to_ascii_lowercase().as_str() {
            "grep" | "rg" | "ripgrep" | "search" => return Some(ContentKind::Grep),
            "ls" | "find" | "glob" | "tree" => return Some(ContentKind::Tree),
            "read" | "view" | "cat" => {
                if let Some(kind) = opts.path.as_deref().and_then(extension_kind) {
                    return Some(kind);
                }
            }
            _ => {}
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

/// True for `path:NUM:` or `path-NUM-` (grep context) prefixes where path looks like a file.
pub(crate) fn grep_prefix_len(line: &[u8]) -> Option<(usize, usize)> {
    // Returns (path_len, prefix_len) where prefix_len covers `path:`.
    let head = &line[..line.len().min(512)];
    // A path has no blanks: no prefix ends past the first one (found once, not per candidate:
    // paths such as `node_modules/a-b-c/` hold many separators).
    let first_blank = memchr::memchr2(b' ', b'\t', head).unwrap_or(head.len());
    let mut from = 0usize;
    while let Some(rel) = memchr::memchr2(b':', b'-', &head[from..]) {
        let i = from + rel;
        if first_blank < i {
            return None;
        }
        let separator = head[i];
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
        from = i + 1;
    }
    None
}

/// `LINE:COL: CODE` or `LINE:COL: error|warning` after a grep-style `path:` prefix.
pub(crate) fn is_coded_finding(rest: &[u8]) -> bool {
    let mut i = 0usize;
    for _ in 0..2 {
        let digits = rest[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || rest.get(i + digits) != Some(&b':') {
            return false;
        }
        i += digits + 1;
    }
    let tail = rest[i..].strip_prefix(b" ").unwrap_or(&rest[i..]);
    let letters = tail.iter().take_while(|b| b.is_ascii_uppercase()).count();
    (letters > 0 && tail.get(letters).is_some_and(u8::is_ascii_digit))
        || tail.starts_with(b"error")
        || tail.starts_with(b"warning")
}

/// A line that is only a relative or absolute path with a directory part (`find` output).
fn bare_path(t: &[u8]) -> bool {
    !t.is_empty() && !has_byte(t, b' ') && has_byte(t, b'/') && !has_byte(t, b':')
}

pub(crate) fn is_ls_long_entry(line: &[u8]) -> bool {
    line.len() > 11
        && matches!(line[0], b'-' | b'd' | b'l' | b'c' | b'b' | b'p' | b's')
        && line[1..10]
            .iter()
            .all(|b| matches!(b, b'r' | b'w' | b'x' | b'-' | b's' | b'S' | b't' | b'T'))
}

/// A table's separator row right under its header (`----  ----`, `+++-====`, `---+---`).
fn is_table_rule_line(t: &[u8]) -> bool {
    t.len() >= 8
        && t.iter().filter(|&&b| b == b'-' || b == b'=').count() * 4 >= t.len() * 3
        && t.iter()
            .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|' | b' ' | b'\t'))
        && t.iter().any(|&b| b == b' ' || b == b'+' || b == b'|')
}

/// Whether `t` holds `first` followed by one of `rests`: one memchr pass for several needles
/// that start with the same (uncommon) byte.
fn contains_after(t: &[u8], first: u8, rests: &[&[u8]]) -> bool {
    byte_positions(first, t).any(|at| rests.iter().any(|rest| t[at + 1..].starts_with(rest)))
}

fn sniff(input: &[u8]) -> ContentKind {
    if looks_json(input) {
        return ContentKind::Json;
    }
    let sample = &input[..input.len().min(SAMPLE_BYTES)];
    let mut total = 0usize;
    let (mut grep, mut diff, mut test, mut diag, mut listing, mut defs) = (0, 0, 0, 0, 0, 0);
    let (mut code_ends, mut config, mut json_lines, mut status) = (0, 0, 0, 0);
    let (mut paths, mut comments, mut boxes, mut blame) = (0usize, 0usize, 0usize, 0usize);
    let mut table_rule = false;
    // The pieces `split` on `\n` would give (a final empty one included), found with memchr.
    let mut start = 0usize;
    let ends = memchr::memchr_iter(b'\n', sample).chain(std::iter::once(sample.len()));
    for end in ends {
        let raw = &sample[start..end];
        start = end + 1;
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let t = trim(line);
        if t.is_empty() {
            continue;
        }
        total += 1;
        if total <= 6 && is_table_rule_line(t) {
            table_rule = true;
        }
        if matches!(t[0], b'#' | b';') {
            comments += 1;
        }
        if t.starts_with("├".as_bytes())
            || t.starts_with("└".as_bytes())
            || t.starts_with("│".as_bytes())
        {
            boxes += 1;
        }
        let skip = super::recognize::blame_prefix(line);
        let line = if skip > 0 {
            blame += 1;
            &line[skip..]
        } else {
            line
        };
        if line.starts_with(b"diff --git")
            || line.starts_with(b"@@ ")
            || line.starts_with(b"+++ ")
            || (line.starts_with(b"commit ") && line.len() >= 47)
        {
            diff += 1;
        }
        if let Some((_, prefix)) = grep_prefix_len(line) {
            // `path:LINE:COL: CODE message` is a linter finding, not a search hit.
            if is_coded_finding(&line[prefix..]) {
                diag += 1;
            } else {
                grep += 1;
            }
        }
        if bare_path(t) {
            paths += 1;
        }
        if t.ends_with(b" ... ok")
            || t.starts_with(b"test result:")
            || contains(t, b" PASSED")
            || contains(t, b" FAILED")
            || t.starts_with("\u{2713}".as_bytes())
            || t.starts_with(b"--- PASS")
            || t.starts_with(b"=== RUN")
            || t.starts_with(b"PASS ")
            || t.starts_with(b"FAIL ")
        {
            test += 1;
        }
        if contains_after(t, b':', &[b" error", b" warning"])
            || t.starts_with(b"error[")
            || t.starts_with(b"warning[")
            || t.starts_with(b"--> ")
        {
            diag += 1;
        }
        if is_ls_long_entry(line) || (t.ends_with(b":") && !has_byte(t, b' ') && t.len() > 1) {
            listing += 1;
        }
        if t.starts_with(b"modified:")
            || t.starts_with(b"new file:")
            || t.starts_with(b"deleted:")
            || t.starts_with(b"On branch ")
            || t.starts_with(b"Untracked files:")
        {
            status += 1;
        }
        if is_definition(line) {
            defs += 1;
        }
        if matches!(t.last(), Some(b'{' | b'}' | b';' | b')' | b',')) || indent_width(line) >= 4 {
            code_ends += 1;
        }
        if (t.starts_with(b"[") && t.ends_with(b"]") && t.len() <= 48)
            || contains(&t[..t.len().min(40)], b" = ")
            || (t.ends_with(b":") && !has_byte(t, b' '))
        {
            config += 1;
        }
        if t.starts_with(b"{") && t.ends_with(b"}") {
            json_lines += 1;
        }
    }
    if total == 0 {
        return ContentKind::Text;
    }
    let share = |n: usize| n * 100 / total;
    if table_rule && total >= 4 && diff == 0 {
        return ContentKind::Table;
    }
    if share(boxes) >= 40 {
        return ContentKind::Tree;
    }
    if share(blame) >= 60 {
        return ContentKind::Source;
    }
    if diff >= 2 && (share(diff) >= 1 || diff >= 5) {
        return ContentKind::Diff;
    }
    if share(diag) >= 30 {
        return ContentKind::Diagnostics;
    }
    if share(grep) >= 60 {
        return ContentKind::Grep;
    }
    if status >= 2 {
        return ContentKind::Tree;
    }
    if test >= 3 && share(test) >= 5 {
        return ContentKind::Test;
    }
    if share(diag) >= 10 {
        return ContentKind::Diagnostics;
    }
    if share(listing) >= 40 || share(paths) >= 70 {
        return ContentKind::Tree;
    }
    if share(json_lines) >= 80 {
        return ContentKind::Json;
    }
    if defs * 100 >= total && share(code_ends) >= 30 {
        return ContentKind::Source;
    }
    // Comments do not count against a config file: shipped configs are mostly comments.
    if total > comments && config * 100 / (total - comments) >= 50 {
        return ContentKind::Config;
    }
    if share(diag) >= 1 || share(test) >= 1 {
        return ContentKind::Log;
    }
    ContentKind::Log
}
