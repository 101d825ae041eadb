//! A percentage the question names (`which findings have 100% confidence?`) points at the lines
//! that print it, as a property over generated linter reports: hundreds of findings of a few
//! kinds (unused variable, unused import, unreachable code, …) at 60% or 90% confidence, with
//! a few at the asked percentage. For each kind, the first finding at the asked percentage is
//! in the view verbatim, and no line at another percentage that holds the asked one's digits
//! (`100%` in `1100%`, `50%` in `150%`) counts as a hit.
//!
//! Cases come from a fixed seed (`QUERY_PERCENTAGE_CASES`, default 300).

mod support;
use support::{asked_view_of, cases, check_seeds, keeps_lines, Rng};

const KINDS: &[&str] = &[
    "unused variable",
    "unused import",
    "unused method",
    "unused attribute",
    "unreachable code after 'raise'",
    "unused class",
];
const NAMES: &[&str] = &[
    "keep_going",
    "objectname",
    "parent",
    "doctrees",
    "owner",
    "sentence",
    "reporter",
    "docname",
];
const DIRS: &[&str] = &[
    "pkg/domains",
    "pkg/util",
    "pkg/ext/napoleon",
    "pkg/writers",
    "pkg/search",
];

fn check(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let asked = ["100%", "50%", "75%"][rng.below(3) as usize];
    let count = rng.range(400, 1_500) as usize;
    let mut lines = Vec::new();
    let mut first_of_kind: Vec<Option<String>> = vec![None; KINDS.len()];
    for k in 0..count {
        let kind = rng.below(KINDS.len() as u64) as usize;
        let percent = if rng.below(40) == 0 {
            asked.to_string()
        } else {
            ["60%", "90%", "150%", "1100%"][rng.below(4) as usize].to_string()
        };
        let line = format!(
            "{}/{}_{}.py:{}: {} '{}' ({percent} confidence)",
            rng.pick(DIRS),
            rng.pick(NAMES),
            k % 97,
            rng.range(1, 4000),
            KINDS[kind],
            rng.pick(NAMES)
        );
        if percent == asked && first_of_kind[kind].is_none() {
            first_of_kind[kind] = Some(line.clone());
        }
        lines.push(line);
    }
    let wanted: Vec<String> = first_of_kind.into_iter().flatten().collect();
    let input = lines.join("\n") + "\n";
    let query = format!("{asked} Which findings report confidence");
    let Some(view) = asked_view_of(&input, "vulture pkg/", &query) else {
        return Ok(());
    };
    keeps_lines(&view, &wanted).map_err(|e| format!("{count} findings, asked {asked}: {e}"))
}

#[test]
fn the_first_finding_of_each_kind_at_an_asked_percentage_is_shown() {
    check_seeds(cases("QUERY_PERCENTAGE_CASES", 300), 0x9c7_0000, check);
}
