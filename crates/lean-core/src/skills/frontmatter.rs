//! A tolerant parser for the YAML subset found in SKILL.md frontmatter.
//!
//! Only the keys the core needs are interpreted (`name`, `description`,
//! `disable-model-invocation`, `requires` / `dependencies`); every other key, including nested
//! maps such as `metadata:`, is skipped without being parsed, so exotic YAML there can never make
//! a skill unloadable. Supported for the keys we read: plain scalars (with multi-line
//! continuation), single- and double-quoted scalars with escapes, literal `|` and folded `>`
//! block scalars with chomping indicators, flow lists `[a, b]`, block lists `- a`, and comments.
//! A BOM and CRLF line endings are accepted.

use crate::error::ErrorCode;

use super::error::SkillError;

/// The interpreted frontmatter of a skill file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Frontmatter {
    pub name: Option<String>,
    pub description: Option<String>,
    /// True only for a plain (unquoted) YAML boolean `true`, matching Pi's `=== true` check.
    pub disable_model_invocation: bool,
    /// Skill names from `requires:` and `dependencies:` (in that order, deduplicated).
    pub requires: Vec<String>,
    /// Byte offset in the input where the Markdown body starts (after the closing fence line).
    pub body_start: usize,
}

/// One physical line of the frontmatter block: 1-based line number in the file and its text
/// without the line terminator.
#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    number: usize,
    text: &'a str,
}

impl Line<'_> {
    fn indent(&self) -> usize {
        self.text.len() - self.text.trim_start_matches([' ', '\t']).len()
    }

    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    fn is_comment(&self) -> bool {
        self.text.trim_start().starts_with('#')
    }
}

/// A top-level `key: rest` entry plus all the lines that belong to it (indented lines, blank
/// lines and same-column `- item` lines).
struct Entry<'a> {
    key: String,
    line: usize,
    rest: &'a str,
    children: Vec<Line<'a>>,
}

/// A parsed value of a key we care about.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Null,
    /// `plain` is false for quoted and block scalars, which are never booleans.
    Str {
        text: String,
        plain: bool,
    },
    List(Vec<String>),
    Map,
}

const NEEDED_KEYS: [&str; 5] = [
    "name",
    "description",
    "disable-model-invocation",
    "requires",
    "dependencies",
];

fn invalid(line: usize, message: impl AsRef<str>) -> SkillError {
    SkillError::new(
        ErrorCode::SkillInvalidFrontmatter,
        format!("frontmatter line {line}: {}", message.as_ref()),
    )
}

/// Splits `text` into lines, yielding (start byte, text without `\n`/`\r\n`, start of next line).
fn split_lines(text: &str) -> impl Iterator<Item = (usize, &str, usize)> {
    let mut position = 0;
    std::iter::from_fn(move || {
        if position >= text.len() {
            return None;
        }
        let start = position;
        let (content_end, next) = match memchr::memchr(b'\n', &text.as_bytes()[start..]) {
            Some(relative) => (start + relative, start + relative + 1),
            None => (text.len(), text.len()),
        };
        position = next;
        let content = text[start..content_end]
            .strip_suffix('\r')
            .unwrap_or(&text[start..content_end]);
        Some((start, content, next))
    })
}

fn is_fence(line: &str) -> bool {
    line.trim_end() == "---"
}

