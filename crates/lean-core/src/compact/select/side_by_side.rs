//! A side-by-side comparison (`sdiff`, `diff -y`): each line prints the left file's line, a
//! gutter, and the right file's. A line the two files share prints the same text twice; a
//! changed line has `|` in the gutter, a line only one file has `<` or `>`. Those marked lines
//! are what the comparison is run for, as a unified diff's `+`/`-` lines are, and no other mark
//! says so: a fold of the mirrored lines around them, by shape, would hide them among their
//! look-alikes. They rank as must lines.
//!
//! The layout is read from the lines, whatever the command: the gutter is the visual column
//! (tabs expanded to 8) where most marks stand, and the output is a comparison only when most
//! of its other lines mirror themselves across that column. Each line's first
//! [`MAX_SCANNED_COLUMNS`] bytes are searched for marks once, and only an output whose first
//! [`SAMPLE_LINES`] lines mostly print their text twice is read at all.

use super::flags::{LineFlags, Rank};
use super::line_kinds::is_blank;
use super::line_texts::LineTexts;

/// Columns of a line read for its gutter: `sdiff` prints 130 by default, `-w` rarely more.
const MAX_SCANNED_COLUMNS: usize = 512;
/// Fewest lines a comparison has that mirror themselves (fewer say nothing of the layout).
const MIN_MIRRORED: usize = 8;
/// Bytes of each half compared to tell a mirrored line.
const MIRROR_PREFIX: usize = 16;
/// First lines read to tell a comparison: most of them print their text twice.
const SAMPLE_LINES: usize = 64;
/// Fewest bytes of a line's opening text that count as printed again.
const MIN_REPEATED_START: usize = 4;

/// The visual column of the first gutter mark of `line`, within [`MAX_SCANNED_COLUMNS`]
/// columns. A mark is `|`, `<` or `>` with blank space before it and a blank or the line's end
/// after it; only `>` may open a line (a line the right file alone has, its left half blank).
fn gutter_mark(line: &[u8]) -> Option<usize> {
    // A byte's visual column is at least its offset: the first columns lie in as many bytes.
    let scanned = &line[..line.len().min(MAX_SCANNED_COLUMNS)];
    let at = memchr::memchr3_iter(b'|', b'<', b'>', scanned).find(|&at| {
        let before = if at == 0 {
            line[at] == b'>'
        } else {
            matches!(line[at - 1], b' ' | b'\t')
        };
        before && line.get(at + 1).is_none_or(|&c| matches!(c, b' ' | b'\t'))
    })?;
    let column = visual_column(&line[..at]);
    (column < MAX_SCANNED_COLUMNS).then_some(column)
}

/// The visual column after byte `b` printed at `column`: a tab stops every 8 columns.
fn next_column(column: usize, b: u8) -> usize {
    if b == b'\t' {
        (column / 8 + 1) * 8
    } else {
        column + 1
    }
}

/// The visual column `text` ends at.
fn visual_column(text: &[u8]) -> usize {
    text.iter().fold(0, |column, &b| next_column(column, b))
}

/// The byte offset in `line` where visual column `gutter` starts (its length when shorter).
fn offset_of_column(line: &[u8], gutter: usize) -> usize {
    let mut column = 0usize;
    for (at, &b) in line.iter().enumerate() {
        if column >= gutter {
            return at;
        }
        column = next_column(column, b);
    }
    line.len()
}

/// Whether `line` prints the same text on both sides of column `gutter`.
fn mirrors(line: &[u8], gutter: usize) -> bool {
    let split = offset_of_column(line, gutter);
    let left = line[..split].trim_ascii();
    let right = line[split..].trim_ascii();
    let n = left.len().min(right.len()).min(MIRROR_PREFIX);
    n > 0 && left[..n] == right[..n]
}

