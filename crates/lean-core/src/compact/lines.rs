//! Line splitting and per-line cleanup (ANSI escapes, carriage-return progress overwrites).
//!
//! Lines split on `\n`; a `\r` right before the `\n` belongs to the terminator, and a final line
//! without `\n` counts. These are the numbers markers and the recovery store speak in.

/// Number of lines in `bytes` under the crate's numbering: split on `\n`, and a final line
/// without `\n` counts (the count every [`LineIndex`] has).
pub fn count_lines(bytes: &[u8]) -> usize {
    let newlines = memchr::memchr_iter(b'\n', bytes).count();
    newlines + usize::from(!bytes.is_empty() && bytes.last() != Some(&b'\n'))
}

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

/// Line starts plus a final sentinel, as `u32` offsets or, for inputs of very short lines (the
/// memory worst case: millions of 2-byte lines), as `u16` offsets from a `u32` base per block
/// of [`BLOCK`] entries, which halves the cost to about 2 bytes per line.
pub(crate) enum Starts {
    Wide(Vec<u32>),
    Narrow { bases: Vec<u32>, offsets: Vec<u16> },
}

/// Entries per block of a narrow index; a block must span fewer than 64 KiB.
pub(crate) const BLOCK_SHIFT: u32 = 7;
const BLOCK: usize = 1 << BLOCK_SHIFT;

impl Starts {
    /// Entry `k`: the start of line `k`, or the sentinel for `k == lines`.
    #[inline]
    pub(crate) fn get(&self, k: usize) -> u32 {
        match self {
            Starts::Wide(starts) => starts[k],
            Starts::Narrow { bases, offsets } => bases[k >> BLOCK_SHIFT] + u32::from(offsets[k]),
        }
    }

    /// Number of entries (lines + 1).
    #[inline]
    pub(crate) fn entries(&self) -> usize {
        match self {
            Starts::Wide(starts) => starts.len(),
            Starts::Narrow { offsets, .. } => offsets.len(),
        }
    }

    /// Narrow form of `entries`, or `None` when some block spans 64 KiB or more.
    fn narrow(entries: impl Iterator<Item = u32>, capacity: usize) -> Option<Starts> {
        let mut bases = Vec::with_capacity(capacity / BLOCK + 1);
        let mut offsets = Vec::with_capacity(capacity);
        let mut base = 0u32;
        for (k, start) in entries.enumerate() {
            if k % BLOCK == 0 {
                base = start;
                bases.push(start);
            }
            offsets.push(u16::try_from(start - base).ok()?);
        }
        Some(Starts::Narrow { bases, offsets })
    }
}

/// Where every line of an input starts.
///
/// Only the start is stored: the content end and the terminator follow from the next line's
/// start and the bytes just before it, so the index costs 4 bytes per line (about 2 for very
/// short lines) instead of the 24 a stored [`LineSpan`] would. Callers must keep inputs below
/// 4 GiB; `compact` passes larger ones through.
pub(crate) struct LineIndex {
    starts: Starts,
}

/// Most bytes per line the index costs, for the memory-bound tests.
pub(crate) const LINE_INDEX_BYTES_PER_LINE: usize = std::mem::size_of::<u32>();

/// Inputs whose lines average fewer bytes than this get the narrow index (and narrow template
/// ids), where per-line state would otherwise outweigh the input itself.
pub(crate) const SHORT_LINE_BYTES: usize = 32;

impl LineIndex {
    /// Splits `input` (shorter than 4 GiB) on `\n` with memchr. Inputs of `parallel_from`
    /// bytes or more are split in two halves on two threads.
    pub(crate) fn new(input: &[u8], parallel_from: usize) -> LineIndex {
        debug_assert!(u32::try_from(input.len()).is_ok());
        if input.len() <= ESTIMATE_SAMPLE {
            return LineIndex::new_small(input);
        }
        if input.len() < parallel_from {
            return LineIndex::new_large(input);
        }
        let estimate = estimate_lines(input);
        if estimate.saturating_mul(SHORT_LINE_BYTES) > input.len() && input.len() > BLOCK {
            let entries = line_start_iter(input).chain(std::iter::once(input.len() as u32));
            if let Some(starts) = Starts::narrow(entries, estimate + 2) {
                return LineIndex { starts };
            }
        }
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
        LineIndex {
            starts: Starts::Wide(starts),
        }
    }

    /// [`LineIndex::new`] of an input no longer than the estimate's sample: the line count the
    /// estimate would take a pass to give exactly is read off the wide index itself (a small
    /// one), and a short-line input's index is narrowed from it, so the input is read once.
    fn new_small(input: &[u8]) -> LineIndex {
        // Room for lines of 32 bytes on average and the sentinel; shorter lines grow it.
        let mut starts = line_starts_within(input, 0, input.len() / SHORT_LINE_BYTES + 2);
        // What `estimate_lines` gives for a whole input: its newlines plus one. Every line but
        // a final unterminated one ends with a newline.
        let unterminated = input.last().is_some_and(|&b| b != b'\n');
        let estimate = starts.len() + 1 - usize::from(unterminated);
        starts.push(input.len() as u32);
        if estimate.saturating_mul(SHORT_LINE_BYTES) > input.len() && input.len() > BLOCK {
            if let Some(narrow) = Starts::narrow(starts.iter().copied(), starts.len()) {
                return LineIndex { starts: narrow };
            }
        }
        LineIndex {
            starts: Starts::Wide(starts),
        }
    }

