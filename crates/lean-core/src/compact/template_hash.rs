//! Template and message hashes of lines: the line with its variable words (numbers, paths,
//! quoted strings, qualified names, key=value) masked, hashed a 32-byte chunk at a time from
//! per-class bit masks, so lines that differ only in those words share a template. Also the
//! readable form of a template for markers ([`template_text`]), and each line's [`Shape`]: the
//! template pass reads the byte classes a shape is made of, so it works shapes out in the same
//! read of the line instead of the selection classifying every line's bytes again.

/// Only this many leading bytes of a line shape its template: longer lines are rarely
/// repetitive beyond that, and it bounds the per-line cost.
const TEMPLATE_PREFIX: usize = 200;

/// Byte that makes the word containing it variable (numbers, paths, quotes, key=value).
#[inline]
const fn is_variable_byte(b: u8) -> bool {
    matches!(
        b,
        b'0'..=b'9' | b'/' | b'\\' | b'@' | b'=' | b'"' | b'\'' | b'`'
    )
}

/// True for a word whose exact value should not distinguish templates: numbers, hex ids, paths,
/// quoted strings, qualified names (`a::b`, `file.ext`), key=value pairs and very long tokens.
/// Must agree with the block-wise rules in [`words_hash_with`] (a test checks it).
fn is_variable_word(word: &[u8]) -> bool {
    if word.len() > 32 {
        return true;
    }
    // One pass for all three tests (a variable byte, `::`, a dot after the first byte before
    // a letter or digit): markers call this per word, where three passes over it cost more.
    let mut previous = 0u8;
    for (i, &b) in word.iter().enumerate() {
        if is_variable_byte(b)
            || (previous == b':' && b == b':')
            || (previous == b'.' && i >= 2 && b.is_ascii_alphanumeric())
        {
            return true;
        }
        previous = b;
    }
    false
}

/// Lines longer than this are shaped by their first [`LONG_LINE_WORDS`] words only: verbose
/// build logs print one long command per step (`Running \`rustc --crate-name x …\``, `cc -O2
/// … -c x.c`), each with different flags, and they are one template (principle 5).
const LONG_LINE: usize = 160;
const LONG_LINE_WORDS: usize = 3;

/// The part of `line` that shapes its template.
fn template_span(line: &[u8]) -> &[u8] {
    let head = &line[..line.len().min(TEMPLATE_PREFIX)];
    if line.len() <= LONG_LINE {
        return head;
    }
    let indent = super::lines::indent_width(head);
    let mut words = 0usize;
    let mut in_word = false;
    for (i, &b) in head.iter().enumerate().skip(indent) {
        let separator = b == b' ' || b == b'\t';
        if separator && in_word {
            words += 1;
            if words == LONG_LINE_WORDS {
                return &head[..i];
            }
        }
        in_word = !separator;
    }
    head
}

/// Calls `each` with every word of `line` (split on spaces and tabs) and whether it is variable.
fn for_each_word(line: &[u8], mut each: impl FnMut(&[u8], bool)) {
    let line = template_span(line);
    for word in line.split(|&b| b == b' ' || b == b'\t') {
        if !word.is_empty() {
            each(word, is_variable_word(word));
        }
    }
}

/// Words of a line its [`Shape`] reads: the slots the selection compares (see
/// `select::slots`) are these words, so a line's shape and its slots agree.
pub(crate) const SHAPE_WORDS: usize = 24;
/// Bytes of a line its [`Shape`] reads.
pub(crate) const SHAPE_BYTES: usize = 512;
/// The shape hash of a line without words.
pub(crate) const EMPTY_SHAPE: u64 = 0xcbf2_9ce4_8422_2325;

/// A line's shape: per word (split on spaces and tabs, at most [`SHAPE_WORDS`] of its first
/// [`SHAPE_BYTES`] bytes), whether it is a word of letters, a number (it holds a digit), or
/// other (paths, punctuation), mixed into one hash; and its number of words. Lines of one
/// shape are look-alikes even when a constant word differs (`WARN` among `INFO`), which their
/// templates tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) hash: u64,
    pub(crate) words: u8,
}

impl Shape {
    /// The shape of a line without words, where each word's class is mixed in.
    const EMPTY: Shape = Shape {
        hash: EMPTY_SHAPE,
        words: 0,
    };

    /// Mixes in the next word, of letters only (`letters`), holding a digit (`digit`), or
    /// neither. Returns whether the shape has read its last word.
    #[inline(always)]
    fn add_word(&mut self, letters: bool, digit: bool) -> bool {
        // 1 for a word of letters, 2 for one with a digit, 3 for other: a word of letters
        // holds no digit, so no branch is needed to tell them.
        let class = 3 - 2 * u64::from(letters) - u64::from(digit);
        self.hash = (self.hash ^ class).wrapping_mul(0x0100_0000_01b3);
        self.words += 1;
        usize::from(self.words) == SHAPE_WORDS
    }
}

/// The [`Shape`] of `line` read alone: the lines the template pass does not read in place
/// (long ones, the last few of a buffer), and text that is no line of the pass (a grep hit
/// after its prefix).
pub(crate) fn line_shape(line: &[u8]) -> Shape {
    shape_with::<Native>(line)
}

/// [`line_shape`] on classifier `C`, 32 bytes at a time from the byte classes.
#[inline(always)]
fn shape_with<C: Classify>(line: &[u8]) -> Shape {
    let head = &line[..line.len().min(SHAPE_BYTES)];
    let mut shape = Shape::EMPTY;
    let (mut in_word, mut letters, mut digit) = (false, true, false);
    let mut padded = [b' '; 32];
    for chunk in head.chunks(32) {
        // A short last chunk is padded with spaces: its last word ends where the line does.
        let block: &[u8; 32] = match chunk.try_into() {
            Ok(whole) => whole,
            Err(_) => {
                padded[..chunk.len()].copy_from_slice(chunk);
                &padded
            }
        };
        let lanes = C::classify32(block);
        let mut pos = 0u32;
        while pos < 32 {
            if !in_word {
                let starts = !lanes.separator & (!0u32 << pos);
                if starts == 0 {
                    break;
                }
                pos = starts.trailing_zeros();
                (in_word, letters, digit) = (true, true, false);
            }
            let ends = lanes.separator & (!0u32 << pos);
            let end = if ends == 0 { 32 } else { ends.trailing_zeros() };
            let below_end = if end == 32 { !0u32 } else { (1u32 << end) - 1 };
            let word = (!0u32 << pos) & below_end;
            letters &= lanes.letter & word == word;
            digit |= lanes.digit & word != 0;
            if ends == 0 {
                break;
            }
            if shape.add_word(letters, digit) {
                return shape;
            }
            in_word = false;
            pos = end;
        }
    }
    if in_word {
        shape.add_word(letters, digit);
    }
    shape
}

/// Stands for any variable word in a template hash.
const VARIABLE_WORD: u64 = 0x9e37_79b9_7f4a_7c15;

/// Where every line's hash starts; the indent is mixed in first.
const SEED: u64 = 0xcbf2_9ce4_8422_2325;

/// One step of the hash: a rotate, an xor and a multiply, so the top bits (which the interner
/// uses for its slots) depend on every bit mixed in so far.
#[inline(always)]
const fn mix(hash: u64, value: u64) -> u64 {
    (hash.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95)
}

/// `mix(SEED, indent)` for every count of leading blanks a 64-bit mask gives (0 to 64), the
/// indent capped at 16 (the hash tells no deeper indents apart): a line's first step is one
/// load, with no multiply and no cap.
static INDENT_SEEDS: [u64; 65] = {
    let mut seeds = [0u64; 65];
    let mut blanks = 0;
    while blanks < seeds.len() {
        let indent = if blanks < 16 { blanks } else { 16 };
        seeds[blanks] = mix(SEED, indent as u64);
        blanks += 1;
    }
    seeds
};

/// The hash's first step for a line starting with `blanks` blanks (the trailing ones of a
/// 64-bit mask, so at most 64).
#[inline(always)]
fn indent_seed(blanks: u32) -> u64 {
    INDENT_SEEDS[blanks as usize]
}

/// Hash of the line's template; equal for lines that differ only in variable words. The engine
/// hashes all lines at once through [`for_each_template_hash`]; this is one line of that.
#[cfg(test)]
pub(crate) fn template_hash(line: &[u8]) -> u64 {
    let mut hash = 0;
    for_each_template_hash(std::iter::once(LineInBuffer::alone(line)), |h| hash = h[0]);
    hash
}

/// A line of `len` bytes at the start of `bytes`, which runs on to the end of the buffer the
/// line lies in. The template hash reads whole 32-byte chunks and 8-byte words from the line's
/// start when [`SLACK`] bytes follow its end, with no copy and no loads fitted to its end;
/// only the last lines of a buffer lack them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineInBuffer<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) len: usize,
}

