//! A search Pi would show whole is shown whole when no question says which hit matters. Each
//! hit of `rg`, `grep -rn`, `ack` or `ast-grep` is a fact of its own, and hits of one pattern
//! are look-alikes by construction (`throw new Error(…)` in every file): a fold keeps a few
//! and hides the one the model searched for.
//!
//! Property over generated search outputs of 34 to 50 KB (within Pi's 2,000-line / 50 KB
//! cut), in four styles, hits spread over many files: with no query, every hit line is in the
//! view verbatim (the output is left unchanged).
//!
//! Cases come from fixed seeds (`UNASKED_SEARCH_CASES`, default 300).

mod support;
use support::{view_of, Rng, NOUNS, VERBS};

const DIRS: &[&str] = &["src", "lib", "core", "classic", "mini", "tests", "util"];

/// A search output and its lines.
fn search(seed: u64) -> (String, &'static str) {
    let mut rng = Rng::new(seed);
    let style = seed % 4;
    let target = rng.range(34_000, 50_000) as usize;
    let mut text = String::new();
    let mut file = String::new();
    while text.len() < target {
        if file.is_empty() || rng.below(4) == 0 {
            file = format!(
                "{}/{}/{}.ts",
                rng.pick(DIRS),
                rng.pick(NOUNS),
                rng.pick(VERBS)
            );
            if style == 3 {
                text.push_str(&format!("{file}\n"));
            }
        }
        let line = rng.range(1, 2000);
        let message = format!(
            "{} {} is not {}",
            rng.pick(VERBS),
            rng.pick(NOUNS),
            rng.pick(&["supported", "allowed", "valid", "defined", "a number"])
        );
        let code = format!("    throw new Error(\"{message}\");");
        text.push_str(&match style {
            0 | 1 => format!("{file}:{line}:{code}\n"),
            2 => format!("{file}:{line}:{}:{code}\n", rng.range(1, 40)),
            _ => format!("{line}:{code}\n"),
        });
    }
    let command = [
        "rg -n 'throw new Error'",
        "grep -rn 'throw new Error' src",
        "ast-grep -p 'throw new Error($M)'",
        "ack 'throw new Error'",
    ];
    (text, command[style as usize])
}

#[test]
fn an_unasked_search_within_pi_cut_keeps_every_hit() {
    let cases = support::cases("UNASKED_SEARCH_CASES", 300);
    support::check_seeds(cases, 0x5ea2_0000, |seed| {
        let (text, command) = search(seed);
        let Some(view) = view_of(&text, command) else {
            return Ok(());
        };
        let wanted: Vec<String> = text.lines().map(str::to_string).collect();
        support::keeps_lines(&view, &wanted)
    });
}
