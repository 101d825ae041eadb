//! Catalog, search and compaction queries at hostile scale: behaviour that must hold however
//! large the input, checked by what comes back. Timings are in `cargo bench` (skills and
//! compact benches), never here.

use lean_core::compact::{compact, CompactOptions, MAX_QUERY_TERMS};
use lean_core::skills::{Catalog, SearchIndex, SkillMeta};

fn meta(name: &str, description: &str) -> SkillMeta {
    SkillMeta {
        name: name.to_string(),
        description: description.to_string(),
        ..SkillMeta::default()
    }
}

#[test]
fn names_with_punctuation_around_them_are_still_mentioned() {
    let (catalog, _) = Catalog::new(vec![
        meta("-21risk-automation", "Automate 21risk tasks."),
        meta("data", "Data things."),
        meta("data science", "Science on data."),
    ]);
    let index = SearchIndex::build(&catalog);
    let named = |text: &str| -> Vec<String> {
        index
            .mentions(text)
            .into_iter()
            .map(|i| catalog.skills()[i].name.clone())
            .collect()
    };
    assert_eq!(
        named("use -21risk-automation now"),
        vec!["-21risk-automation"]
    );
    assert_eq!(named("x-21risk-automation"), Vec::<String>::new());
    assert_eq!(
        named("Data Science, then data."),
        vec!["data", "data science"]
    );
    assert_eq!(named("data sciencex"), vec!["data"]);
    assert_eq!(named("my-data"), Vec::<String>::new());
}

#[test]
fn twenty_thousand_skills_sharing_a_prefix_build_and_answer() {
    let skills: Vec<SkillMeta> = (0..20_000)
        .map(|i| {
            meta(
                &format!("gizmo{i}"),
                &format!("Manages the widgets of service{} and tool{i}.", i + 1),
            )
        })
        .collect();
    let (catalog, diagnostics) = Catalog::new(skills);
    assert!(diagnostics.is_empty());
    let index = SearchIndex::build(&catalog);
    // An exact distinctive name pins its skill first.
    let result = index.search("please run gizmo12345", 5, &|_| true);
    assert_eq!(result.hits[0].index, 12_345);
    assert!(result.strong);
    // A prefix shared by every name (the rest of each name a number, so a real boundary)
    // expands to every name term, each counted once.
    let result = index.search("gizmo", 3, &|_| true);
    assert_eq!(result.hits.len(), 3);
    let long_query = "widgets ".repeat(100_000);
    assert_eq!(index.search(&long_query, 3, &|_| true).hits.len(), 3);
}

#[test]
fn compaction_query_terms_are_deduplicated_and_capped() {
    let mut input = String::new();
    for i in 0..5_000 {
        input.push_str(&format!("INFO request {i} handled key{i:05}z in 5ms\n"));
    }
    let terms: Vec<String> = (0..100_000)
        .map(|i| format!("key{:05}z", i % 50_000))
        .collect();
    let options = |query: String| CompactOptions {
        query: Some(query),
        ..CompactOptions::default()
    };
    let full = compact(input.as_bytes(), &options(terms.join(" ")));
    let first: Vec<&str> = terms[..MAX_QUERY_TERMS]
        .iter()
        .map(String::as_str)
        .collect();
    let capped = compact(input.as_bytes(), &options(first.join(" ")));
    assert!(full.changed);
    assert_eq!(full.text, capped.text);
    // The capped terms still force their lines in.
    let text = String::from_utf8_lossy(&full.text);
    assert!(text.contains("key00000z in"));
    assert!(text.contains(&format!("key{:05}z in", MAX_QUERY_TERMS - 1)));
    assert!(!text.contains(&format!("key{:05}z in", MAX_QUERY_TERMS + 100)));
}

/// Path listings spread the budget over their directories: very deep paths (a thousand
/// components, just under the length where a line is excerpted), a directory per line, and one
/// directory of everything all come back within Pi's cut, every line verbatim from the input,
/// every marker bounded.
#[test]
fn path_listings_at_hostile_shapes_stay_bounded() {
    let deep_dir = "d/".repeat(1_000);
    let shapes: [Box<dyn Fn(usize) -> String>; 3] = [
        Box::new(|i| format!("/{deep_dir}x{}/file{i}.txt", i % 7)),
        Box::new(|i| format!("/srv/{i:06}/{}/leaf.rs", i * 7919 % 1000)),
        Box::new(|i| format!("./all/file_{i}.bin")),
    ];
    for (s, shape) in shapes.iter().enumerate() {
        let lines = if s == 0 { 600 } else { 60_000 };
        let input: String = (0..lines).map(|i| shape(i) + "\n").collect();
        let options = CompactOptions {
            tool: Some("bash".into()),
            command: Some("find /".into()),
            ..CompactOptions::default()
        };
        let result = compact(input.as_bytes(), &options);
        assert!(result.changed, "shape {s}");
        assert!(
            result.text.len() <= lean_core::compact::pi_sent_bytes(input.as_bytes(), false),
            "shape {s}: the view is over Pi's cut"
        );
        let view = String::from_utf8_lossy(&result.text);
        let original: std::collections::HashSet<&str> = input.lines().collect();
        for line in view.lines() {
            if line.starts_with("[…") {
                assert!(
                    line.len() < 1_000,
                    "shape {s}: a marker of {} bytes",
                    line.len()
                );
            } else if !line.is_empty() {
                assert!(
                    original.contains(line),
                    "shape {s}: {line:.80} is not verbatim"
                );
            }
        }
    }
}

/// The query's rules that read around each hit (a definition's head, a path's last part, a
/// whole number) read a bounded span: 3,000 lines of 3,000 bytes, each a run of hundreds of
/// hits (over a million in all), come back within Pi's cut.
#[test]
fn a_million_query_hits_stay_bounded() {
    let shapes = ["  foo(", "/foo ", " 1234 ", "\"foo bar\" "];
    for shape in shapes {
        let line = shape.repeat(3_000 / shape.len());
        let input: String = (0..3_000).map(|_| line.clone() + "\n").collect();
        let options = CompactOptions {
            tool: Some("bash".into()),
            query: Some("foo 1234 \"foo+bar\"".into()),
            ..CompactOptions::default()
        };
        let result = compact(input.as_bytes(), &options);
        assert!(
            result.text.len() <= lean_core::compact::pi_sent_bytes(input.as_bytes(), false),
            "{shape:?}: the view is over Pi's cut"
        );
    }
}
