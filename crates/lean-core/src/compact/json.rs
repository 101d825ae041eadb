//! JSON compaction: minify losslessly; when that is still too large, render a skeleton that keeps
//! the structure, the identifying fields of every record in arrays of objects, rare categorical
//! values, and factors out fields that are constant across a whole array.
//!
//! The parser writes a flat tape rather than a tree: one entry per value, in document order,
//! holding offsets into the input (so strings and numbers come out exactly as written, escapes
//! included, and object key order is preserved), the value's object key, and the index just past
//! its subtree. Siblings are reached by jumping over subtrees; nothing is allocated per value, and
//! the parser keeps an explicit stack of open containers, so hostile nesting costs no call stack.

use std::collections::HashMap;

#[cfg(test)]
mod reference;

use foldhash::fast::RandomState as FastState;

/// Deeper nesting is not parsed (the later passes recurse along the nesting); such input takes
/// the generic line path.
const MAX_DEPTH: usize = 256;
/// Records with a scalar string longer than this keep it out of the skeleton.
const SHORT_SCALAR: usize = 48;
/// Record arrays render at most this many records; the rest become a marker.
const MAX_RECORDS: usize = 2000;
/// Records of an array rendered with their content: the first, the last, and evenly spread
/// ones in between.
const SAMPLED_RECORDS: usize = 5;
/// Containers this deep render as `{…N}` / `[…N]` in a skeleton, unless a deeper one fits the
/// view's budget (see [`skeleton_within`]).
const SKELETON_DEPTH: usize = 3;
/// The deepest skeleton tried: each try renders the document once more.
const MAX_SKELETON_DEPTH: usize = 7;
/// Arrays of more items than this show their first [`HEAD_ITEMS`] and last [`TAIL_ITEMS`] and a
/// count of the rest between them: the newest version or final entry is often the one asked
/// about, as the last line of an output is.
const MANY_ITEMS: usize = 24;
/// When a skeleton is over its budget, objects with more fields than this (maps of ids, dates
/// or versions) show their first and last fields in the same way; the root shows every one,
/// so no top-level value is ever left out.
const MANY_FIELDS: usize = 24;
const HEAD_ITEMS: usize = 12;
const TAIL_ITEMS: usize = 4;

/// Which children of a long container a skeleton leaves out: those between the first
/// [`HEAD_ITEMS`] and the last [`TAIL_ITEMS`], when there are more than `limit`.
struct Hidden {
    from: usize,
    to: usize,
    /// Children in that range shown all the same (the keys a question names).
    shown: usize,
}

impl Hidden {
    fn of(count: usize, limit: usize) -> Hidden {
        if count > limit {
            Hidden {
                from: HEAD_ITEMS,
                to: count - TAIL_ITEMS,
                shown: 0,
            }
        } else {
            Hidden {
                from: 0,
                to: 0,
                shown: 0,
            }
        }
    }

    fn skips(&self, i: usize) -> bool {
        (self.from..self.to).contains(&i)
    }

    /// After child `i`, the count of the children left out, if they follow it; returns whether
    /// it wrote one.
    fn mark_after(&self, i: usize, out: &mut Vec<u8>) -> bool {
        if self.to > self.from && i + 1 == self.from {
            let more = self.to - self.from - self.shown;
            out.extend_from_slice(format!(",…{more} more").as_bytes());
            true
        } else {
            false
        }
    }
}

/// One value of the document.
#[derive(Clone, Copy)]
struct Entry {
    /// Offset of the value's first byte: a scalar's token, or a container's opening bracket.
    start: u32,
    /// A scalar's token length in bytes, or a container's number of children, under the
    /// value's kind in the top two bits ([`ARRAY_TAG`], [`OBJECT_TAG`], or none for a scalar):
    /// later passes learn the kind without reading the input.
    len: u32,
    /// Offset of the object key this value is stored under (its opening quote).
    key_start: u32,
    /// Length of that key, quotes included; 0 for array items and the root.
    key_len: u32,
    /// Tape index just past this value's subtree: its next sibling, if it has one.
    next: u32,
}

/// Inputs this long or longer are not parsed: lengths and counts below it leave the top two
/// bits of [`Entry::len`] for the kind.
const MAX_INPUT: usize = 1 << 30;
/// [`Entry::len`] of an array, before its children are counted in.
const ARRAY_TAG: u32 = 1 << 30;
/// [`Entry::len`] of an object, before its children are counted in.
const OBJECT_TAG: u32 = 2 << 30;
/// The bits of [`Entry::len`] under the kind.
const LEN_MASK: u32 = ARRAY_TAG - 1;

impl Entry {
    fn kind(&self) -> Kind {
        match self.len >> 30 {
            0 => Kind::Scalar,
            1 => Kind::Array,
            _ => Kind::Object,
        }
    }

    /// A scalar's token length or a container's number of children.
    fn length(&self) -> u32 {
        self.len & LEN_MASK
    }
}

/// A parsed JSON document: the input and its tape (see the module docs).
pub(crate) struct Document<'a> {
    bytes: &'a [u8],
    tape: Vec<Entry>,
    /// Lines of the input, counted while it was scanned.
    pub(crate) lines: usize,
}

/// What a tape entry holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Scalar,
    Array,
    Object,
}

impl<'a> Document<'a> {
    /// The root value's tape index.
    const ROOT: usize = 0;

    fn kind(&self, value: usize) -> Kind {
        self.tape[value].kind()
    }

    /// A scalar's raw token: a string with its quotes, a number, `true`, `false` or `null`.
    fn raw(&self, value: usize) -> &'a [u8] {
        let entry = self.tape[value];
        let start = entry.start as usize;
        &self.bytes[start..start + entry.length() as usize]
    }

    /// The key (with its quotes) a value is stored under in its object.
    fn key(&self, value: usize) -> &'a [u8] {
        let entry = self.tape[value];
        let start = entry.key_start as usize;
        &self.bytes[start..start + entry.key_len as usize]
    }

    /// A container's number of items or fields.
    fn count(&self, container: usize) -> usize {
        self.tape[container].length() as usize
    }

    /// The tape indices of a container's items (or of its fields' values), in order.
    fn children(&self, container: usize) -> Children<'_, 'a> {
        Children {
            doc: self,
            next: container + 1,
            left: self.count(container),
        }
    }
}

/// Iterator over a container's children: each is found by jumping over the previous subtree.
#[derive(Clone)]
struct Children<'d, 'a> {
    doc: &'d Document<'a>,
    next: usize,
    left: usize,
}

impl Iterator for Children<'_, '_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let child = self.next;
        self.next = self.doc.tape[child].next as usize;
        Some(child)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Children<'_, '_> {}

/// Where the parser's searches stop, marked for the whole input before parsing, 64 bytes to a
/// word: bit `i` of `marks[w][QUOTE_OR_ESCAPE]` is set when byte `64 * w + i` is `"` or `\\`,
/// and of `marks[w][SOLID]` when that byte is not JSON whitespace. Finding a string's end or the
/// next token is then a bit search, not a walk over bytes. The two words of a block sit side by
/// side: a search for either touches one cache line.
struct Scanner<'a> {
    bytes: &'a [u8],
    marks: Vec<[u64; 2]>,
    /// `\n` bytes in the input.
    newlines: usize,
}

/// What [`Scanner::string_end_from`] answers for a string the input ends inside.
const NOT_JSON: usize = usize::MAX;

