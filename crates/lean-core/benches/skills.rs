//! Criterion benches for skill search: index build and per-query latency over the Composio and
//! scientific catalogs together (~990 skills), the scale the p50 ≤ 0.1 ms target is set at.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use lean_core::skills::{Catalog, SearchIndex, SkillMeta};

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

criterion_group!(benches, bench_skills);
criterion_main!(benches);
