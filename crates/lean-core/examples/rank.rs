//! Ranks a query set against one or more skill catalogs and prints one JSON line per query:
//! `{"id", "ranked": [names], "scores": [floats], "confidence", "strong", "topCosine"}`, where
//! `topCosine` is the best cosine between the query's static embedding and any visible skill's
//! (the "no skill fits" signal of the meaning side). Feeds `scripts/eval-routing.mjs`.
//! With `--dump`, prints the fusion's inputs instead, one line per query: `{"id", "names",
//! "lexical": [every skill's BM25F score], "cosines": [every skill's cosine] or null,
//! "lexicalConfidence", "pinned": [names], "certain"}` (hidden skills score 0 and cosine -1), so
//! `scripts/embed-fit/tune_fusion.py` can compare fusion rules without a rebuild per setting.
//!
//! Usage: `cargo run --release -p lean-core --example rank -- --catalog FILE.jsonl
//! [--catalog ...] [--skills DIR] --queries FILE.jsonl [--limit 8] [--tune knob=value]... [--timing] [--explain] [--dump]`

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use lean_core::skills::embed::{cosine, shipped_table};
use lean_core::skills::{
    scan_skill_dirs, Catalog, SearchIndex, SearchTuning, SkillMeta, DEFAULT_MAX_SOURCE_BYTES,
};
use serde_json::{json, Value};

struct Options {
    catalogs: Vec<PathBuf>,
    skill_dirs: Vec<PathBuf>,
    queries: PathBuf,
    limit: usize,
    tuning: SearchTuning,
    timing: bool,
    explain: bool,
    dump: bool,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        catalogs: Vec::new(),
        skill_dirs: Vec::new(),
        queries: PathBuf::new(),
        limit: 8,
        tuning: SearchTuning::default(),
        timing: false,
        explain: false,
        dump: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--catalog" => options.catalogs.push(value()?.into()),
            "--skills" => options.skill_dirs.push(value()?.into()),
            "--queries" => options.queries = value()?.into(),
            "--timing" => options.timing = true,
            "--explain" => options.explain = true,
            "--dump" => options.dump = true,
            "--limit" => {
                options.limit = value()?.parse().map_err(|_| "--limit must be a number")?
            }
            // Ranking ablations for evaluation: `--tune feedback_weight=0`.
            "--tune" => {
                let setting = value()?;
                let (key, number) = setting.split_once('=').ok_or("--tune needs key=value")?;
                let number: f32 = number
                    .parse()
                    .map_err(|_| format!("bad number in {setting}"))?;
                if !options.tuning.set(key, number) {
                    return Err(format!("unknown tuning knob {key}"));
                }
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if options.queries.as_os_str().is_empty() {
        return Err("--queries is required".into());
    }
    Ok(options)
}

fn read_jsonl(path: &PathBuf) -> Result<Vec<Value>, String> {
    let text = fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            serde_json::from_str(line).map_err(|error| format!("{}: {error}", path.display()))
        })
        .collect()
}

