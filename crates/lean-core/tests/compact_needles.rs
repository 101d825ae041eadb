//! A fold never hides what makes a line different, as a property over generated outputs. For
//! each kind of output (log, test run, grep hits, table, benchmark, diff, file listing) a
//! generator writes hundreds of look-alike lines and hides one needle among them: a rare value
//! in a slot, a numeric extreme, a line changed when the output printed itself again, a
//! distinctive last line, or one over-long line. The needle must be visible in the view, or
//! named by a marker with its line number (and, for a value, the value itself). Views stay
//! within Pi's 2,000 lines and 50 KB.
//!
//! Cases are drawn from a fixed seed (`NEEDLE_CASES` cases per kind and needle, default 80);
//! the seeds of past failures in `fixtures/needle_seeds.txt` run first, every time.

use lean_core::compact::{compact, pi_sent_bytes, CompactOptions};

mod support;
use support::Rng;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Variant {
    Normal,
    /// A value in a slot most members share, unlike theirs.
    Rare,
    /// A number far outside the group's spread.
    Extreme,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Log,
    TestRun,
    Grep,
    Table,
    Benchmark,
    Diff,
    Listing,
}

const KINDS: [Kind; 7] = [
    Kind::Log,
    Kind::TestRun,
    Kind::Grep,
    Kind::Table,
    Kind::Benchmark,
    Kind::Diff,
    Kind::Listing,
];

#[derive(Clone, Copy, Debug)]
enum Needle {
    Slot,
    Extreme,
    Rerun,
    LastLine,
    LongLine,
}

const NEEDLES: [Needle; 5] = [
    Needle::Slot,
    Needle::Extreme,
    Needle::Rerun,
    Needle::LastLine,
    Needle::LongLine,
];

/// Line `k` of an output of `kind`, and the value that makes it the needle (for `Rare` and
/// `Extreme`).
fn line(kind: Kind, rng: &mut Rng, k: usize, variant: Variant) -> (String, String) {
    let small = rng.range(1, 400);
    let big = rng.range(90_000, 990_000);
    let num = if variant == Variant::Extreme {
        big
    } else {
        small
    };
    match kind {
        Kind::Log => {
            let status = if variant == Variant::Rare {
                "503"
            } else {
                "200"
            };
            let l = format!(
                "2025-03-0{} 10:{:02}:{:02}.{:03} INFO worker-{} handled GET /api/items/{} status={status} in {num}ms",
                1 + k / 100_000,
                (k / 60) % 60,
                k % 60,
                rng.below(1000),
                rng.below(8),
                rng.below(100_000),
            );
            let value = match variant {
                Variant::Rare => status.to_string(),
                _ => num.to_string(),
            };
            (l, value)
        }
        Kind::TestRun => {
            let verdict = if variant == Variant::Rare {
                "ignored"
            } else {
                "ok"
            };
            let l = format!(
                "test suite_{}::case_{k} ... {verdict} <{num}.{}ms>",
                k / 50,
                rng.below(10)
            );
            let value = match variant {
                Variant::Rare => verdict.to_string(),
                _ => num.to_string(),
            };
            (l, value)
        }
        Kind::Grep => {
            let version = if variant == Variant::Rare {
                "0.9.7"
            } else {
                "1.4.2"
            };
            let l = format!(
                "crates/pkg_{}/Cargo.toml:{}:shared-dep = {{ version = \"{version}\", size = {num} }}",
                k,
                rng.range(3, 60)
            );
            let value = match variant {
                Variant::Rare => version.to_string(),
                _ => num.to_string(),
            };
            (l, value)
        }
        Kind::Table => {
            let state = if variant == Variant::Rare {
                "degraded"
            } else {
                "active"
            };
            let l = format!(
                "| node-{k:05} | {state} | {num} | {}.{} |",
                rng.below(64),
                rng.below(100)
            );
            let value = match variant {
                Variant::Rare => state.to_string(),
                _ => num.to_string(),
            };
            (l, value)
        }
        Kind::Benchmark => {
            let unit = if variant == Variant::Rare { "s" } else { "ms" };
            let l = format!(
                "bench_parse_{k:04}    time:   [{num}.{} {unit} {num}.{} {unit} {num}.{} {unit}]",
                rng.below(10),
                rng.below(10),
                rng.below(10)
            );
            let value = match variant {
                Variant::Rare => unit.to_string(),
                _ => num.to_string(),
            };
            (l, value)
        }
        Kind::Diff => {
            let l = match variant {
                Variant::Rare => format!("+pub fn handler_{k}(request: Request) -> Response {{"),
                _ => format!("+        total += weights[{}] * {num};", rng.below(64)),
            };
            let value = match variant {
                Variant::Rare => format!("handler_{k}"),
                _ => num.to_string(),
            };
            (l, value)
        }
        Kind::Listing => {
            let owner = if variant == Variant::Rare {
                "root"
            } else {
                "build"
            };
            let l = format!(
                "-rw-r--r-- 1 {owner} staff {num}{:03} Mar  4 10:{:02} asset_{k:05}.bin",
                rng.below(1000),
                rng.below(60)
            );
            let value = match variant {
                Variant::Rare => owner.to_string(),
                _ => num.to_string(),
            };
            (l, value)
        }
    }
}

