//! Every line's text as the selection sees it, with ANSI escapes and carriage-return progress
//! overwrites cleaned away (losslessly: an overwritten line is remembered so its marker names it).

use super::super::lines::{clean_line, shows_text, LineIndex, Starts, BLOCK_SHIFT};
use super::super::signals::LineInBuffer;

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
        without_terminator(span)
    }

    /// Lines from `from` on, in order; cheaper than indexing for full passes.
    pub(super) fn iter_from(&self, from: usize) -> impl Iterator<Item = &'a [u8]> + Clone + 'a {
        LineIter::new(self.bytes, self.starts, self.terminated, from)
    }

    /// `line`, a slice of these lines' buffer (one line or part of one), with the rest of the
    /// buffer after it, so the message hash can read it in place (see [`LineInBuffer`]); a
    /// slice from elsewhere comes alone.
    pub(super) fn in_buffer<'b>(&'b self, line: &'b [u8]) -> LineInBuffer<'b> {
        let offset = (line.as_ptr() as usize).wrapping_sub(self.bytes.as_ptr() as usize);
        match self.bytes.get(offset..) {
            Some(rest) if rest.as_ptr() == line.as_ptr() && rest.len() >= line.len() => {
                LineInBuffer {
                    bytes: rest,
                    len: line.len(),
                }
            }
            _ => LineInBuffer::alone(line),
        }
    }

    /// Lines `from..until` (both at most the number of lines), in order.
    pub(super) fn between(&self, from: usize, until: usize) -> impl Iterator<Item = &'a [u8]> + 'a {
        let mut lines = LineIter::new(self.bytes, self.starts, self.terminated, from);
        lines.lines = until.clamp(lines.next, lines.lines);
        lines
    }
}

/// `span` without its `\n` or `\r\n` terminator: the one cut every line iterator here makes.
#[inline(always)]
fn without_terminator(span: &[u8]) -> &[u8] {
    match span {
        [line @ .., b'\r', b'\n'] | [line @ .., b'\n'] => line,
        _ => span,
    }
}

impl<'a> LineTexts<'a> {
    /// Lines in order with their `\n` or `\r\n` terminators still on (cleaned lines have
    /// none): cheaper to step through, for tests no terminator byte can change (a line's first
    /// byte, prefixes without `\r` or `\n`).
    pub(super) fn with_terminators(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        LineIter::new(self.bytes, self.starts, false, 0)
    }