/// Index in a block's marks of its quotes and backslashes.
const QUOTE_OR_ESCAPE: usize = 0;
/// Index in a block's marks of its bytes that are not whitespace.
const SOLID: usize = 1;

/// Marks of one block of at most 64 bytes: quotes or escapes, solid bytes, and newlines.
#[inline]
fn block_marks(block: &[u8]) -> (u64, u64, usize) {
    debug_assert!(block.len() <= 64);
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Ok(block) = block.try_into() {
        return crate::simd::json_marks64(block);
    }
    block_marks_bytewise(block)
}

/// [`block_marks`] a byte at a time: blocks shorter than 64 bytes, and targets without SSE2.
fn block_marks_bytewise(block: &[u8]) -> (u64, u64, usize) {
    let (mut special, mut solid, mut newlines) = (0u64, 0u64, 0usize);
    for (i, &b) in block.iter().enumerate() {
        special |= u64::from(matches!(b, b'"' | b'\\')) << i;
        solid |= u64::from(!matches!(b, b' ' | b'\n' | b'\r' | b'\t')) << i;
        newlines += usize::from(b == b'\n');
    }
    (special, solid, newlines)
}

/// Appends the marks of every 64-byte block of `bytes` (whose length is a multiple of 64) to
/// `marks`; returns the number of newlines.
fn mark_full_blocks(bytes: &[u8], marks: &mut Vec<[u64; 2]>) -> usize {
    debug_assert_eq!(bytes.len() % 64, 0);
    mark_full_blocks_baseline(bytes, marks)
}

/// [`mark_full_blocks`] with [`block_marks`] (SSE2 on x86-64): the path for CPUs without AVX2.
fn mark_full_blocks_baseline(bytes: &[u8], marks: &mut Vec<[u64; 2]>) -> usize {
    let mut newlines = 0;
    marks.extend(bytes.chunks_exact(64).map(|block| {
        let (special, solid, block_newlines) = block_marks(block);
        newlines += block_newlines;
        [special, solid]
    }));
    newlines
}

impl<'a> Scanner<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        let full = bytes.len() / 64;
        let mut marks = Vec::with_capacity(bytes.len().div_ceil(64));
        let mut newlines = mark_full_blocks(&bytes[..full * 64], &mut marks);
        let tail = &bytes[full * 64..];
        if !tail.is_empty() {
            let (special, solid, tail_newlines) = block_marks_bytewise(tail);
            marks.push([special, solid]);
            newlines += tail_newlines;
        }
        // A block past the end with every mark set: each search stops there at the latest.
        marks.push([u64::MAX; 2]);
        Scanner {
            bytes,
            marks,
            newlines,
        }
    }

    /// The first offset at or after `from` (at most the input's length) whose bit is set in
    /// `marks[_][which]`; at or past the input's length when no byte of the input has it.
    #[inline(always)]
    fn next_mark(&self, which: usize, from: usize) -> usize {
        assert!(from <= self.bytes.len());
        let marks = &self.marks;
        let mut word = from / 64;
        // `marks` has a block for every started 64 bytes of the input plus the all-set
        // sentinel after them, so the loop stops at the sentinel at the latest.
        let mut bits = marks[word][which] & (u64::MAX << (from % 64));
        while bits == 0 {
            word += 1;
            bits = marks[word][which];
        }
        word * 64 + bits.trailing_zeros() as usize
    }

    /// The offset of the first byte at or after `pos` that is not JSON whitespace.
    #[inline]
    fn skip_ws(&self, pos: usize) -> usize {
        // Minified JSON has no whitespace: the common case needs no search.
        match self.bytes.get(pos) {
            Some(&b) if b > b' ' => pos,
            None => pos,
            // Pretty-printed JSON puts one blank after each colon.
            Some(b' ') if self.bytes.get(pos + 1).is_some_and(|&b| b > b' ') => pos + 1,
            _ => self.next_mark(SOLID, pos).min(self.bytes.len()),
        }
    }

    /// The first byte at or after `pos` that is not JSON whitespace, and its offset; `None` at
    /// the end of the input.
    #[inline(always)]
    fn next_solid(&self, pos: usize) -> Option<(usize, u8)> {
        let b = *self.bytes.get(pos)?;
        if b > b' ' {
            return Some((pos, b));
        }
        // Pretty-printed JSON puts one blank after each colon.
        if b == b' ' {
            if let Some(&next) = self.bytes.get(pos + 1) {
                if next > b' ' {
                    return Some((pos + 1, next));
                }
            }
        }
        let found = self.next_mark(SOLID, pos);
        Some((found, *self.bytes.get(found)?))
    }

    /// The offset just past the closing quote of the string opened at `open`; `None` when the
    /// input ends inside it.
    #[inline(always)]
    fn string_end(&self, open: usize) -> Option<usize> {
        let found = self.next_mark(QUOTE_OR_ESCAPE, open + 1);
        if self.bytes.get(found) == Some(&b'"') {
            return Some(found + 1);
        }
        // Escapes are rare: read out of line, which answers `NOT_JSON` rather than `None` so
        // the common path above needs no `Option` built across the call.
        let end = self.string_end_from(found);
        (end != NOT_JSON).then_some(end)
    }

    /// [`Self::string_end`] from `found`, the first quote or backslash after the opening
    /// quote when it is not the closing quote (escapes are rare: kept out of line).
    #[inline(never)]
    fn string_end_from(&self, mut found: usize) -> usize {
        loop {
            match self.bytes.get(found) {
                Some(b'"') => return found + 1,
                Some(_) => {}
                None => return NOT_JSON,
            }
            // An escape takes the next byte too; a backslash as the last byte ends the input
            // inside a string, which is not JSON.
            if found + 1 >= self.bytes.len() {
                return NOT_JSON;
            }
            found = self.next_mark(QUOTE_OR_ESCAPE, found + 2);
        }
    }

    /// Lines of the input (a last line without `\n` counts).
    fn line_count(&self) -> usize {
        let bytes = self.bytes;
        self.newlines + usize::from(!bytes.is_empty() && bytes.last() != Some(&b'\n'))
    }
}

/// Bytes a number or literal token is read over, and those a number is made of.
const TOKEN_BYTE: u8 = 1;
const NUMBER_BYTE: u8 = 2;
static TOKEN_CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'+' | b'.') {
            class[b] = TOKEN_BYTE;
        }
        if byte.is_ascii_digit() || matches!(byte, b'-' | b'+' | b'.' | b'e' | b'E') {
            class[b] |= NUMBER_BYTE;
        }
        b += 1;
    }
    class
};

/// The offset just past the number or literal starting at `start`; `None` unless the token is
/// `true`, `false`, `null` or made of number bytes only (a loose number check).
#[inline(always)]
fn scalar_end(bytes: &[u8], start: usize) -> Option<usize> {
    // The literals are most scalars of tool output: compared four bytes at once.
    if let Some(head) = bytes.get(start..start + 4) {
        let word = u32::from_le_bytes(head.try_into().expect("four bytes"));
        let len = if word == u32::from_le_bytes(*b"null") || word == u32::from_le_bytes(*b"true") {
            4
        } else if word == u32::from_le_bytes(*b"fals") && bytes.get(start + 4) == Some(&b'e') {
            5
        } else {
            0
        };
        let ends = |end: usize| bytes.get(end).is_none_or(|&b| TOKEN_CLASS[b as usize] == 0);
        if len > 0 && ends(start + len) {
            return Some(start + len);
        }
    }
    scalar_end_bytewise(bytes, start)
}

