//! Line splitting and per-line cleanup (ANSI escapes, carriage-return progress overwrites).
//!
//! Lines split on `\n`; a `\r` right before the `\n` belongs to the terminator, and a final line
//! without `\n` counts. These are the numbers markers and the recovery store speak in.

use std::borrow::Cow;

/// Byte span of one line in the original input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineSpan {
    /// First byte of the line.
    pub start: usize,
    /// End of the line's content: excludes `\n` and a `\r` just before it.
    pub end: usize,
    /// End of the line's terminator: where the next line starts.
    pub next: usize,
}

/// Splits `input` into line spans with memchr.
pub(crate) fn split_lines(input: &[u8]) -> Vec<LineSpan> {
    // A rough guess avoids repeated growth without a counting pass.
    let mut spans = Vec::with_capacity(input.len() / 48 + 1);
    let mut start = 0usize;
    for newline in memchr::memchr_iter(b'\n', input) {
        let end = if newline > start && input[newline - 1] == b'\r' {
            newline - 1
        } else {
            newline
        };
        spans.push(LineSpan {
            start,
            end,
            next: newline + 1,
        });
        start = newline + 1;
    }
    if start < input.len() {
        spans.push(LineSpan {
            start,
            end: input.len(),
            next: input.len(),
        });
    }
    spans
}

/// True when some line may need cleaning: an escape byte, or a `\r` that is not part of a
/// `\r\n` terminator.
pub(crate) fn needs_cleaning(input: &[u8]) -> bool {
    if memchr::memchr(0x1b, input).is_some() {
        return true;
    }
    memchr::memchr_iter(b'\r', input).any(|i| input.get(i + 1) != Some(&b'\n'))
}

/// What a terminal would finally show for one line's content: ANSI escape sequences removed and,
/// when carriage returns overwrote the line (progress bars, spinners), only the last non-empty
/// segment kept.
pub(crate) fn clean_line(content: &[u8]) -> Cow<'_, [u8]> {
    let mut text: Cow<'_, [u8]> = Cow::Borrowed(content);
    if memchr::memchr(b'\r', content).is_some() {
        let last = content
            .split(|&b| b == b'\r')
            .rfind(|segment| !segment.is_empty())
            .unwrap_or(&[]);
        text = Cow::Borrowed(last);
    }
    if memchr::memchr(0x1b, &text).is_some() {
        text = Cow::Owned(strip_ansi(&text));
    }
    text
}

/// Removes CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC \`) and two-byte escape sequences.
pub(crate) fn strip_ansi(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        if b != 0x1b {
            out.push(b);
            i += 1;
            continue;
        }
        match bytes.get(i + 1) {
            Some(b'[') => {
                i += 2;
                while i < bytes.len() && !(0x40..=0x7e).contains(&bytes[i]) {
                    i += 1;
                }
                i += 1;
            }
            Some(b']') => {
                i += 2;
                while i < bytes.len() {
                    if bytes[i] == 0x07 {
                        i += 1;
                        break;
                    }
                    if bytes[i] == 0x1b && bytes.get(i + 1) == Some(&b'\\') {
                        i += 2;
                        break;
                    }
                    i += 1;
                }
            }
            Some(_) => i += 2,
            None => i += 1,
        }
    }
    out
}

/// Leading spaces and tabs of a line.
pub(crate) fn indent_width(line: &[u8]) -> usize {
    line.iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count()
}

/// The line without leading and trailing ASCII whitespace.
pub(crate) fn trim(line: &[u8]) -> &[u8] {
    let start = indent_width(line);
    let mut end = line.len();
    while end > start && line[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    &line[start..end]
}

/// True when `needle` (non-empty) occurs in `haystack`. For short lines this beats building a
/// substring searcher per call.
pub(crate) fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    let Some(&first) = needle.first() else {
        return true;
    };
    let mut from = 0usize;
    while let Some(offset) = memchr::memchr(first, &haystack[from..]) {
        let at = from + offset;
        if haystack[at..].starts_with(needle) {
            return true;
        }
        from = at + 1;
    }
    false
}