impl<'a> LineInBuffer<'a> {
    /// `line` with nothing after it.
    pub(crate) fn alone(line: &'a [u8]) -> Self {
        LineInBuffer {
            bytes: line,
            len: line.len(),
        }
    }
}

/// Bytes past a line's end that let the template hash read it in place (see
/// [`LineInBuffer`]): a 32-byte chunk is read only when it starts before the line's end, so
/// it ends at most 31 bytes past it, and an 8-byte load from a word's start at most 7.
const SLACK: usize = 32;

/// Lines up to this long (all but the long lines) are hashed in place from three 64-bit masks
/// at most (longer ones, and lines without [`SLACK`], take the block-wise [`words_hash_with`]).
const IN_PLACE_MAX: usize = LONG_LINE;
const _: () = assert!(IN_PLACE_MAX <= 192);

/// Calls `each` with the template hashes of the lines of `lines`, in order, a batch of up to
/// [`BATCH`] lines at a time (equal for lines that differ only in variable words). One pass
/// over the bytes, no allocation; the CPU check and the classifier's constants are set up once
/// for all lines instead of once per line.
#[inline]
pub(crate) fn for_each_template_hash<'a>(
    lines: impl Iterator<Item = LineInBuffer<'a>>,
    mut each: impl FnMut(&[u64]),
) {
    in_batches(lines, template_hash_out_of_line, |hashes, _| each(hashes));
}

/// Calls `each` with the template hashes of the lines of `bytes` that `starts` delimits (line
/// `i` is `bytes[starts[i]..starts[i + 1]]` with its `\n` or `\r\n` cut, then its first
/// `skip(i, line)` bytes), in order, a batch at a time: [`for_each_template_hash`] for a
/// buffer's own lines. `starts` must not decrease and end within `bytes`, and every line but
/// the buffer's last must end in `\n` (a line index built on the newlines is so).
///
/// Most lines end [`SLACK`] bytes or more before the buffer does: those are stepped through
/// with no test of the slack or of a missing `\n` (one search finds where they stop), so a
/// line costs two loads of the index and one test for a `\r`; the rest take the general step.
#[inline]
pub(crate) fn for_each_buffer_template_hash(
    bytes: &[u8],
    starts: &[u32],
    skip: impl Fn(usize, &[u8]) -> usize,
    mut each: impl FnMut(&[u64]),
) {
    buffer_lines::<Native, false>(bytes, starts, skip, |hashes, _| each(hashes));
}

/// [`for_each_buffer_template_hash`] of whole lines (no bytes skipped) that also hands `each`
/// every line's [`Shape`], worked out from the masks its template hash is read from.
#[inline]
pub(crate) fn for_each_buffer_template_hash_and_shape(
    bytes: &[u8],
    starts: &[u32],
    each: impl FnMut(&[u64], &[Shape]),
) {
    buffer_lines::<Native, true>(bytes, starts, |_, _| 0, each);
}

/// [`for_each_buffer_template_hash`] on classifier `C`.
#[cfg(test)]
fn buffer_template_hashes<C: Classify>(
    bytes: &[u8],
    starts: &[u32],
    skip: impl Fn(usize, &[u8]) -> usize,
    mut each: impl FnMut(&[u64]),
) {
    buffer_lines::<C, false>(bytes, starts, skip, |hashes, _| each(hashes));
}

/// The pass of [`for_each_buffer_template_hash`] on classifier `C`; with `SHAPES`, each line's
/// [`Shape`] too (without, `each` gets [`Shape::EMPTY`] for every line).
#[inline(always)]
fn buffer_lines<C: Classify, const SHAPES: bool>(
    bytes: &[u8],
    starts: &[u32],
    skip: impl Fn(usize, &[u8]) -> usize,
    mut each: impl FnMut(&[u64], &[Shape]),
) {
    let lines = starts.len().saturating_sub(1);
    if lines == 0 {
        return;
    }
    assert!(
        starts[lines] as usize <= bytes.len(),
        "line index past its bytes"
    );
    // Lines whose span ends at `limit` or before have the slack after their text, and a `\n`
    // (the buffer's last line ends at its end, past `limit`). Entries never decrease, so they
    // are a prefix of the lines.
    let limit = bytes.len().saturating_sub(SLACK);
    let ends = &starts[1..];
    let fast = ends.partition_point(|&end| end as usize <= limit);
    let mut batch = [0u64; BATCH];
    let mut shapes = [Shape::EMPTY; BATCH];
    let mut start = starts[0] as usize;
    let mut line = 0;
    for chunk in ends[..fast].chunks(BATCH) {
        for ((slot, shape), &end) in batch.iter_mut().zip(shapes.iter_mut()).zip(chunk) {
            let end = end as usize;
            // Without its `\n`, then without a `\r` before it (as `without_terminator`). The
            // span may be empty (an empty buffer's one line ends at 0): checked slicing and
            // patterns, no arithmetic on its length.
            let whole = without_newline(&bytes[start..end]);
            let len = whole.len();
            let cut = skip(line, whole).min(len);
            let (at, n) = (start + cut, len - cut);
            (*slot, *shape) = if n <= IN_PLACE_MAX {
                // The text ends by `end <= limit`, so `SLACK` bytes follow it.
                words_hash_in_place::<C, false, SHAPES>(&bytes[at..], n)
            } else {
                // Rare: out of line, so the loop stays small.
                let text = &bytes[at..at + n];
                (C::unpadded_hash(text), shape_alone::<C, SHAPES>(text))
            };
            start = end;
            line += 1;
        }
        each(&batch[..chunk.len()], &shapes[..chunk.len()]);
    }
    // The last lines (the slack runs out), through the general step.
    let rest = (fast..lines).map(|i| {
        let text = without_newline(&bytes[starts[i] as usize..starts[i + 1] as usize]);
        let cut = skip(i, text).min(text.len());
        let at = starts[i] as usize + cut;
        LineInBuffer {
            bytes: &bytes[at..],
            len: text.len() - cut,
        }
    });
    let hash_and_shape = |line: LineInBuffer<'_>| {
        let shape = shape_alone::<C, SHAPES>(&line.bytes[..line.len]);
        (template_hash_of::<C>(line), shape)
    };
    in_batches(rest, hash_and_shape, each);
}

/// With `SHAPES`, the [`Shape`] of `line` read alone (out of line: only long lines and a
/// buffer's last few take this); without, [`Shape::EMPTY`].
#[inline(always)]
fn shape_alone<C: Classify, const SHAPES: bool>(line: &[u8]) -> Shape {
    if SHAPES {
        C::shape_out_of_line(line)
    } else {
        Shape::EMPTY
    }
}

/// `span` without its final `\n` or `\r\n`.
#[inline(always)]
fn without_newline(span: &[u8]) -> &[u8] {
    match span {
        [text @ .., b'\r', b'\n'] | [text @ .., b'\n'] => text,
        _ => span,
    }
}

/// [`template_hash_of`] on the native classifier, compiled out of line so the batch loop
/// that calls it stays small.
#[inline(never)]
fn template_hash_out_of_line(line: LineInBuffer<'_>) -> (u64, Shape) {
    (template_hash_of::<Native>(line), Shape::EMPTY)
}

/// Lines hashed per batch before the caller sees their hashes.
const BATCH: usize = 32;

/// Hashes `lines` with `hash` a batch at a time into a small buffer, then hands each batch to
/// `each`: the caller's loop over a batch (the interner) and the hash loop each keep their own
/// values in registers. `hash` gives each line's template hash and its shape (or
/// [`Shape::EMPTY`] when the caller asks for none).
#[inline(always)]
fn in_batches<'a>(
    mut lines: impl Iterator<Item = LineInBuffer<'a>>,
    hash: impl Fn(LineInBuffer<'a>) -> (u64, Shape),
    mut each: impl FnMut(&[u64], &[Shape]),
) {
    let mut batch = [0u64; BATCH];
    let mut shapes = [Shape::EMPTY; BATCH];
    loop {
        // One counter for the slot and the count (an iterator over the slots kept a second).
        let mut count = 0;
        while count < BATCH {
            let Some(line) = lines.next() else { break };
            (batch[count], shapes[count]) = hash(line);
            count += 1;
        }
        if count > 0 {
            each(&batch[..count], &shapes[..count]);
        }
        if count < BATCH {
            return;
        }
    }
}

/// Finer key than the template hash: only words with digits are masked, so the same message
/// about different names (paths, quoted identifiers) hashes differently. Read in place, as the
/// template hash is, when the line has [`SLACK`] bytes after it in its buffer.
pub(crate) fn message_hash(line: LineInBuffer<'_>) -> u64 {
    message_hash_of::<Native>(line)
}

