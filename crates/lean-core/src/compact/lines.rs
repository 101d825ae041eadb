//! Line splitting and per-line cleanup (ANSI escapes, carriage-return progress overwrites).
//!
//! Lines split on `\n`; a `\r` right before the `\n` belongs to the terminator, and a final line
//! without `\n` counts. These are the numbers markers and the recovery store speak in.

use std::borrow::Cow;

/// Byte span of one line in the original input, computed on demand from a [`LineIndex`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineSpan {
    /// First byte of the line.
    pub start: usize,
    /// End of the line's content: excludes `\n` and a `\r` just before it.
    pub end: usize,
    /// End of the line's terminator: where the next line starts.
    pub next: usize,
}

/// Where every line starts, as `u32` offsets plus a final sentinel (the input length).
///
/// Only the start is stored: the content end and the terminator follow from the next line's
/// start and the bytes just before it, so the index costs 4 bytes per line instead of the 24 a
/// stored [`LineSpan`] would (inputs of millions of tiny lines are the memory worst case).
/// Callers must keep inputs below 4 GiB; `compact` passes larger ones through.
pub(crate) struct LineIndex {
    starts: Vec<u32>,
}

/// Per-line cost of the index, for the memory-bound tests.
pub(crate) const LINE_INDEX_BYTES_PER_LINE: usize = std::mem::size_of::<u32>();

impl LineIndex {
    /// Splits `input` (shorter than 4 GiB) on `\n` with memchr. Inputs of `parallel_from`
    /// bytes or more are split in two halves on two threads.
    pub(crate) fn new(input: &[u8], parallel_from: usize) -> LineIndex {
        debug_assert!(u32::try_from(input.len()).is_ok());
        // The second half starts just after a newline, so both halves hold whole lines.
        let mid = if input.len() >= parallel_from {
            memchr::memchr(b'\n', &input[input.len() / 2..]).map(|at| input.len() / 2 + at + 1)
        } else {
            None
        };
        let mut starts = match mid {
            Some(mid) => std::thread::scope(|scope| {
                let second = scope.spawn(|| line_starts(&input[mid..], mid as u32));
                let mut starts = line_starts(&input[..mid], 0);
                match second.join() {
                    Ok(second) => starts.extend_from_slice(&second),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
                starts
            }),
            None => line_starts(input, 0),
        };
        starts.push(input.len() as u32);
        LineIndex { starts }
    }

    /// Number of lines.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Line starts in order, without the sentinel.
    pub(crate) fn starts(&self) -> &[u32] {
        &self.starts[..self.len()]
    }

    /// Line starts followed by the sentinel (the input length).
    pub(crate) fn starts_with_end(&self) -> &[u32] {
        &self.starts
    }

    /// Span of line `i` of `input` (the buffer this index was built from).
    #[inline]
    pub(crate) fn span(&self, input: &[u8], i: usize) -> LineSpan {
        let start = self.starts[i] as usize;
        let next = self.starts[i + 1] as usize;
        let mut end = next;
        if end > start && input[end - 1] == b'\n' {
            end -= 1;
            if end > start && input[end - 1] == b'\r' {
                end -= 1;
            }
        }
        LineSpan { start, end, next }
    }

    /// Content of line `i` (without its terminator).
    #[inline]
    pub(crate) fn line<'a>(&self, input: &'a [u8], i: usize) -> &'a [u8] {
        let span = self.span(input, i);
        &input[span.start..span.end]
    }
}

/// Starts of the lines of `part`, offset by `base`; the caller appends the sentinel.
fn line_starts(part: &[u8], base: u32) -> Vec<u32> {
    let mut starts = Vec::with_capacity(estimate_lines(part) + 2);
    let mut start = 0usize;
    for newline in memchr::memchr_iter(b'\n', part) {
        starts.push(base + start as u32);
        start = newline + 1;
    }
    if start < part.len() {
        starts.push(base + start as u32);
    }
    starts
}

/// Line count guess from the head of the input, so the index is usually allocated once instead
/// of growing by doubling (an over-guess only reserves address space: untouched pages cost no
/// memory).
fn estimate_lines(input: &[u8]) -> usize {
    const SAMPLE: usize = 64 * 1024;
    if input.len() <= SAMPLE {
        return memchr::memchr_iter(b'\n', input).count() + 1;
    }
    let sampled = memchr::memchr_iter(b'\n', &input[..SAMPLE]).count() + 1;
    // 1/8 headroom for a tail with slightly shorter lines.
    let scaled = sampled as u128 * input.len() as u128 / SAMPLE as u128;
    ((scaled + scaled / 8) as usize).min(input.len() + 1)
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
