//! The values in a template's slots. Lines of one template are interchangeable only in their
//! shape: a member whose slot holds a value unlike its look-alikes' (another version, status or
//! file among one dominant value; the largest or smallest number of a measured column; a row
//! that changed when the output printed its table again) is what a question about the group is
//! usually about. This module finds those members so they rank above the group's ordinary ones,
//! and writes the bounded words a marker gives the values of the lines it hides.
//!
//! Slots are the space-separated words of a line at one position (a `key=value` or `key:value`
//! word is its value, named by its key). Work is bounded: the first [`MAX_WORDS`] words of the
//! first [`MAX_SCANNED_BYTES`] bytes of a line, at most [`MAX_DISTINCT`] distinct values counted
//! per slot, groups of at least [`MIN_GROUP`] members only, and the first [`MAX_GROUP_LINES`]
//! members of a group compared.

use super::super::lines::{common_prefix_len, same_bytes};
use super::super::signals::{line_shape, EMPTY_SHAPE, SHAPE_BYTES, SHAPE_WORDS};
use super::describe::majority;
use super::flags::{LineFlags, Rank};
use super::line_texts::LineTexts;
use super::templates::{PreHashed, Templates};
use xxhash_rust::xxh3::xxh3_64;

mod minorities;

/// Groups smaller than this have no majority to be unlike.
const MIN_GROUP: usize = 5;
/// Words of a line looked at (slots beyond are not compared): the words of its shape.
pub(super) const MAX_WORDS: usize = SHAPE_WORDS;
/// Bytes of a line looked at for its words.
const MAX_SCANNED_BYTES: usize = SHAPE_BYTES;
/// Distinct values counted per slot; a slot with more is a column of ids or measurements.
const MAX_DISTINCT: usize = 16;
/// Lines of a value remembered, to name or keep them.
const LINES_PER_VALUE: usize = 3;
/// Minority lines kept verbatim per group; the rest are named in the marker.
const KEPT_MINORITIES: usize = 16;
/// A slot of at most [`MAX_DISTINCT`] values that each recur this many times on average
/// holds categories (see `Slot::categorical`).
const CATEGORY_REPEATS: usize = 4;
/// Fewest members rising throughout that make a slot a counter or a clock.
const MIN_RISING: usize = 8;
/// Numeric slots whose extremes (the smallest and the three largest values) are kept per group.
const EXTREME_SLOTS: usize = 3;
/// Most lines ranked high as unlike their look-alikes, over all groups: the rest are named by
/// their markers.
const MAX_UNLIKE: usize = 40;
/// Most members of a group whose slots are read to find the unlike ones: past that, a huge
/// group's look-alikes are compared no further (ranking is a choice, not a claim).
const MAX_GROUP_LINES: usize = 4096;
/// Most lines of a dropped run whose slots are read for its marker: a marker states counts,
/// so this bound only stops pathological inputs.
const MAX_SUMMARY_LINES: usize = 200_000;
/// Most bytes of the value words a marker adds to its run's description.
pub(super) const MAX_SUMMARY_BYTES: usize = 160;
/// Bytes of one value shown in a marker.
const MAX_VALUE_BYTES: usize = 24;

/// The words of `line` (split on spaces and tabs), at most [`MAX_WORDS`] of its first bytes.
fn words(line: &[u8]) -> Words<'_> {
    Words::from(scanned(line), 0, 0)
}

/// The bytes of `line` whose words are read.
#[inline]
fn scanned(line: &[u8]) -> &[u8] {
    &line[..line.len().min(MAX_SCANNED_BYTES)]
}

/// The iterator of [`words`]: a plain byte loop, since it runs over every line's words.
struct Words<'a> {
    rest: &'a [u8],
    left: usize,
    /// Bytes of the scanned line before `rest`: after a word, where that word ends.
    end: usize,
}

impl<'a> Words<'a> {
    /// The words of `head` (a line's [`scanned`] bytes) from byte `from` on, `done` of them
    /// already read before it.
    #[inline]
    fn from(head: &'a [u8], from: usize, done: usize) -> Words<'a> {
        Words {
            rest: &head[from..],
            left: MAX_WORDS - done,
            end: from,
        }
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a [u8];

    #[inline]
    fn next(&mut self) -> Option<&'a [u8]> {
        if self.left == 0 {
            return None;
        }
        let blank = |b: &u8| *b == b' ' || *b == b'\t';
        let start = self.rest.iter().position(|b| !blank(b))?;
        let rest = &self.rest[start..];
        let (word, after) = rest.split_at(first_blank(rest));
        self.rest = after;
        self.left -= 1;
        self.end += start + word.len();
        Some(word)
    }
}

/// The index of the first space or tab in `bytes` (its length when there is none), eight
/// bytes at a time: every member's words are split, and most words are longer than a few
/// bytes.
#[inline]
fn first_blank(bytes: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // The high bit of each zero byte of `v`. A borrow can also flag a byte above a zero byte,
    // never one below the lowest, so the lowest flag is exact.
    let zeros = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let mut at = 0;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let v = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let found = zeros(v ^ (ONES * u64::from(b' '))) | zeros(v ^ (ONES * u64::from(b'\t')));
        if found != 0 {
            return at + (found.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    let tail = bytes[at..].iter().position(|&b| b == b' ' || b == b'\t');
    at + tail.unwrap_or(bytes.len() - at)
}

/// The value of a word: after a `key=` or `key:` of letters (the key names the slot), without
/// the quotes, brackets and separators around it.
fn value_of(word: &[u8]) -> (&[u8], &[u8]) {
    // The key is the letters before the first `=` or `:`: the first byte that is not a key's
    // ends the search, where the separator is or no key can be.
    let key_len = word
        .iter()
        .position(|b| !(b.is_ascii_alphabetic() || *b == b'_'))
        .unwrap_or(word.len());
    let split = Some(key_len)
        .filter(|&at| at > 0 && at + 1 < word.len())
        .filter(|&at| word[at] == b'=' || word[at] == b':');
    let (key, value) = match split {
        Some(at) => (&word[..at], &word[at + 1..]),
        None => (&word[..0], word),
    };
    let trimmed = trim_punctuation(value);
    (key, if trimmed.is_empty() { value } else { trimmed })
}

/// The quotes, brackets and separators [`trim_punctuation`] takes off a value, by byte: a
/// lookup per byte where a test for each of them costs a branch chain.
const JUNK: [bool; 256] = {
    let mut junk = [false; 256];
    let bytes = b"\"'()[]{}<>,;`";
    let mut k = 0;
    while k < bytes.len() {
        junk[bytes[k] as usize] = true;
        k += 1;
    }
    junk
};

/// `value` without the quotes, brackets and separators around it (see [`JUNK`]).
#[inline]
fn trim_punctuation(value: &[u8]) -> &[u8] {
    let junk = |b: &u8| JUNK[*b as usize];
    let start = value.iter().position(|b| !junk(b)).unwrap_or(value.len());
    let end = value
        .iter()
        .rposition(|b| !junk(b))
        .map_or(start, |e| e + 1);
    &value[start..end.max(start)]
}

/// A number with an optional short unit (`412`, `-0.5`, `12.3ms`, `4.2MB`, `17%`); a version
/// (`2.4.1`) or an id (`0x1f`, `a12`) is no number.
pub(super) fn number_of(value: &[u8]) -> Option<f64> {
    // Most words start with a letter or a path: no number (their digits would not lead).
    if !matches!(value.first(), Some(b'0'..=b'9' | b'.' | b'-' | b'+')) {
        return None;
    }
    // One pass over the number: where it ends, its dots and digits, and its value as an
    // integer (which only a number without a dot of at most 15 digits takes).
    let (mut end, mut dots, mut digits, mut integer) = (value.len(), 0usize, 0usize, 0u64);
    for (k, &b) in value.iter().enumerate() {
        if b.is_ascii_digit() {
            digits += 1;
            integer = integer.wrapping_mul(10).wrapping_add(u64::from(b - b'0'));
        } else if b == b'.' {
            dots += 1;
        } else if !(k == 0 && (b == b'-' || b == b'+')) {
            end = k;
            break;
        }
    }
    let (number, unit) = value.split_at(end);
    if unit.len() > 3 || !unit.iter().all(|&b| b.is_ascii_alphabetic() || b == b'%') {
        return None;
    }
    if dots > 1 || digits == 0 {
        return None;
    }
    // A signed integer of at most 15 digits is exact below 2^53: what the float parsing
    // gives, without it.
    let x = if dots == 0 && digits <= 15 {
        let x = integer as f64;
        if number[0] == b'-' {
            -x
        } else {
            x
        }
    } else {
        std::str::from_utf8(number).ok()?.parse::<f64>().ok()?
    };
    Some(x * unit_scale(unit)).filter(|v| v.is_finite())
}

/// What a number with `unit` after it is multiplied by: sizes and durations compare across
/// units (`4.0K` < `1.2M`, `900ms` < `2s`).
fn unit_scale(unit: &[u8]) -> f64 {
    match unit {
        b"K" | b"k" | b"KB" | b"kB" | b"KiB" => 1e3,
        b"M" | b"MB" | b"MiB" => 1e6,
        b"G" | b"GB" | b"GiB" => 1e9,
        b"T" | b"TB" | b"TiB" => 1e12,
        b"ns" => 1e-9,
        b"us" => 1e-6,
        b"ms" => 1e-3,
        b"min" => 60.0,
        b"h" => 3600.0,
        _ => 1.0,
    }
}

/// The text of line `i` whose slots are compared: for a grep hit, the hit after its `path:`
/// prefix (`grep_prefix`, empty for other output) and its `line:` number.
#[inline(always)]
fn body<'t>(texts: &LineTexts<'t>, grep_prefix: &[u32], i: usize) -> &'t [u8] {
    let line = texts.get(i);
    let Some(&prefix) = grep_prefix.get(i) else {
        return line;
    };
    let hit = &line[(prefix as usize).min(line.len())..];
    let digits = hit.iter().take_while(|b| b.is_ascii_digit()).count();
    match hit.get(digits) {
        Some(b':' | b'-') if digits > 0 => &hit[digits + 1..],
        _ => hit,
    }
}

/// One value of a slot: its hash, how many members hold it, and its first lines.
#[derive(Clone, Copy, Default)]
struct Value {
    hash: u64,
    count: u32,
    lines: [u32; LINES_PER_VALUE],
}

impl Value {
    fn add_line(&mut self, line: u32) {
        if (self.count as usize) < LINES_PER_VALUE {
            self.lines[self.count as usize] = line;
        }
        self.count += 1;
    }
}

/// The distinct values of a slot, at most [`MAX_DISTINCT`], held in place: every slot of
/// every table counts some, and a slot's few values are no reason to allocate.
#[derive(Clone)]
struct Values {
    items: [Value; MAX_DISTINCT],
    len: u8,
}

impl Values {
    fn new() -> Values {
        Values {
            items: [Value::default(); MAX_DISTINCT],
            len: 0,
        }
    }

