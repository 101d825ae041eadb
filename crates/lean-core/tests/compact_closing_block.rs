//! A command's closing block stays whole. Tools print their totals, timings and verdict after
//! the list they worked through (`tsc --extendedDiagnostics`' `Files:` … `Total time:`,
//! `time -v`, a test runner's counts), one line of each kind, and stock Pi's tail cut shows
//! them all. A fixed count of last lines cut such a block in two: `Files: 78` and `Lines:
//! 60890` went into the marker over the file list before them.
//!
//! Property over generated outputs well over the lossless threshold: diagnostics of many shapes
//! (none to 400) and a body of look-alike lines (paths, compile lines or log lines) and then, after an optional blank line, a block
//! of 9 to 30 lines each of a shape found nowhere else (`Key: value`, keys from a word list);
//! every line of the block is in the view verbatim.
//!
//! A second property: the block is a titled list whose lines repeat one shape among them
//! (modulefinder's `Missing modules:`, with six `? multiprocessing.X imported from -`). A shape
//! all of whose lines lie in the block is the block's own, not a body before it, however many
//! lines it has: every line of the list is kept.
//!
//! Cases come from fixed seeds (`CLOSING_BLOCK_CASES`, default 400).

mod support;
use support::{keeps_lines, view_of, Rng};

const WORDS: &[&str] = &[
    "Files",
    "Lines",
    "Identifiers",
    "Symbols",
    "Types",
    "Instantiations",
    "Memory used",
    "Memory allocs",
    "Parse time",
    "Bind time",
    "Check time",
    "Emit time",
    "Total time",
    "Elapsed (wall clock) time",
    "Maximum resident set size",
    "Minor page faults",
    "Voluntary context switches",
    "File system inputs",
    "Exit status",
    "Tests run",
    "Failures",
    "Skipped",
    "Cache hits",
    "Cache misses",
    "Bytes written",
    "Peak heap",
    "Warnings",
    "Errors",
    "Modules",
    "Chunks",
    "Assets",
    "Duration",
];

const MESSAGE_WORDS: &[&str] = &[
    "Property",
    "does",
    "not",
    "exist",
    "on",
    "type",
    "Object",
    "is",
    "possibly",
    "undefined",
    "Argument",
    "of",
    "assignable",
    "to",
    "parameter",
    "Parameter",
    "implicitly",
    "has",
    "an",
    "any",
    "Class",
    "static",
    "side",
    "incorrectly",
    "extends",
    "base",
    "Cannot",
    "find",
    "name",
    "module",
    "declaration",
    "Expected",
    "arguments",
    "but",
    "got",
    "overload",
    "matches",
    "call",
];

/// One body line of style `style`, numbered `k`.
fn body_line(rng: &mut Rng, style: u64, k: usize) -> String {
    match style {
        0 => format!(
            "/home/dev/project/src/module_{}/part_{k}.{}",
            rng.below(40),
            ["js", "ts", "d.ts"][rng.below(3) as usize]
        ),
        1 => format!(
            "   Compiling crate_{} v0.{}.{} (src/module_{})",
            rng.below(900),
            rng.below(20),
            rng.below(9),
            rng.below(40)
        ),
        _ => format!(
            "2026-12-06T10:{:02}:{:02}.{:03}Z INFO worker-{} finished job {} in {}ms",
            rng.below(60),
            rng.below(60),
            rng.below(1000),
            rng.below(8),
            rng.below(1_000_000),
            rng.below(900)
        ),
    }
}

/// An output and the lines of its closing block.
fn output(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let style = rng.below(3);
    // Diagnostics of many shapes first, competing for the view's room (tsc's errors before
    // its file list), then the look-alikes.
    let mut lines: Vec<String> = (0..rng.range(0, 400))
        .map(|k| {
            let words: Vec<&str> = (0..rng.range(3, 12))
                .map(|_| rng.pick(MESSAGE_WORDS))
                .collect();
            format!(
                "src/part_{}.ts({k},{}): error TS{}: {}.",
                rng.below(60),
                rng.below(80),
                rng.range(1000, 9999),
                words.join(" ")
            )
        })
        .collect();
    let body = rng.range(600, 2000) as usize;
    lines.extend((0..body).map(|k| body_line(&mut rng, style, k)));
    if rng.below(2) == 0 {
        lines.push(String::new());
    }
    let block = rng.range(9, 31) as usize;
    // Distinct keys in a shuffled order, each with a value (numbers, units, words).
    let mut keys: Vec<&str> = WORDS.to_vec();
    for i in (1..keys.len()).rev() {
        keys.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let closing: Vec<String> = keys[..block.min(keys.len())]
        .iter()
        .map(|key| {
            let value = match rng.below(3) {
                0 => format!("{}", rng.below(100_000)),
                1 => format!("{}.{:03}s", rng.below(10), rng.below(1000)),
                _ => format!("{}K", rng.below(900_000)),
            };
            format!(
                "{key}:{:width$}{value}",
                "",
                width = 1 + rng.below(12) as usize
            )
        })
        .collect();
    lines.extend(closing.iter().cloned());
    let mut text = lines.join("\n");
    text.push('\n');
    (text, closing)
}

#[test]
fn every_line_of_a_closing_block_is_kept() {
    let cases = support::cases("CLOSING_BLOCK_CASES", 400);
    support::check_seeds(cases, 0x3c10_5e00, |seed| {
        let (text, closing) = output(seed);
        let Some(view) = view_of(&text, "npx tsc --extendedDiagnostics") else {
            return Err("an output over the threshold came back unchanged".into());
        };
        keeps_lines(&view, &closing)
    });
}

/// A module listing and its closing `Missing modules:` list: its lines name one module each,
/// imported from one to three others or from `-`, the latter three to eight times.
fn listing(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let mut lines = vec![
        "  Name                      File".to_string(),
        "  ----                      ----".to_string(),
    ];
    for k in 0..rng.range(700, 1500) {
        let name = format!(
            "{}_{k}",
            MESSAGE_WORDS[rng.below(MESSAGE_WORDS.len() as u64) as usize]
        );
        lines.push(format!("m {name:<25} /usr/lib/python3.11/{name}.py"));
    }
    lines.push(String::new());
    let mut closing = vec!["Missing modules:".to_string()];
    let dashes = rng.range(3, 9);
    let others = rng.range(4, 18);
    for k in 0..dashes + others {
        let name = format!(
            "{}.{}{k}",
            rng.pick(MESSAGE_WORDS),
            rng.pick(WORDS).replace(' ', "")
        );
        let from = if k % 2 == 0 && k / 2 < dashes || k >= 2 * others {
            "-".to_string()
        } else {
            (0..rng.range(1, 4))
                .map(|_| format!("{}.{}", rng.pick(MESSAGE_WORDS), rng.pick(MESSAGE_WORDS)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        closing.push(format!("? {name} imported from {from}"));
    }
    lines.extend(closing.iter().cloned());
    let mut text = lines.join("\n");
    text.push('\n');
    (text, closing)
}

#[test]
fn a_closing_list_of_its_own_shapes_is_kept_whole() {
    let cases = support::cases("CLOSING_BLOCK_CASES", 400);
    support::check_seeds(cases, 0x3c10_7700, |seed| {
        let (text, closing) = listing(seed);
        let view = view_of(&text, "python -m modulefinder pydoc.py").ok_or("left whole")?;
        keeps_lines(&view, &closing)
    });
}
