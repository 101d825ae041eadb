//! Every line's text as the selection sees it, with ANSI escapes and carriage-return progress
//! overwrites cleaned away (losslessly: an overwritten line is remembered so its marker names it).

use super::super::lines::{clean_line, shows_text, LineIndex, Starts};

/// Every line's text as the selection sees it: the original bytes, or a cleaned copy when the
/// input holds ANSI escapes or progress overwrites. Either way it is one buffer plus u32 line
/// starts (cleaned lines share one buffer, not one allocation per line, to bound memory), so
/// an access is two loads and no branch on which case holds.
pub(super) struct LineTexts<'a> {
    pub(super) bytes: &'a [u8],
    /// Line starts plus a final sentinel.
    pub(super) starts: &'a Starts,
    /// True for the original input: each line's `\n` or `\r\n` terminator is cut off.
    pub(super) terminated: bool,
}

/// Concatenated cleaned lines (no terminators); line `i` is `bytes[starts[i]..starts[i + 1]]`.
pub(super) struct Cleaned {
    pub(super) bytes: Vec<u8>,
    pub(super) starts: Starts,
    /// Lines whose carriage returns hid visible text (an overwritten progress segment, maybe
    /// an error), in order: each kept one gets a marker naming it, so nothing vanishes
    /// without a range.
    pub(super) overwritten: Vec<u32>,
}

impl Cleaned {
    pub(super) fn new(input: &[u8], index: &LineIndex) -> Cleaned {
        let n = index.len();
        let mut bytes = Vec::with_capacity(input.len());
        let mut starts = Vec::with_capacity(n + 1);
        let mut overwritten = Vec::new();
        for i in 0..n {
            starts.push(bytes.len() as u32);
            let raw = index.line(input, i);
            bytes.extend_from_slice(&clean_line(raw));
            if hides_text(raw) {
                overwritten.push(i as u32);
            }
        }
        starts.push(bytes.len() as u32);
        Cleaned {
            bytes,
            starts: Starts::Wide(starts),
            overwritten,
        }
    }
}

/// Carriage-return segments of a line that hold visible text (not only blanks or escapes).
pub(super) fn visible_segments(raw: &[u8]) -> impl Iterator<Item = &[u8]> {
    raw.split(|&b| b == b'\r')
        .filter(|segment| shows_text(segment))
}

/// True when `\r` cleanup of `raw` drops visible text: more than one visible segment.
pub(super) fn hides_text(raw: &[u8]) -> bool {
    memchr::memchr(b'\r', raw).is_some() && visible_segments(raw).nth(1).is_some()
}

impl<'a> LineTexts<'a> {
    /// The input's own lines, or the `cleaned` copy when there is one.
    pub(super) fn of(input: &'a [u8], index: &'a LineIndex, cleaned: Option<&'a Cleaned>) -> Self {
        match cleaned {
            Some(c) => LineTexts {
                bytes: &c.bytes,
                starts: &c.starts,
                terminated: false,
            },
            None => LineTexts {
                bytes: input,
                starts: index.starts(),
                terminated: true,
            },
        }
    }

    /// Number of lines.
    pub(super) fn len(&self) -> usize {
        self.starts.entries() - 1
    }

    /// True when these are cleaned copies (the input held ANSI escapes or progress overwrites).
    pub(super) fn is_cleaned(&self) -> bool {
        !self.terminated
    }

    /// The line from `start` to the next line's start `next`, its terminator cut off when
    /// `terminated`. Every pass over the lines runs this once per line: one bounds check for
    /// the span, and the terminator tests read the span's own last bytes (no index to check).
    #[inline(always)]
    pub(super) fn line(bytes: &'a [u8], start: u32, next: u32, terminated: bool) -> &'a [u8] {
        let span = &bytes[start as usize..next as usize];
        if !terminated {
            return span;
        }
        match span {
            [line @ .., b'\r', b'\n'] | [line @ .., b'\n'] => line,
            _ => span,
        }
    }

    /// Lines from `from` on, in order; cheaper than indexing for full passes.
    pub(super) fn iter_from(&self, from: usize) -> impl Iterator<Item = &'a [u8]> + Clone + 'a {
        let lines = self.starts.entries() - 1;
        let from = from.min(lines);
        LineIter {
            bytes: self.bytes,
            starts: self.starts,
            terminated: self.terminated,
            next: from,
            lines,
            start: self.starts.get(from),
        }
    }
}

impl<'a> LineTexts<'a> {
    /// Lines in order with their `\n` or `\r\n` terminators still on (cleaned lines have
    /// none): cheaper to step through, for tests no terminator byte can change (a line's first
    /// byte, prefixes without `\r` or `\n`).
    pub(super) fn with_terminators(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        LineIter {
            bytes: self.bytes,
            starts: self.starts,
            terminated: false,
            next: 0,
            lines: self.starts.entries() - 1,
            start: self.starts.get(0),
        }
    }

    /// Lines in order with their indexes: what `iter().enumerate()` gives, without the
    /// adapter, which stayed a call per line.
    pub(super) fn indexed(&self) -> impl Iterator<Item = (usize, &'a [u8])> + Clone + 'a {
        let lines = self.starts.entries() - 1;
        IndexedLines(LineIter {
            bytes: self.bytes,
            starts: self.starts,
            terminated: self.terminated,
            next: 0,
            lines,
            start: self.starts.get(0),
        })
    }
}

#[derive(Clone)]
struct IndexedLines<'a>(LineIter<'a>);

impl<'a> Iterator for IndexedLines<'a> {
    type Item = (usize, &'a [u8]);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, &'a [u8])> {
        let i = self.0.next;
        self.0.next().map(|line| (i, line))
    }
}

/// Lines in order. Each line's end is the next one's start, so a step reads one entry of the
/// index, not two.
#[derive(Clone)]
struct LineIter<'a> {
    bytes: &'a [u8],
    starts: &'a Starts,
    terminated: bool,
    /// Index of the line `next()` returns.
    next: usize,
    lines: usize,
    /// Start of line `next`.
    start: u32,
}

impl<'a> Iterator for LineIter<'a> {
    type Item = &'a [u8];

    // Every full pass over the lines runs this once per line: inlined, it costs a few
    // instructions; as a call, more than the passes' own tests.
    #[inline(always)]
    fn next(&mut self) -> Option<&'a [u8]> {
        if self.next >= self.lines {
            return None;
        }
        self.next += 1;
        let end = self.starts.get(self.next);
        let line = LineTexts::line(self.bytes, self.start, end, self.terminated);
        self.start = end;
        Some(line)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.lines - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for LineIter<'_> {}

impl std::ops::Index<usize> for LineTexts<'_> {
    type Output = [u8];
    #[inline(always)]
    fn index(&self, i: usize) -> &[u8] {
        Self::line(
            self.bytes,
            self.starts.get(i),
            self.starts.get(i + 1),
            self.terminated,
        )
    }
}
