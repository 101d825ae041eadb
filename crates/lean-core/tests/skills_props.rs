//! Property tests: the frontmatter parser never panics and always reports a body offset on a
//! char boundary, and search never panics or returns out-of-range hits, whatever the input.

use lean_core::skills::{
    load_body_at, parse_frontmatter, Catalog, SearchIndex, SkillMeta, MAX_PAGE_BYTES,
};
use proptest::prelude::*;

/// Text that looks like frontmatter often enough to reach deep parser paths.
fn frontmatter_like() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        Just("---".to_string()),
        Just("name: x".to_string()),
        Just("description: >-".to_string()),
        Just("description: |".to_string()),
        Just("requires: [a, \"b\"".to_string()),
        Just("  - item".to_string()),
        Just("- item".to_string()),
        Just("description: \"esc \\u00e9 \\".to_string()),
        Just("  continued'".to_string()),
        Just("'quoted key': v".to_string()),
        Just("# comment".to_string()),
        Just("".to_string()),
        "[ -~\\t]{0,20}",
        "\\PC{0,8}",
    ];
    (
        prop::collection::vec(line, 0..12),
        prop::bool::ANY,
        prop::bool::ANY,
    )
        .prop_map(|(lines, crlf, bom)| {
            let joined = lines.join(if crlf { "\r\n" } else { "\n" });
            if bom {
                format!("\u{feff}{joined}")
            } else {
                joined
            }
        })
}

proptest! {
    #[test]
    fn frontmatter_parser_is_total(text in frontmatter_like()) {
        if let Ok(frontmatter) = parse_frontmatter(&text) {
            prop_assert!(frontmatter.body_start <= text.len());
            prop_assert!(text.is_char_boundary(frontmatter.body_start));
        }
    }

    #[test]
    fn frontmatter_parser_survives_arbitrary_text(text in "\\PC{0,200}") {
        let _ = parse_frontmatter(&text);
        let _ = parse_frontmatter(&format!("---\n{text}\n---\nbody"));
    }

    #[test]
    fn search_is_total(
        names in prop::collection::vec("[a-zA-Z0-9 _-]{1,12}", 1..20),
        query in "\\PC{0,80}",
        limit in 0usize..10,
    ) {
        let skills: Vec<SkillMeta> = names
            .iter()
            .map(|name| SkillMeta {
                name: name.clone(),
                description: format!("Helps with {name} and related work."),
                ..SkillMeta::default()
            })
            .collect();
        let (catalog, _) = Catalog::new(skills);
        let index = SearchIndex::build(&catalog);
        let result = index.search(&query, limit, &|i| i % 3 != 1);
        prop_assert!(result.hits.len() <= limit);
        prop_assert!((0.0..=1.0).contains(&result.confidence));
        for hit in &result.hits {
            prop_assert!(hit.index < catalog.len());
            prop_assert!(hit.index % 3 != 1);
            prop_assert!(hit.score.is_finite());
        }
        for mention in index.mentions(&query) {
            prop_assert!(mention < catalog.len());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Paging from the start until `next_offset` is None returns the body exactly, with every
    /// page inside the byte budget; lines under a page long are never cut, longer ones are
    /// continued by column.
    #[test]
    fn pages_reassemble_the_body(line_lengths in prop::collection::vec(prop_oneof![4 => 0usize..20_000, 1 => 20_000usize..130_000], 1..40), wide in prop::bool::ANY) {
        let unit = if wide { "ж" } else { "a" };
        let body: String = line_lengths
            .iter()
            .enumerate()
            .map(|(i, &len)| format!("{i}{}\n", unit.repeat(len / unit.len())))
            .collect();
        let dir = std::env::temp_dir().join(format!("lean-core-pager-{}-{}", std::process::id(), line_lengths.len()));
        std::fs::create_dir_all(dir.join("paged")).unwrap();
        let path = dir.join("paged/SKILL.md");
        std::fs::write(&path, format!("---\ndescription: d\n---\n{body}")).unwrap();
        let (mut offset, mut column) = (0, 0);
        let mut joined = String::new();
        let mut rev = None;
        loop {
            let page = load_body_at(&path, "paged", offset, column, rev.as_deref(), u64::MAX).unwrap();
            prop_assert!(page.text.len() <= MAX_PAGE_BYTES);
            prop_assert_eq!((page.offset, page.column), (offset, column));
            if page.column == 0 && page.next_column == 0 {
                prop_assert!(page.text.is_empty() || page.text.ends_with('\n'), "whole lines only");
            }
            joined.push_str(&page.text);
            rev = Some(page.rev.clone());
            match page.next_offset {
                Some(next) => {
                    prop_assert!((next, page.next_column) > (offset, column));
                    (offset, column) = (next, page.next_column);
                }
                None => break,
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
        prop_assert_eq!(joined, body);
    }
}

/// Text built from skill names, their case variants and the characters that sit at word
/// boundaries (punctuation, underscores, hyphens, letters, non-ASCII whose case folding
/// changes byte lengths).
fn mention_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("secret-x".to_string()),
        Just("SECRET-X".to_string()),
        Just("Secret-\u{212A}".to_string()),
        Just("secret".to_string()),
        Just("x".to_string()),
        Just("café-notes".to_string()),
        Just("CAFÉ-NOTES".to_string()),
        Just("tdd".to_string()),
        Just("_".to_string()),
        Just("-".to_string()),
        Just("--".to_string()),
        Just(" ".to_string()),
        Just("/skill:".to_string()),
        Just("`".to_string()),
        Just("\u{130}".to_string()),
        Just("ß".to_string()),
        Just("é".to_string()),
        Just("v2".to_string()),
        "[a-z.,;:()\\[\\]<>\"']",
    ];
    prop::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
}

proptest! {
    /// Every mention the finder reports is gone after redaction (one definition of a word
    /// boundary for both), and a text with no hidden mention comes back byte for byte.
    #[test]
    fn every_reported_mention_is_redacted(text in mention_soup()) {
        let skills: Vec<SkillMeta> = ["secret-x", "café-notes", "tdd", "secret"]
            .iter()
            .map(|name| SkillMeta { name: (*name).to_string(), description: "d".into(), ..SkillMeta::default() })
            .collect();
        let (catalog, _) = Catalog::new(skills);
        let index = SearchIndex::build(&catalog);
        let hidden = |i: usize| catalog.skills()[i].name != "tdd";
        let redacted = index.redact(&text, &hidden, "[hidden]");
        let left: Vec<usize> = index.mentions(&redacted).into_iter().filter(|&i| hidden(i)).collect();
        prop_assert!(left.is_empty(), "{text:?} -> {redacted:?} still mentions {left:?}");
        if !index.redactable_mentions(&text).into_iter().any(hidden) {
            prop_assert_eq!(&redacted, &text);
        }
    }
}
