//! Properties of the data side of compaction (issue 29 points 5 and 7, SO-20), each over
//! generated outputs with a fixed seed:
//! - in a JSON array of look-alike records, the one record whose value or key differs from its
//!   siblings keeps that value or key in the view (the minority rule on array items);
//! - the first and last records of a record array keep their whole content (SO-20);
//! - top-level scalars (`name`, `version`, `license`, `latest`, ...) are never replaced by `…`;
//! - in a config file that is mostly comments, every active setting stays;
//! - a read of a data, config or docs file that fits in Pi's cut reaches the model whole.
//!
//! Failures proptest finds are kept in `compact_data_properties.proptest-regressions`.

use lean_core::compact::{compact, CompactOptions};
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, RngSeed};
use serde_json::{json, Map, Value};

/// Fixed seed: `cargo test` runs the same cases every time.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(0x2929_5020),
        ..ProptestConfig::default()
    }
}

fn view(input: &[u8], opts: &CompactOptions) -> String {
    String::from_utf8(compact(input, opts).text).expect("views are UTF-8")
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect()
}

/// One record of a look-alike array: the same keys, few distinct values, a numbered name.
fn record(i: usize, team_count: usize) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("id".into(), json!(i + 1));
    map.insert("name".into(), json!(format!("item{:04}", i + 1)));
    map.insert("status".into(), json!("ok"));
    map.insert("team".into(), json!(format!("team-{}", i % team_count)));
    map.insert("active".into(), json!(true));
    map
}

/// How the needle record differs from its siblings.
#[derive(Debug, Clone)]
enum Needle {
    /// Another value in an existing slot (`status`, `team` or `active`).
    Value(usize, String),
    /// A key no other record has.
    Key(String, String),
}

fn needle() -> impl Strategy<Value = Needle> {
    prop_oneof![
        (0usize..3, "[a-z]{3,12}").prop_map(|(slot, word)| Needle::Value(slot, word)),
        ("[a-z]{3,10}_[a-z]{2,6}", "[a-z0-9]{1,16}").prop_map(|(k, v)| Needle::Key(k, v)),
    ]
}

proptest! {
    #![proptest_config(config(2000))]

    /// The minority rule on JSON array items, and SO-20's first and last records.
    #[test]
    fn the_record_that_differs_and_the_ends_keep_their_content(
        items in 40usize..400,
        at in 0usize..400,
        teams in 2usize..12,
        needle in needle(),
        pretty in any::<bool>(),
    ) {
        let at = at % items;
        let mut records: Vec<Map<String, Value>> = (0..items).map(|i| record(i, teams)).collect();
        let expected = match &needle {
            Needle::Value(slot, word) => {
                let key = ["status", "team", "active"][*slot];
                let value = json!(format!("odd-{word}"));
                records[at].insert(key.into(), value.clone());
                format!("\"{key}\":{value}")
            }
            Needle::Key(key, word) => {
                let value = json!(format!("odd-{word}"));
                records[at].insert(key.clone(), value.clone());
                format!("\"{key}\":{value}")
            }
        };
        let doc = Value::Array(records.iter().cloned().map(Value::Object).collect());
        let input = if pretty { serde_json::to_string_pretty(&doc) } else { serde_json::to_string(&doc) }.unwrap();
        let out = squeeze(&view(input.as_bytes(), &CompactOptions::default()));
        prop_assert!(out.contains(&expected), "needle {expected} of record {at} lost:\n{out}");
        for end in [0, items - 1] {
            let whole = serde_json::to_string(&Value::Object(records[end].clone())).unwrap();
            prop_assert!(out.contains(&whole), "record {end} is not whole: {whole}\n{out}");
        }
    }

    /// A top-level scalar is never replaced by `…`, however large the arrays beside it are.
    #[test]
    fn top_level_scalars_stay(
        items in 50usize..600,
        version in "[0-9]{1,2}\\.[0-9]{1,2}\\.[0-9]{1,3}",
        license in prop::sample::select(vec!["MIT", "Apache-2.0", "ISC", "BSD-3-Clause"]),
        latest in "[0-9]\\.[0-9]\\.[0-9]-(beta|rc)\\.[0-9]",
        nested in any::<bool>(),
    ) {
        let records: Vec<Value> = (0..items).map(|i| Value::Object(record(i, 7))).collect();
        let payload = if nested { json!({ "results": records, "pages": items / 50 }) } else { json!(records) };
        let doc = json!({
            "name": "pkg-under-test",
            "version": version,
            "license": license,
            "latest": latest,
            "data": payload,
            "private": false,
        });
        let input = serde_json::to_string_pretty(&doc).unwrap();
        let out = squeeze(&view(input.as_bytes(), &CompactOptions::default()));
        for key in ["name", "version", "license", "latest", "private"] {
            let expected = format!("\"{key}\":{}", doc[key]);
            prop_assert!(out.contains(&expected), "{expected} lost:\n{out}");
        }
    }
}