/// Whether `line` prints its opening text again after a blank: a shared line of a comparison,
/// whatever its gutter.
fn repeats_its_start(line: &[u8]) -> bool {
    let text = line.trim_ascii_start();
    let start = text[..text.len().min(MIRROR_PREFIX)].trim_ascii_end();
    let from = line.len() - text.len() + start.len();
    start.len() >= MIN_REPEATED_START
        && memchr::memmem::find_iter(&line[from..], start)
            .any(|at| matches!(line[from + at - 1], b' ' | b'\t'))
}

/// Ranks the marked lines of a side-by-side comparison as must lines; returns how many.
pub(super) fn mark_side_by_side_changes(texts: &LineTexts<'_>, flags: &mut [LineFlags]) -> usize {
    let n = flags.len();
    // Most of a comparison's first lines print their text twice; any other output is left
    // after reading a few of its lines.
    let (mut sampled, mut repeated) = (0usize, 0usize);
    for line in (0..n).map(|i| texts.get(i)).filter(|line| !is_blank(line)) {
        if sampled == SAMPLE_LINES {
            break;
        }
        sampled += 1;
        repeated += usize::from(repeats_its_start(line));
    }
    if 2 * repeated < sampled {
        return 0;
    }
    // Each line's mark, then the gutter: the column most marks stand at.
    let marks: Vec<(usize, usize)> = (0..n)
        .filter_map(|i| gutter_mark(texts.get(i)).map(|column| (i, column)))
        .collect();
    let mut at_column = vec![0u32; MAX_SCANNED_COLUMNS];
    for &(_, column) in &marks {
        at_column[column] += 1;
    }
    let Some((gutter, _)) = at_column
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count > 0)
        .max_by_key(|&(column, count)| (*count, std::cmp::Reverse(column)))
    else {
        return 0;
    };
    let mut marked: Vec<usize> = Vec::new();
    let (mut mirrored, mut others) = (0usize, 0usize);
    let mut next_mark = marks.iter().peekable();
    for i in 0..n {
        let line = texts.get(i);
        let column = next_mark
            .next_if(|&&(at, _)| at == i)
            .map(|&(_, column)| column);
        if is_blank(line) {
            continue;
        }
        if column == Some(gutter) {
            marked.push(i);
        } else if mirrors(line, gutter) {
            mirrored += 1;
        } else {
            others += 1;
        }
    }
    // A comparison: most unmarked lines mirror themselves, and the marks are the few.
    if mirrored < MIN_MIRRORED || mirrored < 4 * others || marked.len() > mirrored {
        return 0;
    }
    let mut ranked = 0usize;
    for i in marked {
        if flags[i].rank() > Rank::Must {
            flags[i].lower_rank(Rank::Must);
            ranked += 1;
        }
    }
    ranked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compact::lines::LineIndex;

    fn ranked(text: &str) -> Vec<usize> {
        let index = LineIndex::new(text.as_bytes(), usize::MAX);
        let texts = LineTexts::of(text.as_bytes(), &index, None);
        let mut flags = vec![LineFlags::INITIAL; index.len()];
        mark_side_by_side_changes(&texts, &mut flags);
        (0..flags.len())
            .filter(|&i| flags[i].rank() == Rank::Must)
            .collect()
    }

    #[test]
    fn marks_in_the_gutter_of_a_comparison_are_must_lines() {
        let mut text = String::new();
        for k in 0..20 {
            let left = format!("setting_{k} = {k}");
            text.push_str(&format!("{left:<40}\t{left}\n"));
        }
        text.push_str(&format!(
            "{:<40}\t|\t{}\n",
            "timezone = 'GMT'", "timezone = 'UTC'"
        ));
        text.push_str(&format!("{:<40}\t<\n", "only_left = 1"));
        text.push_str(&format!("{:<40}\t>\t{}\n", "", "only_right = 2"));
        assert_eq!(ranked(&text), vec![20, 21, 22]);
    }

    #[test]
    fn a_table_with_pipes_is_no_comparison() {
        let mut text = String::new();
        for k in 0..30 {
            text.push_str(&format!(" name_{k:<10} | value {k:<6} | other {}\n", k * 7));
        }
        assert!(ranked(&text).is_empty());
    }
}
