//! A read of a data file longer than Pi's cut shows what the prompt names past that cut. Stock
//! Pi shows a lockfile's, a schema's or a catalog's first 2,000 lines or 50 KB, and the one
//! package or key the user asks about is as likely after them; pi-lean showed the same head.
//!
//! Properties over generated lockfiles (`uv.lock` / `Cargo.lock` style `[[package]]` entries,
//! 60-400 KB, the asked-for package anywhere):
//! - asked about a package past the cut, the view keeps its `name` and `version` lines
//!   verbatim, starts with the file's first line, and stays within Pi's cut;
//! - asked about a package within the cut, its entry is in the view too (mostly the file is
//!   left to Pi's cut); asked nothing, the file reaches the model as Pi's cut shows it;
//! - printed by `cat` in bash, whose cut is the tail, the same holds for a package before the
//!   tail, and the view ends with the file's last line.
//!
//! Cases come from fixed seeds (`PAST_CUT_CASES`, default 200).

mod support;
use lean_core::compact::{compact, pi_cut_bytes, CompactOptions};
use support::Rng;

const SYLLABLES: &[&str] = &[
    "py", "dan", "tic", "set", "tings", "dot", "env", "url", "lib", "req", "uests", "ano", "yio",
    "click", "ja", "ml", "pro", "to", "buf", "serde", "tok", "io", "rand", "core",
];

/// A lockfile and its packages' names and versions, in order.
fn lockfile(seed: u64) -> (String, Vec<(String, String)>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(300, 2000) as usize;
    let mut text = String::from("version = 1\nrevision = 3\nrequires-python = \">=3.9\"\n\n");
    let mut packages = Vec::new();
    for k in 0..count {
        let parts = rng.range(2, 4);
        let stem: String = (0..parts).map(|_| rng.pick(SYLLABLES)).collect();
        let name = format!("{stem}-{k}");
        let version = format!("{}.{}.{}", rng.below(5), rng.below(30), rng.below(12));
        text.push_str(&format!(
            "[[package]]\nname = \"{name}\"\nversion = \"{version}\"\nsource = {{ registry = \"https://pypi.org/simple\" }}\n"
        ));
        let deps = rng.below(4);
        if deps > 0 {
            text.push_str("dependencies = [\n");
            for _ in 0..deps {
                let other = rng.below(count as u64);
                text.push_str(&format!("    {{ name = \"dep-{other}\" }},\n"));
            }
            text.push_str("]\n");
        }
        text.push_str(&format!(
            "sdist = {{ url = \"https://files.example.org/{name}-{version}.tar.gz\", hash = \"sha256:{:016x}\" }}\n\n",
            rng.next()
        ));
        packages.push((name, version));
    }
    (text, packages)
}

/// The result of `text` as a `read` of `uv.lock` (`tool` "read") or as `cat uv.lock` in bash.
fn compacted(text: &str, tool: &str, query: Option<&str>) -> lean_core::compact::Compacted {
    compact(
        text.as_bytes(),
        &CompactOptions {
            tool: Some(tool.into()),
            path: (tool == "read").then(|| "uv.lock".into()),
            command: (tool == "bash").then(|| "cat uv.lock".into()),
            query: query.map(str::to_string),
            recovery_id: Some(lean_core::hash::xxh3_hex(text.as_bytes())),
            ..Default::default()
        },
    )
}

fn read(text: &str, query: Option<&str>) -> lean_core::compact::Compacted {
    compacted(text, "read", query)
}

fn cat(text: &str, query: Option<&str>) -> lean_core::compact::Compacted {
    compacted(text, "bash", query)
}

#[test]
fn a_package_before_a_printed_files_tail_is_shown() {
    let cases = support::cases("PAST_CUT_CASES", 200);
    support::check_seeds(cases, 0x9a57_2000, |seed| {
        let (text, packages) = lockfile(seed);
        let cut = pi_cut_bytes(text.as_bytes(), false);
        let mut rng = Rng::new(seed ^ 0x5eed);
        let (name, version) = &packages[rng.below(packages.len() as u64) as usize];
        let entry = format!("name = \"{name}\"\nversion = \"{version}\"");
        let at = text.find(&entry).expect("the entry is in the file");
        let result = cat(&text, Some(&format!("Which version of {name} is locked?")));
        if at >= text.len() - cut && !result.changed {
            return Ok(());
        }
        let view = String::from_utf8_lossy(&result.text);
        if !result.changed || !view.contains(&entry) {
            return Err(format!(
                "{name} before the tail ({at} < {}) was not shown",
                text.len() - cut
            ));
        }
        let last = text.trim_end().lines().last().expect("a last line");
        if !view.trim_end().ends_with(last) {
            return Err("the view does not end with the file's last line".into());
        }
        if view.len() > cut + 200 {
            return Err(format!(
                "view of {} bytes over Pi's cut of {cut}",
                view.len()
            ));
        }
        Ok(())
    });
}

#[test]
fn a_package_past_the_cut_is_shown_and_the_view_stays_within_the_cut() {
    let cases = support::cases("PAST_CUT_CASES", 200);
    support::check_seeds(cases, 0x9a57_0000, |seed| {
        let (text, packages) = lockfile(seed);
        let cut = pi_cut_bytes(text.as_bytes(), true);
        let mut rng = Rng::new(seed ^ 0x5eed);
        let (name, version) = &packages[rng.below(packages.len() as u64) as usize];
        let entry = format!("name = \"{name}\"\nversion = \"{version}\"");
        let at = text.find(&entry).expect("the entry is in the file");
        let result = read(&text, Some(&format!("Which version of {name} is locked?")));
        let view = String::from_utf8_lossy(&result.text);
        if at + entry.len() <= cut && !result.changed {
            // Within the cut: Pi's cut shows it. (A name that also begins others' names past
            // the cut, `x-157` of `x-1570`, may still show those.)
            return Ok(());
        }
        if !result.changed {
            return Err(format!("{name} past the cut ({at} > {cut}) was not shown"));
        }
        if !view.contains(&entry) {
            return Err(format!("the view lacks {entry:?}"));
        }
        if !view.starts_with("version = 1\n") {
            return Err("the view does not start with the file's first line".into());
        }
        if view.len() > cut + 200 {
            return Err(format!(
                "view of {} bytes over Pi's cut of {cut}",
                view.len()
            ));
        }
        Ok(())
    });
}

#[test]
fn without_a_question_the_file_is_left_to_pis_cut() {
    for seed in 0..20 {
        let (text, packages) = lockfile(0x9a57_1000 + seed);
        assert!(!read(&text, None).changed, "seed {seed}: no query");
        // A word that names no line changes nothing either.
        assert!(
            !read(&text, Some("zzzunmatched_term")).changed,
            "seed {seed}"
        );
        // Nor a package within the cut (the first one).
        let first = &packages[0].0;
        assert!(!read(&text, Some(first)).changed, "seed {seed}: {first}");
    }
}
