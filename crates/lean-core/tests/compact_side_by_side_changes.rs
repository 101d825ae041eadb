//! A side-by-side comparison shows its changed lines. `sdiff` of PostgreSQL's sample config
//! against the one initdb wrote marks 16 changed settings with `|` in its gutter; the view kept
//! 4 of them and folded the rest, `timezone = 'Etc/UTC'` among them, with their mirrored
//! look-alikes (every other line prints one setting twice).
//!
//! Property over generated comparisons of 100 to 1,500 config lines (settings with comments,
//! tabs inside, blank lines), laid out as `sdiff` does at a gutter column of 40 to 96: the
//! unchanged lines printed twice, 1 to 24 changed lines marked `|`, and a few lines only one
//! side has, marked `<` or `>`. Every marked line is a whole line of what the model is shown.
//!
//! Cases come from fixed seeds (`SIDE_BY_SIDE_CASES`, default 300).

mod support;
use support::{keeps_lines, view_of, Rng, NOUNS, VERBS};

/// The visual column `text` ends at, its tabs expanded to 8.
fn width(text: &str) -> usize {
    text.bytes().fold(0, |column, b| {
        if b == b'\t' {
            (column / 8 + 1) * 8
        } else {
            column + 1
        }
    })
}

/// `text` padded with tabs (and spaces for the last few columns) to visual column `column`.
fn pad_to(text: &str, column: usize, spaces_last: usize) -> String {
    let mut out = String::from(text);
    let mut at = width(text);
    let target = column - spaces_last;
    while (at / 8 + 1) * 8 <= target {
        out.push('\t');
        at = (at / 8 + 1) * 8;
    }
    while at < column {
        out.push(' ');
        at += 1;
    }
    out
}

fn setting(rng: &mut Rng, k: usize) -> String {
    let value = match rng.below(3) {
        0 => format!("{}", rng.below(1000)),
        1 => format!("'{}'", rng.pick(NOUNS)),
        _ => ["on", "off"][rng.below(2) as usize].to_string(),
    };
    let line = format!("#{}_{}_{k} = {value}", rng.pick(VERBS), rng.pick(NOUNS));
    if rng.below(2) == 0 {
        format!("{line}\t\t# {} the {}", rng.pick(VERBS), rng.pick(NOUNS))
    } else {
        line
    }
}

/// The comparison and its marked lines.
fn comparison(rng: &mut Rng) -> (String, Vec<String>) {
    let gutter = 8 * rng.range(5, 13) as usize;
    let lines = rng.range(100, 1_500) as usize;
    let changes = rng.range(1, 25) as usize;
    let changed: Vec<usize> = (0..changes)
        .map(|_| rng.below(lines as u64) as usize)
        .collect();
    let mut text = String::new();
    let mut marked = Vec::new();
    for k in 0..lines {
        let mut left = setting(rng, k);
        // The left half is cut short of the gutter, as sdiff cuts it.
        while width(&left) > gutter - 4 {
            left.pop();
        }
        if rng.below(12) == 0 {
            text.push('\n');
            continue;
        }
        let line = if changed.contains(&k) {
            let right = left.trim_start_matches('#').replace("= ", "= new_");
            match rng.below(6) {
                0 => format!("{}<", pad_to(&left, gutter, 3)),
                1 => format!("{}>\t{right}", pad_to("", gutter, 3)),
                _ => format!("{}|\t{right}", pad_to(&left, gutter, 3)),
            }
        } else {
            format!("{}{left}", pad_to(&left, gutter + 8, 0))
        };
        if changed.contains(&k) {
            marked.push(line.clone());
        }
        text.push_str(&line);
        text.push('\n');
    }
    (text, marked)
}

#[test]
fn every_marked_line_of_a_comparison_is_shown() {
    let cases = support::cases("SIDE_BY_SIDE_CASES", 300);
    support::check_seeds(cases, 0x05d1_ff00, |seed| {
        let mut rng = Rng::new(seed);
        let (text, marked) = comparison(&mut rng);
        let command = [
            "sdiff postgresql.conf.sample postgresql.conf",
            "diff -y a.ini b.ini",
        ][rng.below(2) as usize];
        let shown = view_of(&text, command).unwrap_or_else(|| {
            let cut = lean_core::compact::pi_cut_bytes(text.as_bytes(), false);
            text[text.len() - cut..].to_string()
        });
        keeps_lines(&shown, &marked)
    });
}
