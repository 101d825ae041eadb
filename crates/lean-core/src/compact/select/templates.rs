//! Line templates as dense ids with their counts, and water-filling of floods per template.

use super::super::lines::Starts;
use super::super::signals::{
    for_each_buffer_template_hash, for_each_buffer_template_hash_and_shape, for_each_template_hash,
    line_shape, LineInBuffer, Shape,
};
use super::line_texts::LineTexts;

/// Template hashes are already well mixed; hashing them again (SipHash) is wasted work.
#[derive(Clone, Copy, Default)]
pub(super) struct PreHashed;

impl std::hash::BuildHasher for PreHashed {
    type Hasher = PreHashedHasher;
    fn build_hasher(&self) -> PreHashedHasher {
        PreHashedHasher(0)
    }
}

#[derive(Default)]
pub(super) struct PreHashedHasher(u64);

impl std::hash::Hasher for PreHashedHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8)) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
    /// Template ids are small integers: spread them so the table's high-bit tags differ.
    fn write_u32(&mut self, value: u32) {
        self.0 = u64::from(value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Keeps at most `cap` of `members` (line indexes) across templates so that rare templates keep
/// every instance and frequent ones are cut to a common level; returns the survivors.
pub(super) fn water_fill(
    members: &[u32],
    templates: &TemplateIds,
    cap: usize,
    max_level: usize,
) -> Vec<u32> {
    if members.len() <= cap {
        return members.to_vec();
    }
    // Counts by template id in a table as long as the largest id among the members: ids are
    // dense, so that is a direct index where a hash map hashed and probed for each member.
    let of_members: Vec<u32> = members.iter().map(|&i| templates.get(i as usize)).collect();
    let table_len = of_members.iter().max().map_or(0, |&id| id as usize + 1);
    let mut per_template = vec![0u32; table_len];
    for &id in &of_members {
        per_template[id as usize] += 1;
    }
    let mut counts: Vec<u32> = per_template.iter().copied().filter(|&c| c > 0).collect();
    counts.sort_unstable();
    // Highest level whose total stays within the cap (at least 1 per template).
    let mut level = 1usize;
    loop {
        let next = level + 1;
        let total: usize = counts.iter().map(|&c| (c as usize).min(next)).sum();
        if total > cap || next > counts.last().map_or(0, |&c| c as usize) || next > max_level {
            break;
        }
        level = next;
    }
    // The table again, now counting the members taken so far per template.
    per_template.fill(0);
    members
        .iter()
        .zip(&of_members)
        .filter(|&(_, &id)| {
            let taken = &mut per_template[id as usize];
            *taken += 1;
            *taken as usize <= level
        })
        .map(|(&i, _)| i)
        .collect()
}

/// Every line's template id (4 bytes per line, or 2 on short-line inputs) and each template's
/// number of lines.
pub(super) struct Templates {
    pub(super) ids: TemplateIds,
    pub(super) counts: Vec<u32>,
    /// Text for markers of the templates that merge lines of one status shape (see
    /// `shapes`), by template id.
    pub(super) shape_texts: Vec<(u32, String)>,
    /// Lines `(earlier, later)` of a block the output printed twice, where the later copy
    /// changed (see `slots::rerun_changes`), sorted by the later line.
    pub(super) changes: Vec<(u32, u32)>,
    /// Per line, the number of words its slots are read from (see `slots::mark_unlike_members`;
    /// empty when that did not run), so a marker's summary splits only the words it still reads.
    pub(super) word_counts: Vec<u8>,
    /// Per line, its shape's hash when the template pass worked shapes out (see
    /// [`LineShapes`]; empty otherwise), for `slots::mark_unlike_members`, which takes them.
    pub(super) shapes: Vec<u64>,
}

impl Templates {
    pub(super) fn new(ids: TemplateIds, counts: Vec<u32>) -> Templates {
        Templates {
            ids,
            counts,
            shape_texts: Vec::new(),
            changes: Vec::new(),
            word_counts: Vec::new(),
            shapes: Vec::new(),
        }
    }

    /// Templates whose pass also worked out every line's shape.
    pub(super) fn with_shapes(ids: TemplateIds, counts: Vec<u32>, shapes: LineShapes) -> Self {
        Templates {
            word_counts: shapes.words,
            shapes: shapes.hashes,
            ..Templates::new(ids, counts)
        }
    }

    /// The marker text of template `id` when it merges lines of one status shape.
    pub(super) fn shape_text(&self, id: u32) -> Option<&str> {
        self.shape_texts
            .iter()
            .find(|(shape, _)| *shape == id)
            .map(|(_, text)| text.as_str())
    }

    /// The template of line `i`.
    #[inline]
    pub(super) fn of(&self, i: usize) -> u32 {
        self.ids.get(i)
    }

    /// How many lines share line `i`'s template.
    #[inline]
    pub(super) fn count_of(&self, i: usize) -> u32 {
        self.counts[self.ids.get(i) as usize]
    }
}

/// Per-line template ids: 2 bytes each on short-line inputs while under 65 536 templates exist,
/// else 4.
pub(super) enum TemplateIds {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl TemplateIds {
    #[inline]
    pub(super) fn get(&self, i: usize) -> u32 {
        match self {
            TemplateIds::Narrow(ids) => u32::from(ids[i]),
            TemplateIds::Wide(ids) => ids[i],
        }
    }

    /// Gives line `i` template `id`, widening to 4-byte ids when it does not fit in 2.
    pub(super) fn set(&mut self, i: usize, id: u32) {
        match self {
            TemplateIds::Wide(ids) => ids[i] = id,
            TemplateIds::Narrow(ids) => match u16::try_from(id) {
                Ok(short) => ids[i] = short,
                Err(_) => {
                    let mut wide: Vec<u32> = ids.iter().map(|&id| u32::from(id)).collect();
                    wide[i] = id;
                    *self = TemplateIds::Wide(wide);
                }
            },
        }
    }
}

/// Lines without their grep prefixes (`prefix(i)` bytes for line `i`, see [`hit_text_of`]),
/// line `next` first: what shapes their templates, each with the rest of `buffer` after it
/// (the hash reads past a line's end instead of copying it). `lines` ends where the pass does,
/// so a step tests for the end once. Not a `map` chain: in the hashing loop the compiler left
/// the adapters as a call per line.
struct TemplateTexts<'a, I, P> {
    lines: I,
    /// The buffer every line lies in.
    buffer: &'a [u8],
    prefix: P,
    next: usize,
}

impl<'a, I: Iterator<Item = &'a [u8]>, P: Fn(usize) -> usize> Iterator for TemplateTexts<'a, I, P> {
    type Item = LineInBuffer<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<LineInBuffer<'a>> {
        let line = self.lines.next()?;
        let text = hit_text_of(line, (self.prefix)(self.next));
        self.next += 1;
        debug_assert!(self.buffer.as_ptr_range().contains(&text.as_ptr()) || text.is_empty());
        // The line is a slice of `buffer` (`lines` steps through it): the bytes from its start
        // to the buffer's end (a line found elsewhere is read alone).
        let offset = (text.as_ptr() as usize).wrapping_sub(self.buffer.as_ptr() as usize);
        let bytes = match self.buffer.get(offset..) {
            Some(rest) if rest.len() >= text.len() => rest,
            _ => text,
        };
        Some(LineInBuffer {
            bytes,
            len: text.len(),
        })
    }
}