    /// [`LineIndex::new`] of an input longer than the estimate's sample, on one thread: the
    /// sample's line starts are the first part of the index, and their count gives the
    /// estimate the rest is sized by, so no pass only counts newlines.
    fn new_large(input: &[u8]) -> LineIndex {
        let mut starts = line_starts_within(
            &input[..ESTIMATE_SAMPLE],
            0,
            ESTIMATE_SAMPLE / SHORT_LINE_BYTES + 2,
        );
        // The sample's newlines: a line starts after each one (the input goes on past it).
        if input[ESTIMATE_SAMPLE - 1] == b'\n' {
            starts.push(ESTIMATE_SAMPLE as u32);
        }
        let estimate = scaled_estimate(starts.len(), input.len());
        // The rest is read from the last line start in the sample, which it starts with.
        let cut = starts.pop().expect("the first line starts at 0") as usize;
        if estimate.saturating_mul(SHORT_LINE_BYTES) > input.len() {
            let rest = line_start_iter(&input[cut..]).map(|start| start + cut as u32);
            let entries = starts
                .iter()
                .copied()
                .chain(rest)
                .chain(std::iter::once(input.len() as u32));
            if let Some(narrow) = Starts::narrow(entries, estimate + 2) {
                return LineIndex { starts: narrow };
            }
        }
        starts.reserve((estimate + 2).saturating_sub(starts.len()));
        extend_line_starts(&input[cut..], cut as u32, &mut starts);
        starts.push(input.len() as u32);
        LineIndex {
            starts: Starts::Wide(starts),
        }
    }

    /// The wide index whatever the line lengths, so tests can check both forms agree.
    #[cfg(test)]
    pub(crate) fn new_wide(input: &[u8]) -> LineIndex {
        let mut starts = line_starts(input, 0);
        starts.push(input.len() as u32);
        LineIndex {
            starts: Starts::Wide(starts),
        }
    }

    /// Number of lines.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.starts.entries() - 1
    }

    /// True when lines are short enough that the narrow index was used.
    pub(crate) fn is_narrow(&self) -> bool {
        matches!(self.starts, Starts::Narrow { .. })
    }

    /// Line starts followed by the sentinel (the input length).
    pub(crate) fn starts(&self) -> &Starts {
        &self.starts
    }

    /// Span of line `i` of `input` (the buffer this index was built from).
    #[inline]
    pub(crate) fn span(&self, input: &[u8], i: usize) -> LineSpan {
        let start = self.starts.get(i) as usize;
        let next = self.starts.get(i + 1) as usize;
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

/// Positions of the `\n` bytes of `bytes`, in order. Lines are short, so a search call per line
/// costs more than the line: 64 bytes are compared at once and their newline mask walked bit
/// by bit.
pub(crate) struct Newlines<'a> {
    bytes: &'a [u8],
    /// Offset of bit 0 of `mask`.
    base: usize,
    /// Newlines of the block at `base` not yet returned.
    mask: u64,
    /// Where the next block starts.
    next: usize,
}

impl<'a> Newlines<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Newlines<'a> {
        Newlines {
            bytes,
            base: 0,
            mask: 0,
            next: 0,
        }
    }
}

impl Iterator for Newlines<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            let rest = self.bytes.get(self.next..).filter(|r| !r.is_empty())?;
            if rest.len() < 64 {
                self.base = self.next;
                self.mask = newline_mask(rest);
                self.next = self.bytes.len();
                continue;
            }
            // A block without a newline leaves the mask empty and the loop reads the next
            // one (a memchr call for the rest of the line costs more on lines of a few blocks).
            self.base = self.next;
            self.mask = newline_mask(&rest[..64]);
            self.next += 64;
        }
        let bit = self.mask.trailing_zeros();
        self.mask &= self.mask - 1;
        Some(self.base + bit as usize)
    }
}

/// The pieces of `bytes` between newlines, as `bytes.split(|&b| b == b'\n')` gives them (the
/// last one after the final newline, empty when `bytes` ends with one), with the newlines
/// found a block at a time (see [`Newlines`]) rather than tested byte by byte.
pub(crate) fn split_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut newlines = Newlines::new(bytes);
    let mut start = Some(0usize);
    std::iter::from_fn(move || {
        let from = start?;
        match newlines.next() {
            Some(at) => {
                start = Some(at + 1);
                Some(&bytes[from..at])
            }
            None => {
                start = None;
                Some(&bytes[from..])
            }
        }
    })
}

/// Per 64-byte block of `bytes` (the last one may be shorter), one mask per pair of `pairs`:
/// bit `i` of `marks[w][k]` is set when byte `64 * w + i` equals either byte of `pairs[k]`.
/// Several bytes a scan asks about are found in one pass (AVX2 where the CPU has it), instead
/// of a search each; [`MarkedPositions`] walks one pair's bits.
pub(crate) fn pair_marks64<const K: usize>(bytes: &[u8], pairs: [[u8; 2]; K]) -> Vec<[u64; K]> {
    pair_marks64_with(bytes, pairs, true)
}

/// [`pair_marks64`], with AVX2 only when `vector` allows it (tests check the portable path).
fn pair_marks64_with<const K: usize>(
    bytes: &[u8],
    pairs: [[u8; 2]; K],
    vector: bool,
) -> Vec<[u64; K]> {
    let mut marks = Vec::with_capacity(bytes.len().div_ceil(64));
    let full = bytes.len() / 64 * 64;
    {
        marks.extend(bytes[..full].chunks_exact(64).map(|block| {
            let mut masks = [0u64; K];
            for at in (0..64).step_by(16) {
                let lane = block[at..at + 16].try_into().expect("16 bytes");
                let lanes = if vector {
                    pair_masks16(lane, pairs)
                } else {
                    pair_masks16_bytewise(lane, pairs)
                };
                for (mask, lane) in masks.iter_mut().zip(lanes) {
                    *mask |= u64::from(lane) << at;
                }
            }
            masks
        }));
    }
    if full < bytes.len() {
        let mut masks = [0u64; K];
        for (i, &b) in bytes[full..].iter().enumerate() {
            for (mask, [x, y]) in masks.iter_mut().zip(pairs) {
                *mask |= u64::from(b == x || b == y) << i;
            }
        }
        marks.push(masks);
    }
    marks
}

