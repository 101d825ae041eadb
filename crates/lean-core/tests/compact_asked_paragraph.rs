//! An entry of a list of short blank-separated records is asked about, and the answer (who
//! submitted it, what else is listed with it) is its record's other lines. A public suffix list
//! asked "is github.io a public suffix, and who submitted it" kept `github.io` and the line
//! before it, not the `// GitHub, Inc.` comment heading its paragraph.
//!
//! Property over generated lists of 200 to 2,000 paragraphs, each a comment naming its owner,
//! one naming who submitted it, and 1 to 6 entries (domain-like names), the question naming
//! one entry: the asked entry's whole paragraph stands in the view in a row, whether the
//! output is a command's (compacted whole) or a read (past Pi's cut, where only what the
//! question names is added to it).
//!
//! Cases come from fixed seeds (`ASKED_PARAGRAPH_CASES`, default 300).

mod support;
use support::{asked_view_of, keeps_block, read_as_shown, Rng, NOUNS, VERBS};

/// The list, the asked entry and its paragraph.
fn list(rng: &mut Rng) -> (String, String, String) {
    let count = rng.range(200, 2_000) as usize;
    let asked = rng.below(count as u64) as usize;
    let tlds = ["io", "dev", "app", "net", "cloud", "page"];
    let mut text = String::from("// ===BEGIN PRIVATE DOMAINS===\n\n");
    let (mut entry, mut block) = (String::new(), String::new());
    for k in 0..count {
        let owner = format!(
            "{}{} {}",
            rng.pick(NOUNS),
            k,
            rng.pick(&["Inc.", "Ltd", "GmbH", "LLC"])
        );
        let mut lines = vec![
            format!("// {owner}"),
            format!(
                "// Submitted by {} {} <{}@{}.example>",
                rng.pick(VERBS),
                rng.pick(NOUNS),
                rng.pick(VERBS),
                rng.pick(NOUNS)
            ),
        ];
        let entries = rng.range(1, 7) as usize;
        let which = rng.below(entries as u64) as usize;
        for e in 0..entries {
            let name = format!(
                "{}{}{}.{}",
                rng.pick(NOUNS),
                k,
                rng.pick(VERBS),
                rng.pick(&tlds)
            );
            if k == asked && e == which {
                entry = name.clone();
            }
            lines.push(name);
        }
        let paragraph = lines.join("\n");
        if k == asked {
            block = paragraph.clone();
        }
        text.push_str(&paragraph);
        text.push_str("\n\n");
    }
    text.push_str("// ===END PRIVATE DOMAINS===\n");
    (text, entry, block)
}

#[test]
fn the_asked_entry_keeps_its_paragraph() {
    let cases = support::cases("ASKED_PARAGRAPH_CASES", 300);
    support::check_seeds(cases, 0x9a7a_0000, |seed| {
        let mut rng = Rng::new(seed);
        let (text, entry, block) = list(&mut rng);
        let question = format!("Is {entry} listed who submitted");
        let view = asked_view_of(&text, "cat suffixes.dat", &question).unwrap_or(text.clone());
        keeps_block(&view, &block).map_err(|e| format!("command: {e}"))?;
        let shown = read_as_shown(&text, "lists/suffixes.dat", Some(&question));
        keeps_block(&shown, &block).map_err(|e| format!("read: {e}"))
    });
}
