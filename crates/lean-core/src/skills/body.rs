//! The body pager: loads a skill's Markdown body (frontmatter stripped) in bounded pages, with
//! a revision so that a caller paging through a file notices when it changes underneath.

use std::path::Path;

use crate::error::ErrorCode;
use crate::hash::xxh3_hex;

use super::error::SkillError;
use super::frontmatter::parse_frontmatter;
use super::scan::{default_skill_name, read_source};

/// At most this many body lines per page.
pub const MAX_PAGE_LINES: usize = 2000;
/// At most this many bytes of body text per page.
pub const MAX_PAGE_BYTES: usize = 50 * 1024;

/// Bytes kept free on a page for the note that says an overlong line was cut.
const TRUNCATION_NOTE_RESERVE: usize = 128;

/// One page of a skill body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyPage {
    /// Body lines `offset..next_offset`, each ending in `\n` (CRLF is normalised to LF).
    pub text: String,
    /// xxh3 hex of the whole source file's bytes; pass it back to detect edits.
    pub rev: String,
    /// 0-based index of the first body line on this page.
    pub offset: usize,
    /// Where the next page starts, or None when this page reaches the end.
    pub next_offset: Option<usize>,
    /// Number of lines in the whole body.
    pub total_lines: usize,
}

/// Loads the page of `path`'s body that starts at body line `offset`.
///
/// Checks, in order: size (by metadata, then a bounded read), UTF-8, frontmatter, that the skill
/// is still called `expected_name`, a non-blank body, that `rev` (when given) still matches, and
/// that `offset` is inside the body.
pub fn load_body(
    path: &Path,
    expected_name: &str,
    offset: usize,
    rev: Option<&str>,
    max_source_bytes: u64,
) -> Result<BodyPage, SkillError> {
    let text = read_source(path, max_source_bytes)?;
    let current_rev = xxh3_hex(text.as_bytes());
    let frontmatter = parse_frontmatter(&text).map_err(|error| {
        SkillError::new(error.code, format!("{}: {}", path.display(), error.message))
    })?;
    let actual_name = frontmatter
        .name
        .filter(|name| !name.trim().is_empty())
        .or_else(|| default_skill_name(path))
        .unwrap_or_default();
    if actual_name != expected_name {
        return Err(SkillError::new(
            ErrorCode::SkillNameMismatch,
            format!(
                "{} now declares the skill `{actual_name}`, not `{expected_name}`",
                path.display()
            ),
        ));
    }
    let body = &text[frontmatter.body_start..];
    if body.trim().is_empty() {
        return Err(SkillError::new(
            ErrorCode::SkillEmptyBody,
            format!("skill `{expected_name}` has an empty body"),
        ));
    }
    if let Some(expected_rev) = rev {
        if expected_rev != current_rev {
            return Err(SkillError::new(
                ErrorCode::SkillSourceChanged,
                format!(
                    "skill `{expected_name}` changed since revision {expected_rev}; reload it from offset 0"
                ),
            ));
        }
    }
    let lines: Vec<&str> = body.split_inclusive('\n').collect();
    let total_lines = lines.len();
    if offset >= total_lines {
        return Err(SkillError::new(
            ErrorCode::InvalidArgument,
            format!("offset {offset} is past the end of `{expected_name}` ({total_lines} lines)"),
        ));
    }
    let mut page = String::new();
    let mut next = offset;
    while next < total_lines && next - offset < MAX_PAGE_LINES {
        let line = lines[next];
        let content = line
            .strip_suffix('\n')
            .map(|rest| rest.strip_suffix('\r').unwrap_or(rest))
            .unwrap_or(line);
        let needed = content.len() + 1;
        if page.len() + needed > MAX_PAGE_BYTES {
            if next == offset {
                // A single line larger than a page: show as much as fits, cut at a char
                // boundary, say so, and move on so paging always makes progress.
                push_truncated_line(&mut page, content, next);
                next += 1;
            }
            break;
        }
        page.push_str(content);
        page.push('\n');
        next += 1;
    }
    Ok(BodyPage {
        text: page,
        rev: current_rev,
        offset,
        next_offset: (next < total_lines).then_some(next),
        total_lines,
    })
}

fn push_truncated_line(page: &mut String, content: &str, line_index: usize) {
    let mut cut = MAX_PAGE_BYTES - TRUNCATION_NOTE_RESERVE;
    while !content.is_char_boundary(cut) {
        cut -= 1;
    }
    page.push_str(&content[..cut]);
    page.push_str(&format!(
        "\n[line {} truncated: {} of {} bytes shown; read the file directly for the rest]\n",
        line_index + 1,
        cut,
        content.len()
    ));
}