/// Positions, in order, whose bit is set in pair `class` of marks from [`pair_marks64`].
pub(crate) struct MarkedPositions<'m, const K: usize> {
    marks: &'m [[u64; K]],
    class: usize,
    /// Block of `mask`.
    word: usize,
    /// Bits of block `word` not yet returned.
    mask: u64,
}

impl<'m, const K: usize> MarkedPositions<'m, K> {
    pub(crate) fn new(marks: &'m [[u64; K]], class: usize) -> Self {
        MarkedPositions {
            marks,
            class,
            word: 0,
            mask: marks.first().map_or(0, |m| m[class]),
        }
    }
}

impl<const K: usize> Iterator for MarkedPositions<'_, K> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            self.word += 1;
            self.mask = self.marks.get(self.word)?[self.class];
        }
        let bit = self.mask.trailing_zeros();
        self.mask &= self.mask - 1;
        Some(self.word * 64 + bit as usize)
    }
}

/// Bit `i` set for each `\n` at `block[i]` (a block of at most 64 bytes).
#[inline]
fn newline_mask(block: &[u8]) -> u64 {
    debug_assert!(block.len() <= 64);
    #[cfg(target_arch = "x86_64")]
    if block.len() == 64 {
        let lanes = |at: usize| {
            u64::from(byte_mask16(
                block[at..at + 16].try_into().expect("16 bytes"),
                b'\n',
            ))
        };
        return lanes(0) | lanes(16) << 16 | lanes(32) << 32 | lanes(48) << 48;
    }
    block
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .fold(0u64, |mask, (i, _)| mask | 1 << i)
}

/// Starts of the lines of `input`, in order (no sentinel).
fn line_start_iter(input: &[u8]) -> impl Iterator<Item = u32> + '_ {
    let after_newlines = Newlines::new(input)
        .map(|at| at + 1)
        .filter(move |&next| next < input.len());
    std::iter::once(0usize)
        .filter(move |_| !input.is_empty())
        .chain(after_newlines)
        .map(|start| start as u32)
}

/// Starts of the lines of `part`, offset by `base`; the caller appends the sentinel.
fn line_starts(part: &[u8], base: u32) -> Vec<u32> {
    line_starts_within(part, base, estimate_lines(part) + 2)
}

/// [`line_starts`] into a vector of `capacity` entries to start with.
fn line_starts_within(part: &[u8], base: u32, capacity: usize) -> Vec<u32> {
    let mut starts = Vec::with_capacity(capacity);
    extend_line_starts(part, base, &mut starts);
    starts
}

/// Appends the starts of the lines of `part`, offset by `base`, to `starts`.
fn extend_line_starts(part: &[u8], base: u32, starts: &mut Vec<u32>) {
    extend_line_starts_by(part, base, starts, newline_mask)
}

/// [`line_starts_within`] with `mask` giving a block's newline bits (see [`newline_mask`]), so
/// tests can check the portable masks whatever the CPU.
#[cfg(test)]
fn line_starts_by(
    part: &[u8],
    base: u32,
    capacity: usize,
    mask: impl Fn(&[u8]) -> u64,
) -> Vec<u32> {
    let mut starts = Vec::with_capacity(capacity);
    extend_line_starts_by(part, base, &mut starts, mask);
    starts
}

/// Appends the starts of the lines of `part`, offset by `base`, to `starts` (see
/// [`line_starts_by`]), a 64-byte block's newline mask at a time.
#[inline(always)]
fn extend_line_starts_by(
    part: &[u8],
    base: u32,
    starts: &mut Vec<u32>,
    mask: impl Fn(&[u8]) -> u64,
) {
    if part.is_empty() {
        return;
    }
    starts.push(base);
    let mut push_block = |at: usize, mut bits: u64| {
        let first = base + at as u32 + 1;
        while bits != 0 {
            starts.push(first + bits.trailing_zeros());
            bits &= bits - 1;
        }
    };
    let mut next = 0usize;
    while next + 64 <= part.len() {
        push_block(next, mask(&part[next..next + 64]));
        next += 64;
    }
    if next < part.len() {
        push_block(next, mask(&part[next..]));
    }
    // A final `\n` ends the last line; no line starts after it.
    if part.last() == Some(&b'\n') {
        starts.pop();
    }
}

/// Bytes of an input's head whose newlines [`estimate_lines`] counts.
const ESTIMATE_SAMPLE: usize = 64 * 1024;

/// Line count guess from the head of the input, so the index is usually allocated once instead
/// of growing by doubling (an over-guess only reserves address space: untouched pages cost no
/// memory).
fn estimate_lines(input: &[u8]) -> usize {
    const SAMPLE: usize = ESTIMATE_SAMPLE;
    if input.len() <= SAMPLE {
        return memchr::memchr_iter(b'\n', input).count() + 1;
    }
    let sampled = memchr::memchr_iter(b'\n', &input[..SAMPLE]).count() + 1;
    scaled_estimate(sampled, input.len())
}

