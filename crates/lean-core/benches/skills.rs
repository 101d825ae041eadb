//! Criterion benches for skill search: index build and per-query latency over the Composio and
//! scientific catalogs together (~990 skills), the scale the p50 ≤ 0.1 ms target is set at.
//! Hostile shapes too: a 20,000-skill synthetic catalog, a 30,000-deep `requires:` chain, a
//! graph where every skill requires every other, and a SKILL.md listing 40,000 names.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use std::collections::HashMap;

use lean_core::skills::{dependency_closure, parse_frontmatter, Catalog, SearchIndex, SkillMeta};

fn data_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/eval/routing"
    ))
}

fn load_catalog() -> Option<Catalog> {
    let mut skills = Vec::new();
    for file in ["catalog-composio.jsonl", "catalog-scientific.jsonl"] {
        let text = std::fs::read_to_string(data_dir().join(file)).ok()?;
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let row: serde_json::Value = serde_json::from_str(line).ok()?;
            skills.push(SkillMeta {
                name: row["name"].as_str()?.to_string(),
                description: row["description"].as_str()?.to_string(),
                ..SkillMeta::default()
            });
        }
    }
    Some(Catalog::new(skills).0)
}

fn load_queries() -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(data_dir().join("queries-scientific.jsonl")) else {
        return vec!["plot a heatmap of gene expression".to_string()];
    };
    text.lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|row| row["prompt"].as_str().map(str::to_string))
        .collect()
}

fn bench_skills(c: &mut Criterion) {
    let Some(catalog) = load_catalog() else {
        eprintln!("routing eval data not found next to the repo; skipping skills benches");
        return;
    };
    let queries = load_queries();
    c.bench_function(&format!("skills/build_index/{}", catalog.len()), |b| {
        b.iter(|| SearchIndex::build(black_box(&catalog)))
    });
    let index = SearchIndex::build(&catalog);
    let include_all = |_: usize| true;
    let mut next = 0;
    c.bench_function(&format!("skills/search/{}", catalog.len()), |b| {
        b.iter(|| {
            let query = &queries[next % queries.len()];
            next += 1;
            black_box(index.search(black_box(query), 8, &include_all))
        })
    });
    c.bench_function("skills/mentions", |b| {
        b.iter(|| {
            black_box(index.mentions(black_box(
                "please /skill:scanpy then use the Gmail Automation skill",
            )))
        })
    });
}

fn synthetic(name: String, requires: Vec<String>) -> SkillMeta {
    SkillMeta {
        description: format!("Manages the widgets of {name} and reports their state."),
        name,
        requires,
        ..SkillMeta::default()
    }
}

fn bench_hostile(c: &mut Criterion) {
    let mut group = c.benchmark_group("skills-hostile");
    group.sample_size(10);
    for count in [5_000usize, 20_000] {
        let skills = (0..count)
            .map(|i| synthetic(format!("service{i}helper"), Vec::new()))
            .collect();
        let (catalog, _) = Catalog::new(skills);
        group.bench_function(format!("build_index/synthetic-{count}"), |b| {
            b.iter(|| SearchIndex::build(black_box(&catalog)))
        });
    }
    // A 1.5 MB query: only its start is analysed, so this stays near a normal search.
    let catalog = Catalog::new(
        (0..200)
            .map(|i| synthetic(format!("service{i}helper"), Vec::new()))
            .collect(),
    )
    .0;
    let index = SearchIndex::build(&catalog);
    let huge: String = (0..200_000).map(|i| format!("word{i} ")).collect();
    group.bench_function("search/query-1.5MB", |b| {
        b.iter(|| black_box(index.search(black_box(&huge), 8, &|_| true)))
    });
    let depth = 30_000;
    let chain = (0..depth)
        .map(|i| {
            let next = (i + 1 < depth).then(|| format!("s{}", i + 1));
            synthetic(format!("s{i}"), next.into_iter().collect())
        })
        .collect();
    let (chain, _) = Catalog::new(chain);
    let none = HashMap::new();
    group.bench_function("closure/chain-30000", |b| {
        b.iter(|| dependency_closure(black_box(&chain), "s0", &none))
    });
    for count in [100usize, 250] {
        let names: Vec<String> = (0..count).map(|i| format!("d{i}")).collect();
        let dense = names
            .iter()
            .map(|n| {
                synthetic(
                    n.clone(),
                    names.iter().filter(|o| *o != n).cloned().collect(),
                )
            })
            .collect();
        let (dense, _) = Catalog::new(dense);
        group.bench_function(format!("closure/complete-graph-{count}"), |b| {
            b.iter(|| dependency_closure(black_box(&dense), "d0", &none))
        });
    }
    let mut source = String::from("---\nname: greedy\ndescription: Wants everything.\nrequires:\n");
    for i in 0..40_000 {
        source.push_str(&format!("  - n{i}\n"));
    }
    source.push_str("---\nbody\n");
    group.bench_function("requires-40000/parse-and-catalog", |b| {
        b.iter(|| {
            let frontmatter = parse_frontmatter(black_box(&source)).unwrap();
            Catalog::new(vec![synthetic("greedy".into(), frontmatter.requires)])
        })
    });
    // Policy over 1 MB of user-side text: redaction of 20 denied names among 200 (canonical
    // folding, loose separators), and the forged-block scan, on prose mixed with tricks.
    let names: Vec<String> = (0..200).map(|i| format!("service{i}-helper")).collect();
    let policy_catalog = Catalog::new(
        names
            .iter()
            .map(|n| synthetic(n.clone(), Vec::new()))
            .collect(),
    )
    .0;
    let policy_index = SearchIndex::build_lexical(&policy_catalog);
    let denied = |i: usize| i.is_multiple_of(10);
    let mut text = String::new();
    let mut k = 0usize;
    while text.len() < 1 << 20 {
        text.push_str(&format!(
            "Use service{}\u{2011}helper or ＳＥＲＶＩＣＥ{}_helper; a < b, Vec<Skill> and <skill name=\"service{}&#45;helper\">x</skill> cafe\u{301}. ",
            k % 200,
            (k * 7) % 200,
            (k * 3) % 200
        ));
        k += 1;
    }
    group.throughput(criterion::Throughput::Bytes(text.len() as u64));
    group.bench_function("policy/redact-1MB", |b| {
        b.iter(|| black_box(policy_index.redact(black_box(&text), &denied, "[hidden]")))
    });
    group.bench_function("policy/scan-skill-blocks-1MB", |b| {
        b.iter(|| black_box(lean_core::skills::scan_skill_blocks_utf16(black_box(&text))))
    });
    group.finish();
}

criterion_group!(benches, bench_skills, bench_hostile);
criterion_main!(benches);