    /// Adds `value`; the caller keeps to [`MAX_DISTINCT`] values.
    fn push(&mut self, value: Value) {
        self.items[self.len as usize] = value;
        self.len += 1;
    }
}

impl std::ops::Deref for Values {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        &self.items[..self.len as usize]
    }
}

impl std::ops::DerefMut for Values {
    fn deref_mut(&mut self) -> &mut [Value] {
        &mut self.items[..self.len as usize]
    }
}

/// What the members of a group hold at one word position.
#[derive(Clone)]
struct Slot<'a> {
    values: Values,
    /// More than [`MAX_DISTINCT`] distinct values were seen.
    overflow: bool,
    /// The values read as decimal numbers, and as hexadecimal ones.
    decimal: Numbers,
    hex: Numbers,
    /// Hexadecimal values that start with a zero, and the width they share (`None` before the
    /// first, `Some(0)` once two differ): a column of zero-padded hexadecimal numbers (sizes,
    /// offsets and addresses in `readelf`, `objdump` or `pmap`) is numeric, a column of
    /// commit ids (one in sixteen starts with a zero) is not.
    hex_zero_led: u32,
    hex_width: Option<usize>,
    /// The word the last member added held here, the index of its value in `values` (while
    /// they have not overflowed) and its numbers (`None`: none, or numbers were settled).
    /// Look-alikes mostly repeat a word (the constant ones throughout): a repeat is counted
    /// from these without reading it again.
    repeat: Option<&'a [u8]>,
    repeat_value: usize,
    repeat_number: Option<f64>,
    repeat_hex: Option<f64>,
    /// Whether numbers are still read here (see `Numbers::settled`), and whether the slot is
    /// still open (see [`Slot::settled`]), against the table's one bound: the scan asks for
    /// every word of every member, and both only change as a member is added.
    numbers_open: bool,
    open: bool,
}

/// What the members of a slot hold as numbers of one notation.
#[derive(Clone)]
struct Numbers {
    numbers: u32,
    /// Members whose value here is no number: past a tenth of the most members the table can
    /// hold, the slot can no longer be numeric and its numbers are not read.
    non_numbers: u32,
    /// Every number so far was larger than the one before (a counter, a line number, a clock).
    rising: bool,
    last: f64,
    min: (f64, u32),
    max: (f64, u32),
    /// Members holding the largest number: a maximum many rows share (a digit column's `9`)
    /// singles no row out.
    at_max: u32,
    /// The second and third largest numbers (after `max`), with their lines: a question about
    /// a measured column is about its big rows, and the runner-up is news too.
    runners_up: [(f64, u32); 2],
}

impl Numbers {
    fn new() -> Numbers {
        Numbers {
            numbers: 0,
            non_numbers: 0,
            rising: true,
            last: f64::NEG_INFINITY,
            min: (f64::INFINITY, 0),
            max: (f64::NEG_INFINITY, 0),
            at_max: 0,
            runners_up: [(f64::NEG_INFINITY, 0); 2],
        }
    }

    fn settled(&self, bound: usize) -> bool {
        self.non_numbers as usize * 10 > bound
    }

    /// Counts a member's number (`None`: its value is no number).
    fn add(&mut self, number: Option<f64>, line: u32) {
        let Some(x) = number else {
            self.non_numbers += 1;
            return;
        };
        self.numbers += 1;
        self.rising &= x > self.last;
        self.last = x;
        if x < self.min.0 {
            self.min = (x, line);
        }
        if x == self.max.0 {
            self.at_max += 1;
        } else if x > self.max.0 {
            self.at_max = 1;
        }
        if x > self.runners_up[1].0 {
            let mut entry = (x, line);
            if x > self.max.0 {
                std::mem::swap(&mut self.max, &mut entry);
            }
            if entry.0 > self.runners_up[0].0 {
                std::mem::swap(&mut self.runners_up[0], &mut entry);
            }
            self.runners_up[1] = entry;
        }
    }

    /// The lines of the three largest numbers, largest first (fewer when fewer were seen).
    fn largest(&self) -> impl Iterator<Item = u32> + '_ {
        std::iter::once(self.max)
            .chain(self.runners_up)
            .filter(|&(x, _)| x > f64::NEG_INFINITY)
            .map(|(_, line)| line)
    }

    /// Whether (nearly) every member holds a number here, and they differ.
    fn numeric(&self, members: usize) -> bool {
        self.numbers as usize * 10 >= members * 9 && self.max.0 > self.min.0
    }
}

/// A hexadecimal number of 2 to 16 digits, with or without `0x`, and whether it starts with
/// a zero (`0x` counts as one).
fn hex_of(value: &[u8]) -> Option<(f64, bool)> {
    let (digits, prefixed) = match value.strip_prefix(b"0x") {
        Some(rest) => (rest, true),
        None => (value, false),
    };
    if !(2..=16).contains(&digits.len()) {
        return None;
    }
    // Read and checked in one pass: most words fail at their first bytes.
    let mut n = 0u64;
    for &b in digits {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => return None,
        };
        n = n << 4 | u64::from(d);
    }
    Some((n as f64, prefixed || digits[0] == b'0'))
}