/// An output of `kind` with `needle` hidden in it: its lines, the needle's line (from 1) and
/// the text that must be seen (or named with that line).
struct Case {
    lines: Vec<String>,
    at: usize,
    value: String,
    /// The needle must show verbatim (a last line), or both ends of it (a long line).
    verbatim: bool,
    long: bool,
}

fn header(kind: Kind) -> Vec<String> {
    match kind {
        Kind::Diff => vec![
            "diff --git a/src/engine.rs b/src/engine.rs".into(),
            "index 3f2a1b0..9c8d7e6 100644".into(),
            "--- a/src/engine.rs".into(),
            "+++ b/src/engine.rs".into(),
            "@@ -10,6 +10,900 @@ impl Engine {".into(),
        ],
        Kind::Table => vec![
            "| node | state | requests | load |".into(),
            "|------|-------|----------|------|".into(),
        ],
        Kind::TestRun => vec!["running 2000 tests".into()],
        Kind::Benchmark => vec!["Benchmarking parsers: warming up".into()],
        Kind::Listing => vec!["total 123456".into()],
        Kind::Log | Kind::Grep => vec![],
    }
}

fn generate(kind: Kind, needle: Needle, seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let n = rng.range(150, 1500) as usize;
    let mut lines = header(kind);
    let body_start = lines.len();
    let members: Vec<(String, String)> = (0..n)
        .map(|k| line(kind, &mut rng, k, Variant::Normal))
        .collect();
    lines.extend(members.iter().map(|(l, _)| l.clone()));
    let pick = body_start + rng.below(n as u64) as usize;
    let mut case = Case {
        at: pick + 1,
        value: String::new(),
        verbatim: false,
        long: false,
        lines: Vec::new(),
    };
    match needle {
        Needle::Slot | Needle::Extreme => {
            let variant = if matches!(needle, Needle::Slot) {
                Variant::Rare
            } else {
                Variant::Extreme
            };
            let (l, value) = line(kind, &mut rng, pick - body_start, variant);
            lines[pick] = l;
            case.value = value;
        }
        Needle::Rerun => {
            // The output printed again, one line of the second copy changed.
            let copy: Vec<String> = lines.clone();
            lines.push("--- rerun ---".into());
            let second = lines.len();
            lines.extend(copy);
            let mut changed = line(kind, &mut rng, pick - body_start, Variant::Normal).0;
            while changed == lines[second + pick] {
                changed = line(kind, &mut rng, pick - body_start, Variant::Normal).0;
            }
            lines[second + pick] = changed.clone();
            case.at = second + pick + 1;
            case.value = changed;
        }
        Needle::LastLine => {
            let last = format!(
                "finished: {} items, {} skipped, exit status {}",
                rng.below(100_000),
                rng.below(50),
                rng.range(1, 120)
            );
            lines.push(last.clone());
            case.at = lines.len();
            case.value = last;
            case.verbatim = true;
        }
        Needle::LongLine => {
            let len = rng.range(3_000, 80_000) as usize;
            let long: String = (0..len)
                .map(|i| char::from(b"abcdefghij,;{}=()0123456789"[(i * 7 + (i >> 5)) % 27]))
                .collect();
            let long = format!("BEGIN{}{long}END{}", rng.below(1000), rng.below(1000));
            lines[pick] = long.clone();
            case.value = long;
            case.long = true;
        }
    }
    case.lines = lines;
    case
}

/// Line numbers a marker names after `l. ` (`l. 147`, `(l. 3, 147)`, `max l. 77`).
fn named_lines(marker: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (at, _) in marker.match_indices("l. ") {
        let rest = &marker[at + 3..];
        let mut digits = String::new();
        for c in rest.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
            } else if c == ',' || c == ' ' {
                if let Ok(n) = digits.parse() {
                    out.push(n);
                }
                digits.clear();
            } else {
                break;
            }
        }
        if let Ok(n) = digits.parse() {
            out.push(n);
        }
    }
    out
}

/// Why `case`'s needle is not found in `view`, if it is not.
fn missing(case: &Case, view: &str) -> Option<String> {
    let target = &case.lines[case.at - 1];
    if case.long {
        let (head, tail) = (&target[..40], &target[target.len() - 40..]);
        return (!(view.contains(head) && view.contains(tail)))
            .then(|| format!("long line {} lost an end", case.at));
    }
    // Verbatim, or as a grep hit grouped under its file (`path:` printed once above it).
    let shown = |l: &str| {
        l == target
            || (l.starts_with(|c: char| c.is_ascii_digit())
                && target.len() > l.len()
                && target.ends_with(l)
                && target[..target.len() - l.len()].ends_with(':'))
    };
    if view.lines().any(shown) {
        return None;
    }
    if case.verbatim {
        return Some(format!("line {} not verbatim", case.at));
    }
    let named = view.lines().filter(|l| l.starts_with("[… ")).any(|m| {
        named_lines(m).contains(&case.at)
            && (m.contains(case.value.as_str()) || m.contains("changed since the earlier copy"))
    });
    (!named).then(|| format!("line {} ({}) neither shown nor named", case.at, case.value))
}