/// [`scalar_end`] a byte at a time: numbers, and tokens that are not JSON.
#[inline(never)]
fn scalar_end_bytewise(bytes: &[u8], start: usize) -> Option<usize> {
    let mut pos = start;
    let mut all_number = NUMBER_BYTE;
    while let Some(&b) = bytes.get(pos) {
        let class = TOKEN_CLASS[b as usize];
        if class == 0 {
            break;
        }
        all_number &= class;
        pos += 1;
    }
    let token = &bytes[start..pos];
    let valid = if all_number != 0 {
        !token.is_empty()
    } else {
        matches!(token, b"true" | b"false" | b"null")
    };
    valid.then_some(pos)
}

/// Parses one JSON document; `None` for anything else (including NDJSON and trailing bytes).
pub(crate) fn parse(bytes: &[u8]) -> Option<Document<'_>> {
    // Token lengths and child counts share a u32 with the kind (see `Entry::len`); the caller
    // bounds JSON far below this.
    if bytes.len() >= MAX_INPUT {
        return None;
    }
    let scanner = Scanner::new(bytes);
    // Values take at least two bytes each but JSON as tools print it spends about twenty:
    // sized for that, the tape rarely grows.
    let mut tape: Vec<Entry> = Vec::with_capacity(bytes.len() / 16 + 1);
    // The container being parsed is kept in locals (`top`, its tape index, `children` and
    // `close`, its closing byte); the ones around it wait on `outer`, innermost last. At the
    // root, `close` is a placeholder that no byte matches.
    const AT_ROOT: u8 = 0;
    let (mut top, mut children, mut close) = (0u32, 0u32, AT_ROOT);
    let mut outer: Vec<Open> = Vec::new();
    // Where the next value (or, in an object, the next field's key) starts, whitespace before
    // it included.
    let mut pos = 0usize;
    'value: loop {
        let (mut key_start, mut key_len) = (0u32, 0u32);
        // Set when the fields loop below read a whole value: the offset after it.
        let mut complete = None;
        if close == b'}' {
            // Most object fields hold scalars: they are read in this loop, which branches on
            // less than the general code below; a field holding a container, and the object's
            // end, go on to the general code.
            loop {
                let (key, b) = scanner.next_solid(pos)?;
                if b != b'"' {
                    return None;
                }
                let key_end = scanner.string_end(key)?;
                let (colon, b) = scanner.next_solid(key_end)?;
                if b != b':' {
                    return None;
                }
                let (start, first) = scanner.next_solid(colon + 1)?;
                (key_start, key_len) = (key as u32, (key_end - key) as u32);
                if first == b'[' || first == b'{' {
                    pos = start;
                    break;
                }
                let end = if first == b'"' {
                    scanner.string_end(start)?
                } else {
                    scalar_end(bytes, start)?
                };
                let index = tape.len() as u32;
                tape.push(Entry {
                    start: start as u32,
                    len: (end - start) as u32,
                    key_start,
                    key_len,
                    next: index + 1,
                });
                match scanner.next_solid(end) {
                    Some((comma, b',')) => {
                        children += 1;
                        pos = comma + 1;
                    }
                    // The object ends here, or the input is not JSON: the general code sees.
                    _ => {
                        complete = Some(end);
                        break;
                    }
                }
            }
        }
        if let Some(end) = complete {
            pos = end;
        } else {
            // A value starts here, `outer.len()` containers deep (checked where containers
            // open).
            let first;
            (pos, first) = scanner.next_solid(pos)?;
            let index = tape.len() as u32;
            let mut entry = Entry {
                start: pos as u32,
                len: 0,
                key_start,
                key_len,
                next: index + 1,
            };
            match first {
                b'"' => {
                    let end = scanner.string_end(pos)?;
                    entry.len = (end - pos) as u32;
                    tape.push(entry);
                    pos = end;
                }
                b'[' | b'{' => {
                    entry.len = if first == b'[' { ARRAY_TAG } else { OBJECT_TAG };
                    tape.push(entry);
                    pos = scanner.skip_ws(pos + 1);
                    // `]` and `}` follow their openers two code points on.
                    let closer = first + 2;
                    if bytes.get(pos) == Some(&closer) {
                        pos += 1;
                    } else {
                        // Its first child is `outer.len()` deep once it waits there.
                        if outer.len() >= MAX_DEPTH {
                            return None;
                        }
                        outer.push(Open {
                            index: top,
                            children,
                            close,
                        });
                        (top, children, close) = (index, 0, closer);
                        continue 'value;
                    }
                }
                _ => {
                    let end = scalar_end(bytes, pos)?;
                    entry.len = (end - pos) as u32;
                    tape.push(entry);
                    pos = end;
                }
            }
        }
        // The value is complete: count it in its container, close every container that ends
        // here, and move on to the next value.
        loop {
            if close == AT_ROOT {
                if scanner.skip_ws(pos) != bytes.len() {
                    return None;
                }
                let lines = scanner.line_count();
                return Some(Document { bytes, tape, lines });
            }
            children += 1;
            let separator;
            (pos, separator) = scanner.next_solid(pos)?;
            if separator == b',' {
                pos += 1;
                continue 'value;
            }
            if separator != close {
                return None;
            }
            pos += 1;
            let end_of_tape = tape.len() as u32;
            let entry = &mut tape[top as usize];
            entry.len |= children;
            entry.next = end_of_tape;
            let open = outer.pop()?;
            (top, children, close) = (open.index, open.children, open.close);
        }
    }
}

/// A container waiting for the one inside it to close.
struct Open {
    /// Its tape index.
    index: u32,
    /// Its items or fields so far.
    children: u32,
    /// The byte that closes it: `]` or `}`.
    close: u8,
}

/// Writes the document without insignificant whitespace.
#[cfg(test)]
pub(crate) fn minify(doc: &Document<'_>, out: &mut Vec<u8>) {
    minify_within(doc, out, usize::MAX);
}

/// Appends the separators and brackets of `gap`, a stretch between tokens, without its
/// whitespace.
fn push_structure(gap: &[u8], out: &mut Vec<u8>) {
    // Between tokens there are only the six structural bytes and whitespace, all of which is
    // at or below the blank.
    out.extend(gap.iter().copied().filter(|&b| b > b' '));
}

/// Writes the document without insignificant whitespace, but stops once `out` holds more than
/// `limit` bytes; returns whether the whole document was written. A large document that cannot
/// fit is not written out in full only to learn that.
pub(crate) fn minify_within(doc: &Document<'_>, out: &mut Vec<u8>, limit: usize) -> bool {
    // The minified document is the input without the whitespace between tokens: the tape
    // names every key and scalar, and everything between them is structure or whitespace.
    let bytes = doc.bytes;
    let mut from = 0usize;
    for entry in &doc.tape {
        if entry.key_len > 0 {
            let key_start = entry.key_start as usize;
            push_structure(&bytes[from..key_start], out);
            from = key_start + entry.key_len as usize;
            out.extend_from_slice(&bytes[key_start..from]);
        }
        let start = entry.start as usize;
        push_structure(&bytes[from..start], out);
        if entry.kind() != Kind::Scalar {
            // The bracket goes out with the next stretch of structure.
            from = start;
        } else {
            from = start + entry.length() as usize;
            out.extend_from_slice(&bytes[start..from]);
        }
        if out.len() > limit {
            return false;
        }
    }
    push_structure(&bytes[from..], out);
    out.len() <= limit
}