impl<'a> Slot<'a> {
    fn new() -> Slot<'a> {
        Slot {
            values: Values::new(),
            overflow: false,
            decimal: Numbers::new(),
            hex: Numbers::new(),
            hex_zero_led: 0,
            hex_width: None,
            repeat: None,
            repeat_value: 0,
            repeat_number: None,
            repeat_hex: None,
            // No member yet: no number is missing.
            numbers_open: true,
            open: true,
        }
    }

    /// Whether nothing this slot could still tell depends on more values: its distinct values
    /// overflowed and it cannot be numeric among at most the table's bound of members.
    fn settled(&self) -> bool {
        !self.open
    }

    /// Updates the flags after a member's numbers were counted against `bound`.
    #[inline(always)]
    fn count_numbers_against(&mut self, bound: usize) {
        self.numbers_open = !(self.decimal.settled(bound) && self.hex.settled(bound));
        self.open = self.numbers_open || !self.overflow;
    }

    /// Adds member `line`'s `word` (its value, see [`value_of`]). Most members repeat the
    /// word the last one held here, counted in line; a new word is read out of line.
    #[inline(always)]
    fn add(&mut self, word: &'a [u8], line: u32, bound: usize) {
        if self.repeat.is_some_and(|last| same_bytes(last, word)) {
            self.add_repeat(line, bound);
            return;
        }
        self.add_new(word, line, bound);
    }

    /// Adds member `line` holding the word the last member added held here.
    #[inline(always)]
    fn add_repeat(&mut self, line: u32, bound: usize) {
        // Overflow and settled numbers only ever set in: what the word did last time is what
        // it does now.
        if !self.overflow {
            self.values[self.repeat_value].add_line(line);
        }
        if self.numbers_open {
            self.decimal.add(self.repeat_number, line);
            self.hex.add(self.repeat_hex, line);
            self.count_numbers_against(bound);
        }
    }

    #[inline(never)]
    fn add_new(&mut self, word: &'a [u8], line: u32, bound: usize) {
        let value = value_of(word).1;
        self.repeat = Some(word);
        if !self.overflow {
            let h = xxh3_64(value);
            let distinct = self.values.len();
            match self.values.iter().position(|v| v.hash == h) {
                Some(k) => {
                    self.values[k].add_line(line);
                    self.repeat_value = k;
                }
                None if distinct < MAX_DISTINCT => {
                    self.values.push(Value {
                        hash: h,
                        count: 1,
                        lines: [line, 0, 0],
                    });
                    self.repeat_value = distinct;
                }
                None => self.overflow = true,
            }
        }
        self.repeat_number = None;
        self.repeat_hex = None;
        if !self.numbers_open {
            self.open = !self.overflow;
            return;
        }
        self.repeat_number = number_of(value);
        self.decimal.add(self.repeat_number, line);
        if let Some((x, zero_led)) = hex_of(value) {
            self.repeat_hex = Some(x);
            self.hex_zero_led += u32::from(zero_led);
            match self.hex_width {
                None => self.hex_width = Some(value.len()),
                Some(width) if width != value.len() => self.hex_width = Some(0),
                Some(_) => {}
            }
        }
        self.hex.add(self.repeat_hex, line);
        self.count_numbers_against(bound);
    }

    /// Whether the slot holds one value throughout.
    fn constant(&self) -> bool {
        !self.overflow && self.values.len() <= 1
    }

    /// The slot's numbers when (nearly) every member holds one here and they differ: decimal
    /// ones, or else zero-padded hexadecimal ones of one width, most of them led by a zero.
    fn numbers(&self, members: usize) -> Option<&Numbers> {
        if self.decimal.numeric(members) {
            return Some(&self.decimal);
        }
        let padded = self.hex_width.is_some_and(|w| w > 0)
            && self.hex_zero_led as usize * 2 >= self.hex.numbers as usize;
        (padded && self.hex.numeric(members)).then_some(&self.hex)
    }

    /// Whether the slot is numeric (see [`Slot::numbers`]).
    fn numeric(&self, members: usize) -> bool {
        self.numbers(members).is_some()
    }

    /// The slot's numbers when numeric and not rising (a counter or a clock has no news at
    /// its extremes). A few members may rise by chance (five random values do once in 120
    /// groups): fewer than [`MIN_RISING`] are measurements still.
    fn measured(&self, members: usize) -> Option<&Numbers> {
        self.numbers(members)
            .filter(|n| !n.rising || members < MIN_RISING)
    }

    /// The most common value and its count, when most members share it.
    fn dominant(&self, members: usize) -> Option<&Value> {
        if self.overflow {
            return None;
        }
        let top = self.values.iter().max_by_key(|v| v.count)?;
        (top.count >= 2 && top.count as usize * 2 >= members).then_some(top)
    }

    /// Whether the slot's values are a few categories that each recur: process ids, file
    /// descriptors, worker numbers, status codes, levels.
    fn categorical(&self, members: usize) -> bool {
        !self.overflow && members >= CATEGORY_REPEATS * self.values.len()
    }

    /// Values held by few members while most share another one, or while the others are
    /// categories that each recur (a process id seen once among nine that recur). Few is at
    /// most a fiftieth of the members, or a handful of them (see [`minorities::few`]): seven
    /// `{ergonomic}` rows among 32 `{default}` ones are what a question is about.
    fn rare<'s>(&'s self, members: usize) -> impl Iterator<Item = &'s Value> + 's {
        let limit = fiftieth(members);
        let dominant = self.dominant(members).map(|v| v.hash);
        let categorical = self.categorical(members);
        self.values.iter().filter(move |v| {
            let other = dominant.is_some_and(|d| d != v.hash);
            (v.count as usize) <= limit && (categorical || other)
                || other && minorities::few(v.count as usize, members)
        })
    }
}

/// The most members a value may hold and be rare by the slot rule alone: a fiftieth of them,
/// at least one.
fn fiftieth(members: usize) -> usize {
    (members / 50).max(1)
}

/// The slots of a group's members, by word position; members whose word count differs from
/// the first member's are left out.
struct SlotTable<'a> {
    slots: Vec<Slot<'a>>,
    members: usize,
}

impl<'a> SlotTable<'a> {
    /// `bound`: the most lines `lines` yields (a slot settles against it); at most `cap` of
    /// them are read. Each line comes with its number of words when known (see
    /// [`line_shape`]): then only the words up to the last slot not yet settled are split, and
    /// those the member shares with the member before are not split at all. With
    /// `until_settled`, reading stops once every slot is settled and two members were read: a
    /// caller that only asks the slots what they hold learns nothing from more members (a
    /// settled slot overflowed and cannot be numeric), only `members` would still grow.
    fn scan<const SHARED: bool>(
        lines: impl Iterator<Item = (usize, &'a [u8], Option<u8>)>,
        bound: usize,
        cap: usize,
        until_settled: bool,
    ) -> SlotTable<'a> {
        let bound = bound.min(cap);
        let mut table = SlotTable {
            slots: Vec::new(),
            members: 0,
        };
        let mut scratch: Vec<&[u8]> = Vec::with_capacity(MAX_WORDS);
        let mut live_end = MAX_WORDS;
        // The last member's scanned bytes, and where its first `split` words end: look-alikes
        // mostly start alike, and a word the member holds at the same place holds the same
        // bytes (every open slot's last word, see `Slot::repeat`).
        let mut last: &[u8] = &[];
        let mut ends = [0usize; MAX_WORDS];
        let mut split = 0usize;
        for (i, line, count) in lines.take(cap) {
            let head = scanned(line);
            let line = i as u32;
            match count {
                Some(count) if table.members > 0 => {
                    if count as usize != table.slots.len() {
                        continue;
                    }
                    // A known count is the number of `words`: the words go to the slots as
                    // they are split.
                    table.members += 1;
                    let shared = if SHARED {
                        shared_words(last, head, &ends[..split.min(live_end)])
                    } else {
                        0
                    };
                    for slot in &mut table.slots[..shared] {
                        if !slot.settled() {
                            slot.add_repeat(line, bound);
                        }
                    }
                    let from = shared.checked_sub(1).map_or(0, |k| ends[k]);
                    let mut words = Words::from(head, from, shared);
                    split = shared;
                    for slot in table.slots.iter_mut().take(live_end).skip(shared) {
                        let Some(word) = words.next() else { break };
                        ends[split] = words.end;
                        split += 1;
                        if !slot.settled() {
                            slot.add(word, line, bound);
                        }
                    }
                }
                _ => {
                    scratch.clear();
                    let mut words = words(head);
                    while let Some(word) = words.next() {
                        ends[scratch.len()] = words.end;
                        scratch.push(word);
                    }
                    split = scratch.len();
                    if table.members == 0 {
                        table.slots = vec![Slot::new(); scratch.len()];
                    } else if scratch.len() != table.slots.len() {
                        // The ends are this line's now, not the last member's.
                        split = 0;
                        continue;
                    }
                    table.members += 1;
                    for (slot, &word) in table.slots.iter_mut().zip(&scratch) {
                        if !slot.settled() {
                            slot.add(word, line, bound);
                        }
                    }
                }
            }
            last = head;
            // Slots only ever settle: the last open one is found from the one before.
            live_end = live_end.min(table.slots.len());
            while live_end > 0 && table.slots[live_end - 1].settled() {
                live_end -= 1;
            }
            if until_settled && live_end == 0 && table.members >= 2 {
                break;
            }
        }
        table
    }
}