    /// Lines in order with their indexes: what `iter().enumerate()` gives, without the
    /// adapter, which stayed a call per line.
    pub(super) fn indexed(&self) -> impl Iterator<Item = (usize, &'a [u8])> + Clone + 'a {
        IndexedLines(LineIter::new(self.bytes, self.starts, self.terminated, 0))
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
/// index, not two. The index's slices are taken apart once here, so a step reads its entry
/// without matching on the index's form or checking bounds (the invariant below).
#[derive(Clone)]
struct LineIter<'a> {
    bytes: &'a [u8],
    /// The index's entries when it is [`Starts::Wide`], else empty.
    wide: &'a [u32],
    /// The index's blocks when it is [`Starts::Narrow`], else empty.
    bases: &'a [u32],
    offsets: &'a [u16],
    narrow: bool,
    terminated: bool,
    /// Index of the line `next()` returns; at most `lines`.
    next: usize,
    /// Number of lines: the index has `lines + 1` entries.
    lines: usize,
    /// Start of line `next`.
    start: u32,
}

impl<'a> LineIter<'a> {
    /// Lines of `bytes` from `from` on (at most the number of lines).
    fn new(bytes: &'a [u8], starts: &'a Starts, terminated: bool, from: usize) -> Self {
        let lines = starts.entries() - 1;
        // Once per pass: with entries that never decrease (as every index builds them), a
        // sentinel inside `bytes` keeps every line inside it (see `next`).
        assert!(
            starts.get(lines) as usize <= bytes.len(),
            "index past its bytes"
        );
        let from = from.min(lines);
        let (wide, bases, offsets, narrow): (&[u32], &[u32], &[u16], bool) = match starts {
            Starts::Wide(wide) => (wide, &[], &[], false),
            Starts::Narrow { bases, offsets } => (&[], bases, offsets, true),
        };
        LineIter {
            bytes,
            wide,
            bases,
            offsets,
            narrow,
            terminated,
            next: from,
            lines,
            start: starts.get(from),
        }
    }

    /// Entry `k` of the index, for `k <= lines`.
    #[inline(always)]
    fn entry(&self, k: usize) -> u32 {
        debug_assert!(k <= self.lines);
        // A wide index holds its entries in `wide`; a narrow one in `offsets`, with a base in
        // `bases` per started block of `1 << BLOCK_SHIFT` entries.
        if self.narrow {
            self.bases[k >> BLOCK_SHIFT] + u32::from(self.offsets[k])
        } else {
            self.wide[k]
        }
    }
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
        let end = self.entry(self.next);
        debug_assert!(self.start <= end && end as usize <= self.bytes.len());
        let span = &self.bytes[self.start as usize..end as usize];
        self.start = end;
        if !self.terminated {
            return Some(span);
        }
        Some(without_terminator(span))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.lines - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for LineIter<'_> {}

impl<'a> LineTexts<'a> {
    /// Line `i`, borrowed from the input rather than from these texts.
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> &'a [u8] {
        Self::line(
            self.bytes,
            self.starts.get(i),
            self.starts.get(i + 1),
            self.terminated,
        )
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Lines split on `\n` with the `\n` or `\r\n` cut off (a final line without `\n` keeps a
    /// trailing `\r`): what every iterator must give.
    fn expected_lines(input: &[u8]) -> Vec<&[u8]> {
        let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        let last = lines.pop().unwrap_or_default();
        let mut lines: Vec<&[u8]> = lines
            .into_iter()
            .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
            .collect();
        if !last.is_empty() {
            lines.push(last);
        }
        lines
    }

    fn check_iterators(input: &[u8], index: &LineIndex) -> Result<(), TestCaseError> {
        let texts = LineTexts::of(input, index, None);
        let expected = expected_lines(input);
        prop_assert_eq!(texts.len(), expected.len());
        let by_index: Vec<&[u8]> = (0..texts.len()).map(|i| &texts[i]).collect();
        prop_assert_eq!(&by_index, &expected);
        prop_assert_eq!(&texts.iter_from(0).collect::<Vec<_>>(), &expected);
        let indexed: Vec<(usize, &[u8])> = texts.indexed().collect();
        prop_assert_eq!(
            indexed,
            expected.iter().copied().enumerate().collect::<Vec<_>>()
        );
        for from in [1, expected.len() / 2, expected.len(), expected.len() + 3] {
            let tail: Vec<&[u8]> = texts.iter_from(from).collect();
            prop_assert_eq!(&tail[..], &expected[from.min(expected.len())..]);
        }
        let raw: Vec<&[u8]> = texts.with_terminators().collect();
        prop_assert_eq!(raw.concat(), input.to_vec());
        let len = expected.len();
        for (from, until) in [(0, len), (1, len / 2), (len / 2, len), (len, len + 3)] {
            let part = &expected[from.min(len)..until.min(len).max(from.min(len))];
            prop_assert_eq!(&texts.between(from, until).collect::<Vec<_>>()[..], part);
        }
        for i in 0..len {
            let line = &texts[i];
            let in_buffer = texts.in_buffer(line);
            prop_assert_eq!(&in_buffer.bytes[..in_buffer.len], line);
            prop_assert_eq!(in_buffer.bytes.as_ptr_range().end, input.as_ptr_range().end);
        }
        let elsewhere = b"not in the input".to_vec();
        let alone = texts.in_buffer(&elsewhere);
        prop_assert_eq!((alone.bytes, alone.len), (&elsewhere[..], elsewhere.len()));
        Ok(())
    }

    proptest! {
        /// Iterating the lines (wide or narrow index) gives what indexing them gives.
        #[test]
        fn iterators_agree_with_indexing(
            input in proptest::collection::vec(
                prop_oneof![Just(b'\n'), Just(b'\r'), Just(b'a'), Just(b' ')],
                0..2000,
            ),
        ) {
            check_iterators(&input, &LineIndex::new(&input, usize::MAX))?;
            check_iterators(&input, &LineIndex::new_wide(&input))?;
        }
    }
}