/// Every line's [`Shape`] (its hash and number of words, see `slots::mark_unlike_members`), as
/// the template pass reads them: asked for when the selection compares look-alikes and the
/// lines have no grep prefix (a hit's shape is read after its line number, which its template
/// skips differently).
pub(super) struct LineShapes {
    hashes: Vec<u64>,
    words: Vec<u8>,
}

impl LineShapes {
    /// Room for `lines` lines' shapes, so the pass never copies them to grow.
    pub(super) fn for_lines(lines: usize) -> Self {
        LineShapes {
            hashes: Vec::with_capacity(lines),
            words: Vec::with_capacity(lines),
        }
    }

    #[inline(always)]
    fn extend(&mut self, shapes: &[Shape]) {
        self.hashes.extend(shapes.iter().map(|s| s.hash));
        self.words.extend(shapes.iter().map(|s| s.words));
    }

    fn push(&mut self, shape: Shape) {
        self.hashes.push(shape.hash);
        self.words.push(shape.words);
    }
}

/// Calls `each` with the template hashes of lines `from..from + count` of `texts`, in order,
/// a batch at a time, and adds their shapes to `shapes` when given (then `prefix` must give 0
/// for every line). The input's own lines under a 4-byte index (the common case) are read
/// straight from the index and the input (see [`for_each_buffer_template_hash`]), their
/// shapes from the same reads; other inputs take the general step, and their shapes are read
/// line by line after.
#[inline(always)]
fn for_each_line_template(
    texts: &LineTexts<'_>,
    prefix: &impl Fn(usize) -> usize,
    from: usize,
    count: usize,
    shapes: Option<&mut LineShapes>,
    mut each: impl FnMut(&[u64]),
) {
    if let (Starts::Wide(starts), true) = (texts.starts, texts.terminated) {
        let until = (from + count).min(starts.len() - 1);
        let from = from.min(until);
        let starts = &starts[from..until + 1];
        if let Some(shapes) = shapes {
            for_each_buffer_template_hash_and_shape(
                texts.bytes,
                starts,
                #[inline(always)]
                |hashes, batch| {
                    shapes.extend(batch);
                    each(hashes);
                },
            );
            return;
        }
        let skip = |i: usize, line: &[u8]| line.len() - hit_text_of(line, prefix(from + i)).len();
        for_each_buffer_template_hash(texts.bytes, starts, skip, each);
    } else {
        if let Some(shapes) = shapes {
            for line in texts.between(from, from + count) {
                shapes.push(line_shape(line));
            }
        }
        let lines = TemplateTexts {
            lines: texts.between(from, from + count),
            buffer: texts.bytes,
            prefix,
            next: from,
        };
        for_each_template_hash(lines, each);
    }
}

