//! The body pager: loads a skill's Markdown body (frontmatter stripped) in bounded pages, with
//! a revision so that a caller paging through a file notices when it changes underneath.
//!
//! A page starts at a position (body line, byte column in that line). A line longer than a
//! page is split by column, so a continuation can start inside it: nothing is skipped or cut.
//! A continuation (any position past the start) must carry the revision of the page before
//! it, so a page can never silently mix two versions of a file.

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

/// One page of a skill body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyPage {
    /// The body from (`offset`, `column`) up to (`next_offset`, `next_column`); whole lines end
    /// in `\n` (CRLF is normalised to LF). Concatenating the pages gives the whole body.
    pub text: String,
    /// xxh3 hex of the whole source file's bytes; pass it back to detect edits.
    pub rev: String,
    /// 0-based index of the first body line on this page.
    pub offset: usize,
    /// Byte offset inside line `offset` where this page starts (0 except after a split line).
    pub column: usize,
    /// Where the next page starts, or None when this page reaches the end.
    pub next_offset: Option<usize>,
    /// Byte offset inside line `next_offset` where the next page starts.
    pub next_column: usize,
    /// Number of lines in the whole body.
    pub total_lines: usize,
    /// The current file's `disable-model-invocation` flag (it may have changed since the
    /// catalog snapshot).
    pub model_invocation_disabled: bool,
}

/// Loads the page of `path`'s body that starts at the beginning of body line `offset`; see
/// [`load_body_at`].
pub fn load_body(
    path: &Path,
    expected_name: &str,
    offset: usize,
    rev: Option<&str>,
    max_source_bytes: u64,
) -> Result<BodyPage, SkillError> {
    load_body_at(path, expected_name, offset, 0, rev, max_source_bytes)
}

/// Loads the page of `path`'s body that starts at byte `column` of body line `offset`.
///
/// Checks, in order: that a continuation (offset or column past 0) carries a `rev`, size (by
/// metadata, then a bounded read), UTF-8, frontmatter, that the skill is still called
/// `expected_name`, a non-blank body, that `rev` (when given) still matches, and that the
/// position is inside the body on a char boundary.
pub fn load_body_at(
    path: &Path,
    expected_name: &str,
    offset: usize,
    column: usize,
    rev: Option<&str>,
    max_source_bytes: u64,
) -> Result<BodyPage, SkillError> {
    if (offset > 0 || column > 0) && rev.is_none() {
        return Err(SkillError::new(
            ErrorCode::SkillRevRequired,
            format!(
                "a continuation of `{expected_name}` (line {offset}, column {column}) needs the rev of the page before it; pass the continuation exactly as given, or load from the start without offset"
            ),
        ));
    }
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
    let first = line_content(lines[offset]);
    if column > first.len()
        || !first.is_char_boundary(column)
        || (column > 0 && column == first.len())
    {
        return Err(SkillError::new(
            ErrorCode::InvalidArgument,
            format!(
                "column {column} is not a position inside line {offset} of `{expected_name}`; pass the continuation exactly as given"
            ),
        ));
    }
    let mut page = String::new();
    let mut next = offset;
    let mut next_column = 0;
    let mut start = column;
    while next < total_lines && next - offset < MAX_PAGE_LINES {
        let rest = &line_content(lines[next])[start..];
        if page.len() + rest.len() + 1 > MAX_PAGE_BYTES {
            if page.is_empty() {
                // A line longer than a page: take as much as fits, cut at a char boundary,
                // and continue inside the same line at that column.
                // A continuation starts inside the line, never at its end, so a line of
                // exactly a page leaves its last char (and newline) for the next page.
                let mut cut = MAX_PAGE_BYTES.min(rest.len() - 1);
                while !rest.is_char_boundary(cut) {
                    cut -= 1;
                }
                page.push_str(&rest[..cut]);
                next_column = start + cut;
            }
            break;
        }
        page.push_str(rest);
        page.push('\n');
        next += 1;
        start = 0;
    }
    Ok(BodyPage {
        text: page,
        rev: current_rev,
        offset,
        column,
        next_offset: (next < total_lines).then_some(next),
        next_column,
        total_lines,
        model_invocation_disabled: frontmatter.disable_model_invocation,
    })
}

/// A body line without its line ending (LF or CRLF).
fn line_content(line: &str) -> &str {
    line.strip_suffix('\n')
        .map(|rest| rest.strip_suffix('\r').unwrap_or(rest))
        .unwrap_or(line)
}