fn run() -> Result<(), String> {
    let options = parse_options()?;
    let mut skills: Vec<SkillMeta> = Vec::new();
    for catalog in &options.catalogs {
        for row in read_jsonl(catalog)? {
            skills.push(SkillMeta {
                name: row["name"].as_str().unwrap_or_default().to_string(),
                description: row["description"].as_str().unwrap_or_default().to_string(),
                disable_model_invocation: row["disable_model_invocation"]
                    .as_bool()
                    .unwrap_or(false),
                ..SkillMeta::default()
            });
        }
    }
    let (scanned, diagnostics) = scan_skill_dirs(&options.skill_dirs, DEFAULT_MAX_SOURCE_BYTES);
    for diagnostic in diagnostics {
        eprintln!("warning: {}: {}", diagnostic.code, diagnostic.message);
    }
    skills.extend(scanned);
    let (catalog, diagnostics) = Catalog::new(skills);
    for diagnostic in diagnostics {
        eprintln!("warning: {}: {}", diagnostic.code, diagnostic.message);
    }
    let index = SearchIndex::build_tuned(&catalog, options.tuning);
    // Pi hides skills with disable-model-invocation from the model, so search does too.
    let visible = |i: usize| !catalog.skills()[i].disable_model_invocation;
    let queries = read_jsonl(&options.queries)?;
    if options.timing {
        report_latency(&index, &queries, options.limit, &visible, catalog.len());
    }
    // The same text per skill as the index embeds for a skill whose description names no other.
    let table = shipped_table().ok();
    let skill_vectors: Vec<Option<Vec<f32>>> = catalog
        .skills()
        .iter()
        .enumerate()
        .map(|(i, skill)| {
            let text = format!("{}: {}", skill.name, skill.description);
            table.filter(|_| visible(i)).and_then(|t| t.embed(&text))
        })
        .collect();
    if options.dump {
        let names: Vec<&str> = catalog.skills().iter().map(|s| s.name.as_str()).collect();
        for query in &queries {
            let prompt = query["prompt"].as_str().unwrap_or_default();
            let (lexical, cosines, lexical_confidence) = index.fusion_inputs(prompt, &visible);
            let cosines = cosines.map(|all| {
                all.iter()
                    .enumerate()
                    .map(|(i, &c)| if visible(i) { c } else { -1.0 })
                    .collect::<Vec<f32>>()
            });
            let result = index.search(prompt, options.limit, &visible);
            let pinned: Vec<&str> = result.pinned.iter().map(|&(i, _)| names[i]).collect();
            let certain = result.pinned.iter().any(|&(_, pin)| pin.is_certain());
            println!(
                "{}",
                json!({"id": query["id"], "names": names, "lexical": lexical, "cosines": cosines,
                       "lexicalConfidence": lexical_confidence, "pinned": pinned, "certain": certain})
            );
        }
        return Ok(());
    }
    for query in queries {
        let prompt = query["prompt"].as_str().unwrap_or_default();
        let result = index.search(prompt, options.limit, &visible);
        let top_cosine = table
            .and_then(|t| t.embed_query(prompt))
            .map(|q| {
                skill_vectors
                    .iter()
                    .flatten()
                    .map(|v| cosine(&q, v))
                    .fold(-1.0f32, f32::max)
            })
            .unwrap_or(-1.0);
        let ranked: Vec<&str> = result
            .hits
            .iter()
            .map(|hit| catalog.skills()[hit.index].name.as_str())
            .collect();
        if options.explain {
            for hit in &result.hits {
                let parts: Vec<String> = index
                    .explain(prompt, hit.index)
                    .into_iter()
                    .map(|(term, score)| format!("{term}={score:.2}"))
                    .collect();
                eprintln!(
                    "{} {} {:.2}: {}",
                    query["id"],
                    catalog.skills()[hit.index].name,
                    hit.score,
                    parts.join(" ")
                );
            }
        }
        let scores: Vec<f64> = result
            .hits
            .iter()
            .map(|hit| (hit.score * 1e4).round() / 1e4)
            .collect();
        println!(
            "{}",
            json!({"id": query["id"], "ranked": ranked, "scores": scores,
                   "confidence": (result.confidence * 1e4).round() / 1e4, "strong": result.strong,
                   "topCosine": (f64::from(top_cosine) * 1e4).round() / 1e4})
        );
    }
    Ok(())
}

/// Prints per-query search latency percentiles to stderr (each query timed 50 times).
fn report_latency(
    index: &SearchIndex,
    queries: &[Value],
    limit: usize,
    include: &dyn Fn(usize) -> bool,
    skills: usize,
) {
    let mut samples: Vec<f64> = Vec::new();
    for _ in 0..50 {
        for query in queries {
            let prompt = query["prompt"].as_str().unwrap_or_default();
            let start = std::time::Instant::now();
            std::hint::black_box(index.search(prompt, limit, include));
            samples.push(start.elapsed().as_secs_f64() * 1e6);
        }
    }
    samples.sort_by(f64::total_cmp);
    let percentile = |p: f64| samples[((samples.len() - 1) as f64 * p) as usize];
    eprintln!(
        "search latency over {skills} skills: p50 {:.1} µs, p95 {:.1} µs, max {:.1} µs ({} samples)",
        percentile(0.5),
        percentile(0.95),
        percentile(1.0),
        samples.len()
    );
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("rank: {message}");
            ExitCode::FAILURE
        }
    }
}
