//! A JSON document is read as JSON after the few lines a tool printed before it, and a record
//! the question names by a word of its identifier shows its nested values. `cargo build
//! --unit-graph` prints `Locking 54 packages` on stderr, then one 47 KB line of JSON: read as
//! lines, the document was one over-long line whose middle was cut out, with every unit in
//! it; the question "which features is clap built with" names `clap`, which no value equals
//! (the unit's id is `registry+…#clap@4.6.10`).
//!
//! Properties over generated unit graphs (80 to 200 units, on one line or pretty-printed,
//! after 0 to 3 status lines), asked about one unit by its crate name:
//! - every status line is in the view verbatim, and the view is the document's JSON view
//!   (its skeleton marker names the document's lines, after the status lines);
//! - the asked unit's feature list is in the view as the document writes it.
//!
//! Cases come from fixed seeds (`JSON_PREFACE_CASES`, default 300).

mod support;
use lean_core::compact::{compact, CompactOptions};
use support::{Rng, NOUNS, VERBS};

/// Status lines a tool prints before its document.
const STATUS: &[&str] = &[
    "    Updating crates.io index",
    "     Locking 54 packages to latest compatible versions",
    "      Adding clap v4.6.10",
    "warning: `--unit-graph` is unstable",
    "npm notice New minor version of npm available! 11.2.0 -> 11.6.0",
];

/// A unit graph: the text, the status lines before it, the asked crate and its feature list
/// as written.
fn output(seed: u64) -> (String, Vec<String>, String, String) {
    let mut rng = Rng::new(seed);
    let units = rng.range(80, 201) as usize;
    let pretty = rng.below(3) == 0;
    let asked_at = rng.below(units as u64) as usize;
    let mut records = Vec::new();
    let mut asked = (String::new(), String::new());
    for u in 0..units {
        let name = format!("{}{}-{}", rng.pick(NOUNS), u, rng.pick(VERBS));
        let features: Vec<String> = (0..rng.range(0, 9))
            .map(|k| format!("\"{}{k}\"", rng.pick(VERBS)))
            .collect();
        let features = format!("[{}]", features.join(","));
        if u == asked_at {
            asked = (name.clone(), features.clone());
        }
        records.push(format!(
            "{{\"pkg_id\":\"registry+https://github.com/rust-lang/crates.io-index#{name}@0.{}.{}\",\"target\":{{\"kind\":[\"lib\"],\"name\":\"{}\",\"src_path\":\"/root/.cargo/registry/src/{name}/src/lib.rs\",\"edition\":\"2021\"}},\"profile\":{{\"name\":\"dev\",\"opt_level\":\"0\",\"debuginfo\":2}},\"platform\":null,\"mode\":\"build\",\"features\":{features},\"dependencies\":[{{\"index\":{},\"extern_crate_name\":\"{}\"}}]}}",
            rng.below(20),
            rng.below(9),
            name.replace('-', "_"),
            rng.below(units as u64),
            rng.pick(NOUNS)
        ));
    }
    let document = if pretty {
        // One record a line, as a pretty printer that keeps records whole would.
        format!(
            "{{\n  \"version\": 1,\n  \"units\": [\n    {}\n  ],\n  \"roots\": [{asked_at}]\n}}\n",
            records.join(",\n    ")
        )
    } else {
        format!(
            "{{\"version\":1,\"units\":[{}],\"roots\":[{asked_at}]}}\n",
            records.join(",")
        )
    };
    let status: Vec<String> = (0..rng.below(4))
        .map(|_| rng.pick(STATUS).to_string())
        .collect();
    let mut text = String::new();
    for line in &status {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&document);
    (text, status, asked.0, asked.1)
}

#[test]
fn a_document_after_status_lines_is_read_as_json_and_the_asked_record_opens() {
    let cases = support::cases("JSON_PREFACE_CASES", 300);
    support::check_seeds(cases, 0x0057_a7e5, |seed| {
        let (text, status, name, features) = output(seed);
        let opts = CompactOptions {
            tool: Some("bash".into()),
            command: Some("cargo build --unit-graph -Z unstable-options".into()),
            query: Some(format!("which features is {name} built with")),
            recovery_id: Some(lean_core::hash::xxh3_hex(text.as_bytes())),
            ..Default::default()
        };
        let result = compact(text.as_bytes(), &opts);
        if !result.changed {
            return Err("an output over the threshold came back unchanged".into());
        }
        let view = String::from_utf8_lossy(&result.text);
        let shown: Vec<&str> = view.lines().collect();
        if shown[..status.len()] != status.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            return Err(format!(
                "the status lines are not the view's first lines: {:?}",
                &shown[..status.len().min(shown.len())]
            ));
        }
        if !result.strategies.contains(&"minify-json") {
            return Err(format!("not read as JSON: {:?}", result.strategies));
        }
        let lines = text.lines().count();
        for range in &result.ranges {
            if range.start_line != status.len() + 1 || range.end_line != lines {
                return Err(format!(
                    "the skeleton's range {}-{} is not the document's lines {}-{lines}",
                    range.start_line,
                    range.end_line,
                    status.len() + 1
                ));
            }
        }
        let wanted = format!("\"features\":{features}");
        if !view.contains(&wanted) {
            return Err(format!("lost {name}'s {wanted}"));
        }
        Ok(())
    });
}
