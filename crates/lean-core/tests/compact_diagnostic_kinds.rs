//! A lint or compiler flood keeps one example of every kind of diagnostic it reports, as a
//! property over generated floods. Each case writes hundreds of diagnostics of one or two common
//! rules in one linter's format, with their context lines, and hides a single diagnostic of a
//! rare rule at a random place. The rare diagnostic's header line (the one naming its rule) must
//! reach the view verbatim: it is the one fact a reader of the flood cannot infer from the rest.
//!
//! Formats: Biome (a header with the rule path and no severity word, then a framed excerpt),
//! ESLint's stylish reporter, Ruff/Flake8, tsc, Pylint and Clippy. Cases are drawn from a fixed
//! seed (`DIAGNOSTIC_CASES` per format, default 60).

use lean_core::compact::{compact, CompactOptions};

mod support;
use support::Rng;

#[derive(Clone, Copy, Debug)]
enum Format {
    Biome,
    Eslint,
    Ruff,
    Tsc,
    Pylint,
    Clippy,
}

const FORMATS: [Format; 6] = [
    Format::Biome,
    Format::Eslint,
    Format::Ruff,
    Format::Tsc,
    Format::Pylint,
    Format::Clippy,
];

/// A rule: its id as the linter prints it and a message.
struct Rule {
    id: &'static str,
    message: &'static str,
}

fn rules(format: Format) -> &'static [Rule] {
    match format {
        Format::Biome => &[
            Rule {
                id: "lint/suspicious/noDoubleEquals",
                message: "Use === instead of ==.",
            },
            Rule {
                id: "lint/style/useConst",
                message: "This let declares a variable that is only assigned once.",
            },
            Rule {
                id: "lint/suspicious/noDebugger",
                message: "This is an unexpected use of the debugger statement.",
            },
            Rule {
                id: "lint/correctness/noUnusedVariables",
                message: "This variable is unused.",
            },
            Rule {
                id: "lint/complexity/noForEach",
                message: "Prefer for...of instead of forEach.",
            },
        ],
        Format::Eslint => &[
            Rule {
                id: "eqeqeq",
                message: "Expected '===' and instead saw '=='",
            },
            Rule {
                id: "no-unused-vars",
                message: "'total' is assigned a value but never used",
            },
            Rule {
                id: "@typescript-eslint/no-explicit-any",
                message: "Unexpected any. Specify a different type",
            },
            Rule {
                id: "react-hooks/exhaustive-deps",
                message: "React Hook useEffect has a missing dependency: 'id'",
            },
            Rule {
                id: "no-debugger",
                message: "Unexpected 'debugger' statement",
            },
        ],
        Format::Ruff => &[
            Rule {
                id: "E501",
                message: "Line too long (112 > 88)",
            },
            Rule {
                id: "F401",
                message: "`os` imported but unused",
            },
            Rule {
                id: "B006",
                message: "Do not use mutable data structures for argument defaults",
            },
            Rule {
                id: "S608",
                message: "Possible SQL injection vector through string-based query construction",
            },
            Rule {
                id: "UP035",
                message: "`typing.List` is deprecated, use `list` instead",
            },
        ],
        Format::Tsc => &[
            Rule {
                id: "TS2322",
                message: "Type 'string' is not assignable to type 'number'.",
            },
            Rule {
                id: "TS7006",
                message: "Parameter 'x' implicitly has an 'any' type.",
            },
            Rule {
                id: "TS2345",
                message: "Argument of type 'null' is not assignable to parameter of type 'User'.",
            },
            Rule {
                id: "TS18048",
                message: "'user.profile' is possibly 'undefined'.",
            },
            Rule {
                id: "TS2554",
                message: "Expected 2 arguments, but got 1.",
            },
        ],
        Format::Pylint => &[
            Rule {
                id: "C0301",
                message: "Line too long (120/100) (line-too-long)",
            },
            Rule {
                id: "C0114",
                message: "Missing module docstring (missing-module-docstring)",
            },
            Rule {
                id: "W0612",
                message: "Unused variable 'tmp' (unused-variable)",
            },
            Rule {
                id: "E1101",
                message: "Instance of 'Config' has no 'timeout' member (no-member)",
            },
            Rule {
                id: "R0913",
                message: "Too many arguments (8/5) (too-many-arguments)",
            },
        ],
        Format::Clippy => &[
            Rule {
                id: "clippy::needless_return",
                message: "unneeded `return` statement",
            },
            Rule {
                id: "clippy::redundant_clone",
                message: "redundant clone",
            },
            Rule {
                id: "clippy::unwrap_used",
                message: "used `unwrap()` on a `Result` value",
            },
            Rule {
                id: "clippy::large_enum_variant",
                message: "large size difference between variants",
            },
            Rule {
                id: "clippy::mut_from_ref",
                message: "mutable borrow from immutable input(s)",
            },
        ],
    }
}