/// A config file: commented defaults (look-alike `# key = value` lines and prose) with a few
/// active settings among them, in `key = value` or `key=value` form.
fn config_file(comments: usize, active: &[(usize, String, String)], bare: bool) -> String {
    let mut lines: Vec<String> = (0..comments)
        .map(|i| match i % 4 {
            0 => format!("# option_{i} sets how the server handles case {i}; see the manual."),
            1 => format!("#option_{i} = default_{i}"),
            2 => String::new(),
            _ => format!("# The default is {} and rarely needs a change.", i * 3),
        })
        .collect();
    for (at, key, value) in active {
        let line = if bare {
            format!("{key}={value}")
        } else {
            format!("{key} = {value}")
        };
        lines.insert(at % (lines.len() + 1), line);
    }
    lines.join("\n") + "\n"
}

/// Up to five settings with distinct keys (a key set twice is overridden by its last line in
/// most formats, so only distinct keys are all active).
fn settings() -> impl Strategy<Value = Vec<(usize, String, String)>> {
    prop::collection::btree_map(
        "[a-z]{3,10}(_[a-z]{2,8})?",
        (0usize..4000, "[a-z0-9/.]{1,20}"),
        1..6,
    )
    .prop_map(|map| {
        map.into_iter()
            .map(|(key, (at, value))| (at, key, value))
            .collect()
    })
}

proptest! {
    #![proptest_config(config(1000))]

    /// Active settings rank above comments: a config printed by a command (no path hint) keeps
    /// every one of them.
    #[test]
    fn active_settings_among_comments_stay(
        comments in 200usize..1200,
        active in settings(),
        bare in any::<bool>(),
    ) {
        let input = config_file(comments, &active, bare);
        let out = view(input.as_bytes(), &CompactOptions::default());
        for (_, key, value) in &active {
            let line = if bare { format!("{key}={value}") } else { format!("{key} = {value}") };
            prop_assert!(out.contains(&line), "setting {line} lost:\n{out}");
        }
    }

    /// A read of a data, config or docs file within Pi's cut is whole, by the read tool or
    /// by `cat` in a shell; the same bytes from another command may be compacted.
    #[test]
    fn data_reads_within_pis_cut_are_whole(
        rows in 100usize..900,
        odd in 0usize..900,
        ext in prop::sample::select(vec!["csv", "yaml", "toml", "ini", "xml", "md", "properties", "json"]),
        by_shell in any::<bool>(),
    ) {
        let mut lines = vec!["order_id,customer,sku,qty,status".to_string()];
        lines.extend((0..rows).map(|i| format!("{},cust-{:03},SKU-{:02},{},paid", 100_000 + i, i % 97, i % 31, i % 5 + 1)));
        let odd = 1 + odd % rows;
        lines[odd] = format!("{},cust-999,SKU-77,-3,refunded", 100_000 + odd - 1);
        let input = lines.join("\n") + "\n";
        let path = format!("data/orders.{ext}");
        let opts = if by_shell {
            CompactOptions { tool: Some("bash".into()), command: Some(format!("cat {path}")), ..Default::default() }
        } else {
            CompactOptions { tool: Some("read".into()), path: Some(path), ..Default::default() }
        };
        prop_assert!(input.len() <= 50 * 1024);
        let result = compact(input.as_bytes(), &opts);
        prop_assert!(!result.changed);
        prop_assert_eq!(result.text, input.as_bytes());
    }
}