/// Interns the templates of lines `from..from + out.len()` into `out` (4-byte ids); returns the
/// interner, numbered in order of first appearance among these lines.
pub(super) fn intern_wide(
    texts: &LineTexts<'_>,
    prefix: &impl Fn(usize) -> usize,
    from: usize,
    out: &mut [u32],
    shapes: Option<&mut LineShapes>,
) -> TemplateInterner {
    let count = out.len();
    let mut interner = TemplateInterner::for_lines(count);
    let mut done = 0;
    // Inlined after the hashing loop, with the interner's insertion (see `intern_all`).
    for_each_line_template(
        texts,
        prefix,
        from,
        count,
        shapes,
        #[inline(always)]
        |hashes| {
            interner.intern_all(hashes, &mut out[done..done + hashes.len()]);
            done += hashes.len();
        },
    );
    interner
}

/// Interns every line's template into 2-byte ids, switching to 4-byte ids if more than 65 536
/// templates turn up; returns the ids and each template's count.
pub(super) fn intern_narrow(
    texts: &LineTexts<'_>,
    prefix: &impl Fn(usize) -> usize,
    shapes: Option<&mut LineShapes>,
) -> (TemplateIds, Vec<u32>) {
    let n = texts.starts.entries() - 1;
    let mut interner = TemplateInterner::for_lines(n);
    let mut narrow: Vec<u16> = Vec::with_capacity(n);
    let mut wide: Option<Vec<u32>> = None;
    let mut ids = [0u32; 64];
    for_each_line_template(
        texts,
        prefix,
        0,
        n,
        shapes,
        #[inline(always)]
        |hashes| {
            for hashes in hashes.chunks(ids.len()) {
                let ids = &mut ids[..hashes.len()];
                interner.intern_all(hashes, ids);
                for &id in ids.iter() {
                    match (&mut wide, u16::try_from(id)) {
                        (Some(wide), _) => wide.push(id),
                        (None, Ok(short)) => narrow.push(short),
                        (None, Err(_)) => {
                            let mut widened = Vec::with_capacity(n);
                            widened.extend(narrow.iter().map(|&id| u32::from(id)));
                            widened.push(id);
                            narrow = Vec::new();
                            wide = Some(widened);
                        }
                    }
                }
            }
        },
    );
    let templates = match wide {
        Some(wide) => TemplateIds::Wide(wide),
        None => TemplateIds::Narrow(narrow),
    };
    (templates, interner.counts)
}

/// Assigns dense ids to template hashes in order of first appearance and counts each one.
///
/// An open-addressing table (linear probing) keyed by the hash itself: template hashes are
/// already well mixed, so a slot is the hash's top bits (the best mixed bits of a multiplicative
/// hash), and a line costs a slot read and a hash compare where a general `HashMap` also
/// handled control bytes and probe groups.
pub(super) struct TemplateInterner {
    /// Per slot, `id + 1` of a template (0 for an empty slot), whose hash is `hashes[id]`:
    /// 4 bytes a slot keep the table small to clear and to grow. The slot count is a power of
    /// two and at most half the slots are used, so probes stay short.
    slots: Vec<u32>,
    /// `64 - log2(slot count)`: the slot of a hash is `hash >> shift`.
    shift: u32,
    /// Each template's hash, by id (to grow the table and to merge interners).
    pub(super) hashes: Vec<u64>,
    pub(super) counts: Vec<u32>,
}

impl Default for TemplateInterner {
    fn default() -> Self {
        TemplateInterner::for_lines(0)
    }
}