/// How many of the first words of `last` (a line's [`scanned`] bytes, its words ending at
/// `ends`) `head` holds at the same places: the bytes up to a word's end are the same, and
/// `head`'s word ends there too.
#[inline(always)]
fn shared_words(last: &[u8], head: &[u8], ends: &[usize]) -> usize {
    let Some(&limit) = ends.last() else {
        return 0;
    };
    let same = common_prefix_len(&last[..limit], &head[..limit.min(head.len())]);
    let mut shared = 0;
    while shared < ends.len() && ends[shared] < same {
        shared += 1;
    }
    // A word ending where the lines part is shared when `head`'s word ends there as well.
    let ends_too =
        ends.get(shared) == Some(&same) && head.get(same).is_none_or(|&b| b == b' ' || b == b'\t');
    shared + usize::from(ends_too)
}

/// Ranks the members of every group of look-alikes that hold a value unlike theirs as rare
/// lines (above the group's ordinary members, with the lines of rare templates): the lines of
/// a value few members hold in a slot most members share, or of a kind few hold (see
/// [`minorities`]; up to [`KEPT_MINORITIES`] lines per group), and the largest and smallest
/// value of its numeric slots that are not counters. A line whose shape has too few
/// look-alikes is compared with the lines of its template instead. With `keep`, returns the
/// minority lines chosen (most telling first, a bounded number), which the budget keeps
/// before rare templates; without, only the slot rule ranks lines. Also returns the lines
/// this ranked higher than they were.
pub(super) fn mark_unlike_members(
    texts: &LineTexts<'_>,
    grep_prefix: &[u32],
    flags: &mut [LineFlags],
    templates: &mut Templates,
    keep: bool,
) -> (Vec<u32>, Vec<u32>) {
    let n = flags.len();
    let Templates {
        ids,
        counts: template_counts,
        word_counts,
        shapes,
        ..
    } = templates;
    // Lines grouped by shape (the kind of each word), not by template: a line whose constant
    // word differs (`root` among `build`, `WARN` among `INFO`) has a template of its own, and
    // only its look-alikes of the same shape show that it differs. The template pass worked
    // the shapes out unless the lines are grep hits (a hit's shape is read after its number).
    let shapes: Vec<u64> = if shapes.len() == n {
        std::mem::take(shapes)
    } else {
        word_counts.clear();
        word_counts.reserve(n);
        (0..n)
            .map(|i| {
                let shape = line_shape(body(texts, grep_prefix, i));
                word_counts.push(shape.words);
                shape.hash
            })
            .collect()
    };
    // The shapes numbered as they first appear, each line's number and each shape's count:
    // a line mostly has the shape of the line before, known without looking it up, and the
    // lines are then grouped by number.
    let mut index: std::collections::HashMap<u64, u32, PreHashed> =
        std::collections::HashMap::with_hasher(PreHashed);
    let mut counts: Vec<u32> = Vec::new();
    let mut numbers: Vec<u32> = Vec::with_capacity(n);
    let mut last: Option<(u64, u32)> = None;
    for &shape in &shapes {
        let number = match last {
            Some((last_shape, number)) if last_shape == shape => number,
            _ => {
                let next = counts.len() as u32;
                let number = *index.entry(shape).or_insert(next);
                if number == next {
                    counts.push(0);
                }
                last = Some((shape, number));
                number
            }
        };
        counts[number as usize] += 1;
        numbers.push(number);
    }
    // Members of each group of at least MIN_GROUP lines, in one list by group (a counting sort).
    // (Groups are judged one by one, in the map's order, which only the distinct shapes in
    // their first lines' order make.)
    let mut group_of: Vec<u32> = vec![u32::MAX; counts.len()];
    let mut starts: Vec<usize> = vec![0];
    for (&shape, &number) in &index {
        let count = counts[number as usize];
        if count as usize >= MIN_GROUP && shape != EMPTY_SHAPE {
            group_of[number as usize] = (starts.len() - 1) as u32;
            starts.push(starts.last().copied().unwrap_or(0) + count as usize);
        }
    }
    drop(index);
    let mut filled = starts.clone();
    let mut members = vec![0u32; *starts.last().unwrap_or(&0)];
    // Lines of no group (too few look-alikes of their shape), for their templates.
    let mut strays: Vec<u32> = Vec::new();
    for (i, (&number, &shape)) in numbers.iter().zip(&shapes).enumerate() {
        let group = group_of[number as usize];
        if group != u32::MAX {
            let at = &mut filled[group as usize];
            members[*at] = i as u32;
            *at += 1;
        } else if keep && shape != EMPTY_SHAPE && strays.len() < minorities::MAX_STRAYS {
            strays.push(i as u32);
        }
    }
    drop(numbers);
    drop(shapes);
    let reader = minorities::Reader::new(texts, grep_prefix, word_counts, keep);
    let mut candidates: Vec<minorities::Candidate> = Vec::new();
    for group in starts.windows(2) {
        let lines = &members[group[0]..group[1]];
        let table = SlotTable::scan::<false>(
            lines.iter().map(|&i| {
                let i = i as usize;
                (i, body(texts, grep_prefix, i), word_counts.get(i).copied())
            }),
            lines.len(),
            MAX_GROUP_LINES,
            false,
        );
        let m = table.members;
        if m < MIN_GROUP {
            continue;
        }
        minorities::group_minorities(&reader, &table, lines, None, &mut candidates);
        let numeric = table.slots.iter().filter_map(|s| Some((s, s.measured(m)?)));
        for (slot, numbers) in numeric.take(EXTREME_SLOTS) {
            // Tiers: a maximum one member holds in a column of measurements, the smallest
            // value (and a maximum of a few recurring values, a digit among digits), then the
            // runners-up.
            let singled_out = numbers.at_max == 1 && !slot.categorical(m);
            let max_tier = u8::from(!singled_out);
            candidates.push(minorities::Candidate::extreme(m, max_tier, numbers.max.1));
            candidates.push(minorities::Candidate::extreme(m, 1, numbers.min.1));
            for line in numbers.largest().skip(1) {
                candidates.push(minorities::Candidate::extreme(m, 2, line));
            }
        }
    }
    drop(members);
    if keep {
        minorities::stray_minorities(&reader, ids, template_counts, &strays, &mut candidates);
    }
    let (mut chosen, marked) = minorities::choose(candidates, flags);
    if !keep {
        chosen.clear();
    }
    (chosen, marked)
}