/// Parses the frontmatter of a skill file. Text without an opening `---` fence has no
/// frontmatter: every field is empty and the body starts at byte 0.
pub fn parse_frontmatter(text: &str) -> Result<Frontmatter, SkillError> {
    let bom_len = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut lines = split_lines(&text[bom_len..]).enumerate();
    match lines.next() {
        Some((_, (_, first, _))) if is_fence(first) => {}
        _ => return Ok(Frontmatter::default()),
    }
    let mut block = Vec::new();
    let mut body_start = None;
    for (index, (_, content, next)) in lines {
        // `...` is YAML's document-end marker and some generators close frontmatter with it.
        if is_fence(content) || content.trim_end() == "..." {
            body_start = Some(bom_len + next);
            break;
        }
        block.push(Line {
            number: index + 1,
            text: content,
        });
    }
    let body_start = body_start
        .ok_or_else(|| invalid(1, "the opening `---` fence is never closed by a `---` line"))?;

    let entries = split_entries(&block)?;
    let mut frontmatter = Frontmatter {
        body_start,
        ..Frontmatter::default()
    };
    let mut requires_lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for entry in &entries {
        if !NEEDED_KEYS.contains(&entry.key.as_str()) {
            continue;
        }
        let value = parse_value(entry)?;
        match entry.key.as_str() {
            "name" => frontmatter.name = scalar_field(value, entry)?,
            "description" => frontmatter.description = scalar_field(value, entry)?,
            "disable-model-invocation" => {
                frontmatter.disable_model_invocation = matches!(
                    &value,
                    Value::Str { text, plain: true } if matches!(text.as_str(), "true" | "True" | "TRUE")
                );
            }
            key => {
                let slot = usize::from(key == "dependencies");
                requires_lists[slot] = name_list(value);
            }
        }
    }
    // A set, not a scan of the list so far: a hostile list of 40,000 names would be quadratic.
    let mut seen = std::collections::HashSet::new();
    for name in requires_lists.into_iter().flatten() {
        if seen.insert(name.clone()) {
            frontmatter.requires.push(name);
        }
    }
    Ok(frontmatter)
}

fn scalar_field(value: Value, entry: &Entry<'_>) -> Result<Option<String>, SkillError> {
    match value {
        Value::Null => Ok(None),
        Value::Str { text, .. } => Ok(Some(text)),
        Value::List(_) | Value::Map => Err(invalid(
            entry.line,
            format!("`{}` must be a string, not a list or map", entry.key),
        )),
    }
}

/// `requires: [a, b]`, a block list, or a single scalar that may be a comma-separated list.
fn name_list(value: Value) -> Vec<String> {
    let items = match value {
        Value::Null | Value::Map => Vec::new(),
        Value::List(items) => items,
        Value::Str { text, .. } => text.split(',').map(str::to_string).collect(),
    };
    items
        .into_iter()
        .map(|item| item.trim().to_string())
        .filter(|item| !item.is_empty())
        .collect()
}

/// Groups lines into top-level entries. Only column-0 `key:` lines start an entry.
fn split_entries<'a>(block: &[Line<'a>]) -> Result<Vec<Entry<'a>>, SkillError> {
    let mut entries: Vec<Entry<'a>> = Vec::new();
    for line in block {
        let column_zero = line.indent() == 0 && !line.is_blank();
        if !column_zero {
            match entries.last_mut() {
                Some(entry) => entry.children.push(*line),
                None if line.is_blank() || line.is_comment() => {}
                None => return Err(invalid(line.number, "indented line before any key")),
            }
            continue;
        }
        if line.is_comment() {
            continue;
        }
        if line.text == "-" || line.text.starts_with("- ") {
            match entries.last_mut() {
                Some(entry) => entry.children.push(*line),
                None => return Err(invalid(line.number, "list item before any key")),
            }
            continue;
        }
        match split_key(line.text) {
            Some((key, rest)) => entries.push(Entry {
                key,
                line: line.number,
                rest,
                children: Vec::new(),
            }),
            None => match entries.last_mut() {
                // Junk under a key we never read cannot hurt us: keep it with that key.
                Some(entry) if !NEEDED_KEYS.contains(&entry.key.as_str()) => {
                    entry.children.push(*line)
                }
                _ => {
                    return Err(invalid(
                        line.number,
                        format!("expected `key: value`, found `{}`", truncate(line.text, 40)),
                    ))
                }
            },
        }
    }
    Ok(entries)
}

