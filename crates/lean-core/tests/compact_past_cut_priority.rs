//! A read past Pi's cut shows the lines the question names past it in half the cut. When they
//! do not all fit, the lines holding more of the question come first. A GraphQL schema asked
//! about `mergeable` and `MergeableState` filled that half with long lines naming one of them
//! early in the file, and lost `mergeable: MergeableState!`, the line naming both, near its end.
//!
//! Property over generated data files of 3,000 to 6,000 filler lines past which a name the
//! question asks for stands on 7 long lines (together more than half the cut) and, near the
//! end, on one line with the question's other name: that line is shown, whatever the long
//! lines' lengths and places.
//!
//! Cases come from fixed seeds (`PAST_CUT_PRIORITY_CASES`, default 300).

mod support;
use support::{keeps_lines, read_as_shown, Rng, NOUNS, VERBS};

/// The file, the question and the line naming both of its names.
fn file(rng: &mut Rng, seed: u64) -> (String, String, String) {
    let first = format!("{}Name{seed}", rng.pick(NOUNS));
    let second = format!("{}Kind{seed}", rng.pick(VERBS));
    let filler = rng.range(3_000, 6_000) as usize;
    let long_at: Vec<usize> = {
        let mut at: Vec<usize> = (0..7)
            .map(|_| rng.range(2_200, filler as u64 - 50) as usize)
            .collect();
        at.sort_unstable();
        at
    };
    let mut text = String::new();
    let mut next = long_at.iter().peekable();
    for k in 0..filler {
        text.push_str(&format!("{} {} {k}\n", rng.pick(NOUNS), rng.pick(VERBS)));
        while next.peek() == Some(&&k) {
            next.next();
            let words: Vec<&str> = (0..rng.range(560, 620)).map(|_| rng.pick(VERBS)).collect();
            text.push_str(&format!("note {first}: {}\n", words.join(" ")));
        }
    }
    let needle = format!("  {}: {second}! # {first}", rng.pick(NOUNS));
    text.push_str(&format!("{needle}\n"));
    for k in 0..rng.range(1, 40) {
        text.push_str(&format!("{} tail {k}\n", rng.pick(NOUNS)));
    }
    (text, format!("{first} {second}"), needle)
}

#[test]
fn the_line_naming_more_of_the_question_is_shown_first() {
    let cases = support::cases("PAST_CUT_PRIORITY_CASES", 300);
    support::check_seeds(cases, 0x0c07_0000, |seed| {
        let mut rng = Rng::new(seed);
        let (text, question, needle) = file(&mut rng, seed);
        let shown = read_as_shown(&text, "schema/types.dat", Some(&question));
        keeps_lines(&shown, &[needle])
    });
}