/// Pairs of lines `(earlier, later)` where the output printed the same block twice (a rerun in
/// one output, a table printed again) and the later copy's line changed. Found from templates
/// held by exactly two lines: when most such pairs lie one distance apart, the output repeats
/// with that period, and every pair at that distance whose texts differ is a change.
pub(super) fn rerun_changes(texts: &LineTexts<'_>, templates: &Templates) -> Vec<(u32, u32)> {
    let n = texts.len();
    if n < 8 {
        return Vec::new();
    }
    // The distance back to the last identical line, for every line that repeats an earlier
    // one; a rerun shows as one distance most repeats share.
    //
    // Most lines of a long output are unique, and a map of every line's hash outgrows the
    // cache: a bit per bucket of hashes, set when a bucket is seen and again when it is seen
    // twice, leaves out every line no other line shares its bucket with. Such a line has no
    // identical line (nor one of the same hash), so the map holds only the few candidates
    // and the distances it yields are the same.
    let buckets = (n * 8).next_power_of_two();
    let bucket = |hash: u64| (hash as usize) & (buckets - 1);
    let mut seen = vec![0u64; buckets / 64];
    let mut again = vec![0u64; buckets / 64];
    let mut hashes: Vec<u64> = Vec::with_capacity(n);
    let mut repeats = 0usize;
    for line in texts.iter_from(0) {
        // A blank line's hash is never read (see below).
        let hash = if line.iter().all(u8::is_ascii_whitespace) {
            0
        } else {
            let hash = xxh3_64(line);
            let (word, bit) = (bucket(hash) / 64, 1u64 << (bucket(hash) % 64));
            if seen[word] & bit != 0 {
                again[word] |= bit;
                repeats += 1;
            }
            seen[word] |= bit;
            hash
        };
        hashes.push(hash);
    }
    drop(seen);
    if repeats == 0 {
        return Vec::new();
    }
    let mut last_seen: std::collections::HashMap<u64, u32, PreHashed> =
        std::collections::HashMap::with_capacity_and_hasher(2 * repeats, PreHashed);
    // Indexed by distance (below `n`): a counting array, not a map.
    let mut distances: Vec<u32> = vec![0; n];
    for (i, &hash) in hashes.iter().enumerate() {
        let b = bucket(hash);
        if again[b / 64] & (1u64 << (b % 64)) == 0 {
            continue;
        }
        // Only a blank line's hash was left 0 unread (another line's is 0 by chance).
        if hash == 0 && texts.get(i).iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        if let Some(j) = last_seen.insert(hash, i as u32) {
            let d = i as u32 - j;
            if d >= 4 {
                distances[d as usize] += 1;
            }
        }
    }
    drop(last_seen);
    let Some((period, same)) = distances
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count > 0)
        .max_by_key(|&(d, &count)| (count, std::cmp::Reverse(d)))
        .map(|(d, &count)| (d as u32, count))
    else {
        return Vec::new();
    };
    let period = period as usize;
    // The copy spans `period` lines after the first; at least a few lines are the same.
    if same < 3 || (same as usize) * 5 < period.min(n - period) {
        return Vec::new();
    }
    let mut changes = Vec::new();
    for i in period..n.min(2 * period) {
        let j = i - period;
        if templates.of(i) == templates.of(j) && texts.get(i) != texts.get(j) {
            changes.push((j as u32, i as u32));
        }
    }
    // Most of the block changed: a repeated shape, not a rerun.
    if changes.len() > same as usize * 4 {
        return Vec::new();
    }
    changes
}

/// Ranks the later line of each changed rerun pair as high (see [`rerun_changes`]).
/// The first [`MUST_CHANGES`] are must-keep facts: a view of a rerun shows what changed.
pub(super) fn mark_changes(changes: &[(u32, u32)], flags: &mut [LineFlags]) {
    for (k, &(_, later)) in changes.iter().enumerate() {
        let rank = if k < MUST_CHANGES {
            Rank::Must
        } else {
            Rank::High
        };
        let f = &mut flags[later as usize];
        if f.rank() > rank {
            f.set_rank(rank);
        }
    }
}

/// Changed rerun lines kept whatever the budget (as many as a near repeat shows).
const MUST_CHANGES: usize = 40;

/// A value for a marker: valid UTF-8, no brackets, quotes or control characters (the marker
/// stays one parseable line), at most [`MAX_VALUE_BYTES`] bytes.
fn shown(value: &[u8]) -> String {
    shown_within(value, MAX_VALUE_BYTES)
}

/// [`shown`] with `max` bytes at most.
fn shown_within(value: &[u8], max: usize) -> String {
    let mut text: String = String::from_utf8_lossy(value)
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '[' | ']' | '"' | '·'))
        .collect();
    if text.len() > max {
        let mut cut = max - 1;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push('…');
    }
    text
}

/// The name of slot `k` of lines shaped like `sample`: the key of a `key=value` word, else a
/// fixed word before it (`version 2.4.1`) or after it (`412 ms`), else its column.
fn slot_name(sample: &[&[u8]], slots: &[Slot], k: usize) -> String {
    let (key, _) = value_of(sample[k]);
    let wordy = |w: &[u8]| {
        let w = trim_punctuation(w);
        let w = w
            .strip_suffix(b":")
            .or_else(|| w.strip_suffix(b"="))
            .unwrap_or(w);
        (!w.is_empty() && w.len() <= 16 && w.iter().all(|b| b.is_ascii_alphabetic() || *b == b'_'))
            .then(|| String::from_utf8_lossy(w).into_owned())
    };
    if !key.is_empty() {
        return String::from_utf8_lossy(key).into_owned();
    }
    // A label before it (`version:`, `time=`), or a unit after it (`412 ms`).
    let label = |w: &[u8]| {
        matches!(w.last(), Some(b':' | b'='))
            || [&b"version"[..], b"status", b"state", b"level"].contains(&w)
    };
    if k > 0 && slots[k - 1].constant() && label(sample[k - 1]) {
        if let Some(name) = wordy(sample[k - 1]) {
            return name;
        }
    }
    // Only a unit: a short constant word after a number is as often a column of its own
    // (`4 dev dev` in `ls -l`, `29 Nov`).
    const UNITS: &[&[u8]] = &[
        b"ns", b"us", b"ms", b"s", b"sec", b"min", b"h", b"B", b"KB", b"kB", b"KiB", b"MB", b"MiB",
        b"GB", b"GiB", b"TB", b"K", b"M", b"G", b"ops", b"x",
    ];
    if k + 1 < sample.len()
        && slots[k + 1].constant()
        && UNITS.contains(&trim_punctuation(sample[k + 1]))
    {
        if let Some(name) = wordy(sample[k + 1]) {
            return name;
        }
    }
    format!("word {}", k + 1)
}

/// Which lines of a dropped run its marker's value summary reads.
#[derive(Clone, Copy)]
pub(super) enum RunMembers {
    /// Those of the template at least half the run's lines share.
    Template(u32),
    /// Those with the number of words of a table no template covers (see
    /// [`table_word_count`]).
    Words(u8),
    /// None: the marker summarises no values.
    None,
}

/// The number of words of a run no template covers, when the run is a table: at least half
/// its lines have one row shape (see [`row_shape`]). Right-aligned columns (`  7426817
/// 2024-02-05 …` beside `      640  2024-02-05 …`, `uniq -c`, `wc -l`, `cat -n`) indent each
/// width of number differently, and the indent is part of a template, so a table's rows split
/// into a template per width. The summary then reads every line with the table's number of
/// words, so no row of it is left out of a range the marker states. `None` for a run of fewer
/// than 4 lines, a longer one than a marker reads, or one that is no table (code, prose,
/// records of several kinds of line).
pub(super) fn table_word_count(
    texts: &LineTexts<'_>,
    grep_prefix: &[u32],
    word_counts: &[u8],
    start: usize,
    end: usize,
) -> Option<u8> {
    let len = end + 1 - start;
    if !(4..=MAX_SUMMARY_LINES).contains(&len) {
        return None;
    }
    // The number of words first (known per line when the look-alikes were compared): most
    // runs that are no table fail here, before any line is read.
    let count = |j: usize| word_count(texts, grep_prefix, word_counts, j);
    let words = half_of_run(start, end, count)?;
    let shape = |j: usize| {
        if count(j) == words {
            row_shape(body(texts, grep_prefix, j))
        } else {
            0
        }
    };
    half_of_run(start, end, shape).filter(|&s| s != 0)?;
    (words > 1).then_some(words)
}