/// One diagnostic in `format`: its lines, and the index (within them) of its header line, the
/// one that names the rule or says what kind of problem it is.
fn diagnostic(format: Format, rule: &Rule, rng: &mut Rng, n: usize) -> (Vec<String>, usize) {
    let files = [
        "src/app.js",
        "src/cart/total.ts",
        "pkg/api/views.py",
        "lib/util.rs",
        "web/ui/form.jsx",
    ];
    let file = rng.pick(&files);
    let line = 10 + n * 3 + rng.below(3) as usize;
    let col = 1 + rng.below(40);
    match format {
        Format::Biome => {
            let fix = if rng.below(2) == 0 { "  FIXABLE  " } else { "  " };
            let code = format!("var total{n} = {n}; if (total{n} == '{n}') {{ console.log(total{n}); }}");
            (
                vec![
                    format!("{file}:{line}:{col} {}{fix}{}", rule.id, "━".repeat(40)),
                    String::new(),
                    format!("  × {}", rule.message),
                    "  ".into(),
                    format!("    {} │ let before{n} = {};", line - 1, rng.below(1000)),
                    format!("  > {line} │ {code}"),
                    format!("      │ {}^^", " ".repeat(col as usize)),
                    format!("    {} │ ", line + 1),
                    "  ".into(),
                    "  i Unsafe fix: Use === instead.".into(),
                    String::new(),
                ],
                0,
            )
        }
        Format::Eslint => {
            let severity = if rng.below(3) == 0 { "warning" } else { "error" };
            (
                vec![format!("  {line}:{col}  {severity}  {}  {}", rule.message, rule.id)],
                0,
            )
        }
        Format::Ruff => (
            vec![format!("{file}:{line}:{col}: {} {}", rule.id, rule.message)],
            0,
        ),
        Format::Tsc => (
            vec![format!("{file}({line},{col}): error {}: {}", rule.id, rule.message)],
            0,
        ),
        Format::Pylint => (
            vec![format!("{file}:{line}:{col}: {}: {}", rule.id, rule.message)],
            0,
        ),
        Format::Clippy => (
            vec![
                format!("warning: {}", rule.message),
                format!("  --> {file}:{line}:{col}"),
                "   |".into(),
                format!("{line:>3} |     let value{n} = compute({n}).clone();"),
                "   |                 ^^^^^^^^".into(),
                "   |".into(),
                format!(
                    "   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#{}",
                    &rule.id["clippy::".len()..]
                ),
                format!("   = note: `#[warn({})]` on by default", rule.id),
                String::new(),
            ],
            0,
        ),
    }
}

struct Case {
    input: String,
    /// The rare diagnostic's line that names its rule.
    needle: String,
}

fn generate(format: Format, seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let all = rules(format);
    let rare = rng.below(all.len() as u64) as usize;
    let common: Vec<usize> = (0..all.len())
        .filter(|&i| i != rare)
        .take(1 + rng.below(2) as usize)
        .collect();
    // Past the size that is always shown whole (about 8,000 tokens), up to a few times Pi's cut.
    let count = match format {
        Format::Biome | Format::Clippy => 150 + rng.below(600) as usize,
        _ => 600 + rng.below(2400) as usize,
    };
    let at = 1 + rng.below(count as u64 - 2) as usize;
    let mut lines = Vec::new();
    if matches!(format, Format::Eslint) {
        lines.push(String::new());
        lines.push("/home/dev/project/src/app.js".into());
    }
    let mut needle = String::new();
    for n in 0..count {
        let rule = if n == at {
            &all[rare]
        } else {
            &all[common[rng.below(common.len() as u64) as usize]]
        };
        let (mut block, named) = diagnostic(format, rule, &mut rng, n);
        if n == at {
            needle = block[named].clone();
        }
        lines.append(&mut block);
    }
    lines.push(match format {
        Format::Biome => format!("Found {count} errors."),
        Format::Eslint => format!("✖ {count} problems ({count} errors, 0 warnings)"),
        Format::Ruff => format!("Found {count} errors."),
        Format::Tsc => format!("Found {count} errors in 5 files."),
        Format::Pylint => "Your code has been rated at 3.12/10".into(),
        Format::Clippy => format!("warning: `engine` (lib) generated {count} warnings"),
    });
    let mut input = lines.join("\n");
    input.push('\n');
    Case { input, needle }
}

fn check(format: Format, seed: u64) -> Result<(), String> {
    let case = generate(format, seed);
    let options = CompactOptions {
        recovery_id: Some(lean_core::hash::xxh3_hex(case.input.as_bytes())),
        ..Default::default()
    };
    let result = compact(case.input.as_bytes(), &options);
    let view = String::from_utf8_lossy(&result.text);
    if !result.changed || view.lines().any(|l| l == case.needle) {
        return Ok(());
    }
    Err(format!(
        "the rare diagnostic {:?} is not in the view\n--- view ---\n{}",
        case.needle,
        &view[..view.len().min(4000)]
    ))
}

fn cases() -> u64 {
    std::env::var("DIAGNOSTIC_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60)
}

#[test]
fn every_rule_a_flood_reports_keeps_one_example() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for format in FORMATS {
        for c in 0..cases() {
            ran += 1;
            if let Err(why) = check(format, 0xd1a6_0000 + c) {
                failures.push(format!("{format:?} seed {}: {why}", 0xd1a6_0000 + c));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} floods hid their rare rule:\n{}",
        failures.len(),
        failures
            .iter()
            .take(2)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

#[test]
fn the_generated_floods_are_compacted() {
    // The property says nothing if the floods are small enough to be shown whole.
    for format in FORMATS {
        let case = generate(format, 7);
        let result = compact(case.input.as_bytes(), &CompactOptions::default());
        assert!(
            result.changed,
            "{format:?}: {} bytes shown whole",
            case.input.len()
        );
    }
}
