//! What a line belongs to. A kept line is read with the line that names its part of the output:
//! the heading of its section (`File: /usr/bin/node` before a table of sections, `Disassembly of
//! <code object raw_decode …>:` before a function's bytecode) or the opener of its record
//! (`File: /etc/shadow` before the `Access: (0640/…)` that differs). Headings are the outline a
//! reader scans for the part a question names, so they rank high as a whole; a record's opener
//! ranks high with any line of the record that does.
//!
//! Work is bounded: one pass over the lines for headings (with a map of first words), one over
//! the records, and at most [`MAX_SECTIONS`] headings and [`MAX_RECORD_CONTEXT_LINES`] record
//! lines ranked.

use super::flags::{LineFlags, Rank, DUPLICATE};
use super::line_kinds::{ancestors, is_blank};
use super::line_texts::LineTexts;
use super::templates::PreHashed;
use super::HEAD_LINES;
use std::collections::HashMap;
use xxhash_rust::xxh3::xxh3_64;

/// Most headings of one kind an outline has; more are a list of records, not sections.
const MAX_SECTIONS: usize = 64;
/// Longest first word that names a kind of heading (`Disassembly`, `File:`, `Section`).
const MAX_KEY_BYTES: usize = 32;
/// Longer lines are paragraphs, not headings.
const MAX_HEADING_BYTES: usize = 240;
/// Farthest apart the first two records may open for the output to be made of records.
const MAX_RECORD_LINES: usize = 40;
/// Lines read to tell records (several lines each) from a log of look-alike lines.
const PROBE_LINES: usize = 400;
/// Most lines of a record kept whole when one of its lines is kept for what it says.
const SHORT_RECORD_LINES: usize = 8;
/// Most record lines of rare shape ranked as unlike the other records.
const MAX_UNLIKE_RECORDS: usize = 16;
/// Most lines ranked for their records' sake, over all records.
const MAX_RECORD_CONTEXT_LINES: usize = 400;

/// How often a first word opens a section (after a blank line, before a line of text), how
/// often it starts any line, and where it opened them.
#[derive(Default)]
struct Key {
    openings: u32,
    lines: u32,
    at: Vec<u32>,
}

/// The first word of `line` when it can name a kind of heading: it holds a letter and is
/// short.
fn first_word(line: &[u8]) -> Option<&[u8]> {
    let t = line.trim_ascii_start();
    let end = t
        .iter()
        .position(|&b| b == b' ' || b == b'\t')
        .unwrap_or(t.len());
    let word = &t[..end];
    (!word.is_empty() && word.len() <= MAX_KEY_BYTES && word.iter().any(u8::is_ascii_alphabetic))
        .then_some(word)
}

/// Whether `line` is a banner: a title between two runs of one rule character, at least three
/// each (`====== SET ======`, `--- PASS: x ---`, `### Summary ###`). A banner opens a section
/// wherever it stands: tools print the next one right after the last line of the section before.
fn is_banner(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    let Some(&rule) = t.first() else {
        return false;
    };
    if !matches!(rule, b'=' | b'-' | b'#' | b'*' | b'~') {
        return false;
    }
    let lead = t.iter().take_while(|&&b| b == rule).count();
    let tail = t.iter().rev().take_while(|&&b| b == rule).count();
    lead >= 3
        && tail >= 3
        && lead + tail < t.len()
        && t[lead..t.len() - tail].iter().any(u8::is_ascii_alphabetic)
}

