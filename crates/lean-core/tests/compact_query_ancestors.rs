//! An asked line deep in a structure is shown under the lines it belongs to: the nearest line
//! above it indented less, that line's own, and so on to the margin. "Which upload fixed
//! CVE-2008-4865" finds `This fixes CVE-2008-4865` three levels into a Debian changelog; the
//! answer is the entry's `valgrind (1:3.3.1-3) unstable; urgency=low` above it.
//!
//! Property over generated changelogs of 200 to 500 entries (a header at the margin, items
//! `  * file:` with `    - change` lines that wrap deeper), one change naming an identifier
//! no other line has: asked about that identifier, the view keeps its line, the item and
//! change lines above it and its entry's header.
//!
//! Cases come from fixed seeds (`ANCESTOR_CASES`, default 300).

mod support;
use support::{Rng, NOUNS, VERBS};

fn changelog(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(200, 500) as usize;
    let asked = rng.below(count as u64) as usize;
    let id = format!("CVE-20{:02}-{}", rng.range(5, 25), rng.range(1000, 9999));
    let mut lines = Vec::new();
    let mut wanted = Vec::new();
    for k in 0..count {
        let header = format!(
            "pkg (1:{}.{}-{}) unstable; urgency=low",
            count - k,
            rng.below(9),
            rng.range(1, 5)
        );
        lines.push(header.clone());
        lines.push(String::new());
        let items = rng.range(1, 5);
        let needle_item = rng.below(items);
        for item in 0..items {
            let file = format!(
                "  * debian/patches/{:02}_{}.patch:",
                rng.below(40),
                rng.pick(NOUNS)
            );
            lines.push(file.clone());
            let change = format!(
                "    - {} the {} so {} reads the {} only when",
                rng.pick(VERBS),
                rng.pick(NOUNS),
                rng.pick(NOUNS),
                rng.pick(NOUNS)
            );
            lines.push(change.clone());
            if k == asked && item == needle_item {
                let line = format!(
                    "      asked by the owner. This fixes {id} (Closes: #{})",
                    rng.range(100_000, 999_999)
                );
                lines.push(line.clone());
                wanted = vec![header.clone(), file, change, line];
            } else {
                lines.push(format!(
                    "      {} by the {}. (Closes: #{})",
                    rng.pick(VERBS),
                    rng.pick(NOUNS),
                    rng.range(100_000, 999_999)
                ));
            }
        }
        lines.push(String::new());
        lines.push(format!(
            " -- Maintainer <m@example.org>  Wed, 0{} Dec 2008 16:42:11 +0000",
            rng.range(1, 9)
        ));
        lines.push(String::new());
    }
    let query = format!("{id} Which upload fixed");
    (lines.join("\n"), query, wanted)
}

#[test]
fn an_asked_line_is_shown_under_its_ancestors() {
    let cases = support::cases("ANCESTOR_CASES", 300);
    support::check_seeds(cases, 0xa1c_0000, |seed| {
        let (text, query, wanted) = changelog(seed);
        let view = support::read_as_shown(&text, "debian/changelog.Debian", Some(&query));
        support::keeps_lines(&view, &wanted)
    });
}
