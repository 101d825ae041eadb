//! A record written as a line that names it and unindented lines that continue it is asked
//! about by its name, and the answer is the lines that follow. A zic file asked for
//! "`Asia/Kolkata`'s offsets over time" kept the `Z Asia/Kolkata …` line and two lines of its
//! rules, and lost the other five before the next `Z` line.
//!
//! Property over generated outputs of 150 to 2,500 records, each a line opening it (one
//! opening word for all, as `Z`, `Zone`, `==`) with a name, then 1 to 10 lines continuing it
//! whose first words are shaped otherwise (offsets, instruction numbers, dashes), with other
//! kinds of records and blank lines between some: the question names one record, and its
//! opening line with every line continuing it stands in the view in a row, whether the
//! output is a command's (compacted whole) or a read (past Pi's cut, where only what the
//! question names is added to it).
//!
//! Cases come from fixed seeds (`ASKED_RECORD_REST_CASES`, default 300).

mod support;
use support::{asked_view_of, keeps_block, read_as_shown, Rng, NOUNS, VERBS};

/// A line continuing a record, its first word shaped unlike any record's opening word.
fn continuation(rng: &mut Rng, style: u64) -> String {
    match style {
        0 => format!(
            "{}:{:02}:{:02} - {} {}",
            rng.range(1, 12),
            rng.below(60),
            rng.below(60),
            rng.pick(&["LMT", "IST", "HMT", "MMT", "%z"]),
            rng.range(1850, 2030)
        ),
        1 => format!(
            "{:04} {}_{}{:>24}",
            rng.below(10_000),
            rng.pick(VERBS),
            rng.pick(NOUNS),
            format!("<is:{}>", rng.below(9))
        ),
        _ => format!(
            "-- {} {} {}",
            rng.pick(NOUNS),
            rng.pick(VERBS),
            rng.range(1, 99_999)
        ),
    }
}

/// The output, the asked record's name and its block (opening line and continuation).
fn records(rng: &mut Rng) -> (String, String, String) {
    let opener = rng.pick(&["Z", "Zone", "==", "Rule:"]);
    let other = if opener == "R" { "L" } else { "R" };
    let style = rng.below(3);
    let count = rng.range(150, 2_500) as usize;
    let asked = rng.below(count as u64) as usize;
    let blanks = rng.below(2) == 0;
    let mut text = String::new();
    let (mut name, mut block) = (String::new(), String::new());
    for k in 0..count {
        // Other kinds of records between these: a line each, opened by another word.
        for _ in 0..rng.below(3) {
            text.push_str(&format!(
                "{other} {} {} {}\n",
                rng.pick(NOUNS),
                rng.range(1900, 2030),
                rng.pick(VERBS)
            ));
        }
        let own = format!("{}/{}_{k:05}", rng.pick(NOUNS), rng.pick(NOUNS));
        let mut lines = vec![format!(
            "{opener} {own} {}:{:02} - {} {}",
            rng.range(1, 12),
            rng.below(60),
            rng.pick(&["LMT", "EST", "CET"]),
            rng.range(1850, 1900)
        )];
        for _ in 0..rng.range(1, 11) {
            lines.push(continuation(rng, style));
        }
        let record = lines.join("\n");
        if k == asked {
            name = own;
            block = record.clone();
        }
        text.push_str(&record);
        text.push('\n');
        if blanks && rng.below(4) == 0 {
            text.push('\n');
        }
    }
    (text, name, block)
}

#[test]
fn the_asked_record_keeps_every_line_continuing_it() {
    let cases = support::cases("ASKED_RECORD_REST_CASES", 300);
    support::check_seeds(cases, 0x2e57_0f00, |seed| {
        let mut rng = Rng::new(seed);
        let (text, name, block) = records(&mut rng);
        let question = format!("{name} offsets over time");
        let view = asked_view_of(&text, "zdump --records", &question).unwrap_or(text.clone());
        keeps_block(&view, &block).map_err(|e| format!("command: {e}"))?;
        let shown = read_as_shown(&text, "tz/records.zi", Some(&question));
        keeps_block(&shown, &block).map_err(|e| format!("read: {e}"))
    });
}
