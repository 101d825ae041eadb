//! A failure is kept with what names it and with what it announces, as properties over
//! generated outputs.
//!
//! - **A finding keeps its file's heading.** Linters in the `stylish` format (ESLint,
//!   yamllint) print each file's path alone, then its findings indented under it. One error
//!   among hundreds of files' look-alike warnings must stay with the path that names its file.
//! - **A failure keeps the values it announces.** A verbose doctest prints `Trying:` /
//!   `Expecting:` / `ok` for thousands of examples; the one failing example prints `Failed
//!   example:`, `Expected:` and `Got:`, each followed by an indented value whose shape thousands
//!   of expected values share. The failure's header, its `Expected` and its `Got` value must
//!   stay, and field labels such as `Trying:` must not make the output read as a directory
//!   listing.
//!
//! Before these rules, 48 of the first 50 linter cases lost the heading and 50 of 50 doctest
//! cases lost the failure. Cases come from a fixed seed (`GROUPED_FINDING_CASES`, default 100).

mod support;
use support::Rng;

const RULES: &[(&str, &str)] = &[
    (
        "'label' is never reassigned. Use 'const' instead",
        "prefer-const",
    ),
    (
        "'unused' is assigned a value but never used",
        "no-unused-vars",
    ),
    ("Unexpected console statement", "no-console"),
    (
        "Missing return type on function",
        "explicit-function-return-type",
    ),
];

/// A stylish linter report: its text, the error line and its file's heading.
fn linter_case(seed: u64) -> (String, String, String) {
    let mut rng = Rng::new(seed);
    let files = rng.range(150, 600) as usize;
    let at = rng.below(files as u64) as usize;
    let yaml = rng.below(2) == 0;
    let mut out = String::new();
    let (mut needle, mut heading) = (String::new(), String::new());
    let mut problems = 0;
    for f in 0..files {
        let path = if yaml {
            format!("deploy/svc-{f:03}.yaml")
        } else {
            format!("/work/app/src/widgets/w{f:03}.js")
        };
        out.push_str(&path);
        out.push('\n');
        let count = rng.range(1, 4);
        for k in 0..count {
            let (message, rule) = RULES[rng.below(RULES.len() as u64) as usize];
            let (line, col) = (k * 3 + 2 + rng.below(3), rng.range(1, 30));
            out.push_str(&format!("  {line}:{col}  warning  {message}  {rule}\n"));
            problems += 1;
        }
        if f == at {
            needle = if yaml {
                format!(
                    "  {}:3  error    duplication of key \"replicas\" in mapping  (key-duplicates)",
                    count * 3 + 4
                )
            } else {
                format!(
                    "  {}:24  error    'fetchJson' is not defined  no-undef",
                    count * 3 + 4
                )
            };
            heading = path.clone();
            out.push_str(&needle);
            out.push('\n');
            problems += 1;
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "\u{2716} {problems} problems (1 error, {} warnings)\n",
        problems - 1
    ));
    (out, needle, heading)
}

/// A verbose doctest run with one failing example: its text and the failure's lines.
fn doctest_case(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let items = rng.range(300, 1200) as usize;
    let failing = rng.below(items as u64) as usize;
    let per_item = rng.range(4, 11) as usize;
    let bad = rng.below(per_item as u64) as usize;
    let mut out = String::new();
    let mut failure = Vec::new();
    for item in 0..items {
        let name = format!("units.scale_{item:04}");
        for k in 0..per_item {
            let call = format!("    scale_{item:04}({})", k + 1);
            let want = format!("    {}", (item + 1) * (k + 1));
            if item == failing && k == bad {
                let got = format!("    {}.5", (item + 1) * (k + 1));
                failure = vec![
                    format!(
                        "File \"/work/units.py\", line {}, in {name}",
                        10 + item * 30
                    ),
                    "Failed example:".to_string(),
                    call.clone(),
                    "Expected:".to_string(),
                    want.clone(),
                    "Got:".to_string(),
                    got.clone(),
                ];
                out.push_str(&"*".repeat(70));
                out.push('\n');
                for line in &failure {
                    out.push_str(line);
                    out.push('\n');
                }
            } else {
                out.push_str(&format!("Trying:\n{call}\nExpecting:\n{want}\nok\n"));
            }
        }
    }
    out.push_str(&format!(
        "{}\n1 items had failures:\n   1 of {per_item:3} in units.scale_{failing:04}\n{} tests in {items} items.\n{} passed and 1 failed.\n***Test Failed*** 1 failures.\n",
        "*".repeat(70),
        items * per_item,
        items * per_item - 1
    ));
    (out, failure)
}

#[test]
fn a_finding_keeps_the_heading_that_names_its_file() {
    let cases = support::cases("GROUPED_FINDING_CASES", 100);
    support::check_seeds(cases, 0x11a7_0000, |seed| {
        let (input, needle, heading) = linter_case(seed);
        let Some(view) = support::view_of(&input, "npx eslint src") else {
            return Ok(());
        };
        support::keeps_lines(&view, &[needle, heading])
    });
}

#[test]
fn a_failing_doctest_keeps_what_it_expected_and_got() {
    let cases = support::cases("GROUPED_FINDING_CASES", 100);
    support::check_seeds(cases, 0xd0c7_0000, |seed| {
        let (input, failure) = doctest_case(seed);
        let Some(view) = support::view_of(&input, "python3 -m doctest -v units.py") else {
            return Ok(());
        };
        support::keeps_lines(&view, &failure)
    });
}