/// The template hash on classifier `C`: the first [`TEMPLATE_PREFIX`] bytes, and of a line
/// longer than [`LONG_LINE`] only its first [`LONG_LINE_WORDS`] words (the cut of
/// [`template_span`]).
#[inline(always)]
fn template_hash_with<C: Classify>(line: &[u8]) -> u64 {
    if line.len() > LONG_LINE {
        // Rare: out of line, so the loops that inline this stay small.
        C::long_line_hash(&line[..TEMPLATE_PREFIX.min(line.len())])
    } else {
        words_hash_with::<C, false, false>(line)
    }
}

/// The template hash of `line` on classifier `C`: in place (see [`LineInBuffer`]) when the
/// line is at most [`IN_PLACE_MAX`] bytes long and [`SLACK`] bytes follow it, else
/// [`template_hash_with`].
#[inline(always)]
fn template_hash_of<C: Classify>(line: LineInBuffer<'_>) -> u64 {
    // The fallback is rare (a buffer's last line, and the long lines): out of line, so the
    // loops that inline this stay small.
    in_place_or::<C, false>(line, C::unpadded_hash)
}

/// The words hash of `line` read in place when it is at most [`IN_PLACE_MAX`] bytes long and
/// [`SLACK`] bytes follow it in its buffer, else `fallback` of the line alone: the one test
/// [`template_hash_of`] and [`message_hash_of`] share.
#[inline(always)]
fn in_place_or<C: Classify, const DIGITS_ONLY: bool>(
    line: LineInBuffer<'_>,
    fallback: impl FnOnce(&[u8]) -> u64,
) -> u64 {
    let n = line.len;
    if n <= IN_PLACE_MAX && line.bytes.len() >= n + SLACK {
        words_hash_in_place::<C, DIGITS_ONLY, false>(line.bytes, n).0
    } else {
        fallback(&line.bytes[..n])
    }
}

/// [`message_hash`] on classifier `C` of a line alone (the block-wise path).
#[inline(always)]
fn message_hash_with<C: Classify>(line: &[u8]) -> u64 {
    words_hash_with::<C, true, false>(&line[..line.len().min(TEMPLATE_PREFIX)])
}

/// [`message_hash`] on classifier `C`: in place when the line is at most [`IN_PLACE_MAX`]
/// bytes long (then no [`TEMPLATE_PREFIX`] cut applies) and [`SLACK`] bytes follow it, else
/// [`message_hash_with`]. Error lines run long: the block-wise path restarted at each
/// 64-byte block.
#[inline(always)]
fn message_hash_of<C: Classify>(line: LineInBuffer<'_>) -> u64 {
    in_place_or::<C, true>(line, message_hash_with::<C>)
}

/// The hash of the indent (up to 16 blanks) and the words of `line` (at most
/// [`TEMPLATE_PREFIX`] bytes; only the first [`LONG_LINE_WORDS`] when `CUT`), each word either
/// [`VARIABLE_WORD`] or its bytes. With `DIGITS_ONLY`, only words with digits (or longer than
/// 32 bytes) are variable.
///
/// Blocks of up to 64 bytes are classified at once into one bit mask per byte class; every word
/// is then found from the masks (its first and last byte) and judged variable by one test of
/// its bits against the mask of "telling" bytes, which bit operations on the class masks build
/// for the whole block (variable bytes, `::`, a `.` inside a word before a letter; before a
/// digit it is not needed, the digit makes the word variable).
/// A word still open at a block's end starts the next block, so every word judged lies in one
/// block; a word longer than 32 bytes is variable whatever it holds, so one open over more than
/// 32 bytes is hashed at once and the rest of it skipped.
#[inline(always)]
fn words_hash_with<C: Classify, const DIGITS_ONLY: bool, const CUT: bool>(line: &[u8]) -> u64 {
    let n = line.len();
    if n == 0 {
        return mix(SEED, 0);
    }
    // A line shorter than a 32-byte load is copied into a zeroed buffer, so loads need no
    // bounds of their own; longer lines are read in place (a block's tail by a load that ends
    // at the line's end, a short word by one that ends at the word's end). Each case has its
    // own copy of the loop: a short line is one block, so most of the loop folds away.
    // Most lines are one block, whose copy of the loop has no block-to-block steps.
    if n < 32 {
        let mut padded = [0u8; 64];
        copy_short(line, &mut padded);
        words_hash_of::<C, DIGITS_ONLY, CUT, true, true>(&padded, n)
    } else if n <= 64 {
        words_hash_of::<C, DIGITS_ONLY, CUT, false, true>(line, n)
    } else {
        words_hash_of::<C, DIGITS_ONLY, CUT, false, false>(line, n)
    }
}

/// The loop of [`words_hash_with`] over the line's `n` bytes in `bytes`: the line itself, or
/// when `SHORT` (`n < 32`) the start of a zero-padded 64-byte buffer. `ONE_BLOCK`: `n <= 64`.
#[inline(always)]
fn words_hash_of<
    C: Classify,
    const DIGITS_ONLY: bool,
    const CUT: bool,
    const SHORT: bool,
    const ONE_BLOCK: bool,
>(
    bytes: &[u8],
    n: usize,
) -> u64 {
    let short = SHORT;
    let mut hash = 0u64;
    let mut words_left = LONG_LINE_WORDS;
    let mut block = 0usize;
    // True when `block` starts inside a word already hashed as variable.
    let mut skipping = false;
    loop {
        let len = (n - block).min(64);
        let masks = if short {
            BlockMasks::of::<C>(bytes, 0, 32)
        } else {
            BlockMasks::of::<C>(bytes, block, len)
        };
        let in_block = u64::MAX >> (64 - len);
        let separator = masks.separator & in_block;
        if block == 0 {
            hash = mix(SEED, u64::from(separator.trailing_ones().min(16)));
        }
        let word_bytes = !separator & in_block;
        let mut firsts = word_bytes & !(word_bytes << 1);
        let mut lasts = word_bytes & !(word_bytes >> 1);
        let last_block = ONE_BLOCK || block + len == n;
        if !last_block {
            // The run reaching the block's end may go on in the next block.
            lasts &= u64::MAX >> 1;
        }
        if skipping {
            let first_separator = separator.trailing_zeros();
            if first_separator as usize >= len {
                if last_block {
                    return hash;
                }
                block += len;
                continue;
            }
            let rest = u64::MAX << first_separator;
            firsts &= rest;
            lasts &= rest;
            skipping = false;
        }
        let telling = if DIGITS_ONLY {
            masks.digit
        } else {
            masks.variable
                | (masks.colon & (masks.colon >> 1))
                | (masks.dot & (word_bytes << 1) & (masks.letter >> 1))
        };
        // The last bytes of the words holding a telling byte, for all words at once: adding a
        // word's first bit to its bytes without the telling ones carries out of its last byte
        // (into the separator after it, or out of bit 63) only when no telling byte stops it.
        let (sum, carry_out) = (word_bytes & !telling).overflowing_add(firsts);
        let plain_lasts = ((sum & !word_bytes) >> 1) | u64::from(carry_out) << 63;
        let variable_lasts = lasts & !plain_lasts;
        while lasts != 0 {
            // Positions as `usize` from the start: the `u32` arithmetic cost a widening move
            // per word.
            let last = lasts.trailing_zeros() as usize;
            lasts &= lasts - 1;
            let first = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            // Judged by its telling bytes first (its length is needed only without them), and
            // a word of up to 8 bytes hashed before the test for one over 32: most words are
            // short.
            hash = if variable_lasts >> last & 1 != 0 {
                mix(hash, VARIABLE_WORD)
            } else {
                let (start, end) = (block + first, block + last + 1);
                let word_len = end - start;
                if word_len <= 8 {
                    // The word lies in the line, and `bytes` is the line when it is 32 bytes or
                    // longer, else the 64-byte buffer holding it.
                    mix_short_word::<C, SHORT>(hash, bytes, start, end)
                } else if word_len > 32 {
                    mix(hash, VARIABLE_WORD)
                } else {
                    mix_long_word(hash, bytes, start, end)
                }
            };
            if CUT {
                words_left -= 1;
                if words_left == 0 {
                    return hash;
                }
            }
        }
        if last_block {
            return hash;
        }
        // A word open at the block's end: the next block starts with it, unless it is already
        // longer than 32 bytes (variable).
        if firsts == 0 {
            block += 64;
        } else if firsts.trailing_zeros() < 32 {
            hash = mix(hash, VARIABLE_WORD);
            if CUT {
                words_left -= 1;
                if words_left == 0 {
                    return hash;
                }
            }
            skipping = true;
            block += 64;
        } else {
            block += firsts.trailing_zeros() as usize;
        }
    }
}

