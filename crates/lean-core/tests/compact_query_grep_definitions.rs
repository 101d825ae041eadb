//! Asked where a function is defined, a search over a repository answers with the hit that
//! defines it, written as the search printed it (`path:line:text`), as a property over
//! generated `grep -rn` / `git grep -n` output: hundreds of files, each with hits of many
//! functions, the asked one called from dozens of places and defined in exactly one, in one
//! of four styles (Rust `pub fn`, Python `def`, JavaScript `export function`, Go `func`).
//! Some cases print context lines (`path-line-text`) after each hit, as `grep -A` does; then
//! the definition's own context lines are shown with it.
//!
//! Cases come from a fixed seed (`QUERY_GREP_DEFINITION_CASES`, default 300).

mod support;
use support::{asked_view_of, cases, check_seeds, keeps_lines, Rng, NOUNS, VERBS};

const DIRS: &[&str] = &[
    "src",
    "lib",
    "crates/core/src",
    "pkg/engine",
    "app/services",
];

/// The definition line of `name` in `style`, and the file extension of that language.
fn definition(style: u64, name: &str) -> (String, &'static str) {
    match style {
        0 => (
            format!("pub fn {name}(input: &[u8], opts: &Options) -> Result<usize> {{"),
            "rs",
        ),
        1 => (format!("def {name}(self, source, *, strict=False):"), "py"),
        2 => (format!("export function {name}(input, options) {{"), "js"),
        _ => (
            format!("func {name}(ctx context.Context, in []byte) (int, error) {{"),
            "go",
        ),
    }
}

/// A line of a body that calls `name`.
fn call(style: u64, rng: &mut Rng, name: &str) -> String {
    let n = rng.below(100);
    match style {
        0 => format!("    let n{n} = {name}(&buf[{n}..], &opts)?;"),
        1 => format!("        total += {name}(self.source, {n})"),
        2 => format!("  const r{n} = {name}(chunk, {{ limit: {n} }});"),
        _ => format!("\tv{n}, err := {name}(ctx, data[{n}:])"),
    }
}

fn check(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let style = rng.below(4);
    let context = rng.below(3) == 0;
    let names: Vec<String> = (0..40)
        .map(|k| format!("{}_{}_{k}", rng.pick(VERBS), rng.pick(NOUNS)))
        .collect();
    let asked = rng.below(names.len() as u64) as usize;
    let files = rng.range(60, 240) as usize;
    let defined_in = rng.below(files as u64) as usize;
    let mut lines: Vec<String> = Vec::new();
    let mut wanted = Vec::new();
    for f in 0..files {
        let (_, ext) = definition(style, "x");
        let path = format!("{}/{}_{f}.{ext}", rng.pick(DIRS), rng.pick(NOUNS));
        let mut line_no = rng.range(1, 40);
        let mut hits: Vec<(String, bool)> = (0..rng.range(3, 12))
            .map(|_| {
                let callee = if rng.below(4) == 0 {
                    &names[asked]
                } else {
                    &names[rng.below(names.len() as u64) as usize]
                };
                (call(style, &mut rng, callee), false)
            })
            .collect();
        if f == defined_in {
            let at = rng.below(hits.len() as u64 + 1) as usize;
            hits.insert(at, (definition(style, &names[asked]).0, true));
        }
        for (text, defines) in hits {
            let hit = format!("{path}:{line_no}:{text}");
            if defines {
                wanted.push(hit.clone());
            }
            lines.push(hit);
            if context {
                for k in 1..=2 {
                    let body = format!(
                        "{path}-{}-    step_{k}(state, {});",
                        line_no + k,
                        rng.below(9)
                    );
                    if defines {
                        wanted.push(body.clone());
                    }
                    lines.push(body);
                }
                lines.push("--".into());
            }
            line_no += rng.range(3, 60);
        }
    }
    let input = lines.join("\n") + "\n";
    let calls = lines.iter().filter(|l| l.contains(&names[asked])).count();
    let command = format!(
        "grep -rn{} '{}(' .",
        if context { " -A2" } else { "" },
        "fn"
    );
    let query = format!("{} Where defined file line", names[asked]);
    let Some(view) = asked_view_of(&input, &command, &query) else {
        return Ok(());
    };
    keeps_lines(&view, &wanted).map_err(|e| {
        format!("style {style}, context {context}, {files} files, {calls} lines name it: {e}")
    })
}

#[test]
fn the_hit_that_defines_an_asked_function_is_shown_as_printed() {
    check_seeds(
        cases("QUERY_GREP_DEFINITION_CASES", 300),
        0x93e9_0000,
        check,
    );
}
