//! Which members of a group of look-alikes hold a minority: the lines a fold must not hide.
//!
//! A group's slot (see the parent module) where most members share one value makes the few
//! members holding another value the group's news: a `... no` among `... yes`, `{ergonomic}`
//! among `{default}`, a `404` among `200`s. Few is at most a fiftieth of the members or a
//! handful ([`few`]), and the more one-sided the slot, the more its minority says, so a
//! group's minorities are taken in that order. Where the members share no value (each names
//! its own class or path), they may still share a kind, the key or scheme before a `:` or `=`
//! (`jrt:/…` among `file:/…`): a kind few members hold is a minority too. And a line whose
//! shape has too few look-alikes to form a group (a digit in its path where the others have
//! none) is compared with the lines of its template, the lines that share its constant words.
//!
//! Work is bounded: second passes over a group only for values of more lines than a slot
//! remembers, kinds only for slots whose sampled values have keys, and templates of at most
//! [`MAX_STRAY_TEMPLATES`] lines' groups of at most [`MAX_TEMPLATE_LINES`] members each.

use std::cell::Cell;
use std::cmp::Reverse;

use super::super::flags::{LineFlags, Rank, DUPLICATE};
use super::super::line_texts::LineTexts;
use super::super::templates::TemplateIds;
use super::{
    body, fiftieth, value_of, words, SlotTable, Value, KEPT_MINORITIES, LINES_PER_VALUE,
    MAX_GROUP_LINES, MAX_UNLIKE, MIN_GROUP,
};
use xxhash_rust::xxh3::xxh3_64;

/// Most members holding a value (or kind) for it to be a minority of a small group: a handful,
/// each kept verbatim. (A value of at most a fiftieth of the members is one too.)
pub(super) const FEW_LINES: usize = 8;
// A minority's signature holds the lines it knows: a value's remembered ones or a kind's.
const _: () = assert!(LINES_PER_VALUE <= FEW_LINES);
/// A minority is clear, and kept before other lines, when at least two thirds of its group
/// (this share in thousandths, rounded down) hold the common value or kind of its slot and
/// the line is unlike them in that slot only: in a small group of free text, a word half the
/// members happen to share makes no minority of the others.
const CLEAR_SHARE: u32 = 666;
/// Most minority lines chosen over all groups (each group gives at most [`KEPT_MINORITIES`]):
/// a table of flags has a minority in a dozen groups, and an output more.
const MAX_MINORITY_LINES: usize = 64;
/// Most groups' maxima chosen over all groups: a log of a few dozen kinds of timed events
/// shows each kind's slowest.
const MAX_MAXIMA: usize = 32;
/// Lines of no group remembered for their templates; past them, strays are not compared.
pub(super) const MAX_STRAYS: usize = 1 << 16;
/// Templates whose members are read to judge strays.
const MAX_STRAY_TEMPLATES: usize = 32;
/// Members of a stray's template read (its strays first).
const MAX_TEMPLATE_LINES: usize = 256;
/// Distinct kinds counted per slot; a slot with more has no kind most members share.
const MAX_KINDS: usize = 8;
/// Slots of a group whose kinds are counted.
const MAX_KIND_SLOTS: usize = 2;
/// First members of a group looked at for keys.
const KEY_SAMPLES: usize = 3;
/// Lines read for kinds over all groups: a hostile input of many keyed groups reads no more.
const MAX_KIND_LINES: usize = 1 << 14;

/// Whether `count` of a group's `members` are few: at most [`FEW_LINES`] and at most a
/// quarter of them (so a group of two halves has no minority).
pub(super) fn few(count: usize, members: usize) -> bool {
    count <= FEW_LINES && count * 4 <= members
}

/// What the minority rules read of the lines: their bodies and numbers of words.
pub(super) struct Reader<'r, 't> {
    texts: &'r LineTexts<'t>,
    grep_prefix: &'r [u32],
    word_counts: &'r [u8],
    /// Lines still to read for kinds (see [`MAX_KIND_LINES`]).
    kind_lines_left: Cell<usize>,
    /// Whether minorities are kept as well as ranked: then the rules beyond the slot rule
    /// (handfuls, kinds, strays), whose lines are only kept, run too.
    pub(super) relaxed: bool,
}