/// The template hash (with `DIGITS_ONLY`, the message hash) of the `n` bytes (at most
/// [`IN_PLACE_MAX`]) at the start of `bytes`, read in place: the same value as
/// [`words_hash_with`] gives (a test checks it), in fewer
/// steps. The line is classified in whole 32-byte chunks from its start (bytes past its end
/// cleared from the masks), so a line up to 64 bytes is one 64-bit mask per class and a longer
/// one a 128- or 192-bit mask: every word is judged at once whatever 64-byte limb it lies in,
/// with no block restarted at an open word, and only a word that crosses from one limb into
/// the next is paired by hand ([`hash_limbs`]). With `SHAPES`, the line's [`Shape`] from the
/// same masks (without, [`Shape::EMPTY`]).
///
/// Needs `bytes.len() >= n + SLACK` and `n <= IN_PLACE_MAX` (every read is bounds-checked: a
/// breach panics, which [`super::compact`] turns into a pass-through).
#[inline(always)]
fn words_hash_in_place<C: Classify, const DIGITS_ONLY: bool, const SHAPES: bool>(
    bytes: &[u8],
    n: usize,
) -> (u64, Shape) {
    // An empty line reads nothing (an empty buffer's one line has no slack after it).
    if n == 0 {
        return (mix(SEED, 0), Shape::EMPTY);
    }
    debug_assert!(n <= IN_PLACE_MAX && bytes.len() >= n + SLACK);
    // The shape of words whose masks `split` cuts into limbs, when it is asked for.
    #[inline(always)]
    fn shape_of<M: Mask, const SHAPES: bool, const LIMBS: usize>(
        masks: &LineMasks<M>,
        words: &Words<M>,
        in_line: M,
        split: impl Fn(M) -> [u64; LIMBS],
    ) -> Shape {
        if SHAPES {
            masks.word_kinds(words, in_line).shape(split)
        } else {
            Shape::EMPTY
        }
    }
    // A chunk is read only when it starts before the line's end, so it ends at most 31 bytes
    // past it: within the slack. One whose second half lies past the line's end has only its
    // first half classified (every use of the masks clears the bits past the line's end, or
    // reads them only beside bits it clears).
    let chunk = |at: usize| {
        let block = chunk32(bytes, at);
        if n - at <= 16 {
            C::classify16(block)
        } else {
            C::classify32(block)
        }
    };
    let low = chunk(0);
    if n <= 64 {
        let lanes = if n <= 32 {
            LineMasks::<u64>::widen(low)
        } else {
            LineMasks::<u64>::join(low, chunk(32))
        };
        let in_line = u64::MAX >> (64 - n);
        let masks = lanes.of_line::<DIGITS_ONLY>(in_line);
        let shape = shape_of::<u64, SHAPES, 1>(&lanes, &masks, in_line, |mask| [mask]);
        let hash = indent_seed(masks.separator.trailing_ones());
        return (masks.hash_words::<C>(hash, bytes, 0).0, shape);
    }
    let head = LineMasks::<u64>::join(low, chunk(32));
    // The fourth chunk only when the line reaches it: most lines over 64 bytes end by 96.
    let tail = if n <= 96 {
        LineMasks::<u64>::widen(chunk(64))
    } else {
        LineMasks::<u64>::join(chunk(64), chunk(96))
    };
    let head = LineMasks::<u128>::of_halves(head, tail);
    if n <= 128 {
        let in_line = u128::MAX >> (128 - n);
        let masks = head.of_line::<DIGITS_ONLY>(in_line);
        let hash = indent_seed((masks.separator as u64).trailing_ones());
        let split = |mask: u128| [mask as u64, (mask >> 64) as u64];
        let shape = shape_of::<u128, SHAPES, 2>(&head, &masks, in_line, split);
        return (hash_limbs::<C, 2>(hash, bytes, masks.limbs(split)), shape);
    }
    let lanes = LineMasks::<U192>::of_parts(head, LineMasks::<u64>::widen(chunk(128)));
    let in_line = U192 {
        low: u128::MAX,
        high: u64::MAX >> (192 - n),
    };
    let masks = lanes.of_line::<DIGITS_ONLY>(in_line);
    let hash = indent_seed((masks.separator.low as u64).trailing_ones());
    let split = |mask: U192| [mask.low as u64, (mask.low >> 64) as u64, mask.high];
    let shape = shape_of::<U192, SHAPES, 3>(&lanes, &masks, in_line, split);
    (hash_limbs::<C, 3>(hash, bytes, masks.limbs(split)), shape)
}

/// Mixes into `hash` the words of a line whose masks are split into 64-bit limbs (limb `j`
/// for bytes `64 * j` on). A word that crosses from one limb into the next has its first
/// byte left over in the one and its last byte first in the other: the two are paired here.
///
/// The words lie in the line at the start of `bytes`, which has [`SLACK`] bytes after it.
#[inline(always)]
fn hash_limbs<C: Classify, const LIMBS: usize>(
    mut hash: u64,
    bytes: &[u8],
    limbs: [Words<u64>; LIMBS],
) -> u64 {
    // The first byte of the word open at the end of the limbs so far.
    let mut open = None;
    for (j, mut limb) in limbs.into_iter().enumerate() {
        let base = 64 * j;
        if let (Some(first), true) = (open, limb.lasts != 0) {
            let last = limb.lasts.trailing_zeros() as usize;
            limb.lasts &= limb.lasts - 1;
            hash = if limb.variable_lasts >> last & 1 != 0 {
                mix(hash, VARIABLE_WORD)
            } else {
                mix_word_in_place::<C>(hash, bytes, first, base + last)
            };
            open = None;
        }
        let (mixed, left) = limb.hash_words::<C>(hash, bytes, base);
        hash = mixed;
        if left != 0 {
            open = Some(base + left.trailing_zeros() as usize);
        }
    }
    hash
}

/// Masks of 192 bits (a line of up to 192 bytes, bit `i` for byte `i`): 128 low bits and 64
/// high ones. Shifts are by less than 64 bits (the word rules shift by one).
#[derive(Clone, Copy, PartialEq)]
struct U192 {
    low: u128,
    high: u64,
}

impl std::ops::BitAnd for U192 {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, other: Self) -> Self {
        U192 {
            low: self.low & other.low,
            high: self.high & other.high,
        }
    }
}

impl std::ops::BitOr for U192 {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, other: Self) -> Self {
        U192 {
            low: self.low | other.low,
            high: self.high | other.high,
        }
    }
}

impl std::ops::Not for U192 {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        U192 {
            low: !self.low,
            high: !self.high,
        }
    }
}

impl std::ops::Shl<u32> for U192 {
    type Output = Self;
    #[inline(always)]
    fn shl(self, by: u32) -> Self {
        debug_assert!(by > 0 && by < 64);
        U192 {
            low: self.low << by,
            high: self.high << by | (self.low >> (128 - by)) as u64,
        }
    }
}

impl std::ops::Shr<u32> for U192 {
    type Output = Self;
    #[inline(always)]
    fn shr(self, by: u32) -> Self {
        debug_assert!(by > 0 && by < 64);
        U192 {
            low: self.low >> by | u128::from(self.high) << (128 - by),
            high: self.high >> by,
        }
    }
}

impl Mask for U192 {
    const ZERO: Self = U192 { low: 0, high: 0 };
    const TOP: Self = U192 {
        low: 0,
        high: 1 << 63,
    };
    #[inline(always)]
    fn overflowing_add(self, other: Self) -> (Self, bool) {
        let (low, low_carry) = self.low.overflowing_add(other.low);
        let (high, high_carry) = self.high.overflowing_add(other.high);
        let (high, carried_in) = high.overflowing_add(u64::from(low_carry));
        (U192 { low, high }, high_carry | carried_in)
    }
}

/// Per-class masks of a line's bytes (bit `i` for byte `i`): 32 bits for one chunk
/// ([`Lanes`]), 64, 128 or 192 bits for a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LineMasks<M> {
    separator: M,
    variable: M,
    /// Read by the message hash only (the template hash never reads it, so it is not built).
    digit: M,
    dot: M,
    colon: M,
    letter: M,
}

impl<M> LineMasks<M> {
    /// Each class's mask made by `join` from that class's masks in `low` and `high`: the one
    /// place that lists the classes, so widening and concatenating cannot leave one out.
    #[inline(always)]
    fn zip<A, B>(low: LineMasks<A>, high: LineMasks<B>, join: impl Fn(A, B) -> M) -> Self {
        LineMasks {
            separator: join(low.separator, high.separator),
            variable: join(low.variable, high.variable),
            digit: join(low.digit, high.digit),
            dot: join(low.dot, high.dot),
            colon: join(low.colon, high.colon),
            letter: join(low.letter, high.letter),
        }
    }
}

impl LineMasks<u64> {
    /// The masks of one 32-byte chunk.
    #[inline(always)]
    fn widen(low: Lanes) -> Self {
        Self::zip(low, Lanes::default(), |low, _| u64::from(low))
    }