impl TemplateInterner {
    /// An interner sized for `lines` lines: a slot per line (at least 256, at most 262 144 to
    /// start with), so inputs of mostly distinct lines rarely grow it.
    pub(super) fn for_lines(lines: usize) -> Self {
        let slots = lines.next_power_of_two().clamp(1 << 8, 1 << 18);
        TemplateInterner {
            slots: vec![0; slots],
            shift: 64 - slots.trailing_zeros(),
            hashes: Vec::with_capacity(slots / 2 + 1),
            counts: Vec::with_capacity(slots / 2 + 1),
        }
    }

    /// The id of one more line with this template hash.
    #[cfg(test)]
    pub(super) fn intern(&mut self, hash: u64) -> u32 {
        self.absorb(hash, 1)
    }

    /// The ids of one more line with each of `hashes`, into `ids` (as many), in order.
    ///
    /// Known templates are looked up with the table's fields held in locals (stores to the
    /// counts cannot move them); a new template leaves that loop to be inserted, which may
    /// grow the table, and the loop starts again from the next hash.
    #[inline(always)]
    pub(super) fn intern_all(&mut self, hashes: &[u64], ids: &mut [u32]) {
        assert_eq!(hashes.len(), ids.len());
        let mut next = 0;
        while next < hashes.len() {
            let shift = self.shift;
            let mask = self.slots.len() - 1;
            let slots = &self.slots[..];
            let known = &self.hashes[..];
            let counts = &mut self.counts[..];
            let (new, at) = loop {
                let Some(&hash) = hashes.get(next) else {
                    return;
                };
                // Below the slot count: `shift` is 64 - log2(slot count).
                let mut at = (hash >> shift) as usize;
                let found = loop {
                    let slot = slots[at];
                    if slot == 0 {
                        break None;
                    }
                    let id = slot - 1;
                    debug_assert!((id as usize) < known.len());
                    if known[id as usize] == hash {
                        break Some(id);
                    }
                    at = (at + 1) & mask;
                };
                let Some(id) = found else {
                    break (hash, at);
                };
                counts[id as usize] += 1;
                ids[next] = id;
                next += 1;
            };
            ids[next] = self.insert(new, at, 1);
            next += 1;
        }
    }

    /// The id of `count` more lines with this template hash (merging another interner).
    pub(super) fn absorb(&mut self, hash: u64, count: u32) -> u32 {
        let mask = self.slots.len() - 1;
        // Below the slot count: `shift` is 64 - log2(slot count).
        let mut at = (hash >> self.shift) as usize;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                break;
            }
            let id = slot - 1;
            if self.hashes[id as usize] == hash {
                self.counts[id as usize] += count;
                return id;
            }
            at = (at + 1) & mask;
        }
        self.insert(hash, at, count)
    }

    /// Template `hash` with `count` lines, new, into the empty slot `at`: its id.
    ///
    /// Inlined (a call in the loop it serves cost the SIMD hash its constants, which a call
    /// clobbers, and a third of a diff's lines are new templates); only growing the table is a
    /// call.
    #[inline(always)]
    fn insert(&mut self, hash: u64, at: usize, count: u32) -> u32 {
        let id = self.counts.len() as u32;
        debug_assert_eq!(self.slots[at], 0);
        self.slots[at] = id + 1;
        // The capacity is kept above half the slot count, so these pushes never reallocate.
        self.hashes.push(hash);
        self.counts.push(count);
        if self.hashes.len() * 2 > self.slots.len() {
            self.grow();
        }
        id
    }

    /// Doubles the slot count and places every template again (ids are kept).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let slots = self.slots.len() * 2;
        self.shift -= 1;
        self.slots = vec![0; slots];
        // Room for every template the table takes before it grows again.
        self.hashes.reserve(slots / 2 + 1 - self.hashes.len());
        self.counts.reserve(slots / 2 + 1 - self.counts.len());
        let mask = slots - 1;
        for (id, &hash) in self.hashes.iter().enumerate() {
            let mut at = (hash >> self.shift) as usize;
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = id as u32 + 1;
        }
    }
}

/// The part of a line that shapes its template: after a grep `path:` prefix (`prefix` bytes,
/// 0 for none) also skip the `NUM:`, so templates compare content, not line numbers.
#[inline]
pub(super) fn hit_text_of(line: &[u8], prefix: usize) -> &[u8] {
    if prefix == 0 {
        return line;
    }
    let b = &line[prefix..];
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    &b[(digits + 1).min(b.len())..]
}
