//! Parses every real SKILL.md shipped with the routing eval data and checks the result against
//! the catalog rows, whose values were produced by PyYAML. Reported as ignored, with the reason,
//! when the shared data directory is not next to the repository (the build script checks).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lean_core::skills::{
    load_body, parse_frontmatter, read_skill_file, scan_skill_dirs, Catalog,
    DEFAULT_MAX_SOURCE_BYTES,
};

const SKILLS_DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/eval/routing/skills"
);
const ROUTING_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/eval/routing");

struct Row {
    name: String,
    description: String,
    disable_model_invocation: bool,
    body_chars: Option<u64>,
}

/// Catalog rows keyed by their `local_path` (relative to the routing dir).
fn catalog_rows() -> HashMap<String, Row> {
    let mut rows = HashMap::new();
    for file in ["catalog-mattpocock.jsonl", "catalog-superpowers.jsonl"] {
        let text =
            std::fs::read_to_string(Path::new(ROUTING_DIR).join(file)).expect("catalog file");
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let value: serde_json::Value = serde_json::from_str(line).expect("catalog row is JSON");
            rows.insert(
                value["local_path"]
                    .as_str()
                    .expect("local_path")
                    .to_string(),
                Row {
                    name: value["name"].as_str().expect("name").to_string(),
                    description: value["description"]
                        .as_str()
                        .expect("description")
                        .to_string(),
                    disable_model_invocation: value["disable_model_invocation"]
                        .as_bool()
                        .unwrap_or(false),
                    body_chars: value["body_chars"].as_u64(),
                },
            );
        }
    }
    rows
}

/// The shared skills tree; a test that runs (not ignored) without it fails rather than passes.
fn skills_dir() -> PathBuf {
    let dir = PathBuf::from(SKILLS_DIR);
    assert!(dir.is_dir(), "{SKILLS_DIR} not found");
    dir
}

#[test]
#[cfg_attr(
    not(shared_eval),
    ignore = "needs the shared eval data in ../shared/eval/routing"
)]
fn every_eval_skill_matches_its_pyyaml_catalog_row() {
    let dir = skills_dir();
    let rows = catalog_rows();
    assert_eq!(rows.len(), 41 + 14);
    for (local_path, row) in &rows {
        let path = Path::new(ROUTING_DIR).join(local_path);
        let meta = read_skill_file(&path, DEFAULT_MAX_SOURCE_BYTES)
            .unwrap_or_else(|error| panic!("{local_path}: {error}"));
        assert_eq!(meta.name, row.name, "{local_path}");
        assert_eq!(meta.description, row.description, "{local_path}");
        assert_eq!(
            meta.disable_model_invocation, row.disable_model_invocation,
            "{local_path}"
        );
        assert_eq!(meta.base_dir.as_deref(), path.parent());

        let text = std::fs::read_to_string(&path).unwrap();
        let frontmatter = parse_frontmatter(&text).unwrap();
        if let Some(expected) = row.body_chars {
            let body = &text[frontmatter.body_start..];
            // The README counts characters after the closing `---`, which may or may not
            // include that line's newline.
            let chars = body.chars().count() as u64;
            assert!(
                chars.abs_diff(expected) <= 1 || body.trim().chars().count() as u64 == expected,
                "{local_path}: body has {chars} chars, catalog says {expected}"
            );
        }
        let page = load_body(&path, &row.name, 0, None, DEFAULT_MAX_SOURCE_BYTES)
            .unwrap_or_else(|error| panic!("{local_path}: {error}"));
        assert!(!page.text.trim().is_empty());
    }
    let _ = dir;
}

#[test]
#[cfg_attr(
    not(shared_eval),
    ignore = "needs the shared eval data in ../shared/eval/routing"
)]
fn scanning_the_eval_tree_finds_every_skill_once() {
    let dir = skills_dir();
    let (skills, diagnostics) = scan_skill_dirs(&[dir], DEFAULT_MAX_SOURCE_BYTES);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(skills.len(), 41 + 14);
    let (catalog, collisions) = Catalog::new(skills);
    assert!(collisions.is_empty(), "{collisions:?}");
    let rows = catalog_rows();
    for row in rows.values() {
        let skill = catalog
            .get(&row.name)
            .unwrap_or_else(|| panic!("{} missing", row.name));
        assert_eq!(skill.description, row.description);
    }
    assert_eq!(
        catalog
            .skills()
            .iter()
            .filter(|s| s.disable_model_invocation)
            .count(),
        24
    );
}