    /// The masks of two consecutive 32-byte chunks.
    #[inline(always)]
    fn join(low: Lanes, high: Lanes) -> Self {
        Self::zip(low, high, |low, high| {
            u64::from(low) | u64::from(high) << 32
        })
    }
}

impl LineMasks<U192> {
    /// The masks of 128 bytes and of the (up to) 64 after them.
    #[inline(always)]
    fn of_parts(low: LineMasks<u128>, high: LineMasks<u64>) -> Self {
        Self::zip(low, high, |low, high| U192 { low, high })
    }
}

impl LineMasks<u128> {
    /// The masks of two consecutive 64-byte halves.
    #[inline(always)]
    fn of_halves(low: LineMasks<u64>, high: LineMasks<u64>) -> Self {
        Self::zip(low, high, |low, high| {
            u128::from(low) | u128::from(high) << 64
        })
    }
}

/// The words of a line (or of a 64-byte half of one) as masks: each word's first and last
/// byte, the last bytes of the words that are variable, and the separators (for the indent).
#[derive(Clone, Copy)]
struct Words<M> {
    separator: M,
    firsts: M,
    lasts: M,
    variable_lasts: M,
}

/// The bit operations [`LineMasks::of_line`] needs, on 64 or 128 bits.
trait Mask:
    Copy
    + PartialEq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    const ZERO: Self;
    /// Bit `BITS - 1` set.
    const TOP: Self;
    fn overflowing_add(self, other: Self) -> (Self, bool);
}

impl Mask for u64 {
    const ZERO: Self = 0;
    const TOP: Self = 1 << 63;
    #[inline(always)]
    fn overflowing_add(self, other: Self) -> (Self, bool) {
        u64::overflowing_add(self, other)
    }
}

impl Mask for u128 {
    const ZERO: Self = 0;
    const TOP: Self = 1 << 127;
    #[inline(always)]
    fn overflowing_add(self, other: Self) -> (Self, bool) {
        u128::overflowing_add(self, other)
    }
}

impl<M: Mask> LineMasks<M> {
    /// The words of the line whose bytes are the bits of `in_line`: the rules of
    /// [`words_hash_of`] for a line that is one block (with `DIGITS_ONLY`, only digits make
    /// a word variable).
    #[inline(always)]
    fn of_line<const DIGITS_ONLY: bool>(self, in_line: M) -> Words<M> {
        let separator = self.separator & in_line;
        let word_bytes = !separator & in_line;
        let firsts = word_bytes & !(word_bytes << 1);
        let lasts = word_bytes & !(word_bytes >> 1);
        // The byte after the line is another line's (or the slack's): its class must not
        // reach the line's last byte through the shifts by one.
        let (colon, letter) = (self.colon & in_line, self.letter & in_line);
        let telling = if DIGITS_ONLY {
            self.digit
        } else {
            self.variable
                | (self.colon & (colon >> 1))
                | (self.dot & (word_bytes << 1) & (letter >> 1))
        };
        // As in `words_hash_of`: a word's first bit added to its plain bytes carries out of
        // its last byte only when no telling byte stops it.
        let (sum, carry_out) = (word_bytes & !telling).overflowing_add(firsts);
        let carried = if carry_out { M::TOP } else { M::ZERO };
        let plain_lasts = ((sum & !word_bytes) >> 1) | carried;
        Words {
            separator,
            firsts,
            lasts,
            variable_lasts: lasts & !plain_lasts,
        }
    }
}

impl<M: Mask> Words<M> {
    /// Each mask cut by `split` into 64-bit limbs, low bits first.
    #[inline(always)]
    fn limbs<const LIMBS: usize>(self, split: impl Fn(M) -> [u64; LIMBS]) -> [Words<u64>; LIMBS] {
        let (separator, firsts) = (split(self.separator), split(self.firsts));
        let (lasts, variable_lasts) = (split(self.lasts), split(self.variable_lasts));
        std::array::from_fn(|j| Words {
            separator: separator[j],
            firsts: firsts[j],
            lasts: lasts[j],
            variable_lasts: variable_lasts[j],
        })
    }
}

/// The last bytes of a line's words (bit `i` for byte `i`), and among them those of the words
/// of letters only and of the words holding a digit: what a [`Shape`] tells words apart by.
struct WordKinds<M> {
    lasts: M,
    letters: M,
    digits: M,
}

impl<M: Mask> LineMasks<M> {
    /// The [`WordKinds`] of `words`, the words of the line whose bytes are the bits of
    /// `in_line`, found for all words at once as the variable ones are: a word's first bit
    /// added to its bytes of one class carries out of its last byte only when every byte of
    /// the word is of that class.
    #[inline(always)]
    fn word_kinds(&self, words: &Words<M>, in_line: M) -> WordKinds<M> {
        let word_bytes = !words.separator & in_line;
        let whole_words_of = |class: M| {
            let (sum, carry_out) = (word_bytes & class).overflowing_add(words.firsts);
            let carried = if carry_out { M::TOP } else { M::ZERO };
            words.lasts & (((sum & !word_bytes) >> 1) | carried)
        };
        WordKinds {
            lasts: words.lasts,
            letters: whole_words_of(self.letter),
            digits: words.lasts & !whole_words_of(!self.digit),
        }
    }
}

impl<M: Mask> WordKinds<M> {
    /// The shape of these words, in order, with the masks cut by `split` into 64-bit limbs
    /// (low bits first).
    #[inline(always)]
    fn shape<const LIMBS: usize>(self, split: impl Fn(M) -> [u64; LIMBS]) -> Shape {
        let (lasts, letters, digits) = (split(self.lasts), split(self.letters), split(self.digits));
        let mut shape = Shape::EMPTY;
        for j in 0..LIMBS {
            let mut left = lasts[j];
            while left != 0 {
                let last = left.trailing_zeros();
                left &= left - 1;
                let is = |mask: u64| mask >> last & 1 != 0;
                if shape.add_word(is(letters[j]), is(digits[j])) {
                    return shape;
                }
            }
        }
        shape
    }
}

impl Words<u64> {
    /// Mixes into `hash` every word that ends in these 64 bits (bit `i` for byte `base + i`),
    /// pairing each last byte with the lowest first byte left. Returns the hash and the first
    /// bytes left over: the word still open at bit 63, if any.
    ///
    /// The words lie in the line at the start of `bytes`, which has [`SLACK`] bytes after it.
    #[inline(always)]
    fn hash_words<C: Classify>(self, mut hash: u64, bytes: &[u8], base: usize) -> (u64, u64) {
        let (mut firsts, mut lasts) = (self.firsts, self.lasts);
        while lasts != 0 {
            let last = lasts.trailing_zeros() as usize;
            lasts &= lasts - 1;
            let first = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            // A branch on the word's kind: most words are variable, and their short path
            // pays for it.
            hash = if self.variable_lasts >> last & 1 != 0 {
                mix(hash, VARIABLE_WORD)
            } else {
                mix_word_in_place::<C>(hash, bytes, base + first, base + last)
            };
        }
        (hash, firsts)
    }
}

/// Mixes the word from `bytes[start]` to `bytes[last]` (its last byte), which holds no telling
/// byte, into `hash`: as a variable word when it is over 32 bytes long, else its bytes and
/// length as [`words_hash_of`] does. (Taking the last byte, not the end past it, saves a step
/// per word: the length test and the byte cut work from `last - start`.)
///
/// The word lies in a line at the start of `bytes`, which has [`SLACK`] bytes after it (so 8
/// bytes from any word start are in bounds).
#[inline(always)]
fn mix_word_in_place<C: Classify>(hash: u64, bytes: &[u8], start: usize, last: usize) -> u64 {
    debug_assert!(start <= last && last + 1 + SLACK <= bytes.len());
    let span = last - start;
    if span < 8 {
        // `start + 8 <= last + 8`, within the slack.
        let word = C::low_bytes(load8(bytes, start), span + 1);
        mix(hash, word).wrapping_add(span as u64 + 1)
    } else if span >= 32 {
        mix(hash, VARIABLE_WORD)
    } else {
        mix_long_word(hash, bytes, start, last + 1)
    }
}

/// Mixes the word `bytes[start..end]` (1 to 8 bytes) into `hash`: its bytes in the low bytes
/// of one 8-byte value (zeros above), then its length.
///
/// `end <= bytes.len()`, and `bytes` holds 8 bytes from `start` when `SHORT` (a short line
/// is in a 64-byte buffer and starts no word past byte 31) or when `end < 8` (a line read in
/// place is at least 32 bytes long).
#[inline(always)]
fn mix_short_word<C: Classify, const SHORT: bool>(
    hash: u64,
    bytes: &[u8],
    start: usize,
    end: usize,
) -> u64 {
    debug_assert!(start < end && end - start <= 8 && end <= bytes.len());
    let len = end - start;
    // In a short line's buffer, the 8 bytes from the word's start with those past its end
    // cleared (one masked load, no branch); in a line read in place, the 8 bytes that end at
    // the word's end shifted down, unless the word ends before byte 8 (then as in a buffer).
    let word = if !SHORT && end >= 8 {
        C::high_bytes(load8(bytes, end - 8), len)
    } else {
        C::low_bytes(load8(bytes, start), len)
    };
    mix(hash, word).wrapping_add(len as u64)
}