fn truncate(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Splits `key: rest` (the key may be quoted). Returns None when the line is not a mapping entry.
fn split_key(text: &str) -> Option<(String, &str)> {
    let (key, after_key) = if text.starts_with(['"', '\'']) {
        let quote = text.chars().next()?;
        let close = text[1..].find(quote)? + 1;
        (text[1..close].to_string(), &text[close + 1..])
    } else {
        let bytes = text.as_bytes();
        let colon = (0..bytes.len()).find(|&i| {
            bytes[i] == b':' && (i + 1 == bytes.len() || matches!(bytes[i + 1], b' ' | b'\t'))
        })?;
        (text[..colon].trim_end().to_string(), &text[colon..])
    };
    let rest = after_key
        .trim_start_matches([' ', '\t'])
        .strip_prefix(':')?;
    if key.is_empty() {
        return None;
    }
    Some((key, rest.trim()))
}

/// Removes a trailing ` # comment` from an unquoted fragment.
fn strip_comment(text: &str) -> &str {
    if text.starts_with('#') {
        return "";
    }
    let bytes = text.as_bytes();
    for i in 1..bytes.len() {
        if bytes[i] == b'#' && matches!(bytes[i - 1], b' ' | b'\t') {
            return text[..i].trim_end();
        }
    }
    text.trim_end()
}

fn parse_value(entry: &Entry<'_>) -> Result<Value, SkillError> {
    let rest = entry.rest;
    match rest.chars().next() {
        Some('|') | Some('>') => parse_block_scalar(entry),
        Some('"') | Some('\'') => {
            let (text, _) = parse_quoted(entry)?;
            Ok(Value::Str { text, plain: false })
        }
        Some('[') => parse_flow_list(entry),
        Some('{') => Ok(Value::Map),
        _ => {
            let first = strip_comment(rest);
            if first.is_empty() {
                parse_nested(entry)
            } else {
                let text = plain_multiline(first, &entry.children, entry)?;
                Ok(plain_value(text))
            }
        }
    }
}

fn plain_value(text: String) -> Value {
    if matches!(text.as_str(), "" | "~" | "null" | "Null" | "NULL") {
        Value::Null
    } else {
        Value::Str { text, plain: true }
    }
}

/// Folds the continuation lines of a plain scalar: line breaks become spaces, blank lines
/// become newlines, and a comment line ends the scalar.
fn plain_multiline(
    first: &str,
    children: &[Line<'_>],
    entry: &Entry<'_>,
) -> Result<String, SkillError> {
    let mut out = first.to_string();
    let mut pending_blank = 0usize;
    let mut ended_at = None;
    for line in children {
        if let Some(comment_line) = ended_at {
            if !line.is_blank() && !line.is_comment() {
                return Err(invalid(
                    line.number,
                    format!(
                        "text after the comment on line {comment_line} inside `{}`",
                        entry.key
                    ),
                ));
            }
            continue;
        }
        if line.is_blank() {
            pending_blank += 1;
            continue;
        }
        if line.is_comment() {
            ended_at = Some(line.number);
            continue;
        }
        if line.indent() == 0 {
            return Err(invalid(
                line.number,
                format!("bad indentation in the value of `{}`", entry.key),
            ));
        }
        let piece = strip_comment(line.text.trim());
        if out.is_empty() {
            // Value started on the next line: no separator before it.
        } else if pending_blank == 0 {
            out.push(' ');
        } else {
            out.extend(std::iter::repeat_n('\n', pending_blank));
        }
        pending_blank = 0;
        out.push_str(piece);
    }
    Ok(out)
}

/// A key with nothing after the colon: a block list, a nested map, a scalar on the next lines,
/// or null.
fn parse_nested(entry: &Entry<'_>) -> Result<Value, SkillError> {
    let content: Vec<&Line<'_>> = entry
        .children
        .iter()
        .filter(|line| !line.is_blank() && !line.is_comment())
        .collect();
    let Some(first) = content.first() else {
        return Ok(Value::Null);
    };
    let first_text = first.text.trim_start();
    if first_text == "-" || first_text.starts_with("- ") {
        return parse_block_list(entry, &content);
    }
    if split_key(first_text).is_some() {
        return Ok(Value::Map);
    }
    let text = plain_multiline("", &entry.children, entry)?;
    Ok(plain_value(text))
}

fn parse_block_list(entry: &Entry<'_>, content: &[&Line<'_>]) -> Result<Value, SkillError> {
    let dash_indent = content[0].indent();
    let mut items: Vec<String> = Vec::new();
    for line in content {
        let indent = line.indent();
        let trimmed = line.text.trim();
        if indent == dash_indent && (trimmed == "-" || trimmed.starts_with("- ")) {
            let item = trimmed[1..].trim_start();
            items.push(list_item(item, line.number)?);
        } else if indent > dash_indent && !items.is_empty() {
            // Plain continuation of the previous item.
            let last = items.last_mut().expect("checked non-empty");
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(strip_comment(trimmed));
        } else {
            return Err(invalid(
                line.number,
                format!("bad indentation in the list under `{}`", entry.key),
            ));
        }
    }
    Ok(Value::List(items))
}

/// One list item: a quoted scalar or a plain one (nested structures are kept as raw text).
fn list_item(item: &str, line: usize) -> Result<String, SkillError> {
    if item.starts_with(['"', '\'']) {
        let (text, after) = unquote(item, line)?;
        if !after.trim().is_empty() && !after.trim_start().starts_with('#') {
            return Err(invalid(line, "unexpected text after a closing quote"));
        }
        Ok(text)
    } else {
        Ok(strip_comment(item).to_string())
    }
}

/// Joins an entry's rest and children back into one string (for multi-line flow constructs).
fn joined_source(entry: &Entry<'_>) -> String {
    let mut source = entry.rest.to_string();
    for line in &entry.children {
        source.push('\n');
        source.push_str(line.text);
    }
    source
}

fn parse_quoted(entry: &Entry<'_>) -> Result<(String, usize), SkillError> {
    let source = joined_source(entry);
    let (text, after) = unquote(&source, entry.line)?;
    // Only blank space or a comment may follow the closing quote.
    for (offset, fragment) in after.split('\n').enumerate() {
        let fragment = fragment.trim();
        if !fragment.is_empty() && !fragment.starts_with('#') {
            let closing_line =
                entry.line + source[..source.len() - after.len()].matches('\n').count();
            return Err(invalid(
                closing_line + offset,
                format!("unexpected text after the quoted value of `{}`", entry.key),
            ));
        }
    }
    Ok((text, 0))
}

/// Parses a single- or double-quoted scalar at the start of `source`, folding line breaks the
/// YAML way. Returns the value and the unparsed remainder after the closing quote.
fn unquote(source: &str, line: usize) -> Result<(String, &str), SkillError> {
    let quote = source.chars().next().expect("caller checked the quote");
    let double = quote == '"';
    let mut out = String::new();
    let mut chars = source.char_indices().skip(1).peekable();
    while let Some((position, ch)) = chars.next() {
        match ch {
            '\'' if !double => {
                if matches!(chars.peek(), Some((_, '\''))) {
                    chars.next();
                    out.push('\'');
                } else {
                    return Ok((out, &source[position + 1..]));
                }
            }
            '"' if double => return Ok((out, &source[position + 1..])),
            '\\' if double => {
                let Some((_, escape)) = chars.next() else {
                    break;
                };
                match escape {
                    'n' => out.push('\n'),
                    't' | '\t' => out.push('\t'),
                    'r' => out.push('\r'),
                    '0' => out.push('\0'),
                    'a' => out.push('\u{7}'),
                    'b' => out.push('\u{8}'),
                    'e' => out.push('\u{1b}'),
                    'f' => out.push('\u{c}'),
                    'v' => out.push('\u{b}'),
                    ' ' => out.push(' '),
                    '/' => out.push('/'),
                    '"' => out.push('"'),
                    '\\' => out.push('\\'),
                    'N' => out.push('\u{85}'),
                    '_' => out.push('\u{a0}'),
                    'L' => out.push('\u{2028}'),
                    'P' => out.push('\u{2029}'),
                    'x' | 'u' | 'U' => {
                        let width = match escape {
                            'x' => 2,
                            'u' => 4,
                            _ => 8,
                        };
                        let mut code = 0u32;
                        for _ in 0..width {
                            let digit = chars.next().and_then(|(_, c)| c.to_digit(16));
                            let Some(digit) = digit else {
                                return Err(invalid(
                                    line,
                                    "malformed hex escape in a quoted value",
                                ));
                            };
                            code = code * 16 + digit;
                        }
                        let decoded = char::from_u32(code)
                            .ok_or_else(|| invalid(line, "escape is not a valid character"))?;
                        out.push(decoded);
                    }
                    '\r' | '\n' => {
                        // Escaped line break: join without a space, drop the next indentation.
                        if escape == '\r' && matches!(chars.peek(), Some((_, '\n'))) {
                            chars.next();
                        }
                        while matches!(chars.peek(), Some((_, ' ' | '\t'))) {
                            chars.next();
                        }
                    }
                    other => {
                        return Err(invalid(
                            line,
                            format!("unknown escape `\\{other}` in a quoted value"),
                        ))
                    }
                }
            }
            '\n' => {
                // Line folding: trailing spaces go, one break is a space, k blank lines are k
                // newlines, and the next line's indentation goes.
                let trimmed_len = out.trim_end_matches([' ', '\t']).len();
                out.truncate(trimmed_len);
                let mut blank_lines = 0;
                loop {
                    while matches!(chars.peek(), Some((_, ' ' | '\t' | '\r'))) {
                        chars.next();
                    }
                    if matches!(chars.peek(), Some((_, '\n'))) {
                        chars.next();
                        blank_lines += 1;
                    } else {
                        break;
                    }
                }
                if blank_lines == 0 {
                    out.push(' ');
                } else {
                    out.extend(std::iter::repeat_n('\n', blank_lines));
                }
            }
            other => out.push(other),
        }
    }
    Err(invalid(line, "unterminated quoted value"))
}

fn parse_flow_list(entry: &Entry<'_>) -> Result<Value, SkillError> {
    let source = joined_source(entry);
    let mut items = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    let mut rest = &source[1..];
    loop {
        let Some(ch) = rest.chars().next() else {
            return Err(invalid(
                entry.line,
                format!("unterminated `[` list in `{}`", entry.key),
            ));
        };
        if (ch == '"' || ch == '\'') && current.trim().is_empty() && depth == 0 {
            let (text, after) = unquote(rest, entry.line)?;
            current = text;
            // Mark as already-final by wrapping; trailing spaces before `,` are skipped below.
            rest = after.trim_start();
            if !rest.starts_with([',', ']']) {
                return Err(invalid(
                    entry.line,
                    "expected `,` or `]` after a quoted list item",
                ));
            }
            continue;
        }
        rest = &rest[ch.len_utf8()..];
        match ch {
            '[' | '{' => {
                depth += 1;
                current.push(ch);
            }
            ']' | '}' if depth > 0 => {
                depth -= 1;
                current.push(ch);
            }
            ']' => {
                push_flow_item(&mut items, &current);
                break;
            }
            ',' if depth == 0 => {
                push_flow_item(&mut items, &current);
                current.clear();
            }
            '\n' | '\r' => current.push(' '),
            other => current.push(other),
        }
    }
    let tail = rest.trim();
    if !tail.is_empty() && !tail.starts_with('#') {
        return Err(invalid(
            entry.line,
            format!("unexpected text after the `]` of `{}`", entry.key),
        ));
    }
    Ok(Value::List(items))
}

fn push_flow_item(items: &mut Vec<String>, raw: &str) {
    let item = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if !item.is_empty() {
        items.push(item);
    }
}

fn parse_block_scalar(entry: &Entry<'_>) -> Result<Value, SkillError> {
    let header = strip_comment(entry.rest);
    let literal = header.starts_with('|');
    let mut keep = false;
    let mut strip = false;
    let mut explicit_indent = None;
    for ch in header[1..].chars() {
        match ch {
            '-' => strip = true,
            '+' => keep = true,
            '1'..='9' => explicit_indent = ch.to_digit(10).map(|d| d as usize),
            ' ' | '\t' => {}
            _ => {
                return Err(invalid(
                    entry.line,
                    format!("bad block scalar header `{header}` for `{}`", entry.key),
                ))
            }
        }
    }
    let content_indent = explicit_indent.or_else(|| {
        entry
            .children
            .iter()
            .find(|line| !line.is_blank())
            .map(|line| line.indent())
    });
    let Some(content_indent) = content_indent.filter(|&indent| indent > 0) else {
        if let Some(line) = entry.children.iter().find(|line| !line.is_blank()) {
            return Err(invalid(
                line.number,
                format!("block scalar content of `{}` must be indented", entry.key),
            ));
        }
        return Ok(Value::Str {
            text: String::new(),
            plain: false,
        });
    };
    let mut lines: Vec<&str> = Vec::with_capacity(entry.children.len());
    for line in &entry.children {
        if line.is_blank() {
            lines.push("");
        } else if line.indent() < content_indent {
            return Err(invalid(
                line.number,
                format!("bad indentation in the block scalar of `{}`", entry.key),
            ));
        } else {
            lines.push(&line.text[content_indent..]);
        }
    }
    let trailing_blank = lines
        .iter()
        .rev()
        .take_while(|line| line.is_empty())
        .count();
    let content = &lines[..lines.len() - trailing_blank];
    let mut text = if literal {
        content.join("\n")
    } else {
        fold_lines(content)
    };
    if !content.is_empty() && !strip {
        text.push('\n');
    }
    if keep {
        text.extend(std::iter::repeat_n('\n', trailing_blank));
    }
    Ok(Value::Str { text, plain: false })
}

/// Folded-scalar line joining: breaks between ordinary lines become spaces, blank lines
/// become newlines, and more-indented lines keep their breaks.
fn fold_lines(lines: &[&str]) -> String {
    let mut out = String::new();
    let mut previous_ordinary: Option<bool> = None;
    let mut pending_blank = 0usize;
    for line in lines {
        if line.is_empty() {
            pending_blank += 1;
            continue;
        }
        let ordinary = !line.starts_with([' ', '\t']);
        match previous_ordinary {
            None => out.extend(std::iter::repeat_n('\n', pending_blank)),
            Some(true) if ordinary => {
                if pending_blank == 0 {
                    out.push(' ');
                } else {
                    out.extend(std::iter::repeat_n('\n', pending_blank));
                }
            }
            Some(_) => out.extend(std::iter::repeat_n('\n', pending_blank + 1)),
        }
        out.push_str(line);
        previous_ordinary = Some(ordinary);
        pending_blank = 0;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Frontmatter {
        parse_frontmatter(text).expect("valid frontmatter")
    }

    #[test]
    fn plain_fields_and_body_offset() {
        let text = "---\nname: tdd\ndescription: Test first.\n---\n# Body\n";
        let fm = parse(text);
        assert_eq!(fm.name.as_deref(), Some("tdd"));
        assert_eq!(fm.description.as_deref(), Some("Test first."));
        assert_eq!(&text[fm.body_start..], "# Body\n");
    }

    #[test]
    fn no_frontmatter_means_everything_empty() {
        let fm = parse("# Just markdown\n---\n");
        assert_eq!(fm, Frontmatter::default());
    }

    #[test]
    fn bom_and_crlf() {
        let text = "\u{feff}---\r\nname: a\r\ndescription: b c\r\n---\r\nbody\r\n";
        let fm = parse(text);
        assert_eq!(fm.name.as_deref(), Some("a"));
        assert_eq!(fm.description.as_deref(), Some("b c"));
        assert_eq!(&text[fm.body_start..], "body\r\n");
    }

    #[test]
    fn quoted_scalars_and_escapes() {
        let fm =
            parse("---\nname: 'it''s'\ndescription: \"tab\\there \\u00e9 \\\"q\\\"\" # c\n---\n");
        assert_eq!(fm.name.as_deref(), Some("it's"));
        assert_eq!(fm.description.as_deref(), Some("tab\there é \"q\""));
    }

    #[test]
    fn multiline_quoted_folds() {
        let fm = parse("---\ndescription: \"one\n  two\n\n  three\"\n---\n");
        assert_eq!(fm.description.as_deref(), Some("one two\nthree"));
    }

    #[test]
    fn block_scalars() {
        let fm = parse(
            "---\ndescription: >\n  folded\n  text\n\n  para\nname: |-\n  lit\n  eral\n---\n",
        );
        assert_eq!(fm.description.as_deref(), Some("folded text\npara\n"));
        assert_eq!(fm.name.as_deref(), Some("lit\neral"));
        let fm = parse("---\ndescription: >-\n  a\n    indented\n  b\n---\n");
        assert_eq!(fm.description.as_deref(), Some("a\n  indented\nb"));
    }

    #[test]
    fn plain_continuation_and_comments() {
        let fm = parse(
            "---\n# leading comment\ndescription: first\n  second   # trailing\nname: x # c\n---\n",
        );
        assert_eq!(fm.description.as_deref(), Some("first second"));
        assert_eq!(fm.name.as_deref(), Some("x"));
    }

    #[test]
    fn lists_and_nested_maps() {
        let fm = parse(
            "---\nname: a\nmetadata:\n  author: me\n  tags: [x, \"y\n  ]\nrequires: [b, \"c\"]\ndependencies:\n  - d\n  - 'b'\n---\n",
        );
        assert_eq!(fm.requires, vec!["b", "c", "d"]);
        let fm = parse("---\nrequires:\n- one\n- two\n---\n");
        assert_eq!(fm.requires, vec!["one", "two"]);
        let fm = parse("---\nrequires: one, two\n---\n");
        assert_eq!(fm.requires, vec!["one", "two"]);
    }

    #[test]
    fn disable_flag_only_when_literally_true() {
        assert!(parse("---\ndisable-model-invocation: true\n---\n").disable_model_invocation);
        assert!(!parse("---\ndisable-model-invocation: \"true\"\n---\n").disable_model_invocation);
        assert!(!parse("---\ndisable-model-invocation: yes\n---\n").disable_model_invocation);
    }

    #[test]
    fn malformed_inputs_name_the_line() {
        let cases = [
            ("---\nname: a\n", "line 1"),
            ("---\nname: \"open\n---\n", "line 2"),
            (
                "---\nname: a\ndescription: >\n    deep\n  shallow\n---\n",
                "line 5",
            ),
            ("---\nname: a\njust text\n---\n", "line 3"),
            ("---\nrequires:\n  - a\n - b\n---\n", "line 4"),
        ];
        for (text, needle) in cases {
            let error = parse_frontmatter(text).expect_err(text);
            assert_eq!(error.code, ErrorCode::SkillInvalidFrontmatter);
            assert!(
                error.message.contains(needle),
                "{text:?}: {}",
                error.message
            );
        }
    }

    #[test]
    fn unknown_keys_are_not_parsed() {
        let fm = parse(
            "---\nname: a\nweird: \"unterminated\nother: |\nnot indented\ndescription: d\n---\n",
        );
        assert_eq!(fm.description.as_deref(), Some("d"));
    }
}
