//! A warning flood whose headers name no rule code keeps one example of every kind of warning
//! it reports, as a property over generated floods. rustc's pedantic lints and gcc without
//! `-fdiagnostics-show-option` print only a message (`warning: redundant closure`), its location
//! on the next line or in front, and a quoted snippet of the source; the kind is the message.
//! Each case mixes a few common kinds (dozens of instances) with several kinds seen once, at
//! random places (late ones too), and quotes code full of words a keyword scan takes for
//! failures (`Err(Error::Failed(e))`, `panic!`, `assert!`, a path `src/error.rs`). Every kind's
//! first header must reach the view verbatim, with its location line when that is a line of
//! its own: a reader of the flood cannot infer a kind seen once from the rest.
//!
//! Before quoted source lost its keyword signals and warnings were ranked by instance, the
//! snippets' "errors" took the budget and late kinds were dropped. Cases come from a fixed seed
//! (`WARNING_KIND_CASES`, default 200).

use lean_core::compact::{compact, CompactOptions};

mod support;
use support::Rng;

const VERBS: &[&str] = &[
    "could", "should", "might", "must", "would", "may", "can", "will",
];
const ADJECTIVES: &[&str] = &[
    "redundant",
    "needless",
    "explicit",
    "implicit",
    "unnested",
    "unusual",
    "manual",
    "inefficient",
    "wildcard",
    "naive",
    "bitwise",
    "lossy",
    "shadowed",
    "unreadable",
];
const NOUNS: &[&str] = &[
    "closure",
    "lifetime",
    "pattern",
    "import",
    "cast",
    "borrow",
    "clone",
    "loop",
    "match",
    "binding",
    "conversion",
    "comparison",
    "operator",
    "allocation",
    "literal",
    "reference",
];
const ENDINGS: &[&str] = &[
    "be simplified",
    "be elided",
    "be written more clearly",
    "be avoided here",
    "be removed",
    "be replaced by a method call",
    "be nested",
    "be made explicit",
];
/// Source lines a snippet quotes: code, not verdicts.
const CODE: &[&str] = &[
    "return Err(Error::Failed(e));",
    "Signal::Error => errors.push(i as u32),",
    "panic!(\"unreachable state\");",
    "assert!(ok, \"fail fast\");",
    "if (error_count > 0) { fail(); }",
    "let total = warnings.len() + errors.len();",
    "Err(error) => return Err(error.into()),",
    "expect(\"could not open file\")",
];
const FILES: &[&str] = &[
    "src/error.rs",
    "src/compact/fail.rs",
    "src/lib.rs",
    "src/parse/tokens.rs",
    "src/io/panic_guard.rs",
];

/// A line of the program around a span: code like every other line of it, with its own names.
fn source_line(rng: &mut Rng) -> String {
    let name = format!("{}_{}", rng.pick(ADJECTIVES), rng.pick(NOUNS));
    let other = format!("{}{}", rng.pick(NOUNS), rng.pick(VERBS));
    match rng.below(4) {
        0 => format!("let {name} = {other}.get(index).ok_or(Error::Missing)?;"),
        1 => format!("if {name}.is_empty() {{ return Err(error_for({other})); }}"),
        2 => format!("{name}.push({other}.clone());"),
        _ => format!("fn {name}(&self, {other}: &str) -> Result<(), Error> {{"),
    }
}

/// A message of its own: a kind no other kind of the case shares.
fn message(rng: &mut Rng, taken: &mut Vec<String>) -> String {
    loop {
        let m = format!(
            "this {} {} {} {}",
            rng.pick(ADJECTIVES),
            rng.pick(NOUNS),
            rng.pick(VERBS),
            rng.pick(ENDINGS)
        );
        if !taken.contains(&m) {
            taken.push(m.clone());
            return m;
        }
    }
}

struct Case {
    text: String,
    /// For every kind: its first header, and its location line when that is a line of its own.
    firsts: Vec<(String, Option<String>)>,
}