/// Mixes the word `bytes[start..end]` (9 to 32 bytes) into `hash`: its bytes as up to four
/// 8-byte loads (the last one ending at the word's end), then its length.
///
/// `end <= bytes.len()`.
#[inline(always)]
fn mix_long_word(hash: u64, bytes: &[u8], start: usize, end: usize) -> u64 {
    debug_assert!(start + 8 < end && end - start <= 32 && end <= bytes.len());
    let len = end - start;
    // Loads from `start + 8k` come only before the last load, so they end before the word
    // does.
    let mut hash = mix(hash, load8(bytes, start));
    if len > 16 {
        hash = mix(hash, load8(bytes, start + 8));
        if len > 24 {
            hash = mix(hash, load8(bytes, start + 16));
        }
    }
    mix(hash, load8(bytes, end - 8)).wrapping_add(len as u64)
}

/// The 8 bytes of `bytes` from `at`, little-endian (bounds-checked).
#[inline(always)]
fn load8(bytes: &[u8], at: usize) -> u64 {
    let word: &[u8; 8] = bytes[at..at + 8].try_into().expect("an 8-byte slice");
    u64::from_le_bytes(*word)
}

/// The 32 bytes of `bytes` from `at` (bounds-checked).
#[inline(always)]
fn chunk32(bytes: &[u8], at: usize) -> &[u8; 32] {
    bytes[at..at + 32].try_into().expect("a 32-byte slice")
}

/// Copies `line` (shorter than 32 bytes) to the start of `buffer` with a few fixed-size copies
/// that overlap, instead of a variable-length copy.
#[inline(always)]
fn copy_short(line: &[u8], buffer: &mut [u8; 64]) {
    let n = line.len();
    debug_assert!(n < 32);
    if n >= 16 {
        buffer[..16].copy_from_slice(&line[..16]);
        buffer[n - 16..n].copy_from_slice(&line[n - 16..]);
    } else if n >= 8 {
        buffer[..8].copy_from_slice(&line[..8]);
        buffer[n - 8..n].copy_from_slice(&line[n - 8..]);
    } else if n >= 4 {
        buffer[..4].copy_from_slice(&line[..4]);
        buffer[n - 4..n].copy_from_slice(&line[n - 4..]);
    } else if n > 0 {
        buffer[0] = line[0];
        buffer[n / 2] = line[n / 2];
        buffer[n - 1] = line[n - 1];
    }
}

/// One bit per byte of 32 bytes (bit `i` for byte `i`), per byte class the hash asks about.
type Lanes = LineMasks<u32>;

/// Classifies 32 bytes at a time into [`Lanes`]; must agree with [`BYTE_CLASS`].
trait Classify: Sized {
    /// The classes of `bytes[..32]` (`bytes` holds at least 32).
    fn classify32(bytes: &[u8; 32]) -> Lanes;

    /// The classes of `bytes[..16]`, the bits of the other 16 bytes clear.
    #[inline(always)]
    fn classify16(bytes: &[u8; 32]) -> Lanes {
        let lanes = Self::classify32(bytes);
        LineMasks::zip(lanes, Lanes::default(), |lane, _| lane & 0xffff)
    }

    /// `words_hash_with::<Self, false, true>`, compiled out of line (long lines are rare).
    #[inline(never)]
    fn long_line_hash(head: &[u8]) -> u64 {
        words_hash_with::<Self, false, true>(head)
    }

    /// [`template_hash_with`] for a line that [`template_hash_of`] cannot read in place,
    /// compiled out of line (as `long_line_hash`).
    #[inline(never)]
    fn unpadded_hash(line: &[u8]) -> u64 {
        template_hash_with::<Self>(line)
    }

    /// [`shape_with`] for a line the template pass does not read in place, compiled out of
    /// line (as `long_line_hash`).
    #[inline(never)]
    fn shape_out_of_line(line: &[u8]) -> Shape {
        shape_with::<Self>(line)
    }

    /// The low `len` bytes of `word` (`len` from 1 to 8), the bytes above cleared.
    #[inline(always)]
    fn low_bytes(word: u64, len: usize) -> u64 {
        word & (u64::MAX >> (8 * (8 - len)))
    }

    /// The high `len` bytes of `word` (`len` from 1 to 8) moved down to its low bytes.
    #[inline(always)]
    fn high_bytes(word: u64, len: usize) -> u64 {
        word >> (8 * (8 - len))
    }
}

/// [`Lanes`] for a block of up to 64 bytes; bits past the block's end are clear.
#[derive(Debug, PartialEq, Eq)]
struct BlockMasks {
    separator: u64,
    variable: u64,
    digit: u64,
    dot: u64,
    colon: u64,
    letter: u64,
}

impl BlockMasks {
    /// Masks of `bytes[start..start + len]`, `len` at most 64. A block shorter than 32 bytes is
    /// read by the load of the 32 bytes that end where it ends, so it must end at 32 or later.
    #[inline(always)]
    fn of<C: Classify>(bytes: &[u8], start: usize, len: usize) -> BlockMasks {
        debug_assert!(len <= 64 && start + len <= bytes.len() && start + len >= 32);
        let end = start + len;
        let tail = C::classify32(chunk32(bytes, end - 32));
        if len > 32 {
            // The first 32 bytes and the 32 ending at the block's end (overlapping when the
            // block is shorter than 64: the shared bytes' bits agree).
            let head = C::classify32(chunk32(bytes, start));
            let join = |head: u32, tail: u32| u64::from(head) | u64::from(tail) << (len - 32);
            BlockMasks {
                separator: join(head.separator, tail.separator),
                variable: join(head.variable, tail.variable),
                digit: join(head.digit, tail.digit),
                dot: join(head.dot, tail.dot),
                colon: join(head.colon, tail.colon),
                letter: join(head.letter, tail.letter),
            }
        } else {
            let drop = |tail: u32| u64::from(tail >> (32 - len));
            BlockMasks {
                separator: drop(tail.separator),
                variable: drop(tail.variable),
                digit: drop(tail.digit),
                dot: drop(tail.dot),
                colon: drop(tail.colon),
                letter: drop(tail.letter),
            }
        }
    }
}

/// Byte-at-a-time classification through [`BYTE_CLASS`]: the path for CPUs without the SIMD
/// steps below (wasm, aarch64), and the reference the tests hold those steps to.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(test)),
    allow(dead_code)
)]
struct Portable;

impl Classify for Portable {
    #[inline(always)]
    fn classify32(bytes: &[u8; 32]) -> Lanes {
        let mut lanes = Lanes::default();
        for (i, &b) in bytes.iter().enumerate() {
            let class = BYTE_CLASS[b as usize];
            let bit = |flag: u8| u32::from(class & flag != 0) << i;
            lanes.separator |= bit(SEPARATOR);
            lanes.variable |= bit(VARIABLE);
            lanes.digit |= bit(DIGIT);
            lanes.dot |= bit(DOT);
            lanes.colon |= bit(COLON);
            lanes.letter |= bit(LETTER);
        }
        lanes
    }
}

/// The classifier this build runs: SSE2 on x86-64 (part of the x86-64 baseline, so there is
/// nothing to detect at run time), the byte table elsewhere.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
type Native = Sse2;
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
type Native = Portable;

/// Two SSE2 steps of 16 bytes ([`crate::simd::classify32_sse2`]).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
struct Sse2;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
impl Classify for Sse2 {
    #[inline(always)]
    fn classify32(bytes: &[u8; 32]) -> Lanes {
        Sse2::lanes(crate::simd::classify32_sse2(bytes))
    }