fn is_record_array(doc: &Document<'_>, array: usize) -> bool {
    let items = doc.count(array);
    items >= 3
        && doc
            .children(array)
            .filter(|&item| doc.kind(item) == Kind::Object)
            .count()
            * 10
            >= items * 8
}

/// How the skeleton renders one field (by key) of a record array.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Left out (the record line ends in `…`).
    Dropped,
    /// The same short scalar in every record: shown once, in the `[all N items: …]` line.
    Constant,
    /// Names the records (mostly distinct strings): kept in every record.
    Identity,
    /// Few distinct values: kept where the value is rare.
    Categorical,
    /// A key only a few records have: those records differ from their siblings by it, so it is
    /// kept wherever it appears (the minority rule on array items).
    Rare,
}

/// What the skeleton learned about one field (one key) across a record array.
struct Slot<'a> {
    key: &'a [u8],
    present: usize,
    scalar: usize,
    distinct: usize,
    any_string: bool,
    /// The first scalar value seen (the value of a constant field).
    first_value: &'a [u8],
    role: Role,
}

/// A record array's fields and how each is rendered.
struct RecordPlan<'a> {
    /// One per key, in the order keys are first seen.
    slots: Vec<Slot<'a>>,
    /// Per field of each record, in document order: its slot, and the index in `counts` of
    /// its value when that is a scalar (`NOT_SCALAR` otherwise).
    fields: Vec<(u32, u32)>,
    /// How many records hold each distinct (key, scalar value).
    counts: Vec<u32>,
    rare_limit: usize,
}

const NOT_SCALAR: u32 = u32::MAX;

/// A cheap 8-bit digest of an object key (its length and its first and last eight bytes), to
/// pick a cache entry; equal keys have equal fingerprints (the entry found is checked, so the
/// digest only decides how often the cache hits).
fn key_fingerprint(key: &[u8]) -> usize {
    let n = key.len();
    let head = short_word(&key[..n.min(8)]);
    let tail = short_word(&key[n.saturating_sub(8)..]);
    let mixed = (head ^ tail.rotate_left(29) ^ n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mixed >> 56) as usize
}

/// A word that, among byte strings of one length up to 8, differs whenever the strings do: the
/// bytes read with overlapping loads (no copy into a padded buffer, which calls `memcpy`).
#[inline(always)]
fn short_word(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    debug_assert!(n <= 8);
    let half = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"));
    match n {
        // Two overlapping halves cover every byte.
        4..=8 => u64::from(half(0)) | u64::from(half(n - 4)) << 32,
        // The first, middle and last bytes are all of them.
        1..=3 => u64::from(bytes[0]) | u64::from(bytes[n / 2]) << 8 | u64::from(bytes[n - 1]) << 16,
        _ => 0,
    }
}

/// Whether two byte strings are equal, compared inline for the short keys and values of
/// records (a call to `memcmp` costs more than the comparison); longer ones use `==`.
#[inline(always)]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |bytes: &[u8], at: usize| {
        u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
    };
    match n {
        0..=8 => short_word(a) == short_word(b),
        // Two overlapping words cover every byte.
        9..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        _ => word(a, 0) == word(b, 0) && a == b,
    }
}

/// The distinct (slot, scalar value) pairs of a record array, numbered 0, 1, ... as first seen:
/// an open-addressing table sized up front for every field being distinct, so it never grows,
/// that hashes a value once and compares bytes only on a full hash match.
struct DistinctValues<'a> {
    /// Numbers of the pairs, `EMPTY` for a free bucket; the length is a power of two.
    buckets: Vec<u32>,
    /// Each pair's hash and value bytes, by number.
    pairs: Vec<(u64, &'a [u8])>,
    hasher: FastState,
}

impl<'a> DistinctValues<'a> {
    const EMPTY: u32 = u32::MAX;

    fn with_capacity(values: usize) -> Self {
        DistinctValues {
            // At most four fifths full: probes stay short and the table is cleared cheaply.
            buckets: vec![Self::EMPTY; (values + values / 4 + 1).next_power_of_two().max(8)],
            pairs: Vec::with_capacity(values),
            hasher: FastState::default(),
        }
    }

    /// The number of (`slot`, `raw`), and whether it is new.
    fn number(&mut self, slot: u32, raw: &'a [u8]) -> (u32, bool) {
        use std::hash::BuildHasher;
        // Multiplying by an odd constant is one-to-one, so the same bytes under two slots
        // never hash alike: a pair with an equal hash and equal bytes has the same slot.
        let slot_mix = u64::from(slot).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let hash = self.hasher.hash_one(raw) ^ slot_mix;
        let mask = self.buckets.len() - 1;
        let mut bucket = (hash >> 7) as usize & mask;
        loop {
            let number = self.buckets[bucket];
            if number == Self::EMPTY {
                let number = self.pairs.len() as u32;
                self.buckets[bucket] = number;
                self.pairs.push((hash, raw));
                return (number, true);
            }
            let (seen_hash, seen) = self.pairs[number as usize];
            if seen_hash == hash && same_bytes(seen, raw) {
                return (number, false);
            }
            bucket = (bucket + 1) & mask;
        }
    }
}

fn plan_records<'a>(doc: &Document<'a>, array: usize) -> RecordPlan<'a> {
    let records = doc
        .children(array)
        .filter(|&item| doc.kind(item) == Kind::Object);
    let field_count: usize = records.clone().map(|record| doc.count(record)).sum();
    let mut plan = RecordPlan {
        slots: Vec::new(),
        fields: Vec::with_capacity(field_count),
        counts: Vec::new(),
        rare_limit: (doc.count(array) / 40).max(2),
    };
    let mut slot_of_key: HashMap<&'a [u8], u32, FastState> = HashMap::default();
    let mut values = DistinctValues::with_capacity(field_count);
    // Records mostly list their keys in the same order, some of them missing: the key that
    // followed the previous one last time is tried first, then the slot last found for keys
    // of the same fingerprint, before the key is hashed. `following[s + 1]` is the slot last seen after slot `s`, `following[START]` the
    // slot of a record's first field.
    const START: usize = 0;
    let mut recent_slots = [NO_SLOT; 256];
    const NO_SLOT: u32 = u32::MAX;
    let mut following: Vec<u32> = vec![NO_SLOT];
    let matches = |slots: &[Slot<'_>], guess: u32, key: &[u8]| {
        slots
            .get(guess as usize)
            .is_some_and(|slot| same_bytes(slot.key, key))
    };
    for record in records {
        let mut previous = START;
        for field in doc.children(record) {
            let key = doc.key(field);
            let guess = following[previous];
            let slot = if matches(&plan.slots, guess, key) {
                guess
            } else {
                let recent = &mut recent_slots[key_fingerprint(key)];
                let slot = if matches(&plan.slots, *recent, key) {
                    *recent
                } else {
                    *slot_of_key.entry(key).or_insert_with(|| {
                        plan.slots.push(Slot {
                            key,
                            present: 0,
                            scalar: 0,
                            distinct: 0,
                            any_string: false,
                            first_value: b"",
                            role: Role::Dropped,
                        });
                        following.push(NO_SLOT);
                        (plan.slots.len() - 1) as u32
                    })
                };
                *recent = slot;
                following[previous] = slot;
                slot
            };
            previous = slot as usize + 1;
            let stats = &mut plan.slots[slot as usize];
            stats.present += 1;
            let mut value = NOT_SCALAR;
            if doc.kind(field) == Kind::Scalar {
                let raw = doc.raw(field);
                stats.scalar += 1;
                let is_new;
                (value, is_new) = values.number(slot, raw);
                if is_new {
                    plan.counts.push(0);
                    if stats.distinct == 0 {
                        stats.first_value = raw;
                    }
                    stats.distinct += 1;
                    stats.any_string |= raw.first() == Some(&b'"');
                }
                plan.counts[value as usize] += 1;
            }
            plan.fields.push((slot, value));
        }
    }
    let n = doc.count(array);
    let mut identities = 0;
    for stats in &mut plan.slots {
        if stats.present < n && stats.present <= plan.rare_limit {
            stats.role = Role::Rare;
            continue;
        }
        if stats.present == n && stats.scalar == n && stats.distinct == 1 {
            if stats.first_value.len() <= SHORT_SCALAR {
                stats.role = Role::Constant;
            }
            continue;
        }
        if stats.scalar * 2 < stats.present || stats.present * 2 < n {
            continue;
        }
        if identities < 2 && stats.any_string && stats.distinct * 2 >= stats.scalar {
            stats.role = Role::Identity;
            identities += 1;
        } else if stats.distinct * 2 < stats.scalar {
            stats.role = Role::Categorical;
        }
    }
    plan
}