impl<'r, 't> Reader<'r, 't> {
    pub(super) fn new(
        texts: &'r LineTexts<'t>,
        grep_prefix: &'r [u32],
        word_counts: &'r [u8],
        relaxed: bool,
    ) -> Reader<'r, 't> {
        Reader {
            texts,
            grep_prefix,
            word_counts,
            kind_lines_left: Cell::new(MAX_KIND_LINES),
            relaxed,
        }
    }

    fn body(&self, i: usize) -> &'t [u8] {
        body(self.texts, self.grep_prefix, i)
    }

    /// Whether line `i` has the `width` words of a table's members (see `SlotTable::scan`).
    fn fits(&self, i: usize, width: usize) -> bool {
        self.word_counts
            .get(i)
            .is_none_or(|&count| count as usize == width)
    }
}

/// A line to rank as unlike its look-alikes, in the order they are taken: minorities (class 0)
/// before extremes (1), clear minorities first, then extremes by tier (every group's largest
/// value before any group's smallest, and those before the runners-up; "which is slowest" is
/// asked of whichever group the question is about, so no group's runners-up may crowd out
/// another group's maximum), the more one-sided slot first (its share of members holding its
/// common value or kind, in thousandths), then larger groups (their fold hides more), then in
/// line order.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Candidate {
    class: u8,
    /// Not a clear minority (see [`CLEAR_SHARE`]): ranked, but not kept before other lines.
    loose: bool,
    /// An extreme's place: 0 the largest value when one member holds it, 1 the smallest (or a
    /// largest value several members share), 2 the runners-up.
    tier: u8,
    strength: Reverse<u32>,
    size: Reverse<usize>,
    line: u32,
    /// Whether choosing it ranks it rare: a minority only the relaxed rules find (a handful
    /// of a larger group, a kind, a stray) is kept, but leaves the ranks that other rules
    /// read (a record of rare lines, see `sections`) as they were.
    ranks: bool,
}

impl Candidate {
    fn minority(clear: bool, strict: bool, strength: u32, members: usize, line: u32) -> Candidate {
        Candidate {
            class: 0,
            loose: !clear,
            tier: 0,
            strength: Reverse(strength),
            size: Reverse(members),
            line,
            ranks: strict,
        }
    }

    /// The largest or smallest value of a numeric slot of a group of `members`, at `tier`.
    pub(super) fn extreme(members: usize, tier: u8, line: u32) -> Candidate {
        Candidate {
            class: 1,
            loose: true,
            tier,
            strength: Reverse(0),
            size: Reverse(members),
            line,
            ranks: true,
        }
    }

    /// Whether the line holds the largest value of a measured slot of its group: what "which
    /// is slowest" or "which is largest" asks for, so it is kept as a clear minority is.
    fn is_maximum(&self) -> bool {
        self.class == 1 && self.tier == 0
    }
}

/// A group's share of members holding `count` of `members`, in thousandths.
fn share(count: usize, members: usize) -> u32 {
    (count * 1000 / members.max(1)) as u32
}

/// A minority of a slot: a value (its lines read when needed) or a kind (its lines known).
enum Minority<'s> {
    Value(&'s Value),
    Lines(Vec<u32>),
}