    #[inline(always)]
    fn classify16(bytes: &[u8; 32]) -> Lanes {
        Sse2::lanes(crate::simd::classify16_sse2(bytes))
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
impl Sse2 {
    /// The kernel's masks, in its order, as [`Lanes`].
    #[inline(always)]
    fn lanes([separator, variable, digit, dot, colon, letter]: [u32; 6]) -> Lanes {
        Lanes {
            separator,
            variable,
            digit,
            dot,
            colon,
            letter,
        }
    }
}

/// `a::b` or `name.ext` (a dot after the first byte, followed by a letter or digit): part of
/// the definition [`is_variable_word`] is tested against.
#[cfg(test)]
fn has_qualified_part(word: &[u8]) -> bool {
    word.windows(2).enumerate().any(|(i, pair)| {
        (pair[0] == b':' && pair[1] == b':')
            || (pair[0] == b'.' && i >= 1 && pair[1].is_ascii_alphanumeric())
    })
}

const SEPARATOR: u8 = 1;
// `words_hash` finds separators from bit 0 of each byte lane.
const _: () = assert!(SEPARATOR == 1);
const VARIABLE: u8 = 2;
const DIGIT: u8 = 8;
const DOT: u8 = 16;
const COLON: u8 = 32;
/// ASCII letter: after a `.`, it makes a word a qualified name (so does a digit, which makes
/// the word variable by itself, so the masks need not ask for it there).
const LETTER: u8 = 64;

/// Per-byte classes for the template hash, built at compile time: what [`Portable`] reads,
/// and what the x86-64 SIMD steps must agree with (a test checks every byte).
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(test)),
    allow(dead_code)
)]
static BYTE_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let byte = b as u8;
        let mut class = 0u8;
        if byte == b' ' || byte == b'\t' {
            class |= SEPARATOR;
        }
        if is_variable_byte(byte) {
            class |= VARIABLE;
        }
        if byte.is_ascii_digit() {
            class |= DIGIT;
        }
        if byte == b'.' {
            class |= DOT;
        }
        if byte == b':' {
            class |= COLON;
        }
        if byte.is_ascii_alphabetic() {
            class |= LETTER;
        }
        table[b] = class;
        b += 1;
    }
    table
};