/// The deepest skeleton (from [`SKELETON_DEPTH`] to [`MAX_SKELETON_DEPTH`]) of at most `limit`
/// bytes, in `out`; returns whether anything was left out. A skeleton spends its budget: a
/// small document's records keep their nested values (a package's name and version inside
/// its metadata) instead of `{…N}`, while a large one keeps the shallow form. When even the
/// shallow form is over `limit`, `out` holds it anyway (the caller then takes the line path).
/// A key named in `query` (a word of it, compared ignoring ASCII case) keeps its value in
/// every record, never `…`: the reader asked for it.
pub(crate) fn skeleton_within(
    doc: &Document<'_>,
    query: Option<&str>,
    limit: usize,
    accepted: usize,
    out: &mut Vec<u8>,
) -> bool {
    let asked = asked_words(query);
    let mut shape = Shape {
        asked: &asked,
        depth: SKELETON_DEPTH,
        many_fields: usize::MAX,
        whole_unlike: false,
    };
    let mut lossy = skeleton_of(doc, Document::ROOT, 0, &shape, out);
    let mut deeper = Vec::new();
    if out.len() > limit {
        // Over the budget: long maps show their first fields, as long arrays do.
        shape.many_fields = MANY_FIELDS;
        let capped_lossy = skeleton_of(doc, Document::ROOT, 0, &shape, &mut deeper);
        if deeper.len() <= limit {
            std::mem::swap(out, &mut deeper);
            lossy = capped_lossy;
        } else {
            shape.many_fields = usize::MAX;
        }
    }
    // Then, while it fits: records unlike their siblings whole (a few per array, so within
    // what the caller accepts at all), and deeper levels (within `limit`).
    if lossy {
        deeper.clear();
        let whole = Shape {
            whole_unlike: true,
            ..shape
        };
        let whole_lossy = skeleton_of(doc, Document::ROOT, 0, &whole, &mut deeper);
        if deeper.len() <= accepted.max(out.len()) {
            std::mem::swap(out, &mut deeper);
            lossy = whole_lossy;
            shape = whole;
        }
    }
    for depth in SKELETON_DEPTH + 1..=MAX_SKELETON_DEPTH {
        if !lossy {
            break;
        }
        deeper.clear();
        let deeper_lossy = skeleton_of(
            doc,
            Document::ROOT,
            0,
            &Shape { depth, ..shape },
            &mut deeper,
        );
        if deeper.len() > limit {
            break;
        }
        std::mem::swap(out, &mut deeper);
        lossy = deeper_lossy;
    }
    lossy
}

/// The words of `query` that may name keys: names with their dots, dashes and slashes
/// (`moto/sts/models.py`).
fn asked_words(query: Option<&str>) -> Vec<&[u8]> {
    query
        .into_iter()
        .flat_map(|q| q.split(|c: char| !is_name_char(c)))
        .filter(|word| !word.is_empty())
        .take(64)
        .map(str::as_bytes)
        .collect()
}

/// Whether `c` belongs to a name a question or a value writes: letters, digits, `_`, and the
/// dots, dashes and slashes of a qualified name or a path.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')
}

/// What a skeleton shows: the keys asked for, how deep containers open, and how many fields
/// an object below the root may have before only its first [`SHOWN_FIELDS`] show.
#[derive(Clone, Copy)]
struct Shape<'q> {
    asked: &'q [&'q [u8]],
    depth: usize,
    many_fields: usize,
    /// Records unlike their siblings are written whole (tried when the budget allows).
    whole_unlike: bool,
}

/// Most records of one array written whole for being unlike their siblings; the others keep
/// their differing value in the one-line form.
const WHOLE_UNLIKE: usize = 5;

/// Most records of one array written in full for holding a value the question names.
const ASKED_RECORDS: usize = 5;
/// Fewest keys of a map whose keys are data (files, ids) rather than a record's fields.
const KEYED_MAP_FIELDS: usize = 8;
/// Levels of nested values an asked record opens beyond the skeleton's.
const ASKED_RECORD_LEVELS: usize = 2;
/// Longest value an asked record shows in full; a longer one keeps its start.
const ASKED_VALUE_BYTES: usize = 1024;

/// The asked word a record field's string value is, as written (`"code": "PRS"` for a
/// question about `PRS`), or holds as a word of its own (`"pkg_id": "…index#clap@4.6.10"` for
/// a question about `clap`; words end where a question's words do, see [`asked_words`]). Only
/// an identifier (a value without blanks: an id, a reference, a path) is read for its words;
/// a word of a description's prose (`but not IE 8`) names no record.
fn asked_value(doc: &Document<'_>, field: usize, asked: &[&[u8]]) -> Option<usize> {
    if doc.kind(field) != Kind::Scalar {
        return None;
    }
    let value = doc
        .raw(field)
        .strip_prefix(b"\"")
        .and_then(|v| v.strip_suffix(b"\""))?;
    if value.contains(&b' ') {
        return (value.len() >= 3)
            .then(|| asked.iter().position(|word| *word == value))
            .flatten();
    }
    // A UTF-8 sequence's bytes stay in their word, as its character does in a question's.
    value
        .split(|&b| !(b >= 0x80 || is_name_char(char::from(b))))
        .filter(|word| word.len() >= 3)
        .find_map(|word| asked.iter().position(|asked| *asked == word))
}

/// The asked words that few records of `array` hold as a value (at most [`ASKED_RECORDS`]):
/// a value every record holds (`"installer": "pip"`) points at none of them.
fn selective_asked_values<'q>(
    doc: &Document<'_>,
    array: usize,
    asked: &[&'q [u8]],
) -> Vec<&'q [u8]> {
    let mut held = vec![0usize; asked.len()];
    let mut in_record = vec![false; asked.len()];
    for record in doc.children(array).take(MAX_RECORDS) {
        if doc.kind(record) != Kind::Object {
            continue;
        }
        in_record.fill(false);
        for field in doc.children(record) {
            if let Some(word) = asked_value(doc, field, asked) {
                in_record[word] = true;
            }
        }
        for (held, &here) in held.iter_mut().zip(&in_record) {
            *held += usize::from(here);
        }
    }
    asked
        .iter()
        .zip(held)
        .filter(|&(_, n)| (1..=ASKED_RECORDS).contains(&n))
        .map(|(&word, _)| word)
        .collect()
}

