//! A read past Pi's cut shows Pi's cut, shortened to make room for what the question names
//! past it, and each line the question names within the cut keeps the lines after it (its
//! context). When the question names many lines within the cut, their contexts merged into
//! one run the size of the cut, the view gave up, and the model saw Pi's cut without the line
//! past it that the question named too.
//!
//! Property over generated data files of 3,000 to 5,000 lines of 36 to 48 bytes, where the
//! question lists names each on 5 to 7 lines within the cut and one name on a line past it:
//! that line is shown.
//!
//! Cases come from fixed seeds (`PAST_CUT_CROWDED_HEAD_CASES`, default 300).

mod support;
use support::{keeps_lines, read_as_shown, Rng, NOUNS, VERBS};

/// The file, the question and the asked line past the cut.
fn file(rng: &mut Rng, seed: u64) -> (String, String, String) {
    let count = rng.range(3_000, 5_000) as usize;
    let names: Vec<String> = (0..rng.range(5, 8))
        .map(|k| format!("{}Unit{}x{k}", rng.pick(NOUNS), seed % 9_973))
        .collect();
    // Each listed name on a few lines within the cut (its first 1,000 lines), one line each.
    let mut at: Vec<(usize, usize)> = Vec::new();
    for (k, _) in names.iter().enumerate() {
        for _ in 0..rng.range(5, 8) {
            at.push((rng.range(5, 1_000) as usize, k));
        }
    }
    at.sort_unstable();
    at.dedup_by_key(|(line, _)| *line);
    let past = rng.range(2_500, count as u64 - 10) as usize;
    let asked = format!(
        "{}Tail{}: {}",
        rng.pick(NOUNS),
        seed % 9_973,
        rng.pick(VERBS)
    );
    let mut text = String::new();
    let mut next = at.iter().peekable();
    for i in 0..count {
        let pad = rng.range(36, 48) as usize;
        let line = match next.peek() {
            Some(&&(line, k)) if line == i => {
                next.next();
                format!("{}: {}", names[k], rng.pick(VERBS))
            }
            _ if i == past => asked.clone(),
            _ => format!("{} {} {i}", rng.pick(NOUNS), rng.pick(VERBS)),
        };
        text.push_str(&format!("{line:<pad$}|\n"));
    }
    let asked_line = text.lines().nth(past).unwrap_or_default().to_string();
    let name = asked.split(':').next().unwrap_or_default().to_string();
    (text, format!("{} {name}", names.join(" ")), asked_line)
}

#[test]
fn the_line_named_past_the_cut_is_shown_however_many_within_it() {
    let cases = support::cases("PAST_CUT_CROWDED_HEAD_CASES", 300);
    support::check_seeds(cases, 0x0c20_0000, |seed| {
        let mut rng = Rng::new(seed);
        let (text, question, asked) = file(&mut rng, seed);
        let shown = read_as_shown(&text, "data/units.dat", Some(&question));
        keeps_lines(&shown, &[asked])
    });
}