/// Human-readable template for markers, e.g. `test <*> ... ok`.
pub(crate) fn template_text(line: &[u8]) -> String {
    let mut out = Vec::with_capacity(64);
    for_each_word(line, |word, variable| {
        if !out.is_empty() {
            out.push(b' ');
        }
        if variable {
            out.extend_from_slice(b"<*>");
        } else {
            out.extend_from_slice(word);
        }
    });
    // Valid UTF-8 in, valid out (words split at ASCII bytes): keep the buffer instead of
    // copying it, as `from_utf8_lossy(..).into_owned()` does even when nothing is replaced.
    String::from_utf8(out)
        .unwrap_or_else(|invalid| String::from_utf8_lossy(invalid.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What every classifier must say about `bytes[..32]`, straight from [`BYTE_CLASS`].
    fn expected_lanes(bytes: &[u8]) -> Lanes {
        let mut lanes = Lanes::default();
        for (i, &b) in bytes[..32].iter().enumerate() {
            let class = BYTE_CLASS[b as usize];
            let bit = |flag: u8| if class & flag != 0 { 1u32 << i } else { 0 };
            lanes.separator |= bit(SEPARATOR);
            lanes.variable |= bit(VARIABLE);
            lanes.digit |= bit(DIGIT);
            lanes.dot |= bit(DOT);
            lanes.colon |= bit(COLON);
            lanes.letter |= bit(LETTER);
        }
        lanes
    }

    /// A classifier's step, by name.
    type NamedClassifier = (&'static str, fn(&[u8; 32]) -> Lanes);

    /// Each classifier this CPU can run.
    fn classifiers() -> Vec<NamedClassifier> {
        #[allow(unused_mut)]
        let mut all: Vec<NamedClassifier> = vec![("portable", Portable::classify32)];
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        all.push(("sse2", Sse2::classify32));
        all
    }

    /// Bytes from a small LCG, so the tests need no randomness source.
    fn pseudo_random_bytes(seed: u32, len: usize) -> Vec<u8> {
        let mut state = seed;
        (0..len)
            .map(|_| {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (state >> 16) as u8
            })
            .collect()
    }

    /// A classifier's `low_bytes` and `high_bytes`, by name.
    type NamedCuts = (&'static str, fn(u64, usize) -> u64, fn(u64, usize) -> u64);

    #[test]
    fn byte_cuts_keep_the_word_and_clear_the_rest() {
        #[allow(unused_mut)]
        let mut all: Vec<NamedCuts> = vec![("portable", Portable::low_bytes, Portable::high_bytes)];
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        all.push(("sse2", Sse2::low_bytes, Sse2::high_bytes));
        let bytes = *b"abcdefgh";
        let word = u64::from_le_bytes(bytes);
        for (name, low_bytes, high_bytes) in all {
            for len in 1..=8 {
                let mut low = [0u8; 8];
                low[..len].copy_from_slice(&bytes[..len]);
                assert_eq!(low_bytes(word, len).to_le_bytes(), low, "{name} low {len}");
                let mut high = [0u8; 8];
                high[..len].copy_from_slice(&bytes[8 - len..]);
                assert_eq!(
                    high_bytes(word, len).to_le_bytes(),
                    high,
                    "{name} high {len}"
                );
            }
        }
    }

    #[test]
    fn classifiers_agree_with_the_byte_table() {
        // Every byte value at every lane, among other bytes of every kind.
        for (name, classify) in classifiers() {
            for value in 0..=255u8 {
                for at in 0..32 {
                    let mut bytes = pseudo_random_bytes(u32::from(value) * 32 + at as u32, 32);
                    bytes[at] = value;
                    assert_eq!(
                        classify(chunk32(&bytes, 0)),
                        expected_lanes(&bytes),
                        "{name} {value} {at}"
                    );
                }
            }
        }
    }

    #[test]
    fn block_masks_agree_with_the_byte_table() {
        // Blocks of every length, starting at the line's start and after other bytes (the
        // tail read overlapping the head), on every classifier.
        let bytes = pseudo_random_bytes(7, 200);
        for len in 1..=64usize {
            for start in [0usize, 1, 20, 63, 100] {
                if start + len < 32 || start + len > bytes.len() {
                    continue;
                }
                let mut expected = BlockMasks {
                    separator: 0,
                    variable: 0,
                    digit: 0,
                    dot: 0,
                    colon: 0,
                    letter: 0,
                };
                for (i, &b) in bytes[start..start + len].iter().enumerate() {
                    let class = BYTE_CLASS[b as usize];
                    let bit = |flag: u8| if class & flag != 0 { 1u64 << i } else { 0 };
                    expected.separator |= bit(SEPARATOR);
                    expected.variable |= bit(VARIABLE);
                    expected.digit |= bit(DIGIT);
                    expected.dot |= bit(DOT);
                    expected.colon |= bit(COLON);
                    expected.letter |= bit(LETTER);
                }
                assert_eq!(BlockMasks::of::<Portable>(&bytes, start, len), expected);
                #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
                assert_eq!(BlockMasks::of::<Sse2>(&bytes, start, len), expected);
            }
        }
    }

    #[test]
    fn templates_mask_variable_words() {
        let a = template_hash(b"test foo::bar ... ok");
        let b = template_hash(b"test baz::qux ... ok");
        let c = template_hash(b"test baz::qux ... FAILED");
        assert_eq!(template_hash(b"x.rs:1: e"), template_hash(b"y.rs:22: e"));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(template_text(b"x.py:12: error: bad"), "<*> error: bad");
    }

    /// [`words_hash`] as a plain loop over the words of [`template_span`] (or the 200-byte
    /// prefix for [`message_hash`]), each a copied, zero-padded chunk at a time: the reference
    /// the block-wise hash must equal value for value.
    fn words_hash_reference(line: &[u8], digits_only: bool) -> u64 {
        let line = if digits_only {
            &line[..line.len().min(TEMPLATE_PREFIX)]
        } else {
            template_span(line)
        };
        let indent = super::super::lines::indent_width(line).min(16) as u64;
        let mut hash = mix(SEED, indent);
        for word in line.split(|&b| b == b' ' || b == b'\t') {
            if word.is_empty() {
                continue;
            }
            let variable = if digits_only {
                word.len() > 32 || word.iter().any(u8::is_ascii_digit)
            } else {
                is_variable_word(word)
            };
            if variable {
                hash = mix(hash, VARIABLE_WORD);
                continue;
            }
            let chunk = |at: usize| {
                let mut padded = [0u8; 8];
                let end = (at + 8).min(word.len());
                padded[..end - at].copy_from_slice(&word[at..end]);
                u64::from_le_bytes(padded)
            };
            if word.len() <= 8 {
                hash = mix(hash, chunk(0));
            } else {
                let mut at = 0;
                while at + 8 < word.len() {
                    hash = mix(hash, chunk(at));
                    at += 8;
                }
                hash = mix(hash, chunk(word.len() - 8));
            }
            hash = hash.wrapping_add(word.len() as u64);
        }
        hash
    }

    /// `line` followed by `next` and more bytes of other lines, [`SLACK`] in all, so the
    /// template hash reads it in place (bytes past its end must not change its hash).
    fn in_buffer(line: &[u8], next: u8) -> Vec<u8> {
        let mut buffer = line.to_vec();
        buffer.push(next);
        buffer.extend(pseudo_random_bytes(line.len() as u32, SLACK - 1));
        buffer
    }

    /// Bytes after a line that would change its template if the hash read them as its own: a
    /// colon after a colon, a letter after a dot, a blank, a digit.
    const NEXT_BYTES: [u8; 4] = [b':', b'a', b' ', b'7'];

    /// [`template_hash`] and [`message_hash`] of `line` alone and read in place before each of
    /// [`NEXT_BYTES`], on every classifier this CPU can run.
    fn hashes_on_every_classifier(line: &[u8]) -> Vec<(&'static str, Vec<u64>, Vec<u64>)> {
        let buffers = NEXT_BYTES.map(|next| in_buffer(line, next));
        let mut lines = vec![LineInBuffer::alone(line)];
        lines.extend(buffers.iter().map(|buffer| LineInBuffer {
            bytes: buffer,
            len: line.len(),
        }));
        #[allow(unused_mut)]
        let mut all = vec![(
            "portable",
            lines
                .iter()
                .map(|&l| template_hash_of::<Portable>(l))
                .collect(),
            lines
                .iter()
                .map(|&l| message_hash_of::<Portable>(l))
                .collect(),
        )];
        // The batched entry, over several batches, every way each time: nothing carries
        // over from one line to the next.
        let mut hashes = Vec::new();
        let repeated = std::iter::repeat_n(lines.iter().copied(), 20).flatten();
        for_each_template_hash(repeated, |h| hashes.extend_from_slice(h));
        assert_eq!(hashes.len(), 20 * lines.len());
        let first = hashes[..lines.len()].to_vec();
        assert!(hashes.chunks(lines.len()).all(|round| round == first));
        let messages = lines.iter().map(|&l| message_hash(l)).collect();
        all.push(("native", first, messages));
        all
    }

    fn check_hashes(line: &[u8]) -> Result<(), proptest::test_runner::TestCaseError> {
        let expected_template = words_hash_reference(line, false);
        let expected_message = words_hash_reference(line, true);
        proptest::prop_assert_eq!(template_hash(line), expected_template);
        proptest::prop_assert_eq!(message_hash(LineInBuffer::alone(line)), expected_message);
        for (name, templates, messages) in hashes_on_every_classifier(line) {
            for (way, template) in templates.into_iter().enumerate() {
                // Way 0: alone; way `k`: in place before `NEXT_BYTES[k - 1]`.
                proptest::prop_assert_eq!(template, expected_template, "{} way {}", name, way);
            }
            for (way, message) in messages.into_iter().enumerate() {
                proptest::prop_assert_eq!(message, expected_message, "{} way {}", name, way);
            }
        }
        Ok(())
    }

    /// Checks [`buffer_template_hashes`] on every classifier against [`template_hash`] of
    /// each line alone, line `i` cut by `skips[i % skips.len()]` bytes, over all the lines
    /// and over the second half of them; and the pass that also works out shapes against
    /// each line's shape read alone.
    fn check_buffer_hashes(
        bytes: &[u8],
        skips: &[usize],
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let mut starts = vec![0u32];
        starts.extend(
            bytes
                .iter()
                .enumerate()
                .filter(|&(i, &b)| b == b'\n' && i + 1 < bytes.len())
                .map(|(i, _)| i as u32 + 1),
        );
        starts.push(bytes.len() as u32);
        let skip = |i: usize| skips[i % skips.len()];
        let texts: Vec<&[u8]> = starts
            .windows(2)
            .enumerate()
            .map(|(i, pair)| {
                let span = &bytes[pair[0] as usize..pair[1] as usize];
                let line = match span.strip_suffix(b"\n") {
                    Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
                    None => span,
                };
                &line[skip(i).min(line.len())..]
            })
            .collect();
        let expected: Vec<u64> = texts.iter().map(|text| template_hash(text)).collect();
        let expected_shapes: Vec<Shape> = texts
            .iter()
            .map(|text| shape_with::<Portable>(text))
            .collect();
        for from in [0, (starts.len() - 1) / 2] {
            let part = &starts[from..];
            let skip = |i: usize, _: &[u8]| skip(from + i);
            let mut got: Vec<(&str, Vec<u64>)> = Vec::new();
            let mut hashes = Vec::new();
            buffer_template_hashes::<Portable>(bytes, part, skip, |h| hashes.extend_from_slice(h));
            got.push(("portable", std::mem::take(&mut hashes)));
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            {
                buffer_template_hashes::<Sse2>(bytes, part, skip, |h| hashes.extend_from_slice(h));
                got.push(("sse2", std::mem::take(&mut hashes)));
            }
            for (name, hashes) in got {
                proptest::prop_assert_eq!(&hashes[..], &expected[from..], "{}", name);
            }
            // The pass that also works out shapes: the same hashes, and each line's shape as
            // read alone.
            let mut with_shapes: Vec<(&str, Vec<u64>, Vec<Shape>)> = Vec::new();
            let mut shapes = Vec::new();
            buffer_lines::<Portable, true>(bytes, part, skip, |h, s| {
                hashes.extend_from_slice(h);
                shapes.extend_from_slice(s);
            });
            with_shapes.push((
                "portable",
                std::mem::take(&mut hashes),
                std::mem::take(&mut shapes),
            ));
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            {
                buffer_lines::<Sse2, true>(bytes, part, skip, |h, s| {
                    hashes.extend_from_slice(h);
                    shapes.extend_from_slice(s);
                });
                with_shapes.push((
                    "sse2",
                    std::mem::take(&mut hashes),
                    std::mem::take(&mut shapes),
                ));
            }
            for (name, hashes, shapes) in with_shapes {
                proptest::prop_assert_eq!(&hashes[..], &expected[from..], "{}", name);
                proptest::prop_assert_eq!(&shapes[..], &expected_shapes[from..], "{}", name);
            }
        }
        Ok(())
    }

    #[test]
    fn bytes_after_a_line_do_not_shape_its_template() {
        // A dot or colon at the line's end, before a letter or a colon in the buffer.
        for line in ["x A.", "see a::", "tail:", "ends with.", "  path/x."] {
            check_hashes(line.as_bytes()).unwrap();
        }
    }

    /// Issue 27: an empty buffer (one empty line ending at offset 0, shorter than the slack)
    /// once took the in-place step, whose length `end - start - 1` wrapped below zero before an
    /// unchecked read. Buffers of every length around the slack, all newlines or none.
    #[test]
    fn buffers_shorter_than_the_slack() {
        check_buffer_hashes(b"", &[0]).unwrap();
        for len in 0..=SLACK + 2 {
            for fill in [b'\n', b'a', b'\r'] {
                check_buffer_hashes(&vec![fill; len], &[0, 1]).unwrap();
            }
        }
    }

    proptest::proptest! {
        /// The block-wise hash equals the plain word loop on every classifier, on lines of
        /// every length around the 32- and 64-byte steps, the long-line cut and the template
        /// prefix.
        #[test]
        fn words_hash_matches_the_plain_word_loop(line in "[a-cA-C1:./\"=@_\x00 \t]{0,260}") {
            check_hashes(line.as_bytes())?;
        }

        /// Long words (over 32 bytes, open across blocks) and words of 8 to 33 bytes.
        #[test]
        fn words_hash_matches_on_long_words(
            line in "( {0,3}[a-cA.:]{1,70}){0,8}",
        ) {
            check_hashes(line.as_bytes())?;
        }

        /// The one-pass word test is the definition: over 32 bytes, a variable byte, or a
        /// qualified part.
        #[test]
        fn variable_words_follow_the_definition(word in "[a-cA1:./=_]{0,40}") {
            let word = word.as_bytes();
            let defined = word.len() > 32
                || word.iter().any(|&b| is_variable_byte(b))
                || has_qualified_part(word);
            proptest::prop_assert_eq!(is_variable_word(word), defined);
        }

        /// A buffer's own lines hashed from its line starts (`\n` and `\r\n` endings, a last
        /// line with or without one, grep-like prefixes skipped) give each line's hash alone,
        /// on every classifier.
        #[test]
        fn buffer_lines_hash_as_lines_alone(
            text in "([a-cA1:./\"=_ \t\r]{0,170}(\n|\r\n)){0,40}[a-c1 :.\r]{0,70}",
            skips in proptest::collection::vec(0usize..6, 41),
        ) {
            check_buffer_hashes(text.as_bytes(), &skips)?;
        }

        /// The fast hash and the readable template agree on which lines share a template.
        #[test]
        fn template_hash_agrees_with_template_text(
            a in "[a-c1:./\"=@ ]{0,40}",
            b in "[a-c1:./\"=@ ]{0,40}",
        ) {
            let (a, b) = (a.trim_start(), b.trim_start());
            let same_text = template_text(a.as_bytes()) == template_text(b.as_bytes());
            let same_hash = template_hash(a.as_bytes()) == template_hash(b.as_bytes());
            proptest::prop_assert_eq!(same_text, same_hash);
        }
    }
}