/// [`estimate_lines`] of an input of `len` bytes (longer than the sample) whose sample holds
/// `sampled - 1` newlines.
fn scaled_estimate(sampled: usize, len: usize) -> usize {
    // 1/8 headroom for a tail with slightly shorter lines.
    let scaled = sampled as u128 * len as u128 / ESTIMATE_SAMPLE as u128;
    ((scaled + scaled / 8) as usize).min(len + 1)
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
        // The last segment that shows text is what a terminal leaves: a later segment of
        // blanks or control characters alone (`\r\x0c`) does not erase it.
        let mut segments = content.split(|&b| b == b'\r');
        let last = segments
            .clone()
            .rfind(|segment| shows_text(segment))
            .or_else(|| segments.rfind(|segment| !segment.is_empty()))
            .unwrap_or(&[]);
        text = Cow::Borrowed(last);
    }
    if memchr::memchr(0x1b, &text).is_some() {
        text = Cow::Owned(strip_ansi(&text));
    }
    text
}

/// True when a carriage-return segment shows text: something besides blanks and escapes.
pub(crate) fn shows_text(segment: &[u8]) -> bool {
    if segment.contains(&0x1b) {
        !trim(&strip_ansi(segment)).is_empty()
    } else {
        !trim(segment).is_empty()
    }
}

/// Removes CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC \`) and two-byte escape sequences.
pub fn strip_ansi(bytes: &[u8]) -> Vec<u8> {
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

/// Columns of a line's leading spaces and tabs, a tab to the next multiple of 8: how deep it
/// is indented where tabs and spaces mix.
pub(crate) fn indent_columns(line: &[u8]) -> usize {
    line.iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .fold(0, |col, &b| {
            if b == b'\t' {
                (col / 8 + 1) * 8
            } else {
                col + 1
            }
        })
}

/// How deep a line stands in a structure, where a tree is drawn as well as indented: its
/// [`indent_columns`], and when it opens with the bars and branches of a drawn tree
/// (`|  |--java.util.concurrent.ThreadPoolExecutor`, `│   ├── src`, `` `-- lib ``), the columns up
/// to its first other character, each drawing character one column. A `-` counts only right
/// after a bar or a branch: a leading dash is a list item or a diff's removed line.
pub(crate) fn depth_columns(line: &[u8]) -> usize {
    let mut i = 0usize;
    let mut columns = 0usize;
    let mut drawn = false;
    let mut after_bar = false;
    loop {
        match line.get(i) {
            Some(b' ' | b'\t') => {
                i += 1;
                columns += 1;
                after_bar = false;
            }
            Some(b'|' | b'`') => {
                i += 1;
                columns += 1;
                drawn = true;
                after_bar = true;
            }
            Some(b'-') if after_bar => {
                i += 1;
                columns += 1;
            }
            // `─` `│` `┌` `└` `├` (U+2500, U+2502, U+250C, U+2514, U+251C).
            Some(0xE2)
                if line.get(i + 1) == Some(&0x94)
                    && matches!(line.get(i + 2), Some(0x80 | 0x82 | 0x8C | 0x94 | 0x9C)) =>
            {
                i += 3;
                columns += 1;
                drawn = true;
                after_bar = true;
            }
            _ => break,
        }
    }
    if drawn {
        columns
    } else {
        indent_columns(line)
    }
}

/// The line without leading and trailing ASCII whitespace.
#[inline]
pub(crate) fn trim(line: &[u8]) -> &[u8] {
    // Most lines start and end with a visible byte (every ASCII whitespace byte is below
    // `!`): two compares settle them without the loops.
    if let (Some(&first), Some(&last)) = (line.first(), line.last()) {
        if first > b' ' && last > b' ' {
            return line;
        }
    }
    let start = indent_width(line);
    let mut end = line.len();
    while end > start && line[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    &line[start..end]
}

/// Whether `line` holds `byte` (see [`find_byte`]).
#[inline]
pub(crate) fn has_byte(line: &[u8], byte: u8) -> bool {
    find_byte(byte, line).is_some()
}

/// Slices up to this long are searched inline by [`find_byte`]; longer ones by memchr. Paths
/// and log lines often run past 64 bytes, and a hit is usually found in the first steps, where
/// memchr's call and set-up outweigh the inline steps.
const SHORT_SEARCH: usize = 160;

/// Position of the first `byte` in `hay`. Per-line tests search lines of a few dozen bytes,
/// where memchr's call and set-up outweigh the search: those are scanned inline, 16 bytes per
/// step, and only longer slices go to memchr.
#[inline]
pub(crate) fn find_byte(byte: u8, hay: &[u8]) -> Option<usize> {
    if hay.len() > SHORT_SEARCH {
        return memchr::memchr(byte, hay);
    }
    #[cfg(target_arch = "x86_64")]
    if hay.len() >= 16 {
        return find_byte_sse2(byte, hay);
    }
    let mut at = 0usize;
    while at + 8 <= hay.len() {
        let word = u64::from_le_bytes(hay[at..at + 8].try_into().expect("8 bytes"));
        if let Some(k) = zero_byte(word ^ (u64::from(byte) * LOW_BYTES)) {
            return Some(at + k);
        }
        at += 8;
    }
    hay[at..].iter().position(|&b| b == byte).map(|k| at + k)
}

const LOW_BYTES: u64 = 0x0101_0101_0101_0101;

/// Index of the lowest zero byte of `word`. The borrow trick may also flag bytes above a
/// zero byte, never below it, so the lowest flag is exact.
#[inline]
fn zero_byte(word: u64) -> Option<usize> {
    let flags = word.wrapping_sub(LOW_BYTES) & !word & (LOW_BYTES << 7);
    (flags != 0).then(|| (flags.trailing_zeros() / 8) as usize)
}

/// Whether `hay` holds `a` or `b`: one pass for two bytes (see [`find_byte`]).
#[inline]
pub(crate) fn has_either(hay: &[u8], a: u8, b: u8) -> bool {
    if hay.len() > SHORT_SEARCH {
        return memchr::memchr2(a, b, hay).is_some();
    }
    #[cfg(target_arch = "x86_64")]
    if hay.len() >= 16 {
        let mut at = 0usize;
        loop {
            // As in `find_byte_sse2`: the last step ends at the slice's end.
            let at_step = at.min(hay.len() - 16);
            let lane = hay[at_step..at_step + 16].try_into().expect("16 bytes");
            if pair_masks16(lane, [[a, b]])[0] != 0 {
                return true;
            }
            if at_step + 16 >= hay.len() {
                return false;
            }
            at += 16;
        }
    }
    hay.iter().any(|&x| x == a || x == b)
}

/// [`find_byte`] on 16..=[`SHORT_SEARCH`] bytes: 16-byte steps, the last one ending at the slice's end
/// (overlapping bytes already seen, which hold no match).
#[cfg(target_arch = "x86_64")]
#[inline]
fn find_byte_sse2(byte: u8, hay: &[u8]) -> Option<usize> {
    debug_assert!((16..=SHORT_SEARCH).contains(&hay.len()));
    let mut at = 0usize;
    loop {
        // The last step ends at the slice's end; `hay.len() >= 16` keeps it in bounds.
        let at_step = at.min(hay.len() - 16);
        let mask = byte_mask16(
            hay[at_step..at_step + 16].try_into().expect("16 bytes"),
            byte,
        );
        if mask != 0 {
            return Some(at_step + mask.trailing_zeros() as usize);
        }
        if at_step + 16 >= hay.len() {
            return None;
        }
        at += 16;
    }
}

/// `hay` in 16-byte chunks from its start, each as `(at, masks)` with `at` the chunk's offset:
/// bit `j` of `masks[k]` is set when `hay[at + j]` is either byte of `pairs[k]`, never for a
/// position past the end or seen in an earlier chunk. Per-line tests that each searched the
/// line for one byte share one pass this way: a 16-byte step compares all of `pairs` at once.
#[inline(always)]
pub(crate) fn byte_mask_chunks<const K: usize>(
    hay: &[u8],
    pairs: [[u8; 2]; K],
) -> ByteMaskChunks<'_, K> {
    ByteMaskChunks { hay, pairs, at: 0 }
}

/// The iterator of [`byte_mask_chunks`].
pub(crate) struct ByteMaskChunks<'a, const K: usize> {
    hay: &'a [u8],
    pairs: [[u8; 2]; K],
    /// Offset of the next chunk.
    at: usize,
}

