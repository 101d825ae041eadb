//! Of the lines a name heads, the least indented are its headings: `apt-cache rdepends` lists
//! `  libpq5` under each package that depends on it, and `libpq5`'s own entry is the line
//! `libpq5` at the margin, followed by its `Reverse Depends:`. The listed items made the name
//! head too many lines to be selective, and the entry asked about was folded.
//!
//! Property over generated reverse-dependency listings: three hundred or more entries, each a
//! package name at the margin, `Reverse Depends:` and 3 to 12 indented dependents; the asked
//! package is listed under 9 to 30 others. Asked which packages depend on it, the view keeps
//! its entry's first four lines.
//!
//! Cases come from fixed seeds (`HEADING_INDENT_CASES`, default 300).

mod support;
use support::{asked_view_of, Rng, NOUNS, VERBS};

fn listing(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(300, 600) as usize;
    let names: Vec<String> = (0..count)
        .map(|k| format!("lib{}{}{k}", rng.pick(VERBS), rng.pick(NOUNS)))
        .collect();
    let asked = rng.below(count as u64) as usize;
    let listed_under = rng.range(9, 31);
    let mut lines = Vec::new();
    let mut wanted = Vec::new();
    for (k, name) in names.iter().enumerate() {
        let mut entry = vec![name.clone(), "Reverse Depends:".to_string()];
        for _ in 0..rng.range(3, 13) {
            entry.push(format!("  {}", names[rng.below(count as u64) as usize]));
        }
        if k != asked && rng.below(count as u64) < listed_under {
            entry.push(format!("  {}", names[asked]));
        }
        if k == asked {
            wanted = entry[..4].to_vec();
        }
        lines.extend(entry);
    }
    let query = format!("{} Which installed packages depend directly", names[asked]);
    (lines.join("\n"), query, wanted)
}

#[test]
fn the_least_indented_lines_a_name_heads_are_its_headings() {
    let cases = support::cases("HEADING_INDENT_CASES", 300);
    support::check_seeds(cases, 0x7c2_0000, |seed| {
        let (text, query, wanted) = listing(seed);
        let Some(view) = asked_view_of(&text, "apt-cache rdepends --installed libssl3", &query)
        else {
            return Err("left whole: the case is too small to test the rule".into());
        };
        support::keeps_block(
            &view,
            &wanted.join(
                "
",
            ),
        )
    });
}