/// The number of [`words`] of line `j`: as the look-alikes' comparison counted it
/// (`word_counts`), or counted now when it did not run.
fn word_count(texts: &LineTexts<'_>, grep_prefix: &[u32], word_counts: &[u8], j: usize) -> u8 {
    match word_counts.get(j) {
        Some(&count) => count,
        None => line_shape(body(texts, grep_prefix, j)).words,
    }
}

/// The value `of` gives at least half the lines `start..=end` (see [`majority`]).
fn half_of_run<T: Copy + Eq>(start: usize, end: usize, of: impl Fn(usize) -> T) -> Option<T> {
    let (candidate, held) = majority((start..=end).map(&of))?;
    (held * 2 >= end + 1 - start).then_some(candidate)
}

/// A row's shape: per word, whether it is a word of letters or not (a number, a date, a path,
/// a name with digits all count alike), mixed into one hash (never 0).
fn row_shape(line: &[u8]) -> u64 {
    words(line).fold(EMPTY_SHAPE, |hash, word| {
        let letters = word.iter().all(u8::is_ascii_alphabetic);
        (hash ^ u64::from(letters)).wrapping_mul(0x0100_0000_01b3) | 1
    })
}

/// Words naming the values that the `members` of lines `start..=end` hide, at most
/// [`MAX_SUMMARY_BYTES`] bytes, or empty when their slots are constant: per varying slot its
/// most common values with counts and its rare ones with their line numbers (from 1), or a
/// numeric slot's range with the lines of its extremes, after `in M of N lines, ` when the
/// members are not every line of the run. `changes` (sorted by the later line) adds the rerun
/// lines within the run that changed, with old → new values. With `names`, records named by
/// their first word are named in the room left (see [`hidden_record_names`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn summarize_run(
    texts: &LineTexts<'_>,
    grep_prefix: &[u32],
    templates: &Templates,
    members: RunMembers,
    start: usize,
    end: usize,
    changes: &[(u32, u32)],
    names: bool,
) -> String {
    let mut parts: Vec<String> = Vec::new();
    let changed = changed_in(texts, changes, start, end);
    if !changed.is_empty() {
        parts.push(changed);
    }
    // The members listed first: the scan and the names read them, and a run's lines are tested
    // once, in a loop of their own.
    let mut listed: Vec<u32> = Vec::with_capacity(end + 1 - start);
    match members {
        RunMembers::Template(id) => listed.extend(
            (start..=end)
                .filter(|&j| templates.of(j) == id)
                .map(|j| j as u32),
        ),
        RunMembers::Words(count) => listed.extend(
            (start..=end)
                .filter(|&j| word_count(texts, grep_prefix, &templates.word_counts, j) == count)
                .map(|j| j as u32),
        ),
        RunMembers::None => return join_bounded(&parts),
    }
    let members = listed;
    let members = members.iter().map(|&j| j as usize);
    let table = SlotTable::scan::<true>(
        members.clone().map(|j| {
            (
                j,
                body(texts, grep_prefix, j),
                templates.word_counts.get(j).copied(),
            )
        }),
        end + 1 - start,
        MAX_SUMMARY_LINES,
        // Without names, settled slots add nothing to the summary, and the count of members
        // is only said next to a slot's values.
        !names,
    );
    let m = table.members;
    let first_slot_part = parts.len();
    if m >= 2 {
        let sample_line = members
            .clone()
            .next()
            .map_or(&[][..], |j| body(texts, grep_prefix, j));
        let sample: Vec<&[u8]> = words(sample_line).collect();
        // Values by hash, read back from the first line holding each.
        let value_text = |v: &Value, k: usize| {
            words(body(texts, grep_prefix, v.lines[0] as usize))
                .nth(k)
                .map(|w| shown(value_of(w).1))
                .unwrap_or_default()
        };
        for (k, slot) in table.slots.iter().enumerate() {
            if slot.constant() || k >= sample.len() {
                continue;
            }
            let name = slot_name(&sample, &table.slots, k);
            let part = if let Some(numbers) = slot.measured(m) {
                // The extremes as printed (with their units), from their lines.
                let at = |line: u32| {
                    words(body(texts, grep_prefix, line as usize))
                        .nth(k)
                        .map(|w| shown(value_of(w).1))
                        .unwrap_or_default()
                };
                format!(
                    "{name}: {}–{} (min l. {}, max l. {})",
                    at(numbers.min.1),
                    at(numbers.max.1),
                    numbers.min.1 + 1,
                    numbers.max.1 + 1
                )
            } else if let Some(top) = slot.dominant(m) {
                let mut part = format!("{name}: {} ×{}", value_text(top, k), top.count);
                let mut others: Vec<&Value> =
                    slot.values.iter().filter(|v| v.hash != top.hash).collect();
                others.sort_by_key(|v| std::cmp::Reverse(v.count));
                for v in others.iter().take(3) {
                    if v.count as usize <= LINES_PER_VALUE {
                        let lines: Vec<String> = v.lines[..v.count as usize]
                            .iter()
                            .map(|l| (l + 1).to_string())
                            .collect();
                        part.push_str(&format!(", {} (l. {})", value_text(v, k), lines.join(", ")));
                    } else {
                        part.push_str(&format!(", {} ×{}", value_text(v, k), v.count));
                    }
                }
                if others.len() > 3 {
                    part.push_str(", …");
                }
                part
            } else if !slot.overflow
                && slot.values.len() <= 4
                && slot.values.iter().any(|v| v.count >= 2)
            {
                let mut values: Vec<&Value> = slot.values.iter().collect();
                values.sort_by_key(|v| std::cmp::Reverse(v.count));
                let listed: Vec<String> = values
                    .iter()
                    .map(|v| format!("{} ×{}", value_text(v, k), v.count))
                    .collect();
                format!("{name}: {}", listed.join(", "))
            } else {
                continue;
            };
            parts.push(part);
        }
    }
    // Values read from some of the run's lines only are said to be theirs: a range must not
    // pass for the whole run's.
    let len = end + 1 - start;
    let share = if m < len {
        format!("in {m} of {len} lines, ")
    } else {
        String::new()
    };
    // The names the members hide, in the room the other parts leave.
    if names && m >= MIN_NAMED_MEMBERS {
        let used: usize = share.len() + parts.iter().map(|p| p.len() + 2).sum::<usize>();
        if let Some(part) = hidden_record_names(
            texts,
            grep_prefix,
            &table,
            members,
            MAX_SUMMARY_BYTES.saturating_sub(used),
        ) {
            parts.push(part);
        }
    }
    if let Some(first) = parts.get_mut(first_slot_part) {
        first.insert_str(0, &share);
    }
    join_bounded(&parts)
}

/// Fewest members whose names a summary lists.
const MIN_NAMED_MEMBERS: usize = 3;
/// Fewest bytes of names worth listing (a name or two).
const MIN_NAMES_BYTES: usize = 24;

/// Whether a value reads as a name: it holds a run of three letters, and is no hex digest
/// (`96:BC:EC:06`, `ebeaf2df36`), number, path (a location, `src/a.c:12:`), structure (a
/// JSON object, a call) or long text.
fn is_name_like(value: &[u8]) -> bool {
    let structured = |b: &u8| matches!(b, b'/' | b'{' | b'}' | b'(' | b',');
    if value.len() > 2 * MAX_NAME_BYTES || value.iter().any(structured) {
        return false;
    }
    let hex = value
        .iter()
        .all(|b| b.is_ascii_hexdigit() || matches!(b, b':' | b'-' | b'.'));
    let mut run = 0usize;
    let letters = value.iter().any(|b| {
        run = if b.is_ascii_alphabetic() { run + 1 } else { 0 };
        run >= 3
    });
    letters && !hex
}