impl<const K: usize> Iterator for ByteMaskChunks<'_, K> {
    type Item = (usize, [u32; K]);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, [u32; K])> {
        let (len, at) = (self.hay.len(), self.at);
        if at + 16 <= len {
            self.at += 16;
            let lane = self.hay[at..at + 16].try_into().expect("16 bytes");
            return Some((at, pair_masks16(lane, self.pairs)));
        }
        if at >= len {
            return None;
        }
        self.at = len;
        if len >= 16 {
            // The last 16 bytes, shifted so bit 0 is the first byte not seen yet.
            let seen = at - (len - 16);
            let lane = self.hay[len - 16..].try_into().expect("16 bytes");
            let masks = pair_masks16(lane, self.pairs);
            return Some((at, masks.map(|m| m >> seen)));
        }
        // Padding bytes may equal a searched byte (0): their bits are cleared.
        let mut lane = [0u8; 16];
        lane[..len].copy_from_slice(self.hay);
        let live = (1u32 << len) - 1;
        Some((0, pair_masks16(&lane, self.pairs).map(|m| m & live)))
    }
}

/// How many bytes of `hay` are control bytes (below 0x20) other than `allowed`, and whether
/// every byte is ASCII: the binary test's two counts in one pass, 16 bytes per SSE2 step.
pub(crate) fn control_bytes(hay: &[u8], allowed: [u8; 6]) -> (usize, bool) {
    let scalar = |bytes: &[u8]| {
        let controls = bytes
            .iter()
            .filter(|&&b| b < 0x20 && !allowed.contains(&b))
            .count();
        (controls, bytes.is_ascii())
    };
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        let mut controls = 0usize;
        let mut high = 0u32;
        let mut chunks = hay.chunks_exact(16);
        for lane in &mut chunks {
            let (bad, wide) =
                crate::simd::control_masks16(lane.try_into().expect("16 bytes"), allowed);
            controls += bad.count_ones() as usize;
            high |= wide;
        }
        let (tail_controls, tail_ascii) = scalar(chunks.remainder());
        (controls + tail_controls, high == 0 && tail_ascii)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        scalar(hay)
    }
}

/// One mask per pair of `pairs` over the 16 bytes of `lane`: bit `i` of mask `k` is set when
/// `lane[i]` is either byte of `pairs[k]` (SSE2 on x86-64).
#[inline(always)]
fn pair_masks16<const K: usize>(lane: &[u8; 16], pairs: [[u8; 2]; K]) -> [u32; K] {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    return crate::simd::pair_masks16(lane, pairs);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    pair_masks16_bytewise(lane, pairs)
}

/// [`pair_masks16`] a byte at a time: other targets, and the reference tests hold the vector
/// step to.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(test)),
    allow(dead_code)
)]
fn pair_masks16_bytewise<const K: usize>(lane: &[u8; 16], pairs: [[u8; 2]; K]) -> [u32; K] {
    pairs.map(|[a, b]| {
        lane.iter()
            .enumerate()
            .filter(|&(_, &x)| x == a || x == b)
            .fold(0u32, |mask, (i, _)| mask | 1 << i)
    })
}