/// The bytes of a `.csv` printed by a command that is not a read (here a report generator) are
/// still compacted: the whole-read rule follows the request, not the bytes.
#[test]
fn only_reads_are_kept_whole() {
    let input: String = (0..2000)
        .map(|i| {
            format!(
                "{},cust-{:03},SKU-{:02},{},paid\n",
                100_000 + i,
                i % 97,
                i % 31,
                i % 5 + 1
            )
        })
        .collect();
    let opts = CompactOptions {
        tool: Some("bash".into()),
        command: Some("./report --format csv > out.csv && wc -l out.csv".into()),
        ..Default::default()
    };
    assert!(compact(input.as_bytes(), &opts).changed);
    let read = CompactOptions {
        tool: Some("read".into()),
        path: Some("out.csv".into()),
        ..Default::default()
    };
    assert!(!compact(input.as_bytes(), &read).changed);
}

/// A past failure of `active_settings_among_comments_stay`: the first 16 KB (the detection
/// sample) held only comments, so the file was not read as a config and a setting was folded.
#[test]
fn a_config_whose_head_is_only_comments_keeps_its_later_settings() {
    let active = [
        (1658, "aaa".to_string(), "a".to_string()),
        (2859, "aab".to_string(), "0".to_string()),
        (1662, "iaa".to_string(), "0".to_string()),
    ];
    let input = config_file(596, &active, true);
    let out = view(input.as_bytes(), &CompactOptions::default());
    for line in ["aaa=a", "aab=0", "iaa=0"] {
        assert!(out.contains(line), "{line} lost:\n{out}");
    }
}

proptest! {
    #![proptest_config(config(1000))]

    /// A requested field (named in the query) is never replaced by `…`: every record keeps it.
    #[test]
    fn a_requested_field_stays_in_every_record(
        items in 60usize..400,
        regions in 2usize..6,
        pretty in any::<bool>(),
    ) {
        let records: Vec<Value> = (0..items)
            .map(|i| {
                let mut map = Map::new();
                map.insert("id".into(), json!(i + 1));
                map.insert("name".into(), json!(format!("item{:04}", i + 1)));
                map.insert("region".into(), json!(format!("eu-{}", i % regions)));
                for (key, value) in record(i, 5) {
                    map.entry(key).or_insert(value);
                }
                Value::Object(map)
            })
            .collect();
        let doc = Value::Array(records);
        let input = if pretty { serde_json::to_string_pretty(&doc) } else { serde_json::to_string(&doc) }.unwrap();
        let opts = CompactOptions { query: Some("which region is item0042 in?".into()), ..Default::default() };
        let out = squeeze(&view(input.as_bytes(), &opts));
        for i in 0..items {
            let pair = format!("\"name\":\"item{:04}\",\"region\":\"eu-{}\"", i + 1, i % regions);
            prop_assert!(out.contains(&pair), "{pair} lost:\n{out}");
        }
    }
}

