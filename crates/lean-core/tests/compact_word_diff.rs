//! A word diff's one different change is visible with where it is, as a property over generated
//! outputs. `git diff --word-diff` writes changed words as `[-old-]{+new+}` inside an unsigned
//! line, and context lines bare: its changed lines carry no `+` or `-`, and one changed
//! `timeout_ms` line shares its shape with every unchanged `timeout_ms` line. Each case is a
//! config of a few hundred look-alike sections where one key is rewritten in many (or no)
//! sections, and one other key changed in one section only. The view must hold that changed line
//! and its section's header verbatim, whether the command names the diff or not (a one-file diff
//! with one long hunk has only three header lines).
//!
//! Before the engine read word-diff lines as changes, 46 of the first 50 cases lost the needle
//! or its section. Cases come from a fixed seed (`WORD_DIFF_CASES`, default 150).

mod support;
use support::Rng;

const KEYS: &[&str] = &[
    "host",
    "port",
    "timeout_ms",
    "retries",
    "pool_size",
    "log_level",
    "region",
    "weight",
];

/// One word diff, its changed needle line and the header of the needle's section.
fn case(seed: u64) -> (String, String, String) {
    let mut rng = Rng::new(seed);
    let sections = rng.range(150, 600) as usize;
    let keys = rng.range(3, KEYS.len() as u64 + 1) as usize;
    let keys = &KEYS[..keys];
    // The key most sections change (or none), and the key only the needle's section changes.
    let common = (rng.below(4) != 0).then(|| rng.below(keys.len() as u64) as usize);
    let mut odd = rng.below(keys.len() as u64) as usize;
    while Some(odd) == common {
        odd = rng.below(keys.len() as u64) as usize;
    }
    let needle_at = rng.below(sections as u64) as usize;
    let kind = if rng.below(2) == 0 {
        "service"
    } else {
        "worker"
    };
    let mut body = String::new();
    let mut needle = String::new();
    let mut header = String::new();
    let mut lines = 0;
    for s in 0..sections {
        let name = format!("[{kind}.{kind}-{s:03}]");
        body.push_str(&name);
        body.push('\n');
        for (k, key) in keys.iter().enumerate() {
            let value = format!("{}", 1000 + k * 7);
            let line = if Some(k) == common {
                format!("{key} = [-{kind}-{s:03}.old.internal-]{{+{kind}-{s:03}.new.internal+}}")
            } else if s == needle_at && k == odd {
                let new = format!("{}", 1000 + k * 7 + 1 + rng.below(90_000) as usize);
                format!("{key} = [-{value}-]{{+{new}+}}")
            } else {
                format!("{key} = {value}")
            };
            if s == needle_at && k == odd {
                needle = line.clone();
                header = name.clone();
            }
            body.push_str(&line);
            body.push('\n');
        }
        body.push('\n');
        lines += keys.len() + 2;
    }
    let out = format!(
        "diff --git a/services.conf b/services.conf\nindex 4062856..0c47a79 100644\n--- a/services.conf\n+++ b/services.conf\n@@ -1,{lines} +1,{lines} @@\n{body}"
    );
    (out, needle, header)
}

fn check(seed: u64, command: &str) -> Result<(), String> {
    let (input, needle, header) = case(seed);
    let Some(view) = support::view_of(&input, command) else {
        return Ok(());
    };
    support::keeps_lines(&view, &[needle, header]).map_err(|e| format!("`{command}` {e}"))
}

#[test]
fn a_word_diffs_lone_change_stays_with_its_section() {
    let cases = support::cases("WORD_DIFF_CASES", 150);
    support::check_seeds(cases, 0x00d1_ff00, |seed| {
        check(seed, "git diff --word-diff")?;
        check(seed, "./show-config-changes")
    });
}
