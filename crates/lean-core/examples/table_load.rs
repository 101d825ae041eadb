//! Measures what the first search pays for the static-embedding table, both ways it could ship:
//! compiled into the binary (`include_bytes!`, parsed and checksummed on first use) or read
//! from a data file beside the package (read once, then the same parse), plus the first
//! `SearchIndex` build over a catalog. One fresh process per run; prints JSON to stdout.
//!
//! Usage: `cargo run --release -p lean-core --example table_load -- [--file PATH] [--catalog FILE.jsonl]`

use std::path::PathBuf;
use std::time::Instant;

use lean_core::skills::embed::{shipped_table, EmbeddingTable};
use lean_core::skills::{Catalog, SearchIndex, SkillMeta};
use serde_json::{json, Value};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut file: Option<PathBuf> = None;
    let mut catalog: Option<PathBuf> = None;
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--file" => file = args.next().map(PathBuf::from),
            "--catalog" => catalog = args.next().map(PathBuf::from),
            other => {
                eprintln!("unknown argument {other}");
                std::process::exit(2);
            }
        }
    }
    let mut report = json!({});
    if let Some(path) = file {
        let start = Instant::now();
        let bytes = std::fs::read(&path).expect("read table file");
        let read_ms = start.elapsed().as_secs_f64() * 1e3;
        let parsed = EmbeddingTable::parse(&bytes).expect("parse table file");
        report["file_read_ms"] = json!(read_ms);
        report["file_read_parse_ms"] = json!(start.elapsed().as_secs_f64() * 1e3);
        report["dims"] = json!(parsed.dims());
    } else {
        let start = Instant::now();
        let table = shipped_table().expect("shipped table");
        report["compiled_in_parse_ms"] = json!(start.elapsed().as_secs_f64() * 1e3);
        report["dims"] = json!(table.dims());
        if let Some(path) = catalog {
            let skills: Vec<SkillMeta> = std::fs::read_to_string(path)
                .expect("catalog")
                .lines()
                .filter(|line| !line.trim().is_empty())
                .map(|line| {
                    let row: Value = serde_json::from_str(line).expect("json");
                    SkillMeta {
                        name: row["name"].as_str().unwrap_or_default().to_string(),
                        description: row["description"].as_str().unwrap_or_default().to_string(),
                        ..SkillMeta::default()
                    }
                })
                .collect();
            let (catalog, _) = Catalog::new(skills);
            let start = Instant::now();
            let index = SearchIndex::build(&catalog);
            report["index_build_ms"] = json!(start.elapsed().as_secs_f64() * 1e3);
            report["skills"] = json!(catalog.len());
            let start = Instant::now();
            std::hint::black_box(index.search("turn my notes into a slide deck", 5, &|_| true));
            report["first_search_ms"] = json!(start.elapsed().as_secs_f64() * 1e3);
        }
    }
    println!("{report}");
}