/// Bit `i` set for each `byte` at `lane[i]` (the building block of [`newline_mask`] and
/// [`find_byte_sse2`]).
#[inline(always)]
fn byte_mask16(lane: &[u8; 16], byte: u8) -> u32 {
    pair_masks16(lane, [[byte, byte]])[0]
}

/// Whether `a` and `b` hold the same bytes, compared inline. Per-line tests compare lines or
/// path components that are mostly short, or of one length and differing in their last bytes
/// (neighbouring lines of a listing), where a `memcmp` call outweighs the bytes: the last 8
/// bytes are compared first, and a longer slice's rest only when they agree.
#[inline(always)]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let len = a.len();
    if len != b.len() {
        return false;
    }
    if len < 8 {
        return a.iter().zip(b).all(|(x, y)| x == y);
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().expect("8"));
    if word(a, len - 8) != word(b, len - 8) {
        return false;
    }
    if len <= 16 {
        // The two words may overlap; together they cover every byte.
        return word(a, 0) == word(b, 0);
    }
    a[..len - 8] == b[..len - 8]
}

/// Length of the longest common prefix of `a` and `b`, compared 8 bytes at a time.
pub(crate) fn common_prefix_len(a: &[u8], b: &[u8]) -> usize {
    let len = a.len().min(b.len());
    let mut at = 0usize;
    while at + 8 <= len {
        let x = u64::from_le_bytes(a[at..at + 8].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"));
        if x != y {
            return at + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    if at < len && len >= 8 {
        // The tail as one more 8-byte step ending at `len`: its bytes before `at` were already
        // found equal, so its first difference is the first one past `at`. Paths end in a few
        // bytes that a byte loop compared one branch at a time.
        let x = u64::from_le_bytes(a[len - 8..len].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(b[len - 8..len].try_into().expect("8 bytes"));
        return if x == y {
            len
        } else {
            len - 8 + ((x ^ y).trailing_zeros() / 8) as usize
        };
    }
    at + a[at..len]
        .iter()
        .zip(&b[at..len])
        .take_while(|(x, y)| x == y)
        .count()
}

#[cfg(test)]
mod tests {
    use super::{
        byte_mask_chunks, common_prefix_len, control_bytes, find_byte, line_starts, split_lines,
        LineIndex, Newlines,
    };

    /// `split_lines` gives the pieces the standard split on newlines gives: empty input, no
    /// newline, a final newline or none, empty lines, and lines across 64-byte blocks.
    #[test]
    fn split_lines_is_the_split_on_newlines() {
        let mut next = crate::compact::select::xorshift(0x6c69_6e65_7370_6c74);
        let mut cases: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"\n".to_vec(),
            b"\n\n".to_vec(),
            b"a".to_vec(),
            b"a\n".to_vec(),
            b"a\nb".to_vec(),
        ];
        for len in [63usize, 64, 65, 127, 128, 129, 300, 1000] {
            for _ in 0..20 {
                let odds = 1 + next() % 40;
                cases.push(
                    (0..len)
                        .map(|_| {
                            if next().is_multiple_of(odds) {
                                b'\n'
                            } else {
                                b'x'
                            }
                        })
                        .collect(),
                );
            }
        }
        for case in &cases {
            let ours: Vec<&[u8]> = split_lines(case).collect();
            let std: Vec<&[u8]> = case.split(|&b| b == b'\n').collect();
            assert_eq!(ours, std, "{case:?}");
        }
    }

    /// The index of a small input as built before the count was read off the index: a
    /// counting pass first, then the form it elects.
    fn index_by_counting(input: &[u8]) -> LineIndex {
        let estimate = super::estimate_lines(input);
        if estimate.saturating_mul(super::SHORT_LINE_BYTES) > input.len()
            && input.len() > super::BLOCK
        {
            let entries = super::line_start_iter(input).chain(std::iter::once(input.len() as u32));
            if let Some(starts) = super::Starts::narrow(entries, estimate + 2) {
                return LineIndex { starts };
            }
        }
        LineIndex::new_wide(input)
    }

    proptest::proptest! {
        /// Small inputs take the form (narrow or wide) and starts a counting pass gave them,
        /// around the short-line boundary and with and without a final newline.
        #[test]
        fn small_indexes_match_the_counting_build(
            lens in proptest::collection::vec(0usize..70, 0..400),
            tail in 0usize..40,
            final_newline in proptest::bool::ANY,
        ) {
            let mut input = Vec::new();
            for len in lens {
                input.extend(std::iter::repeat_n(b'x', len));
                input.push(b'\n');
            }
            input.extend(std::iter::repeat_n(b'y', tail));
            if final_newline {
                input.push(b'\n');
            }
            let (small, counted) = (LineIndex::new(&input, usize::MAX), index_by_counting(&input));
            proptest::prop_assert_eq!(small.is_narrow(), counted.is_narrow());
            proptest::prop_assert_eq!(small.len(), counted.len());
            for k in 0..=small.len() {
                proptest::prop_assert_eq!(small.starts().get(k), counted.starts().get(k));
            }
        }
    }

    /// Inputs past the estimate's sample are indexed from the sample's starts onwards: the
    /// result must match the counting build whatever the line lengths (narrow, wide, and a
    /// short-line input whose one huge line forces the wide form) and wherever a line crosses
    /// or ends at the sample's last byte.
    #[test]
    fn large_indexes_match_the_counting_build() {
        let sample = super::ESTIMATE_SAMPLE;
        let shapes: [&[usize]; 4] = [&[5, 17, 0, 30], &[90, 140, 61], &[3, 70_000, 4], &[63]];
        for lines in shapes {
            for shift in (0..3).chain(60..68) {
                for final_newline in [false, true] {
                    let mut input = vec![b'p'; shift];
                    let mut k = 0usize;
                    while input.len() < sample + 5000 {
                        input.extend(std::iter::repeat_n(b'x', lines[k % lines.len()]));
                        input.push(b'\n');
                        k += 1;
                    }
                    // A newline as the sample's last byte, or a line across its end.
                    input[sample - 1] = if shift % 2 == 0 { b'\n' } else { b'z' };
                    if !final_newline {
                        input.push(b'y');
                    }
                    let (large, counted) = (
                        LineIndex::new(&input, usize::MAX),
                        index_by_counting(&input),
                    );
                    assert_eq!(large.is_narrow(), counted.is_narrow(), "{lines:?} {shift}");
                    assert_eq!(large.len(), counted.len(), "{lines:?} {shift}");
                    for i in 0..=large.len() {
                        assert_eq!(
                            large.starts().get(i),
                            counted.starts().get(i),
                            "{lines:?} {shift} {i}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn trim_agrees_with_trimming_byte_by_byte() {
        let bytes = [
            b' ', b'\t', b'\r', b'\n', 0x0c, 0x0b, 0x1b, b'!', b'a', 0x80, 0xff, 0,
        ];
        for &first in &bytes {
            for &middle in &bytes {
                for &last in &bytes {
                    for line in [vec![first, middle, last], vec![first, last], vec![first]] {
                        let start = line
                            .iter()
                            .position(|&b| b != b' ' && b != b'\t')
                            .unwrap_or(line.len());
                        let mut end = line.len();
                        while end > start && line[end - 1].is_ascii_whitespace() {
                            end -= 1;
                        }
                        assert_eq!(super::trim(&line), &line[start..end], "{line:?}");
                    }
                }
            }
        }
        assert_eq!(super::trim(b""), b"");
    }

    #[test]
    fn same_bytes_agrees_with_slice_equality() {
        let lines: Vec<Vec<u8>> = (0..=40usize)
            .flat_map(|len| {
                let base: Vec<u8> = (0..len).map(|k| b'a' + (k % 26) as u8).collect();
                // The same bytes, one byte changed at each position, and one byte shorter.
                let mut variants = vec![base.clone(), base[..len.saturating_sub(1)].to_vec()];
                for at in 0..len {
                    let mut changed = base.clone();
                    changed[at] = b'Z';
                    variants.push(changed);
                }
                variants
            })
            .collect();
        for a in &lines {
            for b in &lines {
                assert_eq!(super::same_bytes(a, b), a == b, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn common_prefixes_across_the_8_byte_steps() {
        let a = b"/usr/include/x86_64-linux-gnu/sys/stat.h";
        for cut in 0..a.len() {
            let mut b = a.to_vec();
            b[cut] = b'#';
            assert_eq!(common_prefix_len(a, &b), cut);
            assert_eq!(common_prefix_len(&a[..cut], a), cut);
        }
        assert_eq!(common_prefix_len(a, a), a.len());
        assert_eq!(common_prefix_len(b"", a), 0);
    }

    #[test]
    fn common_prefixes_of_every_length_and_difference_agree_with_a_byte_loop() {
        // Lengths that are not multiples of 8 end in the overlapping tail step.
        let a = b"/usr/include/x86_64-linux-gnu/sys/stat.h";
        for len in 0..=a.len() {
            for cut in 0..=len {
                let mut b = a[..len].to_vec();
                if cut < len {
                    b[cut] = b'#';
                }
                let by_bytes = a[..len].iter().zip(&b).take_while(|(x, y)| x == y).count();
                assert_eq!(common_prefix_len(&a[..len], &b), by_bytes, "{len} {cut}");
                assert_eq!(common_prefix_len(&b, a), by_bytes.min(len), "{len} {cut}");
            }
        }
    }

    /// Lines of `x` of the given lengths, each ending in a newline, then `tail` bytes of `y`
    /// without one.
    fn lines_then_tail(lines: &[usize], tail: usize) -> Vec<u8> {
        let mut bytes = Vec::new();
        for &len in lines {
            bytes.extend(std::iter::repeat_n(b'x', len));
            bytes.push(b'\n');
        }
        bytes.extend(std::iter::repeat_n(b'y', tail));
        bytes
    }

    proptest::proptest! {
        /// The block-wise newline walk finds what memchr finds: lines of every length around
        /// the 64-byte blocks, and gaps long enough to hand over to memchr.
        #[test]
        fn newlines_match_memchr(lines in proptest::collection::vec(0usize..200, 0..40), tail in 0usize..70) {
            let bytes = lines_then_tail(&lines, tail);
            let found: Vec<usize> = Newlines::new(&bytes).collect();
            let expected: Vec<usize> = memchr::memchr_iter(b'\n', &bytes).collect();
            proptest::prop_assert_eq!(found, expected);
        }
    }

    #[test]
    fn byte_mask_chunks_mark_every_position_once() {
        for len in 0..=70usize {
            // Zero bytes too: the padding of short inputs must not show up as matches.
            let hay: Vec<u8> = (0..len)
                .map(|k| [b'a', b':', 0, b'-', b' '][k % 5])
                .collect();
            let mut seen = vec![[false; 2]; len];
            let mut next = 0usize;
            for (at, [colon_or_dash, zero]) in byte_mask_chunks(&hay, [[b':', b'-'], [0, 0]]) {
                assert_eq!(at, next, "chunks follow each other (len {len})");
                for bit in 0..32 {
                    let (c, z) = (colon_or_dash >> bit & 1 == 1, zero >> bit & 1 == 1);
                    if c || z {
                        assert!(at + bit < len, "bit past the end (len {len})");
                        seen[at + bit] = [c, z];
                    }
                }
                next = (at + 16).min(len);
            }
            assert_eq!(next, len);
            for (k, &b) in hay.iter().enumerate() {
                assert_eq!(
                    seen[k],
                    [b == b':' || b == b'-', b == 0],
                    "len {len} at {k}"
                );
            }
        }
    }

    proptest::proptest! {
        /// Hits of each pair in and across 64-byte blocks, the last block short or whole.
        #[test]
        fn marked_positions_match_a_byte_loop(hay in proptest::collection::vec(proptest::sample::select(b"ab:=PF".to_vec()), 0..300)) {
            let pairs = [[b':', b':'], [b'P', b'F'], [b'=', b'a']];
            let marks = super::pair_marks64(&hay, pairs);
            proptest::prop_assert_eq!(&marks, &super::pair_marks64_with(&hay, pairs, false));
            for (class, [a, b]) in pairs.into_iter().enumerate() {
                let found: Vec<usize> = super::MarkedPositions::new(&marks, class).collect();
                let expected: Vec<usize> = (0..hay.len()).filter(|&i| hay[i] == a || hay[i] == b).collect();
                proptest::prop_assert_eq!(found, expected);
            }
        }

        #[test]
        fn control_bytes_match_a_byte_loop(hay in proptest::collection::vec(proptest::sample::select(vec![0u8, 8, 9, 10, 13, 27, 31, 32, 65, 127, 128, 200, 255]), 0..100)) {
            let allowed = [b'\n', b'\r', b'\t', 0x1b, 0x0c, 0x08];
            let controls = hay.iter().filter(|&&b| b < 0x20 && !allowed.contains(&b)).count();
            proptest::prop_assert_eq!(control_bytes(&hay, allowed), (controls, hay.is_ascii()));
        }
    }

    /// Every byte value, in the vector lanes and in the tail, against the allowed sets the
    /// nibble lookup takes and one whose bytes share a nibble (the compare-per-byte path).
    #[test]
    fn control_bytes_of_every_byte_value() {
        let sets = [
            [b'\n', b'\r', b'\t', 0x1b, 0x0c, 0x08],
            [0x0b, 0x1b, b'\t', b'\t', b'\t', b'\t'],
        ];
        for allowed in sets {
            for value in 0..=255u8 {
                for at in [0usize, 17, 31, 32, 63, 64, 70] {
                    let mut hay = vec![b'a'; 71];
                    hay[at] = value;
                    hay[(at + 40) % 71] = value;
                    let controls = hay
                        .iter()
                        .filter(|&&b| b < 0x20 && !allowed.contains(&b))
                        .count();
                    assert_eq!(
                        control_bytes(&hay, allowed),
                        (controls, hay.is_ascii()),
                        "{value} at {at}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// The line index's starts are where `split` on `\n` says lines start (a final
        /// empty piece is no line), on inputs that end with and without a newline.
        #[test]
        fn line_starts_match_split(lines in proptest::collection::vec(0usize..150, 0..40), tail in 0usize..70) {
            let bytes = lines_then_tail(&lines, tail);
            let mut expected = Vec::new();
            let mut start = 0u32;
            for piece in bytes.split(|&b| b == b'\n') {
                expected.push(start + 7);
                start += piece.len() as u32 + 1;
            }
            if bytes.is_empty() || bytes.ends_with(b"\n") {
                expected.pop();
            }
            proptest::prop_assert_eq!(&line_starts(&bytes, 7), &expected);
            // The portable masks, whatever the CPU picks above.
            proptest::prop_assert_eq!(super::line_starts_by(&bytes, 7, 0, super::newline_mask), expected);
        }
    }

    #[test]
    fn has_either_agrees_with_memchr2_at_every_length_and_position() {
        for len in 0..=(super::SHORT_SEARCH + 20) {
            for at in 0..len {
                for (hit, other) in [(b' ', b'\t'), (b'\t', b' ')] {
                    let mut hay = vec![b'a'; len];
                    hay[at] = hit;
                    assert!(super::has_either(&hay, other, hit), "len {len} at {at}");
                    assert!(super::has_either(&hay, hit, other), "len {len} at {at}");
                }
            }
            let hay = vec![b'a'; len];
            assert!(!super::has_either(&hay, b' ', b'\t'), "len {len}");
        }
    }

    #[test]
    fn find_byte_agrees_with_memchr_at_every_length_and_position() {
        for len in 0..=(super::SHORT_SEARCH + 20) {
            for at in 0..len {
                let mut hay = vec![b'a'; len];
                hay[at] = b'/';
                // A second hit after the first must not be reported instead.
                if at + 3 < len {
                    hay[at + 3] = b'/';
                }
                assert_eq!(find_byte(b'/', &hay), Some(at), "len {len} at {at}");
                assert_eq!(find_byte(b'/', &hay), memchr::memchr(b'/', &hay));
            }
            let hay: Vec<u8> = (0..len).map(|k| 0x80 | (k as u8 & 0x7f)).collect();
            assert_eq!(find_byte(b'/', &hay), None, "len {len}");
            assert_eq!(find_byte(0x80, &hay), (len > 0).then_some(0));
            assert_eq!(find_byte(0xff, &hay), memchr::memchr(0xff, &hay));
        }
    }
}