/// Most short values an opened nested object shows in a record's one-line form.
const OPENED_VALUES: usize = 3;

/// Keys that name what a nested object is, in any ecosystem's metadata: shown first when a
/// record's nested object is opened.
const IDENTITY_KEYS: [&[u8]; 6] = [
    b"\"name\"",
    b"\"id\"",
    b"\"version\"",
    b"\"key\"",
    b"\"title\"",
    b"\"type\"",
];

/// Writes `object` as at most [`OPENED_VALUES`] of its short scalar fields, those with an
/// identity key ([`IDENTITY_KEYS`]) first, then the others in order (`{"name":"x",…}`);
/// returns whether anything was left out. At most two passes over the object's fields.
fn short_values(doc: &Document<'_>, object: usize, out: &mut Vec<u8>) -> bool {
    out.push(b'{');
    let mut written = 0usize;
    let short =
        |field: usize| doc.kind(field) == Kind::Scalar && doc.raw(field).len() <= SHORT_SCALAR;
    let identity = |field: usize| IDENTITY_KEYS.contains(&doc.key(field));
    for pass_identity in [true, false] {
        for field in doc.children(object) {
            if written == OPENED_VALUES {
                break;
            }
            if !short(field) || identity(field) != pass_identity {
                continue;
            }
            if written > 0 {
                out.push(b',');
            }
            out.extend_from_slice(doc.key(field));
            out.push(b':');
            out.extend_from_slice(doc.raw(field));
            written += 1;
        }
    }
    let lossy = written < doc.count(object);
    if lossy {
        out.extend_from_slice(if written > 0 { ",…" } else { "…" }.as_bytes());
    }
    out.push(b'}');
    lossy
}

/// Writes a string scalar opened only by a skeleton deeper than [`SKELETON_DEPTH`]: a long one
/// keeps its start and ends in `…"` (a value the shallow form hid entirely).
fn write_deep_scalar(raw: &[u8], out: &mut Vec<u8>) {
    if raw.len() <= 2 * SHORT_SCALAR || raw.first() != Some(&b'"') {
        out.extend_from_slice(raw);
        return;
    }
    let mut cut = SHORT_SCALAR;
    // Not inside a UTF-8 sequence, and not after an escape's backslash.
    while cut > 1 && (raw[cut] & 0xC0) == 0x80 {
        cut -= 1;
    }
    if let Some(slash) = raw[cut.saturating_sub(6)..cut]
        .iter()
        .position(|&b| b == b'\\')
    {
        cut = cut.saturating_sub(6) + slash;
    }
    out.extend_from_slice(&raw[..cut]);
    out.extend_from_slice("…\"".as_bytes());
}

/// Whether a raw key (`"name"`, quotes included) is one of the `asked` words.
fn is_asked(key: &[u8], asked: &[&[u8]]) -> bool {
    let bare = key
        .strip_prefix(b"\"")
        .and_then(|k| k.strip_suffix(b"\""))
        .unwrap_or(key);
    asked.iter().any(|word| word.eq_ignore_ascii_case(bare))
}

/// Renders a skeleton of one value, `depth` containers deep (recursion stays within the
/// parser's [`MAX_DEPTH`]).
fn skeleton_of(
    doc: &Document<'_>,
    value: usize,
    depth: usize,
    shape: &Shape<'_>,
    out: &mut Vec<u8>,
) -> bool {
    match doc.kind(value) {
        Kind::Scalar if depth > SKELETON_DEPTH => {
            write_deep_scalar(doc.raw(value), out);
            doc.raw(value).len() > 2 * SHORT_SCALAR
        }
        Kind::Scalar => {
            out.extend_from_slice(doc.raw(value));
            false
        }
        Kind::Array if is_record_array(doc, value) => records(doc, value, depth, shape, out),
        Kind::Array => {
            let items = doc.count(value);
            if depth >= shape.depth && items > 0 {
                out.extend_from_slice(format!("[…{items}]").as_bytes());
                return true;
            }
            let mut lossy = false;
            out.push(b'[');
            let hidden = Hidden::of(items, MANY_ITEMS);
            for (i, item) in doc.children(value).enumerate() {
                if hidden.skips(i) {
                    continue;
                }
                if i > 0 {
                    out.push(b',');
                }
                lossy |= skeleton_of(doc, item, depth + 1, shape, out);
                lossy |= hidden.mark_after(i, out);
            }
            out.push(b']');
            lossy
        }
        Kind::Object => {
            let fields = doc.count(value);
            if depth >= shape.depth && fields > 0 {
                out.extend_from_slice(format!("{{…{fields}}}").as_bytes());
                return true;
            }
            let mut lossy = false;
            out.push(b'{');
            let limit = if depth > 0 {
                shape.many_fields
            } else {
                usize::MAX
            };
            let mut hidden = Hidden::of(fields, limit);
            // In a map keyed by data (files, ids: more than KEYED_MAP_FIELDS keys), a key the
            // question names is shown where it stands, however long the map, with its value
            // opened. A field every record has (`violations`) names no one of them.
            let keyed = depth > 0 && fields > KEYED_MAP_FIELDS && !shape.asked.is_empty();
            let asked = |field: usize| keyed && is_asked(doc.key(field), shape.asked);
            if hidden.to > hidden.from && keyed {
                hidden.shown = doc
                    .children(value)
                    .enumerate()
                    .filter(|&(i, field)| hidden.skips(i) && asked(field))
                    .count();
            }
            for (i, field) in doc.children(value).enumerate() {
                if hidden.skips(i) && !asked(field) {
                    continue;
                }
                if i > 0 {
                    out.push(b',');
                }
                if depth == 0 {
                    out.push(b'\n');
                }
                out.extend_from_slice(doc.key(field));
                out.push(b':');
                // A key the question names (a file in a map of findings by file) opens its
                // value as an asked record does.
                let field_shape = if asked(field) {
                    &Shape {
                        depth: shape.depth.max(depth + 1 + ASKED_RECORD_LEVELS),
                        ..*shape
                    }
                } else {
                    shape
                };
                lossy |= skeleton_of(doc, field, depth + 1, field_shape, out);
                lossy |= hidden.mark_after(i, out);
            }
            if depth == 0 {
                out.push(b'\n');
            }
            out.push(b'}');
            lossy
        }
    }
}