/// Adds the minority lines of a group (`members`, as `table` read them) to `candidates`, at
/// most [`KEPT_MINORITIES`], the most one-sided slots first; with `only` (sorted), only those
/// lines count.
pub(super) fn group_minorities(
    reader: &Reader<'_, '_>,
    table: &SlotTable<'_>,
    members: &[u32],
    only: Option<&[u32]>,
    candidates: &mut Vec<Candidate>,
) {
    let m = table.members;
    let mut found: Vec<(u32, usize, Minority)> = Vec::new();
    for (k, slot) in table.slots.iter().enumerate() {
        let strength = slot.dominant(m).map_or(0, |d| share(d.count as usize, m));
        found.extend(slot.rare(m).map(|v| (strength, k, Minority::Value(v))));
    }
    if reader.relaxed {
        kind_minorities(reader, table, members, &mut found);
    }
    if found.is_empty() {
        return;
    }
    // Within a slot, the rarest value first.
    let held = |minority: &Minority| match minority {
        Minority::Value(v) => v.count as usize,
        Minority::Lines(lines) => lines.len(),
    };
    found.sort_by_key(|(strength, k, minority)| (Reverse(*strength), *k, held(minority)));
    // The lines each minority is known to hold (without reading any again), each with the
    // minority's signature (how many lines it holds and which it knows): a line in minorities
    // of different lines is no look-alike with one value unlike, but a line unlike in several
    // ways. Minorities of the same two or more lines are one difference printed twice, a
    // number and its name (`42/  shadow` among `0/    root`), so a line in only those is unlike
    // once. (A single line unlike in two slots is just unlike: its slots count apart.)
    let mut known: Vec<(u32, u64)> = Vec::new();
    for (_, slot, minority) in &found {
        let (count, lines) = match minority {
            Minority::Value(v) => (
                v.count as usize,
                &v.lines[..(v.count as usize).min(LINES_PER_VALUE)],
            ),
            Minority::Lines(lines) => (lines.len(), &lines[..]),
        };
        // The signature's bytes in a buffer on the stack (a minority knows at most
        // FEW_LINES lines); every minority of every group has one.
        let mut bytes = [0u8; 16 + 4 * FEW_LINES];
        let mut len = 0;
        let mut put = |part: &[u8]| {
            bytes[len..len + part.len()].copy_from_slice(part);
            len += part.len();
        };
        put(&(count as u64).to_le_bytes());
        if count < 2 {
            put(&(*slot as u64).to_le_bytes());
        }
        for line in lines {
            put(&line.to_le_bytes());
        }
        let signature = xxh3_64(&bytes[..len]);
        known.extend(lines.iter().map(|&line| (line, signature)));
    }
    known.sort_unstable();
    let unlike_once = |line: u32| {
        let held = &known[known.partition_point(|&(l, _)| l < line)..];
        let held = &held[..held.partition_point(|&(l, _)| l == line)];
        held.windows(2).all(|pair| pair[0].1 == pair[1].1)
    };
    let width = table.slots.len();
    let mut kept = 0usize;
    let mut lines: Vec<u32> = Vec::new();
    for (strength, k, minority) in found {
        if kept >= KEPT_MINORITIES {
            break;
        }
        // What the slot rule alone finds: a value of at most a fiftieth of a group of the
        // line's own shape.
        let strict = only.is_none()
            && matches!(minority, Minority::Value(v) if v.count as usize <= fiftieth(m));
        lines.clear();
        match minority {
            Minority::Value(v) if v.count as usize <= LINES_PER_VALUE => {
                lines.extend_from_slice(&v.lines[..v.count as usize]);
            }
            // A handful more than the slot remembers, of a slot clear enough to keep them:
            // read them again.
            Minority::Value(v)
                if v.count as usize <= FEW_LINES && strength >= CLEAR_SHARE && reader.relaxed =>
            {
                lines_holding(reader, members, width, k, v.hash, &mut lines);
            }
            Minority::Value(v) => lines.extend_from_slice(&v.lines),
            Minority::Lines(held) => lines = held,
        }
        for &line in &lines {
            if kept < KEPT_MINORITIES && only.is_none_or(|o| o.binary_search(&line).is_ok()) {
                let clear = strength >= CLEAR_SHARE && unlike_once(line);
                if clear || strict {
                    candidates.push(Candidate::minority(clear, strict, strength, m, line));
                }
                kept += 1;
            }
        }
    }
}

/// The lines of `members` (of `width` words) whose slot `k` holds the value hashed `hash`,
/// at most [`FEW_LINES`].
fn lines_holding(
    reader: &Reader<'_, '_>,
    members: &[u32],
    width: usize,
    k: usize,
    hash: u64,
    out: &mut Vec<u32>,
) {
    for &i in members.iter().take(MAX_GROUP_LINES) {
        if !reader.fits(i as usize, width) {
            continue;
        }
        let word = words(reader.body(i as usize)).nth(k);
        if word.is_some_and(|w| xxh3_64(value_of(w).1) == hash) {
            out.push(i);
            if out.len() == FEW_LINES {
                return;
            }
        }
    }
}

/// The kinds of one slot: its values' keys (`file` of `file:/tmp`, `level` of `level=warn`,
/// empty for a value without one) with their counts and first lines.
struct Kinds<'t> {
    slot: usize,
    kinds: Vec<(&'t [u8], usize, Vec<u32>)>,
    overflow: bool,
}