/// `name: first, second, …, last (N)` naming what the members hide when they are records named
/// by their first word (`debian:isrg_root_x1.pem, Jun 24, …`, `numpy 2.1.0`): that word is no
/// number, nearly every member has its own, and each is a name. The first names in line order
/// and the last, within `room` bytes; `None` for other members, or too little room. A marker
/// over a list of named records tells the model which names it holds, and where a sorted
/// list's hidden part begins and ends.
fn hidden_record_names<'a>(
    texts: &LineTexts<'a>,
    grep_prefix: &[u32],
    table: &SlotTable<'_>,
    members: impl Iterator<Item = usize>,
    room: usize,
) -> Option<String> {
    let m = table.members;
    // Grep hits quote code, whose first words are no names of records.
    if room < MIN_NAMES_BYTES || !grep_prefix.is_empty() {
        return None;
    }
    // A record's name leads it: the first word varies.
    let slot = table.slots.first()?;
    if slot.constant() {
        return None;
    }
    let distinct = slot.overflow || slot.values.len() * 3 >= m * 2;
    if !distinct || slot.numeric(m) {
        return None;
    }
    let mut name = String::new();
    let mut first: Vec<String> = Vec::new();
    let mut first_bytes = 0usize;
    // The last name is shown in any case; the others only while they fit the room, so only
    // those are made strings (a long run's names are read, not copied).
    let mut last: &[u8] = &[];
    let mut count = 0usize;
    for j in members {
        let line = body(texts, grep_prefix, j);
        let value = value_of(words(line).next()?).1;
        if !is_name_like(value) {
            return None;
        }
        if name.is_empty() {
            // The first word, and the next for `slot_name` (a unit after it).
            let words: Vec<&[u8]> = words(line).take(2).collect();
            name = slot_name(&words, &table.slots, 0);
        }
        count += 1;
        last = value;
        if first_bytes < room {
            let shown = shown_within(value, MAX_NAME_BYTES);
            first_bytes += shown.len() + 2;
            first.push(shown);
        }
    }
    let last = shown_within(last, MAX_NAME_BYTES);
    // All of them when they fit; else as many first ones as fit before `…, last (count)`.
    let all = first.join(", ");
    if first.len() == count && name.len() + 2 + all.len() <= room {
        return Some(format!("{name}: {all}"));
    }
    let tail = format!(", …, {last} ({count})");
    let mut listed = String::new();
    for n in first.iter().take(count - 1) {
        let sep = if listed.is_empty() { 0 } else { 2 };
        if name.len() + 2 + listed.len() + sep + n.len() + tail.len() > room {
            break;
        }
        if sep > 0 {
            listed.push_str(", ");
        }
        listed.push_str(n);
    }
    (!listed.is_empty()).then(|| format!("{name}: {listed}{tail}"))
}

/// Longest name a marker shows whole.
const MAX_NAME_BYTES: usize = 48;

/// `parts` joined by `; `, as many whole parts as fit [`MAX_SUMMARY_BYTES`] (a first part too
/// long is cut at a character).
fn join_bounded(parts: &[String]) -> String {
    let mut out = String::new();
    for part in parts {
        let sep = if out.is_empty() { 0 } else { 2 };
        if out.len() + sep + part.len() > MAX_SUMMARY_BYTES {
            if out.is_empty() {
                let mut cut = MAX_SUMMARY_BYTES - 3;
                while !part.is_char_boundary(cut) {
                    cut -= 1;
                }
                out.push_str(&part[..cut]);
                out.push('…');
            }
            break;
        }
        if sep > 0 {
            out.push_str("; ");
        }
        out.push_str(part);
    }
    out
}

