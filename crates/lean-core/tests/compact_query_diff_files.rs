//! In a diff, a question about a file is a question about its changes. `isort --diff` over a
//! package prints one section per file, each a few hunks of look-alike import lines; asked
//! "what change does it make in `src/jinja2/environment.py`?", the view kept that file's
//! header lines and folded its hunk with every other file's.
//!
//! Property over generated multi-file diffs well over the lossless threshold (30 to 60 files,
//! one to three hunks each of 7 to 16 look-alike changed lines), with a prompt naming one file's path
//! (any but the first): every changed line of that file is in the view verbatim, when the
//! file has at most 48 of them.
//!
//! Cases come from fixed seeds (`QUERY_DIFF_FILE_CASES`, default 300).

mod support;
use support::{asked_view_of, keeps_lines, Rng};

const MODULES: &[&str] = &[
    "exceptions",
    "lexer",
    "nodes",
    "runtime",
    "utils",
    "compiler",
    "filters",
    "defaults",
    "environment",
    "loaders",
    "parser",
    "sandbox",
];
const NAMES: &[&str] = &[
    "Markup",
    "escape",
    "TemplateSyntaxError",
    "describe_token",
    "Undefined",
    "Namespace",
    "Cycler",
    "Joiner",
    "internal_code",
    "missing",
    "pass_context",
    "concat",
];

/// A diff, the path named by the prompt, and that file's changed lines.
fn diff(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let files = rng.range(30, 61) as usize;
    let named = rng.range(1, files as u64) as usize;
    let mut lines: Vec<String> = Vec::new();
    let mut wanted = Vec::new();
    let mut named_path = String::new();
    for f in 0..files {
        let path = format!("src/pkg/{}_{f}.py", rng.pick(MODULES));
        lines.push(format!(
            "ERROR: /home/dev/{path} Imports are incorrectly sorted and/or formatted."
        ));
        lines.push(format!("--- /home/dev/{path}:before\t2025-03-05 19:51:17"));
        lines.push(format!("+++ /home/dev/{path}:after\t2026-12-06 11:05:51"));
        let mut at = 1 + rng.below(20);
        for _ in 0..rng.range(1, 4) {
            let removed = rng.range(6, 16);
            lines.push(format!("@@ -{at},{} +{at},{} @@", removed + 4, 5));
            lines.push(" import typing as t".into());
            let module = rng.pick(MODULES);
            let mut names = Vec::new();
            for _ in 0..removed {
                let name = rng.pick(NAMES);
                names.push(name);
                let line = format!("-from .{module} import {name}");
                if f == named {
                    wanted.push(line.clone());
                }
                lines.push(line);
            }
            let line = format!("+from .{module} import {}", names.join(", "));
            if f == named {
                wanted.push(line.clone());
            }
            lines.push(line);
            lines.push(" ".into());
            lines.push(" if t.TYPE_CHECKING:".into());
            at += 20 + rng.below(200);
        }
        if f == named {
            named_path = path;
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, named_path, wanted)
}

#[test]
fn the_changes_of_a_file_the_prompt_names_are_kept() {
    let cases = support::cases("QUERY_DIFF_FILE_CASES", 300);
    support::check_seeds(cases, 0x7d1f_f11e, |seed| {
        let (text, path, wanted) = diff(seed);
        if wanted.len() > 48 {
            return Ok(());
        }
        let query = format!("What change does isort make in {path}");
        let Some(view) = asked_view_of(&text, "isort --diff src", &query) else {
            return Err("a diff over the threshold came back unchanged".into());
        };
        keeps_lines(&view, &wanted)
    });
}