/// Adds to `found` the kinds few members of a group hold in a slot where no value is shared
/// by most members but a kind is (at most [`MAX_KIND_SLOTS`] slots whose sampled values have
/// keys). A slot's kinds are its values' when it counted them all; else they are read in one
/// more pass over the group.
fn kind_minorities<'s>(
    reader: &Reader<'_, '_>,
    table: &'s SlotTable<'_>,
    members: &[u32],
    found: &mut Vec<(u32, usize, Minority<'s>)>,
) {
    let m = table.members;
    let key_of = |line: u32, k: usize| {
        words(reader.body(line as usize))
            .nth(k)
            .map_or(&[][..], |w| value_of(w).0)
    };
    // The slots whose words have keys in the group's first members (most of them do when
    // most members' words do): only there can kinds differ.
    let width = table.slots.len();
    let mut keyed = 0u32;
    for &i in members
        .iter()
        .filter(|&&i| reader.fits(i as usize, width))
        .take(KEY_SAMPLES)
    {
        for (k, word) in words(reader.body(i as usize)).enumerate() {
            if !value_of(word).0.is_empty() {
                keyed |= 1 << k;
            }
        }
    }
    if keyed == 0 {
        return;
    }
    let mut read_again: Vec<Kinds> = Vec::new();
    let open = table
        .slots
        .iter()
        .enumerate()
        .filter(|&(k, _)| keyed & (1 << k) != 0)
        .filter(|(_, s)| !s.constant() && s.dominant(m).is_none())
        .take(MAX_KIND_SLOTS);
    for (k, slot) in open {
        let mut kinds = Kinds {
            slot: k,
            kinds: Vec::new(),
            overflow: false,
        };
        if slot.overflow {
            read_again.push(kinds);
            continue;
        }
        // Every value was counted: its kind is its first line's.
        for v in slot.values.iter() {
            let known = &v.lines[..(v.count as usize).min(LINES_PER_VALUE)];
            kinds.add(key_of(v.lines[0], k), v.count as usize, known);
        }
        kinds.minorities(m, found);
    }
    let Some(last) = read_again.last().map(|s| s.slot) else {
        return;
    };
    let left = reader.kind_lines_left.get();
    let budget = left.min(members.len().min(MAX_GROUP_LINES));
    reader.kind_lines_left.set(left - budget);
    let mut read = 0usize;
    for &i in &members[..budget] {
        if !reader.fits(i as usize, width) {
            continue;
        }
        read += 1;
        let mut next = 0;
        for (k, word) in words(reader.body(i as usize)).enumerate().take(last + 1) {
            let Some(kinds) = read_again.get_mut(next).filter(|s| s.slot == k) else {
                continue;
            };
            next += 1;
            kinds.add(value_of(word).0, 1, &[i]);
        }
    }
    for kinds in &mut read_again {
        kinds.minorities(read, found);
    }
}

impl<'t> Kinds<'t> {
    /// Counts `count` members of kind `key`, remembering `lines` of them.
    fn add(&mut self, key: &'t [u8], count: usize, lines: &[u32]) {
        if self.overflow {
            return;
        }
        match self.kinds.iter().position(|(kind, _, _)| *kind == key) {
            Some(at) => {
                let (_, total, held) = &mut self.kinds[at];
                *total += count;
                let room = FEW_LINES.saturating_sub(held.len());
                held.extend(lines.iter().take(room));
            }
            None if self.kinds.len() < MAX_KINDS => {
                self.kinds.push((key, count, lines.to_vec()));
            }
            None => self.overflow = true,
        }
    }

