//! Every measured group shows its largest value. A log interleaves many kinds of timed events
//! (pauses, phases, requests, flushes), and "which one took longest" is asked of whichever kind
//! the reader cares about. A view that ranks the maxima but lets larger groups' runners-up and
//! one-off lines take the budget first hides the answer for the small groups.
//!
//! Property over generated logs well over Pi's 50 KB cut: 6 to 16 kinds of measured event
//! lines (each kind its own number of words, a rising clock and counter, one measured value
//! with its unit), 5 to 300 of each, interleaved with one-off notes: the line holding each
//! kind's largest value (one member holds it) is kept verbatim.
//!
//! Cases come from fixed seeds (`MAXIMA_CASES`, default 300).

mod support;
use support::{view_of, Rng};

const EVENTS: &[&str] = &[
    "Pause", "Phase", "Request", "Flush", "Compact", "Sweep", "Sync", "Merge", "Scan", "Load",
    "Evict", "Commit", "Replay", "Index", "Fetch", "Render",
];
const WORDS: &[&str] = &[
    "young",
    "full",
    "mixed",
    "remark",
    "cleanup",
    "evacuation",
    "concurrent",
    "heap",
    "region",
    "table",
    "segment",
    "cache",
    "journal",
    "batch",
    "shard",
    "block",
];
const UNITS: &[&str] = &["ms", "s", "us", "KB", "MB"];

/// One kind of measured event: its name, its constant words and its unit.
struct Kind {
    event: &'static str,
    words: Vec<&'static str>,
    unit: &'static str,
}

/// A log and, per kind, the line holding its largest value.
fn log(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let kinds: Vec<Kind> = (0..rng.range(6, 17) as usize)
        .map(|k| Kind {
            event: EVENTS[k],
            // Each kind has its own number of words, so no two kinds are one group.
            words: (0..k + 1).map(|_| rng.pick(WORDS)).collect(),
            unit: rng.pick(UNITS),
        })
        .collect();
    let mut plan: Vec<usize> = Vec::new();
    for (k, _) in kinds.iter().enumerate() {
        let members = if rng.below(3) == 0 {
            rng.range(5, 30)
        } else {
            rng.range(30, 300)
        };
        plan.extend(std::iter::repeat_n(k, members as usize));
    }
    // One-off notes between the events: lines no other line looks like.
    let notes = rng.range(800, 1500) as usize;
    plan.extend(std::iter::repeat_n(usize::MAX, notes));
    for i in (1..plan.len()).rev() {
        plan.swap(i, rng.below(i as u64 + 1) as usize);
    }
    // Each kind's values: ordinary ones below 1,000 (three decimals), one maximum above them.
    let mut counts = vec![0usize; kinds.len()];
    for &k in &plan {
        if k != usize::MAX {
            counts[k] += 1;
        }
    }
    let maxima: Vec<usize> = counts
        .iter()
        .map(|&c| rng.below(c as u64) as usize)
        .collect();
    let mut seen = vec![0usize; kinds.len()];
    let mut lines: Vec<String> = Vec::new();
    let mut wanted: Vec<String> = Vec::new();
    for (i, &k) in plan.iter().enumerate() {
        let clock = format!("[{}.{:03}s]", i / 100, (i % 100) * 10);
        if k == usize::MAX {
            let words: Vec<&str> = (0..rng.range(2, 9)).map(|_| rng.pick(WORDS)).collect();
            lines.push(format!(
                "{clock}[info][note] {} {} {:x}",
                rng.pick(EVENTS).to_lowercase(),
                words.join(" "),
                rng.next() >> 20
            ));
            continue;
        }
        let kind = &kinds[k];
        let value = if seen[k] == maxima[k] {
            format!("{}.{:03}", rng.range(1_000, 5_000), rng.below(1000))
        } else {
            format!("{}.{:03}", rng.range(1, 1_000), rng.below(1000))
        };
        let line = format!(
            "{clock}[info][gc] {}({i}) {} {value}{}",
            kind.event,
            kind.words.join(" "),
            kind.unit
        );
        if seen[k] == maxima[k] {
            wanted.push(line.clone());
        }
        seen[k] += 1;
        lines.push(line);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, wanted)
}

#[test]
fn each_measured_group_keeps_its_largest_value() {
    let cases = support::cases("MAXIMA_CASES", 300);
    support::check_seeds(cases, 0x3a71_0000, |seed| {
        let (text, wanted) = log(seed);
        let Some(view) = view_of(&text, "java -Xlog:gc*:stdout -jar app.jar") else {
            return Err("left unchanged".into());
        };
        support::keeps_lines(&view, &wanted)
    });
}
