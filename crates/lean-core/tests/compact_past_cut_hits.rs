//! A read shortened to show what a question names past Pi's cut still shows, within the cut,
//! every line that holds a name the question asks about, with the lines after it. The docs
//! of an API name `registerWidget` in an example near the top (the answer Pi's cut gives) and
//! in a reference section past the cut; making room for the reference's entries must not
//! fold the example.
//!
//! Property over generated Markdown reads of 2,500 to 4,000 lines: the asked name in one to
//! three indented examples near the end of Pi's cut (each followed by four field lines), in
//! three to
//! six entries of 14 fields at the margin past it, and in a dozen or more sentences past it. The view keeps each example with its four field lines,
//! or is Pi's cut itself.
//!
//! Cases come from fixed seeds (`PAST_CUT_HIT_CASES`, default 300).

mod support;
use support::{read_view, Rng, NOUNS, VERBS};

fn prose(rng: &mut Rng) -> String {
    let words = rng.range(8, 16);
    let mut out: Vec<&str> = Vec::new();
    for _ in 0..words {
        let list = if rng.below(2) == 0 { VERBS } else { NOUNS };
        out.push(rng.pick(list));
    }
    out.join(" ")
}

fn document(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let n = rng.range(2500, 4000) as usize;
    // Examples in the last tenth of Pi's 50 KB cut, where a cut shortened to make room for
    // lines past it is shortened first.
    let mut at: Vec<usize> = (0..rng.range(1, 4))
        .map(|_| rng.range(44_000, 49_000) as usize)
        .collect();
    at.sort_unstable();
    let entries: Vec<usize> = (0..rng.range(3, 7))
        .map(|_| rng.range(2000, n as u64 - 40) as usize)
        .collect();
    let mut lines = vec!["# Widgets".to_string(), String::new()];
    let mut bytes = 0usize;
    let mut wanted = Vec::new();
    while lines.len() < n {
        let k = lines.len();
        if at.first().is_some_and(|&b| bytes >= b) {
            at.remove(0);
            let block = vec![
                "  registerWidget({".to_string(),
                format!("    name: \"{}\",", rng.pick(NOUNS)),
                format!("    label: \"{}\",", rng.pick(VERBS)),
                format!("    description: \"{}\",", prose(&mut rng)),
                format!("    size: {},", rng.below(100)),
            ];
            wanted.push(block.join("\n"));
            bytes += block.iter().map(|l| l.len() + 1).sum::<usize>();
            lines.extend(block);
            lines.push("  });".into());
        } else if entries.contains(&k) {
            lines.push("registerWidget({".into());
            for _ in 0..14 {
                lines.push(format!("  {}: \"{}\",", rng.pick(NOUNS), prose(&mut rng)));
            }
            lines.push("});".into());
        } else if k > 2000 && rng.below(100) == 0 {
            lines.push(format!("Call `registerWidget()` to {}.", prose(&mut rng)));
        } else if k % 7 == 0 {
            lines.push(String::new());
        } else {
            lines.push(prose(&mut rng));
        }
        bytes += lines.last().map_or(0, |l| l.len() + 1);
    }
    (lines.join("\n"), wanted)
}

#[test]
fn asked_lines_within_the_cut_stay_when_the_cut_is_shortened() {
    let cases = support::cases("PAST_CUT_HIT_CASES", 300);
    support::check_seeds(cases, 0x8d3_0000, |seed| {
        let (text, wanted) = document(seed);
        let query = "How does an extension call registerWidget and its fields";
        let Some(view) = read_view(&text, "docs/widgets.md", Some(query)) else {
            return Ok(());
        };
        let cut = lean_core::compact::pi_cut_bytes(text.as_bytes(), true);
        if view.as_bytes() == &text.as_bytes()[..cut] {
            return Ok(());
        }
        wanted
            .iter()
            .try_for_each(|block| support::keeps_block(&view, block))
    });
}
