//! A marker over a list of named records says which names it hides. A trust store's aliases,
//! installed packages, a library's symbols: each record is named by its first word, and a view
//! of hundreds of them cannot keep each one. What it can do is tell the model, in each marker,
//! the first and last names the marker hides (all of them when few), so a question about one
//! name can be answered by retrieving the right range, not every range.
//!
//! Property over generated lists well over the lossless threshold (`keytool -list` records of
//! two lines, `pip list` rows, `nm`/`strings` symbols; sorted or not): every marker over three
//! or more records names the first and the last record it hides.
//!
//! Cases come from fixed seeds (`RECORD_NAME_CASES`, default 300).

mod support;
use support::{hidden_range, view_of, Rng};

const PARTS: &[&str] = &[
    "root", "trust", "global", "secure", "server", "digi", "cert", "auth", "prime", "chain",
    "alpha", "delta", "vector", "matrix", "buffer", "parse", "walk", "select", "index", "table",
];

fn record_name(rng: &mut Rng, k: usize) -> String {
    let words = rng.range(2, 4) as usize;
    let mut name: Vec<&str> = (0..words).map(|_| rng.pick(PARTS)).collect();
    name.dedup();
    format!("{}_{k}", name.join("_"))
}

/// The list's text, and each record's first line (by line number from 1) with its name.
fn list(seed: u64) -> (String, Vec<(usize, String)>) {
    let mut rng = Rng::new(seed);
    let style = seed % 3;
    let count = if style == 0 {
        rng.range(300, 1200)
    } else {
        rng.range(2500, 5000)
    } as usize;
    let mut names: Vec<String> = (0..count).map(|k| record_name(&mut rng, k)).collect();
    if seed.is_multiple_of(2) {
        names.sort();
    }
    let mut lines: Vec<String> = Vec::new();
    let mut records = Vec::new();
    for name in &names {
        records.push((lines.len() + 1, name.clone()));
        match style {
            0 => {
                lines.push(format!("{name}.pem, Jun 24, 2025, trustedCertEntry, "));
                let hex: Vec<String> = (0..32).map(|_| format!("{:02X}", rng.below(256))).collect();
                lines.push(format!(
                    "Certificate fingerprint (SHA-256): {}",
                    hex.join(":")
                ));
            }
            1 => lines.push(format!(
                "{name:<40} {}.{}.{}",
                rng.below(5),
                rng.below(30),
                rng.below(10)
            )),
            _ => lines.push(name.clone()),
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, records)
}

#[test]
fn a_marker_over_named_records_names_the_first_and_last_it_hides() {
    let cases = support::cases("RECORD_NAME_CASES", 300);
    if let Ok(seed) = std::env::var("RECORD_NAME_DUMP") {
        let (text, _) = list(0x7e3c_0000 + seed.parse::<u64>().expect("a seed"));
        std::fs::write("/tmp/records.txt", &text).expect("written");
        std::fs::write(
            "/tmp/records-view.txt",
            view_of(&text, "list").unwrap_or_default(),
        )
        .expect("written");
    }
    support::check_seeds(cases, 0x7e3c_0000, |seed| {
        let (text, records) = list(seed);
        let Some(view) = view_of(&text, "list") else {
            return Err("a list over the threshold came back unchanged".into());
        };
        for marker in view.lines().filter(|l| l.starts_with("[… ")) {
            let Some((a, b)) = hidden_range(marker) else {
                continue;
            };
            let hidden: Vec<&String> = records
                .iter()
                .filter(|(line, _)| (a..=b).contains(line))
                .map(|(_, name)| name)
                .collect();
            if hidden.len() < 3 {
                continue;
            }
            for name in [hidden[0], hidden[hidden.len() - 1]] {
                if !marker.contains(name.as_str()) {
                    return Err(format!("{marker:.200} does not name {name}"));
                }
            }
        }
        Ok(())
    });
}