/// Ranks section headings high: lines that open a section (after a blank line, at the top, or
/// a banner anywhere; followed by a line of text), whose first word opens 2 to
/// [`MAX_SECTIONS`] sections and starts few other lines (at most as many as it opens). A
/// heading's caption, the line after it when every section has one of its kind (`There are
/// 41 section headers, …`), ranks high with it. Returns how many lines it ranked.
pub(super) fn mark_section_headings(texts: &LineTexts<'_>, flags: &mut [LineFlags]) -> usize {
    let n = flags.len();
    // Lines that open a section, by first word: blank lines are few in most outputs, so this
    // pass keeps little, and the lines of other first words are not counted at all.
    let mut keys: HashMap<u64, Key, PreHashed> = HashMap::default();
    let mut previous_blank = true;
    for i in 0..n {
        let line = texts.get(i);
        let blank = is_blank(line);
        let banner = is_banner(line);
        let opens = !blank
            && (previous_blank || banner)
            && line.len() <= MAX_HEADING_BYTES
            && i + 1 < n
            && !is_blank(texts.get(i + 1));
        if opens {
            // A banner's rule is its first word, letters or not.
            let word = if banner {
                line.trim_ascii().split(|&b| b == b' ').next()
            } else {
                first_word(line)
            };
            if let Some(word) = word {
                let key = keys.entry(xxh3_64(word)).or_default();
                key.openings += 1;
                if key.at.len() <= MAX_SECTIONS {
                    key.at.push(i as u32);
                }
            }
        }
        previous_blank = blank;
    }
    keys.retain(|_, key| (2..=MAX_SECTIONS).contains(&(key.openings as usize)));
    if keys.is_empty() {
        return 0;
    }
    // How many lines each remaining first word starts, and the captions' candidates.
    for i in 0..n {
        if let Some(word) = first_word(texts.get(i)) {
            if let Some(key) = keys.get_mut(&xxh3_64(word)) {
                key.lines += 1;
            }
        }
    }
    // A caption: the line after every heading of a kind starts with one first word, found
    // nowhere else (a line of the body would start others too). Candidates first, then one
    // pass counts where their words start lines.
    let headings: Vec<(&Key, Option<u64>)> = keys
        .values()
        .filter(|key| key.lines <= 2 * key.openings)
        .map(|key| {
            let word = first_word(texts.get(key.at[0] as usize + 1)).filter(|&word| {
                key.at
                    .iter()
                    .all(|&i| first_word(texts.get(i as usize + 1)) == Some(word))
            });
            (key, word.map(xxh3_64))
        })
        .collect();
    let mut caption_starts: HashMap<u64, u32, PreHashed> = headings
        .iter()
        .filter_map(|&(_, word)| Some((word?, 0)))
        .collect();
    if !caption_starts.is_empty() {
        for i in 0..n {
            if let Some(word) = first_word(texts.get(i)) {
                if let Some(count) = caption_starts.get_mut(&xxh3_64(word)) {
                    *count += 1;
                }
            }
        }
    }
    let mut marked = 0usize;
    for (key, caption) in headings {
        let captioned = caption
            .and_then(|word| caption_starts.get(&word))
            .is_some_and(|&count| count as usize == key.at.len());
        let captions = key.at.iter().filter(|_| captioned).map(|&i| i + 1);
        for i in key.at.iter().copied().chain(captions) {
            let f = &mut flags[i as usize];
            if f.rank() > Rank::High && !f.has(DUPLICATE) {
                f.set_rank(Rank::High);
                marked += 1;
            }
        }
    }
    marked
}

/// A line kept inside a multi-line record is read with the line that names the record: `Access:
/// (0640/-rw-r-----)` says nothing without the `File: /etc/shadow` that opens its record.
/// Records open with a line of the output's first line's first word (`File:`, `commit`,
/// `Package:`) when that word opens at least three of them, the first two within
/// [`MAX_RECORD_LINES`] lines. The opener of every record holding a line ranked high (unlike
/// its look-alikes, a query hit, a changed line) or chosen as a minority (`chosen`: the
/// lines the budget keeps first, whatever their rank) ranks high too, and a short record (at
/// most [`SHORT_RECORD_LINES`] lines, as `stat` or `apt-cache show` print them) ranks high
/// whole. A record line of rare shape that starts with a field most records have is unlike
/// them, and ranks high. Returns how many lines it ranked; at most about
/// [`MAX_RECORD_CONTEXT_LINES`].
///
/// A chosen minority's record goes into `chosen` itself, right after it: the budget keeps that
/// list first, and a record ranked high among hundreds would wait for its turn by position.
pub(super) fn mark_record_context(
    texts: &LineTexts<'_>,
    chosen: &mut Vec<u32>,
    flags: &mut [LineFlags],
) -> usize {
    let n = flags.len();
    let Some(first) = (0..n.min(HEAD_LINES)).find(|&i| !is_blank(texts.get(i))) else {
        return 0;
    };
    let Some(word) = first_word(texts.get(first)) else {
        return 0;
    };
    let opens = |i: usize| {
        let line = texts.get(i);
        if line.len() > MAX_HEADING_BYTES {
            return false;
        }
        let t = line.trim_ascii_start();
        // Every line is asked: its first byte settles most without comparing the whole word.
        t.first() == word.first()
            && t.starts_with(word)
            && matches!(t.get(word.len()), None | Some(b' ' | b'\t'))
    };
    // Records span lines: when most of the first lines open one, this is a log of look-alike
    // lines, and the rest is not read.
    let probe = n.min(first + PROBE_LINES);
    if (first..probe).filter(|&i| opens(i)).count() * 2 > probe - first {
        return 0;
    }
    let openers: Vec<usize> = (first..n).filter(|&i| opens(i)).collect();
    if openers.len() < 3 || openers[1] - openers[0] > MAX_RECORD_LINES {
        return 0;
    }
    // Fields: the first words that start lines inside records, counted once per record. A
    // field most records have, on a line whose shape is rare, holds a value unlike the other
    // records' (`Access: (0640/-rw-r-----)` among `(0644/-rw-r--r--)`).
    let mut fields: HashMap<u64, u32, PreHashed> = HashMap::default();
    let mut seen: Vec<u64> = Vec::new();
    for (k, &start) in openers.iter().enumerate() {
        let end = openers.get(k + 1).copied().unwrap_or(n);
        seen.clear();
        for i in start + 1..end.min(start + 1 + MAX_RECORD_LINES) {
            if let Some(word) = first_word(texts.get(i)) {
                let key = xxh3_64(word);
                if !seen.contains(&key) {
                    seen.push(key);
                    *fields.entry(key).or_default() += 1;
                }
            }
        }
    }
    let common = |line: &[u8]| {
        first_word(line)
            .and_then(|word| fields.get(&xxh3_64(word)))
            .is_some_and(|&count| count as usize * 2 >= openers.len())
    };
    // Only a few records can be unlike the rest: when many hold such lines, rare shapes are
    // how this output prints its values (widths, names), and none of them stands out.
    let unlike: Vec<usize> = openers
        .first()
        .map_or(0..0, |&start| start + 1..n)
        .filter(|&i| {
            flags[i].rank() == Rank::Rare && !flags[i].has(DUPLICATE) && common(texts.get(i))
        })
        .take(MAX_UNLIKE_RECORDS + 1)
        .collect();
    let mut marked = 0usize;
    if unlike.len() <= MAX_UNLIKE_RECORDS.min(openers.len() / 10) {
        for &i in &unlike {
            flags[i].set_rank(Rank::High);
            marked += 1;
        }
    }
    let mut sorted = chosen.clone();
    sorted.sort_unstable();
    // The lines read with each chosen minority, by the minority's line.
    let mut with_chosen: HashMap<u32, std::ops::Range<usize>, PreHashed> = HashMap::default();
    for (k, &start) in openers.iter().enumerate() {
        if marked >= MAX_RECORD_CONTEXT_LINES {
            break;
        }
        let end = openers.get(k + 1).copied().unwrap_or(n);
        let first_chosen = sorted.partition_point(|&c| (c as usize) <= start);
        let chosen_inside = sorted
            .get(first_chosen)
            .copied()
            .filter(|&c| (c as usize) < end);
        let kept_inside = chosen_inside.is_some()
            || (start + 1..end).any(|i| flags[i].rank() <= Rank::High && !flags[i].has(DUPLICATE));
        if !kept_inside {
            continue;
        }
        let lines = if end - start <= SHORT_RECORD_LINES {
            start..end
        } else {
            start..start + 1
        };
        if let Some(c) = chosen_inside {
            with_chosen.insert(c, lines.clone());
        }
        for i in lines {
            if flags[i].rank() > Rank::High && !flags[i].has(DUPLICATE) {
                flags[i].set_rank(Rank::High);
                marked += 1;
            }
        }
    }
    if !with_chosen.is_empty() {
        let mut ordered: Vec<u32> = Vec::with_capacity(chosen.len() + with_chosen.len() * 8);
        for &c in chosen.iter() {
            ordered.push(c);
            if let Some(lines) = with_chosen.get(&c) {
                ordered.extend(lines.clone().map(|i| i as u32).filter(|&i| i != c));
            }
        }
        *chosen = ordered;
    }
    marked
}