/// Options as the extension passes them: the recovery id, and the command for a diff.
fn options(kind: Kind, input: &str) -> CompactOptions {
    CompactOptions {
        recovery_id: Some(lean_core::hash::xxh3_hex(input.as_bytes())),
        command: matches!(kind, Kind::Diff).then(|| "git diff HEAD~1".to_string()),
        ..Default::default()
    }
}

fn check(kind: Kind, needle: Needle, seed: u64) -> Result<(), String> {
    let case = generate(kind, needle, seed);
    let mut input = case.lines.join("\n");
    input.push('\n');
    let opts = options(kind, &input);
    let result = compact(input.as_bytes(), &opts);
    let view = String::from_utf8_lossy(&result.text).into_owned();
    let lines = view.lines().count();
    if view.len() > 50 * 1024 || lines > 2000 {
        return Err(format!(
            "view over Pi's limits: {} B, {lines} lines",
            view.len()
        ));
    }
    if !case.long && result.changed && view.len() > pi_sent_bytes(input.as_bytes(), false) {
        return Err(format!("view over Pi's cut: {} B", view.len()));
    }
    match missing(&case, &view) {
        None => Ok(()),
        Some(why) => Err(format!(
            "{why}\n--- view ---\n{}",
            &view[..view.len().min(6000)]
        )),
    }
}

fn cases() -> u64 {
    std::env::var("NEEDLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(80)
}

/// Seeds of past failures: `kind needle seed` per line.
fn past_failures() -> Vec<(String, String, u64)> {
    let text = include_str!("fixtures/needle_seeds.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            Some((
                parts.next()?.to_string(),
                parts.next()?.to_string(),
                parts.next()?.parse().ok()?,
            ))
        })
        .collect()
}

fn run_kind(kind: Kind) {
    let mut failures = Vec::new();
    let mut ran = 0usize;
    for needle in NEEDLES {
        let past = past_failures()
            .into_iter()
            .filter(|(k, n, _)| *k == format!("{kind:?}") && *n == format!("{needle:?}"))
            .map(|(_, _, seed)| seed);
        let fresh = (0..cases()).map(|c| 0x5eed_0000 + c);
        for seed in past.chain(fresh) {
            ran += 1;
            if let Err(why) = check(kind, needle, seed) {
                failures.push(format!("{kind:?} {needle:?} {seed}: {why}"));
            }
        }
    }
    eprintln!("{kind:?}: {ran} cases, {} failed", failures.len());
    assert!(
        failures.is_empty(),
        "{} of {ran} cases failed (add `kind needle seed` to fixtures/needle_seeds.txt):\n{}",
        failures.len(),
        failures
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

#[test]
fn log_needles() {
    run_kind(Kind::Log);
}

#[test]
fn test_run_needles() {
    run_kind(Kind::TestRun);
}

#[test]
fn grep_needles() {
    run_kind(Kind::Grep);
}

#[test]
fn table_needles() {
    run_kind(Kind::Table);
}

#[test]
fn benchmark_needles() {
    run_kind(Kind::Benchmark);
}

#[test]
fn diff_needles() {
    run_kind(Kind::Diff);
}

#[test]
fn listing_needles() {
    run_kind(Kind::Listing);
}

#[test]
fn every_kind_and_needle_is_generated() {
    for kind in KINDS {
        for needle in NEEDLES {
            let case = generate(kind, needle, 1);
            assert!(case.at >= 1 && case.at <= case.lines.len());
            assert!(!case.value.is_empty());
        }
    }
}

#[test]
fn markers_name_lines() {
    assert_eq!(named_lines("v: 2.3.0 (l. 147)]"), vec![147]);
    assert_eq!(
        named_lines("x (l. 3, 17); ms: 1–9 (min l. 4, max l. 77)"),
        vec![3, 17, 4, 77]
    );
}

/// Prints the view of one case: `NEEDLE_SHOW="Grep Slot 1592590336" cargo test --test
/// compact_needles show_case -- --ignored --nocapture`.
#[test]
#[ignore]
fn show_case() {
    let spec = std::env::var("NEEDLE_SHOW").unwrap_or_default();
    let parts: Vec<&str> = spec.split_whitespace().collect();
    let kind = KINDS
        .into_iter()
        .find(|k| format!("{k:?}") == parts[0])
        .expect("kind");
    let needle = NEEDLES
        .into_iter()
        .find(|k| format!("{k:?}") == parts[1])
        .expect("needle");
    let seed: u64 = parts[2].parse().expect("seed");
    let case = generate(kind, needle, seed);
    let mut input = case.lines.join("\n");
    input.push('\n');
    let opts = options(kind, &input);
    let result = compact(input.as_bytes(), &opts);
    println!("needle line {}: {}", case.at, case.lines[case.at - 1]);
    println!("{:?} {:?}", result.kind, result.strategies);
    println!("{}", String::from_utf8_lossy(&result.text));
}