/// `changed vs l. A: old → new (l. B), …` for the rerun changes whose later line is in
/// `start..=end`: the first differing word of each pair.
fn changed_in(texts: &LineTexts<'_>, changes: &[(u32, u32)], start: usize, end: usize) -> String {
    let from = changes.partition_point(|&(_, later)| (later as usize) < start);
    let within: Vec<(u32, u32)> = changes[from..]
        .iter()
        .take_while(|&&(_, later)| later as usize <= end)
        .copied()
        .collect();
    if within.is_empty() {
        return String::new();
    }
    let mut out = format!("{} changed since the earlier copy:", within.len());
    for &(earlier, later) in within.iter().take(3) {
        let (old, new) = (&texts[earlier as usize], &texts[later as usize]);
        let diff = words(old)
            .zip(words(new))
            .find(|(a, b)| a != b)
            .map(|(a, b)| format!("{} → {}", shown(value_of(a).1), shown(value_of(b).1)))
            .unwrap_or_else(|| "text".to_string());
        out.push_str(&format!(" l. {} {diff};", later + 1));
    }
    out.pop();
    if within.len() > 3 {
        out.push_str(", …");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`number_of`] as first written, a pass per test: the reference for the one-pass reading.
    fn number_reference(value: &[u8]) -> Option<f64> {
        // Most words start with a letter or a path: no number (their digits would not lead).
        if !matches!(value.first(), Some(b'0'..=b'9' | b'.' | b'-' | b'+')) {
            return None;
        }
        let digits_end = value
            .iter()
            .enumerate()
            .position(|(k, &b)| {
                !(b.is_ascii_digit() || b == b'.' || (k == 0 && (b == b'-' || b == b'+')))
            })
            .unwrap_or(value.len());
        let (number, unit) = value.split_at(digits_end);
        if unit.len() > 3 || !unit.iter().all(|&b| b.is_ascii_alphabetic() || b == b'%') {
            return None;
        }
        if number.iter().filter(|&&b| b == b'.').count() > 1
            || !number.iter().any(u8::is_ascii_digit)
        {
            return None;
        }
        let x = match integer_reference(number) {
            Some(x) => x,
            None => std::str::from_utf8(number).ok()?.parse::<f64>().ok()?,
        };
        // Sizes and durations compare across units (`4.0K` < `1.2M`, `900ms` < `2s`).
        let scale = match unit {
            b"K" | b"k" | b"KB" | b"kB" | b"KiB" => 1e3,
            b"M" | b"MB" | b"MiB" => 1e6,
            b"G" | b"GB" | b"GiB" => 1e9,
            b"T" | b"TB" | b"TiB" => 1e12,
            b"ns" => 1e-9,
            b"us" => 1e-6,
            b"ms" => 1e-3,
            b"min" => 60.0,
            b"h" => 3600.0,
            _ => 1.0,
        };
        Some(x * scale).filter(|v| v.is_finite())
    }

    /// A signed integer of at most 15 digits as the float parsing gives it (exact below 2^53),
    /// without the general parser; `None` for anything else.
    fn integer_reference(number: &[u8]) -> Option<f64> {
        let (negative, digits) = match number.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, number),
        };
        if digits.is_empty() || digits.len() > 15 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let n = digits
            .iter()
            .fold(0u64, |n, &b| n * 10 + u64::from(b - b'0'));
        let x = n as f64;
        Some(if negative { -x } else { x })
    }

    /// [`hex_of`] as first written: the reference for the one-pass reading.
    fn hex_reference(value: &[u8]) -> Option<(f64, bool)> {
        let (digits, prefixed) = match value.strip_prefix(b"0x") {
            Some(rest) => (rest, true),
            None => (value, false),
        };
        if !(2..=16).contains(&digits.len()) || !digits.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        let n = digits.iter().fold(0u64, |n, &b| {
            let d = (b as char).to_digit(16).unwrap_or(0);
            n << 4 | u64::from(d)
        });
        Some((n as f64, prefixed || digits[0] == b'0'))
    }

    proptest::proptest! {
        /// The one-pass readings of numbers and hexadecimal numbers read what a pass per test
        /// reads, over words of digits, signs, dots, units and other bytes.
        #[test]
        fn numbers_read_in_one_pass_as_in_several(
            word in proptest::collection::vec(
                proptest::sample::select(b"0123456789.-+xabfABFKMGmsunhi%_z".to_vec()),
                0..24,
            ),
        ) {
            let same = |a: Option<f64>, b: Option<f64>| a.map(f64::to_bits) == b.map(f64::to_bits);
            proptest::prop_assert!(same(number_of(&word), number_reference(&word)), "{:?}", word);
            let hex = |h: Option<(f64, bool)>| h.map(|(x, zero)| (x.to_bits(), zero));
            proptest::prop_assert_eq!(hex(hex_of(&word)), hex(hex_reference(&word)));
        }
    }

    #[test]
    fn numbers_with_units_but_not_versions() {
        assert_eq!(number_of(b"412"), Some(412.0));
        assert_eq!(number_of(b"12.5ms"), Some(0.0125));
        assert_eq!(number_of(b"4.0K"), Some(4000.0));
        assert_eq!(number_of(b"-3"), Some(-3.0));
        assert_eq!(number_of(b"17%"), Some(17.0));
        assert_eq!(number_of(b"2.4.1"), None);
        assert_eq!(number_of(b"abc"), None);
        assert_eq!(number_of(b"12abcd"), None);
    }

    #[test]
    fn key_value_words_name_their_slot() {
        assert_eq!(
            value_of(b"version=\"2.4.1\""),
            (&b"version"[..], &b"2.4.1"[..])
        );
        assert_eq!(value_of(b"(12ms),"), (&b""[..], &b"12ms"[..]));
        assert_eq!(value_of(b"src/a.rs:12"), (&b""[..], &b"src/a.rs:12"[..]));
    }

    /// [`line_shape`] by its definition: over [`words`], a word at a time.
    fn shape_reference(line: &[u8]) -> (u64, u8) {
        let mut count = 0u8;
        let h = words(line).fold(EMPTY_SHAPE, |h, w| {
            count += 1;
            let class: u64 = if w.iter().all(u8::is_ascii_alphabetic) {
                1
            } else if w.iter().any(u8::is_ascii_digit) {
                2
            } else {
                3
            };
            (h ^ class).wrapping_mul(0x0100_0000_01b3)
        });
        (h, count)
    }

    #[test]
    fn shapes_match_their_definition() {
        let alphabet = b"  \tab1Z9-/.:\xc3\xa9@";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for case in 0..20_000 {
            let len = [0, 1, 31, 32, 33, 64, 200, 511, 512, 513, 700][case % 11];
            let line: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            let shape = line_shape(&line);
            assert_eq!(
                (shape.hash, shape.words),
                shape_reference(&line),
                "{line:?}"
            );
        }
    }

    #[test]
    fn join_is_bounded() {
        let parts = vec!["a".repeat(100), "b".repeat(100)];
        assert_eq!(join_bounded(&parts), "a".repeat(100));
        let long = vec!["é".repeat(200)];
        assert!(join_bounded(&long).len() <= MAX_SUMMARY_BYTES);
    }

    mod split {
        use super::super::{
            first_blank, trim_punctuation, value_of, words, MAX_SCANNED_BYTES, MAX_WORDS,
        };
        use proptest::prelude::*;

        proptest! {
            /// Words found eight bytes at a time are the words a plain split on spaces and
            /// tabs gives, with blanks, their neighbours and high bytes at every place of a
            /// chunk.
            #[test]
            fn words_are_the_plain_split(
                line in proptest::collection::vec(
                    prop_oneof![
                        4 => b'a'..=b'z',
                        2 => Just(b' '),
                        1 => Just(b'\t'),
                        1 => proptest::sample::select(vec![0u8, 0x08, 0x0a, 0x19, 0x1f, 0x21, 0x80, 0xa0, 0xff]),
                    ],
                    0..700,
                ),
            ) {
                let plain = line.iter().position(|&b| b == b' ' || b == b'\t').unwrap_or(line.len());
                prop_assert_eq!(first_blank(&line), plain);
                let head = &line[..line.len().min(MAX_SCANNED_BYTES)];
                let split: Vec<&[u8]> = head
                    .split(|&b| b == b' ' || b == b'\t')
                    .filter(|w| !w.is_empty())
                    .take(MAX_WORDS)
                    .collect();
                prop_assert_eq!(words(&line).collect::<Vec<_>>(), split);
            }

            /// A word's key and value are what the plain reading gives: the key is the part
            /// before the first `=` or `:` when that part is letters and `_`, with a value after.
            #[test]
            fn values_are_the_plain_reading(
                word in proptest::collection::vec(
                    proptest::sample::select(b"aZ_=:9.\"'(),/-".to_vec()),
                    0..12,
                ),
            ) {
                let split = word
                    .iter()
                    .position(|&b| b == b'=' || b == b':')
                    .filter(|&at| at > 0 && at + 1 < word.len())
                    .filter(|&at| word[..at].iter().all(|b| b.is_ascii_alphabetic() || *b == b'_'));
                let (key, value) = match split {
                    Some(at) => (&word[..at], &word[at + 1..]),
                    None => (&word[..0], &word[..]),
                };
                let trimmed = trim_punctuation(value);
                let plain = (key, if trimmed.is_empty() { value } else { trimmed });
                prop_assert_eq!(value_of(&word), plain);
            }
        }
    }

    mod shared {
        use super::super::{line_shape, Numbers, Slot, SlotTable};
        use proptest::prelude::*;

        /// What a scan counted in a slot, to compare two scans.
        fn numbers(n: &Numbers) -> Vec<u64> {
            let mut out = vec![u64::from(n.numbers), u64::from(n.non_numbers)];
            out.push(u64::from(n.rising));
            for (x, line) in [n.min, n.max, n.runners_up[0], n.runners_up[1], (n.last, 0)] {
                out.extend([x.to_bits(), u64::from(line)]);
            }
            out
        }

        fn counted(slot: &Slot<'_>) -> Vec<u64> {
            let mut out: Vec<u64> = slot
                .values
                .iter()
                .flat_map(|v| {
                    let [a, b, c] = v.lines;
                    [
                        v.hash,
                        u64::from(v.count),
                        u64::from(a),
                        u64::from(b),
                        u64::from(c),
                    ]
                })
                .collect();
            out.extend(numbers(&slot.decimal));
            out.extend(numbers(&slot.hex));
            out.extend([
                u64::from(slot.overflow),
                u64::from(slot.hex_zero_led),
                slot.hex_width.map_or(u64::MAX, |w| w as u64),
                u64::from(slot.open),
            ]);
            out
        }

        proptest! {
            /// Counting the words a member shares with the member before as repeats, without
            /// splitting them, counts what splitting every word counts.
            #[test]
            fn shared_words_count_as_split_words(
                lines in proptest::collection::vec(
                    proptest::collection::vec(
                        proptest::sample::select(vec![
                            &b"INFO"[..], b"WARN", b"a", b"ab", b"12", b"0x1f", b"007", b"4.5ms",
                            b"k=v", b"k=w", b" ", b"  ", b"\t", b"\x01",
                        ]),
                        0..12,
                    ),
                    1..80,
                ),
                known in any::<bool>(),
            ) {
                let lines: Vec<Vec<u8>> = lines.into_iter().map(|parts| parts.concat()).collect();
                let members = || {
                    lines.iter().enumerate().map(|(i, line)| {
                        let count = known.then(|| line_shape(line).words);
                        (i, &line[..], count)
                    })
                };
                let shared = SlotTable::scan::<true>(members(), lines.len(), lines.len(), false);
                let split = SlotTable::scan::<false>(members(), lines.len(), lines.len(), false);
                prop_assert_eq!(shared.members, split.members);
                let table = |t: &SlotTable<'_>| t.slots.iter().map(counted).collect::<Vec<_>>();
                prop_assert_eq!(table(&shared), table(&split));
            }
        }
    }
}
