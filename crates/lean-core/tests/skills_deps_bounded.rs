//! Dependency closure and `requires:` handling on hostile skill trees: a chain deeper than any
//! thread stack, a graph where every skill requires every other, and lists of tens of
//! thousands of names. Each is checked by what it reports (sizes and counts), never by time;
//! `cargo bench --bench skills` has the timings.

use std::collections::HashMap;

use lean_core::error::ErrorCode;
use lean_core::skills::{
    dependency_closure, parse_frontmatter, Catalog, SkillMeta, MAX_REPORTED_CYCLES, MAX_REQUIRES,
};

fn meta(name: String, requires: Vec<String>) -> SkillMeta {
    SkillMeta {
        description: format!("Skill {name}."),
        name,
        requires,
        ..SkillMeta::default()
    }
}

#[test]
fn a_chain_deeper_than_the_stack_is_walked_iteratively() {
    const DEPTH: usize = 30_000;
    let skills = (0..DEPTH)
        .map(|i| {
            let next = (i + 1 < DEPTH).then(|| format!("s{}", i + 1));
            meta(format!("s{i}"), next.into_iter().collect())
        })
        .collect();
    let (catalog, diagnostics) = Catalog::new(skills);
    assert!(diagnostics.is_empty());
    // The default test thread stack is 2 MiB; a recursive walk needs far more here.
    let closure = dependency_closure(&catalog, "s0", &HashMap::new());
    assert_eq!(closure.order.len(), DEPTH);
    assert_eq!(closure.order.first().unwrap(), &format!("s{}", DEPTH - 1));
    assert_eq!(closure.order.last().unwrap(), "s0");
    assert!(closure.cycles.is_empty() && closure.missing.is_empty());

    // Closing the chain into one ring: one cycle, all 30,000 names plus the re-entered one.
    let ring = (0..DEPTH)
        .map(|i| meta(format!("s{i}"), vec![format!("s{}", (i + 1) % DEPTH)]))
        .collect();
    let (catalog, _) = Catalog::new(ring);
    let closure = dependency_closure(&catalog, "s0", &HashMap::new());
    assert_eq!(closure.order.len(), DEPTH);
    assert_eq!(closure.cycle_count, 1);
    assert_eq!(closure.cycles.len(), 1);
    assert_eq!(closure.cycles[0].len(), DEPTH + 1);
    assert_eq!(closure.cycles[0].first(), closure.cycles[0].last());
}

#[test]
fn a_dense_graph_reports_a_bounded_number_of_cycles_and_counts_the_rest() {
    // As dense as the requires cap allows: every skill requires all 249 others.
    const SKILLS: usize = 250;
    let names: Vec<String> = (0..SKILLS).map(|i| format!("d{i:03}")).collect();
    let skills = names
        .iter()
        .map(|name| {
            let others = names
                .iter()
                .filter(|other| *other != name)
                .cloned()
                .collect();
            meta(name.clone(), others)
        })
        .collect();
    let (catalog, diagnostics) = Catalog::new(skills);
    assert!(diagnostics.is_empty());
    let closure = dependency_closure(&catalog, "d000", &HashMap::new());
    assert_eq!(closure.order.len(), SKILLS);
    assert_eq!(closure.order.last().unwrap(), "d000");
    // The walk goes d000 -> d001 -> ... -> d299; the skill at depth k has k back-edges to
    // the skills above it on the path, so it meets n(n-1)/2 cycles in all.
    assert_eq!(closure.cycle_count, SKILLS * (SKILLS - 1) / 2);
    assert_eq!(closure.cycles.len(), MAX_REPORTED_CYCLES);
    let reported: usize = closure.cycles.iter().map(Vec::len).sum();
    assert!(reported <= MAX_REPORTED_CYCLES * (SKILLS + 1));
    for cycle in &closure.cycles {
        assert!(cycle.len() >= 2);
        assert_eq!(cycle.first(), cycle.last(), "{cycle:?}");
        // Every step of a reported cycle is a real edge.
        for pair in cycle.windows(2) {
            assert!(catalog.get(&pair[0]).unwrap().requires.contains(&pair[1]));
        }
    }
}

#[test]
fn missing_dependencies_are_reported_once_each() {
    let ghosts: Vec<String> = (0..MAX_REQUIRES).map(|i| format!("ghost{i}")).collect();
    let mut twice = ghosts.clone();
    twice.extend(ghosts.iter().cloned());
    let (catalog, _) = Catalog::new(vec![meta("root".into(), ghosts.clone())]);
    let extra = HashMap::from([("root".to_string(), twice)]);
    let closure = dependency_closure(&catalog, "root", &extra);
    assert_eq!(closure.order, vec!["root"]);
    let missing: Vec<&str> = closure.missing.iter().map(|(_, m)| m.as_str()).collect();
    let expected: Vec<&str> = ghosts.iter().map(String::as_str).collect();
    assert_eq!(missing, expected);
}

#[test]
fn long_requires_lists_are_deduplicated_in_order_and_capped_with_a_diagnostic() {
    const NAMES: usize = 40_000;
    let mut source = String::from("---\nname: greedy\ndescription: Wants everything.\nrequires:\n");
    for i in 0..NAMES {
        // Every name twice, the repeats interleaved: only first occurrences survive.
        source.push_str(&format!("  - n{i}\n  - n{}\n", i / 2));
    }
    source.push_str("---\nbody\n");
    let frontmatter = parse_frontmatter(&source).unwrap();
    assert_eq!(frontmatter.requires.len(), NAMES);
    let expected: Vec<String> = (0..NAMES).map(|i| format!("n{i}")).collect();
    assert_eq!(frontmatter.requires, expected);

    let greedy = meta("greedy".into(), frontmatter.requires);
    let (catalog, diagnostics) = Catalog::new(vec![greedy, meta("n1".into(), vec![])]);
    let requires = &catalog.get("greedy").unwrap().requires;
    assert_eq!(requires.len(), MAX_REQUIRES);
    assert_eq!(requires[..], expected[..MAX_REQUIRES]);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].code, ErrorCode::SkillTooManyRequires);
    assert_eq!(diagnostics[0].name.as_deref(), Some("greedy"));
    assert!(
        diagnostics[0].message.contains(&NAMES.to_string()),
        "{}",
        diagnostics[0].message
    );
    let closure = dependency_closure(&catalog, "greedy", &HashMap::new());
    assert_eq!(closure.order, vec!["n1", "greedy"]);
    assert_eq!(closure.missing.len(), MAX_REQUIRES - 1);
}

#[test]
fn lists_from_callers_are_deduplicated_by_the_catalog() {
    let (catalog, diagnostics) = Catalog::new(vec![
        meta(
            "a".into(),
            vec!["b".into(), "c".into(), "b".into(), "c".into()],
        ),
        meta("b".into(), vec![]),
        meta("c".into(), vec![]),
    ]);
    assert!(diagnostics.is_empty());
    assert_eq!(catalog.get("a").unwrap().requires, vec!["b", "c"]);
}