/// A word of `len` letters from `seed` (descriptions and dates need bulk, not meaning).
fn filler(seed: usize, len: usize) -> String {
    let mut state = seed as u64 ^ 0x9e37_79b9_7f4a_7c15;
    (0..len)
        .map(|i| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            if i % 9 == 8 {
                ' '
            } else {
                (b'a' + (state >> 59) as u8 % 26) as char
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(config(300))]

    /// Registry metadata: a map with one field per version beside a long list of versions puts
    /// the skeleton over its budget. The map then shows its first and last fields, and still no
    /// top-level scalar is left out; the newest version (the list's last item) stays.
    #[test]
    fn top_level_scalars_and_the_last_item_stay_beside_long_maps(
        count in 200usize..3000,
        license in prop::sample::select(vec!["MIT", "Apache-2.0", "ISC", "BSD-3-Clause"]),
        pretty in any::<bool>(),
    ) {
        let versions: Vec<String> = (0..count).map(|i| format!("{}.{}.{}", i / 100, (i / 10) % 10, i % 10)).collect();
        let latest = versions.last().unwrap().clone();
        let mut time = Map::new();
        for (i, v) in versions.iter().enumerate() {
            time.insert(v.clone(), json!(format!("2025-{:02}-{:02}T{}", 1 + i % 12, 1 + i % 28, filler(i, 12))));
        }
        let doc = json!({
            "_id": format!("pkg@{latest}"),
            "name": "pkg",
            "dist-tags": { "latest": latest },
            "versions": versions,
            "time": time,
            "license": license,
            "homepage": "https://example.test/pkg",
            "deprecated": false,
        });
        let input = if pretty { serde_json::to_string_pretty(&doc) } else { serde_json::to_string(&doc) }.unwrap();
        let out = squeeze(&view(input.as_bytes(), &CompactOptions::default()));
        for key in ["_id", "name", "license", "homepage", "deprecated"] {
            let expected = format!("\"{key}\":{}", doc[key]);
            prop_assert!(out.contains(&expected), "{expected} lost:\n{out}");
        }
        prop_assert!(out.contains(&format!("\"latest\":\"{latest}\"")), "dist-tags lost:\n{out}");
        prop_assert!(out.contains(&format!("\"{latest}\"")), "the last version is not shown:\n{out}");
    }

    /// Records whose identity is nested (an install report's `metadata.name` and
    /// `metadata.version` beside long descriptions): a skeleton spends its budget opening them,
    /// so every record's name and version stay while the descriptions are cut short (the
    /// records a one-line form writes show their nested objects' first short values).
    #[test]
    fn nested_identities_of_a_few_records_stay(
        records in 2usize..40,
        description_len in 9000usize..20000,
        pretty in any::<bool>(),
    ) {
        let items: Vec<Value> = (0..records)
            .map(|i| json!({
                "download_info": { "url": format!("https://files.example.test/{}/{}.whl", filler(i, 40), i), "archive_info": { "hash": filler(i + 50, 64), "hashes": { "sha256": filler(i + 90, 64) } } },
                "is_direct": false,
                "requested": i == 0,
                "metadata": {
                    "metadata_version": "2.1",
                    "name": format!("package-{i}"),
                    "version": format!("{}.{}.{}", i + 1, i * 3 % 10, 7 - i % 7),
                    "summary": filler(i + 7, 40),
                    "description": filler(i + 13, description_len),
                    "classifier": (0..18).map(|k| filler(k + i, 30)).collect::<Vec<_>>(),
                },
            }))
            .collect();
        let doc = json!({ "version": "1", "install": items, "environment": { "python_version": "3.11" } });
        let input = if pretty { serde_json::to_string_pretty(&doc) } else { serde_json::to_string(&doc) }.unwrap();
        let out = squeeze(&view(input.as_bytes(), &CompactOptions::default()));
        // A document within the lossless threshold is shown as printed; a larger one is cut.
        if input.len() > 64 * 1024 {
            prop_assert!(out.len() < input.len() / 2, "not compacted: {} of {} bytes", out.len(), input.len());
        }
        for i in 0..records {
            // (serde_json orders keys by name: `name` and `version` are not adjacent.)
            let name = format!("\"name\":\"package-{i}\"");
            let version = format!("\"version\":\"{}.{}.{}\"", i + 1, i * 3 % 10, 7 - i % 7);
            prop_assert!(out.contains(&name) && out.contains(&version), "{name} / {version} lost:\n{out}");
        }
    }
}

proptest! {
    #![proptest_config(config(400))]

    /// JSON records one per line whose lengths vary (a registry index: each version lists its
    /// own dependencies): the record whose field holds a value unlike the one the others share
    /// (`"yanked": true`, `"level": "error"`) or that has a field none of the others has stays
    /// verbatim.
    #[test]
    fn the_record_line_that_differs_stays(
        count in 60usize..1500,
        at in 0usize..1500,
        rare_key in any::<bool>(),
        field in prop::sample::select(vec!["yanked", "level", "status"]),
    ) {
        let at = at % count;
        let (usual, odd) = match field {
            "yanked" => (json!(false), json!(true)),
            "level" => (json!("info"), json!("error")),
            _ => (json!("ok"), json!("degraded")),
        };
        let mut text = String::new();
        let mut needle = String::new();
        for i in 0..count {
            let deps: Vec<Value> = (0..(i * 7 % 5)).map(|k| json!({ "name": filler(i * 5 + k, 8), "req": format!("^{k}.{}", i % 9), "optional": k % 2 == 0 })).collect();
            let mut map = Map::new();
            map.insert("name".into(), json!("crate"));
            map.insert("vers".into(), json!(format!("{}.{}.{}", i / 100, (i / 10) % 10, i % 10)));
            map.insert("deps".into(), Value::Array(deps));
            map.insert("cksum".into(), json!(filler(i + 3, 64)));
            map.insert(field.into(), if i == at && !rare_key { odd.clone() } else { usual.clone() });
            if i == at && rare_key {
                map.insert("deprecated_reason".into(), json!("superseded"));
            }
            let line = serde_json::to_string(&Value::Object(map)).unwrap();
            if i == at {
                needle = line.clone();
            }
            text.push_str(&line);
            text.push('\n');
        }
        let out = view(text.as_bytes(), &CompactOptions::default());
        prop_assert!(out.contains(&needle), "record {at} lost:\n{needle}");
    }
}

proptest! {
    #![proptest_config(config(500))]

    /// A dump of settings (`python -m sysconfig`, `git config -l`, a lockfile printed by a
    /// command) that Pi's cut shows whole reaches the model whole: every line is a value the
    /// agent may be looking for, unlike the others only in that value. Past Pi's cut, the view
    /// stays within it.
    #[test]
    fn a_settings_dump_within_pis_cut_is_whole(
        count in 300usize..1900,
        indent in any::<bool>(),
        quoted in any::<bool>(),
    ) {
        let input: String = (0..count)
            .map(|i| {
                let key = format!("{}_{}", ["CFLAGS", "LDFLAGS", "SOABI", "PREFIX", "CONFIG_ARGS"][i % 5], i);
                let value = if quoted { format!("\"{}\"", filler(i, 8 + i % 17)) } else { filler(i, 8 + i % 17) };
                format!("{}{key} = {value}\n", if indent { "\t" } else { "" })
            })
            .collect();
        let result = compact(input.as_bytes(), &CompactOptions { tool: Some("bash".into()), ..Default::default() });
        if input.len() <= 50 * 1024 {
            prop_assert!(!result.changed, "a {}-byte settings dump was folded", input.len());
        } else {
            prop_assert!(result.text.len() <= 50 * 1024);
        }
    }

    /// An options listing (`--help`, `--v8-options`) is documentation opened to look one
    /// option up: it reaches the model as Pi's cut shows it, never folded.
    #[test]
    fn an_options_listing_is_not_folded(
        count in 40usize..1500,
        style in 0usize..3,
    ) {
        let input: String = (0..count)
            .map(|i| {
                let name = format!("{}-{}", filler(i, 6).replace(' ', "x"), i);
                match style {
                    0 => format!("  --{name} ({})\n        type: int  default: --{name}={}\n", filler(i + 1, 30), i * 7),
                    1 => format!("  -{}, --{name}=VALUE    {}\n", (b'a' + (i % 26) as u8) as char, filler(i + 2, 40)),
                    _ => format!("      --{name}\n              {}\n", filler(i + 3, 50)),
                }
            })
            .collect();
        let result = compact(input.as_bytes(), &CompactOptions { tool: Some("bash".into()), ..Default::default() });
        prop_assert!(!result.changed, "an options listing of {} bytes was folded", input.len());
    }
}

/// A long listing's file modes (`-rw-r--r--`) are not options: `ls -la` is still compacted.
#[test]
fn a_long_file_listing_is_not_an_options_listing() {
    let input: String = (0..3000)
        .map(|i| {
            format!(
                "-rw-r--r--  1 root root {:>9} Jan  3  2023 lib{}.so.{}\n",
                1000 + i * 37,
                filler(i, 7).replace(' ', "_"),
                i % 9
            )
        })
        .collect();
    assert!(compact(input.as_bytes(), &CompactOptions::default()).changed);
}

proptest! {
    #![proptest_config(config(300))]

    /// A JSON array printed one record per line (`sqlite3 -json`) whose one-line skeleton is over
    /// budget takes the line path; the record whose value differs from the others' still stays.
    #[test]
    fn the_differing_record_of_an_array_printed_one_per_line_stays(
        count in 800usize..3000,
        at in 0usize..3000,
        status in prop::sample::select(vec!["refunded", "disputed", "lost"]),
    ) {
        let at = at % count;
        let lines: Vec<String> = (0..count)
            .map(|i| {
                let state = if i == at { status } else if i % 3 == 0 { "paid" } else { "shipped" };
                format!("{{\"id\":{},\"customer\":\"c{}\",\"placed\":\"2026-10-{:02}\",\"total_cents\":{},\"status\":\"{state}\"}}", 500_000 + i, 1000 + i * 37 % 9000, 1 + i % 28, 500 + i * 7919 % 19_500)
            })
            .collect();
        let input = format!("[{}]\n", lines.join(",\n"));
        let out = view(input.as_bytes(), &CompactOptions::default());
        // Verbatim on the line path, or as its id and the differing value on one skeleton line.
        let (id, state) = (format!("\"id\":{}", 500_000 + at), format!("\"status\":\"{status}\""));
        prop_assert!(out.lines().any(|l| l.contains(&id) && l.contains(&state)), "record {at} lost: {}", lines[at]);
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// A read is data by its content too: an XML document within Pi's cut is whole whatever
    /// its file is named (a JFR `.jfc`, an `.xsd`, a `.plist`, or no extension at all).
    #[test]
    fn xml_reads_within_pis_cut_are_whole(
        events in 150usize..400,
        ext in prop::sample::select(vec!["jfc", "xsd", "plist", "csproj", "config", ""]),
        bom in any::<bool>(),
    ) {
        let mut input = String::new();
        if bom {
            input.push('\u{feff}');
        }
        input.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration version=\"2.0\">\n");
        for k in 0..events {
            input.push_str(&format!(
                "    <event name=\"jdk.Event{k}\">\n      <setting name=\"enabled\">{}</setting>\n      <setting name=\"threshold\">{} ms</setting>\n    </event>\n\n",
                k % 3 == 0,
                k % 50
            ));
        }
        input.push_str("</configuration>\n");
        prop_assume!(input.len() <= 50 * 1024 && input.len() > 32 * 1024);
        let path = if ext.is_empty() { "profiles/default".to_string() } else { format!("profiles/default.{ext}") };
        let opts = CompactOptions { tool: Some("read".into()), path: Some(path), ..Default::default() };
        let result = compact(input.as_bytes(), &opts);
        prop_assert!(!result.changed);
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// A JSON document read is data too, whatever its file is named (a notebook, a HAR
    /// capture, a web manifest, no extension at all): within Pi's cut it is whole, where a
    /// notebook read came back as a skeleton without one cell.
    #[test]
    fn json_reads_within_pis_cut_are_whole(
        cells in 60usize..160,
        ext in prop::sample::select(vec!["ipynb", "har", "webmanifest", "data", ""]),
        array in any::<bool>(),
    ) {
        let mut items: Vec<String> = Vec::new();
        for k in 0..cells {
            items.push(format!(
                "  {{\n   \"cell_type\": \"code\",\n   \"execution_count\": {k},\n   \"metadata\": {{}},\n   \"source\": [\n    \"import numpy as np\\n\",\n    \"x_{k} = np.arange({})\\n\"\n   ]\n  }}",
                k * 7 % 100
            ));
        }
        let body = items.join(",\n");
        let input = if array {
            format!("[\n{body}\n]\n")
        } else {
            format!("{{\n \"cells\": [\n{body}\n ],\n \"nbformat\": 4,\n \"nbformat_minor\": 5\n}}\n")
        };
        prop_assume!(input.len() <= 50 * 1024 && input.len() > 12 * 1024);
        let path = if ext.is_empty() { "notebooks/analysis".to_string() } else { format!("notebooks/analysis.{ext}") };
        let opts = CompactOptions { tool: Some("read".into()), path: Some(path), ..Default::default() };
        let result = compact(input.as_bytes(), &opts);
        prop_assert!(!result.changed);
    }

    /// A small output is shown as stock Pi shows it, grep hits too: `path:line: text` lines
    /// under the lossless threshold pass through, not regrouped by file.
    #[test]
    fn small_grep_output_passes_through(
        files in 5usize..40,
        hits in 1usize..6,
        seed in 0u64..1000,
    ) {
        let mut input = String::new();
        for f in 0..files {
            for h in 0..hits {
                input.push_str(&format!(
                    "src/module_{f}/file_{}.py:{}: recieve ==> receive\n",
                    (seed as usize + f) % 7,
                    10 + h * 13
                ));
            }
        }
        prop_assume!(input.len() > 2048 && input.len() < 16 * 1024);
        let opts = CompactOptions { tool: Some("bash".into()), command: Some("codespell src".into()), ..Default::default() };
        let result = compact(input.as_bytes(), &opts);
        prop_assert!(!result.changed, "{}", String::from_utf8_lossy(&result.text));
    }
}