/// One line per record: identifying fields, rare categorical values, nested values elided.
fn records(
    doc: &Document<'_>,
    array: usize,
    depth: usize,
    shape: &Shape<'_>,
    out: &mut Vec<u8>,
) -> bool {
    let asked = shape.asked;
    let plan = plan_records(doc, array);
    let items = doc.count(array);
    out.push(b'[');
    let mut constants = plan.slots.iter().filter(|slot| slot.role == Role::Constant);
    if let Some(first) = constants.next() {
        out.extend_from_slice(format!("\n[all {items} items: ").as_bytes());
        for (i, slot) in std::iter::once(first).chain(constants).enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(slot.key);
            out.push(b':');
            out.extend_from_slice(slot.first_value);
        }
        out.push(b']');
    }
    let mut lossy = false;
    let mut planned = plan.fields.iter();
    let mut unlike_whole = 0usize;
    let mut asked_records = 0usize;
    let asked_values = if asked.is_empty() {
        Vec::new()
    } else {
        selective_asked_values(doc, array, asked)
    };
    // The first, the last and a spread of records in between keep their content (SO-20): they
    // show what a record holds, which the one-line form of the others cannot.
    let sampled = |i: usize| {
        items <= SAMPLED_RECORDS
            || i == items - 1
            || (0..SAMPLED_RECORDS - 1).any(|k| i == k * (items - 1) / (SAMPLED_RECORDS - 1))
    };
    // Below this depth a whole record would render as `{…N}`: it keeps its one-line form.
    let whole_records = depth + 1 < shape.depth;
    for (i, item) in doc.children(array).enumerate() {
        if i == MAX_RECORDS {
            out.extend_from_slice(format!("\n[… {} more items]", items - i).as_bytes());
            lossy = true;
            break;
        }
        out.push(b'\n');
        if doc.kind(item) != Kind::Object {
            lossy |= skeleton_of(doc, item, depth + 1, shape, out);
            out.push(b',');
            continue;
        }
        // A record with a key or a value its siblings almost never have (the minority rule on
        // items) is written whole too: the difference, and what identifies the record.
        let unlike = || {
            doc.children(item)
                .zip(planned.clone())
                .any(
                    |(field, &(slot, value))| match plan.slots[slot as usize].role {
                        Role::Rare => true,
                        Role::Categorical => {
                            value != NOT_SCALAR
                                && plan.counts[value as usize] as usize <= plan.rare_limit
                                && doc.tape[field].length() as usize <= SHORT_SCALAR
                        }
                        _ => false,
                    },
                )
        };
        let whole_unlike = shape.whole_unlike && unlike_whole < WHOLE_UNLIKE && unlike();
        unlike_whole += usize::from(whole_unlike);
        // A record holding a value the question names keeps every field, in full: the
        // violation coded `PRS` is asked for with its line and its message.
        let in_full = !asked_values.is_empty()
            && asked_records < ASKED_RECORDS
            && doc
                .children(item)
                .any(|field| asked_value(doc, field, &asked_values).is_some());
        asked_records += usize::from(in_full);
        // The record asked for opens its nested values a few levels further (within the
        // skeleton's caps on items and fields): a package's feature list.
        let record_shape = if in_full {
            &Shape {
                depth: shape.depth + ASKED_RECORD_LEVELS,
                ..*shape
            }
        } else {
            shape
        };
        if whole_records && (sampled(i) || whole_unlike) {
            // Its planned fields are passed over: the record is written whole.
            if let Some(last) = doc.count(item).checked_sub(1) {
                planned.nth(last);
            }
            lossy |= skeleton_of(doc, item, depth + 1, record_shape, out);
            out.push(b',');
            continue;
        }
        out.push(b'{');
        let mut written = 0usize;
        for (field, &(slot, value)) in doc.children(item).zip(&mut planned) {
            let role = plan.slots[slot as usize].role;
            let raw_len = doc.tape[field].length() as usize;
            // A skeleton opened deeper than the shallow form (it fits the budget) opens a
            // record's nested objects to their short values: a record's identity is often one
            // level down (an install report's `metadata.name` and `version`).
            let opened = value == NOT_SCALAR
                && shape.depth > SKELETON_DEPTH
                && doc.kind(field) == Kind::Object;
            let keep = match role {
                // A rare key is the difference itself, an asked one the answer: kept with a
                // bounded form of its value.
                _ if in_full || is_asked(doc.key(field), asked) => true,
                Role::Rare => true,
                _ if opened => true,
                _ if value == NOT_SCALAR => false,
                Role::Identity => raw_len <= 2 * SHORT_SCALAR,
                Role::Categorical => {
                    plan.counts[value as usize] as usize <= plan.rare_limit
                        && raw_len <= SHORT_SCALAR
                }
                Role::Dropped | Role::Constant => false,
            };
            if !keep {
                lossy |= role != Role::Constant;
                continue;
            }
            if written > 0 {
                out.push(b',');
            }
            out.extend_from_slice(doc.key(field));
            out.push(b':');
            if opened {
                lossy |= short_values(doc, field, out);
            } else if value == NOT_SCALAR {
                lossy |= skeleton_of(doc, field, shape.depth, record_shape, out);
            } else if raw_len <= 2 * SHORT_SCALAR || (in_full && raw_len <= ASKED_VALUE_BYTES) {
                out.extend_from_slice(doc.raw(field));
            } else if in_full {
                write_deep_scalar(doc.raw(field), out);
                lossy = true;
            } else {
                out.extend_from_slice("\"…\"".as_bytes());
                lossy = true;
            }
            written += 1;
        }
        if written < doc.count(item) {
            out.extend_from_slice(if written > 0 { ",…" } else { "…" }.as_bytes());
        }
        out.extend_from_slice(b"},");
    }
    if out.last() == Some(&b',') {
        out.pop();
    }
    out.extend_from_slice(b"\n]");
    lossy
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_ending_in_a_lone_backslash_is_not_json_and_does_not_panic() {
        for input in [
            &b"\"\\"[..],
            b"\"abc\\",
            b"{\"key\":\"value\\",
            b"[\"a\",\"b\\",
            b"{\"k\\",
            b"\"\\\\\\",
        ] {
            assert!(
                parse(input).is_none(),
                "{:?}",
                String::from_utf8_lossy(input)
            );
        }
    }

    fn nested(levels: usize, inner: &str) -> Vec<u8> {
        format!("{}{inner}{}", "[".repeat(levels), "]".repeat(levels)).into_bytes()
    }

    #[test]
    fn a_deep_long_string_is_cut_on_a_character_and_never_inside_an_escape() {
        for filler in ["é", "日本", "a\\\"", "\\u00e9", "ab"] {
            for lead in 0..8 {
                let body = format!("{}{}", "x".repeat(lead), filler.repeat(80));
                let raw = format!("\"{body}\"");
                let mut out = Vec::new();
                write_deep_scalar(raw.as_bytes(), &mut out);
                let text = String::from_utf8(out).expect("a cut keeps UTF-8 whole");
                let kept = text.strip_suffix("…\"").expect("a long string ends in …\"");
                assert!(raw.starts_with(kept), "{kept} is not a prefix of {raw}");
                let slashes = kept.bytes().rev().take_while(|&b| b == b'\\').count();
                assert_eq!(slashes % 2, 0, "cut after an escape's backslash: {kept}");
                assert!(kept.len() <= SHORT_SCALAR);
            }
        }
        let mut short = Vec::new();
        write_deep_scalar(b"\"short\"", &mut short);
        assert_eq!(short, b"\"short\"");
    }

    #[test]
    fn nesting_is_parsed_up_to_max_depth_and_refused_beyond() {
        // The root is at depth 0, so MAX_DEPTH + 1 brackets put the innermost value at
        // MAX_DEPTH: the deepest one parsed.
        assert!(parse(&nested(MAX_DEPTH + 1, "")).is_some());
        assert!(parse(&nested(MAX_DEPTH, "1")).is_some());
        assert!(parse(&nested(MAX_DEPTH + 2, "")).is_none());
        assert!(parse(&nested(MAX_DEPTH + 1, "1")).is_none());
        let objects = format!("{}1{}", "{\"k\":".repeat(MAX_DEPTH), "}".repeat(MAX_DEPTH));
        assert!(parse(objects.as_bytes()).is_some());
        let deeper = format!("[{objects}]");
        assert!(parse(deeper.as_bytes()).is_none());
    }

    #[test]
    fn hostile_depth_is_refused_without_exhausting_the_stack() {
        assert!(parse(&nested(1_000_000, "")).is_none());
        let unclosed = "{\"a\":[".repeat(500_000);
        assert!(parse(unclosed.as_bytes()).is_none());
    }

    #[test]
    fn block_marks_agree_with_the_bytewise_reading() {
        // Every byte value, then a pseudo-random mix (a small LCG) weighted towards the bytes
        // the parser stops at.
        let mut state = 0x9e37_79b9_u32;
        let mut input: Vec<u8> = (0..=255u8).collect();
        for _ in 0..64 * 64 {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let pick = (state >> 24) as u8;
            input.push(if pick < 128 {
                b" \n\r\t\"\\{}[],:ae\x0b\x00"[usize::from(pick % 16)]
            } else {
                pick
            });
        }
        for block in input.chunks(64) {
            assert_eq!(block_marks(block), block_marks_bytewise(block));
        }
        // Whole-input marking: the dispatched path (AVX2 where available), the baseline path
        // and the bytewise reading agree on every block and on the newline count.
        let full = &input[..input.len() / 64 * 64];
        let mut bytewise = Vec::new();
        let mut bytewise_newlines = 0;
        for block in full.chunks(64) {
            let (special, solid, newlines) = block_marks_bytewise(block);
            bytewise.push([special, solid]);
            bytewise_newlines += newlines;
        }
        let mut baseline = Vec::new();
        assert_eq!(
            mark_full_blocks_baseline(full, &mut baseline),
            bytewise_newlines
        );
        assert_eq!(baseline, bytewise);
        let mut dispatched = vec![[7, 7]];
        assert_eq!(mark_full_blocks(full, &mut dispatched), bytewise_newlines);
        assert_eq!(
            dispatched[0],
            [7, 7],
            "marks are appended after what is there"
        );
        assert_eq!(dispatched[1..], bytewise[..]);
    }

    #[test]
    fn same_bytes_agrees_with_slice_equality_at_every_length() {
        let base: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for n in 0..base.len() {
            let a = &base[..n];
            assert!(same_bytes(a, a));
            assert!(!same_bytes(a, &base[..n + 1]));
            for flip in 0..n {
                let mut b = a.to_vec();
                b[flip] ^= 0x20;
                assert!(!same_bytes(a, &b), "length {n}, byte {flip}");
            }
        }
    }

    #[test]
    fn minify_drops_only_whitespace_between_tokens() {
        let input = b" \r\n{ \"a b\" :\t[ 1 , \"x \\\" y\" ,{ } ,[ ] ] ,\"c\":null }\n";
        let doc = parse(input).expect("valid JSON");
        let mut out = Vec::new();
        minify(&doc, &mut out);
        assert_eq!(out, br#"{"a b":[1,"x \" y",{},[]],"c":null}"#);
        assert_eq!(doc.lines, 2);
        let mut short = Vec::new();
        assert!(!minify_within(&doc, &mut short, 10));
    }

    /// The tape as the reference reader writes it.
    fn raw_tape(doc: &Document<'_>) -> Vec<reference::RawEntry> {
        doc.tape
            .iter()
            .map(|entry| {
                let kind = match entry.kind() {
                    Kind::Scalar => 0,
                    Kind::Array => 1,
                    Kind::Object => 2,
                };
                let next = entry.next;
                [
                    entry.start,
                    entry.length(),
                    entry.key_start,
                    entry.key_len,
                    next,
                    kind,
                ]
            })
            .collect()
    }

    fn assert_parses_like_the_reference(input: &[u8]) {
        let fast = parse(input).map(|doc| (raw_tape(&doc), doc.lines));
        assert_eq!(
            fast,
            reference::parse(input),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }

    #[test]
    fn the_parser_agrees_with_the_reference_on_edge_cases() {
        for input in [
            &b""[..],
            b" ",
            b"1",
            b"-",
            b"true",
            b"truex",
            b"nul",
            b"false ",
            b"fals",
            b"[true,false,null]",
            b"[tru e]",
            b"{\"a\":1 , \"b\" :[ ] ,\"c\":{ }}",
            b"{\"a\":1,}",
            b"{\"a\" 1}",
            b"{\"a\":}",
            b"{,}",
            b"[1,]",
            b"[1 2]",
            b"\"a\" \"b\"",
            b"{\"a\":[1,{\"b\":\"c\\\"\"}],\"d\":nullx}",
            b"{\"a\":\"x\"}}",
            b"{\"a\":\"x\"]",
            b"[1}",
            b"{\"k\":\"\\\\\"}",
            b"\n\t{\r\n  \"a\": \"b\",\n  \"c\": [\n    1\n  ]\n}\n",
        ] {
            assert_parses_like_the_reference(input);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_parser_agrees_with_the_reference_on_token_soup(
            pieces in proptest::collection::vec(
                proptest::sample::select(vec![
                    &b"{"[..], b"}", b"[", b"]", b",", b":", b"\"", b"\\", b" ", b"\n",
                    b"\t", b"  ", b"\"key\"", b"\"a \\\" b\"", b"1", b"-2.5e3", b"true",
                    b"false", b"null", b"nul", b"x", b"\xc3\xa9",
                    b"\"a string long enough to cross a sixty-four byte block of marks\"",
                ]),
                0..80,
            ),
        ) {
            assert_parses_like_the_reference(&pieces.concat());
        }

        #[test]
        fn the_parser_agrees_with_the_reference_on_documents_and_their_prefixes(
            value in json_value(),
            pretty in proptest::prelude::any::<bool>(),
            cut in proptest::prelude::any::<proptest::sample::Index>(),
        ) {
            let text = if pretty {
                serde_json::to_vec_pretty(&value).expect("serializes")
            } else {
                serde_json::to_vec(&value).expect("serializes")
            };
            assert_parses_like_the_reference(&text);
            assert!(parse(&text).is_some());
            assert_parses_like_the_reference(&text[..cut.index(text.len() + 1)]);
        }

        #[test]
        fn every_marking_path_agrees_on_arbitrary_bytes(
            input in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(b" \n\r\t\"\\{}[],:a0".to_vec()),
                    proptest::prelude::any::<u8>(),
                ],
                0..700,
            ),
        ) {
            let full = &input[..input.len() / 64 * 64];
            let mut baseline = Vec::new();
            let baseline_newlines = mark_full_blocks_baseline(full, &mut baseline);
            let mut dispatched = Vec::new();
            proptest::prop_assert_eq!(mark_full_blocks(full, &mut dispatched), baseline_newlines);
            proptest::prop_assert_eq!(dispatched, baseline);
        }
    }

    /// Arbitrary JSON values: nested arrays and objects of strings with escapes, numbers,
    /// booleans and nulls.
    fn json_value() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            any::<i64>().prop_map(serde_json::Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(serde_json::Value::from),
            any::<bool>().prop_map(serde_json::Value::from),
            "[a-z\\\\\"\\n é\u{1}]{0,70}".prop_map(serde_json::Value::from),
            Just(serde_json::Value::Null),
        ];
        leaf.prop_recursive(5, 64, 8, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..8).prop_map(serde_json::Value::Array),
                proptest::collection::vec(("[a-z\"\\\\]{0,10}", inner), 0..8)
                    .prop_map(|fields| serde_json::Value::Object(fields.into_iter().collect())),
            ]
        })
    }

    #[test]
    fn escapes_inside_strings_still_parse_exactly() {
        let doc = parse(br#"{"a\"b":"c\\","d":["\u00e9\n"]}"#).expect("valid JSON");
        let mut out = Vec::new();
        minify(&doc, &mut out);
        assert_eq!(out, br#"{"a\"b":"c\\","d":["\u00e9\n"]}"#);
    }
}
