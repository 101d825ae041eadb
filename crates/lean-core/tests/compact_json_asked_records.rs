//! A record of a JSON report that holds a value the question names is shown in full: asked
//! "which parse errors (`PRS`) does sqlfluff report, at which lines", the two violations coded
//! `PRS` among hundreds of layout ones are the answer, with their line and their message, not
//! the one-line form that keeps only what makes them unlike their siblings.
//!
//! Property over generated lint reports (one JSON line, as `sqlfluff lint -f json` writes
//! it): a few files, each with hundreds of violations of common codes, and one to three of a
//! rare code the question names. Every field of each rare violation (its line, position,
//! code and message) is in the view, whitespace aside.
//!
//! Cases come from fixed seeds (`ASKED_RECORD_CASES`, default 300).

mod support;
use support::{asked_view_of, Rng, NOUNS, VERBS};

const COMMON: &[&str] = &[
    "LT01", "LT02", "LT05", "CP01", "CP02", "AL01", "RF04", "ST06",
];
const RARE: &[&str] = &["PRS", "TMP", "ERR", "UNP"];

fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

fn report(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let rare = rng.pick(RARE);
    let files = rng.range(2, 5) as usize;
    let mut rare_left = rng.range(1, 4);
    let mut wanted = Vec::new();
    let mut out = Vec::new();
    for f in 0..files {
        let path = format!("{}--1.{f}.sql", rng.pick(NOUNS));
        let n = rng.range(40, 80) as usize;
        let mut violations = Vec::new();
        for k in 0..n {
            let line_no = 10 + k * 3 + rng.below(3) as usize;
            let pos = 1 + rng.below(60);
            let is_rare = rare_left > 0 && rng.below((n * (files - f)) as u64 / 2) == 0;
            let (code, description) = if is_rare {
                rare_left -= 1;
                (
                    rare,
                    format!(
                        "Line {line_no}, Position {pos}: Found unparsable section: 'CREATE {} {}_{} VALIDATOR {}_{};'. Expected: Nothing else in FileSegment.",
                        rng.pick(NOUNS).to_uppercase(),
                        rng.pick(VERBS),
                        rng.pick(NOUNS),
                        rng.pick(VERBS),
                        rng.pick(NOUNS)
                    ),
                )
            } else {
                (
                    rng.pick(COMMON),
                    format!(
                        "Expected single whitespace between {} and {}.",
                        rng.pick(NOUNS),
                        rng.pick(NOUNS)
                    ),
                )
            };
            let record = format!(
                "{{\"start_line_no\": {line_no}, \"start_line_pos\": {pos}, \"code\": \"{code}\", \"description\": \"{description}\", \"name\": \"{}.{}\", \"warning\": false, \"start_file_pos\": {}}}",
                rng.pick(NOUNS),
                rng.pick(VERBS),
                line_no * 40
            );
            if is_rare {
                wanted.push(squeeze(&format!("\"start_line_no\": {line_no}, \"start_line_pos\": {pos}, \"code\": \"{code}\", \"description\": \"{description}\"")));
            }
            violations.push(record);
        }
        out.push(format!(
            "{{\"filepath\": \"{path}\", \"violations\": [{}], \"statistics\": {{\"source_chars\": {}, \"segments\": {}}}}}",
            violations.join(", "),
            rng.range(1000, 9000),
            rng.range(100, 900)
        ));
    }
    let query = format!("Which parse errors {rare} does sqlfluff report which files lines");
    (format!("[{}]", out.join(", ")), query, wanted)
}

#[test]
fn a_record_holding_an_asked_value_is_shown_in_full() {
    let cases = support::cases("ASKED_RECORD_CASES", 300);
    support::check_seeds(cases, 0x4a5_0000, |seed| {
        let (text, query, wanted) = report(seed);
        let Some(view) = asked_view_of(&text, "sqlfluff lint -f json", &query) else {
            // A small report is shown as printed (principle 1), every record whole.
            if text.len() <= 32 * 1024 {
                return Ok(());
            }
            return Err("left whole: a large report came back unchanged".into());
        };
        if view.contains("[… columns ") {
            return Err("the skeleton did not fit: the case tests the long-line path".into());
        }
        let view = squeeze(&view);
        match wanted.iter().find(|w| !view.contains(w.as_str())) {
            Some(lost) => Err(format!("lost {lost:?}")),
            None => Ok(()),
        }
    });
}