    /// Adds to `found` the kinds few of `members` hold while most hold one other kind.
    fn minorities(&mut self, members: usize, found: &mut Vec<(u32, usize, Minority<'_>)>) {
        if self.overflow {
            return;
        }
        let Some(&(common, top, _)) = self.kinds.iter().max_by_key(|(_, count, _)| *count) else {
            return;
        };
        if top * 2 < members {
            return;
        }
        let strength = share(top, members);
        for (kind, count, lines) in self.kinds.drain(..) {
            if kind != common && few(count, members) {
                found.push((strength, self.slot, Minority::Lines(lines)));
            }
        }
    }
}

/// Adds the minority lines among `strays` (lines whose shape has too few look-alikes, in
/// order) to `candidates`, judged among the lines of their template (`ids`, `counts` per
/// template): a template of at least [`MIN_GROUP`] lines is a group of look-alikes by its
/// constant words.
pub(super) fn stray_minorities(
    reader: &Reader<'_, '_>,
    ids: &TemplateIds,
    counts: &[u32],
    strays: &[u32],
    candidates: &mut Vec<Candidate>,
) {
    // The templates of strays, in order of their first stray, with their strays.
    let mut group_of: Vec<u32> = Vec::new();
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for &s in strays {
        let t = ids.get(s as usize) as usize;
        if counts.get(t).is_none_or(|&c| (c as usize) < MIN_GROUP) {
            continue;
        }
        if group_of.is_empty() {
            group_of = vec![u32::MAX; counts.len()];
        }
        let g = match group_of[t] {
            u32::MAX if groups.len() == MAX_STRAY_TEMPLATES => continue,
            u32::MAX => {
                group_of[t] = groups.len() as u32;
                groups.push(Vec::new());
                groups.len() - 1
            }
            g => g as usize,
        };
        if groups[g].len() < MAX_TEMPLATE_LINES / 2 {
            groups[g].push(s);
        }
    }
    if groups.is_empty() {
        return;
    }
    // Each template's members: its strays first (the table's width is theirs), then the
    // others in order, up to MAX_TEMPLATE_LINES.
    let mut lists: Vec<Vec<u32>> = groups.clone();
    let n = reader.texts.len();
    let mut next_stray = 0usize;
    for i in 0..n {
        if strays.get(next_stray) == Some(&(i as u32)) {
            next_stray += 1;
            continue;
        }
        let g = group_of[ids.get(i) as usize];
        if g != u32::MAX && lists[g as usize].len() < MAX_TEMPLATE_LINES {
            lists[g as usize].push(i as u32);
        }
    }
    for (own, list) in groups.iter().zip(&lists) {
        let table = SlotTable::scan::<false>(
            list.iter().map(|&i| {
                let i = i as usize;
                (i, reader.body(i), reader.word_counts.get(i).copied())
            }),
            list.len(),
            MAX_GROUP_LINES,
            false,
        );
        if table.members >= MIN_GROUP {
            group_minorities(reader, &table, list, Some(own), candidates);
        }
    }
}

/// Ranks the candidates as rare lines in their order: every clear minority line (at most
/// [`MAX_MINORITY_LINES`]) and every group's maximum one member holds (at most
/// [`MAX_MAXIMA`]), and the other minorities and extremes until [`MAX_UNLIKE`] lines were
/// ranked higher than they were. Returns the clear minority lines and maxima (in that order)
/// and the lines it ranked higher.
pub(super) fn choose(
    mut candidates: Vec<Candidate>,
    flags: &mut [LineFlags],
) -> (Vec<u32>, Vec<u32>) {
    candidates.sort_unstable();
    let mut chosen: Vec<u32> = Vec::new();
    let mut marked: Vec<u32> = Vec::new();
    // Lines other than clear minorities ranked higher, bounded on their own.
    let mut others = 0usize;
    // Groups' maxima chosen: bounded on their own, so that one-off lines' minorities do not
    // crowd them out.
    let mut maxima = 0usize;
    for c in candidates {
        let f = &mut flags[c.line as usize];
        // Must lines are kept anyway; a context line is too, but a view fit to its budget
        // drops context first, and a high one (a definition among many) is not kept anyway:
        // both are chosen too.
        if f.has(DUPLICATE) || f.rank() < Rank::Context {
            continue;
        }
        let room = if c.is_maximum() {
            maxima < MAX_MAXIMA
        } else {
            !c.loose && chosen.len() - maxima < MAX_MINORITY_LINES
        };
        let minority = room && !chosen.contains(&c.line);
        if minority {
            chosen.push(c.line);
            maxima += usize::from(c.is_maximum());
        } else if others >= MAX_UNLIKE {
            continue;
        }
        if f.rank() > Rank::Rare && c.ranks {
            f.set_rank(Rank::Rare);
            marked.push(c.line);
            others += usize::from(!minority);
        }
    }
    (chosen, marked)
}