/// Most ancestor lines [`add_ancestors`] adds in all.
const ANCESTOR_LINES_TOTAL: usize = 32;

/// Puts the ancestors of each `chosen` line (a minority or a maximum the budget keeps first)
/// into `chosen` right after it, and ranks them high, as it ranks those of the other `ranked`
/// lines (extremes ranked as rare lines; see `line_kinds::ancestors`). A tool that reports
/// per item prints the item's name and its figures indented under it (`bzip2 -vvv`'s file over
/// its ratio, `vermin`'s `!2, 3.10  path` over the finding that decides it), and the name line
/// has every other item's shape: the value unlike the others says nothing without it. At most
/// [`ANCESTOR_LINES_TOTAL`] lines in all; returns how many it added.
pub(super) fn add_ancestors(
    texts: &LineTexts<'_>,
    chosen: &mut Vec<u32>,
    ranked: &[u32],
    flags: &mut [LineFlags],
) -> usize {
    let mut added = 0usize;
    let mut ordered: Vec<u32> = Vec::with_capacity(chosen.len());
    let mut taken: Vec<u32> = chosen.clone();
    taken.sort_unstable();
    let in_chosen = chosen.len();
    let others = ranked.iter().filter(|i| taken.binary_search(i).is_err());
    let lines: Vec<u32> = chosen.iter().chain(others).copied().collect();
    for (k, &c) in lines.iter().enumerate() {
        let is_chosen = k < in_chosen;
        if is_chosen {
            ordered.push(c);
        }
        for j in ancestors(texts, c as usize) {
            if added == ANCESTOR_LINES_TOTAL {
                break;
            }
            let at = taken.partition_point(|&t| t < j as u32);
            if taken.get(at) == Some(&(j as u32)) {
                continue;
            }
            taken.insert(at, j as u32);
            if is_chosen {
                ordered.push(j as u32);
            }
            added += 1;
            if flags[j].rank() > Rank::High {
                flags[j].set_rank(Rank::High);
            }
        }
    }
    if ordered.len() > in_chosen {
        *chosen = ordered;
    }
    added
}
