//! The fuzz targets' invariants (`lean_core::fuzzing`) under stable `cargo test`, so CI checks
//! them on every run: proptest feeds each checker both arbitrary bytes and inputs shaped like
//! real tool output. The crate's tests build with the `fuzzing` feature, so compaction panics
//! fail these tests instead of being caught.

use lean_core::compact::ContentKind;
use lean_core::fuzzing::{
    check_compact, check_frontmatter, check_paging, check_skills, compact_case, reference_match,
};
use lean_core::skills::NamePattern;
use proptest::prelude::*;

/// Tool-output-like text: repeated templates, errors, JSON fragments, escapes and odd bytes.
fn shaped_output() -> impl Strategy<Value = Vec<u8>> {
    let line = prop_oneof![
        4 => (0u32..3000).prop_map(|n| format!("INFO request {n} served in {} ms", n % 40)),
        2 => (0u32..200).prop_map(|n| format!("test mod_{n}::case ... ok")),
        1 => (0u32..50).prop_map(|n| format!("error[E0{n}]: mismatched types at src/lib.rs:{n}:5")),
        1 => (0u32..50).prop_map(|n| format!("src/file{}.rs:{n}:fn matched_{n}()", n % 7)),
        1 => (0u32..50).prop_map(|n| format!("@@ -{n},3 +{n},4 @@\n-old {n}\n+new {n}")),
        1 => (0u32..50).prop_map(|n| format!("{{\"id\":{n},\"level\":\"info\",\"msg\":\"x\\\\\"}}")),
        1 => Just("\u{1b}[31mred\u{1b}[0m\r".to_string()),
        1 => Just("\"unterminated \\".to_string()),
        1 => "\\PC{0,30}",
    ];
    (prop::collection::vec(line, 0..300), any::<bool>())
        .prop_map(|(lines, crlf)| lines.join(if crlf { "\r\n" } else { "\n" }).into_bytes())
}

/// JSON documents with escapes in keys and strings, often cut off (tool output gets
/// truncated), so the JSON path sees every place a document can end.
fn json_documents() -> impl Strategy<Value = Vec<u8>> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(serde_json::Value::from),
        any::<bool>().prop_map(serde_json::Value::from),
        "[a-z\\\\\"\\n é]{0,12}".prop_map(serde_json::Value::from),
        Just(serde_json::Value::Null),
    ];
    let value = leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(serde_json::Value::Array),
            prop::collection::vec(("[a-z\\\\\"]{1,6}", inner), 0..6)
                .prop_map(|fields| serde_json::Value::Object(fields.into_iter().collect())),
        ]
    });
    (
        value,
        any::<bool>(),
        any::<prop::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(value, pretty, cut, truncate)| {
            let mut text = if pretty {
                serde_json::to_vec_pretty(&value)
            } else {
                serde_json::to_vec(&value)
            }
            .expect("a Value serialises");
            if truncate && !text.is_empty() {
                text.truncate(cut.index(text.len()) + 1);
            }
            text
        })
}

/// A case header (kind, option bits, aggressiveness, pick, limit, query length) for
/// [`compact_case`], so structured inputs reach every kind and option bit too.
fn header() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 6)
}

/// Cases per property: 160 in CI, more for a longer pass (`PROPTEST_CASES=5000 cargo test …`).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(160)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn compact_invariants_on_arbitrary_bytes(data in prop::collection::vec(any::<u8>(), 0..4000)) {
        let (input, options) = compact_case(&data);
        check_compact(&input, &options);
    }

    #[test]
    fn compact_invariants_on_tool_output(head in header(), body in shaped_output()) {
        let mut data = head;
        data[5] = 0; // no query bytes: the body starts right after the header
        data.extend_from_slice(&body);
        let (input, options) = compact_case(&data);
        check_compact(&input, &options);
    }

    #[test]
    fn compact_invariants_for_every_forced_kind(body in shaped_output(), bits in any::<u8>()) {
        for kind in 0..=ContentKind::ALL.len() as u8 {
            let mut data = vec![kind, bits, 128, 3, 7, 0];
            data.extend_from_slice(&body);
            let (input, options) = compact_case(&data);
            check_compact(&input, &options);
        }
    }

    #[test]
    fn compact_invariants_on_json(body in json_documents(), bits in any::<u8>(), detect in any::<bool>()) {
        // Kind json (or detection), a threshold under 64 bytes so short documents compact too.
        let json = ContentKind::ALL.iter().position(|k| *k == ContentKind::Json).unwrap() as u8 + 1;
        let mut data = vec![if detect { 0 } else { json }, bits | 16, 200, 1, 0, 0];
        data.extend_from_slice(&body);
        let (input, options) = compact_case(&data);
        check_compact(&input, &options);
    }

    #[test]
    fn paging_rebuilds_the_original(data in prop::collection::vec(any::<u8>(), 0..3000)) {
        check_paging(&data);
    }

    #[test]
    fn paging_rebuilds_line_shaped_originals(size in any::<u8>(), start in any::<u8>(), body in shaped_output()) {
        let mut data = vec![size, start];
        data.extend_from_slice(&body);
        check_paging(&data);
    }

    #[test]
    fn frontmatter_invariants(data in prop::collection::vec(any::<u8>(), 0..600)) {
        check_frontmatter(&data);
    }

    #[test]
    fn frontmatter_invariants_on_yaml_like_text(lines in prop::collection::vec(prop_oneof![
        Just("name: x".to_string()),
        Just("requires: [a, b, a]".to_string()),
        Just("dependencies:\n  - a\n  - c".to_string()),
        Just("description: \"esc \\".to_string()),
        Just("description: |".to_string()),
        Just("---".to_string()),
        "\\PC{0,20}",
    ], 0..10)) {
        check_frontmatter(lines.join("\n").as_bytes());
    }

    #[test]
    fn search_closure_and_pattern_invariants(data in prop::collection::vec(any::<u8>(), 0..400)) {
        check_skills(&data);
    }

    #[test]
    fn patterns_agree_with_the_reference_matcher(pattern in "[ab*?]{0,8}", name in "[ab]{0,10}") {
        prop_assert_eq!(NamePattern::new(&pattern).matches(&name), reference_match(&pattern, &name));
    }
}

/// Regression: a page size of `usize::MAX` from a middle line overflowed computing the last
/// line (a panic in debug builds, a wrapped `next_start_line` in release).
#[test]
fn paging_with_unbounded_pages_from_a_middle_line() {
    for size in [0u8, 1] {
        for start in 0u8..6 {
            let mut data = vec![size, start];
            data.extend_from_slice(b"one\ntwo\r\nthree\nfour");
            check_paging(&data);
        }
    }
}
