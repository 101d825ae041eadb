//! A lint flood whose lines open with their rule code keeps one example of every kind. Some
//! linters print no severity word and no location before the code: `cfn-lint` writes
//! `W3045 'AccessControl' is a legacy property …` with the file and line on the next line. The
//! one rule that fires once among hundreds of findings of a few common rules is the news.
//!
//! Property over generated outputs well over the lossless threshold: 300 to 900 findings, each
//! a code line (`E1234 message`) and a location line, of a few common codes, with 1 to 6 rare
//! codes reported once each; every rare finding's code line is in the view verbatim. (Rows keyed
//! by ids of the same look, every id once, as a feature table prints them, are no flood: the
//! rule reads codes as kinds only when most of them recur.)
//!
//! Cases come from fixed seeds (`CODE_FIRST_CASES`, default 300).

mod support;
use support::{keeps_lines, view_of, Rng, NOUNS, VERBS};

/// A finding's message: a few words, some quoted.
fn message(rng: &mut Rng) -> String {
    let words: Vec<String> = (0..rng.range(3, 9))
        .map(|k| {
            if k % 3 == 1 {
                format!("'{}'", rng.pick(NOUNS))
            } else {
                rng.pick(VERBS).to_string()
            }
        })
        .collect();
    words.join(" ")
}

/// A lint flood and the code lines of its rare findings.
fn flood(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let common: Vec<String> = (0..rng.range(2, 6))
        .map(|_| {
            format!(
                "{}{}",
                ["E", "W", "I"][rng.below(3) as usize],
                rng.range(1000, 4999)
            )
        })
        .collect();
    let findings = rng.range(300, 900) as usize;
    let rare = rng.range(1, 7) as usize;
    let mut at: Vec<usize> = (0..rare)
        .map(|_| rng.range(5, findings as u64 - 5) as usize)
        .collect();
    at.sort_unstable();
    at.dedup();
    let mut lines = Vec::new();
    let mut wanted = Vec::new();
    for k in 0..findings {
        let code = if at.contains(&k) {
            format!("{}{}", ["E", "W"][rng.below(2) as usize], 5000 + k)
        } else {
            common[rng.below(common.len() as u64) as usize].clone()
        };
        let line = format!("{code} {}", message(&mut rng));
        if at.contains(&k) {
            wanted.push(line.clone());
        }
        lines.push(line);
        lines.push(format!(
            "test/fixtures/templates/bad/{}_{}.yaml:{}:{}",
            rng.pick(NOUNS),
            rng.pick(VERBS),
            rng.range(1, 400),
            rng.range(1, 30)
        ));
        lines.push(String::new());
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, wanted)
}

#[test]
fn every_rare_code_of_a_code_first_flood_is_kept() {
    let cases = support::cases("CODE_FIRST_CASES", 300);
    support::check_seeds(cases, 0x00c0_def1, |seed| {
        let (text, wanted) = flood(seed);
        let Some(view) = view_of(&text, "cfn-lint test/fixtures/templates/bad/*.yaml") else {
            return Err("an output over the threshold came back unchanged".into());
        };
        keeps_lines(&view, &wanted)
    });
}
