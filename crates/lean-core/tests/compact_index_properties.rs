//! Outputs opened to look one entry up, as properties over generated outputs (issue 29: a
//! fold must not hide the entry stock Pi would have shown):
//! - an index within Pi's cut (each line names a different package, library, file or test in
//!   its first word) reaches the model whole, so any entry asked about is there;
//! - a manual page (`NAME`, `SYNOPSIS`/`DESCRIPTION`) reaches it as Pi's own cut shows it;
//! - in an output made of records (`commit …` blocks), the first and the last record are
//!   whole in the view: the newest commit's changed files, the oldest commit's header;
//! - a log whose lines open with timestamps is no index: it is still compacted.
//!
//! Cases come from a fixed seed.

use lean_core::compact::{compact, CompactOptions};

mod support;
use support::Rng;

fn name(rng: &mut Rng) -> String {
    (0..rng.range(4, 12))
        .map(|_| (b'a' + rng.below(26) as u8) as char)
        .collect()
}

fn bash() -> CompactOptions {
    CompactOptions {
        tool: Some("bash".into()),
        ..Default::default()
    }
}

/// One index line of `kind` naming `entry`.
fn index_line(kind: u64, rng: &mut Rng, entry: &str) -> String {
    match kind {
        0 => format!(
            "{entry}/oldstable,now {}.{}.{}-{} amd64 [installed{}]",
            rng.below(20),
            rng.below(20),
            rng.below(20),
            rng.range(1, 9),
            if rng.below(10) == 0 {
                ",upgradable to: 9.9"
            } else {
                ",automatic"
            }
        ),
        1 => format!(
            "\t{entry}.so.{} (libc6,x86-64) => /lib/x86_64-linux-gnu/{entry}.so.{}",
            rng.below(4),
            rng.below(4)
        ),
        2 => format!("  {entry}/_internal/{}/{}.py", name(rng), name(rng)),
        _ => format!("tests::{entry}::{}_{}: test", name(rng), name(rng)),
    }
}

#[test]
fn an_index_within_pis_cut_reaches_the_model_whole() {
    let mut checked = 0;
    for seed in 0..400u64 {
        let mut rng = Rng::new(0x2929_1de0 + seed);
        let kind = rng.below(4);
        let mut lines: Vec<String> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let target = rng.range(300, 1900) as usize;
        let mut bytes = 0;
        while lines.len() < target {
            let entry = name(&mut rng);
            if !seen.insert(entry.clone()) {
                continue;
            }
            let line = index_line(kind, &mut rng, &entry);
            if bytes + line.len() + 1 > 50 * 1024 {
                break;
            }
            bytes += line.len() + 1;
            lines.push(line);
        }
        let input = lines.join("\n") + "\n";
        // Only outputs the engine would otherwise compact (past its lossless threshold).
        let result = compact(input.as_bytes(), &bash());
        if input.len() < 32 * 1024 {
            continue;
        }
        checked += 1;
        let needle = &lines[rng.below(lines.len() as u64) as usize];
        let view = String::from_utf8(result.text).unwrap();
        assert!(
            !result.changed && view.lines().any(|l| l == needle),
            "seed {seed}: kind {kind}, {} lines: the entry {needle:?} is not shown",
            lines.len()
        );
    }
    assert!(checked >= 100, "only {checked} cases were large enough");
}

#[test]
fn a_timestamped_log_is_no_index() {
    let mut rng = Rng::new(7);
    let lines: Vec<String> = (0..1500)
        .map(|k| {
            format!(
                "2026-12-05T10:{:02}:{:02}.{k:04}Z INFO worker-{} finished job {} in {}ms",
                k / 60 % 60,
                k % 60,
                rng.below(8),
                rng.below(1_000_000),
                rng.below(900)
            )
        })
        .collect();
    let input = lines.join("\n") + "\n";
    assert!(compact(input.as_bytes(), &bash()).changed);
}

#[test]
fn a_manual_page_reaches_the_model_as_pi_shows_it() {
    for seed in 0..40u64 {
        let mut rng = Rng::new(0x3a11 + seed);
        let mut page = String::from("BASH(1)\n\nNAME\n       tool - a generated manual\n\nSYNOPSIS\n       tool [options]\n\nDESCRIPTION\n");
        while page.len() < 120 * 1024 {
            let option = name(&mut rng);
            page.push_str(&format!("       {option}\n"));
            for _ in 0..rng.range(2, 6) {
                let words: Vec<String> = (0..rng.range(6, 14)).map(|_| name(&mut rng)).collect();
                page.push_str(&format!("              {}\n", words.join(" ")));
            }
            page.push('\n');
        }
        let result = compact(page.as_bytes(), &bash());
        assert!(
            !result.changed,
            "seed {seed}: the manual page was compacted"
        );
    }
}

#[test]
fn the_first_and_last_record_of_a_log_of_records_are_whole() {
    for seed in 0..200u64 {
        let mut rng = Rng::new(0xc0_1117 + seed);
        let mut records: Vec<Vec<String>> = Vec::new();
        for _ in 0..rng.range(60, 200) {
            let hash: String = (0..40).map(|_| format!("{:x}", rng.below(16))).collect();
            let mut record = vec![
                format!("commit {hash}"),
                "Author: A Developer <dev@example.org>".to_string(),
                format!(
                    "Date:   Sat Dec {} 12:{:02}:00 2026 +0000",
                    rng.range(1, 28),
                    rng.below(60)
                ),
                String::new(),
                format!(
                    "    {} {} {}",
                    name(&mut rng),
                    name(&mut rng),
                    name(&mut rng)
                ),
                String::new(),
            ];
            let files = rng.range(1, 12);
            for _ in 0..files {
                let n = rng.range(1, 40);
                record.push(format!(
                    " src/{}/{}.rs | {n:>3} {}",
                    name(&mut rng),
                    name(&mut rng),
                    "+".repeat(n as usize)
                ));
            }
            record.push(format!(
                " {files} files changed, {} insertions(+)",
                rng.range(1, 400)
            ));
            record.push(String::new());
            records.push(record);
        }
        let input = records
            .iter()
            .flatten()
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
            + "\n";
        let result = compact(input.as_bytes(), &bash());
        let view = String::from_utf8(result.text).unwrap();
        let shown: std::collections::HashSet<&str> = view.lines().collect();
        for record in [&records[0], &records[records.len() - 1]] {
            for line in record.iter().filter(|l| !l.is_empty()) {
                assert!(
                    shown.contains(line.as_str()),
                    "seed {seed}: {line:?} of an end record is not shown"
                );
            }
        }
    }
}
