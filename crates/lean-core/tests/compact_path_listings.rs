//! A path listing's view is its outline: every path is a fact of its own (which binary a
//! package installs, which module a wheel ships), so a listing is not folded into one marker
//! over a shared prefix. The room the budget leaves goes to every directory in turn, and a
//! marker over entries of one directory names the entries it hides.
//!
//! Properties over generated listings (`find`, `dpkg -L`, `pip show -f`, `git ls-files`
//! style: absolute, relative and indented paths, directory lines or none, a few large
//! directories of look-alikes beside small ones, some directories nested in others):
//! - every directory holding entries shows at least one of them verbatim;
//! - every entry of a small directory (at most four entries) is visible: kept verbatim or
//!   named in the marker over its run.
//!
//! Cases come from fixed seeds (`LISTING_CASES`, default 300).

mod support;
use std::sync::atomic::{AtomicU64, Ordering};
use support::{view_of, Rng};

const WORDS: &[&str] = &[
    "core", "util", "parser", "server", "client", "cache", "index", "config", "model", "view",
    "locale", "plugin", "driver", "schema", "render", "token", "stream", "queue", "graph",
];
const EXTENSIONS: &[&str] = &["so", "py", "h", "sql", "mo", "gz", "bc", "json", "txt", ""];

/// A listing: its text, and its directories, each with its entries' full lines.
struct Listing {
    text: String,
    directories: Vec<Vec<String>>,
}

fn listing(seed: u64) -> Listing {
    let mut rng = Rng::new(seed);
    let style = seed % 4;
    let root = match style {
        0 => "/usr/lib/pkg".to_string(),
        1 => "./src".to_string(),
        2 => "  pkg".to_string(),
        _ => "vendor/github.com/acme".to_string(),
    };
    let directory_count = rng.range(4, 30) as usize;
    let mut directories: Vec<String> = Vec::new();
    for d in 0..directory_count {
        // Some directories nest in an earlier one.
        let parent = if d > 0 && rng.below(3) == 0 {
            directories[rng.below(d as u64) as usize].clone()
        } else {
            root.clone()
        };
        directories.push(format!("{parent}/{}{d}", rng.pick(WORDS)));
    }
    let mut lines: Vec<String> = Vec::new();
    let mut entries: Vec<Vec<String>> = Vec::new();
    for dir in &directories {
        // Most directories are small; a few hold hundreds of look-alikes.
        let count = match rng.below(10) {
            0..=4 => rng.range(1, 5),
            5..=7 => rng.range(5, 40),
            _ => rng.range(100, 900),
        } as usize;
        if style == 0 {
            lines.push(dir.clone());
        }
        let mut own = Vec::new();
        for k in 0..count {
            let ext = rng.pick(EXTENSIONS);
            let name = if ext.is_empty() {
                format!("{}_{k}", rng.pick(WORDS))
            } else {
                format!("{}_{k}.{ext}", rng.pick(WORDS))
            };
            let line = format!("{dir}/{name}");
            own.push(line.clone());
            lines.push(line);
        }
        entries.push(own);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    Listing {
        text,
        directories: entries,
    }
}

/// Whether `line`'s entry is visible in `view`: a whole line of it, or its name (the part
/// after the last `/`) among the names a marker gives.
fn visible(view: &str, line: &str) -> bool {
    let name = line.rsplit('/').next().unwrap_or(line);
    view.lines().any(|l| {
        l == line
            || (l.starts_with("[…")
                && l.split("; names \"").nth(1).is_some_and(|names| {
                    names.split([' ', '"']).any(|n| {
                        n.ends_with(name) && (n == name || n.ends_with(&format!("/{name}")))
                    })
                }))
    })
}

#[test]
fn every_directory_of_a_listing_is_shown_and_small_ones_whole() {
    let cases = support::cases("LISTING_CASES", 300);
    if let Ok(seed) = std::env::var("LISTING_DUMP") {
        let seed: u64 = seed.parse().unwrap();
        let listing = listing(0x9a75_0000 + seed);
        std::fs::write("/tmp/listing.txt", &listing.text).unwrap();
    }
    let compacted = AtomicU64::new(0);
    support::check_seeds(cases, 0x9a75_0000, |seed| {
        let listing = listing(seed);
        let Some(view) = view_of(&listing.text, "find . -type f") else {
            return Ok(());
        };
        compacted.fetch_add(1, Ordering::Relaxed);
        for (d, entries) in listing.directories.iter().enumerate() {
            if !entries.iter().any(|e| view.lines().any(|l| l == e)) {
                return Err(format!("directory {d} ({:?}…) shows no entry", entries[0]));
            }
            if entries.len() <= 4 {
                if let Some(hidden) = entries.iter().find(|e| !visible(&view, e)) {
                    return Err(format!("{hidden:?} of a small directory is hidden"));
                }
            }
        }
        Ok(())
    });
    // Most listings are over the lossless threshold: the property is about views.
    let compacted = compacted.into_inner();
    assert!(
        compacted * 2 > cases,
        "{compacted} of {cases} cases were compacted"
    );
}