fn generate(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let gcc = rng.below(3) == 0;
    let mut taken = Vec::new();
    let common: Vec<String> = (0..rng.range(2, 5))
        .map(|_| message(&mut rng, &mut taken))
        .collect();
    let rare: Vec<String> = (0..rng.range(3, 13))
        .map(|_| message(&mut rng, &mut taken))
        .collect();
    let total = rng.range(300, 800) as usize;
    // The order of diagnostics: common kinds, with each rare kind once at a random place.
    let mut order: Vec<&String> = (0..total)
        .map(|_| &common[rng.below(common.len() as u64) as usize])
        .collect();
    for m in &rare {
        let at = rng.below(order.len() as u64 + 1) as usize;
        order.insert(at, m);
    }
    let mut lines: Vec<String> = vec!["   Compiling app v0.1.0 (/src/app)".into()];
    let mut firsts: Vec<(String, Option<String>)> = Vec::new();
    let mut seen: Vec<&String> = Vec::new();
    for (n, m) in order.iter().enumerate() {
        let file = rng.pick(FILES);
        let line = 10 + n * 7 + rng.below(5) as usize;
        let col = 1 + rng.below(60);
        let code = rng.pick(CODE);
        let (header, location) = if gcc {
            (format!("{file}:{line}:{col}: warning: {m}"), None)
        } else {
            (
                format!("warning: {m}"),
                Some(format!("   --> {file}:{line}:{col}")),
            )
        };
        if !seen.contains(m) {
            seen.push(m);
            firsts.push((header.clone(), location.clone()));
        }
        lines.push(header);
        if let Some(location) = location {
            lines.push(location);
            lines.push("    |".into());
            // A few lines of the function around the span.
            for k in 0..rng.range(1, 5) as usize {
                lines.push(format!("{:<3} |     {}", line + k, source_line(&mut rng)));
            }
            lines.push(format!("{line:<3} |     {code}"));
            lines.push(format!("    |     {}", "^".repeat(code.len().min(20))));
            lines.push("    |".into());
            lines.push(format!(
                "    = help: for further information visit https://lints.example/index.html#lint_{}",
                n % 97
            ));
            if rng.below(3) == 0 {
                lines.push("help: try".into());
                lines.push("    |".into());
                lines.push(format!("{line:<3} -     {code}"));
                lines.push(format!("{line:<3} +     {}", rng.pick(CODE)));
                lines.push("    |".into());
            }
            lines.push(String::new());
        } else {
            lines.push(format!("{line:>5} |   {code}"));
            lines.push(format!("      |   {}", "^~~~"));
        }
    }
    lines.push(format!(
        "warning: `app` (lib) generated {} warnings",
        order.len()
    ));
    lines.push("    Finished `dev` profile [unoptimized + debuginfo] target(s) in 3.21s".into());
    let mut text = lines.join("\n");
    text.push('\n');
    Case { text, firsts }
}

fn check(seed: u64) -> Result<(), String> {
    let case = generate(seed);
    let opts = CompactOptions {
        tool: Some("bash".into()),
        command: Some("cargo clippy -- -W clippy::pedantic".into()),
        recovery_id: Some(lean_core::hash::xxh3_hex(case.text.as_bytes())),
        ..Default::default()
    };
    let result = compact(case.text.as_bytes(), &opts);
    if !result.changed {
        return Ok(());
    }
    let view = String::from_utf8_lossy(&result.text).into_owned();
    for (header, location) in &case.firsts {
        let wanted = match location {
            Some(location) => format!("{header}\n{location}\n"),
            None => format!("{header}\n"),
        };
        if !view.contains(&wanted) {
            return Err(format!("kind {header:?} lost"));
        }
    }
    Ok(())
}

#[test]
fn every_kind_of_warning_keeps_one_example() {
    support::check_seeds(
        support::cases("WARNING_KIND_CASES", 200),
        0x3a41_0000,
        check,
    );
}
